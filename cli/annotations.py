"""The lines a stored analysis adds under the steps of a log or a stepper (`log`, `step`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.client import Client


def step_annotations(
    asks: Client, match: str, seats: list[str], viewer: str, opened: bool
) -> dict[int, list[str]]:
    """The line under each step judged by a stored analysis the viewer may read ("ann: mistake
    (win 42% -> best 61%: develops Gem World)"): its own seat's (the referee's: every seat's)
    until the record opens, then every seat's."""
    from api.analysis import annotation
    from domain.errors import StarledgerError

    readable = seats if opened or viewer == "referee" else [s for s in seats if s == viewer]
    lines: dict[int, list[str]] = {}
    for seat in readable:
        try:
            found = asks.analysis(match, as_=seat)
        except StarledgerError:
            continue  # never analysed (or not readable by this asker)
        for step in found.decisions:
            lines.setdefault(step.step, []).append(f"{seat}: {annotation(step)}")
    return lines


def with_annotations(
    frame: Callable[[int], tuple[Any, str]], lines: dict[int, list[str]]
) -> Callable[[int], tuple[Any, str]]:
    """A stepper's frame function whose decision text ends with each step's analysis lines."""

    def framed(number: int) -> tuple[Any, str]:
        board, decision = frame(number)
        for line in lines.get(number, []):
            decision += f"\n{line}"
        return board, decision

    return framed
