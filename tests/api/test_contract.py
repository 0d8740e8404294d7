"""The contract of api/client.py: every use case asked of the local client (a store's owner, as
the CLI asks it) and of the remote one (a server, with each seat's token) gives the same answer.

One script runs on both faces; its transcript (every answer, with match ids, times and tokens
put aside) must be the same. A seeded match deals the same cards on both, so the answers are
comparable to the last event. This is the suite that would have caught `show` printing its
panels only locally and `new --server` creating the match in the local store.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest

from api.client import Client
from api.documents import NewMatch
from api.local import LocalClient
from api.remote import RemoteClient
from api.trust import Owner
from domain.errors import ERROR_TABLE, StarledgerError
from projections.queries import StoreReader
from store.ledger import Ledger
from tests.server.conftest import Served

TIMES = {"at", "created", "last_move"}
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@dataclass
class Face:
    """One implementation of the Client, and who asks it: on a local store the owner asks for
    everyone; on a server each seat, the referee and the table ask with their own tokens."""

    name: str
    anyone: Client
    holders: Callable[[Any], dict[str, Client]]
    ids: dict[str, str] = field(default_factory=dict)

    def new(self, spec: NewMatch) -> tuple[Any, dict[str, Client]]:
        created = self.anyone.new(spec)
        self.ids.setdefault(created.match, f"match-{len(self.ids) + 1}")
        return created, self.holders(created)

    def known(self, ident: str) -> None:
        self.ids.setdefault(ident, f"match-{len(self.ids) + 1}")


def _local(tmp_path: Path) -> Face:
    ledger = Ledger(f"sqlite:///{tmp_path}/contract.db")
    owner = LocalClient(ledger, Owner(), reader=lambda: StoreReader(ledger))
    return Face("local", owner, lambda created: dict.fromkeys(created.seats, owner) | {
        "referee": owner, "table": owner})  # fmt: skip


def _remote(server: str) -> Face:
    def holders(created: Any) -> dict[str, Client]:
        tokens = created.tokens
        found: dict[str, Client] = {
            name: RemoteClient(server, token) for name, token in tokens.seats.items()
        }
        found["referee"] = RemoteClient(server, tokens.referee)
        if tokens.table:
            found["table"] = RemoteClient(server, tokens.table)
        return found

    return Face("remote", RemoteClient(server), holders)


def normal(value: Any, face: Face) -> Any:
    """An answer with what differs between two stores by nature put aside: match ids (named in
    the order they appeared), times, tokens, salts and the hashes that chain them."""
    value = msgspec.to_builtins(value)
    if isinstance(value, dict):
        return {
            key: normal(item, face)
            for key, item in value.items()
            if not (key in TIMES and isinstance(item, str))
            and key not in {"tokens", "salt", "hash", "commitment", "seed_commitment"}
        }
    if isinstance(value, list | tuple):  # JSON has one kind of array
        return [normal(item, face) for item in value]
    if isinstance(value, str):
        return UUID.sub(lambda m: face.ids.get(m.group(0), "another-match"), value)
    return value


def refusal(call: Callable[[], Any]) -> tuple[str, str]:
    """The class and code of the error a call is refused with."""
    with pytest.raises(StarledgerError) as refused:
        call()
    error = refused.value
    kind = next(c for c in type(error).__mro__ if c in ERROR_TABLE)  # as the error table says
    return kind.__name__, str(error.code)


def script(face: Face) -> Iterator[tuple[str, Any]]:
    """Every use case, in the order a match lives them; each answer named."""
    yield "games", [g.slug for g in face.anyone.games() if g.slug != "toy"]  # a test game
    spec = NewMatch(
        game="race-for-the-galaxy", seats=["ann", "ben"], options={"max_rounds": 6}, seed=7
    )
    created, by = face.new(spec)
    match = created.match
    yield "new", created
    yield "summary by prefix", face.anyone.summary(match[:8])
    listed = [r.match for r in face.anyone.matches(game="race-for-the-galaxy")]
    yield "matches", match in listed
    yield "bad status", refusal(lambda: face.anyone.matches(status="sleeping"))
    yield "unknown match", refusal(lambda: face.anyone.summary("ffffffff"))

    # Playing: each seat's moves, a decision, a refusal out of turn, undo and redo.
    steps = 0
    while steps < 12:
        row = face.anyone.summary(match)
        if not row.to_move:
            break
        name = row.to_move[0]
        offered = by[name].moves(match, as_=name)
        yield f"moves {name}", offered
        other = "ben" if name == "ann" else "ann"
        if other not in row.to_move:
            yield (
                "out of turn",
                refusal(lambda o=other, c=offered.commands[-1]: by[o].play(match, c, as_=o)),
            )
        played = by[name].play(
            match, offered.commands[-1], as_=name, expect_version=offered.version
        )
        yield f"play {name}", played
        if steps == 2:
            yield "undo", by[name].undo(match, as_=name)
            yield "redo", by[name].redo(match, as_=name)
        steps += 1
    yield "stale version", refusal(lambda: by["ann"].undo(match, as_="ann", expect_version=1))

    yield "still in play", face.anyone.summary(match).status

    # Reading, as each viewer may (hidden cards redacted: the record is not open yet).
    for viewer in ("ann", "ben", "referee", None):
        asks = by[viewer] if viewer else face.anyone
        yield f"show as {viewer}", asks.show(match, as_=viewer)
        yield f"log as {viewer}", asks.log(match, as_=viewer)
        yield f"diff as {viewer}", asks.diff(match, 2, 6, as_=viewer)
        yield f"timeline as {viewer}", asks.timeline(match, as_=viewer)
    yield "show at 3", by["ann"].show(match, as_="ann", at=3)
    yield "log after 4", by["ben"].log(match, as_="ben", after=4)
    yield "score", face.anyone.score(match)
    yield "follow (nothing new)", list(by["ann"].follow(match, as_="ann", after=20, timeout=0.01))
    yield "note", by["ann"].note(match, 3, "too early", as_="ann")
    yield "notes as ann", by["ann"].log(match, as_="ann").notes
    yield "notes as ben", by["ben"].log(match, as_="ben").notes
    yield "analyse as ann", by["ann"].analyse(match, as_="ann", iterations=1)
    yield "analysis as ann", by["ann"].analysis(match, as_="ann")
    yield "analysis of ann by the referee", by["referee"].analysis(match, as_="ann")

    # Records: the export each viewer may have, its verdict, a fork, an import.
    full = by["referee"].export(match, as_="referee")
    redacted = by["ben"].export(match, as_="ben")
    yield "redacted export is smaller", len(redacted) < len(full)
    yield "verify full", face.anyone.verify(full)
    yield "verify redacted", face.anyone.verify(redacted)
    yield "verify match as ben", by["ben"].verify_match(match, as_="ben")
    yield (
        "a running match forks for its referee only",
        refusal(lambda: by["ann"].fork(match, 5))
        if face.name == "remote"
        else ["Forbidden", "REFEREE_ONLY"],
    )  # the owner is its referee
    forked = by["referee"].fork(match, 5)
    face.known(forked.match)
    yield "fork", forked
    yield "forked summary", face.anyone.summary(forked.match)
    again = face.anyone.import_replay(full)
    yield "import the same file", again

    # A match dealt by a table: the table's listing, an outcome, a withdrawal, its record.
    table_spec = NewMatch(game="duck-dealer", seats=["ann", "ben"], table=True)
    created, by = face.new(table_spec)
    listing = by["table"].moves(created.match, as_="table")
    yield "table moves", listing
    waiting = by["ann"].moves(created.match, as_="ann")
    yield "a seat waits for the table", (waiting.to_move, waiting.refused_code)
    given = by["table"].give_chance(
        created.match, listing.commands[0]["chance"], expect_version=listing.version
    )
    yield "table gives", given
    yield "table withdraws", by["table"].withdraw_chance(created.match)
    yield (
        "impossible outcome",
        refusal(lambda: by["table"].give_chance(created.match, "NO SUCH THING")),
    )
    given = by["table"].give_chance(created.match, listing.commands[0]["chance"])
    record = by["referee"].export_table(created.match)
    yield "table record lines", len(record.splitlines())
    imported = face.anyone.import_table(record)
    face.known(imported.match)
    yield "table import", imported


@pytest.fixture
def transcripts(tmp_path: Path, sqlite_served: Served) -> dict[str, list[tuple[str, Any]]]:
    faces = [_local(tmp_path), _remote(sqlite_served.api.removesuffix("/api/v1"))]
    found: dict[str, list[tuple[str, Any]]] = {}
    for face in faces:
        found[face.name] = [(name, normal(answer, face)) for name, answer in script(face)]
    return found


def test_every_use_case_answers_the_same_on_both_faces(
    transcripts: dict[str, list[tuple[str, Any]]],
) -> None:
    local, remote = transcripts["local"], transcripts["remote"]
    assert [name for name, _ in local] == [name for name, _ in remote]
    for (name, mine), (_, theirs) in zip(local, remote, strict=True):
        assert mine == theirs, name


def test_the_script_saw_what_it_was_written_for(
    transcripts: dict[str, list[tuple[str, Any]]],
) -> None:
    """The transcript is no empty agreement: each part of the script did what it says."""
    said = dict(transcripts["local"])
    assert said["matches"] is True
    assert said["bad status"] == ["BadInput", "BAD_STATUS"]
    assert said["unknown match"][0] == "NotFound"
    assert said["stale version"][0] == "Conflict"
    assert said["out of turn"][0] == "IllegalMove" and said["out of turn"][1] != "BAD_COMMAND"
    assert said["still in play"] == "in play"
    assert said["redacted export is smaller"] is True
    assert said["verify full"]["ok"] and not said["verify full"]["partial"]
    assert said["verify redacted"]["ok"] and said["verify redacted"]["partial"]
    assert said["fork"]["forked_from"] == "match-1" and said["fork"]["at"] == 5
    assert said["forked summary"]["forked_at"] == 5
    assert said["import the same file"]["created"] is False
    assert [n["text"] for n in said["notes as ann"]] == ["too early"]
    assert said["notes as ben"] == []  # ann's note is hers until the record opens
    judged = said["analyse as ann"]
    assert judged["seat"] == "ann" and judged["decisions"] and judged["budget"] == "1 iteration"
    assert said["analysis as ann"] == judged == said["analysis of ann by the referee"]
    assert said["show as ann"]["as"] == "ann" and said["show as None"]["as"] == "spectator"
    assert said["diff as referee"]["decisions"] and said["diff as referee"]["changes"]
    assert said["a seat waits for the table"] == [False, "AWAITING_CHANCE"]
    assert said["impossible outcome"] == ["IllegalMove", "IMPOSSIBLE_OUTCOME"]
    assert said["table import"]["created"] is True
