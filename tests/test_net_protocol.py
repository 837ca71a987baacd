"""The protocol is documented (docs/network.md) and worded: every message kind and field a host
sends is in the document, and every protocol error reads in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.events import EVENT_TYPES
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net import protocol
from game.net.server import NetHost, _Client
from game.net.stream import Host

DOC = (Path(__file__).resolve().parent.parent / "docs" / "network.md").read_text(encoding="utf-8")
CODES = [v for k, v in vars(protocol).items() if k.isupper() and isinstance(v, str) and v.startswith("error.")]


def sample_messages() -> list[dict]:
    seats = [SeatConfig("A", HUMAN), SeatConfig("B", HUMAN), SeatConfig("C", BOT, "random")]
    match = Match(MatchConfig("jagdfieber", seats, seed=2), think_seconds=0, threaded=False)
    host = Host(match, match_id="m", secret=iter(["a", "b"]).__next__)
    stream = host.stream(0)
    out = [stream.welcome(), stream.checked("play wolf"), stream.preview("play wolf"), stream.preview("play bear"),
           stream.send("play wolf"), stream.send("play wolf"), host.join(1, "x")]
    return [m for m in out + stream.pull() if isinstance(m, dict)]


def lobby_messages() -> list[dict]:
    """What the lobby sends: the lobby itself, a seat claimed, the start (host and its seats)."""
    seats = [SeatConfig("A", HUMAN), SeatConfig("", HUMAN), SeatConfig("C", BOT, "random")]
    match = Match(MatchConfig("jagdfieber", seats, seed=2), think_seconds=0, threaded=False)
    net = NetHost(Host(match, match_id="m"), code="ACDEF", open_seats=[1], started=False)
    client = _Client(None, 1.0, 0.0)  # type: ignore[arg-type]  # replies are only queued
    out = [net._receive(client, '{"kind": "lobby", "protocol": 1, "code": "acdef"}')]
    net._receive(client, '{"kind": "claim", "protocol": 1, "code": "ACDEF", "seat": 1, "name": "Bo"}')
    net.begin()
    return [m for m in out + client.outbox if isinstance(m, dict)]


def test_every_message_kind_and_field_the_host_sends_is_documented() -> None:
    messages = sample_messages() + lobby_messages()
    assert {m["kind"] for m in messages} == {"welcome", "checked", "previewed", "accepted", "error", "events", "state",
                                            "lobby", "seated"}
    assert [m["events"] is None for m in messages if m["kind"] == "previewed"] == [False, True]
    for msg in messages:
        assert f"`{msg['kind']}`" in DOC
        for name in msg:
            assert f"`{name}`" in DOC, (msg["kind"], name)
    for name in ("hello", "action", "sync", "check", "preview", "match", "secret", "text", "lobby", "claim", "leave",
                 "code", "name", "seat", "state", "connected", "host", "open", "taken", "bot"):
        assert f"`{name}`" in DOC
    for event in EVENT_TYPES:
        assert f"`{event.kind}`" in DOC
        for name in event._fields:
            assert f"`{name}`" in DOC or re.search(rf"\b{name}\b", DOC), (event.kind, name)


@pytest.mark.parametrize("code", CODES)
def test_every_protocol_error_is_documented_and_worded_in_both_languages(code: str) -> None:
    assert f"`{code}`" in DOC
    rules = registry.load("jagdfieber")
    params = {"protocol": protocol.PROTOCOL_VERSION, "seat": 1}
    for lang in ("fr", "en"):
        text = rules.text(lang, code, **params)
        assert text != code and "{" not in text
    assert rules.text("fr", code, **params) != rules.text("en", code, **params)
