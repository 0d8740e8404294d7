"""A greedy Onward to Venus player: every option it may take is given a value, and it takes the
best, drawing among equally good ones with its own `random.Random`.

Tiles are worth what they win on their planet and in points; fights are taken when the units
and cards at hand can pay for them; crises that would end the game for everyone (the robots of
Earth, the aliens) are fought as hard as they are likely; cards are played when they beat an
ordinary action (see bot_cards), in fights (bot_combat) and in owed decisions (bot_answers).

`bot` computes the seat's view and the legal commands first; everything after that reads only
those two, so hidden facts (deck, bag order, other hands) cannot sway a choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.game import Seat

from .bot_answers import answer, last_pass
from .bot_cards import action_card_value, free_card_value
from .bot_combat import fight, fight_cost
from .bot_reading import Seen, best, card_value, tile_value, unit_kind, unit_worth
from .commands import (
    ClaimTile,
    Command,
    EndTurn,
    MoveGroup,
    PlayActionCard,
    PlayFreeActionCard,
    RaiseUnits,
    SkipClaim,
    TakePassMarker,
)
from .components import (
    BASE_ALLOWANCE,
    DISTANCE,
    MOVE_BONUS,
    TRAITOR_DEFENCE,
    UNIT_COST,
    PlanetName,
)
from .rules import legal
from .state import State
from .view import TileView, view

PASS_VALUE = 1.0  # what taking a pass marker (one card drawn) is worth; anything less waits
WORTHWHILE = 1.5  # a claim window is used only for a tile worth at least this
EXTRA_ACTION_WORTH = 3.0  # an Extra Action card is spent only on an action worth this much
FREE_WORTH = 1.0  # other free-action cards are spent when worth this much


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    # the state is read here and nowhere else: the choice sees only the view and `legal`
    seen = Seen(view(state, seat), seat)
    options = list(legal(state, seat))
    if not options:
        return EndTurn()
    choice = choose(seen, options, rng)
    if choice is not None and choice in options:
        return choice
    return rng.choice(options)


def choose(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command | None:
    v = seen.view
    if v.pending:
        return answer(seen, options, rng)
    if v.phase == "POST_PASS" and v.active is None:
        return last_pass(seen, options, rng)
    if v.step == "CLAIM_WINDOW":
        return _best_claim(seen, options, rng) or SkipClaim()
    if v.step == "COMBAT":
        return fight(seen, options, rng)
    if v.actions_left == 0:
        return _free_card(seen, options, rng, 0.0) or EndTurn()
    return _action(seen, options, rng)


# --- claims -------------------------------------------------------------------------------


def defence(seen: Seen, planet: PlanetName, tile: TileView, target: str | None) -> int:
    """The base defence of a defended tile (§4.6.1 step 2)."""
    if tile.kind == "TENSION":
        return seen.tension_defence(planet, target)
    if tile.kind == "CRISIS":
        return tile.defence + TRAITOR_DEFENCE * len(seen.planet(planet).traitors)
    return tile.defence


def _claim_value(seen: Seen, claim: ClaimTile) -> float:
    tile = seen.tile(claim.planet, claim.tile)
    if tile is None:
        return 0.0
    value = tile_value(seen, claim.planet, tile, claim.tension_target)
    if tile.kind == "TENSION" or tile.defence:
        base = defence(seen, claim.planet, tile, claim.tension_target)
        crisis = tile.kind == "CRISIS"
        cost = fight_cost(seen, base, claim.planet, seen.ready(claim.planet), crisis)
        return 0.0 if cost is None else value - cost
    if claim.landing_unit is not None:
        value -= unit_worth(claim.landing_unit) / 10  # land the cheapest unit
    return value


def _best_claim(seen: Seen, options: Sequence[Command], rng: random.Random) -> ClaimTile | None:
    claims = [c for c in options if isinstance(c, ClaimTile)]
    scored = [(v, c) for c in claims if (v := _claim_value(seen, c)) >= WORTHWHILE]
    return best(scored, rng)


# --- moves and raises -----------------------------------------------------------------------


def _move_value(seen: Seen, move: MoveGroup) -> float:
    allowance = BASE_ALLOWANCE + sum(MOVE_BONUS[seen.effect(c)] for c in move.movement_cards)
    distance = DISTANCE[(move.origin, move.destination)]
    there = seen.planet(move.destination)
    group = [*move.units, *seen.ready(move.destination)]
    tiles = list(there.tiles)
    if there.alien is not None:
        tiles.append(TileView(there.alien, "ALIEN", 7, False))
    best_value = 0.0
    for tile in tiles if not there.flipped else []:
        targets: list[str | None] = [None]
        if tile.kind == "TENSION":
            targets = list(seen.tension_targets(move.destination))
        for target in targets:
            value = tile_value(seen, move.destination, tile, target)
            if tile.defence or tile.kind == "TENSION":
                base = defence(seen, move.destination, tile, target)
                cost = fight_cost(seen, base, move.destination, group, tile.kind == "CRISIS")
                if cost is None:
                    continue
                value -= cost  # the whole group at the destination fights
            else:
                value -= 0.1 * len(move.units)  # one lander is enough for an open tile
            best_value = max(best_value, value)
    if distance + 1 > allowance:
        best_value *= 0.4  # only gets there: the claim waits for another action
    cost = 0.3 + sum(card_value(seen.effect(c)) for c in move.movement_cards) / 2
    if move.transport_card is not None:
        cost += 1
    return best_value - cost


def _raise_value(seen: Seen, raise_: RaiseUnits) -> float:
    cost = sum(UNIT_COST[r.kind] for r in raise_.units)
    if cost > seen.me.money:
        return 0.0
    ready = seen.units_ready()
    cruisers = sum(1 for u in ready if unit_kind(u) == "CRU")
    kinds = [r.kind for r in raise_.units]
    value = 0.6 * len(kinds) if len(ready) < 5 else 0.3 * len(kinds)
    if cruisers == 0 and "CRU" in kinds:
        value += 1.5  # without a cruiser nothing travels
    if "TANK" in kinds:
        value += 0.2
    if seen.doom() > 0.2:
        value += 0.4 * len(kinds)  # the fight for everyone's survival needs units
    return value + 0.5 - cost / 20


# --- a turn's action ------------------------------------------------------------------------


def _action_value(seen: Seen, command: Command) -> float | None:
    if isinstance(command, ClaimTile):
        return _claim_value(seen, command)
    if isinstance(command, MoveGroup):
        return _move_value(seen, command)
    if isinstance(command, RaiseUnits):
        return _raise_value(seen, command)
    if isinstance(command, PlayActionCard):
        return action_card_value(seen, command)
    if isinstance(command, TakePassMarker):
        return PASS_VALUE
    return None


def _action(seen: Seen, options: Sequence[Command], rng: random.Random) -> Command | None:
    scored = [(v, c) for c in options if (v := _action_value(seen, c)) is not None]
    if not any(isinstance(c, TakePassMarker) for _, c in scored):
        scored.append((PASS_VALUE, EndTurn()))  # the last-pass extra action may go unused
    top = max(v for v, _ in scored)
    free = _free_card(seen, options, rng, top)
    if free is not None:
        return free
    return best(scored, rng)


def _free_card(
    seen: Seen, options: Sequence[Command], rng: random.Random, action: float
) -> Command | None:
    """A free-action card worth playing now, if any (`action`: the best action's value)."""
    scored: list[tuple[float, Command]] = []
    for c in options:
        if not isinstance(c, PlayFreeActionCard):
            continue
        name = seen.effect(c.card)
        if name == "EXTRA_ACTION":
            if action >= EXTRA_ACTION_WORTH:
                scored.append((action - EXTRA_ACTION_WORTH + FREE_WORTH, c))
            continue
        value = free_card_value(seen, c, _raise_value(seen, RaiseUnits(c.recruits)))
        if value >= FREE_WORTH:
            scored.append((value, c))
    return best(scored, rng)


__all__ = ["bot", "choose"]
