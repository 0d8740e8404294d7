"""Concurrent readers, writers and `projections run` processes (issue #12): none fails because
another advanced a projection first; each store ends with every projection current and equal to
a rebuild. Eight processes at once, on SQLite, Redis and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.app import app
from projections.runner import Projections
from store.ledger import Ledger
from tests.support.cli_runner import CliRunner
from tests.support.waiting import CEILING

CLI = [sys.executable, "-c", "from tests.support.toy_game import install; install(); "
       "from cli.app import main; main()"]  # fmt: skip
ROOT = Path(__file__).resolve().parents[2]


def _simulate(url: str, matches: int, *extra: str) -> None:
    """The matches the crowd reads, stored by the same command in this process (the crowd
    itself is processes: it is their racing that is tested)."""
    seeded = CliRunner().invoke(
        app, ["simulate", "toy", "--matches", str(matches), *extra, "--store", url]
    )
    assert seeded.exit_code == 0, seeded.stderr


def _crowd(url: str) -> None:
    _simulate(url, 30, "--seats", "3")
    jobs = [
        *([*CLI, "matches", "--json", "--store", url] for _ in range(3)),
        *([*CLI, "leaderboard", "toy", "--json", "--store", url] for _ in range(1)),
        *([*CLI, "simulate", "toy", "--matches", "10", "--seed", str(100 + k), "--store", url]
          for k in range(2)),
        *([*CLI, "projections", "run", "--timeout", "4", "--store", url] for _ in range(2)),
    ]  # fmt: skip
    running = [
        subprocess.Popen(job, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for job in jobs
    ]
    failures = []
    for job, process in zip(jobs, running, strict=True):
        _, err = process.communicate(timeout=CEILING * 5)
        if process.returncode != 0:
            failures.append((job[3:5], err.decode()[-300:]))
    assert not failures, failures
    ledger = Ledger(url)
    projections = Projections(ledger)
    projections.catch_up()
    assert all(status.lag == 0 for status in projections.status())
    before = {p.name: p.recorder.scan() for p in projections.projectors}
    projections.rebuild()
    assert {p.name: p.recorder.scan() for p in projections.projectors} == before


def test_eight_processes_at_once_on_sqlite(tmp_path: Path) -> None:
    _crowd(f"sqlite:///{tmp_path}/crowd.db")


def test_eight_processes_at_once_on_redis(redis_url: str) -> None:
    _crowd(redis_url)


def test_eight_processes_at_once_on_postgres(postgres_url: str) -> None:
    _crowd(postgres_url)


@pytest.mark.parametrize("readers", [8])
def test_readers_racing_from_zero_on_sqlite(tmp_path: Path, readers: int) -> None:
    """The reported repro: a fresh store, then several readers catching up at once."""
    url = f"sqlite:///{tmp_path}/race.db"
    _simulate(url, 40)
    running = [
        subprocess.Popen([*CLI, "matches", "--json", "--store", url], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(readers)
    ]  # fmt: skip
    codes = [
        (p.wait(timeout=CEILING * 5), p.stderr.read().decode() if p.stderr else "") for p in running
    ]
    assert all(code == 0 for code, _ in codes), codes
