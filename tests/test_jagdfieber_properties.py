"""Properties that hold in every random Jagdfieber game (seeded loops + hypothesis seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.events import ScoreChanged, event_to_dict
from game.engine.rng import Rng
from game.games.jagdfieber.state import JagdfieberState

PREY = {"hunter": -4, "wolf": 4, "rabbit": 2, "carrot": 1, "closed_season": 1}
HAND = {"hunter": -4, "wolf": -4, "rabbit": -2, "carrot": -1, "closed_season": -1}


def random_playout(players: int, seed: int, check=None):
    """Play a random game; call `check(state)` before every action; return the action texts."""
    rules = registry.load("jagdfieber")
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed + 1000)
    texts = []
    while not state.is_over():
        seat = rng.choice(state.to_act())  # simultaneous choices arrive in any order
        if check:
            check(state)
        actions = state.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        texts.append((seat, str(action)))
        state.apply(seat, action)
    return state, texts


def cards_conserved(state):
    seen = sorted(uid for zone in state.zones for uid in zone)
    assert seen == list(range(state.num_players * 10))


def hidden_choices_stay_hidden(state):
    for chooser in range(state.num_players):
        if not state.zone(chooser, "play"):
            continue
        for other in range(state.num_players):
            if other != chooser:
                view = state.view(other)
                assert view["zones"]["play"][chooser] == ["back"]
                assert set(view["zones"]["hand"][chooser]) <= {"back"}


def determinize_keeps_view(state):
    rng = Rng(7)
    for seat in range(state.num_players):
        assert state.determinize(seat, rng).view(seat) == state.view(seat)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_every_legal_action_applies_and_cards_are_conserved(players, seed):
    def check(state):
        cards_conserved(state)
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                state.clone().apply(seat, action)

    state, _ = random_playout(players, seed, check)
    cards_conserved(state)
    assert len(state.sheet) == state.rules.days


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_views_never_show_an_unrevealed_choice_and_determinize_keeps_the_view(players, seed):
    def check(state):
        hidden_choices_stay_hidden(state)
        determinize_keeps_view(state)

    random_playout(players, seed, check)


def test_scores_equal_a_recomputation_from_the_zones(monkeypatch):
    original = JagdfieberState._new_day
    checked = []

    def verify_then_new_day(self, events):
        for seat in range(self.num_players):
            expected = sum(PREY[self.card_ids[u]] for u in self.zone(seat, "prey_pile"))
            expected += sum(HAND[self.card_ids[u]] for u in self.zone(seat, "hand"))
            expected += 4 if self.lodge_four[seat] else 0
            assert self.sheet[-1][seat] == expected
        checked.append(1)
        original(self, events)

    monkeypatch.setattr(JagdfieberState, "_new_day", verify_then_new_day)
    for seed in range(20):
        state, _ = random_playout(3 + seed % 3, seed)
        assert state.scores() == [sum(row[s] for row in state.sheet) for s in range(state.num_players)]
    assert len(checked) == 20 * 3  # days 1-3 of every game (day 4 ends the game)


def test_same_seed_and_actions_give_the_same_events():
    rules = registry.load("jagdfieber")
    for seed in range(5):
        final, texts = random_playout(4, seed)
        again = rules.new_state(4, seed=seed)
        replay_a, replay_b = [], []
        other = rules.new_state(4, seed=seed)
        for seat, text in texts:
            replay_a += [event_to_dict(e) for e in again.apply(seat, rules.parse_action(again, seat, text))]
            replay_b += [event_to_dict(e) for e in other.apply(seat, rules.parse_action(other, seat, text))]
        assert replay_a == replay_b
        assert again.view(None) == final.view(None)
        assert any(e["kind"] == ScoreChanged.kind for e in replay_a)


def test_clone_is_independent():
    rules = registry.load("jagdfieber")
    state = rules.new_state(4, seed=2)
    copy = state.clone()
    copy.apply(0, copy.legal_actions(0)[0])
    assert state.to_act() == [0, 1, 2, 3]
    assert state.view(None) != copy.view(None) or state.view(0) != copy.view(0)
