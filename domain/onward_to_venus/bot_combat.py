"""The Onward to Venus bot in a fight: what it can muster before it attacks, then, once the dice
are rolled, the cheapest way to the points it needs (dice cards, modifiers, sacrifices, combat
points), or giving up before it lands anything."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product

from .bot_reading import Seen, best, card_value, cheapest, modifier_gain, unit_kind, unit_worth
from .commands import (
    AbandonClaim,
    Command,
    ConcludeCombat,
    LandForCombat,
    PlayCombatCard,
    PlayFreeActionCard,
)
from .components import (
    ASSAULT_CARDS,
    DIE_FACES,
    MODIFIED_CP,
    SACRIFICE_CP,
    SKULL,
    UNIT_CP,
    PlanetName,
    card_points,
)
from .state import Combat

MEAN_SPREAD = 3.3  # three dice SKULL(0), 2..6: the mean of max - min (digest §2.10)


def card_cp(effect: str, planet: PlanetName, crisis: bool) -> int:
    """The combat points a card adds by itself in a fight at `planet`."""
    if effect == "CP1_AND_DRAW":
        return 1
    if effect in ASSAULT_CARDS:
        where, points, crisis_only = ASSAULT_CARDS[effect]
        return points if where == planet and (crisis or not crisis_only) else 0
    return card_points(effect)


def muster(seen: Seen, planet: PlanetName, units: Sequence[str], crisis: bool = False) -> float:
    """The combat points `units` and the seat's hand can bring to a fight at `planet`."""
    hand = [c.effect for c in seen.hand]
    points: float = sum(seen.unit_points(u) for u in units)
    points += sum(card_cp(e, planet, crisis) for e in hand)
    points += max((modifier_gain(e, units) for e in hand), default=0)
    if any(e in ("KAMIKAZE", "EXPLOSIVE_TANK") for e in hand) and units:
        points += SACRIFICE_CP - 1
    if "EXCLUDE_DIE" in hand or "REROLL" in hand:
        points += 1.5  # a die set aside or rolled again narrows the spread
    return points


def fight_cost(
    seen: Seen, base: int, planet: PlanetName, units: Sequence[str], crisis: bool = False
) -> float | None:
    """What a fight for a tile of defence `base` costs on average (cards spent, a skull's
    casualty), or None when the seat is unlikely to muster enough."""
    own = sum(seen.unit_points(u) for u in units)
    if not units or muster(seen, planet, units, crisis) < base + MEAN_SPREAD + 1:
        return None
    cards_needed = max(0.0, base + MEAN_SPREAD - own)
    cheapest_unit = min(unit_worth(u) for u in units)
    return 0.35 * cards_needed + 0.5 * cheapest_unit / 2


def counted(combat: Combat) -> list[int]:
    return [i for i in range(len(combat.faces)) if i != combat.excluded]


def required(combat: Combat, faces: Sequence[int] | None = None, excluded: int | None = -1) -> int:
    faces = combat.faces if faces is None else faces
    out = combat.excluded if excluded == -1 else excluded
    values = [f for i, f in enumerate(faces) if i != out]
    return combat.base + (max(values) - min(values) if values else 0)


def skulls(combat: Combat) -> int:
    return sum(1 for i in counted(combat) if combat.faces[i] == SKULL and i not in combat.ignored)


def committed(seen: Seen, combat: Combat) -> int:
    boosted = {kind: cp for card, (kind, cp) in MODIFIED_CP.items() if card in combat.modifiers}
    units = sum(boosted.get(unit_kind(u), UNIT_CP[unit_kind(u)]) for u in combat.landed)
    return combat.card_points + units


def _reroll_gain(combat: Combat, dice: Sequence[int]) -> float:
    """How much rerolling `dice` lowers the requirement on average."""
    now = required(combat)
    total = 0
    outcomes = list(product(DIE_FACES, repeat=len(dice)))
    for faces in outcomes:
        new = list(combat.faces)
        for index, face in zip(dice, faces, strict=True):
            new[index] = face
        total += required(combat, new)
    return now - total / len(outcomes)


def fight(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command | None:
    combat = seen.view.combat
    if combat is None:
        return None
    if ConcludeCombat() in options:
        return ConcludeCombat()
    tile = seen.tile(combat.planet, combat.tile)
    crisis = tile is not None and tile.kind == "CRISIS"
    gap = required(combat) - committed(seen, combat)
    orbit = seen.ready(combat.planet)
    cards = [c for c in options if isinstance(c, PlayCombatCard)]
    effect = {c: seen.effect(c.card) for c in cards}
    worth = {c: card_cp(effect[c], combat.planet, crisis) for c in cards}
    landed_and_orbit = [*combat.landed, *orbit]
    boosts = {
        c: modifier_gain(effect[c], landed_and_orbit)
        for c in cards
        if effect[c] in MODIFIED_CP and effect[c] not in combat.modifiers
    }
    sacrifices = [c for c in cards if effect[c] in ("EXPLOSIVE_TANK", "KAMIKAZE")]
    reserve = sum(seen.unit_points(u) for u in orbit)
    potential = reserve + sum(p for p in worth.values() if p > 0) + max(boosts.values(), default=0)
    if sacrifices or (orbit and _holds_sacrifice(seen)):
        potential += SACRIFICE_CP

    # dice first: a die set aside or rolled again may save cards, and a skull costs a unit
    if "EXCLUDE_DIE" not in combat.modifiers:
        excludes = [c for c in cards if effect[c] == "EXCLUDE_DIE"]
        scored = []
        for c in excludes:
            index = c.dice[0]
            drop = required(combat) - required(combat, excluded=index)
            skull = combat.faces[index] == SKULL and index not in combat.ignored
            scored.append((drop + (1.5 if skull else 0), c))
        chosen = best(scored, rng)
        if chosen is not None and max(v for v, _ in scored) >= 2 and gap > 0:
            return chosen
    rerolls = [(_reroll_gain(combat, c.dice), c) for c in cards if effect[c] == "REROLL"]
    rerolls = [(gain - 0.2 * len(c.dice), c) for gain, c in rerolls]
    if rerolls and gap > 0 and max(g for g, _ in rerolls) >= 1.0:
        return best(rerolls, rng)
    if gap > potential:
        # beyond reach: give up before landing, so no unit is spent on the surface
        recycle = _recycle(seen, options, rng)
        if recycle is not None:
            return recycle
        return AbandonClaim()

    landings = [c for c in options if isinstance(c, LandForCombat) and len(c.units) == 1]
    if not combat.landed and landings:
        # one unit must land; the strongest saves cards
        return best(((seen.unit_points(c.units[0]), c) for c in landings), rng)
    if skulls(combat) and gap <= reserve + sum(worth.values()):
        ignores = [c for c in cards if effect[c] == "IGNORE_SKULL"]
        if ignores:
            return rng.choice(ignores)
    if boosts and gap > 0:
        top = max(boosts.values())
        if top >= 2 or (top >= 1 and top >= gap):
            return best(((v, c) for c, v in boosts.items()), rng)
    if gap > 0 and landings and reserve >= gap:
        # units in orbit are cheaper than cards: land the strongest first
        return best(((seen.unit_points(c.units[0]), c) for c in landings), rng)
    positive = {c: p for c, p in worth.items() if p > 0}
    if gap > 0 and positive:
        enough = [(p, c) for c, p in positive.items() if p >= gap]
        if enough:
            return cheapest(((p + card_value(effect[c]) / 10, c) for p, c in enough), rng)
        if sacrifices and gap >= SACRIFICE_CP and combat.landed:
            return _sacrifice(seen, sacrifices, rng)
        return best(((p, c) for c, p in positive.items()), rng)
    if gap > 0 and sacrifices:
        return _sacrifice(seen, sacrifices, rng)
    if gap > 0 and landings:
        return best(((seen.unit_points(c.units[0]), c) for c in landings), rng)
    return AbandonClaim()


def _holds_sacrifice(seen: Seen) -> bool:
    return seen.holds("KAMIKAZE") or seen.holds("EXPLOSIVE_TANK")


def _sacrifice(seen: Seen, options: Sequence[PlayCombatCard], rng: random.Random) -> Command:
    """Give up the cheapest unit on the surface for three combat points."""
    return cheapest(((unit_worth(c.unit or "P1.INF.1"), c) for c in options), rng) or options[0]


def _recycle(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command | None:
    """A combat-point card played this turn comes back to the hand (Recycle, B-7)."""
    back = [
        c
        for c in options
        if isinstance(c, PlayFreeActionCard)
        and seen.effect(c.card) == "RECYCLE"
        and c.returned_card is not None
        and _discarded_effect(seen, c.returned_card).startswith("CP_")
    ]
    return best(
        ((card_points(_discarded_effect(seen, c.returned_card or 0)), c) for c in back), rng
    )


def _discarded_effect(seen: Seen, card: int) -> str:
    return next((c.effect for c in seen.view.discard if c.id == card), "")
