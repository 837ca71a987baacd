"""App UI texts in every shipped language, read from assets/locale/<lang>/*.yaml.

Every YAML file of a language folder is merged, so each scene owner keeps its own file
(menu.yaml, table.yaml...) without touching the others'; language.yaml describes the language
itself (game/languages.py: its name, plural rules, the system locales that choose it). Keys are
flat dotted strings. A damaged file is skipped (with a problem the app shows): its keys come
from English, the reference language, so a broken locale file never stops the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game import languages
from game.engine.schema import Context, _construct, read_yaml
from game.engine.wording import fill
from game.resources import asset_path

LANGUAGES = languages.codes()  # the shipped catalogues, the default first
DEFAULT_LANGUAGE = languages.default()


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The app's language for the system's locale (game/languages.py); the default for any other."""
    return languages.system_language(environ)


class LocaleError(Exception):
    """A locale file is unreadable or malformed (the message names the file)."""


def locale_dir(lang: str) -> Path:
    return asset_path("locale", lang)


MAX_TEXT = 2_000  # characters of one text


def _flatten(prefix: str, node: Any, out: dict[str, str], source: Path) -> None:
    """Nested mappings become dotted keys, so files may group keys without changing their names."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str) or not key.strip():
                raise LocaleError(f"{source}: key {str(key)[:40]!r} under '{prefix}' must be a name")
            _flatten(f"{prefix}.{key}" if prefix else key, value, out, source)
    elif isinstance(node, (str, int, float)) and not isinstance(node, bool):
        if prefix in out:
            raise LocaleError(f"{source}: key '{prefix}' is defined twice in this language")
        text = str(node)
        if len(text) > MAX_TEXT:
            raise LocaleError(f"{source}: key '{prefix}' is a text of {len(text)} characters (at most {MAX_TEXT})")
        out[prefix] = text
    else:
        raise LocaleError(f"{source}: key '{prefix}' must be a text, not {type(node).__name__}")


def load_file(path: Path) -> dict[str, str]:
    """The texts of one locale file, checked like a data file (size, nesting, aliases, tags,
    shape); LocaleError names the file and line of the first problem."""
    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    if ctx.problems:
        raise LocaleError(str(ctx.problems[0]))
    data = _construct(node) if node is not None else None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise LocaleError(f"{path}: expected a mapping of keys to texts")
    texts: dict[str, str] = {}
    _flatten("", data, texts, path)
    return texts


def load_language(lang: str) -> dict[str, str]:
    """All the texts of one language, merged from every file of its folder (sorted by name);
    the first problem raises LocaleError."""
    texts, problems = load_language_lenient(lang)
    if problems:
        raise LocaleError(problems[0])
    return texts


def load_language_lenient(lang: str) -> tuple[dict[str, str], list[str]]:
    """The texts of every good file of a language, and one problem per file that is not:
    the app goes on with the rest (the other language fills the missing keys)."""
    texts: dict[str, str] = {}
    problems: list[str] = []
    try:
        files = sorted(p for p in locale_dir(lang).glob("*.yaml") if p.name != languages.DESCRIPTION)
    except OSError as exc:
        return texts, [f"{locale_dir(lang)}: {exc}"]
    for path in files:
        try:
            part = load_file(path)
        except LocaleError as exc:
            problems.append(str(exc))
            continue
        twice = sorted(set(part) & set(texts))
        if twice:
            problems.append(f"{path}: key '{twice[0]}' is defined twice in this language")
            continue
        texts.update(part)
    return texts, problems


class Translator:
    """Looks texts up in the current language, falling back to the other one, then to the key.

    The fallback keeps the app usable if a key is missing; tests make sure none is.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self._tables: dict[str, dict[str, str]] = {}
        self.problems: list[str] = []  # damaged locale files (skipped), for the app to show
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE

    def table(self, lang: str) -> dict[str, str]:
        table = self._tables.get(lang)
        if table is None:
            table, problems = load_language_lenient(lang)
            self._tables[lang] = table
            self.problems.extend(problems)
        return table

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}' (languages: {', '.join(LANGUAGES)})")
        self.language = lang

    def all_forms(self, key: str) -> set[str]:
        """The text of `key` in every language (to recognise a default name, for one)."""
        return {t[key] for t in (self.table(lang) for lang in LANGUAGES) if key in t}

    def plural(self, key: str, count: int, **params: Any) -> str:
        """The form of `key` that agrees with `count` by the language's plural rules: `key`,
        `key.other` ... (game/languages.py: counted_key), with {count}."""
        def has(form: str) -> bool:
            return any(form in self.table(lang) for lang in (self.language, languages.REFERENCE))

        return self(languages.counted_key(has, key, self.language, count), count=count, **params)

    def __call__(self, key: str, **params: Any) -> str:
        template = self.table(self.language).get(key)
        if template is None:
            for other in (languages.REFERENCE, *LANGUAGES):
                template = self.table(other).get(key)
                if template is not None:
                    break
        if template is None:
            return key
        try:
            return fill(template, self.language, params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # a damaged template
            return template
