"""Every game's board as an SVG picture, drawn from a *view*, never from the state.

Each game has one module here with two functions (the drawing contract, `Drawer`):

- `board(view, seats)`: the board as a picture, from the typed view as `Rules.view` gives it:
  the spectator's view or a seat's (both have the same shape; a seat's shows its own secrets).
  It must draw only what the view holds, and every number it shows comes from the view or the
  game's own tables (`domain/<game>/components.py`), never from rules of its own.
- `private(view, seat, seats)`: what the seat `seat` privately knows (its hand, its orders, its
  peeks), from that seat's own view, in its own panel; None when the game hides nothing from
  others at this point.

Pictures are built with `server.boards.svg` (every text and attribute escaped). The browser
viewer asks the server for them (server/pictures.py), so what a visitor's page holds is exactly
what its view allows (tests/server/test_viewer_*.py reads the DOM to prove it).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from typing import Any, Protocol, cast

from server.boards.svg import Element

BOARD_MODULES: dict[str, str] = {
    "delta-v": "server.boards.delta_v",
    "race-for-the-galaxy": "server.boards.race_for_the_galaxy",
    "onward-to-venus": "server.boards.onward_to_venus",
    "duck-dealer": "server.boards.duck_dealer",
    "kosmonauts": "server.boards.kosmonauts",
}


class Drawer(Protocol):
    def board(self, view: Any, seats: Sequence[str]) -> Element: ...

    def private(self, view: Any, seat: str, seats: Sequence[str]) -> Element | None: ...


@functools.cache
def drawer(slug: str) -> Drawer:
    """The drawing module of game `slug` (the fallback draws a view as a labelled outline)."""
    name = BOARD_MODULES.get(slug, "server.boards.fallback")
    try:
        return cast(Drawer, importlib.import_module(name))
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return cast(Drawer, importlib.import_module("server.boards.fallback"))
