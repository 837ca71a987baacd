"""The lobby of a network host, on 127.0.0.1 with real sockets: players look at the lobby and
claim an open seat with the join code; a wrong code, a taken seat, a claim after the start, a
flood of guessed codes are refused; the host begins, open seats nobody claimed get a bot, and
the players play the match to its end."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import lobby
from game.net.protocol import PROTOCOL_VERSION
from game.net.server import GUESS_WINDOW, MAX_BAD_CODES, MAX_GUESSES, NetHost
from tests.test_net_server import (
    TIMEOUT,
    action,
    hello,
    make_host,
    play_seat,
    recv,
    recv_until,
    run,
)

CODE = "KM4XA"


def send(kind: str, **fields: Any) -> str:
    return json.dumps({"kind": kind, "protocol": PROTOCOL_VERSION, **fields})


async def open_ws(net: NetHost) -> ClientConnection:
    return await connect(f"ws://127.0.0.1:{net.port}", open_timeout=TIMEOUT, proxy=None)


async def claim(net: NetHost, seat: int, name: str) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await open_ws(net)
    await ws.send(send("claim", code=CODE.lower(), seat=seat, name=name))
    got = await recv(ws)
    assert got["kind"] == "seated", got
    return ws, got


def lobby_host(kinds: str, open_seats: list[int], game_id: str = "fish_fish") -> tuple[Any, dict[str, Any]]:
    host = make_host(game_id, kinds)
    return host, {"code": CODE, "open_seats": open_seats, "started": False, "bot_for_open": "random"}


def test_the_join_code_is_short_and_has_no_look_alikes() -> None:
    codes = {lobby.new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 5 and set(code) <= set(lobby.CODE_ALPHABET)
    assert not set("0O1IL2Z5S8B") & set(lobby.CODE_ALPHABET)
    assert lobby.same_code(" km4-xa ", "KM4XA") and not lobby.same_code("KM4XE", "KM4XA")
    assert not lobby.same_code(None, "KM4XA") and not lobby.same_code(["KM4XA"], "KM4XA")


def test_players_claim_open_seats_and_everyone_sees_the_lobby_change() -> None:
    host, options = lobby_host("hhhb", [1, 2])
    seen: list[dict[str, Any]] = []

    async def scenario(net: NetHost) -> None:
        watcher = await open_ws(net)
        await watcher.send(send("lobby", code="nope"))
        assert (await recv(watcher))["code"] == "error.bad_code"
        await watcher.send(send("lobby", code=CODE))
        first = await recv(watcher)
        assert first["kind"] == "lobby" and first["match"] == "m1" and first["game"] == "fish_fish"
        assert first["players"] == 4 and first["started"] is False
        assert [(s["state"], s["name"], s["connected"]) for s in first["seats"]] == [
            ("host", "P0", False), ("open", "", False), ("open", "", False), ("bot", "P3", False)]
        ana, seated = await claim(net, 1, "  Ana\x07 de la Montagne-Noire  ")
        assert seated == {"kind": "seated", "protocol": PROTOCOL_VERSION, "match": "m1", "seat": 1,
                          "secret": host.secrets[1]}
        assert seated["secret"] != "secret1"  # a claim gets a fresh secret
        changed = await recv(watcher)
        assert changed["seats"][1] == {"seat": 1, "name": "Ana de la Montag", "state": "taken", "connected": True}
        assert host.match.config.seats[1].name == "Ana de la Montag" and host.match.is_human(1)
        # The seat is taken: another claim is refused, a claim for the host's or the bot's seat too.
        bob = await open_ws(net)
        for seat, code in ((1, "error.seat_taken"), (0, "error.not_your_seat"), (3, "error.not_your_seat"),
                           ("1", "error.not_your_seat")):
            await bob.send(send("claim", code=CODE, seat=seat, name="Bob"))
            assert (await recv(bob))["code"] == code
        await bob.send(send("claim", code=CODE, seat=2, name=" \x00 "))
        assert (await recv(bob))["code"] == "error.bad_message"  # no name left
        await bob.send(send("claim", code="WRONG", seat=2, name="Bob"))
        assert (await recv(bob))["code"] == "error.bad_code"
        # The host's own seat joins with its secret; nobody may act before the start.
        own, got = await open_ws(net), None
        await own.send(hello(0, host.secrets[0]))
        got = await recv(own)
        assert got["kind"] == "seated" and got["seat"] == 0
        assert (await recv(own))["seats"][0]["connected"] is True
        await ana.send(action("bet 1"))
        assert (await recv_until(ana, "error"))[-1]["code"] == "error.not_started"
        assert host.match.history == []
        # An open seat cannot be taken with a hello (it is claimed with the code).
        await bob.send(hello(2, "secret2"))
        assert (await recv(bob))["code"] == "error.not_your_seat"
        net.begin()
        got = await recv_until(ana, "state")
        assert [m["kind"] for m in got if m["kind"] != "lobby"] == ["welcome", "state"]
        assert got[0]["names"][1] == "Ana de la Montag"
        assert host.match.config.seats[2].kind == "bot" and host.match.config.seats[2].bot == "random"
        started = await recv_until(watcher, "lobby")
        while not started[-1]["started"]:
            started = await recv_until(watcher, "lobby")
        assert [s["state"] for s in started[-1]["seats"]] == ["host", "taken", "bot", "bot"]
        await bob.send(send("claim", code=CODE, seat=2, name="Bob"))
        assert (await recv_until(bob, "error"))[-1]["code"] == "error.started"
        for ws in (watcher, ana, bob, own):
            await ws.close()

    run(host, scenario, **options, on_lobby=seen.append)
    assert seen[-1]["started"] and seen[0]["seats"][1]["state"] == "taken"


def test_a_player_who_leaves_the_lobby_frees_the_seat_and_their_secret_no_longer_works() -> None:
    host, options = lobby_host("hhh", [1, 2])

    async def scenario(net: NetHost) -> None:
        ana, seated = await claim(net, 1, "Ana")
        await recv(ana)  # the lobby with her seat taken
        await ana.send(send("leave"))
        assert (await recv(ana))["seats"][1]["state"] == "open"
        bob, again = await claim(net, 1, "Bob")
        assert again["secret"] != seated["secret"]
        other = await open_ws(net)
        await other.send(hello(1, seated["secret"]))
        assert (await recv(other))["code"] == "error.bad_secret"
        await bob.close()  # dropped before the start: the seat stays Bob's...
        await asyncio.sleep(0.05)
        assert net.seats()[1] == {"seat": 1, "name": "Bob", "state": "taken", "connected": False}
        await other.send(hello(1, again["secret"]))  # ...and he takes it back with his secret
        assert (await recv(other))["kind"] == "seated"
        await other.close()
        await ana.close()

    run(host, scenario, **options)


def test_a_connection_guessing_codes_is_closed_and_the_host_serves_the_others() -> None:
    host, options = lobby_host("hhh", [1, 2])

    async def scenario(net: NetHost) -> None:
        guesser = await open_ws(net)
        for guess in range(MAX_BAD_CODES):
            await guesser.send(send("claim", code=f"AAAA{guess}", seat=1, name="Eve"))
        codes = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                codes.append((await recv(guesser))["code"])
        assert codes == ["error.bad_code"] * MAX_BAD_CODES
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert 1 not in net.claimed
        ana, _ = await claim(net, 1, "Ana")
        await ana.close()

    run(host, scenario, **options)


def test_a_whole_match_from_the_lobby_to_the_end() -> None:
    """Fish Fish at 3 seats: the host's seat, one claimed by a network player, one nobody claimed
    (a random bot once the host begins); the two players play to the end."""
    host, options = lobby_host("hhh", [1, 2], game_id="fish_fish")

    async def scenario(net: NetHost) -> None:
        ana, _ = await claim(net, 1, "Ana")
        assert net.seats()[2]["state"] == "open"
        await ana.close()
        net.begin()
        assert host.match.config.seats[2].kind == "bot"
        moves = await asyncio.gather(play_seat(net, 0, 1), play_seat(net, 1, 2))
        assert all(moves) and host.match.is_over()

    run(host, scenario, **options, rate=10_000, burst=10_000, outbox_limit=10**6)


def test_an_address_guessing_over_new_connections_is_refused_even_the_right_code() -> None:
    host, options = lobby_host("hhh", [1, 2])
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        for _ in range(MAX_GUESSES // MAX_BAD_CODES):
            guesser = await open_ws(net)
            for _ in range(MAX_BAD_CODES):
                await guesser.send(send("lobby", code="AAAAA"))
            with pytest.raises(ConnectionClosed):
                while True:
                    await recv(guesser)
        late = await open_ws(net)
        await late.send(send("claim", code=CODE, seat=1, name="Eve"))  # the right code, too late
        assert (await recv(late))["code"] == "error.bad_code" and net.claimed == {}
        now[0] += GUESS_WINDOW  # a while later the address may try again
        await late.send(send("claim", code=CODE, seat=1, name="Ana"))
        assert (await recv(late))["kind"] == "seated"
        await late.close()

    run(host, scenario, **options, clock=lambda: now[0])
