"""The replay file: a recorded match as JSON Lines linked by salted commitments, and its checks.

    line 0      header {"format": "starledger-replay/2", "game", "rules_version", "seats",
                "options", "sealed_log", "match", "seed_commitment", "seed_known", "entropy"}
    line 1..n   one stored event each: {"version", "kind", "at", ...its fields, "salt"}
    line n+1    {"end": true, "events": n, "scores", "result"} (+ "seed" in a full file)

Every line i carries a commitment and a chain hash (domain/commitment.py gives H):

    c_i = H("starledger/commit/v2", match, i, salt_i, canonical JSON of the line's body)
    h_i = H("starledger/chain/v2", match, h_{i-1}, c_i)          h_{-1} = ""

The body is the line without `salt`, `commitment` and `hash`. Event lines are salted with 128
fresh bits from `secrets` (kept in the stored event); header and end line are public and use the
empty salt. A full file (the referee's, or anyone's once the match is open) carries every salt and
the seed, so everything can be recomputed and the match re-run. A file redacted for one viewer
keeps `c_i` and `h_i` of every line but drops the salt and whatever that viewer may not see, so
a hidden fact cannot be confirmed by hashing guesses: the chain still links, the commitments of
the lines it hides are checked only once they open.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import msgspec

from domain.commitment import (
    entropy_commitment,
    framed,
    same,
    seed_commitment,
)
from domain.errors import BadInput, IllegalMove
from domain.game import Rules
from domain.lines import (
    CHAIN_LABEL,
    COMMIT_LABEL,
    _commitment,
    _link,
    canonical,
    line_body,
)
from domain.match import HOUSE, TABLE, Fork, Match, list_of
from domain.registry import rules_for
from domain.viewer import Viewer

FORMAT = "starledger-replay/2"
OLD_FORMATS = ("starledger-replay/1",)
MAX_LINE_CHARS = 8 * 2**20
UNREADABLE = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError)
"""What a hostile line can make the checks raise; each becomes a BAD verdict naming the line."""
_LINK_FIELDS = ("salt", "commitment", "hash")


class ReplayError(BadInput):
    """A replay that does not verify: `line` is the 1-based line number of the first bad line."""

    default_code = "BAD_REPLAY"

    def __init__(self, line: int, reason: str) -> None:
        reason = reason if len(reason) <= 200 else reason[:197] + "..."
        super().__init__(f"line {line}: {reason}" if line > 0 else reason)
        self.line = line
        self.reason = reason


def body(line: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in line.items() if key not in _LINK_FIELDS}


def commit(match: str, index: int, salt: str, line: dict[str, Any]) -> str:
    return _commitment(framed(COMMIT_LABEL, match), index, salt, canonical(body(line)))


def link(match: str, previous: str, commitment: str) -> str:
    return _link(framed(CHAIN_LABEL, match), previous, commitment)


def seal(line: dict[str, Any], match: str, index: int, previous: str) -> dict[str, Any]:
    """The line with its commitment and chain hash (a full line: from its own salt)."""
    line["commitment"] = commitment = commit(match, index, str(line.get("salt", "")), line)
    line["hash"] = link(match, previous, commitment)
    return line


# -- writing ------------------------------------------------------------------------------------


def event_line(seats: Sequence[str], event: Any) -> dict[str, Any]:
    """One stored Match event (a Match event, or its StoredFields) as a full replay line
    (without its commitment and hash): the event alone and the match's seat names."""
    line = line_body(seats, event)
    line["salt"] = event.salt
    return line


def header_line(started: Match.Started) -> dict[str, Any]:
    """The replay header of a match: public facts only (never the seed)."""
    return {
        "format": FORMAT,
        "game": started.game,
        "rules_version": started.rules_version,
        "seats": list(started.seats),
        "options": dict(started.options),
        "sealed_log": started.sealed_log,
        "match": str(started.originator_id),
        "seed_commitment": started.seed_commitment,
        "seed_known": started.seed_known,
        "entropy": started.entropy,
        **({"forked_from": started.forked_from} if started.forked_from else {}),
        **({"chance": TABLE} if getattr(started, "chance", HOUSE) == TABLE else {}),
        **({"auto_forced": True} if getattr(started, "auto_forced", False) else {}),
    }


def end_line(match: Match, *, reveal: bool) -> dict[str, Any]:
    """The replay's last line: how many events, the scores and result; the seed if `reveal`."""
    result = match.result
    line: dict[str, Any] = {
        "end": True,
        "events": match.version,
        "scores": list(match.rules.score(match.state)) if match.dealt else [],
        "result": msgspec.to_builtins(result) if result is not None else None,
    }
    if reveal:
        line["seed"] = match.seed
    return line


def audit_lines(events: Sequence[Any]) -> tuple[Match, list[dict[str, Any]]]:
    """The header and one full, sealed line per stored event; the match as it stands after."""
    started = events[0]
    assert isinstance(started, Match.Started)
    match = started.mutate(None)
    assert isinstance(match, Match)
    for event in events[1:]:
        event.mutate(match)
    header = sealed_header(started)
    return match, [header, *sealed_lines(str(match.id), match.seats, events, header["hash"])]


def sealed_header(started: Any) -> dict[str, Any]:
    """The replay header of a match, sealed (line 0 of the chain)."""
    return seal(header_line(started), str(started.originator_id), 0, "")


def sealed_lines(
    match: str, seats: Sequence[str], events: Iterable[Any], previous: str
) -> list[dict[str, Any]]:
    """Full, sealed lines of stored events (in order), chained after the line whose hash is
    `previous`. Nothing is folded: a line needs only its event and the seat names."""
    lines: list[dict[str, Any]] = []
    for event in events:
        line = seal(event_line(seats, event), match, event.originator_version, previous)
        lines.append(line)
        previous = line["hash"]
    return lines


def export_lines(events: Sequence[Any], viewer: Viewer | None = None) -> list[dict[str, Any]]:
    """The replay of a match as `viewer` may have it (default: the referee, the full file)."""
    match, lines = audit_lines(events)
    viewer = viewer or Viewer(referee=True)
    return finish_file(lines, match, viewer)


def finish_file(
    lines: list[dict[str, Any]], match: Match, viewer: Viewer, notes: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """Audit lines (header + events) redacted for `viewer`, with the end line appended (and on
    it the notes this viewer may read, chained with the rest)."""
    full = viewer.referee or match.opened
    rules = match.rules
    out = [
        line if full or index == 0 else redact(line, rules, match.seats, viewer)
        for index, line in enumerate(lines)
    ]
    end_body = end_line(match, reveal=full)
    if notes:
        end_body["notes"] = msgspec.to_builtins(list(notes))
    end = seal(end_body, str(match.id), len(out), out[-1]["hash"])
    return [*out, end]


def redact(
    line: dict[str, Any], rules: Rules[Any], seats: Sequence[str], viewer: Viewer
) -> dict[str, Any]:
    """A full event line as `viewer` may see it while the match is not open to it.

    What the viewer may see of the line stays; the rest is dropped, and so is the salt, so the
    commitment cannot be tested against guesses. A line the viewer may see whole keeps its salt.
    """
    if viewer.referee:
        return line
    kind = line.get("kind")
    shown = body(line)
    # What a table gave (`chance`, `outcome`) names every outcome, hidden ones too: the game
    # events show each viewer what it may see of them; the outcomes are the referee's.
    if kind in ("Started", "Dealt"):
        shown["opening"] = _visible(rules, line["opening"], viewer)
        shown.pop("chance", None)
    elif kind in ("Decided", "Awaited"):
        seat = list(seats).index(str(line["seat"]))
        command = rules.parse_command(line["command"])
        if not command.visibility(seat).allows(viewer.seat):
            del shown["command"]
            shown["sealed"] = True
        if kind == "Decided":
            shown["outcome"] = _visible(rules, line["outcome"], viewer)
            shown.pop("chance", None)
    elif kind == "ChanceEntered":
        shown.pop("outcome", None)
    elif kind == "EntropyContributed":
        del shown["value"]  # a seat's entropy opens with the match
    if shown == body(line):
        return line
    links = {key: line[key] for key in ("commitment", "hash") if key in line}
    return shown | {"redacted": True} | links


def _visible(rules: Rules[Any], raw: list[Any], viewer: Viewer) -> list[Any]:
    events = msgspec.convert(raw, list_of(rules.event_type))
    return [item for item, event in zip(raw, events, strict=True) if viewer.sees(event)]


def dumps(lines: Iterable[dict[str, Any]]) -> str:
    return "".join(canonical(line).decode() + "\n" for line in lines)


# -- reading and verifying ----------------------------------------------------------------------


def parse(text: str | bytes) -> list[dict[str, Any]]:
    if isinstance(text, bytes):
        raw_bytes = text
        try:
            text = raw_bytes.decode("utf-8")
        except UnicodeDecodeError as exc:
            number = raw_bytes[: exc.start].count(b"\n") + 1
            raise ReplayError(number, "not UTF-8 text") from None
    lines: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_CHARS:
            raise ReplayError(number, f"longer than {MAX_LINE_CHARS // 2**20} MiB")
        try:
            line = msgspec.json.decode(raw)
        except msgspec.DecodeError as exc:
            raise ReplayError(number, f"not valid JSON ({_brief(exc)})") from None
        except RecursionError:
            raise ReplayError(number, "JSON nested too deeply") from None
        if not isinstance(line, dict):
            raise ReplayError(number, "not a JSON object")
        lines.append(line)
    if not lines:
        raise ReplayError(1, "empty file")
    return lines


def _brief(exc: Exception) -> str:
    text = str(exc)
    return text if len(text) <= 80 else text[:77] + "..."


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """What `verify` found. `partial`: a redacted file, so only what it shows was checked."""

    ok: bool
    partial: bool = False
    hidden: int = 0
    problem: str | None = None
    note: str | None = None  # what else a reader should know (a fork and its origin)
    table: bool = False  # chance was given by a table: there is no seed to check
    record: bool = False  # a table record: no chain, its lines applied through the rules
    text: str = ""  # `describe()`, as a client shows it (set by `told`)

    def told(self) -> Verdict:
        """This verdict with its sentence in `text`, for clients that show it as it is."""
        return msgspec.structs.replace(self, text=self.describe())

    def describe(self) -> str:
        if not self.ok:
            return str(self.problem)
        if self.partial:
            said = (
                f"partial: chain and visible commitments verify; {self.hidden} redacted "
                "line(s) and the chance cannot be checked without the full file"
            )
        elif self.record:
            said = (
                "a table record: every line applies through the rules (it has no chain: it "
                "proves a legal game, not who entered it)"
            )
        elif self.table:
            said = (
                "chain, commitments and re-run verify; chance was given by the table, "
                "so there is no seed and nothing to prove about its fairness"
            )
        else:
            said = "chain, commitments, seed and re-run verify"
        return f"{said}; {self.note}" if self.note else said


def check_header(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    header = lines[0]
    form = header.get("format")
    if form in OLD_FORMATS:
        raise ReplayError(
            1, f"format {form} is no longer read: convert it with `starledger migrate FILE`"
        )
    if form != FORMAT:
        raise ReplayError(1, f"not a {FORMAT} file")
    try:
        uuid.UUID(str(header.get("match")))
    except ValueError:
        raise ReplayError(1, "the header names no match id") from None
    return header


def check_chain(lines: Sequence[dict[str, Any]]) -> int:
    """Check every commitment that can be checked and every link; returns the redacted count."""
    header = check_header(lines)
    if lines[-1].get("end") is not True:
        raise ReplayError(len(lines), "no end line: the file is truncated")
    match = str(header["match"])
    previous = ""
    hidden = 0
    for index, line in enumerate(lines):
        number = index + 1
        try:
            previous, hidden = _check_link(match, lines, index, line, previous, hidden)
        except UNREADABLE as exc:
            raise ReplayError(number, f"unreadable line ({type(exc).__name__})") from None
    end = lines[-1]
    if end.get("events") != len(lines) - 2:
        raise ReplayError(len(lines), "the end line counts a different number of events")
    return hidden


def _check_link(
    match: str,
    lines: Sequence[dict[str, Any]],
    index: int,
    line: dict[str, Any],
    previous: str,
    hidden: int,
) -> tuple[str, int]:
    """Check line `index` against the chain so far; returns its hash and the redacted count."""
    number = index + 1
    if line.get("redacted") is True:
        if index == 0 or index == len(lines) - 1:
            raise ReplayError(number, "header and end line are never redacted")
        hidden += 1
        commitment = line.get("commitment")
        if not isinstance(commitment, str):
            raise ReplayError(number, "a redacted line without its commitment")
    else:
        salt = line.get("salt", "")
        if not isinstance(salt, str):
            raise ReplayError(number, "salt is not a string")
        commitment = commit(match, index, salt, line)
        if line.get("commitment") != commitment:
            raise ReplayError(number, "commitment does not match the line: it was changed")
    if line.get("hash") != link(match, previous, commitment):
        raise ReplayError(number, "hash chain broken: a line was changed, added or removed")
    if 0 < index < len(lines) - 1 and line.get("version") != index:
        raise ReplayError(number, f"expected the stored event of version {index}")
    return str(line["hash"]), hidden


def verify_lines(lines: Sequence[dict[str, Any]]) -> Verdict:
    """The verdict on a parsed replay: full files are re-run, redacted ones checked partially."""
    try:
        hidden = check_chain(lines)
        note = fork_note(lines[0])
        if hidden or "seed" not in lines[-1]:
            return Verdict(ok=True, partial=True, hidden=hidden, note=note)
        rerun(lines)
    except ReplayError as exc:
        return Verdict(ok=False, problem=exc.message)
    return Verdict(ok=True, note=note, table=lines[0].get("chance") == TABLE)


def fork_note(header: dict[str, Any]) -> str | None:
    """A fork verifies from the opening it recorded; that this opening is its origin's state is
    checked only against the origin's own events (`verify FORK_ID` where the origin is stored)."""
    origin = header.get("forked_from")
    if not isinstance(origin, dict):
        return None
    return (
        f"a fork of {origin.get('match')} at step {origin.get('at')}: its opening is "
        "checked against its origin where the origin is stored"
    )


def rerun(lines: Sequence[dict[str, Any]], upto: int | None = None) -> Match:
    """Play the recorded match again from its revealed seed; raises ReplayError at the first
    difference. With `upto`, stop after that stored event (and skip the final checks).

    The returned Match has the header's id and holds the re-created events as pending events,
    with the recorded timestamps and salts, ready to be saved.
    """
    hidden = check_chain(lines)
    header, events, end = lines[0], lines[1:-1], lines[-1]
    if hidden or "seed" not in end:
        raise ReplayError(
            len(lines) if not hidden else 1,
            "this replay is redacted for one viewer: its chain verifies, but it cannot be "
            "played again without the full file",
        )
    table = header.get("chance") == TABLE
    seed = str(end.get("seed"))
    if table:
        if seed or header.get("seed_commitment"):
            raise ReplayError(1, "a match dealt by a table has no seed and no seed commitment")
    elif not seed.isdigit() or not same(
        seed_commitment(str(header["match"]), seed), str(header.get("seed_commitment"))
    ):
        raise ReplayError(len(lines), "the revealed seed does not match its commitment")
    rules = _rules(header)
    if not events or events[0].get("kind") != "Started":
        raise ReplayError(2, "the first event must be Started")
    try:
        match = Match.start(
            rules.slug,
            [str(name) for name in header["seats"]],
            dict(header["options"]),
            None if table else seed,
            sealed_log=bool(header.get("sealed_log", False)),
            entropy=bool(header.get("entropy", False)),
            seed_known=bool(header.get("seed_known", False)),
            match_id=uuid.UUID(str(header["match"])),
            fork=_fork(header, events[0]),
            table=table,
            auto_forced=header.get("auto_forced") is True,
        )
        # Stopping at a step replays each forced move from its own line (checked forced, as
        # ever), so that it stops exactly there; a whole replay plays them as the Ledger did
        # and checks every recorded one against them.
        forced = upto is None
        if forced:
            match.play_forced()
    except (IllegalMove, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ReplayError(1, f"cannot start the match: {_brief(exc)}") from None
    _check_recreated(match, 2, events[0], match.pending_events[0])
    for number, line in enumerate(events[1:], start=3):
        if upto is not None and match.version >= upto:
            return match
        try:
            _replay_line(match, number, line, forced=forced)
        except UNREADABLE as exc:
            raise ReplayError(number, f"unreadable line ({type(exc).__name__})") from None
    if upto is not None:
        return match
    recomputed = end_line(match, reveal=True)
    for key in ("scores", "result"):
        if canonical(recomputed[key]) != canonical(end.get(key)):
            raise ReplayError(len(lines), f"final {key} differ from the recorded ones")
    return match


def _fork(header: dict[str, Any], started: dict[str, Any]) -> Fork | None:
    """A fork's file starts from its origin's standing events (recorded in its Started line,
    tied to the origin by the origin's audit hash in the header); its chance is its own."""
    origin = header.get("forked_from")
    if origin is None:
        return None
    if not isinstance(origin, dict) or not isinstance(started.get("opening"), list):
        raise ValueError("a fork names its origin and carries its opening")
    rules = rules_for(str(header.get("game")))
    return Fork(opening=_decode_events(rules, started["opening"]), origin=origin)


def _decode_events(rules: Rules[Any], raw: list[Any]) -> list[Any]:
    return list(msgspec.convert(raw, list_of(rules.event_type)))


def _rules(header: dict[str, Any]) -> Rules[Any]:
    try:
        rules = rules_for(str(header.get("game")))
    except IllegalMove as exc:
        raise ReplayError(1, exc.message) from None
    if header.get("rules_version") != rules.rules_version:
        raise ReplayError(
            1,
            f"recorded with rules version {header.get('rules_version')!s:.20}, "
            f"this build plays {rules.rules_version}",
        )
    return rules


def _replay_line(match: Match, number: int, line: dict[str, Any], *, forced: bool = False) -> None:
    kind = line.get("kind")
    version = line.get("version")
    if forced and isinstance(version, int) and version <= match.version:
        # Made by the line before it: a forced move played, or an automatic move undone.
        made = [e for e in match.pending_events if e.originator_version == version]
        if made and type(made[0]).__name__ == kind:
            _check_recreated(match, number, line, made[0])
            return
    if not isinstance(version, int) or version != match.version + 1:
        if version == match.version and kind == "Dealt":  # dealt by the last contribution
            _check_recreated(match, number, line)
            return
        raise ReplayError(number, f"expected version {match.version + 1}")
    try:
        if kind in ("Dealt", "Decided", "ChanceEntered") and match.awaiting_chance:
            # A table match: what the table gave to complete (or continue) the waiting step,
            # beyond the outcomes entered before this line.
            given = line.get("chance") if kind != "ChanceEntered" else [line.get("outcome")]
            pending = match.pending
            already = len(pending.given) if pending is not None and kind != "ChanceEntered" else 0
            if not isinstance(given, list) or len(given) <= already:
                raise ReplayError(number, "a step the table completed names no new outcome")
            match.give_chance(given[already:])
        elif kind == "Withdrawn":
            match.withdraw_chance()
        elif kind == "Dealt":
            match.deal()
        else:
            seat = match.seat_of(str(line.get("seat")))
            if kind == "EntropyContributed":
                match.contribute(seat, str(line.get("value")))
                if match.dealt:  # the last contribution dealt: the next line is Dealt
                    contributed = match.pending_events[-2]
                    if forced:
                        match.play_forced()
                    _check_recreated(match, number, line, contributed)
                    return
            elif kind in ("Decided", "Awaited"):
                command = match.rules.parse_command(_object(line.get("command")))
                given = line.get("chance") if kind == "Decided" else None
                automatic = line.get("automatic") is True
                if forced and automatic:
                    raise ReplayError(number, "no forced move was to be played here")
                match.decide(
                    seat, command, given if isinstance(given, list) else (), automatic=automatic
                )
            elif kind == "Undone":
                _undo_line(match, seat, line, forced=forced)
            elif kind == "Redone":
                match.redo(seat)
            else:
                raise ReplayError(number, f"unknown event kind {kind!s:.40}")
        if forced and kind in ("Decided", "Redone", "Dealt", "EntropyContributed"):
            match.play_forced()
    except IllegalMove as exc:
        raise ReplayError(number, f"refused by the rules: {exc.code}: {exc.message}") from None
    made = [e for e in match.pending_events if e.originator_version == version]
    _check_recreated(match, number, line, made[0] if made else None)


def _undo_line(match: Match, seat: int, line: dict[str, Any], *, forced: bool) -> None:
    """An Undone line: a seat's undo (with the forced moves after it, in a whole replay), or,
    stopping at a step, one forced move taken back on its own line."""
    top = match.undo_stack[-1] if match.undo_stack else None
    if top is None or not top.automatic:
        match.undo(seat)
    elif forced:  # the seat whose decision this undo takes back, the forced moves first
        chosen = match.latest_chosen()
        match.undo(seat if chosen is None else chosen.seat)
    else:
        if top.seat != seat or top.decision != line.get("decision"):
            raise IllegalMove("CANNOT_UNDO", "the line undoes another decision")
        match.undo_forced()


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise IllegalMove("BAD_COMMAND", "a command is a JSON object")
    return value


def _check_recreated(
    match: Match, number: int, line: dict[str, Any], event: Any | None = None
) -> None:
    """Give the re-created event the recorded time and salt, then compare it with the line."""
    pending = match.pending_events
    position = len(pending) - 1 if event is None else pending.index(event)
    event = pending[position]
    fields = dict(vars(event))
    try:
        fields["timestamp"] = datetime.fromisoformat(str(line.get("at")))
    except ValueError:
        raise ReplayError(number, "bad timestamp") from None
    fields["salt"] = str(line.get("salt", ""))
    pending[position] = type(event)(**fields)
    recreated = event_line(match.seats, pending[position])
    for key in sorted(set(recreated) | set(body(line))):
        if canonical(recreated.get(key)) != canonical(line.get(key)):
            raise ReplayError(number, f"{key} differs from the recorded one")
    if isinstance(event, Match.EntropyContributed) and not same(
        event.commitment, entropy_commitment(str(match.id), event.seat, event.value)
    ):
        raise ReplayError(number, "a seat's entropy does not match its commitment")


# -- the previous format ------------------------------------------------------------------------


def migrate_v1(lines: Sequence[dict[str, Any]]) -> Match:
    """A `starledger-replay/1` file played again under a new id: its seed was public, so the
    match is marked as having a known seed. Its own sha256 chain is checked first."""

    previous = ""
    for number, line in enumerate(lines, start=1):
        rest = {key: value for key, value in line.items() if key != "hash"}
        expected = hashlib.sha256(previous.encode() + canonical(rest)).hexdigest()
        if line.get("hash") != expected:
            raise ReplayError(number, "hash chain broken: the line was changed, added or removed")
        previous = expected
    header = lines[0]
    if header.get("format") != OLD_FORMATS[0] or not lines[-1].get("end"):
        raise ReplayError(1, f"not a complete {OLD_FORMATS[0]} file")
    rules = _rules(header)
    try:
        match = Match.start(
            rules.slug,
            [str(name) for name in header["seats"]],
            dict(header["options"]),
            int(header["seed"]),
            sealed_log=bool(header.get("sealed_log", False)),
        )
    except (IllegalMove, KeyError, TypeError, ValueError) as exc:
        raise ReplayError(1, f"cannot start the match: {_brief(exc)}") from None
    for number, line in enumerate(lines[2:-1], start=3):
        try:
            seat = match.seat_of(str(line.get("seat")))
            if line.get("kind") == "Decided":
                command = match.rules.parse_command(_object(line.get("command")))
                outcome = match.decide(seat, command)
                if canonical(outcome) != canonical(line.get("outcome")):
                    raise ReplayError(number, "outcome differs from the recorded one")
            elif line.get("kind") == "Undone":
                match.undo(seat)
            else:
                match.redo(seat)
        except IllegalMove as exc:
            raise ReplayError(number, f"refused by the rules: {exc.code}: {exc.message}") from None
    return match
