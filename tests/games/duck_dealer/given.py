"""Hand-built Duck Dealer states for scenario tests, on the digest's §9 setup (map DD-PROPOSED-16)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import BeginActionTurn
from domain.duck_dealer.events import Event, PlanetPiece, SetupRandomized, TurnOrderFixed
from domain.duck_dealer.state import DuckDealerOptions, Site, State
from domain.game import Seat
from tests.support.scenario import Scenario
from tests.support.scenario import kinds as kinds

START_MINES = {
    "S1": "M_S_DUCK",
    "S2": "M_S_PAINT",
    "S3": "M_S_BEADS",
    "S4": "M_S_PHONE",
    "S5": "M_S_SOLAR",
}
SPACEPORTS = {
    "S1": "SP_BUILDER",
    "S2": "SP_CARGO_A",
    "S3": "SP_MERCHANT",
    "S4": "SP_PILOT",
    "S5": "SP_CARGO_B",
}
MINES = {
    "P1": "M_SOLAR_1",
    "P2": "M_PHONE_1",
    "P3": "M_DUCK_1",
    "P4": "M_PAINT_1",
    "P5": "M_BEADS_1",
    "P6": "M_DUCK_2",
    "P7": "M_SOLAR_2",
    "P8": "M_PHONE_2",
    "P9": "M_PAINT_2",
    "P10": "M_BEADS_2",
    "P11": "M_DUCK_3",
}
CLIENT_TRACK = (
    "CL_DIET_PILLS",
    "CL_SATELLITE",
    "CL_MODERN_RADIO",
    "CL_INVISIBLE_DUCK",
    "CL_LINEAR_ACCELERATOR",
    "CL_SCIENCE",
    "CL_ECONOMY",
    "CL_MODERN_ART",
    "CL_MEDICINE",
    "CL_RELIGION",
    "CL_MILITARY",
    "CL_POLITICS",
)


def worked_example_setup() -> SetupRandomized:
    """§9's SetupRandomized."""
    return SetupRandomized(
        start_mines=tuple(PlanetPiece(p, m) for p, m in START_MINES.items()),
        spaceports=tuple(PlanetPiece(p, s) for p, s in SPACEPORTS.items()),
        mines=tuple(PlanetPiece(p, m) for p, m in MINES.items()),
        client_track=CLIENT_TRACK,
    )


def opening(n_seats: int, options: DuckDealerOptions | None = None) -> State:
    """Setup done on §9's shuffles, before bids (auction) or starting parts."""
    options = options or DuckDealerOptions()
    state = RULES.initial(n_seats, options)
    events: list[Event] = [worked_example_setup()]
    if not options.auction:
        events.append(TurnOrderFixed(order=tuple(range(n_seats))))
    return RULES.fold(state, events)


def board(n_seats: int = 2, options: DuckDealerOptions | None = None) -> State:
    """The main phase on §9's shuffles: no parts, seat i on S(i+1), seat 0 to play."""
    state = opening(n_seats, options)
    state = replace(
        state, phase="main", turn_order=tuple(range(n_seats)), active=0, player_turn_seq=1
    )
    for seat in range(n_seats):
        state = set_player(state, seat, location=f"S{seat + 1}")
    return state


def set_player(state: State, seat: Seat, **changes: Any) -> State:
    if "goods" in changes:
        changes["goods"] = tuple(sorted(changes["goods"]))
    if "slots" in changes:
        slots = tuple(changes["slots"])
        changes["slots"] = slots + (None,) * (10 - len(slots))
    return state.with_player(seat, replace(state.player(seat), **changes))


def explore(state: State, planet: str, client: str | None = None, built: bool = False) -> State:
    sites = dict(state.sites)
    track = state.client_track
    if client is not None:
        sites[client] = Site("client", planet, 2, built=built)
        track = tuple(c for c in track if c != client)
    return replace(state, sites=sites, explored=state.explored | {planet}, client_track=track)


def place_site(state: State, site_id: str, **changes: Any) -> State:
    return replace(state, sites={**state.sites, site_id: replace(state.sites[site_id], **changes)})


def add_factory(state: State, factory: str, planet: str, slot: int = 3) -> State:
    sites = {**state.sites, factory: Site("factory", planet, slot, built=True)}
    reserve = tuple(f for f in state.factory_reserve if f != factory)
    return replace(state, sites=sites, factory_reserve=reserve)


def turn_of(state: State, seat: Seat) -> State:
    return replace(state, active=seat, turn_kind="none")


def in_action_turn(state: State, seat: Seat, cubes_on_track: int = 0) -> State:
    state = replace(turn_of(state, seat), turn_track=(seat,) * cubes_on_track)
    return play(state, seat, BeginActionTurn())[0]


SCENE = Scenario(RULES)
play = SCENE.play
"""`command` decided after the platform's turn check, chance's outcomes (if the rules ask any)
given as a table gives them."""
rejected = SCENE.refused
