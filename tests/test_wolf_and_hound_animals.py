"""Wolf & Hound: each animal card's movement and effect, one test (or a few) per card."""

from __future__ import annotations

import pytest

from tests.test_wolf_and_hound_rulebook import (
    RULES,
    begin_turn,
    index,
    new_game,
    notes,
    play,
    where,
)

# card -> (number card played by seat 0 from seat 0, expected seat afterwards)
MOVES = [
    ("wolf_01", "black 3", 3),
    ("wolf_02", "black 2", 2),
    ("wolf_03", "black 1", 2),
    ("wolf_03", "black 4", 1),
    ("wolf_04", "black 1", 0),
    ("wolf_04", "black 4", 3),
    ("wolf_05", "black 1", 1),
    ("wolf_06", "black 1", 0),
    ("wolf_06", "black 4", 2),
    ("hound_01", "white 2", 2),
    ("hound_02", "white 3", 3),
    ("hound_03", "white 2", 3),
    ("hound_04", "white 2", 1),
    ("sheep_01", "white 2", 3),
    ("sheep_01", "black 4", 2),
    ("sheep_01", "white 1", 0),
    ("sheep_02", "white 1", 1),
    ("sheep_02", "black 3", 3),
    ("designer_01", "black 1", 3),
    ("designer_01", "black 2", 2),
    ("designer_01", "black 3", 1),
    ("designer_01", "black 4", 0),
    ("designer_02_1", "black 2", 2),
    ("designer_02_2", "white 3", 3),
]


@pytest.mark.parametrize(("animal", "card", "seat"), MOVES, ids=[f"{a}-{c}" for a, c, _ in MOVES])
def test_movement_by_the_card_value_and_modifier(animal, card, seat):
    other = "hound_01" if animal != "hound_01" else "wolf_01"
    state = new_game(animals=(animal, other), hands=((card,), (), (), ()))
    play(state, f"play {card}")
    assert where(state, animal) == seat


@pytest.mark.parametrize(
    ("animal", "card"),
    [("wolf_01", "white 2"), ("hound_01", "black 2"), ("designer_01", "white 1")],
)
def test_the_other_colour_does_not_move_it(animal, card):
    other = "sheep_02" if animal != "sheep_02" else "wolf_01"
    state = new_game(animals=(animal, other), hands=((card,), (), (), ()))
    play(state, f"play {card}")
    assert where(state, animal) == 0


TARGETS = [  # card in front of active seat 1 -> seat whose sheep change, and by how much
    ("wolf_01", 1, -1),
    ("wolf_02", 2, -1),
    ("wolf_03", 1, -1),
    ("wolf_04", 1, -1),
    ("wolf_05", 0, -1),
    ("wolf_06", 1, -1),
    ("hound_01", 1, +1),
    ("hound_02", 3, +1),
    ("hound_03", 1, +1),
    ("hound_04", 1, +1),
    ("designer_01", 1, -1),
    ("designer_02_1", 1, -1),
    ("designer_02_2", 1, +1),
    ("designer_02_3", 1, -1),
    ("extra_01", 1, -1),
    ("extra_02", 1, +1),
    ("metamorphic_01", 1, -1),
    ("metamorphic_02", 1, +1),
    ("metamorphic_03", 2, -1),
    ("metamorphic_04", 0, +1),
]


@pytest.mark.parametrize(("animal", "seat", "delta"), TARGETS, ids=[t[0] for t in TARGETS])
def test_activation_effect_and_target(animal, seat, delta):
    state = new_game(animals=(animal,), sheep=[3, 3, 3, 3])
    start = [2, 2, 2, 2]
    begin_turn(state, 1, pos={animal: 1}, sheep=start)
    expected = start[:]
    expected[seat] += delta
    assert state.sheep == expected


def test_metamorphic_back_sides_swap_the_effect():
    for animal, seat, delta in [("metamorphic_01", 1, +1), ("metamorphic_02", 1, -1), ("metamorphic_03", 1, +1), ("metamorphic_04", 0, -1)]:
        state = new_game(animals=(animal,), sheep=[3, 3, 3, 3])
        begin_turn(state, 1, pos={animal: 1}, sides={animal: 1}, sheep=[2, 2, 2, 2])
        expected = [2, 2, 2, 2]
        expected[seat] += delta
        assert state.sheep == expected, animal


def test_metamorphic_flips_when_passing_player_1_and_then_moves_with_the_other_colour():
    state = new_game(animals=("metamorphic_01", "hound_01"), hands=(("black 2",), (), (), ()))
    begin_turn(state, 0, pos={"metamorphic_01": 3})
    play(state, "play black 2")  # 3 -> 0 -> 1: passes player 1
    a = index(state, "metamorphic_01")
    assert state.pos[a] == 1 and state.side[a] == 1
    assert state.side_of(a).kind == "hound"


def test_metamorphic_that_does_not_reach_player_1_keeps_its_side():
    state = new_game(animals=("metamorphic_02", "wolf_01"), hands=(("white 2",), (), (), ()))
    play(state, "play white 2")  # 0 -> 2: starting in front of player 1 is not passing it
    a = index(state, "metamorphic_02")
    assert state.pos[a] == 2 and state.side[a] == 0


def test_two_metamorphic_cards_of_one_colour_never_stand_together():
    # 01 (wolf) reaches player 1 and becomes a hound where 02 already shows its hound side:
    # 01 moved last, so 01 turns back (rulebook 8-3, special rule).
    state = new_game(animals=("metamorphic_01", "metamorphic_02"), hands=(("black 1",), (), (), ()))
    begin_turn(state, 0, pos={"metamorphic_01": 3, "metamorphic_02": 0})
    events = play(state, "play black 1")
    a, b = index(state, "metamorphic_01"), index(state, "metamorphic_02")
    assert state.pos[a] == state.pos[b] == 0
    assert state.side[a] == 0 and state.side[b] == 0
    reasons = [e.value["reason"] for e in events if getattr(e, "marker", "") == "animal"]
    assert reasons == ["play", "flip_passes_first", "flip_twin"]


def test_twin_rule_when_both_moved_flips_the_later_mover():
    # Both wolves stop at player 3's meat; 02 moved after 01, so 02 turns to its hound side.
    state = new_game(animals=("metamorphic_01", "metamorphic_02"), hands=(("black 2",), (), ("black 1 meat",), ()), meat=True)
    begin_turn(state, 0, pos={"metamorphic_01": 1, "metamorphic_02": 0}, sides={"metamorphic_02": 1})
    meat = state.zones[state.hand[2]][0]
    state.move(meat, state.played[2])
    play(state, "play black 2")
    a, b = index(state, "metamorphic_01"), index(state, "metamorphic_02")
    assert state.pos[a] == state.pos[b] == 2
    assert state.side[a] == 0 and state.side[b] == 0  # 01 wolf, 02 hound


def test_metamorphic_cards_of_different_colours_may_share_a_seat():
    state = new_game(animals=("metamorphic_01", "metamorphic_03"), hands=(("black 1",), (), (), ()))
    begin_turn(state, 0, pos={"metamorphic_01": 2, "metamorphic_03": 3}, sides={"metamorphic_03": 1})
    play(state, "play black 1")  # 01 (wolf) joins 03 (hound) in front of player 4
    assert state.pos == [3, 3] and state.side == [0, 1]


def test_sheep_01_skips_the_turn_and_sheep_02_forbids_threes():
    state = new_game(animals=("sheep_02", "wolf_01"), hands=((), (), ("black 3", "white 3", "white 1", "black 2"), ()))
    events = begin_turn(state, 2, pos={"sheep_02": 2, "wolf_01": 0})
    assert notes(events, "forbid_value")
    assert [str(a) for a in state.legal_actions(2)] == ["play black 2", "play white 1"]
    with pytest.raises(Exception) as err:
        RULES.parse_action(state, 2, "play black 3")
    assert err.value.key == "error.forbidden_value"
    play(state, "play black 2")  # sheep_02 moves on to player 1; player 4 may play anything
    assert where(state, "sheep_02") == 0
    assert state.forbidden == set()


def test_grandpa_wolf_is_moved_by_both_colours_but_never_in_phase_3():
    state = new_game(animals=("extra_01", "hound_01"), hands=(("black 4",), ("white 3",), (), ()))
    play(state, "play black 4")
    assert where(state, "extra_01") == 0
    play(state, "play white 3")
    assert where(state, "extra_01") == 0  # 4 counter-clockwise: back to player 1


def test_confused_hound_alone_does_not_flip():
    state = new_game(animals=("extra_02", "wolf_01"), hands=(("white 2",), (), (), ()))
    play(state, "play white 2")
    a = index(state, "extra_02")
    assert state.pos[a] == 2 and state.side[a] == 0


@pytest.mark.parametrize("card", ["white 4", "black 4"])
def test_wolf_blanket_is_never_moved_by_number_cards(card):
    state = new_game(animals=("designer_02_3", "designer_02_1"), hands=((card,), (), (), ()))
    events = play(state, f"play {card}")
    moves = [e.value["reason"] for e in events if getattr(e, "marker", "") == "animal" and e.value["id"] == "designer_02_3"]
    assert "play" not in moves
    assert where(state, "designer_02_3") == 0  # the black blanket came back round: it stays


def test_wolf_blanket_alone_shows_its_wolf_side_and_creeps_back_every_turn():
    state = new_game(animals=("designer_02_3", "designer_02_1"), hands=(("black 1",), ("white 1",), (), ()))
    play(state, "play black 1")
    w = index(state, "designer_02_3")
    assert state.side[w] == 1 and state.pos[w] == 3
    play(state, "play white 1")
    assert state.side[w] == 1 and state.pos[w] == 2


def test_red_devil_passes_player_1_without_any_effect_but_moves_twelve_with_a_4():
    state = new_game(animals=("designer_01", "hound_01"), hands=((), ("black 4",), (), ()))
    begin_turn(state, 1, pos={"designer_01": 2})
    events = play(state, "play black 4")
    moved = [e for e in events if getattr(e, "marker", "") == "animal"]
    assert moved[0].value["steps"] == 12 and where(state, "designer_01") == 2


@pytest.mark.parametrize(
    ("animal", "card", "kind_after"),
    [
        ("metamorphic_01", "black 2", "hound"),
        ("metamorphic_02", "white 2", "wolf"),
        ("metamorphic_03", "black 2", "hound"),
        ("metamorphic_04", "white 2", "wolf"),
    ],
)
def test_each_metamorphic_card_turns_over_when_it_stops_in_front_of_player_1(animal, card, kind_after):
    other = "wolf_06" if kind_after == "hound" else "hound_04"
    state = new_game(animals=(animal, other), hands=((), (), (card,), ()))
    begin_turn(state, 2, pos={animal: 2, other: 1})
    play(state, f"play {card}")
    a = index(state, animal)
    assert state.pos[a] == 0 and state.side[a] == 1 and state.side_of(a).kind == kind_after
