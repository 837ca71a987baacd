"""Reading the Kill the Unicorns table: a tooltip for every zone, unicorn, scheme, character and
market token from the YAML texts (French and English), the log's totals by seat name, and
screenshots of every step of a round at 3, 4 and 6 players in both languages."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine import registry
from game.engine.events import Note
from game.log import LogWriter
from tests.table_helpers import frames, mouse, settle
from tests.test_kill_the_unicorns_table_play import (
    DECKS,
    keep_under,
    my_turn,
    submit_until,
    table,
    under,
)
from tests.unicorns_helpers import top

SHOTS = os.environ.get("TABLEE_SHOTS", "/tmp")
CHARACTERS = ("princess", "knight", "huntress", "wizard", "shaman", "bard")


def _rule_texts(rules, lang: str) -> set[str]:
    texts = rules._texts[lang]
    return {v for k, v in texts.items() if k.endswith((".rule", ".effect")) or k.startswith(("power.", "tip."))}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_region_and_every_card_on_the_table_has_a_tooltip_with_its_rule(tmp_path, monkeypatch, lang: str) -> None:
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    submit_until(app, scene, "hunt", under(3))
    rules = scene.rules
    ctx = scene.ctx()
    known = list(_rule_texts(rules, lang))
    regions = scene.reader.regions()
    assert {r.name for r in regions} >= {"line_frame", "market_frame", "info:0", "under:0", "collection:0", "hand:0"}
    for region in regions:
        lines = scene.layout.tooltip(ctx, region, None)
        assert lines and lines[0], region.name
        if region.kind != "panel":
            assert any(line.startswith(k.split("{")[0]) for line in lines for k in known), (region.name, lines)
    # each card under the pointer is described first, then its zone
    pointed = {"line": "blue_2", "market": "fairy_dust_pink", "hand": "hunt_4", "collection": None}
    for zone, card in pointed.items():
        region = scene.placements.zone(zone, 0) or scene.placements.zone(zone, None)
        cards = scene.reader._shown(region)
        index = cards.index(card) if card else 0
        lines = scene.layout.tooltip(ctx, region, index)
        assert "" in lines and lines.index("") >= 2, (zone, lines)  # name and rule, a gap, the zone
        if card:
            assert lines[0] == rules.text(lang, f"card.{card}")
    market_tip = scene.layout.tooltip(ctx, scene.placements.zone("market", None), scene.reader._shown(
        scene.placements.zone("market", None)).index("fake_horn"))
    assert rules.text(lang, "item.fake_horn.effect") in market_tip
    assert rules.text(lang, "tip.price", price=4) in market_tip
    info = scene.layout.tooltip(ctx, scene.placements.regions["info:1"], None)
    assert info[0].startswith(rules.text(lang, "character.knight"))
    assert rules.text(lang, "tip.power", power=rules.text(lang, "power.knight")) in info


def test_a_scheme_in_hand_tells_its_effect_and_whether_it_stays(tmp_path, monkeypatch) -> None:
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = table(app, ("princess", "knight", "huntress"))
    my_turn(app, scene, "schemes")
    region = scene.placements.regions["scheme_hand:0"]
    cards = scene.reader._shown(region)
    frames(app, 1, events=[mouse("move", region.card_rects(len(cards))[0].center)])
    rules = scene.rules
    lines = scene.reader.lines()
    assert lines[:3] == [rules.text("en", f"card.{cards[0]}"), rules.text("en", f"scheme.{cards[0]}.effect"),
                         rules.text("en", "tip.stays" if rules.schemes_stay[cards[0]] else "tip.goes")]


def test_the_logs_totals_name_the_seats() -> None:
    rules = registry.load("kill_the_unicorns")
    note = Note("totals", None, (("totals", "2: 4, 1: 3, 3: 0"),))
    for lang, word in (("en", "Totals"), ("fr", "Totaux")):
        line = LogWriter(rules, lang, ["Ana", "Bruno", "Chloé"], None).line(note)
        assert line is not None and line.text.startswith(word) and "Bruno: 4, Ana: 3, Chloé: 0" in line.text


def _shot(app, scene, name: str) -> Path:
    scene.draw(app.screen)
    path = Path(SHOTS) / f"unicorns-table_{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_screenshots_of_every_step(tmp_path, monkeypatch, players: int, lang: str) -> None:
    """Schemes, a hunt being built, the Princess's peek, paint, the blind reveal, the market with
    its affordable tokens and a tooltip; saved as /tmp/unicorns-table_<step>_<players>p_<lang>.png."""
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    decks = [top(DECKS[c], "paint", "athletic") if i == 0 else DECKS[c] for i, c in enumerate(CHARACTERS[:players])]
    scene = table(app, CHARACTERS[:players], policy=keep_under(2), schemes=decks)
    tag = f"{players}p_{lang}"
    my_turn(app, scene, "schemes")
    _shot(app, scene, f"schemes_{tag}")
    submit_until(app, scene, "hunt", lambda legal: "scheme keep paint under 1")
    for k in (pygame.K_1, pygame.K_2):
        frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
    _shot(app, scene, f"hunt_{tag}")
    assert scene.submit("hunt 1 2")
    my_turn(app, scene, "paint")
    _shot(app, scene, f"paint_{tag}")
    assert scene.submit("paint green")
    my_turn(app, scene, "hunt")
    assert scene.submit("peek")
    my_turn(app, scene, "hunt")
    _shot(app, scene, f"peek_{tag}")
    assert scene.submit("hunt 4")
    my_turn(app, scene, "choose")
    _shot(app, scene, f"choose_{tag}")
    assert scene.submit("reveal 1")
    submit_until(app, scene, "market", under(3))
    collection = scene.placements.regions["collection:0"]
    frames(app, 1, events=[mouse("move", collection.card_rects(len(scene.view["zones"]["collection"][0]))[0].center)])
    path = _shot(app, scene, f"market_{tag}")
    assert pygame.image.load(str(path)).get_size() == (1280, 720)
    settle(app, scene)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_setup_and_rules_screens_say_the_cards_are_the_projects_design(tmp_path, monkeypatch, lang: str) -> None:
    import random

    from scenes.setup import SetupScene
    from tests.test_app_support import frame as app_frame
    from tests.test_app_support import make_app as support_app

    app = support_app(monkeypatch, tmp_path)
    app.set_language(lang)
    setup = SetupScene(app, game_id="kill_the_unicorns")
    setup.seed_source = random.Random(1)
    app.push(setup)
    assert setup.start_button.enabled
    rules = registry.load("kill_the_unicorns")
    assert rules.text(lang, "setup.note") in (setup._seating_advice() or "")
    app_frame(app)
    pygame.image.save(app.screen, str(Path(SHOTS) / f"unicorns-table_setup_{lang}.png"))
    screen = app.scene("rules", game_id="kill_the_unicorns")
    app.push(screen)
    app_frame(app)
    assert ("project's own design" if lang == "en" else "création du projet") in (screen.text() or "")
    pygame.image.save(app.screen, str(Path(SHOTS) / f"unicorns-table_rules_{lang}.png"))
