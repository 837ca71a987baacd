"""Silver's player aid at the table: the 14 characters with their value, copies, power and when
it acts (face up in your village, drawn then discarded, when exchanging), in French and English;
opened by the HUD button or F2 and closed by F2, Escape or its button; it scrolls when the
window is small. Screenshots go to $TABLEE_SHOTS when it is set (silver_aid_<lang>_<width>.png)."""

from __future__ import annotations

import os

import pygame
import pytest

from scenes.player_aid import PlayerAidScene
from tests.table_helpers import SHOTS_ENV, click, frames, key
from tests.test_silver_table_text_fit import SIZES, build


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_aid_opens_from_the_hud_and_f2_and_names_every_character(tmp_path, monkeypatch, lang, size) -> None:
    app, scene = build(tmp_path, monkeypatch, "drawn", size, lang)
    aid = next(b for b in scene.buttons if b.action == "aid")
    assert app.tr("table.aid_button") in ("Aid (F2)", "Aide (F2)")
    click(app, aid.rect.center)
    top = app.stack.top
    assert isinstance(top, PlayerAidScene)
    text = top.text()
    data = scene.rules.data["characters"]
    for card in scene.rules.card_order:  # value, name and power of each of the 14
        name = app.game_text(scene.rules, f"card.{card}")
        assert f"**{data[card]['value']} · {name}**" in text and data[card]["power"][lang] in text
    for when in ("face_up", "drawn_and_discarded", "exchanging"):
        assert app.tr(f"silver_amulet.aid_when.{when}") in text
    frames(app, 2)
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        pygame.image.save(app.screen, os.path.join(folder, f"silver_aid_{lang}_{size[0]}.png"))
    if top.document.height > top.area.height:  # the smallest window: it scrolls
        frames(app, 1, events=[key(pygame.K_PAGEDOWN)])
        assert top.scroll > 0
    frames(app, 1, events=[key(pygame.K_F2)])
    assert app.stack.top is scene
    frames(app, 1, events=[key(pygame.K_F2)])
    assert isinstance(app.stack.top, PlayerAidScene)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert app.stack.top is scene and scene.view["step"] == "drawn"  # the turn waits, untouched


def test_the_tour_names_the_aid_key(tmp_path, monkeypatch) -> None:
    app, scene = build(tmp_path, monkeypatch, "main", (1280, 720), "en")
    assert "F2" in app.tr("tour.silver_amulet.keys") and "F2" in app.tr("table.aid_button")
