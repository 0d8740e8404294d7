"""The text of one step for the stepper (kept apart so listing commands never import Textual)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def describe_step(
    entries: list[Any],
    describe: Callable[[dict[str, Any]], str],
    command: Callable[[dict[str, Any]], str] = str,
) -> str:
    """The decision of one step as text (from its log entry): `describe` writes a game event,
    `command` a command (seats by name)."""
    lines: list[str] = []
    for entry in entries:
        if entry.kind == "Decided":
            what = "(sealed)" if entry.sealed else command(entry.command)
            lines.append(f"step {entry.version}: {entry.seat} decided {what}")
        elif entry.kind in ("Undone", "Redone"):
            lines.append(f"step {entry.version}: {entry.seat} {entry.kind.lower()} "
                         f"decision {entry.decision}")  # fmt: skip
        else:
            lines.append(f"step {entry.version}: {entry.kind}")
        lines += ["  " + describe(event) for event in entry.events]
    return "\n".join(lines) or "(nothing this viewer may see)"
