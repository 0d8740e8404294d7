"""What a Kosmonauts seat knows beyond the others, in words (domain/knowledge.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.knowledge import sibling

from .narration_words import joined, mission, missions, order
from .state import SealedOrder


def tell(
    key: str, value: Any, view: Any, names: Sequence[str]
) -> tuple[str, str] | tuple[()] | None:
    if key == "ships[i].missions":
        return "missions", missions(value) if value else "none"
    if key == "ships[i].discarded_missions":
        return "missions discarded", missions(value) if value else "none"
    if key == "ships[i].missions_met_now":
        held = sibling(view, f"{_ship(key, view)}", "missions") or []
        met = [mission(card) for card, done in zip(held, value, strict=False) if done]
        return "missions met now", joined(met) if met else "none yet"
    if key == "ships[i].order":
        if value is None:
            return "sealed order", "none yet"
        sealed = msgspec.convert(value, SealedOrder)
        return "sealed order", order(sealed.kind, sealed.placements, sealed.convert_shield)
    return None


def _ship(key: str, view: Any) -> str:
    """The path of the viewer's own ship (the one whose missions the view shows)."""
    ships = view.get("ships", []) if isinstance(view, dict) else []
    for index, ship in enumerate(ships):
        if isinstance(ship, dict) and ship.get("missions"):
            return f"ships[{index}].missions"
    return "ships[0].missions"
