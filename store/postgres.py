"""The PostgreSQL store: the library's PostgreSQL module, plus projection documents."""

from __future__ import annotations

from eventsourcing import postgres as library  # one factory class here, as the library wants

from store.postgres_tokens import PostgresTokenTable
from store.postgres_views import PostgresViewRecorder
from store.token_table import TokenTable
from store.view_recorder import ViewRecorder


class Factory(library.PostgresFactory):
    pushes_notifications = True  # LISTEN/NOTIFY through the library's subscription

    def view_recorder(self, projection: str) -> ViewRecorder:
        return PostgresViewRecorder(self.datastore, projection)

    def token_table(self) -> TokenTable:
        return PostgresTokenTable(self.datastore)
