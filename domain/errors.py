"""The one root of every error starledger raises on purpose, each with a stable code.

Clients map these to what they speak: the CLI to an exit code, the server to an HTTP status and
an RFC 9457 problem type (one table each, keyed by class). Anything that is not a
`StarledgerError` is a bug and is reported as an internal error, never with its details.
"""

from __future__ import annotations

from typing import ClassVar


class StarledgerError(Exception):
    """An error we expect and can explain in one line. `code` is UPPER_SNAKE and stable."""

    default_code: ClassVar[str] = "ERROR"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class IllegalMove(StarledgerError):
    """A command or request that the rules refuse; nothing is stored. `message` is for humans."""

    default_code = "ILLEGAL_MOVE"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code=code)


class NotFound(StarledgerError):
    """A match, file, game or projection that does not exist."""

    default_code = "NOT_FOUND"


class Conflict(StarledgerError):
    """A command sent against a version of the match that is no longer current."""

    default_code = "CONFLICT"


class BadInput(StarledgerError):
    """Input that cannot be understood (a malformed file, URL or argument); nothing is changed."""

    default_code = "BAD_INPUT"


class RulesRetired(BadInput):
    """A stored match recorded under other rules of its game than this build plays: kept as it
    is, neither played nor read here."""

    default_code = "RULES_RETIRED"


class StoreUnavailable(StarledgerError):
    """The store cannot be reached or answered with an error; nothing was changed by us."""

    default_code = "STORE_UNAVAILABLE"


class Forbidden(StarledgerError):
    """The viewer may not see or do this (a sealed log, a hidden fact, another seat's turn)."""

    default_code = "FORBIDDEN"


class Unauthorized(StarledgerError):
    """A request that needs a credential (a seat, referee or admin token) and brought none that
    holds: missing, malformed, forged or unknown."""

    default_code = "UNAUTHORIZED"


class PreconditionRequired(StarledgerError):
    """A change sent without the version it was decided on (the server's `If-Match`)."""

    default_code = "PRECONDITION_REQUIRED"


class TooManyRequests(StarledgerError):
    """More requests than one credential (or one address) may make per second."""

    default_code = "TOO_MANY_REQUESTS"


class ErrorKind:
    """How one class of error reaches a client: exit code for the CLI, HTTP status for the server."""

    __slots__ = ("exit_code", "http_status", "title")

    def __init__(self, exit_code: int, http_status: int, title: str) -> None:
        self.exit_code = exit_code
        self.http_status = http_status
        self.title = title


ERROR_TABLE: dict[type[StarledgerError], ErrorKind] = {
    IllegalMove: ErrorKind(1, 422, "Refused by the rules"),
    BadInput: ErrorKind(1, 400, "Bad input"),
    NotFound: ErrorKind(1, 404, "Not found"),
    Conflict: ErrorKind(1, 409, "Conflict"),
    Forbidden: ErrorKind(1, 403, "Forbidden"),
    Unauthorized: ErrorKind(1, 401, "Unauthorized"),
    PreconditionRequired: ErrorKind(1, 428, "Precondition required"),
    TooManyRequests: ErrorKind(1, 429, "Too many requests"),
    StoreUnavailable: ErrorKind(3, 503, "Store unavailable"),
    StarledgerError: ErrorKind(1, 400, "Error"),
}
"""The one table from error class to exit code and HTTP status; the nearest class wins."""


def kind_of(error: StarledgerError) -> ErrorKind:
    for cls in type(error).__mro__:
        if cls in ERROR_TABLE:
            return ERROR_TABLE[cls]
    return ERROR_TABLE[StarledgerError]
