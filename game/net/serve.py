"""`tablee serve GAME`: a host without a window, for a machine every player can reach.

Seats without a bot are open for players on the network; the terminal shows where to connect,
the match id and each open seat's secret (give each player theirs only), then the public game
log as the match goes. The host stops when the match is over (after a moment for the clients to
receive the end) or on Ctrl-C. The match is autosaved like any other: `--resume` hosts it again
(new secrets: the host gives them to the players again).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
from collections.abc import Callable
from typing import Any

from game.engine.errors import TableeError

END_GRACE_SECONDS = 2.0
DEFAULT_PORT = 47474


def add_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="host a match on the network, without a window (players join by address)")
    p.add_argument("game", nargs="?", help="the game's id (not with --resume)")
    p.add_argument("--resume", nargs="?", const="latest", default=None, metavar="RECORD",
                   help="host a saved match again (default: the newest unfinished one); its players rejoin")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the game's minimum)")
    p.add_argument("--bots", default="", help="bots for the last seats, comma separated, e.g. random,ismcts:hard;"
                                              " the other seats are open for network players")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--address", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--seed", type=int, default=None, help="the match's seed (default: random)")
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of the log")
    p.set_defaults(run=cmd_serve)


def match_config(game: str, players: int | None, bots: str, seed: int) -> Any:
    """The match: open seats first, then the bots named by `bots`; TableeError if not playable."""
    from game.ai import make_bot, parse_bot_spec
    from game.engine import registry
    from game.match import BOT, HUMAN, MatchConfig, SeatConfig

    rules = registry.load(game)
    n = players if players is not None else rules.min_players
    if not rules.min_players <= n <= rules.max_players:
        raise TableeError(f"{game} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    if len(specs) >= n:
        raise TableeError(f"--bots names {len(specs)} bots for {n} seats: leave at least one seat open")
    seats = [SeatConfig(f"Player {i + 1}", HUMAN) for i in range(n - len(specs))]
    for spec in specs:
        name, level = parse_bot_spec(spec)
        make_bot(name, level=level)  # an unknown bot or level is refused here
        seats.append(SeatConfig(f"Bot {len(seats) + 1}", BOT, name, level))
    return MatchConfig(game, seats, seed=seed)


async def host_match(
    host: Any, address: str, port: int, lang: str, out: Callable[[str], None],
    ready: Callable[[Any], None] | None = None, grace: float = END_GRACE_SECONDS,
) -> None:
    """Serve `host` (a game.net.stream.Host) until its match is over; the public log to `out`."""
    from game.cli import printable
    from game.log import LogWriter, display_text
    from game.net.server import NetHost

    match = host.match
    writer = LogWriter(match.rules, lang, [match.seat_name(s) for s in range(match.num_seats)], None)

    def tell(seat: int, text: str, events: list[Any]) -> None:
        for line in writer.lines(events):
            out(("== " if line.marker else "   ") + printable(display_text(line)))

    match.on_action.append(tell)
    net = NetHost(host)
    await net.start(address, port)
    out(f"Tablée host: {match.rules.name(lang)}, {match.num_seats} seats, on {address} port {net.port}")
    out(f"match id: {host.match_id}")
    for seat in range(match.num_seats):
        if seat in host.secrets:
            out(f"seat {seat} ({match.seat_name(seat)}): secret {host.secrets[seat]}")
        else:
            out(f"seat {seat} ({match.seat_name(seat)}): bot {match.config.seats[seat].bot}")
    out("== " + printable(display_text(writer.start_line())))
    if ready is not None:
        ready(net)
    try:
        while not match.is_over() and net.problem is None:
            await asyncio.sleep(0.05)
        if net.problem is not None:
            out(f"error: {net.problem} (resume with: serve --resume)")
        await asyncio.sleep(grace)  # the last messages reach the clients
    finally:
        await net.stop()
        match.on_action.remove(tell)


def prepare(args: argparse.Namespace) -> Any:
    """The host of a new match (autosaved like any match) or of a resumed one; TableeError
    (including a record that cannot be loaded) says why not."""
    from pathlib import Path

    from game import records
    from game.match import Match
    from game.net.stream import Host

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
        return Host(match)
    if args.game is None:
        raise TableeError("which game? (or --resume)")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    match = Match(match_config(args.game, args.players, args.bots, seed))
    records.attach(match)  # a host that stops (crash, Ctrl-C) can be resumed with --resume
    return Host(match)


def cmd_serve(args: argparse.Namespace) -> int:
    from game.cli import fail

    if not 0 <= args.port <= 65535:
        return fail(f"--port must be 0 to 65535, not {args.port}")
    try:
        host = prepare(args)
    except TableeError as exc:
        return fail(str(exc))
    try:
        asyncio.run(host_match(host, args.address, args.port, args.lang, print))
    except OSError as exc:
        return fail(f"cannot listen on {args.address} port {args.port}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        print("stopped (resume with: serve --resume)")
    finally:
        host.close()
    winners = host.match.state.winners() if host.match.is_over() else []
    if winners:
        print("winners: " + ", ".join(host.match.seat_name(s) for s in winners))
    return 0
