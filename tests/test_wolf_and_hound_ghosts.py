"""Wolf & Hound with 3 players (ghost seat 3) and 2 players (ghost seats 2 and 3), rulebook 10-11."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction
from game.engine.events import CardMoved
from tests.test_wolf_and_hound_rulebook import RULES, begin_turn, new_game, play, where


def test_three_player_setup_sheep_table_and_ghost_deck():
    state = new_game(humans=3, hands=((), (), (), ("white 4", "white 3", "white 2", "white 1")))
    view = state.view(0)
    assert view["sheep"] == [2, 4, 3, 3]
    assert view["ghosts"] == [3] and view["players"] == 3 and view["seats"] == 4
    assert view["zones"]["hand"][3] == []
    assert view["zones"]["ghost_deck"][3] == ["back"] * 4
    assert [state.card_ids[u] for u in state.zones[state.ghost_deck[3]]] == ["white 4", "white 3", "white 2", "white 1"]
    assert view["deck_size"] == 32 - 16


def test_two_player_setup_and_more_sheep_with_two_wolf_cards():
    state = new_game(humans=2)
    assert state.view(None)["sheep"] == [2, 3, 3, 3]
    assert state.view(None)["ghosts"] == [2, 3]
    state = new_game(humans=2, animals=("wolf_01", "wolf_06", "hound_01"))
    assert state.sheep == [3, 4, 4, 4]
    state = new_game(humans=3, animals=("wolf_01", "extra_01"))
    assert state.sheep == [3, 5, 4, 4]


def test_ghost_turn_turns_the_top_of_the_draw_deck_and_the_partner_decides():
    state = new_game(humans=3, hands=((), (), (), ("black 4",)), draw=("white 1", "white 2", "white 3", "black 2"))
    play(state, str(state.legal_actions(0)[0]))
    play(state, str(state.legal_actions(1)[0]))
    events = play(state, str(state.legal_actions(2)[0]))
    turned = [e for e in events if isinstance(e, CardMoved) and e.reason == "ghost_turns"]
    assert len(turned) == 1 and turned[0].to_seat == 3 and turned[0].to_zone == "played"
    assert state.to_act() == [1]  # the ghost's partner
    assert [str(a) for a in state.legal_actions(1)] == ["ghost keep", "ghost swap"]
    assert state.view(1)["phase"] == "ghost"
    with pytest.raises(IllegalAction) as err:
        RULES.parse_action(state, 1, "play white 1")
    assert err.value.key == "error.ghost_decision"


def test_ghost_keep_plays_the_turned_card():
    state = new_game(humans=3, hands=(("white 1",), ("white 1",), ("white 1",), ("black 4",)), draw=("white 2", "white 3", "white 4", "black 3"))
    play(state, "play white 1")
    play(state, "play white 1")
    play(state, "play white 1")  # hound: 0 -> 1 -> 2 -> 3
    turned = state.zones[state.played[3]][-1]
    assert state.card_ids[turned] == "black 3"
    play(state, "ghost keep")
    assert where(state, "wolf_01") == 3  # black 3 moved the wolf
    assert len(state.zones[state.ghost_deck[3]]) == 4  # a ghost draws nothing
    assert state.to_act() == [0]


def test_ghost_swap_puts_the_turned_card_under_the_ghost_deck_and_plays_the_top_one():
    ghost = ("black 4", "white 4", "white 4", "white 4")
    state = new_game(humans=3, hands=(("white 1",), ("white 1",), ("white 1",), ghost), draw=("white 2", "white 3", "white 2", "black 3"))
    for _ in range(3):
        play(state, "play white 1")
    events = play(state, "ghost swap")
    reasons = [e.reason for e in events if isinstance(e, CardMoved)][:2]
    assert reasons == ["ghost_swap_under", "ghost_swap_play"]
    ids = [state.card_ids[u] for u in state.zones[state.ghost_deck[3]]]
    assert ids == ["white 4", "white 4", "white 4", "black 3"]
    assert where(state, "wolf_01") == 0  # black 4: round the table
    assert state.card_ids[state.zones[state.played[3]][-1]] == "black 4"
    # everyone saw the swapped card go under: it is known, the rest of the ghost deck is not
    assert state.view(2)["zones"]["ghost_deck"][3] == ["back", "back", "back", "black 3"]


def test_ghost_with_an_empty_draw_deck_turns_its_own_deck_without_a_swap():
    state = new_game(humans=3)
    state.zones[state.deck][:] = []  # scenario: the draw deck ran out
    ghost_top = state.zones[state.ghost_deck[3]][0]
    events = begin_turn(state, 3)
    moved = [e for e in events if isinstance(e, CardMoved)]
    assert moved[0].reason == "ghost_turns_own" and moved[0].card == state.card_ids[ghost_top]
    assert state.to_act() == [0]


def test_ghost_with_nothing_left_counts_as_out_of_cards():
    state = new_game(humans=2)
    state.zones[state.deck][:] = []
    state.zones[state.ghost_deck[2]][:] = []
    events = begin_turn(state, 2)
    assert any(getattr(e, "key", "") == "ghost_no_card" for e in events)
    assert state.final_round


def test_three_player_tie_goes_to_the_one_person_team():
    state = new_game(humans=3)
    state.final_round = True
    begin_turn(state, 0, pos={"wolf_01": 2, "hound_01": 2}, sheep=[2, 3, 3, 2])
    assert state.is_over() and state.winners() == [1]  # seat 1 and the ghost; ghosts do not score
    assert state.view(None)["score_sheet"] == [[0, 1, 0]]


def test_two_player_game_runs_to_the_end_with_partners_answering_for_ghosts():
    from game.engine.rng import Rng

    rng = Rng(3)
    for seed in range(20):
        state = RULES.new_state(2, seed=seed, options={"animals": ["wolf_01", "wolf_06", "hound_01", "sheep_01"]})
        while not state.is_over():
            (seat,) = state.to_act()
            assert seat in (0, 1)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        assert state.winners() in ([0], [1])
        assert len(state.scores()) == 2


def test_a_ghost_plays_a_turned_three_even_in_front_of_sheep_02():
    state = new_game(humans=3, animals=("sheep_02", "wolf_01"), draw=("black 3",))
    events = begin_turn(state, 3, pos={"sheep_02": 3, "wolf_01": 1})
    assert any(getattr(e, "key", "") == "forbid_ignored_by_ghost" for e in events)
    assert state.card_ids[state.zones[state.played[3]][-1]] == "black 3"
    assert state.to_act() == [1]
    play(state, "ghost keep")
    assert where(state, "wolf_01") == 0
