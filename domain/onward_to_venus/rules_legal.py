"""Candidate commands for `legal`: every kind of decision, with its parameters enumerated.

Group moves and multi-piece choices are combinatorial, so those lists are sampled (each group
or combination family once); `decide` still accepts every legal command.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, islice, product

from domain.game import Seat

from .commands import (
    AbandonClaim,
    AssignCasualties,
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    ClaimTile,
    Command,
    ConcludeCombat,
    DeclineReaction,
    DiscardToHandLimit,
    EndTurn,
    EspionageChoice,
    LandForCombat,
    MoveGroup,
    PlayActionCard,
    PlayCombatCard,
    PlayFreeActionCard,
    PlayReaction,
    RaiseUnits,
    Recruit,
    SkipClaim,
    TakePassMarker,
)
from .components import MOVE_BONUS, PLANETS, SWAP_MAX, TILES, PlanetName, card_kind
from .rules_common import effect, has_factory_at, orbit_units, planet, units_at
from .rules_decisions import REACTION_CARD
from .state import State

COMBINATIONS_CAP = 24


def candidates(state: State, seat: Seat) -> list[Command]:
    if state.pending:
        return list(_decision(state, seat))
    if state.phase == "POST_PASS" and state.active is None:
        return [DeclineReaction(), *_reactions(state, seat, "LAST_PASS")]
    if state.step == "CLAIM_WINDOW":
        assert state.claim_planet is not None
        return [SkipClaim(), *_claims(state, seat, state.claim_planet, True)]
    if state.step == "COMBAT":
        return [ConcludeCombat(), AbandonClaim(), *_combat(state, seat), *_free(state, seat)]
    out: list[Command] = [EndTurn(), *_free(state, seat)]
    if state.actions_left > 0:
        out.append(TakePassMarker())
        out += _moves(state, seat)
        for name in PLANETS:
            out += _claims(state, seat, name, False)
        out += _raises(state, seat)
        out += _action_cards(state, seat)
    return out


def _decision(state: State, seat: Seat) -> Iterator[Command]:
    head = state.pending[0]
    if head.kind == "DISCARD_TO_LIMIT":
        for cards in islice(combinations(state.hands[seat], head.count), COMBINATIONS_CAP):
            yield DiscardToHandLimit(cards)
    elif head.kind == "CHOOSE_KEEP":
        for cards in combinations(state.held[seat], head.count):
            yield ChooseKeep(cards)
    elif head.kind == "ESPIONAGE":
        yield EspionageChoice(None, None)
        assert head.opponent is not None
        for take in state.hands[head.opponent]:
            gives: tuple[int | None, ...] = state.hands[seat] or (None,)
            for give in gives:
                yield EspionageChoice(take, give)
    elif head.kind == "CASUALTIES":
        assert head.planet is not None
        ids = [u.id for u in units_at(state, seat, head.planet)]
        for units in islice(combinations(ids, head.count), COMBINATIONS_CAP):
            yield AssignCasualties(units)
    elif head.kind in ("CANCEL_DESTRUCTION", "SAVE_DESTROYED"):
        yield DeclineReaction()
        yield from _reactions(state, seat, head.kind)
    elif head.kind == "BAZAGTHOTH":
        yield BazagthothOrder("DECLINE")
        if head.level == 1:
            for other in range(state.n):
                yield BazagthothOrder("STEAL", opponent=other)
        elif head.level == 2:
            for u in state.units:
                if u.planet is not None:
                    yield BazagthothOrder("DESTROY_UNIT", unit=u.id)
        else:
            for b in state.buildings:
                if b.planet is not None:
                    yield BazagthothOrder("DESTROY_BUILDING", building=b.id)
    elif head.kind == "CRISIS_LOSSES":
        assert head.planet is not None
        ids = [u.id for u in units_at(state, seat, head.planet)]
        pieces = [b.id for b in state.buildings if b.owner == seat and b.planet in head.pool]
        pairs = product(combinations(ids, head.count), combinations(pieces, head.buildings))
        for units, buildings in islice(pairs, COMBINATIONS_CAP):
            yield ChooseCrisisLosses(head.planet, units + buildings)


def _reactions(state: State, seat: Seat, kind: str) -> Iterator[Command]:
    for card in state.hands[seat]:
        if effect(card) != REACTION_CARD[kind]:
            continue
        if kind == "SAVE_DESTROYED":
            for uid in state.pending[0].units:
                yield PlayReaction(card, uid)
        else:
            yield PlayReaction(card)


def _claims(state: State, seat: Seat, name: PlanetName, part: bool) -> Iterator[Command]:
    p = planet(state, name)
    if p.flipped or not orbit_units(state, seat, name):
        return
    for tile in (*p.tiles, *([p.alien] if p.alien is not None else [])):
        spec = TILES[tile]
        if spec.kind == "TENSION":
            for b in state.buildings:
                if b.planet == name and b.owner != seat:
                    yield ClaimTile(name, tile, tension_target=b.id, as_part_of_move=part)
        elif spec.defended:
            yield ClaimTile(name, tile, as_part_of_move=part)
        else:
            firsts = {u.kind: u.id for u in reversed(orbit_units(state, seat, name))}
            for uid in firsts.values():
                yield ClaimTile(name, tile, landing_unit=uid, as_part_of_move=part)


def _moves(state: State, seat: Seat) -> Iterator[Command]:
    hand = state.hands[seat]
    boosts: list[tuple[int, ...]] = [()]
    seen: set[str] = set()
    for card in hand:
        if effect(card) in MOVE_BONUS and effect(card) not in seen:
            seen.add(effect(card))
            boosts.append((card,))
    transport = next((c for c in hand if effect(c) == "SPACE_TRANSPORTS"), None)
    for origin in PLANETS:
        here = orbit_units(state, seat, origin)
        cruisers = [u.id for u in here if u.kind == "CRU"]
        if not cruisers:
            continue
        groups: list[tuple[tuple[str, ...], int | None]] = [
            (tuple(u.id for u in here if u.kind != "TANK"), None),
            ((cruisers[0],), None),
        ]
        infantry = [u.id for u in here if u.kind == "INF"]
        if infantry:
            groups.append(((cruisers[0], infantry[0]), None))
        if transport is not None and any(u.kind == "TANK" for u in here):
            groups.append((tuple(u.id for u in here), transport))
        for (units, carrier), boost, destination in product(dict.fromkeys(groups), boosts, PLANETS):
            if destination != origin:
                yield MoveGroup(origin, destination, units, boost, carrier)


def _recruit_options(state: State, seat: Seat) -> list[Recruit]:
    options = [Recruit("INF", "EARTH"), Recruit("TANK", "EARTH"), Recruit("CRU", "EARTH")]
    for name in PLANETS:
        if name != "EARTH" and has_factory_at(state, seat, name):
            options += [Recruit("TANK", name), Recruit("CRU", name)]
    return options


def _raises(state: State, seat: Seat) -> Iterator[Command]:
    options = _recruit_options(state, seat)
    for r in options:
        yield RaiseUnits((r,))
    for pair in combinations_with_replacement(options, 2):
        yield RaiseUnits(pair)


def _action_cards(state: State, seat: Seat) -> Iterator[Command]:
    for card in state.hands[seat]:
        name = effect(card)
        if card_kind(name) != "ACTION":
            continue
        others = [c for c in state.hands[seat] if c != card]
        if name == "CARD_SWAP":
            yield PlayActionCard(card, cards=())
            yield PlayActionCard(card, cards=tuple(others[:SWAP_MAX]))
            for other in others:
                yield PlayActionCard(card, cards=(other,))
        elif name.startswith("DESTROY_"):
            for u in state.units:
                if u.planet is not None:
                    yield PlayActionCard(card, unit=u.id)
        elif name in ("TRAITOR", "PLACE_TENSION"):
            for where in PLANETS:
                yield PlayActionCard(card, planet=where)
        elif name in ("DISCARD_TENSION", "BIG_GAME_HUNT"):
            for p in state.planets:
                for tile in p.tiles:
                    yield PlayActionCard(card, tile=tile)
        elif name in ("FORCED_DISCARD", "ESPIONAGE"):
            for other in range(state.n):
                yield PlayActionCard(card, opponent=other)
        else:
            yield PlayActionCard(card)


def _free(state: State, seat: Seat) -> Iterator[Command]:
    for card in state.hands[seat]:
        name = effect(card)
        if card_kind(name) != "FREE":
            continue
        if name == "RECYCLE":
            for back in state.played_this_turn:
                yield PlayFreeActionCard(card, returned_card=back)
        elif name in ("RETURN_TANK", "RETURN_INFANTRY"):
            for u in state.units:
                if u.owner == seat and u.surface:
                    yield PlayFreeActionCard(card, unit=u.id)
        elif name == "RAISE_UNIT":
            for r in _recruit_options(state, seat):
                yield PlayFreeActionCard(card, recruits=(r,))
        else:
            yield PlayFreeActionCard(card)


def _combat(state: State, seat: Seat) -> Iterator[Command]:
    combat = state.combat
    assert combat is not None
    ready = [u.id for u in orbit_units(state, seat, combat.planet)]
    for uid in ready:
        yield LandForCombat((uid,))
    if len(ready) > 1:
        yield LandForCombat(tuple(ready))
    surface = [u.id for u in units_at(state, seat, combat.planet) if u.surface]
    dice = [i for i in range(len(combat.faces)) if i != combat.excluded]
    for card in state.hands[seat]:
        name = effect(card)
        if name in ("EXCLUDE_DIE", "IGNORE_SKULL"):
            for i in dice:
                yield PlayCombatCard(card, dice=(i,))
        elif name == "REROLL":
            for i in dice:
                yield PlayCombatCard(card, dice=(i,))
            yield PlayCombatCard(card, dice=tuple(dice))
        elif name in ("EXPLOSIVE_TANK", "KAMIKAZE"):
            for uid in surface:
                yield PlayCombatCard(card, unit=uid)
        elif card_kind(name) in ("CP", "BENEFIT"):
            yield PlayCombatCard(card)
