"""A game played at a table, entered from the command line (issue #24): new --table, the
table's listing and entries, a withdrawn card, the table record out and in, and verify."""

from __future__ import annotations

import json
from pathlib import Path


def test_a_table_match_from_the_command_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    made = json.loads(
        cli("new", "toy", "--seat", "ann", "--seat", "ben", "--table", "--option", "pile=4",
            "--json")
    )  # fmt: skip
    match = made["match"]
    assert made["chance"] == "table" and made["seed_commitment"] == ""
    listed = cli("moves", match, "--as", "table")
    assert "the table to give at version 1: the card turned up: one of the 9 in the pile" in listed
    assert "the 7 of stars  (x2)" in listed
    outcomes = json.loads(cli("moves", match, "--as", "table", "--json"))
    assert [o["chance"] for o in outcomes] == [1, 2, 3, 4, 5, 6, 7, 9]
    assert "not to move; waiting for: table" in cli("moves", match, "--as", "ann")
    refused = cli("play", match, '{"type":"Draw"}', "--as", "ann", code=1)
    assert refused.startswith("error: AWAITING_CHANCE: the match waits for the table")
    cli("play", match, "7", "--as", "table")  # number 7 of the listing: the 7 of stars
    assert "to move: ann" in cli("show", match, "--as", "ann")
    cli("play", match, '{"type":"Draw"}', "--as", "ann")
    assert "IMPOSSIBLE_OUTCOME: 8 cannot be the card ann draws" in cli(
        "play", match, "chance=8", "--as", "table", code=1
    )
    cli("play", match, "chance=3", "--as", "table")
    cli("undo", match, "--as", "table")  # a mistyped card: ann's Draw waits for it again
    assert "the card ann draws" in cli("moves", match, "--as", "table")
    played = json.loads(cli("play", match, "the", "5", "of", "stars", "--as", "table", "--json"))
    assert {"type": "DrewCard", "seat": 0, "card": 5} in played["events"]
    cli("play", match, "Take", "n=3", "--as", "ben")
    cli("play", match, "Take", "n=1", "--as", "ann")
    board = json.loads(cli("score", match, "--json"))
    assert board["status"] == "over"
    log = cli("log", match, "--as", "referee")
    assert "the table took back its latest entry" in log and "the table gave 3" in log

    record = tmp_path / "table.jsonl"
    cli("export", match, "--table", "-o", str(record))
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0]["format"] == "starledger-table/1" and {"chance": 5} in lines
    assert {"chance": 3} not in lines  # withdrawn
    again = json.loads(cli("import", "--table", str(record), "--json"))["match"]
    assert again != match
    assert json.loads(cli("score", again, "--json"))["seats"] == board["seats"]
    replay = tmp_path / "replay.jsonl"
    cli("export", match, "-o", str(replay))
    verdict = cli("verify", str(replay))
    assert "chance was given by the table" in verdict
    error = cli("export", match, "--table", "--as", "ben", code=1)
    assert "a table record holds every hidden outcome: it is the referee's" in error


def test_a_bad_table_record_names_its_line_and_stores_nothing(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "bad.jsonl"
    record.write_text(
        '{"format": "starledger-table/1", "game": "toy", "seats": ["ann", "ben"]}\n'
        '{"chance": 4}\n{"seat": "ann", "play": "Draw"}\n{"chance": 4}\n'
    )
    error = cli("import", "--table", str(record), code=1)
    assert error.startswith(
        "error: BAD_TABLE_RECORD: line 4: the table, for ann: Draw: IMPOSSIBLE_OUTCOME: 4 "
        "cannot be the card ann draws"
    )
    assert json.loads(cli("matches", "--json")) == []


def test_the_table_name_is_not_a_seat(cli) -> None:  # type: ignore[no-untyped-def]
    error = cli("new", "toy", "--seat", "ann", "--seat", "table", code=1)
    assert "'table' name viewers, not seats" in error


def test_a_big_pile_is_picked_by_the_first_letter(cli) -> None:  # type: ignore[no-untyped-def]
    made = json.loads(
        cli("new", "race-for-the-galaxy", "--seat", "ann", "--seat", "ben", "--table", "--json")
    )
    match = made["match"]
    cli("play", match, "chance=Epsilon Eridani (#1)", "--as", "table")  # ann's start world
    cli("play", match, "chance=Alpha Centauri (#2)", "--as", "table")  # ben's
    listed = cli("moves", match, "--as", "table")
    assert "a card ann draws:" in listed and "pick its first letter" in listed
    letters = [line for line in listed.splitlines() if line.strip().endswith("in the pile)")]
    assert letters and all("…" in line for line in letters)
    number = next(line.split()[0] for line in letters if "G…" in line)
    assert "is a letter to pick" in cli("play", match, number, "--as", "table", code=1)
    narrowed = cli("moves", match, "--as", "table", "--pick", number)
    assert "Gem World (#" in narrowed and "Alpha" not in narrowed
    again = cli("moves", match, "--as", "table", "--back")
    assert "pick its first letter" in again
    cli("moves", match, "--as", "table", "--pick", number)
    played = json.loads(cli("play", match, "1", "--as", "table", "--json"))  # the first G… card
    assert played["version"] == 4
    every = json.loads(cli("moves", match, "--as", "table", "--json"))
    assert len(every) > 30 and all("chance" in o for o in every)
