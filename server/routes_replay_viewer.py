"""What the browser viewer reads besides the log: a match step by step with its scores, its
board as a picture at any step, and the verdict of `verify` on what the caller may have.

Each answers as the caller's token allows (api/trust.py), through the query layer, so the
viewer's page can hold no more than the caller's own view, log and export.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Response, get
from litestar.params import QueryParameter

from domain.errors import IllegalMove
from projections.timeline import Timeline
from records.replays import Verdict
from server.deps import As, Auth, MatchId, Svc
from server.pictures import Picture, picture
from server.routes_read import READ, reading

At = Annotated[int | None, QueryParameter(ge=1, le=10**9, description="After stored event N.")]


@get("/matches/{match_id:uuid}/timeline", responses=READ)
async def timeline(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> Timeline:
    """The match step by step as the caller may read it: each stored event in words (undos and
    redos marked), and the scores everyone may know after it."""

    return await svc.run(lambda: svc.client(auth).timeline(str(match_id), as_=as_), pool="long")


@get("/matches/{match_id:uuid}/picture", responses=READ)
async def board_picture(
    svc: Svc, auth: Auth, match_id: MatchId, as_: As = None, at: At = None
) -> Response[Picture]:
    """The board as an SVG picture (now, or after stored event `at`), drawn from the caller's
    view, with the private panel of the caller's seat; every seat's panel for the referee or
    once the match's record is open."""

    def draw() -> Picture:
        reader, viewer = reading(svc, auth, match_id, as_)
        row = reader.summary(str(match_id))
        if at is not None and at > row.version:
            raise IllegalMove("BAD_STEP", f"at must be between 1 and {row.version}")
        match = svc.ledger.match(row.match, version=at)
        return picture(match, viewer, opened=row.opened)

    drawn = await svc.run(draw, pool="long")
    return Response(drawn, headers={"ETag": f'"{drawn.version}"'})


@get("/matches/{match_id:uuid}/verdict", responses=READ)
async def verdict(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> Verdict:
    """`verify` on the replay file the caller may export: chain, commitments, seed and re-run
    for the full file; the chain and visible commitments (`partial`) for a redacted one."""

    return await svc.run(lambda: svc.client(auth).verify_match(str(match_id), as_=as_), pool="long")


__all__ = ["board_picture", "timeline", "verdict"]
