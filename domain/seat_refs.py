"""Seats named inside text the rules write (an IllegalMove's message, a chance node's question):
`seat_ref(1)` stands for the seat, and the platform prints it with the seat's name."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT_REF = re.compile(r"\{seat:(\d)\}")


def seat_ref(seat: int) -> str:
    """A seat named in an IllegalMove message: the platform prints it as the seat's name."""
    return f"{{seat:{seat}}}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with every `seat_ref` replaced by that seat's name."""

    def name(found: re.Match[str]) -> str:
        index = int(found.group(1))
        return names[index] if index < len(names) else f"seat {index}"

    return _SEAT_REF.sub(name, text)
