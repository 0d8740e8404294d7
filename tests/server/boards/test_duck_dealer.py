"""The Duck Dealer board on the recorded replays: it draws for the spectator and every seat at a
sample of steps, a seat's picture never shows another seat's sealed turn-order bid (found from
the referee's state), and hostile seat names stay escaped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.duck_dealer.commands import SubmitTurnOrderBid
from domain.match import Match
from domain.viewer import viewer_for
from records.replays import rerun
from server.boards import duck_dealer as drawing
from server.pictures import picture
from tests.server.boards.drawings import last_version, lines_of, parsed, view_of

ROOT = Path(__file__).resolve().parents[3]
REPLAYS = sorted((ROOT / "replays").glob("duck-dealer-*.jsonl"))
AUCTIONS = [p for p in REPLAYS if "-auction-" in p.name]
EVERY = 59  # a rerun and up to six drawings a step: ~14 steps a replay keep the file quick
OPENING = range(1, 20, 3)  # an auction's opening: bids, positions, parts, start planets
BIDS = (917, 583)  # sealed bids no board would show by chance


def words(drawn: object) -> str:
    """Everything a drawing says in words: its texts, tooltips and labels (not coordinates)."""
    root = parsed(drawn)
    labels = [node.get("aria-label", "") for node in root.iter()]
    return " ".join([*root.itertext(), *labels])


def shown_to(match: Match, seat: int) -> str:
    """Everything seat `seat` is shown: the board from its view and its private panel."""
    seats = list(match.seats)
    view = view_of(match, seat)
    panel = drawing.private(view, seats[seat], seats)
    return words(drawing.board(view, seats)) + ("" if panel is None else words(panel))


def says(number: int, text: str) -> bool:
    return re.search(rf"(?<![\d.]){number}(?![\d.])", text) is not None


def sampled(path: Path) -> list[int]:
    last = last_version(path)
    opening = OPENING if path in AUCTIONS else ()
    return sorted({*opening, *range(EVERY, last, EVERY), last})


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_every_sampled_step_draws_for_everyone(path: Path) -> None:
    lines = lines_of(path)
    for version in sampled(path):
        match = rerun(lines, upto=version)
        if not match.dealt:
            continue
        seats = list(match.seats)
        parsed(drawing.board(view_of(match, None), seats))
        assert drawing.private(view_of(match, None), "spectator", seats) is None
        for seat, name in enumerate(seats):
            view = view_of(match, seat)
            parsed(drawing.board(view, seats))
            panel = drawing.private(view, name, seats)
            sealed = match.state.player(seat).sealed_bid
            assert (panel is None) == (sealed is None), f"{name} at {version}"
            if panel is not None:
                assert says(sealed or 0, words(panel))


def test_the_board_shows_the_map_ships_and_scores() -> None:
    path = next(p for p in REPLAYS if "-4p-" in p.name)
    match = rerun(lines_of(path), upto=last_version(path))
    seats = list(match.seats)
    board = words(drawing.board(view_of(match, None), seats))
    state = match.state
    for seat, name in enumerate(seats):
        player = state.player(seat)
        assert name in board
        assert f"{player.vp} VP" in board
        assert f"ship of {name} at {player.location}" in board
    for node, owner in state.route_cubes.items():
        assert f"route segment of {seats[owner]} on {node}" in board
    for portal in state.portals:
        assert f"portal of {seats[portal.owner]}: {portal.entrance} → {portal.exit}" in board
    assert board.count("taken by") == len(state.turn_track) == 24
    assert "game over" in board and "winner" in board


def running_auction() -> Match:
    """An auction match in its bidding, two seats having sealed a bid and one still to bid."""
    match = rerun(lines_of(AUCTIONS[0]), upto=1)
    assert match.state.phase == "bidding"
    for seat, amount in enumerate(BIDS):
        match.decide(seat, SubmitTurnOrderBid(amount=amount))
    assert match.state.phase == "bidding"
    return match


def test_no_seat_sees_another_seats_sealed_bid() -> None:
    match = running_auction()
    seats = list(match.seats)
    state = match.state
    sealed = {s: p.sealed_bid for s, p in enumerate(state.players) if p.sealed_bid is not None}
    assert sealed == dict(enumerate(BIDS))  # the referee's state holds both
    spectator = words(drawing.board(view_of(match, None), seats))
    assert not [bid for bid in sealed.values() if says(bid, spectator)]
    assert spectator.count("bid sealed") == len(sealed)
    for seat, name in enumerate(seats):
        shown = shown_to(match, seat)
        leaked = [bid for other, bid in sealed.items() if other != seat and says(bid, shown)]
        assert not leaked, f"{name} sees {leaked}"
        if seat in sealed:  # the same check finds the seat's own bid in its own panel
            assert says(sealed[seat], shown)
            assert "your sealed turn-order bid" in shown


def test_hostile_seat_names_are_escaped() -> None:
    match = running_auction()
    hostile = ["<script>&\"'", "]]><x/>", "cat"]
    for seat in (None, 0, 1, 2):
        view = view_of(match, seat)
        board = str(drawing.board(view, hostile))
        assert hostile[0] in words(board)
        assert "<script" not in board and "<x/>" not in board
        if seat is not None:
            panel = drawing.private(view, hostile[seat], hostile)
            if panel is not None:
                assert "<script" not in str(panel)
                parsed(panel)


def test_the_viewer_picture_uses_this_drawing() -> None:
    match = running_auction()
    seats = list(match.seats)
    drawn = picture(match, viewer_for(seats, seats[0]), opened=False)
    assert parsed(drawn.board).get("aria-label", "").startswith("Duck Dealer")
    assert [panel.seat for panel in drawn.panels] == [seats[0]]
    assert picture(match, viewer_for(seats, None), opened=False).panels == []
