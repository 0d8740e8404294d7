"""What the Onward to Venus bot thinks each action and free-action card is worth now, with the
target the card names (digest §2.8.3, §4.8.1). A value is on the same scale as the actions:
taking a pass marker (one card) is worth 1."""

from __future__ import annotations

from .bot_combat import fight_cost
from .bot_reading import (
    Seen,
    card_value,
    owner,
    tile_value,
    unit_kind,
    unit_worth,
)
from .commands import PlayActionCard, PlayFreeActionCard
from .components import BUY_CARDS_PRICE, LOTTERY_MONEY, TRAITOR_MONEY, PlanetName

NEW_CARD = 1.5  # a card drawn blind
MONEY = 0.5  # a pound, in the same units


def action_card_value(seen: Seen, play: PlayActionCard) -> float:
    name = seen.effect(play.card)
    me = seen.me
    own = card_value(name) / 4  # the card itself is spent
    if name == "SPACE_LOTTERY":
        return LOTTERY_MONEY * MONEY + 1.0
    if name == "RICH_VEINS":
        return seen.mines() * MONEY + 0.3
    if name == "TRAITOR":
        return _traitor(seen, play.planet)
    if name == "BUY_CARDS":
        if me.money < BUY_CARDS_PRICE + 4 or me.hand_size > 6:
            return 0.0
        return 3 * NEW_CARD - BUY_CARDS_PRICE * MONEY - 1.0
    if name == "DRAW4_KEEP2":
        return 2 * NEW_CARD + 0.3 if me.hand_size <= 7 else 0.0
    if name == "CARD_SWAP":
        thrown = play.cards or ()
        return NEW_CARD * (len(thrown) + 1) - sum(card_value(seen.effect(c)) for c in thrown) - 0.4
    if name in ("DESTROY_INFANTRY", "DESTROY_UNIT", "DESTROY_CRUISER"):
        return _destroy(seen, play.unit) - own
    if name == "FORCED_DISCARD":
        if play.opponent is None:
            return 0.0
        cards = seen.view.seats[play.opponent].hand_size
        return 0.55 * min(2, cards) * seen.threat(play.opponent)
    if name == "ESPIONAGE":
        if play.opponent is None or not me.hand_size:
            return 0.0
        cards = seen.view.seats[play.opponent].hand_size
        return (0.4 + 0.2 * min(cards, 8)) * seen.threat(play.opponent)
    if name == "BIG_GAME_HUNT":
        return _trophy(seen, play.tile)
    if name == "PLACE_TENSION":
        return _place_tension(seen, play.planet)
    if name == "DISCARD_TENSION":
        return _discard_tension(seen, play.tile)
    return 0.0


def _traitor(seen: Seen, planet: PlanetName | None) -> float:
    """£3 now; the crisis tiles there get harder to take, which must not stop a rescue."""
    if planet is None:
        return 0.0
    p = seen.planet(planet)
    if any(seen.rescue_value(planet, t) > 0.2 for t in p.tiles if t.kind == "CRISIS"):
        return 0.0
    mine = 0.8 if seen.ready(planet) else 0.0  # we might want those tiles ourselves
    return TRAITOR_MONEY * MONEY + 0.9 - mine


def _destroy(seen: Seen, unit: str | None) -> float:
    if unit is None or owner(unit) == seen.seat:
        return 0.0
    where = next((p for p in seen.view.planets if unit in p.orbit or unit in p.surface), None)
    if where is None:
        return 0.0
    ready = unit in where.orbit  # it could still move, land or fight this period
    value = unit_worth(unit) * 0.3 + (0.6 if ready else 0.0)
    mine = [b for b in where.buildings if owner(b) == seen.seat]
    if mine and ready:
        value += 0.8  # it threatens our buildings through a tension tile
    if unit_kind(unit) == "CRU" and ready:
        value += 0.4  # without cruisers nothing of theirs travels
    return value * seen.threat(owner(unit))


def _trophy(seen: Seen, tile: int | None) -> float:
    if tile is None:
        return 0.0
    for p in seen.view.planets:
        for t in p.tiles:
            if t.id == tile:
                return tile_value(seen, p.name, t)
    return 0.0


def _place_tension(seen: Seen, planet: PlanetName | None) -> float:
    if planet is None:
        return 0.0
    units = seen.ready(planet)
    targets = seen.tension_targets(planet)
    if not targets or not units:
        return 0.0
    values = []
    for target in targets:
        cost = fight_cost(seen, seen.tension_defence(planet, target), planet, units)
        if cost is not None:
            values.append(seen.building_value(planet, _kind(target), owner(target)) - cost)
    # it only lays the tile: the attack takes a later action
    return 0.45 * max(values, default=0.0)


def _kind(building: str) -> str:
    return "FACTORY" if unit_kind(building) == "FAC" else "MINE"


def _discard_tension(seen: Seen, tile: int | None) -> float:
    for p in seen.view.planets:
        if any(t.id == tile for t in p.tiles):
            mine = [b for b in p.buildings if owner(b) == seen.seat]
            rivals = {owner(u) for u in p.orbit if owner(u) != seen.seat}
            if mine and rivals:
                return 0.5 * max(seen.building_value(p.name, _kind(b)) for b in mine)
            return 0.0
    return 0.0


def free_card_value(seen: Seen, play: PlayFreeActionCard, raise_value: float) -> float:
    """The worth of a free-action card now (the Extra Action is weighed by the caller)."""
    name = seen.effect(play.card)
    if name == "RAISE_UNIT":
        return raise_value - 0.8
    if name in ("RETURN_TANK", "RETURN_INFANTRY"):
        where = next((p for p in seen.view.planets if play.unit in p.surface), None)
        if where is None or (not where.tiles and where.alien is None):
            return 0.0
        return 1.2
    if name == "RECYCLE":
        back = next((c for c in seen.view.discard if c.id == play.returned_card), None)
        return 0.0 if back is None else card_value(back.effect) - 1.5
    if name == "TAKE_PASS_MARKER":
        return 1.0 if seen.view.pass_markers >= 3 and seen.me.hand_size <= 7 else 0.0
    return 0.0
