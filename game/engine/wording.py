"""Filling a player-facing sentence, with the elision of the language (its language.yaml):
in French "le village de {owner}" with owner "Ana" reads "le village d'Ana", not "de Ana".

The template stays one string per language (the YAML texts and the locale files keep
"de {owner}"); which words elide, and before which letters, is the language's data.
"""

from __future__ import annotations

import functools
import re
from typing import Any


@functools.cache
def _elision(lang: str) -> tuple[re.Pattern[str], frozenset[str]] | None:
    """The pattern of an elided word before a field ("de {owner}"), and the letters that elide
    it; None for a language without elision."""
    from game import languages

    words, before = languages.elide(lang)
    if not words or not before:
        return None
    alternatives = "|".join(f"[{re.escape(w[0].upper())}{re.escape(w[0].lower())}]{re.escape(w[1:])}" for w in words)
    return re.compile(rf"\b({alternatives}) \{{(\w+)\}}"), frozenset(before)


def fill(template: str, lang: str, params: dict[str, Any]) -> str:
    """`template.format(**params)`, with the language's elided words ('de', 'que' in French)
    shortened before a value starting with one of its letters."""
    elision = _elision(lang) if "{" in template else None
    if elision is not None:
        pattern, vowels = elision

        def elide(m: re.Match[str]) -> str:
            value = str(params.get(m.group(2), ""))
            return f"{m.group(1)[:-1]}'{{{m.group(2)}}}" if value[:1] in vowels else m.group(0)

        template = pattern.sub(elide, template)
    return template.format(**params)
