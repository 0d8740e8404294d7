"""The per-seat view and the text board (§5)."""

from __future__ import annotations

from domain.kosmonauts import RULES
from domain.kosmonauts.commands import SubmitOrders
from domain.kosmonauts.view import BODY_SYMBOLS
from tests.kosmonauts.helpers import game, place, rose, ship, when

NAMES = ["Ann", "Bob"]


def board_cell(text: str, h: tuple[int, int]) -> str:
    """The character drawn for hex h (rows are labelled by r; columns are 2q + r + 26)."""
    q, r = h
    row = next(line for line in text.splitlines() if line[:5].strip() == str(r))
    return row[5 + 2 * q + r + 26]


def test_render_draws_the_sun_bodies_and_flying_ships_where_they_are() -> None:
    state = game([ship((0, 5), rose_units=rose(E=1)), ship((-5, 5), "MARS", missions=("M1-MARS",))])
    text = RULES.render(RULES.view(state, 1), NAMES)
    assert board_cell(text, (0, 0)) == "@"
    assert board_cell(text, (1, 0)) == "*"
    assert board_cell(text, (7, 0)) == ":"
    assert board_cell(text, state.body_hex("EARTH")) == BODY_SYMBOLS["EARTH"]
    assert board_cell(text, (-5, 5)) == BODY_SYMBOLS["MARS"]  # Bob rides Mars
    assert board_cell(text, (0, 5)) == "1"  # Ann flies
    assert "2 Bob: on Mars at (-5, 5)" in text
    assert "Your missions: M1-MARS (not met)" in text


def test_a_sealed_order_shows_only_to_its_author() -> None:
    state = game([ship((0, 5), rose_units=rose(E=1)), ship((0, 6), rose_units=rose(E=1))])
    state, _ = when(state, 0, SubmitOrders(placements=place("NE", "NW:HYPER")))
    mine = RULES.render(RULES.view(state, 0), NAMES)
    theirs = RULES.render(RULES.view(state, 1), NAMES)
    spectator = RULES.render(RULES.view(state, None), NAMES)
    assert "orders FLY [NE, NW:HYPER]" in mine
    assert "orders sealed" in theirs and "NW:HYPER" not in theirs
    assert "orders sealed" in spectator and "Your missions" not in spectator
    assert RULES.view(state, 1).ships[0].order is None
    assert RULES.view(state, 1).to_move == (1,)


def test_other_seats_missions_are_hidden_until_the_end() -> None:
    state = game([ship((0, 5), missions=("M1-MARS",)), ship((0, 6), missions=("M1-VENUS",))])
    seen = RULES.view(state, 0)
    assert seen.ships[0].missions == ("M1-MARS",) and seen.ships[0].missions_met_now == (False,)
    assert seen.ships[1].missions is None and seen.ships[1].mission_count == 1
    assert RULES.view(state, None).ships[0].missions is None
