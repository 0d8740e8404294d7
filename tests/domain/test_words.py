"""The narrators' shared English (domain/words.py): lists and amounts."""

from __future__ import annotations

from domain.words import counted, join


def test_lists_are_joined_in_english_and_cut_with_a_count() -> None:
    assert join([]) == "" and join(["a"]) == "a" and join(["a", "b"]) == "a and b"
    assert join(["a", "b", "c"], last="or") == "a, b or c"
    assert join([str(n) for n in range(9)], limit=4) == "0, 1, 2 and 6 more"
    long = [f"card number {n}" for n in range(5)]
    assert join(long, width=40) == "card number 0, card number 1 and 3 more"


def test_amounts_agree_in_number() -> None:
    assert counted(1, "card") == "1 card" and counted(3, "card") == "3 cards"
    assert counted(2, "body", "bodies") == "2 bodies" and counted(0, "card") == "0 cards"
    assert counted(0, "card", none=True) == "no cards"
