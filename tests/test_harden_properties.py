"""Issue 15, property-based: every kind of user file and data file, damaged at random (bytes
flipped, cut, hostile snippets inserted, any JSON value put anywhere), is either loaded or
refused with the loader's own clear error, never another exception; and nothing outside the
user folder changes. Budgets are small: these run in the default suite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.errors import GameUnavailable
from game.engine.record import RecordError, load
from game.engine.schema import DataError
from game.records import RecordStore, Statistics
from game.resources import asset_path
from game.stats import parse_legacy
from scenes import i18n, settings_store
from tests.records_helpers import random_match

JAGD = registry.load("jagdfieber")
FINISHED, _, _ = random_match(JAGD, 3, 21, humans=1)
UNFINISHED, _, _ = random_match(JAGD, 3, 22, max_actions=12, humans=1)
STATS = {"format": "tablee-stats", "format_version": 1,
         "games": {"jagdfieber": {"played": 3, "won": 1, "best_score": 40}}, "counted": ["m-1", "m-2"]}
SETTINGS = {"language": "en", "animation_speed": 1.5, "sound": False, "window_size": [1600, 900],
            "fullscreen": False, "extra": {"last_setup": {"game": "jagdfieber", "players": 3, "seats": []}}}
COMMON_YAML = registry.data_path("common.yaml").read_bytes()
LOCALE_YAML = (asset_path("locale", "en") / "table.yaml").read_bytes()

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))

HOSTILE = [
    b"", b"\x00", b"\xff\xfe", b'"', b"[", b"{", b"}", b"]", b",", b":", b"\n", b"\t", b"null", b"-", b"1e999",
    b"9" * 5000, b"[" * 3000, b"..", b"../../", b"\x1b[31m", b"&a [*a]", b"*a", b"!!python/object:os.system ",
    b"!!int x ", b"!!binary ", b"? [a]\n", b"- ", b"'", b"\xc3\x28", b"\xe2\x80\xae", b"NaN", b"true",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20)
    | st.sampled_from(["..", "../../x", "\x00", "a/b", "9" * 30]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@st.composite
def damaged_bytes(draw: Any, original: bytes) -> bytes:
    """`original` with one to four random edits: cut, flipped byte, inserted hostile snippet,
    deleted or repeated span."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["cut", "flip", "insert", "delete", "repeat"]))
        if kind == "cut":
            del data[at:]
        elif kind == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(HOSTILE))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 50))]
        else:
            data[at:at] = data[at:at + draw(st.integers(1, 200))] * draw(st.integers(1, 3))
    return bytes(data)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value[:6]):
            found += _paths(child, prefix + (i,))
    return found


@st.composite
def reshaped_json(draw: Any, original: Any) -> bytes:
    """Valid JSON of the wrong shape: one value anywhere in `original` replaced by any value."""
    data = json.loads(json.dumps(original))
    where = draw(st.sampled_from(_paths(data)))
    value = draw(json_values)
    if not where:
        data = value
    else:
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        parent[where[-1]] = value
    return json.dumps(data).encode()


def damaged_json(original: Any) -> st.SearchStrategy[bytes]:
    return reshaped_json(original) | damaged_bytes(json.dumps(original, indent=1).encode())


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` with its content (None for folders)."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        found[str(path.relative_to(folder))] = None if path.is_dir() or not path.is_file() else path.read_bytes()
    return found


def fresh_home(tmp_path_factory: Any) -> tuple[Path, Path, dict]:
    """A user folder inside a sandbox holding a precious file beside it; returns the home, the
    sandbox and the sandbox's snapshot without the home."""
    sandbox = tmp_path_factory.mktemp("sandbox")
    (sandbox / "outside.json").write_text("precious", encoding="utf-8")
    (sandbox / "outside").mkdir()
    (sandbox / "outside" / "keep.json").write_text("{}", encoding="utf-8")
    home = sandbox / "home"
    (home / "autosave").mkdir(parents=True)
    (home / "history").mkdir()
    return home, sandbox, _outside(sandbox)


def _outside(sandbox: Path) -> dict:
    return {k: v for k, v in snapshot(sandbox).items() if not k.startswith("home")}


# ------------------------------------------------------------------ user files
@FUZZ
@given(data=damaged_json(FINISHED.to_dict()), autosaved=st.booleans())
def test_damaged_records_load_or_give_a_record_error(tmp_path_factory, data: bytes, autosaved: bool) -> None:
    home, sandbox, before = fresh_home(tmp_path_factory)
    path = home / ("autosave" if autosaved else "history") / f"{FINISHED.match_id}.json"
    path.write_bytes(data)
    try:
        load(path)
    except RecordError as exc:
        assert str(exc).startswith(str(home))
    store = RecordStore(home)
    store.recover()
    store.latest_unfinished()
    store.latest()
    for entry in store.history():
        assert entry.record is not None or entry.error
    Statistics.load(home)
    assert _outside(sandbox) == before


@FUZZ
@given(data=damaged_json(STATS))
def test_damaged_statistics_load_or_are_set_aside(tmp_path_factory, data: bytes) -> None:
    home, sandbox, before = fresh_home(tmp_path_factory)
    (home / "stats.json").write_bytes(data)
    stats = Statistics.load(home)
    if stats.problem:
        assert stats.games == {} and not (home / "stats.json").exists()
        [kept] = home.glob("stats.corrupt-*.json")
        assert kept.read_bytes() == data  # nothing the player had is lost
    else:
        for game in stats.games.values():
            assert 0 <= game.won <= game.played
    RecordStore(home).finish(FINISHED)  # counting on top of whatever was read
    assert Statistics.load(home).problem is None
    assert _outside(sandbox) == before


@FUZZ
@given(data=damaged_json(SETTINGS))
def test_damaged_settings_load_or_are_set_aside(tmp_path_factory, data: bytes) -> None:
    home, sandbox, before = fresh_home(tmp_path_factory)
    path = home / "settings.json"
    path.write_bytes(data)
    result = settings_store.load(path)
    if result.problem:
        assert result.moved_to is not None and result.moved_to.read_bytes() == data
        if result.partial:  # every value that reads is kept, and written back
            decoded = json.loads(data)
            for name, read in settings_store._FIELDS.items():
                try:
                    expected = read(decoded[name]) if name in decoded else getattr(settings_store.Settings(), name)
                except settings_store.SettingsError:
                    expected = getattr(settings_store.Settings(), name)
                assert getattr(result.settings, name) == expected
            assert settings_store.load(path).settings == result.settings
        else:
            assert result.settings == settings_store.Settings()
    else:
        w, h = result.settings.window_size
        assert settings_store.MIN_WINDOW[0] <= w <= settings_store.MAX_WINDOW[0]
        assert settings_store.MIN_WINDOW[1] <= h <= settings_store.MAX_WINDOW[1]
    assert settings_store.save(result.settings, path) is None
    assert settings_store.load(path).problem is None
    assert _outside(sandbox) == before


# ------------------------------------------------------------------ data files
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_damaged_game_data_is_a_data_error(tmp_path_factory, game_id: str) -> None:
    original = registry.declaration(game_id).data_path().read_bytes()

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=damaged_bytes(original))
    def check(data: bytes) -> None:
        _check_game_data(tmp_path_factory.mktemp("data") / f"{game_id}.yaml", data)

    check()


def _check_game_data(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    try:
        registry.load_file(path)
    except (DataError, GameUnavailable) as exc:
        assert str(exc)
    for problem in registry.validate_paths([path]):
        assert str(problem).startswith(f"{path}:")


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=damaged_bytes(COMMON_YAML))
def test_damaged_common_data_is_reported_by_line(tmp_path_factory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("data") / "common.yaml"
    path.write_bytes(data)
    for problem in registry.validate_paths([path]):
        assert str(problem).startswith(f"{path}:")


@FUZZ
@given(data=damaged_bytes(LOCALE_YAML))
def test_damaged_locale_files_load_or_give_a_locale_error(tmp_path_factory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("locale") / "table.yaml"
    path.write_bytes(data)
    try:
        texts = i18n.load_file(path)
    except i18n.LocaleError as exc:
        assert str(path) in str(exc)
    else:
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in texts.items())


def test_the_property_tests_damage_real_files() -> None:
    """The originals themselves load (so a refusal above is caused by the damage)."""
    assert load_ok(FINISHED.to_json().encode())
    assert parse_legacy(STATS)["jagdfieber"].played == 3
    assert settings_store.from_json(SETTINGS).window_size == (1600, 900)
    assert i18n.load_file(asset_path("locale", "en") / "table.yaml")


def load_ok(data: bytes) -> bool:
    from game.engine.record import parse_text, replay

    replay(parse_text(data.decode(), "x.json"), "x.json")
    return True
