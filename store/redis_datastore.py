"""One Redis connection pool with bounded waits, and Redis errors in the library's terms."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit, urlunsplit

import redis
from eventsourcing.persistence import IntegrityError, OperationalError
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from store.redis_scripts import APPEND, CONFLICT, SELECT_EVENTS

if TYPE_CHECKING:
    from collections.abc import Iterator

OriginatorIDType = Literal["uuid", "text"]


class RedisUnavailableError(OperationalError):
    """Redis could not be reached, or did not answer within the configured time-out."""


@dataclass(frozen=True)
class RedisSettings:
    url: str
    connect_timeout: float = 2.0
    socket_timeout: float = 5.0
    max_connections: int = 32
    retries: int = 1
    cluster: bool = False
    originator_id_type: OriginatorIDType = "uuid"

    @property
    def display_url(self) -> str:
        """The URL with any password masked, fit for error messages and logs."""
        parts = urlsplit(self.url)
        if parts.password is None:
            return self.url
        credentials = f"{parts.username or ''}:***@"
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=credentials + host))


class RedisDatastore:
    """The connection pool and scripts that one factory's recorders share."""

    def __init__(self, settings: RedisSettings) -> None:
        self.settings = settings
        # Retry only broken connections, not time-outs, and only briefly: a resent append
        # that had in fact landed fails with a conflict rather than recording twice, and a
        # long retry loop would turn "Redis is down" into a hang.
        retry = Retry(
            ExponentialBackoff(cap=0.5, base=0.05),
            settings.retries,
            supported_errors=(redis.ConnectionError,),
        )
        options: dict[str, Any] = {
            "max_connections": settings.max_connections,
            "socket_connect_timeout": settings.connect_timeout,
            "socket_timeout": settings.socket_timeout,
            "retry": retry,
            "decode_responses": False,
        }
        self.client: redis.Redis | redis.RedisCluster
        if settings.cluster:
            self.client = redis.RedisCluster.from_url(settings.url, **options)
        else:
            pool = redis.BlockingConnectionPool.from_url(
                settings.url, timeout=settings.socket_timeout, **options
            )
            self.client = redis.Redis(connection_pool=pool, retry=retry)
        self.append = self.client.register_script(APPEND)
        self.select_events = self.client.register_script(SELECT_EVENTS)

    @contextmanager
    def errors_translated(self) -> Iterator[None]:
        """Raise the library's exceptions, naming the server, instead of redis-py's."""
        try:
            yield
        except redis.RedisError as error:
            raise self._translated(error) from error

    def _translated(self, error: redis.RedisError) -> Exception:
        """`error` in the library's terms (the URL is worked out only on a failure: every
        command passes through `errors_translated`)."""
        url = self.settings.display_url
        if isinstance(error, redis.ResponseError):
            if str(error).startswith(CONFLICT):
                return IntegrityError(str(error))
            return OperationalError(f"Redis at {url} refused the command: {error}")
        if isinstance(error, redis.AuthenticationError):
            return OperationalError(f"Redis at {url} refused the credentials: {error}")
        if isinstance(error, (redis.ConnectionError, redis.TimeoutError)):
            return RedisUnavailableError(
                f"Redis at {url} is unreachable or did not answer in time (connect time-out "
                f"{self.settings.connect_timeout:g}s, command time-out "
                f"{self.settings.socket_timeout:g}s): {error}"
            )
        return OperationalError(f"Redis at {url} failed: {error}")

    def close(self) -> None:
        self.client.close()
        if isinstance(self.client, redis.Redis):
            self.client.connection_pool.disconnect()
