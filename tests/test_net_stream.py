"""The seat stream: a seat receives only what it may know, acts only for itself, and a refused
action comes back with the engine's reason and changes nothing. Random matches of every game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.engine import registry
from game.engine.events import ALL_SEATS, CardRevealed, CardSeen
from game.engine.rng import Rng
from game.engine.state import State
from game.engine.zones import BACK
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net.protocol import PROTOCOL_VERSION
from game.net.stream import Host, SeatStream

CARD_EVENTS = {"card_moved", "card_revealed", "card_seen", "card_concealed"}


def host_for(game_id: str, players: int, seed: int, humans: int) -> Host:
    seats = [SeatConfig(f"P{i}", HUMAN if i < humans else BOT, "random") for i in range(players)]
    match = Match(MatchConfig(game_id, seats, seed=seed), think_seconds=0, threaded=False)
    return Host(match, match_id="m1", secret=iter(f"s{i}" for i in range(99)).__next__)


def known_places(state: State, seat: int) -> list[list[str | None]]:
    """Per zone, place by place, the card id `seat` knows there (None: unknown or empty),
    from the engine's `sees`, card by card."""
    ids = state.card_ids
    return [[ids[u] if u >= 0 and state.sees(seat, u) else None for u in zone] for zone in state.zones]


class Oracle:
    """What each seat knew around every step of a match, from the engine's own knowledge."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seats = range(match.num_seats)
        self.known = {0: self.snapshot()}
        self.peeked: dict[int, set[tuple[int, str]]] = {}
        self.ever: dict[int, set[str]] = {s: set() for s in self.seats}
        self.remember(0)
        match.on_action.append(self.on_action)

    def remember(self, step: int) -> None:
        for seat in self.seats:
            self.ever[seat].update(cid for zone in self.known[step][seat] for cid in zone if cid)
            self.ever[seat].update(cid for viewer, cid in self.peeked.get(step, ()) if viewer == seat)

    def snapshot(self) -> dict[int, list[list[str | None]]]:
        return {s: known_places(self.match.state, s) for s in self.seats}

    def on_action(self, seat: int, text: str, events: list) -> None:
        step = len(self.match.history)
        self.known[step] = self.snapshot()
        # What the engine showed during the action: a seat's own looks, and cards turned face
        # up for everyone (they may be gone from sight by the end of the action).
        self.peeked[step] = {(e.viewer, e.card) for e in events if isinstance(e, CardSeen) and e.card} | {
            (s, e.card) for e in events if isinstance(e, CardRevealed) and e.card and e.visible == ALL_SEATS
            for s in self.seats
        }
        self.remember(step)

    def ever_known(self, seat: int) -> set[str]:
        return self.ever[seat]

    def knew_at(self, seat: int, step: int, before: list[int], after: list[int], card: str) -> bool:
        """Whether `seat` knew a card `card` in one of the zones `before` just before `step`
        or in one of the zones `after` just after it, or was shown it during that action."""
        if (seat, card) in self.peeked[step]:
            return True
        return any(card in self.known[step - 1][seat][zi] for zi in before) or any(
            card in self.known[step][seat][zi] for zi in after
        )

    def fewer(self, seat: int, step: int, zone: int, card: str) -> bool:
        """Whether `seat` can tell that a card `card` left `zone` during `step`: it knows fewer
        of them there than before, and no more cards there became unknown to it."""
        before, after = self.known[step - 1][seat][zone], self.known[step][seat][zone]
        return before.count(card) > after.count(card) and after.count(None) <= before.count(None)

    def knew_slot(self, seat: int, step: int, zone: int, slot: int, card: str) -> bool:
        """Whether `seat` knew that the card at place `slot` of `zone` was `card` before `step`."""
        places = self.known[step - 1][seat][zone]
        return 0 <= slot < len(places) and places[slot] == card


def zone_of(state: State, event: dict[str, Any], end: str) -> int:
    if event["kind"] == "card_moved":
        return state.zone_index(event[f"{end}_seat"], event[f"{end}_zone"], event[f"{end}_pos"])
    return state.zone_index(event["seat"], event["zone"], event["pos"])


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    return []


def check_view(state: State, seat: int, view: dict[str, Any]) -> None:
    """The view, place by place: a card id exactly where `sees` says so, a back elsewhere, and
    a card's attributes only with its id."""
    ids = state.card_ids
    expected = state.table.shaped(
        [[None if u < 0 else ids[u] if state.sees(seat, u) else BACK for u in zone] for zone in state.zones]
    )
    assert view["zones"] == json.loads(json.dumps(expected))
    seen = state.table.shaped([[u >= 0 and state.sees(seat, u) for u in zone] for zone in state.zones])

    def walk(info: Any, shown: Any) -> None:
        if isinstance(shown, bool):
            if not shown:
                assert info is None or set(info) <= {"face", "owner"}, info
            return
        if isinstance(shown, list):
            for a, b in zip(info, shown, strict=True):
                walk(a, b)
        elif isinstance(shown, dict):
            for key in shown:
                walk(info[key], shown[key])

    walk(view["cards"], seen)


def check_messages(host: Host, oracle: Oracle, stream: SeatStream, messages: list[dict[str, Any]]) -> None:
    state, seat = host.match.state, stream.seat
    card_ids = set(state.card_ids)
    for msg in messages:
        assert msg["protocol"] == PROTOCOL_VERSION
        assert json.loads(json.dumps(msg)) == msg  # JSON data only: no tuple, no object
        allowed = oracle.ever_known(seat)
        # Every text outside the view's places (checked place by place below): markers, notes,
        # scores, legal actions, refusals.
        rest = {k: v for k, v in msg.items() if k != "view"}
        if "view" in msg:
            rest["view"] = {k: v for k, v in msg["view"].items() if k not in ("zones", "cards")}
        leaked = [s for s in strings(rest) if s in card_ids and s not in allowed]
        assert not leaked, (seat, leaked, msg)
        if msg["kind"] == "state":
            assert msg["step"] == len(host.match.history)
            check_view(state, seat, msg["view"])
            acting = seat in state.to_act() and stream.may_act and not state.is_over()
            assert msg["legal"] == ([str(a) for a in state.legal_actions(seat)] if acting else [])
            assert msg["to_act"] == state.to_act() and msg["scores"] == state.scores()
        elif msg["kind"] == "events":
            assert msg["action"] is None or msg["actor"] == seat
            check_events(state, oracle, seat, msg["step"], msg["events"])


def check_events(state: State, oracle: Oracle, seat: int, step: int, events: list[dict[str, Any]]) -> None:
    """Every card an action's events name to `seat`, checked against what the engine let it
    know. A move is news (which card left, where it went): the seat must see the zone it left
    or have known the very place it left (`src`), or see the zone it lands in or know the card
    there after the action (`dst`); a card moved several times in one action is judged along
    its whole path. A card a seat looked at, or that was turned face up for everyone, during
    the action is known to it."""
    bit = 1 << seat
    masks = state.table.masks
    moves = [(i, e) for i, e in enumerate(events) if e["kind"] == "card_moved" and e["card"] is not None]
    ends = {i: (zone_of(state, e, "from"), zone_of(state, e, "to")) for i, e in moves}

    def link(a: dict[str, Any], b: dict[str, Any], ia: int, ib: int) -> bool:
        """Whether move `b` takes on the card that move `a` put down."""
        same_slot = a["to_slot"] is None or b["from_slot"] is None or a["to_slot"] == b["from_slot"]
        return a["card"] == b["card"] and ends[ia][1] == ends[ib][0] and same_slot

    src: dict[int, bool] = {}
    for n, (i, e) in enumerate(moves):
        source = ends[i][0]
        ok = bool(masks[source] & bit)
        if e["from_slot"] is not None:
            ok = ok or oracle.knew_slot(seat, step, source, e["from_slot"], e["card"])
        else:  # the seat sees one card `card` fewer there than before
            ok = ok or oracle.fewer(seat, step, source, e["card"])
        before = [j for j, f in moves[:n] if link(f, e, j, i)]
        src[i] = ok or (bool(before) and src[before[-1]])
    dst: dict[int, bool] = {}
    for n in range(len(moves) - 1, -1, -1):
        i, e = moves[n]
        target = ends[i][1]
        ok = bool(masks[target] & bit) or oracle.knew_at(seat, step, [], [target], e["card"])
        after = [j for j, f in moves[n + 1:] if link(e, f, i, j)]
        dst[i] = ok or (bool(after) and dst[after[0]])
    for i, event in enumerate(events):
        if event["kind"] not in CARD_EVENTS or event["card"] is None:
            continue
        if event["kind"] == "card_moved":
            ok = src[i] or dst[i] or oracle.knew_at(seat, step, [], [], event["card"])
        else:
            place = zone_of(state, event, "")
            ok = oracle.knew_at(seat, step, [place], [place], event["card"])
        assert ok, (seat, event)


def fingerprint(match: Match) -> tuple[Any, ...]:
    """Enough of the true state to tell any change: the history, every place, every card's
    face and knowledge, the generator."""
    state = match.state
    return (list(match.history), [z[:] for z in state.zones], state.faces()[:], state.knowledge()[:], state.rng.clone().next64())


def play(game_id: str, players: int, seed: int, humans: int) -> int:
    host = host_for(game_id, players, seed, humans)
    oracle = Oracle(host.match)
    streams = [host.stream(s) for s in range(players)]  # bot seats too: they may watch
    rng = Rng(seed)
    steps = 0
    while True:
        host.poll()
        for stream in streams:
            check_messages(host, oracle, stream, stream.pull())
        match = host.match
        if match.is_over():
            break
        acting = match.human_to_act()
        if not acting:
            continue
        seat = acting[rng.randrange(len(acting))]
        legal = streams[seat].snapshot()["legal"]
        assert legal
        before = fingerprint(match)
        # Another seat tries this seat's move, and this seat sends nonsense: refused, no change.
        # A seat that may not act now (waiting, or a bot's) cannot play it either.
        idle = [s for s in range(players) if s not in match.state.to_act() or not match.is_human(s)]
        tries = [(streams[seat], "take everything"), (streams[seat], ["x"]), (streams[seat], "x" * 999)]
        tries += [(streams[s], legal[0]) for s in idle]
        for stream, text in tries:
            reply = stream.send(text)
            assert reply["kind"] == "error" and reply["code"].startswith("error.") and reply["message"]
            check_messages(host, oracle, stream, [reply])
        assert fingerprint(match) == before
        reply = streams[seat].send(legal[rng.randrange(len(legal))])
        assert reply["kind"] == "accepted"
        steps += 1
    final = streams[0].pull() + streams[0].pull()
    assert [m["kind"] for m in final] == []  # nothing new after the last pull
    snap = streams[0].snapshot()
    assert snap["over"] and snap["winners"] == host.match.state.winners() and not snap["legal"]
    host.close()
    return steps


@pytest.mark.parametrize("game_id", registry.GAMES)
def test_no_seat_ever_receives_a_card_hidden_from_it(game_id: str) -> None:
    rules = registry.load(game_id)
    # The fewest players, all human (hot-seat); the most, two humans and bots.
    assert play(game_id, rules.min_players, 11, rules.min_players) > 0
    assert play(game_id, rules.max_players, 12, 2) > 0


def jagdfieber_host(kinds: str = "hhb") -> Host:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random") for i, k in enumerate(kinds)]
    match = Match(MatchConfig("jagdfieber", seats, seed=5, options={"start_seat": 0}), think_seconds=0, threaded=False)
    return Host(match, match_id="m1", secret=iter(["alpha", "beta", "gamma"]).__next__)


def test_a_move_reaches_every_seat_as_that_seat_may_know_it() -> None:
    host = jagdfieber_host("hhh")
    me, other = host.stream(0), host.stream(1)
    assert [m["kind"] for m in me.pull()] == ["state"] and other.pull()
    assert me.send("play wolf") == {"kind": "accepted", "protocol": PROTOCOL_VERSION, "action": "play wolf", "step": 1}
    mine, theirs = me.pull(), other.pull()
    assert [m["kind"] for m in mine] == [m["kind"] for m in theirs] == ["events", "state"]
    assert mine[0]["action"] == "play wolf" and mine[0]["events"][0]["card"] == "wolf"
    assert theirs[0]["action"] is None and theirs[0]["actor"] == 0
    assert theirs[0]["events"][0]["card"] is None and "info" in theirs[0]["events"][0]
    assert theirs[0]["events"][0]["info"] == []  # the card's attributes go with its id
    assert mine[1]["legal"] == [] and not mine[1]["your_turn"]  # chosen: waits for the others
    assert theirs[1]["your_turn"] and "play wolf" in theirs[1]["legal"]
    assert me.pull() == []  # nothing new


def test_a_seat_cannot_act_for_another_seat_nor_out_of_turn() -> None:
    host = jagdfieber_host("hhb")
    host.match.submit(0, "play wolf")
    before = fingerprint(host.match)
    waiting, bot = host.stream(0), host.stream(2)
    refused = waiting.send("play rabbit")
    assert refused["kind"] == "error" and refused["code"] == "error.already_chosen"
    assert host.match.rules.has_text(refused["code"])  # the client words it in its language
    refused = bot.send(str(host.match.state.legal_actions(2)[0]))
    assert refused["code"] == "error.not_your_seat" and not bot.may_act
    assert bot.snapshot()["legal"] == [] and bot.snapshot()["to_act"] == [1, 2]
    assert fingerprint(host.match) == before


def test_an_illegal_action_gets_the_engines_reason_and_changes_nothing() -> None:
    host = jagdfieber_host("hhh")
    stream = host.stream(0)
    before = fingerprint(host.match)
    refused = stream.send("play unicorn")
    reason = host.match.state.explain_illegal(0, "play unicorn")  # the engine's own reason
    assert (refused["code"], refused["message"], refused["params"]) == (reason.key, reason.message, reason.params)
    assert host.match.rules.has_text(refused["code"])
    assert host.match.rules.text("en", refused["code"], **refused["params"]) != refused["code"]
    assert stream.send("dance")["code"] == "error.expected_play"
    for garbage in (None, 3, ["play wolf"], {"text": "play wolf"}, "p" * 201):
        assert stream.send(garbage)["code"] == "error.bad_message"
    assert fingerprint(host.match) == before


def test_joining_a_seat_needs_its_secret() -> None:
    host = jagdfieber_host("hhb")
    assert host.secrets == {0: "alpha", 1: "beta"}
    assert host.join(1, "alpha")["code"] == "error.bad_secret"  # another seat's secret
    assert host.join(2, "gamma")["code"] == "error.not_your_seat"  # a bot's seat
    assert host.join(7, "alpha")["code"] == "error.not_your_seat"
    assert host.join(True, "beta")["code"] == "error.not_your_seat"
    stream = host.join(1, "beta")
    assert isinstance(stream, SeatStream) and stream.seat == 1
    stream.pull()
    host.match.submit(0, "play wolf")
    again = host.join(1, "beta")  # a rejoin starts from the state, not from old events
    assert again is stream and [m["kind"] for m in stream.pull()] == ["state"]


def test_bot_moves_reach_the_streams_through_the_host() -> None:
    host = jagdfieber_host("hbb")
    stream = host.stream(0)
    stream.pull()
    stream.send("play hunter")
    while host.match.bots_thinking():
        host.poll()
    kinds = [(m["kind"], m.get("actor")) for m in stream.pull()]
    assert kinds[0] == ("events", 0) and ("events", 1) in kinds and ("events", 2) in kinds
    assert kinds[-1] == ("state", None)
    host.close()
    assert host.match.on_action == []
