"""What a Delta V seat knows beyond the others, in words (domain/knowledge.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain import words

from .components import Face
from .narration_words import cell, face


def tell(
    key: str, value: Any, view: Any, names: Sequence[str]
) -> tuple[str, str] | tuple[()] | None:
    if key != "peeks":
        return None
    seen = [
        f"{face(msgspec.convert(peek['face'], Face))} at {cell(tuple(peek['position']))}"
        for peek in value
        if isinstance(peek, dict) and isinstance(peek.get("face"), dict)
    ]
    return "tiles peeked at", words.join(seen, limit=12) or "none"
