"""The reader is "you": the seat of the person looking is addressed in the second person with
the verb's right form, every other seat by its name, in each place a sentence about a seat is
made (table captions and log, the hot-seat recap, the results, the replay viewer, `replay
--log`), in French and English; default names are names, never "Vous" / "You"."""

from __future__ import annotations

from pathlib import Path

import pytest

import main
from game.engine import registry
from game.engine.events import CardMoved, CardRevealed, GameOver
from game.log import LogWriter
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.records_helpers import random_match
from tests.table_helpers import make_app, settle

FISH = registry.load("fish_fish")
JAGD = registry.load("jagdfieber")


@pytest.mark.parametrize(("lang", "you", "other"), [
    ("fr", "Vous défaussez de votre ligne : Prise.", "Ann défausse de sa ligne : Prise."),
    ("en", "You discard from your line: Catch.", "Ann discards from the line: Catch."),
])
def test_fish_fish_discards_say_you_to_the_reader(lang: str, you: str, other: str) -> None:
    discard = CardMoved("catch", 0, "line", None, "discard", -1, "discard", 0)
    assert LogWriter(FISH, lang, ["Ann", "Bob"], 0).line(discard).text == you
    assert LogWriter(FISH, lang, ["Ann", "Bob"], 1).line(discard).text == other


@pytest.mark.parametrize(("lang", "you"), [("fr", "Vous révélez : Loup."), ("en", "You reveal Wolf.")])
def test_a_public_log_read_by_a_player_says_you_but_shows_only_public_cards(lang: str, you: str) -> None:
    reveal = CardRevealed("wolf", 0, "somewhere")
    hidden = CardMoved("wolf", 0, "hand", 0, "play", 1 << 0, "choose", 0)  # only seat 0 knows the card
    writer = LogWriter(JAGD, lang, ["Ann", "Bob", "Cy"], None, reader=0)
    assert writer.line(reveal).text == you
    assert writer.line(hidden).cards == ()  # the public log never names a hidden card
    over = LogWriter(JAGD, lang, ["Ann", "Bob", "Cy"], None, reader=0).line(GameOver((0,), (5, 3, 1)))
    assert over.text == JAGD.text(lang, "log.winner.you")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_replay_log_addresses_the_one_player_as_you(tmp_path: Path, capsys, lang: str) -> None:
    record, _, _ = random_match(JAGD, 3, 6, humans=1)
    path = tmp_path / "m.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main.main(["replay", str(path), "--log", lang]) == 0
    out = capsys.readouterr().out
    you = "Vous choisissez une carte." if lang == "fr" else "You choose a card."
    assert you in out and ("P0 choisit" not in out and "P0 chooses" not in out)
    assert ("B1 choisit une carte." if lang == "fr" else "B1 chooses a card.") in out


def _match(app, kinds: str = "hbb"):
    names = ["Ana", "Bruno", "Chloé"]
    seats = [SeatConfig(names[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig("jagdfieber", seats, seed=3, options={"start_seat": 0})
    return Match(config, think_seconds=0.0, threaded=False)


@pytest.mark.parametrize(("lang", "title"), [("fr", "Vous avez gagné !"), ("en", "You win!")])
def test_the_results_say_you_win_to_the_one_player(tmp_path, monkeypatch, lang: str, title: str) -> None:
    from scenes.results import ResultsScene

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    match = _match(app)
    results = ResultsScene(app, match)
    results.winners = [0]
    assert results.title() == title
    results.winners = [1]
    assert results.title() == app.tr("results.winner", name="Bruno")
    hot_seat = ResultsScene(app, _match(app, "hhb"))  # everyone looks: names only
    hot_seat.winners = [0]
    assert hot_seat.title() == app.tr("results.winner", name="Ana")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_hot_seat_recap_addresses_the_next_player_as_you(tmp_path, monkeypatch, lang: str) -> None:
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    match = _match(app, "hhb")
    scene = TableScene(app, match.config, match)
    app.push(scene)
    settle(app, scene)
    for _ in range(2):  # Ana, then Bruno choose behind the privacy screen
        seat = scene.privacy_for
        scene.privacy_for, scene.viewer, scene.bottom = None, seat, seat
        assert scene.submit(str(match.state.legal_actions(seat)[0]))
        settle(app, scene)
    recap = scene.records.recap(0)  # since Ana chose: the others' choices, the reveal of all
    you = "Vous révélez" if lang == "fr" else "You reveal"
    assert any(line.startswith(you) for line in recap), recap
    assert not any(line.startswith("Ana ") for line in recap)  # never "Ana" to Ana
    assert any(line.startswith("Bruno ") for line in recap)


def test_a_human_seats_default_name_is_a_name_and_old_you_names_read_as_the_seat(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    assert app.shown_name("Vous", 0) == "Joueur 1" and app.shown_name("You", 2) == "Joueur 3"
    app.set_language("en")
    assert app.shown_name("Vous", 0) == "Player 1" and app.shown_name("Ana", 0) == "Ana"


@pytest.mark.parametrize(("lang", "text"), [("fr", "va de vous à Chloé"), ("en", "moves from you to Chloé")])
def test_an_animal_moving_from_the_readers_seat_says_you(lang: str, text: str) -> None:
    from game.engine.events import MarkerChanged

    wh = registry.load("wolf_and_hound")
    moved = MarkerChanged("animal", 0, {"reason": "play", "id": "wolf_01", "from": 0, "to": 2})
    assert text in LogWriter(wh, lang, ["Ana", "Bruno", "Chloé", "Didier"], 0).line(moved).text
    assert "Ana" in LogWriter(wh, lang, ["Ana", "Bruno", "Chloé", "Didier"], 1).line(moved).text
