"""How long `analyse` takes for one seat of a bot match (a benchmark, not a test).

    python -m bench.bench_analysis [--game race-for-the-galaxy] [--seats 2] [--seed 1]
        [--budget-ms 800] [--iterations N] [--random]

Plays one match between the games' own bots (`--random`: random legal moves, which make longer
matches: seed 7 of a 2-seat Race for the Galaxy has 202 decisions) in memory, then judges every decision of the
first seat (domain/judging.py) and prints the match's decisions, the seat's decisions (forced
ones apart), the time taken, and the marks and accuracy found. The baseline printed beside it
is the same match's decisions folded (the states the analysis judges) without any search.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from cli.simulate import play_bot_match
from domain.judging import analyse, budget_of, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="race-for-the-galaxy")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--random", action="store_true")
    args = parser.parse_args()
    match = play_bot_match(args.game, args.seats, args.seed, smart=not args.random)
    events = list(match.collect_events())
    started = time.perf_counter()
    history = decisions(events)
    folded = time.perf_counter() - started
    budget = budget_of(args.budget_ms, args.iterations)
    started = time.perf_counter()
    judged = analyse(match.rules, history, 0, budget)
    spent = time.perf_counter() - started
    forced = sum(1 for j in judged if j.mark == "forced")
    marks = Counter(j.mark or "good" for j in judged)
    accuracy = [j.accuracy for j in judged if j.accuracy is not None]
    print(f"{args.game}, {args.seats} seats, seed {args.seed}: {len(history)} decisions")
    print(f"seat {match.seats[0]}: {len(judged)} decisions ({forced} forced), budget {budget}")
    print(f"baseline (fold only): {folded:.2f} s")
    print(f"analysis: {spent:.1f} s ({spent / max(1, len(judged) - forced):.2f} s a searched one)")
    print(f"marks: {dict(marks)}")
    if accuracy:
        print(f"accuracy: {sum(accuracy) / len(accuracy):.1f}")


if __name__ == "__main__":
    main()
