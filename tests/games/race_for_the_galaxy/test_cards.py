"""The card table against the digest's base-set checksums (section 2.2) and its decoding (T16)."""

from collections import Counter

from domain.race_for_the_galaxy.components import (
    CARD_SOURCE,
    CARDS,
    DESIGNS,
    GAME_CARDS,
    START_WORLDS,
)
from domain.race_for_the_galaxy.powers import (
    DEVELOP_HANDLERS,
    EXPLORE_HANDLERS,
    SETTLE_HANDLERS,
    TRADE_HANDLERS,
)
from domain.race_for_the_galaxy.powers_consume import CONSUME_HANDLERS
from domain.race_for_the_galaxy.powers_produce import PRODUCE_HANDLERS

from .helpers import one


def test_the_table_holds_114_cards_of_95_designs_and_names_its_source() -> None:
    assert len(CARDS) == 114
    assert len(DESIGNS) == 95
    assert len(START_WORLDS) == 5 and len(GAME_CARDS) == 109
    assert "Keldon Jones" in CARD_SOURCE and "GPL-2.0" in CARD_SOURCE


def test_start_worlds_and_their_numbers() -> None:
    starts = {CARDS[c].name: CARDS[c] for c in START_WORLDS}
    numbers = {name: d.start_number for name, d in starts.items()}
    assert numbers == {
        "Old Earth": 0,
        "Epsilon Eridani": 1,
        "Alpha Centauri": 2,
        "New Sparta": 3,
        "Earth's Lost Colony": 4,
    }
    assert [n for n, d in starts.items() if d.is_military] == ["New Sparta"]
    assert starts["New Sparta"].cost == 2


def test_developments_by_cost() -> None:
    devs = [d for d in CARDS if d.is_development]
    assert len(devs) == 50
    assert Counter(d.cost for d in devs) == {1: 12, 2: 12, 3: 4, 4: 8, 5: 2, 6: 12}
    six = [d for d in DESIGNS if d.is_six_cost]
    assert len(six) == 12 and all(d.copies == 1 for d in six)
    assert sum(1 for d in DESIGNS if d.is_development and d.copies == 2) == 19


def test_worlds_by_cost_and_defense() -> None:
    peaceful = [d for d in CARDS if d.is_world and not d.is_military]
    military = [d for d in CARDS if d.is_world and d.is_military]
    assert Counter(d.cost for d in peaceful) == {0: 2, 1: 6, 2: 11, 3: 10, 4: 5, 5: 5, 6: 2}
    assert Counter(d.cost for d in military) == {1: 6, 2: 7, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}
    assert sum(1 for d in military if d.is_rebel) == 7
    assert sum(1 for d in military if d.good == "ALIEN") == 4
    assert sum(1 for d in military if d.good == "RARE") == 3


def test_windfall_and_production_worlds_by_good() -> None:
    def split(pred: str) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for good in ("NOVELTY", "RARE", "GENES", "ALIEN"):
            worlds = [d for d in CARDS if getattr(d, pred) and d.good == good]
            out[good] = (
                sum(1 for d in worlds if not d.is_military),
                sum(1 for d in worlds if d.is_military),
            )
        return out

    assert split("is_windfall") == {
        "NOVELTY": (2, 3),
        "RARE": (5, 2),
        "GENES": (2, 5),
        "ALIEN": (3, 3),
    }
    assert split("is_production") == {
        "NOVELTY": (8, 1),
        "RARE": (5, 1),
        "GENES": (3, 1),
        "ALIEN": (1, 1),
    }


def test_military_minus_one_and_goods_consumers() -> None:
    minus = [d.name for d in CARDS if any(p.code == "MILITARY" and p.value < 0 for p in d.powers)]
    assert sorted(minus) == sorted(
        [
            "Contact Specialist",
            "Contact Specialist",
            "Pan-Galactic League",
            "Refugee World",
            "Empath World",
        ]
    )
    goods_codes = {"CONSUME_GOODS", "CONSUME_ALL_GOODS", "CONSUME_TRADE_VALUE"}
    consumers = [d for d in CARDS if any(p.code in goods_codes for p in d.powers)]
    assert len(consumers) == 33
    assert sum(1 for d in consumers if d.is_world) == 18
    assert sum(1 for d in consumers if d.is_world and d.is_start) == 3
    assert sum(1 for d in consumers if d.is_development) == 15


def test_every_power_code_of_the_table_has_exactly_one_handler() -> None:
    tables = [
        EXPLORE_HANDLERS,
        DEVELOP_HANDLERS,
        SETTLE_HANDLERS,
        TRADE_HANDLERS,
        CONSUME_HANDLERS,
        PRODUCE_HANDLERS,
    ]
    handled = Counter(code for table in tables for code in table)
    assert all(n == 1 for n in handled.values())
    used = {p.code for d in DESIGNS for p in d.powers}
    assert used == set(handled)
    assert len(used) == 32


def test_t16_data_decoding() -> None:
    """Digest T16 (decoding part): New Vinland, Old Earth and Alpha Centauri."""
    vinland = CARDS[one("New Vinland")].powers[0]
    assert (vinland.code, vinland.good, vinland.count, vinland.times, vinland.value) == (
        "CONSUME_GOODS",
        "ANY",
        1,
        1,
        0,
    )
    assert vinland.cards == 2
    old_earth = CARDS[one("Old Earth")].powers[1]
    assert (old_earth.code, old_earth.times, old_earth.value, old_earth.cards) == (
        "CONSUME_GOODS",
        2,
        1,
        0,
    )
    alpha = CARDS[one("Alpha Centauri")].powers
    assert [(p.code, p.value, p.good) for p in alpha] == [
        ("SETTLE_REDUCE_TYPE", 1, "RARE"),
        ("MILITARY_VS_TYPE", 1, "RARE"),
    ]
    trade_league = CARDS[one("Trade League")].powers[1]
    black_market = CARDS[one("Black Market Trading World")].powers[0]
    assert trade_league.with_trade_powers and not black_market.with_trade_powers
