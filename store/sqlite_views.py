"""Projection documents in the SQLite store, through the library's own SQLiteDatastore (its
connections, locking and time-outs)."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from eventsourcing.persistence import IntegrityError, OperationalError, Tracking
from eventsourcing.sqlite import SQLiteDatastore

from store.view_recorder import Docs, ViewRecorder

SCHEMA = (
    # A rowid table: its documents (hundreds of bytes to a few KB) are written twice as fast
    # as in a table clustered on its key (WITHOUT ROWID), which SQLite advises only for small
    # rows (bench/bench_projections.py: the write part of a catch-up; each decision's views).
    "CREATE TABLE IF NOT EXISTS starledger_views (projection TEXT, key TEXT, doc BLOB, "
    "UNIQUE (projection, key))",
    "CREATE TABLE IF NOT EXISTS starledger_view_tracking (projection TEXT, "
    "application_name TEXT, notification_id INTEGER, "
    "PRIMARY KEY (projection, application_name)) WITHOUT ROWID",
)


_UNCLUSTERED: weakref.WeakSet[SQLiteDatastore] = weakref.WeakSet()
"""The datastores whose documents are known to be in the rowid table (`_unclustered`)."""

T = TypeVar("T")
RETRY_SECONDS = 0.0005
"""Between a projection write's attempts while another connection holds the write lock."""


def _clustered(c: Any) -> bool:
    """Whether the documents are in the earlier table, clustered on its key (WITHOUT ROWID)."""
    c.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'starledger_views'")
    found = c.fetchone()
    return found is not None and "WITHOUT ROWID" in str(found[0]).upper()


def _unclustered(datastore: SQLiteDatastore) -> None:
    """A store whose documents are in the earlier, clustered table has them moved into a rowid
    table of the same name, in one transaction (another process may be moving them at the same
    time: then, once it has, there is nothing left to move)."""
    for attempt in range(3):
        try:
            with datastore.transaction(commit=True) as c:
                if not _clustered(c):
                    return
                c.execute("ALTER TABLE starledger_views RENAME TO starledger_views_clustered")
                c.execute(SCHEMA[0])
                c.execute(
                    "INSERT INTO starledger_views (projection, key, doc) "
                    "SELECT projection, key, doc FROM starledger_views_clustered"
                )
                c.execute("DROP TABLE starledger_views_clustered")
                return
        except OperationalError:
            if attempt == 2:
                raise


class SQLiteViewRecorder(ViewRecorder):
    def __init__(self, datastore: SQLiteDatastore, projection: str) -> None:
        super().__init__(projection)
        self.datastore = datastore
        if datastore not in _UNCLUSTERED:  # looked at once per datastore
            _unclustered(datastore)
            _UNCLUSTERED.add(datastore)
        with self.datastore.transaction(commit=True) as c:
            for statement in SCHEMA:
                c.execute(statement)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        self._when_unlocked(lambda c: self._write(c, docs, tracking))

    def _when_unlocked(self, work: Callable[[Any], T]) -> T:
        """`work` in one write transaction, tried again every RETRY_SECONDS while another
        connection (a process appending events) holds the write lock, up to the datastore's
        lock time-out. SQLite's own wait backs off to 100 ms between tries and a steady writer
        keeps winning the lock meanwhile: a follower's projections then lagged by a quarter of
        a second and more (bench/bench_projections.py, the lag under load)."""
        deadline: float | None = None
        patience = 5000  # ms: the datastore's lock time-out, as its connections have it
        while True:
            try:
                with self.datastore.transaction(commit=True) as c:
                    c.execute("PRAGMA busy_timeout")
                    (patience,) = c.fetchone()
                    c.execute("PRAGMA busy_timeout = 0")  # busy: answered at once, tried again
                    try:
                        return work(c)
                    finally:
                        c.execute(f"PRAGMA busy_timeout = {int(patience)}")
            except OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                now = time.monotonic()
                if deadline is None:
                    deadline = now + patience / 1000
                if now > deadline:
                    raise
                time.sleep(RETRY_SECONDS)

    def write_together(
        self, writes: Sequence[tuple[ViewRecorder, Docs]], tracking: Tracking
    ) -> list[bool]:
        """All in one transaction (one commit for a page of every projection), when the
        recorders share this one's datastore; a projection whose position is not past the
        current one is left out, and the others written."""
        if any(
            not isinstance(r, SQLiteViewRecorder) or r.datastore is not self.datastore
            for r, _ in writes
        ):
            return super().write_together(writes, tracking)

        def together(c: Any) -> list[bool]:
            written = []
            for recorder, docs in writes:
                assert isinstance(recorder, SQLiteViewRecorder)
                try:
                    recorder._write(c, docs, tracking)
                except IntegrityError:
                    written.append(False)
                else:
                    written.append(True)
            return written

        return self._when_unlocked(together)

    def _write(self, c: Any, docs: Docs, tracking: Tracking) -> None:
        """Documents and position, in the transaction of cursor `c`; nothing written (and the
        library's IntegrityError) when the position is not past the current one."""
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
        deleted = [(self.projection, k) for k, v in docs.items() if v is None]
        if deleted:
            c.executemany("DELETE FROM starledger_views WHERE projection=? AND key=?", deleted)
        kept = [(self.projection, k, v) for k, v in docs.items() if v is not None]
        if kept:
            c.executemany(
                "INSERT INTO starledger_views VALUES (?, ?, ?) ON CONFLICT (projection, key) "
                "DO UPDATE SET doc=excluded.doc",
                kept,
            )

    def max_tracking_ids(
        self, recorders: Sequence[ViewRecorder], application_name: str
    ) -> list[int | None]:
        """Every position in one query, when the recorders share this one's datastore."""
        if any(
            not isinstance(r, SQLiteViewRecorder) or r.datastore is not self.datastore
            for r in recorders
        ):
            return super().max_tracking_ids(recorders, application_name)
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                "SELECT projection, notification_id FROM starledger_view_tracking "
                "WHERE application_name=?",
                (application_name,),
            )
            found = {str(projection): int(position) for projection, position in c.fetchall()}
        return [found.get(r.projection) for r in recorders]

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
