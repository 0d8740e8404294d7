"""What handlers receive besides their parameters: the process's Service and the caller's bearer
token (unverified here; verified in the handler's thread, where store calls belong)."""

from __future__ import annotations

import re
from typing import Annotated
from uuid import UUID

from litestar import Request
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, QueryParameter

from api.trust import Presented, bearer
from server.limits import client_address
from server.problems import Problem
from server.service import Service

Svc = NamedDependency[Service]
Auth = NamedDependency[Presented]
"""The caller's bearer token, unverified (None without an Authorization header), and address."""
MatchId = FromPath[UUID]
VERSION = re.compile("[0-9]{1,12}")
"""A version in a header (If-Match, Last-Event-ID): ASCII digits only; str.isdigit() also takes
'²', which int() then refuses."""
As = Annotated[
    str | None,
    QueryParameter(
        name="as",
        max_length=32,
        description="Read as this seat name, 'spectator' or 'referee' (default: the token's own).",
    ),
]


def provide_service(state: State) -> Service:
    service: Service = state.service
    return service


def provide_auth(request: Request) -> Presented:
    return Presented(
        token=bearer(request.headers.get("authorization")), address=client_address(request.scope)
    )


DEPENDENCIES = {
    "svc": Provide(provide_service, sync_to_thread=False),
    "auth": Provide(provide_auth, sync_to_thread=False),
}

_DESCRIPTIONS = {
    400: "Bad request (a malformed body, parameter or header)",
    401: "No token, or a token that does not hold",
    403: "A token that may not do this",
    404: "No such match or game",
    409: "The match is no longer at the version sent in If-Match: nothing was stored",
    413: "The request body is too large",
    415: "The body must be JSON (Content-Type: application/json)",
    422: "Refused by the rules (the code says why): nothing was stored",
    428: "A change needs If-Match with the version it was decided on",
    429: "Too many requests from this address or for this token: retry after Retry-After s",
    500: "An internal error; nothing more is shown",
    503: "The store did not answer, or not in time",
}


def responses(*statuses: int) -> dict[int, ResponseSpec]:
    """The problem documents a route may answer with (always 400, 429, 500 and 503)."""
    return {
        status: ResponseSpec(
            data_container=Problem,
            media_type="application/problem+json",
            description=_DESCRIPTIONS[status],
            generate_examples=False,
        )
        for status in sorted({400, 429, 500, 503, *statuses})
    }
