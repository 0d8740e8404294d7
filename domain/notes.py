"""Notes: what a seat (or the referee) writes about a step of a match, kept as the events of an
aggregate of its own, one per match, so a note never changes the match it talks about.

A note is read by its author and the referee while the match runs, and by everyone once the
match opens (over, not sealed): a seat's note may say what only that seat knows.
"""

from __future__ import annotations

import uuid

import msgspec
from eventsourcing.domain import Aggregate

from domain.commitment import fresh_salt
from domain.errors import IllegalMove

MAX_NOTE = 2000
NAMESPACE = uuid.UUID("6f1b2a3e-8c4d-4e5f-9a0b-1c2d3e4f5a6b")


class Note(msgspec.Struct, frozen=True):
    step: int
    author: str
    text: str
    at: str


class Notes(Aggregate):
    class Opened(Aggregate.Created):
        match: str

    class Added(Aggregate.Event):
        step: int
        author: str
        text: str
        salt: str

        def apply(self, notes: Notes) -> None:
            notes.notes.append(
                Note(
                    self.step, self.author, self.text, self.timestamp.isoformat(timespec="seconds")
                )
            )

    def __init__(self, match: str) -> None:
        self.match = match
        self.notes: list[Note] = []

    @staticmethod
    def id_for(match_id: uuid.UUID | str) -> uuid.UUID:
        return uuid.uuid5(NAMESPACE, f"starledger-notes:{match_id}")

    @classmethod
    def open(cls, match_id: uuid.UUID | str) -> Notes:
        return cls._create(cls.Opened, id=cls.id_for(match_id), match=str(match_id))

    def add(self, step: int, author: str, text: str, steps: int) -> Note:
        text = text.strip()
        if not 1 <= step <= steps:
            raise IllegalMove("BAD_STEP", f"the match has steps 1 to {steps}")
        if not text or len(text) > MAX_NOTE:
            raise IllegalMove("BAD_NOTE", f"a note is 1 to {MAX_NOTE} characters")
        if not text.isprintable():
            raise IllegalMove("BAD_NOTE", "a note is one line of printable text")
        self.trigger_event(self.Added, step=step, author=author, text=text, salt=fresh_salt())
        return self.notes[-1]

    def readable_by(self, author: str | None, referee: bool, opened: bool) -> list[Note]:
        if referee or opened:
            return list(self.notes)
        return [note for note in self.notes if note.author == author]
