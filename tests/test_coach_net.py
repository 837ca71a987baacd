"""Hints in a network match (docs/network.md): a setting of the host, told to every seat; a
seat asks with `hint`, the host's coach thinks from that seat's view only and answers that
seat alone with `hinted`; the record marks the seat coached."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net.protocol import NO_HINTS, PROTOCOL_VERSION
from game.net.stream import Host
from tests.test_net_server import TIMEOUT, join, recv, run

FAST = {"iterations": 20, "seconds": None, "worlds": 8}


def hint() -> str:
    return json.dumps({"kind": "hint", "protocol": PROTOCOL_VERSION})


def host_of(kinds: str, hints: bool, game_id: str = "jagdfieber") -> Host:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random") for i, k in enumerate(kinds)]
    match = Match(MatchConfig(game_id, seats, seed=3), think_seconds=0, threaded=False)
    match.coach_budget = dict(FAST)
    host = Host(match, match_id="m1", secret=iter(f"secret{i}" for i in range(9)).__next__)
    host.hints = hints
    return host


async def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        item = await recv(ws)
        if item["kind"] == kind:
            return item


def test_a_host_that_does_not_allow_hints_says_so_to_every_seat() -> None:
    host = host_of("hhb", hints=False)

    async def scenario(net: Any) -> None:
        ws, got = await join(net, 0)
        assert got[0]["kind"] == "welcome" and got[0]["hints"] is False
        assert net.lobby_message()["hints"] is False
        await ws.send(hint())
        reply = await until(ws, "hinted")
        assert reply["advice"] is None and reply["error"] == NO_HINTS
        await ws.close()

    run(host, scenario)


def test_a_seat_gets_its_own_hint_and_no_other_seat_hears_of_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    from game.records import RecordStore, attach

    host = host_of("hhb", hints=True)
    recorder = attach(host.match, RecordStore(tmp_path / "data"))

    async def scenario(net: Any) -> None:
        first, got = await join(net, 0)
        other, _ = await join(net, 1)
        assert got[0]["hints"] is True and net.lobby_message()["hints"] is True
        state = got[-1]
        assert state["legal"]  # Jagdfieber: every seat chooses at once
        await first.send(hint())
        reply = await asyncio.wait_for(until(first, "hinted"), TIMEOUT * 2)
        assert reply["error"] is None and reply["step"] == state["step"]
        advice = reply["advice"]
        assert advice["seat"] == 0 and advice["move"] in state["legal"]
        assert isinstance(advice["move_words"], list)
        await asyncio.sleep(0.3)  # anything meant for seat 1 has arrived by now
        heard = []
        while True:
            try:
                heard.append(json.loads(await asyncio.wait_for(other.recv(), 0.2)))
            except TimeoutError:
                break
        assert not any(item["kind"] == "hinted" for item in heard)
        await first.close()
        await other.close()

    run(host, scenario)
    assert recorder.record.coached == [0]
    recorder.close()


def test_a_seat_that_cannot_act_gets_the_reason() -> None:
    """Two people, no bot: the seat that waits for the other stays waiting while it asks."""
    host = host_of("hh", hints=True, game_id="fish_fish")

    async def scenario(net: Any) -> None:
        first, got_first = await join(net, 0)
        second, got_second = await join(net, 1)
        waiting, state = next((ws, got[-1]) for ws, got in ((first, got_first), (second, got_second)) if not got[-1]["legal"])
        await waiting.send(hint())
        reply = await until(waiting, "hinted")
        assert reply["advice"] is None and reply["error"] == "error.not_your_turn" and reply["step"] == state["step"]
        await first.close()
        await second.close()

    run(host, scenario)


def test_the_app_table_of_a_network_seat_offers_hints_only_when_allowed(tmp_path: Path, monkeypatch) -> None:
    """RemoteSeats reads the host's setting from its welcome; a `hinted` answer is taken for
    the step it was asked at."""
    from scenes.table.seats import RemoteSeats

    class Connection:
        def __init__(self, hints: bool) -> None:
            self.welcome = {"game": "jagdfieber", "names": ["A", "B"], "players": 2, "hints": hints}
            self.state = {"step": 4, "legal": ["play wolf"], "to_act": [0]}
            self.history = None
            self.seat = 0
            self.asked: list[str] = []
            self.items: list[dict[str, Any]] = []
            self.problem = None

        def ask(self, kind: str, **fields: Any) -> None:
            self.asked.append(kind)

        def pull(self) -> list[dict[str, Any]]:
            out, self.items = self.items, []
            return out

    from game.engine import registry

    rules = registry.load("jagdfieber")
    assert not RemoteSeats(Connection(False), rules).hints_allowed()
    connection = Connection(True)
    seats = RemoteSeats(connection, rules)
    assert seats.hints_allowed()
    seats.ask_hint(0)
    assert connection.asked == ["hint"]
    assert seats.hint_answer(0, 4) is None  # on its way
    advice = {"seat": 0, "at": 4, "move": "play wolf", "move_words": ["coach.move.play", {"card": "wolf"}]}
    connection.items.append({"kind": "hinted", "step": 4, "advice": advice, "error": None})
    seats.poll()
    text, error = seats.hint_answer(0, 4)
    assert error is None and json.loads(text)["move"] == "play wolf"
    assert seats.hint_answer(0, 5) is None  # not for another step
    connection.items.append({"kind": "hinted", "step": 4, "advice": None, "error": NO_HINTS})
    seats.poll()
    assert seats.hint_answer(0, 4) == (None, NO_HINTS)


def test_the_host_lobby_sets_hints_for_every_seat_with_the_mouse_or_the_keyboard(monkeypatch, tmp_path) -> None:
    """*Allow hints* in the host's lobby: off by default, ticked with a click (or Enter on it),
    and the lobby every seat reads says so."""
    import pygame

    from scenes import app as app_module
    from scenes import net_host
    from tests.table_helpers import click, frames, key, shot
    from tests.test_net_menus import LOCAL, NetworkTable, start_hosting  # noqa: F401 (the menus' own set-up)
    from tests.test_net_menus import make_app as menus_app

    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_net_menus:NetworkTable")
    monkeypatch.setattr(net_host, "HOST_OPTIONS", LOCAL)
    monkeypatch.setattr(net_host, "MATCH_OPTIONS", {"think_seconds": 0, "worker": "thread"})
    app = menus_app(monkeypatch, tmp_path)
    lobby = start_hosting(app)
    try:
        assert lobby.host.hints is False and lobby.hints_check.value is False
        click(app, lobby.form.screen_rect(lobby.hints_check).center)
        assert lobby.host.hints is True
        frames(app, 2)
        shot(app, tmp_path, "host-lobby-hints")
        lobby.form.set_focus(lobby.hints_check)
        frames(app, 1, events=[key(pygame.K_RETURN)])
        assert lobby.host.hints is False
        frames(app, 1, events=[key(pygame.K_RETURN)])
        assert lobby.host.hints is True
        import time

        deadline = time.monotonic() + 5
        while not lobby.host._lobby.get("hints") and time.monotonic() < deadline:
            time.sleep(0.02)
        assert lobby.host._lobby["hints"] is True  # the lobby message every seat gets
    finally:
        lobby.host.stop()
