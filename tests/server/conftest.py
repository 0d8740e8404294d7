"""Real `starledger serve` processes for the server tests: one on SQLite, one on Redis."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.server.server_process import ServerProcess
from tests.support.redis_server import RedisServer, redis_server_path


@dataclass(frozen=True)
class Served:
    """A running server and the store URL it serves (tests read the store directly to audit)."""

    kind: str
    store: str
    process: ServerProcess

    @property
    def api(self) -> str:
        return self.process.api


@pytest.fixture(scope="session")
def redis_for_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    with RedisServer.start(tmp_path_factory.mktemp("server-redis")) as server:
        yield server


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis of the test module's own, apart from the served stores (a test that writes the
    toy game's matches or raw token records keeps them out of the servers' projections)."""
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    with RedisServer.start(tmp_path_factory.mktemp("module-redis")) as server:
        yield server.url


@pytest.fixture(scope="session")
def sqlite_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("server-sqlite")
    store = f"sqlite:///{folder}/matches.db"
    with ServerProcess.start(store, folder) as process:
        yield Served("sqlite", store, process)


@pytest.fixture(scope="session")
def redis_served(
    tmp_path_factory: pytest.TempPathFactory, redis_for_servers: RedisServer
) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("server-on-redis")
    with ServerProcess.start(redis_for_servers.url, folder) as process:
        yield Served("redis", redis_for_servers.url, process)


@pytest.fixture(params=["sqlite", "redis"])
def served(request: pytest.FixtureRequest) -> Served:
    """The same test on a server over each store."""
    fixture: Served = request.getfixturevalue(f"{request.param}_served")
    return fixture
