"""Phase 2: sealed orders, cube limits, cancellation and shield conversion (T1, T3, T4, T16)."""

from __future__ import annotations

from domain.game import Visibility
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import ChooseEventCard, StayOnBody, SubmitOrders
from tests.games.kosmonauts.helpers import game, of_type, place, rejected, rose, ship, when

FOUR = place("E", "E", "NE", "SE")


def two_flyers(p1_rose=(0, 0, 0, 0, 0, 0), normal: int = 8, hyper: int = 1, shields: int = 3, **kw):
    p1 = ship((0, 5), rose_units=p1_rose, normal=normal, hyper=hyper, shields=shields)
    p2 = ship((0, 6), rose_units=rose(E=1))
    return game([p1, p2], **kw)


def orders_of(state, command):
    """P1 sends `command`, then P2 completes the set with an empty order."""
    state, sealed = when(state, 0, command)
    state, revealed = when(state, 1, SubmitOrders(placements=(), convert_shield=False))
    return state, sealed, revealed


def test_t1_four_cubes_are_too_many_without_thrust() -> None:
    state = two_flyers()
    assert (
        rejected(state, 0, SubmitOrders(placements=FOUR, convert_shield=False)) == "TOO_MANY_CUBES"
    )


def test_t1_thrust_allows_four_cubes() -> None:
    state = two_flyers(phase="EVENT")
    state, events = when(state, 0, ChooseEventCard(card="EV22"))
    assert [e.max_cubes for e in of_type(events, ev.OrderLimitSet)] == [4, 4]
    assert state.phase == "ORDERS"
    state, _, revealed = orders_of(state, SubmitOrders(placements=FOUR, convert_shield=False))
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert (placed.normal_after, placed.hyper_after) == (4, 1)
    assert placed.rose_after == rose(E=2, NE=1, SE=1)


def test_orders_are_sealed_until_the_last_one_reveals_them() -> None:
    state = two_flyers()
    command = SubmitOrders(placements=place("E"), convert_shield=False)
    assert command.visibility(0) == Visibility.only(0)
    state, sealed = when(state, 0, command)
    assert [type(e) for e in sealed] == [ev.OrdersSubmitted, ev.OrdersSealed]
    assert sealed[0].visibility().is_public
    assert sealed[1].visibility() == Visibility.only(0)
    assert state.ships[0].rose == rose()  # nothing applied before the reveal
    assert rejected(state, 0, SubmitOrders(placements=(), convert_shield=False)) == "NOT_YOUR_TURN"
    state, revealed = when(state, 1, SubmitOrders(placements=(), convert_shield=False))
    reveal = of_type(revealed, ev.OrdersRevealed)[0]
    assert type(reveal).reveals
    assert [o.seat for o in reveal.orders] == [0, 1]
    assert state.phase == "FLIGHT"


def test_t3_cancellation_with_hyperfuel() -> None:
    _, _, revealed = orders_of(
        two_flyers(rose(NE=2), normal=5, hyper=1),
        SubmitOrders(placements=place("SW"), convert_shield=False),
    )
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert placed.cancelled == rose(NE=1)
    assert placed.rose_after == rose(NE=1)
    assert (placed.normal_after, placed.hyper_after) == (4, 1)
    _, _, revealed = orders_of(
        two_flyers(rose(NE=1), normal=5, hyper=1),
        SubmitOrders(placements=place("SW:HYPER"), convert_shield=False),
    )
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert placed.rose_after == rose(SW=1) and placed.hyper_after == 0
    _, _, revealed = orders_of(
        two_flyers(rose(E=3)), SubmitOrders(placements=place("NW"), convert_shield=False)
    )
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert placed.cancelled == rose() and placed.rose_after == rose(E=3, NW=1)


def test_t4_fuel_check_and_shield_conversion() -> None:
    state = two_flyers(normal=1, hyper=0, shields=2)
    two = place("E", "E")
    assert (
        rejected(state, 0, SubmitOrders(placements=two, convert_shield=False))
        == "INSUFFICIENT_FUEL"
    )
    _, _, revealed = orders_of(state, SubmitOrders(placements=two, convert_shield=True))
    converted = of_type(revealed, ev.ShieldConvertedToFuel)[0]
    assert (converted.normal_added, converted.shields_after) == (2, 1)
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert (placed.normal_after, placed.hyper_after) == (1, 0)
    assert placed.rose_after == rose(E=2)
    broke = two_flyers(shields=0)
    assert rejected(broke, 0, SubmitOrders(placements=(), convert_shield=True)) == "NO_SHIELD"


def test_conversion_overflow_goes_back_to_the_supply() -> None:
    # A19
    _, _, revealed = orders_of(
        two_flyers(normal=9, hyper=1), SubmitOrders(placements=place("E"), convert_shield=True)
    )
    assert of_type(revealed, ev.FuelDiscardedOverCapacity)[0].normal == 1


def test_t16_figures_of_the_rulebook() -> None:
    cases = [
        (rose(), 9, 1, place("E", "E", "NE:HYPER"), rose(E=2, NE=2), (7, 0)),
        (rose(SW=3), 6, 1, place("SW", "SW"), rose(SW=5), (4, 1)),
        (rose(SE=2), 5, 1, place("NW", "SW:HYPER"), rose(SE=1, SW=2), (4, 0)),
        (rose(E=2), 5, 0, place("W"), rose(E=1), (4, 0)),
    ]
    for start, normal, hyper, placements, after, tank in cases:
        _, _, revealed = orders_of(
            two_flyers(start, normal=normal, hyper=hyper),
            SubmitOrders(placements=placements, convert_shield=False),
        )
        placed = of_type(revealed, ev.CubesPlaced)[0]
        assert placed.rose_after == after
        assert (placed.normal_after, placed.hyper_after) == tank
    _, _, revealed = orders_of(
        two_flyers(normal=0, hyper=0, shields=3),
        SubmitOrders(placements=place("E", "E"), convert_shield=True),
    )
    assert of_type(revealed, ev.ShieldConvertedToFuel)[0].shields_after == 2
    placed = of_type(revealed, ev.CubesPlaced)[0]
    assert placed.rose_after == rose(E=2) and (placed.normal_after, placed.hyper_after) == (0, 0)


def test_landed_ship_stays_or_takes_off() -> None:
    landed = ship((-4, 4), "EARTH")
    state = game([landed, ship((0, 6), rose_units=rose(E=1))])
    assert rejected(state, 1, StayOnBody(convert_shield=False)) == "SHIP_NOT_LANDED"
    stayed, _ = when(
        state, 0, SubmitOrders(placements=(), convert_shield=False)
    )  # A35: an empty order of a landed ship is a stay
    _, revealed = when(stayed, 1, SubmitOrders(placements=(), convert_shield=False))
    assert of_type(revealed, ev.ShipStayed)[0].body == "EARTH"
    took_off, _ = when(state, 0, SubmitOrders(placements=place("E"), convert_shield=False))
    after, revealed = when(took_off, 1, SubmitOrders(placements=(), convert_shield=False))
    assert of_type(revealed, ev.ShipTookOff)[0].body == "EARTH"
    assert after.ships[0].landed_on is None and after.ships[0].last_visited == "EARTH"
