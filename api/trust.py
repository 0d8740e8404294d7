"""Who asks, and what they may do: the trust rules of every use case, written once.

Two kinds of asker (`Identity`): the `Owner` of a local store (whoever runs the CLI on it: it
acts for the seat it names and reads as anyone, as the owner of the file may) and a server's
`Bearer` (a request's verified token). What a viewer may *read* of a match is the query
layer's business (projections/queries.py); who may be which viewer is decided here.

A server's bearer:

- No token: a spectator. Reading is open to spectators; acting needs a token (401).
- A seat token acts only for its own seat of its own match, and reads as that seat (or as a
  spectator, if asked). Used on another match it is worth nothing (403).
- The referee token reads everything, as the referee or as any seat, and cannot play (403).
- The admin token (STARLEDGER_ADMIN_TOKEN), when the server has one, is needed to create and to
  import matches; it is no match's token.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING, Protocol

import msgspec

if TYPE_CHECKING:
    from api.tokens import TokenRecord, TokenStore
from domain.errors import BadInput, Forbidden, Unauthorized
from domain.match import TABLE
from domain.seat_names import normal
from domain.viewer import REFEREE, SPECTATOR

MAX_AUTHORIZATION = 256


class Caller(msgspec.Struct, frozen=True, kw_only=True):
    """The verified bearer of a request: a token's record, the admin, or nobody."""

    record: TokenRecord | None = None
    admin: bool = False

    @property
    def anonymous(self) -> bool:
        return self.record is None and not self.admin


class Presented(msgspec.Struct, frozen=True, kw_only=True):
    """What a request brings to be identified by: its bearer token (unverified, None without
    one) and its client's address (whose buckets a token that does not hold spends)."""

    token: str | None = None
    address: str = "?"


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header (None without the header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(authorization) > MAX_AUTHORIZATION:
        raise Unauthorized("use `Authorization: Bearer <token>`", code="BAD_TOKEN")
    return token.strip()


def identify(tokens: TokenStore, admin_token: str | None, token: str | None) -> Caller:
    if token is None:
        return Caller()
    if admin_token and hmac.compare_digest(token.encode(), admin_token.encode()):
        return Caller(admin=True)
    return Caller(record=tokens.verify(token))


def require_admin(caller: Caller, admin_token: str | None) -> None:
    """Creating and importing matches: anyone, unless the server has an admin token."""
    if admin_token is None or caller.admin:
        return
    if caller.anonymous:
        raise Unauthorized("this server creates and imports matches for its admin token only")
    raise Forbidden("only the admin token may create or import matches")


def _own(caller: Caller, match: str) -> TokenRecord | None:
    record = caller.record
    if record is not None and record.match != match:
        raise Forbidden("this token belongs to another match", code="WRONG_MATCH")
    return record


def reading_as(caller: Caller, match: str, as_: str | None) -> str:
    """The viewer name the caller reads `match` as (a seat name, 'spectator' or 'referee'),
    given what it asked for with `as`."""
    record = _own(caller, match)
    if record is None:
        if as_ in (None, SPECTATOR):
            return SPECTATOR
        raise Unauthorized(f"reading as {as_!r} needs that seat's token or the referee's")
    if record.referee:
        return REFEREE if as_ is None else normal(as_)
    if as_ is None or normal(as_) == normal(record.name):
        return record.name
    if as_ == SPECTATOR:
        return SPECTATOR
    raise Forbidden(f"this token reads as {record.name}, not as {as_!r}", code="NOT_YOUR_SEAT")


def acting_seat(caller: Caller, match: str, claimed: str | None = None) -> str:
    """The seat name the caller acts for in `match`: its token's seat, and only that one."""
    if caller.anonymous:
        raise Unauthorized("acting for a seat needs that seat's token")
    record = _own(caller, match)
    if record is None:
        raise Forbidden("the admin token acts for no seat")
    if record.referee:
        raise Forbidden(
            f"the {record.name} reads everything but plays for no seat", code="REFEREE_CANNOT_PLAY"
        )
    if claimed is not None and normal(claimed) != normal(record.name):
        raise Forbidden(
            f"this token acts for {record.name}, not for {claimed!r}", code="NOT_YOUR_SEAT"
        )
    return record.name


def require_table(caller: Caller, match: str) -> None:
    """Giving chance to a match dealt by a table: its table token only."""
    if caller.anonymous:
        raise Unauthorized("giving chance needs the match's table token")
    record = _own(caller, match)
    if record is None or not record.table:
        raise Forbidden("only the match's table token gives chance", code="TABLE_ONLY")


def is_table(caller: Caller) -> bool:
    return caller.record is not None and caller.record.table


def require_referee(caller: Caller, match: str) -> None:
    """The match's referee token, or its table's (which reads as the referee)."""
    if caller.anonymous:
        raise Unauthorized("this needs the match's referee token")
    record = _own(caller, match)
    if record is None or not record.referee:
        raise Forbidden("only the match's referee may do this", code="REFEREE_ONLY")


class Identity(Protocol):
    """Who asks a use case (api/local.py), and so which seat it acts for and reads as."""

    def reads_as(self, match: str, as_: str | None) -> str:
        """The viewer name it reads `match` as: a seat name, 'spectator' or 'referee'."""
        ...

    def acts_for(self, match: str, claimed: str | None) -> str:
        """The seat name it acts for in `match` (or TABLE: the table gives chance)."""
        ...

    def referees(self, match: str) -> None:
        """Raise unless it may do what only the match's referee may (a table record)."""
        ...

    def creates(self) -> None:
        """Raise unless it may create and import matches."""
        ...

    @property
    def owns_store(self) -> bool:
        """Whether it owns the store itself (and so may check the store, not just a file)."""
        ...


class Owner:
    """Whoever runs a command on a local store: it owns every match in it, so it acts for the
    seat it names (`--as`; table mode: the table) and reads as any viewer it names."""

    def reads_as(self, match: str, as_: str | None) -> str:
        return SPECTATOR if as_ is None else as_

    def acts_for(self, match: str, claimed: str | None) -> str:
        if claimed is None or not claimed.strip():
            raise BadInput("say which seat decides (--as SEAT)", code="NO_SEAT")
        return claimed

    def referees(self, match: str) -> None:
        return None

    def creates(self) -> None:
        return None

    @property
    def owns_store(self) -> bool:
        return True


class Bearer:
    """A server request's verified bearer, under the rules at the top of this module."""

    def __init__(self, caller: Caller, admin_token: str | None) -> None:
        self.caller = caller
        self.admin_token = admin_token

    def reads_as(self, match: str, as_: str | None) -> str:
        return reading_as(self.caller, match, as_)

    def acts_for(self, match: str, claimed: str | None) -> str:
        if is_table(self.caller) and claimed in (None, TABLE):
            require_table(self.caller, match)  # its own match only
            return TABLE
        if claimed == TABLE:
            require_table(self.caller, match)
        return acting_seat(self.caller, match, claimed)

    def referees(self, match: str) -> None:
        require_referee(self.caller, match)

    def creates(self) -> None:
        require_admin(self.caller, self.admin_token)

    @property
    def owns_store(self) -> bool:
        return False
