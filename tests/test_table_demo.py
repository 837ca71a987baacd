"""`main.py demo`: bots play on the real table headless and a screenshot is written."""

from __future__ import annotations

import os

import pygame

import main


def test_demo_writes_a_screenshot_of_the_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    path = tmp_path / "shots" / "demo.png"
    status = main.main(["demo", "jagdfieber", "--players", "5", "--frames", "90", "--screenshot", str(path), "--headless"])
    assert status == 0
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    extra = os.environ.get("TABLEE_SHOTS")
    if extra:
        pygame.image.save(image, os.path.join(extra, "demo.png"))


def test_demo_refuses_bad_input_with_a_message(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    assert main.main(["demo", "jagdfeber", "--headless"]) == 1
    assert "jagdfieber" in capsys.readouterr().err  # did you mean
    assert main.main(["demo", "jagdfieber", "--players", "9", "--headless"]) == 1
    assert "3 to 5" in capsys.readouterr().err
    assert main.main(["demo", "jagdfieber", "--bot", "genius", "--headless"]) == 1
    assert "unknown bot" in capsys.readouterr().err


def test_headless_demo_frames_show_real_play_and_leave_an_autosave(tmp_path, monkeypatch) -> None:
    """Game time follows the match: the frames wait for the bots' worker, so 400 frames are
    400 frames of play (a bot move, its animation, the next), not an empty table."""
    from game.records import RecordStore

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert main.main(["demo", "silver_amulet", "--players", "3", "--frames", "400", "--headless"]) == 0
    saved = RecordStore().unfinished()
    assert len(saved) == 1 and saved[0].record is not None
    assert len(saved[0].record.actions) >= 4  # the opening looks and the first turns at least
