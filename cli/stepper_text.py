"""The text of one step for the stepper (kept apart so listing commands never import Textual)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def describe_step(
    entries: list[Any],
    describe: Callable[[dict[str, Any]], str],
    headline: Callable[[Any], str],
    width: int,
) -> str:
    """The decision of one step as text (from its log entry), told as `log` tells it:
    `headline` an entry, `describe` a game event; every line wrapped to `width`."""
    import textwrap

    lines: list[str] = []
    for entry in entries:
        lines += textwrap.wrap(f"step {entry.version}: {headline(entry)}", width,
                               subsequent_indent="    ")  # fmt: skip
        for event in entry.events:
            lines += textwrap.wrap(describe(event), width, initial_indent="  ",
                                   subsequent_indent="      ")  # fmt: skip
    return "\n".join(lines) or "(nothing this viewer may see)"
