"""The new-game screen, driven by synthetic keyboard and mouse events, builds the right MatchConfig."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai import BOT_NAMES
from scenes import app as app_module
from scenes.setup import SetupScene
from tests.test_app_support import StandInTable, click, frame, key, make_app, text


@pytest.fixture
def setup_app(monkeypatch, tmp_path):
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    StandInTable.opened.clear()
    app = make_app(monkeypatch, tmp_path)
    frame(app, key(pygame.K_RETURN))  # "New game" has the focus on the main menu
    assert isinstance(app.stack.top, SetupScene)
    app.stack.top.seed_source = random.Random(5)
    return app


def center(app, widget) -> tuple[int, int]:
    return app.stack.top.form.screen_rect(widget).center


def right_arrow(app, widget) -> tuple[int, int]:
    rect = app.stack.top.form.screen_rect(widget)
    return (rect.right - 5, rect.centery)


def test_defaults_one_human_and_computers_with_the_strongest_bot(setup_app) -> None:
    app = setup_app
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL))
    [config] = StandInTable.opened
    assert config.game_id == "jagdfieber"
    assert [s.kind for s in config.seats] == ["human", "bot", "bot", "bot"]
    assert config.seats[0].name == "Joueur 1"  # a name: sentences about the seat say "vous" themselves
    expected_bot = "ismcts" if "ismcts" in BOT_NAMES else "random"
    assert {s.bot for s in config.seats[1:]} == {expected_bot}
    assert config.options == {"start_seat": "random"}
    assert config.seed == random.Random(5).randrange(2**31)
    assert isinstance(app.stack.top, StandInTable)


def test_mouse_and_keyboard_choices_end_up_in_the_config(setup_app) -> None:
    app = setup_app
    scene = app.stack.top
    # Five players (mouse on the right arrow of the players choice).
    frame(app, *click(right_arrow(app, scene.players)))
    assert scene.players.value == 5
    # Rename seat 1 by mouse focus + typing; the default name is replaced only after erasing it.
    frame(app, *click(center(app, scene.seats[0].name)))
    frame(app, *[key(pygame.K_BACKSPACE)] * 10, text("Zoé"))
    # Seat 2 becomes a human with the keyboard: Tab from seat 1's name to its kind, then to seat 2
    # (seat 1's level is skipped: a human has no level).
    frame(app, key(pygame.K_TAB), key(pygame.K_TAB))
    assert scene.form.focus is scene.seats[1].name
    frame(app, key(pygame.K_TAB), key(pygame.K_LEFT))  # Human ‹ Computer › Network
    assert scene.seats[1].kind.value == "human"
    assert not scene.seats[1].level.enabled
    # Seat 3 plays hard (right arrow of its level: medium -> hard), seat 4 easy (left arrow).
    frame(app, *click(right_arrow(app, scene.seats[2].level)))
    rect = scene.form.screen_rect(scene.seats[3].level)
    frame(app, *click((rect.x + 5, rect.centery)))
    # The start card goes to seat 2: the start_seat choice lists Random then each seat.
    start = scene.option_widgets["start_seat"]
    frame(app, *click(right_arrow(app, start)), *click(right_arrow(app, start)))
    assert start.value == 1
    frame(app, *click(center(app, scene.start_button)))
    [config] = StandInTable.opened
    assert [s.name for s in config.seats][:2] == ["Zoé", "Joueur 2"]
    assert [s.kind for s in config.seats] == ["human", "human", "bot", "bot", "bot"]
    assert [s.level for s in config.seats[2:]] == ["hard", "easy", "medium"]
    assert config.options == {"start_seat": 1}


def test_fewer_players_drop_a_chosen_start_seat_that_no_longer_exists(setup_app) -> None:
    app = setup_app
    scene = app.stack.top
    scene.players.set_value(5)
    scene._players_changed()
    scene.option_widgets["start_seat"].set_value(4)
    frame(app, *click((scene.form.screen_rect(scene.players).x + 5, scene.form.screen_rect(scene.players).centery)))
    frame(app, *click((scene.form.screen_rect(scene.players).x + 5, scene.form.screen_rect(scene.players).centery)))
    assert scene.players.value == 3
    assert scene.option_widgets["start_seat"].value == "random"
    assert not scene.seats[3].row.visible


def test_escape_goes_back_to_the_menu_and_an_empty_name_gets_the_default(setup_app) -> None:
    app = setup_app
    scene = app.stack.top
    frame(app, *click(center(app, scene.seats[1].name)), *[key(pygame.K_BACKSPACE)] * 20)
    assert scene.seats[1].name.value == ""
    assert scene.build_config().seats[1].name == scene.seats[1].default_name()
    frame(app, key(pygame.K_ESCAPE))
    assert type(app.stack.top).__name__ == "MainMenuScene"


def test_a_refused_option_is_explained_on_screen(setup_app, monkeypatch) -> None:
    app = setup_app
    scene = app.stack.top
    monkeypatch.setitem(scene.option_widgets, "no_such_option", scene.option_widgets["start_seat"])
    scene.start()
    assert scene.message is not None and "no_such_option" in scene.message
    assert StandInTable.opened == []


def rules_with_presets():
    """Jagdfieber's rules plus a list option only presets set, and a bool they also set."""
    from game.engine import registry

    base = registry.load("jagdfieber")
    data = dict(base.data)
    data["options"] = {
        **base.option_decls,
        "extras": {"type": "list", "default": ["a"], "min": None, "max": None, "choices": None},
        "fast": {"type": "bool", "default": False, "min": None, "max": None, "choices": None},
    }
    data["presets"] = [
        {"id": "plain", "level": "first", "extras": ["a"]},
        {"id": "busy", "level": "expert", "extras": ["a", "b"], "fast": True},
    ]
    return type(base)("jagdfieber", data, base.source, {})


def test_presets_set_options_that_have_no_row_of_their_own(setup_app) -> None:
    app = setup_app
    scene = app.stack.top
    rules = rules_with_presets()
    assert rules.option_presets() == [("plain", {"extras": ["a"]}), ("busy", {"extras": ["a", "b"], "fast": True})]
    scene.games["jagdfieber"] = rules
    scene._game_changed()
    scene.resize(app.screen.get_size())
    assert scene.preset is not None and scene.preset.value == "plain"  # the one matching the defaults
    assert scene.options()["extras"] == ["a"] and scene.options()["fast"] is False
    frame(app, *click(right_arrow(app, scene.preset)))
    assert scene.preset.value == "busy"
    assert scene.option_widgets["fast"].value is True  # shown in its own row, still editable
    options = scene.options()
    assert options["extras"] == ["a", "b"] and options["fast"] is True
    # A change by hand that matches no preset shows "Custom" and keeps the rest as it was.
    frame(app, *click(center(app, scene.option_widgets["fast"])))
    assert scene.preset.value == "custom" and scene.preset.options[-1][1]() == "Personnalisée"
    assert scene.options()["extras"] == ["a", "b"] and scene.options()["fast"] is False


def test_ticking_cards_by_hand_finds_the_matching_preset(setup_app) -> None:
    from game.engine import registry

    app = setup_app
    scene = app.stack.top
    base = registry.load("jagdfieber")
    data = dict(base.data)
    data["options"] = {
        **base.option_decls,
        "cards": {"type": "list", "default": ["x"], "min": None, "max": None, "choices": ["x", "y", "z"]},
    }
    data["presets"] = [{"id": "one", "cards": ["x"]}, {"id": "two", "cards": ["y", "x"]}]
    scene.games["jagdfieber"] = type(base)("jagdfieber", data, base.source, {})
    scene._game_changed()
    scene.resize(app.screen.get_size())
    checks = scene.option_widgets["cards"]
    assert scene.preset.value == "one" and [c.value for c in checks.values()] == [True, False, False]
    scene.form.set_focus(checks["y"])
    frame(app, key(pygame.K_RETURN))  # tick "y": the options now make preset "two"
    assert scene.preset.value == "two" and scene.options()["cards"] == ["x", "y"]
    frame(app, key(pygame.K_DOWN), key(pygame.K_RETURN))  # tick "z" too
    assert scene.preset.value == "custom" and scene.options()["cards"] == ["x", "y", "z"]
    scene.preset.set_value("one")
    scene._apply_preset()
    assert scene.options()["cards"] == ["x"]


def test_the_next_setup_starts_from_the_last_choices_even_after_a_restart(setup_app, monkeypatch, tmp_path) -> None:
    app = setup_app
    scene = app.stack.top
    scene.players.set_value(3)
    scene._players_changed()
    scene.seats[0].name.value, scene.seats[0].edited = "Zoé", True
    scene.seats[2].level.set_value("hard")
    scene.start()
    again = make_app(monkeypatch, tmp_path)  # a new process reads the saved settings
    frame(again, key(pygame.K_RETURN))
    restored = again.stack.top
    assert restored.players.value == 3
    assert [s.display_name() for s in restored.seats[:3]] == ["Zoé", "Bastien", "Capucine"]
    assert restored.seats[2].level.value == "hard" and restored.seats[1].level.value == "medium"


def test_a_damaged_last_setup_is_ignored(setup_app) -> None:
    app = setup_app
    app.settings.extra["last_setup"] = {"game": "jagdfieber", "players": 9, "seats": [{"kind": "alien"}, 5]}
    scene = SetupScene(app)
    assert scene.players.value == 4 and scene.seats[0].kind.value == "human"


def test_a_game_without_a_table_layout_cannot_be_started_and_says_why(setup_app, monkeypatch) -> None:
    import scenes.layouts

    app = setup_app
    scene = app.stack.top
    monkeypatch.setattr(scenes.layouts, "has_layout", lambda game_id: False)
    scene._game_changed()
    assert not scene.start_button.enabled
    assert scene.start_button.tooltip() == "Jagdfieber ne peut pas encore se jouer sur la table : sa disposition n'est pas prête."
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL), *click(center(app, scene.start_button)))
    assert StandInTable.opened == [] and app.stack.top is scene


def test_one_step_from_human_is_a_computer_never_a_hosting_screen(setup_app) -> None:
    """One › from Human went to Network, and Start opened a hosting screen."""
    app = setup_app
    scene = app.stack.top
    seat = scene.seats[0]
    assert seat.kind.value == "human"
    frame(app, *click(right_arrow(app, seat.kind)))
    assert seat.kind.value == "bot"
    assert scene.start_button.label() == app.tr("setup.start") and not scene.network_seats()


def test_new_game_opens_at_its_top_and_up_goes_to_the_row_above(monkeypatch, tmp_path) -> None:
    """New game remembered its scroll position; Up from a name field went through the seat's
    other choices before the seat above."""
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    app = make_app(monkeypatch, tmp_path, size=(800, 480))
    frame(app, key(pygame.K_RETURN))
    scene = app.stack.top
    scene.game.set_value("kill_the_unicorns")
    scene._game_changed()
    scene.players.set_value(6)
    scene._players_changed()
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL))  # a match started with six seats
    app.main_menu()
    frame(app, key(pygame.K_RETURN))  # New game again
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.players.value == 6
    assert scene.form.scroll == 0  # the game choice in view
    scene.form.set_focus(scene.seats[3].name)
    frame(app, key(pygame.K_UP))
    assert scene.form.focus is scene.seats[2].name  # the seat above's name
    frame(app, key(pygame.K_UP))
    assert scene.form.focus is scene.seats[1].name
    frame(app, key(pygame.K_DOWN), key(pygame.K_DOWN))
    assert scene.form.focus is scene.seats[3].name
    frame(app, key(pygame.K_TAB))  # Tab still goes through every choice of the row
    assert scene.form.focus is scene.seats[3].kind


def test_a_computer_level_says_its_measured_strength_in_words(setup_app) -> None:
    """Pointing at a computer seat's level (mouse or keyboard focus) shows the game's measured
    strength of that level on the help line, in the current language; a person's seat, and a
    level the game has no measurement for, say nothing of it."""
    from game.ratings import level_strength
    from scenes.setup import level_words

    app = setup_app
    scene = app.stack.top
    seat = scene.seats[1]  # a computer at medium
    if seat.kind.value != "bot" or "ismcts" not in BOT_NAMES:
        pytest.skip("no search bot")
    measured = level_strength("jagdfieber", "medium")
    assert measured is not None and measured.against == "easy"
    scene.focus(seat.level)
    words = scene.form.tooltip()
    assert words == level_words(app, "jagdfieber", "medium")
    assert words.startswith("Moyen : gagne environ ") and f"{measured.wins} parties sur 10" in words
    assert f"contre {measured.opponents} joueurs faciles" in words
    frame(app)  # drawn on the help line without error
    seat.level.set_value("hard")
    assert scene.form.tooltip() == level_words(app, "jagdfieber", "hard")
    if level_strength("jagdfieber", "hard") is None:
        assert scene.form.tooltip() == ""
    scene.focus(scene.seats[0].level)  # a person: no level, no words
    assert scene.seats[0].strength_words() == ""
    # a team game says the partner's level and counts the opponents only
    scene.game.set_value("wolf_and_hound")
    scene._game_changed()
    team = level_strength("wolf_and_hound", "hard")
    assert team is not None and team.team
    app.set_language("en")
    said = level_words(app, "wolf_and_hound", "hard")
    assert said.startswith("Hard: with a medium partner, its team wins about ")
    assert said.endswith(f"against {team.opponents} medium players (measured)")
