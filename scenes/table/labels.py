"""Words a layout writes on the table outside any region's own drawing: a label whole within the
room it has (a zone's name and count, a note beside a token), and help paragraphs filling a
region (what to click, what the drawn card does), each at the largest size where it is whole."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.text import fit_lines, wrap_text, wrap_words


def label(ctx: Any, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Any = None,
          anchor: str = "midbottom", width: int = 0, most: int = 1) -> pygame.Rect:
    """A table label at `pos`, whole within `width` (0: any): smaller, or on `most` lines, if need
    be. The rect it covers (a text-fit test checks that no two overlap)."""
    font, lines, _ = fit_lines(ctx.app, text, width or 10_000, most * ctx.app.font(size, True).get_linesize(), size, bold=True,
                               most=most, floor=7)
    line_h = font.get_linesize()
    box = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines), line_h * len(lines))
    setattr(box, anchor, pos)
    for i, line in enumerate(lines):
        img = font.render(line, True, color or theme.TEXT_DIM)
        x = box.x if "left" in anchor else box.right - img.get_width() if "right" in anchor else box.centerx - img.get_width() // 2
        surface.blit(img, (x, box.y + i * line_h))
    return box


def paragraphs(ctx: Any, surface: pygame.Surface, texts: list[str], rect: pygame.Rect) -> bool:
    """Help texts one under the other in a region (what to click, the drawn card's power), at
    the largest common size where all of them are whole (down to 8 px); whether they are."""
    texts = [t for t in texts if t]
    if not texts:
        return True
    size = max(8, min(ctx.app.px(17), rect.h // 4))
    gap = max(2, size // 3)
    while True:
        font = ctx.app.font(size, True)
        words = [wrap_words(font, text, rect.w) for text in texts]  # every word whole, else smaller
        blocks = [b if b is not None else wrap_text(font, t, rect.w) for b, t in zip(words, texts, strict=True)]
        height = sum(len(b) for b in blocks) * font.get_linesize() + gap * (len(blocks) - 1)
        whole = height <= rect.h and all(b is not None for b in words)
        if whole or size <= 8:
            break
        size -= 1
    y = rect.y
    for block in blocks:
        for line in block:
            if y + font.get_linesize() > rect.bottom:
                return False
            surface.blit(font.render(line, True, theme.TEXT), (rect.x, y))
            y += font.get_linesize()
        y += gap
    return whole
