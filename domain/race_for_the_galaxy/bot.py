"""A greedy Race for the Galaxy player.

`bot` computes the seat's view and its legal commands and hands only those to `choose`, which
never sees the state: its own hand and explored cards, every tableau and goods count and the VP
pool, never the deck, other hands or sealed choices. It picks the action card whose phase fits
its hand and tableau best (settle or develop an affordable card, consume goods for VP, produce on
empty worlds, explore when the hand is thin), places the card worth most for its cost, pays and
discards with the cards it wants least, keeps the best explored cards, sells its dearest good
when trading and consumes for VP first. It keeps no memory: every decision is made afresh.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from domain.game import Command, Seat

from . import commands as cmd
from .bot_values import CARD_AS_MONEY, Outlook, good_value
from .components import TRADE_VALUE, Power, card
from .rules_legal import legal
from .state import State
from .view import RaceView, view

NOISE = 0.3  # random spread on action scores, so bot matches differ from seed to seed
GAMBLE_NUMBER = 2  # the most common cost or defense in the deck (digest 2.2), the best guess

Decision = Callable[[Outlook, Sequence[Any], random.Random], Command]


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    """A legal command for `seat`, chosen from what that seat may see."""
    seen = view(state, seat)
    options: list[Any] = list(legal(state, seat))
    if not options:
        raise ValueError(f"seat {seat} has nothing to decide in stage {state.stage}")
    try:
        return choose(seen, options, rng)
    except (LookupError, ValueError, AssertionError):
        # A heuristic that does not fit an unusual position must not stop a demo match.
        return rng.choice(options)


def choose(seen: RaceView, options: Sequence[Any], rng: random.Random) -> Command:
    """The bot's decision from the seat's view and legal commands alone."""
    decision = _BY_STAGE.get(seen.stage)
    if decision is None:
        return rng.choice(list(options))
    return decision(Outlook(seen), options, rng)


def _best(options: Sequence[Any], score: Callable[[Any], float], rng: random.Random) -> Any:
    """The highest-scoring option; equally good ones are told apart by the bot's own chance."""
    scored = [(score(option), option) for option in options]
    top = max(value for value, _ in scored)
    return rng.choice([option for value, option in scored if value == top])


# --- Setup, explore and the hand limit: keep the cards worth most -------------------------------


def _discard_initial(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    return cmd.DiscardInitialCards(o.cheapest(o.hand, len(options[0].cards), rng))


def _discard_for_hand_limit(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    return cmd.DiscardForHandLimit(o.cheapest(o.hand, len(options[0].cards), rng))


def _keep_explored(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    return _best(options, lambda k: sum(o.keep_value(c) for c in k.cards), rng)


# --- Action selection ----------------------------------------------------------------------------


def _placements(o: Outlook, worlds: bool) -> list[tuple[float, int]]:
    """(gain, cost) of every card of the hand the seat could place now, best first."""
    out: list[tuple[float, int]] = []
    for c in o.hand:
        if card(c).is_world != worlds:
            continue
        cost = o.placement_cost(c)
        if cost is not None:
            out.append((o.placement_gain(c, cost), cost))
    return sorted(out, reverse=True)


def _two_placements(found: list[tuple[float, int]], hand: int) -> float:
    """Gain of placing the two best cards in two phase instances, if the hand pays for both."""
    if len(found) < 2 or found[0][1] + found[1][1] + 2 > hand:
        return found[0][0] if found else -1.0
    return found[0][0] + found[1][0]


def _produce_score(o: Outlook) -> float:
    holding = {w for w, _ in o.goods}
    empty = [c for c in o.tableau if card(c).is_production and c not in holding]
    windfall = any(card(c).is_windfall and c not in holding for c in o.tableau)
    per_good = 0.9 if o.consumers else 0.5
    draws = 0.4 * o.total("PRODUCE_DRAW")
    return per_good * len(empty) + (0.5 if windfall else 0.0) + draws - 0.3


def action_scores(o: Outlook) -> dict[str, float]:
    """What each action card is worth to the seat this round (VP equivalents)."""
    n = len(o.hand)
    developments, worlds = _placements(o, worlds=False), _placements(o, worlds=True)
    has_goods = bool(o.goods)
    best_trade = max((TRADE_VALUE[k] + o.trade_bonus(w, k) for w, k in o.goods), default=0)
    thin = max(0, 4 - n) * 0.5  # few cards to pay with: exploring pays off more
    return {
        "EXPLORE_5": 0.6 + thin,
        "EXPLORE_1_1": 0.7 + thin,
        "DEVELOP": developments[0][0] if developments else -1.0,
        "SETTLE": worlds[0][0] + 0.3 if worlds else -1.0,
        "CONSUME_2VP": o.consume_vp(doubled=True) if has_goods and o.consumers else -1.0,
        "CONSUME_TRADE": (
            CARD_AS_MONEY * best_trade + 0.8 * o.consume_vp(doubled=False) if has_goods else -1.0
        ),
        "PRODUCE": _produce_score(o),
        "DEVELOP_2": _two_placements(developments, n),
        "SETTLE_2": _two_placements(worlds, n),
    }


def _pair_score(scores: dict[str, float], pair: tuple[str, ...]) -> float:
    """2-player advanced game: two cards of one phase give one bonus twice, not two phases."""
    chosen = set(pair)
    for same in ({"EXPLORE_5", "EXPLORE_1_1"}, {"CONSUME_2VP", "CONSUME_TRADE"}):
        if same <= chosen:
            return max(scores[a] for a in same) + 0.2
    for single, double in (("DEVELOP", "DEVELOP_2"), ("SETTLE", "SETTLE_2")):
        if {single, double} <= chosen:
            return scores[double]
    # Without its twin, a second Develop or Settle card plays like the first.
    alias = {"DEVELOP_2": "DEVELOP", "SETTLE_2": "SETTLE"}
    return sum(scores[alias.get(a, a)] for a in pair)


def _select(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    scores = {a: s + rng.random() * NOISE for a, s in action_scores(o).items()}
    return _best(options, lambda c: _pair_score(scores, c.actions), rng)


# --- Develop and settle: place the card worth most for its cost ----------------------------------


def _choose_placement(
    o: Outlook, options: Sequence[Any], develop_bonus: bool, rng: random.Random
) -> Any:
    def gain(option: Any) -> float:
        if option.card is None:
            return 0.0
        cost = o.placement_cost(option.card, develop_bonus)
        return o.placement_gain(option.card, card(option.card).cost if cost is None else cost)

    return _best(options, gain, rng)


def _choose_development(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    bonus = any(a.startswith("DEVELOP") for a in o.me.actions or ())
    return _choose_placement(o, options, bonus, rng)


def _choose_world(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    return _choose_placement(o, options, False, rng)


def _pay_for_development(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    return cmd.PayForDevelopment(o.cheapest(o.hand, len(options[0].discards), rng))


def _resolve_settle(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    def loss(r: cmd.ResolveSettle) -> float:
        # Temporary military and a Colony Ship leave the tableau for good.
        spent = [*r.temp_military, *([r.colony_ship] if r.colony_ship is not None else [])]
        return CARD_AS_MONEY * len(r.discards) + sum(o.worth(c) + 0.5 for c in spent)

    chosen: cmd.ResolveSettle = _best(options, lambda r: -loss(r), rng)
    discards = o.cheapest(o.hand, len(chosen.discards), rng)
    return cmd.ResolveSettle(chosen.method, discards, chosen.colony_ship, chosen.temp_military)


# --- Consume and produce -------------------------------------------------------------------------


def _consume_gain(o: Outlook, option: Any) -> float:
    if isinstance(option, cmd.FinishConsume):
        return 0.0
    if isinstance(option, cmd.SellGood):
        kind = card(option.world).good or ""
        return TRADE_VALUE[kind] + o.trade_bonus(option.world, kind)
    power = card(option.card).powers[option.power]
    doubled = "CONSUME_2VP" in (o.me.actions or ())
    spent = sum(good_value(card(w).good or "") for w in option.worlds) * 0.1
    if power.code == "CONSUME_GOODS":
        uses = len(option.worlds) if power.times > 1 else 1
        vp = power.value * uses * (2 if doubled else 1)
        specific = 0.3 if power.good not in ("ANY", "DISTINCT") else 0.0
        return 10 + vp + CARD_AS_MONEY * power.cards * uses + specific - spent
    if power.code == "CONSUME_ALL_GOODS":
        return 5 + (len(option.worlds) - 1) * (2 if doubled else 1)
    if power.code == "CONSUME_DISCARD_HAND_FOR_VP":
        return 0.5
    # Trade value, draws and the gamble give cards only: after every VP power.
    return 1.0 - spent


def _hand_power(option: Any) -> Power | None:
    if not isinstance(option, cmd.UseConsumePower):
        return None
    power = card(option.card).powers[option.power]
    return power if power.code == "CONSUME_DISCARD_HAND_FOR_VP" else None


def _hand_for_vp(o: Outlook, power: Power, rng: random.Random) -> tuple[int, ...]:
    """Cards worth giving up for VP: ones it could not place soon, keeping a few to pay with."""
    spare = o.cheapest(o.hand, max(0, len(o.hand) - 3), rng)
    return tuple(c for c in spare if o.keep_value(c) < 1.0)[: power.times]


def _consume(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    # A hand-discard power is offered once, with the cards the bot itself wants to give up.
    wanted: dict[tuple[int, int], tuple[int, ...]] = {}
    for option in options:
        power = _hand_power(option)
        if power is not None and (option.card, option.power) not in wanted:
            wanted[(option.card, option.power)] = _hand_for_vp(o, power, rng)
    candidates = [c for c in options if _hand_power(c) is None]
    candidates += [
        cmd.UseConsumePower(source, index, (), hand, None)
        for (source, index), hand in wanted.items()
        if hand
    ]
    chosen = _best(candidates or options, lambda c: _consume_gain(o, c), rng)
    if isinstance(chosen, cmd.UseConsumePower) and chosen.number is not None:
        return cmd.UseConsumePower(chosen.card, chosen.power, (), (), GAMBLE_NUMBER)
    return chosen


def _produce(o: Outlook, options: Sequence[Any], rng: random.Random) -> Command:
    def gain(option: Any) -> float:
        if isinstance(option, cmd.FinishProduce):
            return 0.0
        return 1.0 + good_value(card(option.world).good or "")

    return _best(options, gain, rng)


_BY_STAGE: dict[str, Decision] = {
    "SETUP_DISCARD": _discard_initial,
    "SELECT": _select,
    "EXPLORE": _keep_explored,
    "DEVELOP_CHOOSE": _choose_development,
    "DEVELOP_PAY": _pay_for_development,
    "SETTLE_CHOOSE": _choose_world,
    "SETTLE_RESOLVE": _resolve_settle,
    "CONSUME": _consume,
    "PRODUCE": _produce,
    "HAND_LIMIT": _discard_for_hand_limit,
}
