"""The component data of Duck Dealer (digest §2) is consistent: the map, sites and recipes."""

from __future__ import annotations

from collections import deque

from domain.duck_dealer.components import (
    ADJACENT,
    CLIENT_TIERS,
    CLIENTS,
    DEEP_SPACE,
    DELIVERY_VP,
    FACTORIES,
    GOODS,
    MINES,
    OTHER_PLANETS,
    PLANET_SLOTS,
    PLANETS,
    PRIMARY_GOODS,
    ROUTES,
    SPACEPORTS,
    START_PLANETS,
)


def test_every_route_connects_two_existing_distinct_planets_once() -> None:
    pairs = set()
    for a, b, length in ROUTES:
        assert a in PLANETS and b in PLANETS and a != b
        assert length >= 1
        assert frozenset((a, b)) not in pairs
        pairs.add(frozenset((a, b)))


def test_the_proposed_map_has_its_stated_size_and_is_connected() -> None:
    assert len(ROUTES) == 25
    assert len(DEEP_SPACE) == sum(length for _, _, length in ROUTES) == 115
    assert set(PLANET_SLOTS) == set(PLANETS)
    seen = {"S1"}
    queue = deque(["S1"])
    while queue:
        for near in ADJACENT[queue.popleft()]:
            if near not in seen:
                seen.add(near)
                queue.append(near)
    assert seen == set(ADJACENT)


def test_adjacency_is_symmetric_and_deep_space_sits_on_one_route() -> None:
    for node, near in ADJACENT.items():
        for other in near:
            assert node in ADJACENT[other]
    for node in DEEP_SPACE:
        assert len(ADJACENT[node]) == 2


def test_every_recipe_and_cost_names_existing_goods() -> None:
    for spec in FACTORIES.values():
        assert len(spec.inputs) == 2 and all(g in GOODS for g in spec.inputs)
        assert spec.output in GOODS and spec.output not in PRIMARY_GOODS
    for port in SPACEPORTS.values():
        assert all(g in GOODS for g in (*port.upgrade_cost, *port.build_cost))
    for client in CLIENTS.values():
        assert client.good in DELIVERY_VP and all(g in GOODS for g in client.build_cost)
    for mine in MINES.values():
        assert mine.good in PRIMARY_GOODS


def test_every_good_can_be_made_from_primaries_without_cycles() -> None:
    makeable = set(PRIMARY_GOODS)
    changed = True
    while changed:
        changed = False
        for spec in FACTORIES.values():
            if spec.output not in makeable and all(g in makeable for g in spec.inputs):
                makeable.add(spec.output)
                changed = True
    assert makeable == set(GOODS)


def test_site_counts_fit_the_map() -> None:
    assert sum(1 for m in MINES.values() if m.starting) == len(START_PLANETS) == len(SPACEPORTS)
    assert sum(1 for m in MINES.values() if not m.starting) == len(OTHER_PLANETS)
    # kanga.nu "Mark II": one client tile is left over once every planet is explored.
    assert len(CLIENTS) == len(OTHER_PLANETS) + 1
    assert sorted(c for tier in CLIENT_TIERS for c in tier) == sorted(CLIENTS)
    assert {spec.sells for spec in SPACEPORTS.values()} == {"CARGO", "PILOT", "BUILDER", "MERCHANT"}
