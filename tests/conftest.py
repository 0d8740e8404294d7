"""Shared fixtures: the toy game is registered beside the real games for platform tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from cli.app import app
from store.ledger import Ledger
from tests.support.cli_runner import CliRunner
from tests.support.toy_game import install

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
    from tests.support.postgres_server import PostgresServer, postgres_bin

    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL's initdb is not installed")
    server = PostgresServer.start(bin_dir)
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The command line under typer's test runner, on a SQLite store in a temp folder."""
    monkeypatch.setenv("STARLEDGER_STORE", f"sqlite:///{tmp_path}/cli.db")
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        if code:
            assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
            assert "Traceback" not in result.stdout + result.stderr
            return result.stderr
        return result.stdout

    return run
