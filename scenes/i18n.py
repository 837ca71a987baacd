"""App UI texts in French and English, read from assets/locale/<lang>/*.yaml.

Every YAML file of a language folder is merged, so each scene owner keeps its own file
(menu.yaml, table.yaml...) without touching the others'. Keys are flat dotted strings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.resources import asset_path

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"


class LocaleError(Exception):
    """A locale file is unreadable or malformed (the message names the file)."""


def locale_dir(lang: str) -> Path:
    return asset_path("locale", lang)


def _flatten(prefix: str, node: Any, out: dict[str, str], source: Path) -> None:
    """Nested mappings become dotted keys, so files may group keys without changing their names."""
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), value, out, source)
    elif isinstance(node, (str, int, float)) and not isinstance(node, bool):
        if prefix in out:
            raise LocaleError(f"{source}: key '{prefix}' is defined twice in this language")
        out[prefix] = str(node)
    else:
        raise LocaleError(f"{source}: key '{prefix}' must be a text, not {type(node).__name__}")


def load_language(lang: str) -> dict[str, str]:
    """All the texts of one language, merged from every file of its folder (sorted by name)."""
    texts: dict[str, str] = {}
    folder = locale_dir(lang)
    for path in sorted(folder.glob("*.yaml")):
        try:
            with path.open(encoding="utf-8") as handle:
                data = yaml.safe_load(handle)
        except (OSError, yaml.YAMLError) as exc:
            raise LocaleError(f"{path}: cannot be read ({exc})") from exc
        if data is None:
            continue
        if not isinstance(data, dict):
            raise LocaleError(f"{path}: expected a mapping of keys to texts")
        _flatten("", data, texts, path)
    return texts


class Translator:
    """Looks texts up in the current language, falling back to the other one, then to the key.

    The fallback keeps the app usable if a key is missing; tests make sure none is.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self._tables: dict[str, dict[str, str]] = {}
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE

    def table(self, lang: str) -> dict[str, str]:
        table = self._tables.get(lang)
        if table is None:
            table = self._tables[lang] = load_language(lang)
        return table

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}' (languages: {', '.join(LANGUAGES)})")
        self.language = lang

    def has(self, key: str) -> bool:
        return key in self.table(self.language)

    def all_forms(self, key: str) -> set[str]:
        """The text of `key` in every language (to recognise a default name, for one)."""
        return {t[key] for t in (self.table(lang) for lang in LANGUAGES) if key in t}

    def plural(self, key: str, count: int, **params: Any) -> str:
        """`key.one` or `key.other` by the language's rule (French: 0 and 1 are singular)."""
        singular = abs(count) < 2 if self.language == "fr" else abs(count) == 1
        return self(f"{key}.{'one' if singular else 'other'}", count=count, **params)

    def __call__(self, key: str, **params: Any) -> str:
        template = self.table(self.language).get(key)
        if template is None:
            for other in LANGUAGES:
                template = self.table(other).get(key)
                if template is not None:
                    break
        if template is None:
            return key
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template
