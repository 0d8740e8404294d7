"""Fighting for a defended tile (§4.6): dice, combat points, cards, conclusion, casualties."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, seat_ref

from .commands import AbandonClaim, AssignCasualties, ConcludeCombat, LandForCombat, PlayCombatCard
from .components import (
    ASSAULT_CARDS,
    MODIFIED_CP,
    SACRIFICE_CP,
    SKULL,
    TILES,
    TRAITOR_DEFENCE,
    UNIT_CP,
    UNIT_DEFENCE,
    PlanetName,
    card_kind,
    card_points,
)
from .events import (
    ActionCompleted,
    CardPlayed,
    ClaimAttempted,
    CombatDiceRerolled,
    CombatDiceRolled,
    CombatDieExcluded,
    CombatModifierApplied,
    CombatPointsAdded,
    CombatRequirementUpdated,
    CombatResolved,
    CombatSkullIgnored,
    DecisionResolved,
    UnitRemoved,
    UnitsLanded,
)
from .rules_common import (
    Emitter,
    check_hand_limit,
    destroy_units,
    draw,
    planet,
    require_in_hand,
    units_at,
)
from .rules_tiles import claim_tile
from .state import Combat, Decision, State, find_building, find_unit

COMBAT_CARDS = frozenset(
    {
        "BIGGER_TANKS",
        "ELITE_INFANTRY",
        "MODERN_CRUISERS",
        "EXCLUDE_DIE",
        "EXPLOSIVE_TANK",
        "KAMIKAZE",
        "IGNORE_SKULL",
        "REROLL",
        "CP1_AND_DRAW",
        *ASSAULT_CARDS,
    }
)


def counted_dice(combat: Combat) -> list[int]:
    return [i for i in range(len(combat.faces)) if i != combat.excluded]


def spread(combat: Combat) -> int:
    values = [combat.faces[i] for i in counted_dice(combat)]
    return max(values) - min(values) if values else 0


def required(combat: Combat) -> int:
    return combat.base + spread(combat)


def committed(state: State, combat: Combat) -> int:
    """Landed units at their (possibly modified) CP plus every card point (§4.6.1 step 6)."""
    total = combat.card_points
    boosted = {kind: cp for card, (kind, cp) in MODIFIED_CP.items() if card in combat.modifiers}
    for uid in combat.landed:
        unit = find_unit(state, uid)
        assert unit is not None
        total += boosted.get(unit.kind, UNIT_CP[unit.kind])
    return total


def skulls(combat: Combat) -> int:
    """B-5: per die, its final face a SKULL that is neither excluded nor ignored."""
    return sum(
        1 for i in counted_dice(combat) if combat.faces[i] == SKULL and i not in combat.ignored
    )


def announce_requirement(em: Emitter) -> None:
    combat = em.state.combat
    assert combat is not None
    em.emit(CombatRequirementUpdated(combat.number, combat.base, spread(combat), required(combat)))


def open_combat(
    em: Emitter, seat: Seat, where: PlanetName, tile: int, target: str | None, part_of_move: bool
) -> None:
    """§4.6.1 steps 1-5: declare, compute the base defence, roll three dice."""
    state = em.state
    spec = TILES[tile]
    if spec.kind == "TENSION":
        defender = find_building(state, target or "")
        assert defender is not None
        # §4.6.1 step 2: the defender's units count at their printed value, cards never raise it
        base = sum(UNIT_DEFENCE[u.kind] for u in units_at(state, defender.owner, where))
    elif spec.kind == "CRISIS":
        base = spec.defence + TRAITOR_DEFENCE * len(planet(state, where).traitors)
    else:
        base = spec.defence
    number = state.combats + 1
    em.emit(ClaimAttempted(seat, number, where, tile, spec.kind, target, base, part_of_move))
    em.emit(CombatDiceRolled(number, em.roll(f"a die {seat_ref(seat)} rolls in combat {number}")))
    announce_requirement(em)


def _combat(state: State) -> Combat:
    if state.step != "COMBAT" or state.combat is None:
        raise IllegalMove("NO_ACTION_TO_MODIFY", "no fight of yours is open")
    return state.combat


def check_land(state: State, seat: Seat, cmd: LandForCombat) -> None:
    combat = _combat(state)
    if not cmd.units or len(set(cmd.units)) != len(cmd.units):
        raise IllegalMove("INVALID_UNIT_COUNT", "name each landing unit once")
    for uid in cmd.units:
        unit = find_unit(state, uid)
        if unit is None or unit.owner != seat:
            raise IllegalMove("UNIT_NOT_OWNED", f"{uid} is not one of your units")
        if unit.planet != combat.planet or unit.surface:
            raise IllegalMove("UNIT_NOT_IN_ORBIT", f"{uid} is not in orbit of {combat.planet}")


def do_land(em: Emitter, seat: Seat, cmd: LandForCombat) -> None:
    check_land(em.state, seat, cmd)
    combat = em.state.combat
    assert combat is not None
    em.emit(UnitsLanded(seat, combat.planet, cmd.units, "COMBAT"))


def _die(combat: Combat, index: int) -> None:
    if not 0 <= index < len(combat.faces) or index == combat.excluded:
        raise IllegalMove("INVALID_DIE", f"die {index} cannot be chosen")


def check_combat_card(state: State, seat: Seat, cmd: PlayCombatCard) -> None:
    combat = _combat(state)
    name = require_in_hand(state, seat, cmd.card)
    if card_kind(name) != "CP" and name not in COMBAT_CARDS:
        raise IllegalMove("WRONG_CARD", f"C{cmd.card} does not help in a fight")
    if (name in MODIFIED_CP or name == "EXCLUDE_DIE") and name in combat.modifiers:
        raise IllegalMove("MODIFIER_ALREADY_PLAYED", f"{name} was already played in this fight")
    if name in ("EXCLUDE_DIE", "IGNORE_SKULL"):
        if len(cmd.dice) != 1:
            raise IllegalMove("INVALID_DIE", "name one die")
        _die(combat, cmd.dice[0])
        if name == "IGNORE_SKULL" and (
            combat.faces[cmd.dice[0]] != SKULL or cmd.dice[0] in combat.ignored
        ):
            raise IllegalMove("INVALID_DIE", "Ignore a Skull needs a skull not yet ignored")
    if name == "REROLL":
        if not 1 <= len(cmd.dice) <= 3 or len(set(cmd.dice)) != len(cmd.dice):
            raise IllegalMove("INVALID_DIE", "reroll one, two or three different dice")
        for index in cmd.dice:
            _die(combat, index)
    if name in ("EXPLOSIVE_TANK", "KAMIKAZE"):
        unit = find_unit(state, cmd.unit or "")
        if (
            unit is None
            or unit.owner != seat
            or unit.planet != combat.planet
            or not unit.surface
            or (name == "EXPLOSIVE_TANK" and unit.kind != "TANK")
        ):
            raise IllegalMove("INVALID_TARGET", "name one of your units on this planet's surface")
    if name in ASSAULT_CARDS:
        where, _, crisis_only = ASSAULT_CARDS[name]
        if combat.planet != where or (crisis_only and TILES[combat.tile].kind != "CRISIS"):
            raise IllegalMove("CARD_CONDITION_NOT_MET", f"{name} does not apply to this fight")


def _add_points(em: Emitter, source: str, amount: int) -> None:
    combat = em.state.combat
    assert combat is not None
    total = committed(em.state, combat) + amount
    em.emit(CombatPointsAdded(combat.number, source, amount, total))


def do_combat_card(em: Emitter, seat: Seat, cmd: PlayCombatCard) -> None:
    check_combat_card(em.state, seat, cmd)
    combat = em.state.combat
    assert combat is not None
    name = require_in_hand(em.state, seat, cmd.card)
    em.emit(CardPlayed(seat, cmd.card, name, "CP" if card_kind(name) == "CP" else "BENEFIT"))
    if card_kind(name) == "CP":
        _add_points(em, "CARD", card_points(name))
    elif name in MODIFIED_CP or name == "EXCLUDE_DIE":
        em.emit(CombatModifierApplied(combat.number, name))
        if name == "EXCLUDE_DIE":
            em.emit(CombatDieExcluded(combat.number, cmd.dice[0]))
            announce_requirement(em)
    elif name == "IGNORE_SKULL":
        em.emit(CombatSkullIgnored(combat.number, cmd.dice[0]))
    elif name == "REROLL":
        faces = list(combat.faces)
        for index in cmd.dice:
            faces[index] = em.roll(f"die {index + 1} {seat_ref(seat)} rerolls", 1)[0]
        em.emit(CombatDiceRerolled(combat.number, cmd.dice, tuple(faces)))
        announce_requirement(em)
    elif name in ("EXPLOSIVE_TANK", "KAMIKAZE"):
        unit = find_unit(em.state, cmd.unit or "")
        assert unit is not None and unit.planet is not None
        em.emit(UnitRemoved(unit.id, seat, unit.planet, "VOLUNTARY"))
        _add_points(em, name, SACRIFICE_CP)
    elif name == "CP1_AND_DRAW":
        _add_points(em, "CARD", 1)
        draw(em, seat, 1, "CP1_AND_DRAW")
        check_hand_limit(em, seat)
    elif name in ASSAULT_CARDS:
        _add_points(em, "CARD", ASSAULT_CARDS[name][1])


def check_conclude(state: State, seat: Seat, cmd: ConcludeCombat) -> None:
    combat = _combat(state)
    if not combat.landed:
        raise IllegalMove("MUST_LAND_AT_LEAST_ONE_UNIT", "land at least one unit to win a fight")
    have, need = committed(state, combat), required(combat)
    if have < need:
        raise IllegalMove(
            "INSUFFICIENT_COMBAT_POINTS",
            f"combat points {have} < {need}: a fight needs the defence plus the dice spread",
        )


def _close(em: Emitter, seat: Seat, success: bool) -> None:
    combat = em.state.combat
    assert combat is not None
    em.emit(CombatResolved(combat.number, success, required(combat), committed(em.state, combat)))
    if success:
        claim_tile(em, seat, combat.planet, combat.tile, combat.target)
    losses = min(skulls(combat), len(units_at(em.state, seat, combat.planet)))
    em.emit(ActionCompleted(seat, "MOVE" if combat.part_of_move else "CLAIM"))
    if losses == 0:
        return
    at_planet = units_at(em.state, seat, combat.planet)
    if losses == len(at_planet):
        destroy_units(em, [u.id for u in at_planet], "COMBAT_SKULL")
    else:
        em.require([Decision("CASUALTIES", seat, count=losses, planet=combat.planet)])


def do_conclude(em: Emitter, seat: Seat, cmd: ConcludeCombat) -> None:
    check_conclude(em.state, seat, cmd)
    _close(em, seat, True)


def check_abandon(state: State, seat: Seat, cmd: AbandonClaim) -> None:
    _combat(state)


def do_abandon(em: Emitter, seat: Seat, cmd: AbandonClaim) -> None:
    check_abandon(em.state, seat, cmd)
    # B-4: landed units stay on the surface and played cards stay spent
    _close(em, seat, False)


def check_casualties(state: State, seat: Seat, cmd: AssignCasualties) -> None:
    decision = state.pending[0]
    if len(cmd.units) != decision.count or len(set(cmd.units)) != len(cmd.units):
        raise IllegalMove("WRONG_CASUALTY_COUNT", f"exactly {decision.count} unit(s) must be lost")
    for uid in cmd.units:
        unit = find_unit(state, uid)
        if unit is None or unit.owner != seat or unit.planet != decision.planet:
            raise IllegalMove("CASUALTY_NOT_AT_PLANET", f"{uid} is not yours at {decision.planet}")


def do_casualties(em: Emitter, seat: Seat, cmd: AssignCasualties) -> None:
    check_casualties(em.state, seat, cmd)
    em.emit(DecisionResolved(seat, "CASUALTIES"))
    destroy_units(em, cmd.units, "COMBAT_SKULL")
