"""The player decisions of Kosmonauts (§3.3, §4.8).

Every field is bounded at decode by the game's own limits (issue #12), and no field that is a
choice of the player has a default (issue #14 item 5): an order, a cube, a target or a refuel is
always given explicitly, so a forgotten field is refused instead of being decided for the player.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility
from domain.kosmonauts.components import (
    BOARD_RADIUS,
    ENERGY_CONVERSION_MAX,
    MAX_ORBIT_SPACES,
    MISSIONS_DEALT_ADVANCED,
    THRUST_MAX_CUBES,
    Body,
    Cube,
    Direction,
)

Coordinate = Annotated[int, msgspec.Meta(ge=-BOARD_RADIUS, le=BOARD_RADIUS)]
BoardHex = tuple[Coordinate, Coordinate]
"""An axial (q, r) hex of the board (§2.8)."""
OrbitIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_ORBIT_SPACES - 1)]
"""An orbit space: 0 up to the longest orbit's last space; `decide` checks the body's own."""
MissionId = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
"""A mission card id such as M1-MARS or M2B-NEPTUNE (§2.7); an unknown id is not owned."""
EventCardId = Annotated[str, msgspec.Meta(min_length=1, max_length=8)]
"""An event card id, EV01..EV30 (§2.6); an unknown id is not face up."""
ConvertAmount = Annotated[int, msgspec.Meta(ge=0, le=ENERGY_CONVERSION_MAX)]
"""Yellow cubes asked of Energy Conversion (1..5); 0 with every other answer."""


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One cube moved from the tank to the compass rose: its direction and its colour."""

    direction: Direction
    cube: Cube


class PlacePlanet(BaseCommand, frozen=True, omit_defaults=True):
    """A body onto space `orbit_index` of its orbit. `hex` is where that space is on the board:
    `legal` fills it in so each choice reads as a place; when given, it must match the space.
    Left out, it is not written either, so commands recorded without it read back the same."""

    body: Body
    orbit_index: OrbitIndex
    hex: BoardHex | None = None


class KeepMissions(BaseCommand, frozen=True):
    """Advanced setup: keep 2 of the 4 dealt missions; the choice stays secret."""

    keep: Annotated[tuple[MissionId, ...], msgspec.Meta(max_length=MISSIONS_DEALT_ADVANCED)]

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ChooseEventCard(BaseCommand, frozen=True):
    card: EventCardId


EventResponse = Literal[
    "ACCEPT", "SPEND_SHIELD", "STAY_ON_BODY", "CONVERT", "TAKE_HYPERFUEL", "DECLINE"
]


class RespondToEvent(BaseCommand, frozen=True):
    """`amount` is the number of cubes of a CONVERT answer; it stays 0 with every other one."""

    response: EventResponse
    amount: ConvertAmount = 0


class ChooseGravityTarget(BaseCommand, frozen=True):
    body: Body


class SubmitOrders(BaseCommand, frozen=True):
    """Phase 2 sealed order: cubes onto the rose (an empty list coasts), and whether a shield
    is turned into 2 fuel first. Both are always given: a sealed order cannot be taken back."""

    placements: Annotated[tuple[Placement, ...], msgspec.Meta(max_length=THRUST_MAX_CUBES)]
    convert_shield: bool

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class StayOnBody(BaseCommand, frozen=True):
    """Phase 2 sealed order of a landed ship: do not fly, refuel in Phase 3."""

    convert_shield: bool

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ResolveFlight(BaseCommand, frozen=True):
    """`land_on` is the body to land on at the destination, or null to fly on: always given."""

    land_on: Body | None


class RequestEvacuation(BaseCommand, frozen=True):
    pass


RefuelKind = Literal["STANDARD", "QUICK", "FULL"]


class Refuel(BaseCommand, frozen=True):
    """`take_hyperfuel`: with a full tank, swap a yellow cube for a red one (§4.5.6, A18)."""

    kind: RefuelKind
    take_hyperfuel: bool


class SkipRefuel(BaseCommand, frozen=True):
    pass


class LandOnArrivingBody(BaseCommand, frozen=True):
    body: Body


class DeclineLanding(BaseCommand, frozen=True):
    pass


Command = (
    PlacePlanet
    | KeepMissions
    | ChooseEventCard
    | RespondToEvent
    | ChooseGravityTarget
    | SubmitOrders
    | StayOnBody
    | ResolveFlight
    | RequestEvacuation
    | Refuel
    | SkipRefuel
    | LandOnArrivingBody
    | DeclineLanding
)
