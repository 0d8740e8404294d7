"""Race for the Galaxy told in words (issue #25): every event and decision is an English sentence
naming cards by their printed names, never by number, and a reader's narration names no card
(and no sealed action) hidden from that reader."""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from cli.simulate import play_bot_match
from domain.game import GameEvent
from domain.match import Match
from domain.race_for_the_galaxy import RULES, narration
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseWorld,
    Command,
    DiscardForHandLimit,
    KeepExploredCards,
    ResolveSettle,
    SelectAction,
    UseConsumePower,
    UseProducePower,
)
from domain.race_for_the_galaxy.components import ADVANCED_ACTIONS, CARDS, END_REASONS, GOODS
from domain.race_for_the_galaxy.events import Event
from domain.race_for_the_galaxy.state import PhaseInstance
from domain.race_for_the_galaxy.wording import (
    ACTION_NAMES,
    DISCARD_REASONS,
    DRAW_REASONS,
    END_WORDS,
    GOOD_NAMES,
    GOOD_REASONS,
    PHASE_NAMES,
    ROUND_END_TRIGGERS,
    SETTLE_METHODS,
    TABLEAU_DISCARDS,
)
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import audit_lines
from tests.support.narration_checks import assert_every_kind_told, told_by

from .helpers import build, of_type, one, play, select

NAMES = ("ann", "ben", "cy", "dee")
# a code left in a sentence: snake case, or a word of three or more capitals (SETI is printed so)
CODE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(?!SETI\b)[A-Z]{3,}\b")
# (seats, seed, options, smart): 2 to 4 seats, random and smart bots, the 2-player advanced game
MATCHES: tuple[tuple[int, int, dict[str, Any] | None, bool], ...] = tuple(
    (2 + seed % 3, seed, {"advanced_two_player": True} if seed % 6 == 3 else None, seed % 2 == 0)
    for seed in range(20)
)
CARD_FIELDS = frozenset(
    {"card", "cards", "worlds", "world", "kept", "discarded", "choices"}
    | {"discards", "colony_ship", "temp_military", "hand"}
)
TITLES = sorted({design.name for design in CARDS}, key=len, reverse=True)

# what random play never reaches, built by hand
HAND_BUILT: tuple[Any, ...] = (
    ev.DrawShortfall(1, 3, 1, "PRODUCE"),
    ev.GambleRevealed(0, 4, None, False),
    ev.GameEnded((30, 30), (5, 5), (0, 1), "MAX_ROUNDS_PLAYED"),
)


@functools.cache
def played(
    seats: int, seed: int, options: tuple[tuple[str, Any], ...], smart: bool
) -> tuple[tuple[str, ...], list[Any]]:
    match = play_bot_match(RULES.slug, seats, seed, dict(options) or None, smart=smart)
    return tuple(match.seats), match.collect_events()


def _played(seats: int, seed: int, options: dict[str, Any] | None, smart: bool) -> Any:
    return played(seats, seed, tuple(sorted((options or {}).items())), smart)


def _game_events(stored: Any) -> list[Any]:
    if isinstance(stored, Match.Started | Match.Dealt):
        return list(stored.opening)
    return list(stored.outcome) if isinstance(stored, Match.Decided) else []


def all_events() -> Iterator[Any]:
    for seats, seed, options, smart in MATCHES:
        for stored in _played(seats, seed, options, smart)[1]:
            yield from _game_events(stored)
    yield from HAND_BUILT


def all_decisions() -> Iterator[tuple[int, Any]]:
    for seats, seed, options, smart in MATCHES:
        for stored in _played(seats, seed, options, smart)[1]:
            if isinstance(stored, Match.Decided):
                yield stored.seat, stored.command


def check_sentence(text: str) -> None:
    assert text and text.strip() == text, repr(text)
    assert "\n" not in text and "{" not in text and "=" not in text, text
    assert "type" not in text and "#" not in text, text
    assert not CODE.search(text), text
    assert len(text) <= 200, text


def test_every_event_and_command_type_is_told_as_a_sentence() -> None:
    told = told_by(narration, all_events(), all_decisions(), NAMES)
    assert_every_kind_told(told, (Event, Command), check_sentence)


# (event type, field) -> the table that words the field's codes
CODE_TABLES: dict[tuple[type, str], dict[str, str]] = {
    (ev.CardsDrawn, "reason"): DRAW_REASONS,
    (ev.CardsDrawnDetail, "reason"): DRAW_REASONS,
    (ev.DrawShortfall, "reason"): DRAW_REASONS,
    (ev.CardsDiscardedDetail, "reason"): DISCARD_REASONS,
    (ev.GoodPlaced, "reason"): GOOD_REASONS,
    (ev.GoodPlaced, "good"): GOOD_NAMES,
    (ev.GoodSold, "good"): GOOD_NAMES,
    (ev.TableauCardDiscarded, "reason"): TABLEAU_DISCARDS,
    (ev.PhaseStarted, "phase"): PHASE_NAMES,
    (ev.PhaseEnded, "phase"): PHASE_NAMES,
    (ev.TurnFinished, "phase"): PHASE_NAMES,
    (ev.WorldPlaced, "method"): SETTLE_METHODS,
    (ev.GameEnded, "reason"): END_WORDS,
}


def test_every_code_the_game_emits_is_worded_by_a_table() -> None:
    """No code falls back to its own lower-case words: each has its English."""
    for event in all_events():
        for (kind, field), table in CODE_TABLES.items():
            if isinstance(event, kind):
                assert getattr(event, field) in table, (kind, field, getattr(event, field))
        if isinstance(event, ev.RoundEnded):
            assert set(event.triggers) <= set(ROUND_END_TRIGGERS), event
        if isinstance(event, ev.ActionsRevealed):
            assert {a for chosen in event.selections for a in chosen} <= set(ACTION_NAMES)
    assert set(ADVANCED_ACTIONS) == set(ACTION_NAMES)
    assert set(GOODS) == set(GOOD_NAMES)
    assert set(END_REASONS) == set(END_WORDS)
    methods = typing.get_args(typing.get_type_hints(ResolveSettle)["method"])
    assert set(methods) == set(SETTLE_METHODS)


def titles_in(text: str) -> set[str]:
    """The printed card names a sentence holds (longest first, so `Bio-Hazard Mining World` is
    not also read as `Mining World`)."""
    found = set()
    for title in TITLES:
        if re.search(rf"(?<![\w-]){re.escape(title)}(?![\w-])", text):
            found.add(title)
            text = text.replace(title, "")
    return found


def card_ids(item: Any) -> Iterator[tuple[str, int]]:
    """The card ids an event or command carries, by field (a public Explore keep counts cards
    in the fields its private twin names them in)."""
    if isinstance(item, ev.ExploredCardsKept):
        return
    for field in item.__struct_fields__:
        if field in CARD_FIELDS:
            value = getattr(item, field)
            for v in value if isinstance(value, tuple) else (value,):
                if isinstance(v, int):
                    yield field, v


def carried_titles(item: Any) -> set[str]:
    """The card names an event or command carries itself, in its card fields."""
    return {CARDS[c].name for _, c in card_ids(item)}


def test_a_sentence_names_only_the_cards_its_event_or_command_carries() -> None:
    """Pure narration: nothing is looked up beyond the one event (so the log's redaction holds)."""
    for event in all_events():
        text = narration.event_text(event, NAMES)
        assert titles_in(text) <= carried_titles(event), text
    for seat, command in all_decisions():
        text = narration.command_text(command, seat, NAMES)
        assert titles_in(text) <= carried_titles(command), text


def numbers_told(item: Any) -> set[str]:
    """The numbers a sentence may hold: the item's amounts (not its card ids), the printed cost
    of a card it names, the hand limit and the tableau's end."""
    cards = dict.fromkeys(card_ids(item))
    told = {"10", "12"} | {str(CARDS[c].cost) for _, c in cards}
    for field in item.__struct_fields__:
        value = getattr(item, field)
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, int) and (field, v) not in cards:
                told.add(str(v))
    return told


def numbers_in(text: str) -> set[str]:
    """The numbers of a sentence, outside the printed action card names (`Explore +1+1`) and
    the count of a summarised list's rest (`and 2 more`)."""
    for printed in ACTION_NAMES.values():
        text = text.replace(printed, "")
    text = re.sub(r"\band [0-9]+ more\b", "", text)
    return set(re.findall(r"[0-9]+", text))


def test_no_card_is_named_by_its_number() -> None:
    for event in all_events():
        text = narration.event_text(event, NAMES)
        assert numbers_in(text) <= numbers_told(event), text
    for seat, command in all_decisions():
        text = narration.command_text(command, seat, NAMES)
        assert numbers_in(text) <= numbers_told(command), text


def _viewers(seats: int) -> list[Viewer]:
    return [Viewer(seat) for seat in range(seats)] + [Viewer(), Viewer(referee=True)]


@pytest.mark.parametrize(("seats", "seed", "options", "smart"), MATCHES[:6])
def test_no_reader_is_told_a_card_it_may_not_see(
    seats: int, seed: int, options: dict[str, Any] | None, smart: bool
) -> None:
    """A card name reaches a reader only once an event (or a decision) that reader may see has
    carried it: the oracle is each event's declared visibility, not the log's redaction or the
    sentences. Copies share a name, so a name once seen stays known."""
    names, stored = _played(seats, seed, options, smart)
    lines = audit_lines(stored)[1][1:]  # without the header
    everything = set().union(*(carried_titles(e) for s in stored for e in _game_events(s)))
    for viewer in _viewers(seats):
        log = match_log(lines, RULES, names, viewer, opened=False)
        known: set[str] = set()
        kept_from_view = 0
        for entry, source in zip(log, stored, strict=True):
            for fact in _game_events(source):
                if viewer.sees(fact):
                    known |= carried_titles(fact)
            if isinstance(source, Match.Decided) and (
                viewer.referee or source.command.visibility(source.seat).allows(viewer.seat)
            ):
                known |= carried_titles(source.command)
            hidden = everything - known
            kept_from_view += len(hidden)
            for text in [entry.text, *entry.texts]:
                assert not titles_in(text) & hidden, (viewer, text)
        # The check could fail: some card was hidden from every reader but the referee.
        assert kept_from_view or viewer.referee, viewer


ACTION_WORDS = re.compile(r"Explore \+|Develop|Settle|Consume:|Produce")


@pytest.mark.parametrize(("seats", "seed", "options", "smart"), MATCHES[:6])
def test_no_reader_is_told_another_seats_sealed_action_before_the_reveal(
    seats: int, seed: int, options: dict[str, Any] | None, smart: bool
) -> None:
    names, stored = _played(seats, seed, options, smart)
    lines = audit_lines(stored)[1][1:]
    for viewer in _viewers(seats):
        own = None if viewer.seat is None else names[viewer.seat]
        sealed_told = 0
        for entry in match_log(lines, RULES, names, viewer, opened=False):
            if not any(e.get("type") == "ActionChosen" for e in entry.events):
                continue
            reveal = next(
                (i for i, e in enumerate(entry.events) if e.get("type") == "ActionsRevealed"),
                len(entry.events),
            )
            for text in [entry.text, *entry.texts[:reveal]]:
                if own is not None and text.startswith(own + " "):
                    continue
                if ACTION_WORDS.search(text):
                    sealed_told += 1
        if viewer.referee:
            assert sealed_told, "the referee reads every sealed action"
        else:
            assert not sealed_told, viewer


# --- the wording -------------------------------------------------------------------------------

GEM, PORT = one("Gem World"), one("Space Port")


def test_the_drawer_reads_which_cards_and_everyone_else_how_many() -> None:
    twin = ev.CardsDrawn(0, 2, "POWER")
    detail = ev.CardsDrawnDetail(0, (GEM, PORT), "POWER")
    assert not detail.visibility().allows(None) and detail.visibility().allows(0)
    assert not detail.visibility().allows(1)
    assert narration.event_text(twin, NAMES) == "ann draws 2 cards from a power"
    assert narration.event_text(detail, NAMES) == "ann draws Gem World and Space Port from a power"


def test_copies_of_a_card_share_its_printed_name() -> None:
    copies = [c for c, design in enumerate(CARDS) if design.name == "Public Works"]
    assert len(copies) == 2
    told = {narration.event_text(ev.DevelopmentPlaced(1, c, 2), NAMES) for c in copies}
    assert told == {"ben develops Public Works, paying 2 cards"}


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (ev.WorldPlaced(0, GEM, "PAY", 2, 0), "ann settles Gem World, paying 2 cards"),
        (ev.ActionChosen(1), "ben chose an action (sealed)"),
        (
            ev.ActionsRevealed(
                (("DEVELOP",), ("PRODUCE",)),
                (PhaseInstance("DEVELOP", 1), PhaseInstance("PRODUCE", 1)),
            ),
            "ann chose Develop; ben chose Produce",
        ),
        (ev.ActionChoiceSealed(0, ("SETTLE", "SETTLE_2")), "ann chose both Settle cards (sealed)"),
        (
            ev.DevelopmentsRevealed((PORT, None)),
            "ann chose to develop Space Port; ben chose not to develop",
        ),
        (
            ev.PhaseStarted("SETTLE", 2, (1,)),
            "the second Settle phase begins, with the bonus for ben",
        ),
        (
            ev.WorldPlaced(2, one("Rebel Base"), "CONQUER", 0, 7),
            "cy conquers Rebel Base (defense 6) with military 7",
        ),
        (ev.ExploreDrawn(1, 7, 1), "ben explores: draws 7 cards to keep 1"),
        (ev.GoodPlaced(0, GEM, "NOVELTY", "PRODUCTION"), "ann's Gem World produces a Novelty good"),
        (
            ev.GoodSold(1, one("Alien Robot Sentry"), "ALIEN", 6),
            "ben sells an Alien Technology good from Alien Robot Sentry for 6 cards",
        ),
        (
            ev.GambleRevealed(0, 2, GEM, True),
            "ann names 2 and reveals Gem World (cost 2): keeps it",
        ),
        (ev.HandLimitDue((0, 2)), "ann and cy hold more than 10 cards and must discard down to 10"),
        (
            ev.RoundEnded(9, ("TABLEAU_12", "VP_POOL_EXHAUSTED")),
            "round 9 ends, and the game with it: a tableau has 12 cards and the VP chips ran out",
        ),
        (
            ev.GameEnded((43, 30, 28), (2, 1, 0), (0,), "TABLEAU_12"),
            "the game ends as a tableau reached 12 cards: ann wins with 43 VP (ben 30, cy 28)",
        ),
    ],
)
def test_events_read_in_the_games_names(event: GameEvent, sentence: str) -> None:
    assert narration.event_text(event, NAMES) == sentence


@pytest.mark.parametrize(
    ("command", "seat", "sentence"),
    [
        (
            SelectAction(("EXPLORE_5", "CONSUME_2VP")),
            0,
            "ann chooses Explore +5 and Consume: 2x VP",
        ),
        (KeepExploredCards((GEM,)), 1, "ben keeps Gem World from exploring"),
        (ChooseWorld(None), 2, "cy chooses not to settle"),
        (
            ResolveSettle("PAY", (), one("Colony Ship"), ()),
            0,
            "ann settles the world for free, discarding Colony Ship",
        ),
        (
            ResolveSettle("CONQUER", (), None, (one("New Military Tactics"),)),
            1,
            "ben conquers the world, discarding New Military Tactics for extra military this Settle",
        ),
        (
            UseConsumePower(one("Free Trade Association"), 0, (GEM, one("Spice World")), (), None),
            0,
            "ann uses Free Trade Association, consuming the goods on Gem World and Spice World",
        ),
        (
            UseConsumePower(one("Gambling World"), 1, (), (), 4),
            3,
            "dee uses Gambling World, naming 4",
        ),
        (UseProducePower(GEM, None, 0), 1, "ben uses the Produce bonus on Gem World"),
        (
            DiscardForHandLimit((GEM, PORT)),
            2,
            "cy discards Gem World and Space Port down to 10 cards",
        ),
    ],
)
def test_decisions_read_as_the_seat_made_them(command: Any, seat: int, sentence: str) -> None:
    assert narration.command_text(command, seat, NAMES) == sentence


def test_a_conquest_with_temporary_military_is_told_step_by_step() -> None:
    tactics, underground = one("New Military Tactics"), one("Rebel Underground")
    s = build(
        [[one("Epsilon Eridani"), tactics], [one("Old Earth")]],
        [[underground], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    s, _ = play(s, 0, ChooseWorld(underground))
    s, events = play(s, 1, ChooseWorld(None))
    assert [narration.event_text(e, NAMES) for e in of_type(events, ev.WorldsRevealed)] == [
        "ann chose to settle Rebel Underground; ben chose not to settle"
    ]
    conquest = ResolveSettle("CONQUER", (), None, (tactics,))
    _, events = play(s, 0, conquest, drawn=[GEM, PORT])  # Rebel Underground draws in Produce
    told = [narration.event_text(e, NAMES) for e in events]
    assert told[:5] == [
        "ann discards New Military Tactics from the tableau for extra military this Settle",
        "ann conquers Rebel Underground (defense 3) with military 4",
        "ann draws 1 card for the Settle bonus",
        "ann draws Gem World for the Settle bonus",
        "the Settle phase ends",
    ]


def test_long_lists_are_summarised() -> None:
    gnarssh = one("The Last of the Uplift Gnarssh")
    explored = ev.ExploreDrawnDetail(0, (gnarssh,) * 7 + (GEM,), 1)
    text = narration.event_text(explored, NAMES)
    assert text == (
        "ann explores: draws The Last of the Uplift Gnarssh, The Last of the Uplift Gnarssh, "
        "The Last of the Uplift Gnarssh and 5 more to keep 1"
    )
    short = ev.ExploreDrawnDetail(0, (GEM,) * 7, 1)
    assert narration.event_text(short, NAMES).endswith("Gem World and Gem World to keep 1")
