"""Reading and following a match as the caller may: view, log, scores, export, live events.

Every read goes through the query layer with the viewer the caller's token allows
(api/trust.py); the query layer applies the trust rules (projections/queries.py).
"""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import msgspec
from litestar import Request, Response, get
from litestar.params import QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.documents import Difference
from api.local import news
from domain.errors import BadInput
from domain.viewer import Viewer
from projections.documents import Scoreboard, ViewDoc
from projections.queries import MatchLog, Reader
from server.deps import VERSION, As, Auth, MatchId, Svc, responses
from server.limits import Slot

READ = responses(401, 403, 404, 422)
JSONL = "application/x-ndjson"


def reading(svc: Svc, auth: Auth, match_id: MatchId, as_: str | None) -> tuple[Reader, Viewer]:
    """A reader for this request and the viewer the caller's token allows."""
    asks = svc.client(auth)
    _, viewer = asks.viewer_of(str(match_id), as_)
    return asks.read, viewer


@get("/matches/{match_id:uuid}/view", responses=READ)
async def view(
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    at: Annotated[
        int | None, QueryParameter(ge=1, le=10**9, description="After stored event N.")
    ] = None,
) -> Response[ViewDoc]:
    """What the caller sees of the match now (or after stored event `at`): its view as the game
    defines it, the same drawn as text, whose turn, scores."""

    doc = await svc.run(lambda: svc.client(auth).show(str(match_id), as_=as_, at=at))
    return Response(doc, headers={"ETag": f'"{doc.version}"'})


@get("/matches/{match_id:uuid}/log", responses=READ)
async def log(
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    after: Annotated[
        int, QueryParameter(ge=0, le=10**9, description="Only entries after this version.")
    ] = 0,
) -> MatchLog:
    """The match decision by decision as the caller may read it, each entry with its salted
    commitment and chain hash (hidden parts redacted until the match opens)."""

    return await svc.run(lambda: svc.client(auth).log(str(match_id), as_=as_, after=after))


@get("/matches/{match_id:uuid}/scores", responses=responses(404))
async def scores(svc: Svc, match_id: MatchId) -> Scoreboard:
    """Scores and places everyone may know now; winners once it is over."""
    return await svc.run(lambda: svc.public().score(str(match_id)))


@get("/matches/{match_id:uuid}/diff", responses=READ)
async def diff(
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    first: Annotated[int, QueryParameter(name="from", ge=1, le=10**9, description="Step N.")],
    second: Annotated[int, QueryParameter(name="to", ge=1, le=10**9, description="Step M.")],
    as_: As = None,
) -> Difference:
    """What changed between two steps as the caller sees them (`starledger diff`): the
    decisions in between, as the log gives them, and every part of the view that differs."""
    return await svc.run(
        lambda: svc.client(auth).diff(str(match_id), first, second, as_=as_), pool="long"
    )


@get("/matches/{match_id:uuid}/export", media_type=JSONL, responses=responses(401, 403, 404, 422))
async def export(
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    table: Annotated[
        bool,
        QueryParameter(
            description="A table record (every decision and chance outcome): the "
            "referee's or the table's token only."
        ),
    ] = False,
) -> Response[str]:
    """The match as a replay file (JSON Lines): the full file for the referee or once the match
    is open; otherwise redacted for the caller, with every commitment in place. With `table`,
    the match as a table record (starledger-table/1), which `POST /tables/import` applies."""

    def lines() -> str:
        asks = svc.client(auth)
        return asks.export_table(str(match_id)) if table else asks.export(str(match_id), as_=as_)

    with svc.limits.exports.take(auth.address):  # a few at a time per client (429)
        text = await svc.run(lines, pool="long")
    return Response(text, media_type=JSONL)


def last_event_id(request: Request, after: int | None) -> int:
    raw = request.headers.get("last-event-id")
    if raw is None:
        return after or 0
    if not VERSION.fullmatch(raw.strip()):
        raise BadInput("Last-Event-ID must be a match version", code="BAD_LAST_EVENT_ID")
    return int(raw)


@get(
    "/matches/{match_id:uuid}/events",
    media_type="text/event-stream",
    responses=responses(401, 403, 404, 422),
)
async def events(
    request: Request,
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    after: Annotated[
        int | None,
        QueryParameter(
            ge=0, le=10**9, description="Start after this version (as Last-Event-ID does)."
        ),
    ] = None,
    follow: Annotated[
        float,
        QueryParameter(
            ge=0, le=3600, description="Seconds to wait for new entries before closing."
        ),
    ] = 600,
) -> ServerSentEvent:
    """Server-Sent Events: each new log entry as the caller may read it (`event: entry`, `id`:
    its version), resumable with Last-Event-ID. `event: opened` comes before the first entry
    read once the match's record is open (entries sent before it were redacted: read the log
    again for them whole); `event: end` when the match is over. The stream closes after `follow`
    seconds; a client reconnects with the last id it saw."""
    start = last_event_id(request, after)
    _, viewer = await svc.run(reading, svc, auth, match_id, as_)
    slot = svc.limits.streams.take(auth.address)  # 429 past STARLEDGER_MAX_STREAMS
    stream = _held(slot, _entries(svc, match_id, viewer, start, follow))
    weakref.finalize(stream, slot.release)  # a stream dropped before it started
    return ServerSentEvent(stream)


async def _held(
    slot: Slot, stream: AsyncIterator[ServerSentEventMessage]
) -> AsyncIterator[ServerSentEventMessage]:
    """`stream`, its slot given back when it ends, fails or its client goes away."""
    try:
        async for message in stream:
            yield message
    finally:
        slot.release()


async def _entries(
    svc: Svc, match_id: MatchId, viewer: Viewer, after: int, follow: float
) -> AsyncIterator[ServerSentEventMessage]:
    deadline = anyio.current_time() + follow
    keepalive = svc.settings.sse_keepalive
    opened = False
    with svc.hub.watch(match_id) as woken:
        while True:
            found, last = await svc.run(_news, svc, match_id, viewer, after)
            if found.opened and not opened and not viewer.referee:
                opened = True  # from here on entries are whole: the match's record is open
                yield ServerSentEventMessage(
                    data=msgspec.json.encode({"version": after}).decode(), event="opened"
                )
            for entry in found.entries:
                if entry.version > after:
                    after = entry.version
                    yield ServerSentEventMessage(
                        data=msgspec.json.encode(entry).decode(), event="entry", id=str(after)
                    )
            # Over, and every entry up to its last version sent: the projections are written one
            # after another, so the index may say "over" before the audit log holds the end.
            if last is not None and after >= last:
                end = {"version": after, "opened": found.opened}
                yield ServerSentEventMessage(
                    data=msgspec.json.encode(end).decode(), event="end", id=str(after)
                )
                return
            left = deadline - anyio.current_time()
            if left <= 0:
                return
            if last is not None:
                await anyio.sleep(0.05)  # the last entries are being written: read again
                continue
            with anyio.move_on_after(min(left, keepalive)) as waited:
                await woken.wait()
            woken.clear()
            if waited.cancelled_caught and left > keepalive:
                yield ServerSentEventMessage(data=None, comment="keep-alive")


def _news(svc: Svc, match_id: MatchId, viewer: Viewer, after: int) -> tuple[MatchLog, int | None]:
    """One step of following the match (api/local.py's `news`, as the CLI follows one)."""
    return news(svc.reader(), str(match_id), viewer, after)
