"""Bearer tokens: one per seat of a match and one for its referee, shown once, kept only as
salted hashes in a token table of the match's own store (never in an event, a projection or
an export).

A token reads `sl1.<id>.<secret>`: the id (64 random bits, not secret) finds its record, the
secret (256 random bits) is checked against it. A record holds the match, the seat (none for the
referee), a fresh 128-bit salt and

    HMAC-SHA256(key=salt, "starledger/token/v1" ‖ lp(match) ‖ lp(id) ‖ lp(secret))

(lp: 8-byte length prefix), compared with `hmac.compare_digest`. A stolen token table gives
no token: the secrets are 256 random bits and each is salted apart.

The table is the store's own (store/token_table.py: one module per backend, made by the store's
persistence factory): `starledger_tokens` on SQLite and PostgreSQL, `{starledger}:tokens` on Redis.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from api.documents import Tokens
from domain.errors import NotFound, StarledgerError, StoreUnavailable, Unauthorized
from domain.match import TABLE
from store.ledger import Ledger
from store.token_table import TokenTable

PREFIX = "sl1"
LABEL = b"starledger/token/v1"
REFEREE = "referee"


class TokenRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What a token's id finds: whose it is, and how to check its secret."""

    match: str
    seat: int | None
    name: str  # the seat's name, or "referee"
    salt: str
    digest: str
    expires: float | None = None  # seconds since the epoch (STARLEDGER_TOKEN_TTL)
    revoked: bool = False

    @property
    def referee(self) -> bool:
        """Reads everything: the referee's token, and a table's (which also gives chance)."""
        return self.seat is None

    @property
    def table(self) -> bool:
        return self.seat is None and self.name == TABLE


def _lp(part: bytes) -> bytes:
    return len(part).to_bytes(8, "big") + part


def _digest(salt: bytes, match: str, ident: str, secret: str) -> str:
    message = LABEL + _lp(match.encode()) + _lp(ident.encode()) + _lp(secret.encode())
    return hmac.new(salt, message, hashlib.sha256).hexdigest()


def _new_token(
    match: str, seat: int | None, name: str, expires: float | None
) -> tuple[str, str, TokenRecord]:
    ident = secrets.token_hex(8)
    secret = secrets.token_urlsafe(32)
    salt = secrets.token_bytes(16)
    record = TokenRecord(
        match=match,
        seat=seat,
        name=name,
        salt=salt.hex(),
        digest=_digest(salt, match, ident, secret),
        expires=expires,
    )
    return f"{PREFIX}.{ident}.{secret}", ident, record


class TokenStore:
    """Issues and checks the tokens of matches, over the store's token table."""

    def __init__(self, table: TokenTable, owner: object = None, ttl: float | None = None) -> None:
        self.table = table
        self._owner = owner  # what keeps the table's connections open (the Ledger)
        self.ttl = ttl

    def ping(self) -> None:
        self.table.ping()

    def _put(self, records: Mapping[str, bytes]) -> None:
        try:
            self.table.put(records)
        except StarledgerError:
            raise
        except Exception as exc:
            raise StoreUnavailable("the token table could not be written") from exc

    def _get(self, ident: str) -> bytes | None:
        try:
            return self.table.get(ident)
        except StarledgerError:
            raise
        except Exception as exc:
            raise StoreUnavailable("the token table did not answer") from exc

    def issue(self, match: uuid.UUID | str, seats: Sequence[str], *, table: bool = False) -> Tokens:
        """New tokens for every seat of `match` and its referee (and, for a match dealt by a
        table, the table's), stored as salted hashes."""
        ident_of_match = str(match)
        records: dict[str, bytes] = {}
        clear: dict[str, str] = {}
        expires = time.time() + self.ttl if self.ttl else None
        viewers = [REFEREE, TABLE] if table else [REFEREE]
        holders: list[tuple[int | None, str]] = [*enumerate(seats), *((None, v) for v in viewers)]
        for seat, name in holders:
            token, ident, record = _new_token(ident_of_match, seat, name, expires)
            records[ident] = msgspec.json.encode(record)
            clear[name] = token
        self._put(records)
        referee = clear.pop(REFEREE)
        return Tokens(seats=clear, referee=referee, table=clear.pop(TABLE, None))

    def verify(self, token: str) -> TokenRecord:
        """The record of a genuine token; Unauthorized for anything else, in constant time once
        a record is found."""
        prefix, _, rest = token.partition(".")
        ident, _, secret = rest.partition(".")
        if prefix != PREFIX or len(ident) != 16 or not secret or len(secret) > 64:
            raise Unauthorized("not a starledger token", code="BAD_TOKEN")
        record = self._record(ident)
        if record is None:
            _digest(b"\0" * 16, "", ident, secret)  # the same work as for a known id
            raise Unauthorized("no such token", code="BAD_TOKEN")
        if not hmac.compare_digest(
            _digest(bytes.fromhex(record.salt), record.match, ident, secret), record.digest
        ):
            raise Unauthorized("no such token", code="BAD_TOKEN")
        if record.revoked:
            raise Unauthorized("this token was revoked", code="TOKEN_REVOKED")
        if record.expires is not None and time.time() >= record.expires:
            raise Unauthorized("this token has expired", code="TOKEN_EXPIRED")
        return record

    def record_of(self, ident: str) -> TokenRecord:
        """The record of token id `ident` (NotFound when there is none)."""
        record = self._record(ident) if TOKEN_ID.fullmatch(ident) else None
        if record is None:
            raise NotFound(f"no token {ident[:20]!r}")
        return record

    def revoke(self, ident: str) -> TokenRecord:
        """Revoke the token of id `ident` for good (every server process refuses it from its
        next request on); NotFound when there is no such token."""
        record = self.record_of(ident)
        revoked = msgspec.structs.replace(record, revoked=True)
        try:
            self.table.replace(ident, msgspec.json.encode(revoked))
        except StarledgerError:
            raise
        except Exception as exc:
            raise StoreUnavailable("the token table could not be written") from exc
        return revoked

    def _record(self, ident: str) -> TokenRecord | None:
        """The record, read from the table each time: a token revoked by another process is
        refused at once, and a known id costs the same store read as an unknown one (a cache
        of found records answered a known id ~200 us sooner)."""
        raw = self._get(ident)
        return None if raw is None else msgspec.json.decode(raw, type=TokenRecord)


TOKEN_ID = re.compile("[0-9a-f]{16}")


def token_store(ledger: Ledger, ttl: float | None = None) -> TokenStore:
    """The tokens of matches in the ledger's store (its factory's token table); tokens issued
    expire after `ttl` seconds when it is given."""
    factory: Any = ledger.factory
    table = factory.token_table()
    assert isinstance(table, TokenTable)
    return TokenStore(table, owner=ledger, ttl=ttl)
