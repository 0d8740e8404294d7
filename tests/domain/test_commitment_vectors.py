"""The published test vector of the commitment construction (README, "Secrets")."""

from __future__ import annotations

from domain.commitment import digest, effective_seed, entropy_commitment, seed_commitment
from records.replays import commit, link

MATCH = "00000000-0000-4000-8000-000000000000"


def test_the_readme_test_vector() -> None:
    assert digest("starledger/test", "a", b"\x00") == (
        "63102dd39a4bc5af50bfcbdf0b4e68e14e830099e76d83b1c562ab104d618a42"
    )
    assert seed_commitment(MATCH, "7") == (
        "96742886e38d8be16073a7a200c855901f2a49f42bfd6bd76847cd1f55eb253e"
    )
    assert entropy_commitment(MATCH, 1, "ab" * 16) == (
        "75de8d7e463d77f2c6cb3956f5c8b9980305a7f962c0a05aa7d1410814466d7c"
    )
    assert effective_seed(MATCH, "7", ["ab" * 16, ""]) == int(
        "109599894336315462223807077921574745723398663863080272931379326523301367643883"
    )
    line = {"version": 1, "kind": "Decided", "seat": "ann", "command": {"type": "Draw"}}
    c = commit(MATCH, 2, "00112233445566778899aabbccddeeff", line)
    assert c == "d90f751f9fb8dc43420f9b04b41e98d67c6fa1e4253fa168cf86adbe3687b610"
    assert link(MATCH, "", c) == (
        "765e06cad0d5ad900b3b9cc545801da40f76a04b005097f17f9080fe8bbfcded"
    )


def test_length_prefixes_separate_parts() -> None:
    assert digest("x", "ab", "c") != digest("x", "a", "bc")
    assert digest("x", "a") != digest("y", "a")
