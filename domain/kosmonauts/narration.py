"""Kosmonauts told in words (issue #25): every event and decision as one English sentence.

A `domain.game.Narrator`: pure functions of one event (or command) and the seat names, with the
game's names from its static tables (domain/kosmonauts/narration_words.py). Nothing is looked up
that the event does not carry, so a sentence never tells a reader more than the event it tells;
which events a reader sees stays the log's business (each event's visibility).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from domain.game import Seat
from domain.kosmonauts import commands as cmd
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import Command, Placement
from domain.kosmonauts.components import (
    MISSIONS_DEALT_ADVANCED,
    MISSIONS_KEPT_ADVANCED,
)
from domain.kosmonauts.events import Event
from domain.kosmonauts.narration_words import (
    DECIDED_BY,
    DIRECTION_WORDS,
    EMERGENCY_CAUSES,
    END_WORDS,
    FUEL_REASONS,
    INSTRUCTOR_REASONS,
    LANDING_CAUSES,
    LIMIT_REASONS,
    NO_MARKER_REASONS,
    PHASE_WORDS,
    REFUEL_KINDS,
    RESPONSES,
    SECTORS,
    SHIELD_REASONS,
    bodies,
    body_name,
    course,
    cube_counts,
    cubes,
    event_card,
    event_card_effect,
    joined,
    mission,
    missions,
    order,
    order_count,
    ordinal,
    place,
    placements,
    plural,
    seat_name,
    shields_left,
    stacks,
    standing,
    tank,
    told,
)


def event_text(event: Event, names: Sequence[str]) -> str:
    """One Kosmonauts event as a sentence ("the planets advance: Mercury 3, Venus 5, ...")."""

    def who(seat: Seat) -> str:
        return seat_name(names, seat)

    match event:
        # --- setup ---
        case ev.PlanetTokensDealt(hands=hands, youngest=youngest):
            dealt = "; ".join(f"{who(s)} {bodies(hand)}" for s, hand in enumerate(hands))
            return f"the planet tokens are dealt, from {who(youngest)}: {dealt}"
        case ev.InstructorAssigned(seat=seat, reason=reason):
            return f"{who(seat)} is the first instructor, {told(INSTRUCTOR_REASONS, reason)}"
        case ev.BodiesExcluded(bodies=left_out):
            return (
                f"{bodies(left_out)} {'is' if len(left_out) == 1 else 'are'} left out of the game"
            )
        case ev.PlanetPlaced(seat=seat, body=body, orbit_index=index, hex=h):
            return (
                f"{who(seat)} places {body_name(body)} on space {index} of its orbit, at {place(h)}"
            )
        case ev.MissionCardsDealt(seat=seat, cards=cards):
            return f"{who(seat)} is dealt {missions(cards)}"
        case ev.MissionCardsDealtCount(seat=seat, count=count):
            return f"{who(seat)} is dealt {plural(count, 'mission card')}"
        case ev.MissionCardRedrawn(seat=seat, discarded=old, drawn=new):
            return f"{who(seat)} sets aside the clashing {mission(old)} and draws {mission(new)}"
        case ev.MissionCardReplaced(seat=seat):
            return f"{who(seat)} sets aside a clashing mission card and draws another"
        case ev.MissionsKept(seat=seat, kept=kept, discarded=discarded):
            return f"{who(seat)} keeps {missions(kept)}, discarding {missions(discarded)}"
        case ev.MissionSelectionMade(seat=seat):
            return (
                f"{who(seat)} keeps {MISSIONS_KEPT_ADVANCED} of {MISSIONS_DEALT_ADVANCED} missions"
            )
        case ev.ShipPlaced(seat=seat, body=body):
            return f"{who(seat)}'s ship starts landed on {body_name(body)}"
        case ev.LandingMarkerStacksPrepared(stacks=stacked):
            return f"the landing markers are stacked: {stacks(stacked)}"
        case ev.EventDeckPrepared(cards=cards):
            return f"the {len(cards)} event cards are shuffled face down"
        case ev.EventCardRevealed(card=card):
            return f"{event_card(card)} is turned face up"
        case ev.PlayerBoardPrepared(seat=seat, normal=normal, hyper=hyper, shields=shields):
            stock = joined([*cube_counts(normal, hyper), plural(shields, "shield")])
            return f"{who(seat)} starts with {stock}"
        case ev.SetupCompleted():
            return "setup is complete"
        # --- rounds and phase 1 ---
        case ev.RoundStarted(round=number, instructor=instructor):
            return f"round {number} begins, {who(instructor)} instructing"
        case ev.PhaseStarted(phase=phase):
            return f"{PHASE_WORDS[phase]} begins"
        case ev.PhaseEnded(phase=phase):
            return f"{PHASE_WORDS[phase]} ends"
        case ev.EventPhaseSkipped(round=number):
            return f"round {number} has no event card"
        case ev.InstructorPassed(from_seat=giver, to_seat=taker):
            return f"{who(giver)} passes the instructor token to {who(taker)}"
        case ev.RoundEnded(round=number):
            return f"round {number} ends"
        case ev.EventCardChosen(seat=seat, card=card):
            return f"{who(seat)} picks {event_card_effect(card)}"
        case ev.EventResponseRecorded(seat=seat, response=response, amount=amount, auto=auto):
            answer = told(RESPONSES, response).format(cubes=plural(amount, "yellow cube"))
            return f"{who(seat)} {answer}{' (the only choice)' if auto else ''}"
        case ev.OrderLimitSet(seat=seat, max_cubes=limit, reason=reason):
            allowed = f"up to {plural(limit, 'cube')}" if limit else "no cube"
            return f"{who(seat)} may place {allowed} this round ({told(LIMIT_REASONS, reason)})"
        case ev.ShieldSpent(seat=seat, reason=reason, shields_after=left):
            spent = told(SHIELD_REASONS, reason)
            return f"{who(seat)} spends a shield {spent}, {shields_left(left)}"
        case ev.StayCommitted(seat=seat, body=body):
            return f"{who(seat)} will stay on {body_name(body)} this round"
        case ev.SolarWindApplied(
            seat=seat, direction=direction, units=units, cancelled=cancelled, rose_after=rose
        ):
            pushed = f"{units} {DIRECTION_WORDS[direction]}"
            cancelling = f", cancelling {cancelled}" if cancelled else ""
            return f"the Solar Wind pushes {who(seat)} {pushed}{cancelling}; course {course(rose)}"
        case ev.FuelGained(seat=seat, normal=normal, hyper=hyper, reason=reason):
            source = told(FUEL_REASONS, reason)
            return f"{who(seat)} gains {cubes(normal, hyper)} from {source}"
        case ev.FuelLost(seat=seat, normal=normal, hyper=hyper, reason=reason):
            cause = told(FUEL_REASONS, reason)
            return f"{who(seat)} loses {cubes(normal, hyper)} to {cause}"
        case ev.HyperfuelSwapped(seat=seat, reason=reason):
            source = told(FUEL_REASONS, reason)
            return f"{who(seat)} swaps a yellow cube for a red one from {source}"
        case ev.GravityQueued(seats=seats):
            pulled = joined(who(s) for s in seats)
            return f"Gravity pulls {pulled} toward the nearest body"
        case ev.GravityChoicePending(seat=seat, bodies=nearest):
            return f"{who(seat)} chooses where Gravity lands the ship: {bodies(nearest, 'or')}"
        case ev.EventCardDiscarded(card=card):
            return f"{event_card(card)} is discarded"
        case ev.EventDeckReshuffled(count=count):
            return f"the {plural(count, 'discarded event card')} become the new face-down pile"
        # --- phase 2 ---
        case ev.OrdersSubmitted(seat=seat):
            return f"{who(seat)} seals orders"
        case ev.OrdersSealed(seat=seat, kind=kind, placements=cubes_out, convert_shield=convert):
            return f"{who(seat)} seals orders: {order(kind, cubes_out, convert)}"
        case ev.OrdersRevealed(orders=orders):
            # How many cubes each; which ones, each seat's CubesPlaced tells next.
            counts = "; ".join(f"{who(o.seat)} {order_count(o.kind, o.placements)}" for o in orders)
            return f"the orders are revealed: {counts}"
        case ev.ShieldConvertedToFuel(seat=seat, normal_added=added, shields_after=left):
            return f"{who(seat)} turns a shield into {cubes(added, 0)}, {shields_left(left)}"
        case ev.CubesPlaced(seat=seat, placements=cubes_out, cancelled=cancelled, rose_after=rose):
            gone = sum(cancelled)
            cancelling = f", cancelling {gone}" if gone else ""
            return f"{who(seat)} places {placements(cubes_out)}{cancelling}; course {course(rose)}"
        case ev.FuelDiscardedOverCapacity(seat=seat, normal=normal, hyper=hyper):
            return f"{who(seat)} returns {cubes(normal, hyper)} to the supply: the tank is full"
        case ev.ShipTookOff(seat=seat, body=body):
            return f"{who(seat)} takes off from {body_name(body)}"
        case ev.ShipStayed(seat=seat, body=body):
            return f"{who(seat)} stays on {body_name(body)}"
        # --- phase 3 ---
        case ev.ShipMoved(seat=seat, from_hex=start, to_hex=end, rose=rose):
            if start == end:
                return f"{who(seat)} drifts in place at {place(end)}"
            return f"{who(seat)} flies {course(rose)}, from {place(start)} to {place(end)}"
        case ev.ShipLanded(seat=seat, body=body, cause=cause, units_discarded=units):
            landed = told(LANDING_CAUSES, cause).format(body=body_name(body))
            stopped = f", shedding {plural(units, 'unit')} of speed" if units else ""
            return f"{who(seat)} {landed}{stopped}"
        case ev.LandingMarkerTaken(seat=seat, body=body, value=value, stack_position=position):
            if body == "EARTH":
                return f"{who(seat)} takes a {value} VP Earth marker, {ordinal(position)} home"
            first = f"{ordinal(position)} to land there"
            return f"{who(seat)} takes a {value} VP marker on {body_name(body)}, {first}"
        case ev.LandingRecordedWithoutMarker(seat=seat, body=body, reason=reason):
            why = told(NO_MARKER_REASONS, reason).format(body=body_name(body))
            return f"{who(seat)} takes no marker on {body_name(body)}: {why}"
        case ev.EarthReturnCompleted(seat=seat, round=number):
            return f"{who(seat)} is home on Earth for good in round {number}"
        case ev.GameEndTriggered(round=number, seat=seat):
            return f"{who(seat)}'s return ends the game after round {number}"
        case ev.DangerSectorDamage(seat=seat, hex=h, sector=sector, shields_after=left):
            where = f"{place(h)} {told(SECTORS, sector)}"
            return f"{who(seat)} ends at {where} and loses a shield, {shields_left(left)}"
        case ev.EmergencyDeclared(seat=seat, cause=cause):
            return told(EMERGENCY_CAUSES, cause).format(who=who(seat))
        case ev.ShipEvacuated(seat=seat, to_body=body, units_discarded=units):
            stopped = f", shedding {plural(units, 'unit')} of speed" if units else ""
            return f"{who(seat)} is rescued back to {body_name(body)}{stopped}"
        case ev.ShipRefuelled(
            seat=seat,
            kind=kind,
            shield_spent=paid,
            hyper_added=hyper,
            swapped=swapped,
            normal_added=normal,
            normal_after=normal_after,
            hyper_after=hyper_after,
        ):
            how = told(REFUEL_KINDS, kind) + (" for a shield" if paid else "")
            swap = ", swapping a yellow cube for a red one" if swapped else ""
            gained = f"gaining {cubes(normal, hyper)}{swap}"
            return f"{who(seat)} {how}, {gained}: {tank(normal_after, hyper_after)}"
        case ev.RefuelSkipped(seat=seat):
            return f"{who(seat)} does not refuel"
        # --- phase 4 ---
        case ev.PlanetsAdvanced(moves=moves):
            spaces = joined((f"{body_name(m.body)} {m.to_index}" for m in moves), limit=len(moves))
            return f"the planets advance: {spaces}"
        case ev.ShipCarried(seat=seat, body=body, to_hex=h):
            return f"{who(seat)} rides {body_name(body)} to {place(h)}"
        case ev.LandingOpportunityOpened(seat=seat, body=body, hex=h):
            return f"{body_name(body)} arrives on {who(seat)}'s ship at {place(h)}; it may land"
        case ev.LandingOpportunityDeclined(seat=seat, body=body):
            return f"{who(seat)} lets {body_name(body)} pass without landing"
        # --- the end ---
        case ev.GameEnded(round=number, reason=reason):
            return f"the game ends after round {number}: {told(END_WORDS, reason)}"
        case ev.MissionsRevealed(seat=seat, cards=cards):
            return f"{who(seat)} reveals {missions(cards)}"
        case ev.MissionScored(seat=seat, card=card, completed=completed, vp=vp):
            if completed:
                return f"{who(seat)} completes {mission(card)}: {vp} VP"
            return f"{who(seat)} misses {mission(card)}"
        case ev.FinalScoreComputed(seat=seat, marker_vp=markers, mission_vp=tasks, total=total):
            parts = f"{markers} from markers and {tasks} from missions"
            return f"{who(seat)} scores {total} VP: {parts}"
        case ev.WinnersDeclared(winners=winners, places=places, decided_by=decided_by):
            how = told(DECIDED_BY, decided_by)
            verb = "wins" if len(winners) == 1 else "share the win"
            ranks = "; ".join(
                f"{joined(who(s) for s, p in enumerate(places) if p == rank)} {standing(rank)}"
                for rank in sorted(set(places))
            )
            won = " ".join(w for w in (joined(who(s) for s in winners), verb, how) if w)
            return f"{won} ({ranks})"
        case _:
            assert_never(event)


def command_text(command: Command, seat: Seat, names: Sequence[str]) -> str:
    """One Kosmonauts decision as its seat made it ("ann flies on without landing")."""
    who = seat_name(names, seat)
    match command:
        case cmd.PlacePlanet(body=body, orbit_index=index):
            return f"{who} places {body_name(body)} on space {index} of its orbit"
        case cmd.KeepMissions(keep=keep):
            return f"{who} keeps {missions(keep)}"
        case cmd.ChooseEventCard(card=card):
            return f"{who} picks {event_card(card)}"
        case cmd.RespondToEvent(response=response, amount=amount):
            answer = told(RESPONSES, response).format(cubes=plural(amount, "yellow cube"))
            return f"{who} {answer}"
        case cmd.ChooseGravityTarget(body=body):
            return f"{who} lets Gravity land the ship on {body_name(body)}"
        case cmd.SubmitOrders(placements=cubes_out, convert_shield=convert):
            return f"{who} {order('FLY', cubes_out, convert)}"
        case cmd.StayOnBody(convert_shield=convert):
            return f"{who} {order('STAY', (), convert)}"
        case cmd.ResolveFlight(land_on=body):
            if body is None:
                return f"{who} flies on without landing"
            return f"{who} flies and lands on {body_name(body)}"
        case cmd.RequestEvacuation():
            return f"{who} calls for a rescue to the last body visited"
        case cmd.Refuel(kind=kind, take_hyperfuel=swap):
            swapping = ", swapping in a red cube if the tank is full" if swap else ""
            return f"{who} {told(REFUEL_KINDS, kind)}{swapping}"
        case cmd.SkipRefuel():
            return f"{who} skips refuelling"
        case cmd.LandOnArrivingBody(body=body):
            return f"{who} lands on {body_name(body)} as it arrives"
        case cmd.DeclineLanding():
            return f"{who} lets the arriving body pass"
        case _:
            assert_never(command)


def part_text(kind: str, field: str, value: object, names: Sequence[str]) -> str | None:
    """One part of a command a seat picks part by part (forms/menus.py), in words: "1 yellow
    cube east"; None where the short form says it."""
    match kind, field, value:
        case "SubmitOrders", "placements", Placement():
            return placements([value])
        case _, "convert_shield", True:
            return "turns a shield into 2 yellow cubes first"
        case _, "convert_shield", False:
            return "keeps its shields"
    return None
