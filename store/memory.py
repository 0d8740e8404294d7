"""The in-process store (`memory://`): the library's POPO module, plus projection documents
kept by the factory, so they live as long as the Ledger that owns it."""

from __future__ import annotations

from typing import Any

from eventsourcing import popo as library  # one factory class here, as the library wants

from store.token_table import MemoryTokenTable, TokenTable
from store.view_recorder import MemoryViewRecorder, ViewRecorder


class Factory(library.POPOFactory):
    pushes_notifications = True

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._views: dict[str, MemoryViewRecorder] = {}
        self._tokens = MemoryTokenTable()

    def view_recorder(self, projection: str) -> ViewRecorder:
        return self._views.setdefault(projection, MemoryViewRecorder(projection))

    def token_table(self) -> TokenTable:
        return self._tokens
