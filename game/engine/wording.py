"""Filling a player-facing sentence: French elision before a name that starts with a vowel.

"le village de {owner}" with owner "Ana" reads "le village d'Ana", not "de Ana"; the template
stays one string per language (the YAML texts and the locale files keep "de {owner}").
"""

from __future__ import annotations

import re
from typing import Any

ELIDED = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def fill(template: str, lang: str, params: dict[str, Any]) -> str:
    """`template.format(**params)`, with 'de'/'que' elided before a vowel in French."""
    if lang == "fr" and "{" in template:
        def elide(m: re.Match[str]) -> str:
            value = str(params.get(m.group(2), ""))
            return f"{m.group(1)[:-1]}'{{{m.group(2)}}}" if value[:1] in VOWELS else m.group(0)

        template = ELIDED.sub(elide, template)
    return template.format(**params)
