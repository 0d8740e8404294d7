"""Every Onward to Venus decision as the seat made it, one small function per command (issue #25).

Each reads its one command, the seat that sent it and the seat names; the cards a command names
are the ones its sender plays face up or (ChooseKeep, EspionageChoice: commands only the sender
may see) keeps to itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .commands import (
    AbandonClaim,
    AssignCasualties,
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    ClaimTile,
    ConcludeCombat,
    DeclineReaction,
    DiscardToHandLimit,
    EndTurn,
    EspionageChoice,
    LandForCombat,
    MoveGroup,
    PlayActionCard,
    PlayCombatCard,
    PlayFreeActionCard,
    PlayReaction,
    RaiseUnits,
    Recruit,
    SkipClaim,
    TakePassMarker,
)
from .phrasing import (
    Names,
    card,
    cards,
    dice,
    own_piece,
    owner,
    piece,
    pieces,
    planet,
    recruits,
    seat,
)
from .wording import BAZAGTHOTH_ORDERS, tile_title, word

C = TypeVar("C")
Teller = Callable[[Any, str, Names], str]

TELLERS: dict[type, Teller] = {}
"""Each command class with the function that tells it (given the sender's name)."""


def tells(
    cls: type[C],
) -> Callable[[Callable[[C, str, Names], str]], Callable[[C, str, Names], str]]:
    def register(function: Callable[[C, str, Names], str]) -> Callable[[C, str, Names], str]:
        TELLERS[cls] = function
        return function

    return register


def _piece(piece_id: str, who: str, names: Names) -> str:
    """A piece named in a command: the sender's own as `their own tank`, another's by owner."""
    return own_piece(piece_id) if seat(names, owner(piece_id)) == who else piece(piece_id, names)


@tells(MoveGroup)
def _move(c: MoveGroup, who: str, names: Names) -> str:
    played = [*c.movement_cards, *([c.transport_card] if c.transport_card is not None else [])]
    route = f"from {planet(c.origin)} to {planet(c.destination)}"
    with_cards = f", playing {cards(played)}" if played else ""
    return f"{who} moves {pieces(c.units)} {route}{with_cards}"


@tells(SkipClaim)
def _skip(c: SkipClaim, who: str, names: Names) -> str:
    return f"{who} claims nothing after the move"


@tells(ClaimTile)
def _claim(c: ClaimTile, who: str, names: Names) -> str:
    target = (
        "" if c.tension_target is None else f", targeting {_piece(c.tension_target, who, names)}"
    )
    landing = "" if c.landing_unit is None else f", landing {pieces((c.landing_unit,))}"
    moving = ", as part of the move" if c.as_part_of_move else ""
    tile = f"the {tile_title(c.tile)} tile on {planet(c.planet)}"
    return f"{who} claims {tile}{target}{landing}{moving}"


@tells(RaiseUnits)
def _raise(c: RaiseUnits, who: str, names: Names) -> str:
    return f"{who} raises {recruits((r.kind, r.planet) for r in c.units)}"


@tells(PlayActionCard)
def _action_card(c: PlayActionCard, who: str, names: Names) -> str:
    parts = [f"{who} plays {card(c.card)}"]
    if c.unit is not None:
        parts.append(f" on {_piece(c.unit, who, names)}")
    if c.tile is not None:
        parts.append(f" for the {tile_title(c.tile)} tile")
    if c.planet is not None:
        parts.append(f" on {planet(c.planet)}")
    if c.opponent is not None:
        parts.append(f" against {seat(names, c.opponent)}")
    if c.cards is not None:
        parts.append(f", discarding {cards(c.cards) if c.cards else 'nothing'}")
    return "".join(parts)


@tells(PlayFreeActionCard)
def _free_card(c: PlayFreeActionCard, who: str, names: Names) -> str:
    parts = [f"{who} plays {card(c.card)}"]
    if c.unit is not None:
        parts.append(f" for {_piece(c.unit, who, names)}")
    if c.recruits:
        parts.append(f", raising {recruits((r.kind, r.planet) for r in c.recruits)}")
    if c.returned_card is not None:
        parts.append(f", taking back {card(c.returned_card)}")
    return "".join(parts)


@tells(TakePassMarker)
def _pass_marker(c: TakePassMarker, who: str, names: Names) -> str:
    return f"{who} takes a pass marker"


@tells(EndTurn)
def _end_turn(c: EndTurn, who: str, names: Names) -> str:
    return f"{who} ends the turn"


@tells(LandForCombat)
def _land(c: LandForCombat, who: str, names: Names) -> str:
    return f"{who} lands {pieces(c.units)} to fight"


@tells(PlayCombatCard)
def _combat_card(c: PlayCombatCard, who: str, names: Names) -> str:
    on_dice = f" on {dice(c.dice)}" if c.dice else ""
    sacrifice = "" if c.unit is None else f", sacrificing {_piece(c.unit, who, names)}"
    return f"{who} plays {card(c.card)}{on_dice}{sacrifice}"


@tells(ConcludeCombat)
def _conclude(c: ConcludeCombat, who: str, names: Names) -> str:
    return f"{who} concludes the fight"


@tells(AbandonClaim)
def _abandon(c: AbandonClaim, who: str, names: Names) -> str:
    return f"{who} abandons the claim"


@tells(AssignCasualties)
def _casualties(c: AssignCasualties, who: str, names: Names) -> str:
    return f"{who} loses {pieces(c.units)} to the skulls"


@tells(DiscardToHandLimit)
def _discard(c: DiscardToHandLimit, who: str, names: Names) -> str:
    return f"{who} discards {cards(c.cards)} to the hand limit"


@tells(ChooseKeep)
def _keep(c: ChooseKeep, who: str, names: Names) -> str:
    return f"{who} keeps {cards(c.cards)}"


@tells(EspionageChoice)
def _espionage(c: EspionageChoice, who: str, names: Names) -> str:
    if c.take is None:
        return f"{who} takes nothing"
    back = "" if c.give is None else f" and gives {card(c.give)} in exchange"
    return f"{who} takes {card(c.take)}{back}"


@tells(PlayReaction)
def _reaction(c: PlayReaction, who: str, names: Names) -> str:
    saving = "" if c.unit is None else f", saving {_piece(c.unit, who, names)}"
    return f"{who} reacts with {card(c.card)}{saving}"


@tells(DeclineReaction)
def _decline(c: DeclineReaction, who: str, names: Names) -> str:
    return f"{who} does not react"


@tells(BazagthothOrder)
def _bazagthoth(c: BazagthothOrder, who: str, names: Names) -> str:
    if c.choice == "DECLINE":
        return f"{who} does not hire Eyeless Bazagthoth"
    order = word(BAZAGTHOTH_ORDERS, c.choice)
    victim = c.unit if c.choice == "DESTROY_UNIT" else c.building
    if victim is not None:
        target = f" {_piece(victim, who, names)}"
    elif c.opponent is not None:
        target = f" from {seat(names, c.opponent)}"
    else:
        target = ""
    return f"{who} hires Eyeless Bazagthoth {order}{target}"


@tells(ChooseCrisisLosses)
def _crisis_losses(c: ChooseCrisisLosses, who: str, names: Names) -> str:
    return f"{who} gives up {pieces(c.pieces)} to the crisis on {planet(c.planet)}"


def tell(command: Any, sender: int, names: Names) -> str:
    who = seat(names, sender)
    teller = TELLERS.get(type(command))
    if teller is None:
        return f"{who} decides"
    return teller(command, who, names)


def part(kind: str, field: str, value: object, names: Names) -> str | None:
    """One part of a command a seat picks part by part (forms/menus.py), in words: "Mars",
    "ann's tank", "2 infantry at Earth", "takes Espionage"; None where the short form says it."""
    match field, value:
        case "origin" | "destination" | "planet", str():
            return planet(value)
        case "units", Recruit():
            return recruits([(value.kind, value.planet)])
        case "units" | "unit", str():
            return piece(value, names)
        case "movement_cards" | "cards" | "card", int():
            return card(value)
        case "transport_card", None:
            return "no transport card"
        case "transport_card", int():
            return f"{card(value)} to transport"
        case "take", None:
            return "takes nothing"
        case "take", int():
            return f"takes {card(value)}"
        case "give", None:
            return "gives nothing back"
        case "give", int():
            return f"gives {card(value)} in exchange"
    return None
