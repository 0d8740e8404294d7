"""The Onward to Venus bot's answers to owed decisions: hand limit, kept cards, espionage,
casualties and crisis losses, reactions, Bazagthoth's orders (digest §4.5.7, §4.8, §4.9)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bot_reading import Seen, best, card_value, cheapest, owner, unit_kind, unit_worth
from .commands import (
    AssignCasualties,
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    Command,
    DeclineReaction,
    DiscardToHandLimit,
    EspionageChoice,
    PlayReaction,
)
from .components import INCOME, PlanetName


def answer(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command | None:
    head = seen.view.pending[0]
    if head.kind == "DISCARD_TO_LIMIT":
        discards = [c for c in options if isinstance(c, DiscardToHandLimit)]
        return cheapest(((_cards_value(seen, c.cards), c) for c in discards), rng)
    if head.kind == "CHOOSE_KEEP":
        keeps = [c for c in options if isinstance(c, ChooseKeep)]
        return best(((_cards_value(seen, c.cards), c) for c in keeps), rng)
    if head.kind == "ESPIONAGE":
        return _espionage(seen, options, rng)
    if head.kind == "CASUALTIES":
        losses = [c for c in options if isinstance(c, AssignCasualties)]
        return cheapest(((_pieces_cost(seen, c.units), c) for c in losses), rng)
    if head.kind == "CRISIS_LOSSES":
        crisis = [c for c in options if isinstance(c, ChooseCrisisLosses)]
        return cheapest(((_pieces_cost(seen, c.pieces), c) for c in crisis), rng)
    if head.kind in ("CANCEL_DESTRUCTION", "SAVE_DESTROYED"):
        saves = [c for c in options if isinstance(c, PlayReaction)]
        # a reaction card is kept for nothing else; the dearest unit is saved
        return best(((unit_worth(c.unit or head.units[0]), c) for c in saves), rng) or (
            DeclineReaction()
        )
    if head.kind == "BAZAGTHOTH":
        return _bazagthoth(seen, options, rng)
    return None


def last_pass(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command:
    """An extra action after the last pass marker is always worth its card."""
    plays = [c for c in options if isinstance(c, PlayReaction)]
    return rng.choice(plays) if plays else DeclineReaction()


def _cards_value(seen: Seen, cards: Sequence[int]) -> float:
    return sum(card_value(seen.effect(c)) for c in cards)


def _pieces_cost(seen: Seen, pieces: Sequence[str]) -> float:
    """Units by price (those already landed this period a little less); buildings by what
    their planet and income are worth, far dearer than any unit."""
    cost = 0.0
    for piece in pieces:
        kind = unit_kind(piece)
        if kind in ("FAC", "MINE"):
            planet = _building_planet(seen, piece)
            building = "FACTORY" if kind == "FAC" else "MINE"
            cost += 10 + INCOME[building] + (_planet_share(seen, planet, building) if planet else 0)
        else:
            landed = any(piece in p.surface for p in seen.view.planets)
            cost += unit_worth(piece) - (0.5 if landed else 0.0)
    return cost


def _building_planet(seen: Seen, piece: str) -> PlanetName | None:
    return next((p.name for p in seen.view.planets if piece in p.buildings), None)


def _planet_share(seen: Seen, planet: PlanetName, kind: str) -> float:
    me = seen.seat
    return float(seen.planet_vp(planet, me, {}) - seen.planet_vp(planet, me, {me: -INCOME[kind]}))


def _espionage(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command:
    """Take the best card seen in the target's hand for the worst of the seat's own."""
    scored: list[tuple[float, Command]] = [(0.0, EspionageChoice(None, None))]
    for c in options:
        if isinstance(c, EspionageChoice) and c.take is not None:
            gain = card_value(seen.effect(c.take))
            loss = card_value(seen.effect(c.give)) if c.give is not None else 0.0
            scored.append((gain - loss, c))
    return best(scored, rng) or EspionageChoice(None, None)


def _bazagthoth(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command:
    """Bazagthoth for hire (§4.9.3): hurt whoever leads, where it hurts most."""
    scored: list[tuple[float, Command]] = [(0.6, BazagthothOrder("DECLINE"))]
    for c in options:
        if not isinstance(c, BazagthothOrder) or c.choice == "DECLINE":
            continue
        if c.choice == "STEAL" and c.opponent is not None and c.opponent != seen.seat:
            cards = seen.view.seats[c.opponent].hand_size
            if cards:
                scored.append((1.2 + 0.05 * cards, c))
        elif c.choice == "DESTROY_UNIT" and c.unit is not None and owner(c.unit) != seen.seat:
            scored.append((0.4 * unit_worth(c.unit) * seen.threat(owner(c.unit)), c))
        elif c.choice == "DESTROY_BUILDING" and c.building is not None:
            victim = owner(c.building)
            planet = _building_planet(seen, c.building)
            if victim == seen.seat or planet is None:
                continue
            kind = "FACTORY" if unit_kind(c.building) == "FAC" else "MINE"
            lost = seen.planet_vp(planet, victim, {}) - seen.planet_vp(
                planet, victim, {victim: -INCOME[kind]}
            )
            won = seen.planet_vp(planet, seen.seat, {victim: -INCOME[kind]}) - seen.planet_vp(
                planet, seen.seat, {}
            )
            scored.append(((1.0 + 0.5 * lost) * seen.threat(victim) + won, c))
    return best(scored, rng) or BazagthothOrder("DECLINE")
