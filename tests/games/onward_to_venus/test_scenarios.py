"""The test scenarios of the digest (§10), given hand-built states, when decided, then events."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.game import IllegalMove, TableChance
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import (
    AssignCasualties,
    ClaimTile,
    ConcludeCombat,
    DeclineReaction,
    DiscardToHandLimit,
    EndTurn,
    LandForCombat,
    MoveGroup,
    PlayCombatCard,
    PlayFreeActionCard,
    RaiseUnits,
    Recruit,
    TakePassMarker,
)
from domain.onward_to_venus.events import (
    ActionCompleted,
    ActionPhaseEnded,
    CardsDiscarded,
    CardsDrawn,
    ClaimWindowOpened,
    CombatRequirementUpdated,
    CrisisPhaseStarted,
    DecisionRequired,
    GroupMoved,
    PassMarkerTaken,
    PieceTakenOver,
    StartPlayerMarkerTaken,
    TileDiscarded,
    UnitDestroyed,
)
from domain.onward_to_venus.rules_combat import committed, required, skulls, spread
from domain.onward_to_venus.state import find_building, find_unit

from .helpers import (
    SKULL,
    dice,
    fresh,
    give,
    house,
    names,
    of,
    place_building,
    place_unit,
    play,
    put_tile,
    rejected,
    set_hand,
)


# 1
def test_a_group_without_a_cruiser_is_rejected() -> None:
    state = fresh()
    rejected(state, 0, MoveGroup("EARTH", "MARS", ("P1.INF.1", "P1.INF.2")), "GROUP_NEEDS_CRUISER")


# 2
def test_moving_too_far_is_rejected() -> None:
    error = rejected(fresh(), 0, MoveGroup("EARTH", "TITAN", ("P1.CRU.1",)), "MOVE_TOO_FAR")
    assert "distance 3 > allowance 2" in error.message


# 3a
def test_no_claim_after_using_the_full_allowance() -> None:
    state, tile = put_tile(fresh(), "GANYMEDE", "FACTORY")
    state, events = play(state, 0, MoveGroup("EARTH", "GANYMEDE", ("P1.CRU.1", "P1.INF.1")))
    assert of(events, GroupMoved)[0].distance == 2
    assert of(events, ActionCompleted) and not of(events, ClaimWindowOpened)
    claim = ClaimTile("GANYMEDE", tile, landing_unit="P1.INF.1", as_part_of_move=True)
    rejected(state, 0, claim, "CLAIM_NOT_ALLOWED_HERE")


# 3b
def test_a_movement_card_extends_the_allowance_and_opens_a_claim() -> None:
    state, tile = put_tile(fresh(), "GANYMEDE", "FACTORY")
    state, card = give(state, 0, "MOVE_PLUS_1")
    move = MoveGroup("EARTH", "GANYMEDE", ("P1.CRU.1", "P1.INF.1"), movement_cards=(card,))
    state, events = play(state, 0, move)
    moved = of(events, GroupMoved)[0]
    assert (moved.distance, moved.allowance) == (2, 3)
    assert of(events, ClaimWindowOpened)[0].planet == "GANYMEDE"
    claim = ClaimTile("GANYMEDE", tile, landing_unit="P1.INF.1", as_part_of_move=True)
    state, events = play(state, 0, claim)
    assert "FactoryBuilt" in names(events)
    assert state.actions_left == 0 and state.step == "IDLE"


# 4
def test_tanks_travel_only_with_space_transports() -> None:
    state = place_unit(fresh(), "P1.TANK.1", "MARS")
    state = place_unit(state, "P1.CRU.1", "MARS")
    move = MoveGroup("MARS", "EARTH", ("P1.CRU.1", "P1.TANK.1"))
    rejected(state, 0, move, "TANK_CANNOT_MOVE")
    state, card = give(state, 0, "SPACE_TRANSPORTS")
    state, _events = play(state, 0, replace(move, transport_card=card))
    assert find_unit(state, "P1.TANK.1").planet == "EARTH"
    assert card in state.discard and card not in state.hands[0]


# 5
def test_a_surface_unit_cannot_act_again() -> None:
    state, tile = put_tile(fresh(), "EARTH", "CARDS")
    state = place_unit(state, "P2.INF.1", "EARTH", surface=True)
    state = replace(state, active=1)
    claim = ClaimTile("EARTH", tile, landing_unit="P2.INF.1")
    rejected(state, 1, claim, "UNIT_NOT_IN_ORBIT")


# 6
def test_raise_placement_rules() -> None:
    state = fresh()
    assert state.money[0] == 12
    rejected(state, 0, RaiseUnits((Recruit("CRU", "TITAN"),)), "NO_FACTORY_AT_PLANET")
    rejected(state, 0, RaiseUnits((Recruit("INF", "MARS"),)), "INFANTRY_ONLY_AT_EARTH")
    state, _ = play(state, 0, RaiseUnits((Recruit("TANK", "EARTH"), Recruit("CRU", "EARTH"))))
    assert state.money[0] == 5
    assert find_unit(state, "P1.TANK.1").planet == "EARTH"
    assert find_unit(state, "P1.CRU.3").planet == "EARTH"
    state = replace(state, actions_left=1)
    double = RaiseUnits((Recruit("CRU", "EARTH"), Recruit("CRU", "EARTH")))
    error = rejected(state, 0, double, "INSUFFICIENT_FUNDS")
    assert "£8" in error.message


# 7
def test_a_factory_claim_needs_a_factory_piece_in_supply() -> None:
    state, tile = put_tile(fresh(), "VENUS", "FACTORY")
    state = replace(state, active=2)
    for number in range(1, 9):
        state = place_building(state, f"P3.FAC.{number}", "MARS")
    state = place_unit(state, "P3.INF.3", "VENUS")
    rejected(state, 2, ClaimTile("VENUS", tile, landing_unit="P3.INF.3"), "NO_PIECE_IN_SUPPLY")


def _mars_mine_fight(roll: list[int]):
    state, tile = put_tile(fresh(), "MARS", "MINE", defence=3)
    for uid in ("P1.INF.1", "P1.INF.2", "P1.CRU.1"):
        state = place_unit(state, uid, "MARS")
    state, cards = set_hand(state, 0, ["ELITE_INFANTRY", "CP_3", "ELITE_INFANTRY"])
    state, events = play(state, 0, ClaimTile("MARS", tile), TableChance(roll))
    return state, events, cards, tile


# 8
def test_combat_arithmetic_and_casualties() -> None:
    state, events, (elite, cp3, _), tile = _mars_mine_fight(dice(SKULL, 5, 3))
    combat = state.combat
    assert combat is not None
    assert (spread(combat), required(combat), skulls(combat)) == (5, 8, 1)
    assert of(events, CombatRequirementUpdated)[-1].required == 8
    state, _ = play(state, 0, LandForCombat(("P1.INF.1", "P1.INF.2", "P1.CRU.1")))
    assert committed(state, state.combat) == 3
    error = rejected(state, 0, ConcludeCombat(), "INSUFFICIENT_COMBAT_POINTS")
    assert "3 < 8" in error.message
    state, _ = play(state, 0, PlayCombatCard(elite))
    assert committed(state, state.combat) == 5
    state, _ = play(state, 0, PlayCombatCard(cp3))
    assert committed(state, state.combat) == 8
    state, events = play(state, 0, ConcludeCombat())
    assert "MineBuilt" in names(events)
    assert state.pending[0].kind == "CASUALTIES" and state.pending[0].count == 1
    rejected(state, 0, AssignCasualties(("P1.INF.1", "P1.INF.2")), "WRONG_CASUALTY_COUNT")
    rejected(state, 0, AssignCasualties(("P1.INF.3",)), "CASUALTY_NOT_AT_PLANET")
    state, events = play(state, 0, AssignCasualties(("P1.INF.2",)))
    assert of(events, UnitDestroyed)[0].unit == "P1.INF.2"
    state, _ = play(state, 0, DeclineReaction())
    assert find_unit(state, "P1.INF.2").planet is None
    assert any(b.kind == "MINE" and b.planet == "MARS" for b in state.buildings if b.owner == 0)
    assert tile in state.tile_discard


# 9
def test_cards_alone_cannot_win_a_fight() -> None:
    state, tile = put_tile(fresh(), "MARS", "MINE", defence=3)
    state = place_unit(state, "P1.CRU.1", "MARS")
    state, cards = set_hand(state, 0, ["CP_4", "CP_4", "CP_1"])
    state, _ = play(state, 0, ClaimTile("MARS", tile), TableChance(dice(2, 2, 2)))
    for card in cards:
        state, _ = play(state, 0, PlayCombatCard(card))
    assert committed(state, state.combat) == 9
    rejected(state, 0, ConcludeCombat(), "MUST_LAND_AT_LEAST_ONE_UNIT")


# 10
def test_one_strength_modifier_of_each_kind_per_combat() -> None:
    state, _, (elite, _, second), _ = _mars_mine_fight(dice(SKULL, 5, 3))
    state, _ = play(state, 0, PlayCombatCard(elite))
    rejected(state, 0, PlayCombatCard(second), "MODIFIER_ALREADY_PLAYED")


# 11
def test_tension_defence_value_and_takeover() -> None:
    state, tension = put_tile(fresh(), "MOON", "TENSION")
    state = place_building(state, "P2.MINE.1", "MOON")
    state = place_building(state, "P1.MINE.1", "MOON")
    state = place_building(state, "P2.MINE.2", "MARS")
    state = place_unit(state, "P2.INF.1", "MOON")
    state = place_unit(state, "P2.TANK.1", "MOON", surface=True)
    state = place_unit(state, "P1.INF.1", "MOON")
    state = place_unit(state, "P1.INF.2", "MOON")
    state, (cp4,) = set_hand(state, 0, ["CP_4"])
    for target in ("P1.MINE.1", "P2.MINE.2", None):
        claim = ClaimTile("MOON", tension, tension_target=target)
        rejected(state, 0, claim, "INVALID_TENSION_TARGET")
    claim = ClaimTile("MOON", tension, tension_target="P2.MINE.1")
    state, events = play(state, 0, claim, TableChance(dice(2, 5, 3)))
    requirement = of(events, CombatRequirementUpdated)[-1]
    assert (requirement.base, requirement.spread, requirement.required) == (3, 3, 6)
    state, _ = play(state, 0, LandForCombat(("P1.INF.1", "P1.INF.2")))
    state, _ = play(state, 0, PlayCombatCard(cp4))
    state, events = play(state, 0, ConcludeCombat())
    takeover = of(events, PieceTakenOver)[0]
    assert (takeover.old_piece, takeover.defender) == ("P2.MINE.1", 1)
    assert find_building(state, "P2.MINE.1").planet is None
    assert find_building(state, takeover.new_piece).planet == "MOON"
    assert of(events, TileDiscarded)[0].reason == "TENSION_USED"
    assert tension in state.tile_discard


# 12
def test_the_last_pass_marker_ends_the_phase_and_moves_the_start_marker() -> None:
    state, extra = give(fresh(), 2, "EXTRA_ACTION")
    state = replace(state, active=2, pass_markers=1)
    state, _ = play(state, 2, PlayFreeActionCard(extra))
    assert state.actions_left == 2
    state, events = play(state, 2, TakePassMarker())
    assert of(events, PassMarkerTaken)[0].remaining == 0
    drawn = of(events, CardsDrawn)[0]
    assert (drawn.seat, drawn.count) == (2, 1)
    assert of(events, StartPlayerMarkerTaken)[0].seat == 2
    assert of(events, ActionPhaseEnded)
    assert state.start_player == 2 and state.actions_left == 0
    asked = []
    rejected(state, 2, TakePassMarker(), "WRONG_PHASE")
    while state.phase == "POST_PASS":
        (seat,) = RULES.to_move(state)
        asked.append(seat)
        state, events = play(state, seat, DeclineReaction())
    assert asked == [2, 0, 1]
    assert of(events, CrisisPhaseStarted)


# 13
def test_the_hand_limit() -> None:
    state, tile = put_tile(fresh(), "EARTH", "CARDS")
    state, cards = set_hand(state, 1, ["CP_1"] * 8)
    state = replace(state, active=1)
    state, events = play(state, 1, ClaimTile("EARTH", tile, landing_unit="P2.INF.1"))
    assert len(state.hands[1]) == 10
    (owed,) = state.pending
    assert (owed.kind, owed.seat, owed.count) == ("DISCARD_TO_LIMIT", 1, 1)
    assert of(events, DecisionRequired)
    # §4.1: the owed discard comes first (WRONG_PHASE for its owner, issue #14), and no one
    # else is to move
    rejected(state, 1, EndTurn(), "WRONG_PHASE")
    rejected(state, 0, EndTurn(), "NOT_YOUR_TURN")
    rejected(state, 1, DiscardToHandLimit(tuple(cards[:2])), "WRONG_DISCARD_COUNT")
    state, events = play(state, 1, DiscardToHandLimit((cards[0],)))
    assert of(events, CardsDiscarded)[0].reason == "HAND_LIMIT"
    assert len(state.hands[1]) == 9 and not state.pending


def test_every_seat_is_dealt_its_empire_cards_and_two_more() -> None:
    for n in range(2, 6):
        state = RULES.fold(
            RULES.initial(n, RULES.options()), RULES.setup(n, RULES.options(), house())
        )
        assert all(len(hand) == 6 for hand in state.hands)
        assert state.money == (12,) * n
        assert state.pass_markers == n + 2 and state.phase == "ACTIONS"
        assert RULES.to_move(state) == frozenset({state.start_player})
        earth = [u for u in state.units if u.planet == "EARTH"]
        assert len(earth) == 6 * n
        assert len(state.deck) == 111 - 2 * n


def test_seats_may_choose_their_empires() -> None:
    options = RULES.options({"empires": "us,DE"})
    state = RULES.fold(RULES.initial(2, options), RULES.setup(2, options, house()))
    assert state.empires == ("US", "DE")
    assert state.hands[0][:4] == (17, 18, 19, 20)
    for chosen, code in (("GB,GB", "EMPIRE_TAKEN"), ("GB", "BAD_OPTION"), ("GB,XX", "BAD_OPTION")):
        with pytest.raises(IllegalMove) as caught:
            RULES.initial(2, RULES.options({"empires": chosen}))
        assert caught.value.code == code
    with pytest.raises(IllegalMove) as caught:
        RULES.initial(6, RULES.options())
    assert caught.value.code == "INVALID_PLAYER_COUNT"
