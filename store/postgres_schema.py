"""Creating our own PostgreSQL tables beside the library's, safely from many processes at once."""

from __future__ import annotations

import time
from collections.abc import Sequence

from eventsourcing.persistence import PersistenceError
from eventsourcing.postgres import PostgresDatastore

ATTEMPTS = 5


def create_tables(datastore: PostgresDatastore, statements: Sequence[str]) -> None:
    """Run CREATE ... IF NOT EXISTS statements; PostgreSQL refuses concurrent DDL on the same
    table ("tuple concurrently updated"), so a process that loses the race tries again."""
    for attempt in range(ATTEMPTS):
        try:
            with datastore.transaction(commit=True) as curs:
                for statement in statements:
                    curs.execute(statement)
            return
        except PersistenceError as exc:
            racing = "concurrently updated" in str(exc) or "already exists" in str(exc)
            if not racing or attempt == ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
