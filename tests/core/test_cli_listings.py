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
