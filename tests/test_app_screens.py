"""Main menu (continue hook, quit), rules screen scrolling, results and score sheet."""

from __future__ import annotations

import pygame
import pytest

from game.engine.flow import ScoreSheet
from scenes import app as app_module
from scenes.menu import MainMenuScene
from scenes.results import ResultsScene, ScoreSheetScene, ranking, signed
from scenes.rules_screen import RulesScene, rules_file
from tests.test_app_support import StandInTable, finished_match, frame, key, make_app


class SavedMatch:
    """A resumer with one unfinished match (what the records layer provides)."""

    def __init__(self) -> None:
        self.resumed = 0

    def can_resume(self) -> bool:
        return True

    def resume(self, app) -> bool:
        self.resumed += 1
        return True


def test_continue_is_greyed_and_explained_when_nothing_can_be_continued(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    menu = app.stack.top
    assert not menu.continue_button.enabled
    frame(app, key(pygame.K_DOWN))
    assert menu.form.focus is menu.continue_button
    assert menu.form.tooltip() == "Aucune partie en cours à reprendre."
    frame(app, key(pygame.K_RETURN))
    assert app.stack.top is menu  # a disabled button does nothing
    assert app.continue_match() is False


def test_continue_calls_the_resumer_when_a_match_was_saved(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    saved = SavedMatch()
    app.resumer = saved
    app.main_menu()
    menu = app.stack.top
    assert menu.continue_button.enabled and menu.continue_button.tooltip is None
    frame(app, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert saved.resumed == 1


def test_escape_on_the_menu_selects_quit_and_enter_quits(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.running = True
    frame(app, key(pygame.K_ESCAPE))
    assert app.running and app.stack.top.form.focus is app.stack.top.quit_button
    frame(app, key(pygame.K_RETURN))
    assert not app.running


def test_the_menu_shows_the_version(monkeypatch, tmp_path) -> None:
    from game.version import version

    app = make_app(monkeypatch, tmp_path)
    assert isinstance(app.stack.top, MainMenuScene)
    assert app.tr("menu.version", version=version()) == f"version {version()}"
    assert version() not in ("", "unknown")


def test_rules_scroll_with_keys_and_wheel(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path, size=(1024, 600))
    app.push(app.scene("rules", game_id="jagdfieber"))
    scene: RulesScene = app.stack.top
    frame(app)
    assert scene.document is not None and scene.document.height > scene.area.height
    frame(app, key(pygame.K_DOWN))
    step = scene.scroll
    assert step > 0
    frame(app, key(pygame.K_PAGEDOWN))
    assert scene.scroll > step * 3
    frame(app, key(pygame.K_END))
    assert scene.scroll == scene.document.height - scene.area.height
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert scene.scroll < scene.document.height - scene.area.height
    frame(app, key(pygame.K_HOME))
    assert scene.scroll == 0
    frame(app, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MainMenuScene)


def test_rules_texts_come_in_french_and_english_with_the_same_sections() -> None:
    folder = rules_file("jagdfieber", "fr").parent
    games = {path.name.split(".")[0] for path in folder.glob("*.md")}
    assert "jagdfieber" in games
    for game_id in games:
        fr = rules_file(game_id, "fr").read_text(encoding="utf-8").splitlines()
        en = rules_file(game_id, "en").read_text(encoding="utf-8").splitlines()
        # Same structure: the same number of sections, bullets, steps and table rows.
        for prefix in ("# ", "## ", "- ", "|"):
            assert sum(line.lstrip().startswith(prefix) for line in fr) == sum(line.lstrip().startswith(prefix) for line in en), (game_id, prefix)


def test_rules_follow_the_language(monkeypatch, tmp_path) -> None:
    for lang in ("fr", "en"):
        assert rules_file("jagdfieber", lang).read_text(encoding="utf-8").startswith("# Jagdfieber")
    app = make_app(monkeypatch, tmp_path)
    app.push(app.scene("rules", game_id="jagdfieber"))
    scene = app.stack.top
    french = scene.document.height
    app.set_language("en")
    assert scene.document.height != french and scene.message is None


def test_a_game_without_rules_text_says_so(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    monkeypatch.setattr("scenes.rules_screen.rules_file", lambda game_id, lang: tmp_path / "missing.md")
    app.push(app.scene("rules"))
    scene = app.stack.top
    assert scene.document is None and "pas encore écrites" in scene.message
    frame(app)


def test_ranking_puts_tie_break_winners_first_and_shares_equal_places() -> None:
    assert ranking([10, 30, 30, 5], [2]) == [(1, 2), (2, 1), (3, 0), (4, 3)]
    assert ranking([30, 10, 30], [0, 2]) == [(1, 0), (1, 2), (3, 1)]
    assert ranking([7, 7, 9], [2]) == [(1, 2), (2, 0), (2, 1)]
    assert [signed(4), signed(-2), signed(0)] == ["+4", "−2", "0"]


def settle(app) -> None:
    """Let the results screen's input guard pass (a second of frames)."""
    for _ in range(60):
        frame(app)


@pytest.fixture
def results_app(monkeypatch, tmp_path):
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    StandInTable.opened.clear()
    return make_app(monkeypatch, tmp_path)


def test_results_show_winner_tie_break_and_the_sheet(results_app) -> None:
    app = results_app
    match = finished_match(seed=25)  # a tie on points broken by the best day
    view = match.state.view(None)
    assert view["tiebreak"] == "best_day"
    app.push(ResultsScene(app, match))
    settle(app)
    scene = app.stack.top
    winner = match.config.seats[view["winners"][0]].name
    assert scene.title() == f"Vainqueur : {winner}"
    sheet = scene.sheet
    assert sheet.totals == view["scores"] and len(sheet.sheet) == 4
    assert sheet.row_label(0) == "Jour 1"
    assert sheet.selected == 3
    frame(app, key(pygame.K_UP))
    lines = sheet.detail_lines()
    assert lines[0] == "Jour 3 en détail" and len(lines) == 5
    detail = view["score_details"][2][0]
    prey = detail["prey"]
    if prey:
        assert f"Pile de proies {signed(prey)}" in lines[1]


class ContractState:
    """A final state given directly by an engine ScoreSheet (any game's view carries one)."""

    def __init__(self, sheet, details, winners, tiebreak) -> None:
        self.score_sheet = ScoreSheet(len(sheet[0]))
        for row, parts in zip(sheet, details, strict=True):
            self.score_sheet = self.score_sheet.with_row(row, parts)
        self.win, self.tiebreak = winners, tiebreak

    def scores(self):
        return self.score_sheet.totals[:]

    def winners(self):
        return self.win

    def view(self, seat):
        return {"scores": self.scores(), "sheet": self.score_sheet.view(self.win, self.tiebreak)}


def test_a_shared_victory_names_every_winner_and_explains_the_tie(results_app) -> None:
    app = results_app
    match = finished_match(players=3)
    match.state = ContractState(
        [[10, 4, 12], [12, 9, 10]],
        [[{"prey": 10}, {"prey": 6, "hand": -2}, {"prey": 12}], [{"prey": 12}, {"prey": 9}, {"lodge": 4, "prey": 6}]],
        [0, 2],
        "shared",
    )
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    assert scene.title() == "Victoire partagée : Anna, Bot 2"
    assert app.game_text(scene.rules, f"tiebreak.{scene.tiebreak}").startswith("Toujours à égalité")
    assert ranking(scene.scores, scene.winners) == [(1, 0), (1, 2), (3, 1)]
    assert scene.sheet.detail_lines()[1:] == [
        "Anna : Pile de proies +12",
        "Bot 1 : Pile de proies +9",
        "Bot 2 : Pavillon « 4 » +4, Pile de proies +6",
    ]


def test_play_again_keeps_the_players_with_a_new_deal(results_app) -> None:
    app = results_app
    match = finished_match()
    app.push(ResultsScene(app, match))
    settle(app)
    frame(app, key(pygame.K_RIGHT), key(pygame.K_RETURN))  # "Main menu" has the focus
    [config] = StandInTable.opened
    assert config.seats == match.config.seats and config.options == match.config.options
    assert config.seed != match.config.seed
    assert isinstance(app.stack.top, StandInTable)


def test_main_menu_from_the_results(results_app) -> None:
    app = results_app
    app.push(ResultsScene(app, finished_match()))
    settle(app)
    frame(app, key(pygame.K_RETURN))  # "Main menu" has the focus
    assert [type(s) for s in app.stack.scenes] == [MainMenuScene]


def test_score_sheet_overlay_closes_with_escape(results_app) -> None:
    app = results_app
    below = StandInTable(app, None)
    app.push(below)
    match = finished_match()
    app.push(app.scene("score_sheet", rules=match.rules, view=match.state.view(None), names=["A", "B", "C", "D"]))
    assert isinstance(app.stack.top, ScoreSheetScene)
    frame(app)
    frame(app, key(pygame.K_ESCAPE))
    assert app.stack.top is below
