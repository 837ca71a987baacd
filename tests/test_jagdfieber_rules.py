"""Jagdfieber rules, from the worked example in shared/rules/jagdfieber.md and the rulebook."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction, OptionError
from game.engine.events import CardMoved, MarkerChanged, Note, ScoreChanged
from game.games.jagdfieber.state import JagdfieberState
from tests.jagdfieber_helpers import new_game, play_round, zone

FULL_HAND = sorted(["hunter", "wolf", "wolf", "rabbit", "rabbit", "rabbit", "carrot", "carrot", "carrot", "closed_season"])


def moves(events, reason):
    return [e for e in events if isinstance(e, CardMoved) and e.reason == reason]


def test_setup_gives_each_player_the_same_set_and_a_plain_lodge():
    state = new_game(5)
    for seat in range(5):
        assert zone(state, seat, "hand") == FULL_HAND
    view = state.view(None)
    assert view["lodges"] == ["plain"] * 5
    assert view["day"] == 1 and view["days"] == 4
    assert state.to_act() == [0, 1, 2, 3, 4]


def test_worked_example_from_the_rules():
    state = new_game(4, start_seat=0)
    events = play_round(state, ["wolf", "rabbit", "hunter", "carrot"])
    # The hunter of seat 2 looks at seat 3 (carrot), then seat 0 (wolf): takes it.
    hunt = moves(events, "hunter_takes")
    assert [(e.actor, e.from_seat, e.card) for e in hunt] == [(2, 0, "wolf")]
    assert zone(state, 2, "prey_pile") == ["wolf"]
    assert zone(state, 2, "hand") == FULL_HAND  # the hunter came back
    # Seat 0's wolf was captured, so no wolf hunts; seat 1's rabbit eats seat 3's carrot.
    assert moves(events, "wolf_takes") == []
    assert [(e.actor, e.from_seat, e.card) for e in moves(events, "rabbit_takes")] == [(1, 3, "carrot")]
    assert zone(state, 1, "prey_pile") == ["carrot"]
    # End of round: only seat 1's resolved rabbit was left in play; it becomes easy prey.
    assert zone(state, 1, "easy_prey") == ["rabbit"]
    for seat in (0, 2, 3):
        assert zone(state, seat, "easy_prey") == []
        assert zone(state, seat, "play") == []
    assert state.start_seat == 1
    assert [e for e in events if isinstance(e, MarkerChanged) and e.marker == "start_card"][-1].seat == 1
    assert state.to_act() == [0, 1, 2, 3]


def test_closed_season_with_hunters_sends_hunters_to_prey_pile_and_turns_lodge():
    state = new_game(4)
    events = play_round(state, ["closed_season", "hunter", "hunter", "wolf"])
    assert [e.actor for e in moves(events, "closed_season")] == [1, 2]
    assert zone(state, 1, "prey_pile") == ["hunter"]
    assert zone(state, 2, "prey_pile") == ["hunter"]
    assert state.view(None)["lodges"] == ["four", "plain", "plain", "plain"]
    assert moves(events, "hunter_takes") == []  # hunters do not hunt this round
    assert any(isinstance(e, Note) and e.key == "closed_season" for e in events)
    # The wolf finds no rabbit and goes back; the closed season card stays and becomes easy prey.
    assert [e.actor for e in moves(events, "misses")] == [3]
    assert zone(state, 0, "easy_prey") == ["closed_season"]


def test_closed_season_without_hunter_changes_nothing_and_is_a_carrot():
    state = new_game(4)
    events = play_round(state, ["rabbit", "closed_season", "rabbit", "rabbit"])
    assert state.view(None)["lodges"] == ["plain"] * 4
    assert not any(isinstance(e, Note) and e.key == "closed_season" for e in events)
    # Seat 0's rabbit eats the closed season card as a carrot; the others find nothing.
    assert [(e.actor, e.card) for e in moves(events, "rabbit_takes")] == [(0, "closed_season")]
    assert sorted(e.actor for e in moves(events, "misses")) == [2, 3]


def test_closed_season_already_on_four_side_changes_nothing_more():
    state = new_game(3)
    play_round(state, ["closed_season", "hunter", "carrot"])
    assert state.lodge_four == [True, False, False]
    state.zone(0, "hand")  # seat 0 has no closed season left; give seat 1's to check seat 1
    events = play_round(state, ["carrot", "closed_season", "hunter"])
    assert state.lodge_four == [True, True, False]
    assert [e.seat for e in events if isinstance(e, MarkerChanged) and e.marker == "lodge"] == [1]


def test_easy_prey_wolf_is_closer_than_the_wolf_played_at_the_same_lodge():
    state = new_game(4, start_seat=0)
    # Round 1: seat 1's wolf catches seat 2's rabbit and stays: it becomes easy prey.
    play_round(state, ["carrot", "wolf", "rabbit", "carrot"])
    assert zone(state, 1, "easy_prey") == ["wolf"]
    # Round 2: seat 1 plays another wolf; seat 0's hunter takes the easy-prey one.
    events = play_round(state, ["hunter", "wolf", "carrot", "carrot"])
    hunt = moves(events, "hunter_takes")
    assert [(e.from_seat, e.from_zone) for e in hunt] == [(1, "easy_prey")]
    # The played wolf was not taken: it hunts, finds no rabbit and returns to the hand.
    assert [e.actor for e in moves(events, "misses")] == [1]


def test_a_predator_cannot_take_from_its_own_easy_prey():
    state = new_game(4, start_seat=0)
    play_round(state, ["rabbit", "carrot", "carrot", "carrot"])
    assert zone(state, 0, "easy_prey") == ["rabbit"]
    # The rulebook's example: the only rabbit is in my own easy prey, so my wolf goes back.
    events = play_round(state, ["wolf", "carrot", "carrot", "carrot"])
    assert moves(events, "wolf_takes") == []
    assert [e.actor for e in moves(events, "misses")] == [0]


def test_all_players_play_a_wolf_and_none_is_fed_so_all_wolves_stay():
    state = new_game(3)
    events = play_round(state, ["wolf", "wolf", "wolf"])
    assert any(isinstance(e, Note) and e.key == "all_stay" for e in events)
    assert moves(events, "misses") == []
    assert all(zone(state, s, "easy_prey") == ["wolf"] for s in range(3))


def test_all_wolves_but_one_catches_so_the_others_return():
    state = new_game(3, start_seat=0)
    play_round(state, ["carrot", "rabbit", "carrot"])  # seat 1's rabbit eats and becomes easy prey
    assert zone(state, 1, "easy_prey") == ["rabbit"]
    events = play_round(state, ["wolf", "wolf", "wolf"])  # start seat is now 1
    assert [(e.actor, e.from_seat) for e in moves(events, "wolf_takes")] == [(2, 1)]
    assert sorted(e.actor for e in moves(events, "misses")) == [0, 1]
    assert not any(isinstance(e, Note) and e.key == "all_stay" for e in events)


def test_all_players_play_a_rabbit_and_none_eats_so_all_rabbits_stay():
    state = new_game(4)
    events = play_round(state, ["rabbit"] * 4)
    assert any(isinstance(e, Note) and e.key == "all_stay" and dict(e.params)["card"] == "rabbit" for e in events)
    assert all(zone(state, s, "easy_prey") == ["rabbit"] for s in range(4))


def test_hunter_without_wolf_goes_under_the_lodge_and_scores_zero():
    state = new_game(3)
    events = play_round(state, ["hunter", "carrot", "carrot"])
    assert [e.actor for e in moves(events, "under_lodge")] == [0]
    assert zone(state, 0, "under_lodge") == ["hunter"]
    assert "hunter" not in zone(state, 0, "hand")


def test_hunters_resolve_clockwise_from_the_start_card():
    state = new_game(4, start_seat=2)
    # Two hunters, one wolf: seat 2 resolves first (holds the start card) and takes it.
    events = play_round(state, ["hunter", "wolf", "hunter", "carrot"])
    assert [(e.actor, e.from_seat) for e in moves(events, "hunter_takes")] == [(2, 1)]
    assert [e.actor for e in moves(events, "under_lodge")] == [0]


def test_start_card_passes_left_every_round_and_across_days():
    state = new_game(3, start_seat=2)
    play_round(state, ["carrot", "carrot", "carrot"])
    assert state.start_seat == 0
    play_round(state, ["carrot", "carrot", "carrot"])
    assert state.start_seat == 1


def _no_new_day(monkeypatch):
    monkeypatch.setattr(JagdfieberState, "_new_day", lambda self, events: None)


def test_day_end_scoring_table_for_prey_pile_hand_and_lodge(monkeypatch):
    _no_new_day(monkeypatch)
    state = new_game(3, start_seat=0)
    play_round(state, ["closed_season", "hunter", "carrot"])  # seat 1's hunter -> own prey pile; lodge 0 on "4"
    play_round(state, ["wolf", "rabbit", "carrot"])
    # Play out the day until a hand is empty.
    events = []
    while not any(isinstance(e, ScoreChanged) for e in events):
        cards = []
        for seat in range(3):
            hand = zone(state, seat, "hand")
            cards.append(hand[0])
        events = play_round(state, cards)
    scores = {e.seat: e for e in events if isinstance(e, ScoreChanged)}
    prey_value = {"hunter": -4, "wolf": 4, "rabbit": 2, "carrot": 1, "closed_season": 1}
    hand_value = {"hunter": -4, "wolf": -4, "rabbit": -2, "carrot": -1, "closed_season": -1}
    for seat in range(3):
        expected = sum(prey_value[c] for c in zone(state, seat, "prey_pile"))
        expected += sum(hand_value[c] for c in zone(state, seat, "hand"))
        expected += 4 if state.lodge_four[seat] else 0
        assert zone(state, seat, "easy_prey") == []  # moved to the prey pile at the end of the day
        assert scores[seat].delta == expected
        assert dict(scores[seat].details)["lodge"] == (4 if state.lodge_four[seat] else 0)
    assert state.lodge_four[0]
    assert "hunter" in zone(state, 1, "prey_pile")
    assert state.scores() == [scores[s].delta for s in range(3)]


def test_hunter_under_lodge_counts_zero_at_day_end(monkeypatch):
    _no_new_day(monkeypatch)
    state = new_game(3, start_seat=0)
    play_round(state, ["hunter", "carrot", "carrot"])
    events = []
    while not any(isinstance(e, ScoreChanged) for e in events):
        events = play_round(state, [zone(state, s, "hand")[0] for s in range(3)])
    details = dict(next(e for e in events if isinstance(e, ScoreChanged) and e.seat == 0).details)
    assert details["under_lodge"] == 0
    assert zone(state, 0, "under_lodge") == ["hunter"]


def test_a_new_day_gives_every_card_back_to_its_owner_with_plain_lodges():
    state = new_game(3, start_seat=0)
    play_round(state, ["closed_season", "hunter", "wolf"])
    day = state.day
    while state.day == day:
        play_round(state, [zone(state, s, "hand")[0] for s in range(3)])
    assert state.day == day + 1
    for seat in range(3):
        assert zone(state, seat, "hand") == FULL_HAND
        for name in ("play", "easy_prey", "prey_pile", "under_lodge"):
            assert zone(state, seat, name) == []
    assert state.lodge_four == [False] * 3
    assert len(state.sheet) == 1


def test_game_lasts_four_days_and_scores_are_the_score_sheet_totals():
    state = new_game(4, start_seat=0, seed=3)
    days_seen = []
    while not state.is_over():
        before = len(state.sheet)
        play_round(state, [zone(state, s, "hand")[-1] for s in range(4)])
        if len(state.sheet) > before:
            days_seen.append(state.sheet[-1])
            # Live play does not change the totals: only finished days count.
            assert state.scores() == [sum(row[s] for row in state.sheet) for s in range(4)]
    assert len(days_seen) == 4
    assert state.view(None)["score_sheet"] == days_seen
    assert state.to_act() == [] and state.legal_actions(0) == []


def _finished(sheet):
    state = new_game(len(sheet[0]))
    for row in sheet:
        state.score_sheet = state.score_sheet.with_row(row)
    state.over = True
    return state


def test_highest_total_wins():
    assert _finished([[10, 5, 3], [2, 2, 2], [1, 1, 1], [0, 0, 0]]).winners() == [0]


def test_tie_broken_by_best_single_day():
    state = _finished([[10, 5, 8], [2, 7, 4], [1, 1, 1], [0, 0, 0]])  # totals 13, 13, 13
    assert state.winners() == [0]
    assert state.view(None)["tiebreak"] == "best_day"


def test_full_tie_shares_the_victory():
    state = _finished([[10, 10, 1], [3, 3, 1], [0, 0, 1], [0, 0, 1]])  # 13, 13, 4; best day 10 each
    assert state.winners() == [0, 1]
    assert state.view(None)["tiebreak"] == "shared"


def test_hidden_choice_is_secret_until_all_have_chosen():
    state = new_game(4)
    state.apply(0, state.rules.parse_action(state, 0, "play hunter"))
    assert state.to_act() == [1, 2, 3]
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view["zones"]["play"][0] == ["back"]
        assert set(view["zones"]["hand"][0]) == {"back"}  # its hand no longer tells the choice
        assert "hunter" not in str(view["zones"]["play"])
    assert state.view(0)["zones"]["play"][0] == ["hunter"]
    assert state.view(None)["zones"]["play"][0] == ["back"]
    assert state.view(1)["chosen"] == [True, False, False, False]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    state = new_game(4)
    rules = state.rules
    with pytest.raises(IllegalAction, match="did you mean 'wolf'"):
        rules.parse_action(state, 0, "play wolff")
    with pytest.raises(IllegalAction, match="play <card>"):
        rules.parse_action(state, 0, "draw")
    state.apply(0, rules.parse_action(state, 0, "Play  Hunter"))
    before = state.view(0)
    with pytest.raises(IllegalAction) as err:
        rules.parse_action(state, 0, "play wolf")
    assert err.value.key == "error.already_chosen"
    with pytest.raises(IllegalAction):
        state.apply(0, rules.plays["wolf"])
    assert state.view(0) == before


def test_a_card_no_longer_in_hand_cannot_be_played():
    state = new_game(3)
    play_round(state, ["closed_season", "carrot", "carrot"])
    with pytest.raises(IllegalAction) as err:
        state.rules.parse_action(state, 0, "play closed_season")
    assert err.value.key == "error.not_in_hand"
    assert "closed_season" in err.value.message


def test_player_count_and_options_are_checked():
    from game.engine import registry

    rules = registry.load("jagdfieber")
    with pytest.raises(OptionError, match="3 to 5"):
        rules.new_state(2, seed=1)
    with pytest.raises(OptionError, match="start_seat"):
        rules.new_state(3, seed=1, options={"start_seat": 5})
    with pytest.raises(OptionError, match="did you mean 'start_seat'"):
        rules.new_state(3, seed=1, options={"start_set": 1})


def test_start_seat_is_random_from_the_seed_when_not_given():
    from game.engine import registry

    rules = registry.load("jagdfieber")
    seats = {rules.new_state(5, seed=s).start_seat for s in range(40)}
    assert len(seats) > 1
    assert rules.new_state(5, seed=11).start_seat == rules.new_state(5, seed=11).start_seat
