"""The audit chain's digests, framed in one step for speed, are the commitment scheme's own."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.persistence import Notification
from hypothesis import given
from hypothesis import strategies as st

from cli.simulate import play_bot_match
from domain.commitment import digest_after, framed
from domain.lines import CHAIN_LABEL, COMMIT_LABEL, _commitment, _link
from records.replays import sealed_lines
from records.stored_chain import DECIDED_TOPIC, StoredChain, sealable
from store.ledger import Ledger

texts = st.text(max_size=80)


@given(st.uuids(), st.integers(min_value=0, max_value=10**9), texts, st.binary(max_size=300))
def test_commitment_is_digest_after(match: object, index: int, salt: str, body: bytes) -> None:
    head = framed(COMMIT_LABEL, str(match))
    assert _commitment(head, index, salt, body) == digest_after(head, str(index), salt, body)


@given(st.uuids(), texts, texts)
def test_link_is_digest_after(match: object, previous: str, commitment: str) -> None:
    head = framed(CHAIN_LABEL, str(match))
    assert _link(head, previous, commitment) == digest_after(head, previous, commitment)


@pytest.mark.parametrize("fast", [False, True], ids=["general", "from-stored-bytes"])
@pytest.mark.parametrize("chance", [None, {"roll": 3}])
@pytest.mark.parametrize("automatic", [False, True])
def test_the_stored_chain_is_that_of_the_sealed_lines(
    chance: Any, automatic: bool, fast: bool
) -> None:
    match = play_bot_match("toy", 3, 1, undo_rate=0.3)
    events = list(match.collect_events())
    for event in events[1:]:
        if type(event).__name__ == "Decided":
            object.__setattr__(event, "chance", chance)
            object.__setattr__(event, "automatic", automatic)
            object.__setattr__(event, "line_commitment", None)  # its fields were changed
    mapper = Ledger("memory://").mapper
    stored = [
        Notification(id=number, **vars(mapper.to_stored_event(event)))
        for number, event in enumerate(events[1:], 2)
    ]
    assert {s.topic for s in stored} > {DECIDED_TOPIC}
    ident, seats, previous = str(match.id), match.seats, "0" * 64
    expected = [line["hash"] for line in sealed_lines(ident, seats, events[1:], previous)]
    chain = StoredChain(lambda notification: sealable(mapper, notification), fast=fast)
    assert chain.hashes(ident, seats, stored, previous) == expected
