"""Every Kill the Unicorns label fits at the smallest window, in French and English: card titles
and effects (in hand, on the table, zoomed), the line's counts and its "Hunted" tag, the market's
rows, the seats' lines, the buttons and the top bar's hint of every phase are drawn whole, narrowed
at most a little, never cut; the "Hunted" tag stays inside the line's frame, off the market."""

from __future__ import annotations

import pygame
import pytest

from scenes.app import MIN_SIZE
from scenes.layouts import kill_the_unicorns_draw as art
from scenes.layouts.kill_the_unicorns_view import hunted_tag
from scenes.table import overlays
from scenes.ui.text import clean
from tests.table_helpers import frames, make_app
from tests.test_kill_the_unicorns_table_play import keep_under, my_turn, submit_until, table, under

CHARACTERS = ("princess", "knight", "huntress", "wizard", "shaman", "bard")
LEGIBLE = 0.75  # a line may be narrowed to this share of its width, no more


def _every_card(scene) -> list[str]:
    rules = scene.rules
    cards = [*rules.unicorns, *rules.schemes_stay, *(f"char:{c}" for c in rules.characters)]
    cards += ["coll|green_1||-2|polymorph|7", "coll|legendary|blue|6|fairy_dust_blue|12"]
    return cards


def _sizes(scene) -> set[tuple[int, int]]:
    """Every size a card takes at this table: each region's, and the zoom's."""
    w, h = scene.app.screen.get_size()
    zoom = (int(int(h * 0.8) * scene.theme.card_ratio), int(h * 0.8))
    return {tuple(r.card_size) for r in scene.placements.regions.values() if r.card_size} | {zoom}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("players", [4, 6])
def test_every_label_fits_at_the_smallest_window(tmp_path, monkeypatch, lang: str, players: int) -> None:
    app = make_app(tmp_path, monkeypatch, size=MIN_SIZE)
    app.set_language(lang)
    scene = table(app, CHARACTERS[:players], policy=keep_under(2))
    assert app.screen.get_size() == MIN_SIZE
    art.FIT_LOG = log = []
    real_fit, cut = overlays.fit_text, []

    def fit(font, text, width):  # the top bar's hint shortened with "…"
        out = real_fit(font, text, width)
        if out != clean(text):
            cut.append(text)
        return out

    monkeypatch.setattr(overlays, "fit_text", fit)
    try:
        my_turn(app, scene, "schemes")
        scene.draw(app.screen)
        for size in _sizes(scene):
            for card in _every_card(scene):
                scene.layout.card_face(scene.art, card, size)
        submit_until(app, scene, "hunt", lambda legal: legal[0])
        scene.draw(app.screen)
        submit_until(app, scene, "market", under(3))
        frames(app, 1)
        scene.draw(app.screen)
    finally:
        art.FIT_LOG = None
    assert len({text for text, _, _ in log}) > 60  # titles, effects, names, rows, lines, buttons
    assert not cut, cut  # the bar's hint (schemes, hunt, market): whole, in the log column if need be
    squeezed = sorted({(text, width, room) for text, width, room in log if width * LEGIBLE > room})
    assert not squeezed, squeezed
    regions = scene.placements.regions
    font = app.font(max(10, regions["caption"].rect.h * 2 // 3), False)
    for p in range(4):
        under_p = regions[f"under:{p}"]
        card = pygame.Rect(under_p.rect.topleft, under_p.card_size)
        _, box = hunted_tag(scene.ctx(), font, card)
        assert regions["line_frame"].rect.contains(box) and not box.colliderect(regions["market_frame"].rect)
