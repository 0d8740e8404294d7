"""Decisions owed outside the normal flow of actions: hand limit, card choices, reactions,
Bazagthoth's orders, crisis losses, and the last-pass window (§4.5.6, §4.5.7, §4.8, §4.9)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, seat_ref

from .commands import (
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    DeclineReaction,
    DiscardToHandLimit,
    EspionageChoice,
    PlayReaction,
)
from .components import BAZAGTHOTH_PRICE, card_name
from .events import (
    CardPlayed,
    CardsDiscarded,
    CardsExchanged,
    CardsExchangedDetail,
    CardsKept,
    CardsKeptDetail,
    CardTaken,
    CardTakenDetail,
    DecisionResolved,
    DestructionCancelled,
    MoneyChanged,
    PieceRemoved,
    PostPassAnswered,
    TurnStarted,
    UnitSavedToEarth,
)
from .rules_common import (
    Emitter,
    check_hand_limit,
    destroy_units,
    effect,
    require_in_hand,
    threaten_unit,
    unit_on_board,
)
from .rules_crisis import apply_losses
from .state import Decision, State, find_building, find_unit

REACTION_CARD = {
    "CANCEL_DESTRUCTION": "IGNORE_SKULL",
    "SAVE_DESTROYED": "DESTROYED_TO_EARTH",
    "LAST_PASS": "LAST_PASS_EXTRA_ACTION",
}


def _head(state: State) -> Decision:
    return state.pending[0]


# --- hand limit and card choices -------------------------------------------------------------


def check_discard(state: State, seat: Seat, cmd: DiscardToHandLimit) -> None:
    need = _head(state).count
    if len(cmd.cards) != need or len(set(cmd.cards)) != len(cmd.cards):
        raise IllegalMove("WRONG_DISCARD_COUNT", f"discard exactly {need} card(s)")
    for card in cmd.cards:
        require_in_hand(state, seat, card)


def do_discard(em: Emitter, seat: Seat, cmd: DiscardToHandLimit) -> None:
    check_discard(em.state, seat, cmd)
    em.emit(
        DecisionResolved(seat, "DISCARD_TO_LIMIT"), CardsDiscarded(seat, cmd.cards, "HAND_LIMIT")
    )


def check_keep(state: State, seat: Seat, cmd: ChooseKeep) -> None:
    need = _head(state).count
    if len(cmd.cards) != need or len(set(cmd.cards)) != len(cmd.cards):
        raise IllegalMove("WRONG_KEEP_COUNT", f"keep exactly {need} card(s)")
    if not set(cmd.cards) <= set(state.held[seat]):
        raise IllegalMove("INVALID_TARGET", "keep only cards you just drew")


def do_keep(em: Emitter, seat: Seat, cmd: ChooseKeep) -> None:
    check_keep(em.state, seat, cmd)
    rest = tuple(c for c in em.state.held[seat] if c not in cmd.cards)
    em.emit(DecisionResolved(seat, "CHOOSE_KEEP"), CardsKept(seat, len(cmd.cards)))
    em.emit(CardsKeptDetail(seat, cmd.cards))
    if rest:
        em.emit(CardsDiscarded(seat, rest, "DRAW4_KEEP2"))
    # §4.8.1: the hand-limit check runs once the two cards join the hand
    check_hand_limit(em, seat)


def check_espionage(state: State, seat: Seat, cmd: EspionageChoice) -> None:
    target = _head(state).opponent
    assert target is not None
    if cmd.take is None:
        if cmd.give is not None:
            raise IllegalMove("INVALID_TARGET", "give a card only in exchange for one taken")
        return
    if cmd.take not in state.hands[target]:
        raise IllegalMove("INVALID_TARGET", "take a card from the hand you looked at")
    if state.hands[seat]:
        if cmd.give is None or cmd.give not in state.hands[seat]:
            raise IllegalMove("INVALID_TARGET", "give one other card of your own in exchange")
    elif cmd.give is not None:
        raise IllegalMove("CARD_NOT_IN_HAND", "you have no card to give")


def do_espionage(em: Emitter, seat: Seat, cmd: EspionageChoice) -> None:
    check_espionage(em.state, seat, cmd)
    target = _head(em.state).opponent
    assert target is not None
    em.emit(DecisionResolved(seat, "ESPIONAGE"))
    em.emit(CardsExchanged(seat, target, cmd.take is not None, cmd.give is not None))
    if cmd.take is not None:
        em.emit(CardsExchangedDetail(seat, target, cmd.take, cmd.give))
        check_hand_limit(em, seat)


# --- reactions (§4.8.3) and the last-pass window (§4.5.6) -------------------------------------


def reaction_kind(state: State) -> str:
    if state.pending:
        return _head(state).kind
    return "LAST_PASS"


def check_reaction(state: State, seat: Seat, cmd: PlayReaction) -> None:
    kind = reaction_kind(state)
    if kind not in REACTION_CARD:
        raise IllegalMove("WRONG_PHASE", f"a {kind} decision is owed, not a reaction")
    if require_in_hand(state, seat, cmd.card) != REACTION_CARD[kind]:
        raise IllegalMove("WRONG_CARD", f"C{cmd.card} does not answer this moment")
    if kind == "SAVE_DESTROYED":
        unit = find_unit(state, cmd.unit or "")
        if unit is None or unit.id not in _head(state).units or unit.planet is not None:
            raise IllegalMove("INVALID_TARGET", "name one of the units just destroyed")


def do_reaction(em: Emitter, seat: Seat, cmd: PlayReaction) -> None:
    check_reaction(em.state, seat, cmd)
    kind = reaction_kind(em.state)
    if kind == "LAST_PASS":
        em.emit(
            PostPassAnswered(seat, True), CardPlayed(seat, cmd.card, effect(cmd.card), "REACTION")
        )
        em.emit(TurnStarted(seat, 1, post_pass=True))
        return
    head = _head(em.state)
    em.emit(DecisionResolved(seat, kind), CardPlayed(seat, cmd.card, effect(cmd.card), "REACTION"))
    if kind == "CANCEL_DESTRUCTION":
        em.emit(DestructionCancelled(head.units[0], cmd.card))
        return
    assert cmd.unit is not None
    em.emit(UnitSavedToEarth(cmd.unit, seat, cmd.card))
    rest = tuple(u for u in head.units if u != cmd.unit)
    if rest:
        em.require([Decision("SAVE_DESTROYED", seat, units=rest, reason=head.reason)])


def check_decline(state: State, seat: Seat, cmd: DeclineReaction) -> None:
    kind = reaction_kind(state)
    if kind not in REACTION_CARD:
        raise IllegalMove("WRONG_PHASE", f"a {kind} decision is owed, not a reaction")


def do_decline(em: Emitter, seat: Seat, cmd: DeclineReaction) -> None:
    check_decline(em.state, seat, cmd)
    kind = reaction_kind(em.state)
    if kind == "LAST_PASS":
        em.emit(PostPassAnswered(seat, False))
        return
    head = _head(em.state)
    em.emit(DecisionResolved(seat, kind))
    if kind == "CANCEL_DESTRUCTION":
        destroy_units(em, head.units, head.reason)


# --- crises ----------------------------------------------------------------------------------


def check_bazagthoth(state: State, seat: Seat, cmd: BazagthothOrder) -> None:
    level = _head(state).level
    if cmd.choice == "DECLINE":
        return
    wanted = {1: "STEAL", 2: "DESTROY_UNIT", 3: "DESTROY_BUILDING"}[level]
    if cmd.choice != wanted:
        raise IllegalMove("WRONG_CHOICE", f"at level {level} Bazagthoth offers only {wanted}")
    if state.money[seat] < BAZAGTHOTH_PRICE[level]:
        raise IllegalMove("INSUFFICIENT_FUNDS", f"Bazagthoth costs £{BAZAGTHOTH_PRICE[level]}")
    if cmd.choice == "STEAL":
        victim = cmd.opponent
        if victim is None or not 0 <= victim < state.n or victim == seat or not state.hands[victim]:
            raise IllegalMove("INVALID_TARGET", "name an opponent holding cards")
    elif cmd.choice == "DESTROY_UNIT":
        if unit_on_board(state, cmd.unit) is None:
            raise IllegalMove("INVALID_TARGET", "name a military unit on a planet")
    else:
        building = find_building(state, cmd.building or "")
        if building is None or building.planet is None:
            raise IllegalMove("INVALID_TARGET", "name a factory or mine on a planet")


def do_bazagthoth(em: Emitter, seat: Seat, cmd: BazagthothOrder) -> None:
    check_bazagthoth(em.state, seat, cmd)
    level = _head(em.state).level
    em.emit(DecisionResolved(seat, "BAZAGTHOTH"))
    if cmd.choice == "DECLINE":
        return
    price = BAZAGTHOTH_PRICE[level]
    em.emit(MoneyChanged(seat, -price, em.state.money[seat] - price, "BAZAGTHOTH"))
    if cmd.choice == "STEAL":
        assert cmd.opponent is not None
        what = f"the card {seat_ref(seat)} takes at random from {seat_ref(cmd.opponent)}"
        card = em.chance.draw(em.state.hands[cmd.opponent], what, label=card_name)
        em.emit(CardTaken(seat, cmd.opponent, "BAZAGTHOTH"))
        em.emit(CardTakenDetail(seat, cmd.opponent, card))
        check_hand_limit(em, seat)
    elif cmd.choice == "DESTROY_UNIT":
        assert cmd.unit is not None
        threaten_unit(em, cmd.unit, seat, "BAZAGTHOTH")
    else:
        building = find_building(em.state, cmd.building or "")
        assert building is not None and building.planet is not None
        em.emit(PieceRemoved(building.id, building.owner, building.planet, "BAZAGTHOTH"))


def check_losses(state: State, seat: Seat, cmd: ChooseCrisisLosses) -> None:
    head = _head(state)
    if cmd.planet != head.planet or len(set(cmd.pieces)) != len(cmd.pieces):
        raise IllegalMove("INVALID_PIECE", f"the losses are owed at {head.planet}")
    units, buildings = 0, 0
    for pid in cmd.pieces:
        unit = find_unit(state, pid)
        building = find_building(state, pid)
        if unit is not None and unit.owner == seat and unit.planet == head.planet:
            units += 1
        elif building is not None and building.owner == seat and building.planet in head.pool:
            buildings += 1
        else:
            raise IllegalMove("INVALID_PIECE", f"{pid} cannot be lost here")
    if units != head.count or buildings != head.buildings:
        raise IllegalMove(
            "WRONG_LOSS_COUNT",
            f"lose exactly {head.count} unit(s) and {head.buildings} building(s)",
        )


def do_losses(em: Emitter, seat: Seat, cmd: ChooseCrisisLosses) -> None:
    check_losses(em.state, seat, cmd)
    head = _head(em.state)
    em.emit(DecisionResolved(seat, "CRISIS_LOSSES"))
    units = [p for p in cmd.pieces if find_unit(em.state, p) is not None]
    buildings = [p for p in cmd.pieces if find_building(em.state, p) is not None]
    apply_losses(em, units, buildings, head.reason)
