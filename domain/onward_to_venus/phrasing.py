"""The small phrases Onward to Venus sentences are built of: seats, pieces, cards, lists, dice."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from domain.game import words

from .components import CARD_EFFECT
from .wording import PIECE_ORDER, PIECE_WORDS, card_title, face_title, planet_title

Names = Sequence[str]

LIST_LIMIT = 5
"""A list longer than this names its first items and says how many more."""

_PIECE_ID = re.compile(r"P([1-9])\.([A-Z]+)\.[0-9]+")


def seat(names: Names, index: int | None) -> str:
    """A seat by its name (a seat the names do not reach by its number)."""
    if index is None:
        return "no one"
    return names[index] if 0 <= index < len(names) else f"player {index + 1}"


def join(items: Iterable[str], limit: int = LIST_LIMIT) -> str:
    """`a`, `a and b`, `a, b and c`; past `limit` items, `a, b, c, d and 9 more`."""
    return words.join(items, limit=limit)


def count(n: int, one: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `no cards`."""
    return words.counted(n, one, many, none=True)


def money(amount: int) -> str:
    return f"£{amount}"


def card(card_id: int | None) -> str:
    """A card by its printed name (the id names one card; its effect is its name)."""
    effect = CARD_EFFECT.get(card_id or 0)
    return "a card" if effect is None else card_title(effect)


def cards(card_ids: Iterable[int]) -> str:
    found = [card(c) for c in card_ids]
    return join(found) if found else "no cards"


def planet(name: str | None) -> str:
    return "nowhere" if name is None else planet_title(name)


def planets(names: Iterable[str]) -> str:
    return join(planet_title(n) for n in names)


def faces(values: Iterable[int]) -> str:
    return join(face_title(v) for v in values)


def die(index: int) -> str:
    return f"die {index + 1}"


def dice(indices: Iterable[int]) -> str:
    found = [str(i + 1) for i in indices]
    return f"die {found[0]}" if len(found) == 1 else f"dice {join(found)}"


def _owner_and_kind(piece_id: str) -> tuple[int, str]:
    found = _PIECE_ID.fullmatch(piece_id)
    if found is None:
        return -1, ""
    return int(found.group(1)) - 1, found.group(2)


def _kind_counts(kinds: Iterable[str], possessive: bool) -> list[str]:
    tally: dict[str, int] = {}
    for kind in kinds:
        tally[kind] = tally.get(kind, 0) + 1
    order = [k for k in PIECE_ORDER if k in tally] + [k for k in tally if k not in PIECE_ORDER]
    out = []
    for kind in order:
        one, many = PIECE_WORDS.get(kind, ("a piece", "pieces"))
        n = tally[kind]
        if n > 1:
            out.append(f"{n} {many}")
        else:
            out.append(one.split(" ", 1)[1] if possessive else one)
    return out


def pieces(piece_ids: Iterable[str], names: Names | None = None) -> str:
    """Units and buildings by kind, each seat's apart: `2 infantry and a cruiser`, or with
    `names` `ann's 2 infantry and cruiser; ben's tank` (the owner is in the id: P1 is seat 0)."""
    by_owner: dict[int, list[str]] = {}
    for piece_id in piece_ids:
        owner, kind = _owner_and_kind(piece_id)
        by_owner.setdefault(owner, []).append(kind)
    if not by_owner:
        return "no units"
    if names is None:
        return join((part for kinds in by_owner.values() for part in _kind_counts(kinds, False)), 6)
    groups = [
        f"{seat(names, owner)}'s {join(_kind_counts(kinds, True))}"
        for owner, kinds in by_owner.items()
    ]
    if len(groups) > LIST_LIMIT:
        groups = [*groups[: LIST_LIMIT - 1], f"{len(groups) - LIST_LIMIT + 1} more players' units"]
    return "; ".join(groups)


def piece(piece_id: str, names: Names) -> str:
    """One unit or building by its owner and kind: `ben's factory`."""
    return pieces((piece_id,), names)


def kinds(unit_kinds: Iterable[str]) -> str:
    """Units by kind alone: `a tank`, `2 infantry and a cruiser`."""
    return join(_kind_counts(unit_kinds, False), 6) or "no units"


def recruits(raised: Iterable[tuple[str, str]]) -> str:
    """(kind, planet) pairs by planet: `2 infantry at Earth and a tank at Mars`."""
    where: dict[str, list[str]] = {}
    for kind, at in raised:
        where.setdefault(at, []).append(kind)
    return join(f"{kinds(found)} at {planet_title(at)}" for at, found in where.items()) or (
        "no units"
    )


def owner(piece_id: str) -> int:
    """The seat a unit or building id belongs to (P1 is seat 0; -1 for an id it cannot read)."""
    return _owner_and_kind(piece_id)[0]


def own_piece(piece_id: str) -> str:
    """A piece of the seat that names it: `their own tank`."""
    return f"their own {join(_kind_counts((_owner_and_kind(piece_id)[1],), True))}"
