"""The state of a Kosmonauts match: immutable values rebuilt by folding events (§4.1)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Options, Rounds, Seat
from domain.kosmonauts.commands import Placement
from domain.kosmonauts.components import BODIES, DEFAULT_MAX_CUBES, ORBITS, TANK_SLOTS, Body, Hex
from domain.kosmonauts.flight import EMPTY_ROSE, Rose


class KosmonautsOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    advanced: bool = False
    youngest_seat: Seat = 0  # basic setup: the youngest player deals and places first (A34)
    asteroids_avoidable_by_shield: bool = False  # A4
    gravity_includes_distance_zero: bool = True  # A11
    advanced_mission_dedupe: bool = False  # A16
    auto_resolve_trivial_decisions: bool = True  # §4.3
    max_rounds: Rounds = 100  # A27


Phase = Literal["PLACE_PLANETS", "KEEP_MISSIONS", "EVENT", "ORDERS", "FLIGHT", "PLANETS", "ENDED"]
PHASE_NUMBER: dict[str, int] = {"EVENT": 1, "ORDERS": 2, "FLIGHT": 3, "PLANETS": 4}


OrderKind = Literal["FLY", "STAY"]


class SealedOrder(msgspec.Struct, frozen=True):
    kind: OrderKind
    placements: tuple[Placement, ...] = ()
    convert_shield: bool = False


class MarkerHeld(msgspec.Struct, frozen=True):
    body: Body
    value: int


class Opportunity(msgspec.Struct, frozen=True):
    """§4.6 step 4: a body arrived on a flying ship's hex; its pilot may land there."""

    seat: Seat
    body: Body


class EarthReturn(msgspec.Struct, frozen=True):
    round: int
    phase: int


class Ship(msgspec.Struct, frozen=True):
    """A player's ship and player board."""

    hex: Hex = (0, 0)
    landed_on: Body | None = None  # None while flying
    last_visited: Body = "EARTH"
    rose: Rose = EMPTY_ROSE
    normal: int = 0
    hyper: int = 0
    shields: int = 0
    markers: tuple[MarkerHeld, ...] = ()
    missions: tuple[str, ...] = ()  # private to the holder until the end
    discarded_missions: tuple[str, ...] = ()  # private to the holder for ever
    missions_kept: bool = False
    earth_return: EarthReturn | None = None
    # per-round flags, reset by RoundStarted
    max_cubes: int = DEFAULT_MAX_CUBES
    responded: bool = False
    stay_committed: bool = False
    order: SealedOrder | None = None  # sealed until OrdersRevealed
    staying: bool = False
    flight_done: bool = False

    @property
    def flying(self) -> bool:
        return self.landed_on is None

    @property
    def free_slots(self) -> int:
        return TANK_SLOTS - self.normal - self.hyper


class State(msgspec.Struct, frozen=True):
    n_seats: int
    options: KosmonautsOptions
    phase: Phase = "PLACE_PLANETS"
    round: int = 0
    instructor: Seat = 0
    ships: tuple[Ship, ...] = ()
    planet_hands: tuple[tuple[Body, ...], ...] = ()  # basic placement
    placer: Seat = 0
    orbit_index: tuple[int, ...] = tuple(-1 for _ in BODIES)  # by BODIES order, -1 unplaced
    excluded: frozenset[Body] = frozenset()
    stacks: tuple[tuple[int, ...], ...] = tuple(() for _ in BODIES)
    landing_order: tuple[tuple[Seat, ...], ...] = tuple(() for _ in BODIES)
    face_up: tuple[str, ...] = ()
    draw_pile: tuple[str, ...] = ()  # face down: a multiset (sorted), drawn from when revealed
    discard_pile: tuple[str, ...] = ()
    round_card: str | None = None
    gravity_queue: tuple[Seat, ...] = ()
    gravity_choices: tuple[Body, ...] = ()
    opportunities: tuple[Opportunity, ...] = ()
    end_triggered_round: int | None = None
    end_reason: str | None = None
    final_scores: tuple[int, ...] = ()
    winners: tuple[Seat, ...] = ()
    places: tuple[int, ...] = ()

    @property
    def advanced(self) -> bool:
        return self.options.advanced

    def seats_from_instructor(self) -> tuple[Seat, ...]:
        return tuple((self.instructor + i) % self.n_seats for i in range(self.n_seats))

    def body_hex(self, body: Body) -> Hex:
        return ORBITS[body][self.orbit_index[BODIES.index(body)]]

    def bodies_at(self, h: Hex) -> tuple[Body, ...]:
        return tuple(b for b in BODIES if self.is_placed(b) and self.body_hex(b) == h)

    def is_placed(self, body: Body) -> bool:
        return self.orbit_index[BODIES.index(body)] >= 0

    def stack(self, body: Body) -> tuple[int, ...]:
        return self.stacks[BODIES.index(body)]

    def landers(self, body: Body) -> tuple[Seat, ...]:
        return self.landing_order[BODIES.index(body)]
