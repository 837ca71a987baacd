"""Hostile connections to a network host, on 127.0.0.1 with real sockets: idle connections that
never say hello, many of them, from one address or many; a deep nest of brackets; join codes
guessed from many addresses; names with bidirectional overrides and escape sequences; the
secrets' files on disk."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import joins, lobby
from game.net.protocol import PROTOCOL_VERSION
from game.net.server import GUESS_WINDOW, MAX_GUESSES_ALL, NetHost, _Client
from game.textclean import clean_name
from tests.test_net_lobby import CODE, claim, lobby_host, send
from tests.test_net_server import TIMEOUT, hello, join, make_host, recv, run


async def open_ws(net: NetHost) -> ClientConnection:
    return await connect(f"ws://127.0.0.1:{net.port}", open_timeout=TIMEOUT, proxy=None)


async def closed_with(ws: ClientConnection) -> int | None:
    """The close code the host sent (after any messages still on their way)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), TIMEOUT)
    return closed.value.rcvd.code if closed.value.rcvd is not None else None


async def still_open(ws: ClientConnection) -> bool:
    await ws.send(json.dumps({"kind": "sync", "protocol": PROTOCOL_VERSION}))
    try:
        await asyncio.wait_for(ws.recv(), TIMEOUT)
    except ConnectionClosed:
        return False
    return True


def test_thirty_two_idle_connections_do_not_keep_a_seated_player_out() -> None:
    """The table is full of connections that never said hello (from many addresses, as the
    per-address cap is lifted here): the seat's player still rejoins, mid-match."""
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        player, _ = await join(net, 0)
        await player.close()  # dropped: they come back below
        idle = [await open_ws(net) for _ in range(net.max_clients)]
        await asyncio.sleep(0.1)
        again, got = await join(net, 0)
        assert got[-1]["kind"] == "state" and got[-1]["seat"] == 0
        codes = await asyncio.gather(*(closed_with(ws) for ws in idle[:1]))
        assert codes == [1013], "the oldest idle connection made room"
        other, got = await join(net, 1)  # and the next player too
        assert got[-1]["seat"] == 1
        for ws in (again, other, *idle):
            await ws.close()

    run(host, scenario, max_per_address=10_000)


def test_a_connection_that_never_says_hello_is_closed_after_a_few_seconds() -> None:
    host, options = lobby_host("hhh", [1, 2])
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        silent = await open_ws(net)
        chatty = await open_ws(net)  # sends, but never who it is
        await chatty.send("nonsense")
        assert (await recv(chatty))["code"] == "error.bad_message"
        watcher = await open_ws(net)  # showed the code: it watches the lobby, it stays
        await watcher.send(send("lobby", code=CODE))
        assert (await recv(watcher))["kind"] == "lobby"
        seated, _ = await claim(net, 1, "Ana")
        await asyncio.sleep(0.7)
        assert await still_open(silent)  # a moment is not a few seconds
        now[0] += net.hello_seconds
        assert await closed_with(silent) == 1008
        assert await closed_with(chatty) == 1008
        assert await still_open(watcher) and await still_open(seated)
        for ws in (watcher, seated):
            await ws.close()

    run(host, scenario, **options, clock=lambda: now[0])


def test_connections_without_a_seat_are_capped_per_address_and_the_player_still_comes_back() -> None:
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        idle = [await open_ws(net) for _ in range(net.max_per_address)]
        await asyncio.sleep(0.1)
        assert len(net.clients) == net.max_per_address
        more = await open_ws(net)  # one more from the same address: the oldest idle one goes
        assert await closed_with(idle[0]) == 1013
        assert len(net.clients) == net.max_per_address
        player, got = await join(net, 0)  # the player, from that same address, gets in
        assert got[-1]["seat"] == 0
        assert await closed_with(idle[1]) == 1013
        for ws in (player, more, *idle):
            await ws.close()

    run(host, scenario)


def test_a_seat_taken_over_leaves_an_idle_connection_that_is_closed_later() -> None:
    host = make_host("jagdfieber", "hhh")
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        first, _ = await join(net, 0)
        second, _ = await join(net, 0)
        got = [await recv(first)]
        while got[-1]["kind"] != "error":
            got.append(await recv(first))
        assert got[-1]["code"] == "error.not_joined"
        now[0] += net.hello_seconds
        assert await closed_with(first) == 1008
        assert await still_open(second)
        await second.close()

    run(host, scenario, clock=lambda: now[0])


@pytest.mark.parametrize("raw", ["[" * 4000, "{\"a\":" * 650 + "1" + "}" * 650,
                                 json.dumps({"kind": "hello", "protocol": 1, "match": "m1", "seat": [[[[[[[[[0]]]]]]]]],
                                             "secret": "x"}),
                                 json.dumps({"kind": "action", "protocol": 1, "text": {"a": [[[[[[[[["x"]]]]]]]]]}})])
def test_a_deep_nest_gets_bad_message_and_the_connection_goes_on(raw: str, capfd) -> None:
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        ws, _ = await join(net, 0)
        await ws.send(raw)
        got = await recv(ws)
        assert got["kind"] == "error" and got["code"] == "error.bad_message", got
        assert await still_open(ws)
        await ws.close()

    run(host, scenario)
    assert "Traceback" not in capfd.readouterr().err


def test_a_client_ignores_a_deep_nest_from_a_hostile_host() -> None:
    from game.net.client import RemoteSeat

    remote = RemoteSeat(0)
    remote._receive("[" * 5000)
    deep: Any = 0
    for _ in range(40):
        deep = [deep]
    remote._receive(json.dumps({"kind": "state", "view": {"a": deep}}))
    assert remote.pull() == [] and remote.state is None


def wrong_code(net: NetHost, address: str) -> dict[str, Any] | None:
    client = _Client(None, 1.0, 0.0, address)  # type: ignore[arg-type]  # _receive never touches it
    return net._receive(client, send("lobby", code="AAAAA"))


def test_many_addresses_cannot_multiply_the_guesses() -> None:
    host, options = lobby_host("hhh", [1, 2])
    now = [0.0]
    net = NetHost(host, rate=1e9, burst=10**9, clock=lambda: now[0], **options)
    for number in range(MAX_GUESSES_ALL):  # one wrong code each from many addresses
        assert wrong_code(net, f"10.0.{number // 250}.{number % 250}")["code"] == "error.bad_code"
        now[0] += 1.0
    newcomer = _Client(None, 1.0, 0.0, "192.168.1.9")  # type: ignore[arg-type]
    reply = net._receive(newcomer, send("lobby", code=CODE))  # the right code: not checked now
    assert reply is not None and reply["code"] == "error.locked" and reply["params"]["minutes"] == 9
    now[0] += GUESS_WINDOW - MAX_GUESSES_ALL + 1  # the first wrong code is 10 minutes old
    assert net._receive(newcomer, send("lobby", code=" " + CODE.lower() + " "))["kind"] == "lobby"
    for address in ("10.9.9.9", "10.9.9.10"):  # 100 wrong codes within 10 minutes again
        assert wrong_code(net, address)["code"] == "error.bad_code"
    assert net._receive(newcomer, send("lobby", code=CODE))["code"] == "error.locked"


def test_seated_players_rejoin_while_the_codes_are_locked() -> None:
    host, options = lobby_host("hhh", [1, 2])
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        seated, got = await claim(net, 1, "Ana")
        await seated.close()
        for number in range(MAX_GUESSES_ALL):
            wrong_code(net, f"10.1.0.{number}")
        assert net.locked_for(now[0]) > 0
        back = await open_ws(net)
        await back.send(hello(1, got["secret"]))
        assert (await recv(back))["kind"] == "seated"
        await back.close()

    run(host, scenario, **options, clock=lambda: now[0])


NASTY = [
    ("Ev\u202ee", "Eve"),
    ("\u2066Bob\u2069\u200f", "Bob"),
    ("Eve\x1b[2J\x1b[31m", "Eve"),
    ("\x1b]0;pwned\x07Zoé", "Zoé"),
    ("\x9b31mAna\x1b(B", "Ana"),
    ("Jo\u200bhn\u00ad", "John"),
    ("fam\u200dily 🎲", "fam\u200dily 🎲"),  # a joiner stays (emoji, scripts)
]


@pytest.mark.parametrize(("raw", "clean"), NASTY)
def test_names_lose_bidi_and_format_controls_and_whole_escape_sequences(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    assert lobby.clean_player_name(raw) == clean[: lobby.NAME_LIMIT]


def test_a_claimed_name_is_clean_in_the_lobby_and_at_the_table() -> None:
    host, options = lobby_host("hhh", [1, 2])

    async def scenario(net: NetHost) -> None:
        ws, _ = await claim(net, 1, "\u202eEve\x1b[2J")
        names = [seat["name"] for seat in net.lobby_message()["seats"]]
        assert names[1] == "Eve" and host.match.seat_name(1) == "Eve"
        await ws.close()

    run(host, scenario, **options)


def test_names_are_clean_where_records_are_read(tmp_path) -> None:
    from game.engine import registry
    from game.engine.record import read_record
    from tests.records_helpers import random_match

    record, _, _ = random_match(registry.load("fish_fish"), 3, seed=2, max_actions=5)
    data = json.loads(record.to_json())
    data["seats"][0]["name"] = "\u202eEve\x1b[2J"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_record(path).seats[0].name == "Eve"


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_the_secrets_on_disk_are_readable_by_their_owner_only(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    joins.remember(joins.SavedJoin("m1", "192.168.1.20", 47474, 1, "s3cret", "Ana", "fish_fish"))
    autosave = tmp_path / "data" / "autosave" / "m1.json"
    joins.save_hosted(autosave, joins.HostedMatch("m1", "KM4XA", {1: "s3cret"}, 47474))
    for path in (joins.joins_path(), joins.hosted_path(autosave)):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    joins.remember(joins.SavedJoin("m2", "192.168.1.20", 47474, 1, "s3cret2", "Ana", "fish_fish"))  # rewritten
    assert stat.S_IMODE(joins.joins_path().stat().st_mode) == 0o600


def test_a_network_players_move_waits_until_the_last_move_is_on_disk() -> None:
    """As a bot's move does: while the autosave of the last move is being written (a hold of
    the match, see MatchRecorder.writing), the next message waits, so one write carries one move."""
    host = make_host("jagdfieber", "hhh")
    writing = [False]
    host.match.holds.append(lambda: writing[0])

    async def scenario(net: NetHost) -> None:
        ws, got = await join(net, 0)
        text = got[-1]["legal"][0]
        writing[0] = True
        await ws.send(json.dumps({"kind": "action", "protocol": PROTOCOL_VERSION, "text": text}))
        await asyncio.sleep(0.3)
        assert host.match.history == [], "played while the last move was still being written"
        writing[0] = False
        got = [await recv(ws)]
        while got[-1]["kind"] not in ("accepted", "error"):
            got.append(await recv(ws))
        assert got[-1]["kind"] == "accepted" and host.match.history == [(0, text)]
        await ws.close()

    run(host, scenario)


def test_lobby_watchers_filling_the_table_do_not_keep_a_seated_player_out() -> None:
    host, options = lobby_host("hhh", [1, 2])

    async def scenario(net: NetHost) -> None:
        seated, got = await claim(net, 1, "Ana")
        await seated.close()
        watchers = []
        for _ in range(net.max_clients):
            ws = await open_ws(net)
            await ws.send(send("lobby", code=CODE))
            assert (await recv(ws))["kind"] == "lobby"
            watchers.append(ws)
        back = await open_ws(net)
        await back.send(hello(1, got["secret"]))
        assert (await recv(back))["kind"] == "seated"
        for ws in (back, *watchers):
            await ws.close()

    run(host, scenario, **options, max_per_address=10_000, rate=10_000, burst=10_000)


def test_a_name_typed_on_the_setup_screen_is_clean(tmp_path, monkeypatch) -> None:
    from scenes.setup import SetupScene
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    scene = SetupScene(app)
    scene.seats[0].name.value, scene.seats[0].edited = "\u202eEve\x1b[2J\u200b", True
    assert scene.seats[0].display_name() == "Eve"
