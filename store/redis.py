"""Redis persistence module for the eventsourcing library.

Select it the library's way::

    PERSISTENCE_MODULE=store.redis
    REDIS_URL=redis://host:port/db

Other settings (each may be prefixed with the upper-cased application name, as the library's
`Environment` allows): REDIS_CONNECT_TIMEOUT (seconds, default 2), REDIS_SOCKET_TIMEOUT
(seconds, default 5; bounds every command), REDIS_MAX_CONNECTIONS (default 32),
REDIS_RETRIES (reconnect attempts after a broken connection, default 1), REDIS_CLUSTER
(`yes` to talk to a Redis Cluster through the URL's node, default `no`) and
ORIGINATOR_ID_TYPE (`uuid`, the default, or `text`). When Redis cannot be reached or does not
answer in time, recorders raise `RedisUnavailableError`, an `OperationalError` naming the URL.

Key layout. `app` is the application name lower-cased (`default` when unnamed); `purpose` is
`events`, or `snapshots` for the snapshot store. The `{app}` hash tag puts every key of one
application in one Redis Cluster slot, so one script may touch all of them and the module
runs unchanged on a cluster::

    {app}:<purpose>:aggregate:<id>  list per aggregate, one element per event in ascending
                                    version order: b"<version>\\n<topic>\\n" + state (raw bytes)
    {app}:events:log                stream, the notification log: entry id `<notification id>-0`,
                                    fields i = <id>, v = originator version (a reference only)
    {app}:tracking                  hash: upstream application name -> last notification id
                                    processed

<id> is the originator id's hex (or the text itself with ORIGINATOR_ID_TYPE=text). Each event
is stored once, in its aggregate's list. Reading an aggregate is one LRANGE: the library
numbers an aggregate's events 1, 2, 3..., so version v sits at index v - 1 and any version
range is one index range (checked on the versions read back; in a list whose versions do not
follow its indexes, such as the snapshots', a range is searched by a script instead). Reading the log is
one XRANGE, then one LRANGE per aggregate it names, all in one round trip; `subscribe()`
follows the stream with blocking XREAD. Every write is one Lua script
(`store.redis_scripts`) that checks versions and tracking positions, then writes the events,
their gap-free notification ids and the tracking position together, or writes nothing.
"""

from __future__ import annotations

from typing import cast

from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    ProcessRecorder,
)
from eventsourcing.utils import Environment, EnvType, resolve_topic, strtobool

from store.redis_datastore import (
    OriginatorIDType,
    RedisDatastore,
    RedisSettings,
    RedisUnavailableError,
)
from store.redis_keys import RedisKeys
from store.redis_recorders import (
    RedisAggregateRecorder,
    RedisApplicationRecorder,
    RedisProcessRecorder,
    RedisTrackingRecorder,
)
from store.redis_tokens import RedisTokenTable
from store.redis_views import RedisViewRecorder
from store.token_table import TokenTable
from store.view_recorder import ViewRecorder

__all__ = [
    "RedisAggregateRecorder",
    "RedisApplicationRecorder",
    "RedisFactory",
    "RedisProcessRecorder",
    "RedisTrackingRecorder",
    "RedisUnavailableError",
]


class RedisFactory(InfrastructureFactory[RedisTrackingRecorder]):
    REDIS_URL = "REDIS_URL"
    REDIS_CONNECT_TIMEOUT = "REDIS_CONNECT_TIMEOUT"
    REDIS_SOCKET_TIMEOUT = "REDIS_SOCKET_TIMEOUT"
    REDIS_MAX_CONNECTIONS = "REDIS_MAX_CONNECTIONS"
    REDIS_RETRIES = "REDIS_RETRIES"
    REDIS_CLUSTER = "REDIS_CLUSTER"
    ORIGINATOR_ID_TYPE = "ORIGINATOR_ID_TYPE"

    aggregate_recorder_class = RedisAggregateRecorder
    application_recorder_class = RedisApplicationRecorder
    tracking_recorder_class = RedisTrackingRecorder
    process_recorder_class = RedisProcessRecorder

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        self.datastore = RedisDatastore(self._settings())
        self.application = self.env.name.lower() or "default"

    def _settings(self) -> RedisSettings:
        url = self.env.get(self.REDIS_URL)
        if not url:
            msg = f"Redis URL not found in environment with key '{self.REDIS_URL}'"
            raise OSError(msg)
        id_type = self.env.get(self.ORIGINATOR_ID_TYPE, "uuid").lower()
        if id_type not in ("uuid", "text"):
            msg = f"Invalid {self.ORIGINATOR_ID_TYPE} '{id_type}', expected 'uuid' or 'text'"
            raise OSError(msg)
        return RedisSettings(
            url=url,
            connect_timeout=self._number(self.REDIS_CONNECT_TIMEOUT, 2.0),
            socket_timeout=self._number(self.REDIS_SOCKET_TIMEOUT, 5.0),
            max_connections=int(self._number(self.REDIS_MAX_CONNECTIONS, 32)),
            retries=int(self._number(self.REDIS_RETRIES, 1)),
            cluster=strtobool(self.env.get(self.REDIS_CLUSTER, "no")),
            originator_id_type=cast("OriginatorIDType", id_type),
        )

    def _number(self, key: str, default: float) -> float:
        value = self.env.get(key)
        if value is None:
            return default
        try:
            number = float(value)
        except ValueError:
            number = -1.0
        if number < 0:
            msg = f"{key} must be a non-negative number, got {value!r}"
            raise OSError(msg)
        return number

    def aggregate_recorder(self, purpose: str = "events") -> AggregateRecorder:
        return type(self).aggregate_recorder_class(
            self.datastore, RedisKeys(self.application, purpose)
        )

    def application_recorder(self) -> ApplicationRecorder:
        recorder_class: type[RedisApplicationRecorder] = type(self).application_recorder_class
        topic = self.env.get(self.APPLICATION_RECORDER_TOPIC)
        if topic:
            recorder_class = resolve_topic(topic)
            assert issubclass(recorder_class, RedisApplicationRecorder)
        return recorder_class(self.datastore, RedisKeys(self.application))

    def tracking_recorder(
        self, tracking_recorder_class: type[RedisTrackingRecorder] | None = None
    ) -> RedisTrackingRecorder:
        if tracking_recorder_class is None:
            topic = self.env.get(self.TRACKING_RECORDER_TOPIC)
            tracking_recorder_class = (
                resolve_topic(topic) if topic else type(self).tracking_recorder_class
            )
        assert issubclass(tracking_recorder_class, RedisTrackingRecorder)
        return tracking_recorder_class(self.datastore, RedisKeys(self.application))

    def process_recorder(self) -> ProcessRecorder:
        recorder_class: type[RedisProcessRecorder] = type(self).process_recorder_class
        topic = self.env.get(self.PROCESS_RECORDER_TOPIC)
        if topic:
            recorder_class = resolve_topic(topic)
            assert issubclass(recorder_class, RedisProcessRecorder)
        return recorder_class(self.datastore, RedisKeys(self.application))

    pushes_notifications = True  # blocking stream reads (store/redis_subscription.py)

    def view_recorder(self, projection: str) -> ViewRecorder:
        """Projection documents beside the events, through this factory's datastore."""
        return RedisViewRecorder(self.datastore, RedisKeys(self.application), projection)

    def token_table(self) -> TokenTable:
        """The server's token table beside the events, through this factory's datastore."""
        return RedisTokenTable(self.datastore, RedisKeys(self.application))

    def close(self) -> None:
        self.datastore.close()


Factory = RedisFactory
