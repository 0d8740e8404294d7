"""The decisions of Delta V (rules digest §4.4), as `starledger play` accepts them.

Positions are `[row, column]` with row 0 at the top; the station is `"STATION"`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Command as BaseCommand

from .components import Position

Destination = Position | Literal["STATION"]


class RocketMove(msgspec.Struct, frozen=True):
    rocket_id: str
    to: Destination


class Steal(msgspec.Struct, frozen=True, omit_defaults=True):
    """What an Alien Encounter takes: exactly one of an unspent bribe or a held incident."""

    victim: int
    bribe_id: str | None = None
    incident_id: str | None = None


# Response windows (§4.3)
class PlayPirateAttack(BaseCommand, frozen=True):
    incident_id: str


class PlayMeteorStorm(BaseCommand, frozen=True):
    incident_id: str


class PassResponse(BaseCommand, frozen=True):
    pass


# Actions (§4.4.4)
class MoveRockets(BaseCommand, frozen=True):
    moves: tuple[RocketMove, ...]


class Prospect(BaseCommand, frozen=True):
    pass


class ChooseProspectReveal(BaseCommand, frozen=True, omit_defaults=True):
    position: Position | None = None


class SatelliteSurvey(BaseCommand, frozen=True):
    bribe_id: str
    positions: tuple[Position, ...]


class BuyRocket(BaseCommand, frozen=True):
    pass


# Own-turn incidents (§4.4.6-4.4.8)
class UseMineralScan(BaseCommand, frozen=True):
    incident_id: str


class ScanPeek(BaseCommand, frozen=True):
    position: Position


class FinishMineralScan(BaseCommand, frozen=True, omit_defaults=True):
    reveal_position: Position | None = None


class UseSabotage(BaseCommand, frozen=True, omit_defaults=True):
    incident_id: str
    target_rocket_id: str
    follow_up_rocket_id: str | None = None


class UseRocketAcquisition(BaseCommand, frozen=True):
    incident_id: str


# The contract attempt (§4.4.9-4.4.13)
class DeclareContract(BaseCommand, frozen=True):
    contract_id: str


class SkipContractStep(BaseCommand, frozen=True):
    pass


class RevealTile(BaseCommand, frozen=True):
    position: Position


class ReplaceMineral(BaseCommand, frozen=True):
    bribe_id: str


class AcceptFailure(BaseCommand, frozen=True):
    pass


class BidUp(BaseCommand, frozen=True):
    bribe_id: str


class PassBidUp(BaseCommand, frozen=True):
    pass


class ResolveAlienEncounter(BaseCommand, frozen=True, omit_defaults=True):
    alien_to: Position | None = None
    steal: Steal | None = None


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
