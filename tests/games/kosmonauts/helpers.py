"""Hand-built Kosmonauts states, given/when/then helpers and a random-match player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.game import Command, GameEvent, HouseChance, IllegalMove, Rng, Seat, TableChance
from domain.kosmonauts import RULES
from domain.kosmonauts.commands import Placement
from domain.kosmonauts.components import (
    BASIC_STACK,
    BODIES,
    DIRECTIONS,
    EARTH_STACK,
    EVENT_CARDS,
    ORBITS,
    Body,
    Hex,
)
from domain.kosmonauts.flight import Rose
from domain.kosmonauts.state import KosmonautsOptions, MarkerHeld, Ship, State
from domain.match import Match
from tests.games.kosmonauts.pilot import pilot_decision
from tests.support.scenario import kinds
from tests.support.scenario import of_type as of_type

# Bodies out of the way (the south-west of the board) unless a test moves them.
DEFAULT_SPACES: dict[Body, int] = {
    "MERCURY": 2,
    "VENUS": 3,
    "EARTH": 4,
    "MARS": 5,
    "COMET": 5,
    "JUPITER": 8,
    "SATURN": 9,
    "URANUS": 11,
    "NEPTUNE": 12,
}


def space_of(body: Body, h: Hex) -> int:
    return ORBITS[body].index(h)


def rose(**units: int) -> Rose:
    values = [units.get(d, 0) for d in DIRECTIONS]
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def ship(
    hex: Hex = (0, 0),
    landed_on: Body | None = None,
    *,
    rose_units: Rose = (0, 0, 0, 0, 0, 0),
    normal: int = 9,
    hyper: int = 1,
    shields: int = 3,
    last_visited: Body = "EARTH",
    markers: tuple[tuple[Body, int], ...] = (),
    missions: tuple[str, ...] = (),
    **flags: Any,
) -> Ship:
    return Ship(
        hex=hex,
        landed_on=landed_on,
        last_visited=last_visited,
        rose=rose_units,
        normal=normal,
        hyper=hyper,
        shields=shields,
        markers=tuple(MarkerHeld(body=b, value=v) for b, v in markers),
        missions=missions,
        missions_kept=True,
        **flags,
    )


def game(
    ships: list[Ship],
    *,
    phase: str = "ORDERS",
    round: int = 2,
    instructor: Seat = 0,
    spaces: dict[Body, int] | None = None,
    advanced: bool = False,
    face_up: tuple[str, ...] = ("EV19", "EV22", "EV28"),
    landers: dict[Body, tuple[Seat, ...]] | None = None,
    stacks: dict[Body, tuple[int, ...]] | None = None,
    **options: Any,
) -> State:
    """A mid-game state: every body placed, full marker stacks unless given."""
    where = {**DEFAULT_SPACES, **(spaces or {})}
    stack_of = {b: EARTH_STACK if b == "EARTH" else BASIC_STACK for b in BODIES}
    stack_of.update(stacks or {})
    order = landers or {}
    return State(
        n_seats=len(ships),
        options=KosmonautsOptions(advanced=advanced, **options),
        phase=phase,  # type: ignore[arg-type]
        round=round,
        instructor=instructor,
        ships=tuple(ships),
        orbit_index=tuple(where[b] for b in BODIES),
        stacks=tuple(stack_of[b] for b in BODIES),
        landing_order=tuple(order.get(b, ()) for b in BODIES),
        face_up=face_up,
        draw_pile=tuple(c for c in sorted(EVENT_CARDS) if c not in face_up),
    )


def with_ship(state: State, seat: Seat, **changes: Any) -> State:
    ships = list(state.ships)
    ships[seat] = replace(ships[seat], **changes)
    return replace(state, ships=tuple(ships))


def place(*specs: str) -> tuple[Placement, ...]:
    """place("E", "NE:HYPER") -> placements."""
    out = []
    for spec in specs:
        direction, _, cube = spec.partition(":")
        out.append(Placement(direction=direction, cube=cube or "NORMAL"))  # type: ignore[arg-type]
    return tuple(out)


def when(
    state: State, seat: Seat, command: Command, n: int = 1, *, table: Sequence[Any] | None = None
) -> tuple[State, list[GameEvent]]:
    """`seat` decides `command`; chance is the house's `Rng(7, n)`, or the outcomes `table`
    gives (each of them used)."""
    chance = HouseChance(Rng(7, n)) if table is None else TableChance(table)
    events = RULES.decide(state, seat, command, chance)
    if isinstance(chance, TableChance):
        assert chance.left == 0, f"{chance.left} outcome(s) left unused"
    return RULES.fold(state, events), events


SEAT_NAMES = ("Ann", "Bob", "Cid", "Dee")


def in_match(state: State) -> Match:
    """A Match standing at `state`, so commands meet the platform's checks (game over, unknown
    seat, not your turn) before the game's own, as they do in play."""
    match = Match.start(
        RULES.slug, list(SEAT_NAMES[: state.n_seats]), msgspec.to_builtins(state.options), 7
    )
    match.state = state
    return match


def refusal(state: State, seat: Seat, command: Command) -> IllegalMove:
    """How a command sent by `seat` is refused, through `Match.decide`."""
    try:
        in_match(state).decide(seat, command)
    except IllegalMove as exc:
        return exc
    raise AssertionError(f"{command} was accepted")


def rejected(state: State, seat: Seat, command: Command) -> str:
    """The code a command sent by `seat` is refused with, through `Match.decide`."""
    return refusal(state, seat, command).code


names = kinds


@dataclass
class PlayedMatch:
    state: State
    decisions: int
    history: list[tuple[Seat | None, GameEvent]] = field(default_factory=list)
    states: list[State] = field(default_factory=list)


def play_random(
    n_seats: int, seed: int, keep_states: bool = False, piloted: bool = False, **options: Any
) -> PlayedMatch:
    """Play a whole match choosing uniformly among the legal commands of a seat to move
    (or, when `piloted`, letting the greedy test pilot fly every ship)."""
    opts = RULES.options(options)
    state = RULES.initial(n_seats, opts)
    opening = RULES.setup(n_seats, opts, HouseChance(Rng(seed, 0)))
    state = RULES.fold(state, opening)
    played = PlayedMatch(state=state, decisions=0, history=[(None, e) for e in opening])
    chooser = random.Random(seed)
    while RULES.result(state) is None:
        movers = sorted(RULES.to_move(state))
        assert movers, f"nobody to move in phase {state.phase}"
        seat = movers[0] if piloted else chooser.choice(movers)
        commands = RULES.legal(state, seat)
        assert commands, f"seat {seat} to move without a legal command in {state.phase}"
        command = pilot_decision(state, seat) if piloted else chooser.choice(commands)
        played.decisions += 1
        events = RULES.decide(state, seat, command, HouseChance(Rng(seed, played.decisions)))
        played.history += [(seat, e) for e in events]
        state = RULES.fold(state, events)
        check_invariants(state)
        if keep_states:
            played.states.append(state)
    assert not RULES.to_move(state)
    played.state = state
    return played


def check_invariants(state: State) -> None:
    """§2.4 limits, the rose model of §2.5 and landed ships riding their bodies."""
    for ship_ in state.ships:
        assert ship_.normal >= 0 and 0 <= ship_.hyper <= 4 and ship_.normal + ship_.hyper <= 10
        assert 0 <= ship_.shields <= 3
        assert all(n >= 0 for n in ship_.rose)
        assert all(not (ship_.rose[i] and ship_.rose[i + 3]) for i in range(3))
        if ship_.landed_on is not None and state.round > 0:
            assert ship_.hex == state.body_hex(ship_.landed_on)
            # A10: only an accepted Solar Wind puts units on a landed ship, until it takes off
            assert ship_.rose == (0, 0, 0, 0, 0, 0) or state.phase in ("EVENT", "ORDERS")
    for body in BODIES:
        assert len(set(state.landers(body))) == len(state.landers(body))
