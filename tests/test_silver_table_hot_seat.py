"""Two people at one screen play Silver: each sees, on their own turn and behind the privacy
screen, what their moves showed them (the opening peek, a seer's look, a robber's new card), held
until they end it themselves (Enter or the HUD button), never cut by the next player's pass
screen; a squire's look at the start of a turn waits behind that screen; Escape on the pass
screen opens the pause menu and shows no hand. Real key and mouse events go to the scene.
Screenshots go to $TABLEE_SHOTS when it is set (silver_hot_seat_<name>_<lang>.png)."""

from __future__ import annotations

import os

import pygame
import pytest

from scenes.pause import PauseScene
from tests.silver_helpers import slot_center, stacked
from tests.table_helpers import SHOTS_ENV, click, frames, settle
from tests.test_silver_table_powers import PEEKS, VILLAGES, played, press, table


def shot(app, name: str) -> None:
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        frames(app, 2)
        pygame.image.save(app.screen, os.path.join(folder, f"silver_hot_seat_{name}_{app.settings.language}.png"))


def shown(scene, seat: int) -> list[str]:
    """The pictures of `seat`'s village as the table draws them now ('v:<slot>:<mode>:<card>')."""
    region = scene.placements.regions[f"village:{seat}"]
    return scene.layout.region_cards(scene.view, region, scene.view["zones"]["village"][seat])


def peek_at_screen(app, scene, seat: int) -> None:
    assert scene.privacy_for == seat
    press(app, pygame.K_RETURN)
    assert scene.viewer == seat
    press(app, pygame.K_1, pygame.K_2)
    settle(app, scene)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_peek_stays_on_its_players_screen_until_they_hide_it(tmp_path, monkeypatch, lang) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    app, scene = table(tmp_path, monkeypatch, deck, [], kinds="hhb", lang=lang)
    peek_at_screen(app, scene, 0)
    # Ana's two cards face up, at her screen, and no pass screen yet
    assert scene.privacy_for is None and scene.viewer == 0 and scene.looks.looking == 0
    assert shown(scene, 0)[:2] == ["v:1:look:villager", "v:2:look:squire"]
    assert scene.active_seat() is None  # nothing to play meanwhile
    shot(app, "peek")
    press(app, pygame.K_a, pygame.K_1)  # stray keys and clicks do not end the look
    click(app, scene.placements.regions["deck"].rect.center)
    assert scene.looks.looking == 0 and scene.privacy_for is None
    assert any(t == app.tr("table.look_hint", name="Ana") for t, _, _ in scene.captions)  # said on screen
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.looks.looking is None and scene.privacy_for == 1 and scene.viewer is None
    peek_at_screen(app, scene, 1)
    assert shown(scene, 1)[:2] == ["v:1:look:squire", "v:2:look:squire"]
    assert all(":down:" in p for p in shown(scene, 0))  # Bruno sees none of Ana's cards
    click(app, scene.looks.button_rect().center)  # the HUD button ends it too
    settle(app, scene)
    assert scene.privacy_for == 0


def test_a_seers_look_is_held_for_its_player_and_hidden_from_the_next(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    app, scene = table(tmp_path, monkeypatch, deck, [], kinds="hhb")
    for seat in (0, 1):
        peek_at_screen(app, scene, seat)
        press(app, pygame.K_RETURN)
        settle(app, scene)
    press(app, pygame.K_RETURN)  # Ana's turn
    press(app, pygame.K_d)
    settle(app, scene)
    press(app, pygame.K_u)
    settle(app, scene)
    press(app, pygame.K_2, pygame.K_4)  # Bruno's card 4: a witch
    settle(app, scene)
    assert played(scene, "look 1 4")
    assert scene.privacy_for is None and scene.looks.looking == 0
    assert shown(scene, 1)[3] == "v:4:look:witch"
    shot(app, "seer")
    press(app, pygame.K_SPACE)
    settle(app, scene)
    assert scene.privacy_for == 1
    press(app, pygame.K_RETURN)
    assert scene.viewer == 1 and shown(scene, 1)[3] == "v:4:down:back"  # Bruno never looked at it


def test_escape_on_the_pass_screen_opens_the_pause_menu_without_a_hand(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    app, scene = table(tmp_path, monkeypatch, deck, [], kinds="hhb")
    assert scene.privacy_for == 0
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert isinstance(app.stack.top, PauseScene)
    assert scene.viewer is None and scene.privacy_for == 0
    import scenes.table.scene as table_scene

    drawn: list[str] = []
    real = table_scene.draw_privacy
    monkeypatch.setattr(table_scene, "draw_privacy", lambda surface, app, name, recap=None: (drawn.append(name), real(surface, app, name, recap)))
    app.dirty = True
    frames(app, 2)
    assert drawn and drawn[-1] == "Ana"  # under the menu: the pass screen, no table
    shot(app, "pause_on_pass_screen")
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is scene and scene.privacy_for == 0 and scene.viewer is None


def test_a_squires_look_at_the_start_of_a_turn_waits_behind_the_pass_screen(tmp_path, monkeypatch) -> None:
    """Bruno's squire lies face up: Ana's move ends her turn and Bruno's begins with his look at
    the deck's top card, told to nobody at Ana's screen; he sees it once he is at the screen."""
    deck = stacked(3, VILLAGES, "beholder", ["squire", "exposer", "exposer", "exposer", "seer"])
    history = [*PEEKS, (0, "draw"), (0, "discard"), (1, "take discard"), (1, "exchange 5")]
    app, scene = table(tmp_path, monkeypatch, deck, history, kinds="hhb")
    assert scene.privacy_for == 0 and scene.match.state.to_act() == [0]
    press(app, pygame.K_RETURN)
    press(app, pygame.K_d)
    settle(app, scene)
    press(app, pygame.K_x)
    settle(app, scene)
    top = scene.match.state.card_ids[scene.match.state.zones[scene.match.state.z_deck][-1]]
    assert scene.privacy_for == 1 and ("deck", 0) not in scene.layout.looks.get(0, {})
    press(app, pygame.K_RETURN)
    assert scene.viewer == 1 and scene.layout.looks[1][("deck", 0)] == top
    shot(app, "squire")


@pytest.mark.parametrize(("card", "clicks", "text", "seen"), [
    ("beholder", [(0, 3), (0, 4)], "look 3 4", [(0, 3, "empath"), (0, 4, "bodyguard")]),
    ("apprentice_seer", [(1, 4)], "look 1 4", [(1, 4, "witch")]),
    ("robber", [(0, 5), (1, 4)], "rob 5 1 4", [(0, 5, "witch")]),
])
def test_every_look_of_a_power_is_held_for_its_player(tmp_path, monkeypatch, card, clicks, text, seen) -> None:
    """Beholder, apprentice seer, robber at a two-human table: the cards the power shows stay
    face up at Ana's screen until she hides them; then Bruno's pass screen."""
    deck = stacked(3, VILLAGES, "exposer", [card])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "draw"), (0, "use")], kinds="hhb")
    assert scene.privacy_for == 0
    press(app, pygame.K_RETURN)
    for seat, slot in clicks:
        click(app, slot_center(scene, seat, slot))
    if not played(scene, text):
        press(app, pygame.K_RETURN)  # a choice of up to two cards: confirmed
    settle(app, scene)
    assert played(scene, text) and scene.looks.looking == 0 and scene.privacy_for is None
    for seat, slot, name in seen:
        assert shown(scene, seat)[slot - 1] == f"v:{slot}:look:{name}"
    shot(app, card)
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.privacy_for == 1


def test_an_empaths_look_and_a_witchs_deck_card_show_while_their_player_acts(tmp_path, monkeypatch) -> None:
    """Looks in the middle of a turn need no holding: they stay until the player's next move."""
    deck = stacked(3, VILLAGES, "exposer", ["witch", "doppelganger"])
    app, scene = table(tmp_path, monkeypatch, deck, PEEKS, kinds="hhb")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_d)
    settle(app, scene)
    press(app, pygame.K_u)
    settle(app, scene)
    assert scene.view["step"] == "power" and scene.active_seat() == 0 and scene.looks.looking is None
    assert scene.layout.looks[0][("deck", 0)] == "doppelganger"  # the witch's look, on the deck
    shot(app, "witch")


def test_an_empaths_free_look_shows_at_once_and_the_turn_goes_on(tmp_path, monkeypatch) -> None:
    from tests.test_silver_table_text_fit import SHORT, SHORT_HISTORY

    app, scene = table(tmp_path, monkeypatch, stacked(2, SHORT, "villager", ["squire", "empath", "seer", "witch", "exposer"]),
                       SHORT_HISTORY, kinds="hh")
    assert scene.privacy_for == 0
    press(app, pygame.K_RETURN, pygame.K_e)
    click(app, slot_center(scene, 0, 2))
    settle(app, scene)
    assert played(scene, "empath 2") and scene.active_seat() == 0 and scene.looks.looking is None
    assert shown(scene, 0)[1].startswith("v:2:look:")
    app.dirty = True
    frames(app, 2)
    assert scene.layout.mode == ""  # its one look of the turn made: no hint asking for another
    assert scene.hint() != app.tr("silver_amulet.hint_free_look")
    shot(app, "empath")


@pytest.mark.parametrize("aid", [False, True], ids=["plain", "memory_aid"])
def test_your_known_cards_read_the_same_on_later_turns_in_hot_seat_and_alone(tmp_path, monkeypatch, aid) -> None:
    """Once a look is over (hidden by its player at a hot-seat table; their next move alone at
    the table), the cards it showed are marked as known on that player's later turns, their
    value shown only with the memory aid, the same at both tables. Before, at a hot-seat table
    the opening peek came back face up after the pass screen, even without the aid."""
    mode = "aid" if aid else "known"
    deck = stacked(2, VILLAGES[:2], "beholder", ["seer"])
    app, scene = table(tmp_path / "hot", monkeypatch, deck, [], kinds="hh", memory_aid=aid)
    peek_at_screen(app, scene, 0)
    press(app, pygame.K_RETURN)  # Ana hides her look
    settle(app, scene)
    peek_at_screen(app, scene, 1)
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.privacy_for == 0
    press(app, pygame.K_RETURN)  # Ana back at the screen, her turn
    settle(app, scene)
    assert scene.viewer == 0 and scene.view["step"] == "main" and scene.active_seat() == 0
    hot = shown(scene, 0)
    assert hot == [f"v:1:{mode}:villager", f"v:2:{mode}:squire", "v:3:down:back", "v:4:down:back", "v:5:down:back"]
    assert all(":down:back" in p for p in shown(scene, 1))  # Bruno's peeked cards: not Ana's
    shot(app, f"later_turn_{mode}")

    app, scene = table(tmp_path / "alone", monkeypatch, deck, [], kinds="hb", memory_aid=aid)
    press(app, pygame.K_1, pygame.K_2)  # Ana's peek, shown until her next move
    settle(app, scene)
    assert shown(scene, 0)[:2] == ["v:1:look:villager", "v:2:look:squire"]
    click(app, scene.placements.regions["sheet"].rect.center)  # her next move (here a click on nothing)
    assert shown(scene, 0) == hot


def test_the_hide_your_cards_caption_leaves_with_its_player(tmp_path, monkeypatch) -> None:
    """'Ana: read, then hide your cards (Enter)…' stayed on Bruno's screen."""
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    app, scene = table(tmp_path, monkeypatch, deck, [], kinds="hhb")
    peek_at_screen(app, scene, 0)
    hint = app.tr("table.look_hint", name="Ana")
    assert any(text == hint for text, _ in scene._caption_lines())  # said while Ana reads
    press(app, pygame.K_RETURN)  # she hides her cards
    settle(app, scene)
    assert scene.privacy_for == 1
    press(app, pygame.K_RETURN)  # Bruno at the screen
    assert scene.viewer == 1
    assert not any(text == hint for text, _ in scene._caption_lines())
    assert not any(text.startswith("You") for text, _ in scene._caption_lines())  # nothing said to Ana is said to Bruno
