"""Per-game search hooks: how a game makes its simulations smarter or shorter, without
`if game_id == ...` anywhere in game/ai.

THE HOOK API (optional module `game/games/<id>/ai.py`, found through the registry's module:
`registry.game_module(game_id).__name__ + ".ai"`). Every export is optional; a game without
the module is searched with uniform random play-outs to the end of the game.

    def rollout_action(state: State, seat: int, actions: list[Action], rng: Rng) -> Action
        The move `seat` makes during a simulation; `actions` is state.legal_actions(seat)
        (never empty). Default: uniform random. `state` is a determinized clone, a guess made
        by the searching seat, so the policy may read any of it (it is not the true state).
        Use only `rng` for randomness; never mutate `state`.

    def rollout_done(start: State, state: State) -> bool
        Called after each simulated step: True stops the simulation there and the game's
        `evaluate` values the state (truncated rollouts, e.g. "stop two rounds on"). `start` is
        a shallow snapshot of the state the simulation
        began from (its plain counters, e.g. round or turn numbers, as they were then; its zones
        and lists are shared with `state`, so read only counters from it). Default: never stop early.
        Exporting it requires exporting `evaluate`. A simulation always stops where a round has
        been scored (the search's copies stop there by themselves: `State.end_of_round`).

    def evaluate(state: State) -> list[float]
        Each seat's value in [0, 1] (about its chance to win: 1 = wins alone) for a state where
        a simulation ended, finished or stopped by `rollout_done`. Default (finished games
        only): 1/k for each of k winners, 0 for the others.

    def playout(state: State, rng: Rng) -> list[float]
        Replaces the whole simulation above: the game's own play-out from `state` (a
        determinized clone, possibly finished), returning each seat's value in [0, 1] as
        `evaluate` does, for a game that drives its own policy (Kill the Unicorns lists each
        step's moves once; Silver draws them without listing). It plays through the rules on
        the quiet copy (`state.quietly()`), never on a copy of the rules.

    STYLES: dict[str, RolloutAction]
        Named play styles ("cautious", "bold"): policies with rollout_action's signature that
        the style bots of game/ai/bots.py play directly, on a determinization of their seat.
        Default: none (a style bot then plays `rollout_action`).

    PLANS: dict[str, RolloutAction]
        Simple fixed plans ("always the highest card", "never bet until forced") that
        `main.py exploit` plays in one seat against bots, to find plans the bots lose to. Called
        on a determinization of the plan's seat, like STYLES. Default: none.

    def determinizer(state: State, seat: int) -> Callable[[Rng], State]
        The search's source of determinizations for `seat` at `state` (called once per
        decision): a function of a generator returning a state the seat cannot tell from
        `state`, drawn from the game's model of what the other seats hide instead of
        uniformly (Silver: a card its owner knows and kept is likely low). It must change only
        identities the seat has not seen. Default: `state.determinizer(seat)` (uniform).

    def candidates(state: State, seat: int) -> list[Action] | None
        The moves of `seat` the search's tree tries, all legal, or None (or an empty list) for
        every legal move: leave out moves that give points away for nothing (Silver:
        announcing unequal cards one knows), so that a wide step's first visits are not spent
        on them and an opponent's last turn in the tree is not a random one. Build them from
        the state rather than filter `state.legal_actions(seat)`: the tree asks at every step
        it descends, and a wide step lists thousands of moves. Called on the searched
        determinization; read only what `seat` knows there. Default: every legal move.

    def belief(state: State, seat: int) -> float
        How likely the other seats' observed choices were if the hidden cards were as in
        `state` (a determinization made for `seat`), under a model of how they play; the search
        samples its determinizations in proportion to it instead of uniformly. Default: none
        (uniform determinizations).

    def mixed(state: State, seat: int) -> bool
        True at a bluffing spot (a line laid, a bet): the search then plays a mixed strategy,
        drawing among the well-visited moves in proportion to their visits, so it cannot be read
        from its own hidden cards. Default: never (the most visited move).

    def prior(state: State, seat: int, actions: list[Action]) -> list[float] | None
        At a bluffing spot, the weight of each of `actions` in the game's model of balanced play
        there (a fisher's lines, a fish's even spread of bets); None elsewhere. Called on a
        determinization of `seat`, like STYLES: read only what the seat knows for sure. The search then plays a mixed
        strategy: a draw by these weights among the moves its statistics rate about as well as
        its best (`ismcts.prior_choice`), so that neither its hidden cards nor a fixed reply can
        be read from its play. It wins over `mixed` where both are given. Default: none.

    def remember(state: State, seat: int, level: str, memory: dict, rng: Rng) -> State
        The state as a bot of `level` remembers it, searched instead of `state` (a human-like
        memory: Silver's easy bots forget some face-down cards they saw). `memory` belongs to
        the bot and persists between its decisions; return `state` itself to remember
        everything. It must change only what the seat could forget (identities of cards it
        saw face down), never the legal actions. Default: perfect memory.

    def default_move(state: State, seat: int, actions: list[Action], rng: Rng) -> Action
        The move a medium or hard search bot keeps unless its search finds one clearly better
        (mean value at least ISMCTS's DEFAULT_MARGIN higher): a game's sound policy, so that a
        short search's noise does not replace a good move by a worse one. Called on a
        determinization of the seat, like STYLES. Default: none (the most visited move).

    FLAT_LEVELS: dict[str, int]
        Levels whose bots choose by the flat rollout search (game/ai/flat.py) instead of the
        tree, with the worlds each decision samples at the level's iteration budget: every
        candidate move (hook `candidates`, the default move first) is played in the same
        worlds, played on by `flat_playout`, and the best mean replaces the default move when
        it is better by a standard error. For games whose policy plays as people do, so that
        improving it move by move beats searching short play-outs (Silver's hard bots). The
        search itself plays no mixed strategy: a game with `mixed` or `prior` either keeps its
        bluffing levels on the tree, or gives the flat level a default move drawn by that prior
        (Fish Fish's hard fisher), which the search replaces only by a clearly better one.
        Default: none (every level searches the tree).

    LEVEL_SLIPS: dict[str, float]
        Levels that err on purpose: the chance per decision that a bot of the level plays a
        legal move at random instead of searching (Fish Fish's easy: the search's bets and
        lines at a short budget are as good as a long one's, so its easy level errs instead).
        Default: none.

    LEVEL_ITERATIONS: dict[str, int]
        A level's tree budget in this game, in place of the engine's (ISMCTS's BUDGETS), for a
        game whose search stops getting stronger past some budget, so that the levels below its
        strongest are spread out where the search still gains (Kill the Unicorns: no stronger
        past about 150 iterations, its levels search 30, 80 and 500). A bot asked for other
        iterations than its level's (tests, benchmarks) scales this in proportion, as
        FLAT_LEVELS' worlds do. Default: none (the engine's budgets).

    def flat_playout(state: State, rng: Rng) -> list[float]
        The flat search's play-out from a determinized clone just after the tried move: each
        seat's value in [0, 1], as `evaluate`. Play on to a natural end (Silver: the round's
        scoring) with the game's sound policy, without random moves. Default: the tree's
        play-out (`playout`, else the rollout with the hooks above).

THE STATE'S DETERMINIZATION HOOKS (methods of the game's State, game/engine/state.py): every
iteration starts from `state.determinize(seat, rng)`, written once in the engine from the zones'
pools; a game refines it with

    def after_determinize(self, seat: int, rng: Rng) -> None
        Hidden facts kept outside zones (rare), and caches to drop (the legal moves of seats
        whose hidden cards changed).

    def determinize_later(self) -> Collection[int]
        Zones whose unseen cards `determinize` does not arrange (one per pool; a zone that is
        its own pool keeps its true order, one that shares a pool lets determinize deal the
        pool's other places from the whole pool first); the determinization shuffles them from
        its own generator when the game calls `self.settle()`, which it must do before it reads,
        moves or shows a card of them (`view` settles by itself). The result is distributed as
        an immediate shuffle, and the cards the searching seat saw keep their places. For decks
        that most play-outs never reach (Kill the Unicorns' unicorn and scheme decks, drawn only
        when a round starts): their shuffles are then skipped in most iterations. Tested in
        tests/test_engine_determinize_later.py.

THE SEARCH'S COPIES (game/engine/state.py): every iteration's determinization is the search's own
copy (`searching`): its rules stop where a round has been scored instead of dealing the next one
(`end_of_round`, then `stopped`), so neither the tree nor a play-out reads past a round's end. A
play-out's copy is also quiet (`state.quietly()`): `apply` builds no events, notes or log texts
and trusts its move; the state changes exactly as the game's own would (tests/test_engine_quiet.py).

All hooks are pure functions of their arguments (bots run in a worker thread and may search
several games at once); they are called thousands of times per second, so keep them free of
view(), deepcopy, YAML and file access.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine import registry
from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

RolloutAction = Callable[[State, int, list[Action], Rng], Action]
RolloutDone = Callable[[State, State], bool]
Evaluate = Callable[[State], list[float]]
Playout = Callable[[State, Rng], list[float]]
Belief = Callable[[State, int], float]
Mixed = Callable[[State, int], bool]
Remember = Callable[[State, int, str, dict, Rng], State]
DefaultMove = RolloutAction
Prior = Callable[[State, int, list[Action]], "list[float] | None"]
Determinizer = Callable[[State, int], Callable[[Rng], State]]
Candidates = Callable[[State, int], "list[Action] | None"]


def random_action(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The default play-out policy: every legal action alike."""
    return actions[rng.randrange(len(actions))]


def win_share(state: State) -> list[float]:
    """The default value of a finished game: a win shared by k seats is worth 1/k to each."""
    winners = state.winners()
    values = [0.0] * state.num_players
    for seat in winners:
        values[seat] = 1.0 / len(winners)
    return values


@dataclass(frozen=True)
class GameHooks:
    """The hooks of one game, defaults filled in."""

    rollout_action: RolloutAction = random_action
    rollout_done: RolloutDone | None = None
    evaluate: Evaluate = win_share
    playout: Playout | None = None
    module: str = ""
    styles: dict[str, RolloutAction] = field(default_factory=dict)
    plans: dict[str, RolloutAction] = field(default_factory=dict)
    belief: Belief | None = None
    mixed: Mixed | None = None
    remember: Remember | None = None
    default_move: DefaultMove | None = None
    prior: Prior | None = None
    determinizer: Determinizer | None = None
    candidates: Candidates | None = None
    flat_levels: dict[str, int] = field(default_factory=dict)
    flat_playout: Playout | None = None
    slips: dict[str, float] = field(default_factory=dict)
    iterations: dict[str, int] = field(default_factory=dict)


_cache: dict[str, GameHooks] = {}


def hooks_for(game_id: str) -> GameHooks:
    """The game's hooks from its optional `ai` module (cached; a missing module means defaults)."""
    hooks = _cache.get(game_id)
    if hooks is None:
        game = registry.declaration(game_id)
        hooks = _cache[game_id] = load_hooks(game.module(game.ai)) if game.ai else GameHooks(module="")
    return hooks


def load_hooks(module_name: str) -> GameHooks:
    """Read the hooks a module exports; a module that does not exist gives the defaults."""
    try:
        module: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise  # the ai module exists but imports something missing: a real error
        return GameHooks(module="")
    done = getattr(module, "rollout_done", None)
    evaluate = getattr(module, "evaluate", None)
    if done is not None and evaluate is None:
        raise TypeError(f"{module_name} exports rollout_done without evaluate (a stopped simulation needs a value)")
    return GameHooks(
        rollout_action=getattr(module, "rollout_action", random_action),
        rollout_done=done,
        evaluate=evaluate or win_share,
        playout=getattr(module, "playout", None),
        module=module_name,
        styles=dict(getattr(module, "STYLES", {})),
        plans=dict(getattr(module, "PLANS", {})),
        belief=getattr(module, "belief", None),
        mixed=getattr(module, "mixed", None),
        remember=getattr(module, "remember", None),
        default_move=getattr(module, "default_move", None),
        prior=getattr(module, "prior", None),
        determinizer=getattr(module, "determinizer", None),
        candidates=getattr(module, "candidates", None),
        flat_levels=dict(getattr(module, "FLAT_LEVELS", {})),
        flat_playout=getattr(module, "flat_playout", None),
        slips=dict(getattr(module, "LEVEL_SLIPS", {})),
        iterations=dict(getattr(module, "LEVEL_ITERATIONS", {})),
    )
