"""Wolf & Hound's Meat & Bone expansion (rulebook 12): the deck and the stop symbols."""

from __future__ import annotations

from collections import Counter

from tests.test_wolf_and_hound_rulebook import RULES, begin_turn, new_game, notes, play, where

EXPANSION = ["black 1 meat", "black 1 meat", "black 2 meat", "black 3 meat", "white 1 bone", "white 2 bone", "white 3 bone"]


def test_the_seven_expansion_cards_replace_seven_base_cards():
    base = Counter(RULES.deck_counts[False])
    meat = Counter(RULES.deck_counts[True])
    assert sum(base.values()) == sum(meat.values()) == 32
    assert meat - base == Counter(EXPANSION)
    assert base - meat == Counter(["black 1", "black 1", "black 2", "black 3", "white 1", "white 2", "white 3"])
    state = RULES.new_state(4, seed=5, options={"meat_and_bone": True})
    assert Counter(state.card_ids) == meat


def put_on_row(state, seat: int, card: str) -> None:
    """Scenario: `card` is the last card `seat` played."""
    uid = next(u for z in state.zones for u in z if state.card_ids[u] == card and u not in state.zones[state.played[seat]])
    state.move(uid, state.played[seat])


def test_bone_stops_a_hound_but_not_a_wolf():
    state = new_game(hands=((), (), ("white 4", "black 4"), ()), meat=True)
    put_on_row(state, 0, "white 2 bone")
    begin_turn(state, 2, pos={"wolf_01": 1, "hound_01": 1})
    events = play(state, "play white 4")
    assert where(state, "hound_01") == 0  # 1 -> 2 -> 3 -> 0: stopped by player 1's bone
    assert notes(events, "stopped")[0].params == (("animal", "hound_01"), ("symbol", "bone"))
    state2 = new_game(hands=((), (), ("black 4",), ()), meat=True)
    put_on_row(state2, 0, "white 2 bone")
    begin_turn(state2, 2, pos={"wolf_01": 1, "hound_01": 3})
    play(state2, "play black 4")
    assert where(state2, "wolf_01") == 1  # bone does not stop a wolf


def test_sheep_cards_are_never_stopped():
    state = new_game(animals=("sheep_02", "wolf_01"), hands=((), (), ("black 4",), ()), meat=True)
    put_on_row(state, 3, "black 1 meat")
    put_on_row(state, 0, "white 1 bone")
    begin_turn(state, 2, pos={"sheep_02": 1, "wolf_01": 1})
    play(state, "play black 4")
    assert where(state, "sheep_02") == 1  # passes player 4's meat and player 1's bone
    assert where(state, "wolf_01") == 3  # the wolf stops at player 4's meat


def test_a_wolf_that_ends_its_move_on_the_meat_is_not_reported_as_stopped():
    state = new_game(hands=((), (), ("black 1",), ()), meat=True)
    put_on_row(state, 3, "black 1 meat")
    begin_turn(state, 2, pos={"wolf_01": 2, "hound_01": 0})
    events = play(state, "play black 1")
    assert where(state, "wolf_01") == 3 and not notes(events, "stopped")


def test_a_ghosts_meat_stops_wolves_moved_by_others():
    state = new_game(humans=3, hands=((), ("black 4",), (), ()), meat=True)
    put_on_row(state, 3, "black 2 meat")
    begin_turn(state, 1, pos={"wolf_01": 1, "hound_01": 0})
    play(state, "play black 4")
    assert where(state, "wolf_01") == 3


def test_view_shows_each_seats_current_symbol():
    state = new_game(meat=True)
    put_on_row(state, 1, "black 3 meat")
    put_on_row(state, 2, "white 3 bone")
    put_on_row(state, 2, "white 4")
    assert state.view(0)["symbols"] == ["", "meat", "", ""]
