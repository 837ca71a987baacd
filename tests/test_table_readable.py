"""What a player must be able to read on the table (issue 16): the draw deck with its size,
headers and captions in step, texts in the reader's grammar."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig  # noqa: E402
from tests.table_helpers import make_app, settle  # noqa: E402


def wh_table(app, players: int = 4, seed: int = 5):
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = ["wolf_and_hound"]
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(f"Bot {i}", BOT, "random", "easy") for i in range(1, players)]
    config = MatchConfig("wolf_and_hound", seats, seed=seed)
    scene = TableScene(app, config, Match(config, think_seconds=0, threaded=False))
    app.push(scene)
    return scene


def test_wolf_and_hound_draw_deck_is_drawn_on_the_board_with_its_size(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = wh_table(app)
    settle(app, scene)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    deck = scene.placements.regions["deck"]
    size = scene.view["deck_size"]
    assert size > 0
    rect = deck.card_rects(size)[-1]
    back = scene.art.back(rect.size)
    probe = (rect.w // 2, rect.h // 3)
    assert surface.get_at((rect.x + probe[0], rect.y + probe[1]))[:3] == back.get_at(probe)[:3]
    from scenes.table.painter import BRASS

    row = [surface.get_at((x, rect.bottom - 5))[:3] for x in range(rect.x, rect.right)]
    assert BRASS in row  # the count's badge, as on every stack


def _counters_follow_the_animation(app, scene, frames: int, until=lambda seen: False) -> list[tuple[int, ...]]:
    """Run frames (at most `frames`, until `until(seen)`); at each, the HUD counters named by the
    shown phase events equal theirs."""
    from game.engine.events import PhaseBegan
    from scenes.results import ScoreSheetScene

    seen: list[tuple[int, ...]] = []
    for _ in range(frames):
        if until(seen):
            break
        app.step(1 / 30, [])
        if isinstance(app.stack.top, ScoreSheetScene):  # opened by itself after a scoring
            app.pop()
        step = scene.animator.current
        if step is None:
            continue
        for event in step.events:
            if isinstance(event, PhaseBegan) and type(scene.view.get(event.phase)) is int:
                assert scene.view[event.phase] == event.number, (event, scene.layout.status_line(scene.view, scene.game_text))
        if "day" in scene.view:
            seen.append((scene.view["day"], scene.view["round"]))
    return seen


def test_jagdfieber_header_never_shows_a_new_day_with_the_old_round(tmp_path, monkeypatch) -> None:
    from scenes.table.anim import DURATIONS
    from tests.table_helpers import make_table

    app = make_app(tmp_path, monkeypatch)
    # The fastest speed a player can choose: every step still lasts longer than a frame, so each
    # one is current at the end of at least one frame and checked there (a quarter of the frames).
    app.settings.animation_speed = 4.0
    assert min(DURATIONS.values()) / app.settings.animation_speed > 1 / 30
    scene = make_table(app, "bbb", seed=4, think=0.0)
    # a day, its scoring moment, the next day and a new round in it
    seen = _counters_follow_the_animation(app, scene, 4000, until=lambda seen: bool(seen) and seen[-1] >= (2, 2))
    assert seen[-1][0] >= 2  # a new day began during the frames
    for (d0, r0), (d1, r1) in zip(seen, seen[1:], strict=False):
        assert (d1, r1) in ((d0, r0), (d0, r0 + 1), (d0 + 1, 1)), ((d0, r0), (d1, r1))


def test_wolf_and_hound_header_turn_is_the_caption_turn(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    from scenes.table.scene import TableScene

    seats = [SeatConfig(f"Bot {i}", BOT, "random", "easy") for i in range(4)]
    config = MatchConfig("wolf_and_hound", seats, seed=5)
    scene = TableScene(app, config, Match(config, think_seconds=0, threaded=False))
    app.push(scene)
    _counters_follow_the_animation(app, scene, 600)
    assert scene.view["turn"] > 3


def test_log_speaks_to_the_reader_in_the_second_person_and_counts_in_words() -> None:
    from game.engine import registry
    from game.engine.events import CardMoved, Note
    from game.log import LogWriter

    wh = registry.load("wolf_and_hound")
    play = CardMoved("white 3", 0, "hand", 0, "played", -1, "play", 0)
    assert LogWriter(wh, "en", ["You", "Bob", "Cyd", "Dan"], 0).lines([play])[0].text == "You play White 3."
    assert LogWriter(wh, "fr", ["Vous", "Bob", "Cyd", "Dan"], 0).lines([play])[0].text == "Vous jouez Blanc 3."
    assert LogWriter(wh, "en", ["Ann", "Bob", "Cyd", "Dan"], 1).lines([play])[0].text == "Ann plays White 3."
    jagd = registry.load("jagdfieber")
    choose = CardMoved(None, 0, "hand", 0, "play", 0, "choose", 0)
    assert LogWriter(jagd, "fr", ["Vous", "Bob", "Cyd"], 0).lines([choose])[0].text == "Vous choisissez une carte."
    takes = CardMoved("wolf", 0, "play", 1, "prey_pile", -1, "hunter_takes", 1)
    assert LogWriter(jagd, "en", ["You", "Bob", "Cyd"], 0).lines([takes])[0].text == "Bob's hunter takes your wolf."
    fish = registry.load("fish_fish")
    bets = [CardMoved(None, 1, "fish", 1, "bet", -1, "bet", 1)] * 4
    assert LogWriter(fish, "en", ["Ann", "Alice", "Bob"], 0).lines(bets)[0].text == "Alice bets 4 fish."
    assert LogWriter(fish, "fr", ["Ann", "Alice", "Bob"], 0).lines(bets)[0].text == "Alice mise 4 poissons."
    assert LogWriter(fish, "en", ["Ann", "Alice", "Bob"], 1).lines(bets)[0].text == "You bet 4 fish."
    assert LogWriter(fish, "en", ["Ann", "Alice", "Bob"], 1).lines(bets[:1])[0].text == "You bet a fish."
    assert LogWriter(fish, "fr", ["Ann", "Alice", "Bob"], 1).lines([Note("pass", 1)])[0].text == "Vous ne misez pas."


def test_table_captions_use_the_reader_grammar_and_the_default_name_follows_the_language(tmp_path, monkeypatch) -> None:
    from game.engine.events import CardMoved

    app = make_app(tmp_path, monkeypatch)
    scene = wh_table(app)
    scene.match.config.seats[0].name = "Vous"  # an older version's default name for the first seat
    play = CardMoved("white 3", 0, "hand", 0, "played", -1, "play", 0)
    assert scene.caption_of(play) == "Vous jouez Blanc 3."
    assert scene.name(0) == "Joueur 1"  # never "Vous" in a sentence about that seat ("Vous pioche")
    app.set_language("en")
    assert scene.caption_of(play) == "You play White 3."
    assert scene.name(0) == "Player 1"
    other = CardMoved("white 3", 1, "hand", 1, "played", -1, "play", 1)
    assert scene.caption_of(other) == "Bot 1 plays White 3."


def test_number_card_parts_never_overlap_nor_leave_the_card(tmp_path, monkeypatch) -> None:
    import itertools

    from scenes.table.faces import value_card_layout

    app = make_app(tmp_path, monkeypatch)
    for w, h in ((40, 56), (50, 70), (70, 98), (100, 140), (140, 196), (300, 420)):
        corner = app.font(max(7, int(h * 0.17)), True).size("4")
        line = app.font(max(6, int(h * 0.11))).get_linesize()
        boxes = value_card_layout((w, h), corner, line, badge=True)
        card = pygame.Rect(0, 0, w, h)
        radius = max(3, w // 9)
        inner = card.inflate(-radius, -radius)  # clear of the rounded corners
        assert inner.contains(boxes["badge"]), (w, h, boxes["badge"])
        for (a, ra), (b, rb) in itertools.combinations(boxes.items(), 2):
            assert not ra.colliderect(rb), (w, h, a, ra, b, rb)


def test_french_setup_check_labels_are_shown_whole(tmp_path, monkeypatch) -> None:
    from scenes.ui import widgets

    app = make_app(tmp_path, monkeypatch)
    setup = app.scene("setup", game_id="wolf_and_hound")
    app.push(setup)
    drawn: list[tuple[str, list[str]]] = []
    real = widgets.draw_fitted
    monkeypatch.setattr(widgets, "draw_fitted", lambda s, a, text, rect, *r: drawn.append((text, real(s, a, text, rect, *r))) or drawn[-1][1])
    checks = [w for w in setup.form.widgets() if isinstance(w, widgets.Check)]
    assert len(checks) >= 10
    surface = pygame.Surface(app.screen.get_size())
    for check in checks:
        check.draw(surface, app, setup.form.screen_rect(check), False, False)
    assert len(drawn) == len(checks)
    for text, lines in drawn:
        assert " ".join(lines) == text, (text, lines)


def test_wolf_and_hound_gallery_descriptions_are_whole_in_both_languages(tmp_path, monkeypatch) -> None:
    from game.engine import registry
    from scenes.gallery import CARD_H, CARD_W
    from scenes.layouts import wolf_and_hound_draw as art
    from scenes.table.faces import fit_paragraph

    rules = registry.load("wolf_and_hound")
    app = make_app(tmp_path, monkeypatch)
    for lang in ("fr", "en"):
        app.set_language(lang)
        w, h = app.px(CARD_W), app.px(CARD_H)
        top = int(h * 0.1) * 2 + int(h * 0.34) + max(4, h // 40) + 4  # under a two-line name and the picture
        for animal, data in rules.data["animals"].items():
            for side in ("front", "back"):
                if data.get(side):
                    text = app.game_text(rules, f"animal.{animal}.desc")
                    _, lines, whole = fit_paragraph(app, text, art.description_box((w, h), top, side == "back"))
                    assert whole, (lang, animal, side, lines[-1])


def test_ghost_buttons_show_their_whole_text_in_both_languages(tmp_path, monkeypatch) -> None:
    from scenes.table.buttons import button_label

    app = make_app(tmp_path, monkeypatch)
    scene = wh_table(app, players=3)
    area = scene.placements.regions["actions"].rect
    for lang in ("fr", "en"):
        app.set_language(lang)
        for action in ("ghost keep", "ghost swap"):
            text = scene.game_text(f"action.{action}")
            h = min(max(22, area.h // 3), app.px(48))  # as action_buttons lays them out
            size = max(9, int(h * 0.42))
            key_w = app.font(size, True).size("K")[0] + 8
            font, lines, _ = button_label(app, text, area.w - key_w - 18, h - 4, size)
            assert " ".join(lines) == text, (lang, lines)
            assert len(lines) * font.get_linesize() <= h


def test_the_start_card_is_drawn_once_while_it_moves(tmp_path, monkeypatch) -> None:
    from tests.table_helpers import make_table

    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "bbb", seed=4)
    drawn: list[str] = []
    real = scene.painter.marker
    monkeypatch.setattr(scene.painter, "marker", lambda surface, region: (drawn.append(region.marker), real(surface, region)))
    checked = 0
    for _ in range(3000):
        app.step(1 / 30, [])
        step = scene.animator.current
        if step is not None and any(f.marker == "start_card" for f in step.flights):
            drawn.clear()
            scene.draw(pygame.Surface(app.screen.get_size()))
            assert "start_card" not in drawn  # only the flying one is shown
            checked += 1
            if checked > 5:
                break
    assert checked


def test_the_hud_hint_is_drawn_whole_on_two_lines_when_one_cannot_hold_it(tmp_path, monkeypatch) -> None:
    """A long hint (Kill the Unicorns' bid, Silver's turn) was cut with "…" at 1280x720 beside the
    title and buttons; it now wraps into two lines the bar holds, and is shortened only when even
    two lines of the smallest print cannot hold it."""
    from scenes.table.overlays import HUD_HINT_MIN_SIZE, hud_hint_lines
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    hint = "Bid hunt cards face down on the hunted unicorn, then Confirm · P: pass · B: Knight's boost"
    size, height = 14, 28  # the bar at 1280x720
    room = app.font(int(size * 0.85)).size(hint)[0] * 2 // 3  # one line cannot hold it
    font, lines = hud_hint_lines(app, hint, room, size, height)
    assert len(lines) == 2 and " ".join(lines) == hint
    assert all(font.size(line)[0] <= room for line in lines) and font.get_linesize() * 2 <= height + 2
    font, lines = hud_hint_lines(app, hint, 60, size, height)  # no room at all: shortened, never spilling over
    assert lines[0].endswith("…") and font.size(lines[0])[0] <= 60
    assert HUD_HINT_MIN_SIZE >= 10  # never a print too small to read


HUD_HINTS = {"jagdfieber": (), "wolf_and_hound": ("wolf_and_hound.hint_",), "fish_fish": ("fish_fish.hint_",),
             "silver_amulet": ("silver_amulet.hint_", "silver_amulet.power_hint."),
             "kill_the_unicorns": ("unicorns.hint.",)}


def hud_hint_texts(app, game: str) -> list[str]:
    """Every hint the table's bar may show in `game`, in the app's language."""
    table = app.translator.table(app.settings.language)
    keys = sorted(k for k in table if k.startswith(("table.hint_", *HUD_HINTS[game])))
    return [app.tr(k, keys="A, B") for k in keys]


def test_every_games_hud_hint_is_read_whole_at_the_smallest_window(tmp_path, monkeypatch) -> None:
    """At 800x480 the bar (18 pixels, beside the title and buttons) holds one short line: every
    hint of every game was cut with "…" there (and Silver's long power hints at 1280x720 too).
    A hint the bar cannot hold is now drawn whole at the top of the log column, the log below it;
    with the log folded it shows in the bar shortened, and whole under the bar while pointed at."""
    from scenes.app import MIN_SIZE
    from scenes.table import overlays
    from scenes.table.scene import TableScene
    from scenes.ui.text import clean

    cut: list[str] = []
    real_fit, real_box = overlays.fit_text, overlays.draw_hint_box

    def fit(font, text, width):
        out = real_fit(font, text, width)
        if out != clean(text):
            cut.append(text)
        return out

    monkeypatch.setattr(overlays, "fit_text", fit)
    app = make_app(tmp_path, monkeypatch, size=MIN_SIZE)
    app.settings.extra["tours_seen"] = list(HUD_HINTS)
    boxed = 0
    for game in HUD_HINTS:
        seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(f"Bot {i}", BOT, "random", "easy") for i in range(1, 4)]
        config = MatchConfig(game, seats, seed=5)
        scene = TableScene(app, config, Match(config, think_seconds=0, threaded=False))
        app.push(scene)
        for lang in ("fr", "en"):
            app.set_language(lang)
            scene.resize(MIN_SIZE)  # the bar's buttons in this language
            column = scene.records.aside(MIN_SIZE)
            assert column is not None  # the log is open by default
            for hint in hud_hint_texts(app, game):
                monkeypatch.setattr(scene, "hint", lambda hint=hint: hint)
                scene.draw(app.screen)
                assert not cut, (game, lang, cut)
                if scene.records.hint_height:
                    boxed += 1
                    assert scene.records.panel.rect.top >= column.top + scene.records.hint_height > column.top
                    assert scene.records.panel.rect.bottom == column.bottom
            scene.records.toggle_log()  # folded: no column; the bar shortens what it cannot hold...
            longest = max(hud_hint_texts(app, game), key=len)
            monkeypatch.setattr(scene, "hint", lambda longest=longest: longest)
            hud = scene.placements.regions["hud"].rect
            scene.mouse = (hud.centerx, hud.centery)
            scene.draw(app.screen)
            assert scene.records.hint_height == 0 and cut
            shown: list = []
            monkeypatch.setattr(overlays, "draw_hint_box", lambda surface, app, hint, box, shown=shown: shown.append((hint, box[2])) or 0)
            scene.draw(app.screen)  # ... and shows it whole under the bar while pointed at
            assert [h for h, _ in shown] == [longest] == cut[-1:] and shown[0][1].top > hud.bottom
            assert app.screen.get_rect().contains(shown[0][1])
            monkeypatch.setattr(overlays, "draw_hint_box", real_box)
            scene.mouse = None
            scene.records.toggle_log()
            cut.clear()
        app.pop()
    assert boxed > 40
