"""Benchmark: our Redis module against the library's SQLite and PostgreSQL modules.

    .venv/bin/python bench/bench_stores.py            # full run, under a minute
    .venv/bin/python bench/bench_stores.py --quick    # smoke run, a few seconds

The same workload on each store, through the library's recorders:
- appends/s from 1 client: one event per append, each the next version of one match, the way
  a game records a decision; p50/p99 latency of one append from the same run;
- appends/s from 8 client processes, each appending to its own match;
- reading back a 1,000-event aggregate (ms per read);
- reading the whole notification log back, in pages of 500 (events/s), after all of the above;
- for Redis, the server's own time per append, per 1,000-event read and per log event read
  (`INFO commandstats`), which other work on a shared machine disturbs less than the clock;
- for scale, the same number of plain SETs on the same redis-server, through redis-py and
  through `redis-benchmark -t set` (1 and 8 clients): a round trip with no work in it.

Then Redis memory: random-bot Delta V matches (40; 5 with --quick) saved by a Ledger, as
`simulate` saves them (snapshots every 50 events included), on a fresh in-memory redis-server.
It prints `INFO memory` used_memory grown per stored event and `MEMORY USAGE` summed over the
application's keys by kind (aggregates, log, snapshots), each per stored event and as a multiple
of the average encoded event (its stored state bytes).

Redis runs as a private redis-server on a free port, once in memory only and once with
`appendonly yes, appendfsync always` (see store/REDIS.md for what each guarantees). SQLite is file-backed in a temporary directory. PostgreSQL is
used when it answers on 127.0.0.1:5432 (database `test`, user `postgres`, trust auth), in
tables with a unique prefix that are dropped afterwards; otherwise its rows say why not.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    StoredEvent,
)
from eventsourcing.utils import Environment

if TYPE_CHECKING:
    from multiprocessing.queues import Queue
    from multiprocessing.synchronize import Barrier

ROOT = Path(__file__).resolve().parents[1]
STATE = b"x" * 120  # about the size of one msgspec-encoded game decision
WRITERS = 8


@dataclass(frozen=True)
class Workload:
    appends: int  # by the single client
    appends_per_writer: int  # by each of the 8 processes
    reads: int  # of the 1,000-event aggregate
    aggregate_size: int = 1000


FULL = Workload(appends=5000, appends_per_writer=1000, reads=50)
QUICK = Workload(appends=200, appends_per_writer=40, reads=3)
MEMORY_MATCHES = {FULL: 40, QUICK: 5}
LOG_PAGE = 500


@dataclass
class Result:
    store: str
    appends_per_s_1: float | None = None
    p50_ms: float | None = None
    p99_ms: float | None = None
    appends_per_s_8: float | None = None
    read_1000_ms: float | None = None
    log_per_s: float | None = None
    server_us: dict[str, float] | None = None  # Redis only: server time per operation
    note: str = ""


def new_recorder(
    name: str, env: dict[str, str]
) -> tuple[InfrastructureFactory[Any], ApplicationRecorder]:
    # The name keeps this run's tables (PostgreSQL) and keys (Redis) apart from anyone else's.
    factory = InfrastructureFactory.construct(Environment(name, env))
    return factory, factory.application_recorder()


def append_run(recorder: AggregateRecorder, count: int) -> list[float]:
    """Appends `count` events to one new aggregate, one per call; returns each call's seconds."""
    originator_id = uuid.uuid4()
    latencies = []
    for version in range(1, count + 1):
        event = StoredEvent(originator_id, version, "bench:Decided", STATE)
        started = time.perf_counter()
        recorder.insert_events([event])
        latencies.append(time.perf_counter() - started)
    return latencies


def writer_process(
    name: str, env: dict[str, str], count: int, barrier: Barrier, spans: Queue[tuple[float, float]]
) -> None:
    factory, recorder = new_recorder(name, env)
    append_run(recorder, 5)  # connect and warm up outside the timed window
    barrier.wait()
    started = time.monotonic()
    append_run(recorder, count)
    spans.put((started, time.monotonic()))
    factory.close()


def concurrent_appends_per_s(name: str, env: dict[str, str], workload: Workload) -> float:
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(WRITERS)
    spans: Queue[tuple[float, float]] = context.Queue()
    writers = [
        context.Process(
            target=writer_process,
            args=(name, env, workload.appends_per_writer, barrier, spans),
        )
        for _ in range(WRITERS)
    ]
    for writer in writers:
        writer.start()
    finished_spans = [spans.get(timeout=120) for _ in writers]
    for writer in writers:
        writer.join()
    started = min(span[0] for span in finished_spans)
    finished = max(span[1] for span in finished_spans)
    return WRITERS * workload.appends_per_writer / (finished - started)


def read_ms(
    recorder: AggregateRecorder, workload: Workload, env: dict[str, str]
) -> tuple[float, float]:
    """Milliseconds per read of a 1,000-event aggregate, and the server's µs per read."""
    originator_id = uuid.uuid4()
    for first in range(1, workload.aggregate_size + 1, 100):
        last = min(first + 100, workload.aggregate_size + 1)
        recorder.insert_events(
            [StoredEvent(originator_id, v, "bench:Decided", STATE) for v in range(first, last)]
        )
    recorder.select_events(originator_id)  # warm up
    server = server_usec(env)
    started = time.perf_counter()
    for _ in range(workload.reads):
        events = recorder.select_events(originator_id)
    elapsed = time.perf_counter() - started
    server = server_usec(env) - server
    assert len(events) == workload.aggregate_size
    return 1000 * elapsed / workload.reads, server / workload.reads


def log_read_per_s(recorder: ApplicationRecorder) -> float:
    """Reads the whole notification log in pages of 500; returns notifications per second."""
    started = time.perf_counter()
    read, start = 0, 1
    while True:
        page = recorder.select_notifications(start, LOG_PAGE)
        read += len(page)
        if len(page) < LOG_PAGE:
            break
        start = page[-1].id + 1
    return read / (time.perf_counter() - started)


def server_usec(env: dict[str, str]) -> float:
    """Microseconds a Redis server has spent in commands so far (INFO commandstats): a cost
    that other work on a busy machine does not inflate as much as the clock."""
    if "REDIS_URL" not in env:
        return 0.0
    import redis

    with redis.Redis.from_url(env["REDIS_URL"]) as client:
        stats = client.info("commandstats")
    return float(sum(v["usec"] for k, v in stats.items() if k != "cmdstat_info"))


def measure(store: str, name: str, env: dict[str, str], workload: Workload) -> Result:
    factory, recorder = new_recorder(name, env)
    server: dict[str, float] = {}
    try:
        append_run(recorder, 10)  # warm up
        before = server_usec(env)
        latencies = append_run(recorder, workload.appends)
        server["append"] = (server_usec(env) - before) / workload.appends
        result = Result(
            store=store,
            appends_per_s_1=len(latencies) / sum(latencies),
            p50_ms=1000 * statistics.median(latencies),
            p99_ms=1000 * statistics.quantiles(latencies, n=100)[98],
        )
        result.read_1000_ms, server["read 1,000"] = read_ms(recorder, workload, env)
    finally:
        factory.close()
    result.appends_per_s_8 = concurrent_appends_per_s(name, env | {"CREATE_TABLE": "no"}, workload)
    factory, recorder = new_recorder(name, env | {"CREATE_TABLE": "no"})
    try:
        before = server_usec(env)
        result.log_per_s = log_read_per_s(recorder)
        events = recorder.max_notification_id() or 1
        server["log event"] = (server_usec(env) - before) / events
    finally:
        factory.close()
    result.server_us = server if "REDIS_URL" in env else None
    return result


@dataclass
class Memory:
    events: int
    payload: int  # bytes of stored event state, summed
    used: int  # INFO memory used_memory grown
    by_kind: dict[str, int]  # MEMORY USAGE summed per kind of key


def redis_memory(url: str, matches: int) -> Memory:
    """Saves `matches` random-bot Delta V matches as `simulate` does; measures what Redis holds."""
    import redis

    from bench.bench_transcoding import bot_match
    from domain.registry import rules_for
    from store.ledger import Ledger

    client = redis.Redis.from_url(url)
    client.flushall()
    before = int(client.info("memory")["used_memory"])
    ledger = Ledger(url)
    rules = rules_for("delta-v")
    events = 0
    for seed in range(matches):
        match = bot_match(rules, 3, seed)
        events += len(match.pending_events)
        ledger.save(match)  # as `simulate` saves a match: its events in one batch
    used = int(client.info("memory")["used_memory"]) - before
    payload = sum(len(n.state) for n in ledger.recorder.select_notifications(1, events + 1))
    by_kind: dict[str, int] = {}
    for key in client.scan_iter(count=1000):
        parts = key.decode().split(":")
        kind = ":".join(parts[1:3]) if parts[2:3] == ["aggregate"] else ":".join(parts[1:])
        by_kind[kind] = by_kind.get(kind, 0) + int(client.memory_usage(key, samples=0) or 0)
    ledger.close()
    client.close()
    return Memory(events, payload, used, by_kind)


def print_memory(memory: Memory, matches: int) -> None:
    average = memory.payload / memory.events
    print(
        f"\nRedis memory: {matches} random-bot Delta V matches saved by a Ledger (snapshots every "
        f"50 events), {memory.events:,} stored events, {average:.0f} B average encoded event\n"
    )
    header = f"{'what':<42} {'bytes':>12} {'B/event':>9} {'x payload':>10}"
    print(header)
    print("-" * len(header))
    rows = [("encoded events (stored state)", memory.payload)]
    events_only = sum(v for k, v in memory.by_kind.items() if not k.startswith("snapshots"))
    rows += [(f"MEMORY USAGE {kind}", size) for kind, size in sorted(memory.by_kind.items())]
    rows += [
        ("MEMORY USAGE, events (all but snapshots)", events_only),
        ("INFO used_memory grown, all", memory.used),
    ]
    for what, size in rows:
        per_event = size / memory.events
        print(f"{what:<42} {size:>12,} {per_event:>9,.0f} {per_event / average:>10.2f}")


def redis_benchmark(port: int, requests: int, clients: int) -> Result:
    output = subprocess.run(
        [
            *("redis-benchmark", "-q", "-t", "set"),
            *("-p", str(port), "-n", str(requests), "-c", str(clients)),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = re.search(r"SET: ([\d.]+) requests per second", output)
    p50 = re.search(r"p50=([\d.]+) msec", output)
    result = Result(store=f"redis-benchmark SET, {clients} client{'s' * (clients > 1)}")
    if rate:
        setattr(result, "appends_per_s_1" if clients == 1 else "appends_per_s_8", float(rate[1]))
    if p50 and clients == 1:
        result.p50_ms = float(p50[1])
    return result


def redis_py_round_trips(url: str, requests: int) -> Result:
    """The same number of SETs through redis-py: the Python client's own floor."""
    import redis

    client = redis.Redis.from_url(url)
    latencies = []
    for i in range(requests):
        started = time.perf_counter()
        client.set(f"bench:{i}", STATE)
        latencies.append(time.perf_counter() - started)
    client.close()
    return Result(
        store="redis-py SET, 1 client",
        appends_per_s_1=len(latencies) / sum(latencies),
        p50_ms=1000 * statistics.median(latencies),
        p99_ms=1000 * statistics.quantiles(latencies, n=100)[98],
    )


BARE_APPEND = """
-- The same layout as store.redis, with none of its checks: the event as the next element of
-- its aggregate's list, and a reference to it as the log stream's next entry.
local newest = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
local id = newest and tonumber(string.match(newest[1], '^(%d+)')) + 1 or 1
redis.call('XADD', KEYS[1], string.format('%d-0', id), 'i', ARGV[1], 'v', ARGV[2])
redis.call('RPUSH', KEYS[2], ARGV[2] .. '\\n' .. ARGV[3] .. '\\n' .. ARGV[4])
return id
"""


def bare_lua_appends(url: str, requests: int) -> Result:
    """Appends through redis-py and a bare Lua script writing the same layout (list per
    aggregate, stream log), without the recorder's checks or translation: what an append can
    cost from Python at best, the baseline the recorder's appends are held against."""
    import redis

    client = redis.Redis.from_url(url)
    script = client.register_script(BARE_APPEND)
    originator_id = uuid.uuid4().hex
    keys = ["{bare}:events:log", "{bare}:events:aggregate:" + originator_id]
    latencies = []
    for version in range(1, requests + 11):
        started = time.perf_counter()
        script(keys=keys, args=[originator_id, version, "bench:Decided", STATE])
        if version > 10:  # the first ten warm up, as the recorder's do
            latencies.append(time.perf_counter() - started)
    client.close()
    return Result(
        store="redis-py + bare Lua append",
        appends_per_s_1=len(latencies) / sum(latencies),
        p50_ms=1000 * statistics.median(latencies),
        p99_ms=1000 * statistics.quantiles(latencies, n=100)[98],
    )


def append_ratio(url: str, name: str, env: dict[str, str], appends: int, blocks: int = 10) -> str:
    """The recorder's appends against the bare script's on the same redis-server, in
    alternating blocks (so a burst of other work on the machine weighs on both alike): each
    one's appends/s and median latency, and the ratios."""
    import redis

    factory, recorder = new_recorder(name, env)
    client = redis.Redis.from_url(url)
    script = client.register_script(BARE_APPEND)
    ours_id, bare_id = uuid.uuid4(), uuid.uuid4().hex
    keys = ["{bare}:events:log", "{bare}:events:aggregate:" + bare_id]
    ours: list[float] = []
    bare: list[float] = []
    size = max(1, appends // blocks)
    try:
        for block in range(blocks + 1):  # the first block of each warms up
            for version in range(block * size + 1, (block + 1) * size + 1):
                event = StoredEvent(ours_id, version, "bench:Decided", STATE)
                started = time.perf_counter()
                recorder.insert_events([event])
                if block:
                    ours.append(time.perf_counter() - started)
            for version in range(block * size + 1, (block + 1) * size + 1):
                started = time.perf_counter()
                script(keys=keys, args=[bare_id, version, "bench:Decided", STATE])
                if block:
                    bare.append(time.perf_counter() - started)
    finally:
        client.close()
        factory.close()
    rate_ours, rate_bare = len(ours) / sum(ours), len(bare) / sum(bare)
    p50_ours, p50_bare = statistics.median(ours), statistics.median(bare)
    return (
        f"\nRedis recorder append vs redis-py + bare Lua append (same layout: list per aggregate, "
        f"stream log), 1 client, {blocks} alternating blocks of {size}:\n"
        f"  appends/s {rate_ours:,.0f} vs {rate_bare:,.0f} = {rate_ours / rate_bare:.2f}x; "
        f"p50 {p50_ours * 1000:.3f} vs {p50_bare * 1000:.3f} ms = {p50_bare / p50_ours:.2f}x "
        "(target >= 0.85)"
    )


def postgres_env() -> dict[str, str] | str:
    """The library's PostgreSQL settings, or why PostgreSQL cannot be benchmarked here."""
    import psycopg

    try:
        with psycopg.connect(
            "host=127.0.0.1 port=5432 dbname=test user=postgres", connect_timeout=2
        ):
            pass
    except psycopg.Error as error:
        return f"skipped: PostgreSQL not reachable on 127.0.0.1:5432 ({error})".splitlines()[0]
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": "test",
        "POSTGRES_HOST": "127.0.0.1",
        "POSTGRES_PORT": "5432",
        "POSTGRES_USER": "postgres",
        "POSTGRES_PASSWORD": "",
        "POSTGRES_POOL_SIZE": "2",
    }


def drop_postgres_tables(prefix: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=postgres") as conn:
        tables = conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE %s",
            (prefix + "%",),
        ).fetchall()
        for (table,) in tables:
            conn.execute(sql.SQL("DROP TABLE {}").format(sql.Identifier(table)))


def print_server_times(results: list[Result]) -> None:
    rows = [r for r in results if r.server_us]
    if not rows:
        return
    print("\nRedis server time per operation, µs (INFO commandstats; less disturbed by other work)")
    keys = list(rows[0].server_us or {})
    print(f"{'store':<30} " + " ".join(f"{k:>12}" for k in keys))
    for r in rows:
        assert r.server_us is not None
        print(f"{r.store:<30} " + " ".join(f"{r.server_us[k]:>12.1f}" for k in keys))


def fmt(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def print_table(results: list[Result], workload: Workload) -> None:
    header = (
        f"{'store':<30} {'appends/s 1 client':>18} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'appends/s 8 procs':>18} {'read 1,000 ms':>14} {'log read/s':>11}"
    )
    print(
        f"\n{workload.appends} appends from 1 client, {WRITERS} x "
        f"{workload.appends_per_writer} from {WRITERS} processes, "
        f"{workload.reads} reads of a {workload.aggregate_size:,}-event aggregate\n"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r.store:<30} {fmt(r.appends_per_s_1):>18} {fmt(r.p50_ms, 3):>8} "
            f"{fmt(r.p99_ms, 3):>8} {fmt(r.appends_per_s_8):>18} {fmt(r.read_1000_ms, 2):>14} "
            f"{fmt(r.log_per_s):>11}" + (f"  {r.note}" if r.note else "")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument(
        "--redis-only", action="store_true", help="only the Redis rows (no SQLite, PostgreSQL)"
    )
    args = parser.parse_args()
    workload = QUICK if args.quick else FULL

    sys.path.insert(0, str(ROOT))  # run as a file, this script still reuses the test helper
    from tests.support.redis_server import RedisServer, redis_server_path

    name = f"bench{uuid.uuid4().hex[:8]}"
    results: list[Result] = []
    memory: Memory | None = None
    ratio = ""
    with tempfile.TemporaryDirectory() as tmp:
        if redis_server_path() is None:
            results.append(Result("redis (store.redis)", note="skipped: no redis-server on PATH"))
        else:
            with RedisServer.start(Path(tmp) / "redis") as server:
                env = {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": server.url}
                results.append(measure("redis (store.redis)", name, env, workload))
                results.append(bare_lua_appends(server.url, workload.appends))
                ratio = append_ratio(server.url, name, env, workload.appends)
                results.append(redis_py_round_trips(server.url, workload.appends))
                results.append(redis_benchmark(server.port, workload.appends, 1))
                results.append(
                    redis_benchmark(server.port, WRITERS * workload.appends_per_writer, WRITERS)
                )
            with RedisServer.start(Path(tmp) / "redis-aof", durable=True) as server:
                env = {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": server.url}
                results.append(measure("redis, AOF fsync always", name, env, workload))
            if not args.redis_only:
                with RedisServer.start(Path(tmp) / "redis-memory") as server:
                    memory = redis_memory(server.url, MEMORY_MATCHES[workload])

        if args.redis_only:
            print_table(results, workload)
            print(ratio)
            print_server_times(results)
            return
        sqlite_env = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(Path(tmp) / "bench.db"),
            "SQLITE_LOCK_TIMEOUT": "30",
        }
        results.append(measure("sqlite (file)", name, sqlite_env, workload))

        pg_env = postgres_env()
        if isinstance(pg_env, str):
            results.append(Result("postgresql", note=pg_env))
        else:
            try:
                results.append(measure("postgresql", name, pg_env, workload))
            finally:
                drop_postgres_tables(name)

    print_table(results, workload)
    if ratio:
        print(ratio)
    print_server_times(results)
    if memory is not None:
        print_memory(memory, MEMORY_MATCHES[workload])


if __name__ == "__main__":
    main()
