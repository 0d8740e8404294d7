"""The token table in the Redis store: one hash under the application's `{app}` hash tag,
through the Redis module's own datastore (pool, time-outs, error translation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventsourcing.persistence import IntegrityError

from store.redis_datastore import RedisDatastore
from store.redis_keys import RedisKeys
from store.token_table import TokenTable

PUT = """
for i = 1, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then return 0 end
end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
"""


REPLACE = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""


class RedisTokenTable(TokenTable):
    def __init__(self, datastore: RedisDatastore, keys: RedisKeys) -> None:
        self.datastore = datastore
        self._key = f"{keys.tag}:tokens"
        self._put = datastore.client.register_script(PUT)
        self._replace = datastore.client.register_script(REPLACE)

    def put(self, records: Mapping[str, bytes]) -> None:
        args: list[Any] = []
        for ident, record in records.items():
            args += [ident, record]
        with self.datastore.errors_translated():
            stored = self._put(keys=[self._key], args=args)
        if not stored:
            raise IntegrityError("a token id is taken already")

    def get(self, ident: str) -> bytes | None:
        with self.datastore.errors_translated():
            value: Any = self.datastore.client.hget(self._key, ident)
        return bytes(value) if value is not None else None

    def replace(self, ident: str, record: bytes) -> bool:
        with self.datastore.errors_translated():
            return bool(self._replace(keys=[self._key], args=[ident, record]))

    def ping(self) -> None:
        with self.datastore.errors_translated():
            self.datastore.client.ping()
