"""English for the games' narrators: lists and amounts, written once (each game's word tables
hold its own names; these only join and count them). Games reach it as `domain.game.words`."""

from __future__ import annotations

from collections.abc import Iterable

LIST_LIMIT = 6
"""How many items a list names before it says "and N more"."""


def join(
    items: Iterable[str], *, last: str = "and", limit: int = LIST_LIMIT, width: int | None = None
) -> str:
    """ "a", "a and b", "a, b and c"; past `limit` items (or, with `width`, past that many
    characters), its first items that fit and "N more"."""
    found = list(items)
    too_wide = width is not None and len(", ".join(found)) > width
    if len(found) > limit or too_wide:
        if width is None:
            shown = found[: limit - 1]
        else:
            room = width - len(f" {last} 99 more")
            shown = found[:1]
            for item in found[1 : min(limit, len(found)) - 1]:
                if len(", ".join([*shown, item])) > room:
                    break
                shown.append(item)
        found = [*shown, f"{len(found) - len(shown)} more"]
    if len(found) <= 1:
        return "".join(found)
    return f"{', '.join(found[:-1])} {last} {found[-1]}"


def counted(count: int, one: str, many: str | None = None, *, none: bool = False) -> str:
    """ "1 card", "3 cards" ("0 cards", or with `none` "no cards")."""
    plural = many if many is not None else f"{one}s"
    if count == 0 and none:
        return f"no {plural}"
    return f"{count} {one if count == 1 else plural}"
