"""Hostile input (issues #12, #14 item 5): every field of every command is bounded, a value out
of bounds is refused at decode or by the rules with a clean IllegalMove, never an internal error,
and no field that is a player's choice may be left out and decided for them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.game import IllegalMove
from domain.kosmonauts import RULES
from domain.kosmonauts.commands import PlacePlanet
from domain.kosmonauts.components import ORBITS
from domain.kosmonauts.state import State
from tests import DECODE_REFUSALS
from tests.games.kosmonauts.helpers import in_match, play_random

# A well-formed example of every command type; the hostile variants change one field at a time.
WELL_FORMED: dict[str, dict[str, Any]] = {
    "PlacePlanet": {"body": "MARS", "orbit_index": 0, "hex": [5, 0]},
    "KeepMissions": {"keep": ["M1-MARS", "M2A-MARS"]},
    "ChooseEventCard": {"card": "EV01"},
    "RespondToEvent": {"response": "CONVERT", "amount": 1},
    "ChooseGravityTarget": {"body": "MARS"},
    "SubmitOrders": {"placements": [{"direction": "E", "cube": "NORMAL"}], "convert_shield": False},
    "StayOnBody": {"convert_shield": False},
    "ResolveFlight": {"land_on": None},
    "RequestEvacuation": {},
    "Refuel": {"kind": "STANDARD", "take_hyperfuel": True},
    "SkipRefuel": {},
    "LandOnArrivingBody": {"body": "MARS"},
    "DeclineLanding": {},
}

HUGE = 2**63
EXTREMES: list[Any] = [
    0,
    -1,
    1,
    36,
    HUGE,
    2**64 - 1,
    -(2**63) - 1,
    10**30,
    1.5,
    True,
    None,
    "",
    "X" * 100_000,
    "PLUTO",
    "mars",
    "EV99",
    "M1-PLUTO",
    "\u0000",
    [],
    ["EV01"] * 10_000,
    [{"direction": "E", "cube": "NORMAL"}] * 10_000,
    {"direction": "E"},
    {},
]


def hostile_commands() -> Iterator[tuple[str, Any]]:
    """(label, JSON-like command) for every command type, field and extreme value."""
    for kind, fields in WELL_FORMED.items():
        yield f"{kind} well formed", {"type": kind, **fields}
        yield f"{kind} unknown field", {"type": kind, **fields, "cheat": 1}
        for name in fields:
            for value in EXTREMES:
                yield f"{kind}.{name}={str(value)[:20]!r}", {"type": kind, **fields, name: value}
    for part in ("direction", "cube"):
        for value in EXTREMES:
            placement = {"direction": "E", "cube": "NORMAL", part: value}
            yield (
                f"SubmitOrders placement {part}={str(value)[:20]!r}",
                {"type": "SubmitOrders", "placements": [placement], "convert_shield": False},
            )
    yield "unknown type", {"type": "Teleport"}
    yield "no type", {"body": "MARS"}


def decoded(raw: Any) -> Any | None:
    """The command as `starledger play` would decode it, or None when refused at decode."""
    try:
        as_text = RULES.parse_command(json.dumps(raw))
    except IllegalMove as refused:
        assert refused.code in DECODE_REFUSALS, refused
        as_text = None
    try:
        as_dict = RULES.parse_command(raw)
    except IllegalMove as refused:
        assert refused.code in DECODE_REFUSALS, refused
        as_dict = None
    assert as_text == as_dict
    return as_text


def with_hex(command: Any) -> Any:
    if isinstance(command, PlacePlanet) and command.hex is None:
        return replace(command, hex=ORBITS[command.body][command.orbit_index])
    return command


def states_of_every_phase() -> list[State]:
    """States met in real matches: setup, mission choice, events, orders, flights, landings."""
    chosen: dict[tuple[object, ...], State] = {}
    for advanced in (False, True):
        for n_seats, seed in ((2, 3), (4, 5)):
            played = play_random(n_seats, seed, keep_states=True, piloted=True, advanced=advanced)
            for state in played.states:
                key = (
                    advanced,
                    state.phase,
                    state.round_card is None,
                    bool(state.gravity_choices),
                    any(s.staying for s in state.ships),
                )
                chosen.setdefault(key, state)
    return list(chosen.values())


def test_extreme_values_are_refused_at_decode_or_by_the_rules_never_with_an_internal_error() -> (
    None
):
    commands = [(label, decoded(raw)) for label, raw in hostile_commands()]
    # given: what decoding let through is within the bounds of the game ...
    let_through = [(label, c) for label, c in commands if c is not None]
    assert len(let_through) < len(commands) / 2
    states = states_of_every_phase()
    assert {s.phase for s in states} >= {
        "PLACE_PLANETS",
        "KEEP_MISSIONS",
        "EVENT",
        "ORDERS",
        "FLIGHT",
        "PLANETS",
    }
    for state in states:
        match = in_match(state)
        for seat in range(state.n_seats):
            legal = RULES.legal(state, seat)
            for label, command in let_through:
                match.state = state
                # when: a seat sends it through the platform
                try:
                    match.decide(seat, command)
                except IllegalMove:
                    continue  # then: a clean refusal
                # then: or it was one of the seat's legal commands (which name the hex as well)
                assert with_hex(command) in legal, (label, state.phase)


@pytest.mark.parametrize(
    "field, value",
    [
        ("PlacePlanet.orbit_index", HUGE),
        ("PlacePlanet.orbit_index", -1),
        ("PlacePlanet.orbit_index", 36),
        ("PlacePlanet.hex", [14, 0]),
        ("PlacePlanet.hex", [0, 0, 0]),
        ("RespondToEvent.amount", HUGE),
        ("RespondToEvent.amount", 2**64 - 1),
        ("RespondToEvent.amount", 6),
        ("RespondToEvent.amount", -1),
        ("ChooseEventCard.card", "E" * 100_000),
        ("KeepMissions.keep", ["M1-MARS"] * 5),
        ("KeepMissions.keep", ["M" * 100]),
        ("SubmitOrders.placements", [{"direction": "E", "cube": "NORMAL"}] * 5),
        ("SubmitOrders.placements", [{"direction": "UP", "cube": "NORMAL"}]),
        ("SubmitOrders.placements", [{"direction": "E", "cube": "GOLD"}]),
    ],
)
def test_values_beyond_the_games_limits_are_refused_at_decode(field: str, value: Any) -> None:
    # given: a well-formed command with one field pushed past the game's limits
    kind, name = field.split(".")
    raw = {"type": kind, **WELL_FORMED[kind], name: value}
    # when / then: it is refused before any rule runs
    with pytest.raises(IllegalMove) as refused:
        RULES.parse_command(json.dumps(raw))
    assert refused.value.code in DECODE_REFUSALS


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "SubmitOrders", "placements": [{"direction": "E"}], "convert_shield": False},
        {"type": "SubmitOrders", "placements": [{"cube": "NORMAL"}], "convert_shield": False},
        {"type": "SubmitOrders", "convert_shield": False},
        {"type": "SubmitOrders", "placements": []},
        {"type": "SubmitOrders"},
        {"type": "StayOnBody"},
        {"type": "ResolveFlight"},
        {"type": "Refuel", "take_hyperfuel": True},
        {"type": "Refuel", "kind": "STANDARD"},
        {"type": "PlacePlanet", "body": "MARS"},
        {"type": "KeepMissions"},
        {"type": "ChooseEventCard"},
        {"type": "RespondToEvent"},
        {"type": "ChooseGravityTarget"},
        {"type": "LandOnArrivingBody"},
    ],
)
def test_no_choice_of_the_player_is_made_for_them_by_a_default(raw: dict[str, Any]) -> None:
    # given: a command that leaves out one of the player's choices (a cube, an order, a target)
    # when / then: it is refused, naming what is missing, instead of sealing a default choice
    with pytest.raises(IllegalMove) as refused:
        RULES.parse_command(msgspec.json.encode(raw))
    assert refused.value.code in DECODE_REFUSALS
    assert "missing required field" in refused.value.message.lower()


def test_an_amount_is_refused_with_any_answer_but_convert() -> None:
    # given: a round with Energy Conversion, where answers are asked of both seats
    played = play_random(2, 3, keep_states=True, piloted=True)
    asked = next(
        s
        for s in played.states
        if s.phase == "EVENT" and s.round_card is not None and RULES.to_move(s)
    )
    seat = min(RULES.to_move(asked))
    decline = RULES.parse_command({"type": "RespondToEvent", "response": "DECLINE", "amount": 5})
    # when / then
    with pytest.raises(IllegalMove) as refused:
        in_match(asked).decide(seat, decline)
    assert refused.value.code in ("INVALID_AMOUNT", "RESPONSE_NOT_ALLOWED")


@pytest.mark.parametrize(
    "options",
    [
        {"max_rounds": HUGE},
        {"max_rounds": 0},
        {"max_rounds": -1},
        {"youngest_seat": HUGE},
        {"youngest_seat": -1},
        {"advanced": "X" * 1000},
        {"unknown": 1},
    ],
)
def test_options_out_of_bounds_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(IllegalMove) as refused:
        RULES.options(options)
    assert refused.value.code == "BAD_OPTION"
