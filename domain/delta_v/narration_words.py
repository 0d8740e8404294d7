"""The words Delta V's narration tells its codes in (issue #25): one table per kind of code, and
the small helpers that name seats, tiles, rockets, bribes and contracts as players say them.

Everything here reads its argument and the game's static tables (components.py) only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from domain.game import Seat, words

from .components import (
    COLOURS,
    INCIDENT_NAMES,
    MANIFESTS,
    MINERAL_NAMES,
    STATION,
    Face,
    IncidentKind,
    Position,
)

LONGEST_LIST = 6
"""A list names at most this many items, then says how many more."""

# Where a rocket is: the two named places (a position is "row:column", as the board labels it).
PLACES: dict[str, str] = {"STATION": "the station", "SHIPYARD": "the shipyard"}

# How a rocket came to the station (RocketPlacedOnStation.source).
DOCKINGS: dict[str, str] = {
    "setup": "{who} docks rocket {number} at the station",
    "buy": "{who} buys rocket {number} and docks it at the station",
    "rocket_acquisition": "{who}'s Rocket Acquisition docks rocket {number} at the station",
}

# The action a turn took (ActionTaken.action).
ACTIONS: dict[str, str] = {
    "move": "move rockets",
    "prospect": "prospect",
    "survey": "satellite survey",
    "buy": "buy a rocket",
}

# Why no action was taken (ActionSkipped.reason).
ACTION_SKIPS: dict[str, str] = {
    "pirate_attack": "{who} takes no action this turn (Pirate Attack)",
    "no_legal_action": "{who} has no action to take",
}

# A response window: who may now do what, and what passing means.
WINDOWS: dict[str, str] = {
    "pre_action": "may play a Pirate Attack",
    "pre_contract": "may play a Meteor Storm",
    "bid_up": "may bid up the contract",
}
PASSES: dict[str, str] = {
    "pre_action": "{who} plays no Pirate Attack",
    "pre_contract": "{who} plays no Meteor Storm",
    "bid_up": "{who} does not bid up",
}

# What a secret look was for (TilesPeeked.source, TilesPeekedDetail.source).
PEEKS: dict[str, str] = {
    "prospect": "prospect",
    "survey": "satellite survey",
    "scan_own": "Mineral Scan under own rockets",
    "scan_extra": "Mineral Scan",
}

# What a bribe was spent on (BribeSpent.purpose).
BRIBE_PURPOSES: dict[str, str] = {
    "survey": "on a satellite survey",
    "replacement": "to replace a mineral",
    "bid_up": "on the bid-up",
}

# Why rockets went home (RocketReturnedToShipyard.reason, RocketsReturnedToStation.reason).
SHIPYARD_RETURNS: dict[str, str] = {
    "collision": "{whose} goes back to the shipyard",
    "sabotage": "{whose} is sabotaged back to the shipyard",
}
STATION_RETURNS: dict[str, str] = {
    "incident": "the incident is taken",
    "fulfilled": "the contract is fulfilled",
}

# Why a move happened (RocketMoved.reason).
MOVES: dict[str, str] = {
    "action": "{who} moves rocket {number} from {origin} to {destination}",
    "sabotage_follow_up": "{who} follows the sabotage, moving rocket {number} from {origin} to "
    "{destination}",
}

# Why a contract step was skipped (ContractStepSkipped.reason).
CONTRACT_SKIPS: dict[str, str] = {
    "meteor_storm": "{who} may try no contract this turn (Meteor Storm)",
    "no_revealable_tile": "{who} has no tile to reveal and tries no contract",
    "declined": "{who} tries no contract this turn",
}

# Why a tile was turned up, and what it meant (TileRevealed.context, .judgement).
REVEAL_CONTEXTS: dict[str, str] = {
    "contract": "for the contract",
    "bid_up": "for the bid-up",
    "prospect": "from the prospect",
    "scan": "from the Mineral Scan",
}
JUDGEMENTS: dict[str, str] = {
    "match": ": a match",
    "mismatch": ": no match",
    "incident": ": an incident",
}

# Why an attempt failed (ContractAttemptFailed.stage, .reason).
ATTEMPT_STAGES: dict[str, str] = {
    "main": "{who} fails contract {contract}",
    "bid_up": "{who} fails the bid-up on contract {contract}",
}
FAILURES: dict[str, str] = {
    "mismatch": "a mineral that does not match",
    "incident_revealed": "an incident turned up",
    "no_revealable_tile": "no tile left to reveal",
}

# How the match ended (GameEnded.reason), after "the game ends with".
ENDINGS: dict[str, str] = {
    "FIFTH_ALIEN_ENCOUNTER": "the fifth Alien Encounter",
    "LAST_CONTRACT_FULFILLED": "the last contract fulfilled",
    "FIELD_FULLY_OCCUPIED": "the field fully occupied",
    "ROUND_LIMIT": "the round limit reached",
}

LONGEST_SENTENCE = 200
"""A sentence that would run longer leaves out what the board shows anyway."""

_ROCKET = re.compile(r"(\d+)-r(\d+)")
_BRIBE = re.compile(r"(\d+)-([A-Z]{3})")


def _contract_minerals() -> dict[str, tuple[str, ...]]:
    """Each contract id with its minerals, where every manifest agrees on them: a contract is
    named by what it asks for without reading the match it is in."""
    found: dict[str, set[tuple[str, ...]]] = {}
    for manifest in MANIFESTS.values():
        for contract in manifest.contracts:
            found.setdefault(contract.contract_id, set()).add(contract.requirements)
    return {key: next(iter(asks)) for key, asks in found.items() if len(asks) == 1}


CONTRACT_MINERALS = _contract_minerals()


def seat_name(names: Sequence[str], seat: Seat) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def joined(items: Iterable[str], limit: int = LONGEST_LIST) -> str:
    """'a', 'a and b', 'a, b and c'; past `limit` items, the first ones 'and N more'."""
    return words.join(items, limit=limit)


def counted(count: int, noun: str) -> str:
    """'1 tile', '3 tiles'."""
    return words.counted(count, noun)


def article(word: str) -> str:
    """'an Alphatite', 'a Betamite'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def cell(position: Position) -> str:
    """A cell as the board labels it: '2:5' (row 2, column 5)."""
    return "the station" if tuple(position) == STATION else f"{position[0]}:{position[1]}"


def cells(positions: Iterable[Position]) -> str:
    return joined(cell(p) for p in positions)


def place(location: Position | str) -> str:
    """A rocket's place: the station, the shipyard, or a cell."""
    if isinstance(location, str):
        return PLACES.get(location, location.lower())
    return cell(location)


def face(shown: Face) -> str:
    """A tile face as printed: 'Alphatite 3', 'a Sabotage'."""
    return article(shown.label()) if shown.is_incident else shown.label()


def mineral(code: str) -> str:
    return MINERAL_NAMES.get(code, code.title())


def minerals(codes: Iterable[str]) -> str:
    return joined(mineral(code) for code in codes)


def incident(kind: IncidentKind) -> str:
    return INCIDENT_NAMES[kind]


def colour(seat: Seat) -> str | None:
    """The colour a seat plays (the game hands them out in order, §2.1)."""
    return COLOURS[seat] if 0 <= seat < len(COLOURS) else None


def rocket_number(rocket_id: str) -> str:
    """'3' for rocket '0-r3' (the game names a rocket by its seat and number)."""
    found = _ROCKET.fullmatch(rocket_id)
    return found.group(2) if found else rocket_id


def rockets(rocket_ids: Sequence[str]) -> str:
    """'rocket 3', 'rockets 1 and 2'."""
    numbers = joined(rocket_number(r) for r in rocket_ids)
    return f"rocket {numbers}" if len(rocket_ids) == 1 else f"rockets {numbers}"


def whose_rocket(rocket_id: str, names: Sequence[str]) -> str:
    """'ben's rocket 2' for '1-r2'."""
    found = _ROCKET.fullmatch(rocket_id)
    if found is None:
        return f"rocket {rocket_id}"
    return f"{seat_name(names, int(found.group(1)))}'s rocket {found.group(2)}"


def bribe_mineral(bribe_id: str) -> str:
    """The mineral printed on a bribe counter ('Gammatite' for '1-GAM')."""
    found = _BRIBE.fullmatch(bribe_id)
    return mineral(found.group(2)) if found else bribe_id


def contract(contract_id: str) -> str:
    """'C04 (Alphatite and Deltamite)'; the id alone where the manifests disagree."""
    asks = CONTRACT_MINERALS.get(contract_id)
    return contract_id if asks is None else f"{contract_id} ({minerals(asks)})"
