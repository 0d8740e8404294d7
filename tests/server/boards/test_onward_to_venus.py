"""The Onward to Venus board and private panel: drawn at every sampled step of every recorded
match, for the spectator and each seat; no seat's secret reaches another's picture; hostile
seat names stay text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.match import Match
from domain.viewer import viewer_for
from records.replays import rerun
from server.boards import drawer
from server.boards import onward_to_venus as drawing
from server.pictures import picture
from tests.server.boards.drawings import lines_of, parsed, view_of

REPLAYS = Path(__file__).resolve().parents[3] / "replays"
FILES = sorted(REPLAYS.glob("onward-to-venus-*.jsonl"))
STEP = 29  # every 29th version, and the last: enough to meet every phase, in a few seconds


def test_the_replays_are_there() -> None:
    assert FILES, "no Onward to Venus replays to draw"
    assert drawer("onward-to-venus") is drawing


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_sampled_step_draws_for_everyone(path: Path) -> None:
    lines = lines_of(path)
    last = len(lines) - 2  # the header and the end line are no stored events
    versions = sorted({*range(2, last, STEP), last})
    drawn = 0
    for version in versions:
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
            assert panel is not None
            parsed(panel)
        drawn += 1
    assert drawn >= len(versions) - 1


def test_the_picture_endpoint_draws_a_seat_and_its_panel() -> None:
    lines = lines_of(FILES[0])
    match = rerun(lines, upto=120)
    seats = list(match.seats)
    drawn = picture(match, viewer_for(seats, seats[0]), opened=False)
    parsed(drawn.board)
    assert [panel.seat for panel in drawn.panels] == [seats[0]]
    parsed(drawn.panels[0].svg)


def _card_ids(text: str) -> set[int]:
    return {int(found) for found in re.findall(r"\bC(\d+)\b", text)}


def _mid_game() -> Match:
    """A running 4-seat match, mid-way (the last stored event is far later)."""
    name = next(p.name for p in FILES if "-4p-" in p.name)
    lines = lines_of(REPLAYS / name)
    match = rerun(lines, upto=250)
    assert match.result is None and match.version < len(lines) - 2
    return match


def test_no_seat_sees_another_seats_cards() -> None:
    match = _mid_game()
    state = match.state
    seats = list(match.seats)
    spectator = str(drawing.board(view_of(match, None), seats))
    every_hand = {c for s in range(len(seats)) for c in (*state.hands[s], *state.held[s])}
    public = {int(card.id) for card in view_of(match, None).discard}
    assert every_hand
    assert not (_card_ids(spectator) & every_hand)
    for a in range(len(seats)):
        view = view_of(match, a)
        seen = str(drawing.board(view, seats)) + str(drawing.private(view, seats[a], seats))
        known = {*state.hands[a], *state.held[a], *public}
        known |= {int(card.id) for card in view.spied_hand or ()}
        for b in range(len(seats)):
            if b == a:
                continue
            hidden = {*state.hands[b], *state.held[b]} - known
            assert hidden, f"seat {b} holds no hidden card here"
            leaked = _card_ids(seen) & hidden
            assert not leaked, f"{seats[a]} sees {seats[b]}'s cards {sorted(leaked)}"
        # the drawn card ids are exactly a's own: its hand is in its panel
        assert _card_ids(seen) >= set(state.hands[a])


def test_a_seats_board_shows_what_the_spectators_does() -> None:
    """The board draws no private field: a seat's board is the spectator's but for its label."""
    match = _mid_game()
    seats = list(match.seats)

    def unlabelled(view: Any) -> str:
        return re.sub(
            r"""aria-label=("[^"]*"|'[^']*')""", "", str(drawing.board(view, seats)), count=1
        )

    spectator = unlabelled(view_of(match, None))
    for seat in range(len(seats)):
        assert unlabelled(view_of(match, seat)) == spectator


def test_hostile_seat_names_stay_text() -> None:
    match = _mid_game()
    hostile = ["<script>&\"'", "ben</text><script>", "cat", "dan"]
    for seat in (None, 0):
        view = view_of(match, seat)
        for drawn in (drawing.board(view, hostile), drawing.private(view, hostile[0], hostile)):
            if drawn is None:
                continue
            out = str(drawn)
            parsed(out)
            assert "<script" not in out
            assert "&lt;script&gt;" in out


def test_a_flipped_planet_and_an_attached_traitor_draw() -> None:
    """Cases the recorded matches never reach: a disaster side up, a Traitor on a planet."""
    match = _mid_game()
    drawn = msgspec.to_builtins(view_of(match, 0))
    for planet in drawn["planets"]:
        if planet["name"] == "VENUS":
            planet.update(flipped=True, tiles=[], vp_hexes=[])
        if planet["name"] == "TITAN":
            planet["traitors"] = [130]
    view = msgspec.convert(drawn, type(view_of(match, 0)))
    out = str(drawing.board(view, list(match.seats)))
    parsed(out)
    assert "Independence" in out and "Traitor card C130" in out


def test_a_spied_hand_shows_in_the_spys_panel_only() -> None:
    """Espionage (never played in the recorded matches): the spy's panel shows the hand."""
    match = _mid_game()
    seats = list(match.seats)
    drawn = msgspec.to_builtins(view_of(match, 0))
    drawn["spied_hand"] = [{"id": 140, "effect": "ESPIONAGE", "kind": "ACTION"}]
    drawn["pending"] = [{"kind": "ESPIONAGE", "seat": 0, "opponent": 2}]
    view = msgspec.convert(drawn, type(view_of(match, 0)))
    panel = str(drawing.private(view, seats[0], seats))
    parsed(panel)
    assert f"{seats[2]}'s hand, as you spied it" in panel and "C140" in panel
    assert "C140" not in str(drawing.board(view, seats))
