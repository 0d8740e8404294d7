"""The digest's worked example (§9): the first five actions of a 3-player period 1."""

from __future__ import annotations

from msgspec.structs import replace

from domain.game import TableChance
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import (
    AssignCasualties,
    ClaimTile,
    ConcludeCombat,
    DeclineReaction,
    EndTurn,
    LandForCombat,
    MoveGroup,
    PlayCombatCard,
    RaiseUnits,
    Recruit,
    TakePassMarker,
)
from domain.onward_to_venus.components import CARD_EFFECT, PLANETS
from domain.onward_to_venus.events import (
    CardsDrawn,
    CombatRequirementUpdated,
    FactoryBuilt,
    MineBuilt,
    PassMarkerTaken,
    TurnStarted,
    UnitDestroyed,
)
from domain.onward_to_venus.state import OnwardOptions, Planet

from .helpers import SKULL, dice, house, names, of, play, put_tile


def test_the_first_five_actions() -> None:
    options = OnwardOptions()
    state = RULES.fold(RULES.initial(3, options), RULES.setup(3, options, house(424242, 0)))
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert state.hands[2][:4] == (9, 10, 11, 12) and CARD_EFFECT[11] == "CP_3"
    state = replace(
        state,
        planets=tuple(Planet(p) for p in PLANETS),
        bag=tuple(sorted(state.bag + tuple(t for p in state.planets for t in p.tiles))),
        start_player=0,
        active=0,
        actions_left=1,
    )
    state, mars_factory = put_tile(state, "MARS", "FACTORY")
    state, earth_cards = put_tile(state, "EARTH", "CARDS")
    state, moon_mine = put_tile(state, "MOON", "MINE", defence=2)

    # Action 1: P1 moves to Mars and claims the factory there
    state, events = play(state, 0, MoveGroup("EARTH", "MARS", ("P1.CRU.1", "P1.INF.1", "P1.INF.2")))
    assert names(events)[-1] == "ClaimWindowOpened"
    claim = ClaimTile("MARS", mars_factory, landing_unit="P1.INF.1", as_part_of_move=True)
    state, events = play(state, 0, claim)
    assert of(events, FactoryBuilt)[0].piece == "P1.FAC.2"
    state, events = play(state, 0, EndTurn())
    assert of(events, TurnStarted)[0].seat == 1

    # Action 2: P2 claims the card tile on Earth without moving
    state, events = play(state, 1, ClaimTile("EARTH", earth_cards, landing_unit="P2.INF.1"))
    assert of(events, CardsDrawn)[0].count == 2 and len(state.hands[1]) == 8
    assert not state.pending
    state, _ = play(state, 1, EndTurn())

    # Action 3: P3 moves to the Moon and fights for the mine (defence 2)
    group = ("P3.CRU.1", "P3.INF.1", "P3.INF.2")
    state, _ = play(state, 2, MoveGroup("EARTH", "MOON", group))
    attack = ClaimTile("MOON", moon_mine, as_part_of_move=True)
    state, events = play(state, 2, attack, TableChance(dice(SKULL, 2, 4)))
    requirement = of(events, CombatRequirementUpdated)[0]
    assert (requirement.base, requirement.spread, requirement.required) == (2, 4, 6)
    state, _ = play(state, 2, LandForCombat(("P3.INF.1", "P3.INF.2", "P3.CRU.1")))
    state, _ = play(state, 2, PlayCombatCard(11))
    state, events = play(state, 2, ConcludeCombat())
    assert of(events, MineBuilt)[0].piece == "P3.MINE.1"
    state, events = play(state, 2, AssignCasualties(("P3.INF.2",)))
    assert [e.unit for e in of(events, UnitDestroyed)] == ["P3.INF.2"]
    state, _ = play(state, 2, DeclineReaction())
    assert not state.pending
    state, events = play(state, 2, EndTurn())
    assert of(events, TurnStarted)[0].seat == 0

    # Action 4: P1 raises a tank at Mars, where it now has a factory
    state, _ = play(state, 0, RaiseUnits((Recruit("TANK", "MARS"),)))
    assert state.money[0] == 9
    state, _ = play(state, 0, EndTurn())

    # Action 5: P2 takes a pass marker; the hand reaches the limit of 9
    state, events = play(state, 1, TakePassMarker())
    assert of(events, PassMarkerTaken)[0].remaining == 4
    assert len(state.hands[1]) == 9 and not state.pending
