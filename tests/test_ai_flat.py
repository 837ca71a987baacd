"""The flat rollout search (game/ai/flat.py): a level a game names in FLAT_LEVELS chooses by
playing each candidate move in the same sampled worlds; it replaces the game's default move
only when another is better by more than the noise of those worlds."""

from __future__ import annotations

import sys
import types
from dataclasses import replace

from game.ai import hooks as hooks_module
from game.ai.bots import make_bot
from game.ai.flat import FLAT_WIDEST, flat_choice, tried_moves
from game.ai.hooks import hooks_for, load_hooks
from game.engine.actions import Action
from game.engine.rng import Rng
from game.games.silver_amulet import ai
from tests.silver_helpers import new_game


def _opening():
    """Seat 0 to play with a seer (9) on the discard pile: the policy draws."""
    return new_game(2, [["squire", "squire", "empath", "empath", "bodyguard"], ["villager"] * 2 + ["squire"] * 2 + ["empath"]],
                    "seer", deck=["witch"])


def _silver_hooks(monkeypatch, **changes):
    """Silver's own hooks with some replaced, as the bots will find them."""
    name = "fake_silver_ai"
    module = types.ModuleType(name)
    for key in dir(ai):
        setattr(module, key, getattr(ai, key))
    for key, value in changes.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    hooks = load_hooks(name)
    monkeypatch.setitem(hooks_module._cache, "silver_amulet", hooks)
    return hooks


def _took_the_discard(state, rng):
    """A play-out that rewards only the worlds where the discard pile was emptied."""
    value = 0.0 if state.zones[state.z_discard] else 1.0
    return [value] * state.num_players


def test_silver_hard_bots_search_flat_and_the_others_the_tree():
    hooks = hooks_for("silver_amulet")
    assert hooks.flat_levels == {"hard": 32} and hooks.flat_playout is ai.flat_playout
    state = _opening()
    hard = make_bot("ismcts", seed=1, level="hard", iterations=250, seconds=None)
    move = hard.choose(state, 0)
    assert move in state.legal_actions(0)
    assert hard.last_budget == 3 and hard.last_iterations == 3  # 32 worlds at 2,500 iterations, scaled
    medium = make_bot("ismcts", seed=1, level="medium", iterations=40, seconds=None)
    medium.choose(state, 0)
    assert medium.last_budget == 40 and medium.last_iterations == 40


def test_a_clearly_better_move_replaces_the_default(monkeypatch):
    state = _opening()
    assert ai.default_move(state, 0, state.legal_actions(0), Rng(0)).text == "draw"
    _silver_hooks(monkeypatch, flat_playout=_took_the_discard)
    hard = make_bot("ismcts", seed=3, level="hard", iterations=2500, seconds=None)
    assert hard.choose(state, 0).text == "take discard"


def test_a_gain_within_the_noise_keeps_the_default(monkeypatch):
    """Taking the discard is better on average here (0.5 against 0.45) but by far less than the
    spread of its worlds (0 or 1): the default draw stays."""
    state = _opening()
    taken = [0]

    def coin_when_taken(s, rng):
        if s.zones[s.z_discard]:
            return [0.45] * s.num_players
        taken[0] += 1
        return [float(taken[0] % 2)] * s.num_players

    _silver_hooks(monkeypatch, flat_playout=coin_when_taken)
    hard = make_bot("ismcts", seed=2, level="hard", iterations=800, seconds=None)
    assert hard.choose(state, 0).text == "draw" and taken[0] == hard.last_iterations == 10


def test_the_worlds_are_shared_by_the_moves():
    """Every tried move meets the same world with the same generator: a play-out that returns
    the world's own first random number gives every move the same value, so the default stays
    and the spread is zero."""
    state = _opening()
    seen: list[float] = []

    def first_draw(s, rng):
        seen.append(s.rng.random())
        return [seen[-1]] * s.num_players

    hooks = load_hooks("game.games.silver_amulet.ai")
    actions = state.legal_actions(0)
    rng = Rng(5)
    move, worlds = flat_choice(0, actions, hooks, lambda: state.determinize(0, rng), first_draw, rng, 4)
    assert worlds == 4 and move.text == "draw"
    moves = len(seen) // 4
    assert moves >= 2 and all(len(set(seen[w * moves:(w + 1) * moves])) == 1 for w in range(4))


def test_the_tried_moves_put_the_default_first_and_are_capped():
    state = _opening()
    hooks = load_hooks("game.games.silver_amulet.ai")
    actions = [Action(f"move {i}") for i in range(30)]
    moves = tried_moves(state, 0, actions, replace(hooks, candidates=None), actions[17], Rng(1))
    assert moves[0] == actions[17] and len(moves) == FLAT_WIDEST and len(set(moves)) == FLAT_WIDEST
    assert set(moves) <= set(actions)


def test_the_clock_is_checked_between_worlds_and_no_world_begins_that_would_end_past_it(monkeypatch):
    """Each world costs one unit of a fake clock: with a deadline 3.5 units on, three worlds
    are played (a fourth would end at 4), and a deadline already passed plays the one world a
    choice needs."""
    import game.ai.flat as flat

    clock = [0.0]

    def playout(state, rng):
        clock[0] += 1.0 / len(moves)  # the moves of a world together: one unit
        return [0.5] * state.num_players

    monkeypatch.setattr(flat.time, "perf_counter", lambda: clock[0])
    state = _opening()
    hooks = replace(hooks_for("silver_amulet"), default_move=None)
    actions = state.legal_actions(0)
    moves = tried_moves(state, 0, actions, hooks, None, Rng(1))
    draw = state.determinizer(0)
    assert flat_choice(0, actions, hooks, lambda: draw(Rng(2)), playout, Rng(3), worlds=32, deadline=3.5)[1] == 3
    clock[0] = 10.0
    assert flat_choice(0, actions, hooks, lambda: draw(Rng(2)), playout, Rng(3), worlds=32, deadline=5.0)[1] == 1
