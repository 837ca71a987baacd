"""Properties of every random Wolf & Hound game, with random animal selections and player counts."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.events import (
    GameOver,
    ScoreChanged,
)
from game.engine.rng import Rng
from tests.test_wolf_and_hound_rulebook import RULES

SEATS = 4


def random_options(rng: Rng, seed: int) -> dict:
    ids = list(RULES.animal_order)
    animals = sorted({ids[rng.randrange(len(ids))] for _ in range(1 + rng.randrange(5))})
    return {"animals": animals, "meat_and_bone": rng.randrange(2) == 1, "best_of": 5 if seed % 7 == 0 else 1}


def conserved(state, options) -> None:
    """The deck is the rulebook's (with Meat & Bone's cards when on); sheep stay in range."""
    assert Counter(state.card_ids) == Counter(RULES.deck_counts[options["meat_and_bone"]])
    assert all(0 <= state.sheep[s] <= state.start_sheep[s] for s in range(SEATS))


def playout(humans: int, seed: int, check_each_step: bool):
    rng = Rng(seed + 77)
    options = random_options(rng, seed)
    state = RULES.new_state(humans, seed=seed, options=options)
    texts, events = [], []
    while not state.is_over():
        to_act = state.to_act()
        assert len(to_act) == 1 and to_act[0] < humans
        seat = to_act[0]
        legal = state.legal_actions(seat)
        assert legal and all(not state.legal_actions(s) for s in range(humans) if s != seat)
        if check_each_step:
            conserved(state, options)
        action = legal[rng.randrange(len(legal))]
        texts.append((seat, str(action)))
        new = state.apply(seat, action)
        events += new
    conserved(state, options)
    return state, options, texts, events


@settings(max_examples=30, deadline=None)
@given(humans=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(humans, seed):
    state, _, _, events = playout(humans, seed, check_each_step=True)
    assert isinstance(events[-1], GameOver)
    assert list(events[-1].winners) == state.winners()
    view = state.view(None)
    assert view["scores"] == [sum(row[s] for row in view["score_sheet"]) for s in range(humans)]
    for row, details in zip(view["score_sheet"], view["score_details"], strict=True):
        assert row == [sum(d.values()) for d in details]
    last = {e.seat: e.total for e in events if isinstance(e, ScoreChanged)}
    assert all(last.get(s, 0) == state.scores()[s] for s in range(humans))


def test_many_random_games_end_by_either_condition_and_cards_end_on_player_1s_turn():
    ends = Counter()
    for seed in range(150):
        state, _, _, events = playout(2 + seed % 3, seed, check_each_step=False)
        for game in state.games:
            ends[game["end"]] += 1
            if game["end"] == "cards":
                assert not game["tiebreak"] or game["winners"] == [s for s in (1, 3) if s < state.humans]
    assert ends["sheep"] > 0 and ends["cards"] > 0


def test_final_round_ends_at_seat_0_turn():
    for seed in range(60):
        state, _, _, events = playout(4, seed, check_each_step=False)
        turns = [e for e in events if e.kind == "phase" and e.phase == "turn"]
        if state.games[-1]["end"] == "cards":
            assert turns[-1].seat == 0
