"""The engine's turn flow: turn orders, the automatic-step driver and the score sheet."""

from __future__ import annotations

import pytest

from game.engine.flow import (
    SHARED,
    AllAtOnce,
    EachOnce,
    ScoreSheet,
    TieBreak,
    around,
    run_automatic,
)


def play_out(order):
    """The seats in the order they get to act, each acting once (ends_turn) until done."""
    seats = []
    while not order.done:
        (seat,) = order.to_act()
        seats.append(seat)
        order = order.acted(seat)
    return seats


# ------------------------------------------------------------------------ turn orders
def test_around_goes_up_clockwise_and_down_counter_clockwise_from_the_start_seat():
    assert around(5, 3) == (3, 4, 0, 1, 2)
    assert around(5, 3, clockwise=False) == (3, 2, 1, 0, 4)
    assert around(1, 0) == (0,)


def test_each_once_gives_every_seat_one_turn_from_the_start_seat_in_both_directions():
    assert play_out(EachOnce.around(4, 2)) == [2, 3, 0, 1]
    assert play_out(EachOnce.around(4, 2, clockwise=False)) == [2, 1, 0, 3]
    assert play_out(EachOnce.around(4, 6)) == [2, 3, 0, 1]  # the start seat wraps round the table


def test_each_once_skips_listed_seats_and_seats_that_cannot_act():
    fish = {0: 4, 1: 0, 2: 3, 3: 1, 4: 2}  # seat 0 is the fisher; seat 1 has no tile left
    order = EachOnce.around(5, 4, clockwise=False, skip=(0,), can_act=lambda s: fish[s] > 0)
    assert play_out(order) == [4, 3, 2]
    order = EachOnce.around(5, 1, clockwise=True, skip=(0,), can_act=lambda s: fish[s] > 0)
    assert play_out(order) == [2, 3, 4]


def test_each_once_refuses_a_seat_out_of_turn_and_keeps_the_seat_for_an_action_that_does_not_end_it():
    order = EachOnce.around(3, 1)
    with pytest.raises(ValueError, match="out of turn"):
        order.acted(0)
    assert order.acted(1, ends_turn=False) == order  # a power used before the real action
    after = order.acted(1)
    assert after.current == 2 and after.remaining == (2, 0)
    assert order.current == 1  # orders are values: acting returns a new one


def test_each_once_with_nobody_able_to_act_is_done_at_once():
    order = EachOnce.around(3, 0, can_act=lambda s: False)
    assert order.done and order.to_act() == [] and order.current is None


def test_all_at_once_waits_for_every_seat_in_any_order_once_each():
    order = AllAtOnce.everyone(4)
    assert order.to_act() == [0, 1, 2, 3]
    order = order.acted(2).acted(0)
    assert order.to_act() == [1, 3] and not order.done
    assert not order.waits_for(2) and order.waits_for(3) and not order.waits_for(-1)
    with pytest.raises(ValueError, match="already acted"):
        order.acted(2)
    assert order.acted(3).acted(1).done
    assert AllAtOnce.of([1, 3]).to_act() == [1, 3]


def test_a_hunt_fits_each_once_when_the_first_player_passes():
    # Kill the Unicorns: seat 1 is first and passes, the token goes left (seat 2) who sets the
    # number; the others follow clockwise and the passer does not play again in this hunt.
    order = EachOnce.around(4, 1).acted(1)
    assert order.current == 2 and play_out(order) == [2, 3, 0]


# ------------------------------------------------------------------------ the driver
class Table:
    """A toy game: deal, then a decision; after it, reveal and score, then deal again or end."""

    STEPS = {"deal": "_deal", "reveal": "_reveal", "score": "_score"}

    def __init__(self, rounds: int) -> None:
        self.rounds, self.round = rounds, 0

    def _deal(self, events: list[str]) -> str:
        self.round += 1
        events.append(f"deal {self.round}")
        return "choose"

    def _reveal(self, events: list[str]) -> str:
        events.append("reveal")
        return "score"

    def _score(self, events: list[str]) -> str:
        events.append("score")
        return "over" if self.round >= self.rounds else "deal"


def test_the_driver_runs_automatic_steps_until_a_decision_is_due():
    table, events = Table(rounds=2), []
    assert run_automatic(table, "deal", Table.STEPS, events) == "choose"
    assert events == ["deal 1"]
    assert run_automatic(table, "reveal", Table.STEPS, events) == "choose"
    assert events == ["deal 1", "reveal", "score", "deal 2"]
    assert run_automatic(table, "reveal", Table.STEPS, events) == "over"
    assert events[-2:] == ["reveal", "score"]
    assert run_automatic(table, "choose", Table.STEPS, events) == "choose"  # a decision: nothing runs


def test_the_driver_calls_steps_by_name_so_a_subclass_can_replace_one():
    class NoScore(Table):
        def _score(self, events: list[str]) -> str:
            events.append("no score")
            return "over"

    events: list[str] = []
    assert run_automatic(NoScore(5), "reveal", Table.STEPS, events) == "over"
    assert events == ["reveal", "no score"]


def test_the_driver_reports_automatic_phases_that_never_reach_a_decision():
    class Loop(Table):
        def _score(self, events: list[str]) -> str:
            return "reveal"

    with pytest.raises(RuntimeError, match="did not reach a decision"):
        run_automatic(Loop(1), "reveal", Table.STEPS, [])


# ------------------------------------------------------------------------ the score sheet
def test_rows_add_up_to_totals_and_a_new_row_leaves_the_old_sheet_alone():
    sheet = ScoreSheet(3)
    one = sheet.with_row([4, -2, 0], [{"prey": 6, "hand": -2}, {"hand": -2}, {}])
    two = one.with_breakdown([{"prey": 3}, {"prey": 5, "lodge": 4}, {"hand": -1}])
    assert len(sheet) == 0 and sheet.totals == [0, 0, 0]
    assert one.points == [[4, -2, 0]] and one.totals == [4, -2, 0]
    assert two.points == [[4, -2, 0], [3, 9, -1]] and two.totals == [7, 7, -1]
    assert two.details[1][1] == {"prey": 5, "lodge": 4}
    assert two.best_row(1) == 9 and two.best_row(2) == 0


def test_a_row_must_have_one_entry_per_seat():
    with pytest.raises(ValueError, match="2 entries for 3 seats"):
        ScoreSheet(3).with_row([1, 2])


def test_a_single_best_total_wins_without_a_note():
    sheet = ScoreSheet(3).with_row([10, 5, 3]).with_row([2, 2, 2])
    assert sheet.winners((sheet.best_row_tiebreak("best_day"),)) == ([0], "")


def test_a_tie_is_settled_by_the_first_tie_break_that_separates_the_seats():
    sheet = ScoreSheet(3).with_row([10, 5, 8]).with_row([3, 8, 5])  # 13 each; best rows 10, 8, 8
    assert sheet.winners((sheet.best_row_tiebreak("best_day"),)) == ([0], "best_day")
    amulet = TieBreak("amulet", lambda seat: seat == 2)
    assert sheet.winners((amulet, sheet.best_row_tiebreak("best_day"))) == ([2], "amulet")


def test_a_tie_left_after_every_tie_break_is_shared():
    sheet = ScoreSheet(3).with_row([10, 10, 1]).with_row([3, 3, 1])
    assert sheet.winners((sheet.best_row_tiebreak("best_day"),)) == ([0, 1], SHARED)
    assert sheet.winners() == ([0, 1], SHARED)
    # a tie-break that narrows the tie without settling it still leaves it shared
    three = ScoreSheet(3).with_row([5, 5, 5])
    assert three.winners((TieBreak("first", lambda s: s != 0),)) == ([1, 2], SHARED)


def test_when_the_lowest_total_wins_the_best_row_is_the_lowest():
    sheet = ScoreSheet(3, lower_wins=True).with_row([12, 3, 20]).with_row([0, 9, 4])  # 12, 12, 24
    assert sheet.leaders() == [0, 1]
    assert sheet.best_row(0) == 0 and sheet.best_row(1) == 3
    assert sheet.winners((sheet.best_row_tiebreak(),)) == ([0], "best_row")


def test_the_view_carries_rows_totals_winners_and_the_note_and_reads_back():
    sheet = ScoreSheet(2, label="sheet.row").with_row([3, 1], [{"a": 3}, {"b": 1}]).with_row([0, 2])
    view = sheet.view([0], "best_day")
    assert view == {
        "label": "sheet.row",
        "lower_wins": False,
        "rows": [
            {"number": 1, "points": [3, 1], "details": [{"a": 3}, {"b": 1}]},
            {"number": 2, "points": [0, 2], "details": [{}, {}]},
        ],
        "totals": [3, 3],
        "winners": [0],
        "tiebreak": "best_day",
    }
    view["rows"][0]["points"][0] = 99  # the view is a copy
    assert sheet.points[0] == [3, 1]
    assert ScoreSheet.from_view(sheet.view()) == sheet


def test_game_states_share_their_sheet_between_clones_safely():
    from game.engine import registry

    state = registry.load("jagdfieber").new_state(3, seed=1)
    copy = state.clone()
    state.score_sheet = state.score_sheet.with_row([1, 2, 3])
    assert copy.scores() == [0, 0, 0] and state.scores() == [1, 2, 3]
