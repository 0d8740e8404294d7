"""The embedded SQLite store: the library's SQLite module, plus projection documents."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eventsourcing import sqlite as library  # one factory class here, as the library wants

from store.sqlite_events import SQLiteEventRecorder

if TYPE_CHECKING:  # loaded when first asked for: a decision played from the CLI needs neither
    from store.token_table import TokenTable
    from store.view_recorder import ViewRecorder


class Factory(library.SQLiteFactory):
    pushes_notifications = False  # the library's SQLite recorder cannot subscribe: poll it
    application_recorder_class = SQLiteEventRecorder  # reads pages of notifications faster

    def view_recorder(self, projection: str) -> ViewRecorder:
        from store.sqlite_views import SQLiteViewRecorder

        return SQLiteViewRecorder(self.datastore, projection)

    def token_table(self) -> TokenTable:
        from store.sqlite_tokens import SQLiteTokenTable

        return SQLiteTokenTable(self.datastore)
