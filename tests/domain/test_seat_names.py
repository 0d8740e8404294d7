"""Seat names that read as one name are one name: refused side by side in a match, and found
whichever Unicode form a reader types.

Given names that print alike — a Cyrillic letter for a Latin one, é composed (NFC) or
decomposed (NFD), a digit for a letter —
when a match is started with two of them, it is refused (BAD_SEATS) and nothing is stored;
when a seat is named in another form than the one stored, it is found.
"""

from __future__ import annotations

import unicodedata

import pytest

from domain.errors import IllegalMove
from domain.game import named_seats
from domain.match import Match
from domain.registry import rules_for
from domain.seat_names import skeleton

NFC = unicodedata.normalize("NFC", "ren\u00e9e")
NFD = unicodedata.normalize("NFD", "ren\u00e9e")
CONFUSED = [
    ("ann", "\u0430nn"),  # Cyrillic a
    ("bob", "b\u03bfb"),  # Greek omicron
    ("bob", "b0b"),
    ("lil", "1il"),
    ("Ann", "ann"),
    ("ann", "\uff41nn"),  # fullwidth a (NFKC)
    (NFC, NFD),
]


@pytest.mark.parametrize(("first", "second"), CONFUSED)
def test_two_seats_that_read_as_one_are_refused(first: str, second: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        Match.start("toy", [first, second], {}, 1)
    assert refused.value.code == "BAD_SEATS"


def test_names_that_differ_are_kept_apart() -> None:
    assert len({skeleton(n) for n in ["ann", "ben", "cat", "anna", "\u0430\u0431\u0432"]}) == 5
    match = Match.start("toy", ["ann", "anna"], {}, 1)
    assert list(match.seats) == ["ann", "anna"]


def test_a_seat_is_found_in_either_unicode_form() -> None:
    match = Match.start("toy", [NFD, "ben"], {}, 1)
    assert match.seats[0] == NFC  # stored composed
    assert match.seat_of(NFD) == 0 and match.seat_of(NFC) == 0
    with pytest.raises(IllegalMove):
        match.seat_of("\u0440en\u00e9e")  # a look-alike is not the seat: only its own form is


def test_a_seat_named_in_a_command_is_found_in_either_form() -> None:
    rules = rules_for("duck-dealer")
    trade = {"type": "ProposeTrade", "partner": NFD, "give": {}, "receive": {}}
    assert named_seats(trade, rules.command_type, ["ann", NFC])["partner"] == 1
