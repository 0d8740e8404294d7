"""Duck Dealer told in words (issue #25): every event and decision has an English sentence in the
game's own names, and no viewer's narration tells a sealed bid it may not see."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cli.simulate import SEAT_NAMES, play_bot_match
from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildSite,
    BuyShipUpgrade,
    CancelTrade,
    ClaimPrivilege,
    Command,
    DeliverGoods,
    EndActionTurn,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
    ProposeTrade,
    SubmitTurnOrderBid,
)
from domain.duck_dealer.components import (
    CLIENTS,
    DEEP_SPACE,
    FACTORIES,
    GOODS,
    MINES,
    PARTS,
    SPACEPORTS,
    Energy,
)
from domain.duck_dealer.events import (
    CubeRecovered,
    EnergyAccumulated,
    Event,
    FinalScore,
    GameEnded,
    GoodsDelivered,
    PlanetExplored,
    SeatAmount,
    SetupRandomized,
    ShipUpgradeInstalled,
    TradeCancelled,
    TradeRejected,
    TurnOrderBidSealed,
    TurnOrderBidsRevealed,
    TurnOrderBidSubmitted,
)
from domain.duck_dealer.narration import command_text, event_text
from domain.duck_dealer.wording import GOOD_NAMES, PART_NAMES, SITE_NAMES, join, place
from domain.match import Match
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import audit_lines
from tests.support.narration_checks import assert_every_kind_told

NAMES = list(SEAT_NAMES)
REPLAYS = sorted((Path(__file__).resolve().parents[3] / "replays").glob("duck-dealer-*.jsonl"))
CODE = re.compile(r"\b[A-Z0-9]*[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Z]{3,}\b")
"""An UPPER_SNAKE code ("RUBBER_DUCK", "SP_CARGO_A") or a shouted word ("RED", "CARGO")."""

# Random play never reaches these (no bot upgrades its ship) or rarely: built by hand.
BY_HAND_EVENTS: tuple[Event, ...] = (
    ShipUpgradeInstalled(
        seat=0,
        spaceport="SP_CARGO_A",
        slot=4,
        part="CARGO",
        replaced_part=None,
        energy_paid=1,
        new_speed=5,
        new_capacity=9,
    ),
    ShipUpgradeInstalled(
        seat=1,
        spaceport="SP_PILOT",
        slot=2,
        part="PILOT",
        replaced_part="CARGO",
        energy_paid=0,
        new_speed=8,
        new_capacity=3,
        crew_from_own_stock=True,
    ),
    TradeRejected(trade_id=2),
    TradeCancelled(trade_id=3),
    PlanetExplored(seat=2, planet="P7", client=None, slot=None),
    CubeRecovered(seat=0, from_kind="privilege", from_ref="CL_SCIENCE", serves_as="cube"),
    CubeRecovered(seat=0, from_kind="route", from_ref="S1-P6.2", serves_as="marker"),
    EnergyAccumulated(
        seat=1,
        chosen_color="YELLOW",
        crew=Energy(red=1),
        real_gained=Energy(red=1),
        virtual_gained=Energy(yellow=1),
    ),
)
BY_HAND_COMMANDS: tuple[tuple[Command, int], ...] = (
    (
        BuyShipUpgrade(
            spaceport="SP_CARGO_B", part="CARGO", slot=4, crew_disc_from_own_stock=False
        ),
        0,
    ),
    (
        BuyShipUpgrade(
            spaceport="SP_MERCHANT",
            part="MERCHANT",
            slot="next_empty",
            crew_disc_from_own_stock=True,
        ),
        1,
    ),
    (CancelTrade(), 2),
    (MoveShip(path=()), 0),
    (BeginActionTurn(recover_from="S2-P7.5"), 1),
    (AccumulateEnergy(color="BLUE", recover_from="M_DUCK_2"), 1),
)


@cache
def _played() -> tuple[tuple[Match, tuple[Any, ...]], ...]:
    """Bot matches over the seat counts, with and without the auction, random and smart bots;
    each with its stored events."""
    played = []
    for seats, seed, smart in (
        (2, 3, False),
        (5, 3, False),
        (2, 5, False),
        (3, 2, False),
        (4, 4, False),
        (3, 1, True),
        (2, 2, True),
    ):
        match = play_bot_match(RULES.slug, seats, seed, {"auction": seed % 2 == 1}, smart=smart)
        played.append((match, tuple(match.collect_events())))
    return tuple(played)


def _told(match: Match, stored: tuple[Any, ...]) -> Iterator[tuple[type, str]]:
    """Every event and decision of a match with its sentence."""
    for step in stored:
        if isinstance(step, Match.Decided):
            yield type(step.command), command_text(step.command, step.seat, match.seats)
        for event in getattr(step, "outcome", None) or getattr(step, "opening", None) or []:
            yield type(event), event_text(event, match.seats)


def _all_told() -> list[tuple[type, str]]:
    told = [pair for match, stored in _played() for pair in _told(match, stored)]
    told += [(type(event), event_text(event, NAMES)) for event in BY_HAND_EVENTS]
    told += [
        (type(command), command_text(command, seat, NAMES)) for command, seat in BY_HAND_COMMANDS
    ]
    return told


def test_every_event_and_command_has_a_plain_english_sentence() -> None:
    assert_every_kind_told(_all_told(), (Event, Command), _assert_plain)


def _assert_plain(sentence: str) -> None:
    """One line of English: no JSON, no field=value, no code, at most 200 characters."""
    assert sentence.strip() == sentence, sentence
    assert "\n" not in sentence, sentence
    assert len(sentence) <= 200, sentence
    for banned in ("{", "=", "type", "None", "_", "[", '"'):
        assert banned not in sentence, (banned, sentence)
    assert not CODE.search(sentence), sentence


def test_the_sentences_use_the_games_names() -> None:
    told = " ".join(sentence for _, sentence in _all_told())
    for name in ("Rubber Duck", "Plastic Beads", "Satellite", "spaceport", "client", "factory"):
        assert name in told
    for seat in NAMES:
        assert seat in told


def test_every_good_site_and_space_has_a_name() -> None:
    assert set(GOOD_NAMES) == set(GOODS)
    assert set(SITE_NAMES) == set(MINES) | set(SPACEPORTS) | set(CLIENTS) | set(FACTORIES)
    assert set(PART_NAMES) == set(PARTS)
    tiles = [SITE_NAMES[tile] for tile in (*SPACEPORTS, *CLIENTS, *FACTORIES)]
    assert len(set(tiles)) == len(tiles)  # a mine is named by its good; every tile by its own
    for node in DEEP_SPACE:
        assert place(node) != node and not CODE.search(place(node))


# -- (b) no viewer is told a sealed bid it may not see -------------------------------------


def _log_texts(lines: list[dict[str, Any]], match: Match, viewer: Viewer) -> list[str]:
    entries = match_log(lines, RULES, match.seats, viewer, opened=False)
    return [text for entry in entries for text in (entry.text, *entry.texts)]


def _viewers(match: Match) -> list[Viewer]:
    return [Viewer(), *(Viewer(seat) for seat in range(len(match.seats)))]


@pytest.mark.parametrize("index", [0, 1, 5])  # the auction matches
def test_no_viewer_reads_a_sealed_bid_it_may_not_see(index: int) -> None:
    match, stored = _played()[index]
    _, lines = audit_lines(list(stored))
    referee = set(_log_texts(lines[1:], match, Viewer(referee=True)))
    hidden_somewhere = False
    for viewer in _viewers(match):
        told = set(_log_texts(lines[1:], match, viewer))
        hidden = referee - told
        hidden_somewhere |= bool(hidden)
        for sentence in hidden:
            assert not any(sentence in text for text in told), (viewer, sentence)
    assert hidden_somewhere, "an auction match has sealed bids"


@pytest.mark.parametrize("path", REPLAYS, ids=[path.stem for path in REPLAYS])
def test_recorded_matches_are_told_plainly_and_to_each_viewer_its_own(path: Path) -> None:
    """The recorded replays (undos, re-bids and tie-breaks included), told to every viewer."""
    header, *lines, _ = (json.loads(line) for line in path.read_text().splitlines())
    seats = header["seats"]
    told = {
        viewer: match_log(lines, RULES, seats, viewer, opened=False)
        for viewer in (Viewer(referee=True), Viewer(), *(Viewer(s) for s in range(len(seats))))
    }
    everything = {text for entry in told[Viewer(referee=True)] for text in entry.texts}
    for viewer, entries in told.items():
        texts = {text for entry in entries for text in (entry.text, *entry.texts)}
        for text in texts:
            _assert_plain(text)
        for entry in entries:
            for event, text in zip(entry.events, entry.texts, strict=True):
                sealed = event["type"] == "TurnOrderBidSealed"
                assert not sealed or viewer.referee or event["seat"] == viewer.seat
                assert text in everything
        hidden = everything - texts
        assert all(text.endswith("(sealed)") for text in hidden), hidden


def _bidding(rival_bid: int) -> tuple[Match, list[dict[str, Any]]]:
    """A 3-seat auction: ann bids 2, ben bids `rival_bid`, cat has not bid yet."""
    match = Match.start(RULES.slug, NAMES[:3], {"auction": True}, 7)
    match.decide(0, SubmitTurnOrderBid(amount=2))
    match.decide(1, SubmitTurnOrderBid(amount=rival_bid))
    _, lines = audit_lines(match.collect_events())
    return match, lines[1:]


def test_a_sealed_bid_changes_no_word_of_what_others_read() -> None:
    """Noninterference: ben's bid (1 or 3) changes nothing ann, cat or a spectator reads."""
    low, low_lines = _bidding(1)
    high, high_lines = _bidding(3)
    for viewer in (Viewer(), Viewer(0), Viewer(2)):
        assert _log_texts(low_lines, low, viewer) == _log_texts(high_lines, high, viewer)
    told_ann = _log_texts(low_lines, low, Viewer(0))
    assert "ann bids 2 VP for the turn order" in told_ann
    assert "ben: (sealed)" in told_ann
    assert "ben seals a bid for the turn order" in told_ann
    told_ben = _log_texts(high_lines, high, Viewer(1))
    assert "ben bids 3 VP for the turn order" in told_ben
    assert "ben bids 3 VP for the turn order (sealed)" in told_ben
    assert _log_texts(low_lines, low, Viewer(1)) != told_ben


# -- (c) exact sentences -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            GoodsDelivered(
                seat=0,
                client="CL_SATELLITE",
                good="SATELLITE",
                quantity=2,
                vp_each=3,
                energy_paid=1,
            ),
            "ann delivers 2 Satellites to the Satellite client for 6 VP",
        ),
        (TurnOrderBidSubmitted(seat=1), "ben seals a bid for the turn order"),
        (TurnOrderBidSealed(seat=1, amount=4), "ben bids 4 VP for the turn order (sealed)"),
        (
            TurnOrderBidsRevealed(
                bid_round=1, bids=(SeatAmount(0, 2), SeatAmount(1, 4), SeatAmount(2, 0))
            ),
            "Bids of round 1 revealed: ann 2 VP, ben 4 VP and cat 0 VP",
        ),
        (
            PlanetExplored(seat=2, planet="P3", client="CL_DIET_PILLS", slot=2),
            "cat explores P3: places the Diet Pills client",
        ),
        (
            GameEnded(
                final=(
                    FinalScore(0, 90, 0, 90),
                    FinalScore(1, 130, 5, 125),
                    FinalScore(2, 125, 0, 125),
                ),
                winners=(1, 2),
                reason="TURN_TRACK_FULL",
            ),
            "Game over (the last action turn filled the turn track): ben and cat win with 125 VP; "
            "ann 90 VP",
        ),
        (
            SetupRandomized(
                start_mines=(),
                spaceports=(),
                mines=(),
                client_track=("CL_DIET_PILLS", "CL_SATELLITE", "CL_SCIENCE"),
            ),
            "0 mines and 0 spaceports are laid out; 3 client tiles wait, Diet Pills and Satellite on top",
        ),
        (
            BY_HAND_EVENTS[1],
            "ben fits a pilot cabin in slot 2 at the Pilot Cabin spaceport, replacing a "
            "cargo hold: speed 8, room for 3 goods",
        ),
    ],
)
def test_events_are_told_in_these_words(event: Event, sentence: str) -> None:
    assert event_text(event, NAMES) == sentence


@pytest.mark.parametrize(
    ("command", "seat", "sentence"),
    [
        (MineGoods(mine="M_S_DUCK", quantity=2), 0, "ann mines 2 Rubber Ducks"),
        (MoveShip(path=("S1-P1.1", "S1-P1.2", "S1-P1.3", "P1")), 1, "ben flies 4 spaces to P1"),
        (
            PlaceFreeRouteSegment(node="S1-P6.2"),
            2,
            "cat lays a free route segment on the 2nd space out of S1 towards P6",
        ),
        (
            BuildSite(site="SP_CARGO_A", named=("BLUE_PAINT",), wildcard=("RUBBER_DUCK",)),
            0,
            "ann builds the Cargo Hold spaceport A, paying 1 Blue Paint and 1 Rubber Duck",
        ),
        (
            DeliverGoods(client="CL_MEDICINE", quantity=1),
            1,
            "ben delivers 1 Medicine to the Medicine client",
        ),
        (
            EndActionTurn(return_energy=Energy(red=1, blue=2), discard_goods=("SOLAR_PANEL",)),
            2,
            "cat ends the action turn, returning 1 red and 2 blue energy and throwing away 1 Solar Panel",
        ),
        (
            ProposeTrade(partner=1, give=("RUBBER_DUCK", "RUBBER_DUCK"), receive=("BLUE_PAINT",)),
            0,
            "ann offers ben 2 Rubber Ducks for 1 Blue Paint",
        ),
        (SubmitTurnOrderBid(amount=3), 1, "ben bids 3 VP for the turn order"),
        (
            ClaimPrivilege(site="CL_SCIENCE", recover_from="S1-P6.2"),
            2,
            "cat claims the privilege of the Science client, taking back a route cube from the "
            "2nd space out of S1 towards P6",
        ),
        (
            BeginActionTurn(recover_from="M_DUCK_1"),
            0,
            "ann takes an action turn, taking back a privilege marker from the Rubber Duck mine",
        ),
    ],
)
def test_decisions_are_told_in_these_words(command: Command, seat: int, sentence: str) -> None:
    assert command_text(command, seat, NAMES) == sentence


def test_long_lists_are_cut_short() -> None:
    many = [f"seat {i}" for i in range(9)]
    assert join(many) == "seat 0, seat 1, seat 2, seat 3, seat 4 and 4 more"
    assert join(["a", "b"], last="or") == "a or b"
    assert join([]) == ""
