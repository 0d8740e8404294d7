"""Playing: the caller's legal moves, a decision with If-Match, undo, redo, entropy, deal.

Every change names the version it was decided on (`If-Match: "<version>"`, or `*` for any):
a stale one is refused with 409 CONFLICT and nothing is stored. The seat is always the token's.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Response, get, post
from litestar.params import HeaderParameter, JSONBody

from domain.errors import BadInput, PreconditionRequired
from domain.match import Match
from projections.api import Contributed, Contribution, Dealt, Decision, Moves, Played, Step
from projections.moves import TABLE, chance_menu
from projections.viewer import Viewer
from server.access import Caller, acting_seat, is_table, require_referee, require_table
from server.deps import VERSION, Auth, MatchId, Svc, responses
from server.service import Service

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


def _chance_moves(match: Match) -> Moves:
    """What the table may give now (nothing while a seat is to move)."""
    shown = chance_menu(match, everything=True)
    return Moves(
        match=shown.match,
        version=shown.version,
        seat=TABLE,
        to_move=match.awaiting_chance,
        commands=[entry.command for entry in shown.entries if entry.command is not None],
        asking=shown.asking,
        names=[entry.text for entry in shown.entries],
        counts=[entry.count for entry in shown.entries],
    )


def _give_chance(
    svc: Service, caller: Caller, match_id: str, data: Decision, version: int | None
) -> Played:
    require_table(caller, match_id)
    if data.chance is None or data.command is not None:
        raise BadInput('the table gives {"chance": OUTCOME}', code="BAD_COMMAND")
    match, outcome = svc.ledger.enter_chance(match_id, data.chance, version)
    return _played(match, TABLE, outcome, Viewer(referee=True))  # the table sees all


def _played(match: Match, name: str, outcome: list[Any], viewer: Viewer) -> Played:
    """What a decision (or the table's entry) caused, as `viewer`, its maker, may see it."""
    full = viewer.reads_all(match.opened)
    result = match.result
    return Played(
        match=str(match.id),
        version=match.version,
        seat=name,
        events=[msgspec.to_builtins(e) for e in outcome if full or viewer.sees(e)],
        to_move=_to_move(match),
        status=match.status,
        winners=[match.seats[s] for s in result.winners] if result else [],
    )


def _etag(version: int) -> dict[str, str]:
    return {"ETag": f'"{version}"'}


def _to_move(match: Match) -> list[str]:
    return match.waiting_for


@get("/matches/{match_id:uuid}/moves", responses=responses(401, 403, 404))
async def moves(svc: Svc, auth: Auth, match_id: MatchId) -> Response[Moves]:
    """The caller's legal commands now (none when it is not to move)."""

    def legal() -> Moves:
        caller = svc.caller(auth)
        if is_table(caller):
            return _chance_moves(svc.ledger.match(match_id))
        name = acting_seat(caller, str(match_id))
        match = svc.ledger.match(match_id)
        seat = match.seat_of(name)
        commands = list(match.rules.legal(match.state, seat)) if seat in match.to_move else []
        return Moves(
            match=str(match.id),
            version=match.version,
            seat=name,
            to_move=seat in match.to_move,
            commands=msgspec.to_builtins(commands),
        )

    found = await svc.run(legal, pool="play")
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
    """Play one command for the token's seat."""

    def play() -> Played:
        caller = svc.caller(auth)
        if is_table(caller) or data.chance is not None:
            return _give_chance(svc, caller, str(match_id), data, expected_version(if_match))
        name = acting_seat(caller, str(match_id), data.seat)
        version = expected_version(if_match)
        if data.command is None:
            raise BadInput('a decision is {"command": {...}}', code="BAD_COMMAND")
        match, outcome = svc.ledger.play(match_id, name, data.command, version)
        return _played(match, name, outcome, Viewer(seat=match.seat_of(name)))

    played = await svc.run(play, pool="play")
    return Response(played, headers=_etag(played.version))


async def _step(
    svc: Svc, auth: Auth, match_id: MatchId, if_match: str | None, redo: bool
) -> Response[Step]:
    def step() -> Step:
        caller = svc.caller(auth)
        if is_table(caller) and not redo:
            require_table(caller, str(match_id))
            match = svc.ledger.withdraw_chance(match_id, expected_version(if_match))
            return Step(
                match=str(match.id), version=match.version, seat=TABLE, decision=match.version,
                command={}, to_move=_to_move(match),
            )  # fmt: skip
        name = acting_seat(caller, str(match_id))
        version = expected_version(if_match)
        change = svc.ledger.redo if redo else svc.ledger.undo
        match, entry = change(match_id, name, version)
        command: Any = msgspec.to_builtins(entry.command)
        return Step(
            match=str(match.id),
            version=match.version,
            seat=name,
            decision=entry.decision,
            command=command,
            to_move=_to_move(match),
        )

    done = await svc.run(step, pool="play")
    return Response(done, headers=_etag(done.version))


@post("/matches/{match_id:uuid}/undo", status_code=200, responses=CHANGE)
async def undo(svc: Svc, auth: Auth, match_id: MatchId, if_match: IfMatch = None) -> Response[Step]:
    """Take back the token's seat's latest decision (if it revealed nothing and no one has
    decided since)."""
    return await _step(svc, auth, match_id, if_match, redo=False)


@post("/matches/{match_id:uuid}/redo", status_code=200, responses=CHANGE)
async def redo(svc: Svc, auth: Auth, match_id: MatchId, if_match: IfMatch = None) -> Response[Step]:
    """Make the seat's latest undone decision again (until a new decision is made)."""
    return await _step(svc, auth, match_id, if_match, redo=True)


@post(
    "/matches/{match_id:uuid}/entropy",
    status_code=200,
    responses=responses(401, 403, 404, 413, 415, 422),
    opt={"json_body": Contribution},
)
async def contribute(
    svc: Svc, auth: Auth, match_id: MatchId, data: JSONBody[Contribution]
) -> Response[Contributed]:
    """Add the seat's secret entropy to a match started with `entropy` (it stays secret until
    the match opens; its commitment is public). The last one deals the opening."""

    def add() -> Contributed:
        name = acting_seat(svc.caller(auth), str(match_id))
        match, commitment = svc.ledger.contribute(match_id, name, data.value)
        return Contributed(
            match=str(match.id),
            version=match.version,
            seat=name,
            commitment=commitment,
            dealt=match.dealt,
            to_move=_to_move(match),
        )

    added = await svc.run(add, pool="play")
    return Response(added, headers=_etag(added.version))


@post("/matches/{match_id:uuid}/deal", status_code=200, responses=responses(401, 403, 404, 422))
async def deal(svc: Svc, auth: Auth, match_id: MatchId) -> Response[Dealt]:
    """Referee: deal an `entropy` match now; seats that gave none count as the empty value."""

    def dealt() -> Dealt:
        require_referee(svc.caller(auth), str(match_id))
        match = svc.ledger.deal(match_id)
        return Dealt(match=str(match.id), version=match.version, to_move=_to_move(match))

    done = await svc.run(dealt, pool="play")
    return Response(done, headers=_etag(done.version))
