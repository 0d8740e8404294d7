"""Checks and event builders shared by Duck Dealer's commands (rules digest §4.0)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat

from .components import PLANET_SLOTS, Color
from .events import (
    CubeRecovered,
    EnergySpent,
    Event,
    ExplorationRequired,
    FreeSegmentsForfeited,
    MovementForfeited,
    PlanetExplored,
    RecoveryKind,
)
from .state import State


def check_main_turn(state: State, seat: Seat) -> None:
    if state.phase != "main":
        raise IllegalMove("WRONG_PHASE", "the main phase has not started")
    if state.active != seat:  # the trade partner is asked only to answer the offer
        raise IllegalMove("WRONG_PHASE", "only the active player acts now")


def check_action_turn(state: State, seat: Seat) -> None:
    """§4.3: action commands need the active player in an action turn with nothing pending."""
    check_main_turn(state, seat)
    if state.turn_kind != "action":
        raise IllegalMove(
            "NOT_IN_ACTION_TURN", "that is done in an action turn: BeginActionTurn first"
        )
    if state.exploration is not None:
        raise IllegalMove(
            "EXPLORATION_PENDING", "choose the client tile of the explored planet first"
        )
    if state.trade is not None:
        raise IllegalMove("TRADE_PENDING", "a trade waits for an answer")


def docked_planet(state: State, seat: Seat) -> str:
    location = state.player(seat).location
    if location is None or location not in PLANET_SLOTS:
        raise IllegalMove("NOT_AT_PLANET", "your ship is not docked at a planet")
    return location


def available(state: State, seat: Seat, color: Color) -> int:
    player = state.player(seat)
    return player.energy.of(color) + player.virtual.of(color)


def check_energy(state: State, seat: Seat, color: Color, amount: int) -> None:
    if available(state, seat, color) < amount:
        raise IllegalMove("INSUFFICIENT_ENERGY", f"you need {amount} {color.lower()} energy")


def spend(state: State, seat: Seat, color: Color, amount: int, purpose: str) -> EnergySpent:
    """§4.0 / §8 A6: virtual tokens go first, then real ones (which return to the supply)."""
    virtual = min(amount, state.player(seat).virtual.of(color))
    return EnergySpent(
        seat=seat, color=color, real=amount - virtual, virtual=virtual, purpose=purpose
    )


def close_window(state: State, seat: Seat) -> list[Event]:
    """§4.4 timing: the first command that spends energy, moves or teleports forfeits free segments."""
    if not state.window_open or state.options.free_segments_anytime:
        return []
    return [FreeSegmentsForfeited(seat=seat, count=state.free_segments_left)]


def forfeit_movement(state: State, seat: Seat) -> list[Event]:
    if state.allowance <= 0:
        return []
    return [MovementForfeited(seat=seat, points=state.allowance)]


def interaction_prefix(state: State, seat: Seat) -> list[Event]:
    """§4.0: a planet interaction forfeits leftover movement first, then closes the segment window."""
    return [*forfeit_movement(state, seat), *close_window(state, seat)]


def exploration_events(state: State, seat: Seat, planet: str) -> list[Event]:
    """§4.5: stopping on an unexplored planet explores it (A25: with no tile left, at once)."""
    if planet not in PLANET_SLOTS or planet in state.explored:
        return []
    if not state.client_track:
        return [PlanetExplored(seat=seat, planet=planet, client=None, slot=None)]
    return [ExplorationRequired(seat=seat, planet=planet, options=state.client_track[:2])]


def recoverable(state: State, seat: Seat) -> list[str]:
    """§8 A19: own route cubes and privilege markers may be taken back; turn cubes never."""
    nodes = sorted(node for node, owner in state.route_cubes.items() if owner == seat)
    sites = sorted(sid for sid, site in state.sites.items() if site.privilege == seat)
    return nodes + sites


def recovery(
    state: State, seat: Seat, recover_from: str | None, serves_as: str = "cube"
) -> list[Event]:
    """The recovery a placement needs, if any; `serves_as` is "cube" or "marker"."""
    player = state.player(seat)
    in_supply = player.cubes if serves_as == "cube" else player.markers
    code = "NO_CUBES_AVAILABLE" if serves_as == "cube" else "NO_PRIVILEGE_MARKER"
    if in_supply > 0:
        if recover_from is not None:
            raise IllegalMove("RECOVERY_NOT_NEEDED", "you still have one in your supply")
        return []
    if recover_from is None:
        raise IllegalMove(code, "your supply is empty: name a route cube or privilege to take back")
    kind: RecoveryKind
    if state.route_cubes.get(recover_from) == seat:
        kind = "route"
    elif recover_from in state.sites and state.sites[recover_from].privilege == seat:
        kind = "privilege"
    else:
        raise IllegalMove(code, f"{recover_from} holds none of your route cubes or privileges")
    return [
        CubeRecovered(
            seat=seat,
            from_kind=kind,
            from_ref=recover_from,
            serves_as="cube" if serves_as == "cube" else "marker",
        )
    ]


def check_quantity(quantity: int) -> None:
    if quantity < 1:
        raise IllegalMove("BAD_QUANTITY", "the quantity must be at least 1")
