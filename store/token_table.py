"""Where the server keeps its bearer tokens' records: a table in the same store as the events,
written once per match and read by token id. The records are salted hashes (api/tokens.py
makes and checks them); nothing here ever sees a token's secret.

Each backend has its own module, built from that backend's datastore and made by its
persistence factory (`factory.token_table()`), as projection documents are:

    memory://        here                    a dict inside the factory
    sqlite:///path   store/sqlite_tokens.py  table `starledger_tokens`
    postgresql://    store/postgres_tokens.py the same table
    redis://         store/redis_tokens.py   hash `{app}:tokens`
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping

from eventsourcing.persistence import IntegrityError


class TokenTable(ABC):
    @abstractmethod
    def put(self, records: Mapping[str, bytes]) -> None:
        """Store every record (by token id) together, or none; an id taken already is refused
        (the library's IntegrityError)."""

    @abstractmethod
    def get(self, ident: str) -> bytes | None: ...

    @abstractmethod
    def replace(self, ident: str, record: bytes) -> bool:
        """Write a new record over the one of `ident` (revoking a token); False, and nothing
        written, when there is none."""

    @abstractmethod
    def ping(self) -> None:
        """Raise if the table cannot be reached."""


class MemoryTokenTable(TokenTable):
    def __init__(self) -> None:
        self._records: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def put(self, records: Mapping[str, bytes]) -> None:
        with self._lock:
            if self._records.keys() & records.keys():
                raise IntegrityError("a token id is taken already")
            self._records.update(records)

    def get(self, ident: str) -> bytes | None:
        return self._records.get(ident)

    def replace(self, ident: str, record: bytes) -> bool:
        with self._lock:
            if ident not in self._records:
                return False
            self._records[ident] = record
            return True

    def ping(self) -> None:
        return None
