"""Settings persist, a corrupt file is survived with a message, the language switches at once,
and the app runs without any audio device."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes import settings_store
from scenes.settings import SettingsScene
from scenes.sound import NAMES, SYNTHS, SoundBank, to_pcm16
from tests.test_app_support import click, frame, key, make_app


def settings_file(tmp_path):
    return tmp_path / "home" / "config" / "settings.json"


def open_settings(app) -> SettingsScene:
    """Arrow down to the "Settings" button of the main menu and press Enter."""
    menu = app.stack.top
    for _ in range(len(menu.form.focusables())):
        if menu.form.focus.label() == app.tr("menu.settings"):
            break
        frame(app, key(pygame.K_DOWN))
    frame(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


def test_french_is_the_default_and_changes_are_saved_and_reloaded(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    assert app.settings.language == "fr" and app.tr("menu.quit") == "Quitter"
    scene = open_settings(app)
    frame(app, key(pygame.K_RIGHT))  # language: English
    frame(app, key(pygame.K_DOWN), key(pygame.K_RIGHT))  # animation speed 1 -> 1.5
    frame(app, key(pygame.K_DOWN), key(pygame.K_RETURN))  # sound off
    assert scene.form.focus is scene.sound
    saved = json.loads(settings_file(tmp_path).read_text(encoding="utf-8"))
    assert saved["language"] == "en" and saved["animation_speed"] == 1.5 and saved["sound"] is False
    again = make_app(monkeypatch, tmp_path)
    assert (again.settings.language, again.settings.animation_speed, again.settings.sound) == ("en", 1.5, False)
    assert again.tr("menu.quit") == "Quit"


def test_window_size_setting_resizes_the_window(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    scene = open_settings(app)
    frame(app, *click((scene.window.rect.right - 5, scene.window.rect.centery)))
    assert app.screen.get_size() == (1600, 900)
    assert json.loads(settings_file(tmp_path).read_text())["window_size"] == [1600, 900]


def test_a_corrupt_settings_file_gives_a_message_and_defaults(monkeypatch, tmp_path) -> None:
    path = settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('{"language": "fr", "sound": tru', encoding="utf-8")
    app = make_app(monkeypatch, tmp_path, lessons_offered=False)  # the settings as read
    assert app.settings == settings_store.Settings(window_size=(1280, 720))
    [notice] = app.notices
    [kept] = path.parent.glob("settings.bad-*.json")
    assert notice.error and "illisible" in notice.text and kept.name in notice.text
    # Nothing is lost: the unreadable file is kept beside, and the app goes on working.
    assert kept.read_text(encoding="utf-8").startswith('{"language"')
    frame(app, key(pygame.K_RETURN))
    assert type(app.stack.top).__name__ == "SetupScene"


def test_a_wrong_value_is_named_in_the_message(monkeypatch, tmp_path) -> None:
    path = settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "de"}), encoding="utf-8")
    result = settings_store.load(path)
    assert result.problem == "'language' is 'de' (expected one of fr, en)"
    assert result.settings.language == "fr"


def test_one_wrong_value_resets_only_itself(monkeypatch, tmp_path) -> None:
    """A damaged New game record in `extra` costs the player neither the language nor the
    animation speed: the app starts in English at speed 2, names the value it reset, keeps the
    file as it was beside, and writes back the good settings."""
    path = settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    written = json.dumps({"language": "en", "animation_speed": 2, "window_size": [10, 10],
                          "extra": {"last_setup": {"players": "four"}, "tours_seen": ["silver_amulet"]}})
    path.write_text(written, encoding="utf-8")
    app = make_app(monkeypatch, tmp_path, lessons_offered=False)  # the settings as read
    assert app.settings.language == "en" and app.settings.animation_speed == 2.0
    assert app.settings.window_size == (1280, 720) and app.settings.extra == {"tours_seen": ["silver_amulet"]}
    [notice] = app.notices
    [kept] = path.parent.glob("settings.bad-*.json")
    assert notice.error and "the others are kept" in notice.text and kept.name in notice.text
    assert "'window_size'" in notice.text and "'extra.last_setup'" in notice.text
    assert kept.read_text(encoding="utf-8") == written
    again = settings_store.load(path)
    assert again.problem is None and again.settings == app.settings
    frame(app, key(pygame.K_RETURN))
    assert type(app.stack.top).__name__ == "SetupScene"


def test_unknown_keys_from_a_newer_version_are_kept(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "tour_done": True}), encoding="utf-8")
    settings = settings_store.load(path).settings
    assert settings.extra == {"tour_done": True}
    assert settings_store.save(settings, path) is None
    assert json.loads(path.read_text())["extra"] == {"tour_done": True}


def test_switching_language_changes_the_rendered_text(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    frame(app)
    french = pygame.image.tobytes(app.screen, "RGB")
    app.set_language("en")
    frame(app)
    english = pygame.image.tobytes(app.screen, "RGB")
    assert french != english
    # The same pixels as a fresh English app: nothing of the French screen is left.
    app.set_language("fr")
    frame(app)
    assert pygame.image.tobytes(app.screen, "RGB") == french


def test_every_sound_is_synthesized_and_playable(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    assert set(SYNTHS) == set(NAMES)
    for name in NAMES:
        pcm = to_pcm16(SYNTHS[name](22050), 2)
        assert 0.05 * 22050 * 4 < len(pcm) < 0.5 * 22050 * 4  # short effects, stereo 16-bit
        app.play_sound(name)
    if app.sounds.available:
        assert set(app.sounds.sounds) == set(NAMES)


def test_the_app_runs_without_an_audio_device(monkeypatch, tmp_path) -> None:
    pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(monkeypatch, tmp_path)
    assert not app.sounds.available and "audio device" in (app.sounds.problem or "")
    app.play_sound("capture")  # silent, no error
    app.push(app.scene("settings"))
    frame(app)
    assert isinstance(app.stack.top, SettingsScene)


def test_sound_off_plays_nothing(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    played: list[str] = []
    monkeypatch.setattr(SoundBank, "play", lambda self, name, volume=0.6: played.append(name))
    app.settings.sound = False
    app.play_sound("deal")
    app.settings.sound = True
    app.play_sound("reveal")
    assert played == ["reveal"]


# ------------------------------------------------------------------ text size, motion, language, dates
def test_the_first_language_is_the_systems_and_french_otherwise(monkeypatch, tmp_path) -> None:
    from scenes.i18n import system_language

    assert system_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert system_language({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert system_language({"LANG": "de_DE.UTF-8"}) == "fr"  # French otherwise
    assert system_language({"LC_ALL": "C", "LANG": "C.UTF-8", "LANGUAGE": "en_US:en"}) == "en"
    assert system_language({"LC_MESSAGES": "English_United States.1252"}) == "en"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    app = make_app(monkeypatch, tmp_path)  # no settings file yet: the first run
    assert app.settings.language == "en" and app.tr("menu.quit") == "Quit"
    app.set_language("fr")
    app.save_settings()
    assert make_app(monkeypatch, tmp_path).settings.language == "fr"  # the player's choice stays


def test_text_size_and_reduced_motion_are_applied_and_saved(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    scene = open_settings(app)
    scene.form.focus = scene.text_size
    base = app.tx(20)
    frame(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))  # 100 % -> 130 %
    assert app.settings.text_size == 1.3 and app.tx(20) > base and app.px(20) == 20  # text only, not the window
    scene.form.focus = scene.reduced_motion
    frame(app, key(pygame.K_RETURN))
    assert app.settings.reduced_motion is True
    saved = json.loads(settings_file(tmp_path).read_text(encoding="utf-8"))
    assert saved["text_size"] == 1.3 and saved["reduced_motion"] is True
    again = make_app(monkeypatch, tmp_path)
    assert (again.settings.text_size, again.settings.reduced_motion) == (1.3, True)
    for bad in ({"text_size": 9}, {"text_size": True}, {"reduced_motion": "yes"}):
        settings_file(tmp_path).write_text(json.dumps(bad), encoding="utf-8")
        assert settings_store.load(settings_file(tmp_path)).problem is not None


def test_a_bigger_text_size_reflows_the_log_and_the_captions(monkeypatch, tmp_path) -> None:
    from tests.table_helpers import frames, make_table, settle

    app = make_app(monkeypatch, tmp_path)
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    scene = make_table(app, "hbb")
    settle(app, scene)
    for _ in range(2):
        assert scene.submit(str(scene.match.state.legal_actions(0)[0]))
        settle(app, scene)
    panel = scene.records.panel
    before, height = len(panel._wrapped()), panel._line_height()
    app.settings.text_size = 1.5
    app.relayout()
    frames(app, 2)
    assert panel._line_height() > height and len(panel._wrapped()) > before  # longer lines wrap again


def test_reduced_motion_shows_each_move_at_once_without_flying_cards(monkeypatch, tmp_path) -> None:
    from tests.table_helpers import frames, make_table, settle

    app = make_app(monkeypatch, tmp_path)
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    app.settings.reduced_motion = True
    scene = make_table(app, "hbb")
    settle(app, scene)
    steps: list = []
    scene.animator.on_step = lambda step: steps.append(step) or scene._on_step(step)
    assert scene.submit(str(scene.match.state.legal_actions(0)[0]))
    for _ in range(20):
        frames(app, 1)
        assert scene.animator.current is None  # never a step in flight on a drawn frame
    assert steps and scene.captions  # the moves were told all the same


@pytest.mark.parametrize(("lang", "text"), [("fr", "7 mars 2026 à 09:05"), ("en", "March 7, 2026, 09:05")])
def test_dates_in_each_languages_own_form(monkeypatch, tmp_path, lang: str, text: str) -> None:
    import time

    from scenes.replay import format_date

    app = make_app(monkeypatch, tmp_path)
    app.set_language(lang)
    assert format_date(app, time.struct_time((2026, 3, 7, 9, 5, 0, 5, 66, 0))) == text
