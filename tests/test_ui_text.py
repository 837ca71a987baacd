"""Wrapping text on screen: French punctuation stays with its word, a word too long is cut."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.ui.text import wrap_text  # noqa: E402


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    return pygame.font.Font(None, 24)


def test_a_french_exclamation_mark_never_starts_a_line(font) -> None:
    text = "Chloé révèle sa ligne : Prise ! Les deux cartes Prise ont été révélées ; la manche s'arrête ?"
    widest = max(font.size(w)[0] for w in ("ligne :", "Prise !", "révélées ;", "s'arrête ?", "cartes"))
    for width in range(widest + 1, font.size(text)[0], 7):  # (narrower, words themselves are cut)
        lines = wrap_text(font, text, width)
        assert all(line.split()[0][0] not in "!?:;" for line in lines if line.strip()), (width, lines)
        assert " ".join(lines).replace("\u00a0", " ") == text


def test_guillemets_keep_their_word(font) -> None:
    lines = wrap_text(font, "Il dit « bonjour » et part", font.size("Il dit «")[0] + 2)
    assert all(not line.endswith("«") and not line.startswith("»") for line in lines), lines


def test_a_word_wider_than_the_line_is_cut_and_nothing_is_lost(font) -> None:
    name = "Maximilien" * 6
    width = font.size("Maximilien")[0] * 2
    lines = wrap_text(font, f"À vous, {name} : jouez", width)
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert "".join(lines).replace(" ", "").replace("\u00a0", "") == f"Àvous,{name}:jouez"


def test_short_text_is_one_line_and_newlines_are_kept(font) -> None:
    assert wrap_text(font, "Bonjour", 500) == ["Bonjour"]
    assert wrap_text(font, "Un\nDeux", 500) == ["Un", "Deux"]
    assert wrap_text(font, "", 500) == [""]
