"""A greedy Kosmonauts pilot: steer for the bodies still worth a marker or a mission, land on
them, then fly home to Earth to end the match.

It decides only from what its seat may see: `bot` computes `view(state, seat)` and
`legal(state, seat)` and hands them to `choose`, which never touches the state. Each Phase 2
it tries every legal order one round ahead (where the ship ends, where it would coast next)
against where its targets are now and will be after Phase 4, and keeps the cheapest.
It keeps no memory, so every decision replans from the board as it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from domain.game import Command, Seat
from domain.kosmonauts import commands as cmd
from domain.kosmonauts.components import (
    ADVANCED_MARKERS_TO_RETURN,
    BASIC_BODIES_TO_RETURN,
    CUBE_UNITS,
    EVENT_CARDS,
    GRAVITY_RANGE,
    MARKED_SPACES,
    MISSIONS,
    NON_EARTH_BODIES,
    ORBITS,
    VECTORS,
    Body,
    Hex,
)
from domain.kosmonauts.flight import add_units, danger_sector, displacement, distance
from domain.kosmonauts.flight import flight_outcome as outcome_of_flight
from domain.kosmonauts.rules_legal import legal
from domain.kosmonauts.state import State
from domain.kosmonauts.view import BodyView, KosmonautsView, ShipView, view

# Instructor's event card, best first; cards that hurt every ship come last. GRAVITY is
# promoted to the front when it would pull our ship down onto a body we want.
PREFERRED_EVENTS = ("THRUST", "REFUELLING", "ENERGY_CONVERSION", "SOLAR_WIND", "GRAVITY")
# A landed ship this short of fuel stays a round to refuel instead of taking off.
REFUEL_BELOW = 4
# Turning a shield into fuel or ending on a danger hex costs about this many rounds' worth.
SHIELD_COST = 2.0
DANGER_COST = 3.0
# Each cube spent is a little fuel gone; a red cube is twice the thrust.
CUBE_COST = {"NORMAL": 0.05, "HYPER": 0.08}
# A body's marker and mission VP make it a slightly nearer target (per VP).
VP_PULL = 0.15
# A ship with an empty tank whose course is worse than this asks to be evacuated.
STRANDED_COST = 3.0

Aim = tuple[Hex, Hex, int]  # a target's hex now, its hex after Phase 4, and its VP


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    """A legal command for `seat`, chosen from its own view and its legal commands only."""
    return choose(view(state, seat), seat, legal(state, seat), rng)


def choose(
    seen: KosmonautsView, seat: Seat, options: Sequence[Command], rng: random.Random
) -> Command:
    """The decision proper: it sees the seat's view and legal commands, never the state."""
    if not options:
        raise ValueError(f"seat {seat} has nothing to decide in phase {seen.phase}")
    pick = _decide(Outlook(seen, seat), options, rng)
    # A heuristic that misjudged the phase must not cost the match: any legal move will do.
    return pick if pick in options else rng.choice(list(options))


@dataclass(frozen=True)
class Outlook:
    """What the seat knows and wants, read off its view."""

    seen: KosmonautsView
    seat: Seat

    @property
    def me(self) -> ShipView:
        return self.seen.ships[self.seat]

    def body(self, b: Body) -> BodyView:
        return next(v for v in self.seen.bodies if v.body == b)

    def hex_of(self, b: Body) -> Hex | None:
        return self.body(b).hex

    def next_hex(self, b: Body) -> Hex | None:
        """Where the body stands after this round's Phase 4."""
        v = self.body(b)
        if v.hex is None:
            return None
        orbit = ORBITS[b]
        return orbit[(v.orbit_index + 1) % len(orbit)]

    @cached_property
    def missions_open(self) -> dict[Body, int]:
        """Bodies where one landing would still meet one of our secret missions, with its VP."""
        open_: dict[Body, int] = {}
        for card in self.me.missions or ():
            family, b = MISSIONS[card]
            landers = self.body(b).landers
            if self.seat in landers:
                continue
            if family == "I" and not landers:
                open_[b] = open_.get(b, 0) + 2
            elif family != "I" and len(landers) <= 1:
                open_[b] = open_.get(b, 0) + 4
        return open_

    @cached_property
    def markers_open(self) -> dict[Body, int]:
        """Bodies whose first landing still gives us a marker, with its VP."""
        held = {m.body for m in self.me.markers}
        return {
            v.body: v.stack[0]
            for v in self.seen.bodies
            if v.body != "EARTH"
            and v.stack
            and not v.excluded
            and v.body not in held
            and self.seat not in v.landers
        }

    @cached_property
    def qualifies(self) -> bool:
        """§4.5.3: whether landing on Earth now ends our journey (and triggers the end)."""
        if not self.seen.advanced:
            return self.me.bodies_visited >= BASIC_BODIES_TO_RETURN
        non_earth = sum(1 for m in self.me.markers if m.body != "EARTH")
        return non_earth >= ADVANCED_MARKERS_TO_RETURN or not self.markers_open

    @cached_property
    def values(self) -> dict[Body, int]:
        """The VP a landing now would bring, for every body worth landing on."""
        if self.me.earth_return_phase is not None:
            return {}
        worth: dict[Body, int] = {}
        for b in NON_EARTH_BODIES:
            vp = self.markers_open.get(b, 0) + self.missions_open.get(b, 0)
            unvisited = self.seat not in self.body(b).landers
            # The basic game needs 7 visits to go home, so an empty stack is still worth a visit.
            if vp or (not self.seen.advanced and unvisited):
                worth[b] = vp
        if self.qualifies:
            earth = self.body("EARTH").stack
            worth["EARTH"] = earth[0] if earth else 1
        return worth

    @cached_property
    def aims(self) -> tuple[Aim, ...]:
        return tuple(
            (now, then, vp)
            for b, vp in self.targets.items()
            if (now := self.hex_of(b)) is not None and (then := self.next_hex(b)) is not None
        )

    @cached_property
    def targets(self) -> dict[Body, int]:
        """Where to steer: home once qualified, else every body worth a landing."""
        if self.qualifies:
            return {"EARTH": self.values.get("EARTH", 1)}
        return {b: vp for b, vp in self.values.items() if b != "EARTH"} or {"EARTH": 0}


def _decide(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    phase = look.seen.phase
    if phase == "PLACE_PLANETS":
        return _place_planet(look, options, rng)
    if phase == "KEEP_MISSIONS":
        return _keep_missions(look, options, rng)
    if phase == "EVENT":
        return _event(look, options, rng)
    if phase == "ORDERS":
        return _orders(look, options, rng)
    if phase == "FLIGHT":
        return _flight(look, options, rng)
    if phase == "PLANETS":
        arrivals = [
            c for c in options if isinstance(c, cmd.LandOnArrivingBody) and c.body in look.values
        ]
        if arrivals:
            return _best(arrivals, lambda c: look.values[c.body], rng)
        return cmd.DeclineLanding()
    return rng.choice(list(options))


C = TypeVar("C", bound=Command)


def _best(options: Sequence[C], worth: Callable[[C], float], rng: random.Random) -> C:
    """The option worth most; equally good options are drawn at random (issue #15 item 7)."""
    top = max(worth(c) for c in options)
    return rng.choice([c for c in options if worth(c) == top])


def _place_planet(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    """Put bodies near Earth, where every ship starts: shorter flights and an earlier finish."""
    earth = look.hex_of("EARTH")
    placements = [c for c in options if isinstance(c, cmd.PlacePlanet)]
    if earth is None or not placements:
        return rng.choice(list(options))

    def far(c: cmd.PlacePlanet) -> tuple[int, bool, float]:
        where = ORBITS[c.body][c.orbit_index]
        marked = c.orbit_index in MARKED_SPACES[c.body]
        return (distance(where, earth), not marked, rng.random())

    return min(placements, key=far)


def _keep_missions(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    """Keep the pair of missions whose bodies are nearest our ship (Mission II pays more)."""
    here = look.me.hex

    def effort(c: Command) -> float:
        assert isinstance(c, cmd.KeepMissions)
        total = 0.0
        for card in c.keep:
            family, b = MISSIONS[card]
            where = look.hex_of(b)
            total += (distance(here, where) if where is not None else 20) - (
                2 if family == "I" else 4
            )
        return total

    return _best(options, lambda c: -effort(c), rng)


def _event(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    me = look.me
    first = options[0]
    if isinstance(first, cmd.ChooseEventCard):
        return _best(options, lambda c: -_card_rank(look, c), rng)
    if isinstance(first, cmd.ChooseGravityTarget):
        pulls = [c for c in options if isinstance(c, cmd.ChooseGravityTarget)]
        return _best(pulls, lambda c: look.values.get(c.body, -1), rng)
    answers = {c.response: c for c in options if isinstance(c, cmd.RespondToEvent)}
    if "TAKE_HYPERFUEL" in answers:
        return answers["TAKE_HYPERFUEL"]
    converts = [c for c in options if isinstance(c, cmd.RespondToEvent) and c.response == "CONVERT"]
    if converts:
        short = me.normal + me.hyper < REFUEL_BELOW
        return max(converts, key=lambda c: c.amount) if short else answers["DECLINE"]
    if "STAY_ON_BODY" in answers and me.normal + me.hyper < REFUEL_BELOW:
        return answers["STAY_ON_BODY"]  # the wind would blow us off before we refuel
    if "ACCEPT" in answers:
        return answers["ACCEPT"]
    return rng.choice(list(options))


def _card_rank(look: Outlook, c: Command) -> int:
    """Lower is better; cards of one kind are equally good."""
    assert isinstance(c, cmd.ChooseEventCard)
    kind = EVENT_CARDS[c.card][0]
    if kind == "GRAVITY" and _gravity_helps(look):
        return -1
    return PREFERRED_EVENTS.index(kind) if kind in PREFERRED_EVENTS else len(PREFERRED_EVENTS)


def _gravity_helps(look: Outlook) -> bool:
    """Gravity pulls a flying ship to its nearest body within range: good if that is a target."""
    me = look.me
    if me.landed_on is not None:
        return False
    apart = {v.body: distance(me.hex, v.hex) for v in look.seen.bodies if v.hex is not None}
    near = {b: d for b, d in apart.items() if d <= GRAVITY_RANGE}
    return bool(near) and any(b in look.targets for b, d in near.items() if d == min(near.values()))


def _flight(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    landings = [c for c in options if isinstance(c, cmd.ResolveFlight) and c.land_on is not None]
    worth = [c for c in landings if c.land_on in look.values]
    if worth:
        return _best(worth, lambda c: look.values[c.land_on or "EARTH"], rng)
    for c in options:
        if isinstance(c, cmd.Refuel):
            return c  # QUICK first in the advanced game: fuel without spending a shield
    # A12: with an empty tank a ship cannot steer; drifting away from every target, it asks to
    # be brought back to its last body, where it can refuel.
    me = look.me
    stranded = me.normal + me.hyper == 0 and (
        _course_cost(look.aims, me.hex, displacement(me.rose)) > STRANDED_COST
    )
    if stranded and cmd.RequestEvacuation() in options:
        return cmd.RequestEvacuation()
    if cmd.ResolveFlight(land_on=None) in options:
        return cmd.ResolveFlight(land_on=None)
    return rng.choice(list(options))


def _orders(look: Outlook, options: Sequence[Command], rng: random.Random) -> Command:
    me = look.me
    stay = cmd.StayOnBody(convert_shield=False)
    if me.landed_on is not None and me.normal + me.hyper < REFUEL_BELOW and stay in options:
        return stay
    aims = look.aims
    drift = displacement(me.rose)
    by_shift: dict[Hex, float] = {}
    ranked: list[tuple[float, float, cmd.SubmitOrders]] = []
    for c in options:
        if not isinstance(c, cmd.SubmitOrders):
            continue
        # Cancelling opposite units never changes the net shift, so the vectors simply add up.
        q, r = drift
        for p in c.placements:
            units = CUBE_UNITS[p.cube]
            q += VECTORS[p.direction][0] * units
            r += VECTORS[p.direction][1] * units
        if (q, r) not in by_shift:
            by_shift[(q, r)] = _course_cost(aims, me.hex, (q, r))
        cost = by_shift[(q, r)] + sum(CUBE_COST[p.cube] for p in c.placements)
        cost += SHIELD_COST if c.convert_shield else 0.0
        # Equally cheap courses are drawn at random (rounded: sums of costs in other orders).
        ranked.append((round(cost, 9), rng.random(), c))
    ranked.sort(key=lambda t: (t[0], t[1]))
    # Only the final hex counts, but a route must miss the Sun and stay on the board (A6-A7):
    # check that for the cheapest courses only, as it is the dear part.
    for _, _, c in ranked:
        rose = me.rose
        for p in c.placements:
            rose, _ = add_units(rose, p.direction, CUBE_UNITS[p.cube])
        if outcome_of_flight(me.hex, rose) == "OK":
            return c
    return ranked[0][2] if ranked else rng.choice(list(options))


def _course_cost(aims: Sequence[Aim], start: Hex, shift: Hex) -> float:
    """How far this velocity leaves us from the best target, in rough rounds of flying."""
    end = (start[0] + shift[0], start[1] + shift[1])
    after = (end[0] + shift[0], end[1] + shift[1])
    best = 50.0
    for now, then, vp in aims:
        if end == now:
            cost = 0.0
        elif end == then:
            cost = 0.5
        else:
            cost = 1 + distance(end, then) + 0.5 * distance(after, then)
        best = min(best, cost - VP_PULL * vp)
    return best + (DANGER_COST if danger_sector(end) else 0.0)
