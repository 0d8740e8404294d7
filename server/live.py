"""Wakes the event streams of a match when something is stored for it.

One thread per server process follows the store's notification log (`live_notifications`:
pushed by Redis and PostgreSQL subscriptions, polled on SQLite) and sets the asyncio events of
the streams that follow that match. A stream then reads what is new through the query layer, so
what it sends is redacted exactly as the log is; a wake-up carries no data of its own.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from projections.runner import live_notifications, next_live
from store.ledger import Ledger


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

    def start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._pump, name="starledger-live", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self.failure is None

    def _pump(self) -> None:
        try:
            head = self.ledger.recorder.max_notification_id() or 0
            found = live_notifications(self.ledger, head, self._stop)
            while not self._stop.is_set():
                try:
                    notification = next_live(found, timeout=0.5)
                except queue.Empty:
                    continue
                with self._lock:
                    waiting = list(self._waiting.get(notification.originator_id, ()))
                for loop, event in waiting:
                    loop.call_soon_threadsafe(event.set)
        except BaseException as exc:  # reported by /readyz; streams still look every keep-alive
            self.failure = exc

    @contextmanager
    def watch(self, match: uuid.UUID) -> Iterator[asyncio.Event]:
        """An event set whenever something new is stored for `match` (clear it after waking)."""
        self.start()
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiting[match].add(entry)
        try:
            yield entry[1]
        finally:
            with self._lock:
                self._waiting[match].discard(entry)
                if not self._waiting[match]:
                    del self._waiting[match]
