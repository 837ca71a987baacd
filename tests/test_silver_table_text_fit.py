"""Every Silver label whole, at 1280x720 and at the smallest window (800x480), in French and
English: zone labels with their counts, the amulet's home, the caller's mark, the points table,
the help texts, the buttons (the composer's and the layout's own) and the characters' names on
cards of every size the table draws, the top bar's hint (drawn at the top of the log column when
the bar cannot hold it). A text cut with "…" is recorded (the drawing helpers'
`fit_text`), and no two labels or buttons overlap or leave the window. Screenshots of each
scene go to $TABLEE_SHOTS when it is set (silver_fit_<scene>_<lang>_<width>.png)."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

import scenes.layouts.silver_amulet_draw as art
import scenes.table.buttons as buttons
import scenes.table.composer_input as composer_input
import scenes.table.labels as labels
import scenes.table.overlays as overlays
import scenes.ui.text as text_helpers
from scenes.app import MIN_SIZE
from scenes.ui.text import clean
from tests.silver_helpers import stacked
from tests.table_helpers import SHOTS_ENV, frames, words_whole
from tests.test_silver_table_powers import HIGH, LOW, PEEKS, VILLAGES, table

SIZES = [MIN_SIZE, (1280, 720)]
SHORT = [["rascal", "rascal", "empath", "squire", "villager"], HIGH]
SHORT_HISTORY = [(0, "peek 1 2"), (1, "peek 1 2"), (0, "draw"), (0, "exchange 1 2"), (1, "draw"), (1, "discard"),
                 (0, "take discard"), (0, "exchange 4"), (1, "draw"), (1, "discard")]
FOUR = [HIGH, ["rascal", "rascal", "empath", "squire", "villager"], LOW, ["seer", "seer", "witch", "witch", "master"]]
FOUR_PEEKS = [(s, "peek 1 2") for s in range(4)]
FOUR_HISTORY = [*FOUR_PEEKS, (1, "draw"), (1, "exchange 1 2"), (2, "draw"), (2, "discard"), (3, "draw"), (3, "discard"),
                (0, "draw"), (0, "discard"), (1, "call count"), (2, "draw"), (2, "discard"), (3, "draw"), (3, "discard")]
# name -> (players' villages, discard, deck top, history, start seat)
SCENES: dict[str, tuple[list[list[str]], str, list[str], list[tuple[int, str]], int]] = {
    "peek": (VILLAGES, "apprentice_seer", ["witch"], [], 0),
    "main": (VILLAGES, "apprentice_seer", ["witch"], PEEKS, 0),
    "drawn": (VILLAGES, "apprentice_seer", ["witch"], [*PEEKS, (0, "draw")], 0),
    "power": (VILLAGES, "apprentice_seer", ["witch"], [*PEEKS, (0, "draw"), (0, "use")], 0),
    "exchange": (VILLAGES, "apprentice_seer", ["apprentice_seer"], [*PEEKS, (0, "draw")], 0),
    "master": (VILLAGES, "beholder", ["villager", "squire", "doppelganger", "master"],
               [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"), (2, "draw"), (2, "discard"),
                (0, "draw"), (0, "use")], 0),
    "call_and_look": (SHORT, "villager", ["squire", "empath", "seer", "witch", "exposer"], SHORT_HISTORY, 0),
    "four_called": (FOUR, "villager", ["squire", "exposer", "revealer", "beholder", "exposer", "revealer"], FOUR_HISTORY, 1),
}


class Fit:
    """What the Silver drawing helpers cut, and where labels and buttons went."""

    def __init__(self, monkeypatch) -> None:
        self.cut: list[str] = []
        self.boxes: list[tuple[str, pygame.Rect]] = []
        real_fit, real_label, real_button, real_paragraphs = art.fit_text, labels.label, buttons.draw_button, labels.paragraphs

        def fit(font, text, width):
            out = real_fit(font, text, width)
            if out != clean(text):
                self.cut.append(text)
            return out

        def label(ctx, surface, text, *args, **kw):
            rect = real_label(ctx, surface, text, *args, **kw)
            self.boxes.append((text, rect))
            return rect

        def button(app, surface, rect, text, *args, **kw):
            if not real_button(app, surface, rect, text, *args, **kw):
                self.cut.append(text)
            self.boxes.append((text, rect))
            return True

        def paragraphs(ctx, surface, texts, rect):
            if not real_paragraphs(ctx, surface, texts, rect):
                self.cut.append(" / ".join(texts))
            return True

        for module in (art, composer_input, overlays, text_helpers):  # overlays: the top bar's hint; text: fit_lines
            monkeypatch.setattr(module, "fit_text", fit)
        monkeypatch.setattr(labels, "label", label)
        monkeypatch.setattr(buttons, "draw_button", button)  # every button of the table
        monkeypatch.setattr(labels, "paragraphs", paragraphs)


def build(tmp_path, monkeypatch, name: str, size: tuple[int, int], lang: str) -> tuple[Any, Any]:
    """The scene `name` at a table of Ana (human) and bots, in a window of `size`."""
    villages, discard, top, history, start = SCENES[name]
    deck = stacked(len(villages), villages, discard, top)
    return table(tmp_path, monkeypatch, deck, history, "h" + "b" * (len(villages) - 1), lang, size, start)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", list(SCENES))
def test_every_silver_label_is_whole_and_apart(tmp_path, monkeypatch, name, lang, size) -> None:
    app, scene = build(tmp_path, monkeypatch, name, size, lang)
    assert scene.active_seat() == 0, name
    fit = Fit(monkeypatch)
    app.dirty = True
    frames(app, 2)
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        pygame.image.save(app.screen, os.path.join(folder, f"silver_fit_{name}_{lang}_{size[0]}.png"))
    ctx = scene.ctx()
    boxes = list(fit.boxes)  # the table's buttons too: the composer's and the layout's, one painter
    assert not fit.cut, f"{name}: cut {fit.cut}"
    window = pygame.Rect((0, 0), size)
    for text, rect in boxes:
        assert window.contains(rect), f"{name}: {text!r} {rect} leaves the window"
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            assert not ra.colliderect(rb), f"{name}: {a!r} {ra} overlaps {b!r} {rb}"
    if name == "call_and_look":
        assert {"call count", "draw", "take discard"} <= {p.action for p, _ in scene.composer.presses(ctx)}
        assert [b for b, _ in scene.composer.own_buttons(ctx) if b.name != "confirm"]
    if name == "four_called":
        assert any(t in (app.tr("silver_amulet.called"), app.tr("silver_amulet.called_short")) for t, _ in fit.boxes)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_characters_name_is_whole_on_every_card_size(tmp_path, monkeypatch, lang, size) -> None:
    """"Apprentie voyante" on a small village card, on the discard pile, drawn, in the gallery."""
    app, scene = build(tmp_path, monkeypatch, "master", size, lang)
    fit = Fit(monkeypatch)
    regions = scene.placements.regions
    sizes = {region.card_size for region in regions.values() if region.zone in ("village", "discard", "drawn")}
    sizes |= {scene.placements.card_size, scene.placements.hand_card_size}
    readable = {regions["drawn:0"].card_size} | ({scene.placements.hand_card_size} if size[0] >= 1280 else set())
    for card in scene.rules.card_order:
        for card_size in sizes:
            art.character(scene.art, card, card_size)
            _, lines, _ = art.name_lines(app, scene.rules, card, card_size)
            if card_size in readable:  # on the drawn card (and your own cards but in the smallest window): named
                assert lines, (card, card_size)
    assert not fit.cut, fit.cut


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_name_or_zone_label_splits_a_word_without_a_hyphen(tmp_path, monkeypatch, lang, size) -> None:
    """'Bodyguar/d', 'Apprentic/e Seer', 'Doppelgän/ger' on cards; 'Drawn/n/card', 'Set/aside' on
    empty zones: a label wraps at word boundaries, made smaller first; a cut word has its hyphen."""
    app, scene = build(tmp_path, monkeypatch, "main", size, lang)
    regions = scene.placements.regions
    sizes = {region.card_size for region in regions.values() if region.zone in ("village", "discard", "drawn")}
    sizes |= {scene.placements.card_size, scene.placements.hand_card_size}
    for card in scene.rules.card_order:
        name = app.game_text(scene.rules, f"card.{card}")
        for card_size in sizes:
            _, lines, _ = art.name_lines(app, scene.rules, card, card_size)
            assert not lines or words_whole(lines, name), (card, card_size, lines)
    drawn: list[str] = []
    real = scene.painter.text
    monkeypatch.setattr(scene.painter, "text", lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1])
    surface = pygame.Surface(size)
    labelled = [r for r in regions.values() if r.label and scene.rules.has_text(r.label) and r.zone in ("drawn", "aside")]
    assert labelled
    for region in labelled:
        drawn.clear()
        scene.painter.empty_label(surface, region)
        label = app.game_text(scene.rules, region.label)
        assert words_whole(drawn, label) if drawn else size[0] < 1280, (region.name, drawn)  # (too small: none)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_long_discard_pile_keeps_its_count_in_the_smallest_window(tmp_path, monkeypatch, lang) -> None:
    """'Discard pile (1…' at 800x480 late in a round: the label shortens its name, never its count."""
    app, scene = build(tmp_path, monkeypatch, "main", MIN_SIZE, lang)
    scene.view["zones"]["discard"] = ["villager"] * 19
    said: list[tuple[str, int, int]] = []
    real = labels.label
    monkeypatch.setattr(labels, "label", lambda ctx, surface, text, pos, size, *a, **k: (
        said.append((text, k.get("width", 0), size)), real(ctx, surface, text, pos, size, *a, **k))[1])
    scene.layout.draw_table(scene.ctx(), pygame.Surface(MIN_SIZE))
    text, width, size = next(s for s in said if "(19)" in s[0])
    assert art.fit_lines(app, text, width, app.font(size, True).get_linesize(), size, most=1)[2], text
