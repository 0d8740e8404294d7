"""The deterministic Rng: same (seed, n), same draws; counts its draws."""

from __future__ import annotations

from collections import Counter

from domain.game import Rng, places_from_keys


def test_same_seed_and_n_give_same_draws() -> None:
    assert Rng(5, 3).shuffled(range(50)) == Rng(5, 3).shuffled(range(50))
    assert Rng(5, 3).shuffled(range(50)) != Rng(5, 4).shuffled(range(50))


def test_known_values_stay_fixed_across_versions() -> None:
    # A recorded match's verification depends on these exact draws never changing.
    assert Rng(1, 1).shuffled(range(10)) == Rng(1, 1).shuffled(range(10))
    assert [Rng(2026, n).below(1000) for n in range(3)] == [
        Rng(2026, 0).below(1000),
        Rng(2026, 1).below(1000),
        Rng(2026, 2).below(1000),
    ]
    assert Rng(1, 2).shuffled(range(10)) == [4, 8, 2, 6, 3, 7, 1, 5, 0, 9]


def test_draws_are_counted() -> None:
    rng = Rng(1, 1)
    assert rng.used == 0
    rng.between(1, 6)
    rng.choice("abc")
    assert rng.used == 2


def test_below_is_roughly_uniform() -> None:
    rng = Rng(9, 9)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


def test_places_share_ties() -> None:
    assert places_from_keys([(5,), (7,), (5,), (1,)]) == (2, 1, 2, 4)
