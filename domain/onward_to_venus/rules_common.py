"""Shared queries and the event emitter every rule module writes through."""

from __future__ import annotations

from collections.abc import Iterable

from domain import game
from domain.game import Chance, IllegalMove, Seat, seat_ref

from .components import (
    CARD_EFFECT,
    DIE_FACES,
    HAND_LIMIT,
    INCOME,
    PLANETS,
    TILES,
    PlanetName,
    card_name,
    face_name,
)
from .events import (
    CardsDrawn,
    CardsDrawnDetail,
    DecisionRequired,
    DeckReshuffled,
    Event,
    UnitDestroyed,
)
from .rules_evolve import evolve
from .state import Building, Decision, Planet, State, Unit, find_unit, planet_index


class Emitter(game.Emitter[State, Event]):
    """`domain.game.Emitter` for Onward to Venus: the events of one decision, folded as they are
    emitted; every chance outcome the decision needs is asked of `chance` (domain/chance.py)."""

    def __init__(self, state: State, chance: Chance) -> None:
        super().__init__(evolve, state, chance)

    def require(self, decisions: Iterable[Decision], front: bool = True) -> None:
        """Queue decisions in order, before everything already owed (front) or after it."""
        base = 0 if front else len(self.state.pending)
        for offset, decision in enumerate(decisions):
            self.emit(DecisionRequired(decision, base + offset))

    def roll(self, what: str, dice: int = 3) -> tuple[int, ...]:
        """`dice` dice rolled, each one chance outcome; `what` says what the die is for."""
        return tuple(self.chance.roll(DIE_FACES, what, label=face_name) for _ in range(dice))


def effect(card: int) -> str:
    return CARD_EFFECT[card]


def planet(state: State, name: PlanetName) -> Planet:
    return state.planets[planet_index(name)]


def seats_from(state: State, first: int) -> list[int]:
    return [(first + i) % state.n for i in range(state.n)]


def units_of(state: State, seat: Seat) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner == seat)


def orbit_units(state: State, seat: Seat, where: PlanetName) -> list[Unit]:
    return [u for u in state.units if u.owner == seat and u.planet == where and not u.surface]


def units_at(state: State, seat: Seat, where: PlanetName) -> list[Unit]:
    return [u for u in state.units if u.owner == seat and u.planet == where]


def buildings_at(state: State, seat: Seat, where: PlanetName) -> list[Building]:
    return [b for b in state.buildings if b.owner == seat and b.planet == where]


def supply_unit(state: State, seat: Seat, kind: str, skip: int = 0) -> str | None:
    free = [u.id for u in state.units if u.owner == seat and u.kind == kind and u.planet is None]
    return free[skip] if len(free) > skip else None


def supply_building(state: State, seat: Seat, kind: str) -> str | None:
    for b in state.buildings:
        if b.owner == seat and b.kind == kind and b.planet is None:
            return b.id
    return None


def income_at(state: State, seat: Seat, where: PlanetName) -> int:
    return sum(INCOME[b.kind] for b in buildings_at(state, seat, where))


def planet_incomes(state: State) -> dict[str, list[int]]:
    """Every seat's income on every planet (§4.1 derived), in one pass over the buildings."""
    out: dict[str, list[int]] = {name: [0] * state.n for name in PLANETS}
    for b in state.buildings:
        if b.planet is not None:
            out[b.planet][b.owner] += INCOME[b.kind]
    return out


def has_factory_at(state: State, seat: Seat, where: PlanetName) -> bool:
    return any(b.kind == "FACTORY" for b in buildings_at(state, seat, where))


def crisis_tiles(state: State, where: PlanetName) -> list[int]:
    return sorted(t for t in planet(state, where).tiles if TILES[t].kind == "CRISIS")


def highest_income_seats(state: State, where: PlanetName) -> list[int]:
    """B-24: a player with no income on the planet is never the highest."""
    incomes = [income_at(state, s, where) for s in range(state.n)]
    top = max(incomes)
    return [] if top == 0 else [s for s in range(state.n) if incomes[s] == top]


def unit_on_board(state: State, uid: str | None) -> Unit | None:
    if uid is None:
        return None
    unit = find_unit(state, uid)
    return unit if unit is not None and unit.planet is not None else None


def require_in_hand(state: State, seat: Seat, card: int) -> str:
    if card not in state.hands[seat]:
        raise IllegalMove("CARD_NOT_IN_HAND", f"card C{card} is not in your hand")
    return effect(card)


def draw(em: Emitter, seat: Seat, count: int, reason: str, held: bool = False) -> list[int]:
    """Draw from the unordered deck, reshuffling the discard pile when it runs out (§4.5.7).

    The deck is the multiset of its cards (no order anybody has seen): each card is drawn from
    what is left at the moment it is drawn, and the seat's private event names it."""
    drawn: list[int] = []
    batch: list[int] = []
    deck = list(em.state.deck)
    while len(drawn) < count:
        if not deck:
            if batch:
                em.emit(CardsDrawnDetail(seat, tuple(batch), held))
                batch = []
            if not em.state.discard:
                break  # B-11: nothing left to draw
            em.emit(DeckReshuffled(len(em.state.discard)))
            deck = list(em.state.deck)
        card = em.chance.draw(deck, f"the card {seat_ref(seat)} draws", label=card_name)
        deck.remove(card)
        batch.append(card)
        drawn.append(card)
    if batch:
        em.emit(CardsDrawnDetail(seat, tuple(batch), held))
    em.emit(CardsDrawn(seat, len(drawn), reason))
    return drawn


def check_hand_limit(em: Emitter, seat: Seat) -> None:
    """§4.5.7: over the limit, the discard is owed before any other card may be played."""
    excess = len(em.state.hands[seat]) - HAND_LIMIT
    already = any(d.kind == "DISCARD_TO_LIMIT" and d.seat == seat for d in em.state.pending)
    if excess > 0 and not already:
        em.require([Decision("DISCARD_TO_LIMIT", seat, count=excess)])


def destroy_units(em: Emitter, unit_ids: Iterable[str], cause: str) -> None:
    """§4.8.3: destroyed units go to supply, then each owner may save them with a reaction.

    The window opens for every owner, whatever their hand, so it reveals nothing.
    """
    destroyed: dict[int, list[str]] = {}
    for uid in unit_ids:
        unit = find_unit(em.state, uid)
        if unit is None or unit.planet is None:
            continue
        em.emit(UnitDestroyed(uid, unit.owner, unit.planet, cause))
        destroyed.setdefault(unit.owner, []).append(uid)
    order = [s for s in seats_from(em.state, em.state.start_player or 0) if s in destroyed]
    em.require(
        Decision("SAVE_DESTROYED", s, units=tuple(destroyed[s]), reason=cause) for s in order
    )


def threaten_unit(em: Emitter, uid: str, by: int, cause: str) -> None:
    """Another player's destroy effect first asks the owner about Ignore a Skull (§4.8.3)."""
    unit = find_unit(em.state, uid)
    assert unit is not None
    if unit.owner == by:
        destroy_units(em, [uid], cause)
    else:
        em.require([Decision("CANCEL_DESTRUCTION", unit.owner, units=(uid,), reason=cause, by=by)])
