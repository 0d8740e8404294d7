"""Replay files uploaded to verify or to import (size-limited; STARLEDGER_MAX_REPLAY)."""

from __future__ import annotations

from dataclasses import dataclass

from litestar import Response, post
from litestar.exceptions import HTTPException
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import OpenAPIMediaType, Operation, RequestBody, Schema
from litestar.openapi.spec.enums import OpenAPIType
from litestar.params import RawBody

from api.documents import Imported
from records.replays import ReplayError, Verdict
from server.deps import Auth, Svc, responses

JSONL = "application/x-ndjson"


@dataclass
class UploadsReplay(Operation):
    """The OpenAPI operation of a route whose body is a replay file (read raw, not as JSON)."""

    def __post_init__(self) -> None:
        self.request_body = RequestBody(
            content={JSONL: OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING))},
            description="A replay file (JSON Lines), as `export` gives it.",
            required=True,
        )


def within_bounds(svc: Svc, auth: Auth, body: bytes) -> None:
    """A file over STARLEDGER_MAX_PUBLIC_REPLAY bytes is taken from the admin token only (a
    large file costs seconds of a worker: verify it with the CLI instead)."""
    public = svc.settings.max_public_replay
    if len(body) <= public:
        return
    if svc.settings.admin_token is None:
        raise TooLarge(f"a replay file over {public} bytes is verified with `starledger verify`")
    if auth.token is None or not svc.caller(auth).admin:
        raise TooLarge(f"a replay file over {public} bytes needs the admin token")


class TooLarge(HTTPException):
    status_code = 413


@post(
    "/replays/verify",
    status_code=200,
    responses=responses(401, 403, 413),
    operation_class=UploadsReplay,
)
async def verify(svc: Svc, auth: Auth, body: RawBody) -> Verdict:
    """Check a replay file: its chain and commitments, and for a full file its seed and a
    re-run of every decision. A redacted file verifies partially."""

    def check() -> Verdict:
        within_bounds(svc, auth, body)
        try:
            return svc.client(auth).verify(body)
        except ReplayError as exc:
            return Verdict(ok=False, problem=exc.message).told()

    with svc.limits.uploads.take(auth.address):  # one upload at a time per client (429)
        return await svc.run(check, pool="long")


STORED_ALREADY = ResponseSpec(
    data_container=Imported,
    description="The same match was stored already",
    generate_examples=False,
)


@post(
    "/replays/import",
    status_code=201,
    responses={**responses(401, 403, 413, 422), 200: STORED_ALREADY},
    operation_class=UploadsReplay,
)
async def import_replay(svc: Svc, auth: Auth, body: RawBody) -> Response[Imported]:
    """Store the match of a full replay file under its own id (importing the same file again
    returns the match stored); a new match gets its tokens, shown once."""

    def store() -> Imported:
        asks = svc.client(auth)
        asks.identity.creates()  # who may, before the size of what it sends
        within_bounds(svc, auth, body)
        return asks.import_replay(body)

    with svc.limits.uploads.take(auth.address):  # one upload at a time per client (429)
        done = await svc.run(store, pool="long")
    return Response(done, status_code=201 if done.created else 200)


@post(
    "/tables/import",
    status_code=201,
    responses=responses(401, 403, 413, 422),
    operation_class=UploadsReplay,
)
async def import_table_record(svc: Svc, auth: Auth, body: RawBody) -> Response[Imported]:
    """Apply a table record (starledger-table/1: every decision and chance outcome of a game
    played at a table, in order) through the rules as a new match dealt by the table; the first
    bad line is named and nothing is stored. The new match's tokens are shown once."""

    def store() -> Imported:
        asks = svc.client(auth)
        asks.identity.creates()  # who may, before the size of what it sends
        within_bounds(svc, auth, body)
        return asks.import_table(body)

    with svc.limits.uploads.take(auth.address):  # one upload at a time per client (429)
        done = await svc.run(store, pool="long")
    return Response(done, status_code=201)
