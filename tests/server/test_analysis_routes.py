"""The routes the analysis board and playing from the page read: the CLI's numbered menu over
HTTP, notes, diff and fork, and reading an open record from any perspective."""

from __future__ import annotations

import httpx

from domain.registry import rules_for
from forms.menus import menu
from tests.server.bots import create
from tests.server.conftest import Served


def problem(answer: httpx.Response, status: int) -> dict[str, object]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    doc: dict[str, object] = answer.json()
    return doc


def test_the_menu_is_the_clis_menu_of_the_moves_listing(sqlite_served: Served) -> None:
    match = create(sqlite_served.api, "race-for-the-galaxy", 2, seed=7)
    try:
        ann = match.client("ann")
        base = f"/matches/{match.id}"
        listed = ann.get(f"{base}/moves").json()
        shown = ann.get(f"{base}/menu")
        assert shown.status_code == 200, shown.text
        assert shown.headers["etag"] == f'"{listed["version"]}"'
        same = menu(
            match.id, "ann", listed["version"], listed["commands"],
            rules_for("race-for-the-galaxy"), match.seats, waiting_for=listed["waiting_for"],
        )  # fmt: skip
        got = shown.json()
        assert [e["number"] for e in got["entries"]] == [e.number for e in same.entries]
        assert [e["text"] for e in got["entries"]] == [e.text for e in same.entries]
        # A step into a big kind narrows it; every whole move plays.
        step = next((e for e in got["entries"] if "parts" in e), None)
        if step is not None:
            deeper = ann.get(f"{base}/menu", params=[("part", p) for p in step["parts"]]).json()
            assert deeper["parts"][: len(step["parts"])] == step["parts"]
            assert deeper["total"] == step["count"]
        whole = next(e for e in got["entries"] if "command" in e)
        played = ann.post(
            f"{base}/decisions", json={"command": whole["command"]},
            headers={"If-Match": f'"{got["version"]}"'},
        )  # fmt: skip
        assert played.status_code == 200, played.text
    finally:
        match.close()


def test_menu_and_notes_refuse_bad_input_with_problems(sqlite_served: Served) -> None:
    match = create(sqlite_served.api, "kosmonauts", 2, seed=3)
    try:
        base = f"/matches/{match.id}"
        assert problem(match.client(None).get(f"{base}/menu"), 401)
        assert problem(match.client("referee").get(f"{base}/menu"), 403)
        assert problem(match.client("ann").get(f"{base}/menu", params={"as": "ben"}), 403)
        many = [("part", "x")] * 65
        assert problem(match.client("ann").get(f"{base}/menu", params=many), 400)
        assert problem(match.client("ann").get(f"{base}/menu", params={"part": "x" * 201}), 400)
        nowhere = match.client("ann").get(f"{base}/menu", params={"part": "NoSuchKind"}).json()
        assert nowhere["entries"] == [] and nowhere["total"] == 0
        other = create(sqlite_served.api, "kosmonauts", 2, seed=4)
        wrong = httpx.get(
            f"{sqlite_served.api}{base}/notes",
            headers={"Authorization": f"Bearer {other.token('ann')}"},
        )
        assert problem(wrong, 403)
        other.close()
        assert problem(match.client(None).get(f"{base}/notes", params={"as": "ann"}), 401)
        assert problem(httpx.get(f"{sqlite_served.api}/matches/not-a-uuid/menu"), 404)
    finally:
        match.close()


def test_notes_are_read_as_the_log_gives_them(sqlite_served: Served) -> None:
    match = create(sqlite_served.api, "kosmonauts", 2, seed=5)
    try:
        base = f"/matches/{match.id}"
        added = match.client("ann").post(f"{base}/notes", json={"step": 1, "text": "mine"})
        assert added.status_code == 201, added.text
        by_referee = match.client("referee").post(
            f"{base}/notes", params={"as": "referee"}, json={"step": 1, "text": "the ref's"}
        )
        assert by_referee.status_code == 201, by_referee.text
        assert [n["text"] for n in match.client("ann").get(f"{base}/notes").json()] == ["mine"]
        assert match.client("ben").get(f"{base}/notes").json() == []
        assert match.client(None).get(f"{base}/notes").json() == []
        everything = match.client("referee").get(f"{base}/notes").json()
        assert [n["author"] for n in everything] == ["ann", "referee"]
        log = match.client("ann").get(f"{base}/log").json()
        assert log["notes"] == match.client("ann").get(f"{base}/notes").json()
    finally:
        match.close()


def test_an_open_record_reads_from_every_perspective_a_running_one_does_not(
    sqlite_served: Served,
) -> None:
    match = create(sqlite_served.api, "kosmonauts", 2, {"max_rounds": 1}, seed=11)
    try:
        base = f"/matches/{match.id}"
        anyone = match.client(None)
        assert problem(anyone.get(f"{base}/picture", params={"as": "ann"}), 401)
        while (row := anyone.get(base).json())["status"] != "over":
            seat = row["to_move"][0]
            listed = match.client(seat).get(f"{base}/moves").json()
            answer = match.client(seat).post(
                f"{base}/decisions", json={"command": listed["commands"][0]},
                headers={"If-Match": f'"{listed["version"]}"'},
            )  # fmt: skip
            assert answer.status_code == 200, answer.text
        as_ann = anyone.get(f"{base}/picture", params={"as": "ann"}).json()
        assert as_ann["as"] == "ann"
        assert [p["seat"] for p in as_ann["panels"]] in ([], ["ann"])  # what ann saw
        spectator = anyone.get(f"{base}/picture").json()
        assert [p["seat"] for p in spectator["panels"]] in ([], match.seats)
        assert (
            anyone.get(f"{base}/timeline", params={"as": "referee"}).json()["viewer"] == "referee"
        )
        assert problem(anyone.get(f"{base}/timeline", params={"as": "nobody"}), 422)
    finally:
        match.close()


def test_a_running_match_forks_for_its_referee_only(sqlite_served: Served) -> None:
    match = create(sqlite_served.api, "race-for-the-galaxy", 2, seed=12)
    try:
        base = f"/matches/{match.id}"
        # A fork's tokens read its whole state: while the record is closed, a seat or anyone
        # forking would read the other seats' hands through the fork's referee token.
        assert problem(match.client(None).post(f"{base}/fork", json={"at": 1}), 401)
        assert problem(match.client("ann").post(f"{base}/fork", json={"at": 1}), 403)
        assert problem(match.client("referee").post(f"{base}/fork", json={"at": 0}), 400)
        assert problem(match.client("referee").post(f"{base}/fork", json={"at": 99}), 400)
        assert problem(match.client("referee").post(f"{base}/fork", json={"at": "x"}), 400)
        made = match.client("referee").post(f"{base}/fork", json={"at": 1})
        assert made.status_code == 201, made.text
        assert set(made.json()["tokens"]["seats"]) == set(match.seats)
    finally:
        match.close()
