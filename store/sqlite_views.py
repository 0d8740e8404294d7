"""Projection documents in the SQLite store, through the library's own SQLiteDatastore (its
connections, locking and time-outs)."""

from __future__ import annotations

from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteDatastore

from store.view_recorder import Docs, ViewRecorder

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS starledger_views (projection TEXT, key TEXT, doc BLOB, "
    "PRIMARY KEY (projection, key)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS starledger_view_tracking (projection TEXT, "
    "application_name TEXT, notification_id INTEGER, "
    "PRIMARY KEY (projection, application_name)) WITHOUT ROWID",
)


class SQLiteViewRecorder(ViewRecorder):
    def __init__(self, datastore: SQLiteDatastore, projection: str) -> None:
        super().__init__(projection)
        self.datastore = datastore
        with self.datastore.transaction(commit=True) as c:
            for statement in SCHEMA:
                c.execute(statement)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            # The position first: a write takes the write lock at once, so no other process
            # can move the position between our check and our documents.
            c.execute(
                "INSERT INTO starledger_view_tracking VALUES (?, ?, ?) ON CONFLICT "
                "(projection, application_name) DO UPDATE SET notification_id="
                "excluded.notification_id WHERE excluded.notification_id > "
                "starledger_view_tracking.notification_id",
                (self.projection, tracking.application_name, tracking.notification_id),
            )
            c.execute("SELECT changes()")
            (changed,) = c.fetchone()
            if changed == 0:
                c.execute(
                    "SELECT notification_id FROM starledger_view_tracking WHERE projection=? "
                    "AND application_name=?",
                    (self.projection, tracking.application_name),
                )
                row = c.fetchone()
                self._refuse(row[0] if row else None, tracking)
            c.executemany(
                "DELETE FROM starledger_views WHERE projection=? AND key=?",
                [(self.projection, k) for k, v in docs.items() if v is None],
            )
            c.executemany(
                "INSERT INTO starledger_views VALUES (?, ?, ?) ON CONFLICT (projection, key) "
                "DO UPDATE SET doc=excluded.doc",
                [(self.projection, k, v) for k, v in docs.items() if v is not None],
            )

    def read(self, key: str) -> bytes | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                "SELECT doc FROM starledger_views WHERE projection=? AND key=?",
                (self.projection, key),
            )
            row = c.fetchone()
        return bytes(row[0]) if row else None

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                "SELECT key, doc FROM starledger_views WHERE projection=? "
                "AND substr(key, 1, length(?)) = ?",
                (self.projection, prefix, prefix),
            )
            rows = c.fetchall()
        return sorted((str(k), bytes(v)) for k, v in rows)

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                "SELECT notification_id FROM starledger_view_tracking WHERE projection=? "
                "AND application_name=?",
                (self.projection, application_name),
            )
            row = c.fetchone()
        return int(row[0]) if row else None

    def reset(self) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute("DELETE FROM starledger_views WHERE projection=?", (self.projection,))
            c.execute("DELETE FROM starledger_view_tracking WHERE projection=?", (self.projection,))
