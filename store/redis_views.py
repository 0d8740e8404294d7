"""Projection documents in the Redis store, through the Redis module's own datastore (its
connection pool, cluster and time-out settings, and error translation), under the
application's `{app}` hash tag so one script writes documents and position together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import redis
from eventsourcing.persistence import IntegrityError, Tracking

from store.redis_datastore import RedisDatastore
from store.redis_keys import RedisKeys
from store.view_recorder import Docs, ViewRecorder

WRITE = """
local current = redis.call('HGET', KEYS[2], ARGV[1])
if current and tonumber(current) >= tonumber(ARGV[2]) then
  return redis.error_reply('TRACKING tracking position ' .. ARGV[2] .. ' is not past ' .. current)
end
local n = tonumber(ARGV[3])
for i = 0, n - 1 do
  local key = ARGV[4 + 2 * i]
  local doc = ARGV[5 + 2 * i]
  if doc == '' then redis.call('HDEL', KEYS[1], key) else redis.call('HSET', KEYS[1], key, doc) end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return n
"""


class RedisViewRecorder(ViewRecorder):
    """Documents in one hash per projection; an empty string is never stored (it deletes)."""

    def __init__(self, datastore: RedisDatastore, keys: RedisKeys, projection: str) -> None:
        super().__init__(projection)
        self.datastore = datastore
        self._docs_key = f"{keys.tag}:views:{projection}"
        self._tracking_key = f"{keys.tag}:views:{projection}:tracking"
        self._script = datastore.client.register_script(WRITE)

    def _args(self, docs: Docs, tracking: Tracking) -> list[Any]:
        args: list[Any] = [tracking.application_name, tracking.notification_id, len(docs)]
        for key, doc in docs.items():
            args += [key, b"" if doc is None else doc]
        return args

    def write_together(
        self, writes: Sequence[tuple[ViewRecorder, Docs]], tracking: Tracking
    ) -> list[bool]:
        """Every projection's script in one round trip (a pipeline), when the recorders share
        this one's datastore: each script writes its projection's documents and position, all
        or nothing, as `write` does; one refused for its position leaves the others written."""
        recorders = [r for r, _ in writes]
        if any(
            not isinstance(r, RedisViewRecorder) or r.datastore is not self.datastore
            for r in recorders
        ):
            return super().write_together(writes, tracking)
        with self.datastore.errors_translated():
            pipeline = self.datastore.client.pipeline(transaction=False)
            for recorder, docs in writes:
                assert isinstance(recorder, RedisViewRecorder)
                keys = [recorder._docs_key, recorder._tracking_key]
                pipeline.evalsha(self._script.sha, 2, *keys, *recorder._args(docs, tracking))
            results = pipeline.execute(raise_on_error=False)
        if any(isinstance(r, redis.exceptions.NoScriptError) for r in results):
            return super().write_together(writes, tracking)  # loads the script again
        written = []
        for result in results:
            if isinstance(result, Exception):
                if "TRACKING" in str(result):
                    written.append(False)
                    continue
                with self.datastore.errors_translated():
                    raise result
            written.append(True)
        return written

    def max_tracking_ids(
        self, recorders: Sequence[ViewRecorder], application_name: str
    ) -> list[int | None]:
        """Every position in one round trip, when the recorders share this one's datastore."""
        if any(
            not isinstance(r, RedisViewRecorder) or r.datastore is not self.datastore
            for r in recorders
        ):
            return super().max_tracking_ids(recorders, application_name)
        with self.datastore.errors_translated():
            pipeline = self.datastore.client.pipeline(transaction=False)
            for recorder in recorders:
                assert isinstance(recorder, RedisViewRecorder)
                pipeline.hget(recorder._tracking_key, application_name)
            values = pipeline.execute()
        return [None if value is None else int(value) for value in values]

    def write(self, docs: Docs, tracking: Tracking) -> None:
        args = self._args(docs, tracking)
        try:
            with self.datastore.errors_translated():
                self._script(keys=[self._docs_key, self._tracking_key], args=args)
        except IntegrityError:
            raise
        except Exception as exc:
            if "TRACKING" in str(exc):
                raise IntegrityError(str(exc).split("TRACKING ", 1)[-1]) from None
            raise

    def read(self, key: str) -> bytes | None:
        with self.datastore.errors_translated():
            value = self.datastore.client.hget(self._docs_key, key)
        return bytes(value) if value is not None else None  # type: ignore[arg-type]

    def scan(self, prefix: str = "") -> list[tuple[str, bytes]]:
        with self.datastore.errors_translated():
            found = [
                (k.decode(), bytes(v))
                for k, v in self.datastore.client.hscan_iter(
                    self._docs_key, match=_glob(prefix) + "*"
                )
            ]
        return sorted((k, v) for k, v in found if k.startswith(prefix))

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.datastore.errors_translated():
            value = self.datastore.client.hget(self._tracking_key, application_name)
        return int(value) if value is not None else None

    def reset(self) -> None:
        with self.datastore.errors_translated():
            self.datastore.client.delete(self._docs_key, self._tracking_key)


def _glob(prefix: str) -> str:
    return "".join("\\" + c if c in "*?[]\\" else c for c in prefix)


__all__ = ["RedisViewRecorder", "redis"]
