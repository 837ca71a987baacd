"""Records in the app (dummy SDL drivers): Continue, the history with statistics, the replay
viewer and the log panel. Broken files give a banner naming the file and stay untouched."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.engine import registry  # noqa: E402
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig  # noqa: E402
from game.records import MatchRecorder, RecordStore  # noqa: E402
from scenes.history import HistoryScene  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402
from scenes.table.log_panel import LogPanel  # noqa: E402
from tests.records_helpers import random_match, views  # noqa: E402
from tests.test_app_support import make_app  # noqa: E402

JAGD = registry.load("jagdfieber")


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def saved_history(count: int = 2) -> list[Path]:
    store = RecordStore()
    paths = []
    for seed in range(1, count + 1):
        record, state, _ = random_match(JAGD, 3, seed, humans=1)
        paths.append(store.save(record, state))
    return paths


def test_history_lists_finished_matches_and_replays_one(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    saved_history(2)
    (RecordStore().history_dir / "zz-broken.json").write_text("{", encoding="utf-8")
    app.push(app.scene("history"))
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    assert scene.list.total == 3 and len(scene.index.unreadable()) == 1
    from game.records import Statistics

    assert Statistics.load(RecordStore().root).games["jagdfieber"].played == 2
    app.step(0.016, [])
    scene.list.select(next(i for i in range(3) if (scene.list.select(i) or scene.list.current().readable)))
    scene.handle(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, ReplayScene)


def test_menu_has_a_history_entry(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    labels = [w.label() for w in app.stack.top.form.widgets()]
    assert app.tr("records.history") in labels


def test_replay_viewer_steps_move_by_move(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    path = saved_history(1)[0]
    app.push(app.scene("replay", path=path))
    scene = app.stack.top
    assert scene.index == 0 and scene.total == len(scene.record.actions)
    scene.handle(key(pygame.K_RIGHT))
    scene.handle(key(pygame.K_RIGHT))
    assert scene.index == 2
    fresh = scene.record.start_state(scene.rules)
    for seat, text in scene.record.actions[:2]:
        fresh.apply(seat, scene.rules.parse_action(fresh, seat, text))
    assert views(scene.states[2]) == views(fresh)
    scene.handle(key(pygame.K_END))
    assert scene.index == scene.total and scene.states[-1].is_over()
    assert scene.log.lines()[-1].kind == "game_over"
    scene.handle(key(pygame.K_v))
    assert scene.viewer == 1 and scene.log.viewer == 1
    scene.handle(key(pygame.K_HOME))
    scene.handle(key(pygame.K_SPACE))
    for _ in range(3):
        app.step(0.5, [])
    assert scene.index >= 1
    app.step(0.016, [])
    scene.handle(key(pygame.K_ESCAPE))
    assert not isinstance(app.stack.top, ReplayScene)


def test_broken_record_in_replay_and_continue_gives_a_banner_and_keeps_the_file(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    store = RecordStore()
    record, state, _ = random_match(JAGD, 3, 2, max_actions=6, humans=1)
    record.actions[3] = (record.actions[3][0], "play dragon")
    path = store.autosave_path(record)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = record.to_json()
    path.write_text(text, encoding="utf-8")
    assert app.can_continue()
    assert app.continue_match() is False
    assert app.notices and app.notices[-1].error and str(path) in app.notices[-1].text
    assert "action 4" in app.notices[-1].text
    assert path.read_text(encoding="utf-8") == text
    from scenes.replay import open_replay

    assert open_replay(app, path) is False
    assert path.read_text(encoding="utf-8") == text


def test_continue_opens_the_table_on_the_same_match(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", BOT, "random", "easy"), SeatConfig("Bea", BOT, "random", "hard")]
    match = Match(MatchConfig("jagdfieber", seats, seed=12, options={"start_seat": 1}), threaded=False, think_seconds=0)
    MatchRecorder(match, RecordStore())
    match.run_bots()
    match.submit(0, "play carrot")
    match.run_bots()
    assert app.continue_match() is True
    table = app.stack.top
    resumed = table.match
    assert resumed is not match and resumed.history == match.history
    assert views(resumed.state) == views(match.state)
    assert [s.to_dict() for s in resumed.config.seats] == [s.to_dict() for s in seats]
    app.pop()  # leaving the table stops the resumed match's bot thread


def test_log_panel_scrolls_and_follows_the_newest_line(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    record, _, _ = random_match(JAGD, 3, 5, max_actions=60)
    from game.engine.record import replay

    played = replay(record)
    panel = LogPanel(app, JAGD, ["Ann", "Bob", "Cyd"], 0)
    panel.layout(pygame.Rect(0, 0, 300, 200))
    panel.reset(played.events)
    panel.add_undo(0, 2)
    assert panel.lines()[0].kind == "start" and panel.lines()[-1].kind == "undo"
    assert panel.scroll == 0
    assert panel.handle(key(pygame.K_PAGEUP)) and panel.scroll > 0
    assert panel.handle(key(pygame.K_END)) and panel.scroll == 0
    panel.handle(key(pygame.K_HOME))
    assert panel.scroll == panel._max_scroll() > 0
    surface = pygame.Surface((400, 300))
    panel.draw(surface)
    app.set_language("en")
    assert panel.lines()[0].text == "Jagdfieber: the match begins"


def test_table_autosaves_and_undoes_with_ctrl_z(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", BOT, "random", "easy"), SeatConfig("Cyd", BOT, "random", "easy")]
    config = MatchConfig("jagdfieber", seats, seed=3, options={"start_seat": 0}, practice=True)
    match = Match(config, threaded=False, think_seconds=0)
    table = app.scene("table", config=config, match=match)
    app.push(table)
    for card in ("wolf", "rabbit"):
        for _ in range(40):
            app.step(0.1, [])
        match.submit(0, f"play {card}")
    for _ in range(40):
        app.step(0.1, [])
    recorder = table.records.recorder
    assert recorder.record.practice
    saved = RecordStore().latest_unfinished()
    assert saved is not None and saved == RecordStore().autosave_path(recorder.record)
    before = list(match.history)
    app.step(0.1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")])
    last_human = max(i for i, (seat, _) in enumerate(before) if seat == 0)
    assert match.history == before[:last_human]
    panel = table.records.panel
    assert panel.lines()[-1].kind == "undo"
    fresh = LogPanel(app, JAGD, ["Ann", "Bob", "Cyd"], panel.viewer)
    fresh.reset(recorder.timeline.events)
    assert [line for line in panel.lines() if line.kind != "undo"] == fresh.lines()  # undone lines are gone
    assert views(match.state) == views(table.records.recorder.timeline.state)
    app.step(0.1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_LCTRL, unicode="")])
    assert match.history == before
    undo_rect = next(rect for action, rect, enabled in table.records.buttons(app.screen.get_size()) if action == "undo")
    app.step(0.1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=undo_rect.center)])
    assert match.history == before[:last_human]
    assert table.records.visible  # the log is docked open by default; L folds it
    app.step(0.1, [key(pygame.K_l)])
    assert not table.records.visible


def test_without_practice_undo_after_a_reveal_is_refused_with_a_reason(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", BOT, "random", "easy"), SeatConfig("Cyd", BOT, "random", "easy")]
    config = MatchConfig("jagdfieber", seats, seed=3, options={"start_seat": 0})
    match = Match(config, threaded=False, think_seconds=0)
    table = app.scene("table", config=config, match=match)
    app.push(table)
    for _ in range(40):
        app.step(0.1, [])
    match.submit(0, "play wolf")  # the last choice of the round: every card is revealed
    before = list(match.history)
    assert table.records.undo() is False
    assert match.history == before
    assert table.captions[-1][:2] == (JAGD.text(app.settings.language, "undo.revealed"), True)


def test_log_panel_told_move_by_move_equals_the_whole_history(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    from game.engine.record import replay

    played = replay(random_match(JAGD, 4, 8, max_actions=50)[0])
    live = LogPanel(app, JAGD, ["A", "B", "C", "D"], 2)
    live.layout(pygame.Rect(0, 0, 280, 300))
    live.draw(pygame.Surface((300, 320)))
    for i, batch in enumerate(played.events):
        live.add_events(batch)
        if i == 20:
            live.add_undo(2, 1)
    whole = LogPanel(app, JAGD, ["A", "B", "C", "D"], 2)
    whole.layout(pygame.Rect(0, 0, 280, 300))
    whole.reset(played.events[:21])
    whole.add_undo(2, 1)
    for batch in played.events[21:]:
        whole.add_events(batch)
    whole._invalidate()
    assert live.lines() == whole.lines()
    assert live._wrapped() == whole._wrapped()


def test_a_game_without_table_layout_is_refused_by_continue_and_replayed_from_the_log(monkeypatch, tmp_path: Path) -> None:
    import scenes.layouts

    app = make_app(monkeypatch, tmp_path)
    def no_layout(game_id: str):
        raise scenes.layouts.NoLayout(f"{game_id} declares no table layout")

    monkeypatch.setattr(scenes.layouts, "layout_class", no_layout)
    record, state, _ = random_match(JAGD, 3, 4, max_actions=5, humans=1)
    path = RecordStore().save(record, state)
    assert app.continue_match() is False
    assert app.notices[-1].error and str(path) in app.notices[-1].text
    finished, end, _ = random_match(JAGD, 3, 5, humans=1)
    replay_path = RecordStore().save(finished, end)
    app.push(app.scene("replay", path=replay_path))
    scene = app.stack.top
    assert scene.layout is None
    scene.handle(key(pygame.K_END))
    app.step(0.016, [])
    assert scene.index == scene.total


def test_undo_lines_come_back_where_they_happened_after_a_resume(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    from game.engine.record import Record, SeatInfo
    from game.records import Timeline

    record = Record.new(JAGD, 3, 2, {"start_seat": 0}, [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cyd")])
    tl = Timeline(record, JAGD, record.start_state(JAGD))
    tl.play(0, "play wolf")
    tl.play(1, "play rabbit")
    tl.undo()  # Bob takes his rabbit back
    tl.play(1, "play carrot")
    panel = LogPanel(app, JAGD, ["Ann", "Bob", "Cyd"], None)
    panel.reset(tl.events, tl.record.undos)
    kinds = [line.kind for line in panel.lines()]
    assert kinds == ["start", "move", "undo", "move"]
    assert "Bob" in panel.lines()[2].text


def test_replay_draws_every_laid_out_game_with_its_own_table_drawing(monkeypatch, tmp_path: Path) -> None:
    from scenes.layouts import has_layout
    from tests.records_helpers import playable_games

    app = make_app(monkeypatch, tmp_path)
    drawn = 0
    for game_id, rules in playable_games():
        if not has_layout(game_id):
            continue
        record, state, _ = random_match(rules, rules.min_players, 6, humans=1)
        app.push(app.scene("replay", path=RecordStore().save(record, state)))
        scene = app.stack.top
        for index in (0, scene.total // 2, scene.total):
            scene.go(index)
            app.step(0.016, [])
        assert scene._extras_ok, app.notices[-1].text if app.notices else game_id
        app.pop()
        drawn += 1
    assert drawn >= 1
