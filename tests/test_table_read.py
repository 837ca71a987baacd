"""Issue 16 build 1-2: what just happened (docked log, paced moments, hot-seat recap) and reading
the table without the tour (tooltips on hover and Tab, zoom), all generic (scenes/table/)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine.events import CardMoved, PhaseBegan
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.table.anim import Animator
from scenes.table.layout import Layout
from scenes.table.regions import Placements
from tests.table_helpers import frames, hand_card_center, key, make_app, make_table, mouse, settle

SHOTS = os.environ.get("TABLEE_SHOTS")
GAMES = {
    "jagdfieber": ({"start_seat": 0}, 3),
    "wolf_and_hound": ({"animals": ["wolf_01", "wolf_02", "hound_01", "sheep_01"]}, 4),
    "fish_fish": ({"start_seat": 1}, 3),
}


def game_table(app, game: str, kinds: str | None = None):
    from scenes.table.scene import TableScene

    options, players = GAMES[game]
    kinds = kinds or "h" + "b" * (players - 1)
    names = ["Ana", "Bruno", "Chloé", "Didier"]
    seats = [SeatConfig(names[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig(game, seats, seed=5, options=options)
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    return scene


# ------------------------------------------------------------------------- the log column
def test_the_log_is_docked_beside_the_board_and_folding_it_gives_the_board_the_room(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    frames(app, 1)
    panel = scene.records.panel
    assert scene.records.visible and panel.rect.width > 0
    board = scene.placements.rect
    assert board.right <= panel.rect.left  # not an overlay: the table is laid out beside it
    assert all(r.rect.right <= panel.rect.left + 2 for r in scene.placements.regions.values())
    open_width = board.width
    frames(app, 1, events=[key(pygame.K_l)])
    assert not scene.records.visible and scene.placements.rect.width > open_width + 150
    for _, rect, _ in scene.records.buttons(app.screen.get_size()):  # folded: a strip of buttons
        assert rect.left >= scene.placements.rect.right
    log_button = next(rect for action, rect, _ in scene.records.buttons(app.screen.get_size()) if action == "log")
    frames(app, 1, events=[mouse("down", log_button.center)])
    assert scene.records.visible and scene.placements.rect.width == open_width


def test_the_docked_log_keeps_its_lines_after_a_resume(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    scene.submit("play carrot")
    settle(app, scene)
    before = [line.text for line in scene.records.panel.lines()]
    assert len(before) > 3
    app.pop()  # leave the table; the match is saved
    assert app.continue_match() is True
    table = app.stack.top
    frames(app, 1)
    assert table.records.visible and [line.text for line in table.records.panel.lines()] == before
    assert table.placements.rect.right <= table.records.panel.rect.left


# ------------------------------------------------------------------------- moments
class MomentLayout(Layout):
    """A table whose 'catch' moves are key moments (as a game's layout declares them)."""

    take_moves = ("catch",)
    moments = ("catch",)

    def place(self, view, rect, theme=None) -> Placements:
        return Placements(pygame.Rect(rect))


def moved(reason: str) -> CardMoved:
    return CardMoved("x", 0, "a", 1, "b", reason=reason, actor=0)


def test_space_ends_only_the_current_moment_not_the_whole_resolution() -> None:
    layout = MomentLayout()
    animator = Animator(layout, lambda event, count=1: "")
    animator.set_view({"zones": {"a": [["x"] * 6, []], "b": [[], []]}, "scores": [0, 0]})
    place = lambda view: layout.place(view, pygame.Rect(0, 0, 100, 100))  # noqa: E731
    animator.push([moved("slide"), moved("catch"), moved("slide"), moved("catch"), moved("slide")])
    animator.update(0.01, 1.0, place)
    assert animator.current is not None and not animator.current.moment
    animator.skip_moment(place)  # hurries to the first catch, which is then shown
    assert animator.current is None and layout.is_moment(animator.queue[0])
    animator.update(0.01, 1.0, place)
    catch = animator.current
    assert catch is not None and catch.moment and catch.hold > 0  # held on screen a while
    assert len(animator.queue) == 3
    animator.skip_moment(place)  # ends this catch only: the rest still plays
    assert catch.elapsed == catch.duration and len(animator.queue) == 3 and animator.busy
    assert animator.view["zones"]["b"][1] == ["x", "x"]
    animator.skip_moment(place)
    assert len(animator.queue) == 2  # the next slide applied, the second catch waits to be seen


def test_a_phase_named_by_the_layout_is_a_moment_and_other_phases_are_not() -> None:
    from scenes.table.anim import Step

    layout = MomentLayout()
    layout.moments = ("day",)
    assert layout.is_moment(Step("phase", [PhaseBegan("day", 2)]))
    assert not layout.is_moment(Step("phase", [PhaseBegan("round", 2)]))
    assert Layout().is_moment(Step("reveal", []))  # reveals, catches and scorings by default


# ------------------------------------------------------------------------- hot-seat recap
def test_the_recap_shows_the_next_hot_seat_player_only_what_happened_since_their_turn(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = make_table(app, "hhb")
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_RETURN)])  # Ana at the screen
    assert scene.submit("play carrot")
    settle(app, scene)
    assert scene.privacy_for == 1
    recap = scene.records.recap(1)  # Bruno has not played yet: everything so far, publicly told
    assert any("Ana" in line for line in recap) and not any("carrot" in line.lower() for line in recap)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.submit("play wolf")
    settle(app, scene)
    assert scene.privacy_for == 0
    recap = scene.records.recap(0)
    whole = [line.text for line in scene.records.panel.lines()]
    assert recap and len(recap) < len(whole) - 1
    assert any("Bruno" in line for line in recap)  # Bruno's choice and the reveal came after Ana's turn
    assert not any(line.startswith("Ana chooses") or line.startswith("You choose") for line in recap)
    assert not any("Day 1" in line for line in recap)  # the day began before Ana's turn
    surface = app.screen
    scene.draw(surface)
    if SHOTS:
        pygame.image.save(surface, str(Path(SHOTS) / "table_recap_en.png"))


# ------------------------------------------------------------------------- tooltips and zoom
def test_hovering_a_card_shows_its_name_and_rule_and_tab_focuses_zones(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = make_table(app, "hbb")
    settle(app, scene)
    pos = hand_card_center(scene, "wolf")
    frames(app, 1, events=[mouse("move", pos)])
    lines = scene.reader.lines()
    rules = scene.rules
    assert lines[:2] == [rules.text("en", "card.wolf"), rules.text("en", "card.wolf.rule")]  # the card before its zone
    assert any(line.startswith(rules.text("en", "zone.hand")) for line in lines[2:])
    assert app.tr("table.tip_cards", count=len(scene.view["zones"]["hand"][0])) in lines
    hand = scene.placements.zone("hand", 0)
    for _ in range(len(scene.reader.regions())):
        frames(app, 1, events=[key(pygame.K_TAB)])
        if scene.reader.focus == hand.name:
            break
    assert scene.reader.focus == hand.name
    assert rules.text("en", "zone.hand.rule") in scene.reader.lines()
    app.set_language("fr")
    assert rules.text("fr", "zone.hand.rule") in scene.reader.lines()
    frames(app, 1, events=[mouse("move", (5, 5))])  # the mouse takes over again
    assert scene.reader.focus is None


def test_right_click_and_held_z_zoom_a_card(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    pos = hand_card_center(scene, "rabbit")
    frames(app, 1, events=[mouse("move", pos)])
    frames(app, 1, events=[mouse("down", pos, button=3)])
    assert scene.reader.zoom == "rabbit"
    history = len(scene.match.history)
    frames(app, 1, events=[mouse("down", pos)])  # a click closes the zoom and plays nothing
    assert scene.reader.zoom is None and len(scene.match.history) == history
    frames(app, 1, events=[key(pygame.K_z)])
    assert scene.reader.zoom == "rabbit"
    frames(app, 1, events=[pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=0)])
    assert scene.reader.zoom is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_zone_of_every_table_has_a_tooltip_in_both_languages(monkeypatch, tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    scene = game_table(app, game)
    settle(app, scene)
    regions = scene.reader.regions()
    assert regions
    texts = scene.rules._texts
    for lang in ("en", "fr"):
        app.set_language(lang)
        for region in regions:
            lines = scene.layout.tooltip(scene.ctx(), region, None)
            assert lines and lines[0], f"{game}: no tooltip for {region.name}"
            if region.kind != "panel":  # what it is and its rule, from the game's own texts
                rules_text = {v for k, v in texts[lang].items() if k.endswith((".rule", ".desc"))}
                assert rules_text & set(lines), f"{game}: no {lang} rule in the tooltip of {region.name}: {lines}"
        for card in scene.rules.data.get("cards", {}) if game != "fish_fish" else ("catch", "empty", "bait", "fish"):
            assert f"card.{card}.rule" in texts[lang], f"{game}: no {lang} rule for card {card}"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_screenshot_of_each_table_with_the_log_open_and_a_tooltip(monkeypatch, tmp_path: Path, game: str, lang: str) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    app.set_language(lang)
    scene = game_table(app, game)
    settle(app, scene)
    hand = scene.placements.zone("hand", 0) or scene.placements.zone("fishing", 1) or scene.reader.regions()[0]
    cards = hand.card_rects(max(1, len(scene.reader._shown(hand))))
    point = cards[0].center
    if game == "wolf_and_hound":  # an animal card on the board: its name, side and rule
        from scenes.layouts import wolf_and_hound_view as board

        animal = scene.view["animals"][0]
        point = board.animal_places(scene.view, *board.board_geometry(scene.ctx()))[animal["id"]].center
    frames(app, 1, events=[mouse("move", point)])
    lines = scene.reader.lines()
    assert lines
    if game == "wolf_and_hound":
        assert lines[-1] == scene.rules.text(lang, f"animal.{animal['id']}.desc")
    scene.draw(app.screen)
    if SHOTS:
        pygame.image.save(app.screen, str(Path(SHOTS) / f"table_read_{game}_{lang}.png"))


def test_an_empty_zone_shows_its_label_and_a_full_one_does_not(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    labelled: list[str] = []
    monkeypatch.setattr(scene.painter, "empty_label", lambda surface, region: labelled.append(region.name))
    scene.draw(app.screen)
    play = scene.placements.zone("play", 0)
    assert play is not None and not scene.view["zones"]["play"][0] and play.name in labelled
    hand = scene.placements.zone("hand", 0)
    assert hand is not None and hand.name not in labelled


def test_a_fish_tile_tooltip_names_its_species_by_shape_and_pattern(monkeypatch, tmp_path: Path) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    app.set_language("en")
    scene = game_table(app, "fish_fish")
    settle(app, scene)
    region = scene.placements.zone("fish", 0)
    assert region is not None
    rect = region.card_rects(len(scene.view["zones"]["fish"][0]))[0]
    frames(app, 1, events=[mouse("move", rect.center)])
    lines = scene.reader.lines()
    look = scene.rules.data["presentation"]["owner_looks"][0]
    species = app.tr("fish_fish.species", shape=app.tr(f"fish_fish.shape.{look['shape']}"),
                     pattern=app.tr(f"fish_fish.pattern.{look['pattern']}"))
    assert any(species in line for line in lines) and scene.rules.text("en", "card.fish.rule") in lines


def test_a_tooltip_leaves_when_the_pointer_leaves_its_zone(monkeypatch, tmp_path: Path) -> None:
    """The hand draws only its cards: the felt beside them, the log and outside the window show
    no tooltip; a tooltip near the log stays on the table's side."""
    from scenes.table.reading import draw_tooltip

    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    for _ in range(2):  # a hand of 8 cards leaves felt at both ends of its zone
        assert scene.submit(next(str(a) for a in scene.match.state.legal_actions(0) if "wolf" not in str(a)))
        settle(app, scene)
    frames(app, 1, events=[mouse("move", hand_card_center(scene, "wolf"))])
    assert scene.reader.lines()
    hand = scene.placements.zone("hand", 0)
    cards = hand.card_rects(len(scene.view["zones"]["hand"][0]))
    beside = (max(hand.rect.x + 1, cards[0].x - 6), cards[0].centery)
    assert hand.rect.collidepoint(beside) and not any(r.collidepoint(beside) for r in cards)
    frames(app, 1, events=[mouse("move", beside)])
    assert scene.reader.target() is None or scene.reader.target()[0].name != hand.name
    frames(app, 1, events=[mouse("move", hand_card_center(scene, "wolf"))])
    frames(app, 1, events=[mouse("move", scene.records.panel.rect.center)])  # into the log
    assert scene.reader.target() is None
    frames(app, 1, events=[mouse("move", hand_card_center(scene, "wolf"))])
    frames(app, 1, events=[pygame.event.Event(pygame.WINDOWLEAVE)])  # out of the window
    assert scene.reader.target() is None
    box = draw_tooltip(app.screen, app, ["A long tooltip " * 8] * 6, (scene.rect.right - 4, 300), scene.rect)
    assert scene.rect.contains(box)  # never over the log
