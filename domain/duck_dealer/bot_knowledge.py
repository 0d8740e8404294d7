"""What a Duck Dealer bot knows: the public map's distances, what goods are worth, and the
board as its seat sees it (from `view` only)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from domain.game import Seat

from .components import (
    ADJACENT,
    DELIVERY_VP,
    FACTORIES,
    GOODS,
    MINES,
    PLANETS,
    Color,
    Good,
)
from .view import DuckDealerView, PlayerView, SiteView

# What a unit is worth to us: its delivery VP, or 1 for a primary good (spent first as an "R").
GOOD_WORTH: dict[Good, int] = {good: DELIVERY_VP.get(good, 1) for good in GOODS}
MINE_GOODS: tuple[Good, ...] = tuple(sorted({spec.good for spec in MINES.values()}))


def _distances_to(target: str) -> dict[str, int]:
    """Nodes from every node of the map to `target` (breadth first over the public map)."""
    far = {target: 0}
    frontier = [target]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for near in ADJACENT[node]:
                if near not in far:
                    far[near] = far[node] + 1
                    following.append(near)
        frontier = following
    return far


DISTANCE: dict[str, dict[str, int]] = {planet: _distances_to(planet) for planet in PLANETS}


@dataclass(frozen=True)
class Board:
    """The public board as the bot reads it."""

    seen: DuckDealerView
    me: PlayerView
    sites: dict[str, SiteView]
    rng: random.Random  # the bot's own: it breaks ties between equally good choices

    @classmethod
    def of(cls, seen: DuckDealerView, seat: Seat, rng: random.Random) -> Board:
        return cls(seen, seen.players[seat], {s.site: s for s in seen.sites}, rng)

    @property
    def here(self) -> str:
        return self.me.location or ""

    def energy(self, color: Color) -> int:
        return self.me.energy.of(color) + self.me.virtual.of(color)

    def privileged(self, site: str) -> bool:
        return self.sites[site].privilege == self.me.seat

    @cached_property
    def _factories(self) -> dict[Good, str]:
        """The built factory of each good (every good has one factory tile)."""
        built = (sid for sid, s in self.sites.items() if s.kind == "factory" and sid in FACTORIES)
        return {FACTORIES[sid].output: sid for sid in built}

    @cached_property
    def _mines(self) -> dict[Good, list[str]]:
        mines: dict[Good, list[str]] = {}
        for sid, site in self.sites.items():
            if site.kind == "mine":
                mines.setdefault(MINES[sid].good, []).append(sid)
        return mines

    def factory_of(self, good: Good) -> str | None:
        return self._factories.get(good)

    def mines_of(self, good: Good) -> list[str]:
        return self._mines.get(good, [])
