"""Phase 1: the instructor's event card, the players' responses and Gravity (§2.6, §4.3)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat
from domain.kosmonauts import events as ev
from domain.kosmonauts.chance_words import event_card_label
from domain.kosmonauts.commands import (
    ChooseEventCard,
    ChooseGravityTarget,
    EventResponse,
    RespondToEvent,
)
from domain.kosmonauts.components import (
    ASTEROIDS_FUEL_LOST,
    BODIES,
    ENERGY_CONVERSION_MAX,
    EVENT_CARDS,
    FACE_UP_EVENTS,
    GRAVITY_RANGE,
    MAX_HYPER,
    THRUST_MAX_CUBES,
    Body,
    EventKind,
)
from domain.kosmonauts.flight import add_units, distance
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_landing import land
from domain.kosmonauts.state import State

# §4.3 RespondToEvent: the answers each card accepts (before the player's own preconditions).
_ANSWERS: dict[str, frozenset[str]] = {
    "SOLAR_WIND": frozenset({"ACCEPT", "SPEND_SHIELD", "STAY_ON_BODY"}),
    "SOLAR_FLARES": frozenset({"ACCEPT", "SPEND_SHIELD"}),
    "ASTEROIDS": frozenset({"ACCEPT", "SPEND_SHIELD"}),
    "ENERGY_CONVERSION": frozenset({"CONVERT", "DECLINE"}),
    "REFUELLING": frozenset({"TAKE_HYPERFUEL", "DECLINE"}),
    "THRUST": frozenset(),
    "GRAVITY": frozenset(),
}


def round_kind(state: State) -> EventKind | None:
    return None if state.round_card is None else EVENT_CARDS[state.round_card][0]


def needs_responses(state: State) -> bool:
    kind = round_kind(state)
    if kind == "ASTEROIDS":
        return state.options.asteroids_avoidable_by_shield  # A4
    return kind in ("SOLAR_WIND", "SOLAR_FLARES", "ENERGY_CONVERSION", "REFUELLING")


def event_phase_complete(state: State) -> bool:
    if state.round_card is None or state.gravity_queue:
        return False
    return not needs_responses(state) or all(ship.responded for ship in state.ships)


def allowed_responses(state: State, seat: Seat) -> list[tuple[EventResponse, int]]:
    """Every (response, amount) this seat may give to the round's card."""
    ship = state.ships[seat]
    kind = round_kind(state)
    shield: list[tuple[EventResponse, int]] = [("SPEND_SHIELD", 0)] if ship.shields else []
    if kind in ("SOLAR_FLARES", "ASTEROIDS"):
        return [("ACCEPT", 0), *shield]
    if kind == "SOLAR_WIND":
        stay: list[tuple[EventResponse, int]] = [] if ship.flying else [("STAY_ON_BODY", 0)]
        return [("ACCEPT", 0), *shield, *stay]
    if kind == "ENERGY_CONVERSION":
        if not ship.shields or not ship.free_slots:
            return [("DECLINE", 0)]
        amounts = range(1, min(ENERGY_CONVERSION_MAX, ship.free_slots) + 1)
        converts: list[tuple[EventResponse, int]] = [("CONVERT", n) for n in amounts]
        return [("DECLINE", 0), *converts]
    if kind == "REFUELLING":
        can_take = ship.hyper < MAX_HYPER and (ship.free_slots >= 1 or ship.normal >= 1)
        take: list[tuple[EventResponse, int]] = [("TAKE_HYPERFUEL", 0)] if can_take else []
        return [("DECLINE", 0), *take]
    return []


def choose_event_card(out: Emitter, seat: Seat, command: ChooseEventCard) -> None:
    state = out.state
    if state.round_card is not None:
        raise IllegalMove("WRONG_PHASE", "this round's event card is already chosen")
    if command.card not in state.face_up:
        raise IllegalMove("CARD_NOT_AVAILABLE", f"{command.card} is not face up")
    kind = EVENT_CARDS[command.card][0]
    out.emit(ev.EventCardChosen(seat=seat, card=command.card, kind=kind))
    order = state.seats_from_instructor()
    if kind == "THRUST":
        for s in order:
            out.emit(ev.OrderLimitSet(seat=s, max_cubes=THRUST_MAX_CUBES, reason="THRUST"))
    elif kind == "ASTEROIDS" and not needs_responses(out.state):
        for s in order:
            _lose_to_asteroids(out, s)
    elif kind == "GRAVITY":
        pulled = tuple(s for s in order if nearest_bodies(out.state, s))
        if pulled:
            out.emit(ev.GravityQueued(seats=pulled))
            resolve_gravity(out)
    if needs_responses(out.state) and out.state.options.auto_resolve_trivial_decisions:
        for s in order:
            answers = allowed_responses(out.state, s)
            if len(answers) == 1:
                _apply_response(out, s, answers[0][0], answers[0][1], auto=True)


def respond_to_event(out: Emitter, seat: Seat, command: RespondToEvent) -> None:
    state = out.state
    ship = state.ships[seat]
    if not needs_responses(state):
        raise IllegalMove("WRONG_PHASE", "no event card awaits an answer now")
    response = command.response
    answers = _ANSWERS[round_kind(state) or "THRUST"]
    if response not in answers:
        said = ", ".join(sorted(answers))
        raise IllegalMove("RESPONSE_NOT_ALLOWED", f"{response} does not answer this card ({said})")
    if response == "SPEND_SHIELD" and not ship.shields:
        raise IllegalMove("NO_SHIELD", "you have no shield left to spend on avoiding it")
    if response == "STAY_ON_BODY" and ship.flying:
        raise IllegalMove(
            "SHIP_NOT_LANDED",
            "only a landed ship can answer STAY_ON_BODY: a flying ship may ACCEPT or SPEND_SHIELD",
        )
    if response != "CONVERT" and command.amount:
        raise IllegalMove("INVALID_AMOUNT", "an amount is given only with CONVERT")
    if response == "CONVERT":
        if not ship.shields:
            raise IllegalMove(
                "NO_SHIELD", "Energy Conversion costs a shield and you have none left: DECLINE"
            )
        if not ship.free_slots:
            raise IllegalMove(
                "TANK_FULL", "your tank has no free slot for the converted cubes: DECLINE"
            )
        if not 1 <= command.amount <= ENERGY_CONVERSION_MAX:
            raise IllegalMove("INVALID_AMOUNT", f"convert 1..{ENERGY_CONVERSION_MAX} cubes")
    if response == "TAKE_HYPERFUEL":
        if ship.hyper >= MAX_HYPER:
            raise IllegalMove(
                "HYPERFUEL_LIMIT",
                f"a tank holds at most {MAX_HYPER} red hyperfuel cubes and yours has them: DECLINE",
            )
        if not ship.free_slots and not ship.normal:
            raise IllegalMove("TANK_FULL", "no free slot and no fuel cube to swap")
    _apply_response(out, seat, response, command.amount, auto=False)


def _apply_response(
    out: Emitter, seat: Seat, response: EventResponse, amount: int, auto: bool
) -> None:
    state = out.state
    ship = state.ships[seat]
    assert state.round_card is not None
    kind, direction, strength = EVENT_CARDS[state.round_card]
    out.emit(ev.EventResponseRecorded(seat=seat, response=response, amount=amount, auto=auto))
    if response == "SPEND_SHIELD":
        reason = {"SOLAR_WIND": "AVOID_SOLAR_WIND", "SOLAR_FLARES": "AVOID_SOLAR_FLARES"}
        out.emit(
            ev.ShieldSpent(
                seat=seat,
                reason=reason.get(kind, "AVOID_ASTEROIDS"),
                shields_after=ship.shields - 1,
            )
        )
    elif response == "STAY_ON_BODY":
        assert ship.landed_on is not None
        out.emit(ev.StayCommitted(seat=seat, body=ship.landed_on))
    elif response == "ACCEPT" and kind == "SOLAR_WIND":
        assert direction is not None
        rose, cancelled = add_units(ship.rose, direction, strength)
        out.emit(
            ev.SolarWindApplied(
                seat=seat, direction=direction, units=strength, cancelled=cancelled, rose_after=rose
            )
        )
    elif response == "ACCEPT" and kind == "SOLAR_FLARES":
        out.emit(ev.OrderLimitSet(seat=seat, max_cubes=0, reason="SOLAR_FLARES"))
    elif response == "ACCEPT" and kind == "ASTEROIDS":
        _lose_to_asteroids(out, seat)
    elif response == "CONVERT":
        added = min(amount, ship.free_slots)
        out.emit(
            ev.ShieldSpent(seat=seat, reason="ENERGY_CONVERSION", shields_after=ship.shields - 1)
        )
        out.emit(
            ev.FuelGained(
                seat=seat,
                normal=added,
                hyper=0,
                reason="ENERGY_CONVERSION",
                normal_after=ship.normal + added,
                hyper_after=ship.hyper,
            )
        )
    elif response == "TAKE_HYPERFUEL":
        if ship.free_slots:
            out.emit(
                ev.FuelGained(
                    seat=seat,
                    normal=0,
                    hyper=1,
                    reason="REFUELLING_EVENT",
                    normal_after=ship.normal,
                    hyper_after=ship.hyper + 1,
                )
            )
        else:
            out.emit(
                ev.HyperfuelSwapped(
                    seat=seat,
                    reason="REFUELLING_EVENT",
                    normal_after=ship.normal - 1,
                    hyper_after=ship.hyper + 1,
                )
            )


def _lose_to_asteroids(out: Emitter, seat: Seat) -> None:
    ship = out.state.ships[seat]
    lost = min(ASTEROIDS_FUEL_LOST, ship.normal)
    out.emit(
        ev.FuelLost(
            seat=seat,
            normal=lost,
            hyper=0,
            reason="ASTEROIDS",
            normal_after=ship.normal - lost,
            hyper_after=ship.hyper,
        )
    )


def nearest_bodies(state: State, seat: Seat) -> tuple[Body, ...]:
    """A11: a flying ship is pulled to the nearest body within range (distance 0 counts)."""
    ship = state.ships[seat]
    if not ship.flying:
        return ()
    closest = 0 if state.options.gravity_includes_distance_zero else 1
    in_range = {
        b: d
        for b in BODIES
        if closest <= (d := distance(ship.hex, state.body_hex(b))) <= GRAVITY_RANGE
    }
    if not in_range:
        return ()
    best = min(in_range.values())
    return tuple(b for b in BODIES if in_range.get(b) == best)


def resolve_gravity(out: Emitter) -> None:
    """Ships are pulled in instructor order; a tie waits for its player's choice (§4.3)."""
    while out.state.gravity_queue and not out.state.gravity_choices:
        seat = out.state.gravity_queue[0]
        nearest = nearest_bodies(out.state, seat)
        if len(nearest) == 1:
            land(out, seat, nearest[0], 1, "GRAVITY")
        else:
            out.emit(ev.GravityChoicePending(seat=seat, bodies=nearest))


def choose_gravity_target(out: Emitter, seat: Seat, command: ChooseGravityTarget) -> None:
    state = out.state
    if not state.gravity_choices:
        raise IllegalMove("WRONG_PHASE", "no Gravity choice is asked now")
    if command.body not in state.gravity_choices:
        choices = ", ".join(state.gravity_choices)
        raise IllegalMove("NOT_A_NEAREST_BODY", f"choose one of {choices}")
    land(out, seat, command.body, 1, "GRAVITY")
    resolve_gravity(out)


def finish_event_phase(out: Emitter) -> None:
    """End of Phase 1 (§4.3): discard the card, refill the row to three, reshuffling if needed."""
    state = out.state
    if state.round_card is not None:
        out.emit(ev.EventCardDiscarded(card=state.round_card))
        if not out.state.draw_pile:
            # The discards go face down as the new pile: unseen, it has no order until drawn.
            out.emit(ev.EventDeckReshuffled(count=len(out.state.discard_pile)))
        if len(out.state.face_up) < FACE_UP_EVENTS:
            reveal_event_card(out)
    out.emit(ev.PhaseEnded(phase="EVENT"))


def reveal_event_card(out: Emitter) -> None:
    """The next face-up slot is filled with a card drawn from the face-down pile (a multiset)."""
    slot = len(out.state.face_up)
    card = out.chance.draw(
        out.state.draw_pile, f"the event card turned face up in slot {slot}", label=event_card_label
    )
    out.emit(ev.EventCardRevealed(card=card, slot=slot))
