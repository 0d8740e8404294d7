"""api/remote.py: the CLI's HTTP client, against a real server on SQLite.

Given a server, when a remote player and an auditor use the client's functions (the ones the
commands need: moves, play, undo, redo, show, log, score, follow, export, ...), they get the same
typed documents and the same error classes and codes as on a local store.
"""

from __future__ import annotations

import secrets
import threading

import pytest

from api.documents import NewMatch
from api.remote import RemoteClient, error_from
from domain.errors import Conflict, Forbidden, IllegalMove, StoreUnavailable, Unauthorized
from projections.documents import MatchRow, Scoreboard, ViewDoc
from projections.match_log import LogEntry
from records.replays import parse, verify_lines
from store.ledger import MatchNotFound
from tests.server.conftest import Served


@pytest.fixture
def server(sqlite_served: Served) -> str:
    return sqlite_served.api.removesuffix("/api/v1")


def test_a_remote_player_plays_undoes_redoes_and_reads(server: str) -> None:
    with RemoteClient(server) as anyone:
        games = anyone.games()
        assert "delta-v" in [g.slug for g in games]
        created = anyone.new(
            NewMatch(game="race-for-the-galaxy", seats=["ann", "ben"], options={"max_rounds": 3})
        )
    ann = RemoteClient(server, created.tokens.seats["ann"])
    ben = RemoteClient(server, created.tokens.seats["ben"])
    referee = RemoteClient(server, created.tokens.referee)
    match = created.match[:8]  # a prefix resolves as on a local store

    assert isinstance(ann.summary(match), MatchRow)
    offered = ann.moves(match)
    assert offered.seat == "ann" and offered.to_move and offered.commands
    played = ann.play(match, offered.commands[0], expect_version=offered.version)
    assert played.version == offered.version + 1 and played.seat == "ann"
    with pytest.raises(Conflict) as stale:
        ben.play(match, ben.moves(match).commands[0], expect_version=offered.version)
    assert stale.value.code == "CONFLICT"

    # Race's initial discard draws nothing new: the seat may take it back and make it again.
    undone = ann.undo(match)
    assert undone.decision == played.version and undone.version == played.version + 1
    redone = ann.redo(match, expect_version=undone.version)
    assert redone.version == undone.version + 1

    view = ann.show(match)
    assert isinstance(view, ViewDoc) and view.as_ == "ann" and view.version == redone.version
    assert referee.show(match, as_="ben").as_ == "ben"
    assert referee.show(match, at=1).version == 1
    log = ann.log(match)
    assert [e.version for e in log.entries] == list(range(1, redone.version + 1))
    assert [e.version for e in ann.log(match, after=2).entries] == list(
        range(3, redone.version + 1)
    )
    assert isinstance(ann.score(match), Scoreboard)
    assert created.match in [row.match for row in ann.matches(game="race-for-the-galaxy")]
    assert ann.leaderboard("race-for-the-galaxy") is not None

    redacted = ann.export(match)
    verdict = ann.verify(redacted)
    assert verdict.ok and verdict.partial
    full = referee.export(match)
    assert verify_lines(parse(full)).ok
    again = referee.import_replay(full)
    assert (again.match, again.created, again.tokens) == (created.match, False, None)

    for client in (ann, ben, referee):
        client.close()


def test_follow_streams_every_entry_once_until_the_end(server: str) -> None:
    with RemoteClient(server) as anyone:
        created = anyone.new(
            NewMatch(game="kosmonauts", seats=["ann", "ben"], options={"max_rounds": 1})
        )
    seats = {name: RemoteClient(server, token) for name, token in created.tokens.seats.items()}
    followed: list[LogEntry] = []
    kinds: list[str] = []

    def follow() -> None:
        with RemoteClient(server, created.tokens.seats["ann"]) as ann:
            for kind, item in ann.stream(created.match, timeout=120):
                kinds.append(kind)
                if isinstance(item, LogEntry):
                    followed.append(item)

    thread = threading.Thread(target=follow)
    thread.start()
    to_move = created.to_move
    while to_move:
        seat = seats[to_move[0]]
        offered = seat.moves(created.match)
        to_move = seat.play(
            created.match, offered.commands[-1], expect_version=offered.version
        ).to_move
    thread.join(timeout=60)
    assert not thread.is_alive()
    final = seats["ann"].summary(created.match)
    assert [e.version for e in followed] == list(range(1, final.version + 1))
    assert kinds[-1] == "end" and "opened" in kinds
    # Resuming after an id gives only what came after it.
    with RemoteClient(server, created.tokens.seats["ben"]) as ben:
        rest = list(ben.follow(created.match, after=final.version - 2, timeout=30))
    assert [e.version for e in rest] == [final.version - 1, final.version]
    for seat in seats.values():
        seat.close()


def test_refusals_come_back_as_our_error_classes(server: str) -> None:
    with RemoteClient(server) as anyone:
        created = anyone.new(NewMatch(game="delta-v", seats=["ann", "ben"]))
        with pytest.raises(Unauthorized):
            anyone.moves(created.match)
        with pytest.raises(IllegalMove) as unknown:
            anyone.new(NewMatch(game="no-such-game", seats=["ann", "ben"]))
        assert unknown.value.code == "UNKNOWN_GAME"
        with pytest.raises(MatchNotFound):
            anyone.summary("ffff")
    with (
        RemoteClient(server, created.tokens.referee) as referee,
        pytest.raises(Forbidden) as playing,
    ):
        referee.play(created.match, {"type": "Pass"})
    assert playing.value.code == "REFEREE_CANNOT_PLAY"
    forged = f"sl1.{secrets.token_hex(8)}.{secrets.token_urlsafe(32)}"
    with RemoteClient(server, forged) as nobody, pytest.raises(Unauthorized):
        nobody.moves(created.match)
    with RemoteClient("http://127.0.0.1:9") as away, pytest.raises(StoreUnavailable) as down:
        away.games()
    assert down.value.code == "SERVER_UNAVAILABLE"


def test_a_problem_without_a_class_of_ours_keeps_its_code() -> None:
    import httpx

    response = httpx.Response(
        405, json={"status": 405, "code": "METHOD_NOT_ALLOWED", "detail": "no"}
    )
    error = error_from(response)
    assert error.code == "METHOD_NOT_ALLOWED" and error.message == "no"


def test_seats_contribute_entropy_and_the_referee_may_deal(server: str) -> None:
    with RemoteClient(server) as anyone:
        created = anyone.new(NewMatch(game="delta-v", seats=["ann", "ben"], entropy=True))
        early = anyone.new(NewMatch(game="delta-v", seats=["ann", "ben"], entropy=True))
    assert created.entropy and set(created.to_move) == {"ann", "ben"}
    ann = RemoteClient(server, created.tokens.seats["ann"])
    ben = RemoteClient(server, created.tokens.seats["ben"])
    first = ann.contribute(created.match, secrets.token_hex(32))
    assert not first.dealt and first.to_move == ["ben"] and len(first.commitment) == 64
    with pytest.raises(IllegalMove) as twice:
        ann.contribute(created.match, secrets.token_hex(32))
    assert twice.value.code == "ALREADY_CONTRIBUTED"
    second = ben.contribute(created.match, secrets.token_hex(32))
    assert second.dealt and second.to_move
    log = ben.log(created.match)
    assert [e.kind for e in log.entries] == [
        "Started",
        "EntropyContributed",
        "EntropyContributed",
        "Dealt",
    ]
    with RemoteClient(server, early.tokens.seats["ann"]) as seat, pytest.raises(Forbidden):
        seat.deal(early.match)
    with RemoteClient(server, early.tokens.referee) as referee:
        dealt = referee.deal(early.match)
    assert dealt.to_move
    for client in (ann, ben):
        client.close()
