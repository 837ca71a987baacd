"""Kill the Unicorns' search play-out (`ai.playout`, on a quiet state) against the engine-wide
rollout it replaces: the same moves from the same draws, the same end state and values."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import ismcts
from game.ai.hooks import hooks_for
from game.engine import registry
from game.engine.rng import Rng
from game.games.kill_the_unicorns import ai

FIELDS = ("phase", "round_no", "hunt_pos", "actor", "first", "winner", "power_used", "colour", "base", "attached")


def snapshot(state) -> tuple:
    cards = state.cards
    return (
        [z[:] for z in state.zones], cards.known[:], cards.up[:], cards.zone[:],
        [getattr(state, f) for f in FIELDS], state.scores(), state.rng.state,
    )


def positions(players: int, seed: int, every: int = 4):
    """States along a random game (the search starts from such states)."""
    rules = registry.load("kill_the_unicorns")
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        step += 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_playout_plays_as_the_engine_rollout_with_the_policy(players):
    hooks = hooks_for("kill_the_unicorns")
    assert hooks.playout is ai.playout
    loud_hooks = dataclasses.replace(hooks, playout=None)  # rollout_action + rollout_done + evaluate
    checked = 0
    for i, state in enumerate(positions(players, 40 + players)):
        seat = state.to_act()[0] if state.to_act() else 0
        det = state.determinize(seat, Rng(i))
        quiet, loud = det.clone(), det.clone()
        values = ai.playout(quiet, Rng(1000 + i))
        expected = ismcts.rollout(loud, Rng(1000 + i), loud_hooks)
        assert values == expected
        assert snapshot(quiet) == snapshot(loud)
        checked += 1
    assert checked > 10


def test_a_quiet_state_changes_exactly_what_a_loud_one_does():
    rules = registry.load("kill_the_unicorns")
    for players, seed in ((3, 1), (6, 2)):
        loud = rules.new_state(players, seed=seed, options={"powers": True})
        quiet = loud.clone()
        quiet.quiet = True
        rng = Rng(seed)
        notes = 0
        while not loud.is_over():
            seat = loud.to_act()[0]
            legal = loud.legal_actions(seat)
            assert [str(a) for a in quiet.legal_actions(seat)] == [str(a) for a in legal]
            action = legal[rng.randrange(len(legal))]
            quiet.play(seat, action)
            notes += len(loud.apply(seat, action))
            assert snapshot(quiet) == snapshot(loud)
        assert notes > 0 and quiet.is_over() and quiet.winners() == loud.winners()
