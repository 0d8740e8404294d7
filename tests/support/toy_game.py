"""A tiny game for testing the platform apart from any real game's rules.

Seats take turns. `Take(n)` removes 1-3 stars from a public pile (no chance: undoable);
`Draw()` draws a card from a face-down deck (a multiset: its order is nobody's) into the drawer's
secret hand (chance, private: never undoable). Setup turns one card of the deck face up for all
to see; with `chance_first`, it also draws the first seat. The match ends when the pile is empty; a score is stars taken plus cards held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from domain.game import (
    Chance,
    Command,
    GameEvent,
    IllegalMove,
    Options,
    Result,
    Rules,
    Seat,
    Visibility,
    places_from_keys,
    seat_ref,
)
from domain.registry import GAMES, register


class ToyOptions(Options):
    pile: int = 12
    max_rounds: int = 50
    chance_first: bool = False


class Take(Command):
    n: int


class Draw(Command):
    pass


ToyCommand = Take | Draw


class TurnedUp(GameEvent):
    card: int


class FirstSeat(GameEvent):
    seat: int


class Took(GameEvent):
    seat: int
    n: int


class Drew(GameEvent):
    seat: int


class DrewCard(GameEvent):
    reveals: ClassVar[bool] = True
    seat: int
    card: int

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class Ended(GameEvent):
    reason: str


ToyEvent = TurnedUp | FirstSeat | Took | Drew | DrewCard | Ended


class ToyState(msgspec.Struct, frozen=True):
    seats: int
    pile: int
    turn: int = 0
    deck: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    over: str = ""


class ToyView(msgspec.Struct, frozen=True):
    pile: int
    turn: int
    taken: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    my_hand: tuple[int, ...] | None
    to_move: tuple[int, ...]


def initial(n: int, options: ToyOptions) -> ToyState:
    return ToyState(n, options.pile, deck=DECK, taken=(0,) * n, hands=((),) * n)


DECK = (1, 2, 3, 4, 5, 6, 7, 7, 9)  # two 7s: a pile is a multiset


def setup(n: int, options: ToyOptions, chance: Chance) -> list[GameEvent]:
    events: list[GameEvent] = [TurnedUp(chance.draw(DECK, "the card turned up", label=card_name))]
    if options.chance_first:
        events.append(FirstSeat(chance.pick(tuple(range(n)), "the first seat", label=seat_ref)))
    return events


def decide(state: ToyState, seat: Seat, command: Command, chance: Chance) -> list[GameEvent]:
    if state.over:
        raise IllegalMove("GAME_OVER", "the match is over")
    if seat != state.turn:
        raise IllegalMove("NOT_YOUR_TURN", "wait for your turn")
    match command:
        case Take(n=n):
            if not 1 <= n <= min(3, state.pile):
                raise IllegalMove("BAD_TAKE", f"take 1-{min(3, state.pile)} stars")
            events: list[GameEvent] = [Took(seat, n)]
            if n == state.pile:
                events.append(Ended("pile empty"))
            return events
        case Draw():
            if not state.deck:
                raise IllegalMove("DECK_EMPTY", "no cards left")
            card = chance.draw(state.deck, f"the card {seat_ref(seat)} draws", label=card_name)
            return [Drew(seat), DrewCard(seat, card)]
    raise IllegalMove("BAD_COMMAND", "unknown command")


def evolve(state: ToyState, event: GameEvent) -> ToyState:
    replace = msgspec.structs.replace
    match event:
        case TurnedUp(card=card):
            return replace(state, deck=_without(state.deck, card))
        case FirstSeat(seat=seat):
            return replace(state, turn=seat)
        case Took(seat=seat, n=n):
            taken = tuple(t + n if i == seat else t for i, t in enumerate(state.taken))
            return replace(state, pile=state.pile - n, taken=taken, turn=(seat + 1) % state.seats)
        case Drew(seat=seat):
            return replace(state, turn=(seat + 1) % state.seats)
        case DrewCard(seat=seat, card=card):
            hands = tuple((*h, card) if i == seat else h for i, h in enumerate(state.hands))
            return replace(state, deck=_without(state.deck, card), hands=hands)
        case Ended(reason=reason):
            return replace(state, over=reason)
    return state


def _without(deck: tuple[int, ...], card: int) -> tuple[int, ...]:
    left = list(deck)
    left.remove(card)
    return tuple(left)


def card_name(card: int) -> str:
    return f"the {card} of stars"


def to_move(state: ToyState) -> frozenset[Seat]:
    return frozenset() if state.over else frozenset({state.turn})


def legal(state: ToyState, seat: Seat) -> Sequence[Command]:
    if seat not in to_move(state):
        return []
    moves: list[Command] = [Take(n) for n in range(1, min(3, state.pile) + 1)]
    if state.deck:
        moves.append(Draw())
    return moves


def score(state: ToyState) -> tuple[int, ...]:
    return tuple(t + len(h) for t, h in zip(state.taken, state.hands, strict=True))


def result(state: ToyState) -> Result | None:
    if not state.over:
        return None
    scores = score(state)
    places = places_from_keys([(s,) for s in scores])
    winners = tuple(i for i, p in enumerate(places) if p == 1)
    return Result(scores, places, winners, state.over)


def view(state: ToyState, seat: Seat | None) -> ToyView:
    return ToyView(
        pile=state.pile,
        turn=state.turn,
        taken=state.taken,
        hand_sizes=tuple(len(h) for h in state.hands),
        my_hand=state.hands[seat] if seat is not None else None,
        to_move=tuple(sorted(to_move(state))),
    )


def render(v: msgspec.Struct, names: Sequence[str]) -> str:
    assert isinstance(v, ToyView)
    return f"pile {v.pile}; {names[v.turn]} to move"


RULES: Rules[ToyState] = Rules(
    slug="toy",
    name="Toy",
    min_seats=2,
    max_seats=4,
    rules_version="1",
    options_type=ToyOptions,
    command_type=ToyCommand,
    event_type=ToyEvent,
    state_type=ToyState,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    to_move=to_move,
    legal=legal,
    view=view,
    score=score,
    result=result,
    render=render,
    description="a test game",
)


def install() -> None:
    if "toy" not in GAMES:
        from domain.registry import all_games

        all_games()  # load the real games first, so the registry is complete
        register(RULES)
