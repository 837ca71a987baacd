"""A Silver village past 9 cards, played from the keyboard: slots 10 and above are typed with
both digits (composer_number.py), for an exchange and for a power's target, in both languages.

A failed exchange keeps the announced cards face up and adds the new card at the right end, and
three or more announced cards add a face-down penalty card too (../shared/rules/silver_amulet.md,
"Exchanging several cards"): four failed exchanges grow Ana's village from 5 to 13 cards."""

from __future__ import annotations

import pygame

from scenes.table.composer_number import HOLD_SECONDS
from tests.silver_helpers import stacked
from tests.table_helpers import frames
from tests.test_silver_table_powers import VILLAGES, both_languages, played, press, shot, table

# Ana draws and keeps each card, the rascal face up in her village making her draw two
DECK = ["exposer", "revealer", "beholder", "apprentice_seer", "seer", "master", "witch", "robber",
        "exposer", "revealer", "beholder", "apprentice_seer", "seer", "master", "witch", "robber",
        "exposer", "revealer"]
BOTS = [(1, "draw"), (1, "discard"), (2, "draw"), (2, "discard")]
GROWN = [(0, "peek 1 2"), (1, "peek 1 2"), (2, "peek 1 2"),
         (0, "draw"), (0, "exchange 1 2 3 4 5"), (0, "guard 1"), *BOTS,  # 5 mismatched: 7 cards
         (0, "draw"), (0, "keep 1"), (0, "exchange 1 6 7"), *BOTS,  # 9 cards
         (0, "draw"), (0, "keep 1"), (0, "exchange 1 8 9"), *BOTS,  # 11 cards
         (0, "draw"), (0, "keep 1"), (0, "exchange 1 10 11"), *BOTS]  # 13 cards


def long_village(tmp_path, monkeypatch, lang: str, *more: tuple[int, str]):
    """Ana's village has 13 cards (slots 12 and 13 face down); she has drawn the exposer and
    the revealer (rascal) and the moves `more` are played."""
    app, scene = table(tmp_path, monkeypatch, stacked(3, VILLAGES, "beholder", DECK), [*GROWN, (0, "draw"), *more], lang=lang)
    village = scene.view["villages"][0]
    assert len(village) == 13 and [slot["face"] for slot in village[11:]] == ["down", "down"]
    return app, scene


@both_languages
def test_slot_12_is_exchanged_by_typing_1_then_2(tmp_path, monkeypatch, lang) -> None:
    app, scene = long_village(tmp_path, monkeypatch, lang, (0, "keep 1"))
    press(app, pygame.K_1)  # slot 1, or 10 to 13: it waits on screen
    assert scene.composer.typing.digits == "1" and scene.composer.composer.picked("village") == []
    shot(app, "typed_1")
    press(app, pygame.K_2)
    assert scene.composer.typing.digits == "" and scene.composer.composer.picked("village") == ["12"]
    press(app, pygame.K_RETURN)
    assert played(scene, "exchange 12")


@both_languages
def test_slot_1_then_slot_12_in_one_multiple_exchange_with_space(tmp_path, monkeypatch, lang) -> None:
    app, scene = long_village(tmp_path, monkeypatch, lang, (0, "keep 1"))
    press(app, pygame.K_1, pygame.K_SPACE, pygame.K_KP1, pygame.K_KP2)
    assert scene.composer.composer.picked("village") == ["1", "12"]
    press(app, pygame.K_RETURN)
    assert played(scene, "exchange 1 12")


def test_a_waiting_digit_is_taken_after_a_pause_or_by_enter_and_erased_by_backspace(tmp_path, monkeypatch) -> None:
    app, scene = long_village(tmp_path, monkeypatch, "en", (0, "keep 1"))
    press(app, pygame.K_1)
    frames(app, int(HOLD_SECONDS * 60) - 10)
    assert scene.composer.composer.picked("village") == []  # still waiting
    frames(app, 20)
    assert scene.composer.composer.picked("village") == ["1"]
    press(app, pygame.K_1, pygame.K_BACKSPACE)  # the second 1 erased while it waits: slot 1 stays
    assert scene.composer.typing.digits == "" and scene.composer.composer.picked("village") == ["1"]
    press(app, pygame.K_ESCAPE)  # Escape puts the choice down
    assert scene.composer.composer.picked("village") == []
    press(app, pygame.K_1, pygame.K_RETURN)  # Enter takes the waiting 1, then confirms
    assert played(scene, "exchange 1")


def test_a_digit_that_cannot_extend_the_waiting_number_starts_the_next(tmp_path, monkeypatch) -> None:
    """'1' then '6': no slot 16, so slot 1 is taken and 6 is typed after it (refused: the
    face-up villager and exposer cannot match, with the engine's reason)."""
    app, scene = long_village(tmp_path, monkeypatch, "en", (0, "keep 1"))
    press(app, pygame.K_1, pygame.K_3)
    assert scene.composer.composer.picked("village") == ["13"]
    press(app, pygame.K_ESCAPE, pygame.K_1, pygame.K_6)
    assert scene.composer.composer.picked("village") == ["1"]
    assert any(error for _, error, _ in scene.captions)


@both_languages
def test_an_exposer_turns_slot_13_typed_1_then_3(tmp_path, monkeypatch, lang) -> None:
    """Exposer: turn one of your own face-down cards face up (`turn N`)."""
    app, scene = long_village(tmp_path, monkeypatch, lang, (0, "keep 1"), (0, "use"))
    assert scene.view["power"] == "exposer"
    press(app, pygame.K_1)
    shot(app, "exposer_typed_1")
    press(app, pygame.K_3)
    assert played(scene, "turn 13")


@both_languages
def test_a_revealer_turns_slot_12_typed_seat_1_then_1_then_2(tmp_path, monkeypatch, lang) -> None:
    """Revealer: any face-down card of any village (`turn S N`): the seat's badge number, then
    the slot with both digits."""
    app, scene = long_village(tmp_path, monkeypatch, lang, (0, "keep 2"), (0, "use"))
    assert scene.view["power"] == "revealer"
    press(app, pygame.K_1)  # seats are 1 to 3: taken at once
    assert scene.composer.cards.typed_seat == 0
    press(app, pygame.K_1)
    assert scene.composer.typing.digits == "1"
    shot(app, "revealer_typed_1")
    press(app, pygame.K_2)
    assert played(scene, "turn 0 12")


def test_backspace_takes_back_the_last_card_of_your_own_village_picked(tmp_path, monkeypatch) -> None:
    """A digit no longer waiting: Backspace takes the last chosen card back, then the one
    before (the multi-pick of an exchange, as for a power's targets)."""
    app, scene = long_village(tmp_path, monkeypatch, "en", (0, "keep 1"))
    press(app, pygame.K_2, pygame.K_SPACE, pygame.K_1, pygame.K_2)
    assert scene.composer.composer.picked("village") == ["2", "12"]
    press(app, pygame.K_BACKSPACE)
    assert scene.composer.composer.picked("village") == ["2"]
    press(app, pygame.K_BACKSPACE)
    assert scene.composer.composer.picked("village") == []
    press(app, pygame.K_3, pygame.K_RETURN)
    assert played(scene, "exchange 3")
