"""The quiet mode of `apply` (a bot's play-out copy) changes a state exactly as the game does.

Every registered game, at every player count, with option values drawn from its declarations:
a random game is played loud, and a quiet twin follows it action by action. After every action
both have every card in the same place, face and knowledge, the same generator, scores, turn,
legal actions and plain fields. Where the game scores a round, the quiet twin stops instead of
dealing the next one (`stopped`), with the same score sheet as the game at that moment; a new
twin then follows from the game's next decision. So the play-outs that run the rules quietly
value exactly the rounds the game itself plays.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import registry
from game.engine.flow import ScoreSheet
from game.engine.rng import Rng
from tests.test_conformance import new_game

SEEDS = (21, 22)
PLAIN = (int, float, str, bool, type(None))
SKIPPED = {"quiet", "searching", "stopped", "rng", "cards", "zones", "card_ids", "rules", "table", "options", "unsettled"}


def cases() -> list[Any]:
    out = []
    for game_id in registry.GAMES:
        rules = registry.load(game_id)
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in SEEDS:
                out.append(pytest.param(game_id, players, seed, id=f"{game_id}-{players}p-{seed}"))
    return out


def plain(value: Any) -> bool:
    """Whether `value` compares by content (numbers, texts, containers of them, turn orders)."""
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(plain(k) and plain(v) for k, v in value.items())
    return type(value).__eq__ is not object.__eq__  # a value type (a turn order, an action)


def rows(state: Any) -> list[list[int]]:
    """The points of each scored round (every game keeps them, most on an engine ScoreSheet)."""
    sheet = getattr(state, "score_sheet", None)
    return sheet.points if isinstance(sheet, ScoreSheet) else state.sheet


def snapshot(state: Any) -> dict[str, Any]:
    """What a play-out may read of a state: cards, generator, scores, turns and plain fields
    (caches, named with a leading underscore, may differ: they are rebuilt on demand)."""
    cards = state.cards
    shot: dict[str, Any] = {
        "zones": [zone[:] for zone in state.zones],
        "cards": (cards.up[:], cards.known[:], cards.zone[:]),
        "rng": state.rng.state,
        "scores": state.scores(),
        "to_act": state.to_act(),
        "legal": {seat: [str(a) for a in state.legal_actions(seat)] for seat in state.to_act()},
        "over": state.is_over(),
    }
    for name, value in vars(state).items():
        if name in SKIPPED or name.startswith("_"):
            continue
        if isinstance(value, ScoreSheet):
            shot[name] = (value.points, value.totals)
        elif plain(value):
            shot[name] = value
    return shot


def follow_with_a_quiet_twin(loud: Any, rng: Rng, max_steps: int = 3000) -> tuple[int, int]:
    """Play `loud` to its end at random, a quiet twin following it (see the module's doc);
    returns the actions played and how many times a twin stopped at a round's end."""
    quiet = loud.clone().quietly()
    steps = stops = 0
    while not loud.is_over() and steps < max_steps:
        seat = loud.to_act()[0]
        action = loud.sample_action(seat, rng)
        loud.apply(seat, action)
        quiet.apply(seat, action)
        steps += 1
        if quiet.stopped:
            assert not loud.is_over(), "a quiet state stops only between rounds, never at the end"
            assert quiet.scores() == loud.scores()
            assert rows(quiet) == rows(loud)
            stops += 1
            quiet = loud.clone().quietly()
            continue
        assert snapshot(quiet) == snapshot(loud), f"after step {steps} ({action})"
    assert loud.is_over()
    assert quiet.stopped or quiet.is_over() and quiet.winners() == loud.winners()
    return steps, stops


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_a_quiet_twin_goes_through_the_same_states_and_stops_where_a_round_is_scored(game_id, players, seed):
    _, loud, _ = new_game(game_id, players, seed)
    steps, _ = follow_with_a_quiet_twin(loud, Rng(seed))
    assert steps > 10
