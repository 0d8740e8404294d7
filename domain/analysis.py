"""The analysis of a match for one seat: each of its decisions judged from what it knew then,
kept as the events of an aggregate of its own beside the match (the match never changes).
The judging itself is domain/judging.py's; this module holds what is stored and read.

Judging (domain/judging.py). For every decision the seat made that still stands (undone ones are left out), the
state before it is handed to the search evaluator (domain/search.py `evaluate`), which reads it
only through the seat's determinizer, view and legal moves: the judgement of a decision depends
on what the seat could see then, never on the facts hidden from it (tested: two histories that
differ only in hidden facts are judged alike for the same seed). The candidates are the
evaluator's own (every legal move, or the greedy bot's picks and a sample of the rest) with the
move played among them; the best is `search.best` of their values.

A decision with one legal move is `forced`: not searched, and not counted in the accuracy.

Marks, by the loss of expected win rate (best's minus played's, 0 when the move played is
the best found), as lichess marks by its win-chance loss:

    loss >= 0.20   blunder
    loss >= 0.10   mistake
    loss >= 0.05   inaccuracy

Accuracy of a decision, lichess's formula on the win rate in percent:
`103.1668 * exp(-0.04354 * 100 * loss) - 3.1669`, clamped to 0..100 (0 loss: 100); the seat's
accuracy is the mean over its judged (not forced) decisions (None when it has none).

The budget per decision is `Budget(ms=DEFAULT_BUDGET_MS)` unless told (milliseconds: figures
then depend on the machine); `Budget(iterations=N)` makes an analysis deterministic for a seed.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec
from eventsourcing.domain import Aggregate

from domain.commitment import fresh_salt
from domain.move_value import Value

DEFAULT_BUDGET_MS = 800.0
"""Milliseconds of search per decision by default: a 2-seat Race for the Galaxy match of ~200
decisions (about 100 of one seat's) is analysed well within two minutes here."""

MAX_BUDGET_MS = 10_000.0
"""The most a decision may be given (a request asks for at most this)."""

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
MARKS = ((BLUNDER, "blunder"), (MISTAKE, "mistake"), (INACCURACY, "inaccuracy"))
FORCED = "forced"

NAMESPACE = uuid.UUID("0c7e6a52-3f1d-4b8e-9d21-5a4f0e9b7c13")
_canonical = msgspec.json.Encoder(order="deterministic")


class Judged(msgspec.Struct, frozen=True, kw_only=True):
    """One decision of the seat: the step it was stored at, the move played and the best one
    found (commands in their plain JSON form) with their values, the loss, mark and accuracy."""

    step: int
    played: Any
    best: Any
    played_value: Value | None = None
    best_value: Value | None = None
    loss: float = 0.0
    mark: str = ""  # "", "inaccuracy", "mistake", "blunder" or "forced"
    accuracy: float | None = None
    candidates: int = 1
    samples: int = 0


def mark_of(loss: float) -> str:
    """The mark a loss of expected win rate earns ("" below an inaccuracy)."""
    return next((name for threshold, name in MARKS if loss >= threshold - 1e-9), "")


def move_accuracy(loss: float) -> float:
    """lichess's accuracy of a move from its loss of win chance (0..1), in 0..100."""
    found = 103.1668 * math.exp(-0.04354 * 100 * max(0.0, loss)) - 3.1669
    return round(min(100.0, max(0.0, found)), 1)


def seat_accuracy(decisions: Sequence[Judged]) -> float | None:
    """The mean accuracy of the judged (not forced) decisions, None without any."""
    found = [d.accuracy for d in decisions if d.accuracy is not None]
    return round(sum(found) / len(found), 1) if found else None


class Analysis(Aggregate):
    """A seat's analysis of a match: each `Analysed` event is a whole analysis (the latest
    stands; an analysis asked again, say with a larger budget, replaces the one before)."""

    class Opened(Aggregate.Created):
        match: str
        seat: str

    class Analysed(Aggregate.Event):
        judged_version: int  # the match's version it judged
        budget: str  # the budget, as told ("400 ms", "2 iterations")
        seed: int
        decisions: list[Judged]
        accuracy: float | None
        salt: str

        def apply(self, analysis: Analysis) -> None:
            analysis.judged_version = self.judged_version
            analysis.budget = self.budget
            analysis.seed = self.seed
            analysis.decisions = list(self.decisions)
            analysis.accuracy = self.accuracy
            analysis.at = self.timestamp.isoformat(timespec="seconds")

    def __init__(self, match: str, seat: str) -> None:
        self.match = match
        self.seat = seat
        self.judged_version = 0  # the match's version judged (0: not yet)
        self.budget = ""
        self.seed = 0
        self.decisions: list[Judged] = []
        self.accuracy: float | None = None
        self.at = ""

    @staticmethod
    def id_for(match_id: uuid.UUID | str, seat: str) -> uuid.UUID:
        return uuid.uuid5(NAMESPACE, f"starledger-analysis:{match_id}:{seat}")

    @classmethod
    def open(cls, match_id: uuid.UUID | str, seat: str) -> Analysis:
        return cls._create(
            cls.Opened, id=cls.id_for(match_id, seat), match=str(match_id), seat=seat
        )

    def record(self, version: int, budget: str, seed: int, judged: Sequence[Judged]) -> None:
        self.trigger_event(
            self.Analysed,
            judged_version=version,
            budget=budget,
            seed=seed,
            decisions=list(judged),
            accuracy=seat_accuracy(judged),
            salt=fresh_salt(),
        )
