"""`tablee stats [--game GAME] [--json]`: the statistics from the match index, in a terminal.

The same figures as the Statistics screen, from the same index (game/matchindex.py), built from
the data folder's history when there is none; a match that ended just before a crash is first
finished, as the app does at its start.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defining the command loads nothing of the engine (game/cli.py)
    from game.matchindex import Figures

REBUILT_WHY = {"missing": "there was none", "damaged": "it was damaged", "version": "it was of an older version"}


def add_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="print the statistics of your finished matches")
    p.add_argument("--game", default=None, help="only this game (its id, e.g. silver_amulet)")
    p.add_argument("--json", action="store_true", help="end with one JSON object")
    p.set_defaults(run=cmd_stats)


def _duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours} h {rest // 60:02d}" if hours else f"{rest // 60} min"


def _share(figures: Figures) -> str:
    return f"{100 * figures.win_share:.0f} %" if figures.win_share is not None else "—"


def _line(name: str, f: Figures) -> str:
    best = "—" if f.best_score is None else str(f.best_score)
    average = "—" if f.average_score is None else f"{f.average_score:.1f}"
    rating = "—" if f.rating is None else f"{f.rating:.0f} ({f.rated})"
    return (f"{name:<20} {f.matches:>7} {f.wins:>6} {_share(f):>6} {best:>6} {average:>7} "
            f"{f.current_streak:>4}/{f.best_streak:<4} {_duration(f.seconds):>9} {rating:>12}")


def _details(f: Figures) -> list[str]:
    lines = []
    for title, table in (("by the strongest computer opponent", f.by_level), ("by player count", f.by_players)):
        parts = [f"{key}: {wins}/{matches} ({100 * wins / matches:.0f} %)" for key, (matches, wins) in
                 sorted(table.items(), key=lambda kv: str(kv[0]))]
        if parts:
            lines.append(f"  won {title}: " + ", ".join(parts))
    if f.carried:
        lines.append(f"  {f.carried} of these matches were counted before the records were kept")
    return lines


def cmd_stats(args: argparse.Namespace) -> int:
    from game.engine import registry
    from game.matchindex import IndexUnavailable, MatchIndex
    from game.records import RecordStore
    from game.terminal import fail, printable

    store = RecordStore()
    if args.game is not None and args.game not in registry.GAMES:
        try:
            with MatchIndex(store.root).open() as index:  # a game no longer offered may still have matches
                known = args.game in index.games()
        except IndexUnavailable:
            known = False
        if not known:
            return fail(f"unknown game '{args.game}' (games: {', '.join(registry.GAMES)})")
    store.recover()
    try:
        with MatchIndex(store.root).open() as index:
            note = index.take_rebuilt_note()
            overall, games = index.figures()
            listed = index.count()
            problems = list(index.problems)
    except IndexUnavailable as exc:
        return fail(str(exc))
    if note is not None:
        print(f"the match index was built from the {note[2]} records of {store.history_dir} ({REBUILT_WHY.get(note[0], note[0])})",
              file=sys.stderr)
    for problem in problems + store.problems:
        print(f"warning: {printable(problem)}", file=sys.stderr)
    chosen = {g: f for g, f in games.items() if args.game in (None, g)}
    total = chosen[args.game].matches if args.game is not None and args.game in chosen else 0 if args.game else overall.matches
    print(f"{total} finished matches played by a person ({listed} in {store.history_dir})")
    print(f"{'game':<20} {'matches':>7} {'wins':>6} {'win %':>6} {'best':>6} {'average':>7} {'streak':>9} {'time':>9} "
          f"{'rating':>12}")
    for game_id, figures in chosen.items():
        print(_line(game_id, figures))
        if args.game is not None:
            print("\n".join(_details(figures)))
    if args.game is None and games:
        print(_line("all games", overall))
        print("\n".join(_details(overall)))
    if args.json:
        data = {"matches": total, "games": {g: f.to_dict() for g, f in chosen.items()}}
        if args.game is None:
            data["overall"] = overall.to_dict()
        print(json.dumps(data, ensure_ascii=False))
    return 0
