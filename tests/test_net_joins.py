"""What a computer keeps of its network matches: the seats it holds (saved joins) and, for a
match it hosts, the secrets beside the autosave, so that a host hosting the resumed match gives
the same secrets and its players rejoin with theirs. A damaged file is named, never a crash."""

from __future__ import annotations

import json

import pytest

from game import records
from game.net import joins
from game.net.client import RemoteSeat
from game.net.hostthread import HostThread
from tests.test_net_hostthread import TIMEOUT, hosting, new_match, until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    return tmp_path


def join(match_id: str, saved_at: str = "", seat: int = 1) -> joins.SavedJoin:
    return joins.SavedJoin(match_id, "192.168.1.20", 47474, seat, "s3cret-" + match_id, "Ana", "fish_fish", saved_at)


def test_saved_joins_are_kept_newest_first_one_per_match_and_forgotten() -> None:
    assert joins.saved_joins() == [] and joins.problem() is None
    joins.remember(join("m1", "2020-01-01T10:00:00Z"))
    joins.remember(join("m2", "2020-01-01T11:00:00Z"))
    joins.remember(join("m1", "2020-01-01T12:00:00Z", seat=2))  # the same match again: replaced
    assert [(j.match_id, j.seat) for j in joins.saved_joins()] == [("m1", 2), ("m2", 1)]
    fresh = join("m3")
    joins.remember(fresh)
    assert fresh.saved_at.endswith("Z") and joins.saved_joins()[0] == fresh
    joins.forget("m1")
    joins.forget("nothing")
    assert [j.match_id for j in joins.saved_joins()] == ["m3", "m2"]
    assert joins.problem() is None


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", b"[]", b'{"format": "other"}', b'{"format": "tablee-joins", "joins": 3}',
     b"[" * 100_000],
)
def test_a_damaged_joins_file_is_named_set_aside_and_read_as_empty(home, content: bytes) -> None:
    path = joins.joins_path()
    path.write_bytes(content)
    assert joins.saved_joins() == []
    problem = joins.problem()
    assert problem is not None and str(path) in problem and "kept as" in problem
    assert not path.exists() and len(list(path.parent.glob("joins.corrupt-*.json"))) == 1
    joins.remember(join("m1"))  # a new file; the damaged one is kept aside
    assert [j.match_id for j in joins.saved_joins()] == ["m1"] and joins.problem() is None


def test_damaged_entries_are_skipped_and_a_folder_in_place_of_the_file_is_no_crash() -> None:
    good = {**join("ok").__dict__}
    entries = [good, {**good, "port": "47474"}, {**good, "seat": True}, {**good, "secret": ""}, "x", None,
               {**good, "match_id": "m" * 300}]
    joins.joins_path().write_text(json.dumps({"format": "tablee-joins", "joins": entries}))
    assert [j.match_id for j in joins.saved_joins()] == ["ok"]
    joins.joins_path().unlink()
    joins.joins_path().mkdir()
    assert joins.saved_joins() == [] and "joins.json" in (joins.problem() or "")
    joins.remember(join("m1"))  # cannot be written: said, not raised
    assert "cannot be written" in (joins.problem() or "")


def test_the_hosted_secrets_round_trip_and_a_damaged_file_is_named(tmp_path) -> None:
    autosave = tmp_path / "abc.json"
    assert joins.load_hosted(autosave) is None and not joins.is_hosted(autosave)
    joins.save_hosted(autosave, joins.HostedMatch("abc", "KM4XA", {0: "s0", 2: "s2"}, 47475))
    assert joins.is_hosted(autosave) and joins.hosted_path(autosave).name == "abc.net"
    assert joins.load_hosted(autosave) == joins.HostedMatch("abc", "KM4XA", {0: "s0", 2: "s2"}, 47475)
    joins.hosted_path(autosave).write_text('{"format": "tablee-hosted", "match_id": "abc", "code": "X", '
                                           '"secrets": {"zero": "s0"}}')
    assert joins.load_hosted(autosave) is None
    assert "abc.net" in (joins.problem() or "") and not joins.is_hosted(autosave)
    joins.forget_hosted(autosave)  # nothing there: nothing happens


def test_a_resumed_host_gives_the_same_secrets_and_its_players_rejoin(home) -> None:
    first = hosting(new_match(names=("Ana", "", "")))
    own = RemoteSeat.connect("127.0.0.1", first.port, first.match_id, 0, first.secret(0))
    bea = RemoteSeat.claim("127.0.0.1", first.port, first.code, 1, "Bea")
    first.begin()
    state = own.wait("state", TIMEOUT)[-1]
    while not state["legal"]:
        state = own.wait("state", TIMEOUT)[-1]
    own.send(state["legal"][0])
    own.wait("accepted", TIMEOUT)
    code, match_id, host_secret = first.code, first.match_id, first.secret(0)
    first.stop()  # the host's app closes
    until(lambda: not bea.connected)
    for remote in (own, bea):
        remote.close()
    store = records.RecordStore()
    path = store.latest_unfinished()
    assert path is not None and joins.is_hosted(path)
    match = records.resume(path, store, think_seconds=0, threaded=False).match
    assert [match.seat_name(s) for s in range(3)] == ["Ana", "Bea", "Bot 3"] and not match.is_human(2)
    again = HostThread(match, port=0, advertise=False, listen="127.0.0.1")
    again.start()
    try:
        assert (again.match_id, again.code, again.secret(0)) == (match_id, code, host_secret) and again.started
        assert again.port == first.port  # the port the players know, when it is free
        back = bea.reopen()  # Bea's saved secret still works
        welcome = back.wait("welcome", TIMEOUT)[-1]
        assert welcome["seat"] == 1 and welcome["names"][1] == "Bea"
        assert back.wait("state", TIMEOUT)[-1]["step"] == len(match.history) > 0
        back.close()
    finally:
        again.stop()
