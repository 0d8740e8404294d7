"""Our card table against the card facts it was built from (shared/data/race-for-the-galaxy/).

Every design's name, kind, cost, VP, copies, good type and flags must match base-cards.txt, so a
slip in the conversion (or in a later hand edit of cards.json) is caught. Skipped when the shared
folder is not beside the checkout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.race_for_the_galaxy import components

SOURCE = Path(__file__).resolve().parents[4] / "shared/data/race-for-the-galaxy/base-cards.txt"
GOODS = {"NOVELTY": "NOVELTY", "RARE": "RARE", "GENE": "GENES", "ALIEN": "ALIEN"}


def source_designs() -> list[dict[str, Any]]:
    designs: list[dict[str, Any]] = []
    for line in SOURCE.read_text().splitlines():
        key, _, rest = line.partition(":")
        if key == "N":
            designs.append({"name": rest, "good": None, "flags": set()})
        elif key == "T":
            kind, cost, vp = rest.split(":")
            designs[-1] |= {"kind": {"1": "WORLD", "2": "DEVELOPMENT"}[kind], "cost": int(cost),
                            "vp": int(vp)}  # fmt: skip
        elif key == "E@0":
            designs[-1]["copies"] = int(rest.split("@")[0])  # base-game count; later sets follow
        elif key == "G":
            designs[-1]["good"] = GOODS[rest.strip()]
        elif key == "F":
            designs[-1]["flags"] = {flag.strip() for flag in rest.split("|")}
    return designs


@pytest.mark.skipif(not SOURCE.exists(), reason="the shared card facts are not beside the checkout")
def test_every_design_matches_the_card_facts() -> None:
    ours = json.loads((Path(components.__file__).parent / "cards.json").read_text())["designs"]
    theirs = source_designs()
    assert [d["name"] for d in ours] == [d["name"] for d in theirs]
    for mine, fact in zip(ours, theirs, strict=True):
        for field in ("kind", "cost", "vp", "copies", "good"):
            assert mine[field] == fact[field], (fact["name"], field)
        assert set(mine["flags"]) == fact["flags"], fact["name"]
