"""The eventsourcing recorders, on the key layout described in `store.redis`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast
from uuid import UUID

from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    DataError,
    Notification,
    ProcessRecorder,
    StoredEvent,
    Subscription,
    Tracking,
    TrackingRecorder,
)

from store.redis_subscription import RedisSubscription

if TYPE_CHECKING:
    from collections.abc import Sequence

    from store.redis_datastore import RedisDatastore
    from store.redis_keys import RedisKeys

# A raw stream entry as redis-py returns it: (b"<notification id>-0", {field: value}).
Entry = tuple[bytes, dict[bytes, bytes]]

NOTIFICATIONS_PAGE = 500
"""How many log entries one read fetches when it must filter them by topic."""


def notification_id(entry_id: bytes) -> int:
    return int(entry_id.partition(b"-")[0])


class RedisRecorder:
    logs_notifications = False
    """Whether appends also go to the application's notification log."""

    def __init__(self, datastore: RedisDatastore, keys: RedisKeys) -> None:
        self.datastore = datastore
        self.keys = keys

    def _append(self, stored_events: Sequence[StoredEvent], tracking: Tracking | None) -> int:
        """Runs the append script; returns the notification id of the first event (0 when
        nothing was logged)."""
        keys = [self.keys.log, self.keys.tracking]
        args: list[str | int | bytes] = (
            [tracking.application_name, tracking.notification_id] if tracking else ["", ""]
        )
        args.append(1 if self.logs_notifications else 0)
        for event in stored_events:
            if "\n" in event.topic:
                msg = f"Topic must not contain a newline: {event.topic!r}"
                raise DataError(msg)
            originator_id = self._encode_originator_id(event.originator_id)
            keys.append(self.keys.aggregate(originator_id))
            args += [originator_id, event.originator_version, event.topic, event.state]
        with self.datastore.errors_translated():
            return int(self.datastore.append(keys=keys, args=args))

    def _encode_originator_id(self, originator_id: UUID | str) -> str:
        if self.datastore.settings.originator_id_type == "text":
            return str(originator_id)
        uuid = originator_id if isinstance(originator_id, UUID) else UUID(originator_id)
        return uuid.hex

    def _decode_originator_id(self, raw_id: bytes) -> UUID | str:
        text = raw_id.decode()
        return text if self.datastore.settings.originator_id_type == "text" else UUID(text)

    def _decode_notification(self, entry: Entry) -> Notification:
        entry_id, fields = entry
        return Notification(
            id=notification_id(entry_id),
            originator_id=self._decode_originator_id(fields[b"originator_id"]),
            originator_version=int(fields[b"originator_version"]),
            topic=fields[b"topic"].decode(),
            state=fields[b"state"],
        )


class RedisAggregateRecorder(RedisRecorder, AggregateRecorder):
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        if stored_events:
            self._append(stored_events, tracking=None)
        return None

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        lowest = "-inf" if gt is None else f"({gt}"
        highest = "+inf" if lte is None else lte
        with self.datastore.errors_translated():
            # redis-py's annotations cover every client mode; ours (decode_responses=False)
            # always answers bytes, so the replies are cast once here.
            members = cast(
                list[bytes],
                self.datastore.client.zrange(
                    self.keys.aggregate(self._encode_originator_id(originator_id)),
                    highest if desc else lowest,
                    lowest if desc else highest,
                    desc=desc,
                    byscore=True,
                    offset=None if limit is None else 0,
                    num=limit,
                ),
            )
        events = []
        for member in members:
            version, topic, state = member.split(b"\n", 2)
            events.append(StoredEvent(originator_id, int(version), topic.decode(), state))
        return events


class RedisApplicationRecorder(RedisAggregateRecorder, ApplicationRecorder):
    logs_notifications = True

    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        return self._record(stored_events, tracking=None)

    def _record(self, stored_events: Sequence[StoredEvent], tracking: Tracking | None) -> list[int]:
        if not stored_events and tracking is None:
            return []
        first = self._append(stored_events, tracking=tracking)
        return list(range(first, first + len(stored_events)))

    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        first = 1 if start is None else start if inclusive_of_start else start + 1
        first = max(first, 1)
        last = "+" if stop is None else f"{stop}-0"
        wanted = set(topics)
        selected: list[Notification] = []
        while len(selected) < limit and (stop is None or first <= stop):
            page_size = NOTIFICATIONS_PAGE if wanted else limit - len(selected)
            with self.datastore.errors_translated():
                page = cast(
                    list[Entry],
                    self.datastore.client.xrange(
                        self.keys.log, f"{first}-0", last, count=page_size
                    ),
                )
            for entry in page:
                notification = self._decode_notification(entry)
                if not wanted or notification.topic in wanted:
                    selected.append(notification)
                    if len(selected) == limit:
                        break
            if len(page) < page_size:
                break
            first = notification_id(page[-1][0]) + 1
        return selected

    def max_notification_id(self) -> int | None:
        with self.datastore.errors_translated():
            newest = cast(list[Entry], self.datastore.client.xrevrange(self.keys.log, count=1))
        return notification_id(newest[0][0]) if newest else None

    def read_after(self, notification_id: int, count: int, block_ms: int) -> list[Notification]:
        """Up to `count` notifications after the given id, waiting up to `block_ms` for one."""
        with self.datastore.errors_translated():
            response = cast(
                list[tuple[bytes, list[Entry]]],
                self.datastore.client.xread(
                    {self.keys.log: f"{notification_id}-0"}, count=count, block=block_ms
                ),
            )
        if not response:
            return []
        _stream, entries = response[0]
        return [self._decode_notification(entry) for entry in entries]

    def subscribe(
        self, gt: int | None = None, topics: Sequence[str] = ()
    ) -> Subscription[ApplicationRecorder]:
        return RedisSubscription(recorder=self, gt=gt, topics=topics)


class RedisTrackingRecorder(RedisRecorder, TrackingRecorder):
    def insert_tracking(self, tracking: Tracking) -> None:
        self._append([], tracking=tracking)

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.datastore.errors_translated():
            position = self.datastore.client.hget(self.keys.tracking, application_name)
        return None if position is None else int(position)


class RedisProcessRecorder(RedisTrackingRecorder, RedisApplicationRecorder, ProcessRecorder):
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """Records the events and the position they were processed from in one atomic step."""
        return self._record(stored_events, tracking=kwargs.get("tracking"))
