"""Texts read from files a player can edit (names in records and settings, action texts),
made safe once where they enter: no control characters (a terminal obeys them, the font
renderer refuses NUL), no lone surrogate (a JSON escape like "\\udcff" decodes to one; it can be
neither drawn nor encoded as UTF-8: it becomes U+FFFD, the replacement character), and a
bounded length.
"""

from __future__ import annotations

import re

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufff9-\ufffb]")
SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
MAX_NAME = 200  # characters of a seat name


def no_surrogates(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD (encodable as UTF-8)."""
    return SURROGATE.sub(REPLACEMENT, text)


def clean_text(text: object, limit: int | None = None) -> str:
    """One line of `text`: no control characters, no lone surrogates, at most `limit` characters."""
    value = str(text)
    if limit is not None:
        value = value[: limit * 4]
    value = no_surrogates(CONTROL.sub("", value))
    return value if limit is None else value[:limit]


def clean_name(name: object) -> str:
    """A seat name as the app keeps it: one clean line of at most MAX_NAME characters, without
    the spaces around it."""
    return clean_text(name, MAX_NAME).strip()
