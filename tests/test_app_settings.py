"""Settings persist, a corrupt file is survived with a message, the language switches at once,
and the app runs without any audio device."""

from __future__ import annotations

import json

import pygame

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
    app = make_app(monkeypatch, tmp_path)
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
