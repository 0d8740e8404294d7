"""What `new --auto-forced` costs: random-bot matches in memory, each seed played twice, as a
plain match (the baseline) and with the platform playing forced moves (after every decision it
asks every seat to move for its legal moves, and compares views where one move is left).

    .venv/bin/python -m bench.bench_auto_forced [--game duck-dealer] [--seats 2] [--matches 10]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.common import ensure_game
from cli.simulate import SEAT_NAMES
from domain.bots import random_decision
from domain.match import Match


def play(game: str, seats: int, matches: int, auto_forced: bool) -> tuple[float, int, int]:
    """Seconds, decisions stored and how many of them the platform played."""
    started, decisions, forced = time.perf_counter(), 0, 0
    for seed in range(matches):
        match = Match.start(game, list(SEAT_NAMES[:seats]), None, seed, auto_forced=auto_forced)
        forced += match.play_forced()
        bots = random.Random(seed)
        while match.result is None:
            seat, command = random_decision(match.rules, match.state, bots)
            match.decide(seat, command)
            forced += match.play_forced()
        decisions += match.decisions
    return time.perf_counter() - started, decisions, forced


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="duck-dealer")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--matches", type=int, default=10)
    args = parser.parse_args()
    ensure_game(args.game)
    plain_seconds, plain, _ = play(args.game, args.seats, args.matches, False)
    auto_seconds, auto, forced = play(args.game, args.seats, args.matches, True)
    print(f"{args.game}, {args.seats} seats, {args.matches} random-bot matches")
    print(f"  plain (baseline): {plain / plain_seconds:9,.0f} decisions/s ({plain} decisions)")
    print(
        f"  auto-forced:      {auto / auto_seconds:9,.0f} decisions/s ({auto} decisions, "
        f"{forced} played by the platform)"
    )
    print(f"  ratio:            {plain_seconds / plain * auto / auto_seconds:9.3f}")


if __name__ == "__main__":
    main()
