"""The actions of a turn (§4.5): move, claim, raise, take a pass marker, end the turn.

Each command has `check_*` (validation only, shared by `decide` and `legal`) and `do_*`.
"""

from __future__ import annotations

from collections import Counter

from domain.game import IllegalMove, Seat

from .commands import ClaimTile, EndTurn, MoveGroup, RaiseUnits, Recruit, SkipClaim, TakePassMarker
from .components import (
    BASE_ALLOWANCE,
    DISTANCE,
    MOVE_BONUS,
    PLANETS,
    TILES,
    UNIT_COST,
    UNIT_KINDS,
)
from .events import (
    ActionCompleted,
    ActionPhaseEnded,
    ActionStarted,
    CardPlayed,
    ClaimWindowOpened,
    GroupMoved,
    MoneyChanged,
    PassMarkerTaken,
    RaisedUnit,
    StartPlayerMarkerTaken,
    UnitsLanded,
    UnitsRaised,
)
from .rules_combat import open_combat
from .rules_common import (
    Emitter,
    check_hand_limit,
    draw,
    effect,
    has_factory_at,
    orbit_units,
    planet,
    require_in_hand,
    seats_from,
    supply_building,
    supply_unit,
)
from .rules_flow import end_turn
from .rules_tiles import claim_tile
from .state import State, find_building, find_unit


def require_planet(name: str) -> None:
    if name not in PLANETS:
        raise IllegalMove("UNKNOWN_PLANET", f"there is no planet {name!r}")


def require_action(state: State) -> None:
    if state.step != "IDLE":
        raise IllegalMove("ACTION_IN_PROGRESS", "finish the current action first")
    if state.actions_left < 1:
        raise IllegalMove("NO_ACTIONS_LEFT", "you have no action left this turn")


# --- move (§4.5.1) ------------------------------------------------------------------------


def check_move(state: State, seat: Seat, cmd: MoveGroup) -> int:
    require_action(state)
    require_planet(cmd.origin)
    require_planet(cmd.destination)
    if cmd.origin == cmd.destination:
        raise IllegalMove("SAME_PLANET", "a move must end at another planet")
    if not cmd.units or len(set(cmd.units)) != len(cmd.units):
        raise IllegalMove("INVALID_UNIT_COUNT", "name each moving unit once")
    kinds = []
    for uid in cmd.units:
        unit = find_unit(state, uid)
        if unit is None or unit.owner != seat:
            raise IllegalMove("UNIT_NOT_OWNED", f"{uid} is not one of your units")
        if unit.planet != cmd.origin:
            raise IllegalMove("UNIT_NOT_AT_ORIGIN", f"{uid} is not at {cmd.origin}")
        if unit.surface:
            raise IllegalMove("UNIT_NOT_IN_ORBIT", f"{uid} is on the surface")
        kinds.append(unit.kind)
    if "CRU" not in kinds:
        raise IllegalMove(
            "GROUP_NEEDS_CRUISER",
            "a moving group needs a space cruiser: only cruisers fly, carrying infantry",
        )
    cards = list(cmd.movement_cards)
    if cmd.transport_card is not None:
        cards.append(cmd.transport_card)
    if len(set(cards)) != len(cards):
        raise IllegalMove("WRONG_CARD", "each card can be played once")
    for card in cmd.movement_cards:
        if require_in_hand(state, seat, card) not in MOVE_BONUS:
            raise IllegalMove("WRONG_CARD", f"C{card} is not a movement card")
    if "TANK" in kinds and cmd.transport_card is None:
        raise IllegalMove("TANK_CANNOT_MOVE", "tanks travel only with Space Transports")
    if (
        cmd.transport_card is not None
        and require_in_hand(state, seat, cmd.transport_card) != "SPACE_TRANSPORTS"
    ):
        raise IllegalMove("WRONG_CARD", f"C{cmd.transport_card} is not Space Transports")
    allowance = BASE_ALLOWANCE + sum(MOVE_BONUS[effect(c)] for c in cmd.movement_cards)
    distance = DISTANCE[(cmd.origin, cmd.destination)]
    if distance > allowance:
        raise IllegalMove(
            "MOVE_TOO_FAR",
            f"distance {distance} > allowance {allowance}: a group flies up to 2 planets, "
            "more with Movement cards",
        )
    return allowance


def do_move(em: Emitter, seat: Seat, cmd: MoveGroup) -> None:
    allowance = check_move(em.state, seat, cmd)
    em.emit(ActionStarted(seat, "MOVE"))
    for card in (*cmd.movement_cards, *([cmd.transport_card] if cmd.transport_card else [])):
        em.emit(CardPlayed(seat, card, effect(card), "BENEFIT"))
    distance = DISTANCE[(cmd.origin, cmd.destination)]
    em.emit(GroupMoved(seat, cmd.origin, cmd.destination, cmd.units, distance, allowance))
    # §4.5.1 step 3: a move that leaves allowance unused may claim at its destination
    if distance < allowance and not planet(em.state, cmd.destination).flipped:
        em.emit(ClaimWindowOpened(seat, cmd.destination))
    else:
        em.emit(ActionCompleted(seat, "MOVE"))


def check_skip_claim(state: State, seat: Seat, cmd: SkipClaim) -> None:
    if state.step != "CLAIM_WINDOW":
        raise IllegalMove("CLAIM_NOT_ALLOWED_HERE", "no claim window is open")


def do_skip_claim(em: Emitter, seat: Seat, cmd: SkipClaim) -> None:
    check_skip_claim(em.state, seat, cmd)
    em.emit(ActionCompleted(seat, "MOVE"))


# --- claim (§4.5.2) -----------------------------------------------------------------------


def check_claim(state: State, seat: Seat, cmd: ClaimTile) -> None:
    if cmd.as_part_of_move:
        if state.step != "CLAIM_WINDOW" or state.claim_planet != cmd.planet:
            raise IllegalMove("CLAIM_NOT_ALLOWED_HERE", "no claim window is open at that planet")
    else:
        require_action(state)
    require_planet(cmd.planet)
    p = planet(state, cmd.planet)
    if p.flipped:
        raise IllegalMove("PLANET_FLIPPED", f"{cmd.planet} takes no landings")
    if cmd.tile not in p.tiles and cmd.tile != p.alien:
        raise IllegalMove("TILE_NOT_ON_PLANET", f"T{cmd.tile} is not on {cmd.planet}")
    if not orbit_units(state, seat, cmd.planet):
        raise IllegalMove("NO_UNIT_IN_ORBIT", f"you have no unit in orbit of {cmd.planet}")
    spec = TILES[cmd.tile]
    if spec.kind in ("FACTORY", "MINE") and supply_building(state, seat, spec.kind) is None:
        raise IllegalMove("NO_PIECE_IN_SUPPLY", f"you have no {spec.kind.lower()} left in supply")
    if spec.kind == "TENSION":
        target = find_building(state, cmd.tension_target or "")
        if target is None or target.planet != cmd.planet or target.owner == seat:
            raise IllegalMove(
                "INVALID_TENSION_TARGET", "name another player's factory or mine on this planet"
            )
        if supply_building(state, seat, target.kind) is None:
            raise IllegalMove("NO_PIECE_IN_SUPPLY", f"you have no {target.kind.lower()} in supply")
    elif cmd.tension_target is not None:
        raise IllegalMove("INVALID_TENSION_TARGET", "only a tension tile takes a target")
    if spec.defended:
        if cmd.landing_unit is not None:
            raise IllegalMove(
                "LANDING_UNIT_NOT_ALLOWED",
                "a defended tile is fought for: units land during the fight (LandForCombat)",
            )
        return
    if cmd.landing_unit is None:
        raise IllegalMove(
            "LANDING_UNIT_REQUIRED",
            "an open tile is claimed by landing one unit from orbit: name it (landing_unit)",
        )
    unit = find_unit(state, cmd.landing_unit)
    if unit is None or unit.owner != seat:
        raise IllegalMove("UNIT_NOT_OWNED", f"{cmd.landing_unit} is not one of your units")
    if unit.planet != cmd.planet or unit.surface:
        raise IllegalMove(
            "UNIT_NOT_IN_ORBIT", f"{cmd.landing_unit} is not in orbit of {cmd.planet}"
        )


def do_claim(em: Emitter, seat: Seat, cmd: ClaimTile) -> None:
    check_claim(em.state, seat, cmd)
    action = "MOVE" if cmd.as_part_of_move else "CLAIM"
    if not cmd.as_part_of_move:
        em.emit(ActionStarted(seat, "CLAIM"))
    spec = TILES[cmd.tile]
    if spec.defended:
        open_combat(em, seat, cmd.planet, cmd.tile, cmd.tension_target, cmd.as_part_of_move)
        return
    assert cmd.landing_unit is not None
    em.emit(UnitsLanded(seat, cmd.planet, (cmd.landing_unit,), "CLAIM"))
    claim_tile(em, seat, cmd.planet, cmd.tile, None)
    em.emit(ActionCompleted(seat, action))


# --- raise (§4.5.3) -----------------------------------------------------------------------


def check_recruits(state: State, seat: Seat, recruits: tuple[Recruit, ...]) -> int:
    for r in recruits:
        require_planet(r.planet)
        if r.kind not in UNIT_KINDS:
            raise IllegalMove("INVALID_UNIT_TYPE", f"{r.kind!r} is not INF, TANK or CRU")
        if r.kind == "INF" and r.planet != "EARTH":
            raise IllegalMove("INFANTRY_ONLY_AT_EARTH", "infantry is raised in Earth orbit only")
        if r.planet != "EARTH" and not has_factory_at(state, seat, r.planet):
            raise IllegalMove("NO_FACTORY_AT_PLANET", f"you have no factory on {r.planet}")
    for kind, count in Counter(r.kind for r in recruits).items():
        if supply_unit(state, seat, kind, skip=count - 1) is None:
            raise IllegalMove("NO_PIECE_IN_SUPPLY", f"not enough {kind} in your supply")
    cost = sum(UNIT_COST[r.kind] for r in recruits)
    if state.money[seat] < cost:
        raise IllegalMove(
            "INSUFFICIENT_FUNDS", f"raising costs £{cost}, you have £{state.money[seat]}"
        )
    return cost


def raise_units(em: Emitter, seat: Seat, recruits: tuple[Recruit, ...]) -> None:
    cost = check_recruits(em.state, seat, recruits)
    em.emit(MoneyChanged(seat, -cost, em.state.money[seat] - cost, "RAISE"))
    taken: Counter[str] = Counter()
    raised = []
    for r in recruits:
        uid = supply_unit(em.state, seat, r.kind, skip=taken[r.kind])
        assert uid is not None
        taken[r.kind] += 1
        raised.append(RaisedUnit(uid, r.kind, r.planet))
    em.emit(UnitsRaised(seat, tuple(raised)))


def check_raise(state: State, seat: Seat, cmd: RaiseUnits) -> None:
    require_action(state)
    if not 1 <= len(cmd.units) <= 2:
        raise IllegalMove("INVALID_UNIT_COUNT", "raise one or two units")
    check_recruits(state, seat, cmd.units)


def do_raise(em: Emitter, seat: Seat, cmd: RaiseUnits) -> None:
    check_raise(em.state, seat, cmd)
    em.emit(ActionStarted(seat, "RAISE"))
    raise_units(em, seat, cmd.units)
    em.emit(ActionCompleted(seat, "RAISE"))


# --- pass markers (§4.5.5) and the end of a turn --------------------------------------------


def check_pass_marker(state: State, seat: Seat, cmd: TakePassMarker) -> None:
    require_action(state)
    if state.pass_markers < 1:
        raise IllegalMove("NO_PASS_MARKERS", "the pass card is empty")


def take_pass_marker(em: Emitter, seat: Seat) -> bool:
    """Returns True when this was the last marker, which ends the action phase at once."""
    remaining = em.state.pass_markers - 1
    em.emit(PassMarkerTaken(seat, remaining))
    draw(em, seat, 1, "PASS_MARKER")
    check_hand_limit(em, seat)
    if remaining > 0:
        return False
    # B-8: leftover actions are lost; the last-pass window goes once round from the taker
    em.emit(StartPlayerMarkerTaken(seat), ActionPhaseEnded(seat, tuple(seats_from(em.state, seat))))
    return True


def do_pass_marker(em: Emitter, seat: Seat, cmd: TakePassMarker) -> None:
    check_pass_marker(em.state, seat, cmd)
    em.emit(ActionStarted(seat, "PASS_MARKER"))
    if not take_pass_marker(em, seat):
        em.emit(ActionCompleted(seat, "PASS_MARKER"))


def check_end_turn(state: State, seat: Seat, cmd: EndTurn) -> None:
    if state.step != "IDLE":
        raise IllegalMove("ACTION_IN_PROGRESS", "finish the current action first")
    # Ruling: the last-pass extra action may go unused, as no pass marker is left to take
    if state.actions_left > 0 and not state.post_pass_turn:
        raise IllegalMove(
            "ACTIONS_REMAINING",
            "a turn's action is used before EndTurn (TakePassMarker is always one)",
        )


def do_end_turn(em: Emitter, seat: Seat, cmd: EndTurn) -> None:
    check_end_turn(em.state, seat, cmd)
    end_turn(em)
