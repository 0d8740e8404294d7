"""Seats by name in a command's JSON (`{"victim": "ben"}`) become their indices wherever a
field is typed `Seat`, however deep; a command that can hold no seat comes back untouched."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.game import Seat, named_seats
from domain.registry import rules_for

SEATS = ["ann", "ben", "cat"]


def test_a_seat_named_deep_inside_a_tagged_union_member_becomes_its_index() -> None:
    rules = rules_for("delta-v")
    raw = {
        "type": "ResolveAlienEncounter",
        "alien_to": None,
        "steal": {"victim": "cat", "bribe_id": "B1", "incident_id": None},
    }
    named = named_seats(raw, rules.command_type, SEATS)
    assert named["steal"]["victim"] == 2
    assert named["steal"]["bribe_id"] == "B1"
    command = rules.parse_command(named)
    assert command.steal.victim == 2  # type: ignore[attr-defined]


def test_a_top_level_seat_field_and_unknown_names_are_left_to_the_decoder() -> None:
    rules = rules_for("duck-dealer")
    trade = {"type": "ProposeTrade", "partner": "ben", "give": {}, "receive": {}}
    assert named_seats(trade, rules.command_type, SEATS)["partner"] == 1
    stranger = {"type": "ProposeTrade", "partner": "zed", "give": {}, "receive": {}}
    assert named_seats(stranger, rules.command_type, SEATS)["partner"] == "zed"
    assert named_seats({"type": 7}, rules.command_type, SEATS) == {"type": 7}


def test_seats_in_collections_and_optional_fields_are_named() -> None:
    class Pick(msgspec.Struct, tag=True):
        seats: tuple[Seat, ...]
        judge: Seat | None
        note: Annotated[str, msgspec.Meta(max_length=9)]

    raw = {"type": "Pick", "seats": ["cat", "ann", 1], "judge": "ben", "note": "ben"}
    named = named_seats(raw, Pick, SEATS)
    assert named == {"type": "Pick", "seats": [2, 0, 1], "judge": 1, "note": "ben"}


def test_a_command_type_without_seats_is_not_walked() -> None:
    class Move(msgspec.Struct, tag=True):
        steps: list[int]
        label: str

    raw = {"type": "Move", "steps": [1, 2], "label": "ann"}
    assert named_seats(raw, Move, SEATS) is raw


class Tree(msgspec.Struct):
    owner: Seat
    children: list[Tree]


def test_a_type_that_holds_itself_is_walked() -> None:
    raw = {"owner": "ben", "children": [{"owner": "cat", "children": []}]}
    named = named_seats(raw, Tree, SEATS)
    assert named == {"owner": 1, "children": [{"owner": 2, "children": []}]}
