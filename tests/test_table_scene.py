"""The table under SDL's dummy driver, driven by synthetic mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest

from game.engine.events import CardMoved, CardRevealed
from tests.table_helpers import (
    drag,
    frames,
    hand_card_center,
    key,
    make_app,
    make_table,
    mouse,
    settle,
    shot,
)


def test_dragging_a_card_onto_the_play_zone_plays_it(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    assert scene.active_seat() == 0
    start = hand_card_center(scene, "wolf")
    target = scene.placements.zone("play", 0).rect.center
    frames(app, 1, events=[mouse("down", start)])
    frames(app, 1, events=[mouse("move", (start[0], start[1] - 40))])
    # picked up: the legal target (my play zone) is highlighted, nothing else
    assert [r.name for r in scene.input.targets()] == ["play:0"]
    shot(app, tmp_path, "table_dragging")
    for i in range(1, 4):
        frames(app, 1, events=[mouse("move", (start[0] + (target[0] - start[0]) * i // 3,
                                              start[1] + (target[1] - start[1]) * i // 3))])
    frames(app, 1, events=[mouse("up", target)])
    assert (0, "play wolf") in scene.match.history


def test_dropping_elsewhere_snaps_back_and_says_where_to_drop(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1024, 600))
    scene = make_table(app, "hbb")
    settle(app, scene)
    start = hand_card_center(scene, "rabbit")
    other_play = scene.placements.zone("play", 1).rect.center
    before = list(scene.match.history)
    drag(app, start, other_play)
    assert scene.match.history == before
    text, error, _ = scene.captions[-1]
    assert error and text == app.tr("table.drop_on", zone=app.game_text(scene.rules, "zone.play").lower())
    assert scene.input.snap is not None  # the card flies back to the hand
    shot(app, tmp_path, "table_drop_refused")
    frames(app, 30)
    assert scene.input.snap is None
    # dropped on empty felt: refused the same way
    drag(app, start, (5, 300))
    assert scene.match.history == before
    # put back into the hand: nothing to explain
    scene.captions.clear()
    drag(app, start, hand_card_center(scene, "carrot"))
    assert scene.match.history == before and scene.captions == []


def test_click_twice_plays_and_a_card_already_chosen_gets_the_engine_reason(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb", think=30.0)  # the bots take their time: the round stays open
    settle_humans(app, scene)
    pos = hand_card_center(scene, "carrot")
    frames(app, 1, events=[mouse("down", pos)])
    frames(app, 1, events=[mouse("up", pos)])
    assert scene.input.selected is not None and scene.match.history == []
    frames(app, 1, events=[mouse("down", pos)])
    frames(app, 1, events=[mouse("up", pos)])
    assert scene.match.history == [(0, "play carrot")]
    frames(app, 40)  # the choice animation ends; the bots are still thinking
    assert scene.match.bots_thinking() == [1, 2]
    pos = hand_card_center(scene, "wolf")
    frames(app, 1, events=[mouse("down", pos)])
    text, error, _ = scene.captions[-1]
    assert error and text == app.game_text(scene.rules, "error.already_chosen")


def settle_humans(app, scene) -> None:
    for _ in range(200):
        frames(app, 1, 0.05)
        if scene.active_seat() is not None:
            return
    raise AssertionError("no human could act")


def test_keyboard_arrows_numbers_and_enter_choose_a_card(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    hand = scene.view["zones"]["hand"][0]
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert scene.input.selected == 1
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert scene.input.selected == 0
    frames(app, 1, events=[key(pygame.K_4)])
    assert scene.input.selected == 3
    assert [r.name for r in scene.input.targets()] == ["play:0"]
    shot(app, tmp_path, "table_choosing")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert (0, f"play {hand[3]}") in scene.match.history


def test_reveal_and_resolution_are_animated_step_by_step_with_captions(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 1.0
    scene = make_table(app, "hbb", seed=3, start_seat=0)
    settle(app, scene)
    scene.submit("play wolf")
    kinds = []
    saved = False
    for _ in range(600):
        frames(app, 1, 1 / 60)
        step = scene.animator.current
        if step is not None and (not kinds or kinds[-1] is not step):
            kinds.append(step)
        if step is not None and step.kind == "reveal" and step.progress > 0.3 and not saved:
            shot(app, tmp_path, "table_mid_animation")
            saved = True
        if not scene.animator.busy and len(kinds) > 3:
            break
    names = [s.kind for s in kinds]
    assert names[0] == "choose" and "reveal" in names
    assert names.index("reveal") < len(names) - 1
    reveal = kinds[names.index("reveal")]
    assert sum(isinstance(e, CardRevealed) for e in reveal.events) == 3
    # the engine's events are all shown: every move of the round is in some step
    moves = [e for s in kinds for e in s.events if isinstance(e, CardMoved)]
    assert len(moves) >= 3
    texts = [t for t, err, _ in scene.captions if not err]
    assert app.game_text(scene.rules, "phase.reveal", number=1) in texts
    assert saved


def test_space_skips_the_animation_and_speed_setting_scales_it(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    scene.submit("play hunter")
    frames(app, 2)
    assert scene.animator.busy
    assert scene.hint() == app.tr("table.hint_skip")
    for _ in range(40):  # each press ends one key moment (a reveal, a catch): a few presses end it all
        if not scene.animator.busy:
            break
        app.step(0.0, [key(pygame.K_SPACE)])
    assert not scene.animator.busy
    assert scene.view["zones"]["hand"][0] == scene.match.state.view(0)["zones"]["hand"][0]
    app.settings.animation_speed = 4.0
    settle(app, scene)
    scene.submit("play rabbit")
    frames(app, 1)
    assert scene.animator.current is None or scene.animator.current.duration <= 0.35 / 4 + 1e-9


def test_hot_seat_privacy_screen_between_humans(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hhb")
    settle(app, scene)
    assert scene.privacy_for == 0 and scene.viewer is None
    shot(app, tmp_path, "table_privacy")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.viewer == 0 and scene.active_seat() == 0
    assert "back" not in scene.view["zones"]["hand"][0]
    scene.submit("play wolf")
    assert scene.viewer is None  # Ana's hand is hidden at once: what is left is her secret now
    frames(app, 2)
    assert scene.view["zones"]["hand"][0] == ["back"] * 9
    settle(app, scene)
    assert scene.privacy_for == 1
    assert scene.active_seat() is None
    frames(app, 1, events=[key(pygame.K_SPACE)])
    assert scene.viewer == 1 and scene.bottom == 1
    assert scene.placements.zone("hand", 1).source
    scene.submit("play rabbit")
    settle(app, scene)
    assert scene.match.state.view(None)["round"] == 2
    assert scene.privacy_for == 0


def test_one_human_with_bots_never_sees_a_privacy_screen(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "bhb")
    for card in ("wolf", "rabbit"):
        settle(app, scene)
        assert scene.privacy_for is None and scene.viewer == 1 and scene.bottom == 1
        scene.submit(f"play {card}")


def test_tour_is_offered_on_the_first_game_and_remembered(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch, tour_seen=False)
    scene = make_table(app, "hbb")
    settle(app, scene)
    assert scene.tour_index == 0
    assert scene.active_seat() is None  # the tour covers the table
    shot(app, tmp_path, "table_tour")
    total = len(scene.layout.tour_steps(scene.view))
    for _ in range(total):
        frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.tour_index is None
    assert "jagdfieber" in app.settings.extra["tours_seen"]
    saved = (tmp_path / "home" / "config" / "settings.json").read_text(encoding="utf-8")
    assert "tours_seen" in saved and "jagdfieber" in saved
    # F1 and the "?" button open it again; Escape closes it
    frames(app, 1, events=[key(pygame.K_F1)])
    assert scene.tour_index == 0
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert scene.tour_index is None
    button = next(b for b in scene.buttons if b.action == "tour")
    frames(app, 1, events=[mouse("down", button.rect.center)])
    assert scene.tour_index == 0
    # a second table does not offer it again
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    app.pop()
    again = make_table(app, "hbb")
    settle(app, again)
    assert again.tour_index is None


def test_match_end_opens_the_results(tmp_path, monkeypatch) -> None:
    from scenes.results import ResultsScene

    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "bbb", seed=9)
    for _ in range(5000):
        frames(app, 1, 0.05, events=[key(pygame.K_SPACE)])
        if isinstance(app.stack.top, ResultsScene):
            break
    assert scene.match.is_over()
    assert isinstance(app.stack.top, ResultsScene) and app.stack.top.match is scene.match
    assert len(app.stack.scenes) == 1  # replaced, not stacked


def test_menu_button_leaves_the_table_and_stops_the_bots(tmp_path, monkeypatch) -> None:
    from scenes.pause import PauseScene

    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb", think=30.0, threaded=True)
    frames(app, 2)
    button = next(b for b in scene.buttons if b.action == "menu")
    frames(app, 1, events=[mouse("down", button.rect.center)])
    assert isinstance(app.stack.top, PauseScene)
    app.stack.top.quit_button.activate()  # "Save and quit to menu"
    assert scene not in app.stack.scenes
    assert scene.match.bots_thinking() == [] and scene.match.poll() == []
    # Escape puts a selected card down first, then opens the pause menu
    again = make_table(app, "hbb")
    settle(app, again)
    frames(app, 1, events=[key(pygame.K_3)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert again.input.selected is None and app.stack.top is again
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, PauseScene)


def test_english_texts_and_a_resize_relayout(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = make_table(app, "hbbbb")
    settle(app, scene)
    assert scene.hint() == app.tr("table.hint_play") and "Drag" in scene.hint()
    app.settings.window_size = (1024, 600)
    app.apply_window()
    assert scene.placements.rect == scene.records.table_rect((1024, 600)) and scene.placements.rect.h == 600
    frames(app, 1)
    shot(app, tmp_path, "table_five_seats_en")


def test_animated_view_ends_where_the_engine_is_and_never_shows_a_hidden_choice(tmp_path, monkeypatch) -> None:
    """Playing the events on the displayed view leads to the real view (same cards in every zone
    drawn face up, same counts elsewhere), and no other seat's choice flies face up."""
    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 4.0
    for kinds in ("hbbb", "hhb"):
        checked, choices = play_first_day_watching(app, make_table(app, kinds, seed=8))
        assert checked > 100 and len(choices) >= 2 * len(kinds)
        app.pop()


def play_first_day_watching(app, scene) -> tuple[int, list]:
    import random

    checked = 0
    choices: list[tuple[int, str | None]] = []
    real_sync, real_on_step = scene._sync, scene.animator.on_step

    def compare_then_sync() -> None:
        nonlocal checked
        real = scene.match.state.view(scene.viewer)["zones"]
        for region in scene.placements.regions.values():
            if region.zone is None or region.seat is None:
                continue
            shown = scene.view["zones"][region.zone][region.seat]
            truth = real[region.zone][region.seat]
            assert len(shown) == len(truth), (region.name, shown, truth)
            if region.face == "up" and not region.source:
                assert sorted(shown) == sorted(truth), (region.name, shown, truth)
            checked += 1
        real_sync()

    def watch(step) -> None:
        if step.kind == "choose":
            choices.extend((e.actor, f.card) for e, f in zip(step.events, step.flights, strict=True))
            assert all(card is None for actor, card in choices if actor != scene.viewer)
        real_on_step(step)

    scene._sync, scene.animator.on_step = compare_then_sync, watch
    rnd = random.Random(4)
    for _ in range(3000):
        frames(app, 1, 0.05)
        if scene.privacy_for is not None:
            frames(app, 1, events=[key(pygame.K_RETURN)])
        seat = scene.active_seat()
        if seat is not None:
            scene.submit(rnd.choice([str(a) for a in scene.match.state.legal_actions(seat)]))
        if scene.match.state.view(None)["day"] > 1:
            return checked, choices
    raise AssertionError("day 1 never ended")


def test_a_bot_moving_behind_the_privacy_screen_is_not_shown_twice(tmp_path, monkeypatch) -> None:
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    seats = [SeatConfig("Ana", HUMAN), SeatConfig("Bruno", BOT), SeatConfig("Chloé", HUMAN)]
    config = MatchConfig("jagdfieber", seats, seed=1, options={"start_seat": 0})
    scene = TableScene(app, config, Match(config, think_seconds=1.0, threaded=False, clock=lambda: app.time))
    app.push(scene)
    frames(app, 2)
    assert scene.privacy_for == 0
    while not scene.animator.busy:  # Bruno chooses while the screen is up
        frames(app, 1)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.viewer == 0 and not scene.animator.busy
    frames(app, 30)
    assert scene.view["zones"]["play"][1] == ["back"]
    assert len(scene.view["zones"]["hand"][1]) == 9


def test_score_sheet_opens_over_the_table_and_closes_back_to_it(tmp_path, monkeypatch) -> None:
    from scenes.results import ScoreSheetScene

    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_s)])
    assert isinstance(app.stack.top, ScoreSheetScene)
    shot(app, tmp_path, "table_score_sheet")
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert app.stack.top is scene
    button = next(b for b in scene.buttons if b.action == "scores")
    frames(app, 1, events=[mouse("down", button.rect.center)])
    assert isinstance(app.stack.top, ScoreSheetScene)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_closed_season_is_said_once_when_it_stops_several_hunters(tmp_path, monkeypatch, lang) -> None:
    """Ana's closed season stops Bruno's and Chloé's hunters (rules: each goes into its owner's
    prey pile, Ana's lodge turns to "4"): the captions of that moment say "Closed season" once,
    then each hunter's fate, not the words again before every hunter."""
    from game.match import Match

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    app.settings.animation_speed = 4.0
    scene = make_table(app, "hbbb", seed=3)
    scene.match.reset_to([(1, "play hunter"), (2, "play hunter"), (3, "play wolf")])
    assert isinstance(scene.match, Match) and scene.match.human_to_act() == [0]
    scene._sync()
    settle(app, scene)
    shown = len(scene.captions)
    scene.submit("play closed_season")
    captions = []
    for _ in range(2000):
        frames(app, 1, 1 / 30)
        step = scene.animator.current
        if step is not None and step.caption and (not captions or captions[-1][0] is not step):
            captions.append((step, step.caption))
            if any(isinstance(e, CardMoved) and e.reason == "closed_season" for e in step.events):
                shot(app, tmp_path, f"jagdfieber_closed_season_{lang}")
        if not scene.animator.busy and captions:
            break
    stopped = [i for i, (step, _) in enumerate(captions)
               if any(isinstance(e, CardMoved) and e.reason == "closed_season" for e in step.events)]
    assert len(stopped) == 1 and "Bruno" in captions[stopped[0]][1] and "Chloé" in captions[stopped[0]][1]
    said = [text for _, text in captions[:stopped[0] + 1]]  # the reveal, the closed season, the hunters
    assert " ".join(said).count(scene.card_name("closed_season")) == 1, said
    assert len(scene.captions) > shown
