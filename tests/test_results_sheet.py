"""The results screen draws any game's engine ScoreSheet from the view (screenshots FR and EN)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.flow import ScoreSheet
from scenes import app as app_module
from scenes.results import ResultsScene, ranking
from tests.table_helpers import shot
from tests.test_app_support import StandInTable, finished_match, frame, make_app


class SheetOnly:
    """A final state whose view carries nothing but the score sheet and the totals."""

    def __init__(self, sheet: ScoreSheet, winners: list[int], tiebreak: str) -> None:
        self.sheet, self.win, self.tiebreak = sheet, winners, tiebreak

    def scores(self) -> list[int]:
        return self.sheet.totals[:]

    def winners(self) -> list[int]:
        return self.win

    def view(self, seat):
        return {"scores": self.scores(), "sheet": self.sheet.view(self.win, self.tiebreak)}


@pytest.fixture
def results_app(monkeypatch, tmp_path):
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    StandInTable.opened.clear()
    return make_app(monkeypatch, tmp_path)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_results_draw_the_games_score_sheet_rows_totals_and_tie_break(results_app, tmp_path, lang) -> None:
    app = results_app
    app.set_language(lang)
    match = finished_match(seed=25)  # Jagdfieber: a tie on points broken by the best day
    sheet = match.state.score_sheet
    assert match.state.view(None)["sheet"]["tiebreak"] == "best_day"
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    assert scene.sheet.sheet == sheet.points and scene.sheet.totals == sheet.totals
    assert scene.tiebreak == "best_day" and scene.winners == match.state.winners()
    assert scene.sheet.row_label(3) == ("Jour 4" if lang == "fr" else "Day 4")
    assert app.game_text(scene.rules, "tiebreak.best_day") == (
        "Égalité départagée par la meilleure journée." if lang == "fr" else "Tie broken by the best single day."
    )
    assert app.screen.get_size() == (1280, 720)
    shot(app, tmp_path, f"results_score_sheet_{lang}")


def test_results_rank_the_lowest_total_first_when_the_sheet_says_lower_wins(results_app) -> None:
    app = results_app
    match = finished_match(players=3)
    sheet = ScoreSheet(3, lower_wins=True).with_row([12, 3, 20], [{"prey": 12}, {"prey": 3}, {"prey": 20}])
    sheet = sheet.with_row([0, 9, 4], [{}, {"hand": 9}, {"hand": 4}])  # totals 12, 12, 24
    winners, note = sheet.winners((sheet.best_row_tiebreak("best_day"),))
    assert (winners, note) == ([0], "best_day")
    match.state = SheetOnly(sheet, winners, note)
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    assert scene.title() == "Vous avez gagné !"  # Anna, the one person at the table, has the lowest total
    assert ranking(scene.scores, scene.winners, scene.sheet.lower_wins) == [(1, 0), (2, 1), (3, 2)]
    assert scene.sheet.detail_lines()[1:] == ["Anna : aucun point", "Bot 1 : Cartes en main +9", "Bot 2 : Cartes en main +4"]
    for _ in range(60):  # the results screen ignores keys for a moment after it opens
        frame(app)
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0))
    assert scene.sheet.detail_lines()[1] == "Anna : Pile de proies +12"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("seed", [4, 12])  # 12: a tie on points broken by the most unicorns
def test_results_show_kill_the_unicorns_final_breakdown_against_the_engines_score_parts(results_app, tmp_path, lang, seed) -> None:
    app = results_app
    app.set_language(lang)
    match = finished_match(seed=seed, game_id="kill_the_unicorns")
    state = match.state
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    assert scene.sheet.totals == state.scores() and scene.winners == state.winners()
    rows = {label: points for label, points in zip(scene.sheet.labels, scene.sheet.sheet, strict=True)}
    assert "score.unicorns" in rows
    for seat in range(len(match.config.seats)):
        parts = dict(state.score_details(seat))
        got = {label: points[seat] for label, points in rows.items()}
        assert got["score.unicorns"] == parts["unicorns"]
        assert got.get("score.schemes", 0) + got.get("score.tokens", 0) == parts["bonuses"]
        assert got.get("score.pate", 0) == parts["pate"]
        assert sum(p for label, p in got.items() if label.startswith("score.collection.")) == parts["collections"]
        assert got.get("score.rainbows", 0) == parts["rainbows"]
        assert sum(got.values()) == state.scores()[seat]
    assert scene.sheet.row_label(0) == ("Licornes" if lang == "fr" else "Unicorns")
    colours = [label for label in rows if label.startswith("score.collection.")]
    assert colours and all(not scene.sheet.row_label(scene.sheet.labels.index(c)).startswith("score.") for c in colours)
    assert scene.sheet.selected == 0  # the first part is selected: it says what each seat counted
    owned = len(state.zones[state.z_coll[0]])
    assert scene.sheet.detail_lines()[1].startswith(f"Anna : {owned} licorne" if lang == "fr" else f"Anna: {owned} unicorn")
    winner = match.config.seats[state.winners()[0]].name
    if seed == 12:
        assert state.result()[1] == "unicorns" and winner in scene.verdict
        assert scene.verdict.startswith("Égalité à" if lang == "fr" else "Tied at")
        assert ("licornes contre" if lang == "fr" else "unicorns to") in scene.verdict
    else:
        assert scene.verdict.startswith(winner)
    shot(app, tmp_path, f"unicorns_results_seed{seed}_{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_silvers_results_rank_the_fewest_points_lost_first(results_app, tmp_path, lang) -> None:
    """Silver counts points lost: the lowest total wins, and the results list it first."""
    app = results_app
    app.set_language(lang)
    match = finished_match(seed=5, game_id="silver_amulet")
    state = match.state
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    assert scene.sheet.lower_wins and len(scene.sheet.sheet) == state.round_no
    assert scene.winners == state.winners()
    ranked = [seat for _, seat in ranking(scene.scores, scene.winners, scene.sheet.lower_wins)]
    assert ranked[0] in state.winners() and min(state.scores()) == state.scores()[ranked[0]]
    assert [state.scores()[s] for s in ranked[len(state.winners()):]] == sorted(state.scores()[s] for s in ranked[len(state.winners()):])
    assert app.tr_count("results.points_lost", 12) == ("12 points perdus" if lang == "fr" else "12 points lost")
    shot(app, tmp_path, f"silver_results_{lang}")


def test_a_breakdown_part_nobody_scored_goes_unless_the_game_marks_it_always(results_app) -> None:
    """Kill the Unicorns keeps its unicorns row even at 0 for everyone: the view says so
    (`always`), the results screen knows no game's parts."""
    from game.engine import registry
    from scenes.results import breakdown_sheet

    rules = registry.load("kill_the_unicorns")
    parts = [{"part": "unicorns", "points": [0, 0, 0], "counts": [0, 0, 0], "always": True},
             {"part": "pate", "points": [0, 0, 0], "counts": [0, 0, 0]},
             {"part": "rainbows", "points": [0, 3, 0], "counts": [0, 1, 0]}]
    view = {"scores": [0, 3, 0], "breakdown": {"parts": parts, "totals": [0, 3, 0]}}
    sheet = breakdown_sheet(results_app, rules, view, ["Ana", "Bruno", "Chloé"])
    assert sheet is not None
    assert [row["label"] for row in sheet["rows"]] == ["score.unicorns", "score.rainbows"]


NAME_SETS = {
    "default": lambda app: [app.tr("setup.player", number=1)] + [app.tr("table.bot_name", number=i) for i in range(2, 7)],
    "bots": lambda app: [n.strip() for n in app.tr("setup.bot_names").split(",")][:6],
    "players": lambda app: [app.tr("setup.player", number=i) for i in range(1, 7)],
    "long": lambda app: ["Marie-Amélie de la Tour", "Marie-Amélie de la Roche", "Bartholomew", "Jo", "Anne-Sophie", "Léon"],
}


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("names", list(NAME_SETS))
def test_six_seats_headers_tell_every_seat_apart(monkeypatch, tmp_path, size, lang, names) -> None:
    """Kill the Unicorns, 6 players, default names: every header read "Comp…"."""
    app = make_app(monkeypatch, tmp_path, size)
    app.set_language(lang)
    match = finished_match(seed=4, players=6, game_id="kill_the_unicorns")
    for seat, name in zip(match.config.seats, NAME_SETS[names](app), strict=True):
        seat.name = name
    app.push(ResultsScene(app, match))
    frame(app)
    scene = app.stack.top
    sheet = scene.sheet
    first, col = sheet.columns(sheet.rect.width)
    font, heads = sheet.headers(col)
    shown = [" ".join(lines) for lines in heads]
    assert len(set(shown)) == 6, shown  # the seats told apart
    assert all(font.size(line)[0] <= col - app.px(8) for lines in heads for line in lines), heads
    if names != "long":  # names a column can hold: whole, at word boundaries, in a readable print
        assert shown == sheet.names, shown
        assert font.get_height() >= 10
    assert sheet.line_rects[0].top >= sheet.rect.y + sheet.header_height(col) - 1  # no row under the names
    shot(app, tmp_path, f"results_6p_{names}_{lang}_{size[0]}")


@pytest.mark.parametrize(("game", "players"), [("silver_amulet", 3), ("jagdfieber", 4), ("fish_fish", 4)])
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_score_sheet_overlay_shows_its_last_detail_line_whole(monkeypatch, tmp_path, game, players, size) -> None:
    """The last line of the selected row's detail was clipped at 3-4 players."""
    import scenes.results as results
    from scenes.results import ScoreSheetScene
    from scenes.table.tally import sheet_as_shown

    app = make_app(monkeypatch, tmp_path, size)
    app.set_language("fr")
    match = finished_match(seed=5, players=players, game_id=game)
    view = match.state.view(None)
    first = view["sheet"]["rows"][0]["points"]  # as it opens after the first round's scoring
    view = sheet_as_shown(view, list(first))
    assert len(view["sheet"]["rows"]) == 1
    app.push(ScoreSheetScene(app, match.rules, view, [s.name for s in match.config.seats]))
    sheet_scene = app.stack.top
    drawn: list[pygame.Rect] = []
    real = results.draw_text
    monkeypatch.setattr(results, "draw_text", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    for row in range(len(sheet_scene.sheet.sheet)):
        sheet_scene.sheet.selected = row
        drawn.clear()
        app.draw()
        body = sheet_scene.panel.inflate(-app.px(40), 0)
        body.y, body.height = sheet_scene.panel.y + app.px(60), sheet_scene.panel.height - app.px(60) - app.px(46) - app.px(24)
        if sheet_scene.panel.height < size[1] - app.px(40):  # (a window too small for it scrolls its rows)
            assert all(body.contains(r) for r in drawn if r.y > body.y), (row, body, [r for r in drawn if not body.contains(r)])
