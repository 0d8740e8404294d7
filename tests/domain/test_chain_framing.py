"""The audit chain's digests, framed in one step for speed, are the commitment scheme's own."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli.simulate import play_bot_match
from domain.commitment import digest_after, framed
from domain.lines import CHAIN_LABEL, COMMIT_LABEL, StoredFields, _commitment, _link
from records.replays import chain_hashes, sealed_lines

texts = st.text(max_size=80)


@given(st.uuids(), st.integers(min_value=0, max_value=10**9), texts, st.binary(max_size=300))
def test_commitment_is_digest_after(match: object, index: int, salt: str, body: bytes) -> None:
    head = framed(COMMIT_LABEL, str(match))
    assert _commitment(head, index, salt, body) == digest_after(head, str(index), salt, body)


@given(st.uuids(), texts, texts)
def test_link_is_digest_after(match: object, previous: str, commitment: str) -> None:
    head = framed(CHAIN_LABEL, str(match))
    assert _link(head, previous, commitment) == digest_after(head, previous, commitment)


def _stored_fields(event: Any, **extra: Any) -> StoredFields:
    fields = msgspec.to_builtins(event.__dict__, builtin_types=(datetime,))
    fields |= {"kind": type(event).__name__, "originator_version": event.originator_version}
    fields |= extra
    return StoredFields(fields)


@pytest.mark.parametrize("chance", [None, {"roll": 3}])
@pytest.mark.parametrize("automatic", [False, True])
def test_chain_hashes_of_stored_fields_are_those_of_the_sealed_lines(
    chance: Any, automatic: bool
) -> None:
    match = play_bot_match("toy", 3, 1, undo_rate=0.3)
    events = list(match.collect_events())
    for event in events[1:]:
        if type(event).__name__ == "Decided":
            object.__setattr__(event, "chance", chance)
            object.__setattr__(event, "automatic", automatic)
    ident, seats, previous = str(match.id), match.seats, "0" * 64
    stored = [_stored_fields(event) for event in events[1:]]
    assert any(s.kind == "Decided" for s in stored) and any(s.kind != "Decided" for s in stored)
    expected = [line["hash"] for line in sealed_lines(ident, seats, events[1:], previous)]
    assert chain_hashes(ident, seats, stored, previous) == expected
