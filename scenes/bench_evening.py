"""A long evening in one window: many matches played one after the other, left every way a
player leaves one, with the process's children, memory and open files counted as it goes.

    python -m scenes.bench_evening [--matches 50] [--games GAME,GAME...] [--json]

Each match is played by random bots on the real table (headless, reduced motion, the bots'
answers waited for as `demo --headless` does), in its own bots' process. The ways out rotate:
the results' "play again", back to the menu from the results, back to the menu in mid-match
(the pause menu's "save and quit"), and a new game over an unfinished one. The figures
(docs/benchmarks.md) are read from /proc (Linux); elsewhere they are None.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import multiprocessing
import os
import sys
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.match import BOT, Match, MatchConfig, SeatConfig

EXITS = ("rematch", "results_menu", "menu_mid_match", "new_game_over_one")


def bot_children() -> int:
    """The bots' processes this process has running now."""
    return sum(1 for p in multiprocessing.active_children() if p.name == "tablee-bots")


def open_files() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def rss_mb() -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def bots_config(game_id: str, seed: int, players: int = 3) -> MatchConfig:
    seats = [SeatConfig(f"B{i + 1}", BOT, "random") for i in range(players)]
    return MatchConfig(game_id, seats, seed=seed)


def _step(app: Any) -> None:
    from scenes.demo import wait_for_bots

    match = getattr(app.stack.top, "match", None)
    if isinstance(match, Match):
        wait_for_bots(app, match)
    app.step(1 / 60, [])


def play_to_results(app: Any, limit: int = 100_000) -> Any:
    """Frames until the results screen shows; returns it."""
    from scenes.results import ResultsScene

    for _ in range(limit):
        if isinstance(app.stack.top, ResultsScene):
            return app.stack.top
        _step(app)
    raise RuntimeError("the match never ended")


def play_a_while(app: Any, moves: int = 4, limit: int = 20_000) -> None:
    """Frames until the table's match has `moves` moves (or ended)."""
    for _ in range(limit):
        match = getattr(app.stack.top, "match", None)
        if not isinstance(match, Match) or len(match.history) >= moves or match.is_over():
            return
        _step(app)
    raise RuntimeError("no bot moved")


def all_games() -> tuple[str, ...]:
    """Every registered game (the engine's registry: this scene names none)."""
    from game.engine import registry

    return tuple(registry.GAMES)


def evening(app: Any, matches: int, games: tuple[str, ...] | None = None,
            on_match: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play `matches` matches in `app`, rotating games and ways out; the figures before the
    first and after the last, the most bots' processes seen at once, and the matches still
    alive once everything was left (a leak keeps them)."""
    from scenes.table import scene as table_scene
    from scenes.table.scene import TableScene

    games = games or all_games()
    made: list[weakref.ref[Match]] = []
    most = 0
    real_match = table_scene.Match
    # The results' "play again" builds its table from the config: no visible pause for bots.
    table_scene.Match = functools.partial(Match, think_seconds=0.0)  # type: ignore[assignment,misc]

    def open_table(game_id: str, seed: int) -> None:
        config = bots_config(game_id, seed)
        match = Match(config, think_seconds=0.0)
        made.append(weakref.ref(match))
        app.clear_to(TableScene(app, config, match))

    def seen() -> None:
        nonlocal most
        most = max(most, bot_children())
        match = getattr(app.stack.top, "match", None)
        if isinstance(match, Match) and not any(ref() is match for ref in made):
            made.append(weakref.ref(match))

    app.main_menu()
    app.step(1 / 60, [])
    gc.collect()
    before = {"children": bot_children(), "rss_mb": rss_mb(), "open_files": open_files()}
    start = time.perf_counter()
    try:
        for number in range(matches):
            game_id, way = games[number % len(games)], EXITS[number % len(EXITS)]
            open_table(game_id, number)
            if way in ("menu_mid_match", "new_game_over_one"):
                play_a_while(app)
                seen()
                if way == "menu_mid_match":
                    app.push(app.scene("pause", game_id=game_id))
                    app.stack.top.save_and_quit()
                else:
                    open_table(game_id, number + 10_000)
                    seen()
            if way != "menu_mid_match":
                results = play_to_results(app)
                seen()
                if way == "rematch":
                    results.play_again()
                    seen()
                    play_a_while(app)
                    seen()
                del results
            app.main_menu()
            app.step(1 / 60, [])
            if on_match is not None:
                on_match({"match": number + 1, "children": bot_children(), "rss_mb": rss_mb(),
                          "open_files": open_files()})
    finally:
        table_scene.Match = real_match  # type: ignore[assignment,misc]
    gc.collect()
    after = {"children": bot_children(), "rss_mb": rss_mb(), "open_files": open_files()}
    return {"matches": matches, "games": list(games), "before": before, "after": after,
            "most_children": most, "matches_alive": sum(ref() is not None for ref in made),
            "matches_made": len(made), "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scenes.bench_evening", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--games", default=None, help="comma separated (default: every game)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import tempfile

    if "TABLEE_HOME" not in os.environ:  # the matches' autosaves and history go to a throwaway folder
        os.environ["TABLEE_HOME"] = tempfile.mkdtemp(prefix="tablee-evening-")
    from scenes.app import create_app

    app = create_app(size=(1280, 720), headless=True)
    games = tuple(g.strip() for g in args.games.split(",") if g.strip()) if args.games else all_games()
    app.settings.extra["tours_seen"] = list(games)
    app.settings.reduced_motion = True

    def show(row: dict[str, Any]) -> None:
        if not args.json and row["match"] % 10 == 0:
            print(f"after {row['match']:>3} matches: {row['children']} bots' process(es), RSS {row['rss_mb']} MB,"
                  f" {row['open_files']} open files", flush=True)

    result = evening(app, args.matches, games, on_match=show)
    app.stack.close()
    result["after_close"] = {"children": bot_children()}
    if args.json:
        print(json.dumps(result))
    else:
        b, a = result["before"], result["after"]
        print(f"{result['matches']} matches in {result['seconds']} s: at most {result['most_children']} bots' process"
              f" at once; RSS {b['rss_mb']} -> {a['rss_mb']} MB; open files {b['open_files']} -> {a['open_files']};"
              f" {result['matches_alive']} of {result['matches_made']} matches still in memory")
    return 0


if __name__ == "__main__":
    sys.exit(main())
