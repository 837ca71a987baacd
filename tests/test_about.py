"""The About screen: reachable from the main menu by keyboard and mouse, it shows the version, the
licence, the original games' designers and publishers, the credits of assets/CREDITS.md and that
Tablée is an unofficial adaptation, in French and English."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine import registry
from game.version import version
from scenes.about import AboutScene, about_text
from scenes.menu import MainMenuScene
from tests.test_app_support import click, frame, key, make_app

ROOT = Path(__file__).resolve().parent.parent


def about_button(menu: MainMenuScene):
    (button,) = [row.widgets[0] for row in menu.form.rows if row.widgets[0].label() in ("À propos", "About")]
    return button


def test_about_opens_from_the_menu_with_the_keyboard_and_escape_comes_back(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    menu = app.stack.top
    frame(app, key(pygame.K_ESCAPE), key(pygame.K_LEFT))  # Escape goes to Quit; About shares its line
    assert menu.form.focus is about_button(menu)
    frame(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, AboutScene)
    frame(app, key(pygame.K_END))
    assert app.stack.top.scroll > 0  # the page is longer than the window: it scrolls
    frame(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu


def test_about_opens_with_a_click_and_back_is_a_button(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path, size=(800, 480))  # the smallest window
    menu = app.stack.top
    frame(app)
    frame(app, *click(menu.form.screen_rect(about_button(menu)).center))
    about = app.stack.top
    assert isinstance(about, AboutScene)
    frame(app)
    frame(app, *click(about.form.screen_rect(about.back).center))
    assert app.stack.top is menu


def test_the_page_says_what_it_must_in_both_languages(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    for lang, unofficial in (("fr", "adaptation non officielle"), ("en", "unofficial adaptation")):
        app.set_language(lang)
        text = about_text(app)
        assert version() in text and "MIT" in text and unofficial in text
        assert "Twemoji" in text and "CC-BY 4.0" in text and "DejaVu" in text
        for entry in registry.available():
            assert entry.rules is not None
            credit = entry.rules.credits(lang)
            assert credit, f"no credits: section in the YAML of {entry.game_id}"
            assert f"**{entry.rules.name(lang)}** — {credit}" in text
        for publisher in ("Smiling Monster Games", "Ninja Star Games", "Gigamic", "Bézier Games", "Morning"):
            assert publisher in text


def test_every_third_party_item_of_the_credits_file_is_on_the_page(monkeypatch, tmp_path) -> None:
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    app = make_app(monkeypatch, tmp_path)
    text = about_text(app)
    for name in ("Twemoji", "CC-BY 4.0", "DejaVu Sans 2.37", "Bitstream Vera"):
        assert name in credits and name in text


def test_the_licence_file_is_the_licence_pyproject_declares() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # An SPDX expression: the program's own licence first, then those of the third-party
    # pictures and fonts the package carries (assets/CREDITS.md).
    assert project["license"].split(" AND ") == ["MIT", "CC-BY-4.0", "Bitstream-Vera"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert project["license-files"] == ["LICENSE", "assets/fonts/DejaVu-LICENSE.txt"]
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert "CC-BY 4.0" in credits and "Bitstream Vera" in credits
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
