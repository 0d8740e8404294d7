"""The state of a Duck Dealer match (rules digest §4.0): immutable values folded from events."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Options, Result, Rounds, Seat

from .components import (
    CARGO_HOLD_SIZE,
    CARGO_TOKENS,
    CENTRAL_HOLD,
    CREW_COLOR,
    CUBES_PER_PLAYER,
    ENERGY_PER_COLOR,
    FACTORIES,
    PRIVILEGE_MARKERS,
    SLOT_MARKS,
    Energy,
    Good,
    Part,
    SiteKind,
    speed_for,
)

Phase = Literal[
    "bidding", "choosing_positions", "starting_parts", "starting_planets", "main", "over"
]
TurnKind = Literal["none", "accumulate", "action"]
TurnTrackMode = Literal["shared", "per_player"]


class DuckDealerOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """§3.1 auction variant; §6 turn-track mode (shared is the digest's verdict, §8 A1); §8 A8, A4."""

    # The game ends by itself: between two action turns at most 120 accumulations can take a
    # real token, and 24 action turns end it, so ~3000 player turns at most (1500 rounds at 2).
    max_rounds: Rounds = 1600
    first_player: Seat = 0
    auction: bool = False
    turn_track_mode: TurnTrackMode = "shared"
    free_segments_anytime: bool = False
    fixed_start_mines: bool = False


class Player(msgspec.Struct, frozen=True):
    energy: Energy = Energy()
    virtual: Energy = Energy()
    goods: tuple[Good, ...] = ()  # a sorted multiset
    vp: int = 0
    slots: tuple[Part | None, ...] = tuple(None for _ in SLOT_MARKS)
    location: str | None = None
    cubes: int = CUBES_PER_PLAYER - 1  # the score marker comes out of the 30 (§3 step 6)
    markers: int = PRIVILEGE_MARKERS
    portal_placed: bool = False
    sealed_bid: int | None = None  # hidden from the other seats until revealed (§5)
    first_bid: int = 0
    bid: int = 0  # the bid that counts, subtracted at the end (§3.1)
    starting_parts_placed: bool = False
    action_turns: int = 0

    @property
    def used_slots(self) -> int:
        return sum(1 for part in self.slots if part is not None)

    @property
    def speed(self) -> int:
        return speed_for(self.used_slots)

    @property
    def capacity(self) -> int:
        return CENTRAL_HOLD + CARGO_HOLD_SIZE * sum(1 for part in self.slots if part == "CARGO")

    @property
    def crew(self) -> Energy:
        crew = Energy()
        for part in self.slots:
            if part is not None and part in CREW_COLOR:
                crew = crew.plus(CREW_COLOR[part], 1)
        return crew

    def holds(self, goods: tuple[Good, ...]) -> bool:
        return all(self.goods.count(good) >= goods.count(good) for good in set(goods))


class Site(msgspec.Struct, frozen=True):
    kind: SiteKind
    planet: str
    slot: int
    built: bool
    privilege: Seat | None = None


class Exploration(msgspec.Struct, frozen=True):
    planet: str
    options: tuple[str, ...]


class Trade(msgspec.Struct, frozen=True):
    trade_id: int
    proposer: Seat
    partner: Seat
    give: tuple[Good, ...]
    receive: tuple[Good, ...]


class Portal(msgspec.Struct, frozen=True):
    owner: Seat
    entrance: str
    exit: str


class State(msgspec.Struct, frozen=True):
    n_seats: int
    options: DuckDealerOptions
    players: tuple[Player, ...]
    phase: Phase = "bidding"
    turn_order: tuple[Seat, ...] = ()
    tie_order: tuple[Seat, ...] = ()  # §3.1: seats still tied after the re-bid, chance's order
    bidders: tuple[Seat, ...] = ()
    bid_round: int = 1
    choosers: tuple[Seat, ...] = ()  # auction: who picks a turn position, best bid first
    chosen_positions: tuple[tuple[Seat, int], ...] = ()
    setup_index: int = 0
    active: Seat | None = None
    player_turn_seq: int = 0
    turn_kind: TurnKind = "none"
    is_bonus: bool = False
    turn_number: int = 0
    free_segments_left: int = 0
    window_open: bool = False
    allowance: int = 0
    privilege_sessions: frozenset[str] = frozenset()
    exploration: Exploration | None = None
    trade: Trade | None = None
    trade_seq: int = 0
    turn_track: tuple[Seat, ...] = ()
    client_track: tuple[str, ...] = ()
    factory_reserve: tuple[str, ...] = tuple(FACTORIES)
    sites: dict[str, Site] = {}
    route_cubes: dict[str, Seat] = {}
    portals: tuple[Portal, ...] = ()
    explored: frozenset[str] = frozenset()
    supply: Energy = Energy(ENERGY_PER_COLOR, ENERGY_PER_COLOR, ENERGY_PER_COLOR)
    cargo_supply: int = CARGO_TOKENS
    result: Result | None = None

    def player(self, seat: Seat) -> Player:
        return self.players[seat]

    def with_player(self, seat: Seat, player: Player) -> State:
        players = list(self.players)
        players[seat] = player
        return msgspec.structs.replace(self, players=tuple(players))

    def sites_at(self, planet: str) -> dict[str, Site]:
        return {sid: site for sid, site in self.sites.items() if site.planet == planet}

    def portal_from(self, planet: str) -> Portal | None:
        return next((p for p in self.portals if p.entrance == planet), None)

    @property
    def round(self) -> int:
        """Rounds for `max_rounds`: there are none in the rules, so one pass of all seats' turns."""
        return (self.player_turn_seq - 1) // self.n_seats + 1


def sorted_goods(goods: list[Good] | tuple[Good, ...]) -> tuple[Good, ...]:
    return tuple(sorted(goods))


def without(goods: tuple[Good, ...], spent: tuple[Good, ...]) -> tuple[Good, ...]:
    left = list(goods)
    for good in spent:
        left.remove(good)
    return tuple(left)


def bid_ranking(state: State) -> tuple[int, ...]:
    """§3.1: first bids decide; a re-bid orders the tied; what remains tied falls to the order
    chance gave it (`BidTieBroken`), seat order until then."""
    return tuple(
        sorted(
            range(state.n_seats), key=lambda seat: (*bid_key(state, seat), tie_rank(state, seat))
        )
    )


def bid_key(state: State, seat: int) -> tuple[int, int]:
    """§3.1: a seat's place by its bids alone (lower first): first bid, then the re-bid."""
    return -state.players[seat].first_bid, -state.players[seat].bid


def tie_rank(state: State, seat: int) -> int:
    return state.tie_order.index(seat) if seat in state.tie_order else 0
