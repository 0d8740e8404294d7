"""`starledger serve`: the command that starts the server (uvicorn itself is stubbed here; the
other tests in this folder start real server processes)."""

from __future__ import annotations

from typing import Any

import pytest

from cli.app import app
from tests.support.cli_runner import CliRunner


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import uvicorn
    import uvicorn.supervisors

    runs: list[dict[str, Any]] = []

    def run(self: Any, *_: Any, **__: Any) -> None:
        runs.append({"workers": self.config.workers, "app": self.config.app})

    class Supervisor:
        def __init__(self, config: Any, sockets: list[Any]) -> None:
            self.config, self.sockets = config, sockets

        def run(self) -> None:
            runs.append({"workers": self.config.workers, "proto": self.sockets[0].proto})
            self.sockets[0].close()

    monkeypatch.setattr(uvicorn.Server, "run", run)
    monkeypatch.setattr(uvicorn.supervisors, "Multiprocess", Supervisor)
    return runs


def test_sqlite_is_served_by_one_worker_and_says_so(
    started: list[dict[str, Any]], tmp_path: Any
) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--store", f"sqlite:///{tmp_path}/x.db", "--workers", "3", "--port", "8765"]
    )
    assert result.exit_code == 0, result.output
    assert "served by one worker process; ignoring --workers 3" in result.output
    assert started == [{"workers": 1, "app": "server.app:create_app"}]


def test_several_workers_share_one_tcp_socket(started: list[dict[str, Any]]) -> None:
    import socket

    from tests.support.redis_server import free_port

    url = "redis://127.0.0.1:1/0"  # not contacted: the workers are stubbed
    result = CliRunner().invoke(
        app, ["serve", "--store", url, "--workers", "2", "--port", str(free_port())]
    )
    assert result.exit_code == 0, result.output
    assert started == [{"workers": 2, "proto": socket.IPPROTO_TCP}]


def test_a_bad_store_url_is_refused_before_anything_starts(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--store", "ftp://nowhere"])
    assert result.exit_code == 1 and not started
    assert "unknown store URL" in result.output
