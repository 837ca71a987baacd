"""Fish Fish rules, one test per rule, from the rulebook's examples first (fisher = seat 0)."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.actions import Action
from game.engine.errors import IllegalAction, OptionError
from game.engine.events import (
    CardMoved,
    CardRevealed,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
    redact,
)
from game.engine.rng import Rng


def new_game(players: int = 4, start_seat: int = 0, seed: int = 1):
    return registry.load("fish_fish").new_state(players, seed=seed, options={"start_seat": start_seat})


def act(state, seat: int, text: str) -> list:
    return state.apply(seat, state.rules.parse_action(state, seat, text))


def line(state, card: str, value: int, bets: list[int]) -> list:
    """The fisher lays `card` under bait `value`; the fish bet `bets` in betting order."""
    events = act(state, state.fisher, f"line {card} {value}")
    for count in bets:
        events += act(state, state.to_act()[0], f"bet {count}")
    return events


def count(state, seat: int, zone: str) -> int:
    return len(state.zone(seat, zone))


def notes(events) -> list[str]:
    """The notes of the check and the round's end (the bait value and passes aside)."""
    return [e.key for e in events if isinstance(e, Note) and e.key not in ("bait", "pass")]


def test_setup_gives_the_fisher_the_cards_and_each_fish_four_tiles():
    state = new_game(4)
    view = state.view(0)
    assert sorted(view["zones"]["fishing"][0]) == ["catch", "catch", "empty", "empty", "empty"]
    assert view["fisher_baits"] == [2, 3, 3, 4, 5]
    assert view["fish_left"] == [None, 4, 4, 4]
    assert len(view["zones"]["box"]) == 4  # the fisher's own fish are out of this round
    assert state.to_act() == [0]
    texts = [str(a) for a in state.legal_actions(0)]
    assert texts == [f"line {c} {v}" for c in ("catch", "empty") for v in (2, 3, 4, 5)]
    assert state.legal_actions(1) == []
    assert state.view(1)["zones"]["fishing"][0] == ["back"] * 5


def revealed(events: list) -> list[tuple]:
    """(card, seat, zone) of each reveal (the event also carries the card's attributes)."""
    return [(e.card, e.seat, e.zone) for e in events if isinstance(e, CardRevealed)]


def test_rulebook_example_empty_line_pays_the_bait_to_each_bettor():
    # Louisa (0) fishes; Ninon (1) and Mickael (2) bet one fish each, Arthur (3) passes; bait 3.
    state = new_game(4)
    events = line(state, "empty", 3, [1, 1, 0])
    assert Note("bait", 0, (("value", 3),)) in events
    assert ("empty", 0, "line") in revealed(events)
    assert [count(state, s, "loot_3") for s in (1, 2, 3)] == [1, 1, 0]
    assert Note("pass", 3) in events
    assert [e.reason for e in events if isinstance(e, CardMoved)].count("payout") == 2
    assert sorted(state.card_ids[u] for u in state.zone(0, "discard")) == ["bait", "empty"]
    assert state.view(1)["zones"]["discard"][0] == ["empty", "bait"]  # revealed, then discarded
    assert events[-1] == PhaseBegan("line", 2, 0)


def test_empty_line_pays_the_bait_value_per_fish_at_the_end_of_the_round():
    state = new_game(4)
    line(state, "empty", 5, [3, 2, 0])
    line(state, "empty", 4, [0, 1, 0])
    line(state, "empty", 2, [0, 0, 0])  # the second empty is a line nobody bet on
    line(state, "catch", 3, [0, 0, 4])
    events = line(state, "catch", 3, [1, 1])  # seat 3 has no fish left: skipped
    row = state.sheet[0]
    assert row == [4 * 6, 3 * 5 + 0, 2 * 5 + 1 * 4, 0]
    assert state.sheet_details[0][2] == {"slot_2": 0, "slot_3": 0, "slot_4": 4, "slot_5": 10}
    assert state.sheet_details[0][0] == {"catch": 24}
    assert [e for e in events if isinstance(e, ScoreChanged)][1] == ScoreChanged(
        1, 15, 15, "round_end", (("slot_2", 0), ("slot_3", 0), ("slot_4", 0), ("slot_5", 15))
    )


def test_catch_takes_every_fish_bet_by_several_bettors():
    state = new_game(4)
    events = line(state, "catch", 4, [2, 0, 1])
    assert ("catch", 0, "line") in revealed(events)
    assert count(state, 0, "caught") == 3
    assert sorted(state.cards.owner[u] for u in state.zone(0, "caught")) == [1, 1, 3]
    assert [e.actor for e in events if isinstance(e, CardMoved) and e.reason == "catch"] == [0, 0, 0]
    assert state.view(None)["fish_left"] == [None, 2, 4, 3]
    assert state.view(None)["caught"] == 3


def test_nobody_bets_the_line_is_discarded_without_revealing_it():
    state = new_game(4)
    events = line(state, "catch", 2, [0, 0, 0])
    assert notes(events)[-1] == "nobody_bet"
    assert not any(isinstance(e, CardRevealed) for e in events)
    hidden = next(e for e in events if isinstance(e, CardMoved) and e.reason == "discard_hidden")
    assert hidden.visible == 1 << 0
    assert redact(hidden, 1).card is None and redact(hidden, 0).card == "catch"
    assert state.view(1)["zones"]["discard"][0] == ["back", "bait"]
    assert state.view(0)["zones"]["discard"][0] == ["catch", "bait"]
    assert state.view(1)["fishing_left"] == 4 and state.view(1)["fisher_baits"] == [3, 3, 4, 5]


def test_both_catches_revealed_ends_the_round_and_fish_left_eat_the_biggest_bait_held():
    state = new_game(4)
    line(state, "catch", 5, [1, 0, 0])
    events = line(state, "catch", 2, [0, 1, 0])
    assert "both_catches" in notes(events)
    # The fisher still holds baits 3, 3, 4: the 3 + 3 + 4 fish in hand go to slot 4.
    last = [e for e in events if isinstance(e, CardMoved) and e.reason == "last_bait"]
    assert len(last) == 10 and {e.to_zone for e in last} == {"loot_4"}
    assert state.sheet[0] == [8, 12, 12, 16]
    assert state.round_no == 2 and state.fisher == 1


def test_an_unrevealed_catch_spent_on_an_empty_bet_line_stays_secret_and_is_spent():
    state = new_game(4)
    line(state, "catch", 2, [0, 0, 0])
    events = line(state, "catch", 3, [1, 0, 0])
    assert ("catch", 0, "line") in revealed(events)
    assert "both_catches" not in notes(events)  # one catch was spent unrevealed
    assert state.line_no == 3 and state.round_no == 1
    # A fish player cannot tell whether the unrevealed card is spent or still held:
    # determinizations put the other catch sometimes in the discard, sometimes in the hand.
    places = set()
    rng = Rng(3)
    for _ in range(60):
        guess = state.determinize(1, rng)
        discarded = [guess.card_ids[u] for u in guess.zone(0, "discard")].count("catch")
        places.add("discard" if discarded == 2 else "hand")
        assert guess.view(1) == state.view(1)
    assert places == {"discard", "hand"}
    line(state, "empty", 4, [0, 0, 0])
    line(state, "empty", 5, [0, 0, 0])
    assert state.line_no == 5 and state.round_no == 1  # the round goes on to the fifth line


def test_fifth_line_forces_every_fish_player_all_in():
    state = new_game(4)
    for card, value in (("empty", 2), ("empty", 3), ("empty", 3), ("catch", 4)):
        line(state, card, value, [0, 0, 0])
    act(state, 0, "line catch 5")
    assert [str(a) for a in state.legal_actions(1)] == ["bet 4"]
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "bet 2")
    assert refused.value.key == "error.must_bet_all" and refused.value.params == {"fish": 4}
    events = act(state, 1, "bet 4") + act(state, 2, "bet 4") + act(state, 3, "bet 4")
    assert notes(events) == ["lines_done"]
    assert state.sheet[0] == [48, 0, 0, 0]


def test_all_fish_bet_ends_the_round_early():
    state = new_game(4)
    events = line(state, "empty", 2, [4, 4, 4])
    assert notes(events) == ["all_bet"]
    assert state.sheet[0] == [0, 8, 8, 8]
    assert state.round_no == 2


def test_a_fish_player_without_fish_is_skipped_in_the_betting_order():
    state = new_game(4)
    line(state, "empty", 3, [4, 0, 0])
    act(state, 0, "line empty 2")
    assert state.to_act() == [2]
    assert state.view(None)["bettor"] == 2


def test_fisher_passes_left_and_the_betting_direction_reverses_every_round():
    state = new_game(4)
    assert state.view(None)["betting_order"] == [1, 2, 3]
    assert state.view(None)["direction"] == "clockwise"
    events = line(state, "empty", 2, [4, 4, 4])
    assert MarkerChanged("fisher", 1, 1) in events
    assert MarkerChanged("direction", None, "counterclockwise") in events
    assert PhaseBegan("round", 2, 1) in events
    assert state.view(None)["betting_order"] == [0, 3, 2]  # from the fisher's right
    act(state, 1, "line empty 2")
    assert state.to_act() == [0]
    for seat in (0, 3, 2):
        act(state, seat, "bet 4")
    assert state.fisher == 2 and state.view(None)["betting_order"] == [3, 0, 1]
    assert state.view(None)["direction"] == "clockwise"


def test_the_fishers_own_fish_sit_out_and_come_back():
    state = new_game(3)
    line(state, "empty", 2, [4, 4])
    assert state.fisher == 1
    assert sorted(state.cards.owner[u] for u in state.zone(None, "box")) == [1] * 4
    assert state.view(None)["fish_left"] == [4, None, 4]


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 6), (4, 4), (5, 5), (8, 8)])
def test_game_length_everyone_fishes_once_or_twice_at_two_or_three(players, rounds):
    state = new_game(players)
    fishers = []
    events = []
    while not state.is_over():
        fishers.append(state.fisher)
        act(state, state.fisher, state.legal_actions(state.fisher)[-1].text)
        for seat in list(state.view(None)["betting_order"]):
            events += act(state, seat, f"bet {count(state, seat, 'fish')}")
    assert len(state.sheet) == rounds == state.view(None)["rounds"]
    assert fishers == [r % players for r in range(rounds)]
    assert isinstance(events[-1], GameOver)


def test_scores_are_the_score_sheet_totals_and_a_tie_shares_the_victory():
    state = new_game(2)
    line(state, "empty", 2, [4])  # seat 1: 8
    line(state, "empty", 2, [4])  # seat 0: 8
    line(state, "catch", 5, [4])  # seat 0 fishes 4 fish: 16
    line(state, "catch", 5, [4])  # seat 1 fishes 4 fish: 16
    assert state.is_over()
    assert state.scores() == [24, 24]
    assert state.winners() == [0, 1]
    view = state.view(None)
    assert view["tiebreak"] == "shared" and view["winners"] == [0, 1]
    assert view["score_sheet"] == [[0, 8], [8, 0], [16, 0], [0, 16]]


def test_rulebook_scoring_example_one_fish_on_3_and_two_on_2_score_7():
    state = new_game(4)
    line(state, "empty", 3, [1, 0, 0])
    line(state, "empty", 2, [2, 0, 0])
    line(state, "catch", 4, [1, 0, 0])
    assert count(state, 1, "loot_3") == 1 and count(state, 1, "loot_2") == 2
    line(state, "empty", 3, [4, 4])  # seat 1 has no fish left: skipped; all fish are bet
    assert state.sheet[0][1] == 1 * 3 + 2 * 2 == 7
    assert state.sheet_details[0][1] == {"slot_2": 4, "slot_3": 3, "slot_4": 0, "slot_5": 0}


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = new_game(4)
    before = state.view(None)
    cases = [
        (1, "line catch 2", "error.not_fisher"),
        (0, "line prise 2", "error.no_such_card"),
        (0, "line catch 6", "error.no_bait"),
        (0, "bet 1", "error.not_bettor"),
        (1, "bet 1", "error.wait_line"),
        (0, "cast a net", "error.expected_action"),
    ]
    for seat, text, key in cases:
        with pytest.raises(IllegalAction) as refused:
            act(state, seat, text)
        assert refused.value.key == key, text
        assert state.rules.text("fr", key, **refused.value.params) != key
    line(state, "catch", 2, [0, 0, 0])
    line(state, "catch", 3, [0, 0, 0])
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "line catch 4")
    assert refused.value.key == "error.no_fishing_card"
    act(state, 0, "line empty 4")
    for seat, text, key in [(2, "bet 1", "error.not_your_turn"), (1, "bet 5", "error.too_many"), (1, "bet x", "error.bad_number")]:
        with pytest.raises(IllegalAction) as refused:
            act(state, seat, text)
        assert refused.value.key == key, text
    assert state.view(None)["line"] == 3 and before["line"] == 1
    forged = type(state.legal_actions(1)[0])("bet -1", -1)  # not from parse_action
    with pytest.raises(IllegalAction):
        state.apply(1, forged)
    with pytest.raises(IllegalAction):
        state.apply(0, Action("line catch 5"))
    assert state.apply(1, Action("bet 1"))  # a plain action text is accepted when legal


def test_start_seat_option_chooses_the_first_fisher_and_is_checked():
    rules = registry.load("fish_fish")
    assert rules.new_state(5, seed=1, options={"start_seat": 3}).fisher == 3
    assert {rules.new_state(5, seed=s).fisher for s in range(30)} == set(range(5))
    with pytest.raises(OptionError):
        rules.new_state(5, seed=1, options={"start_seat": 5})
    with pytest.raises(OptionError):
        rules.new_state(9, seed=1)


def test_texts_exist_in_both_languages_for_every_event_of_a_game():
    state = new_game(3)
    rules = state.rules
    events = []
    while not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
    keys = {f"move.{e.reason}" for e in events if isinstance(e, CardMoved)}
    keys |= {f"note.{e.key}" for e in events if isinstance(e, Note)}
    keys |= {f"phase.{e.phase}" for e in events if isinstance(e, PhaseBegan)}
    keys |= {"rules.summary", "sheet.row", "option.start_seat", "tiebreak.shared", "card.catch", "zone.line"}
    for key in keys:
        assert rules.has_text(key), key
        assert rules.text("fr", key, actor="A", owner="B", card="C", seat="D", number=2) != key
    assert rules.text("fr", "sheet.row", number=2) == "Manche 2"
    assert rules.text("en", "sheet.row", number=2) == "Round 2"
