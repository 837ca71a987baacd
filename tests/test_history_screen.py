"""The History and Statistics screens and the results chart (dummy SDL driver): every match
reachable by keyboard and mouse, filters, search, export, removal and "keep the latest N" with
their confirmations, the statistics' charts, and marks that tell the chart's lines apart in grey."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import registry  # noqa: E402
from game.match import BOT, Match, MatchConfig, SeatConfig  # noqa: E402
from game.matchindex import Filters, open_index  # noqa: E402
from game.records import RecordStore, keep_latest, set_keep_latest  # noqa: E402
from game.samplehistory import write_history  # noqa: E402
from scenes.history import HistoryScene  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402
from scenes.statistics import StatisticsScene  # noqa: E402
from scenes.ui.charts import MARKS, draw_mark  # noqa: E402
from tests.records_helpers import random_match  # noqa: E402
from tests.test_app_support import click, key, make_app, text  # noqa: E402


@pytest.fixture(autouse=True)
def keep_every_match():
    yield
    set_keep_latest(0)


def history(monkeypatch, tmp_path: Path, count: int = 120, size: tuple[int, int] = (1280, 720)) -> HistoryScene:
    app = make_app(monkeypatch, tmp_path, size)
    write_history(Path(os.environ["TABLEE_HOME"]) / "data" / "history", count, seed=4)
    app.push(app.scene("history"))
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    app.step(1 / 60, [])
    return scene


def shown(scene: HistoryScene) -> list[str]:
    return [e.match_id for e in scene.list.entries()]


def test_history_opens_on_the_newest_match_and_says_it_was_built(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path)
    app = scene.app
    assert scene.list.total == 120 and scene.list.selected == 0
    assert any(app.tr("history.rebuilt.missing", count=120) == n.text for n in app.notices)
    with open_index(RecordStore().root) as index:
        assert shown(scene) == [e.match_id for e in index.page(limit=scene.list.rows)]


def test_the_keyboard_reaches_every_match(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path, size=(800, 480))
    rows = scene.list.rows
    scene.handle(key(pygame.K_DOWN))
    assert scene.list.selected == 1
    scene.handle(key(pygame.K_PAGEDOWN))
    assert scene.list.selected == 1 + rows
    scene.handle(key(pygame.K_END))
    assert scene.list.selected == 119 and scene.list.top == 120 - rows
    last = scene.list.current()
    with open_index(RecordStore().root) as index:
        assert last is not None and last.match_id == index.page(offset=119, limit=1)[0].match_id
    scene.handle(key(pygame.K_HOME))
    assert scene.list.selected == 0 and scene.list.top == 0


def test_the_mouse_scrolls_selects_and_opens(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    store = RecordStore()
    for seed in (1, 2, 3):
        record, state, _ = random_match(registry.load("jagdfieber"), 3, seed, humans=1)
        store.save(record, state)
    write_history(store.history_dir, 60, seed=2)
    app.push(app.scene("history"))
    scene = app.stack.top
    app.step(1 / 60, [])
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scene.list.top == 6
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False))
    assert scene.list.top == 0
    app.step(1 / 60, [])
    real = [i for i, e in enumerate(scene.list.entries()) if e.game == "jagdfieber" and e.names[0] == "P0"]
    assert real, "the played matches are the newest"
    row, rect = scene.list.line_rects[real[0]]
    for event in click(rect.center):
        scene.handle(event)
    assert scene.list.selected == row and not isinstance(app.stack.top, ReplayScene)
    for event in click(rect.center):  # a second click soon after: a double click
        scene.handle(event)
    assert isinstance(app.stack.top, ReplayScene)


def test_filters_and_search_narrow_the_list(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path)
    with open_index(RecordStore().root) as index:
        games = index.games()
        counts = {g: index.count(Filters(game=g)) for g in games}
        ana = index.count(Filters(name="ana"))
        won = index.count(Filters(result="won"))
    scene._set_focus(scene.game)
    scene.handle(key(pygame.K_RIGHT))
    assert scene.filters.game == scene.game.value and scene.list.total == counts[scene.game.value]
    scene.handle(key(pygame.K_ESCAPE))  # clears the filters first
    assert scene.filters.empty and scene.list.total == 120 and scene.app.stack.top is scene
    scene._set_focus(scene.list)
    for letter in "ANA":
        scene.handle(text(letter))
    assert scene.focus is scene.search and scene.search.value == "ANA" and scene.list.total == ana
    scene.handle(key(pygame.K_RETURN))
    assert scene.focus is scene.list
    scene.search.value = ""
    scene._set_focus(scene.result)
    scene.handle(key(pygame.K_RIGHT))
    assert scene.filters.result == "won" and scene.list.total == won
    scene.handle(key(pygame.K_ESCAPE))
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.app.stack.top is not scene


def test_removing_asks_first_and_takes_the_review(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path, 20)
    entry = scene.list.current()
    review = RecordStore().history_dir / f"{entry.match_id}.review.json"
    review.write_text("{}", encoding="utf-8")
    scene._set_focus(scene.list)
    scene.handle(key(pygame.K_DELETE))
    assert scene.confirming == "remove" and scene.confirm_form.focus is scene.confirm_no  # the safe choice first
    scene.handle(key(pygame.K_RETURN))
    assert scene.confirming is None and scene.list.total == 20 and review.exists()
    scene.handle(key(pygame.K_DELETE))
    scene.confirm_form.focus = scene.confirm_yes
    scene.handle(key(pygame.K_RETURN))
    assert scene.list.total == 19 and not review.exists()
    assert not (RecordStore().history_dir / f"{entry.match_id}.json").exists()


def test_export_writes_the_record_where_the_notice_says(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path, 5)
    entry = scene.list.current()
    scene.export.activate()
    folder = Path(os.environ["TABLEE_HOME"]) / "exports"
    assert (folder / f"{entry.match_id}.json").read_bytes() == (RecordStore().history_dir / f"{entry.match_id}.json").read_bytes()
    assert str(folder) in scene.app.notices[-1].text


def test_keeping_the_latest_asks_first_then_keeps_the_counts(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path, 120)
    with open_index(RecordStore().root) as index:
        before = index.figures()[0].matches
    scene._set_focus(scene.keep)
    scene.handle(key(pygame.K_RIGHT))  # all -> the largest choice (1000): nothing to ask
    assert scene.confirming is None and scene.app.settings.keep_matches == 1000 and keep_latest() == 1000
    scene.keep.set_value(0)
    scene._set_keep(0)
    scene.handle(key(pygame.K_LEFT))  # all -> 100: fewer than the 120 kept, asked first
    assert scene.confirming == "keep" and scene.pending_keep == 100
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.confirming is None and scene.keep.value == 0 and scene.app.settings.keep_matches == 0
    assert scene.list.total == 120
    scene.handle(key(pygame.K_LEFT))
    scene.confirm_form.focus = scene.confirm_yes
    scene.handle(key(pygame.K_RETURN))
    assert scene.list.total == 100 and scene.app.settings.keep_matches == 100 and keep_latest() == 100
    with open_index(RecordStore().root) as index:
        assert index.figures()[0].matches == before
    from scenes import settings_store

    assert settings_store.load().settings.keep_matches == 100


def test_history_draws_at_both_sizes_in_both_languages(monkeypatch, tmp_path: Path) -> None:
    for size in ((1280, 720), (800, 480)):
        scene = history(monkeypatch, tmp_path / f"{size[0]}", 30, size)
        for lang in ("fr", "en"):
            scene.app.set_language(lang)
            scene.app.dirty = True
            scene.app.step(1 / 60, [])
            assert scene.list.rect.bottom <= scene.action_form.area.y
            assert scene.list.rows >= 10


def test_statistics_show_the_figures_and_the_rating_chart(monkeypatch, tmp_path: Path) -> None:
    scene = history(monkeypatch, tmp_path, 200)
    app = scene.app
    scene.stats.activate()
    stats = app.stack.top
    assert isinstance(stats, StatisticsScene)
    app.step(1 / 60, [])
    assert stats.figures.matches == stats.overall.matches > 0
    assert len(stats.rating_chart.series) == len([g for g in stats.games if stats.ratings.get(g)])
    stats.handle(key(pygame.K_RIGHT))  # the first game
    app.step(1 / 60, [])
    game = stats.game.value
    assert game is not None and stats.figures is stats.games[game]
    assert [r.label for r in stats.rating_chart.references] == [app.tr("level.easy"), app.tr("level.medium"), app.tr("level.hard")]
    labels = [t[0] for t in stats._tiles()]
    assert app.tr("stats.rating") in labels and app.tr("stats.best") in labels
    stats.handle(key(pygame.K_TAB))
    assert stats.focus is stats.chart_stop
    stats.handle(key(pygame.K_LEFT))
    assert stats.rating_chart.hovered is not None and stats._note() == stats.rating_chart.hovered_note()
    assert stats._note().startswith(stats.rating_chart.series[0].label)  # the game's name, its rating and date
    stats.handle(key(pygame.K_ESCAPE))
    assert app.stack.top is scene


def test_statistics_of_a_new_player_say_so(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path, (800, 480))
    app.push(app.scene("statistics"))
    app.step(1 / 60, [])
    assert app.stack.top.overall.matches == 0


def finished_match(game: str, players: int) -> Match:
    seats = [SeatConfig(f"Bot {i}", BOT, "random", "easy") for i in range(players)]
    match = Match(MatchConfig(game, seats, seed=5, options={}), threaded=False, think_seconds=0)
    match.run_bots()
    assert match.is_over()
    return match


def test_the_results_chart_draws_each_seats_running_total(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    match = finished_match("jagdfieber", 4)
    scene = ResultsScene(app, match)
    app.push(scene)
    scene.guard.update(5)  # the results have been on screen a while: keys act (scenes/ui/guard.py)
    assert scene.chart.available and scene.chart_button in scene.form.widgets()
    scene.handle(key(pygame.K_c))
    assert scene.show_chart
    app.step(1 / 60, [])
    rows = match.state.view(None)["sheet"]["rows"]
    for seat, series in enumerate(scene.chart.chart.series):
        assert series.points[-1][1] == sum(row["points"][seat] for row in rows)
        assert len(series.points) == len(rows) + 1
    assert len({s.mark for s in scene.chart.chart.series}) == 4  # a mark per seat, not only a colour
    point = scene.chart.chart._screen[0][-1]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(point[0]), round(point[1])), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.chart.note() is not None and "Bot 0" in scene.chart.note()
    scene.handle(key(pygame.K_c))
    assert not scene.show_chart


def test_a_one_round_match_has_no_chart(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    scene = ResultsScene(app, finished_match("wolf_and_hound", 4))
    assert not scene.chart.available and scene.chart_button not in scene.form.widgets()


def test_the_marks_differ_in_grey() -> None:
    """Drawn in one colour, every two marks differ by a good part of their pixels."""
    pygame.init()
    masks = []
    for mark in MARKS:
        surface = pygame.Surface((40, 40))
        draw_mark(surface, mark, (20, 20), 20, (200, 200, 200))
        masks.append(pygame.mask.from_threshold(surface, (200, 200, 200), (1, 1, 1, 255)))
    for i in range(len(masks)):
        for j in range(i + 1, len(masks)):
            common = masks[i].overlap_area(masks[j], (0, 0))
            differ = masks[i].count() + masks[j].count() - 2 * common
            assert differ >= 0.15 * min(masks[i].count(), masks[j].count()), (MARKS[i], MARKS[j])


def test_many_records_without_an_index_are_indexed_while_the_screen_says_how_far(monkeypatch, tmp_path: Path) -> None:
    from scenes import history as screen

    monkeypatch.setattr(screen, "BUILD_IN_BACKGROUND", 50)
    app = make_app(monkeypatch, tmp_path)
    write_history(Path(os.environ["TABLEE_HOME"]) / "data" / "history", 120, seed=6)
    app.push(app.scene("history"))
    scene = app.stack.top
    assert scene.building is not None and scene.animating() and scene.built[1] == 120
    app.step(1 / 60, [])  # drawn while building
    scene.building.join(timeout=120)
    app.step(1 / 60, [])
    assert scene.building is None and scene.list.total == 120 and not scene.animating()
    assert any(n.text == app.tr("history.rebuilt.missing", count=120) for n in app.notices)
