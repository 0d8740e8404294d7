"""The manifest checks K1-K7 (§2.8), the options (§9) and the opening (§3)."""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from domain.delta_v import RULES
from domain.delta_v.components import (
    PROPOSED_V1,
    ContractSpec,
    ManifestError,
    check_manifest,
    incident,
    mineral,
)
from domain.delta_v.events import (
    AsteroidFieldLaid,
    FirstPlayerChosen,
    GameCreated,
    PlayerEquipped,
    RocketPlacedOnStation,
    TurnStarted,
)
from domain.game import HouseChance, IllegalMove, Rng

from .helpers import types


def test_the_proposed_manifest_passes_every_check() -> None:
    assert check_manifest(PROPOSED_V1) == []
    needed = sum(len(c.requirements) for c in PROPOSED_V1.contracts)
    assert needed == 29  # §2.8: every contract can be met from tiles alone


def test_hard_checks_k1_to_k3() -> None:
    with pytest.raises(ManifestError, match="K1"):
        check_manifest(replace(PROPOSED_V1, tiles=PROPOSED_V1.tiles[:-1]))
    one_alien_less = tuple(t for t in PROPOSED_V1.tiles if t.incident != "ALIEN_ENCOUNTER")
    with pytest.raises(ManifestError, match="K2"):
        check_manifest(
            replace(
                PROPOSED_V1,
                tiles=(*one_alien_less, *[incident("ALIEN_ENCOUNTER")] * 4, mineral("ALP", 1)),
            )
        )
    for bad in (ContractSpec("C13", ()), ContractSpec("C13", ("OMN",))):
        with pytest.raises(ManifestError, match="K3"):
            check_manifest(replace(PROPOSED_V1, contracts=(*PROPOSED_V1.contracts, bad)))


def test_soft_checks_k4_to_k7_are_warnings() -> None:
    no_scans = tuple(
        mineral("ALP", 1) if t.incident == "MINERAL_SCAN" else t for t in PROPOSED_V1.tiles
    )
    assert check_manifest(replace(PROPOSED_V1, tiles=no_scans)) == ["K4: no Mineral Scan tile"]
    few_minerals = tuple(
        incident("SABOTAGE")
        if t.mineral == "EPS" or t.mineral == "DEL" or t.mineral == "GAM"
        else t
        for t in PROPOSED_V1.tiles
    )
    warnings = check_manifest(replace(PROPOSED_V1, tiles=few_minerals))
    assert any(w.startswith("K5") for w in warnings) and any(w.startswith("K6") for w in warnings)
    warnings = check_manifest(
        replace(PROPOSED_V1, contracts=(*PROPOSED_V1.contracts, ContractSpec("C13", ("ALP",) * 6)))
    )
    assert sum(w.startswith("K7") for w in warnings) == 2


def test_setup_lays_the_whole_manifest_face_down_with_no_layout() -> None:
    """No tile has a face before someone looks at it: the opening names the box's contents as a
    multiset, and every event of it is public."""
    options = RULES.options({})
    events = RULES.setup(3, options, HouseChance(Rng(42, 0)))
    assert types(events)[:2] == ["GameCreated", "AsteroidFieldLaid"]
    assert all(e.visibility().is_public for e in events)
    laid = events[1]
    assert (
        isinstance(laid, AsteroidFieldLaid)
        and (3, 3) not in laid.positions
        and len(laid.positions) == 48
    )
    assert Counter(laid.faces) == Counter(PROPOSED_V1.tiles)
    state = RULES.fold(RULES.initial(3, options), events)
    tiles = [t for t in state.grid if t is not None]
    assert len(tiles) == 48 and all(t.face is None for t in tiles)
    assert len({t.tile_id for t in tiles}) == 48
    assert Counter(state.unseen) == Counter(PROPOSED_V1.tiles)
    assert sum(isinstance(e, PlayerEquipped) for e in events) == 3
    assert sum(isinstance(e, RocketPlacedOnStation) for e in events) == 3
    first = next(e for e in events if isinstance(e, FirstPlayerChosen)).seat
    assert events[-1] == TurnStarted(1, first)
    created = events[0]
    assert (
        isinstance(created, GameCreated)
        and created.colours == ("red", "blue", "green", "yellow")[:3]
    )
    assert RULES.setup(3, options, HouseChance(Rng(42, 0))) == events
    firsts = {
        next(
            e
            for e in RULES.setup(3, options, HouseChance(Rng(seed, 0)))
            if isinstance(e, FirstPlayerChosen)
        ).seat
        for seed in range(40)
    }
    assert firsts == {0, 1, 2}


def test_options_and_seats() -> None:
    assert RULES.options({}).max_rounds == 60
    with pytest.raises(IllegalMove) as caught:
        RULES.options({"manifest_id": "physical-copy"})
    assert caught.value.code == "BAD_OPTION"
    with pytest.raises(IllegalMove) as caught:
        RULES.setup(5, RULES.options({}), HouseChance(Rng(1, 0)))
    assert caught.value.code == "BAD_SEATS"
    assert set(RULES.option_help) == set(RULES.option_names())
