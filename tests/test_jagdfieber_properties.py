"""Properties that hold in every random Jagdfieber game (seeded loops + hypothesis seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
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


def hidden_choices_stay_hidden(state):
    for chooser in range(state.num_players):
        if not state.zone(chooser, "play"):
            continue
        for other in range(state.num_players):
            if other != chooser:
                view = state.view(other)
                assert view["zones"]["play"][chooser] == ["back"]
                assert set(view["zones"]["hand"][chooser]) <= {"back"}


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_every_game_lasts_the_rulebook_s_days(players, seed):
    state, _ = random_playout(players, seed)
    assert len(state.sheet) == state.rules.days


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_views_never_show_an_unrevealed_choice(players, seed):
    random_playout(players, seed, hidden_choices_stay_hidden)


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
