"""Properties that hold in every random Fish Fish game (seeded loops + hypothesis seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.events import (
    CardMoved,
    CardRevealed,
    GameOver,
    ScoreChanged,
    redact,
)
from game.engine.rng import Rng
from game.games.fish_fish.state import FishFishState

SLOTS = (2, 3, 4, 5)


def random_playout(players: int, seed: int, check=None):
    """Play a random game; `check(state, revealed)` before every action; returns the texts.

    `revealed` holds the uids of fishing cards turned face up this round (from the events)."""
    rules = registry.load("fish_fish")
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed + 1000)
    texts, events, revealed = [], [], set()
    while not state.is_over():
        seat = state.to_act()[0]
        if check:
            check(state, revealed)
        actions = state.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        texts.append((seat, str(action)))
        on_line = state.zone(state.fisher, "line")[:1]  # the face-down fishing card, if laid
        new = state.apply(seat, action)
        for event in new:
            if isinstance(event, CardRevealed):
                revealed.update(on_line)
            if event.kind == "phase" and event.phase == "round":
                revealed.clear()
        events += new
    return state, texts, events


def fishing_card_hidden_from_fish(state, revealed):
    """No fish player's view shows an unrevealed fishing card, wherever it lies."""
    for spec in state.table.specs:
        for pos, uid in enumerate(state.zones[spec.index]):
            if state.card_ids[uid] not in ("catch", "empty") or uid in revealed:
                continue
            for seat in range(state.num_players):
                if seat != state.fisher:
                    shown = state.view(seat)["zones"][spec.name]
                    shown = shown if spec.owner is None else shown[spec.owner]
                    assert shown[pos] == "back", (spec.name, seat)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_every_game_lasts_its_rounds(players, seed):
    state, _, _ = random_playout(players, seed)
    assert len(state.sheet) == state.rounds_total


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_views_and_events_never_show_an_unrevealed_fishing_card_to_a_fish(players, seed):
    state, _, events = random_playout(players, seed, fishing_card_hidden_from_fish)
    fisher = None
    for event in events:
        if event.kind == "marker" and event.marker == "fisher":
            fisher = event.seat
        if isinstance(event, CardMoved) and event.reason in ("line", "discard_hidden") and fisher is not None:
            for seat in range(players):
                if seat != fisher:
                    assert redact(event, seat).card is None


def test_scores_equal_a_recomputation_from_the_zones(monkeypatch):
    original = FishFishState._end_round
    checked = []

    def verify_then_end(self, events):
        expected = []
        for seat in range(self.num_players):
            if seat == self.fisher:
                expected.append(4 * len(self.zone(seat, "caught")))
            else:
                assert not self.zone(seat, "fish")  # every fish has been placed
                placed = sum(len(self.zone(seat, f"loot_{v}")) for v in SLOTS) + sum(
                    1 for u in self.zone(self.fisher, "caught") if self.cards.owner[u] == seat
                )
                assert placed == 4
                expected.append(sum(v * len(self.zone(seat, f"loot_{v}")) for v in SLOTS))
        original(self, events)
        assert self.sheet[-1] == expected
        checked.append(1)

    monkeypatch.setattr(FishFishState, "_end_round", verify_then_end)
    rounds = 0
    for seed in range(20):
        players = 2 + seed % 7
        state, _, events = random_playout(players, seed)
        rounds += state.rounds_total
        totals = [sum(row[s] for row in state.sheet) for s in range(players)]
        assert state.scores() == totals
        last = {e.seat: e.total for e in events if isinstance(e, ScoreChanged)}
        assert [last[s] for s in range(players)] == totals
        assert isinstance(events[-1], GameOver) and list(events[-1].scores) == totals
        assert state.winners() == [s for s in range(players) if totals[s] == max(totals)]
    assert len(checked) == rounds


def test_two_and_eight_player_games_run_to_the_end_with_consistent_totals():
    endings = set()
    for players, rounds in ((2, 4), (8, 8)):
        for seed in range(10):
            state, _, events = random_playout(players, seed)
            endings |= {e.key for e in events if e.kind == "note"}
            assert state.is_over() and len(state.sheet) == rounds
            view = state.view(None)
            assert view["scores"] == [sum(r[s] for r in view["score_sheet"]) for s in range(players)]
            for row, details in zip(view["score_sheet"], view["score_details"], strict=True):
                assert row == [sum(d.values()) for d in details]
    assert {"nobody_bet", "both_catches", "all_bet", "lines_done"} <= endings  # every way a round ends
