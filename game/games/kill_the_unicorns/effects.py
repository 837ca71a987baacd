"""The scheme effects' vocabulary: names and parameters the YAML may use, checked at load time.

WHY a local table: the engine's effect registry (game/engine/effects.py, issue 12) is not on main
yet. This module is the one place that knows the vocabulary, so moving to the engine registry is
a change here and in `rules.check`, not in the state. The state resolves effects by name
(state.py `_apply_scheme`).
"""

from __future__ import annotations

from typing import Any

# effect name -> {parameter: (low, high)}; every parameter is a whole number in that range.
VOCABULARY: dict[str, dict[str, tuple[int, int]]] = {
    "points": {"amount": (-10, 10)},
    "run_away": {},
    "next_best": {},
    "take_back": {"count": (1, 8)},
    "choose_colour": {},
    "owner_wins": {},
    "lowest_wins": {},
    "become": {"points": (-10, 10)},
}
# Effects that change who wins the unicorn (applied before it is taken).
WINNER_CHANGES = frozenset({"run_away", "next_best", "owner_wins", "lowest_wins"})


def problems(effects: Any) -> list[str]:
    """What is wrong with one scheme's effect list (empty: nothing)."""
    out: list[str] = []
    if not isinstance(effects, list) or not effects:
        return ["effects must be a non-empty list such as [{points: {amount: 2}}]"]
    for item in effects:
        if not isinstance(item, dict) or len(item) != 1:
            out.append(f"{item!r} is not one effect (expected {{name: {{parameters}}}})")
            continue
        ((name, params),) = item.items()
        if name not in VOCABULARY:
            from game.engine.schema import did_you_mean

            out.append(f"unknown effect '{name}'{did_you_mean(name, VOCABULARY)} (effects: {', '.join(VOCABULARY)})")
            continue
        params = params or {}
        if not isinstance(params, dict):
            out.append(f"effect '{name}' parameters must be a mapping, not {params!r}")
            continue
        wanted = VOCABULARY[name]
        for key, value in params.items():
            if key not in wanted:
                out.append(f"effect '{name}' has no parameter '{key}' (parameters: {', '.join(wanted) or 'none'})")
            elif isinstance(value, bool) or not isinstance(value, int) or not wanted[key][0] <= value <= wanted[key][1]:
                low, high = wanted[key]
                out.append(f"effect '{name}': {key} must be a whole number from {low} to {high}, not {value!r}")
        for key in wanted:
            if key not in params:
                out.append(f"effect '{name}' needs the parameter '{key}'")
    return out


def resolved(effects: list[dict[str, Any]]) -> tuple[tuple[str, dict[str, int]], ...]:
    """The checked list as (name, parameters) pairs, ready for play."""
    return tuple((name, dict(params or {})) for item in effects for name, params in item.items())
