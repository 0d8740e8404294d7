"""A private redis-server for the store tests, emptied before each test that uses it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
import redis

from tests.support.redis_server import RedisServer, redis_server_path

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    with RedisServer.start(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The shared server's URL, its database flushed so each test starts empty."""
    with redis.Redis.from_url(redis_server.url) as client:
        client.flushdb()
    return redis_server.url


@pytest.fixture
def redis_url_on_test_case(request: pytest.FixtureRequest, redis_url: str) -> None:
    """unittest-style test cases cannot take fixtures as arguments, so hand them the URL."""
    request.instance.redis_url = redis_url
