"""Rebuilding a long match from its events, with and without snapshots.

The same long bot match is saved into two SQLite stores, one snapshotting every N events and one
never; loading the latest state from each is timed, the store without snapshots is the baseline.

    .venv/bin/python -m bench.bench_snapshots [--game delta-v] [--seats 4] [--interval 50]
"""

from __future__ import annotations

import argparse
import functools
import tempfile
from pathlib import Path

from bench.common import best_of, ensure_game
from cli.simulate import play_bot_match
from store.ledger import Ledger


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="delta-v")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--interval", type=int, default=50)
    parser.add_argument("--tries", type=int, default=8, help="bot matches to pick the longest from")
    args = parser.parse_args()
    ensure_game(args.game)
    seed = max(range(args.tries), key=lambda s: play_bot_match(args.game, args.seats, s).version)
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, interval in [("with snapshots", args.interval), ("without snapshots", 0)]:
            url = f"sqlite:///{Path(folder) / str(interval)}.db"
            match = play_bot_match(args.game, args.seats, seed)
            writer = Ledger(url, snapshot_interval=interval or None)
            if not interval:
                writer.snapshotting_intervals = {}  # type: ignore[misc]  # this one ledger's
            writer.save(match)
            reader = Ledger(url)
            if not interval:
                reader.repository.snapshot_store = None
            assert reader.match(match.id).state == match.state
            results[name] = best_of(7, functools.partial(reader.match, match.id))
    print(f"{args.game}: one match of {match.version} stored events ({match.decisions} decisions)")
    for name, seconds in results.items():
        print(f"  load {name:<18} {seconds * 1000:8.2f} ms")
    ratio = results["without snapshots"] / results["with snapshots"]
    print(f"  snapshots (every {args.interval} events) make loading x{ratio:.1f} faster")


if __name__ == "__main__":
    main()
