"""What the Onward to Venus bot reads off its seat's view: pieces, cards, tile values, planet
standings, the dangers that would end the game for everyone, and a tie-break by chance."""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import comb
from typing import TypeVar

from domain.game import Seat

from .components import (
    ALIEN_PATH,
    INCOME,
    MODIFIED_CP,
    PLANETS,
    UNIT_COST,
    UNIT_CP,
    UNIT_DEFENCE,
    VP_HEXES,
    PlanetName,
    card_points,
)
from .view import CardView, OnwardView, PlanetView, SeatView, TileView

T = TypeVar("T")

# Rough worth of each tile kind in points and money; mines and factories also win planets.
TILE_WORTH = {
    "MINE": 6.0,
    "FACTORY": 4.5,
    "TENSION": 5.0,
    "ALIEN": 6.0,
    "TROPHY": 4.0,
    "CRISIS": 4.0,
    "FORTUNE": 3.0,
    "CARDS": 2.5,
}
# What a card in hand is worth to keep (CP cards: their points)
CARD_WORTH = {
    "EXTRA_ACTION": 4.0,
    "MOVE_PLUS_2": 3.0,
    "MOVE_PLUS_1": 2.0,
    "SPACE_LOTTERY": 3.0,
    "BIG_GAME_HUNT": 3.5,
    "EXPLOSIVE_TANK": 3.0,
    "KAMIKAZE": 3.0,
    "EARTH_CRISIS": 2.5,
    "MOON_ASSAULT": 2.5,
    "IGNORE_SKULL": 2.5,
    "EXCLUDE_DIE": 2.5,
    "REROLL": 2.0,
    "TRAITOR": 2.5,
    "ELITE_INFANTRY": 2.5,
    "MODERN_CRUISERS": 2.0,
    "BIGGER_TANKS": 2.0,
}
DOOM = 25.0  # what the bot stands to lose when the game ends with everyone losing
SKULL_ODDS = tuple(comb(3, k) * (1 / 6) ** k * (5 / 6) ** (3 - k) for k in range(4))
BUILDING_KIND = {"FAC": "FACTORY", "MINE": "MINE"}
EPSILON = 1e-6


def best(scored: Iterable[tuple[float, T]], rng: random.Random) -> T | None:
    """The option of the highest value; equally good options are drawn at random."""
    items = list(scored)
    if not items:
        return None
    top = max(value for value, _ in items)
    return rng.choice([option for value, option in items if value >= top - EPSILON])


def cheapest(scored: Iterable[tuple[float, T]], rng: random.Random) -> T | None:
    return best(((-value, option) for value, option in scored), rng)


def unit_kind(piece: str) -> str:
    """`P1.INF.3` -> `INF` (buildings read `FAC` or `MINE`)."""
    return piece.split(".")[1]


def owner(piece: str) -> Seat:
    return int(piece.split(".")[0][1:]) - 1


def card_value(effect: str) -> float:
    if effect.startswith("CP_"):
        return float(card_points(effect))
    return CARD_WORTH.get(effect, 1.0)


class Seen:
    """The seat's view with the look-ups the bot needs; it holds nothing else."""

    def __init__(self, view: OnwardView, seat: Seat) -> None:
        self.view = view
        self.seat = seat
        self.me: SeatView = view.seats[seat]
        self.hand: tuple[CardView, ...] = self.me.hand or ()
        self.cards: dict[int, CardView] = {
            c.id: c for c in (*self.hand, *(self.me.held or ()), *(view.spied_hand or ()))
        }
        self.planets: dict[str, PlanetView] = {p.name: p for p in view.planets}
        self._ready = {p.name: [u for u in p.orbit if owner(u) == seat] for p in view.planets}
        self._all_ready = [u for p in view.planets for u in self._ready[p.name]]
        self._doom: dict[tuple[int | None, int], float] = {}

    # --- cards -------------------------------------------------------------------------------

    def effect(self, card: int) -> str:
        return self.cards[card].effect if card in self.cards else ""

    def holds(self, effect: str) -> bool:
        return any(c.effect == effect for c in self.hand)

    # --- pieces ------------------------------------------------------------------------------

    def planet(self, name: PlanetName) -> PlanetView:
        return self.planets[name]

    def tile(self, planet: PlanetName, tile: int) -> TileView | None:
        p = self.planet(planet)
        found = next((t for t in p.tiles if t.id == tile), None)
        if found is None and p.alien == tile:
            return TileView(tile, "ALIEN", 7, False)
        return found

    def unit_points(self, unit: str) -> int:
        return UNIT_CP.get(unit_kind(unit), 0)

    def ready(self, planet: PlanetName) -> list[str]:
        """The seat's units in orbit at `planet`: those may still move, land or fight."""
        return self._ready[planet]

    def defence_of(self, planet: PlanetName, seat: Seat) -> int:
        p = self.planet(planet)
        return sum(UNIT_DEFENCE[unit_kind(u)] for u in (*p.orbit, *p.surface) if owner(u) == seat)

    def tension_defence(self, planet: PlanetName, target: str | None) -> int:
        return 0 if target is None else self.defence_of(planet, owner(target))

    def tension_targets(self, planet: PlanetName) -> list[str]:
        """Opponents' buildings at `planet` the seat could take over with a piece in supply."""
        return [
            b
            for b in self.planet(planet).buildings
            if owner(b) != self.seat and self.me.supply.get(BUILDING_KIND[unit_kind(b)], 0) > 0
        ]

    def mines(self) -> int:
        return sum(
            1
            for p in self.view.planets
            for b in p.buildings
            if owner(b) == self.seat and unit_kind(b) == "MINE"
        )

    def units_ready(self) -> list[str]:
        return self._all_ready

    # --- standing ----------------------------------------------------------------------------

    def threat(self, seat: Seat) -> float:
        """How much an opponent's loss helps the seat: most for the leader."""
        scores = self.view.scores
        return 1.0 + max(0, scores[seat] - scores[self.seat]) / 10

    def planet_vp(self, planet: PlanetName, seat: Seat, change: dict[Seat, int]) -> int:
        """`seat`'s VP from `planet` if incomes there changed by `change` (§6.2, dense ranks)."""
        p = self.planet(planet)
        if p.flipped:
            return 0
        incomes = [i + change.get(s, 0) for s, i in enumerate(p.incomes)]
        if incomes[seat] <= 0:
            return 0
        values = sorted({i for i in incomes if i > 0}, reverse=True)
        rank = values.index(incomes[seat])
        hexes = VP_HEXES[planet]
        return hexes[rank] if rank < len(hexes) else 0

    def building_value(
        self, planet: PlanetName, kind: str, taken_from: Seat | None = None
    ) -> float:
        """A new factory or mine of the seat's at `planet`: income left to earn, the planet
        points it wins, and (when taken over) what the loser's points drop by."""
        gain = INCOME[kind]
        change: dict[Seat, int] = {self.seat: gain}
        if taken_from is not None:
            change[taken_from] = -gain
        mine = self.planet_vp(planet, self.seat, change) - self.planet_vp(planet, self.seat, {})
        value = gain * (3 - self.view.period + 1) / 3 + 0.6 * mine
        if taken_from is not None:
            lost = self.planet_vp(planet, taken_from, {}) - self.planet_vp(
                planet, taken_from, change
            )
            value += 0.4 * lost * self.threat(taken_from)
        return value

    # --- dangers that end the game for everyone (§6.1) -------------------------------------

    def marked_planets(self, without: int | None = None) -> list[str]:
        """The planet of every marked crisis tile, in the order the crisis dice visit them."""
        return [
            p.name
            for name in PLANETS
            for p in [self.planets[name]]
            for t in sorted(p.tiles, key=lambda t: t.id)
            if t.kind == "CRISIS" and t.marked and t.id != without
        ]

    def crisis_odds(self, planet: PlanetName, level: int, without: int | None = None) -> float:
        """The chance that `planet` reaches crisis `level` this period (§4.9.1-§4.9.2)."""
        tiles = sum(1 for t in self.planet(planet).tiles if t.kind == "CRISIS" and t.id != without)
        if tiles == 0:
            return 0.0
        marked = self.marked_planets(without)
        odds = 0.0
        for skulls, chance in enumerate(SKULL_ODDS):
            dice = sum(1 for i in range(skulls) if marked and marked[i % len(marked)] == planet)
            if tiles + dice >= level:
                odds += chance
        return odds

    def doom(self, without: int | None = None, aliens_killed: int = 0) -> float:
        """The chance the game ends for everyone at this period's crises, `without` a tile."""
        key = (without, aliens_killed)
        if key not in self._doom:
            self._doom[key] = self._doom_odds(without, aliens_killed)
        return self._doom[key]

    def _doom_odds(self, without: int | None, aliens_killed: int) -> float:
        if self.view.phase not in ("ACTIONS", "POST_PASS"):
            return 0.0
        robots = self.crisis_odds("EARTH", 4, without)
        aliens = 0.0
        if self.view.aliens_advance:
            left = sum(1 for p in self.view.planets if p.alien is not None) - aliens_killed
            if left > 0 and self.view.alien_front + left >= ALIEN_PATH.index("EARTH"):
                aliens = 1.0
        invasion = 0.0
        if not self.view.aliens_invaded:
            # an invasion is not the end yet, but three aliens reach Earth a period later
            invasion = 0.5 * self.crisis_odds("KUIPER", 3, without)
        return 1 - (1 - robots) * (1 - aliens) * (1 - invasion)

    def rescue_value(self, planet: PlanetName, tile: TileView) -> float:
        """What claiming `tile` takes off the chance that everyone loses."""
        if tile.kind == "ALIEN":
            return DOOM * (self.doom() - self.doom(aliens_killed=1)) + 2.0
        if tile.kind == "CRISIS" and planet in ("EARTH", "KUIPER"):
            return DOOM * (self.doom() - self.doom(without=tile.id))
        return 0.0


def tile_value(seen: Seen, planet: PlanetName, tile: TileView, target: str | None = None) -> float:
    """What claiming `tile` at `planet` is worth to the seat (before the cost of a fight)."""
    kind = tile.kind
    supply = seen.me.supply
    if kind in ("MINE", "FACTORY"):
        if supply.get(kind, 0) == 0:
            return 0.0
        return seen.building_value(planet, kind) + (0.8 if kind == "FACTORY" else 0.0)
    if kind == "TENSION":
        if target is None:
            return 0.0
        taken = BUILDING_KIND[unit_kind(target)]
        return seen.building_value(planet, taken, owner(target)) + 0.5
    value = TILE_WORTH.get(kind, 1.0)
    if kind == "CARDS" and seen.me.hand_size >= 8:
        value = 1.0
    if kind == "CRISIS" and tile.marked:
        value += 0.5  # a marked crisis tile drives the crisis dice
    return value + seen.rescue_value(planet, tile)


def modifier_gain(effect: str, units: Iterable[str]) -> int:
    """Combat points a modifier card adds over `units` landed in the fight."""
    if effect not in MODIFIED_CP:
        return 0
    kind, points = MODIFIED_CP[effect]
    return sum(points - UNIT_CP[kind] for u in units if unit_kind(u) == kind)


def unit_worth(unit: str) -> float:
    return float(UNIT_COST[unit_kind(unit)])
