"""The review of a finished match (game/review.py, scenes/review.py): the decisions where the
coach would have played differently by a clear margin, biggest first, kept beside the record,
reachable from History and the results screen with the mouse and the keyboard, opening the
replay at the step with both moves marked."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from game.ai.coach import Advice
from game.engine.record import parse_text
from game.review import (
    CLEAR_CHANCE,
    Review,
    ReviewError,
    ReviewJob,
    clearly_better,
    decisions,
    read_review,
    review_match,
    review_path,
    write_review,
)
from tests.table_helpers import click, frames, key, make_app

FAST = {"iterations": 20, "seconds": None, "worlds": 8}


def finished(folder: Path, game_id: str = "silver_amulet", seed: int = 7, match_id: str = "20261201-100000-test-abcdef") -> Path:
    """A finished match whose seat 0 was a person's, saved as the history keeps it."""
    from game.cli import simulate

    work = folder / "sim"
    simulate(game_id, 4, 1, ["random"] * 4, seed, work)
    data = json.loads(next(work.glob("*.json")).read_text())
    data["seats"][0] = {"name": "Ana", "kind": "human"}
    data["match_id"] = match_id
    data["coached"] = [0]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{match_id}.json"
    path.write_text(json.dumps(data))
    return path


def test_the_review_lists_clear_differences_of_the_people_biggest_first(tmp_path: Path) -> None:
    path = finished(tmp_path)
    record = parse_text(path.read_text(), str(path))
    review = review_match(record, **FAST)
    assert review.seats == [0]
    assert review.decisions == len(decisions(record)) > 10
    assert review.items, "a random player's match has decisions the coach would change"
    gains = [item.gain for item in review.items]
    assert gains == sorted(gains, reverse=True)
    for item in review.items:
        assert record.actions[item.at][0] == 0  # the person's decisions only
        assert item.other == record.actions[item.at][1]  # measured against the move played
        assert item.move != item.other
        assert item.value_gain >= CLEAR_CHANCE and clearly_better(item)
    again = review_match(record, **FAST)

    def timeless(r: Review) -> list[dict]:
        return [item.to_dict() | {"seconds": 0} for item in r.items]

    assert timeless(again) == timeless(review)  # reproducible without a clock


def test_a_small_or_noisy_difference_is_not_listed() -> None:
    base = {"seat": 0, "at": 3, "move": "draw", "other": "take discard", "figure": "points"}
    assert clearly_better(Advice.from_dict(base | {"gain": 4.0, "value_gain": 0.08, "spread": 0.01}))
    assert not clearly_better(Advice.from_dict(base | {"gain": 4.0, "value_gain": 0.01, "spread": 0.001}))  # small
    assert not clearly_better(Advice.from_dict(base | {"gain": 4.0, "value_gain": 0.08, "spread": 0.05}))  # noisy
    assert not clearly_better(Advice.from_dict(base | {"gain": -1.0, "value_gain": 0.08, "spread": 0.01}))  # not in points
    assert not clearly_better(Advice.from_dict(base | {"other": "draw", "gain": 4.0, "value_gain": 0.08}))  # the same move


def test_a_kept_review_is_read_back_and_a_damaged_one_is_refused(tmp_path: Path) -> None:
    path = finished(tmp_path, "fish_fish")
    record = parse_text(path.read_text(), str(path))
    kept = review_path(path)
    assert kept.name == "20261201-100000-test-abcdef.review.json"
    assert read_review(kept, record) is None
    review = review_match(record, **FAST)
    write_review(kept, review)
    assert read_review(kept, record).to_dict() == review.to_dict()
    other = parse_text(path.read_text(), str(path))
    other.actions = other.actions[:-1]
    with pytest.raises(ReviewError, match="another match"):
        read_review(kept, other)
    for damage in ("{not json", json.dumps({"format": "tablee-review", "format_version": 1}),
                   json.dumps(review.to_dict() | {"items": [{"seat": 0, "at": 10**6, "move": "x", "other": "y"}]}), "[]"):
        kept.write_text(damage)
        with pytest.raises(ReviewError):
            read_review(kept, record)


def test_history_does_not_take_a_review_for_a_record(tmp_path: Path, monkeypatch) -> None:
    from game.records import RecordStore

    app = make_app(tmp_path, monkeypatch)
    store = RecordStore()
    path = finished(store.history_dir)
    review_path(path).write_text("{}")
    assert [e.path for e in store.history()] == [path]
    del app


def history_with_review(tmp_path: Path, monkeypatch, damaged: bool = False):
    """History with one finished match of a person's and its kept review (or a damaged one)."""
    from game.records import RecordStore
    from scenes.history import HistoryScene

    app = make_app(tmp_path, monkeypatch)
    path = finished(RecordStore().history_dir)
    record = parse_text(path.read_text(), str(path))
    review = Review(record.match_id, record.game, len(record.actions), [0], decisions=9, items=[
        Advice(0, at, "discard", record.actions[at][1], gain=5.0 - at / 100, value_gain=0.1, spread=0.01, worlds=8,
               figure="points", move_words=("action.discard", {}), other_words=("coach.move", {"action": record.actions[at][1]}))
        for at in decisions(record)[2:4]
    ])
    if damaged:
        review_path(path).write_text("{damaged")
    else:
        write_review(review_path(path), review)
    app.push(app.scene("history"))
    frames(app, 2)
    history = app.stack.top
    assert isinstance(history, HistoryScene) and history.list.current() is not None
    assert history.review.enabled
    return app, path, review


def test_history_opens_a_kept_review_at_once_by_mouse_and_the_replay_at_its_step(tmp_path: Path, monkeypatch) -> None:
    from scenes.replay import ReplayScene
    from scenes.review import ReviewScene

    app, path, review = history_with_review(tmp_path, monkeypatch)
    history = app.stack.top
    click(app, history.action_form.screen_rect(history.review).center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.job is None  # kept: no thinking again
    assert [i.at for i in scene.items] == [i.at for i in review.items]
    frames(app, 1, events=[key(pygame.K_RETURN)])  # the first listed decision
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.index == review.items[0].at and replay.viewer == 0 and replay.review is not None
    frames(app, 2)
    assert replay._review_marks is not None and replay._review_marks[0] == replay.index  # both moves marked
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert app.stack.top is history


def test_history_review_by_keyboard_and_a_damaged_review_is_made_again(tmp_path: Path, monkeypatch) -> None:
    from scenes.review import ReviewScene

    app, path, _ = history_with_review(tmp_path, monkeypatch, damaged=True)
    history = app.stack.top
    for _ in range(len(history.stops)):  # Tab from the list to the Review button
        if history.focus is history.review:
            break
        frames(app, 1, events=[key(pygame.K_TAB)])
    assert history.focus is history.review
    monkeypatch.setattr("scenes.review.ReviewJob", lambda record, where, budget: ReviewJob(record, where, FAST))
    frames(app, 1, events=[key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert any(n.error and str(review_path(path)) in n.text for n in app.notices)
    assert scene.job is not None  # made again, in the background
    deadline = time.monotonic() + 300  # the review's process: its start and a small budget's search
    while scene.job is not None and time.monotonic() < deadline:
        frames(app, 1, 0.05)
        time.sleep(0.02)
    assert scene.problem is None and scene.items is not None
    assert read_review(review_path(path), scene.record) is not None  # kept for the next time
    scene.draw(app.screen)


def test_the_results_screen_offers_the_review_of_a_local_match(tmp_path: Path, monkeypatch) -> None:
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.results import ResultsScene
    from scenes.review import ReviewScene
    from scenes.table.scene import TableScene
    from scenes.ui.widgets import Button

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["fish_fish"]
    app.settings.reduced_motion = True
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(n, BOT, "random") for n in ("B", "C", "D")]
    config = MatchConfig("fish_fish", seats, seed=2)
    match = Match(config, think_seconds=0, threaded=False)
    table = TableScene(app, config, match)
    app.push(table)
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        frames(app, 1, 0.1)
        if app.stack.top is table and table.active_seat() is not None:
            table.submit(table.seats.legal_texts(table.active_seat())[0])
        elif app.stack.top is not table and not isinstance(app.stack.top, ResultsScene):
            app.pop()  # a score sheet that opened by itself
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.record_path is not None and results.record_path.exists()
    button = next(w for w in results.form.widgets() if isinstance(w, Button) and w.label() == app.tr("review.button"))
    results.guard.update(5)  # the results have been on screen a while: keys act (scenes/ui/guard.py)
    results.form.set_focus(button)
    monkeypatch.setattr("scenes.review.ReviewJob", lambda record, where, budget: ReviewJob(record, where, FAST))
    frames(app, 1, events=[key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.record.match_id == match_id_of(results.record_path)
    scene.leave()  # Back stops the review's process at once
    assert app.stack.top is results


def match_id_of(path: Path) -> str:
    return path.stem
