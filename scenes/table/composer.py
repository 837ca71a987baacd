"""The action composer: multi-step actions built from templates a layout declares, checked
against the legal action texts at each step (pure logic; the clicks are composer_input.py).

    Pick("hand", count=(1, 3)) >> Confirm("hunt {hand}")
    Pick("row", to=("pile",)) >> Pick("hand", to=("pile",)) >> Confirm("swap {row} {hand}", auto=True)
    Counter("count", source="tokens", to=("pot",)) >> Confirm("bid {count}")
    Pick("row", count=(1, 5), slots=True, name="slots") >> Confirm("exchange {slots}")
    Pick("hand", to=("pile",)) >> Target("pile", name="seat") >> Confirm("give {hand} {seat}")
    Pick("hand", to=("pile",)) >> Target("hand", name="seat") >> Word("guess", label="card.{}")
        >> Confirm("play {hand} {seat} {guess}")
    Press("pass", key="p")

A template's pattern is matched against every legal text; a step is accepted only when some
legal text still agrees with everything chosen so far, so only what can still lead to a legal
action is offered. A refused step gets a full action text (`guess`) to ask the engine why.
"""

from __future__ import annotations

import re
from collections import Counter as Multiset
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from scenes.table.regions import ACTIONS

FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Pick:
    """Pick `count` = (min, max) cards of the acting seat's zone `zone`, by a click, a key or a
    drop on one of the zones `to`. `token` turns a card's picture id into its word in the action
    text (a bait 'bait:3' -> '3'); `keys`: 'initial' (first letter of the card's name) or
    'token' (typing the word itself: a one-digit value)."""

    zone: str
    count: tuple[int, int] = (1, 1)
    to: tuple[str, ...] = ()
    token: Callable[[str], str] | None = None
    keys: str = ""
    name: str = ""  # the field in the pattern (default: the zone)
    slots: bool = False  # the word is the card's slot index in its zone (a face-down card has no name)
    offset: int = 0  # added to a slot index or a Target's seat (1: actions number positions from 1)

    @property
    def field(self) -> str:
        return self.name or self.zone

    def word(self, picture: str, index: int = 0) -> str:
        if self.slots:
            return str(index + self.offset)
        return self.token(picture) if self.token is not None else picture

    def seat_word(self, seat: int) -> str:
        """A Target's word for a region of `seat` (its seat, plus `offset`)."""
        return str(seat + self.offset)

    def __rshift__(self, other: Any) -> Template:
        return Template((self,)) >> other


SEAT, CARD, PILE = "seat", "card", "pile"


@dataclass(frozen=True)
class Target(Pick):
    """A choice on the table rather than a card of one's own to move. `of`:
    - "seat": click (or drop a picked card on) a region of `zone`, any seat's; the word is that
      seat (plus `offset`). Several Target steps of one zone are filled in order (from, then to).
    - "card": click a card of `zone` in a seat's region (own=True: the acting seat's only, the
      word is its slot, index + `offset`; else "<seat + seat_offset> <slot>"). Typed: the slot's
      number, after the seat's number (1-based, as the seats' badges show) when seats are chosen.
    - "pile": click a card of the table's `zone` spread out; the word is its rank from the top
      (1 = top). Typed: that rank.
    Card and pile targets of a template are filled in order; a click on a chosen card takes it
    back (scenes/table/composer_cards.py)."""

    of: str = SEAT
    own: bool = False
    seat_offset: int = 0

    def card_word(self, seat: int | None, index: int) -> str:
        """The word of the card at `index` of `seat`'s region (a pile: `index` from the top)."""
        slot = str(index + self.offset)
        if self.of == PILE or self.own or seat is None:
            return slot
        return f"{seat + self.seat_offset} {slot}"

    @property
    def chooses_seat(self) -> bool:
        """Whether the step names a seat (its regions show number badges while it is next)."""
        return self.of == SEAT or (self.of == CARD and not self.own)


@dataclass(frozen=True)
class Counter:
    """A number chosen with - and + (keys too), or one per card of `source` dropped on `to`.
    `label`, `confirm_label` and `zero_label` are table text keys with a `count` parameter."""

    name: str
    source: str = ""
    to: tuple[str, ...] = ()
    area: str = "controls"  # the region holding the - / + / confirm buttons
    label: str = ""
    confirm_label: str = ""
    zero_label: str = ""

    @property
    def field(self) -> str:
        return self.name

    def __rshift__(self, other: Any) -> Template:
        return Template((self,)) >> other


@dataclass(frozen=True)
class Word:
    """One word chosen from a list, inside a longer action (the colour asked for, the card a
    guess names): a button for each word the legal actions still offer, stacked in the region
    `area` with the layout's `Press` buttons, each labelled by the game text `label` with the
    word in it ("colour.{}": colour.red). Its key is the first free letter of that label, as a
    Press's `key_text`; a click on the chosen word takes it back. The words come from the legal
    action texts, so the rules' grammar needs nothing for the table: a rule is never split in two
    actions to suit the screen."""

    name: str
    label: str = "{}"
    area: str = ACTIONS

    count: ClassVar[tuple[int, int]] = (1, 1)  # one word (the composer reads a step's count)
    source: ClassVar[str] = ""  # no cards: nothing to pick up or drag
    to: ClassVar[tuple[str, ...]] = ()

    @property
    def field(self) -> str:
        return self.name

    def text_key(self, word: str) -> str:
        return self.label.format(word)

    def __rshift__(self, other: Any) -> Template:
        return Template((self,)) >> other


@dataclass(frozen=True)
class Confirm:
    """The action text, `{field}` standing for a step's words; `auto`: sent as soon as the
    choice matches exactly one legal action (no confirm needed). `help`: a table text key shown
    in the region `area` while the template is offered, each word's key letter as a parameter."""

    pattern: str
    auto: bool = False
    help: str = ""
    area: str = "controls"
    drop: bool = False  # a card dragged onto one of its step's `to` zones sends the choice


@dataclass(frozen=True)
class Carry:
    """A card of the acting seat's zone `zone` dragged onto a card the Pick step named `onto`
    may pick: that card is picked too and the choice is sent (a drawn card dropped on a village
    place exchanges it). Only a drag: clicks and keys pick with the Pick step itself. Or a
    marker (below) dragged onto a place."""

    zone: str
    onto: str
    # A move of two actions: `first` is sent on the drop (a click on the card sends it too),
    # then `then` with the place dropped on (`{}`: its slot, from 1) once it is legal; `onto` is
    # then the zone of the acting seat's region dropped on (take the discard, exchange a card).
    first: str = ""
    then: str = ""
    # A marker carried instead of a card (`zone` unused): a press on the layout's region of
    # `marker` picks it up; dropped on a place of `onto` it sends `then` with that place, the
    # places where that is legal lit ('amulet {}': the amulet onto a card of one's village).
    marker: str = ""
    # A card of `zone` dropped anywhere on the table's region of zone `onto` (a pile) sends this
    # action (Silver's discard: the drawn card onto the discard pile), or says why it may not; the
    # drag of another Carry of the same zone (the drawn card onto a village card) may end there.
    sends: str = ""


@dataclass(frozen=True)
class Press:
    """A whole action sent by one button (in the region `area`) or one key: 'skip' with P.
    `key_text`: a game text whose first free letter, in the player's language, is the key
    ('colour.pink': P in English, R for "rose" in French; see `press_keys`)."""

    action: str
    key: str = ""
    area: str = ACTIONS
    key_text: str = ""


def press_keys(presses: list[Press], text: Callable[[str], str], reserved: frozenset[str]) -> dict[str, str]:
    """Each press's key (action -> letter): its own `key`, or the first letter of its
    `key_text` read in the player's language that neither the table (`reserved`), another
    press of the screen nor an earlier press uses."""
    return free_letters([(p.action, p.key, p.key_text) for p in presses], text, reserved)


K = TypeVar("K")


def free_letters(items: list[tuple[K, str, str]], text: Callable[[str], str], reserved: frozenset[str]) -> dict[K, str]:
    """Each item's key (id -> letter): its own key, or the first letter of its text (a game
    text key read in the player's language) that neither `reserved`, an item's own key nor an
    earlier item uses ("" when every letter is taken)."""
    taken = set(reserved) | {key for _, key, _ in items if key}
    out: dict[K, str] = {}
    for item, key, text_key in items:
        if key or not text_key:
            out[item] = key
            continue
        letters = (c for c in text(text_key).lower() if "a" <= c <= "z" and c not in taken)
        out[item] = next(letters, "")
        taken.add(out[item])
    return out


Step = Pick | Counter | Word


@dataclass(frozen=True)
class Template:
    steps: tuple[Step, ...]
    confirm: Confirm | None = None

    def __rshift__(self, other: Any) -> Template:
        if self.confirm is not None:
            raise ValueError("a template ends with its Confirm")
        if isinstance(other, Confirm):
            missing = set(FIELD.findall(other.pattern)) ^ {s.field for s in self.steps}
            if missing:
                raise ValueError(f"pattern '{other.pattern}' and steps disagree on {sorted(missing)}")
            return Template(self.steps, other)
        return Template((*self.steps, other))

    def regex(self) -> re.Pattern[str]:
        assert self.confirm is not None, "a template needs its Confirm"
        steps = {s.field: s for s in self.steps}
        out, last = [], 0
        for m in FIELD.finditer(self.confirm.pattern):
            out.append(re.escape(self.confirm.pattern[last:m.start()]))
            step = steps[m.group(1)]
            if isinstance(step, Counter):
                group = r"-?\d+"
            elif isinstance(step, Word):
                group = r"\S+"
            elif step.count[1] > 1:
                group = r"\S+(?: \S+)*?" if step.count[0] > 0 else r"(?:\S+(?: \S+)*?)?"
            else:
                group = r".+?"
            out.append(f"(?P<{m.group(1)}>{group})")
            last = m.end()
        out.append(re.escape(self.confirm.pattern[last:]))
        return re.compile("".join(out))

    def match(self, text: str, regex: re.Pattern[str] | None = None) -> dict[str, Any] | None:
        """A legal text's words per field (a tuple for a pick, an int for a counter), or None."""
        m = (regex or self.regex()).fullmatch(text)
        if m is None:
            return None
        out: dict[str, Any] = {}
        for step in self.steps:
            value = m.group(step.field)
            if isinstance(step, Counter):
                out[step.field] = int(value)
            else:
                out[step.field] = (value,) if step.count[1] <= 1 else tuple(value.split())
        return out


def _within(chosen: list[str], offered: tuple[str, ...]) -> bool:
    need = Multiset(chosen)
    have = Multiset(offered)
    return all(have[word] >= n for word, n in need.items())


class Composer:
    """The choice being built by the acting seat: words picked per field, counters' values."""

    def __init__(self, templates: list[Any], legal: list[str]) -> None:
        self.templates: list[Template] = [t for t in templates if isinstance(t, Template)]
        self.all_presses = [p for p in templates if isinstance(p, Press)]
        self.presses = [p for p in self.all_presses if p.action in legal]  # shown as buttons
        self.carries = [c for c in templates if isinstance(c, Carry)]
        templates = self.templates
        self.candidates: list[tuple[Template, str, dict[str, Any]]] = []
        for template in templates:
            regex = template.regex()
            for text in legal:
                found = template.match(text, regex)
                if found is not None:
                    self.candidates.append((template, text, found))
        self.chosen: dict[str, list[str]] = {}
        self.counts: dict[str, int] = {}
        for template in templates:
            for step in template.steps:
                if isinstance(step, Counter):
                    values = [c[step.field] for t, _, c in self.candidates if t is template]
                    self.counts[step.field] = min(values) if values else 0

    # ------------------------------------------------------------------ queries
    def steps(self) -> list[Step]:
        return [s for t in self.templates for s in t.steps]

    def words(self) -> list[tuple[Word, str]]:
        """The buttons of the Word steps: each word a legal action still offers, and each word
        chosen (shown pressed), in the order the legal actions first name them."""
        out: list[tuple[Word, str]] = []
        for step in self.steps():
            if not isinstance(step, Word):
                continue
            fits = self.accepts_replacing if self.chosen.get(step.field) else self.accepts
            named = dict.fromkeys(w for _, _, found in self.candidates if step.field in found for w in found[step.field])
            out += [(step, w) for w in named if fits(step.field, w)]
        return out

    def _agrees(self, template: Template, found: dict[str, Any], chosen: dict[str, list[str]],
                counts: dict[str, int], exact: bool = False) -> bool:
        fields = {s.field for s in template.steps}
        if any(words for f, words in chosen.items() if f not in fields):
            return False  # something picked belongs to another template
        for step in template.steps:
            if isinstance(step, Counter):
                if exact and counts.get(step.field) != found[step.field]:
                    return False
                continue
            words = chosen.get(step.field, [])
            if exact:
                if Multiset(words) != Multiset(found[step.field]):
                    return False
            elif not _within(words, found[step.field]):
                return False
        return True

    def live(self, chosen: dict[str, list[str]] | None = None) -> list[tuple[Template, str, dict[str, Any]]]:
        """The legal actions that agree with the choice so far."""
        chosen = self.chosen if chosen is None else chosen
        return [c for c in self.candidates if self._agrees(c[0], c[2], chosen, self.counts)]

    def accepts(self, field: str, word: str) -> bool:
        """Whether picking `word` for `field` can still lead to a legal action."""
        trial = {**self.chosen, field: [*self.chosen.get(field, []), word]}
        return bool(self.live(trial))

    def offered(self, field: str) -> set[str]:
        """Every word `field` accepts next (what the table highlights)."""
        words = {w for _, _, found in self.live() if field in found and not isinstance(found[field], int)
                 for w in found[field]}
        return {w for w in words if self.accepts(field, w)}

    def counter_ok(self, field: str, value: int) -> bool:
        return any(found.get(field) == value for _, _, found in self.live())

    def ready(self) -> str | None:
        """The one legal action the choice now spells, if it spells exactly one."""
        exact = [text for t, text, found in self.candidates if self._agrees(t, found, self.chosen, self.counts, exact=True)]
        return exact[0] if len(set(exact)) == 1 else None

    def auto_ready(self) -> str | None:
        """The action to send without a confirm (templates with `auto`), never while a longer
        legal action still extends the choice ('look 3' waits while 'look 3 4' is legal)."""
        text = self.ready()
        if text is None or self.extendable():
            return None
        template = next(t for t, x, _ in self.candidates if x == text)
        return text if template.confirm is not None and template.confirm.auto else None

    def extendable(self) -> bool:
        """Whether some legal action picks more than what is chosen so far (and agrees with it)."""
        chosen = sum(len(words) for words in self.chosen.values())
        return any(sum(len(v) for v in found.values() if isinstance(v, tuple)) > chosen for _, _, found in self.live())

    def press_keys(self, text: Callable[[str], str], reserved: frozenset[str]) -> dict[str, str]:
        """The key of each press of the screen, legal or not (see `press_keys`)."""
        return press_keys(self.all_presses, text, reserved)

    def picked(self, field: str) -> list[str]:
        return list(self.chosen.get(field, []))

    def any_choice(self) -> bool:
        return any(self.chosen.values())

    # ------------------------------------------------------------------ changes
    def pick(self, field: str, word: str) -> bool:
        """Add `word` to `field` (a click on a card); False when no legal action would follow."""
        step = next((s for s in self.steps() if s.field == field), None)
        if step is None or not isinstance(step, (Pick, Word)):
            return False
        words = self.chosen.setdefault(field, [])
        if step.count[1] == 1 and words:  # a single pick: the new card replaces the old one
            if words == [word]:
                words.clear()
                return True
            if not self.accepts_replacing(field, word):
                return False
            words[:] = [word]
            return True
        if len(words) >= step.count[1] or not self.accepts(field, word):
            return False
        words.append(word)
        return True

    def accepts_replacing(self, field: str, word: str) -> bool:
        trial = {**self.chosen, field: [word]}
        return bool(self.live(trial))

    def unpick(self, field: str, word: str | None = None) -> None:
        """Take a picked card back (the last one when `word` is None)."""
        words = self.chosen.get(field, [])
        if word in words:
            words.remove(word)
        elif word is None and words:
            words.pop()

    def unpick_last(self) -> bool:
        """Take back the last card of the last step (in template order) that has one: what
        Backspace undoes. False when nothing is chosen."""
        for step in reversed(self.steps()):
            words = self.chosen.get(step.field) if isinstance(step, (Pick, Word)) else None
            if words:
                words.pop()
                return True
        return False

    def set_count(self, field: str, value: int) -> bool:
        """A counter's new value, if some legal action has it."""
        if not self.counter_ok(field, value):
            return False
        self.counts[field] = value
        return True

    def clear(self) -> None:
        self.chosen.clear()

    def guess(self, field: str | None = None, word: str | None = None, value: int | None = None,
              held: dict[str, list[str]] | None = None) -> str | None:
        """A whole action text with this choice (and a refused step), the other fields filled
        with cards held: the engine's reason for it is the reason the step is refused."""
        template = next((t for t in self.templates if field is None or field in {s.field for s in t.steps}), None)
        if template is None or template.confirm is None:
            return None
        held = held or {}
        words: dict[str, str] = {}
        for step in template.steps:
            if isinstance(step, Counter):
                words[step.field] = str(value if value is not None and step.field == field else self.counts.get(step.field, 0))
                continue
            chosen = list(self.chosen.get(step.field, []))
            if step.field == field and word is not None:
                chosen = [word] if step.count[1] == 1 else [*chosen, word]
            if not chosen:
                fill = held.get(step.field) or next((list(f[step.field]) for t, _, f in self.candidates if t is template), [])
                chosen = fill[: max(1, step.count[0])]
            if not chosen:
                return None
            words[step.field] = " ".join(chosen)
        return template.confirm.pattern.format(**words)
