"""Network figures (printed by a bench, never asserted by tests): a host on 127.0.0.1 and one
client per seat, every seat played by a scripted client; from one client's action to the other
clients' receiving it, the host's CPU per move and the bytes each client receives per move."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

from game.engine import registry
from game.engine.rng import Rng
from game.match import HUMAN, Match, MatchConfig, SeatConfig
from game.net.client import RemoteSeat
from game.net.server import NetHost
from game.net.stream import Host

TIMEOUT = 30.0


def network_row(game_id: str | None = None, players: int | None = None, moves: int = 200, seed: int = 1) -> dict[str, Any]:
    """Play `moves` actions (new matches as needed) and measure them: by default with the game
    declaring `bench=("network",)`, one client per seat at its largest player count."""
    if game_id is None:
        game_id = registry.bench_game("network")
    if players is None:
        players = registry.load(game_id).max_players
    latencies: list[float] = []
    host_cpu = received = 0.0
    played = 0
    match_seed = seed
    while played < moves:
        lat, cpu, got, n = _one_match(game_id, players, moves - played, match_seed)
        latencies += lat
        host_cpu += cpu
        received += got
        played += n
        match_seed += 1
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return {
        "game": game_id,
        "clients": players,
        "moves": played,
        "latency_p50_ms": round(statistics.median(latencies) * 1000, 2),
        "latency_p99_ms": round(p99 * 1000, 2),
        "host_cpu_ms_per_move": round(host_cpu / played * 1000, 2),
        "bytes_per_move_per_client": round(received / played / players),
    }


def _one_match(game_id: str, players: int, moves: int, seed: int) -> tuple[list[float], float, int, int]:
    """Up to `moves` actions of one match: latencies (s), host CPU (s), bytes received, moves."""
    seats = [SeatConfig(f"P{i}", HUMAN) for i in range(players)]
    host = Host(Match(MatchConfig(game_id, seats, seed=seed), threaded=False), match_id="bench")
    loop = asyncio.new_event_loop()
    net = NetHost(host, rate=1e9, burst=10**9)
    started = threading.Event()
    host_cpu = [0.0]

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(net.start("127.0.0.1", 0))
        started.set()
        t0 = time.thread_time()
        loop.run_forever()
        host_cpu[0] += time.thread_time() - t0

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(TIMEOUT)
    clients = [RemoteSeat.connect("127.0.0.1", net.port, "bench", s, host.secrets[s]) for s in range(players)]
    sent: dict[int, float] = {}  # step -> when its action was sent
    arrivals: list[tuple[int, float]] = []
    lock = threading.Lock()

    def stamper(me: int) -> Callable[[dict[str, Any]], None]:
        def stamp(item: dict[str, Any]) -> None:
            if item["kind"] == "events" and item["actor"] != me:
                with lock:
                    arrivals.append((item["step"], time.perf_counter()))
        return stamp

    for client in clients:
        client.on_message = stamper(client.seat)
    for client in clients:
        client.wait("state", TIMEOUT)
    base = sum(c.bytes_received for c in clients)
    rng = Rng(seed)
    played = 0
    while played < moves and not host.match.is_over():
        actor = next((c for c in clients if c.state and c.state["legal"]), None)
        if actor is None or actor.state is None:
            clients[0].sync()
            clients[0].wait("state", TIMEOUT)
            continue
        sent[actor.state["step"] + 1] = time.perf_counter()
        actor.send(actor.state["legal"][rng.randrange(len(actor.state["legal"]))])
        for client in clients:  # everyone has the move before the next one
            client.wait("state", TIMEOUT)
        played += 1
    received = sum(c.bytes_received for c in clients) - base
    for client in clients:
        client.close()
    asyncio.run_coroutine_threadsafe(net.stop(), loop).result(TIMEOUT)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(TIMEOUT)
    loop.close()
    host.close()
    with lock:
        latencies = [at - sent[step] for step, at in arrivals if step in sent]
    return latencies, host_cpu[0], received, played


def bench_moves(seconds: float) -> int:
    """Moves measured for `bench --seconds` (about 200 a second of the budget, at least 50)."""
    return max(50, int(200 * seconds))


def network_line(row: dict[str, Any]) -> str:
    """The figures as `bench` prints them."""
    return (f"network ({row['game']}, {row['clients']} clients on 127.0.0.1, {row['moves']} moves): action to the"
            f" other clients p50 {row['latency_p50_ms']} ms, p99 {row['latency_p99_ms']} ms; host CPU"
            f" {row['host_cpu_ms_per_move']} ms per move; {row['bytes_per_move_per_client']} bytes per move per client")


if __name__ == "__main__":
    print(network_line(network_row()))
