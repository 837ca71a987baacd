"""Finding hosts on the local network (mDNS): what a host advertises (never its join code nor a
secret), what a browser makes of any TXT record, a host advertised and found on 127.0.0.1, and
no network at all: nothing found, nothing raised."""

from __future__ import annotations

import secrets
import time

import pytest

from game.net import discovery
from game.net.discovery import Advertiser, Browser, FoundGame, decode, properties

GAME = FoundGame("Ana's laptop", "fish_fish", "127.0.0.1", 47474, f"20261127-101010-fish_fish-{secrets.token_hex(3)}", 4, 2)


def test_the_txt_record_round_trips_and_carries_no_code_nor_secret() -> None:
    txt = properties(GAME)
    assert set(txt) == {"v", "name", "game", "match", "players", "open"}
    as_bytes = {k.encode(): v.encode() for k, v in txt.items()}
    assert decode(as_bytes, "127.0.0.1", 47474) == GAME == decode(txt, "127.0.0.1", 47474)


@pytest.mark.parametrize(
    "change",
    [{"v": "2"}, {"v": None}, {"players": "many"}, {"players": "-1"}, {"open": "1e9"}, {"match": ""},
     {"game": "x" * 500}, {"name": None}],
)
def test_a_txt_record_that_makes_no_sense_is_ignored(change: dict) -> None:
    txt = {**properties(GAME), **change}
    assert decode(txt, "127.0.0.1", 47474) is None
    assert decode(properties(GAME), "127.0.0.1", 0) is None


def test_odd_but_usable_records_are_cleaned() -> None:
    txt = {**properties(GAME), "name": "Eve\x1b[2J\udcff", "open": "9"}
    found = decode(txt, "10.0.0.2", 5000)
    assert found is not None and found.name == "Eve\ufffd" and found.open_seats == 4  # never more than players


def test_without_a_network_nothing_is_found_and_nothing_raises(monkeypatch) -> None:
    def no_network(interfaces):
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(discovery, "_zeroconf", no_network)
    browser = Browser()
    browser.start()
    assert browser.found() == [] and "Network is unreachable" in (browser.problem or "")
    browser.stop()
    advertiser = Advertiser(GAME)
    advertiser.start()
    advertiser.update(1)
    advertiser.stop()
    assert "Network is unreachable" in (advertiser.problem or "")
    never = Advertiser(GAME)
    never.stop()  # never started: nothing to do


def test_a_host_advertised_on_loopback_is_found_updated_and_withdrawn() -> None:
    try:
        discovery._zeroconf(["127.0.0.1"]).close()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"no multicast on 127.0.0.1 here: {exc}")
    browser = Browser(interfaces=["127.0.0.1"])
    browser.start()
    advertiser = Advertiser(GAME, interfaces=["127.0.0.1"])
    advertiser.start()

    def ours() -> list[FoundGame]:  # another host on this machine or network may be advertised too
        return [f for f in browser.found() if f.match_id == GAME.match_id]

    try:
        wait_for(lambda: ours() == [GAME])
        advertiser.update(0)
        wait_for(lambda: [f.open_seats for f in ours()] == [0])
        assert advertiser.problem is None and browser.problem is None
    finally:
        advertiser.stop()
    wait_for(lambda: ours() == [])
    browser.stop()


def wait_for(condition, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)
