"""Texts from files (records, journals, settings, data files) reach the engine, the screens and
the command line: Unicode digits and huge numbers in action texts, NUL and lone surrogates in
names, values of the wrong type in the settings, YAML built to cost minutes. Each is refused
with the reader's own message, never an exception."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.errors import IllegalAction
from game.engine.record import Record, SeatInfo, parse_text
from game.engine.rng import Rng
from game.engine.schema import MAX_NODES, Context, compose_text
from game.textclean import CONTROL, ESCAPE, FORMAT, clean_name, clean_text, no_surrogates
from scenes import settings_store

ROOT = Path(__file__).resolve().parent.parent
BAD_NUMBERS = ["²", "٣", "１", "9" * 5000, "-1", "+1", "1_0", " 1".strip() + "\u0663"]


def test_whole_number_reads_ascii_digits_only_and_caps_the_length() -> None:
    from game.engine.actions import MAX_NUMBER_DIGITS, whole_number

    assert whole_number("12") == 12 and whole_number("0") == 0
    for word in BAD_NUMBERS + ["", "1.5", "1e3", "x"]:
        assert whole_number(word) is None, word
    assert whole_number("9" * MAX_NUMBER_DIGITS) is not None
    assert whole_number("9" * (MAX_NUMBER_DIGITS + 1)) is None


def _states(rules, players: int, seed: int, count: int):
    """`count` states of a random match (the start included), one every few moves."""
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(count):
        yield state
        for _ in range(rng.randrange(4) + 1):
            seats = state.to_act()
            if state.is_over() or not seats:
                return
            seat = seats[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])


def _damaged_texts(state, seat: int) -> list[str]:
    """Legal action texts with every number replaced by a bad one, plus the classic attacks."""
    texts = ["peek ² 3", "peek 1 " + "9" * 5000, "exchange ²", "guard ²", "buy horn ²", "scheme a b on ²",
             "bet ²", "peek \udcff", "x\x00"]
    for action in state.legal_actions(seat)[:6]:
        words = str(action).split()
        for bad in ("²", "9" * 5000):
            texts.append(" ".join(bad if w.isdigit() else w for w in words))
            texts.append(" ".join(words + [bad]))
    return texts


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_action_texts_with_bad_numbers_or_seats_are_illegal_actions(game_id: str) -> None:
    rules = registry.load(game_id)
    players = rules.min_players + 1 if rules.min_players < rules.max_players else rules.min_players
    for state in _states(rules, players, 7, 12):
        acting = state.to_act()
        if not acting:
            continue
        texts = _damaged_texts(state, acting[0])
        for seat in [acting[0], -1, players, players + 3, 10**30]:
            for text in texts:
                try:
                    action = rules.parse_action(state, seat, text)
                except IllegalAction as exc:
                    assert exc.message
                else:
                    assert seat in acting and str(action) in {str(a) for a in state.legal_actions(seat)}


def test_a_record_with_a_unicode_digit_is_a_record_error(tmp_path: Path) -> None:
    from game.engine.record import RecordError, load

    rules = registry.load("silver_amulet")
    record = Record.new(rules, 3, 5, {}, [SeatInfo("A"), SeatInfo("B"), SeatInfo("C")])
    record.actions = [(0, "peek ² 3")]
    path = tmp_path / "x.json"
    path.write_text(record.to_json(), encoding="utf-8")
    with pytest.raises(RecordError, match="action 1"):
        load(path)


# ----------------------------------------------------------------------- names
def test_clean_text_drops_controls_and_replaces_lone_surrogates() -> None:
    assert clean_text("Zo\x00é\x1b[2J\u202e") == "Zoé"  # the whole escape sequence, the override too
    assert clean_text("a\udcffb") == "a\ufffdb"
    assert clean_text("\ud83d\ude00") == "\ufffd\ufffd"  # a surrogate pair from JSON is two halves
    assert clean_name("  \x00 ") == "" and len(clean_name("x" * 5000)) == 200
    clean_text("a\udcffb").encode("utf-8")  # drawable and printable


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=40), st.sampled_from([None, 3, 200]))
def test_a_text_that_looks_clean_is_kept_as_the_full_cleaning_would_keep_it(text: str, limit: int | None) -> None:
    """The quick way out for printable texts gives what every pattern would."""
    value = text if limit is None else text[: limit * 4]
    slow = no_surrogates(FORMAT.sub("", CONTROL.sub("", ESCAPE.sub("", value))))
    assert clean_text(text, limit) == (slow if limit is None else slow[:limit])


def test_names_are_cleaned_where_records_are_read() -> None:
    rules = registry.load("jagdfieber")
    record = Record.new(rules, 3, 5, {}, [SeatInfo("A"), SeatInfo("B"), SeatInfo("C")])
    data = record.to_dict()
    data["seats"][0]["name"] = "Zo\x00é\udcff"
    loaded = parse_text(json.dumps(data), "x.json")
    assert loaded.seats[0].name == "Zoé\ufffd"
    loaded.to_json().encode("utf-8")


def test_the_cli_prints_surrogates_and_nul_as_replacement_characters(tmp_path: Path) -> None:
    rules = registry.load("jagdfieber")
    record = Record.new(rules, 3, 5, {}, [SeatInfo("Zo\udcff\x00"), SeatInfo("B"), SeatInfo("C")])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    record.actions = [(0, "play \udcff\x00")]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYTHONIOENCODING": "ascii"}
    for path in (good, bad):
        for extra in ([], ["--json"], ["--log", "fr"]):
            done = subprocess.run([sys.executable, "main.py", "replay", str(path), *extra], cwd=ROOT, env=env,
                                  capture_output=True, timeout=60)
            assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
            if path == bad:
                assert done.returncode == 1 and b"action 1" in done.stderr
            else:
                assert done.returncode == 0 and b"Zo" in done.stdout


# --------------------------------------------------------------------- settings
@pytest.mark.parametrize("extra", [
    {"tours_seen": 5}, {"tours_seen": [["x"]]}, {"last_setup": {"game": ["x"]}}, {"last_setup": 3},
    {"last_setup": {"game": "jagdfieber", "seats": [{"name": 5}]}}, {"last_setup": {"players": "3"}},
    {"log_open": "yes"},
])
def test_settings_extra_values_of_the_wrong_type_are_a_damaged_file(tmp_path: Path, extra: dict) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "extra": extra}), encoding="utf-8")
    result = settings_store.load(path)
    [key] = extra
    assert result.problem and f"'extra.{key}" in result.problem and result.partial
    assert result.settings == settings_store.Settings(language="en")  # the value is dropped, the language kept
    assert result.moved_to is not None and json.loads(result.moved_to.read_text(encoding="utf-8"))["extra"] == extra


def test_settings_names_are_cleaned_on_load(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    seats = [{"name": "Zo\x00é\udcff", "kind": "human", "level": "medium"}]
    path.write_text(json.dumps({"extra": {"last_setup": {"game": "jagdfieber", "players": 3, "seats": seats}}}),
                    encoding="utf-8")
    result = settings_store.load(path)
    assert result.problem is None
    assert result.settings.extra["last_setup"]["seats"][0]["name"] == "Zoé\ufffd"


# ------------------------------------------------------------------------- YAML
@pytest.mark.parametrize("text", [
    "game: jagdfieber\nx: [" + ",".join(["1"] * 600_000) + "]\n",
    "game: jagdfieber\n" + "".join(f"k{i}: {i}\n" for i in range(150_000)),
    "game: jagdfieber\nx:\n" + "".join(f"  - &a{i} [1]\n" for i in range(100_000)),
])
def test_yaml_stops_at_the_node_limit_while_composing(text: str, monkeypatch) -> None:
    """The loader gives up once MAX_NODES nodes are composed, not after composing the whole file
    (which cost a minute and hundreds of MB): counted in composed nodes, not in seconds."""
    import yaml.composer

    composed = 0
    compose_node = yaml.composer.Composer.compose_node

    def counting(self, parent, index):
        nonlocal composed
        composed += 1
        return compose_node(self, parent, index)

    monkeypatch.setattr(yaml.composer.Composer, "compose_node", counting)
    ctx = Context("big.yaml")
    assert compose_text(text, ctx) is None
    assert composed <= MAX_NODES + 2  # the file holds 100,000 to 600,000 nodes
    assert "too large" in str(ctx.problems[0]) and str(MAX_NODES) in str(ctx.problems[0])


# ----------------------------------------------------------------------- screens
def test_every_font_of_the_app_draws_nul_and_lone_surrogates(tmp_path: Path, monkeypatch) -> None:
    """The hot-seat "Pass to …" screen (and any other) draws a name from a file without raising."""
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    import pygame

    from scenes.app import create_app
    from scenes.table import overlays

    app = create_app(headless=True)
    surface = pygame.Surface((800, 480))
    overlays.draw_privacy(surface, app, "Zo\x00é\udcff", ["Zo\x00\udcff a joué", "\ud800"])
    for bold in (False, True):
        font = app.font(20, bold)
        assert font.render("a\x00\udcff", True, (0, 0, 0)).get_width() > 0
        assert font.size("a\x00\udcff")[0] > 0
