"""The action composer on templates: what each step offers comes from the legal action texts,
min/max and confirm, the text a refused step asks the engine about, and the keyboard path."""

from __future__ import annotations

import pygame
import pytest

from scenes.table.composer import Composer, Confirm, Counter, Pick, Press
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
