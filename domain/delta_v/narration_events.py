"""Every Delta V event as one sentence (issue #25).

Each sentence is told from its one event, the seat names and the static tables: the private
`TilesPeekedDetail` names the faces its seat saw, its public twin `TilesPeeked` only where the
seat looked. `match` ends in `assert_never`, so a new event type cannot go untold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from .components import ALIEN_ENCOUNTERS, REGULAR_MINERALS
from .events import (
    ActionSkipped,
    ActionTaken,
    AlienEncounterResolved,
    AlienEncounterRevealed,
    AlienMoved,
    AsteroidFieldLaid,
    BidUpBribeReturned,
    BidUpDeclared,
    BribeSpent,
    BribeStolen,
    CollectedTile,
    ContractAttemptFailed,
    ContractDeclared,
    ContractFulfilled,
    ContractRequirementsMet,
    ContractStepSkipped,
    Event,
    FirstPlayerChosen,
    GameCreated,
    GameEnded,
    IncidentStolen,
    IncidentTaken,
    IncidentUsed,
    MeteorStormPlayed,
    MineralReplaced,
    MineralScanFinished,
    MineralScanStarted,
    PirateAttackPlayed,
    PlayerEquipped,
    ProspectRevealDeclined,
    ReplacementDeclined,
    ResponsePassed,
    ResponseWindowOpened,
    RocketMoved,
    RocketPlacedOnStation,
    RocketReturnedToShipyard,
    RocketsCollided,
    RocketsReturnedToStation,
    SabotageResolved,
    TileRevealed,
    TilesFlippedFaceDown,
    TilesPeeked,
    TilesPeekedDetail,
    TurnEnded,
    TurnStarted,
)
from .narration_words import (
    ACTION_SKIPS,
    ACTIONS,
    ATTEMPT_STAGES,
    BRIBE_PURPOSES,
    CONTRACT_SKIPS,
    DOCKINGS,
    ENDINGS,
    FAILURES,
    JUDGEMENTS,
    LONGEST_SENTENCE,
    MOVES,
    PASSES,
    PEEKS,
    REVEAL_CONTEXTS,
    SHIPYARD_RETURNS,
    STATION_RETURNS,
    WINDOWS,
    article,
    bribe_mineral,
    cell,
    cells,
    colour,
    contract,
    counted,
    face,
    incident,
    joined,
    mineral,
    minerals,
    place,
    rocket_number,
    rockets,
    seat_name,
)


def tell(event: Event, names: Sequence[str]) -> str:
    """One event as a sentence: "ann reveals Alphatite 3 at 2:5 for the contract: a match"."""
    match event:
        case GameCreated():
            return created(event, names)
        case AsteroidFieldLaid():
            return field_laid(event)
        case PlayerEquipped():
            return equipped(event, names)
        case RocketPlacedOnStation():
            who = seat_name(names, event.seat)
            return DOCKINGS[event.source].format(who=who, number=rocket_number(event.rocket_id))
        case FirstPlayerChosen():
            return f"{seat_name(names, event.seat)} goes first"
        case TurnStarted():
            return f"turn {event.turn} begins: {seat_name(names, event.seat)} to play"
        case TurnEnded():
            return f"{seat_name(names, event.seat)}'s turn {event.turn} ends"
        case ResponseWindowOpened():
            who = joined(seat_name(names, s) for s in event.eligible)
            return f"{who} {WINDOWS[event.window]}"
        case ResponsePassed():
            return PASSES[event.window].format(who=seat_name(names, event.seat))
        case PirateAttackPlayed():
            by, against = seat_name(names, event.by), seat_name(names, event.against)
            return f"{by} plays a Pirate Attack on {against}: no action for {against} this turn"
        case MeteorStormPlayed():
            by, against = seat_name(names, event.by), seat_name(names, event.against)
            return f"{by} plays a Meteor Storm on {against}: no contract for {against} this turn"
        case ActionSkipped():
            return ACTION_SKIPS[event.reason].format(who=seat_name(names, event.seat))
        case ActionTaken():
            return f"{seat_name(names, event.seat)}'s action: {ACTIONS[event.action]}"
        case RocketMoved():
            return MOVES[event.reason].format(
                who=seat_name(names, event.seat),
                number=rocket_number(event.rocket_id),
                origin=place(event.origin),
                destination=place(event.destination),
            )
        case RocketsCollided():
            moving = f"{seat_name(names, event.moving_seat)}'s rocket"
            struck = f"{seat_name(names, event.struck_seat)}'s rocket"
            return (
                f"at {cell(event.position)}, {moving} {rocket_number(event.moving_rocket_id)} "
                f"collides with {struck} {rocket_number(event.struck_rocket_id)}"
            )
        case RocketReturnedToShipyard():
            whose = f"{seat_name(names, event.seat)}'s rocket {rocket_number(event.rocket_id)}"
            return SHIPYARD_RETURNS[event.reason].format(whose=whose)
        case RocketsReturnedToStation():
            return (
                f"{seat_name(names, event.seat)}'s {rockets(event.rocket_ids)} "
                f"{'returns' if len(event.rocket_ids) == 1 else 'return'} from "
                f"{cell(event.from_position)} to the station: {STATION_RETURNS[event.reason]}"
            )
        case TilesPeeked():
            looks = f"{seat_name(names, event.seat)}'s {PEEKS[event.source]}"
            if not event.positions:
                return f"{looks} looks at no tile"
            return f"{looks}: a secret look at {cells(event.positions)}"
        case TilesPeekedDetail():
            looks = f"{seat_name(names, event.seat)}'s {PEEKS[event.source]}"
            seen = joined(f"{face(r.face)} at {cell(r.position)}" for r in event.results)
            return f"{looks} shows {seen}" if seen else f"{looks} looks at no tile"
        case ProspectRevealDeclined():
            return f"{seat_name(names, event.seat)} reveals no incident from the prospect"
        case BribeSpent():
            return (
                f"{seat_name(names, event.seat)} spends {article(mineral(event.mineral))} bribe "
                f"{BRIBE_PURPOSES[event.purpose]}"
            )
        case IncidentUsed():
            return f"{seat_name(names, event.seat)} uses {article(incident(event.kind))}"
        case MineralScanStarted():
            looks = counted(event.extra_peeks_allowed, "more secret look")
            return f"{seat_name(names, event.seat)}'s Mineral Scan allows {looks}"
        case MineralScanFinished():
            return f"{seat_name(names, event.seat)}'s Mineral Scan is over"
        case SabotageResolved():
            target = f"{seat_name(names, event.target_seat)}'s rocket"
            return (
                f"{seat_name(names, event.seat)} sabotages {target} "
                f"{rocket_number(event.target_rocket_id)} at {place(event.origin)}"
            )
        case IncidentTaken():
            return (
                f"{seat_name(names, event.seat)} takes the {incident(event.kind)} from "
                f"{cell(event.from_position)}, usable from the next turn"
            )
        case AlienEncounterRevealed():
            return (
                f"{seat_name(names, event.seat)} meets the alien at {cell(event.position)}: "
                f"Alien Encounter {event.encounter_number} of {ALIEN_ENCOUNTERS}"
            )
        case AlienMoved():
            by = seat_name(names, event.by)
            if event.origin is None:
                return f"{by} places the alien on {cell(event.destination)}"
            return f"{by} moves the alien from {cell(event.origin)} to {cell(event.destination)}"
        case BribeStolen():
            return (
                f"{seat_name(names, event.thief)} steals {seat_name(names, event.victim)}'s "
                f"{mineral(event.mineral)} bribe"
            )
        case IncidentStolen():
            return (
                f"{seat_name(names, event.thief)} steals {seat_name(names, event.victim)}'s "
                f"{incident(event.kind)}, usable from the next turn"
            )
        case AlienEncounterResolved():
            return f"{seat_name(names, event.seat)}'s Alien Encounter is over"
        case ContractDeclared():
            return f"{seat_name(names, event.seat)} tries contract {contract(event.contract_id)}"
        case ContractStepSkipped():
            return CONTRACT_SKIPS[event.reason].format(who=seat_name(names, event.seat))
        case TileRevealed():
            return (
                f"{seat_name(names, event.seat)} reveals {face(event.face)} at "
                f"{cell(event.position)} {REVEAL_CONTEXTS[event.context]}"
                f"{JUDGEMENTS[event.judgement] if event.context in ('contract', 'bid_up') else ''}"
            )
        case MineralReplaced():
            return (
                f"{seat_name(names, event.seat)}'s bribe turns the {mineral(event.printed_mineral)}"
                f" at {cell(event.position)} into {mineral(event.new_mineral)}"
            )
        case ReplacementDeclined():
            return f"{seat_name(names, event.seat)} pays no bribe for {cell(event.position)}"
        case ContractRequirementsMet():
            return (
                f"{seat_name(names, event.seat)} meets contract {event.contract_id} with "
                f"{cells(event.positions)}"
            )
        case BidUpDeclared():
            wanted = mineral(event.mineral)
            return (
                f"{seat_name(names, event.bidder)} bids up contract {event.contract_id} with "
                f"{article(wanted)} bribe: one more {wanted} is needed"
            )
        case BidUpBribeReturned():
            return (
                f"{seat_name(names, event.bidder)} gets the {bribe_mineral(event.bribe_id)} bribe "
                f"back unspent"
            )
        case TilesFlippedFaceDown():
            flipped = "is" if len(event.positions) == 1 else "are"
            return f"{cells(event.positions)} {flipped} turned face down again"
        case ContractAttemptFailed():
            failed = ATTEMPT_STAGES[event.stage].format(
                who=seat_name(names, event.seat), contract=event.contract_id
            )
            return f"{failed}: {FAILURES[event.reason]}"
        case ContractFulfilled():
            return fulfilled(event, names)
        case GameEnded():
            return ended(event, names)
        case _:
            assert_never(event)


def created(event: GameCreated, names: Sequence[str]) -> str:
    colours = joined(f"{seat_name(names, s)} {c}" for s, c in enumerate(event.colours))
    return f"Delta V: {colours}; {counted(len(event.contracts), 'contract')} on offer"


def field_laid(event: AsteroidFieldLaid) -> str:
    found = sum(1 for f in event.faces if f.is_incident)
    return (
        f"the asteroid field is laid: {counted(len(event.positions), 'tile')} face down around "
        f"the station ({counted(len(event.faces) - found, 'mineral')}, "
        f"{counted(found, 'incident')})"
    )


def equipped(event: PlayerEquipped, names: Sequence[str]) -> str:
    who = seat_name(names, event.seat)
    painted = colour(event.seat)
    takes = f"{who} takes the {painted} rockets" if painted else f"{who} takes the rockets"
    held = tuple(b.mineral for b in event.bribes)
    bribes = (
        f"{counted(len(held), 'bribe')}, one per mineral"
        if held == REGULAR_MINERALS
        else f"bribes of {minerals(held)}"
    )
    return f"{takes}: {counted(len(event.rocket_ids), 'rocket')} and {bribes}"


def collected(tile: CollectedTile) -> str:
    """'Alphatite 4', or 'Deltamite 3 as Betamite' where a bribe replaced its mineral."""
    printed = f"{mineral(tile.printed_mineral)} {tile.value}"
    if tile.effective_mineral == tile.printed_mineral:
        return printed
    return f"{printed} as {mineral(tile.effective_mineral)}"


def fulfilled(event: ContractFulfilled, names: Sequence[str]) -> str:
    return (
        f"{seat_name(names, event.seat)} fulfils contract {event.contract_id} for "
        f"{counted(event.points, 'point')}: {joined(collected(t) for t in event.tiles)}"
    )


def ended(event: GameEnded, names: Sequence[str]) -> str:
    """Who won with how many points, then the others' totals by place (left out where long
    seat names would make the sentence too long: the scoreboard has them)."""
    winners = joined(seat_name(names, s) for s in event.winners)
    best = counted(max((s.total for s in event.scores), default=0), "point")
    wins = f"{winners} {'wins' if len(event.winners) == 1 else 'share the win'} with {best}"
    ranked = sorted(zip(event.places, event.scores, strict=False), key=lambda pair: pair[0])
    others = ", ".join(
        f"{seat_name(names, s.seat)} {s.total}" for _, s in ranked if s.seat not in event.winners
    )
    shown = "" if event.final_layout is None else "; every tile is turned up"
    told = f"the game ends with {ENDINGS[event.reason]}: {wins}"
    if others and len(told) + len(others) + len(shown) + 3 <= LONGEST_SENTENCE:
        told = f"{told} ({others})"
    return f"{told}{shown}"
