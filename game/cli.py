"""Command-line commands that need no window: simulate, validate, bench.

Each command returns an exit status; bad input prints a clear message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import languages, statscli
from game.net import serve
from game.terminal import fail, printable, safe_output

__all__ = ["add_commands", "fail", "printable", "safe_output"]  # the last three: game.terminal's

# Defining the commands (every `tablee` run does) loads no engine, bot or network code: only the
# standard library, game.terminal and serve's own definitions. Each command imports what it uses
# when it runs.


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play games between bots and print the results")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's minimum+1 within range)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--bots", default="random", help="bot per seat, comma separated, e.g. ismcts:hard,random")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="end with one JSON line")
    p.add_argument("--save-dir", type=Path, default=None, help="write one match record per game into this folder")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("exploit", help="play each simple fixed plan of a game against bots: is one an exploit?")
    p.add_argument("game")
    p.add_argument("--level", default="medium", help="the bots' level (easy, medium, hard)")
    p.add_argument("--games", type=int, default=12, help="games per plan, the plan's seat turning")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=None, help="the bots' iterations per decision (no clock)")
    p.add_argument("--plans", default=None, help="only these plans, comma separated")
    p.add_argument("--baseline-games", type=int, default=None, help="all-bot games for the baseline (default: --games)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once, one process each (same results)")
    p.add_argument("--json", action="store_true", help="end with one JSON line")
    p.set_defaults(run=cmd_exploit)

    p = sub.add_parser("validate", help="check the game data files and lessons (or the given YAML files)")
    p.add_argument("paths", nargs="*", type=Path)
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("replay", help="check a match record by replaying it, and print the final scores")
    p.add_argument("file", nargs="?", type=Path, help="a record (.json); see --latest")
    p.add_argument("--latest", action="store_true", help="the newest autosaved match")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log", choices=languages.shipped_codes(), default=None, metavar="LANG",
                   help=f"also print the public game log, in this language ({', '.join(languages.shipped_codes())})")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("coach", help="the coach's suggestion for the seat that acts after a record's first N moves")
    p.add_argument("file", type=Path, help="a match record (.json)")
    p.add_argument("--at", type=int, default=None, help="moves of the record played before the suggestion")
    p.add_argument("--review", action="store_true", help="instead: review the people's decisions of a finished match")
    p.add_argument("--lang", choices=languages.shipped_codes(), default=languages.REFERENCE, metavar="LANG",
                   help=f"the language of the why ({', '.join(languages.shipped_codes())})")
    p.add_argument("--iterations", type=int, default=None, help="the search's iterations, with no clock (reproducible)")
    p.add_argument("--json", action="store_true", help="end with one JSON line: seat, move, why and the figures")
    p.set_defaults(run=cmd_coach)

    statscli.add_command(sub)
    serve.add_command(sub)


def default_players(rules: Any) -> int:
    return min(max(rules.min_players, 4), rules.max_players)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai import make_bot, parse_bot_spec
    from game.engine import registry
    from game.engine.errors import TableeError
    from game.progress import Progress, wanted

    try:
        rules = registry.load(args.game)
    except TableeError as exc:
        return fail(str(exc))
    n = args.players if args.players is not None else default_players(rules)
    if not rules.min_players <= n <= rules.max_players:
        return fail(f"{args.game} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    if args.games < 1:
        return fail("--games must be at least 1")
    specs = [s for s in args.bots.split(",") if s.strip()] or ["random"]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        return fail(f"--bots names {len(specs)} bots for {n} players (give one, or one per seat)")
    try:
        for spec in specs:
            name, level = parse_bot_spec(spec)
            make_bot(name, level=level)
    except TableeError as exc:
        return fail(str(exc))
    try:
        with Progress(f"simulate {args.game}", wanted(args.json)) as bar:
            result = simulate(args.game, n, args.games, specs, args.seed, args.save_dir, on_game=bar.tick)
    except OSError as exc:
        return fail(f"cannot write records to {args.save_dir}: {exc.strerror or exc}")
    print_summary(result)
    if args.json:
        print(json.dumps(result))
    return 0


def simulate(
    game_id: str, n: int, games: int, specs: list[str], seed: int, save_dir: Path | None = None,
    on_game: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games; per-seat wins (a shared win counts for each winner), means, timings.

    With `save_dir`, each game's record is written there (replayable with `replay`); `on_game`
    is called with (games played, games) after each game (the progress bar)."""
    from game.ai import make_bot, parse_bot_spec
    from game.engine import registry
    from game.engine.record import bot_seats
    from game.records import save_record

    rules = registry.load(game_id)
    wins = [0] * n
    totals = [0.0] * n
    think = [0.0] * n
    decisions = [0] * n
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        bots = []
        for seat, spec in enumerate(specs):
            name, level = parse_bot_spec(spec)
            bots.append(make_bot(name, seed=game_seed * 101 + seat, level=level))
        state = rules.new_state(n, seed=game_seed)
        played: list[tuple[int, str]] = []
        while not state.is_over():
            for seat in state.to_act():
                t0 = time.perf_counter()
                action = bots[seat].choose(state, seat)
                think[seat] += time.perf_counter() - t0
                decisions[seat] += 1
                state.apply(seat, action)
                played.append((seat, str(action)))
        if save_dir is not None:
            save_record(save_dir, rules, state, bot_seats(specs), played, f"{game_id}-{n}p-seed{game_seed}")
        for seat in state.winners():
            wins[seat] += 1
        for seat, score in enumerate(state.scores()):
            totals[seat] += score
        if on_game is not None:
            on_game(g + 1, games)
    return {
        "game": game_id,
        "players": n,
        "games": games,
        "bots": specs,
        "wins": wins,
        "win_rates": [round(w / games, 3) for w in wins],
        "mean_scores": [round(t / games, 2) for t in totals],
        "seconds_per_decision": [round(think[s] / decisions[s], 5) if decisions[s] else 0.0 for s in range(n)],
        "seconds": round(time.perf_counter() - start, 3),
    }


def print_summary(result: dict[str, Any]) -> None:
    print(f"{result['game']}: {result['games']} games, {result['players']} players, {result['seconds']} s")
    print(f"{'seat':>4}  {'bot':<14} {'wins':>5} {'win %':>6} {'mean score':>10} {'s/decision':>10}")
    for seat in range(result["players"]):
        print(
            f"{seat:>4}  {result['bots'][seat]:<14} {result['wins'][seat]:>5} "
            f"{100 * result['win_rates'][seat]:>5.1f}% {result['mean_scores'][seat]:>10.2f} "
            f"{result['seconds_per_decision'][seat]:>10.5f}"
        )


def cmd_exploit(args: argparse.Namespace) -> int:
    """Each fixed plan against bots of a level; bad input gets a message, never a traceback."""
    from game.ai.bots import LEVELS
    from game.ai.exploit import exploit, print_row
    from game.engine.errors import TableeError
    from game.progress import Progress, wanted

    if args.level not in LEVELS:
        return fail(f"unknown level '{args.level}' (levels: {', '.join(LEVELS)})")
    plans = [p.strip() for p in args.plans.split(",") if p.strip()] if args.plans else None
    with Progress(f"exploit {args.game}", wanted(args.json)) as bar:

        def show_row(row: dict[str, Any]) -> None:
            with bar.printing():
                print_row(row)

        try:
            result = exploit(
                args.game, args.level, args.games, args.players, args.seed, args.iterations, plans, args.baseline_games,
                workers=args.jobs, on_row=show_row, on_game=bar.tick,
            )
        except TableeError as exc:
            return fail(str(exc))
    print(f"{result['seconds']} s")
    if args.json:
        print(json.dumps(result))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from game.engine import registry
    from game.lesson import LESSON_FILE, lesson_games, validate_lesson_files, validate_lessons

    paths = list(args.paths)
    lesson_files = [path for path in paths if Path(path).name == LESSON_FILE]
    data_files = [path for path in paths if path not in lesson_files]
    problems: list[Any] = list(registry.validate_paths(data_files)) if data_files or not paths else []
    problems += validate_lesson_files(lesson_files)
    lessons = [] if paths else lesson_games()  # every lesson, its script replayed against the rules
    if not paths:  # the shipped files: the languages' descriptions and the lessons too
        problems += languages.problems()
        problems += validate_lessons(lessons)
    for problem in problems:
        print(printable(str(problem)))
    for note in registry.GAMES.missing:  # a development setting with nothing to find here
        print(printable(f"note: {note}"), file=sys.stderr)
    if problems:
        files = len({getattr(p, "file", p) for p in problems})
        print(f"{len(problems)} problem(s) in {files} file(s)", file=sys.stderr)
        return 1
    count = len(paths) if paths else len(registry.GAMES) + 1 + len(languages.shipped_codes())
    print(f"ok: {count} data file(s) valid" + (f", {len(lessons)} lesson(s) replayed" if lessons else ""))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record, checking every action; bad records name the file and the first problem."""
    from game.engine.record import RecordError, load, replay_summary
    from game.records import RecordStore

    if args.latest == (args.file is not None):
        return fail("give a record file or --latest (not both)")
    path = args.file
    if args.latest:
        path = RecordStore().latest()
        if path is None:
            return fail("no saved match yet")
    try:
        played = load(path)
    except RecordError as exc:
        return fail(str(exc))
    summary = replay_summary(played, path)
    if played.record.journal_dropped:
        print(f"warning: {printable(str(played.record.journal_problem))}: kept up to move {summary['actions']}, "
              f"{played.record.journal_dropped} later line(s) of the autosave dropped", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))  # JSON escapes control characters
    else:
        names = [printable(s["name"]) for s in summary["seats"]]
        state = "finished" if summary["over"] else "unfinished"
        print(f"{path}: {summary['game']} v{summary['version']}, seed {summary['seed']}, {summary['actions']} actions, {state}")
        for seat, name in enumerate(names):
            mark = "  (winner)" if seat in summary["winners"] else ""
            print(f"{seat:>4}  {name:<20} {summary['scores'][seat]:>6}{mark}")
    if args.log:
        from game.log import LogWriter, display_text, story

        humans = played.record.humans  # the one person who played reads "you" (public cards only)
        reader = humans[0] if len(humans) == 1 else None
        writer = LogWriter(played.rules, args.log, [s.name for s in played.record.seats], None, reader=reader)
        for line in story(writer, played.events, played.record.undos):
            print(("== " if line.marker else "   ") + printable(display_text(line)))
    return 0


def cmd_coach(args: argparse.Namespace) -> int:
    """The coach's advice at a step of a record, from the acting seat's view only."""
    from game.ai.coach import advice_for_record, say
    from game.engine.errors import TableeError
    from game.engine.record import RecordError, load

    if args.iterations is not None and args.iterations < 1:
        return fail("--iterations must be at least 1")
    if (args.at is None) == (not args.review):
        return fail("give --at N, or --review (not both)")
    try:
        played = load(args.file)
    except RecordError as exc:
        return fail(str(exc))
    record = played.record
    budget: dict[str, Any] = {} if args.iterations is None else {"iterations": args.iterations, "seconds": None}
    if args.review:
        return coach_review(args, played, budget)
    try:
        advice = advice_for_record(record, args.at, **budget)
    except TableeError as exc:
        return fail(str(exc))
    names = [s.name for s in record.seats]
    why = say(played.rules, args.lang, advice, names)
    print(f"{args.file}: after {args.at} moves, {printable(names[advice.seat])} (seat {advice.seat}) acts")
    print(f"  coach: {advice.move}" + (f"  (compared with: {advice.other})" if advice.other else ""))
    print(f"  {printable(why)}")
    if args.json:
        out = {"game": record.game, "at": args.at, "seat": advice.seat, "name": names[advice.seat], "move": advice.move,
               "why": why, **{k: v for k, v in advice.to_dict().items() if k not in ("seat", "at", "move")}}
        print(json.dumps(out, ensure_ascii=False))
    return 0


def coach_review(args: argparse.Namespace, played: Any, budget: dict[str, Any]) -> int:
    """`coach RECORD --review`: the review of a finished match (game/review.py), its CPU time."""
    from game.ai.coach import say
    from game.progress import Progress, wanted
    from game.review import review_match

    record = played.record
    if not played.state.is_over():
        return fail("the match is not finished: a review looks back on a whole match")
    if not record.humans:
        return fail("no seat of this match was played by a person: nothing to review")
    with Progress("coach --review", wanted(args.json), unit="decision") as bar:
        review = review_match(record, on_step=bar.tick, **budget)
    names = [s.name for s in record.seats]
    print(f"{args.file}: {review.decisions} decisions of {', '.join(printable(names[s]) for s in review.seats)}, "
          f"{len(review.items)} where the coach would have played clearly differently ({review.seconds:.1f} s of CPU)")
    for item in review.items:
        print(f"  move {item.at + 1}: played {item.other}, coach {item.move}: {printable(say(played.rules, args.lang, item, names))}")
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False))
    return 0


def check_resumable() -> int:
    """`main.py --resume`: 0 when the last unfinished match loads, else 1 with the reason."""
    from game.engine.record import RecordError, load
    from game.records import RecordStore

    path = RecordStore().latest_unfinished()
    if path is None:
        return fail("there is no unfinished match to resume")
    try:
        load(path)
    except RecordError as exc:
        return fail(f"the last match cannot be resumed (the file was left untouched): {exc}")
    return 0
