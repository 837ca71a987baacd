"""The player's folders at start: a read-only folder or a full disk is said at once (which folder,
what will not be saved); a folder or a pipe where an autosave should be is listed with what it
is; a match lock nobody holds (a killed window, a host that stopped) is removed; a broken game
data file is named on the setup screen with its file and line."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game import paths, records, userfiles
from tests.test_harden_classes import read_only


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_read_only_data_folder_is_said_at_start_with_what_will_not_be_saved(home: Path, monkeypatch, tmp_path) -> None:
    from tests.table_helpers import make_app

    (home / "data" / "autosave").mkdir(parents=True)
    read_only(monkeypatch, home / "data")
    try:
        assert paths.folder_problems() == []  # it exists: creating it is not the problem
        [(kind, problem)] = paths.unusable_folders()
        assert kind == "data" and str(home / "data") in problem and "read-only" in problem
        app = make_app(tmp_path, monkeypatch)
        texts = [notice.text for notice in app.notices]
        assert any(str(home / "data") in t and "statistiques" in t for t in texts), texts
    finally:
        (home / "data").chmod(0o700)


def test_a_full_disk_is_said_at_start(home: Path, monkeypatch) -> None:
    paths.data_dir()
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if len(data) == paths.PROBE_BYTES:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    found = dict(paths.unusable_folders())
    assert set(found) == {"config", "data", "logs"} and "the disk is full" in found["data"]
    assert not [p for p in (home / "data").iterdir() if p.name.startswith(".probe")]  # the probe is gone


def test_an_autosave_folder_alone_read_only_is_said_as_such(home: Path, monkeypatch) -> None:
    (home / "data" / "autosave").mkdir(parents=True)
    (home / "data" / "history").mkdir()
    read_only(monkeypatch, home / "data" / "autosave")
    try:
        assert [kind for kind, _ in paths.unusable_folders()] == ["autosave"]
    finally:
        (home / "data" / "autosave").chmod(0o700)


def test_usable_folders_are_not_said(home: Path) -> None:
    assert paths.unusable_folders() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes")
def test_a_folder_or_a_pipe_in_place_of_an_autosave_is_said_not_ignored(home: Path) -> None:
    autosave = home / "data" / "autosave"
    autosave.mkdir(parents=True)
    (autosave / "20260101-000000-fish_fish-aaaaaa.json").mkdir()
    os.mkfifo(autosave / "20260101-000000-fish_fish-bbbbbb.json")
    store = records.RecordStore()
    entries = store.unfinished()
    assert [(e.path.name, e.record) for e in entries] == [
        ("20260101-000000-fish_fish-aaaaaa.json", None), ("20260101-000000-fish_fish-bbbbbb.json", None)]
    assert "is a folder" in entries[0].error and "pipe" in entries[1].error
    assert store.latest_unfinished() is not None  # Continue is offered, and says what it found
    with pytest.raises(records.RecordError) as refused:
        records.resume(entries[1].path, store)  # a pipe never hangs the reader
    assert "pipe" in str(refused.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes")
def test_the_continue_list_shows_what_stands_in_place_of_an_autosave(home: Path, tmp_path, monkeypatch) -> None:
    from tests.table_helpers import make_app

    autosave = tmp_path / "home" / "data" / "autosave"
    autosave.mkdir(parents=True)
    (autosave / "20260101-000000-fish_fish-aaaaaa.json").mkdir()
    app = make_app(tmp_path, monkeypatch)
    assert app.can_continue()
    app.choose_match()
    scene = app.stack.top
    [row] = scene.rows
    assert not row.open.enabled and "is a folder" in row.open.tooltip()


def test_a_lock_nobody_holds_is_removed_at_start_and_a_held_one_is_kept(home: Path) -> None:
    autosave = home / "data" / "autosave"
    autosave.mkdir(parents=True)
    stale = autosave / "20260101-000000-fish_fish-aaaaaa.lock"
    stale.write_text("", encoding="utf-8")  # left by a window that was killed
    held = userfiles.FileLock(autosave / "20260101-000000-fish_fish-bbbbbb.lock")
    assert held.acquire()
    try:
        removed = userfiles.remove_leftovers()
        assert removed == [stale] and not stale.exists() and held.path.exists()
    finally:
        held.release()
    assert not held.path.exists()


def test_no_lock_is_left_once_a_hosted_match_is_over(home: Path) -> None:
    from game.net.client import RemoteSeat
    from game.net.hostthread import HostThread
    from tests.test_net_hostthread import new_match, play_to_end, until

    match = new_match()
    host = HostThread(match, port=0, advertise=False, listen="127.0.0.1", bot_for_open="random",
                      net_options={"rate": 10_000, "burst": 10_000})
    host.start()
    try:
        players = [RemoteSeat.claim("127.0.0.1", host.port, host.code, seat, name) for seat, name in ((1, "B"), (2, "C"))]
        own = RemoteSeat.connect("127.0.0.1", host.port, host.match_id, 0, host.secret(0))
        until(lambda: [s["state"] for s in host.seats()] == ["host", "taken", "taken"])
        host.begin()
        assert play_to_end([own, *players]) > 0
    finally:
        host.stop()
    for remote in (own, *players):
        remote.close()
    assert list((home / "data" / "autosave").iterdir()) == []
    assert len(list((home / "data" / "history").glob("*.json"))) == 1


def test_the_setup_screen_names_the_file_and_line_of_a_broken_game_file(tmp_path: Path, monkeypatch) -> None:
    import game.engine.declaration as declaration
    import game.engine.registry as reg
    from game.resources import data_path
    from scenes.setup import unavailable_line
    from tests.table_helpers import make_app

    text = data_path("jagdfieber.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "jagdfieber.yaml"
    bad.write_text(text.replace("  days: 4", "  days: four", 1), encoding="utf-8")
    line = next(n for n, row in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if "days: four" in row)
    monkeypatch.setattr(declaration, "data_path", lambda name: bad if name == "jagdfieber.yaml" else data_path(name))
    reg.clear_cache()
    try:
        app = make_app(tmp_path, monkeypatch)
        scene = app.scene("setup")
        [(game_id, error)] = scene.unavailable
        shown = unavailable_line(app, game_id, error)
        assert f"{bad}:{line}:" in shown and "days" in shown, shown
        assert "tablee validate" not in shown or "autre" in shown  # one problem: no count
    finally:
        monkeypatch.undo()
        reg.clear_cache()


def test_every_test_writes_under_a_home_of_its_own(tmp_path_factory) -> None:
    """The suite never touches the folders of the person running it (tests/conftest.py)."""
    own = tmp_path_factory.getbasetemp()
    for folder in (paths.config_dir(), paths.data_dir(), paths.log_dir(), paths.exports_dir()):
        assert folder.resolve().is_relative_to(own.resolve()), folder
