"""`show`'s "what I know" panels as a labelled table in the game's words (domain/knowledge.py),
each line wrapped to the terminal."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from domain.knowledge import Part, told_parts
from projections.diffs import Change

LABEL_WIDTH = 20


def panel_lines(
    changes: Sequence[Change], view: Any, narration: str | None, names: Sequence[str], width: int
) -> list[str]:
    """One line per private part (`hand    Gem World and Space Port (2 cards)`), wrapped."""
    parts = [Part(c.path, c.before if c.kind == "removed" else c.after, c.kind) for c in changes]
    told = told_parts(parts, view, names, narration)
    if not told:
        return ["  (nothing beyond what everyone sees)"]
    column = min(LABEL_WIDTH, max(len(label) for label, _ in told))
    lines: list[str] = []
    for label, text in told:
        head = f"  {label:<{column}}  "
        lines += textwrap.wrap(
            text, max(width, len(head) + 20), initial_indent=head,
            subsequent_indent=" " * len(head), break_on_hyphens=False,
        ) or [head.rstrip()]  # fmt: skip
    return lines
