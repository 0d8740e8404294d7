"""Every error as an RFC 9457 problem (`application/problem+json`) with our stable code.

Our own errors map through the one table in domain/errors.py (`kind_of`): its HTTP status and
title, the error's code and message. The framework's own refusals (a malformed body, an unknown
path, a body too large) get a code of their own. Anything else is a bug: a 500 problem that says
nothing more, and its traceback goes to the server's log, never to the client.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError
from litestar.exceptions import HTTPException, ValidationException
from litestar.plugins.problem_details import (
    ProblemDetailsConfig,
    ProblemDetailsException,
    ProblemDetailsPlugin,
)

from domain.errors import StarledgerError, kind_of

log = logging.getLogger("starledger.server")

TYPE = "urn:starledger:problem:"


class Problem(msgspec.Struct, kw_only=True, frozen=True):
    """An RFC 9457 problem document; `code` is our stable, machine-readable error code."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    errors: list[dict[str, Any]] | None = None


def problem(
    status: int,
    code: str,
    title: str,
    detail: str,
    *,
    headers: dict[str, str] | None = None,
    errors: list[dict[str, Any]] | None = None,
) -> ProblemDetailsException:
    extra: dict[str, Any] = {"code": code}
    if errors:
        extra["errors"] = errors
    return ProblemDetailsException(
        status_code=status,
        type_=TYPE + code,
        title=title,
        detail=detail,
        headers=headers,
        extra=extra,
    )


def from_ours(exc: StarledgerError) -> ProblemDetailsException:
    kind = kind_of(exc)
    headers = getattr(exc, "headers", None)
    return problem(kind.http_status, exc.code, kind.title, exc.message, headers=headers)


_FRAMEWORK_CODES = {
    400: ("BAD_REQUEST", "Bad request"),
    401: ("UNAUTHORIZED", "Unauthorized"),
    403: ("FORBIDDEN", "Forbidden"),
    404: ("NOT_FOUND", "Not found"),
    405: ("METHOD_NOT_ALLOWED", "Method not allowed"),
    406: ("NOT_ACCEPTABLE", "Not acceptable"),
    413: ("TOO_LARGE", "Request too large"),
    415: ("UNSUPPORTED_MEDIA_TYPE", "Unsupported media type"),
    429: ("TOO_MANY_REQUESTS", "Too many requests"),
    503: ("UNAVAILABLE", "Service unavailable"),
}


CLIENT_GONE = "client disconnected prematurely"
"""Litestar's words (an InternalServerException) for a body whose client went away."""


def from_framework(exc: HTTPException) -> ProblemDetailsException:
    if isinstance(exc, ProblemDetailsException):
        return exc
    status = exc.status_code
    code, title = _FRAMEWORK_CODES.get(status, ("HTTP_ERROR", "Request refused"))
    errors = None
    if isinstance(exc, ValidationException) and isinstance(exc.extra, list):
        errors = [_field_error(item) for item in exc.extra[:20] if isinstance(item, dict)]
        code = "BAD_REQUEST"
    if exc.detail == CLIENT_GONE:  # a body cut short (server/connections.py): no one to answer
        log.info("a client went away before its request was whole")
        return problem(400, "CLIENT_GONE", "Client gone", "the request did not arrive whole")
    if status >= 500:
        return internal(exc)
    detail = exc.detail if isinstance(exc.detail, str) else title
    return problem(status, code, title, detail, headers=exc.headers, errors=errors)


def _field_error(item: dict[str, Any]) -> dict[str, Any]:
    return {key: str(item[key])[:200] for key in ("message", "key", "source") if key in item}


def from_store(exc: PersistenceError) -> ProblemDetailsException:
    log.warning("store error: %s", type(exc).__name__)
    return problem(503, "STORE_UNAVAILABLE", "Store unavailable", "the store did not answer")


def internal(exc: BaseException) -> ProblemDetailsException:
    log.error("internal error", exc_info=exc)
    return problem(500, "INTERNAL", "Internal error", "an internal error; nothing more is shown")


PLUGIN = ProblemDetailsPlugin(
    ProblemDetailsConfig(
        exception_to_problem_detail_map={
            StarledgerError: from_ours,
            HTTPException: from_framework,
            PersistenceError: from_store,
            Exception: internal,
        }
    )
)
