"""A listing stays good while the seat's own legal moves are unchanged (issue #25: fewer
commands): another seat deciding meanwhile is no conflict; a change in the seat's moves is."""

from __future__ import annotations

import json


def test_a_listing_outlives_another_seats_sealed_choice(cli) -> None:  # type: ignore[no-untyped-def]
    made = cli("new", "race-for-the-galaxy", "--seat", "ann", "--seat", "ben", "--seed", "3")
    match = made.strip()
    cli("moves", match, "--as", "ann")  # both discard at once: ann lists first
    cli("moves", match, "--as", "ben")
    cli("play", match, "1", "--as", "ben")  # ben's choice is sealed; the match moved on
    played = json.loads(cli("play", match, "1", "--as", "ann", "--json"))
    assert played["version"] == 3


def test_a_listing_whose_moves_changed_is_refused(cli) -> None:  # type: ignore[no-untyped-def]
    match = json.loads(
        cli("new", "toy", "--seat", "ann", "--seat", "ben", "--seed", "5", "--option", "pile=4",
            "--json")
    )["match"]  # fmt: skip
    cli("moves", match, "--as", "ann")  # Take 1-3 and Draw
    cli("play", match, "Take", "n=1", "--as", "ann")
    cli("play", match, "Take", "n=1", "--as", "ben")  # 2 stars left: ann may take 1-2 only
    refused = cli("play", match, "1", "--as", "ann", code=1)
    assert refused.startswith("error: CONFLICT: the match moved on since ann's moves were listed")


def _numbers(listing: str) -> dict[str, int]:
    """The parts of a pick listing by their text, with their numbers."""
    import re

    found = {}
    for line in listing.splitlines():
        matched = re.match(r"\s+(\d+)\) (\S+)\s+\(\d+ moves?\)$", line)
        if matched:
            found[matched.group(2)] = int(matched.group(1))
    return found


def test_a_part_keeps_its_number_from_one_pick_to_the_next(cli) -> None:  # type: ignore[no-untyped-def]
    match = cli("new", "kosmonauts", "--seat", "ann", "--seat", "ben", "--seed", "1").strip()
    seat = None
    for _ in range(40):  # the setup and the first event phase: play the first listed move
        for name in ("ann", "ben"):
            listed = cli("moves", match, "--as", name)
            if "part by part" in listed:
                seat = name
                break
            if "1) " in listed:
                cli("play", match, "1", "--as", name)
        if seat:
            break
    assert seat is not None
    first = cli("moves", match, "--as", seat, "--pick", "1", "--raw")
    numbers = _numbers(first)
    cube = "E:NORMAL" if "E:NORMAL" in numbers else next(iter(numbers))
    second = cli("moves", match, "--as", seat, "--pick", str(numbers[cube]), "--raw")
    assert f"picked so far: SubmitOrders {cube}" in second
    again = _numbers(second)
    assert len(again) > 2 and all(numbers[part] == number for part, number in again.items())
    third = cli("moves", match, "--as", seat, "--pick", str(again[cube]), "--raw")
    assert f"picked so far: SubmitOrders {cube} {cube}" in third


def test_amounts_read_as_amounts_and_the_raw_form_is_one_flag_away(cli) -> None:  # type: ignore[no-untyped-def]
    match = cli(
        "new", "duck-dealer", "--seat", "ann", "--seat", "ben", "--seed", "1",
        "--option", "auction=true",
    ).strip()  # fmt: skip
    listed = cli("moves", match, "--as", "ann")
    assert "4) bids 3 VP for the turn order" in listed and "amount=" not in listed
    assert "Auction variant" in listed  # the kind's one-line explanation
    raw = cli("moves", match, "--as", "ann", "--raw")
    assert "4) SubmitTurnOrderBid amount=3" in raw
    cli("play", match, "4", "--as", "ann")
    told = cli("log", match, "--as", "ann")
    assert "ann bids 3" in told
