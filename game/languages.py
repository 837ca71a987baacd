"""The languages Tablée speaks, read from the catalogues shipped: one folder per language under
assets/locale/<code>/ with a language.yaml that describes the language, beside the interface
texts. A new language is a data change: its folder (language.yaml and the interface texts),
its `<code>:` texts in each game's YAML and its rules pages (assets/rules/<game>.<code>.md);
no code names a language.

language.yaml:

    language:
      name: Français          # its own name, shown in the settings
      plural:                 # CLDR plural rules for whole numbers; "other" is every number left
        one: "i = 0,1"
      system: [fr, french]    # system locale names that choose it (LANG=fr_FR.UTF-8, "French_France")
      default: true           # the app's language when the system's is not shipped (one language)
      elision:                # optional: "de {owner}" reads "d'Ana" before a vowel
        words: [de, que]
        before: "aeiouy..."

English is the reference: every text exists in English, and a text missing in another language
is shown in English (REFERENCE; the engine's own messages are English too).

A text that agrees with a number {count} has a form per plural category where the category's
words differ: the plain key holds the form of the language's first category (`one` in French
and English), `<key>.<category>` each other one (`.other`; `.few`, `.many`, `.two`, `.zero` where a
language's rules name them), and `<key>.none` may say an exact zero its own way ("no scheme").
`counted_key` picks the form; interface and game texts follow this one convention.

Pure Python, no pygame: the engine's log, the command line and the app share it.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.resources import asset_path

if TYPE_CHECKING:
    from game.engine.schema import Map, Spec

REFERENCE = "en"
DESCRIPTION = "language.yaml"  # the file of a locale folder that describes the language
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's plural categories
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


class LanguageError(Exception):
    """A language.yaml is missing, unreadable or malformed (the message names the file)."""


# ------------------------------------------------------------------ plural rules
# A subset of CLDR's rule syntax for whole numbers (the only counts a game has):
#   rule      := condition ("or" condition)*
#   condition := relation ("and" relation)*
#   relation  := operand ("%" number)? ("=" | "!=") range ("," range)*
#   operand   := "n" | "i"        range := number (".." number)?
_TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|\d+|[a-z]+)")


def _tokens(text: str) -> list[str]:
    tokens, at = [], 0
    text = text.strip()
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            raise ValueError(f"unexpected '{text[at:at + 10]}'")
        tokens.append(match.group(1))
        at = match.end()
    return tokens


def parse_rule(text: str) -> Callable[[int], bool]:
    """A CLDR plural condition (the subset above) as a test of a whole number; ValueError."""
    tokens = _tokens(text)
    at = 0

    def take(expected: str | None = None) -> str:
        nonlocal at
        if at >= len(tokens) or (expected is not None and tokens[at] != expected):
            found = tokens[at] if at < len(tokens) else "the end"
            raise ValueError(f"expected {expected or 'more'} at {found!r}")
        at += 1
        return tokens[at - 1]

    def number() -> int:
        token = take()
        if not token.isdigit():
            raise ValueError(f"expected a number at {token!r}")
        return int(token)

    def relation() -> Callable[[int], bool]:
        operand = take()
        if operand not in ("n", "i"):
            raise ValueError(f"unknown operand {operand!r} (expected n or i: whole numbers only)")
        modulo = None
        if at < len(tokens) and tokens[at] == "%":
            take("%")
            modulo = number()
            if modulo == 0:
                raise ValueError("% 0")
        operator = take()
        if operator not in ("=", "!="):
            raise ValueError(f"expected = or != at {operator!r}")
        negate = operator == "!="
        ranges = []
        while True:
            low = number()
            high = low
            if at < len(tokens) and tokens[at] == "..":
                take("..")
                high = number()
            ranges.append((low, high))
            if at < len(tokens) and tokens[at] == ",":
                take(",")
                continue
            break

        def test(count: int) -> bool:
            value = abs(count) % modulo if modulo else abs(count)
            inside = any(low <= value <= high for low, high in ranges)
            return inside != negate

        return test

    def conjunction() -> Callable[[int], bool]:
        parts = [relation()]
        while at < len(tokens) and tokens[at] == "and":
            take("and")
            parts.append(relation())
        return lambda count: all(part(count) for part in parts)

    alternatives = [conjunction()]
    while at < len(tokens) and tokens[at] == "or":
        take("or")
        alternatives.append(conjunction())
    if at != len(tokens):
        raise ValueError(f"unexpected {tokens[at]!r}")
    return lambda count: any(alternative(count) for alternative in alternatives)


# ------------------------------------------------------------------ the languages
@dataclass(frozen=True)
class Language:
    code: str
    name: str
    plural: tuple[tuple[str, Callable[[int], bool]], ...]  # (category, test) in file order; "other" last
    system: tuple[str, ...]
    default: bool = False
    elide_words: tuple[str, ...] = ()
    elide_before: str = ""

    def category(self, count: int) -> str:
        """The CLDR plural category of `count` in this language ("other" when no rule matches)."""
        for name, test in self.plural:
            if test(count):
                return name
        return "other"

    @property
    def first_category(self) -> str:
        return self.plural[0][0] if self.plural else "other"


def locale_root() -> Path:
    return asset_path("locale")


def shipped_codes() -> tuple[str, ...]:
    """The codes of the locale folders that describe their language, sorted (no file is read:
    the command line lists them without loading anything)."""
    try:
        return tuple(sorted(p.parent.name for p in locale_root().glob(f"*/{DESCRIPTION}")))
    except OSError:
        return ()


def _read(path: Path) -> Any:
    from game.engine.schema import Context, _construct, read_yaml

    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    if ctx.problems:
        raise LanguageError(str(ctx.problems[0]))
    return _construct(node) if node is not None else None


def load_language(code: str, path: Path) -> Language:
    """One language.yaml; LanguageError names the file and what is wrong."""
    data = _read(path)
    spec = data.get("language") if isinstance(data, dict) else None
    if not isinstance(spec, dict):
        raise LanguageError(f"{path}: expected a mapping 'language:' with name, plural and system")
    name, plural, system = spec.get("name"), spec.get("plural") or {}, spec.get("system")
    if not isinstance(name, str) or not name.strip():
        raise LanguageError(f"{path}: language.name must be the language's own name")
    if not isinstance(plural, dict):
        raise LanguageError(f"{path}: language.plural must map plural categories to rules")
    rules = []
    for category, rule in plural.items():
        if category not in CATEGORIES or category == "other":
            raise LanguageError(f"{path}: plural category '{category}' (expected one of {', '.join(CATEGORIES[:-1])};"
                                " 'other' is every number left)")
        try:
            rules.append((category, parse_rule(str(rule))))
        except ValueError as exc:
            raise LanguageError(f"{path}: plural rule '{category}: {rule}': {exc}") from None
    if not isinstance(system, list) or not all(isinstance(w, str) and w for w in system):
        raise LanguageError(f"{path}: language.system must list the locale names that choose it")
    elision = spec.get("elision") or {}
    if not isinstance(elision, dict):
        raise LanguageError(f"{path}: language.elision must be a mapping with words and before")
    return Language(code, name.strip(), tuple(rules), tuple(w.lower() for w in system), spec.get("default") is True,
                    tuple(str(w) for w in elision.get("words") or ()), str(elision.get("before") or ""))


# The last resort when English's own description is missing or broken: the program must speak.
_BUILT_IN_REFERENCE = Language(REFERENCE, "English", (("one", parse_rule("i = 1")),), ("en", "english"))


@functools.cache
def _load() -> tuple[dict[str, Language], tuple[str, ...]]:
    """The shipped languages by code (the default first, then by code) and the problems met: a
    broken description leaves its language out (its problem says which file and what), English
    is built in when its own is unusable, and the default is English unless exactly one
    language says `default: true`."""
    found: dict[str, Language] = {}
    problems: list[str] = []
    for code in shipped_codes():
        try:
            found[code] = load_language(code, locale_root() / code / DESCRIPTION)
        except LanguageError as exc:
            problems.append(str(exc))
    found.setdefault(REFERENCE, _BUILT_IN_REFERENCE)
    defaults = [code for code, lang in found.items() if lang.default]
    if len(defaults) != 1:
        problems.append(f"{locale_root()}: exactly one language.yaml must say 'default: true' (found: "
                        f"{', '.join(defaults) or 'none'}); English is the default meanwhile")
    first = defaults[0] if len(defaults) == 1 else REFERENCE
    return {code: found[code] for code in sorted(found, key=lambda c: (c != first, c))}, tuple(problems)


def languages() -> dict[str, Language]:
    """Every usable shipped language by code, the default first, then by code."""
    return _load()[0]


def problems() -> tuple[str, ...]:
    """What is wrong with the shipped descriptions (the app shows it; `tablee validate` too)."""
    return _load()[1]


def codes() -> tuple[str, ...]:
    """The shipped languages' codes, the default first."""
    return tuple(languages())


def default() -> str:
    return next(iter(languages()))


def get(code: str) -> Language:
    """The language of `code`, or the reference language for an unknown code."""
    table = languages()
    return table.get(code) or table[REFERENCE]


def plural_category(code: str, count: int) -> str:
    return get(code).category(count)


def counted_key(has: Callable[[str], bool], key: str, code: str, count: int) -> str:
    """The form of `key` for `count` in language `code`: `<key>.none` for an exact zero when the
    text has one, else the plural category's form `<key>.<category>`, else `<key>.other` for any
    category but the language's first, else the plain key (see the module docstring)."""
    if count == 0 and has(f"{key}.none"):
        return f"{key}.none"
    language = get(code)
    category = language.category(count)
    if category != language.first_category:
        for form in (f"{key}.{category}", f"{key}.other"):
            if has(form):
                return form
    return key


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The shipped language for the system's locale: the first one set among LC_ALL,
    LC_MESSAGES, LANG, LANGUAGE, then the process locale (Windows: "French_France"); the
    default language when it is none of the shipped ones."""
    import contextlib
    import locale

    environ = os.environ if environ is None else environ
    found = [environ.get(name, "") for name in LOCALE_VARIABLES]
    with contextlib.suppress(ValueError):  # an unknown locale name
        found.append(locale.getlocale()[0] or "")
    for value in found:
        name = value.split(":")[0].strip().lower()
        if not name or name.split(".")[0] in ("c", "posix"):
            continue  # not a language: look further
        for code, language in languages().items():
            if name.startswith(language.system):
                return code
        return default()
    return default()


def elide(code: str) -> tuple[tuple[str, ...], str]:
    """The language's elided words and the letters that elide them ((), "" for none)."""
    language = get(code)
    return language.elide_words, language.elide_before


def per_language(spec: Spec) -> Map:
    """One value per shipped language (game/languages.py): English, the reference, required;
    any other optional (None when absent: the program shows the English one)."""
    # imported here: only what reads data files needs the schema (the commands start without it)
    from game.engine.schema import Map

    found = codes()
    return Map({code: spec for code in found}, optional={code: None for code in found if code != REFERENCE})
