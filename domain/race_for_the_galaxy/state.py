"""The state of a Race for the Galaxy match: immutable values only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Options, Rounds, Seat

from .components import DEFAULT_MAX_ROUNDS

Stage = Literal[
    "SETUP",
    "SETUP_DISCARD",
    "SELECT",
    "REVEALED",
    "EXPLORE",
    "DEVELOP_CHOOSE",
    "DEVELOP_PAY",
    "SETTLE_CHOOSE",
    "SETTLE_RESOLVE",
    "CONSUME",
    "PRODUCE",
    "PRODUCE_END",
    "BETWEEN_PHASES",
    "HAND_LIMIT",
    "ROUND_END",
    "OVER",
]
SIMULTANEOUS_STAGES: frozenset[str] = frozenset(
    {"SETUP_DISCARD", "SELECT", "EXPLORE", "DEVELOP_CHOOSE", "SETTLE_CHOOSE", "HAND_LIMIT"}
)
SEQUENTIAL_STAGES: frozenset[str] = frozenset(
    {"DEVELOP_PAY", "SETTLE_RESOLVE", "CONSUME", "PRODUCE"}
)


class RaceOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    max_rounds: Rounds = DEFAULT_MAX_ROUNDS
    advanced_two_player: bool = False


class PhaseInstance(msgspec.Struct, frozen=True):
    phase: str
    instance: int


class Player(msgspec.Struct, frozen=True):
    hand: tuple[int, ...] = ()
    tableau: tuple[int, ...] = ()
    # (world, good card): the good card's identity is known to no one (digest 5.1).
    goods: tuple[tuple[int, int], ...] = ()
    chips: int = 0
    actions: tuple[str, ...] = ()  # sealed until ActionsRevealed
    explored: tuple[int, ...] = ()  # Explore draws waiting to be kept
    keep: int = 0
    choice: int | None = None  # sealed Develop/Settle choice; after the reveal the card set aside
    # Cards in the tableau when the current phase instance started (GP4: only they give powers).
    active: tuple[int, ...] = ()
    used: tuple[tuple[int, int], ...] = ()  # (card, power index) used this phase
    sold: bool = False
    bonus_used: bool = False
    produced: tuple[str, ...] = ()  # kinds of the goods produced this Produce phase


class State(msgspec.Struct, frozen=True):
    n_seats: int
    advanced: bool
    max_rounds: int
    players: tuple[Player, ...]
    # The draw pile as a multiset, sorted: no one has seen its order, so it has none; a card is
    # drawn from it (domain.chance) at the moment it is taken. Only its size is public.
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()  # in the order the cards were put on it, face down
    pool: int = 0
    order: tuple[Seat, ...] = ()  # player order (digest 4.11)
    round: int = 0
    stage: Stage = "SETUP"
    phase: str | None = None
    instance: int = 0
    schedule: tuple[PhaseInstance, ...] = ()  # phase instances still to come this round
    waiting: frozenset[Seat] = frozenset()  # seats still to decide in a simultaneous step
    queue: tuple[Seat, ...] = ()  # seats still to act in a sequential step; the first is on turn
    exhausted: bool = False
    end_reason: str | None = None

    def player(self, seat: Seat) -> Player:
        return self.players[seat]

    def with_player(self, seat: Seat, player: Player) -> State:
        players = list(self.players)
        players[seat] = player
        return msgspec.structs.replace(self, players=tuple(players))
