"""A match drawn for one viewer: the board and the private panels that viewer may see.

- A seat (while the record is closed): the board from its own view and its own private panel.
- A spectator (while closed): the board from the spectator's view, no private panel.
- The referee, or the spectator once the match's record is open (`Match.opened`): the board from
  the spectator's view with every seat's hidden facts filled in from its own view
  (server/full_views.py), and every seat's private panel, each from that seat's own view.
- A seat once the record is open (anyone may read it as any seat then): what that seat saw, its
  board and its own panel, so an open record can be replayed from each seat's perspective.

Everything is drawn from views (`Rules.view`), never from the state, so a picture can hold no
more than the views it was drawn from (server/boards/__init__.py).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

import msgspec

from domain.match import TABLE, Match
from domain.viewer import Viewer
from server.boards import drawer
from server.boards.svg import Element, svg, text
from server.full_views import filled


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


def picture(match: Match, viewer: Viewer, *, opened: bool, perspective: bool = False) -> Picture:
    """`match` (at whatever version it was loaded) drawn for `viewer`; `opened`: whether the
    match's record is open to everyone (decided at its latest version, not this one)."""
    seats = list(match.seats)
    draw = drawer(match.game)
    # Once the record is open everything is everyone's, unless a seat's perspective was asked
    # for (the analysis board's "as ben": what ben saw, his board and his own panel).
    everything = viewer.referee or (opened and (viewer.seat is None or not perspective))
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
    if everything:  # the board with every seat's hidden facts (server/full_views.py)
        public = _view(match, None)
        views = [msgspec.to_builtins(_view(match, seat)) for seat in range(len(seats))]
        whole = filled(msgspec.to_builtins(public), views)
        board = draw.board(msgspec.convert(whole, type(public)), seats)
    else:
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


class Drawn(msgspec.Struct, frozen=True):
    """A picture as sent: its JSON and an ETag of that content."""

    body: bytes
    etag: str


def drawn(found: Picture) -> Drawn:
    body = msgspec.json.encode(found)
    return Drawn(body=body, etag=f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"')


Key = tuple[str, int, str, bool, bool]
"""What a picture depends on: match, version, the viewer's label, whether the record is open."""


class FinishedPictures:
    """The pictures of finished matches last sent, by (match, version, viewer, opened): a match
    over never changes, so a picture drawn once for a viewer is that viewer's for good. Keyed by
    the viewer: one seat's picture is never another's (nor a spectator's)."""

    def __init__(self, kept: int = 256) -> None:
        self.kept = kept
        self._found: OrderedDict[Key, Drawn] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Drawn | None:
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
            return found

    def put(self, key: Key, found: Drawn) -> None:
        with self._lock:
            self._found[key] = found
            self._found.move_to_end(key)
            while len(self._found) > self.kept:
                self._found.popitem(last=False)


FOREVER = "private, max-age=31536000, immutable"
"""Cache-Control of a finished match's picture: the viewer's own browser keeps it (`private`:
never a shared cache, as it may hold a seat's private panel)."""
ASK_AGAIN = "private, no-cache"
"""Cache-Control of a running match's picture: kept, but asked again (a 304 if unchanged),
since the record opening at the end may show more of an earlier step."""


def _view(match: Match, seat: int | None) -> msgspec.Struct:
    return match.rules.view(match.state, seat)
