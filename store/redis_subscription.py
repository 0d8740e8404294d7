"""Following an application's notification log as it grows, with blocking stream reads."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from eventsourcing.persistence import ApplicationRecorder, Notification, Subscription

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    ReadAfter = Callable[[int, int, int], list[Notification]]
    """`read_after(notification_id, count, block_ms)`: up to `count` notifications after the
    given id, waiting up to `block_ms` for the first."""

BATCH = 500
"""How many log entries one read returns at most."""

BLOCK_MS = 100
"""How long one read waits for new entries; bounds how late a stop() from another thread
is noticed, as Postgres's LISTEN loop does with its 0.1 s wait."""


class RedisSubscription(Subscription[ApplicationRecorder]):
    """Reads the log from just after `gt`: first the backlog, then each new entry as it is
    appended (XREAD BLOCK), so nothing written meanwhile can be missed.

    It reads through the `read_after` its recorder hands it, so this module needs nothing
    from the recorders' module (which imports this one).
    """

    def __init__(
        self,
        recorder: ApplicationRecorder,
        read_after: ReadAfter,
        gt: int | None = None,
        topics: Sequence[str] = (),
    ) -> None:
        super().__init__(recorder=recorder, gt=gt, topics=topics)
        self._read_after = read_after
        self._pending: deque[Notification] = deque()
        self._wanted = frozenset(topics)

    def __next__(self) -> Notification:
        while not self._has_been_stopped:
            if self._pending:
                return self._pending.popleft()
            read = self._read_after(self._last_notification_id or 0, BATCH, BLOCK_MS)
            if read:
                self._last_notification_id = read[-1].id
                self._pending.extend(n for n in read if not self._wanted or n.topic in self._wanted)
        raise StopIteration
