"""What a Race for the Galaxy seat knows beyond the table, in words (domain/knowledge.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import words

from .components import card_name


def tell(
    key: str, value: Any, view: Any, names: Sequence[str]
) -> tuple[str, str] | tuple[()] | None:
    if key == "hand":
        return ()  # told by hand_names, which holds the same cards by name
    if key == "hand_names":
        cards = [str(name) for name in value]
        return "hand", f"{words.join(cards, limit=12)} ({words.counted(len(cards), 'card')})"
    if key == "explored":
        return "explored", words.join([card_name(int(c)) for c in value], limit=12)
    if key == "keep":
        return "to keep", f"{words.counted(int(value), 'card')} of those explored"
    if key == "players[i].actions":
        return "actions chosen", words.join(
            [str(a).replace("_", " ").title() for a in value]
        ) or "none yet"
    if key == "players[i].choice":
        return "card chosen", "none" if value is None else card_name(int(value))
    return None
