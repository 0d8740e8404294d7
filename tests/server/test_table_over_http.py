"""A game played at a table, entered over HTTP (issue #24): the table's token, chance nodes in the
moves listing, chance given through the decisions endpoint, a withdrawn entry, the table record
out and in, and only the table giving chance."""

from __future__ import annotations

import json
from typing import Any

import httpx

from api.remote import RemoteClient
from cli.simulate import play_bot_match
from cli.table_commands import table_menu
from records.table_record import dumps_table, table_lines
from store.ledger import Ledger
from tests.server.conftest import Served

GAME = "duck-dealer"
OPTIONS = {"max_rounds": 2}


def _record() -> list[dict[str, Any]]:
    """A short house match of Duck Dealer, written as the table record a club would type in."""
    match = play_bot_match(GAME, 2, 11, OPTIONS, smart=True)
    ledger = Ledger("memory://")
    ledger.save(match)
    return table_lines(ledger.stored_events(match.id))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_table_match_is_entered_to_its_end_over_http(sqlite_served: Served) -> None:
    record = _record()
    header, lines = record[0], record[1:]
    with httpx.Client(base_url=sqlite_served.api, timeout=30) as http:
        made = http.post(
            "/matches", json={"game": GAME, "seats": header["seats"], "options": OPTIONS,
                              "table": True},
        )  # fmt: skip
        assert made.status_code == 201, made.text
        created = made.json()
        match, tokens = created["match"], created["tokens"]
        assert created["chance"] == "table" and tokens["table"]
        table = _bearer(tokens["table"])
        version = created["version"]
        listing = http.get(f"/matches/{match}/moves", headers=table).json()
        assert listing["seat"] == "table" and listing["to_move"] and listing["asking"]
        assert len(listing["commands"]) == len(listing["names"]) == len(listing["counts"])
        with RemoteClient(sqlite_served.api.removesuffix("/api/v1"), tokens["table"]) as remote:
            menu = table_menu(remote, match)  # what `moves --as table` shows through the server
            assert menu.asking == listing["asking"] and menu.seat == "table"
            assert [e.command for e in menu.entries] == listing["commands"]

        # Only the table gives chance; the referee and the seats may not.
        first = lines[0]
        for other in (tokens["referee"], tokens["seats"][header["seats"][0]]):
            refused = http.post(
                f"/matches/{match}/decisions", json={"chance": first["chance"]},
                headers={**_bearer(other), "If-Match": f'"{version}"'},
            )  # fmt: skip
            assert refused.status_code == 403, refused.text
        # A mistyped outcome is named and stores nothing; a withdrawn one is taken back.
        impossible = http.post(
            f"/matches/{match}/decisions", json={"chance": "NO_SUCH_TILE"},
            headers={**table, "If-Match": f'"{version}"'},
        )  # fmt: skip
        assert impossible.status_code == 422
        assert impossible.json()["code"] == "IMPOSSIBLE_OUTCOME"
        given = http.post(
            f"/matches/{match}/decisions", json={"chance": first["chance"]},
            headers={**table, "If-Match": f'"{version}"'},
        )  # fmt: skip
        assert given.status_code == 200, given.text
        withdrawn = http.post(
            f"/matches/{match}/undo", headers={**table, "If-Match": f'"{given.json()["version"]}"'}
        )
        assert withdrawn.status_code == 200, withdrawn.text
        version = withdrawn.json()["version"]

        for line in lines:
            if "chance" in line:
                body, who = {"chance": line["chance"]}, table
            else:
                moves = http.get(
                    f"/matches/{match}/moves", headers=_bearer(tokens["seats"][line["seat"]])
                ).json()
                wanted = _command(line["play"], moves["commands"], header)
                body, who = {"command": wanted}, _bearer(tokens["seats"][line["seat"]])
            sent = http.post(
                f"/matches/{match}/decisions", json=body,
                headers={**who, "If-Match": f'"{version}"'},
            )  # fmt: skip
            assert sent.status_code == 200, (line, sent.text)
            version = sent.json()["version"]
        assert sent.json()["status"] == "over"

        exported = http.get(f"/matches/{match}/export", params={"table": "true"}, headers=table)
        assert exported.status_code == 200
        assert [json.loads(x) for x in exported.text.splitlines()] == record
        forbidden = http.get(
            f"/matches/{match}/export", params={"table": "true"},
            headers=_bearer(tokens["seats"][header["seats"][0]]),
        )  # fmt: skip
        assert forbidden.status_code == 403
        verdict = http.get(f"/matches/{match}/verdict", headers=table)
        assert verdict.status_code == 200 and "given by the table" in verdict.text

        imported = http.post(
            "/tables/import", content=dumps_table(record),
            headers={"Content-Type": "application/x-ndjson"},
        )  # fmt: skip
        assert imported.status_code == 201, imported.text
        again = imported.json()
        assert again["tokens"]["table"] and again["match"] != match
        scores = [http.get(f"/matches/{m}/scores").json()["seats"] for m in (match, again["match"])]
        assert scores[0] == scores[1]
        bad = http.post(
            "/tables/import", content=dumps_table([header, {"chance": "NO_SUCH_TILE"}]),
            headers={"Content-Type": "application/x-ndjson"},
        )  # fmt: skip
        assert bad.status_code == 400 and "line 2" in bad.json()["detail"]


def _command(written: str, offered: list[dict[str, Any]], header: dict[str, Any]) -> Any:
    """The listed command whose written form is `written` (the record writes what was played)."""
    from domain.registry import rules_for
    from forms.command_forms import command_text

    rules = rules_for(GAME)
    for command in offered:
        if command_text(command, rules, header["seats"]) == written:
            return command
    return {"written": written}  # not listed (a sampled space): refused, and the test says so
