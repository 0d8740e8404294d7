"""`evolve`: apply one fact to the state, returning a new value. Never validates, never draws."""

from __future__ import annotations

from typing import Any, assert_never

from msgspec.structs import replace

from domain.game import Seat

from .components import ALIEN_PATH, PLANETS, PlanetName
from .events import (
    ActionCompleted,
    ActionPhaseEnded,
    ActionPhaseStarted,
    ActionStarted,
    AlienDefeated,
    AliensAdvanced,
    AliensArrived,
    BagFilled,
    BazagthothControlDetermined,
    CardPlayed,
    CardReturnedToHand,
    CardsDiscarded,
    CardsDrawn,
    CardsDrawnDetail,
    CardsExchanged,
    CardsExchangedDetail,
    CardsKept,
    CardsKeptDetail,
    CardTaken,
    CardTakenDetail,
    ClaimAttempted,
    ClaimWindowOpened,
    CombatDiceRerolled,
    CombatDiceRolled,
    CombatDieExcluded,
    CombatModifierApplied,
    CombatPointsAdded,
    CombatRequirementUpdated,
    CombatResolved,
    CombatSkullIgnored,
    CrisisDiceRolled,
    CrisisDiePlaced,
    CrisisLevelDetermined,
    CrisisPhaseStarted,
    CrisisResolved,
    DamageRolled,
    DecisionRequired,
    DecisionResolved,
    DeckReshuffled,
    DeckShuffled,
    DestructionCancelled,
    EmpireAssigned,
    Event,
    ExtraActionGranted,
    FactoryBuilt,
    GameEnded,
    GroupMoved,
    HandRevealed,
    IncomePaid,
    MineBuilt,
    MoneyChanged,
    PassMarkersPlaced,
    PassMarkerTaken,
    PeriodEnded,
    PeriodStarted,
    PieceRemoved,
    PieceTakenOver,
    PiratesPaid,
    PlanetFlipped,
    PlanetScored,
    PlanetTilesDrawn,
    PostPassAnswered,
    StartingCardsDetail,
    StartingCardsTaken,
    StartingPiecesPlaced,
    StartPlayerDetermined,
    StartPlayerMarkerTaken,
    StartPlayerRolled,
    TensionPlaced,
    TileClaimed,
    TileDiscarded,
    TileKept,
    TraitorAttached,
    TraitorDiscarded,
    TurnEnded,
    TurnStarted,
    UnitDestroyed,
    UnitRemoved,
    UnitReturnedToOrbit,
    UnitSavedToEarth,
    UnitsLanded,
    UnitsRaised,
    UnitsReturnedToOrbit,
)
from .state import (
    Combat,
    Final,
    Planet,
    State,
    building_index,
    planet_index,
    unit_index,
)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(items: tuple[int, ...], removed: tuple[int, ...]) -> tuple[int, ...]:
    gone = set(removed)
    return tuple(i for i in items if i not in gone)


def _move_units(
    state: State, ids: tuple[str, ...], planet: PlanetName | None, surface: bool
) -> State:
    units = list(state.units)
    for uid in ids:
        index = unit_index(uid)
        if index is not None:
            units[index] = replace(units[index], planet=planet, surface=surface)
    return replace(state, units=tuple(units))


def _place_building(state: State, bid: str, planet: PlanetName | None) -> State:
    index = building_index(bid)
    if index is None:
        return state
    return replace(
        state,
        buildings=_set(state.buildings, index, replace(state.buildings[index], planet=planet)),
    )


def _planet(state: State, name: PlanetName) -> Planet:
    return state.planets[planet_index(name)]


def _with_planet(state: State, planet: Planet) -> State:
    return replace(state, planets=_set(state.planets, planet_index(planet.name), planet))


def _hand(state: State, seat: Seat, hand: tuple[int, ...]) -> State:
    return replace(state, hands=_set(state.hands, seat, tuple(sorted(hand))))


def _combat(state: State, **changes: Any) -> State:
    if state.combat is None:
        return state
    return replace(state, combat=replace(state.combat, **changes))


def _remove_tile(state: State, tile: int, planet: PlanetName | None) -> State:
    names = [planet] if planet is not None else list(PLANETS)
    for name in names:
        p = _planet(state, name)
        if tile in p.tiles:
            return _with_planet(state, replace(p, tiles=_without(p.tiles, (tile,))))
        if p.alien == tile:
            return _with_planet(state, replace(p, alien=None))
    return state


def evolve(state: State, event: Event) -> State:
    """One fact applied; facts that only inform (counts, dice, scoring lines) change nothing."""
    match event:
        case StartingPiecesPlaced(units=units, factory=factory):
            state = _move_units(state, units, "EARTH", False)
            return _place_building(state, factory, "EARTH")
        case StartingCardsDetail(seat=seat, cards=cards):
            return _hand(state, seat, state.hands[seat] + cards)
        case MoneyChanged(seat=seat, balance=balance):
            return replace(state, money=_set(state.money, seat, balance))
        case CardsDrawnDetail(seat=seat, cards=cards, held=held):
            state = replace(state, deck=_without(state.deck, cards))
            if held:
                return replace(state, held=_set(state.held, seat, state.held[seat] + cards))
            return _hand(state, seat, state.hands[seat] + cards)
        case DeckReshuffled():
            return replace(state, deck=tuple(sorted(state.deck + state.discard)), discard=())
        case CardPlayed(seat=seat, card=card, effect=effect):
            state = _hand(state, seat, _without(state.hands[seat], (card,)))
            played = (
                (*state.played_this_turn, card) if state.active == seat else state.played_this_turn
            )
            discard = state.discard if effect == "TRAITOR" else (*state.discard, card)
            return replace(state, discard=discard, played_this_turn=played)
        case CardsDiscarded(seat=seat, cards=cards):
            state = _hand(state, seat, _without(state.hands[seat], cards))
            state = replace(state, held=_set(state.held, seat, _without(state.held[seat], cards)))
            return replace(state, discard=state.discard + cards)
        case CardReturnedToHand(seat=seat, card=card):
            state = replace(state, discard=_without(state.discard, (card,)))
            return _hand(state, seat, (*state.hands[seat], card))
        case CardsKeptDetail(seat=seat, cards=cards):
            state = replace(state, held=_set(state.held, seat, _without(state.held[seat], cards)))
            return _hand(state, seat, state.hands[seat] + cards)
        case CardTakenDetail(thief=thief, victim=victim, card=card):
            state = _hand(state, victim, _without(state.hands[victim], (card,)))
            return _hand(state, thief, (*state.hands[thief], card))
        case CardsExchangedDetail(spy=spy, target=target, take=take, give=give):
            if take is not None:
                state = _hand(state, target, _without(state.hands[target], (take,)))
                state = _hand(state, spy, (*state.hands[spy], take))
            if give is not None:
                state = _hand(state, spy, _without(state.hands[spy], (give,)))
                state = _hand(state, target, (*state.hands[target], give))
            return state
        case TraitorAttached(card=card, planet=planet):
            p = _planet(state, planet)
            return _with_planet(state, replace(p, traitors=(*p.traitors, card)))
        case TraitorDiscarded(card=card, planet=planet):
            p = _planet(state, planet)
            state = _with_planet(state, replace(p, traitors=_without(p.traitors, (card,))))
            return replace(state, discard=(*state.discard, card))
        case StartPlayerDetermined(seat=seat) | StartPlayerMarkerTaken(seat=seat):
            return replace(state, start_player=seat)
        case PeriodStarted(period=period):
            return replace(state, period=period)
        case PassMarkersPlaced(count=count):
            return replace(state, pass_markers=count)
        case PlanetTilesDrawn(planet=planet, tiles=tiles):
            state = replace(state, bag=_without(state.bag, tiles))
            p = _planet(state, planet)
            return _with_planet(state, replace(p, tiles=p.tiles + tiles))
        case TensionPlaced(tile=tile, planet=planet):
            state = replace(state, tile_discard=_without(state.tile_discard, (tile,)))
            p = _planet(state, planet)
            return _with_planet(state, replace(p, tiles=(*p.tiles, tile)))
        case TileDiscarded(tile=tile, planet=planet):
            state = _remove_tile(state, tile, planet)
            return replace(state, tile_discard=(*state.tile_discard, tile))
        case ActionPhaseStarted():
            return replace(state, phase="ACTIONS")
        case TurnStarted(seat=seat, actions=actions, post_pass=post_pass):
            return replace(
                state,
                active=seat,
                actions_left=actions,
                step="IDLE",
                played_this_turn=(),
                post_pass_turn=post_pass,
            )
        case TurnEnded():
            return replace(state, active=None, turns=state.turns + 1, played_this_turn=())
        case ActionStarted():
            return replace(state, actions_left=state.actions_left - 1)
        case ActionCompleted():
            return replace(state, step="IDLE", claim_planet=None, combat=None)
        case ExtraActionGranted(actions=actions):
            return replace(state, actions_left=actions)
        case GroupMoved(units=units, destination=destination):
            return _move_units(state, units, destination, False)
        case ClaimWindowOpened(planet=planet):
            return replace(state, step="CLAIM_WINDOW", claim_planet=planet)
        case UnitsLanded(units=units, planet=planet, purpose=purpose):
            state = _move_units(state, units, planet, True)
            if purpose == "COMBAT" and state.combat is not None:
                state = _combat(state, landed=state.combat.landed + units)
            return state
        case UnitsRaised(units=raised):
            for r in raised:
                state = _move_units(state, (r.unit,), r.planet, False)
            return state
        case UnitReturnedToOrbit(unit=unit):
            index = unit_index(unit)
            assert index is not None
            return _move_units(state, (unit,), state.units[index].planet, False)
        case PassMarkerTaken(remaining=remaining):
            return replace(state, pass_markers=remaining)
        case ActionPhaseEnded(asked=asked):
            return replace(
                state,
                phase="POST_PASS",
                active=None,
                actions_left=0,
                step="IDLE",
                claim_planet=None,
                combat=None,
                post_pass_queue=asked,
            )
        case PostPassAnswered():
            return replace(state, post_pass_queue=state.post_pass_queue[1:])
        case ClaimAttempted():
            combat = Combat(
                number=event.combat,
                planet=event.planet,
                tile=event.tile,
                target=event.target,
                base=event.base,
                part_of_move=event.part_of_move,
            )
            return replace(state, step="COMBAT", combat=combat, combats=event.combat)
        case CombatDiceRolled(faces=faces):
            return _combat(state, faces=faces)
        case CombatDiceRerolled(faces=faces, indices=indices):
            assert state.combat is not None
            return _combat(state, faces=faces, ignored=state.combat.ignored - set(indices))
        case CombatDieExcluded(index=index):
            return _combat(state, excluded=index)
        case CombatSkullIgnored(index=index):
            assert state.combat is not None
            return _combat(state, ignored=state.combat.ignored | {index})
        case CombatModifierApplied(modifier=modifier):
            assert state.combat is not None
            return _combat(state, modifiers=state.combat.modifiers | {modifier})
        case CombatPointsAdded(amount=amount):
            assert state.combat is not None
            return _combat(state, card_points=state.combat.card_points + amount)
        case TileClaimed(tile=tile, planet=planet):
            return _remove_tile(state, tile, planet)
        case TileKept(seat=seat, tile=tile):
            return replace(state, kept=_set(state.kept, seat, (*state.kept[seat], tile)))
        case FactoryBuilt(piece=piece, planet=planet) | MineBuilt(piece=piece, planet=planet):
            return _place_building(state, piece, planet)
        case PieceTakenOver(old_piece=old, new_piece=new, planet=planet):
            return _place_building(_place_building(state, old, None), new, planet)
        case PieceRemoved(piece=piece):
            return _place_building(state, piece, None)
        case UnitDestroyed(unit=unit) | UnitRemoved(unit=unit):
            return _move_units(state, (unit,), None, False)
        case UnitSavedToEarth(unit=unit):
            return _move_units(state, (unit,), "EARTH", False)
        case DecisionRequired(decision=decision, at=at):
            return replace(state, pending=(*state.pending[:at], decision, *state.pending[at:]))
        case DecisionResolved():
            return replace(state, pending=state.pending[1:])
        case CrisisPhaseStarted():
            return replace(
                state,
                phase="CRISES",
                crisis_levels=(0,) * len(PLANETS),
                crisis_cursor=0,
                active=None,
                post_pass_queue=(),
            )
        case CrisisLevelDetermined(planet=planet, level=level):
            return replace(
                state, crisis_levels=_set(state.crisis_levels, planet_index(planet), level)
            )
        case CrisisResolved(planet=planet):
            return replace(state, crisis_cursor=planet_index(planet) + 1)
        case PlanetFlipped(planet=planet):
            return _with_planet(state, replace(_planet(state, planet), flipped=True))
        case AliensArrived(planets=planets, tiles=tiles):
            for name, tile in zip(planets, tiles, strict=True):
                state = _with_planet(state, replace(_planet(state, name), alien=tile))
            return replace(
                state,
                aliens_invaded=True,
                alien_front=ALIEN_PATH.index(planets[-1]),
                aliens_arrived_period=state.period,
            )
        case AliensAdvanced(origins=origins, destinations=destinations, tiles=tiles):
            for name in origins:
                state = _with_planet(state, replace(_planet(state, name), alien=None))
            for name, tile in zip(destinations, tiles, strict=True):
                state = _with_planet(state, replace(_planet(state, name), alien=tile))
            return replace(state, alien_front=state.alien_front + len(destinations))
        case UnitsReturnedToOrbit(units=units, planet=planet):
            return _move_units(state, units, planet, False)
        case GameEnded():
            final = Final(
                event.scores, event.places, event.winners, event.reason, event.tiebreak_step
            )
            return replace(
                state,
                phase="OVER",
                final=final,
                active=None,
                pending=(),
                post_pass_queue=(),
                step="IDLE",
                combat=None,
            )
        case (
            EmpireAssigned()  # the empires are the options' (`initial`)
            | StartingCardsTaken()  # the cards themselves ride in StartingCardsDetail
            | BagFilled()
            | DeckShuffled()  # the deck is unordered: each draw picks a card (§7)
            | StartPlayerRolled()
            | CardsDrawn()  # public counts; the cards ride in CardsDrawnDetail
            | CardsKept()
            | CardTaken()
            | CardsExchanged()
            | HandRevealed()  # the spy looks; nothing moves yet
            | CombatRequirementUpdated()  # derived from the combat's dice and base
            | CombatResolved()  # its consequences follow as their own events
            | AlienDefeated()  # TileClaimed takes the alien off its planet
            | DestructionCancelled()
            | CrisisDiceRolled()
            | CrisisDiePlaced()  # the level follows in CrisisLevelDetermined
            | BazagthothControlDetermined()
            | DamageRolled()  # the losses follow as their own events
            | PiratesPaid()  # the payment follows as MoneyChanged
            | IncomePaid()  # the payment follows as MoneyChanged
            | PeriodEnded()
            | PlanetScored()  # the final scores ride in GameEnded
        ):
            return state
        case _:
            assert_never(event)
