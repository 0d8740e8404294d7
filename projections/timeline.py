"""A match step by step, as one viewer may read it: each stored event in words, with the scores
everyone may know after it. The browser viewer's stepper, decision list and score chart.

Scores come from folding the stored events one at a time (one pass, not one load per step) and
are the same public scores every view document carries (`projectors.scoreboard`); the words
come from the viewer's redacted log, so a step says no more than the log does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.match import Match
from domain.registry import rules_for
from projections.match_log import LogEntry, describe, headline
from projections.projectors import scoreboard


class Step(msgspec.Struct, kw_only=True, frozen=True):
    """One stored event: what happened in words, and where the match stood after it."""

    version: int
    kind: str
    at: str
    seat: str | None = None
    decision: int | None = None
    text: str
    details: list[str] = msgspec.field(default_factory=list)
    sealed: bool = False
    redacted: bool = False
    undo: bool = False
    redo: bool = False
    scores: list[int]
    to_move: list[str] = msgspec.field(default_factory=list)
    status: str


class Timeline(msgspec.Struct, kw_only=True, frozen=True):
    match: str
    game: str
    seats: list[str]
    viewer: str
    version: int
    status: str
    opened: bool
    steps: list[Step]


def fold_scores(events: Sequence[Any]) -> list[tuple[list[int], list[str], str]]:
    """After each stored event: the scores, who is to move and the status."""
    match: Any = None
    after = []
    for event in events:
        match = event.mutate(match)
        assert isinstance(match, Match)
        board = scoreboard(match)
        to_move = match.waiting_for
        after.append(([seat.score for seat in board.seats], to_move, match.status))
    return after


def steps(
    entries: Sequence[LogEntry],
    standing: Sequence[tuple[list[int], list[str], str]],
    seats: Sequence[str],
    game: str,
) -> list[Step]:
    rules = rules_for(game)
    found = []
    for entry in entries:
        if entry.version > len(standing):  # stored after the events were read
            break
        scores, to_move, status = standing[entry.version - 1]
        found.append(
            Step(
                version=entry.version,
                kind=entry.kind,
                at=entry.at,
                seat=entry.seat,
                decision=entry.decision,
                text=headline(entry, seats, rules),
                details=[describe(event, seats, rules) for event in entry.events],
                sealed=entry.sealed,
                redacted=entry.redacted,
                undo=entry.kind == "Undone",
                redo=entry.kind == "Redone",
                scores=scores,
                to_move=to_move,
                status=status,
            )
        )
    return found
