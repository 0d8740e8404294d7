"""The replay file: a recorded match as hash-chained JSON Lines, and its verification.

    line 1        {"format": "starledger-replay/1", "game", "rules_version", "seats", "options",
                   "seed", "match", "hash"}
    line 2..n+1   one stored event each: {"version", "kind": Started|Decided|Undone|Redone, "at",
                   ...its fields, "hash"}
    last line     {"end": true, "events": n, "scores": [...], "result": {...} | null, "hash"}

Every `hash` is sha256 over the previous line's hash and the canonical JSON (sorted keys) of the
line without its hash; the header chains from the empty string. The trailer makes a truncated
file detectable. `verify` checks the chain, then re-runs the match from its seed: the opening must
come out of `setup` again, every recorded command must be accepted by `decide` with an identical
outcome, undo/redo must be allowed where recorded, and the final scores must match.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import msgspec

from domain.game import IllegalMove
from domain.match import Match
from domain.registry import rules_for

FORMAT = "starledger-replay/1"
_encoder = msgspec.json.Encoder(order="sorted")


class ReplayError(Exception):
    """A replay that does not verify: `line` is the 1-based line number of the first bad line."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def canonical(obj: Any) -> bytes:
    return _encoder.encode(msgspec.to_builtins(obj, order="sorted"))


def chain(previous: str, line: dict[str, Any]) -> str:
    body = {key: value for key, value in line.items() if key != "hash"}
    return hashlib.sha256(previous.encode() + canonical(body)).hexdigest()


# -- writing ------------------------------------------------------------------------------------


def event_line(match: Match, event: Any) -> dict[str, Any]:
    """One stored Match event as a replay line (without its hash)."""
    line: dict[str, Any] = {
        "version": event.originator_version,
        "kind": type(event).__name__,
        "at": event.timestamp.isoformat(),
    }
    if isinstance(event, Match.Started):
        line["opening"] = msgspec.to_builtins(event.opening)
    elif isinstance(event, Match.Decided):
        line |= {
            "seat": match.seats[event.seat],
            "command": msgspec.to_builtins(event.command),
            "outcome": msgspec.to_builtins(event.outcome),
            "undoable": event.undoable,
        }
    elif isinstance(event, Match.Undone | Match.Redone):
        line |= {"seat": match.seats[event.seat], "decision": event.decision}
    return line


def header_line(started: Match.Started) -> dict[str, Any]:
    """The replay header of a match (without its hash)."""
    return {
        "format": FORMAT,
        "game": started.game,
        "rules_version": started.rules_version,
        "seats": list(started.seats),
        "options": dict(started.options),
        "seed": started.seed,
        "sealed_log": started.sealed_log,
        "match": str(started.originator_id),
    }


def end_line(match: Match) -> dict[str, Any]:
    """The replay's last line: how many events, the final scores and result."""
    result = match.result
    return {
        "end": True,
        "events": match.version,
        "scores": list(match.rules.score(match.state)),
        "result": msgspec.to_builtins(result) if result is not None else None,
    }


def export_lines(events: Sequence[Any]) -> list[dict[str, Any]]:
    """The replay of a match from its stored events, each line carrying its chain hash."""
    started = events[0]
    assert isinstance(started, Match.Started)
    match = started.mutate(None)
    assert isinstance(match, Match)
    lines = [header_line(started)]
    for index, event in enumerate(events):
        if index:
            event.mutate(match)
        lines.append(event_line(match, event))
    lines.append(end_line(match))
    previous = ""
    for line in lines:
        line["hash"] = previous = chain(previous, line)
    return lines


def dumps(lines: Iterable[dict[str, Any]]) -> str:
    return "".join(canonical(line).decode() + "\n" for line in lines)


# -- reading and verifying ----------------------------------------------------------------------


def parse(text: str) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = msgspec.json.decode(raw)
        except msgspec.DecodeError as exc:
            raise ReplayError(number, f"not valid JSON ({exc})") from None
        if not isinstance(line, dict):
            raise ReplayError(number, "not a JSON object")
        lines.append(line)
    if not lines:
        raise ReplayError(1, "empty file")
    return lines


def check_chain(lines: Sequence[dict[str, Any]]) -> None:
    previous = ""
    for number, line in enumerate(lines, start=1):
        expected = chain(previous, line)
        if line.get("hash") != expected:
            raise ReplayError(number, "hash chain broken: the line was changed, added or removed")
        previous = expected
    if lines[0].get("format") != FORMAT:
        raise ReplayError(1, f"not a {FORMAT} file")
    if not lines[-1].get("end"):
        raise ReplayError(len(lines), "no end line: the file is truncated")
    if lines[-1].get("events") != len(lines) - 2:
        raise ReplayError(len(lines), "the end line counts a different number of events")


def rerun(lines: Sequence[dict[str, Any]], upto: int | None = None) -> Match:
    """Play the recorded match again from its seed; raises ReplayError at the first difference.

    With `upto`, stop after that stored event (and skip the final-score check). The returned
    Match (under a new id) holds the re-created events as pending events with the recorded
    timestamps, ready to be saved.
    """
    check_chain(lines)
    header = lines[0]
    events = lines[1:-1]
    try:
        rules = rules_for(str(header.get("game")))
    except IllegalMove as exc:
        raise ReplayError(1, exc.message) from None
    if header.get("rules_version") != rules.rules_version:
        raise ReplayError(
            1,
            f"recorded with rules version {header.get('rules_version')}, "
            f"this build plays {rules.rules_version}",
        )
    if not events or events[0].get("kind") != "Started":
        raise ReplayError(2, "the first event must be Started")
    try:
        match = Match.start(
            rules.slug,
            list(header["seats"]),
            dict(header["options"]),
            int(header["seed"]),
            sealed_log=bool(header.get("sealed_log", False)),
        )
    except (IllegalMove, KeyError, TypeError, ValueError) as exc:
        raise ReplayError(1, f"cannot start the match: {exc}") from None
    _retime(match, 2, events[0])
    _same(2, "opening", canonical(match.opening), canonical(events[0].get("opening")))
    for number, line in enumerate(events[1:], start=3):
        if upto is not None and match.version >= upto:
            return match
        _replay_line(match, number, line)
    if upto is not None:
        return match
    end = lines[-1]
    _same(
        len(lines),
        "final scores",
        canonical(list(rules.score(match.state))),
        canonical(end.get("scores")),
    )
    result = match.result
    _same(
        len(lines), "result", canonical(result) if result else b"null", canonical(end.get("result"))
    )
    return match


def _replay_line(match: Match, number: int, line: dict[str, Any]) -> None:
    kind = line.get("kind")
    if line.get("version") != match.version + 1:
        raise ReplayError(number, f"expected version {match.version + 1}")
    try:
        seat = match.seat_of(str(line.get("seat")))
        if kind == "Decided":
            command = match.rules.parse_command(line.get("command"))  # type: ignore[arg-type]
            outcome = match.decide(seat, command)
            _same(number, "outcome", canonical(outcome), canonical(line.get("outcome")))
            decided = match.pending_events[-1]
            assert isinstance(decided, Match.Decided)
            if decided.undoable != line.get("undoable"):
                raise ReplayError(number, "undoable flag differs from the recorded one")
        elif kind == "Undone":
            entry = match.undo(seat)
            _same(
                number,
                "undone decision",
                canonical(entry.decision),
                canonical(line.get("decision")),
            )
        elif kind == "Redone":
            entry = match.redo(seat)
            _same(
                number,
                "redone decision",
                canonical(entry.decision),
                canonical(line.get("decision")),
            )
        else:
            raise ReplayError(number, f"unknown event kind {kind!r}")
    except IllegalMove as exc:
        raise ReplayError(number, f"refused by the rules: {exc.code}: {exc.message}") from None
    _retime(match, number, line)


def _retime(match: Match, number: int, line: dict[str, Any]) -> None:
    """Give the newest pending event the time it was recorded at."""
    event = match.pending_events[-1]
    fields = dict(vars(event))
    try:
        fields["timestamp"] = datetime.fromisoformat(str(line.get("at")))
    except ValueError:
        raise ReplayError(number, "bad timestamp") from None
    match.pending_events[-1] = type(event)(**fields)


def _same(number: int, what: str, got: bytes, recorded: bytes) -> None:
    if got != recorded:
        raise ReplayError(number, f"{what} differs from the recorded one")
