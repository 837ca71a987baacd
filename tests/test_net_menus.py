"""The network screens: a network seat on New game, the host's lobby, Join a game, driven by
posted keyboard and mouse events (a real host on localhost, port 0)."""

from __future__ import annotations

import random

import pygame
import pytest

from scenes import app as app_module
from scenes.net_host import HostLobbyScene
from scenes.setup import NETWORK, SetupScene
from tests.test_app_support import click, frame, key, make_app


class NetworkTable:
    """Registered as "table": records what a network seat's table was opened with."""

    opened: list[tuple[object, object]] = []

    def __init__(self, app, config=None, match=None) -> None:  # the local table's signature
        raise AssertionError("a network seat opens the table with TableScene.joined")

    @classmethod
    def joined(cls, app, remote, hosting=None):
        from scenes.base import Scene

        cls.opened.append((remote, hosting))
        scene = Scene(app)
        scene.remote, scene.hosting = remote, hosting  # type: ignore[attr-defined]
        return scene


@pytest.fixture
def app(monkeypatch, tmp_path):
    from scenes import net_join

    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_net_menus:NetworkTable")
    monkeypatch.setattr(net_join, "BROWSE_INTERFACES", ["127.0.0.1"])  # games are looked for on this computer only
    NetworkTable.opened.clear()
    return make_app(monkeypatch, tmp_path)


def open_setup(app) -> SetupScene:
    frame(app, key(pygame.K_RETURN))  # "New game" has the focus on the main menu
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    scene.seed_source = random.Random(5)
    return scene


def right_arrow(app, widget) -> tuple[int, int]:
    rect = app.stack.top.form.screen_rect(widget)
    return (rect.right - 5, rect.centery)


def test_a_network_seat_is_a_third_kind_beside_human_and_computer(app) -> None:
    scene = open_setup(app)
    seat = scene.seats[1]
    assert seat.kind.value == "bot"
    frame(app, *click(right_arrow(app, seat.kind)))  # computer -> network (the last kind: a deliberate choice)
    assert seat.kind.value == NETWORK
    assert scene.start_button.label() == app.tr("setup.host")  # Start says it hosts
    assert not seat.level.enabled
    assert scene.form.tooltip() is not None and "code" in scene.form.tooltip()
    config = scene.build_config()
    assert config.seats[1].kind == "human" and config.seats[1].name == "Bastien"  # the computer's, if nobody joins
    assert scene.network_seats() == [1]


def test_a_network_game_needs_exactly_one_human_at_this_screen(app) -> None:
    scene = open_setup(app)
    for seat in scene.seats:
        seat.kind.set_value(NETWORK)
        seat.kind_changed()
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL))
    assert isinstance(app.stack.top, SetupScene)
    assert scene.message == app.tr("net.one_local_human")
    scene.seats[0].kind.set_value("human")
    scene.seats[1].kind.set_value("human")
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL))
    assert isinstance(app.stack.top, SetupScene) and scene.message == app.tr("net.one_local_human")
    assert NetworkTable.opened == []


LOCAL = {"port": 0, "advertise": False, "listen": "127.0.0.1", "autosave": False, "bot_for_open": "random"}


@pytest.fixture
def local_host(monkeypatch):
    """The lobby's host listens on 127.0.0.1, on any free port, without mDNS nor autosave."""
    from scenes import net_host

    monkeypatch.setattr(net_host, "HOST_OPTIONS", LOCAL)
    monkeypatch.setattr(net_host, "MATCH_OPTIONS", {"think_seconds": 0, "worker": "thread"})  # no bot process to start


def until(app, condition, timeout: float = 5.0) -> None:
    """Frames (a quarter second of app time each) until `condition()`."""
    import time

    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        app.step(0.26, [])
        time.sleep(0.01)


def start_hosting(app, players: int = 4, network: tuple[int, ...] = (1,)) -> HostLobbyScene:
    """New game: seat 2 on the network, seats 3 and 4 computers; Start opens the lobby."""
    scene = open_setup(app)
    scene.players.set_value(players)
    scene._players_changed()
    for seat in network:
        scene.seats[seat].kind.set_value(NETWORK)
        scene.seats[seat].kind_changed()
    frame(app, key(pygame.K_RETURN, pygame.KMOD_CTRL))
    lobby = app.stack.top
    assert isinstance(lobby, HostLobbyScene), scene.message
    return lobby


def test_the_lobby_shows_the_code_and_who_joined_live_and_start_opens_the_hosts_own_seat(app, local_host) -> None:
    from game.net.client import RemoteSeat

    lobby = start_hosting(app)
    host = lobby.host
    try:
        assert [s["state"] for s in lobby.seats] == ["host", "open", "bot", "bot"]
        assert lobby.seat_text(lobby.seats[1]) == "Place 2 : libre"
        assert lobby.status()[0] == "Commencer maintenant : la place libre sera jouée par l'ordinateur."
        zoe = RemoteSeat.claim("127.0.0.1", host.port, host.code.lower(), 1, "Zoé")
        until(app, lambda: lobby.seats[1]["state"] == "taken")
        assert lobby.seat_text(lobby.seats[1]) == "Place 2 : Zoé — a rejoint"
        assert lobby.status()[0] == app.tr("net.lobby_all_taken")
        frame(app, key(pygame.K_RETURN))  # Start has the focus
        assert lobby.status()[0] == app.tr("net.wait_opening")
        until(app, lambda: NetworkTable.opened)  # once the host sent this seat its welcome and first state
        [(remote, hosting)] = NetworkTable.opened
        assert hosting is host and host.started and remote.seat == 0 and remote.state is not None
        assert remote.welcome["names"][:2] == ["Joueur 1", "Zoé"]
        assert zoe.wait("welcome", 5.0)[-1]["seat"] == 1
        assert not lobby.handed_over or host.net is not None  # the table owns the host now: still running
        remote.close()
        zoe.close()
    finally:
        host.stop()


def test_cancel_closes_the_host_and_an_open_seat_left_is_said_to_go_to_the_computer(app, local_host) -> None:
    from game.net.client import fetch_lobby

    lobby = start_hosting(app)
    port, code = lobby.host.port, lobby.host.code
    assert fetch_lobby("127.0.0.1", port, code)["seats"][1]["state"] == "open"
    frame(app, *click(lobby.form.screen_rect(lobby.cancel_button).center))
    assert isinstance(app.stack.top, SetupScene)
    with pytest.raises(OSError):
        fetch_lobby("127.0.0.1", port, code, timeout=1.0)


# ---------------------------------------------------------------------- joining
def hosting_match(names=("Ana", "", ""), game_id="fish_fish"):
    """A host on 127.0.0.1 (any free port): seat 0 the host's, the seats without a name open."""
    from game.match import HUMAN, Match, MatchConfig, SeatConfig
    from game.net.hostthread import HostThread

    match = Match(MatchConfig(game_id, [SeatConfig(n, HUMAN) for n in names], seed=7), think_seconds=0, threaded=False)
    host = HostThread(match, **LOCAL, net_options={"rate": 10_000, "burst": 10_000})
    host.start()
    return host


def open_join(app):
    from scenes.net_join import JoinScene

    menu = app.stack.top
    [button] = [w for w in menu.form.widgets() if w.label() == app.tr("net.join_button")]
    frame(app, *click(menu.form.screen_rect(button).center))
    scene = app.stack.top
    assert isinstance(scene, JoinScene)
    return scene


def notes(scene) -> list[str]:
    from scenes.net_join import Note

    return [w.text() for w in scene.form.widgets() if isinstance(w, Note)]


def buttons(row) -> bool:
    from scenes.ui.widgets import Button

    return bool(row.widgets) and isinstance(row.widgets[0], Button)


def type_into(app, scene, field, typed: str) -> None:
    frame(app, *click(scene.form.screen_rect(field).center))
    assert scene.form.focus is field
    frame(app, key(pygame.K_DELETE), pygame.event.Event(pygame.TEXTINPUT, text=typed))


def test_join_by_address_take_a_seat_wait_and_the_table_opens_when_the_host_starts(app) -> None:
    from game.net import joins
    from scenes.net_join import SeatScene

    host = hosting_match()
    try:
        join = open_join(app)
        type_into(app, join, join.address, f"127.0.0.1:{host.port}")  # host:port in one field works too
        type_into(app, join, join.code, host.code.lower())
        frame(app, key(pygame.K_RETURN))  # Enter in the code field: see the seats
        until(app, lambda: isinstance(app.stack.top, SeatScene))
        seats = app.stack.top
        assert [b.enabled for b in seats.seat_buttons] == [False, True, True]
        assert seats.seat_buttons[0].label() == "Place 1 : Ana — hôte"
        type_into(app, seats, seats.name, "Zoé")
        frame(app, *click(seats.form.screen_rect(seats.seat_buttons[2]).center))
        until(app, lambda: seats.seated)
        until(app, lambda: [s["state"] for s in host.seats()] == ["host", "open", "taken"])
        assert host.seats()[2]["name"] == "Zoé" and app.settings.extra["net_name"] == "Zoé"
        [saved] = joins.saved_joins()
        assert (saved.match_id, saved.seat, saved.port, saved.name) == (host.match_id, 2, host.port, "Zoé")
        assert saved.secret == seats.remote.secret and saved.game == "fish_fish"
        until(app, lambda: "Place 3 : Zoé — vous" in notes(seats))  # the waiting room, live
        assert seats.status()[0] == app.tr("net.wait_text", number=3)
        assert NetworkTable.opened == []
        frame(app, key(pygame.K_ESCAPE))  # "Leave": the seat goes back to the lobby, and is forgotten here
        until(app, lambda: [s["state"] for s in host.seats()] == ["host", "open", "open"])
        assert joins.saved_joins() == [] and app.stack.top is join
        frame(app, key(pygame.K_RETURN))  # the code field still has the focus: the seats again
        until(app, lambda: isinstance(app.stack.top, SeatScene))
        seats = app.stack.top
        assert seats.name.value == "Zoé"  # the name typed last time
        frame(app, *click(seats.form.screen_rect(seats.seat_buttons[2]).center))
        until(app, lambda: seats.seated)
        host.begin()
        until(app, lambda: NetworkTable.opened)
        [(remote, hosting)] = NetworkTable.opened
        assert remote.seat == 2 and hosting is None and remote.welcome["names"][2] == "Zoé"
        assert [j.seat for j in joins.saved_joins()] == [2]
        remote.on_message({**remote.state, "over": True})  # as when the host sends the match's end
        assert joins.saved_joins() == []  # Join a game lists unfinished matches only
        remote.close()
    finally:
        host.stop()


def test_every_failure_of_joining_is_a_sentence_and_the_player_can_try_again(app) -> None:
    from game.net.client import RemoteSeat
    from scenes.net_join import JoinScene, SeatScene

    host = hosting_match()
    try:
        join = open_join(app)
        frame(app, *click(join.form.screen_rect(join.look_button).center))
        assert join.message == app.tr("net.join_no_address") and join.form.focus is join.address
        type_into(app, join, join.address, "ma table/1")
        frame(app, *click(join.form.screen_rect(join.look_button).center))
        assert join.message == app.tr("net.join_bad_address") and join.form.focus is join.address
        type_into(app, join, join.address, "127.0.0.1")
        type_into(app, join, join.port, "99999")
        frame(app, *click(join.form.screen_rect(join.look_button).center))
        assert join.message == app.tr("net.join_bad_port")
        type_into(app, join, join.port, str(host.port))
        type_into(app, join, join.code, "AAAAA")
        frame(app, key(pygame.K_RETURN))
        until(app, lambda: join.pending is None)
        assert join.message == app.tr("net.error.bad_code") and isinstance(app.stack.top, JoinScene)
        type_into(app, join, join.code, host.code)
        frame(app, key(pygame.K_RETURN))
        until(app, lambda: isinstance(app.stack.top, SeatScene))
        seats = app.stack.top
        other = RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Bob")  # takes seat 2 first
        frame(app, *click(seats.form.screen_rect(seats.seat_buttons[1]).center))
        until(app, lambda: seats.pending is None)
        assert seats.message == app.tr("net.error.seat_taken") and not seats.seated
        until(app, lambda: not seats.seat_buttons[1].enabled)  # the list shows it taken now
        assert seats.seat_buttons[1].label() == "Place 2 : Bob — a rejoint"
        frame(app, *click(seats.form.screen_rect(seats.seat_buttons[2]).center))  # try again: another seat
        until(app, lambda: seats.seated)
        host.stop()  # the host closes its game while this player waits
        until(app, lambda: seats.message == app.tr("net.error.closed"))
        frame(app, key(pygame.K_ESCAPE))
        assert app.stack.top is join
        frame(app, key(pygame.K_RETURN))  # the same address again: the host is gone
        until(app, lambda: join.pending is None)
        assert join.message == app.tr("net.error.unreachable", address="127.0.0.1", port=host.port)
        other.close()
    finally:
        host.stop()


def test_a_saved_seat_is_listed_first_and_rejoined_with_its_secret(app) -> None:
    from game.net import joins
    from game.net.client import RemoteSeat

    host = hosting_match()
    try:
        bob = RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Bob")
        joins.remember(joins.SavedJoin(host.match_id, "127.0.0.1", host.port, 1, bob.secret, "Bob", "fish_fish"))
        joins.remember(joins.SavedJoin("gone", "127.0.0.1", host.port, 2, "wrong", "Bob", "fish_fish"))
        bob.close()
        host.begin()
        join = open_join(app)
        rows = [row for row in join.form.rows if buttons(row) and row.widgets[0].label().startswith("Revenir")]
        assert len(rows) == 2 and join.form.rows.index(rows[0]) == 1  # under their heading, before the rest
        wrong = next(r for r in rows if "place 3" in r.widgets[0].label())
        frame(app, *click(join.form.screen_rect(wrong.widgets[0]).center))
        until(app, lambda: getattr(app.stack.top, "message", None))
        assert app.stack.top.message.startswith(app.tr("net.error.rejoin", problem="")[:20])
        frame(app, key(pygame.K_ESCAPE))
        right = next(r for r in join.form.rows if buttons(r) and "place 2" in r.widgets[0].label())
        frame(app, *click(join.form.screen_rect(right.widgets[0]).center))
        until(app, lambda: NetworkTable.opened)
        [(remote, hosting)] = NetworkTable.opened
        assert remote.seat == 1 and remote.welcome is not None
        remote.close()
        app.pop()  # the table closes: back to the list
        assert app.stack.top is join
        wrong = next(r for r in join.form.rows if buttons(r) and "place 3" in r.widgets[0].label())
        frame(app, *click(join.form.screen_rect(wrong.widgets[1]).center))  # Forget
        assert [j.match_id for j in joins.saved_joins()] == [host.match_id]
    finally:
        host.stop()


def test_a_game_found_on_the_local_network_is_listed_live_and_fills_the_address(app) -> None:
    from game.net import discovery

    try:
        discovery._zeroconf(["127.0.0.1"]).close()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"no multicast on 127.0.0.1 here: {exc}")
    join = open_join(app)
    searching = [app.tr("net.join_searching")]
    assert notes(join) == ([] if join.found else searching)  # the note shows while nothing is found
    found = discovery.FoundGame("Ana", "fish_fish", "127.0.0.1", 40404, "20261127-m1", 3, 2)
    advertiser = discovery.Advertiser(found, interfaces=["127.0.0.1"])
    advertiser.start()

    def ours() -> list:  # another host may be advertised on 127.0.0.1 too (a test beside this one, a `serve`)
        return [f for f in join.found if f.match_id == found.match_id]

    try:
        until(app, lambda: ours() == [found])
        [button] = [w for w in join.form.widgets()
                    if getattr(w, "label", lambda: "")() == "Fish Fish · chez Ana · 2 places libres · 127.0.0.1"]
        frame(app, *click(join.form.screen_rect(button).center))
        assert (join.address.value, join.port.value) == ("127.0.0.1", "40404") and join.form.focus is join.code
    finally:
        advertiser.stop()
    until(app, lambda: ours() == [])
    assert notes(join) == ([] if join.found else searching)


def test_two_screens_host_and_join_and_each_opens_the_real_table_of_its_own_seat(monkeypatch, tmp_path, local_host) -> None:
    """The whole path with the real table: New game with a network seat on one app, Join a game
    on another, Start; each table shows its own seat, and leaving the host's table stops the host."""
    from scenes import net_join
    from scenes.net_join import SeatScene
    from scenes.table.scene import TableScene

    monkeypatch.setattr(net_join, "BROWSE_INTERFACES", ["127.0.0.1"])
    hosting_app = make_app(monkeypatch, tmp_path)
    hosting_app.settings.extra["tours_seen"] = ["jagdfieber"]
    lobby = start_hosting(hosting_app, players=3, network=(1, 2))  # seat 3 left open: a (random) bot plays it
    host = lobby.host
    try:
        joining = make_app(monkeypatch, tmp_path)
        joining.settings.extra["tours_seen"] = ["jagdfieber"]
        join = open_join(joining)
        join.address.value, join.port.value, join.code.value = "127.0.0.1", str(host.port), host.code
        frame(joining, *click(join.form.screen_rect(join.look_button).center))
        until(joining, lambda: isinstance(joining.stack.top, SeatScene))
        seats = joining.stack.top
        frame(joining, key(pygame.K_RETURN))  # the first open seat has the focus: take it
        until(joining, lambda: seats.seated)
        until(hosting_app, lambda: lobby.seats[1]["state"] == "taken")
        frame(hosting_app, key(pygame.K_RETURN))  # Start
        until(hosting_app, lambda: isinstance(hosting_app.stack.top, TableScene))
        until(joining, lambda: isinstance(joining.stack.top, TableScene))
        mine, theirs = hosting_app.stack.top, joining.stack.top
        assert (mine.seats.seat, theirs.seats.seat) == (0, 1)
        assert mine.seats.seat_name(1) == theirs.seats.seat_name(1) == "Joueur 1"  # the joiner's name from settings
        hosting_app.main_menu()  # the host leaves its table: the host stops
        until(joining, lambda: theirs.seats.connection.problem is not None)
    finally:
        host.stop()


def test_continue_hosts_a_network_match_again_and_its_players_rejoin_with_their_saved_secrets(app, monkeypatch) -> None:
    from game.net.client import RemoteSeat
    from scenes import net_host
    from scenes.continue_list import ContinueScene

    monkeypatch.setattr(net_host, "HOST_OPTIONS", {**LOCAL, "autosave": True})
    monkeypatch.setattr(net_host, "MATCH_OPTIONS", {"think_seconds": 0, "worker": "thread"})
    lobby = start_hosting(app, players=3, network=(1, 2))
    host = lobby.host
    bob = RemoteSeat.claim("127.0.0.1", host.port, host.code, 2, "Bob")
    frame(app, key(pygame.K_RETURN))  # Start: seat 2 goes to a bot, the record and the secrets are kept
    until(app, lambda: NetworkTable.opened)
    [(own, _)] = NetworkTable.opened
    own.close()
    bob.close()
    host.stop()  # the host's app closes
    port, match_id = host.port, host.match_id
    app.main_menu()
    NetworkTable.opened.clear()
    assert app.stack.top.continue_button.enabled
    frame(app, key(pygame.K_DOWN), key(pygame.K_RETURN))  # Continue: the list of unfinished matches
    assert isinstance(app.stack.top, ContinueScene)
    frame(app, key(pygame.K_RETURN))  # the newest: the network match
    again = app.stack.top
    assert isinstance(again, HostLobbyScene) and again.resumed
    try:
        assert (again.host.match_id, again.host.port, again.seat) == (match_id, port, 0)
        assert again.start_button.label() == "Reprendre"
        back = RemoteSeat.connect("127.0.0.1", port, match_id, 2, bob.secret)  # Bob's saved secret still works
        assert back.wait("welcome", 5.0)[-1]["seat"] == 2
        until(app, lambda: again.seats[2]["connected"])
        assert again.seat_text(again.seats[2]) == "Place 3 : Bob — a rejoint"
        frame(app, key(pygame.K_RETURN))
        until(app, lambda: NetworkTable.opened)
        [(remote, hosting)] = NetworkTable.opened
        assert remote.seat == 0 and hosting is again.host
        remote.close()
        back.close()
    finally:
        again.host.stop()
