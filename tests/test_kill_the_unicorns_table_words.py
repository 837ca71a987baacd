"""Kill the Unicorns at the table: a bid typed fast keeps every key ("3" then B kept the 3 only
until the Knight's boost rebuilt the choice), the help and the hint name only the keys this
seat may use, in words (a Shaman was told "K peeks (Princess), B boosts (Knight)"), and at the
black market your line says what your hunt cards pay, not the last hunt's total."""

from __future__ import annotations

import pygame
import pytest

from tests.table_helpers import frames, key, make_app
from tests.test_kill_the_unicorns_table_play import my_turn, submit_until, table, under


def typed(k: int, text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def test_a_card_typed_then_the_knights_boost_keeps_the_card(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("knight", "princess", "huntress"))
    submit_until(app, scene, "hunt", under(3))
    assert any(t.endswith(" boost") for t in scene.ctx().legal_texts())
    value = int(scene.match.state.view(0)["hand"][-1])  # a card of hers
    frames(app, 1, events=[typed(getattr(pygame, f"K_{value}"), str(value)), typed(pygame.K_b, "b")])  # quickly
    comp = scene.composer.composer
    assert comp is not None and comp.picked("hand") == [str(value)]
    assert scene.layout.boosting(scene.view, 0)
    assert comp.ready() == f"hunt {value} boost"  # Confirm is enabled
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert [t for s, t in scene.match.history if s == 0][-1] == f"hunt {value} boost"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("character", "keys"), [("shaman", ""), ("princess", "K"), ("knight", "B")])
def test_the_hunts_help_and_hint_name_only_the_keys_this_seat_has(tmp_path, monkeypatch, lang, character, keys) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    others = [c for c in ("huntress", "wizard", "bard") if c != character][:2]
    scene = table(app, (character, *others))
    my_turn(app, scene, "schemes")
    submit_until(app, scene, "hunt", under(3))
    for _ in range(8):  # the Princess: a hunt whose unicorn has schemes under it (her peek is legal)
        if keys != "K" or "peek" in scene.ctx().legal_texts():
            break
        assert scene.submit("pass")
        submit_until(app, scene, "hunt", under(3))
    ctx = scene.ctx()
    assert ("peek" in ctx.legal) == (keys == "K") and any(t.endswith(" boost") for t in ctx.legal) == (keys == "B")
    help_text = " ".join(" ".join(lines) for _, _, lines, _ in scene.composer.helps(ctx)).replace("\u00a0", " ")
    hint = scene.layout.hint(ctx).replace("\u00a0", " ")
    for text in (help_text, hint):
        assert ("K:" in text or "K :" in text) == (keys == "K"), (character, text)
        assert ("B:" in text or "B :" in text) == (keys == "B"), (character, text)
        assert "P" in text
    if keys == "K":
        assert ("Princess" if lang == "en" else "Princesse") in help_text
    if keys == "B":
        assert ("Knight" if lang == "en" else "Chevalier") in help_text


def test_at_the_black_market_your_line_says_what_your_hunt_cards_pay(tmp_path, monkeypatch) -> None:
    from scenes.layouts.kill_the_unicorns_view import _info_parts

    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    submit_until(app, scene, "hunt", under(3))
    for _ in range(4):  # Ana bids a card in each hunt of the round
        my_turn(app, scene, "hunt")
        assert scene.submit(next(t for t in scene.ctx().legal_texts() if t.startswith("hunt ")))
        submit_until(app, scene, scene.view["phase"], under(3)) if scene.view["phase"] != "hunt" else None
        if scene.view["phase"] == "market":
            break
    submit_until(app, scene, "market", under(3))
    ctx = scene.ctx()
    spend = sum(int(c.rpartition("_")[2]) for c in scene.view["zones"]["hand"][0])
    mine = " · ".join(_info_parts(ctx, 0, 0))
    assert app.game_text(scene.rules, "view.to_spend", total=spend) in mine
    assert app.game_text(scene.rules, "view.total", total=scene.view["totals"][0]) not in mine or scene.view["totals"][0] is None
    others = " · ".join(_info_parts(ctx, 1, 0))
    assert "to spend" not in others  # another seat's hand is hidden


def test_a_scheme_clicked_then_the_unicorn_in_front_of_you_goes_under_it(tmp_path, monkeypatch) -> None:
    """The picked scheme waits drawn over unicorn 1: a click on that unicorn took it back instead
    of choosing it."""
    from tests.table_helpers import click
    from tests.test_kill_the_unicorns_table_play import ana_last

    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"))
    my_turn(app, scene, "schemes")
    kept = scene.view["zones"]["scheme_hand"][0][0]
    click(app, scene.placements.regions["scheme_hand:0"].card_rects(2)[0].center)
    assert scene.composer.composer.picked("scheme") == [kept]
    unicorn = scene.placements.regions["line"].card_rects(len(scene.view["zones"]["line"]))[0]
    click(app, unicorn.center)
    assert ana_last(scene) == f"scheme keep {kept} under 1"
