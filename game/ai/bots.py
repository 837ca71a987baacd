"""Bot factory and the random bot (the baseline every stronger bot is measured against).

Bots: `random` (uniform legal moves), `ismcts` (information-set Monte Carlo tree search,
game/ai/ismcts.py; levels easy/medium/hard set its budget, documented there), and the style bots
`cautious` and `bold` (a game's named play style, hook STYLES; the level sets how often it slips). Every bot only
reads its seat's knowledge: legal_actions(seat), to_act() and determinize(seat, rng).
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from game.ai.hooks import hooks_for
from game.ai.ismcts import ISMCTSBot
from game.engine.actions import Action
from game.engine.errors import TableeError
from game.engine.rng import Rng
from game.engine.state import State

LEVELS = ("easy", "medium", "hard")


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (which depend only on what the seat knows)."""

    name = "random"

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = Rng(seed)
        self.level = level
        self._lock = threading.Lock()

    def choose(self, state: State, seat: int) -> Action:
        with self._lock:
            return state.sample_action(seat, self.rng)


class StyleBot:
    """Plays the game's named style (hook STYLES in game/games/<id>/ai.py) on a determinization
    of its own seat, so it never reads a hidden card; a game without the style plays its search
    play-out policy. Levels: random slips on easy (30%) and medium (10%), none on hard."""

    name = style = "style"
    SLIPS = {"easy": 0.3, "medium": 0.1, "hard": 0.0}

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = Rng(seed)
        self.level = level
        self._lock = threading.Lock()

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise TableeError(f"seat {seat} has no legal action now")
        with self._lock:
            rng = self.rng.spawn()
        if len(actions) == 1:
            return actions[0]
        if rng.random() < self.SLIPS[self.level]:
            return actions[rng.randrange(len(actions))]
        hooks = hooks_for(state.rules.game_id)
        policy = hooks.styles.get(self.style, hooks.rollout_action)
        return policy(state.determinize(seat, rng), seat, actions, rng)


class CautiousBot(StyleBot):
    name = style = "cautious"


class BoldBot(StyleBot):
    name = style = "bold"


_FACTORIES: dict[str, type] = {"random": RandomBot, "ismcts": ISMCTSBot, "cautious": CautiousBot, "bold": BoldBot}
BOT_NAMES = tuple(_FACTORIES)


def make_bot(name: str, seed: int = 0, level: str = "medium", **options: Any) -> Bot:
    """A bot by name; an unknown name or level raises an error that lists the choices.
    `options` go to the bot (ismcts: iterations=, seconds= to override the level's budget)."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise TableeError(f"unknown bot '{name}' (bots: {', '.join(_FACTORIES)})")
    if level not in LEVELS:
        raise TableeError(f"unknown level '{level}' (levels: {', '.join(LEVELS)})")
    return factory(seed=seed, level=level, **options)


def parse_bot_spec(spec: str) -> tuple[str, str]:
    """'ismcts:hard' -> ('ismcts', 'hard'); 'random' -> ('random', 'medium')."""
    name, _, level = spec.strip().partition(":")
    return name, (level or "medium")
