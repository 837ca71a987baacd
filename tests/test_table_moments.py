"""Issue 16 (what just happened, the end): the scoring moment on the table, then the score sheet;
the log never ahead of the animation; teams on the name plates. All generic (scenes/table/)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine import registry
from game.engine.events import CardRevealed, GameOver, Note, ScoreChanged
from game.engine.flow import ScoreSheet
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.layouts import get_layout
from scenes.results import ScoreSheetScene
from scenes.table.anim import DURATIONS, MOMENT_HOLD, Animator, Step, group_events
from scenes.table.layout import zone_cards
from scenes.table.log_panel import LogPanel
from scenes.table.regions import PANEL
from scenes.table.tally import (
    TALLY,
    SeatTally,
    TallyPainter,
    ends_match,
    keeps_clear,
    sheet_as_shown,
)
from tests.table_helpers import SHOTS_ENV, frames, key, make_app, shot

GAMES = list(registry.GAMES)  # every declared game, the tests' own too
NAMES = ["Ana", "Bruno", "Chloé", "Didier"]


def bot_table(app, game: str, kinds: str = "bbbb", seed: int = 5):
    from scenes.table.scene import TableScene

    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig(game, seats, seed=seed, options={"start_seat": 0})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    return scene


APPROACH_SPEED = 50.0  # the animation speed of the steps before the scoring moment


def run_to_tally(app, scene, limit: int = 20000) -> Step:
    """Frames until a scoring moment is being shown (a human seat plays its first legal move).
    The steps before it (a whole round: thousands of drawn frames at the settings' speed) are not
    under test: they play at APPROACH_SPEED. From the frame the action that scores is queued, the
    settings' speed is back, so the moment itself is timed and drawn as a player sees it."""
    settings_speed = scene.animation_speed

    def speed() -> float:
        coming = [scene.animator.current, *scene.animator.queue]
        return settings_speed() if any(s is not None and s.kind == TALLY for s in coming) else APPROACH_SPEED

    scene.animation_speed = speed
    try:
        for _ in range(limit):
            frames(app, 1, 0.05)
            seat = scene.active_seat()
            if seat is not None:
                scene.submit(str(scene.match.state.legal_actions(seat)[0]))
            step = scene.animator.current
            if step is not None and step.kind == TALLY:
                assert step.duration == pytest.approx((DURATIONS[TALLY] + MOMENT_HOLD) / settings_speed())
                return step
    finally:
        del scene.animation_speed  # the scene's own speed again
    raise AssertionError("no scoring moment was shown")


# ------------------------------------------------------------------------- the engine side
def test_jagdfieber_turns_every_prey_pile_face_up_at_the_end_of_a_day() -> None:
    """Rule decision (YAML: zones): the piles are counted in front of everyone."""
    rules = registry.load("jagdfieber")
    state = rules.new_state(num_players=3, seed=2, options={"start_seat": 0})
    events: list = []
    while not any(isinstance(e, ScoreChanged) for e in events):
        seat = state.to_act()[0]
        events = state.apply(seat, state.legal_actions(seat)[0])
    reveals = [e for e in events if isinstance(e, CardRevealed) and e.zone == "prey_pile"]
    first_score = next(i for i, e in enumerate(events) if isinstance(e, ScoreChanged))
    assert reveals and all(events.index(e) < first_score for e in reveals)  # shown, then counted
    assert all(e.card is not None and e.visible == -1 for e in reveals)  # to everyone
    for seat in range(3):  # the prey part is exactly what the cards turned face up are worth
        score = next(e for e in events if isinstance(e, ScoreChanged) and e.seat == seat)
        worth = sum(rules.data["cards"][e.card]["prey_points"] for e in reveals if e.seat == seat)
        assert dict(score.details)["prey"] == worth


# ------------------------------------------------------------------------- the moment
def test_a_scoring_that_says_what_it_counted_is_a_key_moment_of_its_own() -> None:
    counted = [ScoreChanged(0, 5, 5, "day_end", (("prey", 7), ("hand", -2))), ScoreChanged(1, 3, 3, "day_end", (("prey", 3),))]
    steps = group_events([Note("x", None), *counted, GameOver((0,), (5, 3))])
    assert [s.kind for s in steps] == ["note", TALLY, "game_over"]
    assert len(steps[1].events) == 2  # every seat's count in one moment
    layout = get_layout("fish_fish")  # a layout with its own moments keeps the default ones
    assert layout.is_moment(steps[1])
    assert ends_match(steps[2:]) and not ends_match([])
    plain = group_events([ScoreChanged(0, 1, 1)])  # a running score change stays a short step
    assert plain[0].kind == "score"


def test_space_ends_the_scoring_moment_only(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = bot_table(app, "jagdfieber", "hbbb")
    animator = Animator(scene.layout, lambda e: "")
    animator.set_view(scene.match.state.view(0))
    animator.push([ScoreChanged(0, 5, 5, "day_end", (("prey", 5),)), Note("after", None)])
    animator.update(0.01, 1.0, scene.place)
    assert animator.current is not None and animator.current.kind == TALLY and animator.current.moment
    animator.skip_moment(scene.place)
    assert animator.current is None and len(animator.queue) == 1  # the note is still to be shown


@pytest.mark.parametrize("game", GAMES)
def test_the_tally_boxes_never_cover_a_name_plate(game: str, monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = bot_table(app, game, "hbbb")
    frames(app, 2)
    painter = TallyPainter(app, scene.painter)
    seats = range(scene.match.num_seats)
    face_down = [r for r in scene.placements.regions.values() if r.zone in scene.layout.tally_zones and r.face == "down"]
    counted = ["back"] * 12 if face_down else []  # a long prey pile, shown in the box
    for parts in (1, 2, 4):
        tallies = [SeatTally(s, [(f"part {i}", i) for i in range(parts)], 4, 9, counted) for s in seats]
        rects = painter.rects(tallies, scene.placements, scene.rect, scene.layout)
        plates = [r.rect for r in scene.placements.regions.values() if r.kind == PANEL and r.seat is not None]
        plates += [scene.placements.regions[name].rect for name in ("hud", "caption")]
        assert set(rects) == set(seats)
        for seat, rect in rects.items():
            assert scene.rect.contains(rect), (game, seat, rect)
            assert not any(rect.colliderect(p) for p in plates), (game, parts, seat, rect)
            assert not any(rect.colliderect(o) for s, o in rects.items() if s != seat), (game, parts, seat)


def tally_at(game: str, players: int, monkeypatch, tmp_path: Path):
    """A table of Ana and bots at its first scoring moment: the app, the scene, the boxes."""
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    names = NAMES + ["Emma", "Farid", "Gina", "Hugo"]
    seats = [SeatConfig(names[i], HUMAN if i == 0 else BOT) for i in range(players)]
    config = MatchConfig(game, seats, seed=5, options={"start_seat": 0})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    step = run_to_tally(app, scene)
    frames(app, 2, 0.02)
    _, rects = scene.moments.tallies(step)
    return app, scene, rects


@pytest.mark.parametrize(("game", "players"), [(g, registry.load(g).max_players) for g in GAMES])
def test_the_tally_boxes_leave_what_the_scoring_counts_in_view(game: str, players: int, monkeypatch, tmp_path: Path) -> None:
    """At a real scoring moment, with the most players (the fullest table): no box covers a name
    plate, the HUD, the captions or another box, nor what the scoring counts that the box does
    not repeat itself (a village, a collection, a catch: any seat's counted cards drawn face up;
    another seat's prey pile, hand or lodge). A box may lie over its own seat's face-down prey
    pile, hand and lodge: it lists those cards and parts."""
    app, scene, rects = tally_at(game, players, monkeypatch, tmp_path)
    layout, regions = scene.layout, list(scene.placements.regions.values())
    never = [r.rect for r in regions if r.kind == PANEL and (r.seat is not None or r.name in ("hud", "caption"))]
    for seat, box in rects.items():
        assert not any(box.colliderect(p) for p in never), (game, players, seat)
        assert not any(box.colliderect(o) for s, o in rects.items() if s != seat), (game, players, seat)
        for region in regions:
            counted = region.zone in layout.tally_zones
            if not (counted or keeps_clear(layout, region)):
                continue
            if region.seat == seat and (region.face == "down" or not counted):
                continue  # the box lists them
            cards = region.card_rects(len(zone_cards(scene.view, region))) if region.zone else [region.rect]
            assert not any(box.colliderect(c) for c in cards), (game, players, seat, region.name)
    if game == "silver_amulet":  # its points table beside the deck: the boxes once covered it
        assert not any(box.colliderect(scene.placements.regions["sheet"].rect) for box in rects.values())
    if os.environ.get(SHOTS_ENV):
        frames(app, 10, 0.05)
        shot(app, tmp_path, f"table-polish_tally_{game}_{players}p")


@pytest.mark.parametrize("game", GAMES)
def test_a_scoring_is_shown_on_the_table_then_the_sheet_opens_and_ignores_keys_typed_ahead(game: str, monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    app.settings.animation_speed = 3
    scene = bot_table(app, game, "hbbb")
    step = run_to_tally(app, scene)
    found, rects = scene.moments.tallies(step)
    scored = {e.seat: e for e in step.events if isinstance(e, ScoreChanged)}
    assert {t.seat for t in found} == set(scored) and set(rects) == set(scored)
    for tally in found:  # the breakdown is the engine's, part by part, in the game's words
        parts = [(n, p) for n, p in scored[tally.seat].details if p]
        assert [p for _, p in tally.parts] == [p for _, p in parts]
        assert all(label == app.game_text(scene.rules, f"score.{n}") for (label, _), (n, _) in zip(tally.parts, parts, strict=True))
        assert (tally.delta, tally.total) == (scored[tally.seat].delta, scored[tally.seat].total)
    if game == "jagdfieber":  # its counted piles, face up
        piles = scene.view["zones"]["prey_pile"]
        assert any(t.cards for t in found) and all(t.cards == piles[t.seat] for t in found)
    ends = ends_match(scene.animator.queue)
    for _ in range(400):
        if isinstance(app.stack.top, ScoreSheetScene) or scene.animator.current is not step:
            break
        frames(app, 1, 0.05)
    frames(app, 2, 0.01)
    if ends:  # the match ends here: the results screen follows, not the sheet
        assert not isinstance(app.stack.top, ScoreSheetScene)
        return
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    shown = list(scene.view["scores"])
    assert sheet.sheet.totals == shown  # the sheet as the table shows it, not as the bots went on
    frames(app, 1, 0.01, events=[key(pygame.K_ESCAPE)])  # a key pressed for the table
    assert app.stack.top is sheet
    frames(app, 1, 0.01, events=[key(pygame.K_1)])  # a choice typed for the table: it does not cross the scoring
    assert app.stack.top is sheet and not scene.hold.kept
    for _ in range(10):  # still typing: the sheet stays until the keys pause
        frames(app, 4, 0.05)
        frames(app, 1, 0.01, events=[key(pygame.K_RETURN)])
        assert app.stack.top is sheet
    frames(app, 20, 0.05)  # the player stops, reads, then closes it
    frames(app, 1, 0.01, events=[key(pygame.K_ESCAPE)])
    assert app.stack.top is scene
    assert not scene.hold.kept


def test_a_table_of_bots_only_runs_on_after_a_scoring(monkeypatch, tmp_path: Path) -> None:
    """A demo (nobody at the table) shows the scoring moment but opens no sheet nobody closes."""
    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 3
    scene = bot_table(app, "fish_fish")
    step = run_to_tally(app, scene)
    while scene.animator.current is step:
        frames(app, 1, 0.05)
    frames(app, 3, 0.05)
    assert app.stack.top is scene


def test_sheet_as_shown_cuts_the_rows_the_table_has_not_shown_yet() -> None:
    rows = [{"number": 1, "points": [3, 5]}, {"number": 2, "points": [4, 1]}]
    view = {"sheet": {"rows": rows, "totals": [7, 6], "winners": [0], "tiebreak": ""}}
    cut = sheet_as_shown(view, [3, 5])
    assert cut["sheet"]["rows"] == rows[:1] and cut["sheet"]["totals"] == [3, 5] and cut["sheet"]["winners"] == []
    assert sheet_as_shown(view, [7, 6]) is view
    assert sheet_as_shown(view, [1, 1]) is view  # no cut fits: the whole sheet


# ------------------------------------------------------------------------- the log follows
def test_held_events_are_told_as_they_are_released(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    panel = LogPanel(app, registry.load("jagdfieber"), NAMES[:3], None)
    first = [Note("closed_season", None), ScoreChanged(0, 2, 2)]
    panel.add_events(first, held=True)
    panel.add_events([ScoreChanged(1, 1, 1)])  # after a held action: held too, in order
    assert len(panel.lines()) == 1 and panel.holding == 3
    panel.release(1)
    assert len(panel.lines()) == 2 and panel.holding == 2
    panel.release()
    told = [line.text for line in panel.lines()]
    assert panel.holding == 0 and len(told) == 4
    panel.rewind(2, 0)  # an undo takes back whole actions, even one told in parts
    assert len(panel.lines()) == 2  # the start line and the undo line


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_two_identical_cards_discarded_in_one_action_told_in_parts_are_one_line(monkeypatch, tmp_path: Path, lang) -> None:
    """Silver: two squires announced match, both are discarded (rules, "Exchanging several
    cards"). Each discard has its own animation, so the log is told in parts; each discard names
    the place it leaves (slots 1 and 2, as the row stood), as when the action is told at once,
    and after a rebuild."""
    from tests.silver_helpers import act, new_game

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    rules = registry.load("silver_amulet")
    villages = [["squire", "squire", "empath", "bodyguard", "rascal"], ["villager", "master", "empath", "witch", "robber"]]
    state = new_game(2, villages, "beholder", ["doppelganger"])
    act(state, 0, "draw")
    events = act(state, 0, "exchange 1 2")
    at_once = LogPanel(app, rules, NAMES[:2], 0)
    at_once.add_events(events)
    in_parts = LogPanel(app, rules, NAMES[:2], 0)
    in_parts.add_events(events, held=True)
    while in_parts.holding:
        in_parts.release(1)
    told = [(line.text, line.count) for line in in_parts.lines()]
    discards = [rules.text(lang, "move.exchange.you", actor="Ana", card=rules.text(lang, "card.squire"), from_slot=n) for n in (1, 2)]
    assert [(text, count) for text, count in told if text in discards] == [(discards[0], 1), (discards[1], 1)]
    assert told == [(line.text, line.count) for line in at_once.lines()]
    in_parts._invalidate()  # the log told again (a new language, a resize): the same lines
    assert [(line.text, line.count) for line in in_parts.lines()] == told


def test_the_log_never_runs_ahead_of_the_table(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = bot_table(app, "jagdfieber", "hbb")
    panel = scene.records.panel
    frames(app, 1, 0.01)
    human = scene.match.human_to_act()
    assert human == [0]
    scene.submit(str(scene.match.state.legal_actions(0)[0]))  # the bots then choose: a reveal
    frames(app, 1, 0.01)
    assert scene.animator.busy and panel.holding > 0
    told = len(panel.lines())
    checked = 0
    while scene.animator.busy:
        shown_before = panel.holding
        frames(app, 1, 0.05)
        assert panel.holding <= shown_before
        checked += 1
    frames(app, 1, 0.01)
    assert checked > 3 and panel.holding == 0 and len(panel.lines()) > told
    rebuilt = LogPanel(app, scene.rules, NAMES[:3], scene.viewer)
    rebuilt.reset(scene.records.recorder.timeline.events)
    assert {line.text for line in rebuilt.lines()} == {line.text for line in panel.lines()}


# ------------------------------------------------------------------------- teams
def test_team_names_and_colours_are_on_the_name_plates(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    app.settings.extra["tours_seen"] = list(GAMES)
    scene = bot_table(app, "wolf_and_hound", "hbbb")
    frames(app, 2)
    teams = scene.moments.teams(4)
    assert [t[0] for t in teams if t] == ["Blue team", "Yellow team", "Blue team", "Yellow team"]
    assert teams[0][1] == scene.art.color("team_colors", "blue", (0, 0, 0)) != teams[1][1]
    plate = scene.placements.panel(0).rect
    assert app.screen.get_at((plate.x + 2, plate.centery))[:3] == teams[0][1]
    other = bot_table(app, "jagdfieber", "hbb")
    assert other.moments.teams(3) == [None, None, None]


# ------------------------------------------------------------------------- headers in step
@pytest.mark.parametrize("game", GAMES)
def test_the_header_reads_the_same_once_the_animation_ends_as_after_it(game: str) -> None:
    """Issue 16: headers out of step with the captions (turn 17 vs 16, day 2 with round 10, Kill
    the Unicorns' last hunt still named during the black market). After every action the view
    the table animated says what the real view says, so the HUD never jumps when the table
    settles."""
    import random

    from game.engine.events import redact

    pygame.init()
    rules = registry.load(game)
    layout = get_layout(game)
    state = rules.new_state(num_players=4, seed=3, options={"start_seat": 0})
    animator = Animator(layout, lambda e: "")
    rect = pygame.Rect(0, 0, 1000, 700)

    def place(view):
        return layout.place(view, rect)

    def header(view) -> str:
        return layout.status_line(view, lambda key, **params: rules.text("en", key, **params))

    pick = random.Random(7)
    for _ in range(400):
        if state.is_over():
            break
        shown = state.view(0)
        shown["seat"] = 0
        animator.set_view(shown)
        seat = state.to_act()[0]
        events = state.apply(seat, pick.choice(state.legal_actions(seat)))
        animator.push([redact(e, 0) for e in events])
        animator.skip(place)
        real = state.view(0)
        real["seat"] = 0
        assert header(animator.view) == header(real), [type(e).__name__ for e in events]


def test_each_jagdfieber_reveal_names_its_round(monkeypatch, tmp_path: Path) -> None:
    """Issue 16: "Reveal / Reveal" in the captions, one reveal's line under the last one's."""
    app = make_app(tmp_path, monkeypatch)
    scene = bot_table(app, "jagdfieber", "hbb")
    for lang, first, second in (("en", "Reveal (round 1)", "Reveal (round 2)"), ("fr", "Révélation (manche 1)", "Révélation (manche 2)")):
        app.set_language(lang)
        from game.engine.events import PhaseBegan

        assert [scene.caption_of(PhaseBegan("reveal", n)) for n in (1, 2)] == [first, second]


def test_silvers_sheet_is_cut_to_the_rounds_the_table_has_shown() -> None:
    """Silver's sheet (points lost per round) opens after its scoring moment with the rounds
    the animation has reached, each with its breakdown."""
    from scenes.results import sheet_of

    sheet = ScoreSheet(2, lower_wins=True).with_row([5, 1], [{"village": 5}, {"village": 1}])
    view = {"scores": [9, 4], "sheet": sheet.with_row([4, 3], [{"village": 4}, {"village": 3}]).view()}
    rows = sheet_of(view)["rows"]
    assert [r["points"] for r in rows] == [[5, 1], [4, 3]] and rows[1]["details"][0] == {"village": 4}
    assert [r["points"] for r in sheet_of(sheet_as_shown(view, [5, 1]))["rows"]] == [[5, 1]]


@pytest.mark.parametrize(("game", "players"), [("silver_amulet", 3), ("kill_the_unicorns", 6)])
def test_the_tally_boxes_leave_the_tables_labels_readable(game: str, players: int, monkeypatch, tmp_path: Path) -> None:
    """Silver, 3 players: the third box covered the deck's and the discard pile's labels and the
    top of the discard card. Kill the Unicorns, 6 players: the boxes covered the hunt line and
    the black market's labels."""
    app, scene, rects = tally_at(game, players, monkeypatch, tmp_path)
    regions = scene.placements.regions
    label = app.font(app.px(14)).get_linesize()  # the labels' line, above their zone
    keep = []
    if game == "silver_amulet":
        for name in ("deck", "discard"):
            rect = regions[name].rect
            keep.append((f"{name} label", pygame.Rect(rect.x, rect.y - label, rect.w, label)))
        cards = zone_cards(scene.view, regions["discard"])
        keep += [("discard card", r) for r in regions["discard"].card_rects(len(cards))]
    else:
        keep += [(name, regions[name].rect) for name in ("line_frame", "market_frame")]
    for seat, box in rects.items():
        for what, rect in keep:
            assert not box.colliderect(rect), (game, seat, what)
