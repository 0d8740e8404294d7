"""What an Onward to Venus seat knows beyond the others, in words (domain/knowledge.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .phrasing import card, count


def tell(
    key: str, value: Any, view: Any, names: Sequence[str]
) -> tuple[str, str] | tuple[()] | None:
    labels = {"seats[i].hand": "hand", "seats[i].held": "held", "spied_hand": "spied hand"}
    if key not in labels:
        return None
    if value is None:
        return labels[key], "none"
    ids = [item.get("id") if isinstance(item, dict) else item for item in value]
    named = [card(int(i)) if isinstance(i, int) else "a card" for i in ids]
    text = ", ".join(named) if named else "none"
    return labels[key], f"{text} ({count(len(named), 'card')})" if named else text
