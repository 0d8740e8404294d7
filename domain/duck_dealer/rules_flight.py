"""Route segments, flight, exploration and the Schrödinger portal (rules digest §4.4-§4.6)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, fold

from .commands import (
    BuyRouteSegment,
    ChooseExplorationClient,
    MoveShip,
    PlaceFreeRouteSegment,
    PlacePortal,
    UsePortal,
)
from .components import ADJACENT, PLANET_SLOTS
from .events import (
    EngineFired,
    Event,
    PlanetExplored,
    PortalPlaced,
    PortalUsed,
    RouteSegmentPlaced,
    ShipMoved,
)
from .rules_common import (
    check_action_turn,
    check_energy,
    close_window,
    exploration_events,
    forfeit_movement,
    recovery,
    spend,
)
from .rules_evolve import evolve
from .state import State


def check_segment_node(state: State, node: str) -> None:
    """§4.4 / §8 A9: a deep-space node free of route cubes and of every ship, the mover's too."""
    if node not in ADJACENT or node in PLANET_SLOTS:
        raise IllegalMove("NOT_DEEP_SPACE", f"{node} is not a deep-space node")
    if node in state.route_cubes or any(p.location == node for p in state.players):
        raise IllegalMove(
            "SPACE_OCCUPIED",
            f"{node} holds a route cube or a ship: a segment goes on an empty space",
        )


def decide_free_segment(state: State, seat: Seat, command: PlaceFreeRouteSegment) -> list[Event]:
    check_action_turn(state, seat)
    if not state.window_open:
        raise IllegalMove(
            "FREE_SEGMENT_WINDOW_CLOSED",
            "free route segments are placed at the start of an action turn, before you spend "
            "energy or move",
        )
    if state.free_segments_left <= 0:
        raise IllegalMove("FREE_SEGMENTS_EXHAUSTED", "no free route segments left this turn")
    check_segment_node(state, command.node)
    recovered = recovery(state, seat, command.recover_from)
    return [*recovered, RouteSegmentPlaced(seat=seat, node=command.node, free=True)]


def decide_buy_segment(state: State, seat: Seat, command: BuyRouteSegment) -> list[Event]:
    # §4.4: the one build action not tied to the ship's planet, and not a planet interaction (A20).
    check_action_turn(state, seat)
    check_segment_node(state, command.node)
    check_energy(state, seat, "YELLOW", 1)
    recovered = recovery(state, seat, command.recover_from)
    events: list[Event] = [
        *close_window(state, seat),
        spend(state, seat, "YELLOW", 1, "route_segment"),
    ]
    return [*events, *recovered, RouteSegmentPlaced(seat=seat, node=command.node, free=False)]


class Flight:
    """The walk of one `MoveShip` path (§4.5): its cost, burns and where it must stop."""

    def __init__(self, state: State, seat: Seat, path: tuple[str, ...]) -> None:
        player = state.player(seat)
        here = player.location
        if not path or here is None:
            raise IllegalMove("INVALID_PATH", "name at least one node to enter")
        self.start = here
        self.cost = 0
        self.burns = 0
        allowance = state.allowance
        for step, node in enumerate(path):
            if node not in ADJACENT.get(here, ()):
                raise IllegalMove("INVALID_PATH", f"{node} is not next to {here} (step {step + 1})")
            here = node
            if node not in PLANET_SLOTS and state.route_cubes.get(node) == seat:
                continue  # own route segments are free (§4.5)
            if allowance == 0:
                self.burns += 1
                allowance = player.speed
            allowance -= 1
            self.cost += 1
            last = step == len(path) - 1
            if node in PLANET_SLOTS and node not in state.explored and allowance == 0 and not last:
                raise IllegalMove(
                    "MUST_STOP_TO_EXPLORE",
                    f"your movement runs out on unexplored {node} (step {step + 1}): stop there",
                )
        self.allowance = allowance
        self.end = here


def decide_move(state: State, seat: Seat, command: MoveShip) -> list[Event]:
    check_action_turn(state, seat)
    flight = Flight(state, seat, command.path)
    check_energy(state, seat, "RED", flight.burns)
    player = state.player(seat)
    if len(player.goods) > player.capacity:
        raise IllegalMove(
            "CARGO_OVER_CAPACITY",
            f"your ship carries at most {player.capacity} goods: deliver, trade or discard the "
            "rest first",
        )
    events: list[Event] = close_window(state, seat)
    for _ in range(flight.burns):
        events.append(spend(fold(evolve, state, events), seat, "RED", 1, "engine"))
        events.append(EngineFired(seat=seat, points=player.speed))
    events.append(
        ShipMoved(
            seat=seat,
            from_node=flight.start,
            to=flight.end,
            path=command.path,
            cost=flight.cost,
            allowance_remaining=flight.allowance,
        )
    )
    return [*events, *exploration_events(state, seat, flight.end)]


def decide_use_portal(state: State, seat: Seat, command: UsePortal) -> list[Event]:
    check_action_turn(state, seat)
    location = state.player(seat).location or ""
    portal = state.portal_from(location)
    if portal is None:
        raise IllegalMove("NO_PORTAL_ENTRANCE", f"no portal entrance at {location}")
    check_energy(state, seat, "RED", 1)
    player = state.player(seat)
    if len(player.goods) > player.capacity:
        raise IllegalMove(
            "CARGO_OVER_CAPACITY",
            f"your ship carries at most {player.capacity} goods: deliver, trade or discard the "
            "rest first",
        )
    # §8 A10/A12: the teleport token is red, spent on its own; leftover movement is lost.
    events: list[Event] = [*close_window(state, seat), *forfeit_movement(state, seat)]
    events.append(spend(state, seat, "RED", 1, "portal"))
    events.append(
        PortalUsed(
            seat=seat, portal_owner=portal.owner, from_planet=location, to_planet=portal.exit
        )
    )
    return [*events, *exploration_events(state, seat, portal.exit)]


def decide_choose_client(state: State, seat: Seat, command: ChooseExplorationClient) -> list[Event]:
    if state.active != seat:  # the trade partner is asked only to answer the offer
        raise IllegalMove("WRONG_PHASE", "only the active player acts now")
    exploration = state.exploration
    if exploration is None:
        raise IllegalMove("NO_EXPLORATION_PENDING", "no planet waits for a client tile")
    if command.client not in exploration.options:
        raise IllegalMove("INVALID_CLIENT_CHOICE", "choose one of the top two client tiles")
    return [PlanetExplored(seat=seat, planet=exploration.planet, client=command.client, slot=2)]


def decide_place_portal(state: State, seat: Seat, command: PlacePortal) -> list[Event]:
    check_action_turn(state, seat)
    if state.player(seat).portal_placed:
        raise IllegalMove("PORTAL_ALREADY_PLACED", "you placed your portal already")
    for planet in (command.entrance, command.exit):
        if planet not in PLANET_SLOTS:
            raise IllegalMove("NOT_A_PLANET", f"{planet} is not a planet")
    if command.entrance == command.exit:
        raise IllegalMove("PORTAL_SAME_PLANET", "the two ends go on two different planets")
    ends = {planet for portal in state.portals for planet in (portal.entrance, portal.exit)}
    if command.entrance in ends or command.exit in ends:
        raise IllegalMove("PLANET_HAS_PORTAL", "a planet holds at most one portal end")
    return [PortalPlaced(seat=seat, entrance=command.entrance, exit=command.exit)]
