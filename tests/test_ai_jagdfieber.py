"""Jagdfieber's search hooks: the count-based day play-out must score exactly like the engine."""

from __future__ import annotations

from game.ai.hooks import hooks_for
from game.engine import registry
from game.engine.rng import Rng
from game.games.jagdfieber.ai import DaySim, final_values, playout, sheet_values


def snapshot(sim: DaySim) -> tuple:
    return (sim.hand, sim.easy, sim.pile, sim.lodged, sim.four, sim.start)


def test_day_sim_follows_the_engine_round_by_round() -> None:
    """Same cards played -> same hands, easy prey, prey points, lodges and day score."""
    rules = registry.load("jagdfieber")
    days_checked = 0
    for players in (3, 4, 5):
        for seed in range(12):
            state = rules.new_state(players, seed=seed)
            rng = Rng(seed)
            sim = DaySim(state)
            while not state.is_over():
                rows = len(state.sheet)
                played = []
                for seat in range(players):
                    actions = state.legal_actions(seat)
                    action = actions[rng.randrange(len(actions))]
                    played.append(sim.t.kind[action.card])
                    state.apply(seat, action)
                goes_on = sim.play_round(played)
                if len(state.sheet) > rows:  # the engine ended the day
                    assert not goes_on
                    assert sim.day_points() == state.sheet[-1]
                    days_checked += 1
                    sim = DaySim(state)
                else:
                    assert goes_on
                    assert snapshot(sim) == snapshot(DaySim(state))
    assert days_checked == 36 * 4


def test_a_choice_already_made_is_kept_by_the_sim() -> None:
    """A seat that chose before the play-out starts plays that card in the simulated round."""
    state = registry.load("jagdfieber").new_state(4, seed=3, options={"start_seat": 0})
    state.apply(1, state.rules.parse_action(state, 1, "play hunter"))
    sim = DaySim(state)
    assert sim.play[1] == sim.t.kind["hunter"] and sim.hand[1][sim.t.kind["hunter"]] == 0
    sim.random_round(Rng(1))
    # the hunter was played: it is back in hand (it caught a wolf), under the lodge, or in the pile
    assert sim.hand[1][sim.t.kind["hunter"]] + sim.lodged[1] + (sim.pile[1] < 0) >= 1


def test_values_are_chances_that_sum_to_one() -> None:
    ahead = sheet_values([[20, 10, 10, 10]], days_left=3)
    assert abs(sum(ahead) - 1) < 1e-9 and ahead[0] > ahead[1] == ahead[2]
    late = sheet_values([[20, 10, 10, 10]] * 3, days_left=1)
    assert late[0] > ahead[0]  # the same lead is worth more with fewer days left
    # ties on totals are broken by the best single day (rulebook), then shared
    assert final_values([[10, 5], [0, 5]], 2) == [1.0, 0.0]
    assert final_values([[5, 5], [5, 5]], 2) == [0.5, 0.5]


def test_the_hooks_are_found_through_the_registry() -> None:
    hooks = hooks_for("jagdfieber")
    assert hooks.playout is playout and hooks.module == "game.games.jagdfieber.ai"
    state = registry.load("jagdfieber").new_state(4, seed=5)
    values = hooks.playout(state.clone(), Rng(2))
    assert len(values) == 4 and abs(sum(values) - 1) < 1e-9
