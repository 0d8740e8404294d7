"""Request rates: token buckets by client address before authentication, and by verified
credential after it; 429 past them.

- Every request (but health checks and the viewer's static files) spends one from its client
  address's bucket (STARLEDGER_ADDRESS_RATE_LIMIT / _BURST) before anything else is looked at, so
  no header a client chooses (a forged token, a token id of someone else's) can give it a fresh
  bucket or spend another's.
- A request whose token holds spends one from that token's bucket too (STARLEDGER_RATE_LIMIT /
  _BURST), keyed by the verified token's id (or "admin"): a token is limited wherever it comes
  from, and no one else can spend its bucket.
- A token that does not hold spends one from its address's bucket of failures (a fiftieth of the
  token rate, a fifth of its burst): once those are spent, the address's next tokens are refused
  with 429 before they are looked up.

Buckets live in each server process: with N workers a client may make up to N times the rate in
all (put a shared limiter in front for a hard global cap). The client's address is uvicorn's:
the peer's, or X-Forwarded-For when the peer is a trusted proxy (FORWARDED_ALLOW_IPS, by default
127.0.0.1 only).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from domain.errors import TooManyRequests
from server.settings import Settings

MAX_BUCKETS = 100_000


class TooFast(TooManyRequests):
    def __init__(self, wait: float, what: str = "requests") -> None:
        super().__init__(f"too many {what}; retry in {wait:.2f} s")
        self.headers = {"Retry-After": str(max(1, math.ceil(wait)))}


class Buckets:
    def __init__(self, rate: float, burst: int, what: str = "requests") -> None:
        self.rate = rate
        self.burst = float(max(1, burst))
        self.what = what
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None, *, spend: bool = True) -> None:
        """Spend one request of `key`'s bucket (or, with spend=False, only check that one is
        left), or raise TooFast."""
        now = time.monotonic() if now is None else now
        with self._lock:
            level, then = self._buckets.pop(key, (self.burst, now))
            level = min(self.burst, level + (now - then) * self.rate)
            if level < 1:
                self._buckets[key] = (level, now)
                raise TooFast((1 - level) / self.rate, self.what)
            self._buckets[key] = (level - 1 if spend else level, now)
            if len(self._buckets) > MAX_BUCKETS:
                self._buckets.popitem(last=False)


class Limits:
    """The buckets and slots of one server process."""

    def __init__(self, settings: Settings) -> None:
        rate, burst = settings.rate_limit, settings.rate_burst
        self.addresses = Buckets(settings.address_rate_limit, settings.address_rate_burst)
        self.credentials = Buckets(rate, burst)
        self.failures = Buckets(rate / 50, max(1, burst // 5), "tokens that do not hold")
        self.streams = Slots(settings.max_streams, "event streams")
        self.uploads = Slots(1, "replay uploads")
        self.exports = Slots(4, "exports")


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "?"


class RateLimit(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/healthz", "^/readyz", "^/static/", "^/$")

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        self.limits.addresses.take(client_address(scope))
        await next_app(scope, receive, send)


class Slots:
    """At most `cap` things at once per key (event streams, replay uploads): `hold(key)` is a
    context manager, TooMany past the cap; a slot is given back once, however it ends."""

    def __init__(self, cap: int, what: str) -> None:
        self.cap = cap
        self.what = what
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> Slot:
        with self._lock:
            held = self._held.get(key, 0)
            if held >= self.cap:
                raise TooMany(f"at most {self.cap} {self.what} at once per client")
            self._held[key] = held + 1
        return Slot(self, key)

    def held(self, key: str) -> int:
        return self._held.get(key, 0)

    def _give_back(self, key: str) -> None:
        with self._lock:
            left = self._held.get(key, 0) - 1
            if left > 0:
                self._held[key] = left
            else:
                self._held.pop(key, None)


class Slot:
    def __init__(self, slots: Slots, key: str) -> None:
        self._slots: Slots | None = slots
        self._key = key

    def release(self) -> None:
        slots, self._slots = self._slots, None
        if slots is not None:
            slots._give_back(self._key)

    def __enter__(self) -> Slot:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


class TooMany(TooManyRequests):
    def __init__(self, message: str) -> None:
        super().__init__(message, code="TOO_MANY_AT_ONCE")
        self.headers = {"Retry-After": "1"}
