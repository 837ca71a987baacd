"""Play over the internet: a host serving wss:// with a certificate made for the test (by an
authority `trustme` makes), clients that trust that authority (TABLEE_CA_FILE) and one that does
not, `tablee serve --tls-cert --tls-key --json`, and the app's Join screen with a wss:// address."""

from __future__ import annotations

import json
import os
import random
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import trustme

from game.net.client import (
    CA_FILE_ENV,
    CertificateError,
    RemoteSeat,
    default_port,
    fetch_lobby,
    host_uri,
)
from game.net.hostthread import HostThread
from tests.test_net_hostthread import TIMEOUT, new_match, play_to_end, until
from tests.test_net_server import PROTOCOL_CODES

ROOT = Path(__file__).resolve().parents[1]
SLOW = 20.0  # seconds a TLS connection may take to open on a loaded machine (the handshakes share two cores)


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def certificate(authority, tmp_path, monkeypatch) -> dict[str, Path]:
    """The host's certificate (for localhost and 127.0.0.1) and its key in PEM files; the
    clients of this test trust the authority that signed it."""
    issued = authority.issue_cert("localhost", "127.0.0.1")
    files = {"cert": tmp_path / "host.pem", "key": tmp_path / "host.key", "ca": tmp_path / "ca.pem"}
    files["cert"].write_bytes(b"".join(blob.bytes() for blob in issued.cert_chain_pems))
    issued.private_key_pem.write_to_path(str(files["key"]))
    authority.cert_pem.write_to_path(str(files["ca"]))
    monkeypatch.setenv(CA_FILE_ENV, str(files["ca"]))
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    return files


def server_context(files: dict[str, Path]) -> ssl.SSLContext:
    from game.net.serve import tls_context

    return tls_context(str(files["cert"]), str(files["key"]))


def test_addresses_may_be_wss_urls_with_their_own_port_and_path() -> None:
    assert host_uri("wss://tablee.example.org", 47474) == "wss://tablee.example.org:47474/"
    assert host_uri("wss://tablee.example.org:8443/tablee", 47474) == "wss://tablee.example.org:8443/tablee"
    assert host_uri("WSS://[::1]:9000", 1) == "wss://[::1]:9000/"
    assert host_uri("192.168.1.20", 47474) == "ws://192.168.1.20:47474/"
    assert default_port("wss://tablee.example.org") == 443 and default_port("ws://a:81") == 81
    assert default_port("tablee.local") is None
    for bad in ("https://tablee.example.org", "wss://user:pw@host", "wss://host?x=1", "wss://", "wss://host:99999"):
        with pytest.raises(OSError):
            host_uri(bad, 47474)


def test_a_tls_host_plays_a_whole_match_with_players_who_trust_its_certificate(certificate) -> None:
    match = new_match()
    host = HostThread(match, port=0, advertise=False, listen="127.0.0.1", bot_for_open="random", autosave=False,
                      net_options={"rate": 10_000, "burst": 10_000}, tls=server_context(certificate))
    host.start()
    try:
        assert host.url == f"wss://127.0.0.1:{host.port}"
        bea = opened(lambda: RemoteSeat.claim(f"wss://localhost:{host.port}", host.port, host.code, 1, "Bea", timeout=SLOW))
        cy = opened(lambda: RemoteSeat.claim(host.url, host.port, host.code.lower(), 2, "Cy", timeout=SLOW))
        own = opened(lambda: RemoteSeat.connect(host.url, host.port, host.match_id, 0, host.secret(0), timeout=SLOW))
        until(lambda: [s["state"] for s in host.seats()] == ["host", "taken", "taken"])
        with pytest.raises(OSError):  # no clear text on that port
            fetch_lobby("127.0.0.1", host.port, host.code, timeout=2.0)
        host.begin()
        assert play_to_end([own, bea, cy]) > 10 and match.is_over()
        back = opened(lambda: bea.reopen(timeout=SLOW))  # a rejoin goes over TLS too
        assert back.wait("state", TIMEOUT)[-1]["over"]
        for remote in (own, bea, cy, back):
            remote.close()
    finally:
        host.stop()


def opened(open_seat: Callable[[], RemoteSeat], tries: int = 3) -> RemoteSeat:
    """A seat's TLS connection, tried as a player tries again (the table's seats retry a rejoin
    every 2 s): in parallel runs of the suite an opening is now and then closed by the host
    before its HTTP answer (2 of 3 clean-clone runs on 2026-12-06, never alone nor beside busy
    loops; its cause not found). A certificate refused is not tried again; an opening that never
    works still fails."""
    for attempt in range(tries):
        try:
            return open_seat()
        except CertificateError:
            raise
        except OSError:
            if attempt == tries - 1:
                raise
            time.sleep(2.0)
    raise AssertionError("unreachable")


def test_a_client_that_does_not_trust_the_certificate_sends_nothing(certificate, monkeypatch, authority) -> None:
    match = new_match()
    host = HostThread(match, port=0, advertise=False, listen="127.0.0.1", autosave=False,
                      tls=server_context(certificate))
    host.start()
    try:
        monkeypatch.delenv(CA_FILE_ENV)  # only the system's authorities: the test's is not one
        with pytest.raises(CertificateError):
            fetch_lobby(host.url, host.port, host.code, timeout=3.0)
        with pytest.raises(CertificateError):
            RemoteSeat.claim(host.url, host.port, host.code, 1, "Eve", timeout=3.0)
        assert [s["state"] for s in host.seats()] == ["host", "open", "open"]
    finally:
        host.stop()
    elsewhere = authority.issue_cert("tablee.example.org")  # trusted, but made for another name
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    elsewhere.configure_cert(context)
    host = HostThread(new_match(), port=0, advertise=False, listen="127.0.0.1", autosave=False, tls=context)
    host.start()
    try:
        monkeypatch.setenv(CA_FILE_ENV, str(certificate["ca"]))
        with pytest.raises(CertificateError):
            fetch_lobby(host.url, host.port, host.code, timeout=3.0)
    finally:
        host.stop()


def test_the_join_screen_joins_a_wss_address_and_says_when_its_certificate_is_not_trusted(
        certificate, monkeypatch, tmp_path) -> None:
    import pygame

    from scenes import app as app_module
    from scenes.net_join import SeatScene, parse_address
    from tests.test_app_support import frame, key, make_app
    from tests.test_net_menus import NetworkTable, open_join, type_into
    from tests.test_net_menus import until as app_until

    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_net_menus:NetworkTable")
    NetworkTable.opened.clear()
    app = make_app(monkeypatch, tmp_path)
    assert parse_address("wss://tablee.example.org", "47474") == ("wss://tablee.example.org", 443)
    assert parse_address("wss://tablee.example.org:8443", "47474") == ("wss://tablee.example.org:8443", 8443)
    match = new_match()
    host = HostThread(match, port=0, advertise=False, listen="127.0.0.1", autosave=False,
                      tls=server_context(certificate))
    host.start()
    try:
        join = open_join(app)
        type_into(app, join, join.address, f"wss://localhost:{host.port}")
        type_into(app, join, join.code, host.code)
        frame(app, key(pygame.K_RETURN))
        app_until(app, lambda: isinstance(app.stack.top, SeatScene))
        app.pop()
        monkeypatch.delenv(CA_FILE_ENV)
        frame(app, key(pygame.K_RETURN))
        app_until(app, lambda: join.pending is None and bool(join.message))
        assert join.message.startswith(app.tr("net.error.certificate", address="", problem="")[:12]), join.message
        assert app.stack.top is join
    finally:
        host.stop()


def test_serve_over_tls_prints_one_json_line_per_event(certificate, tmp_path) -> None:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    command = [sys.executable, "main.py", "serve", "fish_fish", "--players", "3", "--bots", "random",
               "--address", "127.0.0.1", "--port", "0", "--no-advertise", "--json", "--seed", "4",
               "--tls-cert", str(certificate["cert"]), "--tls-key", str(certificate["key"])]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        assert first["event"] == "listening" and first["tls"] is True and first["address"] == "127.0.0.1"
        assert first["url"] == f"wss://127.0.0.1:{first['port']}" and len(first["code"]) == 5
        assert [s["state"] for s in first["seats"]] == ["open", "open", "bot"] and first["match"]
        events: list[dict] = []
        reader = threading.Thread(target=lambda: events.extend(json.loads(line) for line in proc.stdout), daemon=True)
        reader.start()  # read as it comes: a host whose output nobody reads would wait for its reader
        players = [opened(lambda seat=seat, name=name: RemoteSeat.claim(first["url"], first["port"], first["code"], seat, name, timeout=SLOW))
                   for seat, name in ((0, "Ana"), (1, "\u202eBea"))]
        until(lambda: any(e["event"] == "started" for e in events))
        assert [(e["event"], e["seat"], e["name"]) for e in events[:2]] == [("seat", 0, "Ana"), ("seat", 1, "Bea")]
        assert play_by_the_rules(players) > 5
        reader.join(TIMEOUT)
        kinds = [e["event"] for e in events]
        assert "move" in kinds and kinds[-1] == "over", kinds
        assert events[-1]["winners"] and len(events[-1]["scores"]) == 3
        assert proc.wait(timeout=TIMEOUT) == 0
        for remote in players:
            remote.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def play_by_the_rules(players: list[RemoteSeat], seconds: float = 90.0) -> int:
    """Clients as docs/network.md says: one action at a time, each after the answer to the last,
    on a state at least as new as the last `accepted.step`, and no `sync` (the host's default
    rate cap stays on). The number of actions accepted."""
    rng = random.Random(3)
    accepted, after = 0, dict.fromkeys(range(len(players)), 0)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(p.state and p.state["over"] for p in players):
            return accepted
        for number, player in enumerate(players):
            player.pull()  # `state` is the latest one
            state = player.state
            if state and state["legal"] and state["step"] >= after[number] and not state["over"]:
                player.send(rng.choice(state["legal"]))
                reply = player.wait(("accepted", "error"), TIMEOUT)[-1]
                # another seat may have acted meanwhile: a refusal by the rules, never the protocol
                assert reply["kind"] == "accepted" or reply["code"] not in PROTOCOL_CODES, reply
                if reply["kind"] == "accepted":
                    accepted += 1
                    after[number] = reply["step"]
        time.sleep(0.02)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("extra", "message"), [
    (["--tls-cert", "nothing.pem"], "--tls-cert and --tls-key go together"),
    (["--tls-cert", "nothing.pem", "--tls-key", "nothing.key"], "nothing.pem: no such file"),
])
def test_bad_tls_options_get_one_error_line(extra: list[str], message: str, capsys) -> None:
    from scenes.main import main

    assert main(["serve", "fish_fish", "--no-advertise", *extra]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_a_key_that_is_not_the_certificates_is_refused(certificate, authority, tmp_path, capsys) -> None:
    from scenes.main import main

    other = authority.issue_cert("localhost")
    wrong = tmp_path / "other.key"
    other.private_key_pem.write_to_path(str(wrong))
    assert main(["serve", "fish_fish", "--no-advertise", "--tls-cert", str(certificate["cert"]),
                 "--tls-key", str(wrong)]) == 1
    assert "not a certificate and its private key" in capsys.readouterr().err
