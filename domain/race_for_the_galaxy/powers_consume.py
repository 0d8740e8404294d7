"""Consume powers (digest 4.8): one handler per power code, each able to say whether it is usable,
list its legal uses, check a use and carry it out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from domain.game import IllegalMove, seat_ref

from . import events as ev
from .commands import UseConsumePower
from .components import GAMBLE_NUMBERS, TRADE_VALUE, Power, card, card_name
from .flow import Emitter
from .powers import trade_bonus
from .state import State


def goods_of(state: State, seat: int) -> tuple[tuple[int, str], ...]:
    """(world, kind) of every good on the seat's worlds."""
    return tuple((w, card(w).good or "") for w, _ in state.player(seat).goods)


def doubles_vp(state: State, seat: int) -> bool:
    return "CONSUME_2VP" in state.player(seat).actions


def _matching(state: State, seat: int, power: Power) -> tuple[tuple[int, str], ...]:
    if power.good in ("ANY", "DISTINCT"):
        return goods_of(state, seat)
    return tuple(g for g in goods_of(state, seat) if g[1] == power.good)


def _fits(power: Power, kinds: Sequence[str]) -> bool:
    return power.good != "DISTINCT" or len(set(kinds)) == len(kinds)


def _required(state: State, seat: int, power: Power) -> int:
    """Goods one use of the power must take: k for a single use, as many as possible for "up to"."""
    if power.times > 1:
        return min(power.times, len(_matching(state, seat, power)))
    return power.count


def _check_worlds(state: State, seat: int, worlds: tuple[int, ...]) -> None:
    p = state.player(seat)
    if len(set(worlds)) != len(worlds):
        raise IllegalMove("DUPLICATE_CARD", "a world is listed twice")
    holding = {w for w, _ in p.goods}
    for w in worlds:
        if w not in p.tableau:
            raise IllegalMove("NOT_YOUR_WORLD", "that world is not in your tableau")
        if w not in holding:
            raise IllegalMove("NO_GOOD_ON_WORLD", "that world holds no good")


def _no_extras(cmd: UseConsumePower, hand: bool = False, number: bool = False) -> None:
    if cmd.hand and not hand:
        raise IllegalMove("CARD_NOT_IN_HAND", "this power does not discard hand cards")
    if cmd.number is not None and not number:
        raise IllegalMove("INVALID_NUMBER", "this power names no number")


@dataclass(frozen=True)
class ConsumeHandler:
    mandatory: bool
    usable: Callable[[State, int, Power], bool]
    uses: Callable[[State, int, int, int, Power], list[UseConsumePower]]
    check: Callable[[State, int, Power, UseConsumePower], None]
    apply: Callable[[Emitter, int, Power, UseConsumePower], None]


# --- CONSUME_GOODS: k goods (or up to m goods, one per use) for VP and/or cards ------------------


def _goods_usable(state: State, seat: int, power: Power) -> bool:
    matching = _matching(state, seat, power)
    if power.times > 1:
        return bool(matching)
    if power.good == "DISTINCT":
        return len({k for _, k in matching}) >= power.count
    return len(matching) >= power.count


def _goods_uses(state: State, seat: int, c: int, index: int, power: Power) -> list[UseConsumePower]:
    need = _required(state, seat, power)
    out: list[UseConsumePower] = []
    for combo in combinations(_matching(state, seat, power), need):
        if _fits(power, [k for _, k in combo]):
            out.append(UseConsumePower(c, index, tuple(w for w, _ in combo), (), None))
    return out


def _goods_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd)
    _check_worlds(state, seat, cmd.worlds)
    kinds = [card(w).good or "" for w in cmd.worlds]
    if power.good not in ("ANY", "DISTINCT") and any(k != power.good for k in kinds):
        raise IllegalMove("GOOD_TYPE_MISMATCH", f"this power takes only {power.good} goods")
    if not _fits(power, kinds):
        raise IllegalMove("GOOD_TYPE_MISMATCH", "this power takes goods of different kinds")
    need = _required(state, seat, power)
    if power.times > 1 and 0 < len(cmd.worlds) < need:
        raise IllegalMove("MUST_CONSUME_MAXIMUM", f"an 'up to' power must take {need} goods")
    if len(cmd.worlds) != need or need == 0:
        raise IllegalMove("WRONG_GOODS_COUNT", f"this power takes {max(need, power.count)} goods")


def _goods_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    uses = len(cmd.worlds) if power.times > 1 else 1
    vp = power.value * uses * (2 if doubles_vp(flow.state, seat) else 1)
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, cmd.worlds, 0, vp))
    flow.award(seat, vp, cmd.card)
    flow.draw(seat, power.cards * uses, "CONSUME")


# --- CONSUME_ALL_GOODS: all goods, VP = number - 1 -----------------------------------------------


def _all_usable(state: State, seat: int, power: Power) -> bool:
    return bool(goods_of(state, seat))


def _all_uses(state: State, seat: int, c: int, index: int, power: Power) -> list[UseConsumePower]:
    return [UseConsumePower(c, index, tuple(w for w, _ in goods_of(state, seat)), (), None)]


def _all_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd)
    _check_worlds(state, seat, cmd.worlds)
    if not cmd.worlds or len(cmd.worlds) != len(goods_of(state, seat)):
        raise IllegalMove("WRONG_GOODS_COUNT", "this power takes all your goods")


def _all_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    vp = (len(cmd.worlds) - 1) * (2 if doubles_vp(flow.state, seat) else 1)
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, cmd.worlds, 0, vp))
    flow.award(seat, vp, cmd.card)


# --- CONSUME_TRADE_VALUE: one good for its trade value (with or without $ powers) ----------------


def _trade_value_uses(
    state: State, seat: int, c: int, index: int, power: Power
) -> list[UseConsumePower]:
    return [UseConsumePower(c, index, (w,), (), None) for w, _ in goods_of(state, seat)]


def _one_good_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd)
    _check_worlds(state, seat, cmd.worlds)
    if len(cmd.worlds) != 1:
        raise IllegalMove("WRONG_GOODS_COUNT", "this power takes exactly 1 good")


def _trade_value_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    world = cmd.worlds[0]
    good = card(world).good or ""
    cards = TRADE_VALUE[good]
    if power.with_trade_powers:
        cards += trade_bonus(flow.state, seat, world, good)
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, cmd.worlds, 0, 0))
    flow.draw(seat, cards, "CONSUME")


# --- CONSUME_DISCARD_HAND_FOR_VP: may discard up to `times` hand cards, never doubled ------------


def _hand_usable(state: State, seat: int, power: Power) -> bool:
    return bool(state.player(seat).hand)


def _hand_uses(state: State, seat: int, c: int, index: int, power: Power) -> list[UseConsumePower]:
    """Every discard of 1 to `times` hand cards (issue #15: none may be missing from `legal`);
    with at most two cards a use, a hand of h cards gives h + h(h-1)/2 options."""
    hand = state.player(seat).hand
    return [
        UseConsumePower(c, index, (), combo, None)
        for n in range(1, power.times + 1)
        for combo in combinations(hand, n)
    ]


def _hand_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd, hand=True)
    if cmd.worlds:
        raise IllegalMove("WRONG_GOODS_COUNT", "this power takes no goods")
    if len(set(cmd.hand)) != len(cmd.hand):
        raise IllegalMove("DUPLICATE_CARD", "a card is listed twice")
    if len(cmd.hand) > power.times:
        raise IllegalMove("WRONG_DISCARD_COUNT", f"at most {power.times} cards")
    if any(c not in state.player(seat).hand for c in cmd.hand):
        raise IllegalMove("CARD_NOT_IN_HAND", "that card is not in your hand")


def _hand_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    vp = power.value * len(cmd.hand)  # digest A16: VP for hand cards are never doubled
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, (), len(cmd.hand), vp))
    if cmd.hand:
        flow.emit(ev.CardsDiscardedDetail(seat, cmd.hand, "CONSUME"))
    flow.award(seat, vp, cmd.card)


# --- CONSUME_DRAW and CONSUME_GAMBLE: need no goods ----------------------------------------------


def _always(state: State, seat: int, power: Power) -> bool:
    return True


def _draw_uses(state: State, seat: int, c: int, index: int, power: Power) -> list[UseConsumePower]:
    return [UseConsumePower(c, index, (), (), None)]


def _draw_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd)
    if cmd.worlds:
        raise IllegalMove("WRONG_GOODS_COUNT", "this power takes no goods")


def _draw_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, (), 0, 0))
    flow.draw(seat, power.value, "CONSUME")


def _gamble_uses(
    state: State, seat: int, c: int, index: int, power: Power
) -> list[UseConsumePower]:
    return [UseConsumePower(c, index, (), (), n) for n in GAMBLE_NUMBERS]


def _gamble_check(state: State, seat: int, power: Power, cmd: UseConsumePower) -> None:
    _no_extras(cmd, number=True)
    if cmd.worlds:
        raise IllegalMove("WRONG_GOODS_COUNT", "this power takes no goods")
    if cmd.number not in GAMBLE_NUMBERS:
        raise IllegalMove("INVALID_NUMBER", "name a number from 1 to 7")


def _gamble_apply(flow: Emitter, seat: int, power: Power, cmd: UseConsumePower) -> None:
    # Digest A17: compare with cost or defense; a match is kept automatically.
    flow.emit(ev.ConsumePowerUsed(seat, cmd.card, cmd.power, (), 0, 0))
    top = flow.top_card(f"the card {seat_ref(seat)} reveals with {card_name(cmd.card)}")
    kept = top is not None and card(top).cost == cmd.number
    flow.emit(ev.GambleRevealed(seat, cmd.number or 0, top, kept))


CONSUME_HANDLERS: dict[str, ConsumeHandler] = {
    "CONSUME_GOODS": ConsumeHandler(True, _goods_usable, _goods_uses, _goods_check, _goods_apply),
    "CONSUME_ALL_GOODS": ConsumeHandler(True, _all_usable, _all_uses, _all_check, _all_apply),
    "CONSUME_TRADE_VALUE": ConsumeHandler(
        True, _all_usable, _trade_value_uses, _one_good_check, _trade_value_apply
    ),
    "CONSUME_DISCARD_HAND_FOR_VP": ConsumeHandler(
        False, _hand_usable, _hand_uses, _hand_check, _hand_apply
    ),
    "CONSUME_DRAW": ConsumeHandler(True, _always, _draw_uses, _draw_check, _draw_apply),
    "CONSUME_GAMBLE": ConsumeHandler(True, _always, _gamble_uses, _gamble_check, _gamble_apply),
}
