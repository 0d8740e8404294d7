"""The view a board is drawn from for someone who may see everything (the referee, or anyone
once the match's record is open): the spectator's view with each seat's hidden facts filled in
from that seat's own view.

Every game's view has the same shape for the spectator and for each seat, and hides a fact
from a viewer by giving None where the fact would stand (a sealed choice, a hand of missions).
Per-seat facts live in sequences (`players[i]`, `ships[i]`), so the holes are filled there:
inside a sequence, a None in the spectator's view takes the value the first seat's own view
gives at the same place. Top-level fields (the viewer's own seat, its hand) stay the
spectator's: they say whose view it is, not what is on the board. Built only from views, so a
drawing from it still holds nothing a view does not (server/boards/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def filled(spectator: Any, seats: Sequence[Any]) -> Any:
    """`spectator` (a view as builtins) with the holes of its sequences filled from `seats`
    (every seat's own view, as builtins)."""
    if isinstance(spectator, dict):
        return {
            key: filled(value, [own.get(key) if isinstance(own, dict) else None for own in seats])
            for key, value in spectator.items()
        }
    if isinstance(spectator, (list, tuple)):
        return [
            _item(value, [_at(own, index) for own in seats])
            for index, value in enumerate(spectator)
        ]
    return spectator


def _item(spectator: Any, seats: Sequence[Any]) -> Any:
    """One item of a sequence: its holes (None) filled from the first seat that knows them."""
    if spectator is None:
        return next((own for own in seats if own is not None), None)
    if isinstance(spectator, dict):
        return {
            key: _item(value, [own.get(key) if isinstance(own, dict) else None for own in seats])
            for key, value in spectator.items()
        }
    if isinstance(spectator, (list, tuple)):
        return [
            _item(value, [_at(own, index) for own in seats])
            for index, value in enumerate(spectator)
        ]
    return spectator


def _at(sequence: Any, index: int) -> Any:
    if isinstance(sequence, (list, tuple)) and index < len(sequence):
        return sequence[index]
    return None
