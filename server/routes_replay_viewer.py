"""What the browser viewer reads besides the log: a match step by step with its scores, its
board as a picture at any step, and the verdict of `verify` on what the caller may have.

Each answers as the caller's token allows (api/trust.py), through the query layer, so the
viewer's page can hold no more than the caller's own view, log and export.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Request, Response, get
from litestar.params import QueryParameter

from domain.errors import BadInput
from projections.timeline import Timeline
from records.replays import Verdict
from server.deps import As, Auth, MatchId, Svc
from server.pictures import ASK_AGAIN, FOREVER, Drawn, FinishedPictures, Picture, drawn, picture
from server.routes_read import READ, reading

At = Annotated[int | None, QueryParameter(ge=1, le=10**9, description="After stored event N.")]
ViewerName = Annotated[
    str | None,
    QueryParameter(
        max_length=64,
        description="Who the caller reads as (a seat, spectator, referee): a part of the URL, so "
        "that a browser's cache never gives one viewer's picture to another; refused if it is not "
        "the viewer the token allows.",
    ),
]
FINISHED = FinishedPictures()


@get("/matches/{match_id:uuid}/timeline", responses=READ)
async def timeline(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> Timeline:
    """The match step by step as the caller may read it: each stored event in words (undos and
    redos marked), and the scores everyone may know after it."""

    return await svc.run(lambda: svc.client(auth).timeline(str(match_id), as_=as_), pool="long")


@get("/matches/{match_id:uuid}/picture", responses=READ)
async def board_picture(
    request: Request,
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    at: At = None,
    viewer: ViewerName = None,
) -> Response[Picture]:
    """The board as an SVG picture (now, or after stored event `at`), drawn from the caller's
    view, with the private panel of the caller's seat; every seat's panel for the referee or
    once the match's record is open. ETag: a digest of the content (If-None-Match: a 304); a
    finished match's picture is kept by the browser for good, per (match, step, viewer)."""

    def draw() -> tuple[Drawn, bool]:
        reader, who = reading(svc, auth, match_id, as_)
        row = reader.summary(str(match_id))
        label = who.label(row.seats)
        if viewer is not None and viewer != label:
            raise BadInput(f"viewer '{viewer}' is not who this token reads as ('{label}')")
        if at is not None and at > row.version:
            raise BadInput(f"at must be between 1 and {row.version}", code="BAD_STEP")
        over, opened = row.status == "over", row.opened
        perspective = as_ is not None  # a viewer asked for by name, not the token's own
        key = (row.match, at or row.version, label, opened, perspective)
        if over and (kept := FINISHED.get(key)) is not None:
            return kept, over
        shown = svc.ledger.match(row.match, version=at)
        made = drawn(picture(shown, who, opened=opened, perspective=perspective))
        if over:
            FINISHED.put(key, made)
        return made, over

    made, over = await svc.run(draw, pool="long")
    headers = {
        "ETag": made.etag,
        "Cache-Control": FOREVER if over else ASK_AGAIN,
        "Vary": "Authorization",
    }
    if made.etag in request.headers.get("if-none-match", ""):
        return Response(b"", status_code=304, headers=headers)  # type: ignore[arg-type]
    return Response(made.body, media_type="application/json", headers=headers)  # type: ignore[arg-type]


@get("/matches/{match_id:uuid}/verdict", responses=READ)
async def verdict(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> Verdict:
    """`verify` on the replay file the caller may export: chain, commitments, seed and re-run
    for the full file; the chain and visible commitments (`partial`) for a redacted one."""

    return await svc.run(lambda: svc.client(auth).verify_match(str(match_id), as_=as_), pool="long")


__all__ = ["board_picture", "timeline", "verdict"]
