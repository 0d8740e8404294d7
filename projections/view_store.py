"""Where projections keep their documents, written together with how far they have read.

A `ViewRecorder` is the eventsourcing library's `TrackingRecorder` for one named projection,
with documents beside it: `write(docs, tracking)` stores a batch of documents and the tracking
record of the last notification they reflect in one atomic step, and refuses a position that is
not past the current one (the library's `IntegrityError`), so a projection that stops and
restarts never misses or repeats an event. One implementation per kind of store:

    memory://        a dict inside the Ledger's process
    sqlite:///path   tables `starledger_views` and `starledger_view_tracking` in the same file
    postgresql://    the same two tables
    redis://         `{starledger}:views:<projection>` (hash) and `...:tracking` (hash), one Lua step
"""

from __future__ import annotations

import sqlite3
import threading
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from eventsourcing.persistence import IntegrityError, Tracking, TrackingRecorder

Docs = Mapping[str, bytes | None]
"""Documents by key; None deletes the key."""


class ViewRecorder(TrackingRecorder):
    def __init__(self, projection: str) -> None:
        self.projection = projection

    @abstractmethod
    def write(self, docs: Docs, tracking: Tracking) -> None:
        """Store `docs` and `tracking` together, or neither."""

    @abstractmethod
    def read(self, key: str) -> bytes | None: ...

    @abstractmethod
    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        """Every (key, doc) whose key starts with `prefix`, in key order."""

    @abstractmethod
    def reset(self) -> None:
        """Forget every document and the tracking position (for a rebuild)."""

    def insert_tracking(self, tracking: Tracking) -> None:
        self.write({}, tracking)

    @staticmethod
    def _refuse(current: int | None, tracking: Tracking) -> None:
        if current is not None and tracking.notification_id <= current:
            msg = (
                f"tracking position {tracking.notification_id} of {tracking.application_name} "
                f"is not past {current}"
            )
            raise IntegrityError(msg)


class MemoryViewRecorder(ViewRecorder):
    def __init__(self, projection: str) -> None:
        super().__init__(projection)
        self._docs: dict[str, bytes] = {}
        self._positions: dict[str, int] = {}
        self._lock = threading.Lock()

    def write(self, docs: Docs, tracking: Tracking) -> None:
        with self._lock:
            self._refuse(self._positions.get(tracking.application_name), tracking)
            for key, doc in docs.items():
                if doc is None:
                    self._docs.pop(key, None)
                else:
                    self._docs[key] = doc
            self._positions[tracking.application_name] = tracking.notification_id

    def read(self, key: str) -> bytes | None:
        return self._docs.get(key)

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self._lock:
            return sorted((k, v) for k, v in self._docs.items() if k.startswith(prefix))

    def max_tracking_id(self, application_name: str) -> int | None:
        return self._positions.get(application_name)

    def reset(self) -> None:
        with self._lock:
            self._docs.clear()
            self._positions.clear()


class SQLiteViewRecorder(ViewRecorder):
    _schema = (
        "CREATE TABLE IF NOT EXISTS starledger_views (projection TEXT, key TEXT, doc BLOB, "
        "PRIMARY KEY (projection, key)) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS starledger_view_tracking (projection TEXT, "
        "application_name TEXT, notification_id INTEGER, "
        "PRIMARY KEY (projection, application_name)) WITHOUT ROWID",
    )

    def __init__(self, projection: str, path: str) -> None:
        super().__init__(projection)
        self._db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock:
            for statement in self._schema:
                self._db.execute(statement)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._refuse(self._position(tracking.application_name), tracking)
                self._db.executemany(
                    "DELETE FROM starledger_views WHERE projection=? AND key=?",
                    [(self.projection, k) for k, v in docs.items() if v is None],
                )
                self._db.executemany(
                    "INSERT INTO starledger_views VALUES (?, ?, ?) ON CONFLICT (projection, key) "
                    "DO UPDATE SET doc=excluded.doc",
                    [(self.projection, k, v) for k, v in docs.items() if v is not None],
                )
                self._db.execute(
                    "INSERT INTO starledger_view_tracking VALUES (?, ?, ?) ON CONFLICT "
                    "(projection, application_name) DO UPDATE SET notification_id=excluded.notification_id",
                    (self.projection, tracking.application_name, tracking.notification_id),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def read(self, key: str) -> bytes | None:
        with self._lock:
            row = self._db.execute(
                "SELECT doc FROM starledger_views WHERE projection=? AND key=?",
                (self.projection, key),
            ).fetchone()
        return row[0] if row else None

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT key, doc FROM starledger_views WHERE projection=? AND key >= ? "
                "AND key < ? ORDER BY key",
                (self.projection, prefix, prefix + "\U0010ffff"),
            ).fetchall()
        return [(k, v) for k, v in rows]

    def _position(self, application_name: str) -> int | None:
        row = self._db.execute(
            "SELECT notification_id FROM starledger_view_tracking WHERE projection=? "
            "AND application_name=?",
            (self.projection, application_name),
        ).fetchone()
        return row[0] if row else None

    def max_tracking_id(self, application_name: str) -> int | None:
        with self._lock:
            return self._position(application_name)

    def reset(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM starledger_views WHERE projection=?", (self.projection,))
            self._db.execute(
                "DELETE FROM starledger_view_tracking WHERE projection=?", (self.projection,)
            )
            self._db.execute("COMMIT")


_REDIS_WRITE = """
local current = redis.call('HGET', KEYS[2], ARGV[1])
if current and tonumber(current) >= tonumber(ARGV[2]) then
  return redis.error_reply('TRACKING tracking position ' .. ARGV[2] .. ' is not past ' .. current)
end
local n = tonumber(ARGV[3])
for i = 0, n - 1 do
  local key = ARGV[4 + 2 * i]
  local doc = ARGV[5 + 2 * i]
  if doc == '' then redis.call('HDEL', KEYS[1], key) else redis.call('HSET', KEYS[1], key, doc) end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return n
"""


class RedisViewRecorder(ViewRecorder):
    """Documents in one hash per projection; empty strings never stored (they mean delete)."""

    def __init__(self, projection: str, url: str, application: str) -> None:
        import redis

        super().__init__(projection)
        self._client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=10)
        tag = "{" + application + "}"
        self._docs_key = f"{tag}:views:{projection}"
        self._tracking_key = f"{tag}:views:{projection}:tracking"
        self._script = self._client.register_script(_REDIS_WRITE)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        import redis

        args: list[Any] = [tracking.application_name, tracking.notification_id, len(docs)]
        for key, doc in docs.items():
            args += [key, b"" if doc is None else doc]
        try:
            self._script(keys=[self._docs_key, self._tracking_key], args=args)
        except redis.ResponseError as exc:
            if "TRACKING" in str(exc):
                raise IntegrityError(str(exc)) from None
            raise

    def read(self, key: str) -> bytes | None:
        value = self._client.hget(self._docs_key, key)
        return bytes(value) if value is not None else None  # type: ignore[arg-type]

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        found = [
            (k.decode(), bytes(v))
            for k, v in self._client.hscan_iter(self._docs_key, match=_glob(prefix) + "*")
        ]
        return sorted(found)

    def max_tracking_id(self, application_name: str) -> int | None:
        value = self._client.hget(self._tracking_key, application_name)
        return int(value) if value is not None else None

    def reset(self) -> None:
        self._client.delete(self._docs_key, self._tracking_key)


def _glob(prefix: str) -> str:
    return "".join("\\" + c if c in "*?[]\\" else c for c in prefix)


class PostgresViewRecorder(ViewRecorder):
    _schema = (
        "CREATE TABLE IF NOT EXISTS starledger_views (projection TEXT, key TEXT, doc BYTEA, "
        "PRIMARY KEY (projection, key))",
        "CREATE TABLE IF NOT EXISTS starledger_view_tracking (projection TEXT, "
        "application_name TEXT, notification_id BIGINT, PRIMARY KEY (projection, application_name))",
    )

    def __init__(self, projection: str, conninfo: str) -> None:
        import psycopg

        super().__init__(projection)
        self._db = psycopg.connect(conninfo, autocommit=False, connect_timeout=5)
        self._lock = threading.Lock()
        with self._lock, self._db.transaction():
            for statement in self._schema:
                self._db.execute(statement)

    def write(self, docs: Docs, tracking: Tracking) -> None:
        with self._lock, self._db.transaction():
            row = self._db.execute(
                "SELECT notification_id FROM starledger_view_tracking WHERE projection=%s "
                "AND application_name=%s FOR UPDATE",
                (self.projection, tracking.application_name),
            ).fetchone()
            self._refuse(row[0] if row else None, tracking)
            with self._db.cursor() as cursor:
                cursor.executemany(
                    "DELETE FROM starledger_views WHERE projection=%s AND key=%s",
                    [(self.projection, k) for k, v in docs.items() if v is None],
                )
                cursor.executemany(
                    "INSERT INTO starledger_views VALUES (%s, %s, %s) ON CONFLICT (projection, key)"
                    " DO UPDATE SET doc=excluded.doc",
                    [(self.projection, k, v) for k, v in docs.items() if v is not None],
                )
            self._db.execute(
                "INSERT INTO starledger_view_tracking VALUES (%s, %s, %s) ON CONFLICT "
                "(projection, application_name) DO UPDATE SET notification_id=excluded.notification_id",
                (self.projection, tracking.application_name, tracking.notification_id),
            )

    def read(self, key: str) -> bytes | None:
        with self._lock, self._db.transaction():
            row = self._db.execute(
                "SELECT doc FROM starledger_views WHERE projection=%s AND key=%s",
                (self.projection, key),
            ).fetchone()
        return bytes(row[0]) if row else None

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self._lock, self._db.transaction():
            rows = self._db.execute(
                "SELECT key, doc FROM starledger_views WHERE projection=%s AND "
                "starts_with(key, %s) ORDER BY key",
                (self.projection, prefix),
            ).fetchall()
        return [(k, bytes(v)) for k, v in rows]

    def max_tracking_id(self, application_name: str) -> int | None:
        with self._lock, self._db.transaction():
            row = self._db.execute(
                "SELECT notification_id FROM starledger_view_tracking WHERE projection=%s "
                "AND application_name=%s",
                (self.projection, application_name),
            ).fetchone()
        return row[0] if row else None

    def reset(self) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("DELETE FROM starledger_views WHERE projection=%s", (self.projection,))
            self._db.execute(
                "DELETE FROM starledger_view_tracking WHERE projection=%s", (self.projection,)
            )
