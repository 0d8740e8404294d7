"""The token table in the SQLite store, through the library's own SQLiteDatastore."""

from __future__ import annotations

from collections.abc import Mapping

from eventsourcing.sqlite import SQLiteDatastore

from store.token_table import TokenTable

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS starledger_tokens (id TEXT PRIMARY KEY, record BLOB) WITHOUT ROWID"
)


class SQLiteTokenTable(TokenTable):
    def __init__(self, datastore: SQLiteDatastore) -> None:
        self.datastore = datastore
        with self.datastore.transaction(commit=True) as c:
            c.execute(SCHEMA)

    def put(self, records: Mapping[str, bytes]) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.executemany("INSERT INTO starledger_tokens VALUES (?, ?)", list(records.items()))

    def get(self, ident: str) -> bytes | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT record FROM starledger_tokens WHERE id=?", (ident,))
            row = c.fetchone()
        return bytes(row[0]) if row else None

    def replace(self, ident: str, record: bytes) -> bool:
        with self.datastore.transaction(commit=True) as c:
            c.execute("SELECT 1 FROM starledger_tokens WHERE id=?", (ident,))
            if c.fetchone() is None:
                return False
            c.execute("UPDATE starledger_tokens SET record=? WHERE id=?", (record, ident))
            return True

    def ping(self) -> None:
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT 1")
