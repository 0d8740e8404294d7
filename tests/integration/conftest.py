"""A private redis-server for the integration tests (never the one on port 6379)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.support.redis_server import RedisServer, redis_server_path


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    with RedisServer.start(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    with redis.Redis.from_url(redis_server.url) as client:
        client.flushdb()
    return redis_server.url


@pytest.fixture
def durable_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A server with AOF and `appendfsync always`, which a test may kill -9 and restart."""
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    with RedisServer.start(tmp_path / "durable", durable=True) as server:
        yield server
