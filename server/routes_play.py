"""Playing: the caller's legal moves, a decision with If-Match, undo, redo, entropy, deal.

Every change names the version it was decided on (`If-Match: "<version>"`, or `*` for any):
a stale one is refused with 409 CONFLICT and nothing is stored. The seat is always the token's.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Response, get, post
from litestar.params import HeaderParameter, JSONBody

from api.documents import (
    Contributed,
    Contribution,
    Dealt,
    Decision,
    Forked,
    Forking,
    Moves,
    NoteText,
    Played,
    Step,
)
from domain.errors import BadInput, PreconditionRequired
from domain.notes import Note
from server.deps import VERSION, As, Auth, MatchId, Svc, responses

IfMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-Match",
        max_length=32,
        description='The match version this change was decided on, as an ETag ("12"), or *.',
    ),
]
CHANGE = responses(401, 403, 404, 409, 413, 422, 428)


def expected_version(if_match: str | None) -> int | None:
    """The version an If-Match header names (None for `*`)."""
    if if_match is None:
        raise PreconditionRequired(
            'send If-Match: "<version>" with the version this change was decided on (or *)'
        )
    value = if_match.strip()
    if value == "*":
        return None
    digits = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    if not VERSION.fullmatch(digits):
        raise BadInput(
            'If-Match must be one version as an ETag, e.g. "12", or *', code="BAD_IF_MATCH"
        )
    return int(digits)


def _etag(version: int) -> dict[str, str]:
    return {"ETag": f'"{version}"'}


@get("/matches/{match_id:uuid}/moves", responses=responses(401, 403, 404))
async def moves(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> Response[Moves]:
    """The caller's legal commands now (none when it is not to move); the table token's: the
    chance outcomes it may give, named and counted."""
    found = await svc.run(lambda: svc.client(auth).moves(str(match_id), as_=as_), pool="play")
    return Response(found, headers=_etag(found.version))


@post(
    "/matches/{match_id:uuid}/decisions",
    status_code=200,
    responses=responses(401, 403, 404, 409, 413, 415, 422, 428),
    opt={"json_body": Decision},
)
async def decide(
    svc: Svc, auth: Auth, match_id: MatchId, data: JSONBody[Decision], if_match: IfMatch = None
) -> Response[Played]:
    """Play one command for the token's seat; from the table's token, give the chance outcome
    the match waits for (`{"chance": OUTCOME}`)."""

    def play() -> Played:
        asks = svc.client(auth)  # who asks first (401/403), then what (428, 400)
        version = expected_version(if_match)
        if (data.chance is None) == (data.command is None):
            raise BadInput(
                'a decision is {"command": {...}}, or the table\'s {"chance": OUTCOME}',
                code="BAD_COMMAND",
            )
        if data.chance is not None:
            return asks.give_chance(str(match_id), data.chance, expect_version=version)
        assert data.command is not None
        return asks.play(str(match_id), data.command, as_=data.seat, expect_version=version)

    played = await svc.run(play, pool="play")
    return Response(played, headers=_etag(played.version))


@post("/matches/{match_id:uuid}/undo", status_code=200, responses=CHANGE)
async def undo(
    svc: Svc, auth: Auth, match_id: MatchId, as_: As = None, if_match: IfMatch = None
) -> Response[Step]:
    """Take back the token's seat's latest decision (if it revealed nothing and no one has
    decided since); the table token's: its latest entry."""

    def change() -> Step:
        asks = svc.client(auth)  # who asks first (401/403), then what (428, 400)
        return asks.undo(str(match_id), as_=as_, expect_version=expected_version(if_match))

    done = await svc.run(change, pool="play")
    return Response(done, headers=_etag(done.version))


@post("/matches/{match_id:uuid}/redo", status_code=200, responses=CHANGE)
async def redo(
    svc: Svc, auth: Auth, match_id: MatchId, as_: As = None, if_match: IfMatch = None
) -> Response[Step]:
    """Make the seat's latest undone decision again (until a new decision is made)."""

    def change() -> Step:
        asks = svc.client(auth)  # who asks first (401/403), then what (428, 400)
        return asks.redo(str(match_id), as_=as_, expect_version=expected_version(if_match))

    done = await svc.run(change, pool="play")
    return Response(done, headers=_etag(done.version))


@post(
    "/matches/{match_id:uuid}/entropy",
    status_code=200,
    responses=responses(401, 403, 404, 413, 415, 422),
    opt={"json_body": Contribution},
)
async def contribute(
    svc: Svc, auth: Auth, match_id: MatchId, data: JSONBody[Contribution], as_: As = None
) -> Response[Contributed]:
    """Add the seat's secret entropy to a match started with `entropy` (it stays secret until
    the match opens; its commitment is public). The last one deals the opening."""
    added = await svc.run(
        lambda: svc.client(auth).contribute(str(match_id), data.value, as_=as_), pool="play"
    )
    return Response(added, headers=_etag(added.version))


@post("/matches/{match_id:uuid}/deal", status_code=200, responses=responses(401, 403, 404, 422))
async def deal(svc: Svc, auth: Auth, match_id: MatchId) -> Response[Dealt]:
    """Referee: deal an `entropy` match now; seats that gave none count as the empty value."""
    done = await svc.run(lambda: svc.client(auth).deal(str(match_id)), pool="play")
    return Response(done, headers=_etag(done.version))


@post(
    "/matches/{match_id:uuid}/notes",
    status_code=201,
    responses=responses(401, 403, 404, 409, 413, 415, 422),
    opt={"json_body": NoteText},
)
async def add_note(
    svc: Svc, auth: Auth, match_id: MatchId, data: JSONBody[NoteText], as_: As = None
) -> Note:
    """A note on a step by the token's seat (or, `as=referee`, by the referee's token). Notes
    never change the match: a seat's is read by it and the referee until the record opens."""
    return await svc.run(
        lambda: svc.client(auth).note(str(match_id), data.step, data.text, as_=as_), pool="play"
    )


@post(
    "/matches/{match_id:uuid}/fork",
    status_code=201,
    responses=responses(401, 403, 404, 413, 415, 422),
    opt={"json_body": Forking},
)
async def fork(
    svc: Svc, auth: Auth, match_id: MatchId, data: JSONBody[Forking]
) -> Response[Forked]:
    """A new match from step `at` of this one (same seats and options, the state at `at`,
    chance from its own secret seed; the original is untouched). Its tokens are shown once."""
    made = await svc.run(lambda: svc.client(auth).fork(str(match_id), data.at), pool="play")
    headers = {"Location": f"/api/v1/matches/{made.match}", **_etag(made.version)}
    return Response(made, status_code=201, headers=headers)
