"""Projection documents in the PostgreSQL store, through the library's own PostgresDatastore
(its connection pool, time-outs and error translation)."""

from __future__ import annotations

from eventsourcing.persistence import Tracking
from eventsourcing.postgres import PostgresDatastore

from store.postgres_schema import create_tables
from store.view_recorder import Docs, ViewRecorder

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS starledger_views (projection TEXT, key TEXT, doc BYTEA, "
    "PRIMARY KEY (projection, key))",
    "CREATE TABLE IF NOT EXISTS starledger_view_tracking (projection TEXT, "
    "application_name TEXT, notification_id BIGINT, PRIMARY KEY (projection, application_name))",
)


class PostgresViewRecorder(ViewRecorder):
    def __init__(self, datastore: PostgresDatastore, projection: str) -> None:
        super().__init__(projection)
        self.datastore = datastore
        create_tables(datastore, SCHEMA)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(
                "SELECT notification_id FROM starledger_view_tracking WHERE projection=%s "
                "AND application_name=%s FOR UPDATE",
                (self.projection, tracking.application_name),
            )
            row = curs.fetchone()
            self._refuse(row["notification_id"] if row else None, tracking)
            for key, doc in docs.items():
                if doc is None:
                    curs.execute(
                        "DELETE FROM starledger_views WHERE projection=%s AND key=%s",
                        (self.projection, key),
                    )
                else:
                    curs.execute(
                        "INSERT INTO starledger_views VALUES (%s, %s, %s) ON CONFLICT "
                        "(projection, key) DO UPDATE SET doc=excluded.doc",
                        (self.projection, key, doc),
                    )
            curs.execute(
                "INSERT INTO starledger_view_tracking VALUES (%s, %s, %s) ON CONFLICT "
                "(projection, application_name) DO UPDATE SET notification_id=excluded.notification_id",
                (self.projection, tracking.application_name, tracking.notification_id),
            )

    def read(self, key: str) -> bytes | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT doc FROM starledger_views WHERE projection=%s AND key=%s",
                (self.projection, key),
            )
            row = curs.fetchone()
        return bytes(row["doc"]) if row else None

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT key, doc FROM starledger_views WHERE projection=%s "
                "AND left(key, length(%s)) = %s",
                (self.projection, prefix, prefix),
            )
            rows = curs.fetchall()
        # Sorted here, by code point: the database's collation may order text otherwise.
        return sorted((str(r["key"]), bytes(r["doc"])) for r in rows)

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT notification_id FROM starledger_view_tracking WHERE projection=%s "
                "AND application_name=%s",
                (self.projection, application_name),
            )
            row = curs.fetchone()
        return int(row["notification_id"]) if row else None

    def reset(self) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute("DELETE FROM starledger_views WHERE projection=%s", (self.projection,))
            curs.execute(
                "DELETE FROM starledger_view_tracking WHERE projection=%s", (self.projection,)
            )
