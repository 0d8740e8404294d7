"""The facts of a Race for the Galaxy match and who may see each (digest 3.5, 4.13, 5.1).

Every hidden fact has a private or secret event (`...Detail`, `...Sealed`, `GoodCardPlaced`)
beside a public event stating what everyone saw (counts, who chose). The draw pile has no order
(state.py), so no event carries one: each card is named by the event that takes it from the pile.
"""

from __future__ import annotations

from typing import ClassVar

from domain.game import GameEvent, Seat, Visibility

from .state import PhaseInstance


class _OwnerOnly(GameEvent, frozen=True):
    seat: Seat

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class _Secret(GameEvent, frozen=True):
    def visibility(self) -> Visibility:
        return Visibility.no_one()


# --- setup -------------------------------------------------------------------------------------


class PoolFilled(GameEvent, frozen=True):
    pool: int


class StartWorldsDealt(GameEvent, frozen=True):
    worlds: tuple[int, ...]  # one per seat, face up


class PlayerOrderSet(GameEvent, frozen=True):
    order: tuple[Seat, ...]


class DeckShuffled(GameEvent, frozen=True):
    """The draw pile is formed, face down: at setup from every card not in a tableau; on a
    reshuffle (digest 7.2) from the first `size` cards put on the discard pile (all of it but a
    card the emptying draw revealed and discarded). Which cards they are is not said."""

    size: int
    reshuffle: bool  # False for the setup shuffle, True when the discard pile becomes the deck


class InitialDiscardRequested(GameEvent, frozen=True):
    count: int


class InitialCardsDiscarded(GameEvent, frozen=True):
    seat: Seat
    count: int


# --- cards and goods moving ----------------------------------------------------------------------


class CardsDrawn(GameEvent, frozen=True):
    seat: Seat
    count: int
    reason: str


class CardsDrawnDetail(_OwnerOnly, frozen=True):
    reveals: ClassVar[bool] = True
    cards: tuple[int, ...]
    reason: str


class CardsDiscardedDetail(_OwnerOnly, frozen=True):
    cards: tuple[int, ...]
    reason: str


class DrawShortfall(GameEvent, frozen=True):
    """Digest 7.2: draw pile and discard pile are both empty; fewer cards were drawn."""

    seat: Seat
    requested: int
    delivered: int
    reason: str


class GoodPlaced(GameEvent, frozen=True):
    seat: Seat
    world: int
    good: str
    reason: str


class GoodCardPlaced(_Secret, frozen=True):
    seat: Seat
    world: int
    card: int


# --- round and action selection ------------------------------------------------------------------


class RoundStarted(GameEvent, frozen=True):
    round: int


class ActionChosen(GameEvent, frozen=True):
    """Public: the seat has chosen (sealed)."""

    seat: Seat


class ActionChoiceSealed(_OwnerOnly, frozen=True):
    actions: tuple[str, ...]


class ActionsRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    selections: tuple[tuple[str, ...], ...]
    schedule: tuple[PhaseInstance, ...]


class PhaseStarted(GameEvent, frozen=True):
    phase: str
    instance: int
    bonus_seats: tuple[Seat, ...]


class PhaseEnded(GameEvent, frozen=True):
    phase: str
    instance: int


class TurnFinished(GameEvent, frozen=True):
    seat: Seat
    phase: str


# --- Explore -------------------------------------------------------------------------------------


class ExploreDrawn(GameEvent, frozen=True):
    seat: Seat
    count: int
    keep: int


class ExploreDrawnDetail(_OwnerOnly, frozen=True):
    reveals: ClassVar[bool] = True
    cards: tuple[int, ...]
    keep: int


class ExploredCardsKept(GameEvent, frozen=True):
    seat: Seat
    kept: int
    discarded: int


class ExploredCardsKeptDetail(_OwnerOnly, frozen=True):
    kept: tuple[int, ...]
    discarded: tuple[int, ...]


# --- Develop and Settle --------------------------------------------------------------------------


class DevelopmentChosen(GameEvent, frozen=True):
    seat: Seat


class DevelopmentChoiceSealed(_OwnerOnly, frozen=True):
    card: int | None


class DevelopmentsRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    choices: tuple[int | None, ...]


class DevelopmentPlaced(GameEvent, frozen=True):
    seat: Seat
    card: int
    cost: int


class WorldChosen(GameEvent, frozen=True):
    seat: Seat


class WorldChoiceSealed(_OwnerOnly, frozen=True):
    card: int | None


class WorldsRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    choices: tuple[int | None, ...]


class TableauCardDiscarded(GameEvent, frozen=True):
    seat: Seat
    card: int
    reason: str


class WorldPlaced(GameEvent, frozen=True):
    seat: Seat
    card: int
    method: str
    cost: int
    military: int


# --- Consume and Produce -------------------------------------------------------------------------


class GoodSold(GameEvent, frozen=True):
    seat: Seat
    world: int
    good: str
    drawn: int


class ConsumePowerUsed(GameEvent, frozen=True):
    seat: Seat
    card: int
    power: int
    worlds: tuple[int, ...]
    hand_discarded: int
    vp: int


class VPAwarded(GameEvent, frozen=True):
    seat: Seat
    amount: int
    card: int


class VPPoolExhausted(GameEvent, frozen=True):
    round: int


class GambleRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    seat: Seat
    number: int
    card: int | None
    kept: bool


class ProducePowerUsed(GameEvent, frozen=True):
    seat: Seat
    card: int | None
    power: int
    world: int


# --- end of round and game -----------------------------------------------------------------------


class HandLimitDue(GameEvent, frozen=True):
    seats: tuple[Seat, ...]


class HandLimitDiscarded(GameEvent, frozen=True):
    seat: Seat
    count: int


class RoundEnded(GameEvent, frozen=True):
    round: int
    triggers: tuple[str, ...]


class GameEnded(GameEvent, frozen=True):
    scores: tuple[int, ...]
    tiebreaks: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: str


Event = (
    PoolFilled
    | StartWorldsDealt
    | PlayerOrderSet
    | DeckShuffled
    | InitialDiscardRequested
    | InitialCardsDiscarded
    | CardsDrawn
    | CardsDrawnDetail
    | CardsDiscardedDetail
    | DrawShortfall
    | GoodPlaced
    | GoodCardPlaced
    | RoundStarted
    | ActionChosen
    | ActionChoiceSealed
    | ActionsRevealed
    | PhaseStarted
    | PhaseEnded
    | TurnFinished
    | ExploreDrawn
    | ExploreDrawnDetail
    | ExploredCardsKept
    | ExploredCardsKeptDetail
    | DevelopmentChosen
    | DevelopmentChoiceSealed
    | DevelopmentsRevealed
    | DevelopmentPlaced
    | WorldChosen
    | WorldChoiceSealed
    | WorldsRevealed
    | TableauCardDiscarded
    | WorldPlaced
    | GoodSold
    | ConsumePowerUsed
    | VPAwarded
    | VPPoolExhausted
    | GambleRevealed
    | ProducePowerUsed
    | HandLimitDue
    | HandLimitDiscarded
    | RoundEnded
    | GameEnded
)
