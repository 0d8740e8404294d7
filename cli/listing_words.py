"""How a `moves` listing is laid out: numbered lines, and long lines broken at spaces. What each
entry says (the game's words, or the short form with `--raw`) comes with the menu itself
(forms/menus.py, `MoveEntry.words`): the same for the command line, the server and the page."""

from __future__ import annotations


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
