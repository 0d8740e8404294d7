"""The table record: a game played anywhere, as every decision and chance outcome in order.

    line 1   {"format": "starledger-table/1", "game", "seats", "options"}
    then     {"chance": OUTCOME}                          what chance gave: its value, or its name
             {"seat": NAME, "play": "Kind field=value"}   a decision, as `play` writes it
             {"seat": NAME, "command": {...}}             or as a JSON command

one line per decision or chance outcome, in the order they happened (a decision's outcomes right
after it; the opening's before the first decision). `import_table` applies the record through the
rules as a match dealt by the table (`Match.start(table=True)`): the first line that is illegal or
impossible is named with its number, seat and why, and nothing is made. `table_lines` writes any
match as such a record, house or table (the referee's: it holds every hidden outcome); a house
match's outcomes are drawn again from its seed, exactly as they were.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.chance import HouseChance, ImpossibleOutcome
from domain.errors import BadInput, IllegalMove
from domain.game import Rules, name_seats
from domain.match import TABLE, Match
from domain.rng import Rng
from forms.command_forms import command_text, parse_command_words
from records.replays import ReplayError, Verdict, canonical, parse

FORMAT = "starledger-table/1"
MAX_RECORD_LINES = 200_000


class TableRecordError(BadInput):
    """A table record that cannot be applied: `line` is the 1-based number of the first bad line."""

    default_code = "BAD_TABLE_RECORD"

    def __init__(self, line: int, reason: str) -> None:
        reason = reason if len(reason) <= 300 else reason[:297] + "..."
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


# -- writing ------------------------------------------------------------------------------------


@dataclass
class _Step:
    seat: int
    command: Any
    chance: list[Any]


def table_lines(events: Sequence[Any]) -> list[dict[str, Any]]:
    """A stored match (its events) as a table record: the header, the opening's outcomes, then
    every decision that stands (undone and withdrawn ones left out) with its outcomes."""
    started = events[0]
    assert isinstance(started, Match.Started)
    if started.forked_from:
        raise BadInput(
            "a fork begins from its origin's state, which a table record cannot hold: "
            "write the origin's record"
        )
    match = started.mutate(None)
    assert isinstance(match, Match)
    for event in events[1:]:
        event.mutate(match)
    rules = match.rules
    if match.chance == TABLE:
        opening, steps = _table_steps(events)
    else:
        opening, steps = _house_steps(match, events)
    lines: list[dict[str, Any]] = [
        {
            "format": FORMAT,
            "game": match.game,
            "seats": list(match.seats),
            "options": dict(match.options),
        }
    ]
    lines += [{"chance": outcome} for outcome in opening]
    for step in steps:
        lines.append(
            {"seat": match.seats[step.seat], "play": command_text(step.command, rules, match.seats)}
        )
        lines += [{"chance": outcome} for outcome in step.chance]
    if match.pending is not None and match.pending.seat is not None:  # waits for the table
        pending = match.pending
        written = command_text(pending.command, rules, match.seats)
        lines.append({"seat": match.seats[pending.seat], "play": written})
        lines += [{"chance": outcome} for outcome in pending.given]
    return lines


def _table_steps(events: Sequence[Any]) -> tuple[list[Any], list[_Step]]:
    """The standing opening and decisions of a table match, with the outcomes that made them."""
    opening: list[Any] = []
    steps: list[_Step] = []
    undone: list[_Step] = []
    last: Any = None
    for event in events[1:]:
        if isinstance(event, Match.Dealt):
            opening = list(event.chance or [])
        elif isinstance(event, Match.Decided):
            steps.append(_Step(event.seat, event.command, list(event.chance or [])))
            undone.clear()
        elif isinstance(event, Match.Undone):
            undone.append(steps.pop())
        elif isinstance(event, Match.Redone):
            steps.append(undone.pop())
        elif isinstance(event, Match.Withdrawn):
            # Only a step the table had just completed leaves the record: a withdrawn outcome
            # of a step still waiting was never part of a standing step.
            if isinstance(last, Match.Decided) and last.chance:
                steps.pop()
            elif isinstance(last, Match.Dealt) and last.chance:
                opening = []
        last = event
    return opening, steps


def _house_steps(match: Match, events: Sequence[Any]) -> tuple[list[Any], list[_Step]]:
    """The house's outcomes, drawn again from the match's seed for the opening and for every
    standing decision, each checked against the events it recorded."""
    rules = match.rules
    seed = int(match.chance_seed)
    options = rules.options(match.options)
    chance = HouseChance(Rng(seed, 1))
    dealt = list(rules.setup(len(match.seats), options, chance))
    if _plain(dealt) != _plain(match.opening):
        raise BadInput("the opening cannot be drawn again from the seed: the store was altered")
    opening = chance.outcomes
    standing: list[tuple[_Step, int, list[Any]]] = []
    undone: list[tuple[_Step, int, list[Any]]] = []
    for event in events[1:]:
        if isinstance(event, Match.Decided):
            step = _Step(event.seat, event.command, [])
            standing.append((step, event.originator_version, list(event.outcome)))
            undone.clear()
        elif isinstance(event, Match.Undone):
            undone.append(standing.pop())
        elif isinstance(event, Match.Redone):
            standing.append(undone.pop())
    state = rules.fold(rules.initial(len(match.seats), options), match.opening)
    for step, version, outcome in standing:
        chance = HouseChance(Rng(seed, version))
        again = list(rules.decide(state, step.seat, step.command, chance))
        if _plain(again) != _plain(outcome):
            raise BadInput(
                f"decision {version} cannot be drawn again from the seed: the store was altered"
            )
        step.chance = chance.outcomes
        state = rules.fold(state, outcome)
    return opening, [step for step, _, _ in standing]


def _plain(value: Any) -> bytes:
    return canonical(msgspec.to_builtins(value))


def dumps_table(lines: Sequence[dict[str, Any]]) -> str:
    return "".join(canonical(line).decode() + "\n" for line in lines)


# -- reading ------------------------------------------------------------------------------------


@dataclass
class _Decision:
    number: int
    seat: str
    command: Any
    said: str
    chance: list[Any] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)


def import_table(text: str | bytes) -> Match:
    """A table record applied through the rules: a new match dealt by the table, its events
    pending (save it to store it). Raises TableRecordError naming the first bad line."""
    try:
        lines = parse(text)
    except ReplayError as exc:
        raise TableRecordError(exc.line, exc.reason) from None
    return table_match(lines)


def table_match(lines: Sequence[dict[str, Any]]) -> Match:
    """A table record's parsed lines applied through the rules (see `import_table`)."""
    if len(lines) > MAX_RECORD_LINES:
        raise TableRecordError(MAX_RECORD_LINES + 1, f"at most {MAX_RECORD_LINES} lines")
    match = _start(lines[0])
    opening: list[Any] = []
    opening_numbers: list[int] = []
    decisions: list[_Decision] = []
    for number, line in enumerate(lines[1:], start=2):
        if "chance" in line:
            _only(line, number, {"chance"})
            if decisions:
                decisions[-1].chance.append(line["chance"])
                decisions[-1].numbers.append(number)
            else:
                opening.append(line["chance"])
                opening_numbers.append(number)
        else:
            decisions.append(_decision(match, number, line))
    if opening:
        _apply(lambda: match.give_chance(opening), None, opening_numbers, lines[0], match)
    for index, decision in enumerate(decisions):
        seat = match.seat_of(decision.seat)

        def decide(decision: _Decision = decision, seat: int = seat) -> Any:
            return match.decide(seat, decision.command, decision.chance)

        _apply(decide, decision, decision.numbers, lines[0], match)
        node = match.chance_node
        if node is not None and index < len(decisions) - 1:
            raise TableRecordError(
                decision.numbers[-1] if decision.numbers else decision.number,
                f"{decision.seat}: {decision.said:.80}: CHANCE_MISSING: the table gave too few "
                f"outcomes for it; next it needs {name_seats(node.describe(), match.seats)}",
            )
    return match


def verify_table_record(lines: Sequence[dict[str, Any]]) -> Verdict:
    """The verdict on a table record: every line applied through the rules (the first bad one
    named). It carries no chain: what it proves is that the game it tells is a legal one."""
    try:
        match = table_match(lines)
    except TableRecordError as exc:
        return Verdict(ok=False, problem=exc.message)
    ended = "the game ends" if match.result is not None else f"it stops at version {match.version}"
    return Verdict(ok=True, table=True, record=True, note=ended)


def _start(header: dict[str, Any]) -> Match:
    if header.get("format") != FORMAT:
        raise TableRecordError(1, f"not a {FORMAT} file (its first line names the format)")
    _only(header, 1, {"format", "game", "seats", "options"})
    seats, options = header.get("seats"), header.get("options", {})
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise TableRecordError(1, "seats must be a list of names")
    if not isinstance(options, dict):
        raise TableRecordError(1, "options must be an object")
    try:
        return Match.start(str(header.get("game")), seats, options, table=True)
    except IllegalMove as exc:
        raise TableRecordError(1, f"{exc.code}: {exc.message}") from None


def _only(line: dict[str, Any], number: int, allowed: set[str]) -> None:
    unknown = sorted(set(line) - allowed)
    if unknown:
        raise TableRecordError(number, f"unknown field {unknown[0]!r:.40}")


def _decision(match: Match, number: int, line: dict[str, Any]) -> _Decision:
    seat = line.get("seat")
    if not isinstance(seat, str):
        raise TableRecordError(number, "a decision names its seat, or a line gives chance")
    rules: Rules[Any] = match.rules
    try:
        match.seat_of(seat)
        if "play" in line:
            _only(line, number, {"seat", "play"})
            written = line["play"]
            if not isinstance(written, str):
                raise IllegalMove("BAD_COMMAND", "play is a command in its written form")
            data = parse_command_words(shlex.split(written), rules, match.seats)
            command = rules.parse_command(data)
        else:
            _only(line, number, {"seat", "command"})
            if not isinstance(line.get("command"), dict):
                raise IllegalMove("BAD_COMMAND", "a decision has play (written) or command (JSON)")
            command = match.parse_command(line["command"])
    except IllegalMove as exc:
        raise TableRecordError(number, f"{seat:.32}: {exc.code}: {exc.message}") from None
    except ValueError as exc:  # shlex: an unclosed quote
        raise TableRecordError(number, f"{seat:.32}: BAD_COMMAND: {exc}") from None
    said = command_text(command, rules, match.seats)
    return _Decision(number, seat, command, said)


def _apply(
    act: Any,
    decision: _Decision | None,
    numbers: list[int],
    header: dict[str, Any],
    match: Match,
) -> None:
    try:
        act()
    except ImpossibleOutcome as exc:
        number = numbers[exc.index] if exc.index < len(numbers) else _at(decision, numbers)
        who = f"the table, for {decision.seat}: {decision.said:.80}" if decision else "the table"
        raise TableRecordError(number, f"{who}: {exc.code}: {exc.message}") from None
    except IllegalMove as exc:
        where = "the opening" if decision is None else f"{decision.seat}: {decision.said:.80}"
        why = exc.message
        node = match.chance_node
        if exc.code == "AWAITING_CHANCE" and node is not None:  # the record is the referee's
            why = f"the table has yet to give {name_seats(node.describe(), match.seats)}"
        raise TableRecordError(_at(decision, numbers), f"{where}: {exc.code}: {why}") from None


def _at(decision: _Decision | None, numbers: list[int]) -> int:
    if decision is not None:
        return decision.number
    return numbers[0] if numbers else 1
