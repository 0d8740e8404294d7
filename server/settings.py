"""The server's settings: read once from the environment, so every worker process agrees.

STARLEDGER_STORE             store URL (as the CLI's --store); default sqlite:///./starledger.db
STARLEDGER_ADMIN_TOKEN       when set, creating and importing matches need it as a bearer token
STARLEDGER_RATE_LIMIT        requests per second per verified token; default 50
STARLEDGER_RATE_BURST        requests a token may make at once before the rate applies; default 100
STARLEDGER_ADDRESS_RATE_LIMIT  requests per second per client address, any token or none; 200
STARLEDGER_ADDRESS_RATE_BURST  requests an address may make at once; default 400
STARLEDGER_REQUEST_TIMEOUT   seconds a request may take before a 503 TIMEOUT; default 30
STARLEDGER_MAX_BODY          bytes of a request body (a command, a new match); default 65536
STARLEDGER_MAX_REPLAY        bytes of an uploaded replay file; default 16 MiB
STARLEDGER_SSE_KEEPALIVE     seconds between keep-alive comments on an event stream; default 15
STARLEDGER_HEADER_TIMEOUT    seconds a request's headers may take to arrive (408 past it); 10
STARLEDGER_BODY_TIMEOUT      seconds a request's body may take after its headers; default 30
STARLEDGER_IDLE_TIMEOUT      seconds an idle connection stays open between requests; default 5
STARLEDGER_MAX_CONNECTIONS   connections and requests a worker holds at once (503 past it); 1000
STARLEDGER_MAX_STREAMS       event streams one client address may hold open at once; default 8
STARLEDGER_MAX_PUBLIC_REPLAY bytes of a replay file uploaded without the admin token; 2 MiB
STARLEDGER_TOKEN_TTL         seconds a new match's tokens hold (default: until revoked)
"""

from __future__ import annotations

import os
from typing import Any

import msgspec

from domain.errors import BadInput
from store.urls import default_store_url


class Settings(msgspec.Struct, kw_only=True, frozen=True):
    store: str
    admin_token: str | None = None
    rate_limit: float = 50.0
    rate_burst: int = 100
    address_rate_limit: float = 200.0
    address_rate_burst: int = 400
    request_timeout: float = 30.0
    max_body: int = 64 * 1024
    max_replay: int = 16 * 1024 * 1024
    sse_keepalive: float = 15.0
    header_timeout: float = 10.0
    body_timeout: float = 30.0
    idle_timeout: int = 5
    max_connections: int = 1000
    max_streams: int = 8
    max_public_replay: int = 2 * 1024 * 1024
    token_ttl: float | None = None

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        numbers: dict[str, Any] = {}
        try:
            for field, variable in _VARIABLES.items():
                if env.get(variable):
                    kind = int if field in INTEGERS else float
                    numbers[field] = kind(env[variable])
        except ValueError as exc:
            raise BadInput(f"a STARLEDGER_ server setting is not a number: {exc}") from None
        return cls(
            store=default_store_url(),
            admin_token=env.get("STARLEDGER_ADMIN_TOKEN") or None,
            **numbers,
        )


INTEGERS = (
    "rate_burst",
    "address_rate_burst",
    "max_body",
    "max_replay",
    "idle_timeout",
    "max_connections",
    "max_streams",
    "max_public_replay",
)
_VARIABLES = {
    "rate_limit": "STARLEDGER_RATE_LIMIT",
    "rate_burst": "STARLEDGER_RATE_BURST",
    "address_rate_limit": "STARLEDGER_ADDRESS_RATE_LIMIT",
    "address_rate_burst": "STARLEDGER_ADDRESS_RATE_BURST",
    "request_timeout": "STARLEDGER_REQUEST_TIMEOUT",
    "max_body": "STARLEDGER_MAX_BODY",
    "max_replay": "STARLEDGER_MAX_REPLAY",
    "sse_keepalive": "STARLEDGER_SSE_KEEPALIVE",
    "header_timeout": "STARLEDGER_HEADER_TIMEOUT",
    "body_timeout": "STARLEDGER_BODY_TIMEOUT",
    "idle_timeout": "STARLEDGER_IDLE_TIMEOUT",
    "max_connections": "STARLEDGER_MAX_CONNECTIONS",
    "max_streams": "STARLEDGER_MAX_STREAMS",
    "max_public_replay": "STARLEDGER_MAX_PUBLIC_REPLAY",
    "token_ttl": "STARLEDGER_TOKEN_TTL",
}
