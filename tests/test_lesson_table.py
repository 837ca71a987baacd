"""A lesson at the real table (scenes/table/lesson.py), played through the table's own input:
every lesson to its end in both languages (what `tablee lesson GAME --check` does), a move other
than the step's refused with the step's hint, the pause menu, nothing recorded, the end's real
match, and the ways in: the main menu, the rules screen, the offer on a first match."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.lesson import MOVE, READ, lesson_games, load_lesson
from scenes.lesson_check import LessonDriver, play_lesson, run_lesson_command
from scenes.table.gestures import key_event
from scenes.table.lesson import LESSONS_DONE, LessonEndScene, LessonPauseScene, LessonTable
from tests.table_helpers import click, frames
from tests.table_helpers import make_app as table_app


def make_app(tmp_path, monkeypatch, size=(1280, 720)):
    """A headless app whose animations play at the settings' fastest (the same steps, sooner)."""
    app = table_app(tmp_path, monkeypatch, size=size)
    app.settings.animation_speed = 4.0
    return app


def open_lesson_table(app, game_id: str = "silver_amulet") -> LessonTable:
    table = LessonTable(app, load_lesson(game_id), think_seconds=0.0)
    app.push(table)
    return table


def advance(app, table, index: int, phase: str) -> None:
    LessonDriver(app, table).play(until=lambda run: (run.index, run.phase) == (index, phase))


def records_written(tmp_path) -> list[str]:
    home = tmp_path / "home"
    return sorted(p.name for p in home.rglob("*") if p.is_file() and p.parent.name in ("autosave", "history"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", lesson_games())
def test_every_lesson_plays_to_its_end_through_the_table(game_id, lang, capsys):
    """`tablee lesson GAME --check --lang L`: its last line, exit 0."""
    assert run_lesson_command(game_id, True, lang) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == f"lesson {game_id}: {len(load_lesson(game_id).steps)} steps"


def test_the_lesson_plays_on_the_small_window(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(800, 480))
    app.set_language("en")
    assert play_lesson(app, load_lesson("silver_amulet")) == len(load_lesson("silver_amulet").steps)


def test_a_wrong_move_is_refused_with_the_steps_hint(tmp_path, monkeypatch):
    """Step 3 asks to draw; taking the discard pile (a click on it, then its key) is legal in
    a match but refused here with the hint, and nothing changes; the table offers only the
    step's move (its button, its cards)."""
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = open_lesson_table(app)
    advance(app, table, 2, MOVE)
    step = table.run.step
    assert step.move == "draw"
    before = list(table.seats.match.history)
    ctx = table._composer_ctx()
    assert [press.action for press, _ in table.composer.presses(ctx)] == ["draw"]
    click(app, table.placements.regions["discard"].rect.center)
    frames(app, 2)
    hint = "In this lesson, draw first: click the deck or press D."
    assert table.seats.match.history == before and (table.run.index, table.run.phase) == (2, MOVE)
    assert (hint, True) in [(text, error) for text, error, _ in table.captions]
    assert table.refused, "the bubble shows the hint under the instruction"
    table.captions.clear()
    frames(app, 1, events=[key_event(pygame.K_t, "t")])
    assert table.seats.match.history == before and (hint, True) in [(t, e) for t, e, _ in table.captions]
    frames(app, 1, events=[key_event(pygame.K_d, "d")])  # the step's move is accepted
    assert table.seats.match.history[len(before):] == [(0, "draw")]


def test_a_wrong_card_is_refused_at_its_click(tmp_path, monkeypatch):
    """Step 2 asks to look at the 2nd and 5th cards: a click on the 1st says the hint at once."""
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = open_lesson_table(app)
    advance(app, table, 1, MOVE)
    region = table.placements.regions["village:0"]
    rects = region.card_rects(5)
    click(app, rects[0].center)
    hint = "In this lesson, look at your 2nd and 5th cards: click them (or type 2, then 5)."
    assert (hint, True) in [(text, error) for text, error, _ in table.captions]
    assert table.composer.composer is not None and not table.composer.composer.any_choice()
    click(app, rects[1].center)
    click(app, rects[4].center)
    assert table.seats.match.history == [(0, "peek 2 5")]


def test_an_illegal_move_keeps_the_rules_reason(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = open_lesson_table(app)
    advance(app, table, 2, MOVE)
    error = table.seats.refusal(0, "call count")  # five cards: not allowed by the rules
    assert error is not None and error.key != "lesson.hint"


def test_texts_wait_for_space_or_enter_or_the_bubbles_button(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_lesson_table(app)
    frames(app, 3)
    assert (table.run.index, table.run.phase) == (0, READ) and table.reading()
    assert table.active_seat() is None, "nothing to play while a text is shown"
    click(app, table.placements.regions["village:0"].card_rects(5)[0].center)
    assert ("Lisez d'abord la bulle, puis Espace ou Entrée (ou son bouton) pour continuer.", True) in [
        (text, error) for text, error, _ in table.captions]
    assert table.bubble is not None and table.bubble.button is not None
    click(app, table.bubble.button.center)
    assert (table.run.index, table.run.phase) == (1, MOVE)


def test_escape_opens_the_lesson_menu_to_restart_or_leave(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    menu = app.stack.top
    table = open_lesson_table(app)
    advance(app, table, 4, READ)
    frames(app, 1, events=[key_event(pygame.K_ESCAPE)])
    pause = app.stack.top
    assert isinstance(pause, LessonPauseScene)
    labels = [w.label() for w in pause.form.widgets()]
    assert labels == ["Reprendre", "Recommencer la leçon", "Règles", "Réglages", "Quitter la leçon"]
    pause.restart_button.activate()
    again = app.stack.top
    assert isinstance(again, LessonTable) and again is not table and (again.run.index, again.run.phase) == (0, READ)
    frames(app, 1, events=[key_event(pygame.K_ESCAPE)])
    app.stack.top.quit_button.activate()
    assert app.stack.top is menu


def test_a_lesson_has_no_undo_writes_no_record_and_ends_on_a_real_match(tmp_path, monkeypatch):
    """Never in History or the statistics, and an autosaved match stays as it was; its end
    offers a real match against easy computer players (the focused button)."""
    from game import records
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    saved = Match(MatchConfig("silver_amulet", [SeatConfig("Ana", HUMAN), SeatConfig("Bob", BOT)], seed=4), threaded=False)
    recorder = records.attach(saved)
    saved.submit(0, "peek 1 2")
    recorder.close()
    before = {p: p.read_bytes() for p in (tmp_path / "home").rglob("*") if p.is_file() and p.parent.name == "autosave"}
    assert before
    table = open_lesson_table(app)
    advance(app, table, 2, MOVE)
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)])
    assert any("ne s'annule pas" in text for text, _, _ in table.captions)
    LessonDriver(app, table).play()
    after = {p: p.read_bytes() for p in (tmp_path / "home").rglob("*") if p.is_file() and p.parent.name == "autosave"}
    assert after == before
    assert not [p for p in (tmp_path / "home").rglob("*") if p.parent.name == "history"]
    assert records.Statistics.load(records.RecordStore().root).games == {}
    end = app.stack.top
    assert isinstance(end, LessonEndScene) and end.form.focus is end.play_button
    assert "silver_amulet" in app.settings.extra[LESSONS_DONE]
    frames(app, 1, events=[key_event(pygame.K_RETURN)])
    real = app.stack.top
    assert isinstance(real, TableScene) and not isinstance(real, LessonTable)
    seats = real.match.config.seats
    assert real.game_id == "silver_amulet" and seats[0].kind == "human" and len(seats) == 3
    assert all(s.kind == "bot" and s.level == "easy" for s in seats[1:])


def test_the_scoring_is_explained_over_the_scoring_moment(tmp_path, monkeypatch):
    """The villages stay face up, the scoring boxes on the table, while the learner reads."""
    app = make_app(tmp_path, monkeypatch)
    table = open_lesson_table(app)
    first = next(s.index for s in table.lesson.steps if s.during == "tally")
    advance(app, table, first, READ)
    held = table.animator.held()
    assert held is not None and held.kind == "tally" and table.reading()
    frames(app, 30)
    assert table.animator.held() is held, "held until the learner moves on"
    view = table.view
    assert all(slot["face"] == "up" for row in view["villages"] for slot in row)


def trial_lesson(tmp_path, steps: str) -> Path:
    """A Wolf & Hound lesson file of `steps`: seat 0 holds a black 1 first; seat 1 has 1 sheep."""
    from game.engine import registry

    deck = registry.load("wolf_and_hound").game_deck({}, 4)
    deck.remove("black 1")
    text = f"""lesson: 1
game: wolf_and_hound
title: {{fr: "Essai", en: "Trial"}}
players: 4
names: [{{fr: B, en: B}}, {{fr: C, en: C}}, {{fr: D, en: D}}]
deal:
  start_seat: 0
  deck: {["black 1", *deck]}
  options: {{animals: [wolf_01, hound_01], sheep: [3, 1, 3, 3]}}
steps:
{steps}"""
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


PLAY_BLACK_1 = """  - say: {fr: "Jouez le noir 1.", en: "Play the black 1."}
    do: play black 1
    hint: {fr: "Dans cette leçon, jouez le noir 1.", en: "In this lesson, play the black 1."}
    then: {fr: "Le loup a pris son dernier mouton.", en: "The wolf took his last sheep."}
"""


def test_a_move_that_brings_the_scoring_holds_it_under_its_then(tmp_path, monkeypatch):
    """A step whose own move ends the round (`do` with `during: tally`): the scoring waits
    under its `then`, and on under the next step shown during it, until the learner moves on."""
    from game.lesson import THEN

    path = trial_lesson(tmp_path, PLAY_BLACK_1 + """    during: tally
  - say: {fr: "Un point chacun.", en: "One point each."}
    during: tally
    totals: [1, 0, 1, 0]
""")
    app = make_app(tmp_path, monkeypatch)
    table = LessonTable(app, load_lesson(None, path), think_seconds=0.0)
    app.push(table)
    advance(app, table, 0, THEN)
    held = table.animator.held()
    assert held is not None and held.kind == "tally" and table.reading()
    frames(app, 30)
    assert table.animator.held() is held, "held under the move's then"
    frames(app, 1, events=[key_event(pygame.K_SPACE)])
    assert (table.run.index, table.run.phase) == (1, READ) and table.animator.held() is held
    frames(app, 1, events=[key_event(pygame.K_SPACE)])
    frames(app, 120)
    assert isinstance(app.stack.top, LessonEndScene)


def test_the_then_text_points_at_what_the_move_changed(tmp_path, monkeypatch):
    """`point` lights the card to play and where it goes; once it is played, `then_point`
    (the wolf's new place, the forest it sent a sheep to), never the card now in its place."""
    from game.lesson import THEN

    path = trial_lesson(tmp_path, PLAY_BLACK_1.replace("    do:", "    point: [hand:me#1, spot:1]\n    do:")
                        + "    then_point: [spot:1, forest:1]\n")
    app = make_app(tmp_path, monkeypatch)
    table = LessonTable(app, load_lesson(None, path), think_seconds=0.0)
    app.push(table)
    regions = table.placements.regions
    advance(app, table, 0, MOVE)
    assert table.lit_rects() == [regions["hand:0"].card_rects(4)[0], regions["spot:1"].rect]
    advance(app, table, 0, THEN)
    assert table.lit_rects() == [regions["spot:1"].rect, regions["forest:1"].rect]


def test_the_bubble_keeps_clear_of_the_name_plates(tmp_path, monkeypatch):
    """A bubble that points at the middle of the table goes where it covers no seat's name
    plate nor the place where the animal cards stand (what the layout draws for a seat)."""
    path = trial_lesson(tmp_path, """  - say: {fr: "La pioche, au milieu du plateau, où l'on pioche une carte après avoir joué.", en: "The draw deck, in the middle of the board, where you draw a card after playing."}
    point: deck
""" + PLAY_BLACK_1)
    app = make_app(tmp_path, monkeypatch)
    table = LessonTable(app, load_lesson(None, path), think_seconds=0.0)
    app.push(table)
    frames(app, 3)
    assert table.bubble is not None
    regions = table.placements.regions
    kept = [regions[f"panel:{seat}"].rect for seat in range(4)] + [regions["spot:0"].rect]  # (the animals stand at 0)
    assert not [r for r in kept if table.bubble.rect.colliderect(r)]


def test_learn_to_play_lists_every_game_and_opens_a_lesson(tmp_path, monkeypatch):
    from game.engine import registry
    from scenes.lessons import LearnScene

    app = make_app(tmp_path, monkeypatch)
    app.push(app.scene("learn"))
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    assert list(learn.buttons) == list(registry.GAMES)
    assert {g for g, b in learn.buttons.items() if b.enabled} == set(lesson_games())
    assert learn.form.focus is learn.buttons[lesson_games()[0]], "the first game that has a lesson"
    frames(app, 1, events=[key_event(pygame.K_RETURN)])
    assert isinstance(app.stack.top, LessonTable)


def test_the_rules_screen_opens_the_games_lesson(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.push(app.scene("rules", game_id="silver_amulet"))
    rules = app.stack.top
    assert rules.lesson.enabled
    click(app, rules.form.screen_rect(rules.lesson).center)
    assert isinstance(app.stack.top, LessonTable)
    app.pop()
    app.push(app.scene("rules", game_id="jagdfieber"))
    assert app.stack.top.lesson.enabled
    app.pop()
    app.push(app.scene("rules", game_id="colour_call"))  # the tests' game has no lesson: no button to press
    assert not app.stack.top.lesson.enabled


def test_a_first_match_of_a_game_never_played_offers_its_lesson_once(tmp_path, monkeypatch):
    from scenes.lessons import LessonOfferScene, should_offer
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["lessons_offered"] = []  # a player who was never offered one
    assert should_offer(app, "silver_amulet", humans=1) and not should_offer(app, "silver_amulet", humans=0)
    setup = app.scene("setup", game_id="silver_amulet")
    app.push(setup)
    setup.start()
    offer = app.stack.top
    assert isinstance(offer, LessonOfferScene) and offer.form.focus is offer.take_button
    offer.play_button.activate()
    assert isinstance(app.stack.top, TableScene) and not isinstance(app.stack.top, LessonTable)
    assert not should_offer(app, "silver_amulet", humans=1), "asked once"
    app.pop()
    app.settings.extra["lessons_offered"] = []
    setup.start()
    frames(app, 1, events=[key_event(pygame.K_RETURN)])  # "Take the lesson" has the focus
    assert isinstance(app.stack.top, LessonTable)


def test_a_game_already_played_offers_no_lesson(tmp_path, monkeypatch):
    from scenes import lessons

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["lessons_offered"] = []
    monkeypatch.setattr(lessons, "played_count", lambda game_id: 1)
    assert not lessons.should_offer(app, "silver_amulet", humans=1)


def test_a_broken_lesson_is_said_and_opens_nothing(tmp_path, monkeypatch):
    from game import lesson as lesson_module
    from scenes import lessons

    app = make_app(tmp_path, monkeypatch)
    broken = tmp_path / "lesson.yaml"
    broken.write_text("lesson: 1\ngame: silver_amulet\n", encoding="utf-8")
    monkeypatch.setattr(lesson_module, "lesson_path", lambda game_id: broken)
    top = app.stack.top
    assert lessons.open_lesson(app, "silver_amulet") is False
    assert app.stack.top is top and any("lesson.yaml:" in n.text for n in app.notices)


def test_the_lesson_end_can_go_back_or_play_again(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    menu = app.stack.top
    table = open_lesson_table(app)
    app.push(LessonEndScene(app, table.lesson))
    app.stack.top.again_button.activate()
    again = app.stack.top
    assert isinstance(again, LessonTable) and again is not table and again.run.index == 0
    app.push(LessonEndScene(app, again.lesson))
    frames(app, 1, events=[key_event(pygame.K_ESCAPE)])
    assert app.stack.top is menu


def test_the_lesson_command_refuses_what_it_cannot_play(capsys, tmp_path, monkeypatch):
    """A game without a lesson, an unknown game, a lesson file the checks refuse: one `error:`
    line (and the file's problems), exit status 1."""
    from game import lesson as lesson_module

    assert "colour_call" not in lesson_games()  # the tests' game (tests/games/) has none
    assert run_lesson_command("colour_call", True, "en") == 1
    assert "has no lesson yet" in capsys.readouterr().err
    assert run_lesson_command("no_such_game", True, "en") == 1
    assert "error: unknown game 'no_such_game'" in capsys.readouterr().err
    broken = tmp_path / "lesson.yaml"
    broken.write_text(lesson_module.lesson_path("silver_amulet").read_text(encoding="utf-8").replace("totals: [0, 28, 41]", "totals: [9, 9, 9]"),
                      encoding="utf-8")
    monkeypatch.setattr(lesson_module, "lesson_path", lambda game_id: broken)
    assert run_lesson_command("silver_amulet", True, "en") == 1
    err = capsys.readouterr().err
    assert "totals are [9, 9, 9]" in err and "error: the lesson of silver_amulet is not valid" in err


def test_a_spot_finds_a_region_whose_name_holds_digits():
    """'loot_5:me' is the region 'loot_5:<seat at the screen>', '#2' its 2nd card."""
    from scenes.table.regions import ROW, Placements, Region
    from scenes.table.spotlight import spot_rect

    placements = Placements(pygame.Rect(0, 0, 800, 480))
    placements.add(Region("loot_5:2", ROW, pygame.Rect(100, 100, 200, 40), "loot_5", 2, (40, 40)))
    view = {"zones": {"loot_5": [[], [], ["fish", "fish"]]}}
    assert spot_rect(placements, view, "loot_5:me", 2) == pygame.Rect(100, 100, 200, 40)
    second = spot_rect(placements, view, "loot_5:2#2", 0)
    assert second.size == (40, 40) and second.x > 100


def test_the_bubble_points_at_the_first_spot_it_does_not_cover():
    """A step that lights a card at the left and a bait at the right points at the card (the
    middle of the two was a third card), then at the next spot when the bubble covers it."""
    from scenes.table.spotlight import pointed_at

    card, bait = pygame.Rect(100, 600, 40, 60), pygame.Rect(500, 600, 40, 60)
    assert pointed_at(pygame.Rect(200, 400, 300, 120), [card, bait]) == card
    assert pointed_at(pygame.Rect(80, 580, 100, 100), [card, bait]) == bait
    assert pointed_at(pygame.Rect(0, 500, 800, 200), [card, bait]) is None


def test_the_hint_of_a_refused_move_leaves_the_lit_cards_in_view(tmp_path, monkeypatch):
    """Fish Fish's first line asks for a Catch and the 4: a click on an Empty is refused, the
    bubble grows by the hint, and is placed again clear of the cards it lights (kept where it
    was, it covered them)."""
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = open_lesson_table(app, "fish_fish")
    advance(app, table, 2, MOVE)
    assert table.run.step.move == "line catch 4"
    frames(app, 2)
    before = table.bubble.rect.copy()
    empty = table.placements.regions["fishing:0"].card_rects(5)[3]
    click(app, empty.center)
    frames(app, 2)
    assert table.refused and table.seats.match.history == []
    assert table.bubble.rect.h > before.h, "the hint is in the bubble"
    assert not any(table.bubble.rect.colliderect(r) for r in table.lit_rects())


def test_the_bubble_keeps_its_distance_from_what_it_points_at(tmp_path, monkeypatch):
    """Fish Fish's step 8 points at the discard in the middle of the pond: the bubble sat edge
    to edge with it (nearer than a step away), over its light and with no room for a pointer."""
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = open_lesson_table(app, "fish_fish")
    advance(app, table, 7, READ)
    frames(app, 2)
    lit = table.lit_rects()
    room = app.px(12)
    assert lit and not any(table.bubble.rect.colliderect(r.inflate(2 * room, 2 * room)) for r in lit)


TWO_STEPS = """\
lesson: 1
game: jagdfieber
title: {fr: "Essai", en: "Trial"}
players: 3
names: [{fr: Lucie, en: Lucie}, {fr: Félix, en: Félix}]
deal: {start_seat: 1, deck: []}
steps:
  - others: ["1: play carrot", "2: play rabbit"]
    say: {fr: "Jouez un lapin.", en: "Play a rabbit."}
    do: play rabbit
    point: hand:me#4
    hint: {fr: "Dans cette leçon, jouez un lapin.", en: "In this lesson, play a rabbit."}
    then: {fr: "Il a mangé la carotte de Lucie.", en: "It ate Lucie's carrot."}
    then_point: prey_pile:me
  - say: {fr: "Fin.", en: "The end."}
"""


def test_the_bubble_leaves_the_moves_drop_zone_free_and_then_points_at_then_point(tmp_path, monkeypatch):
    """A drag's target is part of the move: while the step waits for it the bubble keeps off the
    zone the card goes to (here the play zone, which the step does not point at); with the
    `then` text, the lights and the bubble go to `then_point` (the rabbit has left the hand)."""
    path = tmp_path / "lesson.yaml"
    path.write_text(TWO_STEPS, encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    table = LessonTable(app, load_lesson(None, path), think_seconds=0.0)
    app.push(table)
    advance(app, table, 0, MOVE)
    frames(app, 2)
    play = table.placements.regions["play:0"].rect
    assert play in table._keep_clear([]), "the drop zone of the step's drag is kept clear"
    assert table.bubble is not None and not table.bubble.rect.colliderect(play)
    hand = table.placements.regions["hand:0"]
    assert table.lit_rects() == [hand.card_rects(10)[3]]
    advance(app, table, 0, "then")
    frames(app, 2)
    assert table.lit_rects() == [table.placements.regions["prey_pile:0"].rect]
    assert table.bubble is not None and not table.bubble.rect.colliderect(table.lit_rects()[0])
