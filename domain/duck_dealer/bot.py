"""A greedy Duck Dealer player: hoard the energy a project needs, then fly, mine, produce and build.

The bot sees only `view(state, seat)` and `legal(state, seat)`: `bot` computes both and hands
them to `choose`, which never touches the state. Each decision it picks the project (build a
client, spaceport or factory, deliver goods, buy an upgrade) with the best VP per energy token,
plans the mines and factories that supply its goods, and takes the next step of that plan.
It keeps no memory, so every decision replans from the board as it is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, TypeVar

from domain.game import Command, Seat

from .commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildFactory,
    BuildSite,
    BuyShipUpgrade,
    ChooseExplorationClient,
    ChooseStartingPlanet,
    ChooseTurnPosition,
    ClaimPrivilege,
    DeliverGoods,
    DiscardGoods,
    EndActionTurn,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
    PlaceStartingParts,
    ProduceGoods,
    RespondToTrade,
    SubmitTurnOrderBid,
)
from .components import (
    ADJACENT,
    CLIENTS,
    COLORS,
    DELIVERY_VP,
    ENERGY_KEPT_AFTER_ACTION_TURN,
    FACTORIES,
    GOODS,
    MINES,
    PLANET_SLOTS,
    PLANETS,
    PRIVILEGE_COST,
    PRIVILEGE_MARKERS,
    SPACEPORTS,
    START_PLANETS,
    TURN_TRACK_LENGTH,
    Color,
    Energy,
    Good,
)
from .rules import legal
from .state import State
from .view import DuckDealerView, PlayerView, SiteView, view

# The figures below were tuned on bot-vs-bot matches (mean score per seat, seats 2-5).
# Three cargo holds (7 goods) carry the goods of a two-tier chain; crew cabins scored less.
STARTING_PARTS = ("CARGO", "CARGO", "CARGO")
# Action turns are the scarce resource (24 shared): start one only with a good hoard, at
# least READY_MIN tokens and the best project affordable, or HOARD_LIMIT tokens in any case.
READY_MIN = 10
HOARD_LIMIT = 20
# An upgrade is worth (action turns left) / UPGRADE_DIVISOR VP: a speed lost for a part, so
# buying more often scored less; at 4 a few are still bought.
UPGRADE_DIVISOR = 4
# More parts make the ship slower (speed 2 from the seventh slot): stop buying at five.
MAX_PARTS = 5
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
C = TypeVar("C", bound=Command)
Action = Literal["build_site", "build_factory", "deliver", "upgrade"]


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    """A legal command for `seat`, decided from what that seat sees and may do, and nothing else:
    the state goes no further than the game's own `view` and `legal`."""
    seen = view(state, seat)
    commands = list(legal(state, seat))
    return choose(seen, seat, commands, rng)


def choose(
    seen: DuckDealerView, seat: Seat, commands: Sequence[Command], rng: random.Random
) -> Command:
    """The bot's decision from the seat's view and legal commands; random when it has no plan."""
    if not commands:
        raise ValueError(f"seat {seat} has no legal command")
    picked = _decide(seen, seat, list(commands))
    return picked if picked is not None else rng.choice(list(commands))


def _of_kind(commands: list[Command], kind: type[C]) -> list[C]:
    """The listed commands of one kind."""
    return [c for c in commands if isinstance(c, kind)]


def _decide(seen: DuckDealerView, seat: Seat, commands: list[Command]) -> Command | None:
    bids = _of_kind(commands, SubmitTurnOrderBid)
    if bids:
        return min(bids, key=lambda c: c.amount)
    for kind in (ChooseTurnPosition, ChooseStartingPlanet):
        options = _of_kind(commands, kind)
        if options:
            return options[0]
    if _of_kind(commands, PlaceStartingParts):
        wanted = PlaceStartingParts(parts=STARTING_PARTS)
        return wanted if wanted in commands else None
    if _of_kind(commands, RespondToTrade):
        no = RespondToTrade(accept=False)  # our goods are promised to our own project
        return no if no in commands else None
    if seen.trade is not None and seen.trade.proposer == seat:
        return None  # we never propose; only a cancel or a discard is left
    clients = _of_kind(commands, ChooseExplorationClient)
    if clients:
        return _client_to_place(seen, seat, clients)
    board = Board.of(seen, seat)
    if board.me.location is None:
        return None  # not on the map yet: nothing to plan
    if seen.turn_kind == "none":
        return _turn_choice(board, commands)
    if seen.turn_kind == "action" and seen.active == seat:
        return _action(board, commands)
    return None


@dataclass(frozen=True)
class Board:
    """The public board as the bot reads it."""

    seen: DuckDealerView
    me: PlayerView
    sites: dict[str, SiteView]

    @classmethod
    def of(cls, seen: DuckDealerView, seat: Seat) -> Board:
        return cls(seen, seen.players[seat], {s.site: s for s in seen.sites})

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
                value = spec.vp + spec.vp_each
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


def _best(board: Board) -> Plan | None:
    """The project with the most VP per energy token it costs (travel, commerce, building)."""
    plans = _projects(board)
    if not plans:
        return None
    return max(plans, key=lambda p: (p.value / (p.cost + 1), -p.cost, p.target))


def _turn_choice(board: Board, commands: list[Command]) -> Command | None:
    """Act once the best project is affordable (or the hoard is big, or the track runs out)."""
    plan = _best(board)
    need = {"RED": 1, "YELLOW": 1, "BLUE": 2}
    if plan is not None:
        need = {"RED": plan.red, "YELLOW": plan.yellow, "BLUE": plan.blue}
        if _wants_privilege(board, plan):
            need["YELLOW"] += PRIVILEGE_COST
    have = {color: board.energy(color) for color in COLORS}
    total = sum(have.values())
    track_left = TURN_TRACK_LENGTH - len(board.seen.turn_track)
    ready = all(have[c] >= need[c] for c in COLORS) and total >= READY_MIN
    hurry = track_left <= len(board.seen.players) and total >= 3
    if ready or hurry or total >= HOARD_LIMIT:
        begin = _of_kind(commands, BeginActionTurn)
        if begin:
            return begin[0]
    deficit = {c: need[c] - have[c] for c in COLORS}
    color = max(("BLUE", "RED", "YELLOW"), key=lambda c: deficit[c])
    for command in _of_kind(commands, AccumulateEnergy):
        if command.color == color:
            return command
    hoard = _of_kind(commands, AccumulateEnergy)
    return hoard[0] if hoard else None


def _action(board: Board, commands: list[Command]) -> Command:
    """One step of the action turn: the project if it is here, gains from goods it does not
    need, the plan's next visit, and the end of the turn when nothing more can be done."""
    plan = _best(board)
    spare = plan.spare if plan is not None else Counter(board.me.goods)
    if plan is not None and plan.planet == board.here:
        chosen = _finish(board, plan, commands)
        if chosen is not None:
            return chosen
    for pick in (_build_here, _deliver_here):
        chosen = pick(board, commands, spare)
        if chosen is not None:
            return chosen
    if plan is not None:
        chosen = _follow(board, plan, commands)
        if chosen is not None:
            return chosen
    return _end_turn(board)


def _finish(board: Board, plan: Plan, commands: list[Command]) -> Command | None:
    if plan.action == "build_site":
        sites = [c for c in _of_kind(commands, BuildSite) if c.site == plan.target]
        return min(sites, key=_wildcard_worth) if sites else None
    if plan.action == "build_factory":
        factory = BuildFactory(factory=plan.target)
        return factory if factory in commands else None
    if plan.action == "deliver":
        held = board.me.goods.count(CLIENTS[plan.target].good)
        return _listed(commands, DeliverGoods, plan.target, held)
    upgrade = BuyShipUpgrade(spaceport=plan.target, part=SPACEPORTS[plan.target].sells)
    return upgrade if upgrade in commands else None


def _wildcard_worth(command: BuildSite) -> tuple[int, tuple[Good, ...]]:
    return sum(GOOD_WORTH[g] for g in command.wildcard), command.wildcard


def _affords(spare: Counter[Good], goods: tuple[Good, ...]) -> bool:
    return all(spare[g] >= n for g, n in Counter(goods).items())


def _build_here(board: Board, commands: list[Command], spare: Counter[Good]) -> Command | None:
    """Builds paid with goods the project does not need: VP now beats VP later."""
    sites = [c for c in _of_kind(commands, BuildSite) if _affords(spare, (*c.named, *c.wildcard))]
    if sites:
        return min(sites, key=_wildcard_worth)
    factories = [
        c for c in _of_kind(commands, BuildFactory) if _affords(spare, FACTORIES[c.factory].inputs)
    ]
    if factories:
        return max(factories, key=lambda c: (FACTORIES[c.factory].vp, c.factory))
    return None


def _deliver_here(board: Board, commands: list[Command], spare: Counter[Good]) -> Command | None:
    for sid, site in board.sites.items():
        if site.kind == "client" and site.built and site.planet == board.here:
            deliver = _listed(commands, DeliverGoods, sid, spare[CLIENTS[sid].good])
            if deliver is not None:
                return deliver
    return None


def _follow(board: Board, plan: Plan, commands: list[Command]) -> Command | None:
    here = board.here
    if here in PLANET_SLOTS:
        step = _step_here(board, plan, commands)
        if step is not None:
            return step
    stops = [s for s in plan.stops(here) if s != here]
    if not stops:
        return None
    target = stops[0]
    segment = _free_segment(board, target, commands)
    if segment is not None:
        return segment
    return _fly(board, target, commands)


def _step_here(board: Board, plan: Plan, commands: list[Command]) -> Command | None:
    here = board.here
    for factory, planet, count in plan.produce:
        if planet == here:
            inputs = FACTORIES[factory].inputs
            can = min(board.me.goods.count(g) // inputs.count(g) for g in inputs)
            produce = _listed(commands, ProduceGoods, factory, min(count, can))
            if produce is not None:
                return produce
    count = sum(n for planet, _, n in plan.mines if planet == here)
    if count == 0:
        return None
    mine = next(sid for sid, s in board.sites.items() if s.kind == "mine" and s.planet == here)
    room = board.me.capacity - len(board.me.goods)
    if room <= 0:
        junk = _junk(board, plan)
        return DiscardGoods(goods=(junk,)) if junk is not None else None
    if (count >= 2 or _wants_privilege(board, plan)) and board.energy(
        "YELLOW"
    ) >= PRIVILEGE_COST + plan.yellow:
        claim = ClaimPrivilege(site=mine)
        if claim in commands:
            return claim
    return _listed(commands, MineGoods, mine, min(count, room))


def _wants_privilege(board: Board, plan: Plan) -> bool:
    """One privilege early on: a mine we come back to then costs one blue per stay, not per good.
    Later ones pay back too slowly; and we mine only what the project needs, never in a loop."""
    early = len(board.seen.turn_track) < TURN_TRACK_LENGTH // 2
    return early and bool(plan.mines) and board.me.privilege_markers == PRIVILEGE_MARKERS


def _listed(
    commands: list[Command],
    kind: type[MineGoods] | type[ProduceGoods] | type[DeliverGoods],
    site: str,
    quantity: int,
) -> Command | None:
    """The largest listed commerce of `kind` at `site` up to `quantity`: listed means affordable."""
    for q in range(quantity, 0, -1):
        command = kind(site, q)
        if command in commands:
            return command
    return None


def _junk(board: Board, plan: Plan) -> Good | None:
    wanted = Counter(plan.needs)
    for factory, _, _ in plan.produce:
        wanted.update(FACTORIES[factory].inputs)
    junk = [g for g in board.me.goods if board.me.goods.count(g) > wanted[g]]
    return min(junk, key=lambda g: GOOD_WORTH[g]) if junk else None


def _free_segment(board: Board, target: str, commands: list[Command]) -> Command | None:
    """A free route cube on the way: our own cubes make those nodes free to cross for good."""
    if not board.seen.free_segment_window_open or board.seen.free_segments_left <= 0:
        return None
    far = DISTANCE[target]
    options = [
        c
        for c in _of_kind(commands, PlaceFreeRouteSegment)
        if far.get(c.node, 99) < far.get(board.here, 99)
    ]
    if not options:
        return None
    return min(options, key=lambda c: (-far[c.node], c.node))


def _fly(board: Board, target: str, commands: list[Command]) -> Command | None:
    far = DISTANCE[target]
    now = far.get(board.here, 99)
    moves = [
        c
        for c in _of_kind(commands, MoveShip)
        if c.path[-1] in PLANET_SLOTS and far[c.path[-1]] < now
    ]
    if not moves:
        return None
    return min(moves, key=lambda c: (far[c.path[-1]], len(c.path), c.path))


def _end_turn(board: Board) -> EndActionTurn:
    """Keep one token of each colour first, then red and blue, the most used; return the rest."""
    me = board.me
    keep = Energy()
    room = ENERGY_KEPT_AFTER_ACTION_TURN
    preference: tuple[Color, ...] = ("YELLOW", "RED", "BLUE", "RED", "BLUE", "BLUE")
    for color in preference:
        if room and keep.of(color) < me.energy.of(color):
            keep = keep.plus(color, 1)
            room -= 1
    for color in COLORS:
        while room and keep.of(color) < me.energy.of(color):
            keep = keep.plus(color, 1)
            room -= 1
    returned = me.energy.minus(keep)
    excess = max(0, len(me.goods) - me.capacity)
    discard = tuple(sorted(me.goods, key=lambda g: GOOD_WORTH[g])[:excess])
    return EndActionTurn(return_energy=returned, discard_goods=discard)


def _client_to_place(
    seen: DuckDealerView, seat: Seat, clients: list[ChooseExplorationClient]
) -> Command:
    """Place the client we can serve soonest: its good in hold, its factory built, its tier."""
    board = Board.of(seen, seat)

    def appeal(command: ChooseExplorationClient) -> tuple[int, int, str]:
        good = CLIENTS[command.client].good
        held = good in board.me.goods
        made = board.factory_of(good) is not None
        tier = CLIENTS[command.client].vp_each
        return (2 * held + made, tier if made else -tier, command.client)

    return max(clients, key=appeal)
