"""Golden playthrough transcripts: the safety net for refactoring the engine.

A transcript is one seeded random game: the action texts, the events as each seat (and the
public) sees them, the number of legal actions at every step, and the final views. Actions are
chosen from the legal texts in sorted order, so a change in the order the engine lists them does
not change the game played; a change in what is legal or what happens does.

Comparison is by facts: every key a transcript records must still be there with the same value
(lists keep their length); a key added later (a new event field such as a slot) is not a change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine import registry
from game.engine.events import event_to_dict, redact
from game.engine.rng import Rng

GOLDEN_DIR = Path(__file__).parent / "golden"


def golden_cases() -> list[tuple[str, int, tuple[int, ...], dict[str, Any], str]]:
    """(game, players, seeds, options, tag) of every game's declared golden transcripts (its
    `golden=` in game/games/<id>/__init__.py): three seeds at every player count each game
    allows, plus the variants that change what is dealt or played."""
    return [
        (game_id, players, case.seeds, dict(case.options), case.tag)
        for game_id, game in registry.GAMES.items()
        for case in game.golden
        for players in case.players
    ]


CASES = golden_cases()

MAX_STEPS = 5000


def case_name(game: str, players: int, seed: int, tag: str) -> str:
    suffix = f"_{tag}" if tag else ""
    return f"{game}_{players}p_seed{seed}{suffix}"


def play(game: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play one seeded random game and return its transcript."""
    rules = registry.load(game)
    state = rules.new_state(players, seed=seed, options=dict(options))
    rng = Rng(seed * 7919 + players)
    observers: list[int | None] = [None, *range(players)]
    steps: list[dict[str, Any]] = []
    while not state.is_over() and len(steps) < MAX_STEPS:
        seat = rng.choice(sorted(state.to_act()))
        texts = sorted(str(a) for a in state.legal_actions(seat))
        text = texts[rng.randrange(len(texts))]
        events = state.apply(seat, rules.parse_action(state, seat, text))
        steps.append(
            {
                "seat": seat,
                "action": text,
                "legal": len(texts),
                "events": {
                    "public" if o is None else str(o): [event_to_dict(redact(e, o)) for e in events]
                    for o in observers
                },
            }
        )
    return {
        "game": game,
        "players": players,
        "seed": seed,
        "options": options,
        "steps": steps,
        "over": state.is_over(),
        "scores": state.scores(),
        "winners": state.winners(),
        "views": {"public" if o is None else str(o): state.view(o) for o in observers},
    }


def normalise(data: Any) -> Any:
    """JSON round trip, so tuples and lists compare alike."""
    return json.loads(json.dumps(data))


def compact(step: dict[str, Any]) -> dict[str, Any]:
    """A step with the seats' events kept only where they differ from the public's."""
    events = step["events"]
    public = events["public"]
    return {**step, "events": {k: v for k, v in events.items() if k == "public" or v != public}}


def expand(step: dict[str, Any], players: int) -> dict[str, Any]:
    events = step["events"]
    full = {str(s): events.get(str(s), events["public"]) for s in range(players)}
    return {**step, "events": {"public": events["public"], **full}}


def dump(transcript: dict[str, Any]) -> str:
    """One step per line, so a diff of a regenerated transcript is readable."""
    head = {k: v for k, v in transcript.items() if k != "steps"}
    lines = ["{", f'"head": {json.dumps(head, sort_keys=True)},', '"steps": [']
    steps = [compact(step) for step in transcript["steps"]]
    for i, step in enumerate(steps):
        lines.append(json.dumps(step, sort_keys=True) + ("," if i < len(steps) - 1 else ""))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def load(path: Path) -> dict[str, Any]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    players = raw["head"]["players"]
    return {**raw["head"], "steps": [expand(step, players) for step in raw["steps"]]}


def differences(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where `actual` no longer says what `expected` recorded (extra keys are allowed)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r:.80}"]
        found: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{where}.{key}: missing")
            else:
                found += differences(value, actual[key], f"{where}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r:.120}, got {actual!r:.120}"]
        found = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found += differences(e, a, f"{where}[{i}]")
        return found
    if expected != actual:
        return [f"{where}: expected {expected!r:.120}, got {actual!r:.120}"]
    return []
