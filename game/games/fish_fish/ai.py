"""Fish Fish's bot hooks (API: game/ai/hooks.py): believable fisher and fish play styles,
a round-long play-out, and a value of the score sheet.

WHY: uniform random play-outs make fish bet blindly and the fisher lay catches anywhere, so a
search sees almost no difference between a safe bet and a reckless one. These policies play the
way people do: a fish weighs the bait against the chance that the line is a catch (computed only
from public facts: revealed cards, baits left), keeps fish back for later lines, and unloads before
the forced fifth line; the fisher lures with big baits, feeds small baits to the fish on empty
lines and keeps a catch for the last line when it can. Two styles, `cautious` and `bold`, change
the weights; a mix of both drives the search's play-outs.

Rounds score independently, so a play-out stops at the end of the current round and the score
sheet is valued with a softmax whose temperature grows with the rounds still to play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

# Spread of one seat's total per round, in points: measured with random games (simulate).
ROUND_SPREAD = 12.0
# How much a fish kept back is worth the biggest bait left rather than an average one (the fish
# left in hand eat the biggest bait when both catches are out): 0 = an average later bait.
HOLD_TOP = 0.0


@dataclass(frozen=True)
class Style:
    """How a player weighs risk. Fish: `aversion` (points a caught fish feels like losing on
    top of the fish), `share` (part of the fish bet on a good line), `spread` (bet at least an
    even share of the fish left on each good line). Fisher: `greed` (share of the fish it expects
    on a big bait), `lure` (weight of a catch laid under the biggest bait), `keep` (value of
    keeping a catch for the forced last line, where every fish left must bet). `temperature`: how much the choice varies."""

    aversion: float
    share: float
    spread: bool
    greed: float
    lure: float
    keep: float
    temperature: float
    noise: float


STYLE_PARAMS: dict[str, Style] = {
    "cautious": Style(aversion=4.0, share=0.34, spread=True, greed=0.25, lure=0.6, keep=0.4, temperature=1.5, noise=0.05),
    "bold": Style(aversion=2.0, share=0.6, spread=True, greed=0.45, lure=0.6, keep=0.6, temperature=2.5, noise=0.08),
}
BALANCED = Style(aversion=2.5, share=0.5, spread=True, greed=0.35, lure=1.0, keep=0.7, temperature=2.0, noise=0.1)


def catch_chance(state: Any) -> float:
    """The chance that the line is a catch, from public facts only: every fishing card not
    revealed this round (held, on the line or spent face down) is alike to a fish."""
    rules = state.rules
    unrevealed = rules.lines - state.revealed
    hidden_catches = rules.catches_total - state.revealed_catches
    return hidden_catches / unrevealed if unrevealed > 0 else 0.0


def fish_action(state: Any, seat: int, actions: list[Action], rng: Rng, style: Style) -> Action:
    """A fish player's bet: more on a big bait and a safe-looking line, less when the catches
    are still out; fish are unloaded before the forced last line."""
    if len(actions) == 1:
        return actions[0]
    later = [state.bait_value[u] for u in state.zones[state.z_baits[state.fisher]]]
    return actions[fish_bet(len(actions) - 1, catch_chance(state), state.line_value, later, rng, style)]


def fish_bet(fish: int, p: float, value: int, later: list[int], rng: Rng, style: Style) -> int:
    """How many of its `fish` a fish bets on a line worth `value` that is a catch with chance
    `p`, the fisher still holding the baits `later` (numbers only: shared with the play-out)."""
    if rng.random() < style.noise:
        return rng.randrange(fish + 1)
    hold = (1.0 - p) * ((1.0 - HOLD_TOP) * sum(later) / len(later) + HOLD_TOP * max(later)) if later else 0.0
    margin = (1.0 - p) * value - p * style.aversion - hold
    lines_left = len(later) + 1  # this one included
    bet = max(1, round(fish * style.share * min(1.0, 0.5 + margin / 2))) if margin > 0 else 0
    if style.spread and p < 0.5:
        bet = max(bet, fish // lines_left)
    jitter = rng.randrange(3) - 1 if style.temperature > 2 else 0
    return min(fish, max(0, bet + jitter))


def fisher_action(state: Any, seat: int, actions: list[Action], rng: Rng, style: Style) -> Action:
    """The fisher's line: a catch lures under a big bait, an empty line feeds a small one, and
    a catch laid now is not there for a later line (nor for the forced last line)."""
    if len(actions) == 1:
        return actions[0]
    zones = state.zones
    in_hands = sum(len(zones[state.z_fish[s]]) for s in state.order)
    baits = [state.bait_value[u] for u in zones[state.z_baits[seat]]]
    options = [(a.card, a.value) for a in actions]  # type: ignore[attr-defined]
    ends_left = state.rules.ends_round_total - state.revealed_ends
    return actions[fisher_pick(state.rules, options, in_hands, baits, ends_left, rng, style)]


def fisher_pick(
    rules: Any, options: list[tuple[str, int]], in_hands: int, baits: list[int], ends_left: int, rng: Rng, style: Style
) -> int:
    """The index of the fisher's line among `options` (card, bait value), from numbers only."""
    if rng.random() < style.noise:
        return rng.randrange(len(options))
    odds = fisher_odds(rules, options, in_hands, baits, ends_left, style)
    pick = rng.random() * sum(odds)
    for index, weight in enumerate(odds):
        pick -= weight
        if pick <= 0:
            return index
    return len(options) - 1


def fisher_odds(
    rules: Any, options: list[tuple[str, int]], in_hands: int, baits: list[int], ends_left: int, style: Style
) -> list[float]:
    """How likely the style's fisher lays each of `options` (unnormalized, noise left out)."""
    top = max(baits)
    mean_bait = sum(baits) / len(baits)
    points = rules.fisher_points
    # Fish expected on a later line: a share of those left, on an average bait.
    later = in_hands * style.greed * mean_bait / top
    scale = style.temperature * max(1.0, in_hands * style.greed)
    weights: list[float] = []
    for card, value in options:
        expected = in_hands * style.greed * value / top
        if card in rules.takes_bets:
            score = points * expected * (style.lure if value >= top else 1.0) - style.keep * points * later
            if card in rules.ends_round and ends_left == 1:
                rest = [b for b in baits if b != value] or [0]
                score -= (in_hands - expected) * max(rest)  # the fish left eat the top bait
        else:
            score = -value * expected + style.keep * mean_bait * later
        weights.append(score / scale)
    high = max(weights)
    return [math.exp(w - high) for w in weights]


def styled_action(style: Style):
    """The play policy of a style, with the hook signature (state, seat, actions, rng)."""

    def policy(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        if seat == state.fisher:  # type: ignore[attr-defined]
            return fisher_action(state, seat, actions, rng, style)
        return fish_action(state, seat, actions, rng, style)

    policy.__name__ = policy.__qualname__ = "styled_action"
    return policy


# Named play styles (hook `STYLES`): bots named after a style play it directly.
STYLES = {name: styled_action(style) for name, style in STYLE_PARAMS.items()}
rollout_action = styled_action(BALANCED)


# How often a level plays a move at random instead of searching (hook LEVEL_SLIPS). WHY: the
# search's bets and lines are as good at 80 iterations as at 500 or 2,500 (measured: medium won
# 11 and 11.5 of 40 games against three easy bots, a seat's baseline being 10): at a fish's bet
# and a fisher's line it draws by `prior` among the moves rated within 0.02 of its best, and
# the moves' values differ by less than that (a point in a round is about 0.01 of a chance to
# win), so every budget ends in the same draw. Easy errs instead: a random bet or line is a
# real mistake (the `all_in` and `bluff_big` plans win none of 40 games against medium).
LEVEL_SLIPS = {"easy": 0.5}


def rollout_done(start: State, state: State) -> bool:
    """Stop a play-out when the round it started in has been scored."""
    return state.is_over() or state.round_no != start.round_no  # type: ignore[attr-defined]


def evaluate(state: State) -> list[float]:
    """Chance to win from the score sheet: exact at the end, else a softmax of the totals whose
    temperature grows with the square root of the rounds still to play."""
    left = state.rounds_total - len(state.sheet)  # type: ignore[attr-defined]
    return totals_values(state.scores(), 0 if state.is_over() else max(1, left))


def totals_values(totals: list[int], rounds_left: int) -> list[float]:
    """Each seat's chance to win from the totals with `rounds_left` rounds to play (0: final)."""
    n = len(totals)
    top = max(totals)
    if rounds_left <= 0:
        winners = [s for s in range(n) if totals[s] == top]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    temperature = ROUND_SPREAD * math.sqrt(rounds_left)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


# ------------------------------------------------------------------ fixed plans (main.py exploit)
def _lure_first(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As fisher: a catch under the biggest bait on every line while a catch is left (the first
    line first); as a fish: the balanced play."""
    if seat != state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    takes = state.rules.takes_bets  # type: ignore[attr-defined]
    catches = [a for a in actions if a.card in takes]  # type: ignore[attr-defined]
    pool = catches or actions
    return max(pool, key=lambda a: (a.value, -actions.index(a)))  # type: ignore[attr-defined]


def _bluff_big(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As fisher: an empty line under the biggest bait while an empty card is left (a bluff
    that scares the fish off a bait it would pay); as a fish: the balanced play."""
    if seat != state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    takes = state.rules.takes_bets  # type: ignore[attr-defined]
    empties = [a for a in actions if a.card not in takes]  # type: ignore[attr-defined]
    pool = empties or actions
    return max(pool, key=lambda a: (a.value, -actions.index(a)))  # type: ignore[attr-defined]


def _never_bet(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As a fish: bet nothing until forced (the last line takes every fish); as fisher: the
    balanced play."""
    if seat == state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    return actions[0]


def _all_in(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As a fish: every fish on the first line offered; as fisher: the balanced play."""
    if seat == state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    return actions[-1]


def _trap_small(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As fisher: a catch under the smallest bait while a catch is left (a trap where fish feel
    safe); as a fish: the balanced play."""
    if seat != state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    return _under_smallest_bait(state, actions, catch=True)


def _under_smallest_bait(state: State, actions: list[Action], catch: bool) -> Action:
    """The fisher's line with a catch (or an empty card) under its smallest bait, the first
    listed among equals; any card when it holds none of that kind."""
    takes = state.rules.takes_bets  # type: ignore[attr-defined]
    pool = [a for a in actions if (a.card in takes) == catch] or actions  # type: ignore[attr-defined]
    return min(pool, key=lambda a: (a.value, actions.index(a)))  # type: ignore[attr-defined]


def _late_catch(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As fisher: its empty cards first, each under the smallest bait, and its catches kept for
    the last lines, where every fish left must bet (the plan that beat hard's fish while they
    waited); as a fish: the balanced play."""
    if seat != state.fisher:  # type: ignore[attr-defined]
        return rollout_action(state, seat, actions, rng)
    return _under_smallest_bait(state, actions, catch=False)


def _lure_and_keep(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As fisher: a catch under its biggest bait on the first line (fish keep off it, so it is
    spent), then its empty cards under its biggest baits, its other catch kept for the forced
    last line, where every fish left must bet; as a fish, the balanced play."""
    table: Any = state
    if seat != table.fisher:
        return rollout_action(state, seat, actions, rng)
    takes = table.rules.takes_bets
    catches = [a for a in actions if a.card in takes]  # type: ignore[attr-defined]
    empties = [a for a in actions if a.card not in takes]  # type: ignore[attr-defined]
    if table.line_no == 1 and catches:
        pool = catches
    elif empties and table.line_no < table.rules.lines:
        pool = empties
    else:
        pool = actions
    return max(pool, key=lambda a: (a.value, -actions.index(a)))  # type: ignore[attr-defined]


def _one_then_wait(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """As a fish: one fish on the round's first line, then nothing until forced (a fish that
    waits without looking like one that never bets); as fisher: the balanced play."""
    table: Any = state
    if seat == table.fisher:
        return rollout_action(state, seat, actions, rng)
    return actions[1] if table.line_no == 1 and len(actions) > 1 else actions[0]


def _thoughtful(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A careful player written from the rules (not from the bots' styles), reading only
    public facts and its own cards. As a fish it counts the catches still unrevealed: a line is
    worth its bait if it is empty, and costs the fish if it is a catch; it bets a share of its
    fish that grows with that margin against what a fish kept for a later line is worth
    (the mean bait left, if empty), everything on a good last chance. As the fisher it lays a
    catch under a big bait while many fish are in hand and saves its catches for the last
    lines otherwise; an empty card goes under the smallest bait, now and then under a big one
    so that its big baits are not read as catches."""
    if len(actions) == 1:
        return actions[0]
    s: Any = state
    if seat != s.fisher:
        fish = len(actions) - 1
        p = catch_chance(s)
        later = [s.bait_value[u] for u in s.zones[s.z_baits[s.fisher]]]
        hold = (1.0 - p) * sum(later) / len(later) if later else 0.0
        margin = (1.0 - p) * s.line_value - p * 1.5 - hold
        if margin <= 0:
            return actions[0]
        share = 1.0 if not later or margin > 2.0 else 0.5
        return actions[max(1, round(fish * share))]
    takes = s.rules.takes_bets
    in_hands = sum(len(s.zones[s.z_fish[o]]) for o in s.order)
    lines = [a for a in actions if a.card in takes]  # type: ignore[attr-defined]
    empties = [a for a in actions if a.card not in takes]  # type: ignore[attr-defined]
    fish_total = s.rules.fish_per_player * (s.num_players - 1)
    lure = lines and (in_hands * 2 >= fish_total or not empties)
    if lure and rng.random() < 0.8:
        return max(lines, key=lambda a: a.value)  # type: ignore[attr-defined]
    pool = empties or lines
    if rng.random() < 0.25:
        return max(pool, key=lambda a: a.value)  # type: ignore[attr-defined]
    return min(pool, key=lambda a: a.value)  # type: ignore[attr-defined]


PLANS = {
    "lure_first": _lure_first,
    "trap_small": _trap_small,
    "bluff_big": _bluff_big,
    "never_bet": _never_bet,
    "all_in": _all_in,
    "late_catch": _late_catch,
    "lure_and_keep": _lure_and_keep,
    "one_then_wait": _one_then_wait,
    "thoughtful": _thoughtful,
}


# ------------------------------------------------------------------ inference (hooks belief, prior)
# The fish's model of the fisher: one of these kinds for the whole round, with these prior weights
# (the lure, a catch under a big bait, is what new players try first: four times as likely a
# priori; measured against the lure_first plan, 4 beat 2: 2 of 24 games won instead of 6).
# A kind is how much likelier it lays a catch than an empty card (card for card), from the bait's
# rank among those it holds (-1 smallest, +1 biggest) and the line's place in the round.
FISHER_KINDS = {"any": 1.0, "lure": 4.0, "trap": 1.0, "early": 1.0, "late": 1.0}
KIND_SLOPE = 2.0  # lure/trap: a catch exp(2) times likelier under the biggest bait (trap: smallest)
KIND_BOOST = 3.0  # early/late: a catch 3 times likelier (less likely) than an empty card
KINDS_TOTAL = sum(FISHER_KINDS.values())


def catch_odds(kind: str, rank: float) -> float:
    """How much likelier a fisher of `kind` lays a catch than an empty card under this bait."""
    if kind == "lure":
        return math.exp(KIND_SLOPE * rank)
    if kind == "trap":
        return math.exp(-KIND_SLOPE * rank)
    if kind == "early":
        return KIND_BOOST
    if kind == "late":
        return 1.0 / KIND_BOOST
    return 1.0


def belief(state: State, seat: int) -> float:
    """How likely the fisher's lines this round were if its hidden cards are as in `state`,
    relative to a fisher laying any card: the determinization already deals the cards at random
    (a fisher without a plan), so each line weighs (chance under the kind) / (chance at random),
    multiplied over the round's lines for each kind of FISHER_KINDS, averaged by the kinds' weights.
    The fisher itself knows everything: constant 1."""
    fisher = state.fisher  # type: ignore[attr-defined]
    if seat == fisher:
        return 1.0
    rules = state.rules
    takes = rules.takes_bets  # type: ignore[attr-defined]
    zones, ids, bait_value = state.zones, state.card_ids, state.bait_value  # type: ignore[attr-defined]
    laid = zones[state.z_discard[fisher]] + zones[state.z_line[fisher]]  # type: ignore[attr-defined]
    lines = [(laid[i], laid[i + 1]) for i in range(0, len(laid) - 1, 2)]
    catches = sum(ids[u] in takes for u in zones[state.z_fishing[fisher]])  # type: ignore[attr-defined]
    held = len(zones[state.z_fishing[fisher]])  # type: ignore[attr-defined]
    baits = [bait_value[u] for u in zones[state.z_baits[fisher]]]  # type: ignore[attr-defined]
    products = dict.fromkeys(FISHER_KINDS, 1.0)
    for card_uid, bait_uid in reversed(lines):  # back in time: put each line's cards back
        is_catch = ids[card_uid] in takes
        catches += is_catch
        held += 1
        value = bait_value[bait_uid]
        baits.append(value)
        low, high = min(baits), max(baits)
        rank = (2.0 * (value - low) / (high - low) - 1.0) if high > low else 0.0
        empties = held - catches
        for kind in FISHER_KINDS:
            odds = catch_odds(kind, rank)
            chance = (odds if is_catch else 1.0) * held / (odds * catches + empties)
            products[kind] *= chance
    return sum(FISHER_KINDS[kind] * p for kind, p in products.items()) / KINDS_TOTAL


def prior(state: State, seat: int, actions: list[Action]) -> list[float] | None:
    """Balanced play at Fish Fish's bluffing spots (all of its choices): the fisher lays its lines
    as the balanced play-out fisher would (each line with its odds, never a fixed one); a fish
    spreads its fish evenly over the lines left (about fish / lines, either way at random).
    Reads only the seat's own cards and public facts."""
    if len(actions) < 2:
        return None
    table: Any = state  # a FishFishState
    if seat == table.fisher:
        zones = table.zones
        in_hands = sum(len(zones[table.z_fish[s]]) for s in table.order)
        baits = [table.bait_value[u] for u in zones[table.z_baits[seat]]]
        options = [(a.card, a.value) for a in actions]  # type: ignore[attr-defined]
        ends_left = table.rules.ends_round_total - table.revealed_ends
        return fisher_odds(table.rules, options, in_hands, baits, ends_left, BALANCED)
    fish = len(actions) - 1  # bets 0..fish
    lines_left = table.rules.lines - table.line_no + 1
    share = fish / max(1, lines_left)
    return [math.exp(-SPREAD_SHARPNESS * abs(bet - share)) for bet in range(fish + 1)]


SPREAD_SHARPNESS = 1.0  # a fish's prior bet: exp(-1) times less likely per fish away from the even share


# ------------------------------------------------------------------ hard (hooks FLAT_LEVELS, default_move)
# WHY: at every bet and line the tree's levels draw by `prior` among the moves they rate within
# 0.02 of their best, and the moves' values differ by less than that, so medium and hard played
# alike (hard won 11 of 40 games against three medium bots). Those levels' fisher is therefore the
# balanced fisher of `fisher_odds`, which lays its catches under big baits: on a round's first
# line a 5 is a catch 9 times in 10, a 2 fewer than 4 times in 10. Hard reads a line that way
# and bets by the line's expected points (`hard_fish_bet`); its fisher keeps the tree's balanced
# draw unless a flat search of 240 worlds, the round played on by `prior` draws (the fish seen
# waiting betting nothing until forced: `fisher_playout`), finds a line clearly better.
# Measured on 2026-12-06: hard won 21 of 40 games against three medium bots, where the seat's
# share is 10 (docs/bots.md, "Fish Fish's hard").
def prior_action(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A draw by `prior` (balanced play), as the tree's levels play at every bet and line."""
    weights = prior(state, seat, actions) if len(actions) > 1 else None
    if not weights:
        return actions[0]
    pick = rng.random() * sum(weights)
    for action, weight in zip(actions, weights, strict=True):
        pick -= weight
        if weight and pick <= 0:
            return action
    return actions[-1]


def line_catch_chance(state: Any) -> float:
    """The chance that the line on the table is a catch, for a fish that takes the fisher for the
    balanced fisher the tree's levels play (`fisher_odds` with BALANCED, a tenth of its lines at
    random): the fisher's hand before it laid the line is drawn from the unrevealed fishing cards
    (public counts only), and each hand is weighed by how likely that fisher laid this line's
    bait from it."""
    zones, fisher = state.zones, state.fisher
    baits = [state.bait_value[u] for u in zones[state.z_baits[fisher]]] + [state.line_value]
    hidden = state.rules.catches_total - state.revealed_catches
    size = len(zones[state.z_fishing[fisher]]) + 1  # its hand before the line
    chance = laid_catch_chance(state, state.rules.lines - state.revealed, hidden, size, baits, state.line_value)
    return catch_chance(state) if chance is None else chance


def laid_catch_chance(state: Any, unrevealed: int, hidden: int, size: int, baits: list[int], value: int) -> float | None:
    """The chance that a balanced fisher with a hand of `size` cards drawn from `unrevealed`
    fishing cards, `hidden` of them catches, holding `baits`, lays a catch given that it lays
    the bait `value` (None: it cannot)."""
    rules, zones = state.rules, state.zones
    if size <= 0 or unrevealed < size:
        return None
    values = sorted(set(baits))
    in_hands = sum(len(zones[state.z_fish[s]]) + max(0, state.bets[s]) for s in state.order)
    ends_left = rules.ends_round_total - state.revealed_ends
    catch_card = next(c for c in rules.fishing_order if c in rules.takes_bets)
    empty_card = next(c for c in rules.fishing_order if c not in rules.takes_bets)
    on_catch = on_empty = 0.0
    for c in range(max(0, size - (unrevealed - hidden)), min(size, hidden) + 1):
        chance = math.comb(hidden, c) * math.comb(unrevealed - hidden, size - c) / math.comb(unrevealed, size)
        options = ([(catch_card, v) for v in values] if c > 0 else []) + ([(empty_card, v) for v in values] if c < size else [])
        odds = fisher_odds(rules, options, in_hands, baits, ends_left, BALANCED)
        total = sum(odds)
        for (card, v), weight in zip(options, odds, strict=True):
            if v == value:
                lay = chance * ((1.0 - BALANCED.noise) * weight / total + BALANCED.noise / len(options))
                if card == catch_card:
                    on_catch += lay
                else:
                    on_empty += lay
    return on_catch / (on_catch + on_empty) if on_catch + on_empty > 0 else None


# From this line on, while no line has been revealed this round, a fish kept is worth the later
# baits read as the balanced fisher lays them (else the mean later bait, if its line is empty).
# WHY: fish that all wait are met by a fisher who lays its empty cards first and keeps its
# catches for the last lines, where every fish left must bet (measured: such a plan won 16 of
# 16 games against three hard bots that always waited, by 37 points). A kept fish also pays the
# fisher when its later line is a catch: without that cost in the hold, the plan (`late_catch`)
# won 16 of 20; with it, 5.25 of 40 (13 %, 6-27 %), measured 2026-12-03 with fixed budgets. The
# full cost overstates the risk (a kept fish may wait on); its weight was measured (2026-12-06):
# at half or three quarters of it hard's fish wait again and `late_catch` won 40 of 40.
HOLD_LINE = 2


def hard_fish_bet(state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Hard's bet, by expected points: a fish bet on this line earns the bait if the line is
    empty and gives the fisher (one of the rivals) its points if it is a catch; a fish kept
    earns the mean later bait if its line is empty and pays the fisher if it is a catch, or
    (HOLD_LINE) as much as an average later line read as the balanced fisher lays it. Every
    fish when the line is better than keeping them by a point a fish, half of them when barely."""
    later = [state.bait_value[u] for u in state.zones[state.z_baits[state.fisher]]]
    rules = state.rules
    p = line_catch_chance(state)
    fish = len(actions) - 1
    cost = rules.fisher_points / max(1, state.num_players - 1)
    unrevealed_after = rules.lines - state.revealed - 1
    hidden = rules.catches_total - state.revealed_catches
    if later and state.revealed == 0 and state.line_no >= HOLD_LINE:
        size = len(state.zones[state.z_fishing[state.fisher]])
        hold = 0.0
        for b in later:
            worth = 0.0
            for gone, weight in ((1, p), (0, 1.0 - p)):  # the line on the table a catch or not
                if weight <= 0.0:
                    continue
                q = laid_catch_chance(state, unrevealed_after, hidden - gone, size, later, b)
                if q is None:
                    q = (hidden - gone) / unrevealed_after if unrevealed_after > 0 else 0.0
                worth += weight * ((1.0 - q) * b - q * cost)
            hold += worth / len(later)
    else:
        q = min(1.0, max(0.0, (hidden - p) / unrevealed_after)) if unrevealed_after > 0 else 0.0
        hold = (1.0 - q) * sum(later) / len(later) - q * cost if later else 0.0
    margin = (1.0 - p) * state.line_value - p * cost - hold
    if margin <= 0 < keeper_margin(state, later, cost):  # only a keeping fisher makes it better
        return actions[max(1, fish // 2)]
    if margin <= 0:
        return actions[0]
    return actions[fish if margin > 1.0 or not later else max(1, fish // 2)]


def keeper_margin(state: Any, later: list[int], cost: float) -> float:
    """On the line before the forced last one: what betting a fish here gains over keeping it
    for the last line, against a fisher who keeps a catch for that line whenever it holds one
    (there every fish left must bet). 0 on any other line.

    WHY: fish that read every line as the balanced fisher lays it wait through the empty lines
    and are all taken on the forced last line by a fisher who lures once and then keeps its
    catch: such a plan won 40 of 40 games against three hard bots (2026-12-06). Betting every
    fish here instead loses them all to a fisher who keeps both catches for the last two lines
    (`late_catch` then won 26.5 of 40), so a line only such a fisher makes better gets half
    the fish (`hard_fish_bet`): 17.5 of 40 for each plan."""
    rules = state.rules
    if len(later) != 1 or state.line_no != rules.lines - 1:
        return 0.0
    unrevealed = rules.lines - state.revealed  # the line on the table and the fisher's last card among them
    if unrevealed < 2:
        return 0.0
    hidden = rules.catches_total - state.revealed_catches
    pairs = math.comb(unrevealed, 2)
    both = math.comb(hidden, 2) / pairs  # the line on the table a catch: the fisher held two
    neither = math.comb(unrevealed - hidden, 2) / pairs  # else the last line is its catch
    return (1.0 - both) * state.line_value - both * cost - (neither * later[0] - (1.0 - neither) * cost)


def hard_default(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Hard's move (hook default_move, which only the flat level reads here: the tree's levels
    draw by `prior` at every choice): a fish's bet by `hard_fish_bet`, a line by `prior`."""
    if seat != state.fisher and len(actions) > 1:  # type: ignore[attr-defined]
        return hard_fish_bet(state, seat, actions, rng)
    return prior_action(state, seat, actions, rng)


FISHER_FLAT = True  # False: hard's fisher plays the prior's draw without searching


def flat_playout(state: State, rng: Rng) -> list[float]:
    """The flat search's play-out (hard): a fish's bet is not searched (every tried bet values
    alike, so `hard_fish_bet` stands); after a line just laid, `fisher_playout`."""
    s: Any = state
    if FISHER_FLAT and s.phase == "bet" and all(b < 0 for b in s.bets):  # a line just laid
        return fisher_playout(state, rng)
    return [0.5] * state.num_players


def waiting_fish(state: Any) -> set[int]:
    """The fish seen waiting: past this round's first line, every one of their fish still
    kept (public: the fish in hand and the bets on the line)."""
    if state.line_no < 2:
        return set()
    full = state.rules.fish_per_player
    zones, fish, bets = state.zones, state.z_fish, state.bets
    return {seat for seat in state.order if len(zones[fish[seat]]) + max(0, bets[seat]) == full}


def fisher_playout(state: State, rng: Rng) -> list[float]:
    """Hard's fisher's play-out: the round played on with the fish seen waiting (`waiting_fish`)
    betting nothing until forced and the other seats drawing by `prior`, then `evaluate`.

    WHY: played out by `prior` alone, every fish bets on the big baits, so hard's fisher lured
    with its catches on the first lines, where fish that wait bet nothing and the catch is
    spent: a hard fisher scored 0 points a round against hard fish, and a fish that never bets
    until forced (`never_bet`) won 19.25 of 40 games against three hard bots. Read as waiting,
    those fish meet the catch kept for the forced last line: `never_bet` won 0 of 40, and hard
    20 of 40 against three medium bots (19 before; 2026-12-06)."""
    s: Any = state.quietly()
    round_no = s.round_no
    waits = waiting_fish(s)
    while not s.is_over() and not s.stopped and s.round_no == round_no:
        for mover in s.to_act():
            actions = s.legal_actions(mover)
            s.apply(mover, actions[0] if mover in waits else prior_action(s, mover, actions, rng))
    return evaluate(state)


default_move = hard_default
FLAT_LEVELS = {"hard": 240}
