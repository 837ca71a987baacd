"""Text helpers shared by every screen: anchored drawing, word wrapping and fitting.

Texts may come from files a player can edit (names in records and settings), so every helper
first removes control characters (the font renderer draws them as boxes or fails on them) and
never measures more than MAX_CHARS characters: a name of a million characters costs the same
as one of a thousand, and fitting it takes a logarithmic number of measurements.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.textclean import clean_text

MAX_CHARS = 1_000  # no line on any screen shows more characters than this


def clean(text: str) -> str:
    """`text` without control characters or lone surrogates (U+FFFD instead), and no longer
    than MAX_CHARS (one line of text)."""
    return clean_text(text, MAX_CHARS)


class SafeFont(pygame.font.Font):
    """The app's fonts (App.font): every text drawn or measured goes through `clean` first, so
    a name with NUL or a lone surrogate from a file never reaches the renderer, whichever
    screen draws it."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[no-untyped-def, override]
        return super().render(clean(text) if text else text, antialias, color, bgcolor, wraplength)

    def size(self, text):  # type: ignore[no-untyped-def, override]
        return super().size(clean(text) if text else text)


def draw_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: tuple[int, int, int],
    pos: tuple[int, int],
    anchor: str = "topleft",
) -> pygame.Rect:
    """Render `text` with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    image = rendered(font, text, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


RENDER_CACHE_SIZE = 1024  # lines: every text of a screen, many times over
_rendered: dict[tuple[pygame.font.Font, str, tuple[int, ...]], pygame.Surface] = {}


def rendered(font: pygame.font.Font, text: str, color: tuple[int, ...]) -> pygame.Surface:
    """`text` rendered (antialiased) in `font` and `color`, from a cache: a screen draws the same
    lines frame after frame (the log, labels, buttons), and rendering text is the costliest
    part of a frame. The cache is emptied when full (no line is worth tracking its age)."""
    key = (font, text, tuple(color))
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= RENDER_CACHE_SIZE:
            _rendered.clear()
        image = _rendered[key] = font.render(clean(text), True, color)
    return image


MIN_PIECE = 3  # letters a cut word keeps on each side of its hyphen (when it is that long)
HIGH_PUNCTUATION = frozenset("!?:;»")  # French sets them after a space, never at a line's start


def _words(paragraph: str) -> list[str]:
    """The paragraph's words, a French "!", "?", ":", ";" or "»" kept with the word before it
    (joined by a no-break space), and "«" with the word after it."""
    words: list[str] = []
    opening = False
    for word in paragraph.split(" "):
        closing = bool(words and word and word[0] in HIGH_PUNCTUATION and (len(word) == 1 or not word[1].isalnum()))
        if closing or (opening and words):
            words[-1] = f"{words[-1]}\u00a0{word}"
        else:
            words.append(word)
        opening = word == "«"
    return words


def _broken(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """A word wider than `width` (a long name, a path) cut into pieces that fit, each cut marked
    with a hyphen ("Doppel-", "gänger"): after a hyphen of its own when it has one, else where
    the line ends, never leaving fewer than MIN_PIECE letters on either side (a shorter word is
    left whole, wider than the line). A reader never sees a word split without its hyphen."""
    pieces: list[str] = []
    while len(word) >= 2 * MIN_PIECE and font.size(word)[0] > width:  # "Drawn" is never "Dra-wn"
        low, high = 1, len(word) - 1  # the longest prefix that fits with its hyphen lies in [low, high]
        while low < high:
            middle = (low + high + 1) // 2
            if font.size(_cut(word, middle))[0] <= width:
                low = middle
            else:
                high = middle - 1
        own = word.rfind("-", 0, low + 1)  # a compound's own hyphen: cut after it
        at = own + 1 if own > 0 else max(min(low, len(word) - MIN_PIECE), min(MIN_PIECE, len(word) - 1))
        pieces.append(_cut(word, at))
        word = word[at:]
    return [*pieces, word] if word else pieces


def _cut(word: str, at: int) -> str:
    """The first `at` characters of a word cut there, with the hyphen that says so."""
    head = word[:at]
    return head if head.endswith("-") else f"{head}-"


WRAPPED_CACHE_SIZE = 2048  # texts wrapped at a width: the log's lines, captions, rules pages
_wrapped: dict[tuple[pygame.font.Font, str, int], tuple[str, ...]] = {}


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` pixels at word boundaries (explicit
    newlines are kept; a word wider than a line is cut with a hyphen if it has six letters or
    more; French punctuation never starts a line). To shrink a text before any word is cut,
    see `fit_lines`. From a cache, as `fit_lines`: the same texts are wrapped every frame."""
    key = (font, str(text), width)
    found = _wrapped.get(key)
    if found is None:
        if len(_wrapped) >= WRAPPED_CACHE_SIZE:
            _wrapped.clear()
        found = _wrapped[key] = tuple(_wrap_text(font, text, width))
    return list(found)


def _wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in str(text).split("\n")[:MAX_CHARS]:
        current = ""
        for word in _words(clean(paragraph)):
            candidate = f"{current} {word}" if current else word
            if font.size(candidate)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            *whole, current = _broken(font, word, width) or [""]
            lines.extend(whole)
        lines.append(current)
    return lines


def wrap_words(font: pygame.font.Font, text: str, width: int) -> list[str] | None:
    """`text` wrapped at word boundaries only (as `wrap_text`); None when a word is wider than
    `width` (it would have to be cut)."""
    for paragraph in str(text).split("\n")[:MAX_CHARS]:
        if any(font.size(word)[0] > width for word in _words(clean(paragraph))):
            return None
    return wrap_text(font, text, width)


READABLE_PX = 9  # the smallest print a label is shrunk to before a word of it is cut


FITTED_CACHE_SIZE = 2048  # boxes of text: every label of a screen, in both languages
_fitted: dict[tuple[Any, ...], tuple[pygame.font.Font, tuple[str, ...], bool]] = {}


def fit_lines(app: Any, text: str, width: int, height: int, size: int, bold: bool = False, most: int = 2,
              floor: int = READABLE_PX, fit: bool = True) -> tuple[pygame.font.Font, list[str], bool]:
    """`text` in a `width` x `height` box, on up to `most` lines, as large as it can be (`size`
    at most): each word whole, the text made smaller down to `floor` pixels before anything is
    cut; only then, at `floor`, a word too long for the line is cut with a hyphen. Returns the
    font, the lines and whether all of the text is there; when it is not, the last line ends
    with "…" (with `fit` False the lines are left as they wrap, the caller deciding).

    From a cache: a screen fits the same labels in the same boxes frame after frame, and each
    fitting measures every word at every size it tries (a fifth of a frame's time). The app
    keeps one font object per size until the window is resized, so the largest one stands for
    the app and its window."""
    key = (app.font(max(6, size), bold), str(text), width, height, size, most, floor, fit)
    found = _fitted.get(key)
    if found is None:
        if len(_fitted) >= FITTED_CACHE_SIZE:
            _fitted.clear()
        font, lines, whole = _fit_lines(app, text, width, height, size, bold, most, floor, fit)
        found = _fitted[key] = (font, tuple(lines), whole)
    return found[0], list(found[1]), found[2]


def _fit_lines(app: Any, text: str, width: int, height: int, size: int, bold: bool, most: int,
               floor: int, fit: bool) -> tuple[pygame.font.Font, list[str], bool]:
    floor = max(6, min(floor, size))
    font = app.font(max(floor, size), bold)
    for s in range(max(floor, size), floor - 1, -1):
        font = app.font(s, bold)
        lines = wrap_words(font, text, width)
        if lines is not None and len(lines) <= most and len(lines) * font.get_linesize() <= max(height, font.get_height()):
            return font, lines, True
    lines = wrap_text(font, text, width)  # at the floor: a word cut, with its hyphen
    keep = max(1, min(most, height // max(1, font.get_linesize())))
    if len(lines) <= keep and all(font.size(line)[0] <= width for line in lines):
        return font, lines, True
    if not fit:
        return font, lines[:keep], False
    return font, [*lines[:keep - 1], fit_text(font, _after(text, lines[:keep - 1]), width)], False


def _after(text: str, lines: list[str]) -> str:
    """What `text` says after the lines `wrap_text` made of its start (a cut word's hyphen is
    not part of the text)."""
    flat, pos = clean(str(text).replace("\n", " ")), 0
    for line in lines:
        line = line.replace("\u00a0", " ")
        pos += len(line[:-1] if line.endswith("-") and not flat.startswith(line, pos) else line)
        while pos < len(flat) and flat[pos] == " ":
            pos += 1
    return flat[pos:]


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` shortened with an ellipsis so that it fits in `width` pixels (binary search on the
    length: about log2(len) measurements, whatever the length of the text)."""
    text = clean(text)
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text) - 1  # the longest prefix that fits lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(text[:middle] + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


def fit_middle(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` shortened in its middle ("Alexan…rine 3") so that it fits in `width` pixels: its
    start and its end both read, which tells apart names that begin alike (a binary search on
    the characters kept, as `fit_text`)."""
    text = clean(text)
    if font.size(text)[0] <= width:
        return text

    def shown(keep: int) -> str:
        tail = keep // 2
        return f"{text[: keep - tail].rstrip()}…{text[len(text) - tail:].lstrip() if tail else ''}"

    low, high = 0, len(text) - 1  # the most characters kept that fit lie in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(shown(middle))[0] <= width:
            low = middle
        else:
            high = middle - 1
    return shown(low)
