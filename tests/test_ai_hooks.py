"""The per-game hook API (game/ai/hooks.py): defaults, contract checks, and how a search uses
a game's rollout policy, truncation and evaluation."""

from __future__ import annotations

import sys
import types

import pytest

from game.ai.hooks import load_hooks, random_action, win_share
from game.ai.ismcts import rollout
from game.engine import registry
from game.engine.rng import Rng


def fake_module(monkeypatch, name: str, **exports) -> str:
    module = types.ModuleType(name)
    for key, value in exports.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    return name


def test_a_game_without_an_ai_module_gets_random_full_playouts() -> None:
    hooks = load_hooks("game.games.jagdfieber.no_such_ai")
    assert hooks.rollout_action is random_action and hooks.evaluate is win_share
    assert hooks.rollout_done is None and hooks.playout is None


def test_truncating_without_an_evaluation_is_refused(monkeypatch) -> None:
    name = fake_module(monkeypatch, "fake_game_ai", rollout_done=lambda start, state: True)
    with pytest.raises(TypeError, match="rollout_done without evaluate"):
        load_hooks(name)


def test_a_search_follows_the_policy_stops_where_told_and_uses_the_evaluation(monkeypatch) -> None:
    asked: list[int] = []

    def always_first(state, seat, actions, rng):
        asked.append(seat)
        return actions[0]

    name = fake_module(
        monkeypatch,
        "fake_game_ai2",
        rollout_action=always_first,
        rollout_done=lambda start, state: state.round_no != start.round_no,
        evaluate=lambda state: [0.5, 0.25, 0.25, 0.0],
    )
    hooks = load_hooks(name)
    state = registry.load("jagdfieber").new_state(4, seed=1, options={"start_seat": 0})
    values = rollout(state, Rng(1), hooks)
    assert values == [0.5, 0.25, 0.25, 0.0]
    assert asked == [0, 1, 2, 3] and state.round_no == 2  # one simultaneous step, then stop
    # everyone played its first action, the hunter: no wolf to find, all four go under the lodge
    assert all([state.card_ids[u] for u in state.zone(s, "under_lodge")] == ["hunter"] for s in range(4))


def test_a_finished_game_is_worth_its_shared_result() -> None:
    state = registry.load("jagdfieber").new_state(3, seed=4)
    rng = Rng(4)
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, random_action(state, seat, state.legal_actions(seat), rng))
    values = win_share(state)
    winners = state.winners()
    assert sum(values) == pytest.approx(1.0)
    assert all(values[s] == pytest.approx(1 / len(winners)) for s in winners)


def test_a_search_draws_its_determinizations_from_the_games_determinizer(monkeypatch) -> None:
    """The `determinizer` hook replaces the uniform source of determinizations (once per search)."""
    from game.ai.ismcts import determinizer

    made: list[int] = []

    def own(state, seat):
        made.append(seat)
        return lambda rng: state.determinize(seat, rng)

    hooks = load_hooks(fake_module(monkeypatch, "fake_game_ai3", determinizer=own))
    assert hooks.determinizer is own
    state = registry.load("jagdfieber").new_state(4, seed=1, options={"start_seat": 0})
    draw = determinizer(state, 2, Rng(1), hooks, 4)
    assert made == [2]
    assert draw().num_players == 4 and made == [2]
    assert load_hooks("game.games.jagdfieber.no_such_ai").determinizer is None


def test_the_search_tree_tries_only_the_games_candidates(monkeypatch) -> None:
    """With a `candidates` hook the tree tries only those moves (here: the first legal one)."""
    from game.ai import hooks as hooks_module
    from game.ai.ismcts import ISMCTSBot, Node

    name = fake_module(monkeypatch, "fake_game_ai4", candidates=lambda state, seat: state.legal_actions(seat)[:1])
    monkeypatch.setitem(hooks_module._cache, "jagdfieber", load_hooks(name))
    state = registry.load("jagdfieber").new_state(4, seed=1, options={"start_seat": 0})
    seat = state.to_act()[0]
    assert len(state.legal_actions(seat)) > 1
    root = Node()
    ISMCTSBot(seed=1, iterations=30, seconds=None).search(state, seat, root, Rng(1))
    assert set(root.stats[seat]) == {state.legal_actions(seat)[0]}
