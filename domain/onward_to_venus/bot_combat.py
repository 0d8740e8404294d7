"""The Onward to Venus bot in a fight: land units, top up with card points, or give up early."""

from __future__ import annotations

from collections.abc import Sequence

from .bot_reading import Seen, ready_units
from .commands import AbandonClaim, Command, ConcludeCombat, LandForCombat, PlayCombatCard
from .components import ASSAULT_CARDS, MODIFIED_CP, UNIT_CP, card_points
from .state import Combat


def _card_points(effect: str, planet: str, crisis: bool) -> int:
    if effect == "CP1_AND_DRAW":
        return 1
    if effect in ASSAULT_CARDS:
        where, points, crisis_only = ASSAULT_CARDS[effect]
        return points if where == planet and (crisis or not crisis_only) else 0
    return card_points(effect)


def hand_points(seen: Seen, planet: str, crisis: bool = False) -> int:
    """Combat points the seat's hand can add to a fight at `planet`."""
    return sum(_card_points(c.effect, planet, crisis) for c in seen.me.hand or ())


def _required(combat: Combat) -> int:
    faces = [f for i, f in enumerate(combat.faces) if i != combat.excluded]
    return combat.base + (max(faces) - min(faces) if faces else 0)


def _committed(seen: Seen, combat: Combat) -> int:
    boosted = {kind: cp for card, (kind, cp) in MODIFIED_CP.items() if card in combat.modifiers}
    units = sum(boosted.get(u.split(".")[1], UNIT_CP[u.split(".")[1]]) for u in combat.landed)
    return combat.card_points + units


def fight(seen: Seen, options: Sequence[Command]) -> Command | None:
    combat = seen.view.combat
    if combat is None:
        return None
    if ConcludeCombat() in options:
        return ConcludeCombat()
    tile = seen.tile(combat.planet, combat.tile)
    crisis = tile is not None and tile.kind == "CRISIS"
    gap = _required(combat) - _committed(seen, combat)
    orbit = ready_units(seen, combat.planet)
    reserve = sum(UNIT_CP[u.split(".")[1]] for u in orbit)
    cards = [c for c in options if isinstance(c, PlayCombatCard)]
    worth = {
        c: _card_points(seen.effect(c.card), combat.planet, crisis)
        for c in cards
        if _card_points(seen.effect(c.card), combat.planet, crisis) > 0
    }
    if reserve + sum(worth.values()) < gap or (not combat.landed and not orbit):
        return AbandonClaim()
    landings = [c for c in options if isinstance(c, LandForCombat) and len(c.units) == 1]
    if not combat.landed and landings:
        # one unit must land; the strongest saves cards
        return max(landings, key=lambda c: UNIT_CP[c.units[0].split(".")[1]])
    if worth:
        enough = [c for c, p in worth.items() if p >= gap]
        if enough:
            return min(enough, key=lambda c: worth[c])
        return max(worth, key=lambda c: worth[c])
    if landings:
        return max(landings, key=lambda c: UNIT_CP[c.units[0].split(".")[1]])
    return AbandonClaim()
