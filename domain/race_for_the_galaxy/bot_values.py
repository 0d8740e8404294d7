"""What the Race for the Galaxy bot thinks cards are worth, from its own seat's view only.

Everything here reads a `RaceView` (the seat's hand, explored cards and every public tableau and
goods count) and the public card table; nothing takes the match state. The numbers are rough VP
equivalents: a card in hand is worth about half a VP as money, a good about one VP once consumed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from .components import TRADE_VALUE, Design, Power, card
from .scoring import six_cost_bonus
from .view import PlayerView, RaceView

CARD_AS_MONEY = 0.4  # VP a spare hand card is worth when it pays for a placement
SIX_COST_GROWTH = 2.0  # VP a 6-cost development's bonus usually gains after it is placed

# VP-equivalent of one point of each power's number; a power adds a flat 0.3 besides (see below).
_POWER_WEIGHT: dict[str, float] = {
    "EXPLORE_DRAW": 0.3,
    "EXPLORE_KEEP": 0.5,
    "DEVELOP_DRAW_START": 0.4,
    "DEVELOP_DRAW_AFTER": 0.4,
    "DEVELOP_REDUCE": 0.8,
    "MILITARY": 0.7,
    "MILITARY_VS_REBEL": 0.2,
    "MILITARY_VS_TYPE": 0.3,
    "PAY_FOR_MILITARY": 0.3,
    "SETTLE_DRAW_AFTER": 0.4,
    "SETTLE_REDUCE": 0.7,
    "SETTLE_REDUCE_TYPE": 0.4,
    "TEMP_MILITARY": 0.2,
    "TRADE_BONUS_ANY": 0.4,
    "TRADE_BONUS_TYPE": 0.2,
    "TRADE_BONUS_THIS_WORLD": 0.2,
    "PRODUCE_DRAW": 0.5,
    "PRODUCE_DRAW_IF_PRODUCED": 0.4,
}


def power_worth(power: Power) -> float:
    """A rough VP value of owning a power for the rest of a match."""
    if power.code == "CONSUME_GOODS":
        # VP for goods is the engine of the consume strategy; cards per good are worth less.
        return 0.8 + 0.6 * power.value * max(1, power.times) + 0.2 * power.cards
    if power.code in ("CONSUME_ALL_GOODS", "CONSUME_DISCARD_HAND_FOR_VP", "CONSUME_TRADE_VALUE"):
        return 1.0
    if power.code == "PRODUCE_GOOD":
        return 1.2
    if power.code in ("PRODUCE_WINDFALL_ANY", "PRODUCE_WINDFALL_TYPE"):
        return 0.8
    return 0.3 + _POWER_WEIGHT.get(power.code, 0.2) * power.value


def good_value(kind: str) -> float:
    """A good is worth its trade value in cards, or VP once consumed; dearer kinds sell better."""
    return TRADE_VALUE.get(kind, 0) * CARD_AS_MONEY


@dataclass(frozen=True)
class Outlook:
    """The seat's own position as its view shows it, with the sums the heuristics need."""

    view: RaceView

    @cached_property
    def me(self) -> PlayerView:
        assert self.view.seat is not None
        return self.view.players[self.view.seat]

    @cached_property
    def hand(self) -> tuple[int, ...]:
        return self.view.hand

    @cached_property
    def tableau(self) -> tuple[int, ...]:
        return self.me.tableau

    @cached_property
    def powers(self) -> tuple[Power, ...]:
        return tuple(p for c in self.tableau for p in card(c).powers)

    def total(self, *codes: str) -> int:
        return sum(p.value for p in self.powers if p.code in codes)

    @cached_property
    def goods(self) -> tuple[tuple[int, str], ...]:
        return self.me.goods

    @cached_property
    def consumers(self) -> tuple[Power, ...]:
        return tuple(p for p in self.powers if p.code == "CONSUME_GOODS" and p.value > 0)

    @cached_property
    def developments(self) -> frozenset[str]:
        return frozenset(card(c).name for c in self.tableau if card(c).is_development)

    def develop_cost(self, c: int, bonus: bool) -> int:
        return max(0, card(c).cost - self.total("DEVELOP_REDUCE") - (1 if bonus else 0))

    def strength(self, world: Design) -> int:
        """Military against `world`, counting a temporary boost as available."""
        total = self.total("MILITARY", "TEMP_MILITARY")
        for p in self.powers:
            rebel = p.code == "MILITARY_VS_REBEL" and world.is_rebel
            kind = p.code == "MILITARY_VS_TYPE" and world.good == p.good
            if rebel or kind:
                total += p.value
        return total

    def settle_cost(self, world: Design) -> int | None:
        """Cards a world costs to settle (0 for a conquest), or None if it cannot be settled."""
        reduce = self.total("SETTLE_REDUCE") + sum(
            p.value for p in self.powers if p.code == "SETTLE_REDUCE_TYPE" and p.good == world.good
        )
        if not world.is_military:
            return max(0, world.cost - reduce)
        if self.strength(world) >= world.cost:
            return 0
        discounts = [p.value for p in self.powers if p.code == "PAY_FOR_MILITARY"]
        if discounts and world.good != "ALIEN":
            return max(0, world.cost - max(discounts) - reduce)
        return None

    def placement_cost(self, c: int, develop_bonus: bool = True) -> int | None:
        """Cards `c` costs to place from hand now, or None if it cannot be placed."""
        design = card(c)
        if design.is_development:
            if design.name in self.developments:
                return None
            cost: int | None = self.develop_cost(c, develop_bonus)
        else:
            cost = self.settle_cost(design)
        if cost is None or cost > len(self.hand) - 1:
            return None
        return cost

    def worth(self, c: int) -> float:
        """VP-equivalent of `c` in this tableau: printed VP, powers, goods and 6-cost bonus."""
        design = card(c)
        value = float(design.vp) + sum(power_worth(p) for p in design.powers)
        if design.is_windfall:
            value += good_value(design.good or "")
        if design.is_production and self.consumers:
            value += 0.5
        if design.scoring:
            value += SIX_COST_GROWTH + six_cost_bonus(design, (*self.tableau, c), self.me.chips)
        return value

    def placement_gain(self, c: int, cost: int) -> float:
        return self.worth(c) - CARD_AS_MONEY * cost

    def keep_value(self, c: int) -> float:
        """How much the seat wants to hold `c`: its placement gain if it fits, else less."""
        design = card(c)
        cost = self.placement_cost(c)
        if cost is not None:
            return self.placement_gain(c, cost) + 1.0
        if design.is_development and design.name in self.developments:
            return 0.0
        if design.is_world and design.is_military:
            missing = design.cost - self.strength(design)
            return self.worth(c) - 0.8 * missing
        return self.worth(c) - CARD_AS_MONEY * design.cost - 0.3

    def cheapest(self, cards: tuple[int, ...], count: int, rng: random.Random) -> tuple[int, ...]:
        """The `count` cards of `cards` the seat wants least (to pay or discard with); cards
        worth the same are told apart by the bot's own chance."""
        ranked = sorted((self.keep_value(c), rng.random(), c) for c in cards)
        return tuple(c for _, _, c in ranked[:count])

    def consume_vp(self, doubled: bool) -> float:
        """VP the seat's consume powers can make from its goods this round (a greedy estimate)."""
        left = [kind for _, kind in self.goods]
        vp = 0.0
        for p in sorted(self.consumers, key=lambda p: p.good in ("ANY", "DISTINCT")):
            for _ in range(max(1, p.times)):
                fits = [k for k in left if p.good in ("ANY", "DISTINCT") or k == p.good]
                if len(fits) < p.count:
                    break
                for k in fits[: p.count]:
                    left.remove(k)
                vp += p.value * (2 if doubled else 1)
        return vp

    def trade_bonus(self, world: int, kind: str) -> int:
        bonus = 0
        for c in self.tableau:
            for p in card(c).powers:
                applies = (
                    p.code == "TRADE_BONUS_ANY"
                    or (p.code == "TRADE_BONUS_TYPE" and p.good == kind)
                    or (p.code == "TRADE_BONUS_THIS_WORLD" and c == world)
                )
                if applies:
                    bonus += p.value
        return bonus
