"""The table as a client of one network seat: a real host on 127.0.0.1, the table scene joined
to one seat through `TableScene.joined`, another seat played by a script, bots for the rest.

The table shows exactly its seat's view (compared with the host's `view(seat)` whenever it is
idle), plays by the same `submit` as everywhere, says the host's reasons for refused moves,
gets previews from the host, and rejoins by itself after its connection drops."""

from __future__ import annotations

import json
import time

import pytest

from game.engine import registry
from game.engine.errors import IllegalAction
from game.engine.rng import Rng
from game.net.client import RemoteSeat
from tests.table_helpers import frames, make_app
from tests.test_net_client import TIMEOUT, hosting
from tests.test_net_server import make_host

GAMES = list(registry.GAMES)  # every declared game, the tests' own too


def joined_table(app, port: int, secret: str, seat: int = 0):
    from scenes.table.scene import TableScene

    remote = RemoteSeat.connect("127.0.0.1", port, "m1", seat, secret)
    remote.wait("state", TIMEOUT)
    scene = TableScene.joined(app, remote)
    app.push(scene)
    return scene


def same(a, b) -> bool:
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


def unordered(cards):
    """A zone's cards whatever their order (the table sorts its own hand)."""
    return sorted(str(unordered(c)) for c in cards) if isinstance(cards, list) else cards


def script_turn(remote: RemoteSeat, rng: Rng) -> None:
    """The other player: answers its turns with a legal action picked at random."""
    remote.pull()
    state = remote.state
    if state is not None and state.get("your_turn") and state.get("legal"):
        legal = state["legal"]
        remote.send(legal[rng.randrange(len(legal))])
        remote.state = {**state, "your_turn": False}  # sent once; the next state says what follows


def play(app, scene, host, others: list[RemoteSeat], actions: int, seed: int = 5) -> int:
    """Play up to `actions` of the table's own moves (or to the end); returns how many were played.
    Whenever the table is idle and up to date, its view is the host's view of its seat."""
    rng = Rng(seed)
    seat = scene.seats.seat
    played = compared = 0
    from scenes.results import ScoreSheetScene

    deadline = time.monotonic() + 120  # a loaded machine is slow, never wrong
    while time.monotonic() < deadline:
        frames(app, 1, 0.05)
        time.sleep(0.001)  # the host's thread runs meanwhile
        if isinstance(app.stack.top, ScoreSheetScene):  # opened by itself after a scoring: read, closed
            app.pop()
        for remote in others:
            script_turn(remote, rng)
        if scene.finished or played >= actions:
            break
        if scene.animator.busy or scene.seats.step() != len(host.match.history):
            continue
        if not compared or scene.seats.step() != compared:
            truth = host.match.state.view(seat)
            assert same(scene.seats.view(seat), truth), "the table received more or less than its seat's view"
            if not scene.seats.resynced:  # what it shows: the same cards (its own hand may be sorted)
                for zone, cards in truth["zones"].items():
                    assert unordered(scene.view["zones"][zone]) == unordered(cards), zone
            compared = scene.seats.step()
        if scene.active_seat() == seat:
            legal = scene.seats.legal_texts(seat)
            assert scene.submit(legal[rng.randrange(len(legal))])
            played += 1
    return played


@pytest.fixture
def app(tmp_path, monkeypatch):
    found = make_app(tmp_path, monkeypatch)
    found.settings.extra["tours_seen"] = GAMES
    found.settings.reduced_motion = True
    found.settings.confirm_moves = "never"  # these tests play the seat by script (a network table confirms by default)
    return found


def test_a_joined_table_shows_a_move_lit_and_sends_it_on_confirm_by_default(tmp_path, monkeypatch) -> None:
    """No undo across screens: a network seat's moves wait for Confirm unless the player chose
    otherwise (Settings, "Confirm my moves")."""
    import pygame

    from tests.table_helpers import key

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = GAMES
    app.settings.reduced_motion = True
    assert app.settings.confirm_moves == "network"
    host = make_host("jagdfieber", "hbb")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        wait_for(app, lambda: scene.active_seat() == 0)
        text = scene.seats.legal_texts(0)[0]
        assert scene.submit(text) and scene.confirm.pending == (0, text)
        frames(app, 5)
        assert not any(seat == 0 for seat, _ in host.match.history)  # nothing sent yet
        frames(app, 1, events=[key(pygame.K_RETURN)])
        wait_for(app, lambda: any(seat == 0 for seat, _ in host.match.history))
        assert (0, text) in host.match.history


@pytest.mark.parametrize("game_id", GAMES)
def test_a_joined_table_plays_its_seat_and_shows_only_its_view(app, game_id: str) -> None:
    host = make_host(game_id, "hhb" if game_id != "wolf_and_hound" else "hh")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        other = RemoteSeat.connect("127.0.0.1", port, "m1", 1, host.secrets[1])
        assert scene.match is None  # the table holds no match: only its seat's messages
        assert scene.seats.local_seats == [0] and not scene.hot_seat
        played = play(app, scene, host, [other], actions=6)
        assert played >= 1
        other.close()


def test_a_whole_fish_fish_match_at_a_joined_table_reaches_the_results(app) -> None:
    from scenes.results import ResultsScene

    host = make_host("fish_fish", "hhb")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        other = RemoteSeat.connect("127.0.0.1", port, "m1", 1, host.secrets[1])
        play(app, scene, host, [other], actions=10_000)
        assert host.match.is_over()
        wait_for(app, lambda: isinstance(app.stack.top, ResultsScene))
        results = app.stack.top
        assert isinstance(results, ResultsScene)
        assert results.winners == list(host.match.state.winners())
        assert results.reader == 0  # "you" is the seat at this screen
        assert results.again not in results.form.widgets()  # played again from the host, not here
        other.close()


def wait_for(app, condition, seconds: float = TIMEOUT * 3) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        frames(app, 1, 0.05)
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("the table never got there")


def test_a_refused_move_gets_the_hosts_reason_and_a_preview_comes_from_the_host(app) -> None:
    host = make_host("wolf_and_hound", "hb")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        wait_for(app, lambda: scene.active_seat() == 0 and not scene.animator.busy)
        before = len(host.match.history)
        scene.explain("play nonsense")
        wait_for(app, lambda: any(err for _t, err, _at in scene.captions))
        text, _err, _at = [c for c in scene.captions if c[1]][-1]
        with pytest.raises(IllegalAction) as refused:
            host.match.check(0, "play nonsense")
        assert text == scene.reason(refused.value)  # the host's engine's reason, in the player's words
        assert len(host.match.history) == before  # a check changes nothing
        legal = scene.seats.legal_texts(0)
        wait_for(app, lambda: scene.preview(legal[0]) is not None)
        assert scene.preview("play nonsense") is None


def test_a_dropped_connection_is_rejoined_with_the_seats_secret(app) -> None:
    host = make_host("fish_fish", "hb")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        wait_for(app, lambda: scene.active_seat() == 0)
        scene.seats.connection._connection.close()  # the Wi-Fi drops
        wait_for(app, lambda: scene.link.down is not None)
        app.screen.fill((0, 0, 0))
        scene.draw(app.screen)  # the banner, over a dimmed table
        assert scene.submit(scene.seats.legal_texts(0)[0]) is False or scene.link.down is None
        wait_for(app, lambda: scene.link.down is None and scene.seats.connection.connected)
        assert any("econnect" in t for t, _e, _a in scene.captions)
        wait_for(app, lambda: scene.active_seat() == 0)
        assert scene.submit(scene.seats.legal_texts(0)[0])
        wait_for(app, lambda: len(host.match.history) >= 1)


def test_a_host_gone_for_good_offers_the_main_menu(app) -> None:
    from scenes.menu import MainMenuScene
    from scenes.table.link import HOST_GONE_SECONDS
    from tests.table_helpers import key

    host = make_host("fish_fish", "hb")
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        wait_for(app, lambda: scene.active_seat() == 0)
    now = [0.0]
    scene.seats.clock = lambda: now[0]
    wait_for(app, lambda: scene.link.down is not None)
    frames(app, 1, events=[key(13)])  # Enter does nothing yet: the table still tries
    assert app.stack.top is scene
    now[0] += HOST_GONE_SECONDS + 1
    frames(app, 1)
    assert scene.link.gone()
    frames(app, 1, events=[key(13)])
    assert isinstance(app.stack.top, MainMenuScene)


def _played(host, moves: int, seed: int = 3) -> None:
    """`moves` moves of the host's match before anyone connects (its people random, its bots its own)."""
    match, rng = host.match, Rng(seed)
    while len(match.history) < moves and not match.is_over():
        seat = match.state.to_act()[0]
        if match.is_human(seat):
            legal = [str(a) for a in match.state.legal_actions(seat)]
            match.submit(seat, legal[rng.randrange(len(legal))])
        else:
            match.poll()


def _as_sent(batches) -> list:
    from game.engine.events import event_to_dict
    from game.net.protocol import plain

    return json.loads(json.dumps([[plain(event_to_dict(e)) for e in events] for events in batches]))


def test_a_seat_joining_mid_match_reads_the_log_from_the_first_move_as_its_seat_may_know_it(app) -> None:
    """Silver, two people and a bot: seat 0 connects after twelve moves. Its log tells all
    twelve, each as seat 0 may know it (seat 1's peeks and draws are backs), not only the moves
    after its arrival; a rejoin brings the moves it missed."""
    from game.engine.events import CardMoved, redact

    host = make_host("silver_amulet", "hhb")
    _played(host, 12)
    with hosting(host) as port:
        scene = joined_table(app, port, host.secrets[0])
        frames(app, 2, 0.05)
        past = host.past()
        assert len(past) == 12 and scene.records.panel.actions_known == 12
        assert [seat for seat, _ in scene.seats.past] == [seat for seat, _t, _e in past]
        assert _as_sent(events for _, events in scene.seats.past) == _as_sent([redact(e, 0) for e in events] for _s, _t, events in past)
        hidden = [e for _s, _t, events in past for e in events if isinstance(e, CardMoved) and e.card and not e.visible & 1]
        assert hidden  # seat 1's own peeks and draws, which seat 0 may not know...
        told = [e for _, events in scene.seats.past for e in events]
        assert all(e.card is None for e in told if isinstance(e, CardMoved) and not e.visible & 1)  # ...are backs
        assert len(scene.records.panel.lines()) > 12  # the log reads them: a line or more per move
        # a rejoin: the host's history has moves this table has not heard of, they join the log
        more = [(1, [])] * 3
        scene.records.catch_up(scene.seats.past + more)
        frames(app, 2, 0.05)
        assert scene.records.panel.actions_known == 15
