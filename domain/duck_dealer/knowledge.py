"""What a Duck Dealer seat knows beyond the others, in words (domain/knowledge.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def tell(
    key: str, value: Any, view: Any, names: Sequence[str]
) -> tuple[str, str] | tuple[()] | None:
    if key == "players[i].sealed_bid":
        return "sealed bid", "none yet" if value is None else f"{value} VP for the turn order"
    return None
