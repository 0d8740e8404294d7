"""What the analysis board and playing from the page read besides the viewer's routes: the
caller's moves as the CLI's numbered menu (`starledger moves`, big kinds part by part) and the
notes on a match the caller may read.

Both answer through the same use cases as the other routes (api/local.py), so the trust rules
are theirs: the menu is the seat's own `/moves` listing (its token's seat only), the notes are
those the caller's viewer may read (`/log`'s).
"""

from __future__ import annotations

from typing import Annotated

from litestar import Response, get
from litestar.params import QueryParameter

from api.documents import Moves
from domain.errors import BadInput
from domain.match import TABLE
from domain.notes import Note
from domain.registry import rules_for
from forms.menus import MoveMenu, menu, outcome_menu
from server.deps import As, Auth, MatchId, Svc, responses
from server.routes_read import READ, reading

MAX_PARTS = 64
"""A position deeper than any command of the five games has parts."""

Parts = Annotated[
    list[str] | None,
    QueryParameter(
        name="part",
        description="The parts picked so far, in order (repeat `part`); none: every kind.",
    ),
]


def menu_of(found: Moves, parts: list[str]) -> MoveMenu:
    """The menu at position `parts` of a `/moves` listing: numbered as `starledger moves`
    numbers it (forms/menus.py), the table's outcomes as `starledger moves` lists them."""
    if found.seat == TABLE:
        named = [
            (name, command.get("chance"), count)
            for command, name, count in zip(found.commands, found.names, found.counts, strict=True)
        ]
        return outcome_menu(
            found.match, found.version, found.asking, named, parts,
            waiting_for=found.waiting_for, over=found.status == "over",
        )  # fmt: skip
    return menu(
        found.match, found.seat, found.version, found.commands, rules_for(found.game),
        found.seats, parts=parts, waiting_for=found.waiting_for, over=found.status == "over",
    )  # fmt: skip


@get("/matches/{match_id:uuid}/menu", responses=responses(401, 403, 404, 422))
async def move_menu(
    svc: Svc, auth: Auth, match_id: MatchId, as_: As = None, part: Parts = None
) -> Response[MoveMenu]:
    """The caller's legal moves now as `starledger moves` shows them: grouped by kind, numbered
    from 1, a kind with many moves picked part by part (`part`: the parts picked so far). An
    entry with `command` is a whole move (play it with `POST .../decisions`); one with `parts`
    is the position it leads to."""
    parts = list(part or [])
    if len(parts) > MAX_PARTS or any(len(one) > 200 for one in parts):
        raise BadInput(f"at most {MAX_PARTS} parts of 200 characters", code="BAD_PARTS")

    def listed() -> MoveMenu:
        return menu_of(svc.client(auth).moves(str(match_id), as_=as_), parts)

    shown = await svc.run(listed, pool="play")
    return Response(shown, headers={"ETag": f'"{shown.version}"'})


@get("/matches/{match_id:uuid}/notes", responses=READ)
async def notes(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> list[Note]:
    """The notes on the match the caller may read (as `/log` gives them): its own (the
    referee's: all) while the match runs, everyone's once its record opens."""

    def found() -> list[Note]:
        reader, viewer = reading(svc, auth, match_id, as_)
        return reader.notes(str(match_id), viewer)

    return await svc.run(found)


__all__ = ["move_menu", "notes"]
