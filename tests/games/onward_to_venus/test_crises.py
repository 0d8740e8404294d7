"""Every crisis level of every planet (§4.9), the alien invasion, and the catastrophic ends.

Each test hand-builds a period's end, then plays the last pass marker and the last-pass window
through `decide`; the crisis phase follows on the last decline.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.game import IllegalMove, TableChance, Visibility
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import (
    BazagthothOrder,
    ChooseCrisisLosses,
    ClaimTile,
    ConcludeCombat,
    DeclineReaction,
    EndTurn,
    LandForCombat,
    PlayCombatCard,
    PlayReaction,
)
from domain.onward_to_venus.components import ALIEN_TILE_IDS, PLANETS, TILES
from domain.onward_to_venus.events import (
    AliensAdvanced,
    AliensArrived,
    BazagthothControlDetermined,
    CardTaken,
    CardTakenDetail,
    CrisisDiceRolled,
    CrisisLevelDetermined,
    CrisisResolved,
    DamageRolled,
    DestructionCancelled,
    GameEnded,
    PieceRemoved,
    PiratesPaid,
    PlanetFlipped,
    PlanetTilesDrawn,
    TileDiscarded,
    TileKept,
    UnitDestroyed,
    UnitRemoved,
)
from domain.onward_to_venus.state import State, find_building, find_unit

from .helpers import (
    SKULL,
    clear_board,
    dice,
    end_action_phase,
    fresh,
    of,
    place_building,
    place_unit,
    play,
    put_tile,
    rejected,
    set_hand,
    with_money,
)


def crisis_tiles(state: State, planet: str, unmarked: int = 0, marked: int = 0) -> State:
    for _ in range(unmarked):
        state, _ = put_tile(state, planet, "CRISIS", marked=False)
    for _ in range(marked):
        state, _ = put_tile(state, planet, "CRISIS", marked=True)
    return state


def levels(events) -> dict[str, int]:
    return {e.planet: e.level for e in of(events, CrisisLevelDetermined)}


def outcome(events, planet: str) -> str:
    return next(e.outcome for e in of(events, CrisisResolved) if e.planet == planet)


# --- scenario 14: crisis dice ---------------------------------------------------------------


def _scenario_14() -> State:
    state = crisis_tiles(fresh(), "MARS", unmarked=1, marked=1)
    state = crisis_tiles(state, "TITAN", marked=1)
    state = crisis_tiles(state, "KUIPER", unmarked=1)
    return replace(state, bag=())  # the next period deals no tiles: the dice are all chance asks


def test_three_skulls_go_mars_titan_mars() -> None:
    rolled = TableChance([*dice(SKULL, SKULL, SKULL), *dice(6, 5, 4)])
    _, events = end_action_phase(_scenario_14(), rolled)
    assert of(events, CrisisDiceRolled)[0].faces == (SKULL, SKULL, SKULL)
    assert levels(events) == {"MARS": 4, "TITAN": 2, "KUIPER": 1}
    assert outcome(events, "MARS") == "MARS_ATTACKS"
    assert of(events, DamageRolled)[0] == DamageRolled("MARS", (6, 5, 4), 15)
    assert rolled.left == 0


def test_one_skull_raises_the_first_marked_tile() -> None:
    _, events = end_action_phase(_scenario_14(), TableChance(dice(SKULL, 3, 4)))
    assert levels(events) == {"MARS": 3, "TITAN": 1, "KUIPER": 1}


def test_no_dice_without_a_marked_crisis_tile() -> None:
    state = crisis_tiles(fresh(), "MARS", unmarked=2)
    _, events = end_action_phase(state)
    assert not of(events, CrisisDiceRolled)
    assert levels(events) == {"MARS": 2}


# --- scenario 15: Earth, Robot Uprising -----------------------------------------------------


def test_earth_level_1_does_nothing() -> None:
    state, events = end_action_phase(crisis_tiles(fresh(), "EARTH", unmarked=1))
    assert outcome(events, "EARTH") == "NOTHING" and state.period == 2


def test_earth_level_2_tie_costs_every_tied_player_a_piece() -> None:
    _state, events = end_action_phase(crisis_tiles(fresh(), "EARTH", unmarked=2))
    removed = {e.piece for e in of(events, PieceRemoved) if e.reason == "ROBOT_UPRISING"}
    assert removed == {"P1.FAC.1", "P2.FAC.1", "P3.FAC.1"}


def test_earth_level_2_and_3_highest_income_chooses_its_losses() -> None:
    state = place_building(fresh(), "P1.FAC.2", "EARTH")
    state = place_building(state, "P1.MINE.1", "EARTH")
    for level, lost in ((2, 1), (3, 2)):
        ended, _ = end_action_phase(crisis_tiles(state, "EARTH", unmarked=level))
        (owed,) = ended.pending
        assert (owed.kind, owed.seat, owed.buildings, owed.count) == ("CRISIS_LOSSES", 0, lost, 0)
        with pytest.raises(IllegalMove) as caught:
            RULES.decide(ended, 0, ChooseCrisisLosses("EARTH", ()), TableChance())
        assert caught.value.code == "WRONG_LOSS_COUNT"
        choice = ("P1.MINE.1", "P1.FAC.2")[:lost]
        after, events = play(ended, 0, ChooseCrisisLosses("EARTH", choice))
        assert {e.piece for e in of(events, PieceRemoved)} == set(choice)
        assert after.period == 2 and not after.pending


def test_earth_level_4_robot_domination_ends_the_game_for_everyone() -> None:
    state, events = end_action_phase(crisis_tiles(fresh(), "EARTH", unmarked=4))
    (ended,) = of(events, GameEnded)
    assert ended.reason == "ROBOT_DOMINATION" and ended.winners == ()
    result = RULES.result(state)
    assert result is not None and result.winners == ()
    assert not RULES.to_move(state)
    rejected(state, 0, EndTurn(), "GAME_OVER")


# --- Mercury, Eyeless Bazagthoth ------------------------------------------------------------


def _mercury(level: int) -> State:
    state = place_building(fresh(), "P1.MINE.1", "MERCURY")
    return crisis_tiles(state, "MERCURY", unmarked=level)


def test_mercury_level_1_steals_a_random_card() -> None:
    state, _ = end_action_phase(_mercury(1))
    (owed,) = state.pending
    assert (owed.kind, owed.seat, owed.level) == ("BAZAGTHOTH", 0, 1)
    with pytest.raises(IllegalMove):
        RULES.decide(state, 0, BazagthothOrder("DESTROY_UNIT", unit="P2.INF.1"), TableChance())
    state = replace(state, bag=())  # the next period deals no tiles: the card is all chance asks
    money, hand, stolen = state.money[0], len(state.hands[0]), state.hands[1][2]
    state, events = play(state, 0, BazagthothOrder("STEAL", opponent=1), TableChance([stolen]))
    detail = of(events, CardTakenDetail)[0]
    assert (detail.card, detail.victim) == (stolen, 1)
    assert detail.visibility() == Visibility.only(0, 1)
    assert of(events, CardTaken)[0].visibility().is_public
    # £1 to Bazagthoth, then £5 income (the Mercury mine and the Earth factory)
    assert state.money[0] == money - 1 + 5 and len(state.hands[0]) == hand + 1


def test_mercury_level_2_destroys_a_unit_unless_ignored() -> None:
    state, (ignore,) = set_hand(_mercury(2), 1, ["IGNORE_SKULL"])
    state, _ = end_action_phase(state)
    state, _ = play(state, 0, BazagthothOrder("DESTROY_UNIT", unit="P2.INF.1"))
    assert state.pending[0].kind == "CANCEL_DESTRUCTION" and state.pending[0].seat == 1
    saved, events = play(state, 1, PlayReaction(ignore))
    assert of(events, DestructionCancelled) and find_unit(saved, "P2.INF.1").planet == "EARTH"
    lost, events = play(state, 1, DeclineReaction())
    assert of(events, UnitDestroyed)[0].cause == "BAZAGTHOTH"
    assert lost.pending[0].kind == "SAVE_DESTROYED"


def test_mercury_level_3_destroys_a_building() -> None:
    state, _ = end_action_phase(_mercury(3))
    assert state.pending[0].level == 3
    state, events = play(state, 0, BazagthothOrder("DESTROY_BUILDING", building="P2.FAC.1"))
    assert of(events, PieceRemoved)[0].reason == "BAZAGTHOTH"
    assert find_building(state, "P2.FAC.1").planet is None


def test_mercury_without_a_strict_controller_does_nothing() -> None:
    state = place_building(_mercury(3), "P2.MINE.1", "MERCURY")
    state, events = end_action_phase(state)
    assert of(events, BazagthothControlDetermined)[0].seat is None
    assert not state.pending and state.period == 2


# --- Venus, Venusian Revolt -----------------------------------------------------------------


def _venus(level: int) -> State:
    state = place_unit(fresh(), "P1.INF.1", "VENUS")
    state = place_building(state, "P1.FAC.2", "VENUS")
    state = place_building(state, "P1.MINE.1", "VENUS")
    for uid in ("P2.INF.1", "P2.INF.2", "P2.CRU.1"):
        state = place_unit(state, uid, "VENUS", surface=uid == "P2.CRU.1")
    return crisis_tiles(state, "VENUS", unmarked=level)


def test_venus_level_1_does_nothing() -> None:
    _, events = end_action_phase(_venus(1))
    assert outcome(events, "VENUS") == "NOTHING"


@pytest.mark.parametrize("level", [2, 3])
def test_venus_level_2_and_3_every_player_gives_up_two(level: int) -> None:
    state, _ = end_action_phase(_venus(level))
    first, second = state.pending
    assert (first.seat, first.count, first.buildings) == (0, 1, 1)
    assert (second.seat, second.count, second.buildings) == (1, 2, 0)
    state, events = play(state, 0, ChooseCrisisLosses("VENUS", ("P1.INF.1", "P1.MINE.1")))
    assert of(events, UnitRemoved)[0].reason == "VENUS_REVOLT"
    state, _ = play(state, 1, ChooseCrisisLosses("VENUS", ("P2.INF.1", "P2.CRU.1")))
    assert find_unit(state, "P2.INF.2").planet == "VENUS"
    assert find_building(state, "P1.FAC.2").planet == "VENUS"
    assert state.period == 2


def test_venus_level_4_independence_flips_the_planet() -> None:
    state, events = end_action_phase(_venus(4))
    assert of(events, PlanetFlipped)[0].planet == "VENUS"
    assert all(u.planet != "VENUS" for u in state.units)
    assert all(b.planet != "VENUS" for b in state.buildings)
    venus = state.planets[PLANETS.index("VENUS")]
    assert venus.flipped and not venus.tiles
    assert not any(e.planet == "VENUS" for e in of(events, PlanetTilesDrawn))


# --- Moon and Mars, level 4 rockets and war machines ------------------------------------------


@pytest.mark.parametrize(("planet", "reason"), [("MOON", "MOON_ROCKETS"), ("MARS", "MARS_ATTACKS")])
def test_level_4_annihilates_the_planet_and_strikes_earth(planet: str, reason: str) -> None:
    state = place_unit(fresh(), "P1.TANK.1", planet)
    state = place_building(state, "P2.MINE.1", planet)
    state = crisis_tiles(state, planet, unmarked=4)
    state, events = end_action_phase(state, TableChance(dice(2, SKULL, 3)))
    assert of(events, UnitDestroyed)[0].unit == "P1.TANK.1"
    assert of(events, DamageRolled)[0].hits == 5
    assert of(events, PlanetFlipped)[0].planet == planet
    kinds = [(d.kind, d.seat, d.count) for d in state.pending]
    assert kinds == [
        ("SAVE_DESTROYED", 0, 0),
        ("CRISIS_LOSSES", 0, 2),
        ("CRISIS_LOSSES", 1, 2),
        ("CRISIS_LOSSES", 2, 1),
    ]
    state, _ = play(state, 0, DeclineReaction())
    state, events = play(state, 0, ChooseCrisisLosses("EARTH", ("P1.INF.1", "P1.INF.2")))
    assert {e.cause for e in of(events, UnitDestroyed)} == {reason}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_moon_levels_1_to_3_do_nothing(level: int) -> None:
    _, events = end_action_phase(crisis_tiles(fresh(), "MOON", unmarked=level))
    assert outcome(events, "MOON") == "NOTHING"


def test_mars_level_1_does_nothing() -> None:
    _, events = end_action_phase(crisis_tiles(fresh(), "MARS", unmarked=1))
    assert outcome(events, "MARS") == "NOTHING"


@pytest.mark.parametrize("level", [2, 3])
def test_mars_level_2_and_3_highest_income_loses_one(level: int) -> None:
    state = place_building(fresh(), "P2.MINE.1", "MARS")
    state = place_building(state, "P2.FAC.2", "MARS")
    state = place_building(state, "P1.FAC.2", "MARS")
    state, _ = end_action_phase(crisis_tiles(state, "MARS", unmarked=level))
    (owed,) = state.pending
    assert (owed.seat, owed.buildings) == (1, 1)
    state, events = play(state, 1, ChooseCrisisLosses("MARS", ("P2.FAC.2",)))
    assert of(events, PieceRemoved)[0].reason == "MARS_RAID"


# --- Titan, Space Pirates -------------------------------------------------------------------


def test_titan_level_1_does_nothing() -> None:
    _, events = end_action_phase(crisis_tiles(fresh(), "TITAN", unmarked=1))
    assert outcome(events, "TITAN") == "NOTHING"


def _titan(level: int) -> State:
    state = place_building(fresh(), "P1.MINE.1", "TITAN")
    state = place_building(state, "P1.FAC.2", "TITAN")
    state = place_building(state, "P2.MINE.1", "GANYMEDE")
    state = with_money(state, 0, 1)
    return crisis_tiles(state, "TITAN", unmarked=level)


def test_titan_level_2_charges_titan_pieces_and_takes_the_shortfall() -> None:
    state, events = end_action_phase(_titan(2))
    paid = of(events, PiratesPaid)
    assert [(p.seat, p.due, p.paid) for p in paid] == [(0, 2, 1)]
    (owed,) = state.pending
    assert (owed.seat, owed.buildings, owed.pool) == (0, 1, ("TITAN",))
    state, _ = play(state, 0, ChooseCrisisLosses("TITAN", ("P1.FAC.2",)))
    assert state.money[0] == 0 + 3 + 2  # income: the Titan mine left and the Earth factory


def test_titan_level_3_also_charges_ganymede_and_kuiper() -> None:
    state, events = end_action_phase(_titan(3))
    paid = {p.seat: (p.due, p.paid) for p in of(events, PiratesPaid)}
    assert paid == {0: (2, 1), 1: (1, 1)}
    assert state.pending[0].pool == ("TITAN", "GANYMEDE", "KUIPER")


# --- Kuiper Belt, UFO invasion --------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2])
def test_kuiper_levels_1_and_2_do_nothing(level: int) -> None:
    _, events = end_action_phase(crisis_tiles(fresh(), "KUIPER", unmarked=level))
    assert outcome(events, "KUIPER") == "NOTHING"


def test_kuiper_level_3_aliens_invade_three_planets() -> None:
    state = place_unit(fresh(), "P1.CRU.1", "TITAN")
    state = place_building(state, "P2.MINE.1", "GANYMEDE")
    state = crisis_tiles(state, "KUIPER", unmarked=3)
    state, events = end_action_phase(state)
    assert of(events, AliensArrived)[0].planets == ("KUIPER", "TITAN", "GANYMEDE")
    assert find_unit(state, "P1.CRU.1").planet is None
    assert find_building(state, "P2.MINE.1").planet is None
    drawn = {e.planet for e in of(events, PlanetTilesDrawn)}
    assert drawn.isdisjoint({"KUIPER", "TITAN", "GANYMEDE"})
    assert not of(events, AliensAdvanced)  # they advance from the next period on


def _invaded(on: tuple[str, ...]) -> State:
    state = fresh()
    planets = list(state.planets)
    for name, tile in zip(on, ALIEN_TILE_IDS, strict=False):
        index = PLANETS.index(name)  # type: ignore[arg-type]
        planets[index] = replace(planets[index], alien=tile)
    return replace(
        state,
        planets=tuple(planets),
        aliens_invaded=True,
        alien_front=2,
        aliens_arrived_period=1,
        period=2,
    )


def test_three_surviving_aliens_reach_earth_and_everyone_loses() -> None:
    state, events = end_action_phase(_invaded(("KUIPER", "TITAN", "GANYMEDE")))
    assert of(events, AliensAdvanced)[0].destinations == ("MARS", "MOON", "EARTH")
    assert of(events, GameEnded)[0].reason == "ALIENS_REACHED_EARTH"
    assert RULES.result(state).winners == ()


def test_one_surviving_alien_advances_to_mars() -> None:
    state = place_unit(_invaded(("GANYMEDE",)), "P1.CRU.1", "MARS")
    state, events = end_action_phase(state)
    assert of(events, AliensAdvanced)[0].destinations == ("MARS",)
    assert state.planets[PLANETS.index("MARS")].alien == ALIEN_TILE_IDS[0]
    assert find_unit(state, "P1.CRU.1").planet is None
    assert state.alien_front == 3 and state.period == 3


def test_defeating_an_alien_keeps_its_tile_worth_two() -> None:
    state = _invaded(("TITAN",))
    state = place_unit(state, "P1.CRU.1", "TITAN")
    state, cards = set_hand(state, 0, ["CP_5", "CP_4"])
    state = replace(state, period=1)
    state, _ = play(state, 0, ClaimTile("TITAN", ALIEN_TILE_IDS[0]), TableChance(dice(2, 2, 3)))
    assert state.combat is not None and state.combat.base == 7
    state, _ = play(state, 0, LandForCombat(("P1.CRU.1",)))
    for card in cards:
        state, _ = play(state, 0, PlayCombatCard(card))
    state, events = play(state, 0, ConcludeCombat())
    assert of(events, TileKept)[0].kind == "ALIEN"
    assert state.planets[PLANETS.index("TITAN")].alien is None
    assert RULES.score(state)[0] >= 2


# --- Ganymede -------------------------------------------------------------------------------


def test_crisis_tiles_drawn_for_ganymede_are_discarded() -> None:
    state = fresh()
    crisis = tuple(t for t in state.bag if TILES[t].kind == "CRISIS")
    planets = tuple(replace(p, flipped=p.name != "GANYMEDE") for p in state.planets)
    state = replace(state, planets=planets, bag=crisis)
    state, events = end_action_phase(clear_board(state))
    discarded = of(events, TileDiscarded)
    assert len(discarded) == 2 and {d.reason for d in discarded} == {"GANYMEDE_NO_CRISIS"}
    assert not state.planets[PLANETS.index("GANYMEDE")].tiles
