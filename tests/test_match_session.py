"""The match layer: humans submit, bots answer off the main thread through poll(), seeds replay."""

from __future__ import annotations

import threading
import time

import pytest

from game.engine.errors import IllegalAction, OptionError
from game.engine.events import CardMoved, CardRevealed
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig, bot_seed


def config(kinds: str, seed: int = 5, start_seat: int = 0) -> MatchConfig:
    """'hbb' -> seat 0 human, seats 1-2 bots."""
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    return MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": start_seat})


def wait_for_bots(match: Match, expected: int, timeout: float = 5.0) -> list:
    applied: list = []
    deadline = time.monotonic() + timeout
    while len(applied) < expected and time.monotonic() < deadline:
        applied += match.poll()
        time.sleep(0.002)
    return applied


def test_human_submit_legal_text_and_action_object() -> None:
    match = Match(config("hhh"))
    events = match.submit(0, "play wolf")
    assert [type(e) for e in events] == [CardMoved]
    assert events[0].reason == "choose" and events[0].to_zone == "play"
    action = match.state.legal_actions(1)[0]
    match.submit(1, action)
    assert match.history == [(0, "play wolf"), (1, str(action))]
    assert match.human_to_act() == [2]


def test_illegal_submit_gives_reason_and_changes_nothing() -> None:
    match = Match(config("hhh"))
    match.submit(0, "play hunter")
    before = match.state.view(None)
    with pytest.raises(IllegalAction) as err:
        match.submit(0, "play wolf")
    assert err.value.key == "error.already_chosen"
    with pytest.raises(IllegalAction) as err:
        match.submit(1, "play wolff")
    assert err.value.key == "error.no_such_card" and "wolf" in err.value.params["hint"]
    with pytest.raises(IllegalAction):
        match.submit(7, "play wolf")
    assert match.state.view(None) == before
    assert match.history == [(0, "play hunter")]


def test_listeners_hear_every_action_humans_and_bots() -> None:
    match = Match(config("hbb"), think_seconds=0)
    heard: list[tuple[int, str, int]] = []
    match.on_action.append(lambda seat, text, events: heard.append((seat, text, len(events))))
    match.submit(0, "play rabbit")
    applied = wait_for_bots(match, 2)
    assert [seat for seat, _, _ in applied] == [1, 2]
    assert [(s, t) for s, t, _ in heard] == match.history
    # the last choice of the round carries the reveal
    assert any(isinstance(e, CardRevealed) for e in applied[-1][2])


def test_bots_run_on_a_worker_thread_and_arrive_through_poll() -> None:
    threads: set[str] = set()
    match = Match(config("hbb"), think_seconds=0, worker="thread")
    for bot in match.bots.values():
        original = bot.choose

        def spy(state, seat, original=original):
            threads.add(threading.current_thread().name)
            assert state is not match.state  # a clone, never the live state
            return original(state, seat)

        bot.choose = spy
    match.reset_to([])  # restart the jobs with the spies in place
    applied = wait_for_bots(match, 2)
    assert len(applied) == 2
    assert threads and threading.main_thread().name not in threads
    assert match.human_to_act() == [0]


def test_minimum_thinking_pause_holds_bot_moves() -> None:
    now = [100.0]
    match = Match(config("bbb"), think_seconds=0.5, threaded=False, clock=lambda: now[0])
    assert match.poll() == []  # computed, but not shown before the pause
    assert match.bots_thinking() == [0, 1, 2]
    now[0] += 0.6
    applied = match.poll()
    assert [seat for seat, _, _ in applied] == [0, 1, 2]


def test_same_seed_same_bot_match_and_bot_seeds_differ_by_seat() -> None:
    def play(seed: int) -> list[tuple[int, str]]:
        match = Match(config("bbbb", seed=seed), think_seconds=0, threaded=False)
        match.run_bots()
        assert match.is_over()
        return match.history

    assert play(11) == play(11)
    assert play(11) != play(12)
    assert len({bot_seed(11, s) for s in range(5)}) == 5


def test_threaded_and_inline_bots_play_the_same_match() -> None:
    inline = Match(config("bbb", seed=3), think_seconds=0, threaded=False)
    inline.run_bots()
    for worker in ("thread", "process"):
        threaded = Match(config("bbb", seed=3), think_seconds=0, worker=worker)
        threaded.run_bots()
        assert threaded.history == inline.history, worker
        assert threaded.state.scores() == inline.state.scores()
        threaded.close()


def test_bots_think_in_another_process_that_follows_undo() -> None:
    """The default worker is a process fed with the match's record; after an undo (reset_to)
    its stale answers are dropped and it answers for the rebuilt state."""
    import os

    match = Match(config("hbb", seed=5), think_seconds=0)
    match.submit(0, "play rabbit")
    wait_for_bots(match, 2)
    assert match._process is not None and match._process.process.pid != os.getpid()
    match.reset_to([])
    assert match.human_to_act() == [0]
    match.submit(0, "play wolf")
    applied = wait_for_bots(match, 2)
    assert [seat for seat, _, _ in applied] == [1, 2] and match.history[0] == (0, "play wolf")
    match.close()
    assert match._process is None


def test_bot_decides_before_seeing_a_human_choice_made_meanwhile() -> None:
    seen: list[list] = []
    match = Match(config("hbb", seed=2), think_seconds=0, threaded=False)
    bot = match.bots[1]
    original = bot.choose

    def spy(state, seat):
        seen.append(state.zones[state.zone_index(0, "play")][:])
        return original(state, seat)

    bot.choose = spy
    match.submit(0, "play wolf")  # the human chooses before the bot's job runs
    wait_for_bots(match, 2)
    assert seen == [[]]  # the bot's clone was taken when the round began


def test_hot_seat_humans_act_one_after_another_in_seat_order() -> None:
    match = Match(config("hbh"), think_seconds=0, threaded=False)
    assert match.human_to_act() == [0, 2]
    match.submit(2, "play carrot")
    assert match.human_to_act() == [0]
    match.submit(0, "play carrot")
    assert match.human_to_act() == []
    wait_for_bots(match, 1)
    assert match.state.view(None)["round"] == 2
    assert match.human_to_act() == [0, 2]


def test_reset_to_replays_history_for_undo() -> None:
    match = Match(config("hhh"))
    for seat, text in [(0, "play wolf"), (1, "play rabbit"), (2, "play hunter"), (0, "play carrot")]:
        match.submit(seat, text)
    snapshot = match.history[:3]
    match.reset_to(snapshot)
    assert match.history == snapshot
    assert match.human_to_act() == [0, 1, 2]
    fresh = Match(config("hhh"))
    for seat, text in snapshot:
        fresh.submit(seat, text)
    assert fresh.state.view(0) == match.state.view(0)


def test_config_round_trips_and_rejects_bad_seat_kind() -> None:
    cfg = config("hbb", seed=42)
    assert MatchConfig.from_dict(cfg.to_dict()) == cfg
    with pytest.raises(OptionError):
        SeatConfig("X", kind="robot")


def test_close_drops_pending_bot_answers() -> None:
    match = Match(config("hbb"), think_seconds=0)
    match.close()
    time.sleep(0.05)
    assert match.poll() == []
    assert match.history == []


def test_a_bot_choice_reaches_the_other_seats_only_as_a_back_until_the_reveal() -> None:
    from game.engine.events import redact

    match = Match(config("hbb", seed=4), think_seconds=0, threaded=False)
    heard: list = []
    match.on_action.append(lambda seat, text, events: heard.append((seat, events)))
    match.poll()
    assert [seat for seat, _ in heard] == [1, 2]
    for seat, events in heard:
        choose = events[0]
        assert choose.reason == "choose"
        assert redact(choose, 0).card is None  # the human cannot see which card a bot chose
        assert redact(choose, seat).card is not None
        assert match.state.view(0)["zones"]["play"][seat] == ["back"]


def test_a_seat_can_be_handed_to_a_bot_and_back_mid_match() -> None:
    match = Match(config("hhh"), think_seconds=0, threaded=False)
    match.submit(0, "play wolf")
    match.set_seat(1, SeatConfig("P1", BOT, "random"))
    assert match.human_to_act() == [2] and match.bots_thinking() == [1]
    applied = match.poll()
    assert [seat for seat, _, _ in applied] == [1]
    match.set_seat(1, SeatConfig("P1", HUMAN))
    assert match.is_human(1) and 1 not in match.bots
    match.set_seat(2, SeatConfig("P2", BOT, "random"))
    match.set_seat(2, SeatConfig("P2", HUMAN))  # back before it moved: its answer is dropped
    assert match.poll() == [] and match.human_to_act() == [2]
    with pytest.raises(OptionError):
        match.set_seat(3, SeatConfig("P3", HUMAN))


def test_a_human_move_is_checked_against_the_legal_list_once_on_its_way(monkeypatch) -> None:
    """The table asks whether a move is legal before it hides a hot-seat hand, then plays it;
    a network seat's move is checked by the host's stream, then played: one look at the legal
    list each time (and a text played without a check first is checked when it is played)."""
    from game.net.stream import Host
    from scenes.table.seats import LocalSeats

    match = Match(config("hhh"))
    parsed: list[str] = []
    real = match.rules.parse_action
    monkeypatch.setattr(match.rules, "parse_action", lambda state, seat, text: parsed.append(text) or real(state, seat, text))
    seats = LocalSeats(match)
    assert seats.refusal(0, "play wolf") is None
    seats.submit(0, "play wolf")
    assert parsed == ["play wolf"] and match.history == [(0, "play wolf")]
    seats.submit(1, "play rabbit")  # not asked about first: checked as it is played
    assert parsed == ["play wolf", "play rabbit"]
    assert seats.refusal(2, "play hunter") is None
    match.reset_to(list(match.history))  # the match moved on (an undo, a resume) since the check
    parsed.clear()
    seats.submit(2, "play hunter")
    assert parsed == ["play hunter"]  # the action checked before the undo is not trusted

    match = Match(config("hhh"))
    monkeypatch.setattr(match.rules, "parse_action", lambda state, seat, text: parsed.append(text) or real(state, seat, text))
    parsed.clear()
    stream = Host(match, match_id="m").stream(0)
    assert stream.send("play wolf")["kind"] == "accepted"
    assert parsed == ["play wolf"]
