"""A thoughtful Silver player written from the rules alone: the exploit table's strongest plan
(hook PLANS, `main.py exploit silver_amulet --plans thoughtful`).

WHY: one-trait plans ("always call", "never call") were no test for the bots; a person who plays
the game carefully beat three medium bots in half of the games. This is that person, fixed and
deterministic: it reads only what its seat knows (it is called on a determinization of its seat,
and looks at a card's value only where the seat's knowledge mask has it), remembers every card
it looked at, counts a card it has not seen at the mean of the cards it has not seen (an
opponent's card that its owner knows lower: people keep low cards), keeps low
cards, replaces known high ones (several equal ones at once when it knows them), uses a power
when it pays, and calls the count when its estimate is low against what it can see of the others.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

LOW = 3  # a card this low is worth keeping, or taking from the discard pile
GAIN = 2  # an exchange must lower the village by at least this many points (estimated)
CALL_LEAD = 5.0  # call when the estimate is this far below every opponent's estimate
CALL_SURE = 5.0  # ...or when the village is known and this low whatever the others hold
KEPT_DISCOUNT = 0.0
PAIR_BONUS = 3.0  # a pair of known equal cards is worth this much: a later exchange discards both  # a card its owner knows and kept is counted this much below the unseen mean
BLIND = 2.0  # an own card not seen is swapped for a card this much lower than the unseen mean only


def unseen_mean(s: Any, seat: int) -> float:
    """The mean value of the cards `seat` has not seen (the deck's mean when it saw them all)."""
    vals = s.vals
    places = s.unseen_places(seat)
    return sum(vals[u] for u in places) / len(places) if places else float(s.rules.mean_value)


class Sight:
    """What one seat knows of the table at one decision: card values where it saw them."""

    def __init__(self, s: Any, seat: int) -> None:
        self.s, self.seat, self.bit = s, seat, 1 << seat
        self.known, self.up = s.knowledge(), s.faces()
        self.mean = unseen_mean(s, seat)
        from game.games.silver_amulet.ai import kept_mean  # (ai.py lists this plan: imported here)

        self.kept = kept_mean(s)  # people keep the low cards they know: lower as the round runs

    def knows(self, uid: int) -> bool:
        return bool(self.known[uid] & self.bit)

    def value(self, uid: int) -> int | None:
        return self.s.vals[uid] if self.knows(uid) else None

    def village(self, owner: int) -> list[int]:
        return self.s.zones[self.s.z_village[owner]]  # type: ignore[no-any-return]

    def worth(self, owner: int, uid: int) -> float:
        """A card's value if seen; else the unseen mean, or for an opponent's card its owner
        knows (kept knowingly) the lower mean of such cards at this lap (`bots.kept_mean`)."""
        if self.knows(uid):
            return float(self.s.vals[uid])
        if owner != self.seat and self.known[uid] & (1 << owner):
            return min(self.mean, self.kept)
        return self.mean

    def estimate(self, owner: int) -> float:
        return sum(self.worth(owner, u) for u in self.village(owner))

    def unknown_own(self) -> list[int]:
        """Slots (0-based) of own face-down cards the seat has not seen (and may look at)."""
        amulet = self.s.amulet
        return [i for i, u in enumerate(self.village(self.seat)) if not self.knows(u) and not self.up[u] and u != amulet]

    def worst_slot(self) -> tuple[int, float]:
        """The own slot worth the most to lose (not under the amulet), and its worth."""
        best, worth = -1, -1.0
        for i, uid in enumerate(self.village(self.seat)):
            if uid == self.s.amulet:
                continue
            w = self.worth(self.seat, uid)
            if w > worth or (w == worth and self.knows(uid)):
                best, worth = i, w
        return best, worth

    def groups(self) -> list[tuple[int, list[int]]]:
        """Known equal own cards (two or more, off the amulet): (value, slots), highest first."""
        found: dict[int, list[int]] = {}
        for i, uid in enumerate(self.village(self.seat)):
            if uid != self.s.amulet and self.knows(uid):
                found.setdefault(self.s.vals[uid], []).append(i)
        return sorted(((v, g) for v, g in found.items() if len(g) >= 2), reverse=True)


def _has(texts: set[str], text: str) -> Action | None:
    return Action(text) if text in texts else None


def best_exchange(sight: Sight, new: int, texts: set[str], must: bool) -> Action | None:
    """The exchange that lowers the village most for a card of value `new`: a known group of
    equal cards, else the own card worth the most (an unseen one at the unseen mean). None
    when nothing gains GAIN points and the exchange is not compulsory."""
    options: list[tuple[float, str]] = []
    for value, group in sight.groups():
        options.append((value * len(group) - new, "exchange " + " ".join(str(i + 1) for i in group)))
    slot, worth = sight.worst_slot()
    if slot >= 0:
        options.append((worth - new, f"exchange {slot + 1}"))
    options.sort(reverse=True)
    for gain, text in options:
        if (gain >= GAIN or must) and text in texts:
            return Action(text)
    if must:
        return next((Action(t) for t in sorted(texts) if t.startswith("exchange ") and len(t.split()) == 2), None)
    return None


def should_call(sight: Sight) -> bool:
    """Call when the village's estimate is clearly the lowest, or known and very low."""
    mine = sight.estimate(sight.seat)
    others = min(sight.estimate(o) for o in range(sight.s.num_players) if o != sight.seat)
    if mine + CALL_LEAD <= others:
        return True
    return not sight.unknown_own() and mine <= CALL_SURE and mine < others


def _main(sight: Sight, texts: set[str]) -> Action:
    s, seat = sight.s, sight.seat
    for text in sorted(texts):  # a free look (empath) at an unseen own card first
        words = text.split()
        if len(words) == 2 and words[0] not in ("amulet", "take", "call") and words[1].isdigit() and int(words[1]) - 1 in sight.unknown_own():
            return Action(text)
    if "call count" in texts and should_call(sight):
        return Action("call count")
    if any(t.startswith("amulet ") for t in texts):
        village = sight.village(seat)
        known = [(s.vals[u], i) for i, u in enumerate(village) if sight.knows(u)]
        if known:  # protect the lowest known card (robbers and witches take low cards)
            value, slot = min(known)
            if value <= LOW and f"amulet {slot + 1}" in texts:
                return Action(f"amulet {slot + 1}")
    if "take discard" in texts:
        top = s.vals[s.zones[s.z_discard][-1]]
        choice = best_exchange(sight, top, {t for t in _exchange_texts(sight)}, must=False)
        if choice is not None and (top <= LOW or len(choice.text.split()) > 2):
            return Action("take discard")
    return Action("draw")


def _exchange_texts(sight: Sight) -> set[str]:
    """Exchanges the seat might make (groups and single cards off the amulet): the main step
    lists none, so the worth of a taken card is judged on these."""
    village = sight.village(sight.seat)
    out = {f"exchange {i + 1}" for i, u in enumerate(village) if u != sight.s.amulet}
    out |= {"exchange " + " ".join(str(i + 1) for i in g) for _, g in sight.groups()}
    return out


def _holding(sight: Sight, texts: set[str]) -> Action:
    s, seat = sight.s, sight.seat
    new = s.vals[s.zones[s.z_drawn[seat]][0]]
    taken = s.step == "taken"
    choice = best_exchange(sight, new, texts, must=taken)
    if choice is not None:
        return choice
    if "use" in texts and _power_pays(sight, s.card_ids[s.zones[s.z_drawn[seat]][0]]):
        return Action("use")
    return Action("discard") if "discard" in texts else Action(sorted(texts)[0])


def _power_pays(sight: Sight, card: str) -> bool:
    """Whether the drawn card's power is worth using (before seeing its choices)."""
    s = sight.s
    if card in ("exposer", "beholder", "revealer", "seer"):
        return bool(sight.unknown_own()) or card in ("revealer", "seer")
    if card == "apprentice_seer":
        return True  # a look at an opponent's card sharpens the call
    if card == "master":
        pile = s.zones[s.z_discard]
        return bool(pile) and sight.worst_slot()[1] - min(s.vals[u] for u in pile) >= GAIN + 1
    return card in ("witch", "robber")  # decided on the choices (a witch may leave; a robber's worth is checked there)


def _targets(text: str, with_seat: bool, seat: int) -> list[tuple[int, int]]:
    """(owner, 0-based slot) pairs named by a look/turn text."""
    words = text.split()[1:]
    if with_seat:
        return [(int(words[k]), int(words[k + 1]) - 1) for k in range(0, len(words), 2)]
    return [(seat, int(w) - 1) for w in words]


def _power(sight: Sight, actions: list[Action]) -> Action:
    s, seat = sight.s, sight.seat
    first = actions[0].text.split()[0]
    if first in ("look", "turn"):
        power = s.chars[s.card_ids[s.power_uid]].power
        with_seat = bool(getattr(getattr(power, "target", None), "with_seat", False))
        leader = min((o for o in range(s.num_players) if o != seat), key=sight.estimate)
        best, score = actions[0], -1.0
        for action in actions:
            pairs = _targets(action.text, with_seat, seat)
            value = 0.0
            for owner, slot in pairs:
                uid = sight.village(owner)[slot]
                if sight.knows(uid):
                    value -= 1.0
                elif owner == seat:
                    value += 2.0
                else:
                    value += 1.0 + (owner == leader)
            if value > score:
                best, score = action, value
        return best
    slot, worth = sight.worst_slot()
    if first == "take":  # master: the lowest card of the pile for the worst own card
        pile = s.zones[s.z_discard]
        k = min(range(len(pile)), key=lambda j: s.vals[pile[len(pile) - 1 - j]])
        return _pick(actions, f"take {k + 1} exchange {slot + 1}") or actions[0]
    if first in ("swap", "leave"):  # witch: the deck top (now seen) for the worst own card, or to a rival
        top = s.vals[s.zones[s.z_deck][-1]]
        if worth - top >= GAIN + 1:
            found = _pick(actions, f"swap {seat} {slot + 1}")
            if found is not None:
                return found
        if top >= 9:  # a high card into the leader's village, on the lowest card known there
            leader = min((o for o in range(s.num_players) if o != seat), key=sight.estimate)
            village = sight.village(leader)
            order = sorted(range(len(village)), key=lambda i: sight.worth(leader, village[i]))
            for i in order:
                found = _pick(actions, f"swap {leader} {i + 1}")
                if found is not None and sight.worth(leader, village[i]) < top - 3:
                    return found
        return _pick(actions, "leave") or actions[0]
    if first == "rob":  # the opponent's lowest card (known, or kept unseen) for the worst own card
        robbed: Action | None = None
        low = 99.0
        for action in actions:
            words = action.text.split()
            if int(words[1]) != slot + 1:
                continue
            owner, other = int(words[2]), int(words[3]) - 1
            w = sight.worth(owner, sight.village(owner)[other])
            if w < low:
                robbed, low = action, w
        if robbed is not None and worth - low >= GAIN + 1:
            return robbed
        # nothing pays: swap the lowest-worth pair (the least harm)
        return min(actions, key=lambda a: _rob_cost(sight, a))
    return actions[0]


def _rob_cost(sight: Sight, action: Action) -> float:
    words = action.text.split()
    mine = sight.village(sight.seat)[int(words[1]) - 1]
    owner = int(words[2])
    theirs = sight.village(owner)[int(words[3]) - 1]
    return sight.worth(owner, theirs) - sight.worth(sight.seat, mine)


def _pick(actions: list[Action], text: str) -> Action | None:
    for action in actions:
        if action.text == text:
            return action
    return None


def thoughtful(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The thoughtful player's move (hook PLANS; `state` is a determinization of `seat`, read
    only where the seat knows the cards). Deterministic: `rng` is not used."""
    if len(actions) == 1:
        return actions[0]
    s: Any = state
    sight = Sight(s, seat)
    texts = {a.text for a in actions}
    first = actions[0].text
    if first.startswith("peek"):
        return _pick(actions, "peek 1 2") or actions[0]
    if first.startswith("guard"):  # guard the lowest card it knows
        village = sight.village(seat)
        known = [(s.vals[village[int(a.text.split()[1]) - 1]], a) for a in actions if sight.knows(village[int(a.text.split()[1]) - 1])]
        return min(known, key=lambda k: k[0])[1] if known else actions[0]
    if s._exchange_step(seat):
        return _holding(sight, texts)
    if s.step == "main":
        return _main(sight, texts)
    if s.step == "rascal":  # keep the lower card
        drawn = s.zones[s.z_drawn[seat]]
        return _pick(actions, "keep 1" if s.vals[drawn[0]] <= s.vals[drawn[1]] else "keep 2") or actions[0]
    return _power(sight, actions)
