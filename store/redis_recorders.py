"""The eventsourcing recorders, on the key layout described in `store.redis`.

Each event is stored once, as an element `<version>\\n<topic>\\n<state>` of its aggregate's
list (ascending versions); the notification log only refers to it (originator id, version).
Where an aggregate's versions are its list indexes plus one, as the library numbers an
aggregate's events, any version range is one LRANGE, which is how every read is made; a
list whose versions do not follow its indexes (the snapshots', or one written out of order)
is searched by a script (`store.redis_scripts.SELECT_EVENTS`).
"""

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


def version_of(element: bytes) -> int:
    """The version at the head of an aggregate list element."""
    return int(element[: element.index(b"\n")])


def guessed_window(
    gt: int | None, lte: int | None, desc: bool, limit: int | None
) -> tuple[int, int] | None:
    """The list indexes (LRANGE start, stop) that hold the answer to a query if the list's
    versions are its indexes plus one, with one element more on a bounded side, whose version
    shows whether that held (`settle`). Version v would sit at index v - 1. None when the
    bounds are below the first index (negative versions), where no guess can hold."""
    if desc:
        stop = -1 if lte is None else lte
        if limit is None:
            start = 0 if gt is None else max(gt - 1, 0)
        elif lte is None:
            start = -limit  # the highest `limit`: the list's last ones, whatever it holds
        else:
            start = max(lte - limit - 1, 0) if gt is None else max(lte - limit - 1, gt - 1, 0)
    else:
        start = 0 if gt is None else max(gt - 1, 0)
        if limit is None:
            stop = -1 if lte is None else lte
        else:
            last = (0 if gt is None else gt) + limit
            stop = last if lte is None else min(last, lte)
    # A negative stop counts from the list's end in Redis: only meant when there is no bound.
    if stop < 0 and (lte is not None or (limit is not None and not desc)):
        return None
    return start, stop


def settle(
    window: list[bytes],
    start: int,
    stop: int,
    gt: int | None,
    lte: int | None,
    desc: bool,
    limit: int | None,
) -> list[bytes] | None:
    """The answer (ascending) from what LRANGE `start` `stop` returned, or None when that
    window does not show it (there, the versions are not the indexes plus one)."""
    versions = [version_of(element) for element in window]
    selected = [
        element
        for element, version in zip(window, versions, strict=True)
        if (gt is None or version > gt) and (lte is None or version <= lte)
    ]
    # Nothing outside the window is wanted on a side if the window reaches the list's end on
    # that side, or if its element there is out of bounds already (the versions ascend).
    from_head = len(window) < -start if start < 0 else start == 0
    to_tail = stop < 0 or len(window) < stop - start + 1
    below_done = from_head or (gt is not None and bool(versions) and versions[0] <= gt)
    above_done = to_tail or (lte is not None and bool(versions) and versions[-1] > lte)
    enough = limit is not None and len(selected) >= limit
    if desc:
        if not above_done or not (enough or below_done):
            return None
        return selected if limit is None else selected[-limit:]
    if not below_done or not (enough or above_done):
        return None
    return selected if limit is None else selected[:limit]


class RedisRecorder:
    logs_notifications = False
    """Whether appends also go to the application's notification log."""

    def __init__(self, datastore: RedisDatastore, keys: RedisKeys) -> None:
        self.datastore = datastore
        self.keys = keys
        # Worked out once: every append names them.
        self._log_key, self._tracking_key = keys.log, keys.tracking
        self._aggregate_prefix = keys.aggregate_prefix
        self._text_ids = datastore.settings.originator_id_type == "text"

    def _append(self, stored_events: Sequence[StoredEvent], tracking: Tracking | None) -> int:
        """Runs the append script (one EVALSHA: one round trip); returns the notification id
        of the first event (0 when nothing was logged)."""
        keys = [self._log_key, self._tracking_key]
        args: list[str | int | bytes] = (
            [tracking.application_name, tracking.notification_id, self._logged]
            if tracking
            else ["", "", self._logged]
        )
        prefix = self._aggregate_prefix
        for event in stored_events:
            if "\n" in event.topic:
                msg = f"Topic must not contain a newline: {event.topic!r}"
                raise DataError(msg)
            originator_id = self._encode_originator_id(event.originator_id)
            keys.append(prefix + originator_id)
            args += [originator_id, event.originator_version, event.topic, event.state]
        with self.datastore.errors_translated():
            return int(self.datastore.append(keys=keys, args=args))

    @property
    def _logged(self) -> int:
        return 1 if self.logs_notifications else 0

    def _encode_originator_id(self, originator_id: UUID | str) -> str:
        if self._text_ids:
            return str(originator_id)
        if type(originator_id) is UUID:
            return originator_id.hex
        uuid = originator_id if isinstance(originator_id, UUID) else UUID(originator_id)
        return uuid.hex

    def _decode_originator_id(self, raw_id: bytes) -> UUID | str:
        text = raw_id.decode()
        return text if self.datastore.settings.originator_id_type == "text" else UUID(text)

    def _select_elements(
        self, key: str, gt: int | None, lte: int | None, desc: bool, limit: int | None
    ) -> list[bytes]:
        """An aggregate's elements between the bounds, in ascending version order (the highest
        `limit` of them when `desc`): one LRANGE where the versions are the list's indexes
        plus one, else the script that searches the list."""
        client = self.datastore.client
        # redis-py's annotations cover every client mode; ours (decode_responses=False)
        # always answers bytes, so the replies are cast once here.
        with self.datastore.errors_translated():
            if gt is None and lte is None and limit is None:
                return cast(list[bytes], client.lrange(key, 0, -1))
            if limit is not None and limit <= 0:
                return []
            if gt is not None and lte is not None and lte <= gt:
                return []
            guess = guessed_window(gt, lte, desc, limit)
            if guess is not None:
                start, stop = guess
                empty = 0 <= stop < start
                window = [] if empty else cast(list[bytes], client.lrange(key, start, stop))
                settled = settle(window, start, stop, gt, lte, desc, limit)
                if settled is not None:
                    return settled
            args = ["" if gt is None else gt, "" if lte is None else lte, 1 if desc else 0]
            args.append("" if limit is None else limit)
            return cast(list[bytes], self.datastore.select_events(keys=[key], args=args))


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
        key = self.keys.aggregate(self._encode_originator_id(originator_id))
        elements = self._select_elements(key, gt, lte, desc, limit)
        if desc:
            elements.reverse()
        events = []
        for element in elements:
            version, topic, state = element.split(b"\n", 2)
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
            for notification in self._notifications(page):
                if not wanted or notification.topic in wanted:
                    selected.append(notification)
                    if len(selected) == limit:
                        break
            if len(page) < page_size:
                break
            first = notification_id(page[-1][0]) + 1
        return selected

    def _notifications(self, entries: list[Entry]) -> list[Notification]:
        """The events some log entries refer to, read with one LRANGE per aggregate, all in
        one round trip. An append only ever adds versions, so what the log names is there;
        should a list's versions not follow its indexes, the script finds them."""
        refs = []
        versions: dict[bytes, list[int]] = {}
        for entry_id, fields in entries:
            try:
                originator, version = fields[b"i"], int(fields[b"v"])
            except KeyError:
                msg = (
                    f"log entry {entry_id.decode()} of {self.keys.log} is not a reference: the "
                    "store was written by an earlier layout (see store/REDIS.md, Upgrading)"
                )
                raise DataError(msg) from None
            refs.append((notification_id(entry_id), originator, version))
            versions.setdefault(originator, []).append(version)
        prefix = self.keys.aggregate_prefix.encode()
        with self.datastore.errors_translated():
            pipeline = self.datastore.client.pipeline(transaction=False)
            for originator, wanted in versions.items():
                # (a negative index would count from the end: versions below 1 are searched)
                pipeline.lrange(prefix + originator, max(min(wanted) - 1, 0), max(wanted) - 1)
            windows = cast(list[list[bytes]], pipeline.execute()) if versions else []
        found: dict[tuple[bytes, int], bytes] = {}
        for (originator, wanted), window in zip(versions.items(), windows, strict=True):
            by_version = {version_of(element): element for element in window}
            if any(version not in by_version for version in wanted):
                by_version = self._search(prefix + originator, wanted)
            for version in wanted:
                found[originator, version] = by_version[version]
        notifications = []
        decode_id = self._decode_originator_id
        for number, originator, version in refs:
            _, topic, state = found[originator, version].split(b"\n", 2)
            notifications.append(
                Notification(
                    id=number,
                    originator_id=decode_id(originator),
                    originator_version=version,
                    topic=topic.decode(),
                    state=state,
                )
            )
        return notifications

    def _search(self, key: bytes, versions: list[int]) -> dict[int, bytes]:
        """The elements of some versions of a list whose versions do not follow its indexes."""
        elements = self._select_elements(
            key.decode(), min(versions) - 1, max(versions), False, None
        )
        by_version = {version_of(element): element for element in elements}
        missing = [version for version in versions if version not in by_version]
        if missing:
            msg = f"the log names versions {missing} of {key.decode()}, which holds no such events"
            raise DataError(msg)
        return by_version

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
        return self._notifications(entries)

    def subscribe(
        self, gt: int | None = None, topics: Sequence[str] = ()
    ) -> Subscription[ApplicationRecorder]:
        return RedisSubscription(recorder=self, read_after=self.read_after, gt=gt, topics=topics)


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
