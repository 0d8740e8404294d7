"""The Race for the Galaxy board on the recorded replays: it draws for the spectator and every
seat at a sample of steps, a seat's picture never shows another seat's hand, explored cards or
sealed choices (found from the referee's state), and hostile seat names stay escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import msgspec
import pytest

from domain.match import Match
from domain.race_for_the_galaxy.components import card, card_name
from domain.race_for_the_galaxy.scoring import six_cost_bonus
from domain.race_for_the_galaxy.view import RaceView
from domain.viewer import viewer_for
from records.replays import rerun
from server.boards import race_for_the_galaxy as drawing
from server.pictures import picture
from tests.server.boards.drawings import last_version, lines_of, parsed, view_of

ROOT = Path(__file__).resolve().parents[3]
REPLAYS = sorted((ROOT / "replays").glob("race-for-the-galaxy-*.jsonl"))
EVERY = 7
SEALED_STAGES = ("SELECT", "DEVELOP_CHOOSE", "SETTLE_CHOOSE")


def drawn_for(match: Match, seat: int) -> str:
    """Everything seat `seat` is shown: the board from its view and its private panel."""
    seats = list(match.seats)
    view = view_of(match, seat)
    panel = drawing.private(view, seats[seat], seats)
    return str(drawing.board(view, seats)) + ("" if panel is None else str(panel))


def visible_names(match: Match, seat: int | None) -> set[str]:
    """Card names the view of `seat` may show: tableaux, revealed choices, its own cards."""
    view = msgspec.convert(view_of(match, seat), RaceView)
    numbers = [c for p in view.players for c in p.tableau]
    numbers += [p.choice for p in view.players if p.choice is not None]
    numbers += [*view.hand, *view.explored]
    return {card_name(c) for c in numbers}


def hidden_names(match: Match, seat: int | None) -> set[str]:
    """Card names only other seats know: their hands, explored cards and sealed choices."""
    state = match.state
    secret: set[int] = set()
    for other, p in enumerate(state.players):
        if other == seat:
            continue
        secret.update(p.hand, p.explored)
        if state.stage in SEALED_STAGES and p.choice is not None:
            secret.add(p.choice)
    return {card_name(c) for c in secret} - visible_names(match, seat)


def sampled(path: Path) -> list[int]:
    last = last_version(path)
    return sorted({*range(EVERY, last, EVERY), last})


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
            assert panel is not None
            parsed(panel)
            for hand_card in match.state.player(seat).hand:
                assert card_name(hand_card) in str(panel).replace("&apos;", "'")


def test_the_board_shows_tableaux_goods_and_the_pool() -> None:
    path = next(p for p in REPLAYS if "-4p-" in p.name)
    match = rerun(lines_of(path), upto=last_version(path))
    seats = list(match.seats)
    board = str(drawing.board(view_of(match, None), seats)).replace("&apos;", "'")
    for name in seats:
        assert name in board
    for p in match.state.players:
        for c in p.tableau:
            assert card_name(c) in board
    goods = sum(len(p.goods) for p in match.state.players)
    assert board.count("lies face down on this world") == goods
    assert f"{match.state.pool} VP chips in the pool" in board
    assert "Game over" in board


@cache
def stage_versions(path: Path) -> dict[str, int]:
    """The first version of each sealed stage after round 1 at which some seat has decided and
    another has not (a running match, mid-game), and one exploring step."""
    found: dict[str, int] = {}
    lines = lines_of(path)
    for version in range(1, last_version(path)):
        state = rerun(lines, upto=version).state
        stage = state.stage
        if stage in found or state.round < 2:
            continue
        decided = [p for s, p in enumerate(state.players) if s not in state.waiting]
        running = stage in SEALED_STAGES and state.waiting and decided
        if stage in ("DEVELOP_CHOOSE", "SETTLE_CHOOSE"):
            running = running and any(p.choice is not None for p in decided)
        if running or (stage == "EXPLORE" and any(p.explored for p in state.players)):
            found[stage] = version
        if len(found) == len(SEALED_STAGES) + 1:
            break
    return found


@pytest.mark.parametrize("path", REPLAYS[-2:], ids=[p.stem for p in REPLAYS[-2:]])
def test_no_seat_sees_what_another_seat_hides(path: Path) -> None:
    versions = stage_versions(path)
    assert {"SELECT", "EXPLORE"} <= set(versions)
    for stage, version in versions.items():
        match = rerun(lines_of(path), upto=version)
        assert version < last_version(path) and match.state.stage == stage
        seats = list(match.seats)
        spectator = str(drawing.board(view_of(match, None), seats))
        leaked = sorted(n for n in hidden_names(match, None) if _names(n, spectator))
        assert not leaked, f"the spectator sees {leaked} at {version}"
        for seat, name in enumerate(seats):
            shown = _plain(drawn_for(match, seat))
            hidden = hidden_names(match, seat)
            assert hidden  # another seat's hand holds a card this seat cannot name
            leaked = sorted(n for n in hidden if _names(n, shown))
            assert not leaked, f"{name} sees {leaked} at {version} ({stage})"
            # the same check finds the seat's own hand in its own panel
            assert all(_names(card_name(c), shown) for c in match.state.player(seat).hand)
            if stage == "SELECT":  # only the seat's own action cards are named
                own = match.state.player(seat).actions
                assert shown.count("<title>action card:") == len(own)
                assert spectator.count("<title>action card:") == 0


def test_a_sealed_choice_shows_as_a_card_back_to_others_and_named_to_its_seat() -> None:
    path = REPLAYS[-1]
    version = stage_versions(path)["SETTLE_CHOOSE"]
    match = rerun(lines_of(path), upto=version)
    seats = list(match.seats)
    chooser = next(
        s
        for s, p in enumerate(match.state.players)
        if s not in match.state.waiting and p.choice is not None
    )
    other = next(s for s in range(len(seats)) if s != chooser)
    own_board = _plain(str(drawing.board(view_of(match, chooser), seats)))
    panel = drawing.private(view_of(match, chooser), seats[chooser], seats)
    chosen = card_name(match.state.player(chooser).choice or 0)
    assert "your choice (sealed from the others)" in str(panel)
    assert chosen in own_board
    assert "has chosen a world or passed (sealed)" in drawn_for(match, other)


def test_hostile_seat_names_are_escaped() -> None:
    path = REPLAYS[0]
    match = rerun(lines_of(path), upto=last_version(path) // 2)
    hostile = ["<script>&\"'", "]]><x/>", "ann", "ben"][: len(match.seats)]
    for seat in (None, *range(len(hostile))):
        view = view_of(match, seat)
        board = str(drawing.board(view, hostile))
        parsed(board)
        assert "<script" not in board and "<x/>" not in board
        if seat is not None:
            panel = str(drawing.private(view, hostile[seat], hostile))
            parsed(panel)
            assert "<script" not in panel


def test_the_viewer_picture_uses_this_drawing() -> None:
    path = REPLAYS[0]
    match = rerun(lines_of(path), upto=last_version(path) // 2)
    seats = list(match.seats)
    drawn = picture(match, viewer_for(seats, seats[0]), opened=False)
    assert parsed(drawn.board).get("aria-label", "").startswith("Race for the Galaxy")
    assert [panel.seat for panel in drawn.panels] == [seats[0]]


def _names(name: str, svg: str) -> bool:
    """Whether a drawing shows the card `name` (every card's tooltip starts "name — ")."""
    return f"{name} —" in _plain(svg)


def _plain(svg: str) -> str:
    return svg.replace("&apos;", "'").replace("&quot;", '"').replace("&amp;", "&")


def test_six_cost_developments_show_their_vp_and_the_banner_leaves_the_title_clear() -> None:
    shown = 0
    for path in REPLAYS:
        match = rerun(lines_of(path), upto=last_version(path))
        view = msgspec.convert(view_of(match, None), RaceView)
        for p, player in zip(view.players, match.state.players, strict=True):
            sixes = [c for c in p.tableau if card(c).is_six_cost]
            assert [c for c, _ in p.bonuses] == sixes  # the view says what each scores
            for c, vp in p.bonuses:
                assert vp == six_cost_bonus(card(c), player.tableau, player.chips)
            shown += len(sixes)
        root = ET.fromstring(str(drawing.board(view_of(match, None), list(match.seats))))
        texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
        assert not [t for t in texts if t.text == "?" and t.get("font-size") == "12.5"]
        banner = next(t for t in texts if (t.text or "").startswith("Game over"))
        title = next(t for t in texts if (t.text or "").startswith("Round "))
        assert float(banner.get("y", 0)) - float(title.get("y", 0)) >= 30  # a line below it
    assert shown, "no 6-cost development in any recorded tableau: the test would be vacuous"
