"""Benchmark: our Redis module against the library's SQLite and PostgreSQL modules.

    .venv/bin/python bench/bench_stores.py            # full run, under a minute
    .venv/bin/python bench/bench_stores.py --quick    # smoke run, a few seconds

The same workload on each store, through the library's recorders:
- appends/s from 1 client: one event per append, each the next version of one match, the way
  a game records a decision; p50/p99 latency of one append from the same run;
- appends/s from 8 client processes, each appending to its own match;
- reading back a 1,000-event aggregate (ms per read);
- for scale, the same number of plain SETs on the same redis-server, through redis-py and
  through `redis-benchmark -t set` (1 and 8 clients): a round trip with no work in it.

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

from eventsourcing.persistence import AggregateRecorder, InfrastructureFactory, StoredEvent
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


@dataclass
class Result:
    store: str
    appends_per_s_1: float | None = None
    p50_ms: float | None = None
    p99_ms: float | None = None
    appends_per_s_8: float | None = None
    read_1000_ms: float | None = None
    note: str = ""


def new_recorder(
    name: str, env: dict[str, str]
) -> tuple[InfrastructureFactory[Any], AggregateRecorder]:
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


def read_ms(recorder: AggregateRecorder, workload: Workload) -> float:
    originator_id = uuid.uuid4()
    for first in range(1, workload.aggregate_size + 1, 100):
        last = min(first + 100, workload.aggregate_size + 1)
        recorder.insert_events(
            [StoredEvent(originator_id, v, "bench:Decided", STATE) for v in range(first, last)]
        )
    recorder.select_events(originator_id)  # warm up
    started = time.perf_counter()
    for _ in range(workload.reads):
        events = recorder.select_events(originator_id)
    elapsed = time.perf_counter() - started
    assert len(events) == workload.aggregate_size
    return 1000 * elapsed / workload.reads


def measure(store: str, name: str, env: dict[str, str], workload: Workload) -> Result:
    factory, recorder = new_recorder(name, env)
    try:
        append_run(recorder, 10)  # warm up
        latencies = append_run(recorder, workload.appends)
        result = Result(
            store=store,
            appends_per_s_1=len(latencies) / sum(latencies),
            p50_ms=1000 * statistics.median(latencies),
            p99_ms=1000 * statistics.quantiles(latencies, n=100)[98],
            read_1000_ms=read_ms(recorder, workload),
        )
    finally:
        factory.close()
    result.appends_per_s_8 = concurrent_appends_per_s(name, env | {"CREATE_TABLE": "no"}, workload)
    return result


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


def fmt(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def print_table(results: list[Result], workload: Workload) -> None:
    header = (
        f"{'store':<30} {'appends/s 1 client':>18} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'appends/s 8 procs':>18} {'read 1,000 ms':>14}"
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
            f"{fmt(r.p99_ms, 3):>8} {fmt(r.appends_per_s_8):>18} {fmt(r.read_1000_ms, 2):>14}"
            + (f"  {r.note}" if r.note else "")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    workload = QUICK if parser.parse_args().quick else FULL

    sys.path.insert(0, str(ROOT))  # run as a file, this script still reuses the test helper
    from tests.redis_server import RedisServer, redis_server_path

    name = f"bench{uuid.uuid4().hex[:8]}"
    results: list[Result] = []
    with tempfile.TemporaryDirectory() as tmp:
        if redis_server_path() is None:
            results.append(Result("redis (store.redis)", note="skipped: no redis-server on PATH"))
        else:
            with RedisServer.start(Path(tmp) / "redis") as server:
                env = {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": server.url}
                results.append(measure("redis (store.redis)", name, env, workload))
                results.append(redis_py_round_trips(server.url, workload.appends))
                results.append(redis_benchmark(server.port, workload.appends, 1))
                results.append(
                    redis_benchmark(server.port, WRITERS * workload.appends_per_writer, WRITERS)
                )
            with RedisServer.start(Path(tmp) / "redis-aof", durable=True) as server:
                env = {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": server.url}
                results.append(measure("redis, AOF fsync always", name, env, workload))

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


if __name__ == "__main__":
    main()
