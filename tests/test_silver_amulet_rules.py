"""Silver's rulebook as scenarios on stacked decks (rules: ../shared/rules/silver_amulet.md)."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction, OptionError
from game.engine.events import CardSeen, Note
from tests.silver_helpers import act, cards, legal, new_game, rules, village

LOW = ["squire", "squire", "empath", "empath", "rascal"]  # 1+1+2+2+4 = 10
HIGH = ["robber", "robber", "witch", "seer", "master"]  # 12+12+11+9+10 = 54


# ------------------------------------------------------------------------------- set-up
@pytest.mark.parametrize(("players", "aside"), [(2, 10), (3, 5), (4, 0)])
def test_setup_deals_villages_sets_cards_aside_and_starts_the_discard(players, aside):
    state = rules().new_state(players, seed=3)
    view = state.view(None)
    assert view["set_aside"] == aside
    assert [len(row) for row in view["villages"]] == [5] * players
    assert all(slot == {"card": None, "face": "down", "protected": False, "guarded": False} for row in view["villages"] for slot in row)
    assert len(view["discard"]) == 1
    assert view["deck_size"] == 52 - 5 * players - aside - 1
    assert view["round"] == 1 and view["amulet"] is None and view["caller"] is None
    assert state.to_act() == list(range(players))  # every seat peeks at once


def test_the_stacked_deck_is_dealt_village_by_village_then_aside_then_discard():
    deck = rules().deck_ids[::-1]  # doppelgangers on top
    state = rules().new_state(3, seed=1, options={"deck": list(deck)})
    assert cards(state, 0) == list(deck[0:5])
    assert cards(state, 1) == list(deck[5:10])
    assert cards(state, 2) == list(deck[10:15])
    assert [state.card_ids[u] for u in state.zones[state.z_aside]] == list(deck[15:20])
    assert state.view(None)["discard"] == [deck[20]]
    assert [state.card_ids[u] for u in reversed(state.zones[state.z_deck])] == list(deck[21:])


def test_each_seat_looks_at_two_cards_of_its_own_village_only():
    state = new_game(2, [HIGH, LOW], "villager", peek=False)
    assert "peek 1 4" in legal(state, 1) and len(legal(state, 1)) == 10
    events = act(state, 1, "peek 1 4")
    assert state.to_act() == [0]
    assert village(state, 1) == [("squire", "down"), (None, "down"), (None, "down"), ("empath", "down"), (None, "down")]
    assert all(card is None for card, _ in village(state, 1, viewer=0))
    seen = [e for e in events if isinstance(e, CardSeen)]
    assert [e.card for e in seen] == ["squire", "empath"] and all(e.visible == 1 << 1 for e in seen)
    with pytest.raises(IllegalAction):
        act(state, 1, "draw")
    act(state, 0, "peek 2 3")
    assert state.to_act() == [0]  # start_seat
    assert legal(state, 0) == ["draw", "take discard"]  # 5 cards: no call


@pytest.mark.parametrize("bad", [["villager"] * 52, ["seer"], [["villager"]]])
def test_a_deck_option_that_is_not_the_game_deck_is_refused(bad):
    with pytest.raises(OptionError):
        rules().new_state(2, seed=1, options={"deck": bad})


# ------------------------------------------------------------------------------ actions
def test_draw_then_discard():
    state = new_game(2, [HIGH, LOW], "villager", deck=["squire"])
    act(state, 0, "draw")
    assert state.view(0)["drawn"] == ["squire"]
    assert state.view(1)["drawn"] is None and state.view(1)["holding"] == 1
    options = legal(state, 0)
    assert "discard" in options and "use" not in options and "draw" not in options
    act(state, 0, "discard")
    assert state.view(None)["discard"][0] == "squire"
    assert state.to_act() == [1]


def test_a_drawn_card_exchanged_enters_face_down_known_to_its_drawer_only():
    state = new_game(2, [HIGH, LOW], "villager", deck=["doppelganger"])
    act(state, 0, "draw")
    act(state, 0, "exchange 3")
    assert cards(state, 0) == ["robber", "robber", "doppelganger", "seer", "master"]
    assert village(state, 0)[2] == ("doppelganger", "down")
    assert village(state, 0, viewer=1)[2] == (None, "down")
    assert state.view(1)["discard"][0] == "witch"  # the old card, face up


def test_a_card_taken_from_the_discard_pile_enters_face_up():
    state = new_game(2, [HIGH, LOW], "empath")
    act(state, 0, "take discard")
    assert "draw" not in legal(state, 0) and "discard" not in legal(state, 0)
    act(state, 0, "exchange 2")
    assert village(state, 0, viewer=1)[1] == ("empath", "up")
    assert state.view(1)["discard"] == ["robber"]


def test_matched_multiple_exchange_with_a_doppelganger_discards_all_and_closes_the_row():
    seat0 = ["seer", "witch", "seer", "doppelganger", "rascal"]
    state = new_game(2, [seat0, LOW], "villager", deck=["squire"])
    act(state, 0, "draw")
    events = act(state, 0, "exchange 1 3 4")
    assert any(isinstance(e, Note) and e.key == "exchange_matched" for e in events)
    assert cards(state, 0) == ["squire", "witch", "rascal"]
    assert village(state, 0)[0] == ("squire", "down")
    assert state.view(1)["discard"][:3] == ["doppelganger", "seer", "seer"]


def test_failed_exchange_of_two_keeps_the_cards_face_up_and_adds_the_new_card_at_the_right_end():
    state = new_game(2, [HIGH, LOW], "villager", deck=["squire"])
    size = state.view(None)["deck_size"]
    act(state, 0, "draw")
    events = act(state, 0, "exchange 3 4")
    assert any(isinstance(e, Note) and e.key == "exchange_failed" for e in events)
    assert cards(state, 0) == HIGH + ["squire"]
    assert village(state, 0, viewer=1)[2:4] == [("witch", "up"), ("seer", "up")]
    assert village(state, 0)[5] == ("squire", "down")
    assert state.view(None)["deck_size"] == size - 1  # no penalty card for two
    # the face-up witch and seer can no longer be announced together, each with another card still can
    act(state, 1, "draw")
    act(state, 1, "discard")
    act(state, 0, "draw")
    assert "exchange 3 4" not in legal(state, 0)
    assert "exchange 1 3" in legal(state, 0) and "exchange 1 2 6" in legal(state, 0)


def test_failed_exchange_of_three_draws_a_face_down_penalty_card_nobody_has_seen():
    state = new_game(2, [HIGH, LOW], "villager", deck=["squire", "doppelganger"])
    size = state.view(None)["deck_size"]
    act(state, 0, "draw")
    act(state, 0, "exchange 2 3 4")
    assert cards(state, 0) == HIGH + ["squire", "doppelganger"]
    assert village(state, 0)[5:] == [("squire", "down"), (None, "down")]
    assert village(state, 0, viewer=1)[6] == (None, "down")
    assert state.view(None)["deck_size"] == size - 2


def test_failed_exchange_from_the_discard_pile_adds_the_taken_card_face_up():
    state = new_game(2, [HIGH, LOW], "villager")
    act(state, 0, "take discard")
    act(state, 0, "exchange 1 5")  # robber and master
    assert village(state, 0, viewer=1)[5] == ("villager", "up")
    assert len(cards(state, 0)) == 6


# --------------------------------------------------------------------------- the call
def _call_round(caller_village, other_village, players=2, **kw):
    """Seat 0 makes a matched exchange (down to 4 cards), seat 1 plays, seat 0 calls."""
    state = new_game(players, [caller_village, other_village, *([LOW] * (players - 2))], "villager",
                     deck=["squire", "doppelganger", "doppelganger"], **kw)
    assert "call count" not in legal(state, 0)  # five cards
    act(state, 0, "draw")
    act(state, 0, "exchange 1 2")
    for seat in range(1, players):
        act(state, seat, "draw")
        act(state, seat, "discard")
    assert "call count" in legal(state, 0)
    act(state, 0, "call count")
    assert state.view(None)["caller"] == 0
    return state


def test_a_call_with_the_lowest_total_loses_nothing_and_wins_the_amulet():
    state = _call_round(["rascal", "rascal", "squire", "empath", "villager"], HIGH)
    assert state.view(None)["round"] == 1 and state.to_act() == [1]  # one last turn each
    assert "call count" not in legal(state, 1)
    act(state, 1, "draw")
    events = act(state, 1, "discard")
    assert any(isinstance(e, Note) and e.key == "end_called" for e in events)
    assert state.scores() == [0, 54]
    view = state.view(None)
    assert view["amulet"] == 0 and view["round"] == 2
    assert view["score_details"][0][0] == {"village": 4, "caller_bonus": -4}
    assert view["first_seat"] == 0


def test_a_call_without_the_lowest_total_loses_the_total_plus_ten():
    state = _call_round(["robber", "robber", "witch", "seer", "master"], LOW)
    act(state, 1, "draw")
    act(state, 1, "discard")
    # seat 0: squire (new) + witch + seer + master = 1 + 11 + 9 + 10 = 31; seat 1: 10
    assert state.scores() == [41, 10]
    assert state.view(None)["amulet"] is None
    assert state.view(None)["first_seat"] == 1  # fewest points lost


def test_a_caller_tied_for_lowest_loses_nothing():
    # seat 0 keeps squire + squire + empath + empath = 6... made equal to seat 1's 6
    state = _call_round(["rascal", "rascal", "squire", "empath", "empath"], ["squire", "squire", "empath", "empath", "villager"])
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.scores() == [0, 6]
    assert state.view(None)["amulet"] == 0


def test_after_a_call_every_other_player_takes_one_last_turn():
    state = _call_round(["rascal", "rascal", "squire", "empath", "villager"], HIGH, players=3)
    for seat in (1, 2):
        assert state.view(None)["round"] == 1 and state.to_act() == [seat]
        act(state, seat, "draw")
        act(state, seat, "discard")
    assert state.view(None)["round"] == 2


# ------------------------------------------------------------------------ round endings
def test_the_round_ends_right_after_the_turn_that_draws_the_last_card():
    state = new_game(2, [HIGH, LOW], "villager")
    turns = 0
    while state.view(None)["round"] == 1:
        seat = state.to_act()[0]
        act(state, seat, "draw")
        act(state, seat, "discard")
        turns += 1
    assert turns == 31  # 52 - 10 in villages - 10 set aside - 1 discard
    assert state.view(None)["score_sheet"] == [[54, 10]]


def test_the_round_ends_after_the_turn_that_turns_up_the_second_villager():
    state = new_game(2, [["villager", *HIGH[1:]], LOW], "villager")
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")  # the old villager goes to the discard pile: one face up
    assert state.view(None)["round"] == 1
    events = act(state, 1, "take discard")
    events += act(state, 1, "exchange 1")
    assert any(isinstance(e, Note) and e.key == "end_villagers" for e in events)
    assert state.view(None)["score_sheet"] == [[42, 9]]


def test_a_revealer_turning_the_second_villager_ends_the_round():
    state = new_game(2, [HIGH, ["squire", "villager", *LOW[2:]]], "villager", deck=["doppelganger", "revealer"])
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "draw")
    act(state, 1, "discard")
    act(state, 0, "draw")
    act(state, 0, "use")
    act(state, 0, "turn 1 2")
    assert state.view(None)["round"] == 2


# ------------------------------------------------------------------------------ powers
def _use(state, seat, card):
    act(state, seat, "draw")
    assert state.view(seat)["drawn"] == [card]
    act(state, seat, "use")
    assert state.view(None)["power"] == card


def test_exposer_turns_one_of_your_own_face_down_cards_face_up():
    state = new_game(2, [HIGH, LOW], "villager", deck=["exposer"])
    _use(state, 0, "exposer")
    assert all(t.startswith("turn ") and len(t.split()) == 2 for t in legal(state, 0))
    act(state, 0, "turn 3")
    assert village(state, 0, viewer=1)[2] == ("witch", "up")
    assert state.view(None)["discard"][0] == "exposer"
    assert state.to_act() == [1]


def test_revealer_turns_any_face_down_card_face_up():
    state = new_game(2, [HIGH, LOW], "villager", deck=["revealer"])
    _use(state, 0, "revealer")
    assert "turn 0 1" in legal(state, 0) and "turn 1 5" in legal(state, 0)
    act(state, 0, "turn 1 5")
    assert village(state, 1, viewer=0)[4] == ("rascal", "up")


def test_beholder_looks_at_up_to_two_of_your_own_face_down_cards():
    state = new_game(2, [HIGH, LOW], "villager", deck=["beholder"])
    _use(state, 0, "beholder")
    assert "look 3" in legal(state, 0) and "look 3 5" in legal(state, 0) and "look 1 1" not in legal(state, 0)
    events = act(state, 0, "look 3 5")
    assert village(state, 0)[2] == ("witch", "down") and village(state, 0)[4] == ("master", "down")
    assert village(state, 0, viewer=1)[2] == (None, "down")
    assert [e.card for e in events if isinstance(e, CardSeen)] == ["witch", "master"]


def test_apprentice_seer_looks_at_an_opponents_card_only():
    state = new_game(2, [HIGH, LOW], "villager", deck=["apprentice_seer"])
    _use(state, 0, "apprentice_seer")
    assert all(t.startswith("look 1 ") for t in legal(state, 0))
    act(state, 0, "look 1 4")
    assert village(state, 1, viewer=0)[3] == ("empath", "down")
    assert village(state, 1, viewer=1)[3] == (None, "down")  # its owner has not seen it


def test_seer_looks_at_any_face_down_card():
    state = new_game(2, [HIGH, LOW], "villager", deck=["seer"])
    _use(state, 0, "seer")
    assert "look 0 4" in legal(state, 0) and "look 1 4" in legal(state, 0)
    act(state, 0, "look 1 5")
    assert village(state, 1, viewer=0)[4] == ("rascal", "down")


def test_master_takes_any_card_of_the_discard_pile_into_the_village_face_up():
    state = new_game(2, [HIGH, LOW], "villager", deck=["squire", "master"])
    act(state, 0, "draw")
    act(state, 0, "discard")  # pile: squire, villager
    _use(state, 1, "master")
    assert "take 2 exchange 1" in legal(state, 1)
    act(state, 1, "take 2 exchange 1")
    assert village(state, 1, viewer=0)[0] == ("villager", "up")
    assert state.view(None)["discard"] == ["master", "squire", "squire"]


def test_witch_looks_at_the_deck_top_and_may_swap_it_into_any_village_face_down():
    state = new_game(2, [HIGH, LOW], "villager", deck=["witch", "doppelganger"])
    act(state, 0, "draw")
    events = act(state, 0, "use")
    assert [e.card for e in events if isinstance(e, CardSeen)] == ["doppelganger"]
    assert "leave" in legal(state, 0) and "swap 1 2" in legal(state, 0) and "swap 0 1" in legal(state, 0)
    act(state, 0, "swap 1 2")
    assert cards(state, 1)[1] == "doppelganger"
    assert village(state, 1, viewer=0)[1] == ("doppelganger", "down")
    assert village(state, 1, viewer=1)[1] == (None, "down")
    deck_top = state.zones[state.z_deck][-1]
    assert state.card_ids[deck_top] == "squire"
    assert state.view(1)["zones"]["deck"][-1] == "squire"  # seat 1 had peeked at it


def test_witch_may_leave_the_deck_top_where_it_is():
    state = new_game(2, [HIGH, LOW], "villager", deck=["witch", "doppelganger"])
    act(state, 0, "draw")
    act(state, 0, "use")
    act(state, 0, "leave")
    assert state.card_ids[state.zones[state.z_deck][-1]] == "doppelganger"
    assert state.view(0)["zones"]["deck"][-1] == "doppelganger"
    assert state.view(1)["zones"]["deck"][-1] == "back"


def test_robber_swaps_with_an_opponent_then_looks_at_the_card_received():
    state = new_game(2, [HIGH, LOW], "villager", deck=["robber"])
    _use(state, 0, "robber")
    assert "rob 1 1 3" in legal(state, 0) and not any(t.startswith("rob 1 0") for t in legal(state, 0))
    events = act(state, 0, "rob 1 1 3")
    assert cards(state, 0)[0] == "empath" and cards(state, 1)[2] == "robber"
    assert village(state, 0)[0] == ("empath", "down")
    assert village(state, 1, viewer=1)[2] == (None, "down")
    assert village(state, 1, viewer=0)[2] == ("robber", "down")  # seat 0 had peeked at it
    assert [e.card for e in events if isinstance(e, CardSeen)] == ["empath"]


def test_a_power_is_usable_only_when_drawn_with_a_value_of_5_to_12():
    state = new_game(2, [HIGH, LOW], "revealer", deck=["doppelganger"])
    act(state, 0, "draw")
    assert "use" not in legal(state, 0)
    act(state, 0, "discard")
    act(state, 1, "take discard")  # taken from the pile: no power
    assert "use" not in legal(state, 1)


def test_squire_face_up_shows_its_owner_the_deck_top_at_the_start_of_the_turn():
    state = new_game(2, [HIGH, LOW], "squire", deck=["seer", "doppelganger"])
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "draw")
    act(state, 1, "discard")  # seer
    assert state.view(0)["zones"]["deck"][-1] == "doppelganger"
    assert state.view(1)["zones"]["deck"][-1] == "back"


def test_squire_public_variant_shows_the_deck_top_to_everyone():
    state = new_game(2, [HIGH, LOW], "squire", deck=["seer", "doppelganger"], squire="public")
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.view(1)["zones"]["deck"][-1] == "doppelganger"


def test_empath_face_up_allows_one_look_per_turn():
    state = new_game(2, [HIGH, LOW], "empath", deck=["doppelganger", "doppelganger"])
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert "empath 4" in legal(state, 0) and "empath 1" not in legal(state, 0)
    act(state, 0, "empath 4")
    assert village(state, 0)[3] == ("seer", "down")
    assert not any(t.startswith("empath") for t in legal(state, 0))
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert "empath 5" in legal(state, 0)


@pytest.mark.parametrize("variant", ["back_on_top", "discard"])
def test_rascal_face_up_draws_two_keeps_one(variant):
    state = new_game(2, [HIGH, LOW], "rascal", deck=["seer", "exposer", "doppelganger"], rascal=variant)
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "draw")
    act(state, 1, "discard")  # seer
    act(state, 0, "draw")
    assert legal(state, 0) == ["keep 1", "keep 2"]
    assert state.view(0)["drawn"] == ["exposer", "doppelganger"]
    act(state, 0, "keep 2")
    assert state.view(0)["drawn"] == ["doppelganger"]
    if variant == "back_on_top":
        assert state.view(0)["zones"]["deck"][-1] == "exposer"
        assert state.view(1)["zones"]["deck"][-1] == "back"
    else:
        assert state.view(1)["discard"][0] == "exposer"


# ----------------------------------------------------------------------------- bodyguard
def test_bodyguard_face_up_guards_itself_and_a_chosen_card_from_opponents_powers():
    state = new_game(2, [HIGH, LOW], "bodyguard", deck=["doppelganger", "doppelganger", "seer"], start=1)
    act(state, 1, "take discard")
    act(state, 1, "exchange 1")
    assert state.to_act() == [1] and legal(state, 1) == ["guard 2", "guard 3", "guard 4", "guard 5"]
    act(state, 1, "guard 3")
    assert state.to_act() == [0]
    view = state.view(0)["villages"][1]
    assert [s["guarded"] for s in view] == [True, False, True, False, False]
    act(state, 0, "draw")
    act(state, 0, "discard")
    act(state, 1, "draw")
    act(state, 1, "discard")
    _use(state, 0, "seer")
    assert "look 1 3" not in legal(state, 0) and "look 1 2" in legal(state, 0)


def test_a_bodyguard_turned_up_by_an_opponent_lets_its_owner_choose_at_once():
    state = new_game(2, [HIGH, ["squire", "bodyguard", *LOW[2:]]], "villager", deck=["revealer"])
    _use(state, 0, "revealer")
    act(state, 0, "turn 1 2")
    assert state.to_act() == [1] and "guard 1" in legal(state, 1) and "draw" not in legal(state, 1)
    act(state, 1, "guard 1")
    assert state.to_act() == [1] and legal(state, 1)[0] == "draw"


# -------------------------------------------------------------------------------- amulet
def _round_two_with_amulet(round2_villages, round2_discard="villager", round2_deck=()):
    from tests.silver_helpers import stacked

    r2 = stacked(2, round2_villages, round2_discard, list(round2_deck))
    state = _call_round(["rascal", "rascal", "squire", "empath", "villager"], HIGH, rounds=[r2])
    act(state, 1, "draw")
    act(state, 1, "discard")
    act(state, 0, "peek 1 2")
    act(state, 1, "peek 1 2")
    assert state.view(None)["amulet"] == 0 and state.to_act() == [0]
    return state


def test_the_amulet_is_placed_once_and_protects_its_card_from_everyone():
    state = _round_two_with_amulet([HIGH, LOW], round2_deck=["doppelganger", "seer", "doppelganger", "robber"])
    assert "amulet 3" in legal(state, 0)
    assert "amulet 1" not in legal(state, 1)
    act(state, 0, "amulet 3")
    assert state.view(1)["villages"][0][2]["protected"] is True
    assert not any(t.startswith("amulet") for t in legal(state, 0))
    act(state, 0, "draw")
    assert "exchange 3" not in legal(state, 0) and "exchange 2 3" not in legal(state, 0)
    act(state, 0, "discard")
    _use(state, 1, "seer")
    assert "look 0 3" not in legal(state, 1) and "look 0 4" in legal(state, 1)
    act(state, 1, "look 0 4")
    act(state, 0, "draw")
    act(state, 0, "discard")
    _use(state, 1, "robber")
    assert not any(t.endswith(" 0 3") for t in legal(state, 1))


def test_the_amulet_cannot_be_placed_in_the_turn_its_holder_calls():
    state = _round_two_with_amulet([["seer", "seer", *LOW[2:]], HIGH], round2_deck=["squire", "doppelganger"])
    act(state, 0, "draw")
    act(state, 0, "exchange 1 2")
    act(state, 1, "draw")
    act(state, 1, "discard")
    act(state, 0, "amulet 1")
    assert "call count" not in legal(state, 0)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "call count")
    assert err.value.key == "error.call_amulet"


def test_the_protected_card_still_counts_and_the_amulet_comes_back_at_the_round_end():
    state = _round_two_with_amulet([["villager", *HIGH[1:]], LOW])
    act(state, 0, "amulet 2")
    act(state, 0, "take discard")
    act(state, 0, "exchange 1")
    act(state, 1, "take discard")
    act(state, 1, "exchange 1")  # second villager up: round 2 ends
    assert state.view(None)["score_sheet"][1] == [42, 9]
    assert state.view(None)["amulet_card"] is None and state.view(None)["amulet"] == 0


# ----------------------------------------------------------------------- end of the game
def _villager_round(first, first_village, other_village):
    """A stacked 2-player round: the first player's slot 1 and the discard are the villagers."""
    from tests.silver_helpers import stacked

    villages = [None, None]
    villages[first] = ["villager", *first_village]
    villages[1 - first] = ["doppelganger", *other_village]
    return stacked(2, villages, "villager")


def _play_villager_round(state, first):
    for seat in range(2):
        act(state, seat, "peek 1 2")
    for seat in (first, 1 - first):
        act(state, seat, "take discard")
        act(state, seat, "exchange 1")


def test_four_rounds_then_lowest_total_wins_and_a_tie_goes_to_the_amulet_holder():
    rounds = [
        _villager_round(0, ["robber", "robber", "witch", "witch"], ["squire"] * 4),  # 46 / 4
        _villager_round(1, ["squire", "squire", "empath", "empath"], ["robber", "rascal", "squire", "squire"]),  # 6 / 18
        _villager_round(1, ["squire", "squire", "empath", "empath"], ["squire", "squire", "empath", "empath"]),  # 6 / 6
    ]
    state = _call_round(["rascal", "rascal", "squire", "empath", "villager"], HIGH, rounds=rounds)
    act(state, 1, "draw")
    act(state, 1, "discard")  # round 1: [0, 54], seat 0 wins the amulet
    _play_villager_round(state, 0)  # round 2: [46, 4]
    assert state.view(None)["first_seat"] == 1
    _play_villager_round(state, 1)  # round 3: [18, 6]
    _play_villager_round(state, 1)  # round 4: [6, 6] (a tie: the previous first player, seat 1, starts...)
    assert state.is_over()
    assert state.scores() == [70, 70]
    assert state.winners() == [0]
    assert state.view(None)["tiebreak"] == "amulet"


def test_a_tie_without_the_amulet_holder_is_shared():
    rounds = [_villager_round(0, ["squire", "squire", "empath", "empath"], ["squire", "squire", "empath", "empath"])] * 3
    state = new_game(2, [["villager", "squire", "squire", "empath", "empath"], ["doppelganger", "squire", "squire", "empath", "empath"]],
                     "villager", start=0, rounds=rounds, peek=False)
    _play_villager_round(state, 0)
    assert state.view(None)["score_sheet"] == [[6, 6]]
    assert state.view(None)["first_seat"] == 0  # tied: the earliest clockwise from the previous first player
    for _ in range(3):
        _play_villager_round(state, state.view(None)["first_seat"])
    assert state.is_over() and state.scores() == [24, 24]
    assert state.winners() == [0, 1] and state.view(None)["tiebreak"] == "shared"


def test_tied_lowest_losses_give_the_next_round_to_the_earliest_clockwise_from_the_previous_first():
    # 3 players, seat 1 starts; seats 0 and 2 tie for the fewest points: from seat 1, seat 2 comes first
    state = new_game(3, [["squire", "squire", "empath", "empath", "rascal"],
                         ["villager", "robber", "robber", "witch", "witch"],
                         ["doppelganger", "squire", "squire", "rascal", "rascal"]], "villager", start=1)
    act(state, 1, "take discard")
    act(state, 1, "exchange 1")
    act(state, 2, "take discard")
    act(state, 2, "exchange 1")  # the second villager face up: the round ends
    assert state.view(None)["score_sheet"] == [[10, 46, 10]]
    assert state.view(None)["first_seat"] == 2


# ------------------------------------------------------------------------------ knowledge
def test_determinize_resamples_only_the_cards_the_seat_has_not_seen():
    from game.engine.rng import Rng

    state = new_game(2, [HIGH, LOW], "villager", deck=["seer"])
    _use(state, 0, "seer")
    act(state, 0, "look 1 5")
    changed = False
    for seed in range(8):
        det = state.determinize(0, Rng(seed))
        assert det.view(0) == state.view(0)
        assert cards(det, 0)[:2] == HIGH[:2] and cards(det, 1)[4] == "rascal"
        assert det.known == state.known  # who saw which place is kept (seat 1 still knows its slots 1-2)
        assert sorted(det.card_ids) == sorted(state.card_ids)
        changed |= cards(det, 1)[:4] != LOW[:4] or cards(det, 0)[2:] != HIGH[2:]
    assert changed
    assert list(state.card_ids) == list(rules().deck_ids)  # the real state is untouched


def test_a_face_up_card_hidden_again_stays_known_to_those_who_saw_it():
    # the witch sends seat 1's face-up empath onto the deck face down: both seats still know it
    state = new_game(2, [HIGH, LOW], "villager", deck=["revealer", "doppelganger", "witch", "doppelganger"])
    _use(state, 0, "revealer")
    act(state, 0, "turn 1 3")
    act(state, 1, "draw")
    act(state, 1, "discard")
    _use(state, 0, "witch")
    act(state, 0, "swap 1 3")
    assert state.view(None)["zones"]["deck"][-1] == "empath"
    assert village(state, 1, viewer=1)[2] == (None, "down")  # the deck's old top: only the witch saw it
    assert village(state, 1, viewer=0)[2] == ("doppelganger", "down")


# ------------------------------------------------------------------------ refused moves
@pytest.mark.parametrize(
    ("moves", "seat", "text", "key"),
    [
        ([], 1, "draw", "error.not_your_turn"),
        ([], 0, "call count", "error.call_cards"),
        ([], 0, "exchange 1", "error.not_legal"),
        (["draw"], 0, "draw", "error.finish_action"),
        (["draw"], 0, "exchange 9", "error.bad_slot"),
        (["draw"], 0, "use", "error.no_power"),
        ([], 0, "amulet 1", "error.no_amulet"),
        ([], 0, "dance", "error.expected_action"),
    ],
)
def test_a_refused_move_says_why_and_changes_nothing(moves, seat, text, key):
    state = new_game(2, [HIGH, LOW], "villager", deck=["squire"])
    for move in moves:
        act(state, 0, move)
    before = [state.view(s) for s in (None, 0, 1)]
    with pytest.raises(IllegalAction) as err:
        act(state, seat, text)
    assert err.value.key == key
    assert rules().text("fr", err.value.key, **err.value.params) != err.value.key
    assert [state.view(s) for s in (None, 0, 1)] == before


def test_peeking_comes_first():
    state = new_game(2, [HIGH, LOW], "villager", peek=False)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "draw")
    assert err.value.key == "error.peek_first"


def test_the_amulet_does_not_overwrite_the_engine_protection_map():
    # Silver once kept its amulet's uid in `protected`, the engine's {uid: seat mask} map, so any
    # engine code asking `is_protected` (target choices, determinize) crashed on an int.
    state = new_game(2, [HIGH, LOW], "villager", peek=False)
    assert state.amulet == -1
    assert not any(state.is_protected(uid, seat) for uid in state.zones[state.z_village[0]] for seat in (0, 1))


# ------------------------------------------------------------------------ the deck option
def _game_deck(players: int = 3) -> list[str]:
    return rules().game_deck(rules().check_options({}, players), players)


def test_a_stacked_deck_deals_villages_top_first():
    """Villages seat by seat, each left to right, from the top; then the set-aside cards and
    the first discard (3 players: 5 set aside)."""
    deck = sorted(_game_deck(), key=lambda c: (rules().value[c], c))
    state = rules().new_state(3, seed=9, options={"deck": deck, "start_seat": 0})
    ids = state.card_ids
    for seat in range(3):
        assert [ids[u] for u in state.zones[state.z_village[seat]]] == deck[seat * 5:seat * 5 + 5]
    assert state.view(None)["discard"] == [deck[15 + 5]]


def test_a_stacked_deck_may_give_one_deck_per_round():
    deck = _game_deck()
    checked = rules().check_options({"deck": [deck, list(reversed(deck))]}, 3)["deck"]
    assert checked == [deck, list(reversed(deck))]
    with pytest.raises(OptionError, match="at most one per round"):
        rules().check_options({"deck": [deck] * 5}, 3)
