"""What a Delta V bot seat knows: its view, the memory-aid map, and tile odds from the manifest.

Everything here reads the seat's own view (cells, rockets, the alien, bribes and incidents held,
collections, contracts, scores, the open attempt, the memory-aid map) and the public manifest; the
decisions built on it live in `bot_plans`, `bot_contracts` and `bot_rockets`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, TypeVar

from domain.game import Command, Seat, best_of, least_of

from .components import (
    ALIEN_ENCOUNTERS,
    OMNIDIUM,
    ROCKETS_PER_PLAYER,
    Face,
    Manifest,
    Mineral,
    Position,
)
from .view import CellView, DeltaVView, PlayerView

# From this round on the game is wrapped up as if no contract could be met any more: matches
# where rivals guard tiles or bid each other out can otherwise run to the round limit.
LATE_ROUND = 40


T = TypeVar("T")


class Knowledge:
    """What one seat can tell from its view, its legal commands and the manifest."""

    def __init__(
        self,
        seen: DeltaVView,
        seat: Seat,
        commands: list[Command],
        table: Manifest,
        rng: random.Random,
    ) -> None:
        self.seen = seen
        self.seat = seat
        self.commands = commands
        self.table = table
        self.rng = rng
        self.cells: dict[Position, CellView] = {cell.position: cell for cell in seen.cells}
        self.known: dict[Position, Face] = {
            p.position: p.face
            for p in (*seen.known_tiles, *seen.peeks)
            if p.position in self.cells and self.cells[p.position].status == "FACE_DOWN"
        }

    def best(self, items: Iterable[T], key: Callable[[T], Any]) -> T | None:
        """The item with the highest key; equally good ones are drawn with this bot's Random."""
        return best_of(items, key, self.rng)

    def least(self, items: Iterable[T], key: Callable[[T], Any]) -> T | None:
        return least_of(items, key, self.rng)

    @staticmethod
    def owner(rocket_id: str) -> int:
        return int(rocket_id.split("-")[0])

    def mine(self, p: Position) -> list[str]:
        return [r for r in self.cells[p].rockets if self.owner(r) == self.seat]

    def theirs(self, p: Position) -> list[str]:
        return [r for r in self.cells[p].rockets if self.owner(r) != self.seat]

    def revealable(self, p: Position) -> bool:
        cell = self.cells[p]
        return cell.status == "FACE_DOWN" and not cell.alien and not self.theirs(p)

    @cached_property
    def me(self) -> PlayerView:
        return self.seen.players[self.seat]

    @cached_property
    def my_bribes(self) -> Counter[Mineral]:
        return Counter(b.mineral for b in self.me.unspent_bribes)

    @cached_property
    def leading(self) -> bool:
        """Strictly ahead on the ranking keys everyone can see (§6)."""

        def key(seat: int) -> tuple[int, int, int]:
            p = self.seen.players[seat]
            return (p.score, len(p.contracts), len(p.unspent_bribes))

        return all(key(self.seat) > key(s) for s in range(len(self.seen.players)) if s != self.seat)

    @cached_property
    def stalled(self) -> bool:
        """No open contract can be met from the minerals left, even with every seat's bribes:
        the ranking is settled, so ending the game now (alien, full field) costs no one."""
        # Tiles under the alien stay out of reach until another encounter moves it.
        left = self.pool.copy() if any(not self.cells[p].alien for p in self.unknown) else Counter()
        left.update(
            f.mineral
            for p, f in self.known.items()
            if f.mineral is not None and not self.cells[p].alien
        )
        bribes: Counter[Mineral] = Counter()
        for player in self.seen.players:
            bribes |= Counter(b.mineral for b in player.unspent_bribes)
        if self.seen.turn > LATE_ROUND * len(self.seen.players):
            return True  # rivals who guard or bid each other out forever: wrap the game up
        for k in self.seen.contracts:
            if k.fulfilled_by is not None:
                continue
            needs = Counter(k.contract.requirements)
            short = sum(max(0, n - left[m]) for m, n in needs.items())
            spare = sum(left.values()) - sum(min(n, left[m]) for m, n in needs.items())
            bribable = sum(min(bribes[m], max(0, n - left[m])) for m, n in needs.items())
            if short <= left[OMNIDIUM] + min(bribable, spare - left[OMNIDIUM]):
                return False
        return True

    @cached_property
    def hunting(self) -> bool:
        """Stalled with more tiles than all rockets and the alien can cover: only the fifth
        Alien Encounter can end the game, so turn aliens over."""
        cover = ROCKETS_PER_PLAYER * len(self.seen.players) + 1
        return self.stalled and len(self.cells) > cover

    @cached_property
    def ending(self) -> bool:
        """Ending the game now is welcome: we are ahead, or nothing is left to play for."""
        return self.leading or self.stalled

    @cached_property
    def open_needs(self) -> Counter[Mineral]:
        """How often each mineral is still required by an open contract."""
        return Counter(
            m
            for k in self.seen.contracts
            if k.fulfilled_by is None
            for m in k.contract.requirements
        )

    @cached_property
    def unknown(self) -> list[Position]:
        return [
            p
            for p, cell in self.cells.items()
            if cell.status == "FACE_DOWN" and p not in self.known
        ]

    @cached_property
    def pool(self) -> Counter[Mineral]:
        """Mineral tiles not yet seen by this seat: the manifest minus collected and known ones."""
        left = Counter(f.mineral for f in self.table.tiles if f.mineral is not None)
        for player in self.seen.players:
            left.subtract(t.printed_mineral for t in player.collection)
        left.subtract(f.mineral for f in self.known.values() if f.mineral is not None)
        if self.seen.attempt is not None:
            left.subtract(t.face.mineral for t in self.seen.attempt.tiles if t.face.mineral)
        return Counter({m: n for m, n in left.items() if n > 0})

    def chance(self, mineral: Mineral) -> float:
        """That an unknown tile matches `mineral` (itself or Omnidium)."""
        if not self.unknown:
            return 0.0
        return min(1.0, (self.pool[mineral] + self.pool[OMNIDIUM]) / len(self.unknown))

    def usable_tiles(self) -> dict[Position, Face]:
        return {p: f for p, f in self.known.items() if self.revealable(p)}

    def contract_needs(self, contract_id: str) -> list[Mineral]:
        for k in self.seen.contracts:
            if k.contract.contract_id == contract_id:
                return list(k.contract.requirements)
        raise LookupError(contract_id)

    def first(self, kind: type) -> Command | None:
        return next((x for x in self.commands if isinstance(x, kind)), None)

    def rocket_cell(self, rocket_id: str) -> Position | None:
        return next((p for p, cell in self.cells.items() if rocket_id in cell.rockets), None)

    def worth_turning(self, face: Face) -> bool:
        """Turning an incident over: any card but an alien, which only to end the game ahead."""
        if face.incident != "ALIEN_ENCOUNTER":
            return True
        return self.hunting or (self.seen.encounters == ALIEN_ENCOUNTERS - 1 and self.leading)
