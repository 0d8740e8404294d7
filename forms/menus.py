"""A seat's legal moves as people pick them: grouped by kind, numbered from 1, and where a kind
has too many moves to read, built part by part.

Every command is written in the short form of forms/command_forms.py and split into its
parts: its kind, then each field in order, a list field item by item and closed by "(no more)".
A menu stands at a position (the parts picked so far) and offers either the moves under it,
numbered, or, when there are more than `SHOW`, the distinct next parts, each with how many moves
lie under it; a part that every move under the position shares is taken at once. Picking a part
narrows the menu; every legal move is reachable, and no move is left out of a count.

Every entry is also told in the game's words, for the seat it is listed for (`words`): a whole
move as the game's narration tells it, without the seat's name ("bids 3"); a part by the
narration's `part_text`, where the game has one ("a yellow cube east"); else as it is written.

The numbering is a function of the listed commands and the position, so a listing is named by
(match, seat, version, position): a client keeps the last one and plays its number N only while
the match is still at that version (cli/listings.py). A part keeps its number from one pick to
the next: the parts of a field are numbered once, over every listed move of the kind, so the
second cube's `E:NORMAL` has the first cube's number (a listing's numbers may then skip some).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec

from domain.game import Rules, name_seats
from domain.match import TABLE, Match, typed
from forms.command_forms import (
    command_classes,
    command_fields,
    command_text,
    sequence_item,
    type_text,
    value_text,
)

SHOW = 30
"""A menu lists its moves one by one when there are at most this many."""
END = "(no more)"
"""The part that closes a list field."""


class MoveEntry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One numbered line of a menu: a whole move (`command`) or a part to pick (`parts`)."""

    number: int
    kind: str
    text: str  # the move in the short form, or the part this step picks
    words: str = ""  # the same in the game's words, for the seat it is listed for
    command: dict[str, Any] | None = None  # the whole move as JSON (seats as indexes)
    parts: list[str] | None = None  # a step: the position it leads to
    count: int = 1  # how many moves lie under this entry


class MoveMenu(msgspec.Struct, frozen=True, kw_only=True):
    """What `moves` shows: the entries at a position, and what the steps there ask for."""

    match: str
    seat: str
    version: int
    parts: list[str]  # the position: the parts picked so far ([]: every kind)
    asking: str | None  # what the step entries choose, e.g. "placements[2]"
    total: int  # the moves under this position
    entries: list[MoveEntry]
    waiting_for: list[str]
    over: bool
    picked: list[str] = msgspec.field(default_factory=list)  # `parts` in the game's words


def plain(commands: Sequence[Any]) -> list[dict[str, Any]]:
    """Commands (typed, or JSON objects) as the JSON objects `play` accepts."""
    return [msgspec.json.decode(msgspec.json.encode(c, order="deterministic")) for c in commands]


def legal_commands(match: Match, seat_name: str) -> list[dict[str, Any]]:
    """Every legal command of the seat now as JSON objects; empty when it is not to move."""
    seat = match.seat_of(seat_name)
    if seat not in match.to_move:
        return []
    return plain(match.rules.legal(match.state, seat))


class Part(NamedTuple):
    """One part of a command as a person picks it."""

    label: str  # what is asked ("placements[2], a direction:cube or (no more)")
    text: str  # the part in the short form
    field: str = ""  # the field it fills ("": the kind)
    value: Any = None  # its JSON value (seats as indexes), an item of a list field
    hint: Any = None  # the type of that value (None: the kind, or END)


def command_parts(command: dict[str, Any], rules: Rules[Any], seats: Sequence[str]) -> list[Part]:
    """A command as the parts a person picks, kind first, then every field in order (a list
    field item by item, closed by END)."""
    kind = str(command.get("type"))
    parts = [Part("kind", kind)]
    cls = command_classes(rules.command_type).get(kind)
    if cls is None:
        return parts
    for field in command_fields(cls):
        value = command.get(field.name, field.default)
        item = sequence_item(field.hint) if isinstance(value, list) else None
        if item is not None:
            for index, one in enumerate(value, start=1):
                label = f"{field.name}[{index}], a {type_text(item)} or {END}"
                parts.append(Part(label, value_text(one, item, seats), field.name, one, item))
            label = f"{field.name}[{len(value) + 1}], a {type_text(item)} or {END}"
            parts.append(Part(label, END, field.name))
        else:
            label = f"{field.name}, {type_text(field.hint)}"
            text = value_text(value, field.hint, seats)
            parts.append(Part(label, text, field.name, value, field.hint))
    return parts


def move_words(command: dict[str, Any], rules: Rules[Any], seat: str, seats: Sequence[str]) -> str:
    """A whole move of `seat` in the game's words, without the seat's name ("bids 3"); as it
    is written where the game has no narration (or the seat is not one of the match's)."""
    narrator = rules.narrator
    if narrator is None or seat not in seats:
        return command_text(command, rules, seats)
    index = list(seats).index(seat)
    sentence = narrator.command_text(typed(command, rules.command_type), index, seats)
    return sentence.removeprefix(f"{seat} ")


def part_words(part: Part, kind: str, rules: Rules[Any], seats: Sequence[str]) -> str:
    """A part in the game's words (its narration's `part_text`); as it is written where the
    game has none for it."""
    told = getattr(rules.narrator, "part_text", None)
    if told is None or part.hint is None:
        return part.text
    try:
        value = msgspec.convert(part.value, part.hint)
    except msgspec.ValidationError:  # a listed value is always of its type; never guessed at
        return part.text
    words: str | None = told(kind, part.field, value, seats)
    return part.text if words is None else words


def menu(
    match: str,
    seat: str,
    version: int,
    commands: Sequence[dict[str, Any]],
    rules: Rules[Any],
    seats: Sequence[str],
    *,
    parts: Sequence[str] = (),
    everything: bool = False,
    waiting_for: Sequence[str] = (),
    over: bool = False,
) -> MoveMenu:
    """The menu at position `parts` (see the module's docstring); `everything` lists every move
    under it, however many."""
    split = [(c, command_parts(c, rules, seats)) for c in commands]
    position = list(parts)
    under = [(c, p) for c, p in split if [part.text for part in p[: len(position)]] == position]
    asking: str | None = None
    entries: list[MoveEntry] = []

    def move(number: int, command: dict[str, Any]) -> MoveEntry:
        return MoveEntry(
            number=number,
            kind=str(command.get("type")),
            text=command_text(command, rules, seats),
            words=move_words(command, rules, seat, seats),
            command=command,
        )

    if not position and not everything:
        # Every kind: its moves when they are few, a step into it when they are many.
        kinds: dict[str, list[tuple[dict[str, Any], list[Part]]]] = {}
        for c, p in under:
            kinds.setdefault(p[0].text, []).append((c, p))
        for kind, group in kinds.items():
            if len(group) <= SHOW:
                for c, _ in group:
                    entries.append(move(len(entries) + 1, c))
            else:
                text = f"{kind}: pick it part by part"
                entries.append(
                    MoveEntry(
                        number=len(entries) + 1, kind=kind, text=text, words=text, parts=[kind],
                        count=len(group),
                    )
                )  # fmt: skip
        return _menu(match, seat, version, position, None, len(under), entries, waiting_for, over)
    while not everything and len(under) > SHOW:
        depth = len(position)
        if any(depth >= len(p) for _, p in under):  # the same move listed many times
            break
        nexts: dict[str, list[tuple[dict[str, Any], list[Part]]]] = {}
        for c, p in under:
            nexts.setdefault(p[depth].text, []).append((c, p))
        if len(nexts) == 1:  # every move here shares the next part: take it
            position.append(next(iter(nexts)))
            continue
        asking = under[0][1][depth].label
        kind = under[0][1][0].text
        numbers = _part_numbers(split, kind, asking)
        for text, group in sorted(nexts.items(), key=lambda item: numbers[item[0]]):
            if len(group) == 1:
                entries.append(move(numbers[text], group[0][0]))
            else:
                words = part_words(group[0][1][depth], kind, rules, seats)
                entries.append(
                    MoveEntry(
                        number=numbers[text], kind=kind, text=text, words=words,
                        parts=[*position, text], count=len(group),
                    )
                )  # fmt: skip
        shown = _menu(
            match, seat, version, position, asking, len(under), entries, waiting_for, over
        )
        return _picked(shown, under, rules, seats)
    entries = [move(number, c) for number, (c, _) in enumerate(under, start=1)]
    shown = _menu(match, seat, version, position, None, len(under), entries, waiting_for, over)
    return _picked(shown, under, rules, seats)


def _picked(
    shown: MoveMenu,
    under: Sequence[tuple[dict[str, Any], list[Part]]],
    rules: Rules[Any],
    seats: Sequence[str],
) -> MoveMenu:
    """The menu with its position told in the game's words (every move under it shares it)."""
    if not shown.parts or not under:
        return shown
    parts = under[0][1]
    kind = parts[0].text
    told = [kind, *(part_words(part, kind, rules, seats) for part in parts[1 : len(shown.parts)])]
    return msgspec.structs.replace(shown, picked=told)


def _part_numbers(
    split: Sequence[tuple[dict[str, Any], list[Part]]], kind: str, asking: str
) -> dict[str, int]:
    """Every part of the field `asking` names (any item of a list field), numbered from 1 in
    the order the listed moves of `kind` first use it: the same number for the same part at
    every pick."""
    field = _field_of(asking)
    numbers: dict[str, int] = {}
    for _, parts in split:
        if parts[0].text != kind:
            continue
        for part in parts[1:]:
            if _field_of(part.label) == field and part.text not in numbers:
                numbers[part.text] = len(numbers) + 1
    return numbers


def _field_of(label: str) -> str:
    """The field a part's label asks for ("placements[2], a cube or ..." -> "placements")."""
    return label.split(",", 1)[0].split("[", 1)[0]


def _told_apart(entries: list[MoveEntry]) -> list[MoveEntry]:
    """Entries whose words say the same (two of a seat's infantry, say) each with its short
    form after them, so that no two entries of a listing read alike."""
    seen: dict[str, int] = {}
    for entry in entries:
        seen[entry.words] = seen.get(entry.words, 0) + 1
    return [
        msgspec.structs.replace(entry, words=f"{entry.words} ({entry.text})")
        if seen[entry.words] > 1 and entry.words != entry.text
        else entry
        for entry in entries
    ]


def _menu(
    match: str,
    seat: str,
    version: int,
    position: list[str],
    asking: str | None,
    total: int,
    entries: list[MoveEntry],
    waiting_for: Sequence[str],
    over: bool,
) -> MoveMenu:
    return MoveMenu(
        match=match,
        seat=seat,
        version=version,
        parts=position,
        asking=asking,
        total=total,
        entries=_told_apart(entries),
        waiting_for=list(waiting_for),
        over=over,
    )


def match_menu(
    match: Match, seat_name: str, *, parts: Sequence[str] = (), everything: bool = False
) -> MoveMenu:
    """The menu of a seat of a stored match, now."""
    return menu(
        str(match.id),
        seat_name,
        match.version,
        legal_commands(match, seat_name),
        match.rules,
        match.seats,
        parts=parts,
        everything=everything,
        waiting_for=match.waiting_for,
        over=match.result is not None,
    )


def move_parts(
    commands: Sequence[dict[str, Any]],
    rules: Rules[Any],
    seats: Sequence[str],
    kind: str,
    *,
    short: bool = True,
) -> dict[str, list[Any]]:
    """The parts a command of `kind` is built from: for every field, the distinct values the
    listed moves use (and for a list field, the distinct items of its lists), in the short form
    (or as JSON values). Where a game lists a sample of a combinatorial space (several rockets
    at once), every part a player may want still appears here, and any combination of parts
    the rules allow is accepted as one command."""
    cls = command_classes(rules.command_type).get(kind)
    found: dict[str, list[Any]] = {}
    keys: dict[str, set[bytes]] = {}
    if cls is None:
        return found
    for command in commands:
        if command.get("type") != kind:
            continue
        for field in command_fields(cls):
            value = command.get(field.name, field.default)
            item = sequence_item(field.hint) if isinstance(value, list) else None
            pairs = [(one, item) for one in value] if item is not None else [(value, field.hint)]
            for one, hint in pairs:
                key = msgspec.json.encode(one, order="deterministic")
                if key not in keys.setdefault(field.name, set()):
                    keys[field.name].add(key)
                    shown = value_text(one, hint, seats) if short else one
                    found.setdefault(field.name, []).append(shown)
    return found


def chance_menu(match: Match, parts: Sequence[str] = (), *, everything: bool = False) -> MoveMenu:
    """What the table may give at the chance node the match waits at (the referee's: a node can
    tell more than the seats know yet), numbered; each entry's `command` is `{"chance": OUTCOME}`
    and its text the outcome's name, with how many of it the pile holds. More than `SHOW`
    outcomes are picked part by part, as a seat's big kinds are: first the initial of the name
    (`parts` is the position: [] or [initial]), then the outcomes under it."""
    node = match.chance_node
    named = (
        []
        if node is None
        else [
            (node.name(outcome, match.seats), msgspec.to_builtins(outcome), count)
            for outcome, count in zip(node.outcomes, node.counts, strict=True)
        ]
    )
    return outcome_menu(
        str(match.id), match.version, name_seats(node.describe(), match.seats) if node else None,
        named, parts, everything=everything, waiting_for=match.waiting_for,
        over=match.result is not None,
    )  # fmt: skip


def outcome_menu(
    match: str,
    version: int,
    asking: str | None,
    named: Sequence[tuple[str, Any, int]],
    parts: Sequence[str] = (),
    *,
    everything: bool = False,
    waiting_for: Sequence[str] = (),
    over: bool = False,
) -> MoveMenu:
    """The table's menu from its outcomes (name, JSON value, count), for a local store or a
    server's listing alike (see `chance_menu`)."""
    entries: list[MoveEntry] = []
    position = list(parts)
    if named:
        if position:
            named = [item for item in named if _initial(item[0]) == position[0]]
        if len(named) > SHOW and not position and not everything:
            initials: dict[str, int] = {}
            for name, _, count in named:
                initials[_initial(name)] = initials.get(_initial(name), 0) + count
            asking = f"{asking} — pick its first letter"
            for number, (initial, count) in enumerate(sorted(initials.items()), 1):
                entries.append(
                    MoveEntry(
                        number=number, kind="chance", text=f"{initial}…", words=f"{initial}…",
                        parts=[initial], count=count,
                    )
                )  # fmt: skip
        else:
            for number, (name, outcome, count) in enumerate(named, 1):
                entries.append(
                    MoveEntry(
                        number=number, kind="chance", text=name, words=name,
                        command={"chance": outcome}, count=count,
                    )
                )  # fmt: skip
    total = sum(count for _, _, count in named)
    return _menu(match, TABLE, version, position, asking, total, entries, waiting_for, over)


def _initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()
