"""Waiting on events in tests, never on the clock: a condition is polled until it holds, and the
ceiling is there only to end a test whose code is truly stuck (what it waits for takes
milliseconds; a busy machine may make it seconds, never a minute)."""

from __future__ import annotations

import time
from collections.abc import Callable

import redis

CEILING = 60.0
"""Seconds before a wait gives up: a generous bound that only a stuck process reaches."""


def wait_until(condition: Callable[[], object], what: str, ceiling: float = CEILING) -> None:
    """Return once `condition()` is true; fail naming `what` if it is not after `ceiling` s."""
    deadline = time.monotonic() + ceiling
    while not condition():
        assert time.monotonic() < deadline, f"still waiting after {ceiling:.0f} s: {what}"
        time.sleep(0.02)


def blocked_redis_clients(url: str) -> int:
    """How many clients of the Redis at `url` wait in a blocking read (XREAD BLOCK: a
    subscription that listens)."""
    with redis.Redis.from_url(url) as client:
        return int(client.info("clients")["blocked_clients"])
