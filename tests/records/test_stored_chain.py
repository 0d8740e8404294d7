"""The audit chain read from the store's bytes (records/stored_chain.py) is the replay files'."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec
import pytest
from eventsourcing.persistence import Notification
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.match import Match
from records.imports import import_lines
from records.replays import parse, sealed_header
from records.stored_chain import DECIDED_TOPIC, StoredChain, sealable
from store.ledger import Ledger

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FILES = sorted(REPLAYS.glob("*.jsonl"))


class Counted:
    """The general way of reading a stored event, counting the events it read."""

    def __init__(self, mapper: Any) -> None:
        self.mapper = mapper
        self.topics: list[str] = []

    def __call__(self, stored: Notification) -> Any:
        self.topics.append(stored.topic)
        return sealable(self.mapper, stored)


def _unstamped(stored: Notification) -> Notification:
    """A stored event as a store written before decisions were stamped holds it."""
    state = msgspec.msgpack.decode(stored.state)
    assert state.pop("line_commitment", None) is not None or stored.topic != DECIDED_TOPIC
    return _holding(stored, state)


def _holding(stored: Notification, state: dict[str, Any]) -> Notification:
    """`stored` with `state` in place of what it holds."""
    return dataclasses.replace(stored, state=msgspec.msgpack.encode(state))


@pytest.mark.parametrize("stamped", [True, False], ids=["stamped", "unstamped"])
@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_the_chain_from_stored_bytes_is_the_recorded_files(path: Path, stamped: bool) -> None:
    lines = parse(path.read_text())
    ledger = Ledger("memory://")
    match, _ = import_lines(ledger, lines)
    stored = list(ledger.recorder.select_notifications(1, 100_000))
    if not stamped:
        stored = [_unstamped(event) for event in stored]
    general = Counted(ledger.mapper)
    chain = StoredChain(general, fast=True)
    hashes = chain.hashes(str(match.id), match.seats, stored, None)  # the header's first
    assert hashes == [line["hash"] for line in lines[: len(stored) + 1]]
    assert hashes[0] == sealed_header(sealable(ledger.mapper, stored[0]))["hash"]
    # Only the events other than Decided were read the general way, each once.
    assert DECIDED_TOPIC not in general.topics
    assert len(general.topics) == sum(1 for event in stored if event.topic != DECIDED_TOPIC)
    assert len(general.topics) < len(stored) / 2


def test_a_decision_is_stamped_with_its_lines_commitment_as_it_is_stored() -> None:
    lines = parse(FILES[0].read_text())
    ledger = Ledger("memory://")
    match, _ = import_lines(ledger, lines)
    events = ledger.stored_events(match.id)
    decided = [event for event in events if isinstance(event, Match.Decided)]
    assert decided
    for event in decided:
        assert event.line_commitment is not None
        assert event.line_commitment.hex() == lines[event.originator_version]["commitment"]


def test_a_stamp_is_what_the_chain_links() -> None:
    """The chain trusts a decision's stamp (`verify` checks it against the fields): another
    stamp gives another chain, from that line on."""
    ledger = Ledger("memory://")
    match, _ = import_lines(ledger, parse(FILES[0].read_text()))
    stored = list(ledger.recorder.select_notifications(1, 100_000))
    at = next(i for i, event in enumerate(stored) if event.topic == DECIDED_TOPIC)
    state = msgspec.msgpack.decode(stored[at].state) | {"line_commitment": bytes(32)}
    forged = list(stored)
    forged[at] = _holding(stored[at], state)
    chain = StoredChain(lambda s: sealable(ledger.mapper, s), fast=True)
    honest = chain.hashes(str(match.id), match.seats, stored, "")
    assert chain.hashes(str(match.id), match.seats, forged, "")[:at] == honest[:at]
    assert chain.hashes(str(match.id), match.seats, forged, "")[at] != honest[at]


def _stored(events: list[Any], mapper: Any) -> list[Notification]:
    return [
        Notification(id=number, **vars(mapper.to_stored_event(event)))
        for number, event in enumerate(events, 1)
    ]


def _both_ways(stored: list[Notification], seats: list[str], mapper: Any) -> None:
    general = Counted(mapper)
    fast = StoredChain(general, fast=True).hashes("m", seats, stored, "p")
    slow = StoredChain(lambda s: sealable(mapper, s), fast=False).hashes("m", seats, stored, "p")
    assert fast == slow


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
names = st.lists(st.text(min_size=1, max_size=10), min_size=2, max_size=5, unique=True)


@settings(max_examples=150, deadline=None)
@given(
    names,
    st.lists(
        st.tuples(
            st.integers(min_value=-5, max_value=4),
            values,
            st.lists(values, max_size=3),
            st.booleans(),
            st.none() | st.lists(values, max_size=2),
            st.booleans(),
            st.text(max_size=40),
            st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_any_decided_hashes_the_same_both_ways(
    seats: list[str], decisions: list[tuple[Any, ...]]
) -> None:
    ledger = Ledger("memory://")
    ident = uuid.uuid4()
    events = [
        Match.Decided(
            originator_id=ident,
            originator_version=version,
            timestamp=at.replace(tzinfo=UTC),
            seat=seat % len(seats) if seat >= 0 else seat,
            command=command,
            outcome=outcome,
            undoable=undoable,
            salt=salt,
            chance=chance,
            automatic=automatic,
        )
        for version, (seat, command, outcome, undoable, chance, automatic, salt, at) in enumerate(
            decisions, 2
        )
        if -len(seats) <= seat
    ]
    _both_ways(_stored(events, ledger.mapper), seats, ledger.mapper)


def _altered(**fields: Any) -> dict[str, Any]:
    state: dict[str, Any] = {
        "timestamp": datetime(2026, 11, 29, tzinfo=UTC) + timedelta(microseconds=17),
        "seat": 1,
        "command": {"type": "Pass", "z": [1, 2], "a": None},
        "outcome": [{"type": "Passed", "seat": 1}],
        "undoable": True,
        "salt": "00ff",
    }
    return state | fields


@pytest.mark.parametrize(
    "state",
    [
        _altered(),
        _altered(chance=None, automatic=False),
        _altered(chance=[{"roll": 4}], automatic=True),
        _altered(seat=True),  # a bool where the seat's number was
        _altered(undoable=1),
        _altered(automatic=1),
        _altered(timestamp="2026-11-29T00:00:00Z"),  # what the general way cannot read
        _altered(salt=7),
        _altered(seat=9),  # no such seat
        _altered(extra={"ignored": True}),
    ],
)
def test_a_stored_decided_out_of_the_ordinary_reads_as_the_general_way_reads_it(
    state: dict[str, Any],
) -> None:
    ledger = Ledger("memory://")
    stored = Notification(
        id=1,
        originator_id=uuid.uuid4(),
        originator_version=2,
        topic=DECIDED_TOPIC,
        state=msgspec.msgpack.encode(state),
    )
    seats = ["ann", "ben", "cy"]

    def hashes(fast: bool) -> list[str] | str:
        chain = StoredChain(lambda s: sealable(ledger.mapper, s), fast=fast)
        try:
            return chain.hashes("m", seats, [stored], "p")
        except Exception as exc:
            return type(exc).__name__

    assert hashes(True) == hashes(False)
