"""The audit chain's digests, framed in one step for speed, are the commitment scheme's own."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.commitment import digest_after, framed
from records.replays import CHAIN_LABEL, COMMIT_LABEL, _commitment, _link

texts = st.text(max_size=80)


@given(st.uuids(), st.integers(min_value=0, max_value=10**9), texts, st.binary(max_size=300))
def test_commitment_is_digest_after(match: object, index: int, salt: str, body: bytes) -> None:
    head = framed(COMMIT_LABEL, str(match))
    assert _commitment(head, index, salt, body) == digest_after(head, str(index), salt, body)


@given(st.uuids(), texts, texts)
def test_link_is_digest_after(match: object, previous: str, commitment: str) -> None:
    head = framed(CHAIN_LABEL, str(match))
    assert _link(head, previous, commitment) == digest_after(head, previous, commitment)
