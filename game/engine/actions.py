"""Actions: a player's decision, a small immutable value with a stable readable text.

`str(action)` is the action text used by the command line, saves, replays and tests.
An action never names a hidden fact ("draw from the deck", never "draw the 7"), so the same
action exists in every determinization of a state.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """An action known only by its text; games subclass it for structured fields (declared
    `@dataclass(frozen=True, slots=True, eq=False)`: an action of a class is equal to another
    of that class with the same text, and hashes as its text)."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        # The text says it all, and a str keeps its hash: the search looks actions up in its
        # statistics many times an iteration (a generated hash builds a tuple of every field).
        return hash(self.text)


def normalize_action_text(text: str) -> str:
    """Lower case, single spaces: `Play  Wolf` and `play wolf` are the same action."""
    return " ".join(text.lower().split())


MAX_NUMBER_DIGITS = 5  # slots, seats, positions, bets: a longer number is never a real choice


def whole_number(word: str) -> int | None:
    """The number a word of an action text names, or None. The one number reader of every game:
    ASCII decimal digits only ('²' and '٣' pass str.isdigit() but not int()) and at most
    MAX_NUMBER_DIGITS of them (a 5,000-digit word from a file costs nothing)."""
    if 0 < len(word) <= MAX_NUMBER_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    return None


# ---------------------------------------------------------------------- action forms
# A game declares each kind of action once, as an `ActionForm`: its words and typed fields.
# The rules build their legal actions with it, and whatever reads a text back (the refusals,
# the coach, the table's drags and composer templates) parses it with the same declaration,
# so the text a move is printed as and the text it is read from cannot drift apart.
#
# A pattern is the action's words, a field written `{name}` or `{name:kind}`:
#   word    (the default) one word: a card id, a colour ('play {card}')
#   int     a whole number, written as it is ('bet {count:int}')
#   place   a 0-based index written 1-based ('guard {slot:place}' gives slot=0 for 'guard 1')
#   ints    one or more whole numbers, a tuple ('hunt {cards:ints}')
#   places  one or more places, a tuple of 0-based indexes ('exchange {slots:places}')
#   words   the rest of the text, one or more words (a card id with spaces: 'play {card:words}')
#   flag    its own name as an optional word, True when present ('hunt {cards:ints} {boost:flag}')
# Any other word of the pattern is a literal the text must have there.

FIELD_KINDS = ("word", "int", "place", "ints", "places", "words", "flag")
_MANY = frozenset(("ints", "places"))


@dataclass(frozen=True, slots=True)
class Malformed:
    """Why a text is not of a form: `reason` in English, the `field` (or literal) it stopped at,
    the `word` it found there ("" for a missing word) and the fields `read` before it (a game's
    refusal may say more: 'bet many' is a bet that is not a number)."""

    reason: str
    form: ActionForm | None = None
    field: str = ""
    word: str = ""
    read: dict[str, Any] = dataclass_field(default_factory=dict)


def _canonical_number(word: str) -> int | None:
    """The number a word names, only when the word is how that number is printed ('7', not
    '07' or '+7'): a parsed text then rebuilds to itself."""
    number = whole_number(word)
    return number if number is not None and str(number) == word else None


class ActionForm:
    """One kind of action: its pattern (above), the action class it builds and the field names.

    `form.text(...)` spells the text from the fields (positional in the pattern's order, or by
    name): a function generated from the pattern, as cheap as the f-string it replaces, since
    the rules build legal actions thousands of times a second. `form.build(...)` makes the
    action (`make(text, **fields)`, `Action(text)` by default); `form.parse(text)` gives the
    fields back, or `Malformed` with why not."""

    __slots__ = ("pattern", "verb", "fields", "kinds", "make", "text", "_parts", "usage")

    def __init__(self, pattern: str, make: Callable[..., Action] | None = None):
        self.pattern = pattern
        self.make = make
        parts: list[tuple[str, str]] = []  # ("", literal) or (field name, kind)
        for word in pattern.split():
            if word.startswith("{") and word.endswith("}"):
                name, _, kind = word[1:-1].partition(":")
                kind = kind or "word"
                if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_") or kind not in FIELD_KINDS:
                    raise ValueError(f"action pattern {pattern!r}: bad field {word!r} (kinds: {', '.join(FIELD_KINDS)})")
                if any(name == n for n, _ in parts):
                    raise ValueError(f"action pattern {pattern!r}: field {name!r} twice")
                parts.append((name, kind))
            elif word.isascii() and word.replace("_", "").isalnum() and word == word.lower():
                parts.append(("", word))
            else:
                raise ValueError(f"action pattern {pattern!r}: {word!r} is neither a field nor a lower-case word")
        if not parts or parts[0][0]:
            raise ValueError(f"action pattern {pattern!r} must start with its verb, a literal word")
        if any(kind == "words" for _, kind in parts[:-1]):
            raise ValueError(f"action pattern {pattern!r}: a 'words' field takes the rest of the text, so it comes last")
        self._parts = tuple(parts)
        self.verb = parts[0][1]
        self.fields = tuple(name for name, _ in parts if name)
        self.kinds = {name: kind for name, kind in parts if name}
        self.usage = " ".join(
            kind if not name else f"[{name}]" if kind == "flag" else f"<{name}>" for name, kind in parts
        )  # 'line <card> <value>', for the refusals
        self.text = self._compile()

    def _compile(self) -> Callable[..., str]:
        """The text function, generated once: `lambda card, value: f"line {card} {value}"`."""
        pieces: list[str] = []
        for name, kind in self._parts:
            if not name:
                pieces.append(" " + kind)
            elif kind == "flag":
                pieces.append(f"{{' {name}' if {name} else ''}}")
            elif kind == "place":
                pieces.append(f" {{{name} + 1}}")
            elif kind == "ints":
                pieces.append(f" {{' '.join(_map(_str, {name}))}}")
            elif kind == "places":
                pieces.append(f" {{' '.join([_str(i + 1) for i in {name}])}}")
            else:
                pieces.append(f" {{{name}}}")
        body = "".join(pieces)[1:].replace('"', '\\"')
        source = f'lambda {", ".join(self.fields)}: f"{body}"'
        # built from checked identifiers (no keyword, none starting with '_') and lower-case words only
        return eval(source, {"_map": map, "_str": str})  # noqa: S307

    def build(self, *args: Any, **fields: Any) -> Action:
        """The action with these fields (in the pattern's order, or by name) and its text."""
        if args:
            fields = {**dict(zip(self.fields, args, strict=False)), **fields}
        text = self.text(**fields)
        return self.make(text, **fields) if self.make is not None else Action(text)

    def template(self, **steps: Any) -> str:
        """The pattern with each field written `{step}`, the composer step that gives it
        (a `Confirm` spells the action from its steps' words: 'line {fishing} {baits}'); a
        flag is given as True or False (its word written or left out: no step gives it), and a
        field given as None is left out (another step's words say it: a seat and its place)."""
        words = []
        for name, kind in self._parts:
            if not name:
                words.append(kind)
            elif kind == "flag":
                if steps.get(name):
                    words.append(name)
            elif name in steps and steps[name] is None:
                continue
            else:
                words.append("{" + steps.get(name, name) + "}")
        return " ".join(words)

    def parse(self, text: str) -> dict[str, Any] | Malformed:
        """The fields of a text of this form (normalized: `normalize_action_text`), or Malformed."""
        words = text.split()
        fields: dict[str, Any] = {}
        at, parts = 0, self._parts
        for name, kind in parts:
            word = words[at] if at < len(words) else ""
            if not name:
                if word != kind:
                    return self._malformed(text, kind, word, f"expected '{kind}'", fields)
                at += 1
            elif kind == "flag":
                fields[name] = word == name
                at += word == name
            elif kind == "words":
                if not word:
                    return self._malformed(text, name, word, f"expected <{name}>", fields)
                fields[name] = " ".join(words[at:])
                at = len(words)
            elif kind in _MANY:
                numbers = []
                while at < len(words) and (number := _canonical_number(words[at])) is not None:
                    numbers.append(number - 1 if kind == "places" else number)
                    if kind == "places" and number == 0:
                        return self._malformed(text, name, words[at], "places are counted from 1", fields)
                    at += 1
                if not numbers:
                    return self._malformed(text, name, word, f"expected <{name}>, whole numbers", fields)
                fields[name] = tuple(numbers)
            elif kind == "word":
                if not word:
                    return self._malformed(text, name, word, f"expected <{name}>", fields)
                fields[name] = word
                at += 1
            else:
                number = _canonical_number(word)
                if number is None or (kind == "place" and number == 0):
                    what = "a place counted from 1" if kind == "place" else "a whole number"
                    return self._malformed(text, name, word, f"expected <{name}>, {what}", fields)
                fields[name] = number - 1 if kind == "place" else number
                at += 1
        if at < len(words):
            return self._malformed(text, "", words[at], f"'{words[at]}' is one word too many", fields)
        return fields

    def _malformed(self, text: str, at: str, word: str, detail: str, read: dict[str, Any]) -> Malformed:
        found = f"'{word}'" if word else "the end"
        return Malformed(f"'{text}' does not read '{self.usage}': {detail}, found {found}", self, at, word, read)

    def __repr__(self) -> str:
        return f"ActionForm({self.pattern!r})"


class ActionGrammar:
    """A game's action forms, found by their first word (several forms may share it: the
    first that reads a text wins). `Rules.grammar` is the game's; the tests read every legal
    action of every game back through it."""

    __slots__ = ("forms", "_by_verb")

    def __init__(self, *forms: ActionForm):
        self.forms = forms
        self._by_verb: dict[str, list[ActionForm]] = {}
        for form in forms:
            self._by_verb.setdefault(form.verb, []).append(form)

    def parse(self, text: str) -> tuple[ActionForm, dict[str, Any]] | Malformed:
        """The form of a text and its fields, or Malformed: an unknown first word lists the
        game's forms; a known one says what its (first) form expected."""
        verb = text.split(" ", 1)[0]
        forms = self._by_verb.get(verb)
        if not forms:
            usages = "', '".join(form.usage for form in self.forms)
            return Malformed(f"'{text}' is not a move; moves look like '{usages}'", None, "", verb)
        refusals = []
        for form in forms:
            fields = form.parse(text)
            if not isinstance(fields, Malformed):
                return form, fields
            refusals.append(fields)
        # the reason of the first form with fields: 'buy x y' is a purchase misspelt, not 'buy none'
        return next((r for r in refusals if r.form is not None and r.form.fields), refusals[0])

    def form(self, verb: str) -> ActionForm:
        """The (first) form whose verb is `verb`."""
        return self._by_verb[verb][0]
