"""Importing a table record (`import --table`): lines applied per second through the rules.

A house match of ~200 decisions is written as a table record (every decision and chance outcome,
as a club would type it), then applied again as a new match dealt by the table, in memory and
then saved to a fresh SQLite store, as `starledger import --table` does. The baseline in the same
run is the house match played again decision by decision from its own seed (`rerun` of its replay
file: the same rules work without the table's checks), so the ratio says what the table costs.
Target (issue #24): >= 1,000 lines/s for a 200-decision Race for the Galaxy record.

    .venv/bin/python -m bench.bench_table_import [--game race-for-the-galaxy] [--seats 2]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench.common import best_of, ensure_game
from cli.simulate import play_bot_match
from domain.match import Match
from records.replays import dumps, export_lines, parse, rerun
from records.table_record import dumps_table, import_table, table_lines
from store.ledger import Ledger

TARGET = 1000.0


def record_of(game: str, seats: int, decisions: int) -> tuple[str, str, int]:
    """A table record and a full replay file of a house match with about `decisions` decisions."""
    longest: Match | None = None
    for seed in range(100):
        match = play_bot_match(game, seats, seed, smart=seed % 2 == 0)
        if longest is None or match.decisions > longest.decisions:
            longest = match
        if match.decisions >= decisions:
            break
    assert longest is not None
    match = longest
    ledger = Ledger("memory://")
    ledger.save(match)
    events = ledger.stored_events(match.id)
    return dumps_table(table_lines(events)), dumps(export_lines(events)), match.decisions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="race-for-the-galaxy")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    ensure_game(args.game)
    record, replay, decisions = record_of(args.game, args.seats, args.decisions)
    lines = len(record.splitlines())
    in_memory = best_of(args.repeats, lambda: import_table(record))

    def stored() -> None:
        with tempfile.TemporaryDirectory() as folder:
            Ledger(f"sqlite:///{Path(folder)}/table.db").save(import_table(record))

    saved = best_of(args.repeats, stored)
    baseline = best_of(args.repeats, lambda: rerun(parse(replay)))
    print(f"{args.game}, {args.seats} seats: {decisions} decisions, {lines} record lines")
    print(f"  import --table, in memory:      {lines / in_memory:8.0f} lines/s ({in_memory:.3f} s)")
    print(f"  import --table, saved (SQLite): {lines / saved:8.0f} lines/s ({saved:.3f} s)")
    print(f"  baseline: the replay re-run from its seed: {baseline:.3f} s "
          f"(table import / re-run: {saved / baseline:.2f}x)")  # fmt: skip
    verdict = "meets" if lines / saved >= TARGET else "MISSES"
    print(f"  target >= {TARGET:.0f} lines/s saved: {verdict}")


if __name__ == "__main__":
    main()
