"""What one server process holds: the Ledger, its projections, the token table, the live hub.

Each request reads through a fresh `Reader`, so the projections are caught up once per request
(read-your-writes, whichever worker stored the decision). Several threads and several processes
catch up the same projections: within a process one lock serialises them; across processes a
write that another process has already made is refused by the store (IntegrityError), and the
catch-up simply goes on from where that process got to.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, TypeVar

from api.local import LocalClient
from api.tokens import TokenStore, token_store
from api.trust import Bearer, Caller, Presented, identify
from domain.errors import StoreUnavailable, Unauthorized
from projections.queries import Reader
from projections.runner import Projections
from server.limits import Limits
from server.live import Hub
from server.settings import Settings
from store.ledger import Ledger

T = TypeVar("T")
Pool = Literal["play", "read", "long"]
# The requests of each kind a process works on at once; more wait their turn (see Service.run).
THREADS: dict[Pool, int] = {"play": 4, "read": 4, "long": 8}


class SharedProjections(Projections):
    """Projections that many request threads (and other server processes) bring up to date:
    one catch-up at a time in this process, and none at all while nothing new was stored.
    Never shared out between forked processes (the server runs threads and its own workers)."""

    parallel = False

    def __init__(self, ledger: Ledger) -> None:
        super().__init__(ledger)
        self._lock = threading.Lock()
        self._current = 0  # every projection is known to be at least this far

    def catch_up(
        self, stop: int | None = None, progress: Callable[[int, int], None] | None = None
    ) -> int:
        stop = self.head() if stop is None else stop
        if stop <= self._current:  # nothing new since this process last looked: one read
            return 0
        with self._lock:
            done = super().catch_up(stop, progress)
            self._current = max(self._current, stop)
            return done


class ServingLedger(Ledger):
    """The Ledger a server process serves from: a match stays in memory between requests, in the
    process's one aggregate cache (store/match_cache.py, shared with the projections' catch-up),
    and is brought forward with only the events stored since (by any process). Each command gets
    a working copy, so a refused or conflicting command never touches the kept match. Sized by
    STARLEDGER_MATCH_CACHE (0 disables)."""

    name = Ledger.name  # the same application (and so the same keys and tables) as the CLI's
    serves_from_cache = True


class Service:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = Limits(settings)
        self.ledger: Ledger = ServingLedger(settings.store)
        self.projections = SharedProjections(self.ledger)
        self.tokens: TokenStore = token_store(self.ledger, settings.token_ttl)
        self.hub = Hub(self.ledger)
        self._pools = {
            pool: ThreadPoolExecutor(threads, thread_name_prefix=f"starledger-{pool}")
            for pool, threads in THREADS.items()
        }

    def caller(self, presented: Presented) -> Caller:
        """Who brings the request's token (verified against the token table), each verified
        token limited to its own rate; an address whose tokens keep failing is refused (429)
        before its next one is looked up."""
        token = presented.token
        if token is None:
            return Caller()
        self.limits.failures.take(presented.address, spend=False)
        try:
            caller = identify(self.tokens, self.settings.admin_token, token)
        except Unauthorized:
            self.limits.failures.take(presented.address)
            raise
        self.limits.credentials.take("admin" if caller.admin else token.split(".")[1])
        return caller

    def client(self, presented: Presented) -> LocalClient:
        """Every use case, asked as the request's bearer (verified here: call it in the
        request's worker thread), through this process's projections and token table."""
        return self._client(self.caller(presented))

    def public(self) -> LocalClient:
        """The use cases anyone may ask (what anyone may know): no token is looked at."""
        return self._client(Caller())

    def _client(self, caller: Caller) -> LocalClient:
        return LocalClient(
            self.ledger,
            Bearer(caller, self.settings.admin_token),
            reader=self.reader,
            tokens=self.tokens,
        )

    def reader(self) -> Reader:
        """The query layer, caught up on first use within this request."""
        return Reader(self.ledger, self.projections)

    async def run(self, func: Callable[..., T], *args: Any, pool: Pool = "read") -> T:
        """`func(*args)` in a worker thread of `pool`, answered within the request time-out.

        Three small pools, so no kind of request waits behind another: "play" (moves, decisions,
        undo and redo, new matches: the match alone), "read" (views, the log, scores, summaries,
        event streams: through the projections, which a long catch-up can hold for seconds after
        a restart) and "long" (exports, uploaded replays, timelines, pictures, verdicts,
        listings). Few threads is the point: one process runs Python on one core at a time, and
        32 requests sharing it in 5 ms GIL slices all finish late (16 busy clients' p99 on SQLite:
        51-54 ms with 32 threads, 34-36 ms with 4), where a short queue finishes each in turn.

        A call that has not started by the time-out never runs (the client gets a 503 TIMEOUT and
        nothing is stored). A store call under way cannot be interrupted: it finishes on its
        own, and a change may still be stored; the client finds out by reading the match (and a
        retry with the same If-Match is refused, never stored twice). A request cancelled because
        its client went away is treated the same way.

        The pools are plain ThreadPoolExecutors: their C queue hands a call over for a fraction
        of what anyio's thread pool spends on its Python Condition (a tenth of a busy server's
        CPU went there).
        """
        job = self._pools[pool].submit(func, *args)
        try:
            return await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(job)), self.settings.request_timeout
            )
        except TimeoutError:
            job.cancel()  # not started: it never will be (started: it finishes on its own)
            raise StoreUnavailable(
                f"no answer within {self.settings.request_timeout:g} s; if this was a change, "
                "read the match to learn whether it was stored",
                code="TIMEOUT",
            ) from None
        except asyncio.CancelledError:
            job.cancel()
            raise

    def ready(self) -> None:
        """Raise unless the store and the token table answer."""
        self.ledger.recorder.max_notification_id()
        self.tokens.ping()

    def close(self) -> None:
        self.hub.stop()
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
