"""Phase 4, the crises (§4.9): dice, levels, every planet's disaster, the alien invasion."""

from __future__ import annotations

from collections.abc import Callable

from domain.game import Seat

from .components import (
    ALIEN_LANDING,
    ALIEN_PATH,
    ALIEN_TILE_IDS,
    BAZAGTHOTH_PRICE,
    PLANETS,
    SKULL,
    TILES,
    PlanetName,
)
from .events import (
    AliensAdvanced,
    AliensArrived,
    BazagthothControlDetermined,
    CrisisDiceRolled,
    CrisisDiePlaced,
    CrisisLevelDetermined,
    CrisisPhaseStarted,
    CrisisResolved,
    DamageRolled,
    MoneyChanged,
    PieceRemoved,
    PiratesPaid,
    PlanetFlipped,
    TileDiscarded,
    TraitorDiscarded,
    UnitRemoved,
)
from .rules_common import (
    Emitter,
    buildings_at,
    crisis_tiles,
    destroy_units,
    highest_income_seats,
    planet,
    seats_from,
    units_at,
)
from .rules_flow import everyone_loses, pay_income_and_return
from .state import Decision, find_building, find_unit

DESTROYING_REASONS = frozenset({"MOON_ROCKETS", "MARS_ATTACKS"})


def start_crises(em: Emitter) -> None:
    """§4.9.1-§4.9.2: skull dice go round the marked crisis tiles, Mercury first."""
    em.emit(CrisisPhaseStarted(em.state.period))
    marked = [
        (name, t) for name in PLANETS for t in crisis_tiles(em.state, name) if TILES[t].marked
    ]
    dice = dict.fromkeys(PLANETS, 0)
    if marked:
        faces = em.roll(f"a crisis die of period {em.state.period}")
        em.emit(CrisisDiceRolled(faces))
        for i in range(sum(1 for f in faces if f == SKULL)):
            name, tile = marked[i % len(marked)]
            em.emit(CrisisDiePlaced(name, tile))
            dice[name] += 1
    for name in PLANETS:
        tiles = len(crisis_tiles(em.state, name))
        if tiles:
            em.emit(CrisisLevelDetermined(name, tiles, dice[name], tiles + dice[name]))


def continue_crises(em: Emitter) -> None:
    """Resolve the next planet with a crisis, or close the phase once all are done."""
    levels = em.state.crisis_levels
    for index in range(em.state.crisis_cursor, len(PLANETS)):
        if levels[index] > 0:
            _resolve(em, PLANETS[index], levels[index])
            return
    _finish(em)


def _resolve(em: Emitter, name: PlanetName, level: int) -> None:
    resolver = _RESOLVERS.get(name)
    outcome = resolver(em, level) if resolver else "NOTHING"
    if em.state.final is None:
        em.emit(CrisisResolved(name, level, outcome))


def _start(em: Emitter) -> list[int]:
    return seats_from(em.state, em.state.start_player or 0)


def lose_pieces(
    em: Emitter,
    seat: Seat,
    where: PlanetName,
    units: int,
    buildings: int,
    pool: tuple[PlanetName, ...],
    reason: str,
) -> None:
    """Ask for a crisis loss, or take it at once when there is no choice to make."""
    own_units = units_at(em.state, seat, where)
    own_buildings = [b for b in em.state.buildings if b.owner == seat and b.planet in pool]
    units, buildings = min(units, len(own_units)), min(buildings, len(own_buildings))
    if units == 0 and buildings == 0:
        return
    if units in (0, len(own_units)) and buildings in (0, len(own_buildings)):
        lost_units = [u.id for u in own_units] if units else []
        apply_losses(em, lost_units, [b.id for b in own_buildings] if buildings else [], reason)
        return
    decision = Decision(
        "CRISIS_LOSSES",
        seat,
        count=units,
        buildings=buildings,
        planet=where,
        pool=pool,
        reason=reason,
    )
    em.require([decision], front=False)


def apply_losses(em: Emitter, unit_ids: list[str], building_ids: list[str], reason: str) -> None:
    """§4.8.3: rockets and war machines destroy; revolts, pirates and robots take back."""
    if reason in DESTROYING_REASONS:
        destroy_units(em, unit_ids, reason)
    else:
        for uid in unit_ids:
            unit = find_unit(em.state, uid)
            assert unit is not None and unit.planet is not None
            em.emit(UnitRemoved(uid, unit.owner, unit.planet, reason))
    for bid in building_ids:
        building = find_building(em.state, bid)
        assert building is not None and building.planet is not None
        em.emit(PieceRemoved(bid, building.owner, building.planet, reason))


def _bazagthoth(em: Emitter, level: int) -> str:
    """§4.9.3, B-13: the strictly highest income on Mercury may buy the current level's deed."""
    top = highest_income_seats(em.state, "MERCURY")
    controller = top[0] if len(top) == 1 else None
    deed = min(level, 3)
    em.emit(BazagthothControlDetermined(controller))
    if controller is None:
        return "NO_CONTROLLER"
    if em.state.money[controller] < BAZAGTHOTH_PRICE[deed]:
        return "CONTROLLER_CANNOT_PAY"
    em.require([Decision("BAZAGTHOTH", controller, level=deed, planet="MERCURY")], front=False)
    return "BAZAGTHOTH_FOR_HIRE"


def _venusian_revolt(em: Emitter, level: int) -> str:
    if level >= 4:
        _clear_planet(em, "VENUS", "VENUS_INDEPENDENCE", destroy=False)
        em.emit(PlanetFlipped("VENUS", "INDEPENDENCE"))
        return "INDEPENDENCE"
    if level < 2:
        return "NOTHING"
    for seat in _start(em):
        units = min(2, len(units_at(em.state, seat, "VENUS")))
        lose_pieces(em, seat, "VENUS", units, 2 - units, ("VENUS",), "VENUS_REVOLT")
    return "REVOLT"


def _robot_uprising(em: Emitter, level: int) -> str:
    if level >= 4:
        everyone_loses(em, "ROBOT_DOMINATION")
        return "ROBOT_DOMINATION"
    if level < 2:
        return "NOTHING"
    top = highest_income_seats(em.state, "EARTH")
    for seat in _start(em):
        if seat in top:
            lose_pieces(em, seat, "EARTH", 0, level - 1, ("EARTH",), "ROBOT_UPRISING")
    return "UPRISING"


def _moon_men(em: Emitter, level: int) -> str:
    if level < 4:
        return "NOTHING"
    _rockets(em, "MOON", "MOON_ROCKETS")
    return "ROCKETS"


def _mars_attacks(em: Emitter, level: int) -> str:
    if level >= 4:
        _rockets(em, "MARS", "MARS_ATTACKS")
        return "MARS_ATTACKS"
    if level < 2:
        return "NOTHING"
    top = highest_income_seats(em.state, "MARS")
    for seat in _start(em):
        if seat in top:
            lose_pieces(em, seat, "MARS", 0, 1, ("MARS",), "MARS_RAID")
    return "RAID"


def _space_pirates(em: Emitter, level: int) -> str:
    """§4.9.9, B-18: pay what you can; each unpaid £1 costs one counted piece."""
    if level < 2:
        return "NOTHING"
    pool: tuple[PlanetName, ...] = ("TITAN",) if level == 2 else ("TITAN", "GANYMEDE", "KUIPER")
    for seat in _start(em):
        due = sum(1 for b in em.state.buildings if b.owner == seat and b.planet in pool)
        if not due:
            continue
        paid = min(due, em.state.money[seat])
        em.emit(PiratesPaid(seat, due, paid))
        if paid:
            em.emit(MoneyChanged(seat, -paid, em.state.money[seat] - paid, "SPACE_PIRATES"))
        if due > paid:
            lose_pieces(em, seat, "TITAN", 0, due - paid, pool, "SPACE_PIRATES")
    return "PIRATES"


def _ufo_invasion(em: Emitter, level: int) -> str:
    """§4.9.10 Resolution: the invasion happens once per game."""
    if level < 3 or em.state.aliens_invaded:
        return "NOTHING"
    em.emit(AliensArrived(ALIEN_LANDING, ALIEN_TILE_IDS))
    for name in ALIEN_LANDING:
        _clear_planet(em, name, "ALIEN_ARRIVAL", destroy=False, keep_tiles=True)
    return "INVASION"


_RESOLVERS: dict[str, Callable[[Emitter, int], str]] = {
    "MERCURY": _bazagthoth,
    "VENUS": _venusian_revolt,
    "EARTH": _robot_uprising,
    "MOON": _moon_men,
    "MARS": _mars_attacks,
    "TITAN": _space_pirates,
    "KUIPER": _ufo_invasion,
}


def _clear_planet(
    em: Emitter, name: PlanetName, reason: str, destroy: bool, keep_tiles: bool = False
) -> None:
    units = [u.id for s in range(em.state.n) for u in units_at(em.state, s, name)]
    if destroy:
        destroy_units(em, units, reason)
    else:
        for uid in units:
            owner = find_unit(em.state, uid)
            assert owner is not None
            em.emit(UnitRemoved(uid, owner.owner, name, reason))
    for seat in range(em.state.n):
        for b in buildings_at(em.state, seat, name):
            em.emit(PieceRemoved(b.id, seat, name, reason))
    if keep_tiles:
        return
    p = planet(em.state, name)
    for tile in p.tiles:
        em.emit(TileDiscarded(tile, name, reason))
    for card in p.traitors:
        em.emit(TraitorDiscarded(card, name))


def _rockets(em: Emitter, name: PlanetName, reason: str) -> None:
    """§4.9.6/§4.9.7, B-15: annihilate the planet, then hits are taken from Earth in turn."""
    _clear_planet(em, name, reason, destroy=True)
    faces = em.roll(f"a damage die of the {name.title()} rockets")
    hits = sum(faces)
    em.emit(DamageRolled(name, faces, hits))
    order = _start(em)
    stock = {
        s: len(units_at(em.state, s, "EARTH")) + len(buildings_at(em.state, s, "EARTH"))
        for s in order
    }
    owed = dict.fromkeys(order, 0)
    remaining = hits
    while remaining > 0 and any(stock[s] > owed[s] for s in order):
        for seat in order:
            if remaining > 0 and stock[seat] > owed[seat]:
                owed[seat] += 1
                remaining -= 1
    for seat in order:
        if owed[seat]:
            units = min(owed[seat], len(units_at(em.state, seat, "EARTH")))
            lose_pieces(em, seat, "EARTH", units, owed[seat] - units, ("EARTH",), reason)
    em.emit(PlanetFlipped(name, reason))


def _finish(em: Emitter) -> None:
    """B-16: surviving aliens advance at the very end of every later crisis phase."""
    state = em.state
    on_board = [name for name in ALIEN_PATH if planet(state, name).alien is not None]
    if state.aliens_invaded and state.aliens_arrived_period < state.period and on_board:
        destinations = ALIEN_PATH[state.alien_front + 1 : state.alien_front + 1 + len(on_board)]
        tiles = tuple(planet(state, name).alien or 0 for name in on_board)[: len(destinations)]
        em.emit(AliensAdvanced(tuple(on_board), destinations, tiles))
        if "EARTH" in destinations:
            everyone_loses(em, "ALIENS_REACHED_EARTH")
            return
        for name in destinations:
            _clear_planet(em, name, "ALIEN_ARRIVAL", destroy=False, keep_tiles=True)
    pay_income_and_return(em)
