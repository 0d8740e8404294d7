"""A Delta V player with a perfect memory: it learns tiles, guards them, and claims contracts it knows.

Honesty. `bot` computes `view(state, seat)` with the `memory_aid` option switched on and hands
that view, the seat's legal commands and the public manifest to `choose`, which never touches the
state. The memory-aid map is, by the game's own definition (`view._known_tiles`, §5 item 3), the
faces of tiles this seat has peeked itself (its prospects, surveys and scans) plus those everyone
saw turned over in a contract attempt (public `TileRevealed` events). A player at the table may
remember all of these; the option only decides whether the UI keeps showing them, so the bot sees
exactly what a player with a flawless memory knows, and no face-down face it has not seen.

Play. Each turn it explores (rockets out to unknown tiles, then Prospect; a Satellite Survey when
its rockets are busy), leaves rockets on tiles worth guarding, and in the contract step declares
the contract it can complete from known revealable tiles (bribing a mismatch when the tile is worth
more than the bribe's 2 points). When no such contract exists and the attempt is compulsory, it
fails on purpose on a tile it knows will not match, or collects a known incident that way, and
reveals unknown tiles only when it must. It rams rival rockets off known tiles it needs, avoids
plans a rival could bid out, bids up when the needed mineral looks scarce, plays its incidents,
and ends the game by filling the field when leading. When no open contract can be met any more (or
the match drags past round LATE_ROUND) it wraps the game up: rockets onto every tile, or, if they
cannot cover the field, Alien Encounters turned over until the fifth.

Everything it needs from the view is public or this seat's own: cells, rockets, the alien, bribes
and incidents held, collections, contracts, scores, the open attempt, and the memory-aid map. The
number of tiles of each mineral comes from the manifest, whose id every seat sees in GameCreated.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from msgspec.structs import replace

from domain.game import Command, Seat

from . import commands as c
from .components import (
    ALIEN_ENCOUNTERS,
    MANIFESTS,
    OMNIDIUM,
    ROCKETS_PER_PLAYER,
    SPENT_BRIBE_PENALTY,
    Face,
    Manifest,
    Mineral,
    Position,
)
from .rules_legal import legal
from .state import State
from .view import CellView, DeltaVView, PlayerView, view

# A blind reveal is worth risking (when the attempt is compulsory anyway) from this chance on.
BLIND_CHANCE = 0.3
# Keep buying rockets while fewer than this many are in play: more rockets, faster prospecting.
ROCKETS_WANTED = 5
# A Satellite Survey costs 2 points; it is worth it only while this many bribes are unspent.
SURVEY_MIN_BRIBES = 4
# From this round on the game is wrapped up as if no contract could be met any more: matches
# where rivals guard tiles or bid each other out can otherwise run to the round limit.
LATE_ROUND = 40
# A mineral is scarce (worth a bid-up) when an unknown tile matches it at most this often.
SCARCE = 0.08
# Steal what hurts most and helps us most: free peeks and rockets before blocking cards.
STEAL_ORDER = ("MINERAL_SCAN", "SABOTAGE", "ROCKET_ACQUISITION", "PIRATE_ATTACK", "METEOR_STORM")


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    remembered = replace(state, options=replace(state.options, memory_aid=True))
    seen = view(remembered, seat)
    table = MANIFESTS[state.options.manifest_id]  # public component data, named in GameCreated
    return choose(seen, seat, legal(state, seat), table, rng)


def choose(
    seen: DeltaVView,
    seat: Seat,
    commands: Sequence[Command],
    table: Manifest,
    rng: random.Random,
) -> Command:
    """The decision from what the seat sees; any surprise falls back to a random legal command."""
    if not commands:
        raise ValueError(f"seat {seat} has no legal command in phase {seen.phase}")
    try:
        picked = _Seat(seen, seat, list(commands), table, rng).decide()
    except (LookupError, ValueError, AssertionError):
        picked = None
    return picked if picked is not None else rng.choice(list(commands))


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


class _Seat:
    """One decision of one seat, from its view and legal commands only."""

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

    # --- what the seat can tell from its view -------------------------------------------

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
        return max((p for p in plans if p is not None), key=lambda p: p.value, default=None)

    def best_plan(self, tiles: dict[Position, Face] | None = None) -> Plan | None:
        tiles = self.usable_tiles() if tiles is None else tiles
        plans = [
            plan_for(k.contract.contract_id, k.contract.requirements, tiles, self.my_bribes)
            for k in self.seen.contracts
            if k.fulfilled_by is None
        ]
        # An exposed plan only shows rivals our tiles: they bid up and the attempt fails.
        found = [p for p in plans if p is not None and p.value > 0 and not self.exposed(p, tiles)]
        return max(found, key=lambda p: p.value, default=None)

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

    def first(self, kind: type) -> Command | None:
        return next((x for x in self.commands if isinstance(x, kind)), None)

    # --- the decisions ---------------------------------------------------------------------

    def decide(self) -> Command | None:
        phase = self.seen.phase
        if phase in ("PRE_ACTION_WINDOW", "PRE_CONTRACT_WINDOW"):
            # "Take that" cards are for using: a lost action or a lost attempt sets a rival back.
            return self.first(c.PlayPirateAttack) or self.first(c.PlayMeteorStorm)
        if phase == "ACTION":
            return self.incident() or self.action()
        if phase == "PROSPECT_DECISION":
            return self.prospect_reveal()
        if phase == "SCAN_PEEKING":
            return self.scan()
        if phase == "ALIEN_DECISION":
            return self.alien()
        if phase == "CONTRACT_DECLARATION":
            return self.incident() or self.declare()
        if phase in ("CONTRACT_REVEAL", "BID_UP_REVEAL"):
            return self.reveal()
        if phase == "REPLACEMENT_DECISION":
            return self.replacement()
        if phase == "BID_UP_WINDOW":
            return self.bid_up()
        return None

    def incident(self) -> Command | None:
        """Free own-turn incidents: a rocket, peeks, and a rival rocket knocked off its tile."""
        if acquisition := self.first(c.UseRocketAcquisition):
            return acquisition
        if self.seen.phase == "ACTION" and self.unknown and (scan := self.first(c.UseMineralScan)):
            return scan
        sabotage = [
            x
            for x in self.commands
            if isinstance(x, c.UseSabotage) and self.rocket_cell(x.target_rocket_id) is not None
        ]
        if sabotage:
            # Knock a rival off the best tile we know, and take its place with a station rocket.
            def worth(x: c.UseSabotage) -> tuple[int, bool]:
                at = self.rocket_cell(x.target_rocket_id)
                assert at is not None
                face = self.known.get(at)
                follow = x.follow_up_rocket_id is not None and x.follow_up_rocket_id in (
                    self.me.station_rockets
                )
                return (face.value if face and face.mineral else 0, follow)

            return max(sabotage, key=worth)
        return None

    def rocket_cell(self, rocket_id: str) -> Position | None:
        return next((p for p, cell in self.cells.items() if rocket_id in cell.rockets), None)

    def clash(self, station: list[str]) -> Command | None:
        """Ram rival rockets off known tiles that would let us claim a better contract now: each
        arriving rocket sends itself and one rival rocket back to the shipyards (§4.6.1)."""
        rammable = {
            p: f
            for p, f in self.known.items()
            if not self.cells[p].alien and 0 < len(self.theirs(p)) <= len(station)
        }
        if not rammable:
            return None
        now = self.best_plan()
        plan = self.best_plan({**self.usable_tiles(), **rammable})
        if plan is None or (now is not None and plan.value <= now.value):
            return None
        targets = [p for p in (*plan.natural, *(q for q, _ in plan.bribed)) if p in rammable]
        arrivals = [p for p in targets for _ in self.theirs(p)]
        if not arrivals or len(arrivals) > len(station):
            return None
        return c.MoveRockets(
            tuple(c.RocketMove(r, p) for r, p in zip(station, arrivals, strict=False))
        )

    def worth_guarding(self, p: Position) -> bool:
        face = self.known.get(p)
        if face is None or face.mineral is None:
            return False
        return face.mineral == OMNIDIUM or (self.open_needs[face.mineral] > 0 and face.value >= 2)

    def action(self) -> Command | None:
        station = [r for r in self.me.station_rockets if self.rocket_cell(r) is None]
        free = [
            p for p, cell in self.cells.items() if not cell.rockets and not cell.alien
        ]  # tiles a rocket can land on without a collision
        if self.ending and station and len(free) <= len(station):
            # Fill the field: the game ends with this turn (§6), and we are ahead or nothing
            # is left to play for.
            moves = tuple(c.RocketMove(r, p) for r, p in zip(station, free, strict=False))
            if moves:
                return c.MoveRockets(moves)
        if not self.stalled and (clash := self.clash(station)):
            return clash
        if self.stalled:
            # Nothing left to win: cover the field with every rocket we have, so it ends.
            moves = tuple(c.RocketMove(r, p) for r, p in zip(station, free, strict=False))
            if moves:
                return c.MoveRockets(moves)
            if self.me.shipyard:
                return self.first(c.BuyRocket)
            if prospect := self.first(c.Prospect):
                return prospect  # keeps every rocket where it covers a tile
        on_tiles = [
            (r, p) for p, cell in self.cells.items() for r in self.mine(p) if not cell.alien
        ]
        if any(p in self.unknown for _, p in on_tiles):
            return self.first(c.Prospect)
        in_play = len(station) + len(on_tiles)
        if self.me.shipyard and in_play < ROCKETS_WANTED:
            return self.first(c.BuyRocket)
        targets = [p for p in free if p in self.unknown and self.cells[p].status == "FACE_DOWN"]
        self.rng.shuffle(targets)
        if not self.ending and len(targets) == len(free):
            targets = targets[:-1]  # never be the one who fills the field while behind
        recall = [r for r, p in on_tiles if not self.worth_guarding(p)]
        moves = [c.RocketMove(r, "STATION") for r in recall]
        moves += [c.RocketMove(r, p) for r, p in zip(station, targets, strict=False)]
        if moves:
            return c.MoveRockets(tuple(moves))
        if self.me.shipyard:
            return self.first(c.BuyRocket)
        if survey := self.survey():
            return survey
        guard = [p for p in free if self.worth_guarding(p)]
        if not self.ending:
            guard = guard[: len(free) - 1]
        if station and guard:
            return c.MoveRockets((c.RocketMove(station[0], guard[0]),))
        if on_tiles:
            # Everything is guarded: free the rocket on the least valuable tile for next turn.
            r, _ = min(
                on_tiles, key=lambda rp: self.known[rp[1]].value if rp[1] in self.known else 0
            )
            return c.MoveRockets((c.RocketMove(r, "STATION"),))
        return self.first(c.Prospect)

    def survey(self) -> Command | None:
        if len(self.me.unspent_bribes) < SURVEY_MIN_BRIBES:
            return None
        lines: list[list[Position]] = []
        for i in range(7):
            lines.append([(i, j) for j in range(7)])
            lines.append([(j, i) for j in range(7)])
        best: list[Position] = []
        for line in lines:
            eligible = [p for p in line if p in self.cells and self.revealable(p)]
            fresh = [p for p in eligible if p not in self.known]
            if len(eligible) >= 3 and len(fresh) >= 3 and len(fresh) > len(best):
                best = fresh
        if len(best) < 3:
            return None
        # Pay with the bribe whose mineral open contracts need least.
        bribe = min(self.me.unspent_bribes, key=lambda b: self.open_needs[b.mineral])
        return c.SatelliteSurvey(bribe.bribe_id, tuple(self.rng.sample(best, 3)))

    def prospect_reveal(self) -> Command | None:
        options = [
            (x, x.position)
            for x in self.commands
            if isinstance(x, c.ChooseProspectReveal) and x.position is not None
        ]
        return self.take_incident(options) or c.ChooseProspectReveal(None)

    def take_incident(self, options: list[tuple[Command, Position]]) -> Command | None:
        """A non-alien incident is a free card; an Alien Encounter only as the winning fifth."""
        for x, position in options:
            face = self.known.get(position)
            if face is not None and face.incident is not None and self.worth_turning(face):
                return x
        return None

    def worth_turning(self, face: Face) -> bool:
        """Turning an incident over: any card but an alien, which only to end the game ahead."""
        if face.incident != "ALIEN_ENCOUNTER":
            return True
        return self.hunting or (self.seen.encounters == ALIEN_ENCOUNTERS - 1 and self.leading)

    def scan(self) -> Command | None:
        peeks = [x for x in self.commands if isinstance(x, c.ScanPeek)]
        fresh = [x for x in peeks if x.position in self.unknown and self.revealable(x.position)]
        if fresh:
            return self.rng.choice(fresh)
        finish = [
            (x, x.reveal_position)
            for x in self.commands
            if isinstance(x, c.FinishMineralScan) and x.reveal_position is not None
        ]
        return self.take_incident(finish) or c.FinishMineralScan(None)

    def alien(self) -> Command | None:
        rivals = [s for s in range(len(self.seen.players)) if s != self.seat]
        # Lock the rival rockets on the most crowded tile (they cannot move, nor reveal it).
        crowded = max(self.cells, key=lambda p: len(self.theirs(p)))
        alien_to = crowded if self.theirs(crowded) and not self.mine(crowded) else None
        if alien_to is None or self.stalled:
            # Else park it on a face-up Alien Encounter, where it hides no tile from anyone: a
            # face-down tile under it is out of play, and may be the last alien or mineral.
            parked = [p for p, cell in self.cells.items() if cell.status == "ALIEN_TILE"]
            alien_to = self.rng.choice(parked) if parked else None
        steal: c.Steal | None = None
        for kind in STEAL_ORDER:
            for s in rivals:
                held = next((i for i in self.seen.players[s].incidents if i.kind == kind), None)
                if held is not None and steal is None:
                    steal = c.Steal(s, incident_id=held.incident_id)
        if steal is None:
            leader = max(rivals, key=lambda s: self.seen.players[s].score)
            bribes = self.seen.players[leader].unspent_bribes
            if bribes:
                bribe = max(bribes, key=lambda b: self.open_needs[b.mineral])
                steal = c.Steal(leader, bribe_id=bribe.bribe_id)
        return c.ResolveAlienEncounter(alien_to, steal)

    def declare(self) -> Command | None:
        declares = {x.contract_id: x for x in self.commands if isinstance(x, c.DeclareContract)}
        plan = self.best_plan()
        if plan is not None and plan.contract_id in declares:
            return declares[plan.contract_id]
        if skip := self.first(c.SkipContractStep):
            return skip
        if not declares:
            return None
        if self.hunting:
            return self.rng.choice(list(declares.values()))  # any attempt: it hunts the aliens
        # Compulsory attempt: a blind try worth its risk, else a known failure, else blind anyway.
        blind = self.blind_choice(list(declares))
        if blind is not None and blind[1] >= BLIND_CHANCE:
            return declares[blind[0]]
        for cid in declares:
            if self.safe_failure(self.contract_needs(cid)) is not None:
                return declares[cid]
        for cid in declares:
            if self.doubled(self.contract_needs(cid)):
                return declares[cid]
        return declares[blind[0]] if blind is not None else self.rng.choice(list(declares.values()))

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
        return min(
            misses,
            key=lambda p: (self.open_needs[tiles[p].mineral or OMNIDIUM], tiles[p].value),
            default=None,
        )

    def reveal(self) -> Command | None:
        reveals = {x.position for x in self.commands if isinstance(x, c.RevealTile)}
        attempt = self.seen.attempt
        assert attempt is not None
        tiles = {p: f for p, f in self.usable_tiles().items() if p in reveals}
        plan = self.attempt_plan(tiles, self.my_bribes)
        if plan is not None:
            return c.RevealTile(plan.next_tile)
        needs = self.attempt_needs()[0]
        unknown = [p for p in self.unknown if p in reveals]
        if self.hunting:
            aliens = [p for p, f in tiles.items() if f.incident == "ALIEN_ENCOUNTER"]
            if aliens or unknown:
                return c.RevealTile(self.rng.choice(aliens or unknown))
        for i, blind in enumerate(needs):
            rest = needs[:i] + needs[i + 1 :]
            if self.chance(blind) < BLIND_CHANCE or not unknown:
                continue
            near = plan_for(attempt.contract_id, rest, tiles, self.my_bribes) if rest else None
            if near is not None:
                return c.RevealTile(near.next_tile)
            if not rest:
                return c.RevealTile(self.rng.choice(unknown))
        if (safe := self.safe_failure(self.unfilled())) is not None:
            return c.RevealTile(safe)
        if doubled := self.doubled(self.unfilled()):
            return c.RevealTile(doubled[0])  # its twin will then fail the attempt harmlessly
        if unknown:
            return c.RevealTile(self.rng.choice(unknown))
        harmless = [p for p, f in tiles.items() if f.incident != "ALIEN_ENCOUNTER"]
        return c.RevealTile(self.rng.choice(harmless)) if harmless else None

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

    def replacement(self) -> Command | None:
        """Bribe the mismatch into a needed mineral when the known tiles then complete the
        contract and its tiles are worth more than the bribe's 2 points."""
        attempt = self.seen.attempt
        assert attempt is not None
        if sum(t.face.value for t in attempt.tiles) <= SPENT_BRIBE_PENALTY:
            return self.first(c.AcceptFailure)
        bribes = {b.bribe_id: b.mineral for b in self.me.unspent_bribes}
        tiles = self.usable_tiles()
        for x in self.commands:
            if not isinstance(x, c.ReplaceMineral):
                continue
            mineral = bribes[x.bribe_id]
            spare = self.my_bribes.copy()
            spare[mineral] -= 1
            for needs in self.attempt_needs():
                if mineral not in needs:
                    continue
                rest = list(needs)
                rest.remove(mineral)
                if not rest or plan_for(attempt.contract_id, rest, tiles, spare) is not None:
                    return x
        return self.first(c.AcceptFailure)

    def bid_up(self) -> Command | None:
        """Bid when the active player will likely fail to find one more tile of that mineral."""
        attempt = self.seen.attempt
        assert attempt is not None
        stake = sum(t.face.value for t in attempt.tiles)
        active = self.seen.players[self.seen.active]
        best: tuple[float, Command] | None = None
        for x in self.commands:
            if not isinstance(x, c.BidUp):
                continue
            mineral = next(b.mineral for b in self.me.unspent_bribes if b.bribe_id == x.bribe_id)
            if any(b.mineral == mineral for b in active.unspent_bribes):
                continue  # they can bribe any mineral tile into it
            known_for_them = [
                p
                for p, f in self.known.items()
                if f.mineral in (mineral, OMNIDIUM) and not self.cells[p].alien and not self.mine(p)
            ]
            if known_for_them or self.chance(mineral) > SCARCE:
                continue
            # They may have peeked a tile we do not know of: count on some success anyway.
            success = self.chance(mineral) + 0.2
            gain = (1 - success) * stake - success * (SPENT_BRIBE_PENALTY + 3)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, x)
        return best[1] if best is not None else self.first(c.PassBidUp)
