"""The picture of a game that has no board drawing of its own: its view's fields, listed.

Used for games registered without a drawing (the test suite's toy game); every shipped game
has its own module beside this one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from server.boards.svg import PAPER, Element, el, svg, text

LINE = 20


def board(typed: msgspec.Struct, seats: Sequence[str]) -> Element:
    view = msgspec.to_builtins(typed)  # this board reads the view as JSON-like builtins
    rows = _rows(view)
    height = LINE * (len(rows) + 1)
    lines = [
        text(12, LINE * (i + 1), f"{key}: {value}", 13, text_anchor="start")
        for i, (key, value) in enumerate(rows)
    ]
    return svg(
        640,
        height,
        el("rect", x=0, y=0, width=640, height=height, fill=PAPER),
        *lines,
        label="the view, field by field",
    )


def private(typed: msgspec.Struct, seat: str, seats: Sequence[str]) -> Element | None:
    return None


def _rows(view: Any) -> list[tuple[str, str]]:
    if not isinstance(view, dict):
        return [("view", _short(view))]
    return [(str(key), _short(value)) for key, value in view.items()]


def _short(value: Any) -> str:
    words = str(value)
    return words if len(words) <= 80 else words[:77] + "..."
