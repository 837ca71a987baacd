"""Jagdfieber's lesson (game/games/jagdfieber/lesson.yaml) teaches what the game asks a newcomer
to know, through play: its script, replayed against the rules, makes every moment happen to the
learner (seat 0) or in front of them. `tablee lesson jagdfieber --check` (tests/test_lesson_table.py)
plays the same script through the table."""

from __future__ import annotations

from game.engine import registry
from game.engine.events import CardMoved, MarkerChanged, Note, ScoreChanged
from game.engine.zones import BACK
from game.lesson import load_lesson, new_lesson_state

ME = 0


def replay():
    """Each step with the events of its moves, and what seat 0 saw before its own move."""
    lesson = load_lesson("jagdfieber")
    rules = registry.load("jagdfieber")
    state = new_lesson_state(lesson)
    out = []
    for step in lesson.steps:
        events, seen = [], None
        for seat, text in step.others:
            events += state.apply(seat, rules.parse_action(state, seat, text))
        if step.move is not None:
            seen = state.view(ME)
            events += state.apply(ME, rules.parse_action(state, ME, step.move))
        out.append((step, events, seen))
    return lesson, state, out


def moves(out, reason, actor=None):
    return [e for _, events, _ in out for e in events
            if isinstance(e, CardMoved) and e.reason == reason and (actor is None or e.actor == actor)]


def test_the_learner_chooses_in_secret_while_the_others_cards_lie_face_down():
    _, _, out = replay()
    chosen_first = [seen for step, _, seen in out if seen is not None and step.others]
    assert chosen_first, "the others choose before the learner in some rounds"
    for seen in chosen_first:
        assert seen["zones"]["play"][1] == [BACK] and seen["zones"]["play"][2] == [BACK]
    first = out[1][0]
    assert first.move is not None and not first.others, "the first round: the learner chooses first"
    assert out[2][0].during == "reveal", "then the others, and the reveal is held while it is explained"


def test_every_link_of_the_food_chain_is_the_learners_catch():
    _, _, out = replay()
    assert [e.card for e in moves(out, "hunter_takes", ME)] == ["wolf", "wolf"]
    assert "rabbit" in [e.card for e in moves(out, "wolf_takes", ME)]
    eaten = [e.card for e in moves(out, "rabbit_takes", ME)]
    assert "carrot" in eaten and "closed_season" in eaten, "a closed season is a carrot to a rabbit"
    assert [e.card for e in moves(out, "returns", ME)] == ["hunter", "hunter"], "a hunter that catches comes back"


def test_easy_prey_is_hunted_first_and_scores_for_its_own_player():
    _, _, out = replay()
    from_easy = [e for e in moves(out, "hunter_takes") + moves(out, "wolf_takes") + moves(out, "rabbit_takes")
                 if e.from_zone == "easy_prey"]
    assert any(e.actor == ME for e in from_easy) and any(e.from_seat == ME for e in from_easy), (
        "the learner takes from easy prey, and loses a card of theirs from it")
    kept = [e.card for e in moves(out, "easy_prey_to_pile", ME)]
    assert "rabbit" in kept and "wolf" in kept, "a card that survives its round in easy prey goes to its own pile"


def test_the_start_card_decides_who_takes_a_prey_two_want():
    """Round 3: the learner holds the start card; both wolves want Lucie's rabbit: the learner's
    takes it, Félix's finds nothing and goes back to his hand."""
    _, _, out = replay()
    step, events, seen = out[7]
    assert seen["start_seat"] == ME
    takes = [e for e in events if isinstance(e, CardMoved) and e.reason == "wolf_takes"]
    assert [(e.actor, e.from_seat, e.from_zone) for e in takes] == [(ME, 1, "easy_prey")]
    assert [(e.actor, e.card) for e in events if isinstance(e, CardMoved) and e.reason == "misses"] == [(2, "wolf")]


def test_the_closed_season_stops_a_hunter_and_turns_the_learners_lodge():
    _, _, out = replay()
    step, events, _ = out[8]
    assert step.move == "play closed_season"
    assert any(isinstance(e, Note) and e.key == "closed_season" for e in events)
    assert [(e.actor, e.card, e.to_zone) for e in events if isinstance(e, CardMoved) and e.reason == "closed_season"] == [
        (1, "hunter", "prey_pile")]
    assert MarkerChanged("lodge", ME, "four") in events


def test_the_day_ends_with_cards_in_the_learners_hand_counted_against_them():
    lesson, state, out = replay()
    assert moves(out, "under_lodge", ME), "the learner's last hunter finds no wolf: under the lodge"
    scores = {e.seat: dict(e.details) for _, events, _ in out for e in events if isinstance(e, ScoreChanged)}
    assert scores[ME] == {"prey": 23, "hand": -2, "lodge": 4, "under_lodge": 0}
    assert scores[2]["hand"] == -8 and scores[1]["hand"] == 0, "Félix keeps a hunter and a wolf; Lucie's hand is empty"
    tally = [s for s in lesson.steps if s.during == "tally"]
    assert len(tally) >= 3 and tally[0].totals == (25, 12, 1)
    assert state.day == 2, "exactly one day is played"
