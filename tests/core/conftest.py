"""The command line under typer's test runner, on a SQLite store in a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.app import app
from tests.cli_runner import CliRunner


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
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
