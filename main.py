"""Tablée: start the app, or run a command (simulate, validate, bench, ...).

    python main.py                  start the app
    python main.py simulate GAME    bots play; see `python main.py --help`
"""

from __future__ import annotations

import argparse
import json
import sys


def build_parser() -> argparse.ArgumentParser:
    from game import cli

    parser = argparse.ArgumentParser(prog="tablee", description="Tablée — French tabletop card games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    cli.add_commands(sub)
    p = sub.add_parser("bench", help="print speed figures of the engine (and the app)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    p.set_defaults(run=cmd_bench)
    return parser


def cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import engine_rows

    rows = engine_rows(args.seconds)
    print(f"{'game':<16} {'n':>2} {'games/s':>9} {'actions/s':>10} {'clone us':>9} {'deepcopy us':>11} {'speedup':>8}")
    for r in rows:
        print(
            f"{r['game']:<16} {r['players']:>2} {r['games_per_second']:>9} {r['actions_per_second']:>10} "
            f"{r['clone_us']:>9} {r['deepcopy_us']:>11} {r['clone_speedup']:>7}x"
        )
    if args.json:
        print(json.dumps({"engine": rows}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
