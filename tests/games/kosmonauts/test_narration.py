"""Kosmonauts told in words (issue #25): every event and decision has an English sentence, no
sentence tells a reader what that reader may not see, and the wording stays as written."""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from cli.simulate import play_bot_match
from domain.kosmonauts import RULES
from domain.kosmonauts import commands as cmd
from domain.kosmonauts import events as ev
from domain.kosmonauts import narration_words as words
from domain.kosmonauts.commands import Command, Placement
from domain.kosmonauts.components import (
    BODIES,
    DIRECTIONS,
    END_REASONS,
    EVENT_CARDS,
    MISSIONS,
    ORBITS,
)
from domain.kosmonauts.events import Event
from domain.kosmonauts.events_flight import PlanetMove
from domain.kosmonauts.events_round import RevealedOrder
from domain.kosmonauts.flight import FlightOutcome, Sector
from domain.kosmonauts.narration import command_text, event_text
from domain.match import Match
from domain.viewer import Viewer
from projections.match_log import LogEntry, describe, match_log
from records.replays import audit_lines
from tests.support.narration_checks import assert_every_kind_told

NAMES = ["ann", "ben", "cat", "dan"]
# Matches random and smart bots play, basic and advanced, with the options that change events.
MATCHES: tuple[tuple[int, int, dict[str, Any], bool], ...] = tuple(
    (seats, seed, options, smart)
    for seed, options, smart in (
        (1, {"max_rounds": 30}, True),
        (2, {"advanced": True, "max_rounds": 30}, True),
        (3, {"asteroids_avoidable_by_shield": True, "max_rounds": 20}, False),
        (4, {"advanced": True, "gravity_includes_distance_zero": True, "max_rounds": 20}, False),
        (5, {"advanced": True, "advanced_mission_dedupe": True, "max_rounds": 12}, True),
        (6, {"auto_resolve_trivial_decisions": False, "max_rounds": 20}, True),
    )
    for seats in (2, 3, 4)
)
# Sentence hygiene: no JSON, no field=value, no type tags, no codes.
CODE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Z]{3,}\b|\b(?:SE|SW|NW|NE)\b")
CARD_IDS = re.compile("|".join(re.escape(card) for card in [*EVENT_CARDS, *MISSIONS]))


@functools.cache
def _recorded(
    seats: int, seed: int, options: tuple[tuple[str, Any], ...], smart: bool
) -> tuple[list[str], list[Any]]:
    match = play_bot_match("kosmonauts", seats, seed, dict(options), smart=smart)
    return match.seats, match.collect_events()


def played(
    seats: int, seed: int, options: dict[str, Any], smart: bool
) -> tuple[list[str], list[Any]]:
    """A bot match's seat names and stored events (Started, then its Decided)."""
    return _recorded(seats, seed, tuple(sorted(options.items())), smart)


def matches() -> Iterator[tuple[list[str], list[Any]]]:
    for seats, seed, options, smart in MATCHES:
        yield played(seats, seed, options, smart)


def told_in_play() -> Iterator[tuple[Event | Command, str]]:
    """Every event and decision of the matches, each with its sentence."""
    for names, record in matches():
        for stored in record:
            if isinstance(stored, Match.Started):
                facts = stored.opening
            elif isinstance(stored, Match.Decided):
                facts = stored.outcome
                yield stored.command, command_text(stored.command, stored.seat, names)
            else:
                continue
            for fact in facts:
                yield fact, event_text(fact, names)


def by_hand() -> list[tuple[Event | Command, str]]:
    """The facts random play does not reach (or not every time), told."""
    built: list[Event] = [
        ev.EventDeckReshuffled(count=27),
        ev.EmergencyDeclared(seat=1, cause="INTO_SUN"),
        ev.EmergencyDeclared(seat=1, cause="OUT_OF_BOUNDS"),
        ev.LandingRecordedWithoutMarker(seat=0, body="EARTH", reason="EARTH_LATE_PHASE4"),
        ev.WinnersDeclared(winners=(0, 1), places=(1, 1, 3), decided_by="SHARED"),
        ev.FuelDiscardedOverCapacity(seat=2, normal=1, hyper=0),
        ev.HyperfuelSwapped(seat=0, reason="REFUELLING_EVENT", normal_after=5, hyper_after=2),
        ev.GravityChoicePending(seat=3, bodies=("MARS", "COMET")),
        ev.LandingOpportunityDeclined(seat=1, body="URANUS"),
        ev.MissionCardRedrawn(seat=0, discarded="M1-MARS", drawn="M1-VENUS"),
        ev.MissionCardReplaced(seat=0),
        ev.DangerSectorDamage(seat=1, hex=(4, -2), sector="ASTEROID_BELT", shields_after=0),
        ev.ShipEvacuated(
            seat=1, cause="DANGER_NO_SHIELD", to_body="MARS", to_hex=(3, 1), units_discarded=0
        ),
    ]
    decided: list[tuple[Command, int]] = [
        (cmd.ChooseGravityTarget(body="COMET"), 3),
        (cmd.DeclineLanding(), 1),
        (cmd.RequestEvacuation(), 2),
        (cmd.LandOnArrivingBody(body="NEPTUNE"), 0),
    ]
    return [(event, event_text(event, NAMES)) for event in built] + [
        (command, command_text(command, seat, NAMES)) for command, seat in decided
    ]


def test_every_event_and_decision_is_told_as_one_clean_sentence() -> None:
    assert_every_kind_told([*told_in_play(), *by_hand()], (Event, Command), _clean_sentence)


def _clean_sentence(sentence: str) -> None:
    assert sentence and sentence == sentence.strip(), sentence
    assert "\n" not in sentence and len(sentence) <= 200, sentence
    assert not {"{", "}", "=", "[", '"'} & set(sentence), sentence
    assert "type" not in sentence.split(), sentence
    assert not CODE.search(sentence), sentence
    assert not CARD_IDS.search(sentence), sentence


# Each str-coded field of an event, and the table that has its words.
CODED: dict[tuple[type, str], dict[str, str]] = {
    (ev.InstructorAssigned, "reason"): words.INSTRUCTOR_REASONS,
    (ev.EventResponseRecorded, "response"): words.RESPONSES,
    (ev.OrderLimitSet, "reason"): words.LIMIT_REASONS,
    (ev.ShieldSpent, "reason"): words.SHIELD_REASONS,
    (ev.FuelGained, "reason"): words.FUEL_REASONS,
    (ev.FuelLost, "reason"): words.FUEL_REASONS,
    (ev.HyperfuelSwapped, "reason"): words.FUEL_REASONS,
    (ev.ShipLanded, "cause"): words.LANDING_CAUSES,
    (ev.LandingRecordedWithoutMarker, "reason"): words.NO_MARKER_REASONS,
    (ev.EmergencyDeclared, "cause"): words.EMERGENCY_CAUSES,
    (ev.ShipEvacuated, "cause"): words.EMERGENCY_CAUSES,
    (ev.DangerSectorDamage, "sector"): words.SECTORS,
    (ev.ShipRefuelled, "kind"): words.REFUEL_KINDS,
    (ev.GameEnded, "reason"): words.END_WORDS,
    (ev.WinnersDeclared, "decided_by"): words.DECIDED_BY,
}


def test_every_code_play_produces_has_its_words() -> None:
    for fact, _ in told_in_play():
        for (kind, field), table in CODED.items():
            if isinstance(fact, kind):
                assert getattr(fact, field) in table, (kind.__name__, getattr(fact, field))
    typed = (
        (cmd.EventResponse, words.RESPONSES),
        (cmd.RefuelKind, words.REFUEL_KINDS),
        (Sector, words.SECTORS),
        (FlightOutcome, words.EMERGENCY_CAUSES),
    )
    assert END_REASONS.keys() <= words.END_WORDS.keys()
    for literal, table in typed:
        assert set(typing.get_args(literal)) - {"OK"} <= table.keys()


# --- what each reader may learn ----------------------------------------------------------------

ORDER_WORDS = re.compile(
    r"\b(yellow|red|coasts|stays to refuel|shield into fuel|"
    + "|".join(re.escape(words.DIRECTION_WORDS[d]) for d in DIRECTIONS)
    + r")\b"
)


def _viewers(seats: int) -> list[Viewer]:
    return [Viewer(seat=s) for s in range(seats)] + [Viewer(), Viewer(referee=True)]


def _sentences(entry: LogEntry) -> list[str]:
    return [entry.text, *entry.texts]


def _missions_in(fact: Any) -> set[str]:
    cards: set[str] = set()
    for value in (getattr(fact, f, None) for f in ("cards", "kept", "discarded", "card", "drawn")):
        held = value if isinstance(value, tuple) else (value,)
        cards |= {card for card in held if card in MISSIONS}
    return cards


def _game_events(stored: Any) -> list[Any]:
    if isinstance(stored, Match.Started):
        return list(stored.opening)
    return list(stored.outcome) if isinstance(stored, Match.Decided) else []


@pytest.mark.parametrize(("seats", "seed", "options", "smart"), MATCHES[:6])
def test_no_reader_is_told_a_mission_it_may_not_see(
    seats: int, seed: int, options: dict[str, Any], smart: bool
) -> None:
    """A mission card is named to a reader only once an event that reader may see carried it:
    the oracle is each event's declared visibility, not the log's redaction or the sentences."""
    names, stored = played(seats, seed, options, smart)
    lines = audit_lines(stored)[1][1:]  # without the header
    everyone = set().union(*(_missions_in(f) for s in stored for f in _game_events(s)))
    for viewer in _viewers(seats):
        log = match_log(lines, RULES, names, viewer, opened=False)
        known: set[str] = set()
        kept_from_view = False
        for entry, source in zip(log, stored, strict=True):
            for fact in _game_events(source):
                if viewer.sees(fact):
                    known |= _missions_in(fact)
            decided = source.command if isinstance(source, Match.Decided) else None
            if isinstance(decided, cmd.KeepMissions) and (
                viewer.referee or decided.visibility(source.seat).allows(viewer.seat)
            ):
                known |= set(decided.keep)
            for card in everyone - known:
                kept_from_view = True
                assert not any(words.mission(card) in text for text in _sentences(entry)), (
                    viewer,
                    card,
                )
        # The check could fail: someone's cards were hidden from each seat at some point.
        assert kept_from_view or viewer.referee


@pytest.mark.parametrize(("seats", "seed", "options", "smart"), MATCHES[:6])
def test_no_reader_is_told_another_seats_sealed_orders_before_the_reveal(
    seats: int, seed: int, options: dict[str, Any], smart: bool
) -> None:
    names, stored = played(seats, seed, options, smart)
    lines = audit_lines(stored)[1][1:]  # without the header
    for viewer in _viewers(seats):
        own = None if viewer.seat is None else names[viewer.seat]
        sealed_told = 0
        for entry in match_log(lines, RULES, names, viewer, opened=False):
            if not any(e.get("type") == "OrdersSubmitted" for e in entry.events):
                continue
            # Up to the reveal, only this reader's own orders may be told.
            reveal = next(
                (i for i, e in enumerate(entry.events) if e.get("type") == "OrdersRevealed"),
                len(entry.events),
            )
            for text in [entry.text, *entry.texts[:reveal]]:
                if own is not None and text.startswith(own + " "):
                    continue
                if ORDER_WORDS.search(text):
                    sealed_told += 1
        if viewer.referee:
            assert sealed_told, "the referee reads every sealed order"
        else:
            assert not sealed_told, viewer


# --- the wording -------------------------------------------------------------------------------


def test_the_planets_advance_in_one_short_sentence() -> None:
    moves = tuple(
        PlanetMove(
            body=body,
            from_index=i,
            to_index=i + 1,
            from_hex=ORBITS[body][i],
            to_hex=ORBITS[body][i + 1],
        )
        for i, body in enumerate(BODIES)
    )
    assert event_text(ev.PlanetsAdvanced(moves=moves), NAMES) == (
        "the planets advance: Mercury 1, Venus 2, Earth 3, Mars 4, Jupiter 5, Saturn 6, "
        "Uranus 7, Neptune 8 and Halley's Comet 9"
    )


@pytest.mark.parametrize(
    ("command", "seat", "sentence"),
    [
        (cmd.ResolveFlight(land_on=None), 0, "ann flies on without landing"),
        (cmd.ResolveFlight(land_on="MARS"), 1, "ben flies and lands on Mars"),
        (
            cmd.SubmitOrders(
                placements=(
                    Placement(direction="NE", cube="NORMAL"),
                    Placement(direction="NE", cube="NORMAL"),
                    Placement(direction="W", cube="HYPER"),
                ),
                convert_shield=False,
            ),
            2,
            "cat places 2 yellow cubes north-east and 1 red west",
        ),
        (
            cmd.StayOnBody(convert_shield=True),
            0,
            "ann turns a shield into fuel and stays to refuel",
        ),
        (cmd.ChooseEventCard(card="EV08"), 1, "ben picks Solar Wind (2 south-east)"),
        (
            cmd.RespondToEvent(response="CONVERT", amount=3),
            0,
            "ann turns a shield into 3 yellow cubes",
        ),
        (
            cmd.KeepMissions(keep=("M1-MARS", "M2B-COMET")),
            3,
            "dan keeps Mars (Mission I) and Halley's Comet (Mission II Beta)",
        ),
        (cmd.Refuel(kind="FULL", take_hyperfuel=False), 1, "ben refuels fully"),
        (
            cmd.PlacePlanet(body="SATURN", orbit_index=4),
            0,
            "ann places Saturn on space 4 of its orbit",
        ),
    ],
)
def test_decisions_read_as_the_seat_made_them(command: Command, seat: int, sentence: str) -> None:
    assert command_text(command, seat, NAMES) == sentence


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            ev.MissionCardsDealt(seat=0, cards=("M1-VENUS", "M2A-JUPITER", "M2B-NEPTUNE")),
            "ann is dealt Venus (Mission I), Jupiter (Mission II Alpha) and "
            "Neptune (Mission II Beta)",
        ),
        (ev.MissionCardsDealtCount(seat=0, count=3), "ann is dealt 3 mission cards"),
        (
            ev.OrdersSealed(
                seat=1,
                kind="FLY",
                placements=(Placement(direction="SW", cube="HYPER"),),
                convert_shield=False,
            ),
            "ben seals orders: places 1 red cube south-west",
        ),
        (ev.OrdersSubmitted(seat=1), "ben seals orders"),
        (
            ev.OrdersRevealed(
                round=4,
                orders=(
                    RevealedOrder(seat=1, kind="STAY", placements=(), convert_shield=False),
                    RevealedOrder(seat=0, kind="FLY", placements=(), convert_shield=False),
                ),
            ),
            "the orders are revealed: ben stays to refuel; ann coasts",
        ),
        (
            ev.ShipMoved(seat=0, from_hex=(0, 5), to_hex=(2, 3), rose=(0, 0, 0, 0, 0, 2)),
            "ann flies 2 north-east, from (0,5) to (2,3)",
        ),
        (
            ev.ShipLanded(
                seat=0, body="COMET", hex=(2, 3), phase=3, cause="FLIGHT", units_discarded=2
            ),
            "ann lands on Halley's Comet, shedding 2 units of speed",
        ),
        (
            ev.LandingMarkerTaken(seat=2, body="JUPITER", value=4, stack_position=1),
            "cat takes a 4 VP marker on Jupiter, first to land there",
        ),
        (
            ev.SolarWindApplied(
                seat=1, direction="E", units=2, cancelled=1, rose_after=(1, 0, 0, 0, 0, 0)
            ),
            "the Solar Wind pushes ben 2 east, cancelling 1; course 1 east",
        ),
        (
            ev.OrdersRevealed(
                round=2,
                orders=(
                    RevealedOrder(
                        seat=2,
                        kind="FLY",
                        placements=(Placement(direction="E", cube="NORMAL"),) * 3,
                        convert_shield=True,
                    ),
                ),
            ),
            "the orders are revealed: cat places 3 cubes",
        ),
        (
            ev.EventCardChosen(seat=0, card="EV01", kind="SOLAR_WIND"),
            "ann picks Solar Wind (1 east): it pushes every ship that does not avoid it",
        ),
        (
            ev.EventCardChosen(seat=3, card="EV22", kind="THRUST"),
            "dan picks Thrust: up to 4 cubes this round",
        ),
        (
            ev.DangerSectorDamage(seat=0, hex=(1, 0), sector="SOLAR", shields_after=1),
            "ann ends at (1,0) beside the Sun and loses a shield, 1 shield left",
        ),
        (
            ev.EmergencyDeclared(seat=1, cause="INTO_SUN"),
            "emergency: ben's flight would end in the Sun",
        ),
        (
            ev.LandingMarkerStacksPrepared(
                stacks=(("MARS", (2, 1)), ("VENUS", (2, 1)), ("EARTH", (2, 2, 2, 2)))
            ),
            "the landing markers are stacked: 2/1 VP on Mars and Venus; 2/2/2/2 VP on Earth",
        ),
        (
            ev.WinnersDeclared(winners=(2,), places=(2, 3, 1), decided_by="EARTH_RETURN_ORDER"),
            "cat wins by coming home earliest (cat 1st; ann 2nd; ben 3rd)",
        ),
        (
            ev.EventDeckReshuffled(count=27),
            "the 27 discarded event cards become the new face-down pile",
        ),
    ],
)
def test_events_read_in_the_games_own_words(event: Event, sentence: str) -> None:
    assert event_text(event, NAMES) == sentence


def test_the_log_tells_kosmonauts_in_words_and_keeps_the_short_form_one_flag_away() -> None:
    match = play_bot_match("kosmonauts", 2, 7, {"max_rounds": 3})
    lines = audit_lines(match.collect_events())[1][1:]  # without the header
    log = match_log(lines, RULES, match.seats, Viewer(referee=True), opened=False)
    told = [text for entry in log for text in _sentences(entry)]
    assert any(text.startswith("the planets advance: Mercury ") for text in told)
    assert not any("moves=" in text or "land_on=" in text for text in told)
    advanced = next(e for entry in log for e in entry.events if e["type"] == "PlanetsAdvanced")
    assert describe(advanced, match.seats, RULES, raw=True).startswith("PlanetsAdvanced moves=")
