"""Every Race for the Galaxy decision as the seat made it (issue #25).

Each case reads its one command and the seat names. Most commands name cards from the sender's
hand: they are private (commands.py), so only the sender (or, once the match opens, everyone)
reads those sentences; the log shows the rest of the table "(sealed)".
"""

from __future__ import annotations

from typing import assert_never

from . import commands as cmd
from .commands import Command
from .components import HAND_LIMIT
from .wording import SETTLE_METHODS, TABLEAU_DISCARDS, Names, actions, card, cards, word


def tell(command: Command, who: str, names: Names) -> str:
    match command:
        case cmd.DiscardInitialCards(cards=gone):
            return f"{who} discards {cards(gone)} from the opening hand"
        case cmd.SelectAction(actions=chosen):
            return f"{who} chooses {actions(chosen)}"
        case cmd.KeepExploredCards(cards=kept):
            return f"{who} keeps {cards(kept)} from exploring"
        case cmd.ChooseDevelopment(card=None):
            return f"{who} chooses not to develop"
        case cmd.ChooseDevelopment(card=c):
            return f"{who} chooses to develop {card(c)}"
        case cmd.PayForDevelopment(discards=()):
            return f"{who} pays nothing for the development"
        case cmd.PayForDevelopment(discards=paid):
            return f"{who} pays for the development with {cards(paid)}"
        case cmd.ChooseWorld(card=None):
            return f"{who} chooses not to settle"
        case cmd.ChooseWorld(card=c):
            return f"{who} chooses to settle {card(c)}"
        case cmd.ResolveSettle():
            return _settle(command, who)
        case cmd.SellGood(world=w):
            return f"{who} sells the good on {card(w)}"
        case cmd.UseConsumePower():
            return _consume(command, who)
        case cmd.FinishConsume():
            return f"{who} is done consuming"
        case cmd.UseProducePower(card=None, world=w):
            return f"{who} uses the Produce bonus on {card(w)}"
        case cmd.UseProducePower(card=c, world=w):
            return f"{who} uses {card(c)} to produce on {card(w)}"
        case cmd.FinishProduce():
            return f"{who} is done producing"
        case cmd.DiscardForHandLimit(cards=gone):
            return f"{who} discards {cards(gone)} down to {HAND_LIMIT} cards"
        case _:
            assert_never(command)


def _settle(c: cmd.ResolveSettle, who: str) -> str:
    """`ann pays for the world with Gem World and Spice World`, `ben conquers the world`."""
    if c.colony_ship is not None:
        done = f"settles the world for free, discarding {card(c.colony_ship)}"
    elif c.method == "CONQUER":
        done = word(SETTLE_METHODS, c.method)
    elif c.discards:
        done = f"{word(SETTLE_METHODS, c.method)} with {cards(c.discards)}"
    else:
        done = "settles the world for free"
    if c.temp_military:
        extra = word(TABLEAU_DISCARDS, "TEMP_MILITARY")
        done += f", discarding {cards(c.temp_military)} {extra}"
    return f"{who} {done}"


def _consume(c: cmd.UseConsumePower, who: str) -> str:
    """`ann uses Free Trade Association, consuming the goods on Spice World and Gem World`."""
    parts = [f"{who} uses {card(c.card)}"]
    if c.worlds:
        plural = "goods" if len(c.worlds) > 1 else "good"
        parts.append(f", consuming the {plural} on {cards(c.worlds)}")
    if c.hand:
        parts.append(f", discarding {cards(c.hand)} for VP")
    if c.number is not None:
        parts.append(f", naming {c.number}")
    return "".join(parts)


CARD_FIELDS = frozenset({"cards", "card", "discards", "world"})
"""The fields of commands that name a card by its id."""


def part(kind: str, field: str, value: object, names: Names) -> str | None:
    """One part of a command a seat picks part by part (forms/menus.py), in words: a card by its
    printed name ("Gem World"); None where the short form says it."""
    if field in CARD_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return card(value)
    return None
