"""The library's SQLite event recorder, reading pages of the notification log faster.

Projections read the log a page (thousands of notifications) at a time. The library makes each
row a `sqlite3.Row`, each originator id a new UUID and each Notification through its frozen
dataclass's `__init__` (a detour per field): about a third of what a catch-up spends per event
before it decodes anything. Here a page is read as plain tuples, each match's id becomes a UUID
once per page, and each Notification gets its fields in one step. Everything else (and any
query with topics) is the library's own.

SQLite cannot push new notifications to another process, so followers poll; within one process
(a server that records decisions and follows them for its live streams), the recorder tells
them at once: `appended` counts the writes it committed, and `wait_for_append` wakes on the
next one.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import Notification
from eventsourcing.sqlite import SQLiteApplicationRecorder

_new = object.__new__
_set = object.__setattr__


class SQLiteEventRecorder(SQLiteApplicationRecorder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.appended = 0
        """Writes of events this recorder (this process) has committed."""
        self._append_signal = threading.Condition()

    def insert_events(self, stored_events: Any, **kwargs: Any) -> Sequence[int] | None:
        ids = super().insert_events(stored_events, **kwargs)
        with self._append_signal:
            self.appended += 1
            self._append_signal.notify_all()
        return ids

    def wait_for_append(self, seen: int, timeout: float) -> bool:
        """Wait until this process has committed a write after the `seen`-th (`appended`
        as it was read), or `timeout` seconds; whether it has."""
        with self._append_signal:
            return self._append_signal.wait_for(lambda: self.appended != seen, timeout)

    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        if topics:
            return super().select_notifications(
                start, limit, stop, topics, inclusive_of_start=inclusive_of_start
            )
        params: list[int] = [start or 0]
        statement = (
            "SELECT rowid, originator_id, originator_version, topic, state "
            f"FROM {self.events_table_name} WHERE rowid{'>=' if inclusive_of_start else '>'}? "
        )
        if stop is not None:
            params.append(stop)
            statement += "AND rowid<=? "
        params.append(limit)
        statement += "ORDER BY rowid LIMIT ?"
        with self.datastore.transaction(commit=False) as c:
            cursor = c.sqlite_cursor
            cursor.row_factory = None  # tuples: this cursor only
            cursor.execute(statement, params)
            rows = cursor.fetchall()
        ids: dict[Any, uuid.UUID | str] = {}
        notifications: list[Notification] = []
        for rowid, originator_id, version, topic, state in rows:
            ident = ids.get(originator_id)
            if ident is None:
                ident = ids[originator_id] = self.convert_originator_id(originator_id)
            notification = _new(Notification)
            _set(
                notification,
                "__dict__",
                {
                    "originator_id": ident,
                    "originator_version": version,
                    "topic": topic,
                    "state": state,
                    "id": rowid,
                },
            )
            notifications.append(notification)
        return notifications
