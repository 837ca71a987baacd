"""Wrapping text on screen: French punctuation stays with its word; a label shrinks before a word
is cut, and a cut word always says so with a hyphen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.ui.text import fit_lines, fit_middle, wrap_text  # noqa: E402
from tests.table_helpers import words_whole  # noqa: E402


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


def test_a_word_wider_than_the_line_is_cut_with_a_hyphen_and_nothing_is_lost(font) -> None:
    name = "Maximilien" * 6
    width = font.size("Maximilien")[0] * 2
    text = f"À vous, {name} : jouez"
    lines = wrap_text(font, text, width)
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert words_whole(lines, text), lines


@pytest.mark.parametrize("text", ["Bodyguard", "Apprentice Seer", "Doppelgänger", "Drawn card", "Set aside",
                                  "Apprentie voyante", "Cartes écartées", "Jean-Baptiste Poquelin"])
def test_no_word_is_ever_split_without_a_hyphen(font, text) -> None:
    """'Bodyguar/d', 'Apprentic/e Seer', 'Doppelgän/ger', 'Drawn/n/card', 'Set/aside' on the table."""
    for width in range(12, font.size(text)[0] + 2, 3):
        lines = wrap_text(font, text, width)
        assert words_whole(lines, text), (width, lines)


class Fonts:
    """The app's font(size, bold) for the helpers that shrink a text."""

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return pygame.font.Font(None, size)


def test_a_label_is_made_smaller_before_any_word_is_cut(font) -> None:
    fonts = Fonts()
    width = fonts.font(24).size("Doppelgänger")[0] - 4  # a little narrow at 24 px
    used, lines, whole = fit_lines(fonts, "Doppelgänger", width, 60, 24)
    assert whole and lines == ["Doppelgänger"] and used.get_height() < fonts.font(24).get_height()
    used, lines, whole = fit_lines(fonts, "Apprentice Seer", fonts.font(20).size("Apprentice")[0] + 2, 60, 20)
    assert whole and lines == ["Apprentice", "Seer"]  # two lines at word boundaries, full size
    used, lines, whole = fit_lines(fonts, "Doppelgänger", 20, 200, 24, floor=12, most=6)  # even the floor is too big
    assert whole and words_whole(lines, "Doppelgänger") and all(line.endswith("-") for line in lines[:-1])


class CountingFonts:
    """The app's fonts as the app keeps them (one object per size), counting measurements."""

    def __init__(self) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.measured = 0

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        if (size, bold) not in self.fonts:
            counter = self

            class Counting(pygame.font.Font):
                def size(self, text):  # type: ignore[no-untyped-def, override]
                    counter.measured += 1
                    return super().size(text)

            self.fonts[(size, bold)] = Counting(None, size)
        return self.fonts[(size, bold)]


def test_a_label_drawn_again_in_the_same_box_is_not_measured_again(font) -> None:
    fonts = CountingFonts()
    text = "Le chasseur le plus rapide prend la licorne"
    first = fit_lines(fonts, text, 120, 40, 22)
    measured = fonts.measured
    assert measured > 0 and first[2]
    first[1].append("changed by a caller")
    again = fit_lines(fonts, text, 120, 40, 22)
    assert fonts.measured == measured and again[0] is first[0] and again[1] == first[1][:-1]
    wider = fit_lines(fonts, text, 400, 40, 22)  # another box: fitted anew
    assert fonts.measured > measured and wider[2] and " ".join(wider[1]) == text


def test_a_name_cut_in_its_middle_keeps_its_end() -> None:
    small = pygame.font.Font(None, 18)
    a, b = fit_middle(small, "Alexandrine 2", 60), fit_middle(small, "Alexandrine 3", 60)
    assert a != b and "…" in a and a.endswith("2") and small.size(a)[0] <= 60


def test_short_text_is_one_line_and_newlines_are_kept(font) -> None:
    assert wrap_text(font, "Bonjour", 500) == ["Bonjour"]
    assert wrap_text(font, "Un\nDeux", 500) == ["Un", "Deux"]
    assert wrap_text(font, "", 500) == [""]


def test_a_text_wrapped_again_at_the_same_width_is_not_measured_again(font) -> None:
    fonts = CountingFonts()
    counting = fonts.font(20)
    text = "Chaque joueur pose autant de cartes que le premier joueur"
    first = wrap_text(counting, text, 150)
    measured = fonts.measured
    assert measured > 0 and len(first) > 1 and " ".join(first) == text
    first.clear()  # a caller's own list
    assert wrap_text(counting, text, 150) == wrap_text(counting, text, 150) != []
    assert fonts.measured == measured
    assert wrap_text(counting, text, 600) == [text] and fonts.measured > measured
