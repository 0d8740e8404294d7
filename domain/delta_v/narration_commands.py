"""Every Delta V decision as one sentence, as its seat made it (issue #25).

A command names positions, rockets, bribes and contracts, never a face: what a tile shows is
told by the events the decision caused, each to whoever may see it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from domain.game import Seat

from .commands import (
    AcceptFailure,
    BidUp,
    BuyRocket,
    ChooseProspectReveal,
    Command,
    DeclareContract,
    FinishMineralScan,
    MoveRockets,
    PassBidUp,
    PassResponse,
    PlayMeteorStorm,
    PlayPirateAttack,
    Prospect,
    ReplaceMineral,
    ResolveAlienEncounter,
    RevealTile,
    RocketMove,
    SatelliteSurvey,
    ScanPeek,
    SkipContractStep,
    Steal,
    UseMineralScan,
    UseRocketAcquisition,
    UseSabotage,
)
from .components import Position
from .narration_words import (
    article,
    bribe_mineral,
    cell,
    cells,
    contract,
    joined,
    place,
    rocket_number,
    rockets,
    seat_name,
    whose_rocket,
)


def tell(command: Command, seat: Seat, names: Sequence[str]) -> str:
    """One decision as a sentence: "ann moves rocket 1 to 0:0 and rocket 2 to 4:1"."""
    who = seat_name(names, seat)
    match command:
        case PlayPirateAttack():
            return f"{who} plays a Pirate Attack"
        case PlayMeteorStorm():
            return f"{who} plays a Meteor Storm"
        case PassResponse():
            return f"{who} plays no incident"
        case MoveRockets():
            return f"{who} moves {moved(command.moves)}"
        case Prospect():
            return f"{who} prospects under own rockets"
        case ChooseProspectReveal():
            if command.position is None:
                return f"{who} reveals nothing from the prospect"
            return f"{who} reveals the incident at {cell(command.position)}"
        case SatelliteSurvey():
            return (
                f"{who} pays {article(bribe_mineral(command.bribe_id))} bribe for a satellite "
                f"survey of {cells(command.positions) or 'no tile'}"
            )
        case BuyRocket():
            return f"{who} buys a rocket"
        case UseMineralScan():
            return f"{who} uses a Mineral Scan"
        case ScanPeek():
            return f"{who} scans {cell(command.position)}"
        case FinishMineralScan():
            if command.reveal_position is None:
                return f"{who} ends the Mineral Scan"
            return f"{who} ends the Mineral Scan, revealing the incident at {cell(command.reveal_position)}"
        case UseSabotage():
            sabotage = f"{who} sabotages {whose_rocket(command.target_rocket_id, names)}"
            if command.follow_up_rocket_id is None:
                return sabotage
            follow = rocket_number(command.follow_up_rocket_id)
            return f"{sabotage}, moving own rocket {follow} to where it was"
        case UseRocketAcquisition():
            return f"{who} uses a Rocket Acquisition"
        case DeclareContract():
            return f"{who} tries contract {contract(command.contract_id)}"
        case SkipContractStep():
            return f"{who} tries no contract"
        case RevealTile():
            return f"{who} reveals the tile at {cell(command.position)}"
        case ReplaceMineral():
            return f"{who} pays {article(bribe_mineral(command.bribe_id))} bribe to replace the mineral"
        case AcceptFailure():
            return f"{who} accepts the failure"
        case BidUp():
            return f"{who} bids up with {article(bribe_mineral(command.bribe_id))} bribe"
        case PassBidUp():
            return f"{who} does not bid up"
        case ResolveAlienEncounter():
            return f"{who} {alien_move(command.alien_to)} and {stolen(command.steal, names)}"
        case _:
            assert_never(command)


def moved(moves: Sequence[RocketMove]) -> str:
    """'rockets 1 and 2 to 0:0, rocket 3 to the station': the rockets grouped by destination."""
    going: dict[str, list[str]] = {}
    for move in moves:
        going.setdefault(place(move.to), []).append(move.rocket_id)
    return joined(f"{rockets(ids)} to {to}" for to, ids in going.items()) or "no rocket"


def alien_move(to: Position | None) -> str:
    if to is None:
        return "leaves the alien where it is"
    return f"sends the alien to {cell(to)}"


def stolen(steal: Steal | None, names: Sequence[str]) -> str:
    if steal is None:
        return "steals nothing"
    victim = seat_name(names, steal.victim)
    if steal.bribe_id is not None:
        return f"steals {victim}'s {bribe_mineral(steal.bribe_id)} bribe"
    return f"steals an incident from {victim}"


def part(kind: str, field: str, value: object, names: Sequence[str]) -> str | None:
    """One part of a command a seat picks part by part (forms/menus.py), in words: "rocket 1 to
    0:0", "an Alphatite bribe", "sends the alien to 2:5"; None where the short form says it."""
    match kind, field, value:
        case "MoveRockets", "moves", RocketMove():
            return moved([value])
        case _, "bribe_id", str():
            return f"{article(bribe_mineral(value))} bribe"
        case "ResolveAlienEncounter", "alien_to", tuple() | None:
            return alien_move(value)
        case "ResolveAlienEncounter", "steal", Steal() | None:
            return stolen(value, names)
        case _, "position" | "positions" | "reveal_position", tuple():
            return cell(value)
    return None
