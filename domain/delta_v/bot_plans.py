"""Contract plans for a Delta V bot seat: which known tiles (and bribes) complete a contract."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .bot_knowledge import Knowledge
from .components import OMNIDIUM, SPENT_BRIBE_PENALTY, Face, Mineral, Position

# A mineral is scarce (worth a bid-up) when an unknown tile matches it at most this often.
SCARCE = 0.08


@dataclass(frozen=True)
class Plan:
    """Known tiles that complete a contract: natural matches first, then bribed ones."""

    contract_id: str
    natural: tuple[Position, ...]
    bribed: tuple[tuple[Position, Mineral], ...]
    value: int

    @property
    def next_tile(self) -> Position:
        return (self.natural or tuple(p for p, _ in self.bribed))[0]


def plan_for(
    contract_id: str,
    needs: Sequence[Mineral],
    tiles: dict[Position, Face],
    bribes: Counter[Mineral],
) -> Plan | None:
    """The best-paying way to fill `needs` from `tiles` (+ bribes); None if they cannot."""
    best: Plan | None = None
    minerals = {p: f for p, f in tiles.items() if f.mineral is not None}
    ranked = sorted(minerals, key=lambda p: -minerals[p].value)

    def search(i: int, used: tuple[Position, ...], spent: tuple[Mineral, ...], value: int) -> None:
        nonlocal best
        if i == len(needs):
            if best is None or value > best.value:
                best = _assemble(contract_id, used, needs, minerals, value)
            return
        need = needs[i]
        matches = [p for p in ranked if p not in used and minerals[p].mineral in (need, OMNIDIUM)]
        for p in matches[:3]:
            search(i + 1, (*used, p), spent, value + minerals[p].value)
        if bribes[need] > spent.count(need):
            others = [
                p
                for p in ranked
                if p not in used
                and minerals[p].mineral not in (need, OMNIDIUM)
                and minerals[p].value >= SPENT_BRIBE_PENALTY
            ]
            for p in others[:2]:
                search(
                    i + 1,
                    (*used, p),
                    (*spent, need),
                    value + minerals[p].value - SPENT_BRIBE_PENALTY,
                )

    search(0, (), (), 0)
    return best


def _assemble(
    contract_id: str,
    used: tuple[Position, ...],
    needs: Sequence[Mineral],
    minerals: dict[Position, Face],
    value: int,
) -> Plan:
    natural = [p for p, m in zip(used, needs, strict=True) if minerals[p].mineral in (m, OMNIDIUM)]
    # Specific minerals before Omnidium, so the wildcard takes whatever slot is left.
    natural.sort(key=lambda p: minerals[p].mineral == OMNIDIUM)
    bribed = tuple(
        (p, m) for p, m in zip(used, needs, strict=True) if minerals[p].mineral not in (m, OMNIDIUM)
    )
    return Plan(contract_id, tuple(natural), bribed, value)


class Planning(Knowledge):
    """The contracts the seat can claim, or fail harmlessly, from the tiles it knows."""

    def unfilled(self) -> list[Mineral]:
        """The attempt's required minerals no accepted tile has taken yet (bid-up: the bid)."""
        attempt = self.seen.attempt
        assert attempt is not None
        if attempt.stage == "bid_up":
            assert attempt.bid_mineral is not None
            return [attempt.bid_mineral]
        needs = Counter(self.contract_needs(attempt.contract_id))
        needs.subtract(t.effective_mineral for t in attempt.tiles if t.effective_mineral)
        return [m for m in needs.elements() if m != OMNIDIUM]

    def attempt_needs(self) -> list[list[Mineral]]:
        """What could still complete the attempt. Each accepted Omnidium stands for one of the
        unfilled minerals, undeclared (§4.5), so any choice of the rest is an alternative."""
        attempt = self.seen.attempt
        assert attempt is not None
        unfilled = self.unfilled()
        omni = sum(t.effective_mineral == OMNIDIUM for t in attempt.tiles)
        if attempt.stage == "bid_up" or not omni:
            return [unfilled]
        keep = max(0, len(unfilled) - omni)
        return [list(rest) for rest in dict.fromkeys(combinations(sorted(unfilled), keep))]

    def attempt_plan(self, tiles: dict[Position, Face], bribes: Counter[Mineral]) -> Plan | None:
        attempt = self.seen.attempt
        assert attempt is not None
        plans = [plan_for(attempt.contract_id, n, tiles, bribes) for n in self.attempt_needs()]
        return self.best([p for p in plans if p is not None], lambda p: p.value)

    def best_plan(self, tiles: dict[Position, Face] | None = None) -> Plan | None:
        tiles = self.usable_tiles() if tiles is None else tiles
        plans = [
            plan_for(k.contract.contract_id, k.contract.requirements, tiles, self.my_bribes)
            for k in self.seen.contracts
            if k.fulfilled_by is None
        ]
        # An exposed plan only shows rivals our tiles: they bid up and the attempt fails.
        found = [p for p in plans if p is not None and p.value > 0 and not self.exposed(p, tiles)]
        return self.best(found, lambda p: p.value)

    def exposed(self, plan: Plan, tiles: dict[Position, Face]) -> bool:
        """A rival could bid up a mineral we could then not supply: no spare known tile of it (or
        Omnidium), no bribe of our own for it, and too few left to find one blind."""
        used = {*plan.natural, *(p for p, _ in plan.bribed)}
        spare = {f.mineral for p, f in tiles.items() if p not in used and f.mineral is not None}
        bribes = Counter(self.my_bribes)
        bribes.subtract(m for _, m in plan.bribed)
        for m in set(self.contract_needs(plan.contract_id)):
            rivals = any(
                b.mineral == m
                for s, player in enumerate(self.seen.players)
                if s != self.seat
                for b in player.unspent_bribes
            )
            covered = m in spare or OMNIDIUM in spare or (bribes[m] > 0 and bool(spare))
            if rivals and not covered and self.chance(m) <= SCARCE:
                return True
        return False

    def blind_choice(self, contract_ids: list[str]) -> tuple[str, float] | None:
        """The contract whose one unknown slot is likeliest to match, the rest from known tiles."""
        tiles = self.usable_tiles()
        best: tuple[str, float] | None = None
        for cid in contract_ids:
            needs = self.contract_needs(cid)
            for i, blind in enumerate(needs):
                rest = needs[:i] + needs[i + 1 :]
                if rest and plan_for(cid, rest, tiles, self.my_bribes) is None:
                    continue
                p = self.chance(blind)
                if best is None or p > best[1]:
                    best = (cid, p)
        return best

    def safe_failure(self, needs: list[Mineral]) -> Position | None:
        """A known tile whose reveal ends the attempt harmlessly (or hands us an incident)."""
        tiles = self.usable_tiles()
        incidents = [
            p for p, f in tiles.items() if f.incident is not None and self.worth_turning(f)
        ]
        if incidents:
            return incidents[0]
        misses = [
            p
            for p, f in tiles.items()
            if f.mineral is not None and f.mineral != OMNIDIUM and f.mineral not in needs
        ]
        # Give away the least: the cheapest tile of the least wanted mineral.
        return self.least(
            misses, lambda p: (self.open_needs[tiles[p].mineral or OMNIDIUM], tiles[p].value)
        )

    def doubled(self, needs: list[Mineral]) -> list[Position]:
        """Known tiles of a needed mineral with more known twins than slots: revealing one fills
        its slot, and the next is a mismatch that ends the attempt on known tiles only."""
        tiles = self.usable_tiles()
        by_mineral: dict[Mineral, list[Position]] = {}
        for p, f in tiles.items():
            if f.mineral is not None and f.mineral != OMNIDIUM:
                by_mineral.setdefault(f.mineral, []).append(p)
        for m, positions in by_mineral.items():
            if 0 < needs.count(m) < len(positions):
                return positions
        return []
