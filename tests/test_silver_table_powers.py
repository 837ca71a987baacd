"""Every Silver choice played at the table by a person, with the mouse and with the keyboard:
the amulet, the empath's look, the bodyguard's guard, each used power's targets (exposer,
revealer, beholder, apprentice seer, seer, master, witch, robber), the rascal's two cards,
single and multiple exchanges with their result explained, and refusals with their reason.

Each scenario stacks the deck (rules: ../shared/rules/silver_amulet.md) and replays the moves
before the human's turn, then drives the TableScene with synthetic clicks and keys. Screenshots
of each picking step go to $TABLEE_SHOTS when it is set (silver_power_<name>_<lang>.png)."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from game.engine import registry
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.silver_helpers import slot_center, stacked
from tests.table_helpers import SHOTS_ENV, click, frames, key, make_app, mouse, settle

NAMES = ["Ana", "Bruno", "Chloé", "Didier"]
VILLAGES = [["villager", "squire", "empath", "bodyguard", "rascal"],  # Ana, the human (seat 0)
            ["squire", "squire", "empath", "witch", "robber"],  # Bruno (seat 1)
            ["master", "seer", "empath", "exposer", "revealer"]]  # Chloé (seat 2)
PEEKS = [(0, "peek 1 2"), (1, "peek 1 2"), (2, "peek 1 2")]
LOW = ["squire", "squire", "empath", "empath", "rascal"]
HIGH = ["robber", "robber", "witch", "seer", "master"]


def table(tmp_path, monkeypatch, deck: list[Any], history: list[tuple[int, str]], kinds: str = "hbb",
          lang: str = "en", size: tuple[int, int] = (1280, 720), start: int = 0, **options: Any) -> Any:
    """A table whose match has played `history` (Ana's turn next), Ana at the screen; `options`:
    the match's other options (memory_aid)."""
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch, size=size)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    app.settings.animation_speed = 4.0  # the fastest a player can choose: fewer frames to draw, same moves
    app.set_language(lang)
    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig("silver_amulet", seats, seed=3, options={"start_seat": start, "deck": deck, **options})
    match = Match(config, think_seconds=0.0, threaded=False)
    match.reset_to(history)
    scene = TableScene(app, config, match)
    app.push(scene)
    settle(app, scene)
    return app, scene


def power_table(tmp_path, monkeypatch, card: str, more: list[str] = (), discard: str = "beholder",
                lang: str = "en") -> Any:
    """Ana has drawn `card` and used it: its targets are to be chosen."""
    deck = stacked(3, VILLAGES, discard, [card, *more])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "draw"), (0, "use")], lang=lang)
    assert scene.view["step"] == "power" and scene.view["power"] == card
    return app, scene




def press(app, *keys: int) -> None:
    for k in keys:
        frames(app, 1, events=[key(k)])


def played(scene, text: str) -> bool:
    return (0, text) in scene.match.history


def right_after(scene, text: str) -> tuple[Any, list[Any]]:
    """The state just after Ana's `text` (the bots play on at the table) and that move's events."""
    rules = registry.load("silver_amulet")
    state = rules.new_state(scene.match.num_seats, seed=scene.match.config.seed, options=dict(scene.match.config.options))
    for seat, done in scene.match.history:
        events = state.apply(seat, rules.parse_action(state, seat, done))
        if (seat, done) == (0, text):
            return state, events
    raise AssertionError(f"{text} was not played")


def log_text(scene) -> str:
    """Every line of the table's log, as the reader reads it."""
    return "\n".join(str(getattr(line, "text", line)) for line in scene.records.panel.lines())


def last_error(scene) -> str:
    errors = [t for t, error, _ in scene.captions if error]
    return errors[-1] if errors else ""


def shot(app, name: str) -> None:
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        frames(app, 2)
        pygame.image.save(app.screen, os.path.join(folder, f"silver_power_{name}_{app.settings.language}.png"))


def both_languages(test):
    return pytest.mark.parametrize("lang", ["fr", "en"])(test)


# ------------------------------------------------------------------------- own-card powers
@both_languages
def test_an_exposer_turns_a_clicked_card_and_its_bodyguard_then_guards_a_typed_slot(tmp_path, monkeypatch, lang) -> None:
    """Exposer: turn one of your face-down cards. A bodyguard turned face up asks at once for
    the other card of its village it guards (`guard N`)."""
    app, scene = power_table(tmp_path, monkeypatch, "exposer", lang=lang)
    shot(app, "exposer")
    click(app, slot_center(scene, 0, 4))
    settle(app, scene)
    assert played(scene, "turn 4")
    assert scene.view["villages"][0][3] == {"card": "bodyguard", "face": "up", "protected": False, "guarded": True}
    assert scene.view["pending_guard"] == 0
    shot(app, "bodyguard")
    press(app, pygame.K_4)  # the bodyguard itself: refused, with the engine's reason
    assert not any(t.startswith("guard") for _, t in scene.match.history)
    assert last_error(scene) == scene.game_text("error.guard_self")
    press(app, pygame.K_2)
    settle(app, scene)
    assert played(scene, "guard 2")
    assert scene.match.state.view(0)["villages"][0][1]["guarded"] is True


@both_languages
def test_a_revealer_turns_an_opponents_card_clicked_or_typed_seat_number_then_slot(tmp_path, monkeypatch, lang) -> None:
    """Revealer: any face-down card of any village (`turn S N`); seats typed as their badges
    show them, from 1 (Bruno, seat 1, is "2")."""
    app, scene = power_table(tmp_path, monkeypatch, "revealer")
    click(app, slot_center(scene, 1, 3))
    settle(app, scene)
    assert played(scene, "turn 1 3")
    assert scene.match.state.view(None)["villages"][1][2] == {"card": "empath", "face": "up", "protected": False,
                                                              "guarded": False}
    app, scene = power_table(tmp_path / "keys", monkeypatch, "revealer", lang=lang)
    press(app, pygame.K_3)
    assert scene.composer.cards.typed_seat == 2 and scene.view["step"] == "power"
    shot(app, "revealer_seat_typed")
    press(app, pygame.K_5)
    settle(app, scene)
    assert played(scene, "turn 2 5")


@both_languages
def test_a_beholder_looks_at_one_card_with_enter_or_at_two_without(tmp_path, monkeypatch, lang) -> None:
    """Beholder: up to two of your face-down cards (`look N [M]`): one card waits for Enter
    (a second may follow); the second sends at once."""
    app, scene = power_table(tmp_path, monkeypatch, "beholder", lang=lang)
    click(app, slot_center(scene, 0, 3))
    settle(app, scene)
    assert not any(t.startswith("look") for _, t in scene.match.history)  # `look 3 4` is still possible
    shot(app, "beholder")
    click(app, slot_center(scene, 0, 5))
    settle(app, scene)
    assert played(scene, "look 3 5")
    known = scene.match.state.view(0)["villages"][0]
    assert (known[2]["card"], known[4]["card"]) == ("empath", "rascal")

    app, scene = power_table(tmp_path / "one", monkeypatch, "beholder")
    press(app, pygame.K_4)
    assert scene.view["step"] == "power"
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert played(scene, "look 4")
    assert scene.match.state.view(0)["villages"][0][3]["card"] == "bodyguard"


def test_a_chosen_card_clicked_again_is_taken_back(tmp_path, monkeypatch) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "beholder")
    click(app, slot_center(scene, 0, 3))
    assert scene.composer.composer.picked("t0") == ["3"]
    click(app, slot_center(scene, 0, 3))
    assert scene.composer.composer.picked("t0") == []
    press(app, pygame.K_RETURN)  # nothing chosen: nothing sent
    assert scene.view["step"] == "power"


# ------------------------------------------------------------------------- others' cards
@both_languages
def test_an_apprentice_seer_looks_at_an_opponents_card_and_is_refused_her_own(tmp_path, monkeypatch, lang) -> None:
    """Apprentice seer: one opponent's face-down card (`look S N`); her own cards are refused
    with the reason."""
    app, scene = power_table(tmp_path, monkeypatch, "apprentice_seer", lang=lang)
    shot(app, "apprentice_seer")
    click(app, slot_center(scene, 0, 3))
    assert scene.view["step"] == "power" and last_error(scene)
    assert last_error(scene) == scene.game_text("error.opponents_only")
    click(app, slot_center(scene, 2, 4))
    settle(app, scene)
    assert played(scene, "look 2 4")
    assert scene.match.state.view(0)["villages"][2][3]["card"] == "exposer"


@both_languages
def test_a_seer_looks_at_any_card_typed_as_seat_number_then_slot(tmp_path, monkeypatch, lang) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "seer", lang=lang)
    shot(app, "seer")
    press(app, pygame.K_2, pygame.K_5)  # Bruno's slot 5
    settle(app, scene)
    assert played(scene, "look 1 5")
    assert scene.match.state.view(0)["villages"][1][4]["card"] == "robber"


def test_a_seat_number_that_is_not_at_the_table_is_refused(tmp_path, monkeypatch) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "seer")
    press(app, pygame.K_7)
    assert scene.composer.cards.typed_seat is None and last_error(scene) == app.tr("table.no_such_seat", number=7)


@both_languages
def test_a_robber_takes_an_opponents_card_clicked_in_either_order(tmp_path, monkeypatch, lang) -> None:
    """Robber: one of your cards, then an opponent's (`rob N S M`); the click order does not
    matter; the card received is looked at."""
    app, scene = power_table(tmp_path, monkeypatch, "robber", lang=lang)
    click(app, slot_center(scene, 2, 2))  # Chloé's seer first
    assert scene.view["step"] == "power"
    shot(app, "robber")
    click(app, slot_center(scene, 0, 5))
    settle(app, scene)
    assert played(scene, "rob 5 2 2")
    assert scene.match.state.view(0)["villages"][0][4]["card"] == "seer"


@both_languages
def test_a_witch_swaps_the_deck_top_with_a_clicked_card_or_leaves_it_with_n(tmp_path, monkeypatch, lang) -> None:
    """Witch: look at the deck's top card; swap it with any village card (`swap S N`), or leave it."""
    app, scene = power_table(tmp_path, monkeypatch, "witch", ["doppelganger"], lang=lang)
    shot(app, "witch")
    click(app, slot_center(scene, 1, 4))
    settle(app, scene)
    assert played(scene, "swap 1 4")
    assert scene.match.state.view(0)["villages"][1][3]["card"] == "doppelganger"

    app, scene = power_table(tmp_path / "leave", monkeypatch, "witch", ["doppelganger"])
    press(app, pygame.K_n)
    settle(app, scene)
    assert played(scene, "leave")


@both_languages
def test_a_master_picks_the_kth_card_of_the_spread_pile_then_the_card_it_replaces(tmp_path, monkeypatch, lang) -> None:
    """Master: any card of the discard pile, spread out (`take K exchange N`, K = 1 the top)."""
    deck = stacked(3, VILLAGES, "beholder", ["villager", "squire", "doppelganger", "master"])
    history = [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"), (2, "draw"), (2, "discard"),
               (0, "draw"), (0, "use")]
    app, scene = table(tmp_path, monkeypatch, deck, history, lang=lang)
    assert scene.view["discard"] == ["doppelganger", "squire", "villager", "beholder"]
    pile = scene.placements.regions["discard"]
    assert pile.kind == "grid"  # spread out
    cards = scene.view["zones"]["discard"]
    rects = pile.card_rects(len(cards))
    third = rects[len(cards) - 3]  # the third from the top
    shot(app, "master")
    click(app, third.center)
    assert scene.composer.composer.picked("t0") == ["3"]
    click(app, slot_center(scene, 0, 1))
    settle(app, scene)
    assert played(scene, "take 3 exchange 1")
    state, _ = right_after(scene, "take 3 exchange 1")
    assert state.view(None)["villages"][0][0] == {"card": "villager", "face": "up", "protected": False, "guarded": False}


def test_a_master_by_keys_rank_then_slot(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["villager", "squire", "doppelganger", "master"])
    history = [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"), (2, "draw"), (2, "discard"),
               (0, "draw"), (0, "use")]
    app, scene = table(tmp_path, monkeypatch, deck, history)
    press(app, pygame.K_1, pygame.K_2)
    settle(app, scene)
    assert played(scene, "take 1 exchange 2")


# --------------------------------------------------------------------- face-up characters
@both_languages
def test_an_empath_looks_by_its_button_then_a_click_and_by_e_then_a_digit(tmp_path, monkeypatch, lang) -> None:
    """Empath face up: once a turn, look at one of your face-down cards (`empath N`)."""
    deck = stacked(3, VILLAGES, "empath", ["villager", "rascal"])
    history = [*PEEKS, (0, "take discard"), (0, "exchange 5"), (1, "draw"), (1, "discard"), (2, "draw"), (2, "discard")]
    app, scene = table(tmp_path, monkeypatch, deck, history, lang=lang)
    (button, rect), = scene.composer.own_buttons(scene._composer_ctx())
    assert button.name == "empath"
    click(app, rect.center)
    shot(app, "empath")
    click(app, slot_center(scene, 0, 5))  # the empath itself lies face up: refused, with the reason
    assert last_error(scene) == scene.game_text("error.face_up") and scene.layout.mode == "empath"
    click(app, slot_center(scene, 0, 4))
    settle(app, scene)
    assert played(scene, "empath 4")
    assert scene.match.state.view(0)["villages"][0][3]["card"] == "bodyguard"

    app, scene = table(tmp_path / "keys", monkeypatch, deck, history)
    press(app, pygame.K_e, pygame.K_3)
    settle(app, scene)
    assert played(scene, "empath 3")


@both_languages
def test_a_rascal_face_up_keeps_the_clicked_card_or_the_typed_one(tmp_path, monkeypatch, lang) -> None:
    """Rascal face up: draw two, keep one (`keep 1` the former top), the other goes back."""
    deck = stacked(3, VILLAGES, "beholder", ["exposer", "villager", "squire", "seer", "witch"])
    history = [*PEEKS, (0, "draw"), (0, "use"), (0, "turn 5"), (1, "draw"), (1, "discard"), (2, "draw"),
               (2, "discard"), (0, "draw")]
    app, scene = table(tmp_path, monkeypatch, deck, history, lang=lang)
    assert scene.view["step"] == "rascal" and scene.view["drawn"] == ["seer", "witch"]
    shot(app, "rascal")
    drawn = scene.placements.regions["drawn:0"]
    click(app, drawn.card_rects(2)[1].center)
    settle(app, scene)
    assert played(scene, "keep 2") and scene.view["drawn"] == ["witch"]

    app, scene = table(tmp_path / "keys", monkeypatch, deck, history)
    press(app, pygame.K_1)
    settle(app, scene)
    assert played(scene, "keep 1")


def amulet_table(tmp_path, monkeypatch, lang: str = "en") -> Any:
    """Round 2: Ana (against a bot) won the amulet by calling in round 1; her turn starts."""
    round2 = stacked(2, [HIGH, LOW], "villager", ["doppelganger", "seer"])
    round1 = stacked(2, [["rascal", "rascal", "squire", "empath", "villager"], HIGH], "villager",
                     ["squire", "doppelganger", "doppelganger"])
    history = [(0, "peek 1 2"), (1, "peek 1 2"), (0, "draw"), (0, "exchange 1 2"), (1, "draw"), (1, "discard"),
               (0, "call count"), (1, "draw"), (1, "discard"), (0, "peek 1 2"), (1, "peek 1 2")]
    app, scene = table(tmp_path, monkeypatch, [round1, round2], history, kinds="hb", lang=lang)
    assert scene.view["amulet"] == 0 and scene.view["round"] == 2 and scene.view["step"] == "main"
    return app, scene


@both_languages
def test_the_amulet_is_placed_by_its_button_and_then_protects_the_card(tmp_path, monkeypatch, lang) -> None:
    """The amulet's holder places it once a round on a card of their village (`amulet N`)."""
    app, scene = amulet_table(tmp_path, monkeypatch, lang)
    press(app, pygame.K_a)
    assert scene.layout.mode == "amulet"
    shot(app, "amulet")
    click(app, slot_center(scene, 0, 3))
    settle(app, scene)
    assert played(scene, "amulet 3")
    assert scene.match.state.view(1)["villages"][0][2]["protected"] is True


# ----------------------------------------------------------------------------- exchanges
def test_a_single_exchange_of_the_taken_discard_by_click_and_confirm(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "squire")
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "take discard")])
    click(app, slot_center(scene, 0, 5))
    assert not played(scene, "exchange 5")  # several cards may still be announced
    confirm = scene.layout.confirm_rect(scene.ctx())
    assert confirm is not None and confirm[1] == "exchange 5"
    assert [b.name for b, _ in scene.composer.own_buttons(scene._composer_ctx())] == ["confirm"]
    click(app, confirm[0].center)
    settle(app, scene)
    assert played(scene, "exchange 5")
    assert scene.match.state.view(None)["villages"][0][4]["card"] == "squire"


@both_languages
def test_a_matched_multiple_exchange_is_explained(tmp_path, monkeypatch, lang) -> None:
    """Two identical cards announced: both discarded, the new card in the leftmost slot; the
    log says they matched."""
    villages = [["squire", "squire", "empath", "bodyguard", "rascal"], ["villager", "master", "empath", "witch", "robber"],
                VILLAGES[2]]
    deck = stacked(3, villages, "beholder", ["doppelganger"])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "draw")], lang=lang)
    click(app, slot_center(scene, 0, 1))
    click(app, slot_center(scene, 0, 2))
    shot(app, "exchange_two")
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert played(scene, "exchange 1 2")
    state, events = right_after(scene, "exchange 1 2")
    assert [slot["card"] for slot in state.view(0)["villages"][0]] == ["doppelganger", None, None, None]
    matched = scene.game_text("note.exchange_matched.you", seat=scene.name(0), count=2)
    assert matched in log_text(scene)
    if lang == "fr":  # Ana reads "Vos 2 cartes"; the others read her name with its elision
        assert matched.startswith("Vos 2 cartes")
        assert "d'Ana" in scene.game_text("note.exchange_matched", seat=scene.name(0), count=2)


@both_languages
def test_a_failed_multiple_exchange_of_three_cards_is_explained_with_its_penalty(tmp_path, monkeypatch, lang) -> None:
    """Three different cards announced: they stay face up, the new card and a face-down penalty
    card go to the right end; the log says so."""
    deck = stacked(3, VILLAGES, "beholder", ["doppelganger", "witch"])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "draw")], lang=lang)
    press(app, pygame.K_1, pygame.K_2, pygame.K_3)
    shot(app, "exchange_three")
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert played(scene, "exchange 1 2 3")
    state, _ = right_after(scene, "exchange 1 2 3")
    row = state.view(0)["villages"][0]
    assert [(s["card"], s["face"]) for s in row] == [("villager", "up"), ("squire", "up"), ("empath", "up"), (None, "down"),
                                                    (None, "down"), ("doppelganger", "down"), (None, "down")]
    log = log_text(scene)
    assert scene.game_text("note.exchange_failed.you", seat=scene.name(0), count=3) in log
    assert scene.game_text("move.penalty.you", actor=scene.name(0), card=scene.card_name(None), to_slot=7) in log


# ------------------------------------------------------------------------------- reading
@both_languages
def test_hovering_a_card_reads_its_power_from_the_yaml_and_no_more_than_the_viewer_knows(tmp_path, monkeypatch, lang) -> None:
    """Tooltips: a face-up character says its name, value and power (the YAML's text in the
    player's language); a face-down card Ana saw is only said to be seen (remembering is the
    game); one she never saw says so; every zone says its rule."""
    app, scene = power_table(tmp_path, monkeypatch, "exposer", lang=lang)
    ctx = scene.ctx()
    powers = registry.load("silver_amulet").data["characters"]
    regions = scene.placements.regions
    discard = scene.layout.tooltip(ctx, regions["discard"], 0)
    assert powers["beholder"]["power"][lang] in discard
    assert scene.game_text("zone.discard.rule") in discard
    drawn = scene.layout.tooltip(ctx, regions["drawn:0"], 0)
    assert powers["exposer"]["power"][lang] in drawn
    assert app.tr("silver_amulet.tip_card", name=scene.game_text("card.exposer"), value=5) in drawn
    seen = scene.layout.tooltip(ctx, regions["village:0"], 0)  # Ana peeked at her villager
    assert app.tr("silver_amulet.tip_known") in seen and scene.game_text("card.villager") not in " ".join(seen)
    unseen = scene.layout.tooltip(ctx, regions["village:1"], 2)
    assert app.tr("silver_amulet.tip_down") in unseen and app.tr("silver_amulet.tip_slot", slot=3) in unseen
    amulet = scene.layout.tooltip(ctx, regions["amulet"], None)
    assert scene.game_text("marker.amulet.rule") in amulet
    click(app, slot_center(scene, 0, 4))  # the bodyguard turns face up: now anyone may read it
    settle(app, scene)
    up = scene.layout.tooltip(scene.ctx(), scene.placements.regions["village:0"], 3)
    assert powers["bodyguard"]["power"][lang] in up
    frames(app, 1, events=[mouse("move", slot_center(scene, 0, 4))])
    frames(app, 30)
    shot(app, "tooltip")


@both_languages
def test_every_zone_of_the_silver_table_says_what_it_is_and_its_rule(tmp_path, monkeypatch, lang) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "seer", lang=lang)
    rules_texts = {v for k, v in scene.rules._texts[lang].items() if k.endswith(".rule")}
    for region in scene.reader.regions():
        lines = scene.layout.tooltip(scene.ctx(), region, None)
        assert lines and lines[0], region.name
        if region.kind != "panel":
            assert rules_texts & set(lines), f"no {lang} rule in the tooltip of {region.name}: {lines}"


# ------------------------------------------------------------------------------ hot-seat
def test_hot_seat_shows_no_second_privacy_screen_when_the_same_player_acts_again(tmp_path, monkeypatch) -> None:
    """Two people at one screen: each peek is behind the privacy screen; then Ana draws a seer
    and uses it — she is still at the screen and nobody else came, so her target is chosen at
    once (no screen between draw, use and look); Bruno's turn gets the screen again."""
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    app, scene = table(tmp_path, monkeypatch, deck, [], kinds="hhb")
    for seat in (0, 1):
        assert scene.privacy_for == seat
        press(app, pygame.K_RETURN)
        assert scene.viewer == seat
        press(app, pygame.K_1, pygame.K_2)
        settle(app, scene)
        assert scene.looks.looking == seat  # the peeked cards stay until their player hides them
        press(app, pygame.K_RETURN)
        settle(app, scene)
    assert scene.privacy_for == 0  # Bruno was at the screen last: Ana's turn starts behind it
    press(app, pygame.K_RETURN)
    press(app, pygame.K_d)
    settle(app, scene)
    assert scene.privacy_for is None and scene.viewer == 0 and scene.view["drawn"] == ["seer"]
    press(app, pygame.K_u)
    settle(app, scene)
    assert scene.privacy_for is None and scene.active_seat() == 0 and scene.view["step"] == "power"
    press(app, pygame.K_2, pygame.K_4)
    settle(app, scene)
    assert played(scene, "look 1 4")
    assert scene.looks.looking == 0  # the look stays until Ana hides it
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.privacy_for == 1  # Bruno's turn: the screen again


def test_french_texts_elide_de_before_a_vowel() -> None:
    """"le village d'Ana", not "de Ana"; "de Bruno" stays; English is untouched."""
    rules = registry.load("silver_amulet")
    assert rules.text("fr", "move.witch_in", actor="Bruno", card="Écuyer", to="Ana", to_slot=2) == "La sorcière de Bruno place Écuyer dans le village d'Ana (place 2)."
    assert rules.text("fr", "move.witch_in", actor="Ana", card="Écuyer", to="Bruno", to_slot=2) == "La sorcière d'Ana place Écuyer dans le village de Bruno (place 2)."
    assert rules.text("fr", "marker.guard.chosen", seat="Émile", slot=2) == "Le garde du corps d'Émile protège la place 2."
    assert rules.text("en", "move.witch_in", actor="Bruno", card="Squire", to="Ana", to_slot=2) == "Bruno's witch puts Squire into Ana's village, slot 2."
