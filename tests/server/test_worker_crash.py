"""kill -9 of a server worker under load, on Redis: no acknowledged decision is lost, none is
stored twice, and every match verifies.

Given `starledger serve --workers 2` on Redis and bot clients playing several matches at once,
each decision sent with If-Match (a lost answer is retried only after reading the match again),
when a worker process is killed with SIGKILL mid-play, three times (uvicorn starts another),
then every decision a client got a 2xx for is in the store at the version it was answered with,
every stored decision was sent with If-Match naming the version before it (so nothing was stored
twice or at a version its client did not see), and each match's full export verifies.
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from records.replays import canonical, parse, verify_lines
from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess
from tests.support.redis_server import RedisServer
from tests.support.waiting import CEILING, wait_until

CLIENTS = 6
KILLS = 3
PLAYED_BETWEEN_KILLS = 5
"""Decisions the clients get acknowledged before the first kill and after each (waited for,
however long a busy machine takes; never a fixed time)."""


@dataclass
class Ledgerbook:
    """What one client sent and what it was told."""

    sent: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)  # If-Match version
    acknowledged: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    lost_answers: int = 0
    conflicts: int = 0
    failure: BaseException | None = None


def bot(match: HttpMatch, book: Ledgerbook, seed: int, stop: threading.Event) -> None:
    rng = random.Random(seed)
    clients = {
        name: httpx.Client(base_url=match.api, headers={"Authorization": f"Bearer {match.token(name)}"}, timeout=10)
        for name in match.seats
    }  # fmt: skip
    try:
        while not stop.is_set():
            try:
                looked = clients[match.seats[0]].get(f"/matches/{match.id}")
                assert looked.status_code == 200, looked.text
                summary = looked.json()
                if not summary["to_move"]:
                    return
                seat = rng.choice(summary["to_move"])
                offered = clients[seat].get(f"/matches/{match.id}/moves").json()
                if not offered["commands"]:
                    continue
                command = rng.choice(offered["commands"])
                book.sent.append((offered["version"], seat, command))
                answer = clients[seat].post(
                    f"/matches/{match.id}/decisions",
                    json={"command": command},
                    headers={"If-Match": f'"{offered["version"]}"'},
                )
            except httpx.HTTPError:
                book.lost_answers += 1  # the worker died under us: read the match again
                time.sleep(0.05)
                continue
            if answer.status_code == 200:
                book.acknowledged.append((answer.json()["version"], seat, command))
            elif answer.status_code == 409:
                book.conflicts += 1
            else:
                assert answer.status_code in (409, 422, 503), answer.text
    except BaseException as exc:
        book.failure = exc
        raise
    finally:
        for client in clients.values():
            client.close()


@pytest.mark.slow
def test_killing_a_worker_under_load_loses_no_acknowledged_decision(
    redis_for_servers: RedisServer, tmp_path: Path
) -> None:
    with ServerProcess.start(redis_for_servers.url, tmp_path, workers=2) as server:
        games = ["kosmonauts", "onward-to-venus", "delta-v", "race-for-the-galaxy"]
        matches = [create(server.api, games[i % len(games)], 2) for i in range(CLIENTS)]
        books = [Ledgerbook() for _ in matches]
        stop = threading.Event()
        threads = [
            threading.Thread(target=bot, args=(m, b, i, stop), daemon=True)
            for i, (m, b) in enumerate(zip(matches, books, strict=True))
        ]
        for thread in threads:
            thread.start()

        def acknowledged() -> int:
            return sum(len(b.acknowledged) for b in books)

        wait_until(lambda: acknowledged() >= PLAYED_BETWEEN_KILLS, "play before the first kill")
        before = acknowledged()
        for _ in range(KILLS):
            workers = server.worker_pids()
            assert len(workers) == 2
            os.kill(workers[0], signal.SIGKILL)
            at_kill = acknowledged()
            wait_until(  # uvicorn starts another worker
                lambda gone=workers[0]: (
                    gone not in server.worker_pids() and len(server.worker_pids()) == 2
                ),
                "a worker in place of the killed one",
            )
            wait_until(
                lambda since=at_kill: acknowledged() >= since + PLAYED_BETWEEN_KILLS,
                "play after the kill",
            )
        stop.set()
        for thread in threads:
            thread.join(timeout=CEILING)
        assert not [b.failure for b in books if b.failure is not None]
        after = sum(len(b.acknowledged) for b in books)
        assert after > before > 0, "the clients did not play through the crash"
        print(
            f"\n{after} decisions acknowledged, {sum(b.lost_answers for b in books)} answers lost"
        )
        assert httpx.get(server.url + "/readyz").status_code == 200

        for match, book in zip(matches, books, strict=True):
            export = match.client("referee").get(f"/matches/{match.id}/export")
            lines = parse(export.text)
            verdict = verify_lines(lines)
            assert verdict.ok and not verdict.partial, verdict.describe()
            stored = {line["version"]: line for line in lines[1:-1]}
            for version, seat, command in book.acknowledged:
                line = stored[version]
                assert (line["kind"], line["seat"], line["command"]) == ("Decided", seat, command)
            sent = {(v, s, canonical(c)) for v, s, c in book.sent}
            for version, line in stored.items():
                if line["kind"] == "Decided":
                    assert (version - 1, line["seat"], canonical(line["command"])) in sent
            match.close()


@pytest.mark.slow
def test_two_server_processes_racing_on_the_same_matches_store_each_decision_once(
    redis_for_servers: RedisServer, tmp_path: Path
) -> None:
    """Clients of two server processes (two workers each) on one Redis race to play the same
    matches: losers get 409 and read again; nothing is stored twice or lost."""
    with (
        ServerProcess.start(redis_for_servers.url, tmp_path / "a", workers=2) as first,
        ServerProcess.start(redis_for_servers.url, tmp_path / "b", workers=2) as second,
    ):
        matches = [create(first.api, game, 2) for game in ("race-for-the-galaxy", "kosmonauts")]
        stop = threading.Event()
        runs: list[tuple[HttpMatch, Ledgerbook]] = []
        threads = []
        for match in matches:
            for server in (first, second, first, second):
                racer = HttpMatch(server.api, match.created)
                book = Ledgerbook()
                runs.append((racer, book))
                threads.append(
                    threading.Thread(
                        target=bot, args=(racer, book, len(threads), stop), daemon=True
                    )
                )
        for thread in threads:
            thread.start()
        wait_until(
            lambda: (
                sum(book.conflicts for _, book in runs) >= 3
                and sum(len(book.acknowledged) for _, book in runs) >= 2 * PLAYED_BETWEEN_KILLS
            ),
            "the clients raced (409s) and played",
        )
        stop.set()
        for thread in threads:
            thread.join(timeout=CEILING)
        assert not [book.failure for _, book in runs if book.failure is not None]
        assert sum(book.conflicts for _, book in runs) > 0, "the clients never raced"
        for match in matches:
            mine = [book for racer, book in runs if racer.id == match.id]
            export = match.client("referee").get(f"/matches/{match.id}/export")
            lines = parse(export.text)
            assert verify_lines(lines).ok
            stored = {line["version"]: line for line in lines[1:-1]}
            acknowledged = [a for book in mine for a in book.acknowledged]
            assert len({version for version, _, _ in acknowledged}) == len(acknowledged)
            for version, seat, command in acknowledged:
                line = stored[version]
                assert (line["seat"], canonical(line["command"])) == (seat, canonical(command))
            decided = [v for v, line in stored.items() if line["kind"] == "Decided"]
            assert len(decided) == len(acknowledged)  # every stored decision was acknowledged
            match.close()
