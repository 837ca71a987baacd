"""Kill the Unicorns' bot hooks (API: game/ai/hooks.py): a believable play-out policy, play-outs
cut at the end of the round, and a value of the running scores.

WHY: uniform random play-outs bid on every unicorn with random cards, tie at random and shop
nothing useful, so a search cannot tell a good bid from a bad one. The policy here plays the way
people do, from the facts its seat may know (the state is a determinization): it values each
unicorn by its points plus what it adds to its colour collections and rainbow; it slides schemes
that help under the unicorns it wants and schemes that hurt under the ones others want; it bids
when the unicorn is worth it, with a total near what it is worth and not the same as a likely
bid of another seat; it buys the market item that adds the most points. A play-out stops at the
end of the round (every round starts again from full hands) and the running scores are valued by
a softmax whose temperature grows with the rounds still to play.

The levels are the tree at three budgets of its own (LEVEL_ITERATIONS): easy 30 iterations,
medium 80, hard 500. WHY: the search gains strength up to about 150 iterations and none past it,
whatever was tried (docs/bots.md): at 500 it won 11 of 40 games against three 150-iteration
bots, at 1,000 and 2,500, or searching flat as Silver's hard does, at or below a seat's share
against three 500-iteration bots. So hard is that search with room to spare, and the levels
below are spread where the search still gains: 80 iterations won 20 of 40 games against three
at 30, and 150 won 18.5 of 40 against three at 80.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State
from game.games.kill_the_unicorns.base import BID, SCHEME, WIZARD
from game.games.kill_the_unicorns.state import MARKET, OVER

HELPS = frozenset({"athletic", "trophy", "paint", "royal_claim", "lucky", "encore"})  # good for the winner or owner
HURTS = frozenset({"stinky", "curse", "polymorph", "escape", "trap"})
ROUND_SPREAD = 8.0  # spread of one seat's gain over a round, in points (random games)
NOISE = 0.1
LEVEL_ITERATIONS = {"easy": 30, "medium": 80, "hard": 500}  # tree iterations per decision


def unicorn_value(state: Any, seat: int, uid: int) -> int:
    """What unicorn `uid` (with its current colour and points) would add to `seat`'s score."""
    colour = state.colour[uid]
    if not colour:  # no colour: adds to no collection
        return state.base[uid]
    counts = state.colour_counts(seat)
    key = (*counts, colour, state.options["collections"])
    cache = state.rules.gain_cache
    gain = cache.get(key)
    if gain is None:  # what one more unicorn of that colour adds to the collections and rainbows
        collections, rainbows, _ = state.collection_bonus(counts)
        counts[state.rules.colour_index[colour]] += 1
        after = state.collection_bonus(counts)
        gain = cache[key] = after[0] + after[1] - collections - rainbows
    return state.base[uid] + gain


def _scheme_action(state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    n = state.num_players
    line = state.zones[state.z_line]
    mine = [unicorn_value(state, seat, u) if u >= 0 else -9 for u in line]
    theirs = [max(unicorn_value(state, s, u) for s in range(n) if s != seat) if u >= 0 else -9 for u in line]
    best, best_score = actions[0], -1e9
    for action in actions:
        sid, pos = action.args  # type: ignore[attr-defined]
        if sid in HELPS:
            score = mine[pos] - 0.5 * theirs[pos]
        elif sid in HURTS:
            score = theirs[pos] - mine[pos]
        else:  # chivalry: under a unicorn I may take with a small bid
            score = mine[pos] * 0.5
        score += rng.random()
        if score > best_score:
            best, best_score = action, score
    return best


# A listed bid as the play-out policy scores it: (action, total with its boost, 0.3 x its
# number of cards, its boost's extra cost, 0.8 if the total is odd).
Bid = tuple[Action, int, float, float, float]
_BIDS: dict[int, tuple[list[Action], int, tuple[list[Bid], list[Bid]]]] = {}


def _bids_of(actions: list[Action], boost_points: int, costly_boost: bool) -> list[Bid]:
    """The bids of a legal list that _bid_action may choose: of the hunts with the same total,
    only the one it would prefer whatever the target (fewest cards, no costly boost; the first
    listed among equals), in list order. Their score differs from the others' by at least 0.1
    (0.3 per card, 0.5 for a boost), far above rounding, so the choice is the same as over the
    whole list, for a third of the work. The lists are shared by every state (the rules cache
    them), so this is worked out once per list and cost (kept with the list itself, so that an
    id is never reused for another)."""
    entry = _BIDS.get(id(actions))
    if entry is None or entry[0] is not actions or entry[1] != boost_points:
        kept: list[list[Bid]] = []
        for costly in (False, True):
            best: dict[int, tuple[int, int, Bid]] = {}  # total -> (10 x its costs, list index, bid)
            for index, a in enumerate(actions):
                if a.kind != "hunt":  # type: ignore[attr-defined]
                    continue
                cards, boost = a.args  # type: ignore[attr-defined]
                total = sum(cards) + boost_points if boost else sum(cards)
                cost = 3 * len(cards) + (5 if boost and costly else 0)  # 10 x (size cost + boost cost), exact
                bid: Bid = (a, total, 0.3 * len(cards), (0.5 if costly else 0.0) if boost else 0, 0.8 * (total % 2))
                if total not in best or cost < best[total][0]:
                    best[total] = (cost, index, bid)
            kept.append([bid for _, _, bid in sorted(best.values(), key=lambda found: found[1])])
        if len(_BIDS) > 1 << 15:  # lists from outside the rules' cache (tests): keep the memo small
            _BIDS.clear()
        entry = _BIDS[id(actions)] = (actions, boost_points, (kept[0], kept[1]))
    return entry[2][costly_boost]


def _bid_action(state: Any, seat: int, actions: list[Action], rng: Rng, aggression: float = 1.0) -> Action:
    rules = state.rules
    pos = state.hunt_pos
    value = known_worth(state, seat, pos)
    first = actions[0]
    if first.kind == "peek":  # type: ignore[attr-defined]
        return first
    hunts_left = rules.line_size - pos
    wallet = sum(map(state.value.__getitem__, state.zones[state.z_hand[seat]]))
    budget = wallet / max(1, hunts_left)
    if value <= 0 or (value < 2 and rng.random() < 0.5):
        return first  # pass: the first move once there is no peek
    target = min(wallet, aggression * budget * (0.6 + 0.25 * value) + rng.random() * 2)
    best, best_score = first, -1e9
    for action, total, size_cost, boost_cost, odd in _bids_of(actions, rules.power_params["boost"], value < 4):
        score = -abs(total - target) - size_cost - boost_cost
        score += odd  # odd totals tie less often with the common even bids
        if score > best_score:
            best, best_score = action, score
    return best


def _market_action(state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The purchase that adds the most points (`buy none` when none adds any)."""
    counts = state.colour_counts(seat)
    base_bonus = sum(state.collection_bonus(counts)[:2])
    best, best_gain = actions[0], 0.0
    for action in actions[1:]:
        gain = _purchase_gain(state, seat, action, counts, base_bonus) + rng.random() * 0.5
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _purchase_gain(state: Any, seat: int, action: Action, counts: list[int], base_bonus: int) -> float:
    """The points a purchase adds to `seat` now: its token's points, or a pâté's against the
    unicorn it discards, and the change of its collections' bonus."""
    rules = state.rules
    item, colour, index = action.args  # type: ignore[attr-defined]
    decl = rules.market[item]
    uid = state.zones[state.z_coll[seat]][index]
    gain = float(decl["points"])
    new = counts[:]
    old_colour = state.colour[uid]
    if old_colour:
        new[rules.colours.index(old_colour)] -= 1
    if decl["discard"]:
        own = state.base[uid] + sum(state.cards.attrs[u].get("points", 0) for u in state.zones[state.z_kept[seat]] if state.attached[u] == uid)
        top = next(u for u in state.zones[state.z_market] if state.cards.attrs[u].get("item") == item)
        gain = state.cards.attrs[top]["points"] - own
    elif decl["colour"]:
        new[rules.colours.index(colour)] += 1
    elif old_colour:
        new[rules.colours.index(old_colour)] += 1
    return gain + sum(state.collection_bonus(new)[:2]) - base_bonus


def candidates(state: State, seat: int) -> list[Action] | None:
    """The moves the search's tree tries (hook `candidates`): none that, by what the seat knows,
    can only lose it points; None where every legal move may pay. WHY: the tree once slid a
    scheme under a Pigicorn (-2), hunted that Pigicorn as first player when it could pass, then
    bought Fairy dust to bring it back to 0 (a few visits of noise are enough to pick such moves).

    - At the black market: the purchases that add points (a purchase costs nothing: the cards
      that pay stay in hand; medium bots bought nothing in 21 of 79 market turns where one
      added points, `buy none`, listed first, winning the ties), else only `buy none`.
    - In a hunt: only passing (or looking, with the Princess) at a unicorn worth less than
      nothing to the seat, by its points, what it adds to the seat's colours and the schemes
      the seat knows under it (`known_worth`).
    - With a scheme to place, or the Wizard's move: none of its own schemes onto a unicorn
      worth less than nothing to every seat (nobody will hunt it: the scheme is lost there),
      while another place is open."""
    s: Any = state
    if s.actor != seat:
        return None
    phase = s.phase
    actions = s.legal_actions(seat)
    if len(actions) <= 1:
        return None
    if phase == MARKET:
        counts = s.colour_counts(seat)
        base_bonus = sum(s.collection_bonus(counts)[:2])
        paying = [a for a in actions[1:] if _purchase_gain(s, seat, a, counts, base_bonus) > 0]
        return paying or actions[:1]
    if phase == BID:
        if known_worth(s, seat, s.hunt_pos) >= 0:
            return None
        keep = [a for a in actions if a.kind in ("pass", "peek")]  # type: ignore[attr-defined]
        return keep if keep and len(keep) < len(actions) else None
    if phase in (SCHEME, WIZARD):
        line, n = s.zones[s.z_line], s.num_players
        lost = {p for p, u in enumerate(line) if u >= 0 and all(unicorn_value(s, o, u) < 0 for o in range(n))}
        if not lost:
            return None
        if phase == SCHEME:
            keep = [a for a in actions if a.args[1] not in lost]  # type: ignore[attr-defined]
        else:
            known = s.knowledge()
            keep = [a for a in actions if a.kind == "stay" or a.args[1] not in lost  # type: ignore[attr-defined]
                    or not known[s.zones[s.z_under[a.args[0]]][-1]] & (1 << seat)]  # type: ignore[attr-defined]
        return keep if keep and len(keep) < len(actions) else None
    return None


def known_worth(state: Any, seat: int, pos: int) -> int:
    """What the unicorn at `pos` of the line would add to `seat`: its points and colour
    (`unicorn_value`), and the schemes the seat knows under it (its own, or peeked), valued as
    the play-out policy does (+2 for a scheme that helps the winner, -3 for one that hurts)."""
    value = unicorn_value(state, seat, state.zones[state.z_line][pos])
    under = state.z_under[pos]
    seen, known, bit = state.table.masks[under], state.knowledge(), 1 << seat
    for scheme in state.zones[under]:
        if (seen | known[scheme]) & bit:
            sid = state.card_ids[scheme]
            value += 2 if sid in HELPS else -3 if sid in HURTS else 0
    return value


def _paint_action(state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    counts = state.colour_counts(seat)
    best, best_score = actions[0], -1e9
    for action in actions:
        new = counts[:]
        new[state.rules.colours.index(action.args[0])] += 1  # type: ignore[attr-defined]
        score = sum(state.collection_bonus(new)[:2]) + rng.random() * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def styled(aggression: float, noise: float):
    """A play policy with the hook signature: `aggression` scales the bids, `noise` is the
    share of random moves."""

    def policy(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        return _policy(state, seat, actions, rng, aggression, noise)

    policy.__name__ = policy.__qualname__ = "styled_action"
    return policy


def _policy(state: State, seat: int, actions: list[Action], rng: Rng, aggression: float, noise: float) -> Action:
    if len(actions) == 1:
        return actions[0]
    if rng.random() < noise:
        return actions[rng.randrange(len(actions))]
    phase = state.phase  # type: ignore[attr-defined]
    if phase == 0:
        return _scheme_action(state, seat, actions, rng)
    if phase == 2:
        return _bid_action(state, seat, actions, rng, aggression)
    if phase == 4:
        return _paint_action(state, seat, actions, rng)
    if phase == 5:
        return _market_action(state, seat, actions, rng)
    if phase == 1:  # the wizard: usually leaves the schemes alone
        return actions[0] if rng.random() < 0.7 else actions[rng.randrange(len(actions))]
    return actions[rng.randrange(len(actions))]  # a blind choice between two schemes


rollout_action = styled(1.0, NOISE)
# Named play styles (hook `STYLES`): a careful hunter keeps cards back, a bold one spends them.
STYLES = {"cautious": styled(0.8, 0.05), "bold": styled(1.4, 0.08)}


def _highest(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Plan: always bid the highest total possible, shop nothing."""
    hunts = [a for a in actions if getattr(a, "kind", "") == "hunt"]
    if hunts:
        return max(hunts, key=lambda a: sum(a.args[0]))  # type: ignore[attr-defined]
    return actions[0]


def _never_first(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Plan: pass as first player, match with the lowest cards otherwise."""
    if state.hunt_size == 0:  # type: ignore[attr-defined]
        return next((a for a in actions if str(a) == "pass"), actions[0])
    hunts = [a for a in actions if getattr(a, "kind", "") == "hunt"]
    return min(hunts, key=lambda a: sum(a.args[0])) if hunts else actions[0]  # type: ignore[attr-defined]


def _hunts(actions: list[Action]) -> list[Action]:
    return [a for a in actions if getattr(a, "kind", "") == "hunt"]


def _lowest(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Plan: always hunt with the lowest total possible (one card when it sets the number), shop
    nothing."""
    hunts = _hunts(actions)
    if hunts:
        return min(hunts, key=lambda a: (sum(a.args[0]), len(a.args[0])))  # type: ignore[attr-defined]
    return actions[0]


def _pass_and_shop(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Plan: pass every hunt and keep the whole hand for the market, where it buys the dearest
    item it can (on its first unicorn)."""
    if any(getattr(a, "kind", "") == "hunt" for a in actions):
        return next(a for a in actions if str(a) == "pass")
    buys = [a for a in actions if getattr(a, "kind", "") == "buy" and a.args[0]]  # type: ignore[attr-defined]
    if buys:
        return max(buys, key=lambda a: state.rules.market[a.args[0]]["price"])  # type: ignore[attr-defined]
    return actions[0]


def _cheapest(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Plan: hunt every unicorn with the fewest and lowest cards, and buy the cheapest item."""
    hunts = _hunts(actions)
    if hunts:
        return min(hunts, key=lambda a: (len(a.args[0]), sum(a.args[0])))  # type: ignore[attr-defined]
    buys = [a for a in actions if getattr(a, "kind", "") == "buy" and a.args[0]]  # type: ignore[attr-defined]
    if buys:
        return min(buys, key=lambda a: state.rules.market[a.args[0]]["price"])  # type: ignore[attr-defined]
    return actions[0]


# Fixed plans for `main.py exploit` (hook `PLANS`).
def _thoughtful(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A careful hunter written from the rules (not from the bots' policy). The hunt cards left
    in every hand are known (played ones lie face up), so for a unicorn worth something to it
    (points, colours, the schemes it knows under it) it bids the fewest cards whose total beats
    the best any other seat can put down with that many cards, when that total is not more
    than its fair share of what it has left for the unicorns still to come; else the lowest
    odd total it has, or it passes at a worthless one. Its schemes go under the unicorn it most
    wants (one that helps the winner) or the one the others most want (one that hurts); it
    never moves one as the Wizard; at the market it buys what adds the most points."""
    if len(actions) == 1:
        return actions[0]
    s: Any = state
    phase = s.phase
    if phase == BID:
        return _careful_bid(s, seat, actions)
    if phase == SCHEME:
        n, line = s.num_players, s.zones[s.z_line]
        mine = [unicorn_value(s, seat, u) if u >= 0 else -9 for u in line]
        theirs = [max(unicorn_value(s, o, u) for o in range(n) if o != seat) if u >= 0 else -9 for u in line]

        def worth(action: Any) -> float:
            sid, pos = action.args
            if sid in HELPS:
                return mine[pos]
            if sid in HURTS:
                return theirs[pos] - mine[pos]
            return 0.5 * mine[pos]

        return max(actions, key=worth)
    if phase == WIZARD:
        return actions[0]  # stay
    if phase == MARKET:
        counts = s.colour_counts(seat)
        base = sum(s.collection_bonus(counts)[:2])
        return max(actions, key=lambda a: _purchase_gain(s, seat, a, counts, base) if a.args[0] else 0.0)  # type: ignore[attr-defined]
    if phase == 4:  # paint
        return _paint_action(s, seat, actions, rng)
    return actions[rng.randrange(len(actions))]  # a blind choice between two schemes


def _careful_bid(s: Any, seat: int, actions: list[Action]) -> Action:
    """The careful hunter's bid (see `_thoughtful`)."""
    hunts = [a for a in actions if a.kind == "hunt" and not a.args[1]]  # type: ignore[attr-defined]
    passing = next((a for a in actions if a.kind == "pass"), actions[0])  # type: ignore[attr-defined]
    value = known_worth(s, seat, s.hunt_pos)
    if not hunts or value <= 0:
        return passing
    value_of = s.value
    hands = {o: sorted((value_of[u] for u in s.zones[s.z_hand[o]]), reverse=True)
             for o in range(s.num_players) if o != seat and not s.passed[o]}
    wallet = sum(value_of[u] for u in s.zones[s.z_hand[seat]])
    share = wallet / max(1, s.rules.line_size - s.hunt_pos)
    by_size: dict[int, list[Any]] = {}
    for a in hunts:
        by_size.setdefault(len(a.args[0]), []).append(a)  # type: ignore[attr-defined]
    best = None
    for size in sorted(by_size):
        rival = max((sum(h[:size]) for h in hands.values() if len(h) >= size), default=-1)
        winning = [a for a in by_size[size] if sum(a.args[0]) > rival]  # type: ignore[attr-defined]
        if winning:
            cheapest = min(winning, key=lambda a: sum(a.args[0]))  # type: ignore[attr-defined]
            if sum(cheapest.args[0]) <= share * (1.0 + 0.3 * value):  # type: ignore[attr-defined]
                best = cheapest
                break
    if best is not None:
        return best
    if value < 2:
        return passing
    odd = [a for a in hunts if sum(a.args[0]) % 2]  # type: ignore[attr-defined]
    return min(odd or hunts, key=lambda a: (sum(a.args[0]), len(a.args[0])))  # type: ignore[attr-defined]


PLANS = {
    "highest": _highest, "never_first": _never_first, "lowest": _lowest, "pass_and_shop": _pass_and_shop,
    "cheapest": _cheapest, "thoughtful": _thoughtful,
}


def rollout_done(start: State, state: State) -> bool:
    """Stop a play-out when the round's hunts are over (the market adds little and the next
    round starts again from full hands), or at the end of the round when it began at the market."""
    if state.is_over() or state.stopped or state.round_no != start.round_no:  # type: ignore[attr-defined]
        return True
    return state.phase == MARKET and start.phase != MARKET  # type: ignore[attr-defined]


def playout(state: State, rng: Rng) -> list[float]:
    """The search's play-out (hook `playout`): `rollout_action`'s moves until `rollout_done`,
    then `evaluate`, as the engine-wide rollout plays them (the same moves from the same draws),
    on a quiet state: the moves build no events, which nobody reads there."""
    s: Any = state.quietly()
    round_no, from_market = s.round_no, s.phase == MARKET
    while s.phase != OVER and not s.stopped:
        mover = s.actor
        s.play(mover, _policy(s, mover, s._legal_now(mover), rng, 1.0, NOISE))  # listed once a step: no cache
        if s.round_no != round_no or (s.phase == MARKET and not from_market):
            break
    return evaluate(state)


def evaluate(state: State) -> list[float]:
    """Chance to win: exact at the end, else a softmax of the running scores whose temperature
    grows with the square root of the rounds still to play."""
    n = state.num_players
    if state.is_over():
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    totals = state.scores()
    left = state.rounds - state.round_no + (0 if state.stopped else 1)  # type: ignore[attr-defined]
    temperature = ROUND_SPREAD * math.sqrt(max(1, left))
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


