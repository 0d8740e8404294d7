"""Store URLs: which eventsourcing persistence module a URL names, and its settings.

sqlite:///path/to/file.db     the embedded default (`sqlite:///./starledger.db`)
memory://                     in this process only (tests, benchmarks, simulate)
postgresql://user[:pw]@host[:port]/db    the library's PostgreSQL module
redis://host[:port][/db]      our Redis module (store.redis)
"""

from __future__ import annotations

import os
from urllib.parse import unquote, urlsplit

from domain.errors import BadInput
from store.transcoding import MAPPER_TOPIC, TRANSCODER_TOPIC

DEFAULT_STORE = "sqlite:///./starledger.db"
STORE_VARIABLE = "STARLEDGER_STORE"


class BadStoreURL(BadInput):
    """A store URL this project cannot open."""


def default_store_url() -> str:
    return os.environ.get(STORE_VARIABLE) or DEFAULT_STORE


def sqlite_file(url: str) -> str | None:
    """The database file a `sqlite:` URL names (None for any other store, or `:memory:`)."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "sqlite":
        return None
    path = unquote(parts.path)
    if parts.netloc:
        path = parts.netloc + path
    elif path.startswith("/"):
        path = path[1:]
    return None if path in ("", ":memory:") else path


def shown(url: str) -> str:
    """A store URL as it may be printed: without a password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return parts._replace(netloc=netloc).geturl()


def store_env(url: str) -> dict[str, str]:
    """The eventsourcing environment for a store URL (persistence module, its settings, codecs)."""
    env = {"TRANSCODER_TOPIC": TRANSCODER_TOPIC, "MAPPER_TOPIC": MAPPER_TOPIC}
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        path = unquote(parts.path)
        if parts.netloc:
            path = parts.netloc + path
        elif path.startswith("/"):
            # sqlite:///./x.db and sqlite:///x.db are relative; sqlite:////abs/x.db is absolute.
            path = path[1:]
        if not path:
            raise BadStoreURL(f"store URL {url!r} names no database file")
        if path != ":memory:":
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                raise BadStoreURL(f"store URL {url!r}: folder {folder} does not exist")
        env |= {
            "PERSISTENCE_MODULE": "store.sqlite",
            "SQLITE_DBNAME": path,
            "SQLITE_LOCK_TIMEOUT": "10",
        }
    elif scheme == "memory":
        env |= {"PERSISTENCE_MODULE": "store.memory"}
    elif scheme in ("postgresql", "postgres"):
        database = parts.path.lstrip("/")
        if not database or not parts.hostname:
            raise BadStoreURL(f"store URL {url!r} needs a host and a database name")
        env |= {
            "PERSISTENCE_MODULE": "store.postgres",
            "POSTGRES_DBNAME": database,
            "POSTGRES_HOST": parts.hostname,
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "POSTGRES_CONNECT_TIMEOUT": "5",
        }
    elif scheme in ("redis", "rediss"):
        env |= {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": url}
    else:
        raise BadStoreURL(
            f"unknown store URL {url!r}: use sqlite:///path, memory://, "
            "postgresql://user@host/db or redis://host:port/db"
        )
    return env
