"""What a Duck Dealer bot plans: projects (build, deliver, upgrade), where their goods come
from, and what they cost in energy; the best one by VP per energy token."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from domain.game import best_of

from .bot_knowledge import DISTANCE, GOOD_WORTH, MINE_GOODS, Board
from .components import (
    CLIENTS,
    FACTORIES,
    PLANET_SLOTS,
    PLANETS,
    SPACEPORTS,
    START_PLANETS,
    TURN_TRACK_LENGTH,
    Good,
)

Action = Literal["build_site", "build_factory", "deliver", "upgrade"]
# An upgrade is worth (action turns left) / UPGRADE_DIVISOR VP: a speed lost for a part, so
# buying more often scored less; at 4 a few are still bought.
UPGRADE_DIVISOR = 4
# Hire crew early: a cabin's energy repays it only over many accumulation turns.
CREW_DIVISOR = 3
CREW_MIN_TURNS_LEFT = 12
# More parts make the ship slower (speed 2 from the seventh slot): stop buying at five.
MAX_PARTS = 5


@dataclass
class Plan:
    """A project and the visits that gather its goods: mines first, then factories in order."""

    planet: str
    action: Action
    target: str
    value: float
    needs: tuple[Good, ...]
    mines: list[tuple[str, Good, int]] = field(default_factory=list)
    produce: list[tuple[str, str, int]] = field(default_factory=list)  # factory, planet, count
    red: int = 0
    yellow: int = 0
    blue: int = 0
    carried: int = 0
    spare: Counter[Good] = field(default_factory=Counter)  # held goods the project leaves free

    @property
    def cost(self) -> int:
        return self.red + self.yellow + self.blue

    def stops(self, start: str) -> list[str]:
        """The planets to visit in order: nearest mine next, then factories, then the project."""
        left = [planet for planet, _, _ in self.mines]
        order: list[str] = []
        here = start
        while left:
            here = min(left, key=lambda p: DISTANCE[p][here])
            left.remove(here)
            order.append(here)
        order.extend(planet for _, planet, _ in self.produce)
        order.append(self.planet)
        return order


def _plan(board: Board, plan: Plan, wildcards: int) -> Plan | None:
    """Fill in where the goods come from and what it costs; None when they cannot be had."""
    spare = Counter(board.me.goods)
    start = board.here

    def gather(good: Good, count: int) -> bool:
        have = min(spare[good], count)
        spare[good] -= have
        count -= have
        if count == 0:
            return True
        mines = board.mines_of(good)
        if mines:
            mine = min(mines, key=lambda m: DISTANCE[board.sites[m].planet][start])
            plan.mines.append((board.sites[mine].planet, good, count))
            plan.blue += 1 if board.privileged(mine) else count
            plan.carried += count
            return True
        factory = board.factory_of(good)
        if factory is None:
            return False
        for part in FACTORIES[factory].inputs:
            if not gather(part, count):
                return False
        plan.produce.append((factory, board.sites[factory].planet, count))
        plan.blue += 1 if board.privileged(factory) else count
        return True

    for good in plan.needs:
        if not gather(good, 1):
            return None
    for _ in range(wildcards):
        left = [g for g, n in spare.items() if n > 0 and g not in plan.needs]
        if left:
            spare[min(left, key=lambda g: GOOD_WORTH[g])] -= 1
        else:
            cheap = [g for g in MINE_GOODS if g not in plan.needs]
            if not any(gather(g, 1) for g in sorted(cheap, key=lambda g: _mine_distance(board, g))):
                return None
    plan.spare = +spare
    kept = len(board.me.goods) - sum(spare.values())
    if kept + plan.carried > board.me.capacity:
        return None
    stops = plan.stops(start)
    travel = 0
    here = start
    for stop in stops:
        travel += DISTANCE[stop][here]
        here = stop
    plan.red = -(-max(0, travel - board.seen.movement_allowance) // max(1, board.me.speed))
    return plan


def _mine_distance(board: Board, good: Good) -> int:
    """Nodes to the nearest mine of `good`, to fetch an "R" good cheaply."""
    return min(
        (DISTANCE[board.sites[m].planet][board.here] for m in board.mines_of(good)), default=99
    )


def _free_factory_planets(board: Board) -> list[str]:
    """Planets that can still take a factory (§8 A13: not a starting one), nearest first."""
    planets = []
    for planet in PLANETS:
        if planet in START_PLANETS:
            continue
        at = [s for s in board.sites.values() if s.planet == planet]
        if any(s.kind == "factory" for s in at) or len(at) >= PLANET_SLOTS[planet]:
            continue
        planets.append(planet)
    return sorted(planets, key=lambda p: DISTANCE[p][board.here])


def _projects(board: Board) -> list[Plan]:
    """Every project worth weighing, with its plan; the remaining action turns scale upgrades."""
    plans: list[Plan | None] = []
    me = board.me
    held = Counter(me.goods)
    for sid, site in board.sites.items():
        if site.kind == "client":
            spec = CLIENTS[sid]
            if not site.built:
                # Its build VP, plus a first delivery that building it opens up.
                value: float = spec.vp + spec.vp_each
                plan = Plan(site.planet, "build_site", sid, value, spec.build_cost, yellow=1)
                plans.append(_plan(board, plan, spec.wildcards))
            else:
                count = max(1, held[spec.good])
                blue = 1 if board.privileged(sid) else count
                needs = (spec.good,) * count
                plans.append(
                    _plan(
                        board,
                        Plan(site.planet, "deliver", sid, spec.vp_each * count, needs, blue=blue),
                        0,
                    )
                )
        elif site.kind == "spaceport":
            spec_port = SPACEPORTS[sid]
            if not site.built:
                plan = Plan(
                    site.planet, "build_site", sid, spec_port.vp, spec_port.build_cost, yellow=1
                )
                plans.append(_plan(board, plan, spec_port.wildcards))
            elif sum(p is not None for p in me.slots) < MAX_PARTS:
                turns_left = TURN_TRACK_LENGTH - len(board.seen.turn_track)
                value = turns_left / UPGRADE_DIVISOR
                if spec_port.sells != "CARGO" and turns_left >= CREW_MIN_TURNS_LEFT:
                    # A crew cabin adds one energy of its colour to every accumulation (§4.2).
                    value = turns_left / CREW_DIVISOR
                plan = Plan(site.planet, "upgrade", sid, value, spec_port.upgrade_cost, blue=1)
                plans.append(_plan(board, plan, 0))
    free = _free_factory_planets(board)[:3]
    for factory in board.seen.factory_reserve:
        spec_factory = FACTORIES[factory]
        for planet in free:
            plan = Plan(
                planet, "build_factory", factory, spec_factory.vp, spec_factory.inputs, yellow=1
            )
            plans.append(_plan(board, plan, 0))
    return [p for p in plans if p is not None]


def best_plan(board: Board) -> Plan | None:
    """The project with the most VP per energy token it costs (travel, commerce, building);
    equally good projects are told apart by the bot's own Random, not by their names."""
    return best_of(_projects(board), lambda p: (p.value / (p.cost + 1), -p.cost), board.rng)


NEED_BONUS = 5
"""A good our project still lacks is worth this much more to us than its delivery value."""


def worth(board: Board, plan: Plan | None, goods: tuple[Good, ...]) -> int:
    """What goods are worth to the seat of `board`: delivery value, more if its plan needs them."""
    lacking = Counter(plan.needs) - Counter(board.me.goods) if plan is not None else Counter()
    total = 0
    for good in goods:
        total += GOOD_WORTH[good]
        if lacking[good] > 0:
            lacking[good] -= 1
            total += NEED_BONUS
    return total


def trade_gain(
    board: Board, plan: Plan | None, give: tuple[Good, ...], get: tuple[Good, ...]
) -> int:
    """How much a swap is worth to the seat of `board`: what it gets (more if its project lacks
    it) less what it gives (more if its project needs it and holds no spare)."""
    held = Counter(board.me.goods)
    if Counter(give) - held:
        return -1  # it cannot give what it does not hold
    needed = Counter(plan.needs) if plan is not None else Counter()
    cost = 0
    for good in give:
        held[good] -= 1
        cost += GOOD_WORTH[good] + (NEED_BONUS if held[good] < needed[good] else 0)
    return worth(board, plan, get) - cost
