"""Looking at matches through the query layer: matches, show, log, score, leaderboard, follow."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer

from cli.base import AsViewer, Json, MatchId, Store, app, client
from cli.files import read_replay
from cli.fit import fit_text
from cli.output import (
    UserError,
    colour_wanted,
    console,
    print_json,
    reports_errors,
    safe,
    say,
    table,
    terminal_width,
)
from domain.match import Match
from domain.notes import Note
from domain.registry import rules_for
from domain.viewer import REFEREE, SPECTATOR, record_opens, viewer_for
from projections.diffs import Change, view_changes
from projections.documents import ViewDoc
from projections.match_log import LogEntry, describe, headline, match_log, told
from projections.match_log import entry as log_entry
from projections.queries import live_view
from records.replays import check_chain, rerun

if TYPE_CHECKING:
    from rich.text import Text


@app.command()
@reports_errors
def matches(
    game: Annotated[str | None, typer.Option(help="Only matches of this game.")] = None,
    seat: Annotated[str | None, typer.Option(help="Only matches with a seat of this name.")] = None,
    status: Annotated[
        str | None, typer.Option(help="Only matches in this status: setting up, in play, over.")
    ] = None,
    to_move: Annotated[
        str | None, typer.Option("--to-move", help="Only matches where this seat is to move.")
    ] = None,
    limit: Annotated[int | None, typer.Option(help="At most this many rows.")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Matches, latest move first: id, game, seats, status, decisions, to move, winner."""
    rows = client(store).matches(game=game, seat=seat, status=status, to_move=to_move, limit=limit)
    if json:
        print_json(rows)
        return
    table(
        "Matches",
        ["match", "game", "seats", "status", "decisions", "to move", "last move", "winners"],
        [[r.match, r.game, ", ".join(r.seats), r.status, r.decisions, ", ".join(r.to_move),
          r.last_move, ", ".join(r.winners)] for r in rows],
    )  # fmt: skip


VIEWER_FIELDS = frozenset({"viewer", "seat", "as", "you"})
"""Top-level view fields that say who looks, not what they know."""

SEAT_STYLES = ("red", "blue", "green", "magenta", "yellow", "cyan", "bright_red", "bright_blue")
"""One colour per seat, in seating order (rich drops colour when NO_COLOR is set)."""


def print_view(
    doc: ViewDoc,
    json: bool,
    *,
    board: str | None = None,
    panels: Sequence[tuple[str, list[Change], Any]] = (),
) -> None:
    """The board, then each panel (title, its private parts, the view they come from) in words."""
    from cli.panel_words import panel_lines

    if json:
        print_json({k: v for k, v in _builtins(doc).items() if k != "text"})
        return
    rules = rules_for(doc.game)
    say(f"{rules.name} — match {doc.match} — version {doc.version} — as {doc.as_}")
    text = fit_text(board if board is not None else doc.text, terminal_width())
    if colour_wanted():
        console().print(coloured(text, [s.seat for s in doc.scores], doc.to_move))
    else:
        say(text)
    names = [s.seat for s in doc.scores]
    for title, found, seen in panels:
        changes = [c for c in found if c.path not in VIEWER_FIELDS]
        say(f"— {title} —")
        for line in panel_lines(changes, seen, rules.narration, names, terminal_width()):
            say(line)
    say("scores: " + ", ".join(f"{s.seat} {s.score}" for s in doc.scores))
    if doc.winners:
        say(f"the match is over; winner: {', '.join(doc.winners)}")
    else:
        say(f"to move: {', '.join(doc.to_move)}")


def coloured(text: str, names: Sequence[str], to_move: Sequence[str]) -> Text:
    """The board text with every seat name in its colour, the seats to move in bold."""
    from rich.text import Text

    out = Text(safe(text))
    for index, name in enumerate(names):
        style = SEAT_STYLES[index % len(SEAT_STYLES)] + (
            " bold underline" if name in to_move else ""
        )
        out.highlight_regex(rf"(?<![\w]){re.escape(name)}(?![\w])", style)
    return out


def _builtins(doc: ViewDoc) -> dict[str, Any]:
    return dict(msgspec.to_builtins(doc))


def show_match(match: Match, as_: str | None, json: bool) -> None:
    """A loaded match (a replay's step) as `show` draws it, panels included."""
    seats = list(match.seats)
    print_view_with_panels(lambda name: live_view(match, viewer_for(seats, name)), as_, seats, json)


@app.command()
@reports_errors
def show(
    match_id: MatchId,
    as_: AsViewer = None,
    at: Annotated[int | None, typer.Option(help="After stored event N (default: now).")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """The state as a seat (or a spectator, or the referee) sees it, with whose turn and scores.
    MATCH may also be a full replay file (`--at N`: after its stored event N)."""
    if Path(match_id).is_file():
        lines = read_replay(Path(match_id))
        total = len(lines) - 2
        if at is not None and not 1 <= at <= total:
            raise UserError(f"--at must be between 1 and {total}")
        show_match(rerun(lines, upto=at), as_, json)
        return
    asks = client(store)
    row = asks.summary(match_id)
    print_view_with_panels(
        lambda name: asks.show(row.match, as_=name, at=at), as_, list(row.seats), json
    )


def print_view_with_panels(
    view: Callable[[str | None], ViewDoc], as_: str | None, seats: list[str], json: bool
) -> None:
    """A view with its panels: a seat's "what I know" (what its view shows beyond the public
    one); for the referee, the public board and what each seat knows beyond it."""
    doc = view(as_)
    if json:
        print_view(doc, json)
        return
    if doc.as_ == SPECTATOR:
        print_view(doc, json)
        return
    public = view(SPECTATOR)
    if doc.as_ == REFEREE:
        panels = []
        for name in seats:
            own = view(name).view
            panels.append((f"what {name} knows", view_changes(public.view, own), own))
        # The referee's view is the whole state: what no view shows under the same name (a
        # draw pile's order, a face-down tile) is printed as it is.
        if isinstance(doc.view, dict) and isinstance(public.view, dict):
            rest = [Change(key, after=value, kind="added") for key, value in doc.view.items()
                    if key not in public.view]  # fmt: skip
            panels.append(("the rest of the state (no view shows these fields)", rest, doc.view))
        print_view(doc, json, board=public.text, panels=panels)
    else:
        private = view_changes(public.view, doc.view)
        print_view(doc, json, panels=[("what I know (hidden from the others)", private, doc.view)])


def print_log(
    entries: list[LogEntry],
    seats: list[str],
    game: str,
    notes: Sequence[Note] = (),
    *,
    raw: bool = False,
    judged: dict[int, list[str]] | None = None,
) -> None:
    """Each entry told as a sentence (the game's narration), or with `raw` in the short form
    `play` reads."""
    rules = rules_for(game)
    noted: dict[int, list[Note]] = {}
    for note in notes:
        noted.setdefault(note.step, []).append(note)
    for entry in entries:
        head = headline(entry, seats, rules, raw=raw)
        if entry.redacted:
            head += "  [partly hidden]"
        say(f"{entry.version:>4} {entry.at} {head}")
        for event in entry.events:
            say("       " + describe(event, seats, rules, raw=raw))
        for note in noted.get(entry.version, []):
            say(f"       note by {note.author}: {note.text}")
        for line in (judged or {}).get(entry.version, []):
            say(f"       {line}")


Raw = Annotated[
    bool,
    typer.Option("--raw", help="Decisions and events in the short form `play` reads, not words."),
]


@app.command()
@reports_errors
def log(
    match_id: MatchId, as_: AsViewer = None, raw: Raw = False, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """The match decision by decision, as that viewer may read it (with commitments), told in
    the game's words (`--raw`: the short form; `--json` has both). MATCH may also be a replay
    file, full or redacted."""
    if Path(match_id).is_file():
        _log_file(Path(match_id), as_, json, raw)
        return
    asks = client(store)
    found = asks.log(match_id, as_=as_)
    if json:
        print_json(found.entries)
    else:
        from cli.annotations import step_annotations

        judged = step_annotations(asks, found.match, found.seats, found.viewer, found.opened)
        print_log(found.entries, found.seats, found.game, found.notes, raw=raw, judged=judged)


def _log_file(path: Path, as_: str | None, json: bool, raw: bool) -> None:
    lines = read_replay(path)
    check_chain(lines)
    header, events, end = lines[0], lines[1:-1], lines[-1]
    seats = [str(name) for name in header.get("seats", [])]
    rules = rules_for(str(header.get("game")))
    viewer = viewer_for(seats, as_)
    result = end.get("result")
    opened = record_opens(result is not None, bool(header.get("sealed_log")))
    full = all(not line.get("redacted") for line in events) and "seed" in end
    entries = (
        match_log(events, rules, seats, viewer, opened)
        if full
        else [told(log_entry(line), seats, rules) for line in events]  # redacted for its viewer
    )
    # The notes its writer could read travel on the end line, chained with the rest.
    notes = msgspec.convert(end.get("notes") or [], list[Note])
    if json:
        print_json(entries)
    else:
        print_log(entries, seats, str(header.get("game")), notes, raw=raw)


@app.command()
@reports_errors
def score(match_id: MatchId, store: Store = None, json: Json = False) -> None:
    """Scores and places; the winner once the match is over."""
    board = client(store).score(match_id)
    if json:
        print_json(board)
        return
    table(
        f"{board.game} {board.match} ({board.status})",
        ["seat", "score", "place"],
        [[s.seat, s.score, s.place] for s in board.seats],
    )
    if board.winners:
        say(f"winner: {', '.join(board.winners)} ({board.reason_text or board.reason})")


@app.command()
@reports_errors
def leaderboard(
    game: Annotated[str, typer.Argument(help="Game slug.")], store: Store = None, json: Json = False
) -> None:
    """Across all finished matches of a game: matches, wins, win rate, mean score per seat name."""
    rows = client(store).leaderboard(game)
    if json:
        print_json(rows)
        return
    table(
        f"{rules_for(game).name} leaderboard",
        ["seat", "matches", "wins", "win rate", "mean score"],
        [[r.seat, r.matches, r.wins, f"{r.win_rate:.0%}", r.mean_score] for r in rows],
    )


@app.command()
@reports_errors
def follow(
    match_id: MatchId,
    as_: AsViewer = None,
    timeout: Annotated[
        float | None, typer.Option(help="Stop after this many seconds (default: at the end).")
    ] = None,
    raw: Raw = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """Print each new decision of a match as it lands, as that viewer may read it."""
    asks = client(store)
    row = asks.summary(match_id)
    if not json:
        say(f"following {row.match} at version {row.version}")
    for entry in asks.follow(row.match, as_=as_, after=row.version, timeout=timeout):
        if json:
            print_json(entry)
        else:
            print_log([entry], list(row.seats), row.game, raw=raw)
