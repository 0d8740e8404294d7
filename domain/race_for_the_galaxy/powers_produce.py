"""Produce powers (digest 4.9): one handler per power code, each tagged with the step it acts in.

Steps (digest 4.9 procedure): "production" (1: every empty production world), "draw" (2: plain
draws), "windfall" (3: the seat's decisions, with `targets`), "turn_end" (4: draws counting the
goods the seat produced, right after its decisions and before the next seat produces), "end" (5:
Mining Conglomerate, which compares seats, after every seat has finished), "on_good" (whenever a
good lands on a world this phase).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .components import Power, card
from .flow import Emitter
from .powers import active_powers
from .state import State

Step = Literal["production", "draw", "windfall", "turn_end", "end", "on_good"]
Run = Callable[[Emitter, int, int, Power], None]


def empty_windfall_worlds(state: State, seat: int, good: str | None) -> tuple[int, ...]:
    p = state.player(seat)
    holding = {w for w, _ in p.goods}
    return tuple(
        w
        for w in p.tableau
        if card(w).is_windfall and w not in holding and (good is None or card(w).good == good)
    )


@dataclass(frozen=True)
class ProduceHandler:
    step: Step
    run: Run | None = None  # production, draw, turn_end, end: (flow, seat, source card, power)
    on_good: Callable[[Emitter, int, int, Power, int], None] | None = None
    targets: Callable[[State, int, Power], tuple[int, ...]] | None = None


def _produce_good(flow: Emitter, seat: int, source: int, power: Power) -> None:
    empty = all(w != source for w, _ in flow.state.player(seat).goods)
    if empty and flow.place_good(seat, source, "PRODUCTION"):
        good_arrived(flow, seat, source)


def _draw(flow: Emitter, seat: int, source: int, power: Power) -> None:
    flow.draw(seat, power.value, "PRODUCE")


def _draw_per_world_type(flow: Emitter, seat: int, source: int, power: Power) -> None:
    worlds = [c for c in flow.state.player(seat).tableau if card(c).is_world]
    flow.draw(seat, power.value * sum(1 for w in worlds if card(w).good == power.good), "PRODUCE")


def _draw_if_produced(flow: Emitter, seat: int, source: int, power: Power, world: int) -> None:
    if world == source:
        flow.draw(seat, power.value, "PRODUCE")


def _draw_per_type_produced(flow: Emitter, seat: int, source: int, power: Power) -> None:
    produced = flow.state.player(seat).produced
    flow.draw(seat, power.value * produced.count(power.good or ""), "PRODUCE")


def _draw_per_kind_produced(flow: Emitter, seat: int, source: int, power: Power) -> None:
    flow.draw(seat, power.value * len(set(flow.state.player(seat).produced)), "PRODUCE")


def _draw_most_type(flow: Emitter, seat: int, source: int, power: Power) -> None:
    # Digest A19: strictly more than every other seat produced this phase.
    mine = flow.state.player(seat).produced.count(power.good or "")
    others = [
        p.produced.count(power.good or "") for s, p in enumerate(flow.state.players) if s != seat
    ]
    if all(mine > n for n in others):
        flow.draw(seat, power.value, "PRODUCE")


def _windfall_any(state: State, seat: int, power: Power) -> tuple[int, ...]:
    return empty_windfall_worlds(state, seat, None)


def _windfall_type(state: State, seat: int, power: Power) -> tuple[int, ...]:
    return empty_windfall_worlds(state, seat, power.good)


PRODUCE_HANDLERS: dict[str, ProduceHandler] = {
    "PRODUCE_GOOD": ProduceHandler("production", run=_produce_good),
    "PRODUCE_DRAW": ProduceHandler("draw", run=_draw),
    "PRODUCE_DRAW_PER_WORLD_TYPE": ProduceHandler("draw", run=_draw_per_world_type),
    "PRODUCE_DRAW_IF_PRODUCED": ProduceHandler("on_good", on_good=_draw_if_produced),
    "PRODUCE_WINDFALL_ANY": ProduceHandler("windfall", targets=_windfall_any),
    "PRODUCE_WINDFALL_TYPE": ProduceHandler("windfall", targets=_windfall_type),
    "PRODUCE_DRAW_PER_TYPE_PRODUCED": ProduceHandler("turn_end", run=_draw_per_type_produced),
    "PRODUCE_DRAW_PER_KIND_PRODUCED": ProduceHandler("turn_end", run=_draw_per_kind_produced),
    "PRODUCE_DRAW_MOST_TYPE": ProduceHandler("end", run=_draw_most_type),
}


def _active(state: State, seat: int) -> list[tuple[int, int, Power]]:
    return list(active_powers(state, seat, 5))


def run_step(flow: Emitter, seat: int, step: Step) -> None:
    for source, _, power in _active(flow.state, seat):
        handler = PRODUCE_HANDLERS[power.code]
        if handler.step == step and handler.run is not None:
            handler.run(flow, seat, source, power)


def good_arrived(flow: Emitter, seat: int, world: int) -> None:
    """A good was produced on `world`: the powers that react to it act (e.g. Gem World's draw)."""
    for source, _, power in _active(flow.state, seat):
        handler = PRODUCE_HANDLERS[power.code]
        if handler.on_good is not None:
            handler.on_good(flow, seat, source, power, world)


def windfall_options(state: State, seat: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(card, power index, target worlds) for each unused windfall power of the seat."""
    used = set(state.player(seat).used)
    out = []
    for source, index, power in _active(state, seat):
        handler = PRODUCE_HANDLERS[power.code]
        if handler.targets is not None and (source, index) not in used:
            out.append((source, index, handler.targets(state, seat, power)))
    return out
