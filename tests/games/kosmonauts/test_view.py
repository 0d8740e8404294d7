"""The per-seat view (§5) and the text a human plans a move from (issue #14 item 3)."""

from __future__ import annotations

import pytest

from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import PlacePlanet, SubmitOrders
from domain.kosmonauts.components import BOARD_RADIUS, ORBITS
from domain.kosmonauts.rules_legal import legal
from tests.games.kosmonauts.helpers import (
    game,
    place,
    play_random,
    refusal,
    rejected,
    rose,
    ship,
    when,
)

NAMES = ["Ann", "Bob"]


def board_cell(text: str, h: tuple[int, int]) -> str:
    """The 3 characters drawn for hex h: the row labelled r, the column headed q."""
    q, r = h
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("r\\q"))
    row = next(line for line in lines if line[:3].strip() == str(r))
    at = 3 + 3 * (q + BOARD_RADIUS)
    assert header[at : at + 3].strip() == str(q)
    return row[at : at + 3].ljust(3)


def flying_ann_and_bob_on_mars():
    return game([ship((0, 5), rose_units=rose(E=1)), ship((-5, 5), "MARS", missions=("M1-MARS",))])


def test_the_board_has_axial_coordinates_and_the_fixed_sectors() -> None:
    # given / when
    text = RULES.render(RULES.view(flying_ann_and_bob_on_mars(), 1), NAMES)
    # then: every column is headed by its q and every row labelled by its r
    assert "r\\q-13-12-11-10 -9" in text
    assert board_cell(text, (0, 0)) == "  @"
    assert board_cell(text, (1, 0)) == "  *"
    assert board_cell(text, (7, 0)) == "  :"
    assert board_cell(text, (-3, -1)) == "  ."
    assert board_cell(text, ORBITS["NEPTUNE"][1]) == "  ,"


def test_bodies_are_drawn_where_they_are_and_where_they_will_be_next_round() -> None:
    # given: Mars on space 5 (-5,5), Earth on space 4 (-4,4); Bob landed on Mars
    state = flying_ann_and_bob_on_mars()
    # when
    text = RULES.render(RULES.view(state, 1), NAMES)
    # then: upper case now (with Bob's digit beside Mars), lower case after phase 4
    assert board_cell(text, (-5, 5)) == "2MA"
    assert board_cell(text, ORBITS["MARS"][6]) == " ma"
    assert board_cell(text, (-4, 4)) == " EA"
    assert board_cell(text, ORBITS["EARTH"][5]) == " ea"
    assert "MA Mars      5 at (-5,5)      6 at (-5,3)" in text


def test_ships_show_their_owner_heading_and_where_their_flight_ends() -> None:
    # given: Ann flies at (0,5) with one unit east
    state = flying_ann_and_bob_on_mars()
    # when
    text = RULES.render(RULES.view(state, 1), NAMES)
    # then: her digit where she is, "~1" where she coasts, her name and heading in the list
    assert board_cell(text, (0, 5)) == "  1"
    assert board_cell(text, (1, 5)) == " ~1"
    assert "Ships: 1 Ann  2 Bob" in text
    assert "> 1 Ann: flying at (0,5), heading E1 = (+1,+0) a round; coasts to (1,5)" in text
    assert "> 2 Bob: on Mars at (-5,5)" in text
    assert "Your missions:\n  M1-MARS: first to land on Mars (2 VP) - not met" in text


def test_the_seats_to_move_are_marked_and_named() -> None:
    # given: Ann has given her orders, Bob has not
    state, _ = when(
        flying_ann_and_bob_on_mars(), 0, SubmitOrders(placements=(), convert_shield=False)
    )
    # when
    text = RULES.render(RULES.view(state, None), NAMES)
    # then
    assert "To move: Bob" in text
    assert "  1 Ann: flying" in text and "> 2 Bob: on Mars" in text
    assert "seat" not in text.lower()


def test_a_sealed_order_shows_only_to_its_author_with_where_it_leads() -> None:
    # given
    state = game([ship((0, 5), rose_units=rose(E=1)), ship((0, 6), rose_units=rose(E=1))])
    # when: Ann seals her order
    state, _ = when(
        state, 0, SubmitOrders(placements=place("NE", "NW:HYPER"), convert_shield=False)
    )
    mine = RULES.render(RULES.view(state, 0), NAMES)
    theirs = RULES.render(RULES.view(state, 1), NAMES)
    spectator = RULES.render(RULES.view(state, None), NAMES)
    # then: (0,5) + E1 + NE1 + NW2 = (2,2)
    assert "orders: fly, cubes [NE, NW red] -> flight to (2,2)" in mine
    assert "orders sealed" in theirs and "NW red" not in theirs
    assert "orders sealed" in spectator and "Your missions" not in spectator
    assert RULES.view(state, 1).ships[0].order is None
    assert RULES.view(state, 1).to_move == (1,)


def test_other_seats_missions_are_hidden_until_the_end() -> None:
    state = game([ship((0, 5), missions=("M1-MARS",)), ship((0, 6), missions=("M1-VENUS",))])
    seen = RULES.view(state, 0)
    assert seen.ships[0].missions == ("M1-MARS",) and seen.ships[0].missions_met_now == (False,)
    assert seen.ships[1].missions is None and seen.ships[1].mission_count == 1
    assert RULES.view(state, None).ships[0].missions is None


def basic_placement():
    hands = (("EARTH", "MERCURY", "JUPITER", "URANUS", "COMET"), ("VENUS", "MARS", "SATURN"))
    return RULES.fold(RULES.initial(2, RULES.options()), [ev.PlanetTokensDealt(hands=hands)])


def test_placing_a_body_names_the_hex_of_every_space_offered() -> None:
    # given: Ann places first and holds Earth among her tokens
    state = basic_placement()
    # when
    text = RULES.render(RULES.view(state, 0), NAMES)
    offered = legal(state, 0)
    # then: the text, the legal commands and the refusals all give each space's hex
    assert "  Earth: 0 (4,0), 2 (0,4), 4 (-4,4), 6 (-4,0), 8 (0,-4), 10 (4,-4)" in text
    assert PlacePlanet(body="EARTH", orbit_index=2, hex=(0, 4)) in offered
    assert all(
        isinstance(c, PlacePlanet) and c.hex == ORBITS[c.body][c.orbit_index] for c in offered
    )
    assert rejected(state, 0, PlacePlanet(body="EARTH", orbit_index=2, hex=(4, 0))) == (
        "HEX_NOT_ON_SPACE"
    )
    _, events = when(state, 0, PlacePlanet(body="EARTH", orbit_index=2, hex=(0, 4)))
    assert events[0] == ev.PlanetPlaced(seat=0, body="EARTH", orbit_index=2, hex=(0, 4))


def test_a_refused_space_is_explained_with_hexes() -> None:
    # given
    state = basic_placement()
    # when: Ann asks for a space that is not marked, then one off the orbit
    unmarked = refusal(state, 0, PlacePlanet(body="EARTH", orbit_index=1))
    beyond = refusal(state, 0, PlacePlanet(body="EARTH", orbit_index=12))
    # then
    assert unmarked.code == "SPACE_NOT_MARKED"
    assert "Earth's marked spaces (space hex) are 0 (4,0), 2 (0,4)" in unmarked.message
    assert beyond.code == "INVALID_SPACE"
    assert beyond.message == "Earth's orbit has spaces 0 (4,0) to 11 (4,-2)"


@pytest.mark.parametrize("advanced", [False, True])
def test_the_text_stays_plain_and_readable_through_a_four_seat_match(advanced: bool) -> None:
    # given: a 4-seat match flown by the bots
    played = play_random(4, 3, keep_states=True, piloted=True, advanced=advanced)
    names = ["Ann", "Bob", "Cid", "Dee"]
    for state in played.states[::7]:
        for seat in (None, 0, 3):
            # when
            text = RULES.render(RULES.view(state, seat), names)
            # then: plain characters, lines that fit a wide terminal, names instead of numbers
            assert text.isascii()
            assert max(len(line) for line in text.splitlines()) <= 100
            assert "seat" not in text.lower()
            lines = text.splitlines()
            top, bottom = (i for i, line in enumerate(lines) if line.startswith("r\\q"))
            assert bottom - top - 1 == 2 * BOARD_RADIUS + 1
