"""A seat's analysis over HTTP (SQLite and Redis stores): asked by that seat or the referee; read
by them alone until the record opens, then by anyone; refusals are problem documents."""

from __future__ import annotations

import httpx
import pytest

from api.documents import NewMatch
from api.remote import RemoteClient
from domain.errors import BadInput, Forbidden, NotFound, Unauthorized
from tests.server.conftest import Served


def test_a_seat_reads_no_other_seats_analysis_until_the_record_opens(served: Served) -> None:
    server = served.api.removesuffix("/api/v1")
    anyone = RemoteClient(server)
    created = anyone.new(
        NewMatch(game="race-for-the-galaxy", seats=["ann", "ben"], options={"max_rounds": 2})
    )
    assert created.tokens is not None
    match = created.match
    by = {name: RemoteClient(server, token) for name, token in created.tokens.seats.items()}
    referee = RemoteClient(server, created.tokens.referee)

    def play_until(done: int) -> None:
        while (row := anyone.summary(match)).to_move and row.version < done:
            name = row.to_move[0]
            offered = by[name].moves(match, as_=name)
            by[name].play(match, offered.commands[0], as_=name)

    play_until(6)
    mine = by["ann"].analyse(match, as_="ann", iterations=1)
    assert mine.seat == "ann" and mine.decisions
    assert by["ann"].analysis(match, as_="ann") == mine
    assert referee.analysis(match, as_="ann") == mine
    with pytest.raises(Forbidden):
        by["ben"].analysis(match, as_="ann")
    with pytest.raises(Forbidden):
        by["ben"].analyse(match, as_="ann", iterations=1)
    with pytest.raises(Unauthorized):
        anyone.analysis(match, as_="ann")
    with pytest.raises(NotFound):
        referee.analysis(match, as_="ben")  # never analysed
    with pytest.raises(BadInput):
        by["ann"].analysis(match, as_="spectator")
    theirs = referee.analyse(match, as_="ben", iterations=1)
    assert theirs.seat == "ben"
    with pytest.raises(Forbidden):
        by["ann"].analysis(match, as_="ben")

    url = f"{served.api}/matches/{match}/analysis"
    too_much = httpx.post(
        url,
        params={"as": "ann", "budget_ms": "100000"},
        headers={"Authorization": f"Bearer {created.tokens.seats['ann']}"},
    )
    assert too_much.status_code == 400
    assert too_much.headers["content-type"].startswith("application/problem+json")

    play_until(10_000)
    assert anyone.summary(match).status == "over"
    assert anyone.analysis(match, as_="ann") == mine  # the record is open: anyone reads it
    assert by["ann"].analysis(match, as_="ben") == theirs
