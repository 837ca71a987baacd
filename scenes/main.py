"""Tablée: start the app, or run a command (simulate, validate, bench, ...).

    tablee                  start the app (`python main.py` from a source tree)
    tablee simulate GAME    bots play; see `tablee --help`

The `tablee` command of an installed copy runs main() here; main.py at the top of the source tree
and the standalone build only call it.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers read it alike)
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep command output clean

# Only os and sys above: `tablee --version` answers with nothing more than game.version, and every
# command imports what it uses when it runs (tests/test_startup.py checks both).


MAX_BENCH_SECONDS = 600.0


def bench_seconds(text: str) -> float:
    """A finite time per measurement: `inf` or `nan` would make `bench` run forever."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0 < value <= MAX_BENCH_SECONDS:  # also false for nan
        raise argparse.ArgumentTypeError(f"{text} is out of range (expected more than 0 and at most {MAX_BENCH_SECONDS:g})")
    return value


USAGE_STATUS = 2  # a command line that cannot be read (docs/command-line.md); refused input is 1


def new_parser(**options: object) -> argparse.ArgumentParser:
    """argparse's parser, but a command line it cannot read gets one `error:` line (with where
    to find the options), not a usage block, and status 2 (its subcommands' parsers too)."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            from game.terminal import printable

            print(f"error: {printable(message)} (see: {self.prog} --help)", file=sys.stderr)
            sys.exit(USAGE_STATUS)

    return Parser(**options)  # type: ignore[arg-type]


def build_parser() -> argparse.ArgumentParser:
    from pathlib import Path

    from game import cli, languages
    from game.version import version

    parser = new_parser(prog="tablee", description="Tablée — French tabletop card games.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    parser.add_argument("--resume", action="store_true", help="open the app on the last unfinished match")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="put Tablée in the desktop's menu (Linux: ~/.local/share), then exit")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="take it out of the menu again (the files --install-desktop wrote), then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    cli.add_commands(sub)
    p = sub.add_parser("bench", help="print speed figures of the engine (and the app)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--seconds", type=bench_seconds, default=1.0, help="time per measurement (0 < s <= 600)")
    p.set_defaults(run=cmd_bench)
    p = sub.add_parser("demo", help="computer players play on the real table; optionally save a screenshot")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--frames", type=int, default=600, help="frames to play (60 per second)")
    p.add_argument("--screenshot", default=None, help="PNG file written with the last frame")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="random", help="bot of every seat, e.g. ismcts:easy")
    p.add_argument("--headless", action="store_true", help="no window (SDL dummy driver; default on CI)")
    p.set_defaults(run=cmd_demo)
    p = sub.add_parser("lesson", help="open a game's lesson, or play it headless with --check")
    p.add_argument("game")
    p.add_argument("--check", action="store_true", help="play it through the table's input, headless; exit 0 at its end")
    p.add_argument("--lang", choices=languages.shipped_codes(), default=None, metavar="LANG",
                   help=f"the lesson's language ({', '.join(languages.shipped_codes())}; default: the settings')")
    p.add_argument("--size", type=window_size, default=(1280, 720), help="window size for --check, WIDTHxHEIGHT")
    p.add_argument("--shots", type=Path, default=None, help="with --check: save each step's picture in this folder")
    p.set_defaults(run=cmd_lesson)
    return parser


def window_size(text: str) -> tuple[int, int]:
    """`--size 800x480`: a window of at least 800x480 (the smallest the app lays out)."""
    import argparse

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size (expected WIDTHxHEIGHT, such as 1280x720)") from None
    if w < 800 or h < 480:
        raise argparse.ArgumentTypeError(f"{text} is smaller than the app's smallest window (expected at least 800x480)")
    return w, h


def cmd_lesson(args: argparse.Namespace) -> int:
    from scenes.lesson_check import run_lesson_command

    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    return run_lesson_command(args.game, args.check, args.lang, args.size, args.shots)


def cmd_demo(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scenes.demo import run_demo

    shot = Path(args.screenshot) if args.screenshot else None
    return run_demo(args.game, args.players, args.frames, shot, args.seed, args.headless, args.bot)


def cmd_bench(args: argparse.Namespace) -> int:
    import json

    from game.ai.bench import ai_rows, print_ai_rows
    from game.bench import engine_rows, table_game
    from game.progress import Progress, wanted

    shown = wanted(args.json)  # one bar per part, on stderr, gone before the part's lines print
    with Progress("bench: engine", shown, unit="row") as bar:
        rows = engine_rows(args.seconds, on_row=bar.tick)
    print(f"{'game':<16} {'n':>2} {'games/s':>9} {'actions/s':>10} {'clone us':>9} {'deepcopy us':>11} {'speedup':>8}")
    for r in rows:
        print(
            f"{r['game']:<16} {r['players']:>2} {r['games_per_second']:>9} {r['actions_per_second']:>10} "
            f"{r['clone_us']:>9} {r['deepcopy_us']:>11} {r['clone_speedup']:>7}x"
        )
    with Progress("bench: bots", shown, unit="row") as bar:
        bots = ai_rows(args.seconds, on_row=bar.tick)
    print_ai_rows(bots)
    from scenes.bench_frames import bench_table, print_frame_rows, thinking_rows

    with Progress("bench: table frames", shown, unit="table") as bar:
        bar.tick(0, 1)
        table = bench_table(table_game(), args.seconds)  # random bots, 5 seats: the animations' own cost
    print(f"table frame time ({table['game']}, random bots, {table['players']} seats, {table['size']}, {table['frames']} frames): "
          f"wall p50 {table['wall_p50_ms']} ms, p99 {table['wall_p99_ms']} ms; main thread CPU p99 {table['thread_p99_ms']} ms")
    with Progress("bench: bots thinking", shown, unit="table") as bar:
        thinking = thinking_rows(args.seconds, on_row=bar.tick)  # every table game, a hard bot at every seat
    print_frame_rows(thinking)
    from scenes.bench_idle import bench_idle

    with Progress("bench: idle screens", shown, unit="part") as bar:
        bar.tick(0, 2)
        idle = bench_idle(table_game(), args.seconds)  # the table screens, 3 seats
        from scenes.app import bench_cold_start

        bar.tick(1, 2, "cold start")
        start = bench_cold_start()
    for row in idle:
        print(f"idle {row['screen']:<18} {row['cpu_ms_per_s']:>6} ms CPU per second, {row['draws_per_s']:>5} frames drawn per second")
    if start["cold_start_s"] is None:
        print("cold start to the main menu: measured from source only (run main.py bench)")
    else:
        print(f"cold start to the main menu: {start['cold_start_s']} s (app init {start['app_init_s']} s); "
              f"python -c 'import pygame': {start['import_pygame_s']} s; ratio {start['ratio']}")
    from scenes.bench_history import bench_history, history_line

    with Progress("bench: history", shown, unit="size") as bar:
        bar.tick(0, 1)
        history = bench_history()  # 10 and 10,000 finished matches, in the same run
    for row in history:
        print(history_line(row))
    from game.net.bench import bench_moves, network_line, network_row

    with Progress("bench: network", shown, unit="part") as bar:
        bar.tick(0, 1)
        network = network_row(moves=bench_moves(args.seconds))
    print(network_line(network))
    lessons = lesson_rows()
    for row in lessons:
        print(f"lesson {row['game']:<18} {row['lang']}: {row['steps']:>2} steps, {row['moves']:>2} moves, "
              f"{row['words']:>4} words: about {row['minutes']} min for a first-time player (estimated)")
    if args.json:
        print(json.dumps({"engine": rows, "ai": bots, "table": [table, *thinking], "idle": idle, "app": start,
                          "history": history, "network": network, "lessons": lessons}))
    return 0


def lesson_rows() -> list[dict[str, Any]]:
    """Every lesson's length in each language, and the time it takes a newcomer by estimate
    (game/lesson.py: Lesson.estimated_minutes)."""
    from game import languages
    from game.lesson import lesson_games, load_lesson

    rows = []
    for game_id in lesson_games():
        lesson = load_lesson(game_id)
        for lang in languages.shipped_codes():
            rows.append({"game": game_id, "lang": lang, "steps": len(lesson.steps), "moves": len(lesson.learner_steps()),
                         "words": lesson.words(lang), "minutes": lesson.estimated_minutes(lang)})
    return rows


class Terminated(KeyboardInterrupt):
    """SIGTERM stops a command as Ctrl-C does (its files closed, `serve` its host), status 143."""


def _terminate(_signum: int, _frame: object) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    """Run the app or a command; Ctrl-C stops it with one line and exit status 130 (128 + SIGINT),
    SIGTERM with `terminated` and 143 (the app: saved, see scenes.app.run_app)."""
    import signal

    before = signal.signal(signal.SIGTERM, _terminate) if hasattr(signal, "SIGTERM") else None
    try:
        status = run(argv)
        sys.stdout.flush()  # a reader gone (`| head`) is told here, not by the exit's own flush
        return status
    except Terminated:
        print("terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `tablee replay FILE | head -1`: the reader has all it wanted
        quiet_stdout()
        return 128 + 13  # as a shell reports a process ended by SIGPIPE
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


def quiet_stdout() -> None:
    """Standard output's reader has gone: what is left to print (the exit's own flush too) goes
    nowhere, instead of a second BrokenPipeError."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured output)
        pass


def print_version() -> int:
    """`tablee --version`, exactly as argparse's version action would print it."""
    from game.version import version

    print(f"tablee {version()}")
    return 0


def start_log() -> None:
    """The app logs to a small file in the user's log folder; a crash writes its traceback there."""
    import platform

    from game import applog
    from game.version import version

    path = applog.start()
    applog.install_crash_hook()
    applog.log.info("Tablée %s starts (Python %s, %s); log file %s", version(), platform.python_version(), sys.platform, path)


def run(argv: list[str] | None = None) -> int:
    from game.terminal import safe_output

    safe_output()
    if (sys.argv[1:] if argv is None else argv) == ["--version"]:
        return print_version()  # before defining the commands, which takes longer than the answer
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        if args.command is not None or args.resume:
            parser.error("--install-desktop and --uninstall-desktop go alone")
        from game.desktop import cmd_install

        return cmd_install(undo=args.uninstall_desktop)
    if args.command is None:
        start_log()
        from scenes.app import run_app

        if args.resume:
            from game.cli import check_resumable

            status = check_resumable()
            if status:
                return status
        return run_app(resume=args.resume)
    return args.run(args)

