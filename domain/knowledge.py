"""The "what I know" panel in words: every part of a seat's view that a spectator's does not
show (found by comparing the two views, for every game), as a labelled line in the game's own
names: `hand    Gem World, Space Port and New Sparta (3 cards)`.

A game names its private parts in `domain/<game>/knowledge.py`, a function

    tell(key, value, view, names) -> tuple[str, str] | None | ()

`key` is the part's path with every list index written `[i]` (`ships[i].missions`), `value`
what the seat sees there (the items it sees beyond the others, for a list that grew), `view`
the seat's whole view (builtins). It returns the line's label and text, `()` to leave the part
out (told by another), or None for the plain wording every part has without it.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from domain import words

Teller = Callable[[str, Any, Any, Sequence[str]], "tuple[str, str] | tuple[()] | None"]


class Part:
    """One private part of a view: its path, what the seat sees there, and how it differs."""

    def __init__(self, path: str, value: Any, kind: str) -> None:
        self.path, self.value, self.kind = path, value, kind


def told_parts(
    parts: Sequence[Part], view: Any, names: Sequence[str], narration: str | None
) -> list[tuple[str, str]]:
    """(label, text) for every part, in the game's words where it names them."""
    tell = _teller(narration)
    lines: list[tuple[str, str]] = []
    for part in _grouped(parts):
        key = re.sub(r"\[\d+\]", "[i]", part.path)
        found = tell(key, part.value, view, names) if tell is not None else None
        if found == ():
            continue
        if found is None:
            label, text = plain_label(part.path), plain_value(part.value)
            if part.kind == "removed":
                label, text = f"no longer {label}", text
            lines.append((label, text))
        else:
            lines.append(found)  # type: ignore[arg-type]
    return lines


def _grouped(parts: Sequence[Part]) -> list[Part]:
    """Items added to (or removed from) one list as one part holding them all."""
    out: list[Part] = []
    for part in parts:
        last = out[-1] if out else None
        if last is not None and last.path == part.path and part.kind == last.kind != "changed":
            last.value.append(part.value)
        elif part.kind != "changed":
            out.append(Part(part.path, [part.value], part.kind))
        else:
            out.append(Part(part.path, part.value, part.kind))
    return out


@functools.cache
def _teller(narration: str | None) -> Teller | None:
    if narration is None:
        return None
    module = narration.rsplit(".", 1)[0] + ".knowledge"
    try:
        found: Teller = importlib.import_module(module).tell
    except ModuleNotFoundError:
        return None
    return found


def plain_label(path: str) -> str:
    """`ships[0].missions_met_now` -> `missions met now` (the seat's own index left out)."""
    last = re.sub(r"\[\d+\]", "", path).split(".")
    return " ".join(word.replace("_", " ") for word in last[-1:])


def plain_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return words.join([plain_value(item) for item in value], limit=12) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key.replace('_', ' ')} {plain_value(item)}"
                         for key, item in value.items())  # fmt: skip
    return str(value)


def index_in(path: str) -> int | None:
    """The first list index of a path (`ships[1].missions` -> 1)."""
    found = re.search(r"\[(\d+)\]", path)
    return int(found.group(1)) if found else None


def sibling(view: Any, path: str, name: str) -> Any:
    """The field `name` beside the part at `path` (`ships[i].missions` beside `...met_now`)."""
    where: Any = view
    steps = re.findall(r"[^.\[\]]+|\[\d+\]", path)[:-1]
    for step in steps:
        if step.startswith("["):
            where = where[int(step[1:-1])]
        else:
            where = where.get(step) if isinstance(where, dict) else None
        if where is None:
            return None
    return where.get(name) if isinstance(where, dict) else None
