"""A match's log, decision by decision, redacted for whoever reads it.

A seat sees the events whose visibility allows it and the commands it may see (a sealed choice
is shown as sealed); a spectator sees what everyone sees; the referee sees everything. Every
entry carries its salted commitment and chain hash (records/replays.py), and its salt when
the reader may see the whole entry. Once a match opens (over, not sealed) all may read all.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.game import Rules
from domain.match import typed
from domain.viewer import Viewer
from forms.command_forms import command_text, value_text
from records.replays import redact


class LogEntry(msgspec.Struct, kw_only=True, omit_defaults=True):
    version: int
    kind: str
    at: str
    seat: str | None = None
    command: dict[str, Any] | None = None
    sealed: bool = False
    automatic: bool = False  # a forced move the platform played for the seat (auto-forced)
    decision: int | None = None
    events: list[dict[str, Any]] = msgspec.field(default_factory=list)
    entropy_commitment: str | None = None
    outcome: Any = None  # a chance outcome the table gave (the referee's, or an open record's)
    chance: list[Any] | None = None  # every outcome a table gave for this step (likewise)
    redacted: bool = False
    salt: str | None = None
    commitment: str = ""
    hash: str = ""
    text: str = ""  # the entry told as a sentence (the game's narration where it has one)
    texts: list[str] = msgspec.field(default_factory=list)  # each of `events` told likewise


def match_log(
    lines: Sequence[dict[str, Any]],
    rules: Rules[Any],
    seats: Sequence[str],
    viewer: Viewer,
    opened: bool,
) -> list[LogEntry]:
    """A match's log from its full audit (or replay) event lines, as `viewer` may read it."""
    full = viewer.reads_all(opened)
    return [
        told(entry(line if full else redact(line, rules, seats, viewer)), seats, rules)
        for line in lines
    ]


def told(found: LogEntry, seats: Sequence[str], rules: Rules[Any]) -> LogEntry:
    """The entry with its sentences: what happened in words beside the raw form."""
    return msgspec.structs.replace(
        found,
        text=headline(found, seats, rules),
        texts=[describe(event, seats, rules) for event in found.events],
    )


def entry(line: dict[str, Any]) -> LogEntry:
    """One (already redacted) event line as a log entry."""
    return LogEntry(
        version=int(line["version"]),
        kind=str(line.get("kind")),
        at=str(line.get("at", ""))[:19],
        seat=line.get("seat"),
        command=line.get("command"),
        sealed=bool(line.get("sealed", False)),
        automatic=line.get("automatic") is True,
        decision=line.get("decision"),
        events=list(line.get("outcome", line.get("opening", []))),
        entropy_commitment=line.get("entropy_commitment"),
        outcome=line.get("outcome") if line.get("kind") == "ChanceEntered" else None,
        chance=line.get("chance"),
        redacted=bool(line.get("redacted", False)),
        salt=line.get("salt"),
        commitment=str(line.get("commitment", "")),
        hash=str(line.get("hash", "")),
    )


def headline(entry: LogEntry, seats: Sequence[str], rules: Rules[Any], *, raw: bool = False) -> str:
    """One log entry in words: who did what (a sealed choice as sealed; an undo or a redo as
    such), without its events (`describe` each of those)."""
    if entry.kind == "Started":
        return f"started {rules.slug} with {', '.join(seats)}"
    if entry.kind in ("Decided", "Awaited"):
        sentence = None if entry.sealed or raw else _told_command(entry, rules, seats)
        if sentence is None:
            done = "(sealed)" if entry.sealed else command_text(entry.command, rules, seats)
            sentence = f"{entry.seat}: {done}"
        if entry.kind == "Awaited":
            return f"{sentence}, waiting for the table to give chance"
        forced = " (forced)" if entry.automatic else ""
        return f"{sentence}{forced}{_given(entry)}"
    if entry.kind == "EntropyContributed":
        return f"{entry.seat}: contributed entropy (commitment {entry.entropy_commitment})"
    if entry.kind == "Dealt":
        return f"the opening is dealt{_given(entry)}"
    if entry.kind == "ChanceEntered":
        given = "an outcome" if entry.redacted else _text(entry.outcome)
        return f"the table gave {given}"
    if entry.kind == "Withdrawn":
        return "the table took back its latest entry"
    if entry.kind == "Undone":
        return f"{entry.seat}: took back step {entry.decision}"
    if entry.kind == "Redone":
        return f"{entry.seat}: made step {entry.decision} again"
    return f"{entry.seat}: {entry.kind}"


def _given(entry: LogEntry) -> str:
    """What a table gave for a step, where the reader may see it."""
    if not entry.chance:
        return ""
    return "; the table gave " + ", ".join(_text(outcome) for outcome in entry.chance)


def _told_command(entry: LogEntry, rules: Rules[Any], seats: Sequence[str]) -> str | None:
    """The decision as the game's narration tells it (None where the game has none)."""
    narrator = rules.narrator
    if narrator is None or entry.command is None or entry.seat not in seats:
        return None
    typed_command = typed(entry.command, rules.command_type)
    return narrator.command_text(typed_command, list(seats).index(str(entry.seat)), seats)


def describe(
    event: dict[str, Any], seats: Sequence[str], rules: Rules[Any], *, raw: bool = False
) -> str:
    """One game event as a line of text: told as a sentence by the game's narration, or (`raw`,
    or a game without one) its type, then its fields in the short form commands are written in
    (forms/command_forms.py), every seat, however deep, by its name."""
    narrator = rules.narrator
    if narrator is not None and not raw:
        return narrator.event_text(typed(event, rules.event_type), seats)
    return raw_text(event, seats, rules)


def raw_text(event: dict[str, Any], seats: Sequence[str], rules: Rules[Any]) -> str:
    """One game event in the short form: its type, then its fields in the order its class
    declares them (however the dict was read: a replay file's lines have their keys sorted)."""
    hints = _event_hints(rules, str(event.get("type")))
    keys = [key for key in hints if key in event]
    keys += [key for key in event if key not in hints and key != "type"]
    parts = []
    for key in keys:
        value = event[key]
        hint = hints.get(key)
        text = _text(value) if hint is None else value_text(value, hint, seats)
        parts.append(f"{key}={text}")
    return f"{event.get('type', '?')} " + " ".join(parts)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()


@functools.cache
def _event_classes(event_type: Any) -> dict[str, type]:
    members = typing.get_args(event_type) or (event_type,)
    return {cls.__struct_config__.tag: cls for cls in members if hasattr(cls, "__struct_config__")}


@functools.cache
def _hints_of(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, include_extras=True)
    names = {f.name: f.encode_name for f in msgspec.structs.fields(cls)}
    return {names[name]: hint for name, hint in hints.items() if name in names}


def _event_hints(rules: Rules[Any], tag: str) -> dict[str, Any]:
    cls = _event_classes(rules.event_type).get(tag)
    return {} if cls is None else _hints_of(cls)
