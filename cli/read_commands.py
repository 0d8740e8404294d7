"""Looking at matches, served from the projections: matches, show, log, score, leaderboard, follow."""

from __future__ import annotations

import queue
import threading
import time
from typing import Annotated, Any

import msgspec
import typer

from cli.base import AsViewer, Json, MatchId, Store, app, caught_up, open_ledger
from cli.output import UserError, print_json, reports_errors, say, table
from domain.match import Match
from domain.registry import rules_for
from projections.match_log import LogEntry, describe, match_log, viewer_for
from projections.projectors import SPECTATOR, view_doc
from projections.replays import event_line
from projections.runner import Projections, live_notifications
from store.ledger import Ledger, MatchNotFound

STATUSES = ("setting up", "in play", "over")


def _index(projections: Projections, ledger: Ledger, match_id: str) -> dict[str, Any]:
    ident = ledger.resolve(match_id)
    doc = projections["index"].doc(str(ident), {})
    if doc is None:
        raise MatchNotFound(f"no match {match_id}")
    return doc


@app.command()
@reports_errors
def matches(
    game: Annotated[str | None, typer.Option(help="Only matches of this game.")] = None,
    seat: Annotated[str | None, typer.Option(help="Only matches with a seat of this name.")] = None,
    status: Annotated[
        str | None, typer.Option(help="Only matches in this status: setting up, in play, over.")
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Every match: id, game, seats, status, decisions, created and last move, winner."""
    if status is not None and status not in STATUSES:
        raise UserError(f"--status must be one of: {', '.join(STATUSES)}")
    _, projections = caught_up(store)
    rows = [msgspec.json.decode(doc) for _, doc in projections["index"].recorder.scan()]
    rows = [
        r for r in rows
        if (game is None or r["game"] == game) and (seat is None or seat in r["seats"])
        and (status is None or r["status"] == status)
    ]  # fmt: skip
    rows.sort(key=lambda r: (r["created"], r["match"]))
    if json:
        print_json(rows)
        return
    table(
        "Matches",
        ["match", "game", "seats", "status", "decisions", "last move", "winners"],
        [[r["match"], r["game"], ", ".join(r["seats"]), r["status"], r["decisions"],
          r["last_move"], ", ".join(r["winners"])] for r in rows],
    )  # fmt: skip


def print_view(doc: dict[str, Any], json: bool) -> None:
    if json:
        print_json({k: v for k, v in doc.items() if k != "text"})
        return
    rules = rules_for(doc["game"])
    say(f"{rules.name} — match {doc['match']} — version {doc['version']} — as {doc['as']}")
    say(doc["text"])
    say("scores: " + ", ".join(f"{s['seat']} {s['score']}" for s in doc["scores"]))
    if doc["winners"]:
        say(f"the match is over; winner: {', '.join(doc['winners'])}")
    else:
        say(f"to move: {', '.join(doc['to_move'])}")


def show_match(match: Match, as_: str | None, json: bool) -> None:
    viewer = viewer_for(match.seats, as_)
    name = "referee" if viewer.referee else SPECTATOR if viewer.seat is None else as_
    print_view(view_doc(match, str(name)), json)


@app.command()
@reports_errors
def show(
    match_id: MatchId,
    as_: AsViewer = None,
    at: Annotated[int | None, typer.Option(help="After stored event N (default: now).")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """The state as a seat (or a spectator, or the referee) sees it, with whose turn and scores."""
    if at is not None or as_ == "referee":
        ledger = open_ledger(store)
        latest = ledger.match(match_id)
        if at is not None and not 1 <= at <= latest.version:
            raise UserError(f"--at must be between 1 and {latest.version}")
        show_match(ledger.match(match_id, version=at), as_, json)
        return
    ledger, projections = caught_up(store)
    index = _index(projections, ledger, match_id)
    viewer = viewer_for(index["seats"], as_)
    name = SPECTATOR if viewer.seat is None else index["seats"][viewer.seat]
    print_view(projections["views"].doc(f"{index['match']}/{name}", {}), json)


def print_log(entries: list[LogEntry], seats: list[str], game: str) -> None:
    for entry in entries:
        if entry.kind == "Started":
            head = f"started {game} with {', '.join(seats)}"
        elif entry.kind == "Decided":
            head = f"{entry.seat}: " + (
                "(sealed)" if entry.sealed else msgspec.json.encode(entry.command).decode()
            )
        else:
            head = f"{entry.seat}: {entry.kind.lower()} decision {entry.decision}"
        say(f"{entry.version:>4} {entry.at} {head}")
        for event in entry.events:
            say("       " + describe(event, seats))


@app.command()
@reports_errors
def log(match_id: MatchId, as_: AsViewer = None, store: Store = None, json: Json = False) -> None:
    """The match decision by decision, redacted for that seat (from the audit log)."""
    ledger, projections = caught_up(store)
    index = _index(projections, ledger, match_id)
    docs = projections["audit"].recorder.scan(f"{index['match']}/")
    header, *lines = [msgspec.json.decode(doc) for _, doc in docs]
    opened = index["status"] == "over" and not header.get("sealed_log")
    viewer = viewer_for(index["seats"], as_)
    entries = match_log(lines, rules_for(index["game"]), index["seats"], viewer, opened)
    if json:
        print_json(entries)
    else:
        print_log(entries, index["seats"], index["game"])


@app.command()
@reports_errors
def score(match_id: MatchId, store: Store = None, json: Json = False) -> None:
    """Scores and places; the winner once the match is over."""
    ledger, projections = caught_up(store)
    index = _index(projections, ledger, match_id)
    board = projections["scores"].doc(f"{index['game']}/{index['match']}", {})
    if json:
        print_json(board)
        return
    table(
        f"{board['game']} {board['match']} ({board['status']})",
        ["seat", "score", "place"],
        [[s["seat"], s["score"], s["place"]] for s in board["seats"]],
    )
    if board["winners"]:
        say(f"winner: {', '.join(board['winners'])} ({board['reason']})")


@app.command()
@reports_errors
def leaderboard(
    game: Annotated[str, typer.Argument(help="Game slug.")], store: Store = None, json: Json = False
) -> None:
    """Across all finished matches of a game: matches, wins, win rate, mean score per seat name."""
    rules_for(game)
    _, projections = caught_up(store)
    tally: dict[str, dict[str, float]] = {}
    for _, doc in projections["scores"].recorder.scan(f"{game}/"):
        board = msgspec.json.decode(doc)
        if board["status"] != "over":
            continue
        for seat in board["seats"]:
            row = tally.setdefault(seat["seat"], {"matches": 0, "wins": 0, "score": 0})
            row["matches"] += 1
            row["wins"] += seat["seat"] in board["winners"]
            row["score"] += seat["score"]
    rows: list[dict[str, Any]] = sorted(
        (
            {
                "seat": name,
                "matches": int(row["matches"]),
                "wins": int(row["wins"]),
                "win_rate": round(row["wins"] / row["matches"], 3),
                "mean_score": round(row["score"] / row["matches"], 2),
            }
            for name, row in tally.items()
        ),
        key=lambda r: (-r["win_rate"], -r["mean_score"], r["seat"]),
    )
    if json:
        print_json(rows)
        return
    table(
        f"{rules_for(game).name} leaderboard",
        ["seat", "matches", "wins", "win rate", "mean score"],
        [[r["seat"], r["matches"], r["wins"], f"{r['win_rate']:.0%}", r["mean_score"]]
         for r in rows],
    )  # fmt: skip


@app.command()
@reports_errors
def follow(
    match_id: MatchId,
    as_: AsViewer = None,
    timeout: Annotated[
        float | None, typer.Option(help="Stop after this many seconds (default: at the end).")
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Print each new decision of a match as it lands, as that seat sees it."""
    ledger = open_ledger(store)
    match = ledger.match(match_id)
    viewer = viewer_for(match.seats, as_)
    rules = match.rules
    stop = threading.Event()
    found = live_notifications(ledger, ledger.recorder.max_notification_id() or 0, stop)
    ends = None if timeout is None else time.monotonic() + timeout
    if not json:
        say(f"following {match.id} at version {match.version} as {viewer.label(match.seats)}")
    try:
        while match.result is None and (ends is None or time.monotonic() < ends):
            try:
                notification = found.get(timeout=0.1)
            except queue.Empty:
                continue
            if notification.originator_id != match.id:
                continue
            if notification.originator_version != match.version + 1:
                match = ledger.match(match.id, version=notification.originator_version - 1)
            event: Any = ledger.mapper.to_domain_event(notification)
            event.mutate(match)
            opened = match.result is not None and not match.sealed_log
            entries = match_log([event_line(match, event)], rules, match.seats, viewer, opened)
            if json:
                print_json(entries[0])
            else:
                print_log(entries, list(match.seats), match.game)
    finally:
        stop.set()
