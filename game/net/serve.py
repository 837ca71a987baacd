"""`tablee serve GAME`: a host without a window, for a machine every player can reach.

Seats without a bot are open for players on the network: the terminal shows the address, the
port and the **join code**; each player claims a seat with it (the app's "Join a game", or any
client of docs/network.md). The match starts when every open seat is claimed, or after
`--start-after` seconds with bots in the seats nobody claimed. Then the terminal shows the
public game log. The host stops when the match is over (after a moment for the clients to
receive the end) or on Ctrl-C. The match is autosaved like any other, with its secrets beside it:
`--resume` hosts it again with the same secrets, and the players rejoin with theirs.

`--tls-cert FILE --tls-key FILE` serves wss:// (players join with the wss:// address it shows);
`--json` prints one JSON object a line, one per event, for a script (docs/network.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from game import languages
from game.engine.errors import TableeError
from game.net.protocol import DEFAULT_PORT
from game.terminal import fail, printable

# Defining the command (game/cli.py does, for every `tablee` run) needs only the lines above:
# the engine, the bots and the network stack are imported when the command runs.

END_GRACE_SECONDS = 2.0
OUTPUT_LIMIT = 10_000  # terminal lines waiting for a slow reader
OUTPUT_CLOSE_SECONDS = 2.0
STAND_IN_SECONDS = 60.0
POLL_SECONDS = 0.05


def add_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="host a match on the network, without a window (players join with a code)")
    p.add_argument("game", nargs="?", help="the game's id (not with --resume)")
    p.add_argument("--resume", nargs="?", const="latest", default=None, metavar="RECORD",
                   help="host a saved match again (default: the newest unfinished one); its players rejoin")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the game's minimum)")
    p.add_argument("--bots", default="", help="bots for the last seats, comma separated, e.g. random,ismcts:hard;"
                                              " the other seats are open for network players")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"TCP port (default {DEFAULT_PORT}, or any free port if it is busy; 0: any free port)")
    p.add_argument("--address", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--seed", type=int, default=None, help="the match's seed (default: random)")
    p.add_argument("--lang", choices=languages.shipped_codes(), default=None,
                   help=f"language of the log ({', '.join(languages.shipped_codes())}; default: the app's default language)")
    p.add_argument("--start-after", type=float, default=None, metavar="SECONDS",
                   help="start after this many seconds even if open seats are left (bots take them);"
                        " default: when every open seat is claimed")
    p.add_argument("--open-bots", default="ismcts:medium", metavar="BOT",
                   help="the bot for an open seat nobody claimed (default ismcts:medium)")
    p.add_argument("--stand-in-after", type=float, default=STAND_IN_SECONDS, metavar="SECONDS",
                   help=f"a bot plays for a player gone this long, until they are back (default {STAND_IN_SECONDS:g};"
                        " 0: never)")
    p.add_argument("--no-advertise", action="store_true", help="do not advertise the match on the local network")
    p.add_argument("--tls-cert", default=None, metavar="FILE",
                   help="serve wss:// (TLS) with this certificate chain (PEM); with --tls-key")
    p.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy's address: its X-Forwarded-For header names the player (repeatable)")
    p.add_argument("--json", action="store_true", help="one JSON object a line, one per event (for scripts)")
    p.add_argument("--hints", action="store_true", help="allow the players to ask the coach for hints (docs/network.md)")
    p.set_defaults(run=cmd_serve)


def match_config(game: str, players: int | None, bots: str, seed: int) -> Any:
    """The match: open seats first (no name until a player claims one), then the bots named by
    `bots`; TableeError if not playable."""
    from game.ai import parse_bot_spec
    from game.engine import registry
    from game.match import BOT, HUMAN, MatchConfig, SeatConfig

    rules = registry.load(game)
    n = players if players is not None else rules.min_players
    if not rules.min_players <= n <= rules.max_players:
        raise TableeError(f"{game} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    if len(specs) >= n:
        raise TableeError(f"--bots names {len(specs)} bots for {n} seats: leave at least one seat open")
    seats = [SeatConfig("", HUMAN) for _ in range(n - len(specs))]
    for spec in specs:
        check_bot(spec)
        name, level = parse_bot_spec(spec)
        seats.append(SeatConfig(f"Bot {len(seats) + 1}", BOT, name, level))
    return MatchConfig(game, seats, seed=seed)


def check_bot(spec: str) -> None:
    """TableeError for an unknown bot or level."""
    from game.ai import make_bot, parse_bot_spec

    name, level = parse_bot_spec(spec)
    make_bot(name, level=level)


class Report:
    """What the terminal shows of a hosted match, as text lines for a person or, with `as_json`,
    one JSON object a line (`event` and its fields) for a script. Every line goes to `out`."""

    def __init__(self, out: Callable[[str], None], as_json: bool = False) -> None:
        self.out = out
        self.as_json = as_json

    def event(self, event: str, text: str | list[str], **fields: Any) -> None:
        if self.as_json:
            self.out(json.dumps({"event": event, **fields}, ensure_ascii=False))
            return
        for line in [text] if isinstance(text, str) else text:
            self.out(line)

    def seats(self, hosting: Any) -> list[dict[str, Any]]:
        """The seats as a script reads them: seat, state, name (and a bot's name, a resumed
        seat's secret)."""
        out = []
        for seat in hosting.seats():
            entry: dict[str, Any] = {"seat": seat["seat"], "state": seat["state"], "name": seat["name"]}
            if seat["state"] == "bot":
                entry["bot"] = hosting.match.config.seats[seat["seat"]].bot
            elif seat["state"] not in ("open", "taken"):
                entry["secret"] = hosting.secret(seat["seat"])
            out.append(entry)
        return out


def run_host(hosting: Any, lang: str, out: Callable[[str], None], start_after: float | None = None,
             grace: float = END_GRACE_SECONDS, clock: Callable[[], float] = time.monotonic,
             as_json: bool = False) -> None:
    """Start `hosting` (a game.net.hostthread.HostThread), run its lobby and serve the match
    until it is over; everything the terminal shows goes to `out` (text lines, or JSON lines
    with `as_json`). OSError if it cannot listen."""
    from game.log import LogWriter, display_text

    match = hosting.match
    report = Report(out, as_json)
    writer: list[Any] = []

    def tell(seat: int, text: str, events: list[Any]) -> None:  # on the host's thread
        lines = []
        if not writer:  # the first move: the seats are final, the log begins
            writer.append(LogWriter(match.rules, lang, [match.seat_name(s) for s in range(match.num_seats)], None))
            lines.append((True, printable(display_text(writer[0].start_line()))))
        lines += [(line.marker, printable(display_text(line))) for line in writer[0].lines(events)]
        report.event("move", [("== " if marker else "   ") + line for marker, line in lines],
                     step=len(match.history), seat=seat, log=[line for _, line in lines],
                     scores=list(match.state.scores()))

    match.on_action.append(tell)
    try:
        hosting.start()
        seats = report.seats(hosting)
        lines = [f"Tablée host: {match.rules.name(lang)}, {match.num_seats} seats, at {hosting.url} port {hosting.port}",
                 f"match id: {hosting.match_id}"]
        if hosting.notice:
            lines.append(f"note: {printable(hosting.notice)}")
        if not hosting.started:
            lines.append(f"join code: {hosting.code}  (players choose \"Join a game\" and type the address, port and code)")
        for seat in seats:
            n, name = seat["seat"], printable(seat["name"])
            if seat["state"] == "open":
                lines.append(f"seat {n}: open")
            elif seat["state"] == "bot":
                lines.append(f"seat {n} ({name}): bot {seat['bot']}")
            else:  # a resumed match: its players rejoin with the secret they kept (or this one)
                lines.append(f"seat {n} ({name}): secret {seat['secret']}")
        if hosting.hints:
            lines.append("hints: allowed (each player may ask the coach, from their own seat's view)")
        report.event("listening", lines, address=hosting.address, port=hosting.port, url=hosting.url,
                     tls=hosting.tls is not None, game=match.config.game_id, players=match.num_seats,
                     match=hosting.match_id, code=None if hosting.started else hosting.code, seats=seats,
                     note=hosting.notice, hints=hosting.hints)
        if not hosting.started:
            _lobby(hosting, report, start_after, clock)
        while not hosting.over() and hosting.problem is None and not hosting.stopped:
            time.sleep(POLL_SECONDS)
        if hosting.problem is not None:
            report.event("error", f"error: {printable(hosting.problem)} (resume with: serve --resume)",
                         message=hosting.problem)
        elif hosting.over():
            report.event("over", [], scores=list(match.state.scores()), winners=list(match.state.winners()),
                         names=[match.seat_name(s) for s in range(match.num_seats)])
        time.sleep(grace)  # the last messages reach the clients
    finally:
        hosting.stop()
        match.on_action.remove(tell)
        if hosting.advertiser is not None and hosting.advertiser.problem:
            report.event("note", f"note: {printable(hosting.advertiser.problem)} (players join by address and code)",
                         message=hosting.advertiser.problem)


def _lobby(hosting: Any, report: Report, start_after: float | None, clock: Callable[[], float]) -> None:
    """Say who claims and leaves seats; begin when no seat is open, or after `start_after` s."""
    since = clock()
    seen = {seat["seat"]: seat for seat in hosting.seats()}
    locked = False
    while hosting.problem is None and not hosting.stopped:
        seats = hosting.seats()
        for seat in seats:
            before = seen.get(seat["seat"])
            if before is not None and (before["state"], before["name"]) != (seat["state"], seat["name"]):
                if seat["state"] == "taken":
                    report.event("seat", f"seat {seat['seat']}: {printable(seat['name'])} took it",
                                 seat=seat["seat"], state="taken", name=seat["name"])
                elif seat["state"] == "open":
                    report.event("seat", f"seat {seat['seat']}: open again", seat=seat["seat"], state="open", name="")
            seen[seat["seat"]] = seat
        if hosting.codes_locked() != locked:
            locked = not locked
            report.event("locked" if locked else "unlocked",
                         "note: many wrong join codes were tried: no code is accepted for a while" if locked
                         else "note: join codes are accepted again")
        if not any(seat["state"] == "open" for seat in seats):
            report.event("started", "every seat is taken: the match begins", reason="every seat taken",
                         seats=report.seats(hosting))
            break
        if start_after is not None and clock() - since >= start_after:
            report.event("started", "the match begins: bots take the open seats", reason="start-after",
                         seats=report.seats(hosting))
            break
        time.sleep(POLL_SECONDS)
    hosting.begin()


def prepare(args: argparse.Namespace) -> Any:
    """The match to host: a new one, or a saved one resumed (autosaved either way); TableeError
    (including a record that cannot be loaded) says why not."""
    import secrets
    from pathlib import Path

    from game import records
    from game.match import Match

    if args.resume is not None:
        if args.game is not None:
            raise TableeError("give a game or --resume, not both (a saved match knows its game)")
        store = records.RecordStore()
        path = store.latest_unfinished() if args.resume == "latest" else Path(args.resume)
        if path is None:
            raise TableeError("there is no unfinished match to resume")
        match = records.resume(path, store).match
        if match.is_over():
            raise TableeError(f"the match in {path} is over")
        if not match.human_seats:
            raise TableeError(f"the match in {path} has no seat for a player")
        return match
    if args.game is None:
        raise TableeError("which game? (or --resume)")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    return Match(match_config(args.game, args.players, args.bots, seed))


def tls_context(cert: str | None, key: str | None) -> Any:
    """The server's ssl.SSLContext for `--tls-cert` and `--tls-key` (None without them);
    TableeError names the file and what is wrong."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise TableeError("--tls-cert and --tls-key go together (the certificate and its private key)")
    import ssl
    from pathlib import Path

    for name in (cert, key):
        if not Path(name).is_file():
            raise TableeError(f"{name}: no such file")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise TableeError(f"{cert}, {key}: not a certificate and its private key in PEM ({exc})") from exc
    return context


def cmd_serve(args: argparse.Namespace) -> int:
    from game.net.hostthread import HostThread

    if not 0 <= args.port <= 65535:
        return fail(f"--port must be 0 to 65535, not {args.port}")
    for option, value in (("--start-after", args.start_after), ("--stand-in-after", args.stand_in_after)):
        if value is not None and not 0 <= value <= 86400:
            return fail(f"{option} must be 0 to 86400 seconds, not {value:g}")
    from game import paths, userfiles

    try:
        tls = tls_context(args.tls_cert, args.tls_key)
        check_bot(args.open_bots)
        userfiles.remove_leftovers()  # what a killed host left: temporary files, locks nobody holds
        match = prepare(args)
    except TableeError as exc:
        return fail(str(exc))
    hosting = HostThread(match, port=args.port, advertise=not args.no_advertise, bot_for_open=args.open_bots,
                         bot_after=args.stand_in_after or None, listen=args.address, tls=tls, hints=args.hints,
                         net_options={"trusted_proxies": args.trusted_proxy} if args.trusted_proxy else None)

    output = Output()
    line = output.line
    report = Report(line, args.json)
    for kind, problem in paths.unusable_folders():  # the match would not be autosaved: said first
        report.event("note", f"note: {printable(problem)} (the match cannot be autosaved there: no --resume)"
                     if kind in ("data", "autosave") else f"note: {printable(problem)}", message=problem, folder=kind)
    try:
        run_host(hosting, args.lang or languages.default(), line, args.start_after, as_json=args.json)
    except OSError as exc:
        return fail(f"cannot listen on {args.address} port {args.port}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        report.event("stopped", "stopped (resume with: serve --resume)", match=hosting.match_id)
    finally:
        hosting.stop()
        winners = match.state.winners() if match.is_over() else []
        if winners and not args.json:
            line("winners: " + ", ".join(match.seat_name(s) for s in winners))
        output.close()
    return 0


class Output:
    """The terminal's lines, printed by a thread of their own, each flushed at once (the code
    must show at once in a log file or a pipe too): a reader that stops reading (a full pipe, a
    stopped terminal) stalls that thread only, never the host's. Past OUTPUT_LIMIT lines waiting,
    new ones are dropped and counted (said once the reader catches up)."""

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        import queue
        import threading

        self.write = write or (lambda text: print(text, flush=True))
        self.dropped = 0
        self._queue: queue.Queue[str | None] = queue.Queue(OUTPUT_LIMIT)
        self._thread = threading.Thread(target=self._run, name="tablee-serve-output", daemon=True)
        self._thread.start()

    def line(self, text: str) -> None:
        import queue

        try:
            self._queue.put_nowait(text)
        except queue.Full:
            self.dropped += 1

    def close(self, timeout: float = OUTPUT_CLOSE_SECONDS) -> None:
        """Print what waits (for at most `timeout` seconds: a reader may never come back)."""
        import queue

        if self.dropped:
            self.line(f"note: {self.dropped} line(s) were dropped: the output was not read in time")
        with contextlib.suppress(queue.Full):
            self._queue.put(None, timeout=timeout)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            text = self._queue.get()
            if text is None:
                return
            try:
                self.write(text)
            except (OSError, ValueError):  # the reader is gone (a closed pipe): nothing more to show
                return
