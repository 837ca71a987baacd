"""Keyboard and reading at the Kill the Unicorns table: every unicorn of a collection shows its
#n (cards overlap: the number sits on the part that stays in view), the number typed is the
number on screen, also once the collection is grouped by colour; the hunt hand is sorted."""

from __future__ import annotations

import pygame
import pytest

from scenes.app import MIN_SIZE
from scenes.layouts.kill_the_unicorns import unicorn_word, value_word
from scenes.layouts.kill_the_unicorns_view import collection_tags
from tests.table_helpers import click, frames, make_app, settle
from tests.test_kill_the_unicorns_table_play import ana_last, press, submit_until, table, under


def _market_with_four_unicorns(app, scene) -> None:
    """Ana wins the four hunts of round 1 (the others pass): pink 1 (her starter), then pink 2,
    blue 2, green 2, yellow 2 — grouped by colour on screen, not in the order won."""
    submit_until(app, scene, "hunt", under(3))
    for bid in ("hunt 0", "hunt 1", "hunt 1", "hunt 2"):
        settle(app, scene)
        assert scene.submit(bid), bid
    submit_until(app, scene, "market", under(3))


@pytest.mark.parametrize("size", [(1280, 720), MIN_SIZE])
def test_each_unicorn_shows_its_number_and_the_number_typed_names_that_card(tmp_path, monkeypatch, size) -> None:
    app = make_app(tmp_path, monkeypatch, size=size)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    _market_with_four_unicorns(app, scene)
    region = scene.placements.regions["collection:0"]
    pictures = scene.layout.region_cards(scene.view, region, scene.view["zones"]["collection"][0])
    rects = region.card_rects(len(pictures))
    numbers = [int(unicorn_word(p)) for p in pictures]
    assert len(numbers) == 5 and numbers != sorted(numbers)  # grouped by colour: not the order won
    tags = collection_tags(scene.layout, scene.ctx())  # drawn over the cards, on each one's part in view
    assert [n for n, _ in tags] == numbers
    for i, ((number, tag), rect) in enumerate(zip(tags, rects, strict=True)):
        in_view = pygame.Rect(rect.x, rect.y, (rects[i + 1].x - rect.x) if i + 1 < len(rects) else rect.w, rect.h)
        assert in_view.collidepoint(tag.topleft) and rect.contains(tag), (number, i)
        assert not any(tag.colliderect(other) for _, other in tags[i + 1:]), (number, i)
    scene.draw(app.screen)
    first = numbers[0]  # the leftmost card on screen, and the number printed on it
    first_card = scene.view["collections"][0][first - 1]["card"]
    market = scene.placements.regions["market"]
    tokens = scene.view["zones"]["market"]
    click(app, market.card_rects(len(tokens))[tokens.index("fake_horn")].center)
    press(app, scene, getattr(pygame, f"K_{first}"))
    assert ana_last(scene) == f"buy fake_horn unicorn {first}"
    entry = scene.view["collections"][0][first - 1]
    assert entry["card"] == first_card and entry["tokens"] == ["fake_horn"]


def test_the_hunt_hand_is_shown_in_order_of_value(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    _market_with_four_unicorns(app, scene)
    assert scene.submit("buy none")
    submit_until(app, scene, "hunt", under(3))  # round 2: the played cards came back to hand
    frames(app, 1)
    shown = [int(value_word(c)) for c in scene.view["zones"]["hand"][0]]
    assert shown == sorted(shown) and len(shown) == 8
