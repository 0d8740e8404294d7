"""Judging a seat's decisions (the analysis of domain/analysis.py): the decisions that stand in
a match's events, each with the state before it, and each judged by the search evaluator
(domain/search.py) from what the seat could see then."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from domain.analysis import (
    DEFAULT_BUDGET_MS,
    FORCED,
    MAX_BUDGET_MS,
    Judged,
    Value,
    mark_of,
    move_accuracy,
)
from domain.errors import BadInput
from domain.game import Command, Rules, Seat
from domain.search import Budget, best, candidates, decision_seed, evaluate

_canonical = msgspec.json.Encoder(order="deterministic")


def _plain(command: Any) -> Any:
    """A command in its plain JSON form (lists, not tuples: as it reads back once stored)."""
    return msgspec.json.decode(msgspec.json.encode(command))


def _key(command: Any) -> bytes:
    return _canonical.encode(msgspec.to_builtins(command))


def judge(
    rules: Rules[Any], state: Any, seat: Seat, played: Command, step: int, budget: Budget, seed: int
) -> Judged:
    """One decision: `played` by `seat` in `state` (read through what the seat sees alone)."""
    legal = rules.legal(state, seat)
    plain = _plain(played)
    if len(legal) <= 1:
        return Judged(step=step, played=plain, best=plain, mark=FORCED)
    rng = random.Random(decision_seed(rules, state, seat, seed))
    moves = candidates(rules, state, seat, rng, budget.width)
    if _key(played) not in {_key(move) for move in moves}:
        moves.append(played)
    values = evaluate(rules, state, seat, moves, budget, seed)
    mine = next(v for v in values if _key(v.command) == _key(played))
    top = best(values)
    if (mine.win_rate, mine.margin) == (top.win_rate, top.margin):
        top = mine  # as good as the best found: the move played is one of the best
    loss = max(0.0, top.win_rate - mine.win_rate)
    return Judged(
        step=step,
        played=plain,
        best=_plain(top.command),
        played_value=Value(round(mine.win_rate, 4), round(mine.margin, 3)),
        best_value=Value(round(top.win_rate, 4), round(top.margin, 3)),
        loss=round(loss, 4),
        mark=mark_of(loss),
        accuracy=move_accuracy(loss),
        candidates=len(values),
        samples=top.samples,
    )


class Decision(msgspec.Struct, frozen=True):
    """A decision that stands in a match's history: its step, the state before it, the seat
    that made it and the command."""

    step: int
    state: Any
    seat: Seat
    command: Command


def decisions(events: Iterable[Any]) -> list[Decision]:
    """The decisions that stand in a match's stored events (undone ones left out, redone ones
    back), each with the state before it, from the match folded event by event."""
    from domain.match import Match, typed

    match: Any = None
    made: dict[int, Decision] = {}
    standing: list[int] = []
    undone: list[int] = []
    for event in events:
        if isinstance(event, Match.Decided) and match is not None and not match.retired:
            rules = match.rules
            command = event.command
            if not isinstance(command, Command):
                command = typed(command, rules.command_type)
            made[event.originator_version] = Decision(
                event.originator_version, match.state, event.seat, command
            )
            standing.append(event.originator_version)
            undone.clear()
        elif isinstance(event, Match.Undone) and standing:
            undone.append(standing.pop())
        elif isinstance(event, Match.Redone) and undone:
            standing.append(undone.pop())
        match = event.mutate(match)
    return [made[step] for step in standing]


def analyse(
    rules: Rules[Any],
    history: Iterable[Decision],
    seat: Seat,
    budget: Budget,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[Judged]:
    """Every decision of `seat` in `history` judged (see the module's docstring)."""
    mine = [d for d in history if d.seat == seat]
    judged: list[Judged] = []
    for done, decision in enumerate(mine):
        judged.append(
            judge(rules, decision.state, seat, decision.command, decision.step, budget, seed)
        )
        if progress is not None:
            progress(done + 1, len(mine))
    return judged


def budget_of(budget_ms: float | None = None, iterations: int | None = None) -> Budget:
    """The search budget of a decision: `iterations` samples, else `budget_ms` milliseconds
    (DEFAULT_BUDGET_MS unless told)."""
    if iterations is not None:
        if not 1 <= iterations <= 10_000:
            raise BadInput("iterations go from 1 to 10000", code="BAD_BUDGET")
        return Budget(iterations=iterations)
    ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
    if not (ms > 0 and ms <= MAX_BUDGET_MS):
        raise BadInput(
            f"a budget is more than 0 and at most {MAX_BUDGET_MS:g} ms a decision",
            code="BAD_BUDGET",
        )
    return Budget(ms=ms)


def budget_text(budget: Budget) -> str:
    """A budget as told: "400 ms" or "2 iterations"."""
    if budget.iterations is not None:
        return f"{budget.iterations} iteration{'s' if budget.iterations != 1 else ''}"
    return f"{budget.ms:g} ms"
