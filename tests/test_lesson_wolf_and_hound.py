"""Wolf & Hound's lesson (game/games/wolf_and_hound/lesson.yaml): it teaches what the rules ask
for (the board, black and white cards, losing sheep, the pasture, teams and how a team wins, an
animal card with its own rule, the scoring), each hand card it lights is the card it asks for,
and a wrong card is refused with the step's hint. (Played to its end in both languages by
tests/test_lesson_table.py, like every lesson.)"""

from __future__ import annotations

from game.lesson import MOVE, THEN, check_lesson, load_lesson
from scenes.lesson_check import LessonDriver
from scenes.table.gestures import DRAG, Gesture, perform
from scenes.table.lesson import LessonTable
from tests.table_helpers import frames
from tests.table_helpers import make_app as table_app


def make_app(tmp_path, monkeypatch, size=(1280, 720)):
    app = table_app(tmp_path, monkeypatch, size=size)
    app.settings.animation_speed = 4.0
    app.set_language("en")
    return app


def test_the_lesson_teaches_what_the_rules_ask_for():
    lesson = load_lesson("wolf_and_hound")
    assert check_lesson(lesson) == []
    assert lesson.players == 4 and lesson.learner == 0  # two real teams of two
    assert 10 <= len(lesson.steps) <= 30 and 4.5 <= lesson.estimated_minutes("en") <= 8.5
    animals = lesson.options["animals"]
    assert "wolf_01" in animals and any(a != "wolf_01" and not a.endswith("_01") for a in animals), "one animal card of its own rule"
    moves = [s.move for s in lesson.steps if s.move]
    assert any(m.startswith("play black") for m in moves) and any(m.startswith("play white") for m in moves)
    others = [m for s in lesson.steps for _, m in s.others]
    assert any(m.startswith("play black") for m in others) and any(m.startswith("play white") for m in others)
    last = lesson.learner_steps()[-1]
    assert last.during == "tally", "the learner's last move ends the game: the scoring waits under its then"
    assert [s.totals for s in lesson.steps if s.totals] == [(1, 0, 1, 0)], "the blue team (you and your partner) wins"
    assert lesson.steps[-1].during is None, "a last step sums the game up once the scoring is read"


def test_each_card_it_lights_is_the_card_it_asks_for(tmp_path, monkeypatch):
    """The hand is shown sorted: the `hand:me#N` of each step is the card of its move."""
    app = make_app(tmp_path, monkeypatch)
    table = LessonTable(app, load_lesson("wolf_and_hound"), think_seconds=0.0)
    app.push(table)
    driver = LessonDriver(app, table)
    for step in table.lesson.learner_steps():
        driver.play(until=lambda run, i=step.index: (run.index, run.phase) == (i, MOVE))
        hand = table.placements.regions["hand:0"]
        cards = table.view["zones"]["hand"][0]
        lit = [cards[i] for i, rect in enumerate(hand.card_rects(len(cards))) if rect in table.lit_rects()]
        assert lit == [step.move.removeprefix("play ")], f"step {step.index + 1}"


def test_a_wrong_card_is_refused_with_the_hint(tmp_path, monkeypatch):
    """The first move asks for the black 1: the black 3 dragged onto the board is refused with
    the step's hint and nothing moves; the black 1 then plays."""
    app = make_app(tmp_path, monkeypatch)
    table = LessonTable(app, load_lesson("wolf_and_hound"), think_seconds=0.0)
    app.push(table)
    first = table.lesson.learner_steps()[0]
    LessonDriver(app, table).play(until=lambda run: (run.index, run.phase) == (first.index, MOVE))
    hand = table.placements.regions["hand:0"]
    cards = table.view["zones"]["hand"][0]
    rects = hand.card_rects(len(cards))
    board = table.placements.regions["board"].rect.center
    perform(app, Gesture(DRAG, rects[cards.index("black 3")].center, board))
    frames(app, 2)
    hint = "In this lesson, play your black\u00a01: drag it onto the board, or click it twice."
    assert table.seats.match.history == [] and (hint, True) in [(t, e) for t, e, _ in table.captions]
    assert table.refused
    perform(app, Gesture(DRAG, rects[cards.index("black 1")].center, board))
    frames(app, 2)
    assert table.seats.match.history[:1] == [(0, "play black 1")]
    LessonDriver(app, table).play(until=lambda run: run.phase == THEN)
    assert table.view["sheep"] == [3, 2, 3, 3], "the wolf struck Hugo as his turn began"
