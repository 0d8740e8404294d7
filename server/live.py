"""Wakes the event streams of a match when something is stored for it.

While at least one stream watches, one thread per server process follows the store's
notification log (`live_notifications`: pushed by Redis and PostgreSQL subscriptions, polled on
SQLite) and sets the asyncio events of the streams that follow that match. A stream then reads
what is new through the query layer, so what it sends is redacted exactly as the log is; a
wake-up carries no data of its own.

Nobody watching, nobody follows: the thread ends after IDLE_SECONDS without a watcher (following
every stored event costs a busy server about a fifth of its decisions per second) and the next
stream starts it again. If the store fails under it, it tries again every RETRY_SECONDS while
streams watch (/readyz reports the failure meanwhile). Once a (re)started thread listens, it
wakes every stream, so whatever was stored before it listened is read by the streams' next
look and never waits for a keep-alive.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from projections.runner import live_notifications, next_live
from store.ledger import Ledger

IDLE_SECONDS = 10.0
TICK = 0.5  # how often the thread looks whether it is still wanted (and whether to stop)
RETRY_SECONDS = 1.0  # between attempts to follow a store that failed, while streams watch


class Hub:
    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._waiting: dict[uuid.UUID, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = (
            defaultdict(set)
        )
        self._thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    def _start_locked(self) -> None:
        """Follow the store now, unless a thread does (a stream's watch calls it)."""
        if self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._pump, name="starledger-live", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    @property
    def following(self) -> bool:
        """Whether a thread follows the store now."""
        return self._thread is not None

    @property
    def failing(self) -> BaseException | None:
        """Why following the store fails now, while the hub retries (None when it follows)."""
        return self.failure if self._thread is not None else None

    def _pump(self) -> None:
        """Follow the store until stopped or idle; if following fails (the store went away),
        try again every RETRY_SECONDS for as long as a stream watches. Streams look for news
        every keep-alive meanwhile, and the restarted hub wakes them all once it listens."""
        try:
            while not self._stop.is_set():
                try:
                    if self._follow():
                        return  # idle: the next watch starts a new thread
                except Exception as exc:  # reported by /readyz while the hub retries
                    self.failure = exc
                    if not self._wait_to_retry():
                        return  # nobody watches: the next watch starts a new thread
        finally:
            with self._lock:
                if self._thread is threading.current_thread():
                    self._thread = None

    def _leave_if_unwatched(self) -> bool:
        """True, and no thread any more, if no stream watches: decided under the lock, so a
        stream that comes a moment later starts a new thread."""
        with self._lock:
            if self._waiting:
                return False
            self._thread = None
            return True

    def _wait_to_retry(self) -> bool:
        """Wait RETRY_SECONDS, or less if stopped; False (and no thread) once nobody watches."""
        deadline = time.monotonic() + RETRY_SECONDS
        while not self._stop.is_set():
            if self._leave_if_unwatched():
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._stop.wait(min(TICK, left))
        return True

    def _follow(self) -> bool:
        """Wake the streams of what is stored, until stopped (False) or idle (True)."""
        done = threading.Event()  # ends this attempt's subscription with it
        try:
            head = self.ledger.recorder.max_notification_id() or 0
            found = live_notifications(self.ledger, head, done)
            self.failure = None
            self._wake(None)  # what was stored before we listened: every stream looks again
            idle_since: float | None = None
            while not self._stop.is_set():
                try:
                    notification = next_live(found, timeout=TICK)
                except queue.Empty:
                    if self._waiting:
                        idle_since = None
                        continue
                    now = time.monotonic()
                    idle_since = now if idle_since is None else idle_since
                    if now - idle_since >= IDLE_SECONDS and self._leave_if_unwatched():
                        return True
                    continue
                self._wake(notification.originator_id)
            return False
        finally:
            done.set()

    def _wake(self, match: uuid.UUID | None) -> None:
        """Wake the streams of `match` (of every match for None)."""
        with self._lock:
            if match is None:
                waiting = [entry for entries in self._waiting.values() for entry in entries]
            else:
                waiting = list(self._waiting.get(match, ()))
        for loop, event in waiting:
            loop.call_soon_threadsafe(event.set)

    @contextmanager
    def watch(self, match: uuid.UUID) -> Iterator[asyncio.Event]:
        """An event set whenever something new is stored for `match` (clear it after waking)."""
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiting[match].add(entry)
            self._start_locked()
        try:
            yield entry[1]
        finally:
            with self._lock:
                self._waiting[match].discard(entry)
                if not self._waiting[match]:
                    del self._waiting[match]
