"""What the Onward to Venus bot reads off its seat's view: its pieces, cards and tile values."""

from __future__ import annotations

from .components import INCOME, UNIT_CP, UNIT_DEFENCE
from .view import CardView, OnwardView, PlanetView, SeatView, TileView

# Rough worth of each tile kind in points and money; mines and factories also win planets.
TILE_WORTH = {
    "MINE": 7.0,
    "FACTORY": 5.0,
    "TENSION": 6.0,
    "ALIEN": 6.0,
    "TROPHY": 4.0,
    "CRISIS": 4.0,
    "FORTUNE": 3.0,
    "CARDS": 2.5,
}


BUILDING_KIND = {"FAC": "FACTORY", "MINE": "MINE"}


def unit_kind(piece: str) -> str:
    """`P1.INF.3` -> `INF` (buildings read `FAC` or `MINE`)."""
    return piece.split(".")[1]


def owner(piece: str) -> int:
    return int(piece.split(".")[0][1:]) - 1


class Seen:
    """The seat's view with the look-ups the bot needs; it holds nothing else."""

    def __init__(self, view: OnwardView, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.me: SeatView = view.seats[seat]
        self.cards: dict[int, CardView] = {
            c.id: c for c in (*(self.me.hand or ()), *(self.me.held or ()))
        }

    def effect(self, card: int) -> str:
        return self.cards[card].effect if card in self.cards else ""

    def planet(self, name: str) -> PlanetView:
        return next(p for p in self.view.planets if p.name == name)

    def tile(self, planet: str, tile: int) -> TileView | None:
        p = self.planet(planet)
        found = next((t for t in p.tiles if t.id == tile), None)
        if found is None and p.alien == tile:
            return TileView(tile, "ALIEN", 7, False)
        return found

    def unit_points(self, unit: str) -> int:
        return UNIT_CP.get(unit_kind(unit), 0)

    def tension_defence(self, planet: str, target: str | None) -> int:
        if target is None:
            return 0
        p = self.planet(planet)
        defender = owner(target)
        return sum(
            UNIT_DEFENCE[unit_kind(u)] for u in (*p.orbit, *p.surface) if owner(u) == defender
        )

    def tension_targets(self, planet: str) -> list[str]:
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


def ready_units(seen: Seen, planet: str) -> list[str]:
    """The seat's units in orbit at `planet`: those may still move, land or fight."""
    return [u for u in seen.planet(planet).orbit if owner(u) == seen.seat]


def tile_value(seen: Seen, tile: TileView) -> float:
    value = TILE_WORTH.get(tile.kind, 1.0)
    supply = seen.me.supply
    if tile.kind in ("MINE", "FACTORY"):
        if supply.get(tile.kind, 0) == 0:
            return 0.0
        # income matters less once the last period is under way
        value -= INCOME[tile.kind] * (seen.view.period - 1) / 3
    if tile.kind == "CARDS" and seen.me.hand_size >= 8:
        value = 1.0
    if tile.kind == "CRISIS" and tile.marked:
        value += 1.0  # a marked crisis tile drives the crisis dice
    return value
