"""Delta V told in words (issue #25): every event and decision is an English sentence in the
game's own names, and a viewer's narration never names a tile face hidden from that viewer."""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from cli.simulate import play_bot_match
from domain.delta_v import RULES, narration
from domain.delta_v.commands import (
    Command,
    DeclareContract,
    MoveRockets,
    ResolveAlienEncounter,
    RocketMove,
    SatelliteSurvey,
    Steal,
    UseSabotage,
)
from domain.delta_v.components import (
    ASTEROID_TILES,
    INCIDENT_NAMES,
    MINERAL_NAMES,
    Face,
    incident,
    mineral,
)
from domain.delta_v.events import (
    AlienEncounterRevealed,
    CollectedTile,
    ContractFulfilled,
    DealtTile,
    Event,
    FinalScore,
    GameEnded,
    IncidentTaken,
    PeekResult,
    TileRevealed,
    TilesFlippedFaceDown,
    TilesPeeked,
    TilesPeekedDetail,
)
from domain.delta_v.narration_words import (
    ACTION_SKIPS,
    ACTIONS,
    ATTEMPT_STAGES,
    BRIBE_PURPOSES,
    CONTRACT_SKIPS,
    DOCKINGS,
    ENDINGS,
    FAILURES,
    JUDGEMENTS,
    MOVES,
    PASSES,
    PEEKS,
    REVEAL_CONTEXTS,
    SHIPYARD_RETURNS,
    STATION_RETURNS,
    WINDOWS,
)
from domain.match import MAX_SEAT_NAME, Match
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import audit_lines
from tests.support.narration_checks import Played, assert_every_kind_told, bot_matches, told_by
from tests.support.narration_checks import check_sentence as checked

NAMES = ("ann", "ben", "cat", "dee")
LONG_NAMES = tuple(letter * MAX_SEAT_NAME for letter in "wxyz")  # the longest a seat may have
CODE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Z]{3,}\b")  # snake case, or ALP, GAM...
SEEDS = range(16)
VALUES = frozenset(f"{name} {value}" for name in MINERAL_NAMES.values() for value in range(1, 6))
"""Every mineral face, as the narration names it (incident names also name held incidents)."""
FACT = re.compile(
    rf"({'|'.join(INCIDENT_NAMES.values())}|(?:{'|'.join(MINERAL_NAMES.values())}) \d) at (\d:\d)"
)
"""A face told on a cell: 'Alphatite 3 at 2:5', 'an Alien Encounter at 6:5'."""

# What random play seldom reaches, built by hand: a bid-up tile, a full fulfilment with a
# replaced mineral, a tie at the end with the layout shown.
HAND_BUILT: tuple[Any, ...] = (
    TileRevealed(0, (2, 5), "t25", mineral("OMN", 2), "bid_up", "match"),
    TilesFlippedFaceDown(((0, 0),)),
    GameEnded(
        "ROUND_LIMIT",
        (FinalScore(0, 12, 1, 10, 2, 4), FinalScore(1, 10, 0, 10, 2, 4)),
        (1, 1),
        (0, 1),
        (DealtTile((0, 0), "t00", incident("SABOTAGE")),),
    ),
)


@functools.cache
def played() -> list[Played]:
    return bot_matches(RULES.slug, SEEDS, 3)


def all_events() -> Iterator[Any]:
    for events, _, _ in played():
        yield from events
    yield from HAND_BUILT


def all_decisions() -> Iterator[tuple[int, Any]]:
    for _, decisions, _ in played():
        yield from decisions


def check_sentence(text: str) -> None:
    checked(text, CODE)


def test_every_event_and_command_type_is_told_as_a_sentence() -> None:
    """Every type, from many matches; within 200 characters even for the longest seat names."""
    for names in (NAMES, LONG_NAMES):
        told = told_by(narration, all_events(), all_decisions(), names)
        assert_every_kind_told(told, (Event, Command), check_sentence)


def test_the_check_catches_machine_words() -> None:
    for machine in ("TileRevealed position=[2,5]", "ann plays PIRATE_ATTACK", "ann pays ALP"):
        with pytest.raises(AssertionError):
            check_sentence(machine)


# (event type, field) -> the table that words its codes
CODE_TABLES: dict[tuple[str, str], dict[str, str]] = {
    ("RocketPlacedOnStation", "source"): DOCKINGS,
    ("ActionTaken", "action"): ACTIONS,
    ("ActionSkipped", "reason"): ACTION_SKIPS,
    ("ResponseWindowOpened", "window"): WINDOWS,
    ("ResponsePassed", "window"): PASSES,
    ("TilesPeeked", "source"): PEEKS,
    ("BribeSpent", "purpose"): BRIBE_PURPOSES,
    ("RocketReturnedToShipyard", "reason"): SHIPYARD_RETURNS,
    ("RocketsReturnedToStation", "reason"): STATION_RETURNS,
    ("RocketMoved", "reason"): MOVES,
    ("ContractStepSkipped", "reason"): CONTRACT_SKIPS,
    ("TileRevealed", "context"): REVEAL_CONTEXTS,
    ("TileRevealed", "judgement"): JUDGEMENTS,
    ("ContractAttemptFailed", "stage"): ATTEMPT_STAGES,
    ("ContractAttemptFailed", "reason"): FAILURES,
    ("GameEnded", "reason"): ENDINGS,
}


@pytest.mark.parametrize("where", list(CODE_TABLES), ids=lambda w: ".".join(w))
def test_every_code_has_its_words(where: tuple[str, str]) -> None:
    classes = {cls.__name__: cls for cls in typing.get_args(Event)}
    hint = typing.get_type_hints(classes[where[0]])[where[1]]
    assert set(CODE_TABLES[where]) == set(typing.get_args(hint))


def facts_in(value: Any) -> set[str]:
    """What one raw (JSON-shaped) event carries of the tiles: each face it shows on a cell
    ("Alphatite 3 at 2:5") and each mineral face it names ("Alphatite 3")."""
    found: set[str] = set()
    value = msgspec.to_builtins(value)
    if isinstance(value, dict):
        shown: Face | None = None
        if isinstance(value.get("face"), dict):
            shown = msgspec.convert(value["face"], Face)
        elif "printed_mineral" in value and "value" in value:  # a collected tile, as printed
            shown = mineral(value["printed_mineral"], value["value"])
        elif value.get("type") == "AlienEncounterRevealed":
            shown = incident("ALIEN_ENCOUNTER")
        if shown is not None:
            found.add(shown.label())
            if "position" in value:
                found.add(f"{shown.label()} at {value['position'][0]}:{value['position'][1]}")
        for item in value.values():
            found |= facts_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= facts_in(item)
    return found


def told_facts(text: str) -> set[str]:
    """What a text tells of the tiles, in the same terms as `facts_in`."""
    on_cells = {f"{m.group(1)} at {m.group(2)}" for m in FACT.finditer(text)}
    return on_cells | {label for label in VALUES if re.search(rf"\b{label}\b", text)}


@pytest.mark.parametrize("seed", [3, 4, 8])
def test_a_viewer_narration_never_names_a_face_hidden_from_it(seed: int) -> None:
    """Per step: every face a seat's or the spectator's sentences tell (on a cell, or a mineral
    by its value) is carried by the events that viewer sees in that step. The referee's
    sentences of the same steps tell faces others saw in secret, so there was something to
    leak."""
    match = play_bot_match(RULES.slug, 3, seed, smart=True)
    _, lines = audit_lines(match.collect_events())
    seats = match.seats
    referee = match_log(lines[1:], RULES, seats, Viewer(referee=True), opened=False)
    secrets = 0
    for viewer in (Viewer(seat=0), Viewer(seat=1), Viewer(seat=2), Viewer()):
        log = match_log(lines[1:], RULES, seats, viewer, opened=False)
        assert len(log) == len(referee)
        for mine, full in zip(log, referee, strict=True):
            carried = set().union(*(facts_in(e) for e in mine.events), facts_in(mine.command))
            told = told_facts(" ".join([mine.text, *mine.texts]))
            assert told <= carried, f"{viewer.label(seats)} reads {told - carried}: {mine.texts}"
            secrets += len(told_facts(" ".join(full.texts)) - carried)
    assert secrets > 10  # others' secret looks were there to be leaked


def test_a_secret_look_tells_the_others_where_and_its_seat_what() -> None:
    """The public twin says where ann looked; the private event, seen by ann only, what."""
    where = TilesPeeked(0, "survey", ((2, 4), (2, 5), (2, 6)))
    what = TilesPeekedDetail(
        0,
        "survey",
        (
            PeekResult((2, 4), mineral("ALP", 3)),
            PeekResult((2, 5), incident("SABOTAGE")),
            PeekResult((2, 6), mineral("OMN", 1)),
        ),
    )
    assert narration.event_text(where, NAMES) == (
        "ann's satellite survey: a secret look at 2:4, 2:5 and 2:6"
    )
    assert narration.event_text(what, NAMES) == (
        "ann's satellite survey shows Alphatite 3 at 2:4, a Sabotage at 2:5 and Omnidium 1 at 2:6"
    )
    assert not told_facts(narration.event_text(where, NAMES))
    assert told_facts(narration.event_text(what, NAMES)) >= {"Sabotage at 2:5", "Alphatite 3"}


def test_the_setup_is_told_briefly() -> None:
    """The opening step, a 3,407-character JSON line before, as a few short sentences."""
    match = Match.start(RULES.slug, ["ann", "ben", "cat"], None, 7)
    _, lines = audit_lines(match.collect_events())
    (opening,) = match_log(lines[1:], RULES, match.seats, Viewer(), opened=False)
    assert opening.texts[:5] == [
        "Delta V: ann red, ben blue and cat green; 12 contracts on offer",
        f"the asteroid field is laid: {ASTEROID_TILES} tiles face down around the station "
        "(33 minerals, 15 incidents)",
        "ann takes the red rockets: 5 rockets and 5 bribes, one per mineral",
        "ben takes the blue rockets: 5 rockets and 5 bribes, one per mineral",
        "cat takes the green rockets: 5 rockets and 5 bribes, one per mineral",
    ]
    assert opening.texts[5] == "ann docks rocket 1 at the station"
    assert re.fullmatch(r"(ann|ben|cat) goes first", opening.texts[-2])
    assert re.fullmatch(r"turn 1 begins: (ann|ben|cat) to play", opening.texts[-1])
    assert sum(map(len, opening.texts)) < 800


def test_a_contract_is_told_from_declaration_to_fulfilment() -> None:
    declared = narration.command_text(DeclareContract("C04"), 1, NAMES)
    assert declared == "ben tries contract C04 (Alphatite and Deltamite)"
    revealed = TileRevealed(1, (2, 5), "t25", mineral("ALP", 3), "contract", "match")
    assert narration.event_text(revealed, NAMES) == (
        "ben reveals Alphatite 3 at 2:5 for the contract: a match"
    )
    fulfilled = ContractFulfilled(
        1,
        "C04",
        (
            CollectedTile("t25", (2, 5), "ALP", "ALP", 3),
            CollectedTile("t01", (0, 1), "BET", "DEL", 4),
        ),
        7,
    )
    assert narration.event_text(fulfilled, NAMES) == (
        "ben fulfils contract C04 for 7 points: Alphatite 3 and Betamite 4 as Deltamite"
    )


@pytest.mark.parametrize(
    ("command", "seat", "sentence"),
    [
        (
            MoveRockets(
                (
                    RocketMove("0-r1", (0, 0)),
                    RocketMove("0-r2", (0, 0)),
                    RocketMove("0-r3", "STATION"),
                )
            ),
            0,
            "ann moves rockets 1 and 2 to 0:0 and rocket 3 to the station",
        ),
        (
            SatelliteSurvey("2-EPS", ((1, 0), (1, 1), (1, 2))),
            2,
            "cat pays an Epsilonium bribe for a satellite survey of 1:0, 1:1 and 1:2",
        ),
        (
            UseSabotage("t02", "1-r2", "0-r3"),
            0,
            "ann sabotages ben's rocket 2, moving own rocket 3 to where it was",
        ),
        (
            ResolveAlienEncounter((4, 4), Steal(1, "1-GAM", None)),
            0,
            "ann sends the alien to 4:4 and steals ben's Gammatite bribe",
        ),
        (
            ResolveAlienEncounter(None, None),
            3,
            "dee leaves the alien where it is and steals nothing",
        ),
    ],
)
def test_decisions_are_told_as_made(command: Any, seat: int, sentence: str) -> None:
    assert narration.command_text(command, seat, NAMES) == sentence


def test_an_incident_is_told_as_it_turns_up() -> None:
    turned = TileRevealed(2, (6, 0), "t60", incident("ALIEN_ENCOUNTER"), "contract", "incident")
    assert narration.event_text(turned, NAMES) == (
        "cat reveals an Alien Encounter at 6:0 for the contract: an incident"
    )
    met = AlienEncounterRevealed(2, (6, 0), 3)
    assert narration.event_text(met, NAMES) == "cat meets the alien at 6:0: Alien Encounter 3 of 5"
    prospected = TileRevealed(0, (1, 4), "t14", incident("SABOTAGE"), "prospect", "incident")
    assert narration.event_text(prospected, NAMES) == (
        "ann reveals a Sabotage at 1:4 from the prospect"
    )
    taken = IncidentTaken(0, "t14", "SABOTAGE", (1, 4), 5)
    assert narration.event_text(taken, NAMES) == (
        "ann takes the Sabotage from 1:4, usable from the next turn"
    )


def test_the_end_names_the_winners_and_the_scores() -> None:
    won = GameEnded(
        "FIFTH_ALIEN_ENCOUNTER",
        (FinalScore(0, 33, 4, 25, 5, 2), FinalScore(1, 39, 3, 33, 6, 1)),
        (2, 1),
        (1,),
    )
    assert narration.event_text(won, NAMES) == (
        "the game ends with the fifth Alien Encounter: ben wins with 33 points (ann 25)"
    )
    assert narration.event_text(HAND_BUILT[-1], NAMES) == (
        "the game ends with the round limit reached: ann and ben share the win with 10 points; "
        "every tile is turned up"
    )
    four = GameEnded(
        "FIFTH_ALIEN_ENCOUNTER",
        tuple(FinalScore(seat, 20 - seat, 0, 20 - seat, 1, 5) for seat in range(4)),
        (1, 2, 3, 4),
        (0,),
    )
    assert narration.event_text(four, NAMES) == (
        "the game ends with the fifth Alien Encounter: ann wins with 20 points "
        "(ben 19, cat 18, dee 17)"
    )
    assert narration.event_text(four, LONG_NAMES) == (  # the scoreboard has the others' totals
        f"the game ends with the fifth Alien Encounter: {LONG_NAMES[0]} wins with 20 points"
    )


def test_a_long_list_is_summarised() -> None:
    flipped = TilesFlippedFaceDown(
        ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (1, 0), (1, 1))
    )
    assert narration.event_text(flipped, NAMES) == (
        "0:0, 0:1, 0:2, 0:3, 0:4 and 4 more are turned face down again"
    )
