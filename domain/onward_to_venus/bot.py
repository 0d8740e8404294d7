"""A greedy Onward to Venus player: claim the best tile in reach, fight only when the combat
points in hand and in orbit cover the defence, raise units when short, pass when idle.

`bot` computes the seat's view and the legal commands first; everything after that reads only
those two, so hidden facts (deck, bag order, other hands) cannot sway a choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bot_combat import fight, hand_points
from .bot_reading import Seen, ready_units, tile_value, unit_kind
from .commands import (
    AssignCasualties,
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    ClaimTile,
    Command,
    DeclineReaction,
    DiscardToHandLimit,
    EndTurn,
    EspionageChoice,
    MoveGroup,
    PlayActionCard,
    PlayFreeActionCard,
    PlayReaction,
    RaiseUnits,
    SkipClaim,
    TakePassMarker,
)
from .components import BASE_ALLOWANCE, DISTANCE, MOVE_BONUS, UNIT_COST, card_points
from .rules import legal
from .state import State
from .view import view

PASS_VALUE = 1.0  # what taking a pass marker (one card drawn) is worth; anything less waits
WORTHWHILE = 1.5  # a claim window is used only for a tile worth at least this
CARD_VALUE = {"EXTRA_ACTION": 4, "MOVE_PLUS_2": 3, "MOVE_PLUS_1": 2, "SPACE_LOTTERY": 3}


def bot(state: State, seat: int, rng: random.Random) -> Command:
    # the state is read here and nowhere else: the choice sees only the view and `legal`
    seen = Seen(view(state, seat), seat)
    options = list(legal(state, seat))
    if not options:
        return EndTurn()
    choice = choose(seen, options)
    if choice is not None and choice in options:
        return choice
    return rng.choice(options)


def choose(seen: Seen, options: Sequence[Command]) -> Command | None:
    v = seen.view
    if v.pending:
        return _answer(seen, options)
    if v.phase == "POST_PASS" and v.active is None:
        return _first(options, PlayReaction) or DeclineReaction()
    if v.step == "CLAIM_WINDOW":
        best = _best_claim(seen, options)
        return best if best is not None else SkipClaim()
    if v.step == "COMBAT":
        return fight(seen, options)
    if v.actions_left == 0:
        return EndTurn()
    return _action(seen, options)


def _first(options: Sequence[Command], kind: type[Command]) -> Command | None:
    return next((c for c in options if isinstance(c, kind)), None)


def card_value(effect: str) -> float:
    return CARD_VALUE.get(effect, card_points(effect) or 1)


def _answer(seen: Seen, options: Sequence[Command]) -> Command | None:
    """Decisions owed mid-action: keep good cards, lose the cheapest pieces."""
    head = seen.view.pending[0]
    hand = {card: view.effect for card, view in seen.cards.items()}
    if head.kind == "DISCARD_TO_LIMIT":
        discards = [c for c in options if isinstance(c, DiscardToHandLimit)]
        return min(discards, key=lambda c: sum(card_value(hand[i]) for i in c.cards), default=None)
    if head.kind == "CHOOSE_KEEP":
        keeps = [c for c in options if isinstance(c, ChooseKeep)]
        return max(keeps, key=lambda c: sum(card_value(hand[i]) for i in c.cards), default=None)
    if head.kind == "ESPIONAGE":
        # the choices list the target's hidden hand, so the bot never looks at them
        return EspionageChoice()
    if head.kind == "CASUALTIES":
        losses = [c for c in options if isinstance(c, AssignCasualties)]
        return min(losses, key=lambda c: _piece_cost(c.units), default=None)
    if head.kind == "CRISIS_LOSSES":
        crisis = [c for c in options if isinstance(c, ChooseCrisisLosses)]
        return min(crisis, key=lambda c: _piece_cost(c.pieces), default=None)
    if head.kind in ("CANCEL_DESTRUCTION", "SAVE_DESTROYED"):
        return _first(options, PlayReaction) or DeclineReaction()
    if head.kind == "BAZAGTHOTH":
        return BazagthothOrder("DECLINE")
    return None


def _piece_cost(pieces: Sequence[str]) -> int:
    # buildings are income and planet points: far dearer than any unit
    return sum(UNIT_COST.get(unit_kind(p), 20) for p in pieces)


def _claim_value(seen: Seen, claim: ClaimTile, extra_points: int = 0) -> float:
    tile = seen.tile(claim.planet, claim.tile)
    if tile is None:
        return 0.0
    value = tile_value(seen, tile)
    if tile.kind == "TENSION" or tile.defence:
        base = seen.tension_defence(claim.planet, claim.tension_target) or tile.defence
        orbit = sum(seen.unit_points(u) for u in ready_units(seen, claim.planet))
        points = orbit + extra_points + hand_points(seen, claim.planet)
        # three dice add about 4 to the defence on average; fight only with a margin
        if orbit == 0 or points < base + 5:
            return 0.0
        value -= 0.5  # skulls cost units
    elif claim.landing_unit is not None:
        value -= UNIT_COST[unit_kind(claim.landing_unit)] / 10  # land the cheapest unit
    return value


def _best_claim(seen: Seen, options: Sequence[Command]) -> ClaimTile | None:
    claims = [c for c in options if isinstance(c, ClaimTile)]
    scored = [(_claim_value(seen, c), c) for c in claims]
    scored = [(v, c) for v, c in scored if v >= WORTHWHILE]
    return max(scored, key=lambda vc: vc[0])[1] if scored else None


def _move_value(seen: Seen, move: MoveGroup) -> float:
    allowance = BASE_ALLOWANCE + sum(MOVE_BONUS[seen.effect(c)] for c in move.movement_cards)
    distance = DISTANCE[(move.origin, move.destination)]
    group_points = sum(seen.unit_points(u) for u in move.units)
    best = 0.0
    for tile in seen.planet(move.destination).tiles:
        value = tile_value(seen, tile)
        if tile.defence or tile.kind == "TENSION":
            base = tile.defence
            if tile.kind == "TENSION":
                targets = seen.tension_targets(move.destination)
                if not targets:
                    continue  # nothing of an opponent's to take over there
                base = min(seen.tension_defence(move.destination, t) for t in targets)
            if group_points + hand_points(seen, move.destination) < base + 5:
                continue
            value += 0.2 * len(move.units)  # bring the whole group to a fight
        else:
            value -= 0.1 * len(move.units)  # one lander is enough for an open tile
        best = max(best, value)
    if distance + 1 > allowance:
        best *= 0.4  # only gets there: the claim waits for another action
    cost = 0.3 + sum(card_value(seen.effect(c)) for c in move.movement_cards) / 2
    if move.transport_card is not None:
        cost += 1
    return best - cost


def _raise_value(seen: Seen, raise_: RaiseUnits) -> float:
    cost = sum(UNIT_COST[r.kind] for r in raise_.units)
    if cost > seen.me.money:
        return 0.0
    ready = [u for p in seen.view.planets for u in ready_units(seen, p.name)]
    cruisers = sum(1 for u in ready if unit_kind(u) == "CRU")
    kinds = [r.kind for r in raise_.units]
    value = 0.6 * len(kinds) if len(ready) < 5 else 0.3 * len(kinds)
    if cruisers == 0 and "CRU" in kinds:
        value += 1.5  # without a cruiser nothing travels
    if "TANK" in kinds:
        value += 0.2
    return value + 0.5 - cost / 20


def _card_action_value(seen: Seen, play: PlayActionCard | PlayFreeActionCard) -> float:
    name = seen.effect(play.card)
    if isinstance(play, PlayActionCard):
        if name == "SPACE_LOTTERY":
            return 2.5
        if name == "RICH_VEINS":
            return 1.0 * seen.mines()
        if name == "DRAW4_KEEP2" and seen.me.hand_size <= 6:
            return 1.8
        if name == "BUY_CARDS" and seen.me.money >= 7 and seen.me.hand_size <= 5:
            return 1.2
    return 0.0


def _action(seen: Seen, options: Sequence[Command]) -> Command | None:
    scored: list[tuple[float, Command]] = [(PASS_VALUE, TakePassMarker())]
    for c in options:
        if isinstance(c, ClaimTile):
            scored.append((_claim_value(seen, c), c))
        elif isinstance(c, MoveGroup):
            scored.append((_move_value(seen, c), c))
        elif isinstance(c, RaiseUnits):
            scored.append((_raise_value(seen, c), c))
        elif isinstance(c, PlayActionCard):
            scored.append((_card_action_value(seen, c), c))
    value, best = max(scored, key=lambda vc: vc[0])
    extra = next(
        (
            c
            for c in options
            if isinstance(c, PlayFreeActionCard) and seen.effect(c.card) == "EXTRA_ACTION"
        ),
        None,
    )
    if extra is not None and value >= 3:
        return extra  # a second good action is worth the card
    if isinstance(best, TakePassMarker) and best not in options:
        return EndTurn()
    return best


__all__ = ["bot", "choose"]
