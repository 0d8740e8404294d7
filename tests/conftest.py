"""Shared fixtures: the toy game is registered beside the real games for platform tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from store.ledger import Ledger
from tests.toy_game import install

install()

# The machine that runs CI is small and may be busy: never fail a property for being slow.
settings.register_profile("starledger", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("starledger")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI keeps its last move listings in a cache folder: a fresh one for every test."""
    monkeypatch.setenv("STARLEDGER_CACHE", str(tmp_path / "cache"))


@pytest.fixture(params=["memory", "sqlite"])
def ledger(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Ledger]:
    """A Ledger on each embedded store."""
    url = "memory://" if request.param == "memory" else f"sqlite:///{tmp_path}/test.db"
    yield Ledger(url, snapshot_interval=4)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A private PostgreSQL cluster (initdb) for the tests of one module; skipped without it."""
    from tests.postgres_server import PostgresServer, postgres_bin

    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL's initdb is not installed")
    server = PostgresServer.start(bin_dir)
    try:
        yield server.url
    finally:
        server.stop()
