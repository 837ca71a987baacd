"""Undo and redo: the state always equals a fresh replay of the kept actions, and undo never goes
back across a card shown to a human seat (unless the match is in practice mode)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.errors import IllegalAction
from game.engine.record import Record, SeatInfo, replay
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.records import MatchRecorder, RecordStore, Timeline, UndoRefused, resume
from tests.records_helpers import fresh_replay_views, playable_games, views

JAGD = registry.load("jagdfieber")


def timeline(humans: int, bots: int = 0, practice: bool = False, rules=JAGD, seed: int = 4) -> Timeline:
    seats = [SeatInfo(f"H{s}") for s in range(humans)] + [SeatInfo(f"B{s}", "bot", "random", "easy") for s in range(bots)]
    record = Record.new(rules, len(seats), seed, {"start_seat": 0} if "start_seat" in rules.option_decls else {}, seats, practice)
    return Timeline(record, rules, record.start_state(rules))


def test_hot_seat_undo_is_offered_until_the_reveal() -> None:
    tl = timeline(humans=3)
    tl.play(0, "play wolf")
    tl.play(1, "play rabbit")
    assert tl.can_undo()
    step = tl.undo()
    assert step.actions == [(1, "play rabbit")]
    assert tl.record.actions == [(0, "play wolf")]
    assert views(tl.state) == fresh_replay_views(JAGD, tl.record)
    tl.play(1, "play carrot")
    tl.play(2, "play hunter")  # the last choice reveals every played card
    with pytest.raises(UndoRefused) as info:
        tl.undo()
    assert info.value.key == "undo.revealed"
    assert tl.record.undos[0]["count"] == 1


def test_against_bots_undo_takes_back_the_human_move_and_the_replies() -> None:
    tl = timeline(humans=1, bots=2, practice=True)
    tl.play(1, "play wolf")
    tl.play(0, "play rabbit")
    tl.play(2, "play carrot")  # the bots' reply reveals the round
    strict = timeline(humans=1, bots=2)
    for seat, text in tl.record.actions:
        strict.play(seat, text)
    assert strict.reveals == [0, 0, 1]  # only the last action showed the human new cards
    with pytest.raises(UndoRefused) as info:
        strict.undo()
    assert info.value.key == "undo.revealed"
    step = tl.undo()
    assert step.seat == 0 and step.actions == [(0, "play rabbit"), (2, "play carrot")]
    assert tl.record.actions == [(1, "play wolf")]
    assert views(tl.state) == fresh_replay_views(JAGD, tl.record)
    redo = tl.redo()
    assert redo.redo and tl.record.actions == [(1, "play wolf"), (0, "play rabbit"), (2, "play carrot")]
    assert views(tl.state) == fresh_replay_views(JAGD, tl.record)


def test_undo_before_any_human_move_and_after_the_end_is_refused() -> None:
    tl = timeline(humans=1, bots=2)
    tl.play(1, "play wolf")
    with pytest.raises(UndoRefused) as info:
        tl.undo()
    assert info.value.key == "undo.nothing"
    with pytest.raises(UndoRefused) as info:
        tl.redo()
    assert info.value.key == "undo.no_redo"


def test_a_new_move_clears_redo() -> None:
    tl = timeline(humans=3)
    tl.play(0, "play wolf")
    tl.undo()
    assert tl.can_redo()
    tl.play(0, "play carrot")
    assert not tl.can_redo()


@pytest.mark.parametrize(("game_id", "rules"), playable_games(), ids=[g for g, _ in playable_games()])
@settings(max_examples=15, deadline=None)
@given(ops=st.lists(st.sampled_from(["play", "play", "play", "undo", "redo"]), min_size=5, max_size=60), seed=st.integers(0, 50))
def test_random_undo_redo_sequences_match_a_fresh_replay(game_id: str, rules, ops: list[str], seed: int) -> None:
    tl = timeline(humans=rules.min_players, practice=True, rules=rules, seed=seed)
    pick = seed
    for op in ops:
        if op == "play" and not tl.state.is_over():
            seat = tl.state.to_act()[pick % len(tl.state.to_act())]
            actions = tl.state.legal_actions(seat)
            tl.play(seat, str(actions[pick % len(actions)]))
            pick = pick * 31 + 7
        elif op == "undo" and tl.can_undo():
            tl.undo()
        elif op == "redo" and tl.can_redo():
            tl.redo()
        assert views(tl.state) == fresh_replay_views(rules, tl.record)


# ---------------------------------------------------------------- with a Match
def match_config(kinds: str, seed: int = 3) -> MatchConfig:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    return MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": 0})


def test_recorder_autosaves_every_action_and_undo_resets_the_match(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = Match(match_config("hhb"), threaded=False, think_seconds=0)
    recorder = MatchRecorder(match, store, practice=True)
    match.run_bots()
    match.submit(0, "play wolf")
    path = store.autosave_path(recorder.record)
    assert replay(Timeline.load(path).record).record.actions == match.history
    match.submit(1, "play rabbit")
    assert len(Timeline.load(path).record.actions) == 3
    step = recorder.undo()
    assert step.actions == [(1, "play rabbit")]
    assert match.history == recorder.record.actions == Timeline.load(path).record.actions
    assert views(match.state) == fresh_replay_views(JAGD, recorder.record)
    with pytest.raises(IllegalAction):
        match.submit(0, "play wolf")  # seat 0 already chose this round
    assert len(match.history) == 2


def test_resume_rebuilds_the_same_match_with_the_same_seats(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = Match(match_config("hbb", seed=8), threaded=False, think_seconds=0)
    recorder = MatchRecorder(match, store)
    for card in ("wolf", "rabbit", "carrot"):
        match.run_bots()
        match.submit(0, f"play {card}")
    match.run_bots()
    path = store.latest_unfinished()
    assert path == store.autosave_path(recorder.record)
    again = resume(path, store, threaded=False, think_seconds=0)
    assert views(again.match.state) == views(match.state)
    assert [s.to_dict() for s in again.match.config.seats] == [s.to_dict() for s in match.config.seats]
    assert again.record.match_id == recorder.record.match_id
    while not again.match.is_over():
        again.match.run_bots()
        for seat in again.match.human_to_act():
            again.match.submit(seat, again.match.state.legal_actions(seat)[0])
    assert store.latest_unfinished() is None
    finished = store.history()
    assert len(finished) == 1 and finished[0].over
    assert replay(finished[0].record).state.is_over()


def test_a_card_drawn_by_the_human_blocks_undo_unless_practice() -> None:
    games = dict(playable_games())
    if "wolf_and_hound" not in games:
        pytest.skip("Wolf & Hound is not registered")
    rules = games["wolf_and_hound"]
    for practice in (False, True):
        tl = timeline(humans=1, bots=rules.min_players - 1, practice=practice, rules=rules, seed=5)
        seat = tl.state.to_act()[0]
        assert seat == 0
        events = tl.play(0, str(tl.state.legal_actions(0)[0]))
        drawn = [e for e in events if getattr(e, "reason", "") == "draw"]
        assert drawn and drawn[0].to_seat == 0  # the move drew a card into the human's hand
        assert tl.reveals == [1]
        assert tl.can_undo() is practice
