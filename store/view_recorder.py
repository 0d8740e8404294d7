"""Where projections keep their documents, written together with how far they have read.

A `ViewRecorder` is the eventsourcing library's `TrackingRecorder` for one named projection,
with documents beside it: `write(docs, tracking)` stores a batch of documents and the tracking
record of the last notification they reflect in one atomic step, and refuses a position that is
not past the current one (the library's `IntegrityError`), so a projection that stops and
restarts never misses or repeats an event. Each backend has its own module, built from that
backend's datastore and chosen by its persistence factory (`factory.view_recorder(name)`):

    memory://        store/memory.py         a dict inside the factory
    sqlite:///path   store/sqlite_views.py   tables `starledger_views` and `..._view_tracking`
    postgresql://    store/postgres_views.py the same two tables
    redis://         store/redis_views.py    `{app}:views:<projection>` hash + tracking hash
"""

from __future__ import annotations

import threading
from abc import abstractmethod
from collections.abc import Mapping, Sequence

from eventsourcing.persistence import IntegrityError, Tracking, TrackingRecorder

Docs = Mapping[str, bytes | None]
"""Documents by key; None deletes the key."""


class ViewRecorder(TrackingRecorder):
    """One projection's documents and tracking position, in the same store as the events."""

    def __init__(self, projection: str) -> None:
        self.projection = projection

    @abstractmethod
    def write(self, docs: Docs, tracking: Tracking) -> None:
        """Store `docs` and `tracking` together, or neither."""

    @abstractmethod
    def read(self, key: str) -> bytes | None: ...

    @abstractmethod
    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        """Every (key, doc) whose key starts with `prefix` (exactly, byte for byte), in key
        order (ordered by code point, the same on every backend)."""

    @abstractmethod
    def reset(self) -> None:
        """Forget every document and the tracking position (for a rebuild)."""

    def write_together(
        self, writes: Sequence[tuple[ViewRecorder, Docs]], tracking: Tracking
    ) -> list[bool]:
        """Write several projections' documents, each with the same position `tracking`:
        whether each was written (False: its position was not past the current one, and
        nothing of it was written). Here one write each; a store that can writes them all in
        one transaction."""
        written = []
        for recorder, docs in writes:
            try:
                recorder.write(docs, tracking)
            except IntegrityError:
                written.append(False)
            else:
                written.append(True)
        return written

    def max_tracking_ids(
        self, recorders: Sequence[ViewRecorder], application_name: str
    ) -> list[int | None]:
        """The positions of several projections (here one read each; a store that can reads
        them in one query)."""
        return [recorder.max_tracking_id(application_name) for recorder in recorders]

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
    """Documents in a dict: for `memory://` stores, kept by the factory of one Ledger."""

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
