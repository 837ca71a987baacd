"""The last moves marked on the table in every game: the places the moves since the player's own
decision changed stay outlined until the player decides again; a table without a person marks
only the newest move; a round's set-up is not marked."""

from __future__ import annotations

import os

import pygame
import pytest

from game.engine import registry
from game.engine.events import CardMoved, CardSeen
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.table_helpers import SHOTS_ENV, frames, make_app, settle

GAMES = list(registry.GAMES)  # every declared game, the tests' own too
NAMES = ["Ana", "Bruno", "Chloé", "Didier"]


def table(app, game: str, kinds: str = "hbb", seed: int = 5, think: float = 0.0):
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = [game]
    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig(game, seats, seed=seed, options={"start_seat": 0})
    match = Match(config, think_seconds=think, threaded=False, clock=lambda: app.time)
    scene = TableScene(app, config, match)
    app.push(scene)
    return scene


def play_until_others_moved(app, scene, turns: int = 60) -> int:
    """Ana plays her first legal move until other seats moved after her; the action number of
    her last move."""
    mine = -1
    for _ in range(turns):
        settle(app, scene)
        if scene.match.is_over():
            break
        if mine >= 0 and any(seat != 0 for seat, _ in scene.match.history[mine + 1:]):
            return mine
        seat = scene.active_seat()
        assert seat == 0
        mine = len(scene.match.history)
        assert scene.submit(str(scene.match.state.legal_actions(0)[0]))
    raise AssertionError("the others never moved after Ana")


@pytest.mark.parametrize("game", GAMES)
def test_the_moves_since_your_decision_stay_marked_until_you_decide_again(tmp_path, monkeypatch, game: str) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, game)
    mine = play_until_others_moved(app, scene)
    last = scene.animator.last
    assert last.marks or last.markers
    assert all(m.action >= mine for m in last.marks)  # nothing from before Ana's decision
    rects = last.rects(scene.placements, scene.view["zones"])
    assert rects and all(scene.rect.colliderect(r) for r in rects)
    before = pygame.Surface(app.screen.get_size())
    scene.draw(before)
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        pygame.image.save(before, os.path.join(folder, f"marks_{game}.png"))
    assert _gold(before) > 0
    since = last.since
    last.forget_before(10**6)
    after = pygame.Surface(app.screen.get_size())
    scene.draw(after)
    assert _gold(after) == 0  # the outlines are the marks, nothing else on the table
    last.since = since
    # her next decision: the old marks go (only what follows it will be marked)
    now = len(scene.match.history)
    assert scene.submit(str(scene.match.state.legal_actions(0)[0]))
    assert all(m.action >= now for m in last.marks)


def test_the_drawn_card_stays_marked_where_the_sorted_hand_shows_it(tmp_path, monkeypatch) -> None:
    """Wolf & Hound: Ana plays her white 4 and draws a black 1, which her hand (sorted) shows
    first: the mark outlines that card, not the place the draw put it in the engine's order."""
    from game.engine import registry
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["wolf_and_hound"]
    rest = registry.load("wolf_and_hound").game_deck({}, 4)
    mine = ["white 1", "white 2", "white 3", "white 4"]
    for card in [*mine, "black 1"]:
        rest.remove(card)
    deck = mine + rest[:12] + ["black 1"] + rest[12:]
    seats = [SeatConfig(NAMES[i], HUMAN if i == 0 else BOT) for i in range(4)]
    config = MatchConfig("wolf_and_hound", seats, seed=5, options={"deck": deck})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False, clock=lambda: app.time))
    app.push(scene)
    settle(app, scene)
    assert scene.submit("play white 4")
    settle(app, scene)
    hand = scene.placements.zone("hand", 0)
    cards = scene.view["zones"]["hand"][0]
    assert cards == ["black 1", "white 1", "white 2", "white 3"], "the hand is shown sorted"
    rects = hand.card_rects(len(cards))
    marked = [cards[rects.index(r)] for r in scene.animator.last.rects(scene.placements, scene.view["zones"]) if r in rects]
    assert marked == ["black 1"]


def test_a_table_without_a_person_marks_only_the_newest_move(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, "silver_amulet", kinds="bbb")
    seen: set[int] = set()
    for _ in range(2000):
        frames(app, 1, 0.05)
        actions = {m.action for m in scene.animator.last.marks} | set(scene.animator.last.markers.values())
        assert len(actions) <= 1  # one action's marks at a time
        seen |= actions
        if len(seen) > 6:
            break
    assert len(seen) > 6
    # nobody at this table is "you": every seat by its name, on the table and in the log
    told = [line.text for line in scene.records.panel.lines()] + [t for t, _, _ in scene.captions]
    assert told and not any(t.startswith(("Vous ", "À vous")) for t in told)
    assert app.tr("log_panel.you") not in {r.text for r in scene.records.panel._wrapped() if r.kind == "turn"}


def test_silver_a_bot_exchange_or_look_stays_marked_until_your_turn(tmp_path, monkeypatch) -> None:
    """Silver: the village places a bot's exchange, swap or look changed stay outlined."""
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, "silver_amulet", seed=7)
    changed: list[tuple[int, int]] = []  # (village seat, slot) changed by the bots since Ana's move
    mine = play_until_others_moved(app, scene)
    for events in scene.records.recorder.timeline.events[mine + 1:]:
        for e in events:
            if isinstance(e, CardMoved) and e.to_zone == "village" and e.to_slot is not None:
                changed.append((e.to_seat, e.to_slot))
            elif isinstance(e, CardSeen) and e.zone == "village" and e.slot is not None:
                changed.append((e.seat, e.slot))
    assert changed
    marked = {(m.zone[1], m.index) for m in scene.animator.last.marks if m.zone[0] == "village"}
    assert set(changed) <= marked


def _gold(surface: pygame.Surface) -> int:
    """Pixels of the marks' colour."""
    from scenes.table.marks import MARK

    colour = pygame.Color(*MARK)
    mask = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    return mask.count()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_log_is_one_block_per_turn_headed_by_the_seat_with_the_last_move_highlighted(tmp_path, monkeypatch, lang) -> None:
    from scenes.table.log_panel import Row

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    scene = table(app, "kill_the_unicorns")
    mine = play_until_others_moved(app, scene)
    frames(app, 2)
    panel = scene.records.panel
    rows: list[Row] = panel._wrapped()
    heads = [r for r in rows if r.kind == "turn"]
    assert {r.text for r in heads} >= {app.tr("log_panel.you"), "Bruno", "Chloé"}
    for head, after in zip(rows, rows[1:], strict=False):  # each heading opens its seat's block
        if head.kind == "turn":
            assert after.kind != "turn" and after.action == head.action and after.indent > 0
    named = [r for r in rows if r.cards]
    assert named and all(len(r.cards) >= 1 for r in named)  # small faces of the cards it names
    assert panel.highlight_from == scene.animator.last.since == mine  # from her decision on
    assert any(r.action >= panel.highlight_from for r in rows)
    assert "Ana" not in {r.text for r in heads}  # the reader's own turns are headed "you"
