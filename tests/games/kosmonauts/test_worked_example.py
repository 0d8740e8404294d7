"""§9: round 1 of a 2-player basic game, event by event (P1 = seat 0, P2 = seat 1)."""

from __future__ import annotations

from domain.game import HouseChance, Rng
from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import (
    LandOnArrivingBody,
    PlacePlanet,
    ResolveFlight,
    SubmitOrders,
)
from domain.kosmonauts.components import EVENT_CARDS
from tests.games.kosmonauts.helpers import names, of_type, place, rose, when

HANDS = (
    ("EARTH", "MERCURY", "JUPITER", "URANUS", "COMET"),
    ("VENUS", "MARS", "SATURN", "NEPTUNE"),
)
PLACEMENTS = [
    (0, "EARTH", 0, (4, 0)),
    (1, "VENUS", 0, (3, 0)),
    (0, "MERCURY", 5, (2, -2)),
    (1, "MARS", 12, (4, -5)),
    (0, "JUPITER", 0, (8, 0)),
    (1, "SATURN", 22, (8, -9)),
    (0, "URANUS", 0, (11, 0)),
    (1, "NEPTUNE", 30, (12, -12)),
]


def placed_but_the_comet():
    state = RULES.fold(RULES.initial(2, RULES.options()), [ev.PlanetTokensDealt(hands=HANDS)])
    for seat, body, index, hex in PLACEMENTS:
        state, events = when(state, seat, PlacePlanet(body=body, orbit_index=index))
        assert events == [ev.PlanetPlaced(seat=seat, body=body, orbit_index=index, hex=hex)]
    return state


def test_the_last_placement_completes_the_setup_with_recorded_chance() -> None:
    state, events = when(placed_but_the_comet(), 0, PlacePlanet(body="COMET", orbit_index=0))
    assert names(events)[:4] == ["PlanetPlaced", "ShipPlaced", "ShipPlaced", "InstructorAssigned"]
    assert len(of_type(events, ev.EventCardRevealed)) == 3
    assert [len(e.cards) for e in of_type(events, ev.MissionCardsDealt)] == [3, 3]
    assert names(events)[-3:] == ["EventPhaseSkipped", "PhaseEnded", "PhaseStarted"]
    assert state.phase == "ORDERS" and state.round == 1
    for ship in state.ships:
        assert (ship.hex, ship.landed_on, ship.normal, ship.hyper, ship.shields) == (
            (4, 0),
            "EARTH",
            9,
            1,
            3,
        )
        families = sorted(c.split("-")[0] for c in ship.missions)
        assert families == ["M1", "M2A", "M2B"]
        bodies = [c.split("-")[1] for c in ship.missions]
        assert bodies[0] not in bodies[1:]  # A15: Mission I never clashes with a Mission II


def digest_setup():
    state = placed_but_the_comet()
    face_up = ["EV22", "EV06", "EV19"]
    setup_events = [
        ev.PlanetPlaced(seat=0, body="COMET", orbit_index=0, hex=(3, -1)),
        ev.ShipPlaced(seat=0, body="EARTH", hex=(4, 0)),
        ev.ShipPlaced(seat=1, body="EARTH", hex=(4, 0)),
        ev.InstructorAssigned(seat=1),
        ev.LandingMarkerStacksPrepared(
            stacks=tuple(
                (b, (2, 2, 2, 2) if b == "EARTH" else (4, 3, 2, 1))
                for b in (
                    "MERCURY",
                    "VENUS",
                    "EARTH",
                    "MARS",
                    "JUPITER",
                    "SATURN",
                    "URANUS",
                    "NEPTUNE",
                    "COMET",
                )
            )
        ),
        ev.EventDeckPrepared(cards=tuple(sorted(EVENT_CARDS))),
        *(ev.EventCardRevealed(card=c, slot=i) for i, c in enumerate(face_up)),
        ev.PlayerBoardPrepared(seat=0, normal=9, hyper=1, shields=3),
        ev.PlayerBoardPrepared(seat=1, normal=9, hyper=1, shields=3),
        ev.MissionCardsDealt(seat=1, cards=("M1-VENUS", "M2A-MARS", "M2B-NEPTUNE")),
        ev.MissionCardsDealt(seat=0, cards=("M1-SATURN", "M2A-MERCURY", "M2B-SATURN")),
        ev.MissionCardRedrawn(seat=0, discarded="M1-SATURN", drawn="M1-MARS"),
        ev.SetupCompleted(),
        ev.RoundStarted(round=1, instructor=1),
        ev.PhaseStarted(phase="EVENT"),
        ev.EventPhaseSkipped(round=1),
        ev.PhaseEnded(phase="EVENT"),
        ev.PhaseStarted(phase="ORDERS"),
    ]
    return RULES.fold(state, setup_events)


def test_round_1_of_the_worked_example() -> None:
    state = digest_setup()
    assert state.ships[0].missions == ("M1-MARS", "M2A-MERCURY", "M2B-SATURN")
    assert RULES.to_move(state) == frozenset({0, 1})
    state, _ = when(
        state, 0, SubmitOrders(placements=place("NE", "NW:HYPER", "NW"), convert_shield=False)
    )
    state, events = when(state, 1, SubmitOrders(placements=place("W"), convert_shield=False))
    placed = of_type(events, ev.CubesPlaced)
    assert [(p.seat, p.rose_after, p.normal_after, p.hyper_after) for p in placed] == [
        (1, rose(W=1), 8, 1),
        (0, rose(NE=1, NW=3), 7, 0),
    ]
    assert [(e.seat, e.body) for e in of_type(events, ev.ShipTookOff)] == [
        (1, "EARTH"),
        (0, "EARTH"),
    ]
    plans = {s: RULES.view(state, None).ships[s].flight_plan for s in (0, 1)}
    assert plans[1] is not None and (plans[1].destination, plans[1].bodies_there) == (
        (3, 0),
        ("VENUS",),
    )
    assert plans[0] is not None and (plans[0].destination, plans[0].outcome) == ((5, -4), "OK")
    assert RULES.to_move(state) == frozenset({1})
    state, events = when(state, 1, ResolveFlight(land_on="VENUS"))
    assert events == [
        ev.ShipMoved(seat=1, from_hex=(4, 0), to_hex=(3, 0), rose=rose(W=1)),
        ev.ShipLanded(seat=1, body="VENUS", hex=(3, 0), phase=3, cause="FLIGHT", units_discarded=1),
        ev.LandingMarkerTaken(seat=1, body="VENUS", value=4, stack_position=1),
    ]
    state, events = when(state, 0, ResolveFlight(land_on=None))
    assert events[0] == ev.ShipMoved(seat=0, from_hex=(4, 0), to_hex=(5, -4), rose=rose(NE=1, NW=3))
    moves = {m.body: (m.from_index, m.to_index, m.to_hex) for m in events[3].moves}
    assert moves == {
        "MERCURY": (5, 0, (2, 0)),
        "VENUS": (0, 1, (1, 2)),
        "EARTH": (0, 1, (2, 2)),
        "MARS": (12, 13, (5, -4)),
        "JUPITER": (0, 1, (6, 2)),
        "SATURN": (22, 23, (9, -8)),
        "URANUS": (0, 1, (9, 2)),
        "NEPTUNE": (30, 31, (12, -10)),
        "COMET": (0, 1, (2, 1)),
    }
    assert events[4:] == [
        ev.ShipCarried(seat=1, body="VENUS", to_hex=(1, 2)),
        ev.LandingOpportunityOpened(seat=0, body="MARS", hex=(5, -4)),
    ]
    state, events = when(state, 0, LandOnArrivingBody(body="MARS"))
    assert events[:2] == [
        ev.ShipLanded(
            seat=0, body="MARS", hex=(5, -4), phase=4, cause="PLANET_ARRIVAL", units_discarded=4
        ),
        ev.LandingMarkerTaken(seat=0, body="MARS", value=4, stack_position=1),
    ]
    assert ev.InstructorPassed(from_seat=1, to_seat=0) in events
    assert ev.RoundStarted(round=2, instructor=0) in events
    p1, p2 = state.ships
    assert (p1.hex, p1.landed_on, p1.rose, p1.normal, p1.hyper) == ((5, -4), "MARS", rose(), 7, 0)
    assert (p2.hex, p2.landed_on, p2.rose, p2.normal, p2.hyper) == ((1, 2), "VENUS", rose(), 8, 1)
    assert RULES.score(state) == (4, 4)
    assert state.phase == "EVENT" and RULES.to_move(state) == frozenset({0})
    assert set(state.face_up) == {"EV22", "EV06", "EV19"}


def test_the_opening_deals_the_planet_tokens_round_robin() -> None:
    events = RULES.setup(3, RULES.options(), HouseChance(Rng(3, 0)))
    dealt = of_type(events, ev.PlanetTokensDealt)[0]
    assert [len(h) for h in dealt.hands] == [3, 3, 3]
    assert sorted(b for h in dealt.hands for b in h) == sorted(
        ["MERCURY", "VENUS", "EARTH", "MARS", "COMET", "JUPITER", "SATURN", "URANUS", "NEPTUNE"]
    )
