"""Texts read from files a player can edit (names in records and settings, action texts),
made safe once where they enter: no terminal escape sequence (the whole sequence goes, not only
its ESC: "\\x1b[2J" leaves no "[2J"), no control characters (a terminal obeys them, the font
renderer refuses NUL), no invisible format characters (the bidirectional overrides such as
U+202E turn "Eve" around the text after it; zero-width spaces make two names look the same;
the zero-width joiners of emoji and scripts stay), no lone surrogate (a JSON escape like
"\\udcff" decodes to one; it can be neither drawn nor encoded as UTF-8: it becomes U+FFFD, the
replacement character), and a bounded length.
"""

from __future__ import annotations

import re

# CSI (ESC [ or the 8-bit CSI, parameters, intermediates, final byte), OSC and other string
# commands (ESC ] ... BEL or ST), then any other escape (intermediates, then a final byte).
ESCAPE = re.compile(
    "(?:\x1b\\[|\x9b)[0-?]*[ -/]*[@-~]?"
    "|(?:\x1b[\\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\\\|\x9c)?"
    "|\x1b[ -/]*[0-~]?"
)
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufff9-\ufffb]")
# Unicode's format characters (category Cf) but U+200C and U+200D (zero-width non-joiner and
# joiner: emoji sequences, Persian and Indic words).
FORMAT = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)
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
    if value.isprintable():  # no character any pattern here removes (all are Unicode's "Other"):
        return value if limit is None else value[:limit]  # every label of every frame comes here
    value = no_surrogates(FORMAT.sub("", CONTROL.sub("", ESCAPE.sub("", value))))
    return value if limit is None else value[:limit]


def clean_name(name: object) -> str:
    """A seat name as the app keeps it: one clean line of at most MAX_NAME characters, without
    the spaces around it."""
    return clean_text(name, MAX_NAME).strip()
