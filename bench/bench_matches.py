"""Random-bot matches per second: in memory, and through the SQLite store decision by decision.

In memory the bots only play (decide + evolve); through the store every decision is saved as its
own transaction, as a player's would be, into a fresh SQLite file. The in-memory figure is the
baseline; the ratio says what persistence costs.

    .venv/bin/python -m bench.bench_matches [--game race-for-the-galaxy] [--seats 3] [--matches 20]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from bench.common import ensure_game
from cli.simulate import SEAT_NAMES, play_bot_match
from domain.bots import random_decision
from store.ledger import Ledger


def in_memory(game: str, seats: int, matches: int) -> tuple[float, int]:
    started, decisions = time.perf_counter(), 0
    for seed in range(matches):
        decisions += play_bot_match(game, seats, seed).decisions
    return time.perf_counter() - started, decisions


def through_store(game: str, seats: int, matches: int, url: str) -> tuple[float, int]:
    ledger = Ledger(url)
    started, decisions = time.perf_counter(), 0
    for seed in range(matches):
        match = ledger.new_match(game, list(SEAT_NAMES[:seats]), seed=seed)
        bots = random.Random(seed)
        while match.result is None:
            seat, command = random_decision(match.rules, match.state, bots)
            match.decide(seat, command)
            ledger.save(match)
            decisions += 1
    return time.perf_counter() - started, decisions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="race-for-the-galaxy")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    ensure_game(args.game)
    memory_seconds, decisions = in_memory(args.game, args.seats, args.matches)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'matches.db'}"
        store_seconds, stored = through_store(args.game, args.seats, args.matches, url)
    assert stored == decisions, "the same seeds must give the same matches"
    print(
        f"{args.game}, {args.seats} seats, {args.matches} random-bot matches, {decisions} decisions"
    )
    print(
        f"  in memory:            {args.matches / memory_seconds:8.2f} matches/s "
        f"({decisions / memory_seconds:9,.0f} decisions/s)"
    )
    print(
        f"  through SQLite store: {args.matches / store_seconds:8.2f} matches/s "
        f"({decisions / store_seconds:9,.0f} decisions/s)"
    )
    print(f"  ratio store/memory:   {memory_seconds / store_seconds:8.3f}")


if __name__ == "__main__":
    main()
