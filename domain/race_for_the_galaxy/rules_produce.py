"""Produce commands (digest 4.9): the Produce bonus, windfall powers and finishing one's Produce."""

from __future__ import annotations

from domain.game import IllegalMove

from . import commands as cmd
from . import events as ev
from .components import card
from .flow import Emitter
from .powers import active_powers
from .powers_produce import PRODUCE_HANDLERS, good_arrived
from .rules_round import end_produce_turn, produce_choices_left


def use_produce(flow: Emitter, seat: int, c: cmd.UseProducePower) -> None:
    s = flow.state
    p = s.player(seat)
    if c.card is None:
        if "PRODUCE" not in p.actions or p.bonus_used:
            raise IllegalMove("BONUS_NOT_AVAILABLE", "you have no Produce bonus to use")
        targets: tuple[int, ...] | None = None
    else:
        found = [
            power
            for source, index, power in active_powers(s, seat, 5)
            if source == c.card
            and index == c.power
            and PRODUCE_HANDLERS[power.code].targets is not None
        ]
        if not found:
            raise IllegalMove("POWER_NOT_AVAILABLE", "no such windfall power in play")
        if (c.card, c.power) in p.used:
            raise IllegalMove("POWER_ALREADY_USED", "each Produce power is used once per phase")
        targeting = PRODUCE_HANDLERS[found[0].code].targets
        assert targeting is not None
        targets = targeting(s, seat, found[0])
    if c.world not in p.tableau:
        raise IllegalMove("NOT_YOUR_WORLD", "that world is not in your tableau")
    if not card(c.world).is_windfall:
        raise IllegalMove("NOT_A_WINDFALL_WORLD", "only a windfall world can take this good")
    if any(w == c.world for w, _ in p.goods):
        raise IllegalMove("WORLD_ALREADY_HAS_GOOD", "that world already holds a good")
    if targets is not None and c.world not in targets:
        raise IllegalMove("GOOD_TYPE_MISMATCH", "this power produces another kind of good")
    flow.emit(ev.ProducePowerUsed(seat, c.card, c.power, c.world))
    if flow.place_good(seat, c.world, "PRODUCE_BONUS" if c.card is None else "POWER"):
        good_arrived(flow, seat, c.world)


def finish_produce(flow: Emitter, seat: int, c: cmd.FinishProduce) -> None:
    s = flow.state
    if produce_choices_left(s, seat, mandatory_only=True):
        raise IllegalMove(
            "MANDATORY_POWER_UNUSED",
            "a windfall power that must be used still has a world to fill: use it first",
        )
    end_produce_turn(flow, seat)
