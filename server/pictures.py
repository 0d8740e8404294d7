"""A match drawn for one viewer: the board and the private panels that viewer may see.

- A seat (while the record is closed): the board from its own view and its own private panel.
- A spectator (while closed): the board from the spectator's view, no private panel.
- The referee, or anyone once the match's record is open (`Match.opened`): the board from the
  spectator's view and every seat's private panel, each from that seat's own view.

Everything is drawn from views (`Rules.view`), never from the state, so a picture can hold no
more than the views it was drawn from (server/boards/__init__.py).
"""

from __future__ import annotations

import msgspec

from domain.match import TABLE, Match
from projections.viewer import Viewer
from server.boards import drawer
from server.boards.svg import Element, svg, text


class Panel(msgspec.Struct, frozen=True, kw_only=True):
    seat: str
    svg: str


class Picture(msgspec.Struct, frozen=True, kw_only=True, rename={"as_": "as"}):
    """The board (an SVG document) and the private panels, at one version of a match."""

    match: str
    game: str
    version: int
    as_: str
    board: str
    panels: list[Panel]


def picture(match: Match, viewer: Viewer, *, opened: bool) -> Picture:
    """`match` (at whatever version it was loaded) drawn for `viewer`; `opened`: whether the
    match's record is open to everyone (decided at its latest version, not this one)."""
    seats = list(match.seats)
    draw = drawer(match.game)
    everything = viewer.referee or opened
    if not match.dealt:
        waiting = ", ".join(match.waiting_for)
        source = "the table" if match.chance == TABLE else f"entropy from: {waiting}"
        board: Element = svg(
            640, 60, text(320, 36, f"the opening waits for {source}", 16),
            label="waiting for the deal",
        )  # fmt: skip
        return Picture(
            match=str(match.id), game=match.game, version=match.version,
            as_=viewer.label(seats), board=str(board), panels=[],
        )  # fmt: skip
    own = None if everything else viewer.seat
    board = draw.board(_view(match, own), seats)
    shown = range(len(seats)) if everything else ([] if viewer.seat is None else [viewer.seat])
    panels = []
    for seat in shown:
        drawn = draw.private(_view(match, seat), seats[seat], seats)
        if drawn is not None:
            panels.append(Panel(seat=seats[seat], svg=str(drawn)))
    return Picture(
        match=str(match.id), game=match.game, version=match.version,
        as_=viewer.label(seats), board=str(board), panels=panels,
    )  # fmt: skip


def _view(match: Match, seat: int | None) -> msgspec.Struct:
    return match.rules.view(match.state, seat)
