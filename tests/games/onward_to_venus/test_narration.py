"""Onward to Venus told in words (issue #25): every event and decision is an English sentence in
the game's own names, and a viewer's narration names no card hidden from that viewer."""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from msgspec.structs import replace

from cli.simulate import play_bot_match
from domain.game import GameEvent, TableChance
from domain.match import Match
from domain.onward_to_venus import RULES, narration
from domain.onward_to_venus.commands import (
    BazagthothOrder,
    ClaimTile,
    Command,
    EspionageChoice,
    MoveGroup,
    PlayActionCard,
)
from domain.onward_to_venus.components import CARD_EFFECT, END_REASONS, PLANETS, TILES
from domain.onward_to_venus.events import (
    ActionPhaseEnded,
    AlienDefeated,
    AliensAdvanced,
    Award,
    CardsDrawn,
    CardsDrawnDetail,
    DamageRolled,
    DecisionRequired,
    DeckReshuffled,
    Event,
    GameEnded,
    PlanetScored,
    PlanetTilesDrawn,
)
from domain.onward_to_venus.state import Decision, DecisionKind
from domain.onward_to_venus.wording import (
    ACTIONS,
    BAZAGTHOTH_ORDERS,
    CARD_NAMES,
    COMBAT_SOURCES,
    CRISIS_OUTCOMES,
    DECISIONS,
    DISCARD_REASONS,
    DRAW_REASONS,
    END_WORDS,
    FLIP_REASONS,
    LANDING_PURPOSES,
    LOSS_CAUSES,
    MONEY_REASONS,
    PLANET_NAMES,
    PLAY_MODES,
    THEFT_REASONS,
    TILE_DISCARD_REASONS,
    TILE_KINDS,
)
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import audit_lines
from tests.support.narration_checks import Played, assert_every_kind_told, bot_matches, told_by
from tests.support.narration_checks import check_sentence as checked

from .helpers import dice, fresh, play, put_tile

NAMES = ("ann", "ben", "cy", "dee", "eve")
# a code left in a sentence: snake case, or a word of three or more capitals (UFO is a word)
CODE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(?!UFO\b)[A-Z]{3,}\b")
SEEDS = range(24)
# what random play never reaches, built by hand
HAND_BUILT: tuple[Any, ...] = (
    DeckReshuffled(31),
    DamageRolled("MOON", (2, 5, 6), 13),
    AlienDefeated("TITAN"),
    AliensAdvanced(("KUIPER", "TITAN"), ("TITAN", "GANYMEDE"), (104, 105)),
)
CARD_TITLES = frozenset(CARD_NAMES.values())


@functools.cache
def played() -> list[Played]:
    return bot_matches(RULES.slug, SEEDS, 4)


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
    told = told_by(narration, all_events(), all_decisions(), NAMES)
    assert_every_kind_told(told, (Event, Command), check_sentence)


# (event type, field) -> the table that words the field's codes
CODE_TABLES: dict[tuple[str, str], dict[str, Any]] = {
    ("MoneyChanged", "reason"): MONEY_REASONS,
    ("CardsDrawn", "reason"): DRAW_REASONS,
    ("CardsDiscarded", "reason"): DISCARD_REASONS,
    ("CardTaken", "reason"): THEFT_REASONS,
    ("CardPlayed", "mode"): PLAY_MODES,
    ("CardPlayed", "effect"): CARD_NAMES,
    ("TileDiscarded", "reason"): TILE_DISCARD_REASONS,
    ("ActionStarted", "action"): ACTIONS,
    ("ActionCompleted", "action"): ACTIONS,
    ("UnitsLanded", "purpose"): LANDING_PURPOSES,
    ("UnitDestroyed", "cause"): LOSS_CAUSES,
    ("UnitRemoved", "reason"): LOSS_CAUSES,
    ("PieceRemoved", "reason"): LOSS_CAUSES,
    ("CombatModifierApplied", "modifier"): CARD_NAMES,
    ("CombatPointsAdded", "source"): {**COMBAT_SOURCES, **CARD_NAMES},
    ("CrisisResolved", "outcome"): CRISIS_OUTCOMES,
    ("PlanetFlipped", "reason"): FLIP_REASONS,
    ("DecisionResolved", "kind"): DECISIONS,
    ("GameEnded", "reason"): END_WORDS,
}


def test_every_code_the_game_emits_is_worded_by_a_table() -> None:
    """No code falls back to its own lower-case words: each has its printed English."""
    for event in all_events():
        for (kind, field), table in CODE_TABLES.items():
            if type(event).__name__ == kind:
                assert getattr(event, field) in table, (kind, field, getattr(event, field))
        if isinstance(event, DecisionRequired) and event.decision.reason:
            assert event.decision.reason in LOSS_CAUSES, event.decision
    assert set(CARD_EFFECT.values()) <= set(CARD_NAMES)
    assert set(PLANETS) == set(PLANET_NAMES)
    assert {spec.kind for spec in TILES.values()} == set(TILE_KINDS)
    assert set(END_REASONS) == set(END_WORDS)
    assert set(typing.get_args(DecisionKind)) == set(DECISIONS)
    choices = typing.get_args(typing.get_type_hints(BazagthothOrder)["choice"])
    assert set(choices) - {"DECLINE"} == set(BAZAGTHOTH_ORDERS)


def card_titles_in(text: str) -> set[str]:
    """The printed card names a sentence holds (longest first, so `Combat +1 & Draw` is not
    also read as `Combat +1`)."""
    found = set()
    for title in sorted(CARD_TITLES, key=len, reverse=True):
        if re.search(rf"(?<![\w+]){re.escape(title)}(?![\w+])", text):
            found.add(title)
            text = text.replace(title, "")
    return found


def carried_titles(item: Any) -> set[str]:
    """The card names an event or command carries itself: its card ids and card effects."""
    titles = set()
    for field in item.__struct_fields__:
        value = getattr(item, field)
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if isinstance(v, int) and field in ("card", "cards", "take", "give", "returned_card"):
                titles.add(CARD_NAMES[CARD_EFFECT[v]])
            if isinstance(v, int) and field in ("movement_cards", "transport_card"):
                titles.add(CARD_NAMES[CARD_EFFECT[v]])
            if isinstance(v, str) and v in CARD_NAMES:
                titles.add(CARD_NAMES[v])
    return titles


def test_a_sentence_names_only_the_cards_its_event_or_command_carries() -> None:
    """Pure narration: nothing is looked up beyond the one event (so the log's redaction holds)."""
    for event in all_events():
        text = narration.event_text(event, NAMES)
        assert card_titles_in(text) <= carried_titles(event), text
    for seat, command in all_decisions():
        text = narration.command_text(command, seat, NAMES)
        assert card_titles_in(text) <= carried_titles(command), text


def visible_titles(events: list[Any], decisions: list[tuple[int, Any]], viewer: Viewer) -> set:
    shown = set()
    for event in events:
        if viewer.sees(event):
            shown |= carried_titles(event)
    for seat, command in decisions:
        if command.visibility(seat).allows(viewer.seat):
            shown |= carried_titles(command)
    return shown


@pytest.mark.parametrize("seed", [0, 2, 4, 6])
def test_no_viewer_reads_a_card_name_hidden_from_it(seed: int) -> None:
    match = play_bot_match(RULES.slug, 3, seed, smart=True)
    stored = match.collect_events()
    events = [e for s in stored if isinstance(s, Match.Decided) for e in s.outcome]
    events += [e for s in stored if isinstance(s, Match.Started | Match.Dealt) for e in s.opening]
    decisions = [(s.seat, s.command) for s in stored if isinstance(s, Match.Decided)]
    lines = audit_lines(stored)[1][1:]  # the events after the header
    hidden_somewhere = 0
    for viewer in [Viewer(seat) for seat in range(3)] + [Viewer()]:
        everything = set().union(*(carried_titles(e) for e in events))
        hidden = everything - visible_titles(events, decisions, viewer)
        hidden_somewhere += len(hidden)
        for entry in match_log(lines, RULES, match.seats, viewer, opened=False):
            for text in entry.texts:
                check_sentence(text)  # the log tells each event with this game's narration
            for text in [entry.text, *entry.texts]:
                assert not card_titles_in(text) & hidden, (viewer, text)
    assert hidden_somewhere, "no card was ever hidden from anyone: the test saw nothing"


def test_a_spectator_reads_that_cards_were_drawn_and_the_drawer_reads_which() -> None:
    reroll = next(c for c, e in CARD_EFFECT.items() if e == "REROLL")
    spy = next(c for c, e in CARD_EFFECT.items() if e == "ESPIONAGE")
    twin = CardsDrawn(0, 2, "CARDS_TILE")
    detail = CardsDrawnDetail(0, (reroll, spy))
    assert not detail.visibility().allows(None) and detail.visibility().allows(0)
    assert narration.event_text(twin, NAMES) == "ann draws 2 cards from a Cards tile"
    assert narration.event_text(detail, NAMES) == "ann draws Reroll and Espionage"


@pytest.mark.parametrize(
    ("command", "seat", "sentence"),
    [
        (
            ClaimTile("TITAN", 100, tension_target="P1.FAC.4", as_part_of_move=True),
            1,
            "ben claims the Tension tile on Titan, targeting ann's factory, as part of the move",
        ),
        (
            ClaimTile("MARS", 70, landing_unit="P1.INF.2"),
            0,
            "ann claims the Mine (3) tile on Mars, landing an infantry",
        ),
        (
            MoveGroup("EARTH", "KUIPER", ("P2.CRU.1", "P2.INF.1", "P2.INF.3"), (21, 22)),
            1,
            "ben moves 2 infantry and a cruiser from Earth to the Kuiper Belt, "
            "playing Combat +1 and Combat +1",
        ),
        (
            PlayActionCard(107, unit="P1.INF.4"),
            1,
            "ben plays Destroy Infantry on ann's infantry",
        ),
        (EspionageChoice(take=None, give=None), 2, "cy takes nothing"),
        (
            BazagthothOrder("DESTROY_BUILDING", building="P3.MINE.2"),
            0,
            "ann hires Eyeless Bazagthoth to destroy cy's mine",
        ),
    ],
)
def test_decisions_read_as_the_seat_made_them(command: Any, seat: int, sentence: str) -> None:
    assert narration.command_text(command, seat, NAMES) == sentence


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            PlanetTilesDrawn("MOON", (1, 70, 85)),
            "the Moon gets Factory, Mine (3) and Crisis (2, marked)",
        ),
        (
            DecisionRequired(Decision("CASUALTIES", 1, count=2, planet="VENUS"), 0),
            "ben must lose 2 units on Venus",
        ),
        (
            GameEnded("THIRD_PERIOD_SCORED", (31, 40, 12), (2, 1, 3), (1,)),
            "the game ends as the third period is scored: ben wins with 40 VP",
        ),
        (
            GameEnded("ALIENS_REACHED_EARTH", (0, 0), (1, 1), ()),
            "the game ends as the aliens reach Earth: everyone loses",
        ),
    ],
)
def test_events_read_in_the_games_names(event: GameEvent, sentence: str) -> None:
    assert narration.event_text(event, NAMES) == sentence


def test_a_fight_for_a_mine_is_told_step_by_step() -> None:
    state, tile = put_tile(fresh(2), "EARTH", "MINE", defence=3)
    state, events = play(state, 0, ClaimTile("EARTH", tile), TableChance(dice(2, 5, 0)))
    assert [narration.event_text(e, NAMES) for e in events] == [
        "ann begins a claim",
        "ann fights for the Mine (3) tile on Earth: defence 3",
        "the combat dice show 2, 5 and a skull",
        "the fight needs 8 CP (defence 3 plus spread 5)",
    ]


def test_a_fortune_claim_is_told_in_words() -> None:
    state, tile = put_tile(fresh(2), "EARTH", "FORTUNE")
    state = replace(state, money=(5, 12))
    claim = ClaimTile("EARTH", tile, landing_unit="P1.INF.1")
    _, events = play(state, 0, claim)
    assert narration.command_text(claim, 0, NAMES) == (
        "ann claims the Fortune tile on Earth, landing an infantry"
    )
    told = [narration.event_text(e, NAMES) for e in events]
    assert told[:6] == [
        "ann begins a claim",
        "ann lands an infantry on Earth to claim a tile",
        "ann claims the Fortune tile on Earth",
        "the Fortune tile on Earth is discarded once claimed",
        "ann gains £3 from a Fortune tile (now £8)",
        "ann completes a claim",
    ]


def test_long_lists_are_summarised() -> None:
    cards = tuple(c for c, e in CARD_EFFECT.items() if e == "CP_1")[:9]
    text = narration.event_text(CardsDrawnDetail(0, cards), NAMES)
    assert text == "ann draws Combat +1, Combat +1, Combat +1, Combat +1 and 5 more"


def test_the_end_of_the_action_phase_and_a_planets_scoring_stay_short() -> None:
    ended = ActionPhaseEnded(4, (4, 0, 1, 2, 3))
    assert narration.event_text(ended, NAMES) == (
        "the action phase ends: eve took the last pass marker; everyone may answer with one more action"
    )
    asked = ActionPhaseEnded(1, (1, 2))
    assert narration.event_text(asked, NAMES[:3]).endswith(
        "; ben and cy may answer with one more action"
    )
    scored = PlanetScored("MARS", (Award(2, 5, 1, 10), Award(0, 3, 2, 6)))
    assert narration.event_text(scored, NAMES) == "Mars scores: cy 10 VP (£5) and ann 6 VP (£3)"
