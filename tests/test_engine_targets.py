"""Target parameter types on hand-made tables: enumeration, text round trip, protected cards
excluded, bad texts refused with a reason in both languages."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction
from game.engine.events import seat_mask
from game.engine.rng import Rng
from game.engine.targets import (
    AnyFaceDown,
    AnySlot,
    ColourTarget,
    LineTarget,
    OwnSlot,
    PileCard,
    SeatTarget,
)
from tests.engine_table_helpers import make_table, uid_of

VILLAGES = [["a", "b^", "c"], ["d", "e", "f^"], ["g", "h", "i"]]


def texts(target, state, seat):
    return [c.text for c in target.choices(state, seat)]


def refused(target, state, seat, text) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        target.parse(state, seat, text)
    error = err.value
    assert state.rules.has_text(error.key), error.key
    fr = state.rules.text("fr", error.key, **error.params)
    assert fr != error.key and "{" not in fr and "{" not in str(error)
    return error


def assert_round_trip(target, state, seat):
    for choice in target.choices(state, seat):
        again = target.parse(state, seat, choice.text)
        assert again == choice and again.text == choice.text
        assert again.card(state) == choice.card(state)


def test_seat_lists_every_seat_or_only_the_others():
    state = make_table(VILLAGES)
    assert texts(SeatTarget(), state, 1) == ["seat 0", "seat 1", "seat 2"]
    others = SeatTarget(others=True)
    assert texts(others, state, 1) == ["seat 0", "seat 2"]
    assert_round_trip(others, state, 1)
    assert others.parse(state, 1, "Seat  2".lower()).seat == 2
    assert refused(others, state, 1, "seat 1").key == "error.target_own_seat"
    assert refused(others, state, 1, "seat 3").key == "error.target_no_seat"
    assert refused(others, state, 1, "seat two").key == "error.target_form"
    assert refused(others, state, 1, "slot 2").key == "error.target_form"


def test_own_slot_lists_the_acting_seats_row_and_points_at_its_cards():
    state = make_table(VILLAGES)
    own = OwnSlot("village")
    assert texts(own, state, 1) == ["slot 1", "slot 2", "slot 3"]
    assert [c.card(state) for c in own.choices(state, 1)] == [uid_of(state, x) for x in "def"]
    assert_round_trip(own, state, 1)
    face_down = OwnSlot("village", face="down")
    assert texts(face_down, state, 0) == ["slot 1", "slot 3"]  # b lies face up
    assert refused(face_down, state, 0, "slot 2").key == "error.target_face_up"
    assert texts(OwnSlot("village", face="up"), state, 0) == ["slot 2"]
    error = refused(own, state, 0, "slot 4")
    assert error.key == "error.target_no_slot" and "slots 1 to 3" in str(error)
    assert refused(own, state, 0, "slot 0").key == "error.target_form"
    assert refused(own, state, 0, "slot").key == "error.target_form"


def test_any_slot_and_any_face_down_cover_every_row():
    state = make_table(VILLAGES)
    anywhere = AnySlot("village")
    assert len(anywhere.choices(state, 0)) == 9
    assert texts(anywhere, state, 0)[:4] == ["seat 0 slot 1", "seat 0 slot 2", "seat 0 slot 3", "seat 1 slot 1"]
    assert_round_trip(anywhere, state, 2)
    assert anywhere.parse(state, 0, "seat 2 slot 2").card(state) == uid_of(state, "h")
    face_down = AnyFaceDown("village")
    down = texts(face_down, state, 0)
    assert "seat 0 slot 2" not in down and "seat 1 slot 3" not in down and len(down) == 7
    assert_round_trip(face_down, state, 0)
    assert refused(face_down, state, 0, "seat 1 slot 3").key == "error.target_face_up"
    opponents = AnyFaceDown("village", others=True)
    assert all(not t.startswith("seat 0 ") for t in texts(opponents, state, 0))
    assert refused(opponents, state, 0, "seat 0 slot 1").key == "error.target_own_seat"
    assert refused(anywhere, state, 0, "seat 4 slot 1").key == "error.target_no_seat"
    assert refused(anywhere, state, 0, "seat 1 slot 7").key == "error.target_no_slot"
    assert refused(anywhere, state, 0, "seat 1 card 2").key == "error.target_form"


def test_a_protected_card_is_never_a_choice_of_any_target():
    state = make_table(VILLAGES, discard=["x", "y", "z"], line=["u1", "u2", "u3", "u4"])
    for card in ("a", "h", "y", "u2"):
        state.protect(uid_of(state, card))
    own, anywhere, face_down = OwnSlot("village"), AnySlot("village"), AnyFaceDown("village")
    pile, line = PileCard("discard"), LineTarget("line")
    for seat in range(3):  # nobody, the owner included, may look at, take or swap it
        assert all(c.card(state) not in state.protected for t in (own, anywhere, face_down, pile, line) for c in t.choices(state, seat))
    assert "slot 1" not in texts(own, state, 0)
    assert "seat 2 slot 2" not in texts(face_down, state, 1)
    assert refused(own, state, 0, "slot 1").key == "error.target_protected"
    assert refused(anywhere, state, 1, "seat 2 slot 2").key == "error.target_protected"
    assert refused(pile, state, 0, "card 2").key == "error.target_protected_card"
    assert refused(line, state, 0, "unicorn 2").key == "error.target_protected_position"
    state.unprotect(uid_of(state, "a"))
    assert "slot 1" in texts(own, state, 0)


def test_protection_against_some_seats_only():
    """A bodyguard protects its owner's card from opponents: the owner may still choose it."""
    state = make_table(VILLAGES)
    state.protect(uid_of(state, "e"), seats=seat_mask(0, 2))
    face_down = AnyFaceDown("village")
    assert "seat 1 slot 2" in texts(face_down, state, 1)
    assert "seat 1 slot 2" not in texts(face_down, state, 0)
    assert "seat 1 slot 2" not in texts(face_down, state, 2)


def test_a_clone_keeps_protection_independent():
    state = make_table(VILLAGES)
    clone = state.clone()
    clone.protect(uid_of(state, "a"))
    assert not state.is_protected(uid_of(state, "a"), 0) and clone.is_protected(uid_of(state, "a"), 0)


def test_determinize_keeps_protection_on_the_place_not_on_the_identity():
    state = make_table(VILLAGES)
    state.protect(uid_of(state, "e"))  # seat 1 slot 2, a card seat 0 has not seen
    face_down = AnyFaceDown("village")
    before = texts(face_down, state, 0)
    for seed in range(20):
        other = state.determinize(0, Rng(seed))
        assert texts(face_down, other, 0) == before
        assert list(other.protected) == [other.zone(1, "village")[1]]


def test_pile_card_counts_from_the_top():
    state = make_table(VILLAGES, discard=["x", "y", "z"])  # z was discarded last: the top
    pile = PileCard("discard")
    assert texts(pile, state, 0) == ["card 1", "card 2", "card 3"]
    assert [c.card(state) for c in pile.choices(state, 0)] == [uid_of(state, c) for c in "zyx"]
    assert_round_trip(pile, state, 0)
    top_first = PileCard("discard", top_first=True)
    assert top_first.parse(state, 0, "card 1").card(state) == uid_of(state, "x")
    error = refused(pile, state, 0, "card 4")
    assert error.key == "error.target_no_card" and error.params == {"card": 4, "count": 3}
    assert refused(pile, state, 0, "card -1").key == "error.target_form"
    assert texts(PileCard("discard"), make_table(VILLAGES), 0) == []


def test_colour_lists_its_colours():
    state = make_table(VILLAGES)
    colour = ColourTarget(("pink", "blue", "green", "yellow"))
    assert texts(colour, state, 0) == ["colour pink", "colour blue", "colour green", "colour yellow"]
    assert colour.parse(state, 0, "colour green").value == "green"
    assert_round_trip(colour, state, 0)
    error = refused(colour, state, 0, "colour blu")
    assert error.key == "error.target_no_colour" and "pink, blue, green, yellow" in str(error)
    assert refused(colour, state, 0, "green").key == "error.target_form"


def test_unicorn_is_a_position_in_a_line_with_a_game_rule_on_top():
    state = make_table(VILLAGES, line=["u1", "u2", "u3", "u4"])
    unicorn = LineTarget("line")
    assert texts(unicorn, state, 0) == ["unicorn 1", "unicorn 2", "unicorn 3", "unicorn 4"]
    assert unicorn.parse(state, 2, "unicorn 3").card(state) == uid_of(state, "u3")
    assert_round_trip(unicorn, state, 0)
    under = LineTarget("line", word="under", where=lambda st, seat, choice: choice.slot != 0)
    assert texts(under, state, 0) == ["under 2", "under 3", "under 4"]
    assert refused(under, state, 0, "under 1").key == "error.target_refused"
    assert refused(under, state, 0, "unicorn 2").key == "error.target_form"
    error = refused(unicorn, state, 0, "unicorn 5")
    assert error.key == "error.target_no_position" and "positions 1 to 4" in str(error)


def test_an_empty_place_is_never_a_choice():
    """A hunted unicorn leaves its place in the line empty; so does a card taken from a village."""
    state = make_table(VILLAGES, line=["u1", "u2", "u3"])
    discard = state.zone_index(None, "discard")
    state.move(uid_of(state, "u2"), discard)
    unicorn = LineTarget("line")
    assert texts(unicorn, state, 0) == ["unicorn 1", "unicorn 3"]
    assert refused(unicorn, state, 0, "unicorn 2").key == "error.target_empty_position"
    state.move(uid_of(state, "d"), discard)
    assert AnySlot("village").parse(state, 0, "seat 1 slot 2").card(state) == uid_of(state, "e")  # kept its place
    assert "seat 1 slot 1" not in texts(AnySlot("village"), state, 0)
    assert refused(AnySlot("village"), state, 0, "seat 1 slot 1").key == "error.target_empty_slot"
