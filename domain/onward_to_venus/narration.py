"""Onward to Venus told in words (issue #25): the game's `domain.game.Narrator`.

Pure: a sentence is built from its one event or command, the seat names and the static tables
(components.py, wording.py), never from a state, so it tells a viewer no more than the event
the log already lets that viewer see. Sentences: narration_events.py, narration_commands.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.game import Seat

from . import narration_commands, narration_events
from .commands import Command
from .events import Event


def event_text(event: Event, names: Sequence[str]) -> str:
    """One event as a sentence: "ann claims the Mine (3) tile on Mars"."""
    return narration_events.tell(event, names)


def command_text(command: Command, seat: Seat, names: Sequence[str]) -> str:
    """One decision as its seat made it: "ann moves 2 infantry and a cruiser from Earth to Mars"."""
    return narration_commands.tell(command, seat, names)


def part_text(kind: str, field: str, value: object, names: Sequence[str]) -> str | None:
    """A part of a command picked part by part, in words; None: as written."""
    return narration_commands.part(kind, field, value, names)
