"""What Kosmonauts asks of chance, in words (domain/chance.py): the labels that name one outcome
as the table sees it in listings and errors, with card ids and body names from components."""

from __future__ import annotations

from typing import Any

from domain.game import seat_ref
from domain.kosmonauts.components import EVENT_CARDS, MISSIONS, MissionFamily

FAMILY_WORDS: dict[MissionFamily, str] = {
    "I": "Mission I",
    "II_ALPHA": "Mission II Alpha",
    "II_BETA": "Mission II Beta",
}
"""The decks of the basic game (§3.1 step 7); the advanced game shuffles Alpha and Beta into one
Mission II deck (§3.2 step 3)."""


def _words(name: str) -> str:
    return name.replace("_", " ").title()


def body_label(body: Any) -> str:
    """MERCURY -> Mercury."""
    return _words(str(body))


def seat_label(seat: Any) -> str:
    """A seat, printed by the platform as its player's name."""
    return seat_ref(int(seat))


def event_card_label(card: Any) -> str:
    """EV06 -> EV06 Solar Wind NE 1; EV13 -> EV13 Refuelling."""
    kind, direction, strength = EVENT_CARDS[card]
    wind = f" {direction} {strength}" if direction is not None else ""
    return f"{card} {_words(kind)}{wind}"


def mission_label(card: Any) -> str:
    """M1-MARS -> M1-MARS (Mission I, Mars)."""
    family, body = MISSIONS[card]
    return f"{card} ({FAMILY_WORDS[family]}, {body_label(body)})"
