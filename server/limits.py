"""Requests per token per second: a token bucket per credential, 429 past it.

The key is the token's id (the public part of `sl1.<id>.<secret>`) or, without a token, the
client's address. Buckets live in each server process: with N workers a token may make up to N
times the rate in all (put a shared limiter in front for a hard global cap).
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import OrderedDict

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from domain.errors import TooManyRequests

MAX_BUCKETS = 100_000


class TooFast(TooManyRequests):
    def __init__(self, wait: float) -> None:
        super().__init__(f"too many requests; retry in {wait:.2f} s")
        self.headers = {"Retry-After": str(max(1, math.ceil(wait)))}


class Buckets:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(max(1, burst))
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> None:
        """Spend one request of `key`'s bucket, or raise TooFast."""
        now = time.monotonic() if now is None else now
        with self._lock:
            level, then = self._buckets.pop(key, (self.burst, now))
            level = min(self.burst, level + (now - then) * self.rate)
            if level < 1:
                self._buckets[key] = (level, now)
                raise TooFast((1 - level) / self.rate)
            self._buckets[key] = (level - 1, now)
            if len(self._buckets) > MAX_BUCKETS:
                self._buckets.popitem(last=False)


def credential_key(scope: Scope) -> str:
    """A seat token's public id, a digest of any other bearer token, or the client's address."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            token = value.rpartition(b" ")[2]
            parts = token.split(b".")
            if len(parts) == 3 and parts[0] == b"sl1" and len(parts[1]) == 16:
                return "token:" + parts[1].decode("latin-1")
            return "token:" + hashlib.blake2b(token, digest_size=8).hexdigest()
    client = scope.get("client")
    return "address:" + (client[0] if client else "?")


class RateLimit(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/healthz", "^/readyz", "^/static/", "^/$")

    def __init__(self, buckets: Buckets) -> None:
        self.buckets = buckets

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        self.buckets.take(credential_key(scope))
        await next_app(scope, receive, send)
