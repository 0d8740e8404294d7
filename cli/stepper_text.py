"""The text of one step for the stepper (kept apart so listing commands never import Textual)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any


def describe_step(
    entries: list[Any],
    describe: Callable[[dict[str, Any]], str],
    command: Callable[[dict[str, Any]], str] = str,
    *,
    headline: Callable[[Any], str] | None = None,
    width: int | None = None,
) -> str:
    """The decision of one step as text (from its log entry): `describe` writes a game event;
    `headline` (`projections.match_log.headline`) tells the entry as `log` tells it, or else
    `command` writes its command (seats by name). With `width`, every line wraps to it."""
    lines: list[str] = []
    for entry in entries:
        lines += _wrapped(f"step {entry.version}: {_told(entry, command, headline)}", width, "    ")
        for event in entry.events:
            lines += _wrapped("  " + describe(event), width, "      ")
    return "\n".join(lines) or "(nothing this viewer may see)"


def _told(entry: Any, command: Callable[[dict[str, Any]], str], headline: Any) -> str:
    if headline is not None:
        return str(headline(entry))
    if entry.kind == "Decided":
        return f"{entry.seat} decided {'(sealed)' if entry.sealed else command(entry.command)}"
    if entry.kind in ("Undone", "Redone"):
        return f"{entry.seat} {entry.kind.lower()} decision {entry.decision}"
    return str(entry.kind)


def _wrapped(line: str, width: int | None, indent: str) -> list[str]:
    if width is None or len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [line]
