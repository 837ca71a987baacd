"""The action composer on templates: what each step offers comes from the legal action texts,
min/max and confirm, the text a refused step asks the engine about, and the keyboard path."""

from __future__ import annotations

import pygame
import pytest

from scenes.table.composer import (
    CARD,
    PILE,
    Composer,
    Confirm,
    Counter,
    Pick,
    Press,
    Target,
    Word,
    free_letters,
)
from tests.table_helpers import frames, key, make_app

LINE = (Pick("fishing", keys="initial")
        >> Pick("baits", token=lambda picture: picture.partition(":")[2], keys="token")
        >> Confirm("line {fishing} {baits}", auto=True))
HUNT = Pick("hand", count=(1, 3)) >> Confirm("hunt {hand}")
BET = Counter("count") >> Confirm("bet {count}")


def test_each_step_offers_only_what_still_leads_to_a_legal_action() -> None:
    legal = ["line catch 2", "line catch 3", "line empty 3"]
    comp = Composer([LINE], legal)
    assert comp.offered("fishing") == {"catch", "empty"} and comp.offered("baits") == {"2", "3"}
    assert comp.pick("baits", "2")
    assert comp.offered("fishing") == {"catch"}  # no "line empty 2" among the legal texts
    assert not comp.accepts("fishing", "empty")
    assert comp.auto_ready() is None  # one piece of two: nothing to send yet
    assert comp.pick("fishing", "catch")
    assert comp.auto_ready() == "line catch 2"


def test_a_word_step_picks_one_word_of_a_list_inside_a_longer_action() -> None:
    """A guard's guess is one action, "play guard 2 priest": the card, the seat, the word. The
    word buttons are the words the legal texts still offer, in the order they first name them."""
    guard = (Pick("hand") >> Target("pile", name="seat") >> Word("guess", label="card.{}")
             >> Confirm("play {hand} {seat} {guess}", auto=True))
    legal = ["play guard 1 priest", "play guard 1 baron", "play guard 2 priest", "play guard 2 baron",
             "play guard 2 prince", "play priest 1 none"]
    comp = Composer([guard], legal)
    assert [w for _, w in comp.words()] == ["priest", "baron", "prince", "none"]
    assert comp.pick("seat", "1")
    assert [w for _, w in comp.words()] == ["priest", "baron", "none"]  # no "play guard 1 prince"
    assert comp.pick("guess", "baron") and comp.auto_ready() is None  # the card is still to choose
    assert comp.pick("guess", "priest") and comp.picked("guess") == ["priest"]  # one word: replaced
    assert not comp.pick("guess", "prince")
    assert comp.guess("guess", "prince") == "play guard 1 prince"  # what the engine is asked why
    assert comp.pick("hand", "guard") and comp.auto_ready() == "play guard 1 priest"
    assert guard.steps[2].text_key("baron") == "card.baron"


def test_word_keys_are_the_first_free_letters_of_their_labels() -> None:
    labels = {"colour.red": "Rouge", "colour.rose": "Rose", "colour.green": "Vert"}
    items = [("red", "", "colour.red"), ("rose", "", "colour.rose"), ("green", "", "colour.green"), ("blue", "b", "")]
    assert free_letters(items, labels.__getitem__, frozenset("v")) == {"red": "r", "rose": "o", "green": "e", "blue": "b"}


def test_an_auto_action_waits_while_a_longer_legal_action_extends_the_choice() -> None:
    """`look 3` is legal, but so is `look 3 4`: one card waits for a confirm, two send at once."""
    look = Target("village", of=CARD, own=True, offset=1, name="cards", count=(1, 2)) >> Confirm("look {cards}", auto=True)
    comp = Composer([look], ["look 3", "look 4", "look 3 4"])
    assert comp.pick("cards", "3")
    assert comp.ready() == "look 3" and comp.auto_ready() is None
    assert comp.pick("cards", "4") and comp.auto_ready() == "look 3 4"


def test_card_and_pile_targets_name_seats_slots_and_ranks_as_the_action_texts_do() -> None:
    """A card of any village: "<seat> <slot>"; of one's own: "<slot>"; a pile card: its rank
    from the top. A master's `take K exchange N` fills the pile step, then the village step."""
    theirs = Target("village", of=CARD, offset=1)
    mine = Target("village", of=CARD, own=True, offset=1)
    pile = Target("discard", of=PILE, offset=1, name="k")
    assert theirs.card_word(2, 3) == "2 4" and mine.card_word(0, 3) == "4" and pile.card_word(None, 0) == "1"
    assert theirs.chooses_seat and not mine.chooses_seat and not pile.chooses_seat
    master = pile >> Target("village", of=CARD, own=True, offset=1, name="n") >> Confirm("take {k} exchange {n}", auto=True)
    comp = Composer([master], ["take 1 exchange 1", "take 2 exchange 1", "take 2 exchange 2"])
    assert comp.offered("k") == {"1", "2"} and comp.pick("k", "1")
    assert comp.offered("n") == {"1"} and not comp.accepts("n", "2")
    assert comp.pick("n", "1") and comp.auto_ready() == "take 1 exchange 1"


def test_a_single_pick_is_replaced_or_taken_back_by_a_second_click() -> None:
    comp = Composer([LINE], ["line catch 2", "line catch 3"])
    assert comp.pick("baits", "2") and comp.pick("baits", "3")
    assert comp.picked("baits") == ["3"]
    assert comp.pick("baits", "3") and comp.picked("baits") == []
    assert not comp.pick("baits", "4")  # no legal line with a 4


def test_pick_count_min_max_and_confirm() -> None:
    comp = Composer([HUNT], ["hunt 3", "hunt 3 3", "hunt 2 3", "hunt 2 3 3"])
    assert comp.ready() is None  # below the minimum: nothing spelled yet
    assert comp.pick("hand", "3")
    assert comp.ready() == "hunt 3" and comp.auto_ready() is None  # not auto: waits for confirm
    assert comp.pick("hand", "2") and comp.ready() == "hunt 2 3"  # order-free: the legal text's order
    assert comp.offered("hand") == {"3"}
    assert comp.pick("hand", "3") and comp.ready() == "hunt 2 3 3"
    assert not comp.pick("hand", "3")  # max 3
    comp.unpick("hand", "2")
    assert comp.ready() == "hunt 3 3"


def test_a_counter_starts_at_the_smallest_legal_value_and_refuses_the_others() -> None:
    comp = Composer([BET], ["bet 4"])  # the last line: every fish left must go
    assert comp.counts == {"count": 4} and comp.ready() == "bet 4"
    assert not comp.set_count("count", 3) and comp.counts["count"] == 4
    assert comp.guess("count", value=3) == "bet 3"  # what the engine is asked, to say why


def test_a_refused_pick_spells_a_whole_action_from_the_cards_held() -> None:
    comp = Composer([LINE], [])  # not this seat's turn: no legal text at all
    assert not comp.pick("fishing", "catch")
    assert comp.guess("fishing", "catch", held={"baits": ["5", "2"]}) == "line catch 5"
    assert comp.guess("baits", "9", held={"fishing": ["empty"]}) == "line empty 9"


def test_templates_check_their_pattern_and_presses_need_a_legal_action() -> None:
    with pytest.raises(ValueError):
        Pick("hand") >> Confirm("play {card}")
    comp = Composer([Press("skip", "p"), Press("ghost keep", "k"), HUNT], ["skip", "hunt 3"])
    assert [p.action for p in comp.presses] == ["skip"] and len(comp.all_presses) == 2
    assert comp.offered("hand") == {"3"}


def test_keyboard_path_on_a_table(tmp_path, monkeypatch) -> None:
    """At a Fish Fish table the fisher's keys go through the composer: a card's initial, then a
    bait's digit, each checked against the legal texts; a refused digit says the engine's reason."""
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.table.scene import TableScene
    from tests.table_helpers import settle

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["fish_fish"]
    seats = [SeatConfig(n, HUMAN if i == 0 else BOT) for i, n in enumerate(["Ana", "Bruno", "Chloé"])]
    config = MatchConfig("fish_fish", seats, seed=5, options={"start_seat": 0})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    settle(app, scene)
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)])
    assert scene.composer.composer.picked("fishing") == ["catch"]
    assert scene.composer.composer.offered("baits") == {"2", "3", "4", "5"}
    frames(app, 1, events=[key(pygame.K_9)])
    text, error, _ = scene.captions[-1]
    assert error and "9" in text and scene.match.history == []
    frames(app, 1, events=[key(pygame.K_4)])
    assert scene.match.history[0] == (0, "line catch 4")  # (the bots bet behind it)


class _Board:
    """A tiny two-template layout: exchange face-down cards of one's row by slot, or give a card
    from the hand to another seat's pile (drop it there, or click the pile)."""

    def templates(self, view, seat):
        from scenes.table.composer import Target

        return [Pick("village", count=(1, 2), slots=True, name="slots") >> Confirm("exchange {slots}"),
                Pick("hand", to=("pile",)) >> Target("pile", name="seat") >> Confirm("give {hand} {seat}", auto=True)]

    def region_cards(self, view, region, cards):
        return cards

    def ghost_rects(self, ctx, pick, count):
        return None

    def drop_hint(self, ctx):
        return "drop it on a pile"

    def buttons(self, ctx):
        return []  # no button of its own


def _board_context(sent: list, asked: list):
    from scenes.table.layout import TableContext
    from scenes.table.regions import FAN, ROW, STACK, Placements, Region

    pygame.init()
    view = {"players": 3, "seat": 0, "zones": {"village": [["back"] * 4, ["back"] * 4, ["back"] * 4],
                                               "hand": [["a", "b"], [], []], "pile": [[], [], []]}}
    out = Placements(pygame.Rect(0, 0, 800, 600), card_size=(40, 60))
    out.add(Region("village:0", ROW, pygame.Rect(100, 400, 400, 70), "village", 0, (40, 60), "down"))
    out.add(Region("hand:0", FAN, pygame.Rect(100, 500, 200, 70), "hand", 0, (40, 60)))
    for seat in (1, 2):
        out.add(Region(f"pile:{seat}", STACK, pygame.Rect(200 * seat, 50, 60, 80), "pile", seat, (40, 60)))
    legal = ["exchange 1", "exchange 2", "exchange 1 3", "give a 2", "give b 2"]
    return TableContext(app=None, rules=None, view=view, placements=out, art=None, seat=0,
                        legal_texts=lambda: legal, submit=lambda text: sent.append(text) or True,
                        explain=asked.append)


def _click(ci, ctx, pos, up=None) -> None:
    ci.handle(ctx, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    if up is not None:
        for i in range(1, 4):
            step = (pos[0] + (up[0] - pos[0]) * i // 3, pos[1] + (up[1] - pos[1]) * i // 3)
            ci.handle(ctx, pygame.event.Event(pygame.MOUSEMOTION, pos=step, rel=(0, 0), buttons=(1, 0, 0)))
    ci.handle(ctx, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up or pos, button=1))


def test_slots_and_targets_by_clicks_drags_and_enter_without_a_display() -> None:
    from scenes.table.composer_input import ComposerInput

    sent: list[str] = []
    asked: list[str] = []
    ctx = _board_context(sent, asked)
    ci = ComposerInput(_Board())
    ci.sync(ctx, 0)
    slot = ctx.regions["village:0"].card_rects(4)
    _click(ci, ctx, slot[1].center)  # face-down cards are picked by their slot index
    assert ci.composer.picked("slots") == ["1"] and ci.composer.offered("slots") == {"3"}
    assert {i.index for i in ci.items(ctx) if i.step.field == "slots" and not i.ghost} == {0, 2, 3}
    ci.handle(ctx, key(pygame.K_RETURN))
    assert sent == ["exchange 1"]
    ci.composer.clear()
    hand = ctx.regions["hand:0"].card_rects(2)
    _click(ci, ctx, hand[0].center, ctx.regions["pile:1"].rect.center)  # "give a 1" is not legal
    assert sent == ["exchange 1"] and asked == ["give a 1"]  # the engine is asked why
    ci.composer.clear()
    assert [r.name for r in ci.targets(ctx)] == ["pile:2"]  # the target step offers seat 2 only
    _click(ci, ctx, hand[0].center, ctx.regions["pile:2"].rect.center)
    assert sent == ["exchange 1", "give a 2"]
    _click(ci, ctx, hand[1].center)  # a click picks the card, a click on the pile sends it
    _click(ci, ctx, ctx.regions["pile:2"].rect.center)
    assert sent[-1] == "give b 2"
