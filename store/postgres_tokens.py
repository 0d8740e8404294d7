"""The token table in the PostgreSQL store, through the library's own PostgresDatastore."""

from __future__ import annotations

from collections.abc import Mapping

from eventsourcing.postgres import PostgresDatastore

from store.postgres_schema import create_tables
from store.token_table import TokenTable

SCHEMA = "CREATE TABLE IF NOT EXISTS starledger_tokens (id TEXT PRIMARY KEY, record BYTEA)"


class PostgresTokenTable(TokenTable):
    def __init__(self, datastore: PostgresDatastore) -> None:
        self.datastore = datastore
        create_tables(datastore, [SCHEMA])

    def put(self, records: Mapping[str, bytes]) -> None:
        with self.datastore.transaction(commit=True) as curs:
            for ident, record in records.items():
                curs.execute("INSERT INTO starledger_tokens VALUES (%s, %s)", (ident, record))

    def get(self, ident: str) -> bytes | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute("SELECT record FROM starledger_tokens WHERE id=%s", (ident,))
            row = curs.fetchone()
        return bytes(row["record"]) if row else None

    def replace(self, ident: str, record: bytes) -> bool:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute("UPDATE starledger_tokens SET record=%s WHERE id=%s", (record, ident))
            return bool(curs.rowcount)

    def ping(self) -> None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute("SELECT 1")
