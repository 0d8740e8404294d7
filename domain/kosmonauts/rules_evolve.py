"""evolve: each fact applied to the state; it never validates and never draws."""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

from domain import game
from domain.game import Chance, Seat
from domain.kosmonauts import events as ev
from domain.kosmonauts.components import BODIES, Body
from domain.kosmonauts.flight import EMPTY_ROSE
from domain.kosmonauts.state import EarthReturn, MarkerHeld, Opportunity, SealedOrder, Ship, State


def _ship(state: State, seat: Seat, **changes: object) -> State:
    ships = list(state.ships)
    ships[seat] = replace(ships[seat], **changes)
    return replace(state, ships=tuple(ships))


def _per_body(values: tuple, body: Body, value: object) -> tuple:
    out = list(values)
    out[BODIES.index(body)] = value
    return tuple(out)


def _without_one(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A multiset with one copy of `card` taken out (unchanged if it holds none)."""
    if card not in pile:
        return pile
    at = pile.index(card)
    return pile[:at] + pile[at + 1 :]


def _next_placer(state: State) -> Seat:
    for step in range(1, state.n_seats + 1):
        seat = (state.placer + step) % state.n_seats
        if state.advanced or state.planet_hands[seat]:
            return seat
    return state.placer


def evolve(state: State, event: ev.Event) -> State:
    s = state
    match event:
        case ev.PlanetTokensDealt(hands=hands, youngest=youngest):
            return replace(s, planet_hands=hands, placer=youngest)
        case ev.InstructorAssigned(seat=seat):
            if all(i < 0 for i in s.orbit_index):
                return replace(s, instructor=seat, placer=seat)
            return replace(s, instructor=seat)
        case ev.BodiesExcluded(bodies=bodies):
            return replace(s, excluded=frozenset(bodies))
        case ev.PlanetPlaced(seat=seat, body=body, orbit_index=index):
            s = replace(s, orbit_index=_per_body(s.orbit_index, body, index))
            if s.planet_hands:
                left = list(s.planet_hands)
                left[seat] = tuple(b for b in left[seat] if b != body)
                s = replace(s, planet_hands=tuple(left))
            return replace(s, placer=_next_placer(s))
        case ev.MissionCardsDealt(seat=seat, cards=cards):
            return _ship(s, seat, missions=s.ships[seat].missions + cards)
        case ev.MissionCardRedrawn(seat=seat, discarded=old, drawn=new):
            ship = s.ships[seat]
            missions = tuple(new if m == old else m for m in ship.missions)
            return _ship(
                s, seat, missions=missions, discarded_missions=(*ship.discarded_missions, old)
            )
        case ev.MissionsKept(seat=seat, kept=kept, discarded=discarded):
            ship = s.ships[seat]
            return _ship(
                s,
                seat,
                missions=kept,
                discarded_missions=ship.discarded_missions + discarded,
                missions_kept=True,
            )
        case ev.MissionSelectionMade(seat=seat):
            return _ship(s, seat, missions_kept=True)
        case ev.ShipPlaced(seat=seat, body=body, hex=h):
            return _ship(s, seat, hex=h, landed_on=body, last_visited=body)
        case ev.LandingMarkerStacksPrepared(stacks=stacks):
            by_body = dict(stacks)
            return replace(s, stacks=tuple(by_body.get(b, ()) for b in BODIES))
        case ev.EventDeckPrepared(cards=cards):
            return replace(s, draw_pile=cards)
        case ev.EventCardRevealed(card=card, slot=slot):
            face_up = list(s.face_up)
            face_up.insert(slot, card)
            return replace(s, face_up=tuple(face_up), draw_pile=_without_one(s.draw_pile, card))
        case ev.PlayerBoardPrepared(
            seat=seat, normal=normal, hyper=hyper, shields=shields, last_visited=body
        ):
            return _ship(s, seat, normal=normal, hyper=hyper, shields=shields, last_visited=body)
        case ev.RoundStarted(round=number, instructor=instructor):
            fresh = tuple(
                replace(
                    ship,
                    max_cubes=Ship().max_cubes,
                    responded=False,
                    stay_committed=False,
                    order=None,
                    staying=False,
                    flight_done=False,
                )
                for ship in s.ships
            )
            return replace(
                s,
                round=number,
                instructor=instructor,
                ships=fresh,
                round_card=None,
                gravity_queue=(),
                gravity_choices=(),
                opportunities=(),
            )
        case ev.PhaseStarted(phase=phase):
            return replace(s, phase=phase)
        case ev.InstructorPassed(to_seat=seat):
            return replace(s, instructor=seat)
        case ev.EventCardChosen(card=card):
            return replace(s, round_card=card, face_up=tuple(c for c in s.face_up if c != card))
        case ev.EventResponseRecorded(seat=seat):
            return _ship(s, seat, responded=True)
        case ev.OrderLimitSet(seat=seat, max_cubes=limit):
            return _ship(s, seat, max_cubes=limit)
        case ev.ShieldSpent(seat=seat, shields_after=after):
            return _ship(s, seat, shields=after)
        case ev.DangerSectorDamage(seat=seat, shields_after=after):
            return _ship(s, seat, shields=after)
        case ev.StayCommitted(seat=seat):
            return _ship(s, seat, stay_committed=True)
        case ev.SolarWindApplied(seat=seat, rose_after=rose):
            return _ship(s, seat, rose=rose)
        case (
            ev.FuelGained(seat=seat, normal_after=normal, hyper_after=hyper)
            | ev.FuelLost(seat=seat, normal_after=normal, hyper_after=hyper)
            | ev.HyperfuelSwapped(seat=seat, normal_after=normal, hyper_after=hyper)
        ):
            return _ship(s, seat, normal=normal, hyper=hyper)
        case ev.GravityQueued(seats=seats):
            return replace(s, gravity_queue=seats)
        case ev.GravityChoicePending(bodies=bodies):
            return replace(s, gravity_choices=bodies)
        case ev.EventCardDiscarded(card=card):
            return replace(s, discard_pile=(*s.discard_pile, card))
        case ev.EventDeckReshuffled():
            return replace(
                s, draw_pile=tuple(sorted((*s.draw_pile, *s.discard_pile))), discard_pile=()
            )
        case ev.OrdersSealed(seat=seat, kind=kind, placements=placements, convert_shield=convert):
            order = SealedOrder(kind=kind, placements=placements, convert_shield=convert)
            return _ship(s, seat, order=order)
        case ev.ShieldConvertedToFuel(seat=seat, normal_added=added, shields_after=after):
            return _ship(s, seat, shields=after, normal=s.ships[seat].normal + added)
        case ev.CubesPlaced(seat=seat, rose_after=rose, normal_after=normal, hyper_after=hyper):
            return _ship(s, seat, rose=rose, normal=normal, hyper=hyper)
        case ev.FuelDiscardedOverCapacity(seat=seat, normal=normal, hyper=hyper):
            ship = s.ships[seat]
            return _ship(s, seat, normal=ship.normal - normal, hyper=ship.hyper - hyper)
        case ev.ShipTookOff(seat=seat, body=body):
            return _ship(s, seat, landed_on=None, last_visited=body)
        case ev.ShipStayed(seat=seat):
            return _ship(s, seat, staying=True)
        case ev.ShipMoved(seat=seat, to_hex=h):
            return _ship(s, seat, hex=h, flight_done=True)
        case ev.ShipLanded(seat=seat, body=body, hex=h, cause=cause, phase=phase):
            s = _ship(s, seat, hex=h, landed_on=body, last_visited=body, rose=EMPTY_ROSE)
            if body != "EARTH" and seat not in s.landers(body):
                s = replace(
                    s,
                    landing_order=_per_body(s.landing_order, body, (*s.landers(body), seat)),
                )
            if cause == "GRAVITY":
                queue = tuple(q for q in s.gravity_queue if q != seat)
                s = replace(s, gravity_queue=queue, gravity_choices=())
            if phase == 4:
                s = replace(s, opportunities=tuple(o for o in s.opportunities if o.seat != seat))
            return s
        case ev.LandingMarkerTaken(seat=seat, body=body, value=value):
            s = replace(s, stacks=_per_body(s.stacks, body, s.stack(body)[1:]))
            held = (*s.ships[seat].markers, MarkerHeld(body=body, value=value))
            return _ship(s, seat, markers=held)
        case ev.EarthReturnCompleted(seat=seat, round=number, phase=phase):
            return _ship(s, seat, earth_return=EarthReturn(round=number, phase=phase))
        case ev.GameEndTriggered(round=number):
            return replace(s, end_triggered_round=number)
        case ev.ShipEvacuated(seat=seat, to_body=body, to_hex=h):
            return _ship(s, seat, hex=h, landed_on=body, rose=EMPTY_ROSE, flight_done=True)
        case ev.ShipRefuelled(seat=seat, normal_after=normal, hyper_after=hyper):
            return _ship(s, seat, normal=normal, hyper=hyper, flight_done=True)
        case ev.RefuelSkipped(seat=seat):
            return _ship(s, seat, flight_done=True)
        case ev.PlanetsAdvanced(moves=moves):
            spaces = list(s.orbit_index)
            for move in moves:
                spaces[BODIES.index(move.body)] = move.to_index
            return replace(s, orbit_index=tuple(spaces))
        case ev.ShipCarried(seat=seat, to_hex=h):
            return _ship(s, seat, hex=h)
        case ev.LandingOpportunityOpened(seat=seat, body=body):
            return replace(s, opportunities=(*s.opportunities, Opportunity(seat=seat, body=body)))
        case ev.LandingOpportunityDeclined(seat=seat, body=body):
            return replace(
                s, opportunities=tuple(o for o in s.opportunities if o != Opportunity(seat, body))
            )
        case ev.GameEnded(reason=reason):
            return replace(
                s, phase="ENDED", end_reason=reason, final_scores=tuple(0 for _ in s.ships)
            )
        case ev.FinalScoreComputed(seat=seat, total=total):
            scores = list(s.final_scores)
            scores[seat] = total
            return replace(s, final_scores=tuple(scores))
        case ev.WinnersDeclared(winners=winners, places=places):
            return replace(s, winners=winners, places=places)
        case (
            ev.MissionCardsDealtCount()
            | ev.MissionCardReplaced()
            | ev.SetupCompleted()
            | ev.PhaseEnded()
            | ev.EventPhaseSkipped()
            | ev.RoundEnded()
            | ev.OrdersSubmitted()
            | ev.OrdersRevealed()
            | ev.LandingRecordedWithoutMarker()
            | ev.EmergencyDeclared()
            | ev.MissionsRevealed()
            | ev.MissionScored()
        ):
            # Notices and public counterparts of facts folded elsewhere: they change no state.
            return s
        case _:
            assert_never(event)


class Emitter(game.Emitter[State, ev.Event]):
    """`domain.game.Emitter` for Kosmonauts: the events of one decision, folded as they are
    emitted so later rules see their effect, and the chance the decision draws from."""

    def __init__(self, state: State, chance: Chance) -> None:
        super().__init__(evolve, state, chance)
