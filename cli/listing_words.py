"""Listed moves in words: each whole move of a `moves` listing as a short phrase in the game's
own names ("settles Gem World, paying 2 cards", "bids 3"), told by the game's narration for the
seat it is listed for; the short form `play` reads stays one flag away (`moves --raw`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.game import Rules
from domain.match import typed
from forms.menus import MoveEntry


def phrase(entry: MoveEntry, rules: Rules[Any], seat: str, seats: Sequence[str]) -> str:
    """The entry as a phrase without its seat ("bids 3"); a part, or a move of a game without
    narration, as it is written."""
    narrator = rules.narrator
    if entry.command is None or narrator is None or seat not in seats:
        return entry.text
    index = list(seats).index(seat)
    sentence = narrator.command_text(typed(entry.command, rules.command_type), index, seats)
    return sentence.removeprefix(f"{seat} ")


def numbered(number: int, text: str) -> str:
    """A listing line: the number to play, set apart from the move so that an amount in the
    move never reads as it ("   4) bids 3": `play 4` bids 3)."""
    return f"  {number:>4}) {text}"


def wrapped(text: str, width: int, indent: str = "      ") -> list[str]:
    """A long line of a listing (a usage, a footer) broken at spaces to `width`, the rest
    indented; a word longer than the width stays whole (a match id)."""
    import textwrap

    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    ) or [text]
