"""Silver's bot hooks (API: game/ai/hooks.py): a play-out policy that plays from what the seat
knows, play-outs cut at the end of the round, a value of the score sheet, and forgetting.

WHY: uniform random play-outs announce random sets of cards, which mostly fail and swell the
villages to twenty cards; nothing like a real round. The policy here plays the way people do,
from its own memory only (cards it saw; an unseen card of its own counts a point above the deck's mean, an
opponent's that its owner knows as less and less as the round runs, see `kept_mean`): it keeps low cards, swaps
out its highest known card, discards several equal cards at once when it knows them, uses powers
to learn its own cards or steal a low one, and calls the count when its estimated total is the
lowest at the table by a margin.

Rounds score independently, so a play-out stops when its round has been scored; the score sheet
is valued with a softmax whose temperature grows with the rounds still to play.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.actions import Action
from game.engine.events import ALL_SEATS
from game.engine.rng import Rng
from game.engine.state import State
from game.games.silver_amulet.legal import action_of
from game.games.silver_amulet.thoughtful import thoughtful

ROUND_SPREAD = 12.0  # spread of one seat's loss per round, in points (measured with the policy)
CALL_MARGIN = 6.0  # call when the estimated total is this much below every opponent's
OWN_UNSEEN_ABOVE = 1.0  # an own card the seat has not seen counts this much above the deck's mean
TAKE_LOW = 5  # the discard pile's card is taken when this low (and the worst own card is higher)
NOISE = 0.05  # share of play-out moves chosen at random (keeps the search exploring)
HORIZON = 4  # play-out length in actions per seat (about two turns each) before `evaluate`


def _unseen_mean(state: Any, seat: int) -> float:
    """What an own card the seat has not seen counts for: a point above the deck's mean
    (7.5 for the published deck), a constant because the exact mean of the cards the seat has
    not seen costs a scan per move. WHY above the mean: an unseen card swapped for a known 6
    both lowers the village and makes it known (a sound call, a later exchange); measured in
    paired policy games (docs/bots.md), counting it at 7.5 won 3 to 4 points more often than
    at 6.5, and its calls failed less often."""
    return state.rules.mean_value + OWN_UNSEEN_ABOVE  # type: ignore[no-any-return]


def _worth(state: Any, seat: int, uid: int, mean: float) -> float:
    """What a card is worth to `seat`'s estimate: its value if seen, else the unseen mean."""
    return state.vals[uid] if state.knowledge()[uid] & (1 << seat) else mean  # type: ignore[no-any-return]


def lap(state: Any) -> int:
    """Laps of turns the round has run: draws from the deck per player."""
    n = state.num_players
    return max(0, state.rules.deal_deck[n] - len(state.zones[state.z_deck])) // n  # type: ignore[no-any-return]


def kept_mean(state: Any) -> float:
    """What an opponent's face-down card that its owner knows (and the seat does not) is worth
    now: the YAML's `bots.kept_mean` for this lap (people keep the low cards they know)."""
    means = state.rules.kept_mean
    return means[min(lap(state), len(means) - 1)]  # type: ignore[no-any-return]


def estimate(state: Any, seat: int, owner: int, mean: float) -> float:
    """`seat`'s estimate of `owner`'s village total: the cards it saw at their values, the
    seat's own unseen ones at `mean`; an opponent's unseen card at `kept_mean` when its owner
    knows it (a card kept knowingly), else at the deck's mean."""
    known, vals, bit = state.knowledge(), state.vals, 1 << seat
    village = state.zones[state.z_village[owner]]
    if owner == seat:
        return sum(vals[u] if known[u] & bit else mean for u in village)  # type: ignore[no-any-return]
    kept, other, theirs = kept_mean(state), state.rules.mean_value, 1 << owner
    return sum(vals[u] if known[u] & bit else kept if known[u] & theirs else other for u in village)  # type: ignore[no-any-return]


def kept_places(state: Any, seat: int) -> tuple[int, ...]:
    """The opponents' face-down village cards that their owners know and `seat` has not seen."""
    known, up, bit = state.knowledge(), state.faces(), 1 << seat
    out: list[int] = []
    for owner, zi in enumerate(state.z_village):
        if owner == seat:
            continue
        theirs = 1 << owner
        out += [u for u in state.zones[zi] if not up[u] and not known[u] & bit and known[u] & theirs]
    return tuple(out)


def determinizer(state: State, seat: int) -> Any:
    """The search's determinizations (hook `determinizer`): the cards `seat` has not seen dealt
    at random, but an opponent's card that its owner knows and kept is dealt from them weighted
    towards the low ones (the YAML's `bots.kept_mean` for this lap of the round). WHY: dealt
    uniformly, such cards were worth the deck's 6.5 in every sampled world while people keep
    their low cards (measured: 5.5 on the first lap, under 3.5 from the fourth), so the search
    called the count against villages far lower than it believed."""
    s: Any = state
    kept = kept_places(s, seat)
    tilts = s.rules.kept_tilt
    tilt = tilts[min(lap(s), len(tilts) - 1)]
    if not kept or tilt <= 0.0:
        return lambda rng: s.determinize(seat, rng)
    index = {uid: i for i, uid in enumerate(s.unseen_places(seat))}
    at = tuple(index[uid] for uid in kept)
    return lambda rng: s.determinize(seat, rng, at, tilt)


def _pick(actions: list[Action], text: str) -> Action | None:
    for action in actions:
        if action.text == text:
            return action
    return None


def _worst_slot(state: Any, seat: int, mean: float) -> tuple[int, float]:
    """The own slot worth the most to lose (not under the amulet): (index, worth)."""
    known, vals, bit, amulet = state.knowledge(), state.vals, 1 << seat, state.amulet
    best, worth = -1, -1.0
    for i, uid in enumerate(state.zones[state.z_village[seat]]):
        if uid == amulet:
            continue
        w = vals[uid] if known[uid] & bit else mean
        if w > worth:
            best, worth = i, w
    return best, worth


def _known_groups(state: Any, seat: int) -> list[list[int]]:
    """Slots of own cards the seat knows, grouped by value (groups of two or more), the
    highest value first."""
    return _read_village(state, seat, 0.0)[0]


def _read_village(state: Any, seat: int, mean: float) -> tuple[list[list[int]], int, float]:
    """`_known_groups` and `_worst_slot` from one walk of the village (a held card asks both)."""
    known, vals, bit, amulet = state.knowledge(), state.vals, 1 << seat, state.amulet
    groups: dict[int, list[int]] = {}
    repeated = False
    best, worth = -1, -1.0
    for i, uid in enumerate(state.zones[state.z_village[seat]]):
        if uid == amulet:
            continue
        if known[uid] & bit:
            value = vals[uid]
            group = groups.get(value)
            if group is None:
                groups[value] = [i]
            else:
                group.append(i)
                repeated = True
            if value > worth:
                best, worth = i, value
        elif mean > worth:
            best, worth = i, mean
    if not repeated:
        return [], best, worth
    return [g for v, g in sorted(groups.items(), reverse=True) if len(g) >= 2], best, worth


def _known_pair(state: Any, seat: int, value: int) -> bool:
    """Whether the seat knows two own cards of `value` or more (off the amulet): a group the
    discard pile's card of that value would join."""
    known, vals, bit, amulet = state.knowledge(), state.vals, 1 << seat, state.amulet
    count = 0
    for uid in state.zones[state.z_village[seat]]:
        if vals[uid] == value and known[uid] & bit and uid != amulet:
            count += 1
    return count >= 2


def _legal(state: Any, seat: int, text: str) -> Action | None:
    """The action of `text` if it is legal for `seat` now (checked directly, nothing listed)."""
    return action_of(text) if state.is_legal(seat, text) else None


def _exchange(state: Any, seat: int, new_value: float, mean: float) -> Action | None:
    """The best exchange for a card worth `new_value`: a known group of equal cards, else the
    own card worth the most if it is worth clearly more."""
    groups, slot, worth = _read_village(state, seat, mean)
    for group in groups:
        value = state.vals[state.zones[state.z_village[seat]][group[0]]]
        if value * len(group) > new_value + 2:
            found = state.exchange_action(seat, group[:6])
            if found is not None:
                return found
    if slot >= 0 and worth > new_value + 1:
        return state.exchange_action(seat, [slot])  # type: ignore[no-any-return]
    return None


def policy_move(state: State, seat: int, rng: Rng, noise: float = NOISE) -> Action:
    """The play-out policy's move for `seat` (see rollout_action), listing the legal actions
    only where they are few: holding a drawn or taken card, the moves it considers are
    checked one by one (a long village allows thousands of exchange sets)."""
    s: Any = state
    if s._exchange_step(seat):
        return _holding(s, seat, rng, noise)
    if s._main_step(seat):
        if not s.zones[s.z_discard] and not s._may_call(seat) and not s._extra_texts(seat):
            return action_of("draw")  # the only move
        if noise and rng.random() < noise:
            return s.sample_action(seat, rng)  # type: ignore[no-any-return]
        return _main(s, seat, rng, _unseen_mean(s, seat), None)
    return rollout_action(state, seat, state.legal_actions(seat), rng, noise)


def _holding(s: Any, seat: int, rng: Rng, noise: float = NOISE) -> Action:
    """Holding a drawn or taken card: exchange it for a known group or the worst own card,
    else use its power or discard it (a taken card must be exchanged)."""
    if rng.random() < noise:
        return s.sample_action(seat, rng)  # type: ignore[no-any-return]
    mean = _unseen_mean(s, seat)
    drawn_value = s.vals[s.zones[s.z_drawn[seat]][0]]
    choice = _exchange(s, seat, drawn_value, mean)
    if choice is not None:
        return choice
    if s.step == "taken":  # must exchange: the card worth the most
        slot, _ = _worst_slot(s, seat, mean)
        return s.exchange_action(seat, [slot]) or s.sample_action(seat, rng)  # type: ignore[no-any-return]
    use = _legal(s, seat, "use")
    return use if use is not None else action_of("discard")  # a power for free: always used


def rollout_action(state: State, seat: int, actions: list[Action], rng: Rng, noise: float = NOISE) -> Action:
    """A believable move from what `seat` knows (see the module docstring); a share `noise`
    of the moves is random."""
    if len(actions) == 1:
        return actions[0]
    s: Any = state
    if s._exchange_step(seat):
        return _holding(s, seat, rng, noise)
    if rng.random() < noise:
        return actions[rng.randrange(len(actions))]
    first = actions[0].text
    if first.startswith(("peek", "guard")):
        return _guard(s, seat, actions, rng) if first.startswith("guard") else actions[rng.randrange(len(actions))]
    mean = _unseen_mean(s, seat)
    step = s.step
    if step == "main":
        return _main(s, seat, rng, mean, {a.text for a in actions})
    if step == "rascal":
        drawn = s.zones[s.z_drawn[seat]]
        return actions[0] if s.vals[drawn[0]] <= s.vals[drawn[1]] else actions[1]
    return _power(s, seat, actions, rng, mean)


def playout(state: State, rng: Rng) -> list[float]:
    """The tree search's play-out (hook `playout`): the policy's moves until `rollout_done`,
    then `evaluate`; the same as the engine-wide rollout with those hooks, without listing every
    legal action at every step."""
    return _play(state, rng, HORIZON * state.num_players, NOISE)


def flat_playout(state: State, rng: Rng) -> list[float]:
    """The flat search's play-out (hook `flat_playout`, hard bots): the policy without random
    moves to the end of the round, then `evaluate` of the scored sheet. WHY to the end: the
    round's result then comes from the calls and last turns as the policy plays them, not from
    villages valued a few turns on."""
    return _play(state, rng, None, 0.0)


FLAT_LEVELS = {"hard": 32}  # worlds per decision (game/ai/flat.py): 0.20 s of CPU a decision on average at 4 players


def _play(state: State, rng: Rng, horizon: int | None, noise: float) -> list[float]:
    """The policy's moves until the round is scored or `horizon` actions were played, then
    `evaluate`."""
    s: Any = state.quietly()  # the search's own copy: no events, and no next deal after the round is scored
    version = s.version
    while s.phase in ("peek", "turn") and not s.stopped:
        for mover in s.to_act():
            s.apply(mover, policy_move(s, mover, rng, noise))
        if horizon is not None and s.version - version >= horizon:
            break
    return evaluate(state)


def _main(s: Any, seat: int, rng: Rng, mean: float, allowed: set[str] | None) -> Action:
    """The start of a turn: a free look at an unknown own card, the call when it pays, the
    amulet on the lowest card (half the time), the discard pile's card when it is low or
    matches a known group, else a draw. `allowed`: the texts that may be played (None: every
    legal one, read from the state without listing them)."""
    village = s.zones[s.z_village[seat]]
    known, bit = s.knowledge(), 1 << seat
    looks = s._free_looks(seat)
    if looks is not None and looks[1] > s.looks_used:  # free knowledge first: a look at an unknown card
        up, amulet = s.faces(), s.amulet
        for i, uid in enumerate(village):
            if not up[uid] and uid != amulet and not known[uid] & bit:
                text = f"{looks[0]} {i + 1}"
                if allowed is None or text in allowed:
                    return action_of(text)
    if s._may_call(seat) if allowed is None else "call count" in allowed:
        mine = estimate(s, seat, seat, mean)
        others = min(estimate(s, seat, o, mean) for o in range(s.num_players) if o != seat)
        if mine + CALL_MARGIN < others:
            return action_of("call count")
    if s.amulet_holder == seat and s.amulet_ready if allowed is None else "amulet 1" in allowed:
        low = min(range(len(village)), key=lambda i: _worth(s, seat, village[i], mean))  # protect the lowest
        if rng.random() < 0.5:
            return action_of(f"amulet {low + 1}")
    if s.zones[s.z_discard] if allowed is None else "take discard" in allowed:
        top = s.vals[s.zones[s.z_discard][-1]]
        if top <= TAKE_LOW and _worst_slot(s, seat, mean)[1] > top + 2 or _known_pair(s, seat, top):
            return action_of("take discard")
    return action_of("draw")


def _guard(s: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Guard the lowest card the seat knows (opponents would steal it), else any."""
    village = s.zones[s.z_village[seat]]
    bit = 1 << seat
    best, value = None, 99
    for action in actions:
        uid = village[int(action.text.split()[1]) - 1]
        if s.knowledge()[uid] & bit and s.vals[uid] < value:
            best, value = action, s.vals[uid]
    return best or actions[rng.randrange(len(actions))]


def _power(s: Any, seat: int, actions: list[Action], rng: Rng, mean: float) -> Action:
    """Targets: learn your own unknown cards, swap your worst card for a low one."""
    bit = 1 << seat
    first = actions[0].text.split()[0]
    if first in ("look", "turn"):
        with_seat = _seat_form(s)
        own = []
        for action in actions:
            words = action.text.split()[1:]
            pairs = [(int(words[k]), int(words[k + 1])) for k in range(0, len(words), 2)] if with_seat else [(seat, int(w)) for w in words]
            if all(o == seat and not s.knowledge()[s.zones[s.z_village[seat]][n - 1]] & bit for o, n in pairs):
                own.append((len(pairs), action))
        if own and first == "look":
            most = max(k for k, _ in own)
            own_best = [a for k, a in own if k == most]
            return own_best[rng.randrange(len(own_best))]
        return actions[rng.randrange(len(actions))]
    slot, worth = _worst_slot(s, seat, mean)
    if first == "take":  # master: the lowest card of the pile for the worst own card
        pile = s.zones[s.z_discard]
        k = min(range(len(pile)), key=lambda j: s.vals[pile[len(pile) - 1 - j]])
        if s.vals[pile[len(pile) - 1 - k]] + 1 < worth:
            found = _pick(actions, f"take {k + 1} exchange {slot + 1}")
            if found is not None:
                return found
        return actions[rng.randrange(len(actions))]
    if first in ("swap", "leave"):  # witch: the deck top (seen) for the worst own card
        top = s.zones[s.z_deck][-1]
        if s.vals[top] + 1 < worth:
            found = _pick(actions, f"swap {seat} {slot + 1}")
            if found is not None:
                return found
        return _pick(actions, "leave") or actions[0]
    if first == "rob":  # the opponent's lowest card known (or unknown) for the worst own card
        best, low = None, 99.0
        kept, other, known = kept_mean(s), s.rules.mean_value, s.knowledge()
        mine = f"rob {slot + 1} "
        for action in actions:
            if not action.text.startswith(mine):
                continue
            words = action.text.split()
            uid = s.zones[s.z_village[int(words[2])]][int(words[3]) - 1]
            w = _worth(s, seat, uid, kept if known[uid] & (1 << int(words[2])) else other)
            if w < low:
                best, low = action, w
        if best is not None and low < worth:
            return best
    return actions[rng.randrange(len(actions))]


def _seat_form(s: Any) -> bool:
    """Whether the used power's targets name a seat (`look S N`) or only own slots (`look N`)."""
    power = s.chars[s.card_ids[s.power_uid]].power
    target = getattr(power, "target", None)
    return bool(target is not None and target.with_seat)


def rollout_done(start: State, state: State) -> bool:
    """Stop a play-out when its round has been scored, or after HORIZON actions per seat: the
    villages of the sampled world then tell the round's likely result (see `evaluate`)."""
    s: Any = state
    return s.phase == "over" or s.round_no != start.round_no or s.version - start.version >= HORIZON * s.num_players  # type: ignore[attr-defined]


def projected_losses(state: Any) -> list[float]:
    """The round's losses if it ended now in this (sampled) world, with the caller's rule."""
    n = state.num_players
    totals = [sum(state.vals[u] for u in state.zones[state.z_village[s]]) for s in range(n)]
    caller = state.caller
    if caller is not None:
        totals[caller] = 0 if totals[caller] <= min(totals) else totals[caller] + state.rules.caller_penalty
    return [float(t) for t in totals]


def evaluate(state: State) -> list[float]:
    """Chance to win from the points lost: exact at the end (lowest wins, the amulet breaks
    ties), else a softmax of the totals (with the current round projected when it is under
    way) whose temperature grows with the rounds left."""
    n = state.num_players
    s: Any = state
    if s.phase == "over":
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
    totals: list[float] = [float(t) for t in state.scores()]
    left = s.rules.rounds - len(s.sheet)
    if s.phase == "turn":
        totals = [t + p for t, p in zip(totals, projected_losses(s), strict=True)]
        left -= 1
    left = max(left, 1)
    temperature = ROUND_SPREAD * math.sqrt(left)
    low = min(totals)
    weights = [math.exp((low - t) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


def remember(state: State, seat: int, level: str, memory: dict[str, Any], rng: Rng) -> State:
    """The search bots' memory hook (game/ai/hooks.py): easy bots forget, the others do not."""
    if level != "easy":
        return state
    return forget(state, seat, memory, state.rules.easy_forget, rng)  # type: ignore[attr-defined]


def forget(state: State, seat: int, memory: dict[str, Any], chance: float, rng: Rng) -> State:
    """The state as a forgetful (easy) bot remembers it: a clone to search from.

    Once per turn (the first call in a turn), each face-down card the bot knows (and not
    everyone knows) is forgotten with `chance` (the YAML's bots.easy_forget). A forgotten card
    is misremembered: in the clone its identity is exchanged at random with the cards the bot
    has not seen, so the search plays on a wrong memory, as a person would. `memory` is the
    bot's own between calls (a new round starts afresh: the cards are reshuffled). The search
    bot calls it before searching, through the `remember` hook.
    """
    s: Any = state.clone()
    key = (s.round_no, s.turn_no)
    if memory.get("round") != s.round_no:
        memory.clear()
        memory["round"] = s.round_no
        memory["uids"] = set()
    forgotten: set[int] = memory["uids"]
    roll = memory.get("turn") != key
    memory["turn"] = key
    bit = 1 << seat
    known, face_up = s.knowledge(), s.faces()
    for zi in s.z_village:
        for uid in s.zones[zi]:
            if face_up[uid] or known[uid] == ALL_SEATS or not known[uid] & bit:
                continue
            if roll and uid not in forgotten and rng.random() < chance:
                forgotten.add(uid)
    lost = [u for u in forgotten if known[u] & bit and not face_up[u] and known[u] != ALL_SEATS]
    if lost:
        s.resample(s.unseen_places(seat) + lost, rng)
    return s


_EXCHANGE_ONE = [f"exchange {i + 1}" for i in range(40)]


def candidates(state: State, seat: int) -> list[Action] | None:
    """The moves the search's tree tries (hook `candidates`): holding a card, discard and use,
    the single exchanges but those of a known card lower than the one held (if any move is
    left), and of the exchanges of several cards only the one of each group of cards the
    mover knows to match (equal values, with its known doppelgängers), built from the
    village without listing the legal moves (None elsewhere, or where at most three are
    legal: every legal move). WHY: a village of five offers 31 exchange sets, one of twelve
    thousands; tried one by one in the tree, the unequal ones (which keep every card face up
    and add one, with a penalty card from three) made a draw look bad for the searching seat
    and an opponent's last turn after a call look like a gift, so the bots called where they
    should not."""
    s: Any = state
    if s._main_step(seat):
        return _main_candidates(s, seat)
    if not s._exchange_step(seat):
        return None
    head = s._head_texts(seat)
    facts = s._village_facts[seat] or s._facts(seat)
    if len(head) + facts.total + s._extra_count(seat) <= 3:
        return None
    village, known, shows, bit, amulet = s.zones[s.z_village[seat]], s.knowledge(), s.shows, 1 << seat, s.amulet
    out = [action_of(t) for t in head]
    groups: dict[int, list[int]] = {}  # shown value -> known places (-1: doppelgängers, joining any)
    held, vals = s.vals[s.zones[s.z_drawn[seat]][0]], s.vals
    for i, uid in enumerate(village):
        if uid == amulet:
            continue
        if not known[uid] & bit or vals[uid] >= held:  # a known lower card out for it: points for nothing
            out.append(action_of(_EXCHANGE_ONE[i] if i < len(_EXCHANGE_ONE) else f"exchange {i + 1}"))
        if known[uid] & bit:
            groups.setdefault(shows[uid], []).append(i)
    jokers = groups.pop(-1, [])
    for places in groups.values() if groups else [[]]:
        if len(places) + len(jokers) >= 2:
            found = s.exchange_action(seat, sorted(places + jokers)[: s.match_max])
            if found is not None:
                out.append(found)
    out += [action_of(t) for t in s._extra_texts(seat)]
    return out or None


def _main_candidates(s: Any, seat: int) -> list[Action] | None:
    """At the start of a turn, every legal move but a call the seat's own estimate gives no
    chance: its village is not estimated lower than every opponent's. WHY: the search's play-outs
    value a call by sampled villages and a few last moves, and its value of a win is eager for
    long shots (a softmax of the totals); measured, medium bots' own calls failed in 44 % of
    rounds against 17 % for the policy's, most of them calls from behind."""
    if not s._may_call(seat):
        return None
    mean = _unseen_mean(s, seat)
    mine = estimate(s, seat, seat, mean)
    if all(mine < estimate(s, seat, o, mean) for o in range(s.num_players) if o != seat):
        return None
    return [a for a in s.legal_actions(seat) if a.text != "call count"]


def default_move(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The move medium and hard bots keep unless their search finds a clearly better one (hook
    `default_move`): the policy without its random share. WHY: measured with `main.py exploit`,
    the plain policy in one seat beat three medium bots (short searches under load pick noisy
    moves over sound ones)."""
    return rollout_action(state, seat, actions, rng, noise=0.0)


# --------------------------------------------------------------------- fixed plans (hook PLANS)
# Simple plans a person might settle on, played in one seat by `main.py exploit` against the bots;
# everything the plan does not fix is the play-out policy.
def _call_at_once(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Call the count as soon as the village is small enough."""
    return _pick(actions, "call count") or rollout_action(state, seat, actions, rng)


def _never_call(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Never call the count: lower the village and let the others end the round."""
    pool = [a for a in actions if a.text != "call count"] or actions
    return rollout_action(state, seat, pool, rng)


def _always_take(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Always take the discard pile's card (a known card) instead of drawing."""
    return _pick(actions, "take discard") or rollout_action(state, seat, actions, rng)


def _always_use(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Draw, and use every power that can be used."""
    return _pick(actions, "use") or rollout_action(state, seat, actions, rng)


PLANS = {
    "call_at_once": _call_at_once,
    "never_call": _never_call,
    "always_take": _always_take,
    "always_use": _always_use,
    "thoughtful": thoughtful,
}
