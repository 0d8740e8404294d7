"""The decisions of Delta V (rules digest §4.4), as `starledger play` accepts them.

Positions are `[row, column]` with row 0 at the top; the station is `"STATION"`.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.game import Command as BaseCommand
from domain.game import Seat

from .components import MAX_SEATS, ROCKETS_PER_PLAYER, SURVEY_TILES, Ident, Position

Destination = Position | Literal["STATION"]


class RocketMove(msgspec.Struct, frozen=True):
    rocket_id: Ident
    to: Destination


class Steal(msgspec.Struct, frozen=True):
    """What an Alien Encounter takes: exactly one of an unspent bribe or a held incident."""

    victim: Seat
    bribe_id: Ident | None
    incident_id: Ident | None


# Response windows (§4.3)
class PlayPirateAttack(BaseCommand, frozen=True):
    incident_id: Ident


class PlayMeteorStorm(BaseCommand, frozen=True):
    incident_id: Ident


class PassResponse(BaseCommand, frozen=True):
    pass


# Actions (§4.4.4)
class MoveRockets(BaseCommand, frozen=True):
    moves: Annotated[tuple[RocketMove, ...], Meta(max_length=ROCKETS_PER_PLAYER * MAX_SEATS)]


class Prospect(BaseCommand, frozen=True):
    pass


class ChooseProspectReveal(BaseCommand, frozen=True):
    position: Position | None


class SatelliteSurvey(BaseCommand, frozen=True):
    bribe_id: Ident
    positions: Annotated[tuple[Position, ...], Meta(max_length=SURVEY_TILES)]


class BuyRocket(BaseCommand, frozen=True):
    pass


# Own-turn incidents (§4.4.6-4.4.8)
class UseMineralScan(BaseCommand, frozen=True):
    incident_id: Ident


class ScanPeek(BaseCommand, frozen=True):
    position: Position


class FinishMineralScan(BaseCommand, frozen=True):
    reveal_position: Position | None


class UseSabotage(BaseCommand, frozen=True):
    incident_id: Ident
    target_rocket_id: Ident
    follow_up_rocket_id: Ident | None


class UseRocketAcquisition(BaseCommand, frozen=True):
    incident_id: Ident


# The contract attempt (§4.4.9-4.4.13)
class DeclareContract(BaseCommand, frozen=True):
    contract_id: Ident


class SkipContractStep(BaseCommand, frozen=True):
    pass


class RevealTile(BaseCommand, frozen=True):
    position: Position


class ReplaceMineral(BaseCommand, frozen=True):
    bribe_id: Ident


class AcceptFailure(BaseCommand, frozen=True):
    pass


class BidUp(BaseCommand, frozen=True):
    bribe_id: Ident


class PassBidUp(BaseCommand, frozen=True):
    pass


class ResolveAlienEncounter(BaseCommand, frozen=True):
    alien_to: Position | None
    steal: Steal | None


Command = (
    PlayPirateAttack
    | PlayMeteorStorm
    | PassResponse
    | MoveRockets
    | Prospect
    | ChooseProspectReveal
    | SatelliteSurvey
    | BuyRocket
    | UseMineralScan
    | ScanPeek
    | FinishMineralScan
    | UseSabotage
    | UseRocketAcquisition
    | DeclareContract
    | SkipContractStep
    | RevealTile
    | ReplaceMineral
    | AcceptFailure
    | BidUp
    | PassBidUp
    | ResolveAlienEncounter
)

ACTIONS = (MoveRockets, Prospect, SatelliteSurvey, BuyRocket)
