"""A full match of every game, played by bot clients over HTTP with one token per seat, on a
real server over SQLite and over Redis; then an audit of everything each seat received.

Given a match created over HTTP, and an SSE follower per seat and for the spectator,
when random legal bots play it to the end through `moves` and `decisions` (If-Match),
then every decision acknowledged is in the stored record, the referee's export verifies in full,
and every document a seat (or the spectator) received is exactly what the trust rules allow it:
- each log entry (GET log and the SSE stream) equals the query layer's redaction of the full line
  for that viewer, and while the match ran it held only events visible to that seat;
- each view equals the game's `view(state, seat)` at that version; each `moves` answer equals
  `legal(state, seat)`; each decision's answer holds only the events that seat may see;
- every follower received every entry once, in order, and the stream ended with the match.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec
import pytest

from domain.game import Rules
from domain.match import list_of
from domain.registry import all_games
from domain.viewer import Viewer
from projections.match_log import LogEntry, match_log
from records.replays import parse, verify_lines
from store.ledger import Ledger
from tests.server.bots import HttpMatch, create, follow_all, play
from tests.server.conftest import Served

GAMES = [
    rules for rules in all_games() if rules.slug != "toy"
]  # the test suite's own game is not served
HIDDEN_OPTIONS = {"duck-dealer": {"auction": True}}  # its sealed bids: all else is public
ON_EVERY_STORE = "race-for-the-galaxy"
"""Every game is played on SQLite; this one (hidden hands and draws) on every store too:
what differs between stores is the storage and the push of new events, not the game."""
LOOK_EVERY = 6
"""Every sixth decision each seat and the spectator read their view and their new log entries
(every entry is read: the later reads fetch the entries since the last)."""
CASES = [
    *(pytest.param("sqlite", rules, id=f"sqlite-{rules.slug}") for rules in GAMES),
    *(
        pytest.param(kind, rules, id=f"{kind}-{rules.slug}")
        for kind in ("redis",)
        for rules in GAMES
        if rules.slug == ON_EVERY_STORE
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "rules"), CASES)
def test_bots_play_a_full_match_and_each_seat_receives_only_what_it_may_see(
    kind: str, rules: Rules[Any], request: pytest.FixtureRequest
) -> None:
    served: Served = request.getfixturevalue(f"{kind}_served")
    match = create(served.api, rules.slug, rules.min_seats, HIDDEN_OPTIONS.get(rules.slug))
    followers = follow_all(match)
    try:
        play(match, random.Random(f"{rules.slug}-{served.kind}"), look_every=LOOK_EVERY)
        for follower in followers:
            follower.join(timeout=60)
            assert not follower.is_alive(), "an event stream did not end with the match"
        audit(served, match, rules)
    finally:
        match.close()


def audit(served: Served, match: HttpMatch, rules: Rules[Any]) -> None:
    full = match.client("referee").get(f"/matches/{match.id}/export")
    assert full.status_code == 200
    lines = parse(full.text)
    verdict = verify_lines(lines)
    assert verdict.ok and not verdict.partial, verdict.describe()
    events = lines[1:-1]
    for version, decider, command in match.acknowledged:
        line = events[version - 1]
        assert (line["kind"], line["seat"], line["command"]) == ("Decided", decider, command)

    ledger = Ledger(served.store)  # the auditor reads the store itself
    states: dict[int, Any] = {}

    def state_at(version: int) -> Any:
        """The match's state at `version`, read once for every viewer and check."""
        if version not in states:
            states[version] = ledger.match(match.id, version=version).state
        return states[version]

    seats = match.seats
    for name in [*seats, "spectator"]:
        seat = None if name == "spectator" else seats.index(name)
        viewer = Viewer(seat=seat)
        got = match.received[name]
        for raw, opened in got.logs:
            entry = msgspec.convert(raw, LogEntry)
            check_entry(entry, opened, events, rules, seats, viewer)
        for entry, opened in got.streamed:
            check_entry(entry, opened, events, rules, seats, viewer)
        assert [e.version for e, _ in got.streamed] == list(range(1, len(events) + 1))
        for doc in got.views:
            assert doc["as"] == name
            expected = rules.view(state_at(doc["version"]), seat)
            assert msgspec.convert(doc["view"], type(expected)) == expected, (name, doc["version"])
        for offered in got.moves:
            assert seat is not None
            commands = [rules.parse_command(c) for c in offered["commands"]]
            assert commands == list(rules.legal(state_at(offered["version"]), seat))
        for played in got.played:
            line = events[played["version"] - 1]
            typed = msgspec.convert(line["outcome"], list_of(rules.event_type))
            opened = played["status"] == "over" and not match.created["sealed_log"]
            shown = [
                e for e, t in zip(line["outcome"], typed, strict=True) if opened or viewer.sees(t)
            ]
            assert played["events"] == shown


def check_entry(
    entry: LogEntry,
    opened: bool,
    events: list[dict[str, Any]],
    rules: Rules[Any],
    seats: list[str],
    viewer: Viewer,
) -> None:
    line = events[entry.version - 1]
    (expected,) = match_log([line], rules, seats, viewer, opened)
    assert msgspec.to_builtins(entry) == msgspec.to_builtins(expected), entry.version
    if opened:
        return
    for raw in entry.events:  # nothing hidden from this viewer while the match runs
        assert viewer.sees(msgspec.convert(raw, rules.event_type)), (entry.version, raw)
    if entry.kind == "Decided" and not entry.sealed:
        decider = seats.index(str(entry.seat))
        assert rules.parse_command(entry.command or {}).visibility(decider).allows(viewer.seat)
    if entry.redacted:
        assert entry.salt is None


def test_the_store_can_be_read_over_http_while_nothing_is_hidden_from_the_referee(
    served: Served,
) -> None:
    match = create(served.api, "race-for-the-galaxy", 2)
    try:
        referee = match.client("referee")
        view = referee.get(f"/matches/{match.id}/view").json()
        spectator = httpx.get(f"{served.api}/matches/{match.id}/view").json()
        assert view["as"] == "referee" and view["view"] != spectator["view"]  # the whole state
        as_ann = referee.get(f"/matches/{match.id}/view", params={"as": "ann"}).json()
        assert as_ann["as"] == "ann"
        export = referee.get(f"/matches/{match.id}/export").text
        assert '"seed":' in export.splitlines()[-1]
        seat_export = match.client("ann").get(f"/matches/{match.id}/export").text
        assert '"seed":' not in seat_export.splitlines()[-1]
        assert httpx.get(f"{served.api}/matches/{match.id}/scores").json()["status"] == "setting up"
    finally:
        match.close()
