"""Settle (digest 4.7): whether a world can be placed, the legal resolutions and carrying one out."""

from __future__ import annotations

from typing import Literal

from domain.game import IllegalMove

from . import events as ev
from .commands import ResolveSettle
from .components import SETTLE_BONUS_DRAW, Design, card
from .flow import Emitter
from .powers import SettleTerms, settle_terms
from .rules_choices import card_subsets
from .rules_round import has_bonus
from .state import State

PayMethod = Literal["PAY", "PAY_MILITARY"]


def _pay_cost(world: Design, terms: SettleTerms, military_method: bool, colony_ship: bool) -> int:
    """Digest 4.7.3; pay-for-military treats the world as non-military at defense - discount."""
    if colony_ship:
        return 0
    discount = (terms.pay_military or 0) if military_method else 0
    return max(0, world.cost - discount - terms.reduce)


def placement_problem(state: State, seat: int, world_id: int, hand_size: int) -> str | None:
    """Digest 4.7.4 ChooseWorld: None when some resolution exists, else the error code."""
    world = card(world_id)
    terms = settle_terms(state, seat, world)
    alien = world.good == "ALIEN"
    ships = bool(terms.colony_ships)
    if not world.is_military:
        if _pay_cost(world, terms, False, ships and not alien) <= hand_size:
            return None
        if ships and alien:
            return "ALIEN_WORLD_NOT_ALLOWED"
        return "CANNOT_AFFORD"
    strength = terms.military + sum(v for _, v in terms.temp_military)
    if strength >= world.cost:
        return None
    if terms.pay_military is not None and _pay_cost(world, terms, True, ships) <= hand_size:
        return "ALIEN_WORLD_NOT_ALLOWED" if alien else None
    return "INSUFFICIENT_MILITARY"


def settle_options(state: State, seat: int) -> list[ResolveSettle]:
    world_id = state.player(seat).choice
    if world_id is None:
        return []
    world = card(world_id)
    hand = state.player(seat).hand
    terms = settle_terms(state, seat, world)
    alien = world.good == "ALIEN"
    temps: list[tuple[int, ...]] = [()] + [(c,) for c, _ in terms.temp_military]
    ships: list[int | None] = [None] + ([] if alien else list(terms.colony_ships))
    out: list[ResolveSettle] = []
    for temp in temps:
        strength = terms.military + sum(v for c, v in terms.temp_military if c in temp)
        if world.is_military and strength >= world.cost:
            out.append(ResolveSettle("CONQUER", (), None, temp))
        methods: list[tuple[PayMethod, bool]] = []
        if not world.is_military:
            methods.append(("PAY", False))
        elif terms.pay_military is not None and not alien:
            methods.append(("PAY_MILITARY", True))
        for method, military_method in methods:
            for ship in ships:
                cost = _pay_cost(world, terms, military_method, ship is not None)
                for payment in card_subsets(hand, cost):
                    out.append(ResolveSettle(method, payment, ship, temp))
    return out


def check_resolution(state: State, seat: int, cmd: ResolveSettle) -> tuple[int, int]:
    """Validate a ResolveSettle; returns (cost paid, military strength used)."""
    world_id = state.player(seat).choice
    assert world_id is not None
    world = card(world_id)
    terms = settle_terms(state, seat, world)
    alien = world.good == "ALIEN"
    if (cmd.method == "PAY") == world.is_military:
        raise IllegalMove("INVALID_SETTLE_METHOD", f"{cmd.method} does not fit this world")
    temp_cards = dict(terms.temp_military)
    if len(set(cmd.temp_military)) != len(cmd.temp_military) or any(
        c not in temp_cards for c in cmd.temp_military
    ):
        raise IllegalMove("POWER_NOT_AVAILABLE", "no such temporary military power in play")
    if cmd.colony_ship is not None:
        if cmd.colony_ship not in terms.colony_ships:
            raise IllegalMove("POWER_NOT_AVAILABLE", "no such Colony Ship power in play")
        if cmd.method == "CONQUER":
            raise IllegalMove("COLONY_SHIP_NOT_ALLOWED", "a conquest cannot use Colony Ship")
        if alien:
            raise IllegalMove("ALIEN_WORLD_NOT_ALLOWED", "not for an alien-technology world")
    if cmd.method == "PAY_MILITARY":
        if terms.pay_military is None:
            raise IllegalMove("POWER_NOT_AVAILABLE", "you have no pay-for-military power")
        if alien:
            raise IllegalMove("ALIEN_WORLD_NOT_ALLOWED", "not for an alien-technology world")
    strength = terms.military + sum(temp_cards[c] for c in cmd.temp_military)
    if cmd.method == "CONQUER":
        if cmd.discards:
            raise IllegalMove("WRONG_PAYMENT_COUNT", "a conquest costs no cards")
        if strength < world.cost:
            raise IllegalMove(
                "INSUFFICIENT_MILITARY",
                f"your military {strength} is below its defense {world.cost}: a conquest "
                "needs at least as much",
            )
        return 0, strength
    cost = _pay_cost(world, terms, cmd.method == "PAY_MILITARY", cmd.colony_ship is not None)
    hand = state.player(seat).hand
    if len(set(cmd.discards)) != len(cmd.discards):
        raise IllegalMove("DUPLICATE_CARD", "a card is listed twice")
    if any(c not in hand for c in cmd.discards):
        raise IllegalMove("CARD_NOT_IN_HAND", "that card is not in your hand")
    if len(cmd.discards) != cost:
        raise IllegalMove("WRONG_PAYMENT_COUNT", f"this world costs {cost} cards")
    return cost, 0


def resolve(flow: Emitter, seat: int, cmd: ResolveSettle, cost: int, strength: int) -> None:
    """Digest 4.7.4 step 3: tableau discards, payment, placement, windfall good, draws."""
    state = flow.state
    world_id = state.player(seat).choice
    assert world_id is not None
    terms = settle_terms(state, seat, card(world_id))
    bonus = has_bonus(state, seat, "SETTLE", state.instance)
    for c in cmd.temp_military:
        flow.emit(ev.TableauCardDiscarded(seat, c, "TEMP_MILITARY"))
    if cmd.colony_ship is not None:
        flow.emit(ev.TableauCardDiscarded(seat, cmd.colony_ship, "COLONY_SHIP"))
    if cmd.discards:
        flow.emit(ev.CardsDiscardedDetail(seat, cmd.discards, "PAYMENT"))
    flow.emit(ev.WorldPlaced(seat, world_id, cmd.method, cost, strength))
    if card(world_id).is_windfall:
        flow.place_good(seat, world_id, "WINDFALL")
    flow.draw(seat, terms.draw_after, "POWER")
    if bonus:
        flow.draw(seat, SETTLE_BONUS_DRAW, "SETTLE_BONUS")
