"""Commands as people write and read them: `Kind field=value ...`, seats by their names.

    SubmitOrders placements=E:NORMAL,NE:HYPER convert_shield=false
    ResolveAlienEncounter steal=ben:B2
    MoveRockets moves=ann-r1:3:4,ann-r2:STATION

The short form is read from the command's type hints alone, so it is the same for every game:

- the command's kind (its JSON `type`; any letter case), then its fields as `name=value`, in any
  order; a field with a default may be left out;
- a value is a number, `true`/`false`, `none`, a word (an id, a LITERAL in any letter case) or a
  seat's name;
- a list: its items joined by commas; `name=` or `name=[]` is the empty list;
- a structure (a Struct or a fixed-size tuple): its fields in order joined by colons (`E:NORMAL`,
  a position `3:4`); an empty part takes that field's default, and the last part takes the rest,
  so a structure whose last field is a position reads `ann-r1:3:4`;
- anything else, or any value at all, may be written as JSON (`steal='{"victim": "ben"}'`),
  seats by name.

`command_words` writes a command so that `parse_command_words` reads back exactly that command
(a field whose short form would read back differently is written as JSON), and `command_parts`
splits a command into the parts a person picks one by one (forms/menus.py).
"""

from __future__ import annotations

import functools
import re
import shlex
import types
import typing
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import BadInput, IllegalMove
from domain.game import Rules, is_seat_type, named_seats

_NONE = frozenset({"none", "null"})
_TRUE = frozenset({"true", "yes"})
_FALSE = frozenset({"false", "no"})
_INT = re.compile(r"-?\d{1,40}")
_FLOAT = re.compile(r"-?\d{1,40}(\.\d{1,40})?([eE][-+]?\d{1,4})?")


class _Unreadable(BadInput):
    """A value the short form cannot read as the type asked for (caught here, never raised on)."""

    def __init__(self, message: str = "a value the short form cannot read") -> None:
        super().__init__(message)


# -- the types of a game's commands ------------------------------------------------------------


@functools.cache
def command_classes(command_type: Any) -> dict[str, type[msgspec.Struct]]:
    """The command structs of a game's command union, by their `type` tag."""
    members = typing.get_args(command_type) or (command_type,)
    return {str(cls.__struct_config__.tag): cls for cls in members}


class Field(msgspec.Struct, frozen=True):
    name: str  # as written in JSON and in the short form
    hint: Any
    required: bool
    default: Any  # builtins; None when required


@functools.cache
def command_fields(cls: type[msgspec.Struct]) -> tuple[Field, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    found = []
    for f in msgspec.structs.fields(cls):
        if f.default is not msgspec.NODEFAULT:
            default, required = _plain_json(f.default), False
        elif f.default_factory is not msgspec.NODEFAULT:
            default, required = _plain_json(f.default_factory()), False
        else:
            default, required = None, True
        found.append(Field(f.encode_name, hints[f.name], required, default))
    return tuple(found)


def kind_of(rules: Rules[Any], word: str) -> str:
    """The command kind a person named: its exact tag, or the one tag equal in any letter case."""
    classes = command_classes(rules.command_type)
    if word in classes:
        return word
    found = [tag for tag in classes if tag.lower() == word.lower()]
    if len(found) == 1:
        return found[0]
    raise IllegalMove(
        "BAD_COMMAND", f"{rules.name} has no command {word!r} (commands: {', '.join(classes)})"
    )


def _strip(hint: Any) -> Any:
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    return hint


def _members(hint: Any) -> tuple[Any, ...] | None:
    hint = _strip(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return None


def sequence_item(hint: Any) -> Any | None:
    """The item type of a variable-length list, tuple or set; None for anything else."""
    hint = _strip(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (list, frozenset, set) and len(args) == 1:
        return args[0]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


def _positions(hint: Any) -> list[tuple[str | None, Any, bool, Any]] | None:
    """The positional parts of a structure (Struct or fixed tuple): (key, hint, required,
    default); None when the hint is no structure."""
    hint = _strip(hint)
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return [(f.name, f.hint, f.required, f.default) for f in command_fields(hint)]
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if args and Ellipsis not in args:
            return [(None, arg, True, None) for arg in args]
    return None


# -- reading ------------------------------------------------------------------------------------


def parse_command_words(
    words: Sequence[str], rules: Rules[Any], seats: Sequence[str]
) -> dict[str, Any]:
    """A command written as `Kind field=value ...` (see above) as the JSON object `play` takes,
    seats as indexes. What the short form cannot read is refused as BAD_COMMAND, naming the field;
    whether the command is complete and legal is for the decoder and the rules to say."""
    if not words:
        raise IllegalMove("BAD_COMMAND", "no command given")
    kind = kind_of(rules, words[0])
    fields = {f.name: f for f in command_fields(command_classes(rules.command_type)[kind])}
    data: dict[str, Any] = {"type": kind}
    for word in words[1:]:
        name, sep, text = word.partition("=")
        if not sep:
            raise IllegalMove(
                "BAD_COMMAND", f"write each field of {kind} as name=value, not {word!r}"
            )
        field = fields.get(name.strip())
        if field is None:
            known = ", ".join(fields) or "none"
            raise IllegalMove("BAD_COMMAND", f"{kind} has no field {name!r} (fields: {known})")
        if field.name in data:
            raise IllegalMove("BAD_COMMAND", f"{kind} field {field.name} is given twice")
        try:
            data[field.name] = read_value(text, field.hint, seats)
        except _Unreadable:
            raise IllegalMove(
                "BAD_COMMAND",
                f"{kind} {field.name}: cannot read {text!r} as {type_text(field.hint)}",
            ) from None
    return data


def read_value(text: str, hint: Any, seats: Sequence[str]) -> Any:
    """One value in the short form (or JSON), as builtins of `hint`."""
    if text[:1] in ('"', "[", "{"):
        try:
            raw = msgspec.json.decode(text)
        except (msgspec.DecodeError, RecursionError):
            raise _Unreadable from None
        return named_seats(raw, hint, seats)
    if is_seat_type(hint):
        if text in seats:
            return list(seats).index(text)
        if text.lower() in _NONE and _allows_none(hint):
            return None
        if _INT.fullmatch(text):
            return int(text)
        raise _Unreadable
    members = _members(hint)
    if members is not None:
        return _read_union(text, members, seats)
    hint = _strip(hint)
    if hint is type(None):
        if text.lower() in _NONE:
            return None
        raise _Unreadable
    if typing.get_origin(hint) is Literal:
        return _read_literal(text, typing.get_args(hint))
    if hint is bool:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise _Unreadable
    if hint is int:
        if _INT.fullmatch(text):
            return int(text)
        raise _Unreadable
    if hint is float:
        if _FLOAT.fullmatch(text):
            return float(text)
        raise _Unreadable
    if hint is str:
        return text
    item = sequence_item(hint)
    if item is not None:
        return [] if text == "" else [read_value(part, item, seats) for part in split(text, ",")]
    positions = _positions(hint)
    if positions is not None:
        return _read_structure(text, hint, positions, seats)
    raise _Unreadable


def _allows_none(hint: Any) -> bool:
    members = _members(hint)
    return members is not None and type(None) in members


def _read_union(text: str, members: tuple[Any, ...], seats: Sequence[str]) -> Any:
    if text.lower() in _NONE and type(None) in members:
        return None
    for member in members:
        if member is type(None):
            continue
        try:
            value = read_value(text, member, seats)
            msgspec.convert(value, member)
        except (_Unreadable, msgspec.ValidationError):
            continue
        return value
    raise _Unreadable


def _read_literal(text: str, allowed: tuple[Any, ...]) -> Any:
    for value in allowed:
        if str(value) == text:
            return value
    folded = [value for value in allowed if str(value).lower() == text.lower()]
    if len(folded) == 1:
        return folded[0]
    raise _Unreadable


def _read_structure(
    text: str, hint: Any, positions: list[tuple[str | None, Any, bool, Any]], seats: Sequence[str]
) -> Any:
    parts = split(text, ":")
    if len(parts) > len(positions):  # the last part takes the rest
        parts = [*parts[: len(positions) - 1], ":".join(parts[len(positions) - 1 :])]
    if any(key is None for key, *_ in positions):  # a fixed tuple: every part given
        if len(parts) != len(positions):
            raise _Unreadable
        return [
            read_value(part, sub, seats)
            for part, (_, sub, _, _) in zip(parts, positions, strict=True)
        ]
    data: dict[str, Any] = {}
    for part, (key, sub, _, _) in zip(parts, positions, strict=False):
        if part != "":
            data[str(key)] = read_value(part, sub, seats)
    return data


def split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside JSON strings and brackets."""
    parts: list[str] = []
    depth = 0
    quoted = escaped = False
    start = 0
    for index, ch in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


# -- writing ------------------------------------------------------------------------------------


def command_words(command: Any, rules: Rules[Any], seats: Sequence[str]) -> list[str]:
    """A command (typed, or its JSON object) as the words `parse_command_words` reads back as
    the same command: its kind, then every field that is not at its default."""
    data = _plain_json(command)
    kind = str(data.get("type"))
    cls = command_classes(rules.command_type).get(kind)
    if cls is None:  # not a command of this game: shown as it is
        return [msgspec.json.encode(data).decode()]
    words = [kind]
    for field in command_fields(cls):
        if field.name not in data:
            continue
        value = data[field.name]
        if not field.required and _same(value, field.default):
            continue
        words.append(f"{field.name}={value_text(value, field.hint, seats)}")
    return words


def command_text(command: Any, rules: Rules[Any], seats: Sequence[str]) -> str:
    """The command as one line a shell reads back into `command_words` (quoted where needed)."""
    return " ".join(_quote(word) for word in command_words(command, rules, seats))


def _quote(word: str) -> str:
    return word if re.fullmatch(r"[\w@%+=:,./-]+", word) else shlex.quote(word)


def value_text(value: Any, hint: Any, seats: Sequence[str]) -> str:
    """One value in the short form when that reads back as the same value, else as JSON."""
    try:
        return _value_text(msgspec.json.encode(value, order="deterministic"), hint, tuple(seats))
    except TypeError:  # a hint that cannot be hashed: worked out afresh
        return _value_text_of(value, hint, seats)


@functools.lru_cache(maxsize=4096)
def _value_text(encoded: bytes, hint: Any, seats: tuple[str, ...]) -> str:
    return _value_text_of(msgspec.json.decode(encoded), hint, seats)


def _value_text_of(value: Any, hint: Any, seats: Sequence[str]) -> str:
    short = _short(value, hint, seats, 0)
    if short is not None:
        try:
            if _same_as(read_value(short, hint, seats), value, hint):
                return short
        except _Unreadable:
            pass
    return msgspec.json.encode(seat_names(value, hint, seats)).decode()


def _short(value: Any, hint: Any, seats: Sequence[str], depth: int) -> str | None:
    if value is None:
        return "none"
    if is_seat_type(hint) and isinstance(value, int) and not isinstance(value, bool):
        return seats[value] if 0 <= value < len(seats) else str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return value if depth == 0 or value != "" else None
    members = _members(hint)
    if members is not None:
        for member in members:
            if member is type(None):
                continue
            try:
                msgspec.convert(value, member)
            except msgspec.ValidationError:
                continue
            return _short(value, member, seats, depth)
        return None
    item = sequence_item(hint)
    if item is not None and isinstance(value, list):
        if depth > 0:
            return None
        if not value:
            return "[]"  # JSON's empty list reads better than nothing at all
        items = [_short(v, item, seats, depth + 1) for v in value]
        return None if any(t is None for t in items) else ",".join(str(t) for t in items)
    positions = _positions(hint)
    if positions is not None and depth < 3:
        if isinstance(value, dict):
            values = [
                (value.get(str(key), default), sub, required, default)
                for key, sub, required, default in positions
            ]
        elif isinstance(value, list) and len(value) == len(positions):
            values = [
                (v, sub, True, None) for v, (_, sub, _, _) in zip(value, positions, strict=True)
            ]
        else:
            return None
        texts = []
        for v, sub, _, _ in values:
            text = _short(v, sub, seats, depth + 1)
            if text is None:
                return None
            texts.append(text)
        # Trailing parts at their defaults are left out, unless every part is at its default
        # (`0:0:0` reads better than an empty value).
        given = [i for i, (v, _, required, default) in enumerate(values)
                 if required or not _same(v, default)]  # fmt: skip
        return ":".join(texts[: given[-1] + 1] if given else texts)
    return None


def seat_names(raw: Any, hint: Any, seats: Sequence[str]) -> Any:
    """`raw` (builtins) with every seat index in a `Seat` field shown as the seat's name (the
    other way round from `domain.game.named_seats`)."""
    if is_seat_type(hint):
        if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(seats):
            return seats[raw]
        return raw
    members = _members(hint)
    if members is not None:
        real = [m for m in members if m is not type(None)]
        return seat_names(raw, real[0], seats) if len(real) == 1 else raw
    item = sequence_item(hint)
    if item is not None and isinstance(raw, list):
        return [seat_names(v, item, seats) for v in raw]
    positions = _positions(hint)
    if positions is not None:
        if isinstance(raw, dict):
            subs = {str(key): sub for key, sub, _, _ in positions}
            return {k: seat_names(v, subs.get(k), seats) for k, v in raw.items()}
        if isinstance(raw, list) and len(raw) == len(positions):
            return [
                seat_names(v, sub, seats) for v, (_, sub, _, _) in zip(raw, positions, strict=True)
            ]
    return raw


def _plain_json(value: Any) -> Any:
    """Builtins as JSON has them (lists, never tuples or sets)."""
    return msgspec.json.decode(msgspec.json.encode(value, order="deterministic"))


def _same_as(a: Any, b: Any, hint: Any) -> bool:
    """Whether two builtins values are the same value of type `hint` (defaults filled in)."""
    try:
        return _same(msgspec.convert(a, hint), msgspec.convert(b, hint))
    except msgspec.ValidationError:
        return _same(a, b)


def _same(a: Any, b: Any) -> bool:
    return msgspec.json.encode(a, order="deterministic") == msgspec.json.encode(
        b, order="deterministic"
    )


# -- describing ---------------------------------------------------------------------------------


def type_text(hint: Any) -> str:
    """How a value of `hint` is written, for people: `E|W|NE`, `true|false`, `0..35`, `a seat`."""
    if is_seat_type(hint):
        return "a seat's name" + (" or none" if _allows_none(hint) else "")
    members = _members(hint)
    if members is not None:
        texts = [type_text(m) for m in members if m is not type(None)]
        if type(None) in members:
            texts.append("none")
        return " or ".join(texts)
    bounds = _bounds(hint)
    hint = _strip(hint)
    if typing.get_origin(hint) is Literal:
        values = [str(v) for v in typing.get_args(hint)]
        return "|".join(values) if len(values) <= 10 else f"one of {len(values)} words"
    if hint is bool:
        return "true|false"
    if hint is int:
        low, high = bounds
        return f"{low}..{high}" if low is not None and high is not None else "a number"
    if hint is str:
        return "a word"
    item = sequence_item(hint)
    if item is not None:
        return f"a list of ({type_text(item)}), comma-separated"
    positions = _positions(hint)
    if positions is not None:
        return ":".join(str(key) if key else type_text(sub) for key, sub, _, _ in positions)
    return "JSON"


def _bounds(hint: Any) -> tuple[Any, Any]:
    low: Any = None
    high: Any = None
    while typing.get_origin(hint) is Annotated:
        for meta in typing.get_args(hint)[1:]:
            if isinstance(meta, msgspec.Meta):
                low = meta.ge if meta.ge is not None else low
                high = meta.le if meta.le is not None else high
        hint = typing.get_args(hint)[0]
    return low, high


def command_usage(rules: Rules[Any], kind: str) -> str:
    """How to write a command of `kind`: `SubmitOrders placements=... convert_shield=true|false`."""
    cls = command_classes(rules.command_type)[kind]
    words = [kind]
    for field in command_fields(cls):
        text = f"{field.name}=<{type_text(field.hint)}>"
        words.append(text if field.required else f"[{text}]")
    return " ".join(words)
