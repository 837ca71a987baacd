"""Helpers for the match-record tests: random matches played into records, and state comparison."""

from __future__ import annotations

from game.engine import registry
from game.engine.events import event_to_dict
from game.engine.record import Record, SeatInfo, result_of
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.engine.state import State


def playable_games() -> list[tuple[str, Rules]]:
    """Every registered game whose data loads: games added later are covered automatically."""
    return [(e.game_id, e.rules) for e in registry.available() if e.rules is not None]


def random_match(
    rules: Rules, players: int, seed: int, max_actions: int | None = None, humans: int = 0
) -> tuple[Record, State, list[list[dict]]]:
    """Play random legal actions from a fresh state; returns the record, the state and the events."""
    seats = [SeatInfo(f"P{s}") if s < humans else SeatInfo(f"B{s}", "bot", "random", "easy") for s in range(players)]
    record = Record.new(rules, players, seed, {}, seats)
    state = record.start_state(rules)
    rng = Rng(seed * 7 + 3)
    events: list[list[dict]] = []
    while not state.is_over() and (max_actions is None or len(record.actions) < max_actions):
        seats_to_act = state.to_act()
        seat = seats_to_act[rng.randrange(len(seats_to_act))]
        actions = state.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        events.append([event_to_dict(e) for e in state.apply(seat, action)])
        record.actions.append((seat, str(action)))
    record.result = result_of(state)
    return record, state, events


def views(state: State) -> list[dict]:
    """The public view and every seat's view: what "identical state" means for a record."""
    return [state.view(None)] + [state.view(s) for s in range(state.num_players)]


def fresh_replay_views(rules: Rules, record: Record) -> list[dict]:
    """Views of a state rebuilt from scratch from the record's seed, options and actions."""
    state = record.start_state(rules)
    for seat, text in record.actions:
        state.apply(seat, rules.parse_action(state, seat, text))
    return views(state)
