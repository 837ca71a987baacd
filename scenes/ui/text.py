"""Text helpers shared by every screen: anchored drawing, word wrapping and fitting.

Texts may come from files a player can edit (names in records and settings), so every helper
first removes control characters (the font renderer draws them as boxes or fails on them) and
never measures more than MAX_CHARS characters: a name of a million characters costs the same
as one of a thousand, and fitting it takes a logarithmic number of measurements.
"""

from __future__ import annotations

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
    """A word wider than `width` (a long name, a path) cut into pieces that fit."""
    pieces: list[str] = []
    while word and font.size(word)[0] > width:
        low, high = 1, len(word) - 1  # the longest prefix that fits lies in [low, high]
        while low < high:
            middle = (low + high + 1) // 2
            if font.size(word[:middle])[0] <= width:
                low = middle
            else:
                high = middle - 1
        pieces.append(word[:low])
        word = word[low:]
    return [*pieces, word] if word else pieces


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` pixels (explicit newlines are kept; a word
    wider than a line is cut; French punctuation never starts a line)."""
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
