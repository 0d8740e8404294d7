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
from typing import TypeVar

from domain.game import Command, Seat, best_of

from .bot_knowledge import DISTANCE, GOOD_WORTH, Board
from .bot_plans import Plan, best_plan, trade_gain
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
    PlacePortal,
    PlaceStartingParts,
    ProduceGoods,
    ProposeTrade,
    RespondToTrade,
    SubmitTurnOrderBid,
    UsePortal,
)
from .components import (
    CLIENTS,
    COLORS,
    ENERGY_KEPT_AFTER_ACTION_TURN,
    FACTORIES,
    PLANET_SLOTS,
    PRIVILEGE_COST,
    PRIVILEGE_MARKERS,
    SPACEPORTS,
    TURN_TRACK_LENGTH,
    Color,
    Energy,
    Good,
    Part,
)
from .rules import legal
from .state import State
from .view import DuckDealerView, view

# The figures below were tuned on bot-vs-bot matches (mean score per seat, seats 2-5).
# Three cargo holds (7 goods) carry the goods of a two-tier chain; crew cabins scored less.
STARTING_PARTS: tuple[Part, ...] = ("CARGO", "CARGO", "CARGO")
# The order the energy colours are weighed in (ties between them are drawn from it at random).
ENERGY_PREFERENCE: tuple[Color, ...] = ("BLUE", "RED", "YELLOW")
# Action turns are the scarce resource (24 shared): start one only with a good hoard, at
# least READY_MIN tokens and the best project affordable, or HOARD_LIMIT tokens in any case.
READY_MIN = 10
HOARD_LIMIT = 20
C = TypeVar("C", bound=Command)


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
    picked = _decide(seen, seat, list(commands), rng)
    return picked if picked is not None else rng.choice(list(commands))


def _of_kind(commands: list[Command], kind: type[C]) -> list[C]:
    """The listed commands of one kind."""
    return [c for c in commands if isinstance(c, kind)]


def _decide(
    seen: DuckDealerView, seat: Seat, commands: list[Command], rng: random.Random
) -> Command | None:
    bids = _of_kind(commands, SubmitTurnOrderBid)
    if bids:
        return min(bids, key=lambda c: c.amount)
    positions = _of_kind(commands, ChooseTurnPosition)
    if positions:
        return min(positions, key=lambda c: c.position)  # the earliest turn is the best one
    planets = _of_kind(commands, ChooseStartingPlanet)
    if planets:
        return rng.choice(planets)  # the start planets are alike to this bot
    if _of_kind(commands, PlaceStartingParts):
        wanted = PlaceStartingParts(parts=STARTING_PARTS)
        return wanted if wanted in commands else None
    board = Board.of(seen, seat, rng)
    answers = _of_kind(commands, RespondToTrade)
    if answers:
        answer = _answer_trade(board)
        return answer if answer in answers else RespondToTrade(accept=False)
    if seen.trade is not None and seen.trade.proposer == seat:
        return None  # our offer waits for its answer: only a cancel or a discard is left
    clients = _of_kind(commands, ChooseExplorationClient)
    if clients:
        return _client_to_place(board, clients)
    if board.me.location is None:
        return None  # not on the map yet: nothing to plan
    if seen.turn_kind == "none":
        return _turn_choice(board, commands)
    if seen.turn_kind == "action" and seen.active == seat:
        return _action(board, commands)
    return None


def _turn_choice(board: Board, commands: list[Command]) -> Command | None:
    """Act once the best project is affordable (or the hoard is big, or the track runs out)."""
    plan = best_plan(board)
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
    color = best_of(ENERGY_PREFERENCE, lambda c: deficit[c], board.rng)
    for command in _of_kind(commands, AccumulateEnergy):
        if command.color == color:
            return command
    hoard = _of_kind(commands, AccumulateEnergy)
    return board.rng.choice(hoard) if hoard else None


def _action(board: Board, commands: list[Command]) -> Command:
    """One step of the action turn: the project if it is here, gains from goods it does not
    need, the plan's next visit, and the end of the turn when nothing more can be done."""
    plan = best_plan(board)
    spare = plan.spare if plan is not None else Counter(board.me.goods)
    if plan is not None and plan.planet == board.here:
        chosen = _finish(board, plan, commands)
        if chosen is not None:
            return chosen
    for pick in (_build_here, _deliver_here):
        chosen = pick(board, commands, spare)
        if chosen is not None:
            return chosen
    offer = _offer_trade(board, plan, commands)
    if offer is not None:
        return offer
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
    upgrade = BuyShipUpgrade(
        spaceport=plan.target,
        part=SPACEPORTS[plan.target].sells,
        slot="next_empty",
        crew_disc_from_own_stock=False,
    )
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
    portal = _portal(board, target, commands)
    if portal is not None:
        return portal
    return _fly(board, target, commands)


PORTAL_MIN_SAVING = 6
"""A portal is placed or taken when it saves at least this many spaces to the next stop."""


def _portal(board: Board, target: str, commands: list[Command]) -> Command | None:
    """Teleport when a portal here leads nearer the next stop; place our own one-way portal
    from here to a far stop (§4.6), once a game, when it saves a long flight."""
    here = board.here
    far = DISTANCE[target]
    use = UsePortal()
    if use in commands:
        exits = [p.exit for p in board.seen.portals if p.entrance == here]
        if exits and far[here] - min(far[e] for e in exits) >= PORTAL_MIN_SAVING:
            return use
    place = PlacePortal(entrance=here, exit=target)
    if place in commands and far[here] >= PORTAL_MIN_SAVING:
        return place
    return None


def _answer_trade(board: Board) -> Command:
    """Accept an offer that gives us more than it takes, never goods our project needs."""
    trade = board.seen.trade
    assert trade is not None
    plan = best_plan(board)
    # The partner gives what the proposer receives and gets what the proposer gives.
    gain = trade_gain(board, plan, trade.receive, trade.give)
    return RespondToTrade(accept=gain >= 0)  # a fair swap helps the other project at no cost


def _offer_trade(board: Board, plan: Plan | None, commands: list[Command]) -> Command | None:
    """Swap a spare good for one our project lacks, with a seat docked here that (by the same
    reckoning, from what everyone sees) gains by it too: offers are made to be accepted."""
    if plan is None:
        return None
    offers = []
    for offer in _of_kind(commands, ProposeTrade):
        mine = trade_gain(board, plan, offer.give, offer.receive)
        if mine <= 0:
            continue
        partner = Board.of(board.seen, offer.partner, board.rng)
        theirs = trade_gain(partner, best_plan(partner), offer.receive, offer.give)
        if theirs >= 0:
            offers.append((mine + theirs, offer))
    best = best_of(offers, lambda pair: pair[0], board.rng)
    return best[1] if best is not None else None


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
    if not junk:
        return None
    return min(junk, key=lambda g: GOOD_WORTH[g])


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


def _client_to_place(board: Board, clients: list[ChooseExplorationClient]) -> Command:
    """Place the client we can serve soonest: its good in hold, its factory built, its tier."""

    def appeal(command: ChooseExplorationClient) -> tuple[int, int, str]:
        good = CLIENTS[command.client].good
        held = good in board.me.goods
        made = board.factory_of(good) is not None
        tier = CLIENTS[command.client].vp_each
        return (2 * held + made, tier if made else -tier, command.client)

    return max(clients, key=appeal)
