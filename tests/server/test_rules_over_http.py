"""`GET /api/v1/games/{game}/rules`: a game's reference as JSON, every topic or the one asked for;
an unknown game or topic is a problem+json 404 that names what there is."""

from __future__ import annotations

import typing

import httpx

from domain.reference import reference_for
from domain.registry import rules_for
from tests.server.conftest import Served


def test_the_whole_reference_of_a_game(sqlite_served: Served) -> None:
    answer = httpx.get(f"{sqlite_served.api}/games/kosmonauts/rules")
    assert answer.status_code == 200
    body = answer.json()
    names = [topic["name"] for topic in body["topics"]]
    assert body["game"] == "kosmonauts" and names == list(reference_for("kosmonauts").names)
    kinds = [m.__struct_config__.tag for m in typing.get_args(rules_for("kosmonauts").command_type)]
    assert set(kinds) <= set(names)
    evacuation = next(t for t in body["topics"] if t["name"] == "RequestEvacuation")
    assert evacuation["summary"].startswith("Instead of flying this round")


def test_one_topic_by_a_prefix_in_any_case(sqlite_served: Served) -> None:
    answer = httpx.get(f"{sqlite_served.api}/games/delta-v/rules", params={"topic": "bidu"})
    assert answer.status_code == 200
    (topic,) = answer.json()["topics"]
    assert topic["name"] == "BidUp" and "bribe" in topic["text"]


def test_an_unknown_game_or_topic_is_a_404_problem(sqlite_served: Served) -> None:
    for path, params, code in (
        ("/games/chess/rules", {}, "UNKNOWN_GAME"),
        ("/games/kosmonauts/rules", {"topic": "warp"}, "NO_TOPIC"),
        ("/games/kosmonauts/rules", {"topic": "s"}, "NO_TOPIC"),
    ):
        answer = httpx.get(sqlite_served.api + path, params=params)
        assert answer.status_code == 404, (path, params)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert code in answer.text and "Traceback" not in answer.text
    too_long = httpx.get(f"{sqlite_served.api}/games/kosmonauts/rules", params={"topic": "x" * 65})
    assert too_long.status_code == 400
