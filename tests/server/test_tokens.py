"""The token table on every store: issued once, kept as salted HMACs, checked in constant time.

One shared set of checks, run against each backend (as the eventsourcing library runs one test
case class against every recorder).
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
import uuid
from pathlib import Path

import msgspec
import pytest

from api.tokens import TokenRecord, TokenStore, token_store
from domain.errors import NotFound, Unauthorized
from server.app import create_app
from server.settings import Settings
from store.ledger import Ledger


@pytest.fixture(params=["memory", "sqlite", "redis", "postgres"])
def tokens(request: pytest.FixtureRequest, tmp_path: Path) -> TokenStore:
    """The token table of each kind of store (its own PostgreSQL and Redis per module)."""
    kind = request.param
    url = {
        "memory": lambda: "memory://",
        "sqlite": lambda: f"sqlite:///{tmp_path}/t.db",
        "redis": lambda: request.getfixturevalue("redis_url"),
        "postgres": lambda: request.getfixturevalue("postgres_url"),
    }[kind]()
    return token_store(Ledger(url))


def test_every_seat_and_the_referee_get_a_token_that_verifies(tokens: TokenStore) -> None:
    match = uuid.uuid4()
    issued = tokens.issue(match, ["ann", "ben", "cat"])
    assert set(issued.seats) == {"ann", "ben", "cat"}
    for seat, name in enumerate(["ann", "ben", "cat"]):
        record = tokens.verify(issued.seats[name])
        assert (record.match, record.seat, record.name, record.referee) == (
            str(match), seat, name, False,
        )  # fmt: skip
    referee = tokens.verify(issued.referee)
    assert referee.referee and referee.seat is None and referee.match == str(match)
    assert len({*issued.seats.values(), issued.referee}) == 4


def test_only_salted_hashes_are_stored(tokens: TokenStore) -> None:
    issued = tokens.issue(uuid.uuid4(), ["ann", "ben"])
    salts = set()
    for token in [*issued.seats.values(), issued.referee]:
        _, ident, secret = token.split(".")
        raw = tokens.table.get(ident)
        assert raw is not None and secret.encode() not in raw
        record = msgspec.json.decode(raw, type=TokenRecord)
        assert len(bytes.fromhex(record.salt)) == 16 and len(record.digest) == 64
        salts.add(record.salt)
    assert len(salts) == 3  # a fresh salt per token


@pytest.mark.parametrize(
    "forge",
    [
        lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"),  # one character of the secret
        lambda t: t.rsplit(".", 1)[0] + "." + secrets.token_urlsafe(32),  # another secret
        lambda t: f"sl1.{secrets.token_hex(8)}.{t.rsplit('.', 1)[1]}",  # another id
        lambda t: "sl2" + t[3:],
        lambda t: t + "x" * 40,
        lambda t: "",
        lambda t: "sl1..",
    ],
)
def test_a_forged_token_is_refused(tokens: TokenStore, forge: object) -> None:
    issued = tokens.issue(uuid.uuid4(), ["ann", "ben"])
    assert callable(forge)
    with pytest.raises(Unauthorized):
        tokens.verify(forge(issued.seats["ann"]))


def test_secrets_are_compared_in_constant_time(
    tokens: TokenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    issued = tokens.issue(uuid.uuid4(), ["ann", "ben"])
    compared = []
    real = hmac.compare_digest

    def spy(a: bytes | str, b: bytes | str) -> bool:
        compared.append((a, b))
        return real(a, b)  # type: ignore[arg-type]

    monkeypatch.setattr("api.tokens.hmac.compare_digest", spy)
    tokens.verify(issued.seats["ben"])
    assert compared


def test_a_revoked_token_is_refused_from_then_on(tokens: TokenStore) -> None:
    issued = tokens.issue(uuid.uuid4(), ["ann", "ben"])
    other = TokenStore(tokens.table)  # another server process over the same table
    assert other.verify(issued.seats["ann"]).name == "ann"
    ident = issued.seats["ann"].split(".")[1]
    assert tokens.revoke(ident).revoked
    for store in (tokens, other):
        with pytest.raises(Unauthorized) as refused:
            store.verify(issued.seats["ann"])
        assert refused.value.code == "TOKEN_REVOKED"
    assert tokens.verify(issued.seats["ben"]).name == "ben"  # the others still hold
    with pytest.raises(NotFound):
        tokens.revoke("0" * 16)
    with pytest.raises(NotFound):
        tokens.revoke("not an id")


def test_a_token_issued_with_a_lifetime_expires(
    tokens: TokenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    timed = TokenStore(tokens.table, ttl=60)
    issued = timed.issue(uuid.uuid4(), ["ann", "ben"])
    assert timed.verify(issued.seats["ann"]).name == "ann"
    later = time.time() + 61
    monkeypatch.setattr("api.tokens.time.time", lambda: later)
    with pytest.raises(Unauthorized) as refused:
        timed.verify(issued.seats["ann"])
    assert refused.value.code == "TOKEN_EXPIRED"


def test_the_access_log_holds_paths_without_query_strings() -> None:
    create_app(Settings(store="memory://"))
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/api/v1/matches/x/view?as=ann&token=sl1.a.b", "1.1", 200),
        None,
    )  # fmt: skip
    access = logging.getLogger("uvicorn.access")
    assert all(f.filter(record) for f in access.filters)
    assert record.getMessage() == '127.0.0.1:5000 - "GET /api/v1/matches/x/view HTTP/1.1" 200'


def test_known_and_unknown_token_ids_cost_the_same_store_reads(tokens: TokenStore) -> None:
    issued = tokens.issue(uuid.uuid4(), ["ann", "ben"])
    reads: list[str] = []
    table_get = tokens.table.get

    def counted(ident: str) -> bytes | None:
        reads.append(ident)
        return table_get(ident)

    tokens.table.get = counted  # type: ignore[method-assign]
    for _ in range(3):
        tokens.verify(issued.seats["ann"])
    known = len(reads)
    for _ in range(3):
        with pytest.raises(Unauthorized):
            tokens.verify(f"sl1.{secrets.token_hex(8)}.{secrets.token_urlsafe(32)}")
    assert known == 3 and len(reads) - known == 3
