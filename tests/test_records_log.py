"""The game log: every event of every game as a sentence in French and English, per-seat redaction."""

from __future__ import annotations

import re

import pytest

from game.engine import registry
from game.engine.events import (
    CardMoved,
    CardRevealed,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
    seat_mask,
)
from game.engine.record import replay
from game.log import LogWriter, display_text
from tests.jagdfieber_helpers import new_game, play_round
from tests.records_helpers import playable_games, random_match

GAMES = playable_games()
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.mark.parametrize(("game_id", "rules"), GAMES, ids=[g for g, _ in GAMES])
def test_every_event_of_a_match_reads_as_a_sentence_in_both_languages(game_id: str, rules) -> None:
    for players, seed in ((rules.min_players, 3), (rules.max_players, 4)):
        record, _, _ = random_match(rules, players, seed)
        played = replay(record)
        names = [s.name for s in record.seats]
        for lang in ("fr", "en"):
            for viewer in (None, 0):
                writer = LogWriter(rules, lang, names, viewer)
                lines = [writer.start_line()] + [line for batch in played.events for line in writer.lines(batch)]
                assert lines[-1].kind == "game_over"
                for line in lines:
                    assert line.text and not PLACEHOLDER.search(line.text), line.text
                    assert "{'" not in line.text, line.text  # never a raw data structure
                    assert not re.match(r"^(move|note|marker|phase|log)\.", line.text), line.text


def test_jagdfieber_round_in_english_and_french() -> None:
    state = new_game(players=3, start_seat=0)
    events = play_round(state, ["hunter", "wolf", "carrot"])
    names = ["Ann", "Bob", "Cyd"]
    en = [display_text(line) for line in LogWriter(state.rules, "en", names, None).lines(events)]
    assert en[:5] == ["Ann chooses a card.", "Bob chooses a card.", "Cyd chooses a card.", "Reveal (round 1)", "Ann reveals Hunter."]
    assert "Ann's hunter takes Bob's wolf." in en
    assert "The start card passes to Bob." in en
    fr = [display_text(line) for line in LogWriter(state.rules, "fr", names, None).lines(events)]
    assert "Ann : le chasseur prend un loup chez Bob." in fr and "Révélation (manche 1)" in fr


def test_round_and_day_markers_are_headings() -> None:
    writer = LogWriter(registry.load("jagdfieber"), "en", ["A", "B", "C"], None)
    line = writer.line(PhaseBegan("day", 2))
    assert line.marker and line.text == "Day 2"
    assert writer.line(PhaseBegan("round", 3)).text == "Round 3"
    assert not writer.line(Note("closed_season")).marker


def test_a_reader_never_reads_a_card_its_seat_may_not_know() -> None:
    rules = registry.load("jagdfieber")
    secret = CardMoved("wolf", 0, "hand", 0, "prey_pile", seat_mask(0), "unlisted_reason", 0)
    mine = LogWriter(rules, "en", ["A", "B", "C"], 0).line(secret).text
    theirs = LogWriter(rules, "en", ["A", "B", "C"], 1).line(secret).text
    public = LogWriter(rules, "en", ["A", "B", "C"], None).line(secret).text
    assert "Wolf" in mine
    assert "Wolf" not in theirs and "a card" in theirs
    assert "Wolf" not in public
    reveal = CardRevealed("rabbit", 2, "play", seat_mask(2))
    assert "Rabbit" not in LogWriter(rules, "fr", ["A", "B", "C"], 0).line(reveal).text


def test_markers_scores_and_undo_lines() -> None:
    rules = registry.load("jagdfieber")
    writer = LogWriter(rules, "en", ["Ann", "Bob", "Cyd"], 1)
    assert writer.line(MarkerChanged("lodge", 2, "four")).text == 'Cyd turns the lodge to its "4" side.'
    assert writer.line(MarkerChanged("start_card", 1, 1)).text == "The start card passes to you."  # Bob reads
    assert writer.line(MarkerChanged("start_card", 2, 2)).text == "The start card passes to Cyd."
    score = writer.line(ScoreChanged(0, 7, 12, "day_end", (("prey", 11), ("hand", -4), ("lodge", 0)))).text
    assert score == "Ann scores +7 (total 12) (Prey pile +11, Cards in hand -4)"
    assert writer.undo_line(0, 3).text == "Undo: Ann takes back a move (3 action(s) cancelled)."
    assert LogWriter(rules, "fr", ["Ann"], 0).undo_line(0, 1, redo=True).kind == "redo"


def test_identical_consecutive_sentences_are_counted() -> None:
    rules = registry.load("jagdfieber")
    moves = [CardMoved(None, 0, "hand", 0, "play", -1, "choose", 0)] * 3
    lines = LogWriter(rules, "en", ["Ann", "Bob"], None).lines(moves)
    assert [display_text(line) for line in lines] == ["Ann chooses 3 cards."]  # the game's plural form
    notes = [Note("closed_season")] * 2  # a sentence without a plural form gets its count
    assert [display_text(line) for line in LogWriter(rules, "en", ["Ann", "Bob"], None).lines(notes)] == [
        "Closed season: the hunters do not hunt this round. (×2)"
    ]


def test_a_rounds_set_up_is_one_line_and_next_cards_of_one_move_are_listed() -> None:
    """Silver's new round: the gathering is one line, not a line per card; Kill the Unicorns'
    end of round (every played hunt card taken back) is one line; its hunt cards shown one after
    the other are one sentence naming them, to the reader as "you"."""
    silver = registry.load("silver_amulet")
    gather = [CardMoved(card, s, "village", None, "deck", -1, "collect") for s in range(3) for card in ("squire", "seer")]
    for lang, text in (("en", "The cards are gathered and shuffled."), ("fr", "Les cartes sont rassemblées et mélangées.")):
        assert [display_text(x) for x in LogWriter(silver, lang, ["Ann", "Bob", "Cy"], 0).lines(gather)] == [text]
    unicorns = registry.load("kill_the_unicorns")
    back = [CardMoved(f"hunt_{v}", s, "played", s, "hand", -1, "new_round", s) for s in range(3) for v in (1, 2, 3)]
    assert len(LogWriter(unicorns, "en", ["Ann", "Bob", "Cy"], 0).lines(back)) == 1
    shown = [CardRevealed(card, 0, "bid") for card in ("hunt_1", "hunt_4")] + [CardRevealed("hunt_2", 1, "bid")]
    writer = LogWriter(unicorns, "en", ["Ann", "Bob", "Cy"], 0)
    lines = writer.lines(shown)
    assert [x.text for x in lines] == [
        writer.t("reveal.bid.you", card="Hunt 1 and Hunt 4"), writer.t("reveal.bid", seat="Bob", card=writer.card_name("hunt_2"))]
    assert lines[0].cards == ("hunt_1", "hunt_4")  # the log draws their small faces
    french = LogWriter(unicorns, "fr", ["Ann", "Bob", "Cy"], 0).lines(shown)
    assert " et " in french[0].text and french[0].text.startswith("Vous")


def test_a_note_without_a_text_reads_as_its_key_instead_of_crashing() -> None:
    # "log.note" is the fallback template "{key}": its field shares the name of the text key
    # argument, which once raised TypeError ("got multiple values for argument 'key'").
    rules = registry.load("jagdfieber")
    for lang in ("fr", "en"):
        line = LogWriter(rules, lang, ["A", "B", "C"], None).line(Note("no_such_note", 1))
        assert line is not None and line.text == "no_such_note"
