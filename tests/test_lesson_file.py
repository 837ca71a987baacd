"""Lesson files (game/lesson.py): validated when they load like the game data (file, line, what
was expected), their script replayed against the rules, so a rules change that breaks a lesson
fails here and in `tablee validate`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.schema import DataError
from game.lesson import (
    END,
    MOVE,
    MOVED,
    OTHERS,
    READ,
    THEN,
    LessonRun,
    check_lesson,
    lesson_games,
    lesson_path,
    load_lesson,
    validate_lessons,
)

SILVER = lesson_path("silver_amulet")


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_lesson(None, path)
    return [str(p) for p in error.value.problems]


def silver_text() -> str:
    return SILVER.read_text(encoding="utf-8")


def test_every_shipped_lesson_is_valid_and_its_script_plays():
    assert "silver_amulet" in lesson_games()
    assert validate_lessons() == []
    for game_id in lesson_games():
        lesson = load_lesson(game_id)
        assert 10 <= len(lesson.steps) <= 30, "a lesson takes 10 to 30 steps"
        assert lesson.learner_steps(), "the learner plays"


def test_silver_lesson_teaches_what_the_rules_ask_for():
    """The village and two peeks, the deck and the discard pile, one and several equal cards
    exchanged, a failed multiple exchange, three powers, the count called, the amulet, scoring."""
    lesson = load_lesson("silver_amulet")
    moves = [s.move for s in lesson.steps if s.move]
    others = [m for s in lesson.steps for _, m in s.others]
    assert moves.count("peek 2 5") == 1 and "draw" in moves and "take discard" in moves
    assert "exchange 5" in moves and "exchange 2 4" in moves  # one card, two equal ones
    assert "exchange 1 2 3" in others  # Basile's three unequal cards: the penalty
    assert moves.count("use") >= 3 and {"look 1 4", "rob 1 1 4"} <= set(moves)  # Beholder, Apprentice Seer, Robber
    assert "call count" in moves and "amulet 1" in moves
    assert any(s.during == "tally" for s in lesson.steps), "the scoring is explained over the scoring moment"
    assert any(s.totals for s in lesson.steps)


def test_the_validator_reports_the_line_and_what_was_expected(tmp_path):
    text = silver_text().replace("    do: exchange 5\n", "    do: exchange 5\n    dance: true\n", 1)
    found = problems_of(tmp_path, text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "dance: true" in row)
    assert any(f":{line}: unknown key 'dance'" in p and "expected one of" in p for p in found), found


def test_a_text_missing_a_language_is_refused(tmp_path):
    """English is required; so is every other language the game speaks (Silver: French)."""
    text = silver_text().replace('title: {fr: "Silver : votre première manche", en: "Silver: your first round"}',
                                 'title: {fr: "Silver : votre première manche"}')
    assert any("has no 'en'" in p for p in problems_of(tmp_path, text))
    text = silver_text().replace('      fr: "À vous : piochez."\n', "", 1)
    found = problems_of(tmp_path, text)
    assert any("has no fr text (expected every language silver_amulet speaks" in p for p in found), found


def test_a_bubble_text_is_one_or_two_sentences(tmp_path):
    text = silver_text().replace('en: "A 2. Only you see it.', 'en: "' + "Very long. " * 40 + 'A 2. Only you see it.', 1)
    assert any("characters long (expected at most 320" in p for p in problems_of(tmp_path, text))


def test_a_move_the_rules_refuse_is_reported_at_its_step(tmp_path):
    """The replay: the learner's 'exchange 5' changed to a slot the village does not have."""
    text = silver_text().replace("    do: exchange 5\n", "    do: exchange 9\n", 1)
    found = problems_of(tmp_path, text)
    step_line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("  - say:") and "A 2 beats" in text.splitlines()[i + 1])
    assert len(found) == 1 and f":{step_line}:" in found[0], found
    assert "steps.3.do: seat 0 cannot play 'exchange 9'" in found[0] and "expected one of" in found[0]


def test_a_move_out_of_turn_is_reported(tmp_path):
    text = silver_text().replace('others: ["1: draw", "1: discard", "2: draw", "2: exchange 1 2 3"]',
                                 'others: ["2: draw", "1: draw", "1: discard", "2: exchange 1 2 3"]')
    found = problems_of(tmp_path, text)
    assert any("seat 2 does not act now, seat 1 does" in p for p in found), found


def test_wrong_totals_fail_the_replay(tmp_path):
    text = silver_text().replace("totals: [0, 28, 41]", "totals: [0, 28, 40]")
    assert any("totals are [0, 28, 40] but the match has [0, 28, 41]" in p for p in problems_of(tmp_path, text))


def test_a_deck_that_is_not_the_games_refuses_the_deal(tmp_path):
    text = silver_text().replace("    - [seer, rascal, bodyguard,", "    - [seer, seer, bodyguard,", 1)
    found = problems_of(tmp_path, text)
    assert any(":1: the deal is refused: option deck must be exactly the Silver deck" in p for p in found), found


def test_steps_are_checked_for_what_they_need(tmp_path):
    text = silver_text().replace('''    hint:
      fr: "Dans cette leçon, commencez par piocher''', '''    hintt:
      fr: "Dans cette leçon, commencez par piocher''', 1)
    found = problems_of(tmp_path, text)
    assert any("unknown key 'hintt'" in p and "did you mean 'hint'" in p for p in found)
    hint = (
        '    hint:\n'
        '      fr: "Dans cette leçon, commencez par piocher : cliquez la pioche ou appuyez sur D."\n'
        '      en: "In this lesson, draw first: click the deck or press D."\n'
    )
    assert hint in silver_text()
    text = silver_text().replace(hint, "", 1)
    assert any("asks the learner for 'draw' without 'hint'" in p for p in problems_of(tmp_path, text))


def test_then_point_goes_with_a_move_and_its_then(tmp_path):
    """What the `then` text points at: only where a move has a `then`."""
    read = "    point: village:me\n\n  - say:\n      fr: \"Avant de jouer"
    assert read in silver_text()
    text = silver_text().replace(read, read.replace("point: village:me", "point: village:me\n    then_point: deck"), 1)
    assert any("has 'then_point' but asks the learner for no move" in p for p in problems_of(tmp_path, text))
    use = "    do: use\n    point: button:use\n"
    assert use in silver_text()
    text = silver_text().replace(use, use + "    then_point: discard\n", 1)
    assert any("has 'then_point' but no 'then'" in p for p in problems_of(tmp_path, text))
    draw = "    do: draw\n    point: deck\n"
    lesson_file = tmp_path / "ok.yaml"
    lesson_file.write_text(silver_text().replace(draw, draw + "    then_point: drawn:me#1\n", 1), encoding="utf-8")
    assert load_lesson(None, lesson_file).steps[2].spots(after=True) == ("drawn:me#1",)
    assert load_lesson(None, lesson_file).steps[2].spots(after=False) == ("deck",)


def test_spots_gestures_and_scripted_moves_have_a_shape(tmp_path):
    text = silver_text().replace("    point: deck\n", "    point: Deck Pile\n", 1)
    assert any("'Deck Pile' is not a spot" in p for p in problems_of(tmp_path, text))
    text = silver_text().replace('input: ["key a", "click village:me#1"]', 'input: ["wave at village"]')
    assert any("'wave at village' is not a gesture" in p for p in problems_of(tmp_path, text))
    text = silver_text().replace('"1: peek 1 2", "2: peek 1 2"]', '"Margot peeks", "2: peek 1 2"]', 1)
    assert any("'Margot peeks' is not another seat's move" in p for p in problems_of(tmp_path, text))
    text = silver_text().replace('"1: peek 1 2", "2: peek 1 2"]', '"0: peek 1 2", "2: peek 1 2"]', 1)
    assert any("is played by seat 0 (expected another seat than the learner's 0" in p for p in problems_of(tmp_path, text))


def test_a_spot_may_name_a_region_with_digits(tmp_path):
    """Layouts name regions such as Fish Fish's loot slots 'loot_5:<seat>': a spot may too, but
    it still starts with a letter."""
    path = tmp_path / "lesson.yaml"
    path.write_text(silver_text().replace("    point: deck\n", "    point: [loot_5:me, loot_5:1#2]\n", 1), encoding="utf-8")
    assert load_lesson(None, path).steps[2].point == ("loot_5:me", "loot_5:1#2")
    text = silver_text().replace("    point: deck\n", "    point: 5_loot\n", 1)
    assert any("'5_loot' is not a spot" in p for p in problems_of(tmp_path, text))


def test_a_lesson_of_an_unknown_game_is_refused(tmp_path):
    text = silver_text().replace("game: silver_amulet", "game: silver_amulett")
    assert any("did you mean 'silver_amulet'" in p for p in problems_of(tmp_path, text))


def test_tablee_validate_checks_a_lesson_file(tmp_path, capsys):
    from game.cli import cmd_validate

    class Args:
        paths = [tmp_path / "lesson.yaml"]

    Args.paths[0].write_text(silver_text().replace("totals: [0, 28, 41]", "totals: [1, 28, 41]"), encoding="utf-8")
    assert cmd_validate(Args()) == 1
    assert "totals are [1, 28, 41]" in capsys.readouterr().out
    Args.paths[0].write_text(silver_text(), encoding="utf-8")
    assert cmd_validate(Args()) == 0


def test_tablee_validate_replays_every_lesson(capsys):
    from game.cli import cmd_validate

    class Args:
        paths: list[Path] = []

    assert cmd_validate(Args()) == 0
    assert f"{len(lesson_games())} lesson(s) replayed" in capsys.readouterr().out


def test_a_run_goes_through_its_phases_in_order():
    lesson = load_lesson("silver_amulet")
    run = LessonRun(lesson)
    assert (run.index, run.phase) == (0, READ)
    run.read()
    assert (run.index, run.phase) == (1, MOVE)
    assert run.expects("peek  2 5") and not run.expects("peek 1 2")
    run.moved()
    assert run.phase == MOVED and not run.expects("peek 2 5")
    run.shown()
    assert run.phase == THEN
    run.read()
    assert (run.index, run.phase) == (2, OTHERS) and run.next_other() == (1, "peek 1 2")
    run.played_other()
    run.played_other()
    assert run.phase == MOVE and run.next_other() is None
    while run.phase != END:
        if run.phase == OTHERS:
            run.played_other()
        elif run.phase == MOVE:
            run.moved()
            run.shown()
        else:
            run.read()
    assert run.index == len(lesson.steps)


def test_check_lesson_on_the_shipped_lesson_is_clean():
    assert check_lesson(load_lesson("silver_amulet", check=False)) == []


def test_a_then_point_belongs_to_a_moves_then(tmp_path):
    """`then_point` says where the `then` text points: only on a step with a move and a `then`."""
    text = silver_text().replace("    point: [drawn:me#1, village:me#5]\n", "    point: [drawn:me#1, village:me#5]\n    then_point: village:me#5\n", 1)
    assert load_lesson(None, _write(tmp_path, text)).steps[3].spots(after=True) == ("village:me#5",)
    text = silver_text().replace("    point: button:use\n", "    point: button:use\n    then_point: discard\n", 1)
    assert any("has 'then_point' but no 'then'" in p for p in problems_of(tmp_path, text))
    text = silver_text().replace("    point: village:me\n", "    point: village:me\n    then_point: discard\n", 1)
    assert any("has 'then_point' but asks the learner for no move" in p for p in problems_of(tmp_path, text))


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_then_point_is_what_the_then_text_points_at(tmp_path):
    """After the move the cards `point` named may be gone (a hand's card played): `then_point`
    is what the `then` text points at, and it needs a `then`."""
    then = ('      en: "A 2. Only you see it. You may exchange it for a card of your village, or discard it."\n')
    assert then in silver_text()
    text = silver_text().replace(then, then + "    then_point: drawn:me\n", 1)
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    step = next(s for s in load_lesson(None, path).steps if s.then_point)
    assert step.spots() == ("deck",) and step.spots(after=True) == ("drawn:me",)
    plain = next(s for s in load_lesson(None, path).steps if s.point and not s.then_point)
    assert plain.spots(after=True) == plain.point, "without then_point, the then text points where the step does"
    no_then = '    then_point: deck\n    point: village:me\n'
    text = silver_text().replace("    point: village:me\n", no_then, 1)
    assert any("has 'then_point' but asks the learner for no move" in p for p in problems_of(tmp_path, text))
    use = '    do: use\n    point: button:use\n'
    assert use in silver_text()
    text = silver_text().replace(use, use + "    then_point: discard\n", 1)
    assert any("has 'then_point' but no 'then'" in p for p in problems_of(tmp_path, text))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_lesson_is_the_length_of_a_first_lesson(lang):
    """10 to 30 steps, and by its own length (words read, moves made) about 5 to 8 minutes for a
    first-time player: a lesson that grows past that, or one too thin to teach, fails here."""
    for game_id in lesson_games():
        lesson = load_lesson(game_id)
        assert 10 <= len(lesson.steps) <= 30, f"{game_id}: {len(lesson.steps)} steps"
        assert len(lesson.learner_steps()) >= 4, f"{game_id}: a lesson is learnt by playing"
        assert 4.5 <= lesson.estimated_minutes(lang) <= 8.5, f"{game_id} ({lang}): about {lesson.estimated_minutes(lang)} min"
