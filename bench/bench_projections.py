"""Projections: catching up over many stored events, and the lag from an append to the view.

1. Fills a fresh store with bot matches until it holds `--events` stored events, then times
   catching every projection up from zero (events per second): as `catch_up` does it (a long
   backlog shared out between processes, projections/parallel.py), in one process, and the
   index alone in one process as baseline (also per CPU second of the process, which other
   work on a shared machine disturbs less); then where the time of one process goes, part by
   part and per event kind (projections/costs.py).
   On SQLite it then weighs the projection documents against the events (the tables' pages, as
   SQLite's `dbstat` counts them, and the bytes stored in them).
2. Under load: a writer appends decisions as fast as it can while a follower keeps the
   projections current, woken by the store's live notifications as `projections run` is;
   for every append, the time until its view is updated (p50/p99).

    .venv/bin/python -m bench.bench_projections [--game delta-v] [--events 100000] [--store URL]
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.common import ensure_game, percentile
from cli.simulate import play_bot_match
from projections.costs import Costs
from projections.runner import Projections, live_notifications, next_live
from store.ledger import Ledger

ROUNDS = 3
"""Catch-ups of all projections and of the index alone, in turn (the best of each counts)."""


def fill(ledger: Ledger, game: str, seats: int, events: int) -> int:
    stored, seed = 0, 0
    while stored < events:
        match = play_bot_match(game, seats, seed)
        ledger.save(match)
        stored += match.version
        seed += 1
    return stored


def weights(path: Path) -> dict[str, tuple[int, int]]:
    """Per part of a SQLite store: (bytes of the pages its table and indexes take, bytes of the
    data in it). Parts: events, snapshots, projections."""
    tables = {
        "events": (
            "stored_events",
            "SELECT sum(length(state) + length(topic) + 24) FROM stored_events",
        ),
        "snapshots": (
            "stored_snapshots",
            "SELECT sum(length(state) + length(topic) + 24) FROM stored_snapshots",
        ),
        "projections": (
            "starledger_views",
            "SELECT sum(length(doc) + length(key) + length(projection)) FROM starledger_views",
        ),
    }
    found: dict[str, tuple[int, int]] = {}
    with sqlite3.connect(path) as db:
        for part, (table, data) in tables.items():
            (pages,) = db.execute(
                "SELECT sum(pgsize) FROM dbstat WHERE name = ? OR name IN "
                "(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?)",
                (table, table),
            ).fetchone()
            (stored,) = db.execute(data).fetchone()
            found[part] = (int(pages or 0), int(stored or 0))
    return found


def catch_up(
    ledger: Ledger, names: list[str] | None, *, parallel: bool = True, costs: Costs | None = None
) -> tuple[int, float, float]:
    """Every projection in `names` (all: None) rebuilt from zero: (events, wall-clock seconds,
    CPU seconds of this process)."""
    projections = Projections(ledger, names)
    for projector in projections.projectors:
        projector.recorder.reset()
    projections = Projections(ledger, names)
    projections.parallel = parallel
    projections.costs = costs
    started, cpu = time.perf_counter(), time.process_time()
    done = projections.catch_up()
    return done, time.perf_counter() - started, time.process_time() - cpu


def rate(label: str, done: int, seconds: float, cpu: float | None = None, note: str = "") -> str:
    line = f"{label:<28} {done} events in {seconds:6.2f} s = {done / seconds:10,.0f} events/s"
    if cpu is not None:
        line += f" ({done / cpu:8,.0f} per CPU second)"
    return line + note


def _writer(url: str, game: str, seats: int, stop: Any, out: Any, seconds: float) -> None:
    """Another process: plays bot matches and appends their events one decision at a time,
    until told to stop or its time is up (so it never outlives a benchmark that was killed)."""
    ensure_game(game)
    ledger = Ledger(url)
    seed = 10_000
    ends = time.monotonic() + seconds + 10
    while not stop.is_set() and time.monotonic() < ends:
        match = play_bot_match(game, seats, seed)
        seed += 1
        for event in match.collect_events():
            if stop.is_set() or time.monotonic() > ends:
                return
            recordings = ledger.save(event)  # one decision at a time, as players make them
            out.put((recordings[-1].notification.id, time.monotonic()))


def lag_under_load(ledger: Ledger, game: str, seats: int, seconds: float) -> list[float]:
    """A follower as `projections run` keeps the projections current (woken by the store's
    live notifications), while another process appends; each append's lag until the views
    reflect it."""
    Projections(ledger).catch_up()
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    writer = context.Process(
        target=_writer, args=(ledger.url, game, seats, stop, out, seconds), daemon=True
    )
    projections = Projections(ledger)
    projections.parallel = False
    listening = threading.Event()
    wake = live_notifications(ledger, projections.head(), listening)
    writer.start()
    appended: dict[int, float] = {}
    lags: list[float] = []
    ident, at = out.get(timeout=120)  # the window opens with the writer's first append
    appended[ident] = at
    ends = time.monotonic() + seconds
    try:
        while time.monotonic() < ends:
            try:
                next_live(wake, timeout=0.1)
            except queue.Empty:
                continue
            while not wake.empty():
                next_live(wake, timeout=0)
            if not projections.catch_up():
                continue
            now = time.monotonic()
            while not out.empty():
                ident, at = out.get()
                appended[ident] = at
            position = min(projections.positions().values())
            for ident in [i for i in appended if i <= position]:
                lags.append(now - appended.pop(ident))
    finally:
        listening.set()
        stop.set()
        writer.join(timeout=30)
    return lags


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="delta-v")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--store", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--load-seconds", type=float, default=10.0)
    args = parser.parse_args()
    ensure_game(args.game)
    with tempfile.TemporaryDirectory() as folder:
        url = args.store or f"sqlite:///{Path(folder) / 'bench.db'}"
        ledger = Ledger(url)
        started = time.perf_counter()
        stored = fill(ledger, args.game, args.seats, args.events)
        print(
            f"{url}: {stored} stored events of {args.game} bot matches "
            f"(written in {time.perf_counter() - started:.1f} s)"
        )
        done, seconds, _cpu = catch_up(ledger, None)
        print(rate("catch up, all projections:", done, seconds))
        if url.startswith("sqlite:///") and args.store is None:
            found = weights(Path(folder) / "bench.db")
            events_pages, events_data = found["events"]
            for part, (pages, stored) in found.items():
                print(
                    f"{part:<12} {pages / 1e6:8.2f} MB of pages ({pages / events_pages:5.2f}x the "
                    f"events'), {stored / 1e6:8.2f} MB of data ({stored / events_data:5.2f}x)"
                )
        # One process, all projections and the index alone in turn, three times each: the
        # better of each, so a burst of other work on the machine weighs on both alike.
        alone, base = [], []
        for _ in range(ROUNDS):
            alone.append(catch_up(ledger, None, parallel=False))
            base.append(catch_up(ledger, ["index"], parallel=False))
        alone_done, alone_seconds, alone_cpu = min(alone, key=lambda r: r[1])
        base_done, base_seconds, base_cpu = min(base, key=lambda r: r[1])
        print(rate("catch up, all, one process:", alone_done, alone_seconds, alone_cpu))
        print(
            rate("catch up, index, one process:", base_done, base_seconds, base_cpu, " (baseline)")
        )
        print(
            f"all projections vs the index alone: {base_seconds / alone_seconds:.2f}x by the "
            f"clock, {base_cpu / alone_cpu:.2f}x by CPU time (target >= 0.5x)"
        )
        costs = Costs()
        costs_done, costs_seconds, _cpu = catch_up(ledger, None, parallel=False, costs=costs)
        print(
            f"where one process's catch-up goes ({costs_done} events in {costs_seconds:.2f} s, "
            "timed part by part):"
        )
        print("\n".join(costs.report(costs_done)))
        lags = lag_under_load(ledger, args.game, args.seats, args.load_seconds)
        if lags:
            print(
                f"append -> view under load: {len(lags)} appends, "
                f"p50 {percentile(lags, 50) * 1000:.1f} ms, p99 {percentile(lags, 99) * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
