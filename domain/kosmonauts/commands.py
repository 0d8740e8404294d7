"""The player decisions of Kosmonauts (§3.3, §4.8)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility
from domain.kosmonauts.components import Body, Cube, Direction


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One cube moved from the tank to the compass rose."""

    direction: Direction
    cube: Cube = "NORMAL"


class PlacePlanet(BaseCommand, frozen=True):
    body: Body
    orbit_index: int


class KeepMissions(BaseCommand, frozen=True):
    """Advanced setup: keep 2 of the 4 dealt missions; the choice stays secret."""

    keep: tuple[str, ...]

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ChooseEventCard(BaseCommand, frozen=True):
    card: str


EventResponse = Literal[
    "ACCEPT", "SPEND_SHIELD", "STAY_ON_BODY", "CONVERT", "TAKE_HYPERFUEL", "DECLINE"
]


class RespondToEvent(BaseCommand, frozen=True):
    response: EventResponse
    amount: int = 0


class ChooseGravityTarget(BaseCommand, frozen=True):
    body: Body


class SubmitOrders(BaseCommand, frozen=True):
    """Phase 2 sealed order: cubes onto the rose, optionally turning a shield into 2 fuel."""

    placements: tuple[Placement, ...] = ()
    convert_shield: bool = False

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class StayOnBody(BaseCommand, frozen=True):
    """Phase 2 sealed order of a landed ship: do not fly, refuel in Phase 3."""

    convert_shield: bool = False

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ResolveFlight(BaseCommand, frozen=True):
    land_on: Body | None = None


class RequestEvacuation(BaseCommand, frozen=True):
    pass


RefuelKind = Literal["STANDARD", "QUICK", "FULL"]


class Refuel(BaseCommand, frozen=True):
    kind: RefuelKind = "STANDARD"
    take_hyperfuel: bool = True


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
