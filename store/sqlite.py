"""The embedded SQLite store: the library's SQLite module, plus projection documents."""

from __future__ import annotations

from eventsourcing import sqlite as library  # one factory class here, as the library wants

from store.sqlite_tokens import SQLiteTokenTable
from store.sqlite_views import SQLiteViewRecorder
from store.token_table import TokenTable
from store.view_recorder import ViewRecorder


class Factory(library.SQLiteFactory):
    pushes_notifications = False  # the library's SQLite recorder cannot subscribe: poll it

    def view_recorder(self, projection: str) -> ViewRecorder:
        return SQLiteViewRecorder(self.datastore, projection)

    def token_table(self) -> TokenTable:
        return SQLiteTokenTable(self.datastore)
