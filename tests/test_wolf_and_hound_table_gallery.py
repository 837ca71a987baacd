"""The animal-card gallery, opened from the rules screen: every animal card, each side, both languages."""

from __future__ import annotations

import itertools

import pygame

from game.engine import registry
from tests.table_helpers import frames, key, make_app, shot

RULES = registry.load("wolf_and_hound")


def _sides() -> list[tuple[str, str]]:
    return [(a, side) for a, data in RULES.data["animals"].items() for side in ("front", "back") if data.get(side)]


def test_rules_screen_opens_the_gallery_of_every_animal_card(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    rules_screen = app.scene("rules", game_id="jagdfieber")
    app.push(rules_screen)
    frames(app, 1)
    assert not rules_screen.cards.enabled  # Jagdfieber's layout has no gallery: the button says so
    for _ in range(len(rules_screen.games)):  # Right picks the next game, as a player would
        if rules_screen.game.value == "wolf_and_hound":
            break
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert rules_screen.cards.enabled
    rules_screen.cards.activate()
    gallery = app.stack.top
    assert type(gallery).__name__ == "GalleryScene"
    frames(app, 1)
    assert len(gallery.cards) == len(_sides()) >= 22  # the metamorphic and confused cards twice
    shot(app, tmp_path, "wh_gallery")
    rects = gallery.card_rects()
    assert all(a.right <= b.x or a.bottom <= b.y or b.bottom <= a.y for a, b in itertools.pairwise(rects) if a.y == b.y)
    frames(app, 1, events=[key(pygame.K_END)])
    assert gallery.scroll == gallery.content_h - gallery.area.h > 0
    shot(app, tmp_path, "wh_gallery_end")
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert app.stack.top is rules_screen


def test_every_gallery_card_has_its_name_and_description_in_both_languages(tmp_path, monkeypatch) -> None:
    from scenes.layouts.wolf_and_hound import WolfAndHoundLayout

    gallery_cards = WolfAndHoundLayout().gallery_cards

    app = make_app(tmp_path, monkeypatch)
    for animal, _ in _sides():
        for lang in ("fr", "en"):
            assert RULES.text(lang, f"animal.{animal}") and RULES.text(lang, f"animal.{animal}.desc")
    pictures = {}
    for lang in ("fr", "en"):
        app.settings.language = lang
        pictures[lang] = [pygame.image.tobytes(s, "RGBA") for s in gallery_cards(app, RULES, (210, 300))]
    # the texts are drawn: the same card differs between languages
    assert all(fr != en for fr, en in zip(pictures["fr"], pictures["en"], strict=True))


def test_setup_shows_the_description_of_the_animal_card_in_focus(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    setup = app.scene("setup", game_id="wolf_and_hound")
    app.push(setup)
    frames(app, 1)
    for animal, check in setup.option_widgets["animals"].items():
        setup.focus(check)
        assert setup.form.tooltip() == app.game_text(RULES, f"animal.{animal}.desc")
    frames(app, 1)
    shot(app, tmp_path, "wh_setup_description")
    # the rulebook's recommended combinations are offered as presets
    assert [pid for pid, _ in RULES.option_presets()][:2] == ["first", "beginner_half"]
    assert setup.preset is not None
    offered = {value for value, _ in setup.preset.options}
    assert {pid for pid, _ in RULES.option_presets()} <= offered


def test_setup_advises_the_seating_with_three_players(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    setup = app.scene("setup", game_id="wolf_and_hound")
    app.push(setup)
    setup.players.set_value(3)
    frames(app, 1)
    assert setup._seating_advice() == app.game_text(RULES, "setup.three_players")
    shot(app, tmp_path, "wh_setup_three_players")
    setup.players.set_value(4)
    assert setup._seating_advice() is None


def test_animal_cards_show_their_movement_modifier_from_the_yaml() -> None:
    from scenes.layouts.wolf_and_hound_draw import movement_mark

    # rulebook section 8: +1 / -1 (8-2), 1/2 (8-3), -1/2 (8-5); Grandpa wolf moves backwards (8-9); Red devil x3 (15-1)
    expected = {"wolf_01": "", "wolf_03": "+1", "wolf_04": "−1", "wolf_06": "½", "sheep_01": "½ ↺",
                "extra_01": "↺", "designer_01": "×3", "hound_02": ""}
    assert {a: movement_mark(RULES.data["presentation"], RULES, a, "front") for a in expected} == expected
    assert movement_mark(RULES.data["presentation"], RULES, "extra_02", "back") == "↺"  # the confused hound's back goes backwards
