"""Wolf & Hound: every example (6-1 .. 15-2) and FAQ answer (Q1 .. Q9) of the French rulebook.

Seats are 0-3; the rulebook's "joueur N" is seat N-1. Scenarios stack the deck with the `deck`
option and place the animal cards where the example puts them before the turn begins.
"""

from __future__ import annotations

from collections import Counter

from game.engine import registry
from game.engine.events import CardRevealed, GameOver, MarkerChanged, Note

RULES = registry.load("wolf_and_hound")


# ------------------------------------------------------------------------------ helpers
def stacked_deck(hands=((), (), (), ()), draw=(), meat=False) -> list[str]:
    """The full deck, top first: each seat's first cards as given, then `draw`, filled canonically."""
    left = Counter(RULES.deck_counts[meat])
    for card in [c for h in hands for c in h] + list(draw):
        left[card] -= 1
        assert left[card] >= 0, f"too many {card}"
    filler = [c for c in RULES.card_order for _ in range(left[c])]
    deck: list[str] = []
    for hand in hands:
        deck += list(hand) + [filler.pop(0) for _ in range(4 - len(hand))]
    return deck + list(draw) + filler


def new_game(animals=("wolf_01", "hound_01"), hands=((), (), (), ()), draw=(), humans=4, meat=False, **options):
    opts = {"animals": list(animals), "deck": stacked_deck(hands, draw, meat), "meat_and_bone": meat, **options}
    return RULES.new_state(humans, seed=1, options=opts)


def index(state, aid: str) -> int:
    return state.animal_ids.index(aid)


def where(state, aid: str) -> int:
    return state.pos[index(state, aid)]


def begin_turn(state, seat: int, pos=None, sheep=None, sides=None) -> list:
    """Place the table as an example describes, then run `seat`'s phases 1 and 2."""
    for aid, p in (pos or {}).items():
        state.pos[index(state, aid)] = p
    for aid, side in (sides or {}).items():
        state.side[index(state, aid)] = side
    if sheep is not None:
        state.sheep = list(sheep)
    state.turn_seat = seat
    state.first_turn = False
    state.stage = "begin"
    events: list = []
    state._run(events)
    return events


def play(state, text: str) -> list:
    seat = state.to_act()[0]
    return state.apply(seat, RULES.parse_action(state, seat, text))


def notes(events, key: str) -> list:
    return [e for e in events if isinstance(e, Note) and e.key == key]


def sheep_events(events) -> list:
    return [e for e in events if isinstance(e, MarkerChanged) and e.marker == "sheep"]


# ------------------------------------------------------------------------------ 6. a turn
def test_example_6_1_wolf_in_front_of_player_1_takes_a_sheep():
    state = new_game()
    begin_turn(state, 0, pos={"wolf_01": 0, "hound_01": 2})
    assert state.sheep == [2, 3, 3, 3]
    assert state.to_act() == [0]


def test_example_6_2_player_1_at_zero_sheep_ends_the_game_players_2_and_4_win():
    state = new_game()
    events = begin_turn(state, 0, pos={"wolf_01": 0, "hound_01": 2}, sheep=[1, 3, 3, 3])
    assert state.is_over()
    assert state.winners() == [1, 3]
    assert any(isinstance(e, GameOver) and e.winners == (1, 3) for e in events)


def test_example_6_3_white_3_moves_the_hound_from_player_2_to_player_1_not_the_wolf():
    state = new_game(hands=((), (), ("white 3",), ()))
    begin_turn(state, 2, pos={"hound_01": 1, "wolf_01": 2})
    play(state, "play white 3")
    assert where(state, "hound_01") == 0
    assert where(state, "wolf_01") == 2


def test_first_turn_of_player_1_skips_activation():
    state = new_game()
    assert where(state, "wolf_01") == 0 and state.sheep == [3, 3, 3, 3]
    assert state.to_act() == [0]


# ------------------------------------------------------------------------------ 8. animal cards
def test_example_8_1_metamorphic_03_stops_at_player_1_and_becomes_a_hound():
    state = new_game(animals=("metamorphic_03",), hands=((), (), (), ("black 1",)))
    begin_turn(state, 3, pos={"metamorphic_03": 3})
    assert state.sheep[0] == 2  # its wolf side targets the left of player 4: player 1
    events = play(state, "play black 1")
    a = index(state, "metamorphic_03")
    assert state.pos[a] == 0 and state.side[a] == 1
    assert any(isinstance(e, MarkerChanged) and e.value.get("reason") == "flip_passes_first" for e in events)
    # At player 1's turn it is a hound: player 1 gains a sheep; it now moves with white cards.
    assert state.sheep[0] == 3
    assert state.side_of(a).kind == "hound"


def test_example_8_2_plus_one_black_2_moves_three_to_player_3():
    # 3 spaces end in front of player 3 when the wolf starts in front of player 4 (the picture).
    state = new_game(animals=("wolf_03", "hound_01"), hands=(("black 2",), (), (), ()))
    begin_turn(state, 0, pos={"wolf_03": 3})
    play(state, "play black 2")
    assert where(state, "wolf_03") == 2


def test_example_8_3_half_black_3_moves_one_to_player_2():
    state = new_game(animals=("wolf_06", "hound_01"), hands=(("black 3",), (), (), ()))
    play(state, "play black 3")
    assert where(state, "wolf_06") == 1


def test_example_8_4_two_wolves_both_move_three_and_one():
    state = new_game(animals=("wolf_01", "wolf_06", "hound_01"), hands=(("black 3",), (), (), ()))
    play(state, "play black 3")
    assert where(state, "wolf_01") == 3
    assert where(state, "wolf_06") == 1
    assert where(state, "hound_01") == 0


def test_example_8_5_minus_half_black_3_moves_the_sheep_one_counter_clockwise_to_player_4():
    state = new_game(animals=("sheep_01", "wolf_01"), hands=(("black 3",), (), (), ()))
    play(state, "play black 3")
    assert where(state, "sheep_01") == 3


def test_example_8_6_wolf_02_hits_the_player_to_the_left_hound_in_front_of_player_4_sleeps():
    state = new_game(animals=("wolf_02", "hound_01"))
    begin_turn(state, 2, pos={"wolf_02": 2, "hound_01": 3}, sheep=[3, 3, 3, 2])
    assert state.sheep == [3, 3, 3, 1]


def test_example_8_7_and_faq_q6_skip_card_ends_the_turn_before_the_wolf():
    state = new_game(animals=("wolf_01", "hound_01", "sheep_01"))
    events = begin_turn(state, 2, pos={"sheep_01": 2, "wolf_01": 2, "hound_01": 0})
    assert state.sheep == [3, 3, 3, 3]
    assert notes(events, "skip_turn")
    assert state.to_act() == [3]
    assert state.zones[state.hand[2]] and len(state.zones[state.hand[2]]) == 4


def test_example_8_8_only_threes_with_sheep_02_shows_the_hand_and_ends_the_turn():
    threes = ("black 3", "black 3", "white 3", "white 3")
    state = new_game(animals=("wolf_01", "hound_01", "sheep_02"), hands=((), (), threes, ()))
    begin_turn(state, 2, pos={"sheep_02": 2, "wolf_01": 1, "hound_01": 1})
    assert [str(a) for a in state.legal_actions(2)] == ["skip"]
    deck_before = len(state.zones[state.deck])
    events = play(state, "skip")
    shown = sorted(e.card for e in events if isinstance(e, CardRevealed))
    assert shown == sorted(threes)
    assert sorted(state.view(0)["zones"]["hand"][2]) == sorted(threes)
    assert len(state.zones[state.deck]) == deck_before  # the turn ended: no draw
    assert state.to_act() == [3]


def test_example_8_9_grandpa_wolf_moves_one_turn_late_counter_clockwise():
    state = new_game(
        animals=("wolf_01", "extra_01"),
        hands=(("white 2",), ("black 1",), ("white 1",), ()),
    )
    play(state, "play white 2")
    assert where(state, "extra_01") == 0  # no previous card: it stays
    play(state, "play black 1")  # end of player 2's turn: moves 2 (player 1's card) counter-clockwise
    assert where(state, "extra_01") == 2
    assert state.sheep[2] == state.start_sheep[2] - 1  # player 3 loses a sheep at her turn's start
    play(state, "play white 1")
    assert where(state, "extra_01") == 1  # 1 (player 2's black 1) counter-clockwise


def test_example_8_10_confused_hound_flips_when_sharing_then_moves_counter_clockwise():
    state = new_game(animals=("wolf_01", "extra_02"), hands=(("white 4",), ("white 1",), (), ()))
    play(state, "play white 4")
    a = index(state, "extra_02")
    assert state.pos[a] == 0 and state.side[a] == 1
    play(state, "play white 1")
    assert state.pos[a] == 3


# ------------------------------------------------------------------------------ 12. meat & bone
def test_example_12_1_and_faq_q9_meat_stops_wolves_of_other_players_until_covered():
    state = new_game(
        hands=(("white 1", "black 2"), ("black 2 meat", "white 2"), ("black 4", "black 4"), ("white 1",)),
        meat=True,
    )
    play(state, "play white 1")  # player 1 moves the hound; the wolf stays in front of player 1
    play(state, "play black 2 meat")
    assert where(state, "wolf_01") == 2  # player 2's own meat does not stop it (Q9)
    play(state, "play black 4")
    assert where(state, "wolf_01") == 1  # stopped by player 2's meat
    play(state, "play white 1")
    assert where(state, "wolf_01") == 1
    play(state, "play black 2")
    assert where(state, "wolf_01") == 3
    play(state, "play white 2")  # covers the meat
    play(state, "play black 4")
    assert where(state, "wolf_01") == 3


# ------------------------------------------------------------------------------ 15. designer's cards
def test_example_15_2_wolf_blanket():
    blankets = ("designer_02_1", "designer_02_2", "designer_02_3")
    state = new_game(animals=blankets, hands=(("white 2",), ("black 2",), ("black 1",), ()))
    assert state.start_sheep == [4, 4, 4, 4]  # two wolf cards: 4 sheep each, as 15-2 advises
    wolf = index(state, "designer_02_3")
    play(state, "play white 2")
    assert where(state, "designer_02_2") == 2
    assert state.pos[wolf] == 0 and state.side[wolf] == 0  # with the black blanket: stays
    play(state, "play black 2")
    assert where(state, "designer_02_1") == 2
    assert state.side[wolf] == 1 and state.pos[wolf] == 3  # alone: wolf side, creeps back one
    assert state.sheep[2] == 4  # both blankets in front of player 3: -1 then +1
    play(state, "play black 1")
    assert where(state, "designer_02_1") == 3
    assert state.side[wolf] == 0 and state.pos[wolf] == 3  # with a blanket again: stays
    assert state.sheep[3] == 2  # player 4 loses two sheep: black blanket and wolf blanket


# ------------------------------------------------------------------------------ 13. FAQ
def test_faq_q1_both_teams_at_zero_the_team_nearest_clockwise_from_the_active_player_loses():
    state = new_game(animals=("wolf_01", "wolf_02", "hound_01"))
    begin_turn(state, 2, pos={"wolf_01": 2, "wolf_02": 2, "hound_01": 0}, sheep=[3, 3, 1, 1])
    assert state.sheep[2] == 0 and state.sheep[3] == 0
    assert state.is_over()
    assert state.winners() == [1, 3]  # the active player 3 (blue) is nearest: blue loses
    assert state.view(None)["tiebreak"] == "nearest_zero"


def test_faq_q1_nearest_clockwise_is_counted_from_the_active_seat():
    state = new_game(animals=("wolf_02", "wolf_05", "hound_01"))
    begin_turn(state, 2, pos={"wolf_02": 2, "wolf_05": 2, "hound_01": 0}, sheep=[3, 1, 3, 1])
    assert state.sheep[1] == 0 and state.sheep[3] == 0
    assert state.winners() == [0, 2]  # same team (yellow) at zero: blue wins, no tie-break
    assert state.view(None)["tiebreak"] == ""


def test_faq_q2_equal_sheep_when_out_of_cards_players_2_and_4_win():
    state = new_game()
    state.final_round = True
    begin_turn(state, 0, pos={"wolf_01": 1, "hound_01": 1}, sheep=[3, 2, 2, 3])
    assert state.is_over()
    assert state.winners() == [1, 3]
    assert state.view(None)["tiebreak"] == "equal_sheep"


def test_faq_q3_cards_left_in_hands_are_not_played_once_the_game_ends():
    state = new_game()
    state.final_round = True
    begin_turn(state, 0, pos={"wolf_01": 1, "hound_01": 1}, sheep=[3, 2, 3, 3])
    assert state.is_over() and state.winners() == [0, 2]
    assert state.zones[state.hand[1]]
    assert state.to_act() == [] and state.legal_actions(1) == []


def test_faq_q4_every_matching_animal_moves():
    state = new_game(animals=("wolf_01", "wolf_03", "hound_01"), hands=(("black 1",), (), (), ()))
    play(state, "play black 1")
    assert (where(state, "wolf_01"), where(state, "wolf_03"), where(state, "hound_01")) == (1, 2, 0)


def test_faq_q5_one_sheep_wolf_and_hound_is_not_eliminated():
    state = new_game()
    begin_turn(state, 1, pos={"wolf_01": 1, "hound_01": 1}, sheep=[3, 1, 3, 3])
    assert state.sheep[1] == 1 and not state.is_over()


def test_faq_q7_two_wolves_take_two_sheep():
    state = new_game(animals=("wolf_01", "wolf_03", "hound_01"))
    begin_turn(state, 1, pos={"wolf_01": 1, "wolf_03": 1, "hound_01": 0}, sheep=[4, 4, 4, 4])
    assert state.sheep[1] == 2


def test_faq_q8_never_negative_two_wolves_then_a_hound_leave_one_sheep():
    state = new_game(animals=("wolf_01", "wolf_03", "hound_01"))
    events = begin_turn(state, 1, pos={"wolf_01": 1, "wolf_03": 1, "hound_01": 1}, sheep=[4, 1, 4, 4])
    assert [e.value["count"] for e in sheep_events(events)] == [0, 1]
    assert notes(events, "sheep_none_to_lose")
    assert state.sheep[1] == 1 and not state.is_over()


def test_hound_never_brings_more_sheep_than_the_start():
    state = new_game()
    events = begin_turn(state, 1, pos={"wolf_01": 0, "hound_01": 1})
    assert state.sheep[1] == 3
    assert notes(events, "sheep_full")
