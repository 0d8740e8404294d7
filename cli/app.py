"""The starledger command line (typer)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.progress import Progress

from cli.output import (
    UserError,
    console,
    fail,
    print_json,
    reports_errors,
    say,
    table,
)
from cli.simulate import SEAT_NAMES, Tally, play_bot_match, save_replay, timed_bot_match
from domain.game import IllegalMove, places_from_keys
from domain.match import Match
from domain.registry import all_games, rules_for
from projections.match_log import describe, match_log, viewer_for
from projections.replays import ReplayError, check_chain, dumps, export_lines, parse, rerun
from store.ledger import Ledger

app = typer.Typer(
    name="starledger",
    help="Record, replay, audit, undo and inspect board games, one immutable decision at a time.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

Store = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar="STARLEDGER_STORE",
        help="Store URL: sqlite:///path (default sqlite:///./starledger.db), memory://, "
        "postgresql://user@host/db or redis://host:port/db.",
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Machine-readable JSON output.")]
MatchId = Annotated[
    str, typer.Argument(help="Match id (or a unique prefix of at least 4 characters).")
]
AsSeat = Annotated[str, typer.Option("--as", help="The seat name given to `new`.")]
AsViewer = Annotated[
    str | None,
    typer.Option("--as", help="A seat name, 'spectator' (the default) or 'referee' (everything)."),
]
ExpectVersion = Annotated[
    int | None,
    typer.Option(
        "--expect-version", help="Refuse with a conflict unless the match is at this version."
    ),
]


def _ledger(store: str | None) -> Ledger:
    return Ledger(store)


def main() -> None:
    app()


# -- games and matches --------------------------------------------------------------------------


@app.command()
@reports_errors
def games(json: Json = False) -> None:
    """The games, their player counts and option names."""
    rows = [
        {
            "slug": rules.slug,
            "name": rules.name,
            "seats": f"{rules.min_seats}-{rules.max_seats}",
            "options": {name: rules.option_help.get(name, "") for name in rules.option_names()},
            "defaults": msgspec.to_builtins(rules.options()),
        }
        for rules in all_games()
    ]
    if json:
        print_json(rows)
        return
    table(
        "Games",
        ["game", "name", "seats", "options (default)"],
        [
            [
                r["slug"],
                r["name"],
                r["seats"],
                ", ".join(f"{k}={v}" for k, v in r["defaults"].items()),
            ]
            for r in rows
        ],
    )


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"option {pair!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


@app.command()
@reports_errors
def new(
    game: Annotated[str, typer.Argument(help="Game slug (see `starledger games`).")],
    seat: Annotated[
        list[str], typer.Option("--seat", help="A seat name, in seating order; repeat.")
    ],
    seed: Annotated[
        int | None, typer.Option(help="Seed for every chance draw (random if not given).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="A game option KEY=VALUE; repeat.")
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Start a match; prints its id."""
    ledger = _ledger(store)
    match = ledger.new_match(game, seat, _parse_options(option or []), seed)
    if json:
        print_json({"match": str(match.id), "version": match.version})
    else:
        say(str(match.id))


@app.command()
@reports_errors
def matches(
    game: Annotated[str | None, typer.Option(help="Only matches of this game.")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Every match: id, game, seats, status, decisions so far."""
    ledger = _ledger(store)
    rows = []
    for ident in ledger.match_ids():
        match = ledger.match(ident)
        if game and match.game != game:
            continue
        result = match.result
        rows.append(
            {
                "match": str(match.id),
                "game": match.game,
                "seats": list(match.seats),
                "status": match.status,
                "decisions": match.decisions,
                "version": match.version,
                "winners": [match.seats[s] for s in result.winners] if result else [],
            }
        )
    if json:
        print_json(rows)
        return
    table(
        "Matches",
        ["match", "game", "seats", "status", "decisions", "winners"],
        [
            [
                r["match"],
                r["game"],
                ", ".join(r["seats"]),
                r["status"],
                r["decisions"],
                ", ".join(r["winners"]),
            ]
            for r in rows
        ],
    )


# -- playing ------------------------------------------------------------------------------------


@app.command()
@reports_errors
def moves(match_id: MatchId, as_: AsSeat, store: Store = None, json: Json = False) -> None:
    """The legal commands of a seat now, each as the exact JSON `play` accepts."""
    match = _ledger(store).match(match_id)
    seat = match.seat_of(as_)
    legal = list(match.rules.legal(match.state, seat)) if seat in match.to_move else []
    if json:
        print_json(legal)
        return
    for command in legal:
        say(msgspec.json.encode(command).decode())


@app.command()
@reports_errors
def play(
    match_id: MatchId,
    command: Annotated[
        str, typer.Argument(help='The command as JSON, e.g. \'{"type": "BuyRocket"}\'.')
    ],
    as_: AsSeat,
    expect_version: ExpectVersion = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Apply one decision; prints what happened as that seat sees it."""
    match, outcome = _ledger(store).play(match_id, as_, command, expect_version)
    viewer = viewer_for(match, as_)
    over = match.result is not None
    seen = [msgspec.to_builtins(e) for e in outcome if viewer.sees(e, over)]
    if json:
        print_json(
            {
                "match": str(match.id),
                "version": match.version,
                "events": seen,
                "to_move": _names(match, match.to_move),
            }
        )
        return
    for event in seen:
        say(describe(event, match.seats))
    _say_turn(match)


def _undo_redo(
    kind: str, match_id: str, seat: str, expect: int | None, store: str | None, json: bool
) -> None:
    ledger = _ledger(store)
    match, entry = (ledger.undo if kind == "undo" else ledger.redo)(match_id, seat, expect)
    if json:
        print_json(
            {
                "match": str(match.id),
                "version": match.version,
                "decision": entry.decision,
                "command": entry.command,
            }
        )
        return
    verb = "undone" if kind == "undo" else "redone"
    say(f"{verb}: decision {entry.decision} {msgspec.json.encode(entry.command).decode()}")
    _say_turn(match)


@app.command()
@reports_errors
def undo(
    match_id: MatchId,
    as_: AsSeat,
    expect_version: ExpectVersion = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Take back your own latest decision (if it revealed nothing and no one has decided since)."""
    _undo_redo("undo", match_id, as_, expect_version, store, json)


@app.command()
@reports_errors
def redo(
    match_id: MatchId,
    as_: AsSeat,
    expect_version: ExpectVersion = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Make your latest undone decision again (until a new decision is made)."""
    _undo_redo("redo", match_id, as_, expect_version, store, json)


# -- looking ------------------------------------------------------------------------------------


def _names(match: Match, seats: frozenset[int] | tuple[int, ...]) -> list[str]:
    return [match.seats[s] for s in sorted(seats)]


def _say_turn(match: Match) -> None:
    result = match.result
    if result is not None:
        winners = ", ".join(match.seats[s] for s in result.winners)
        say(f"version {match.version}; the match is over ({result.reason}); winner: {winners}")
    else:
        say(f"version {match.version}; to move: {', '.join(_names(match, match.to_move))}")


def _scoreboard(match: Match) -> dict[str, Any]:
    result = match.result
    scores = result.scores if result else match.rules.score(match.state)
    places = result.places if result else places_from_keys([(s,) for s in scores])
    return {
        "match": str(match.id),
        "game": match.game,
        "version": match.version,
        "status": match.status,
        "seats": [
            {"seat": name, "score": scores[i], "place": places[i]}
            for i, name in enumerate(match.seats)
        ],
        "winners": [match.seats[s] for s in result.winners] if result else [],
        "reason": result.reason if result else None,
    }


def _show(match: Match, viewer_name: str | None, json: bool) -> None:
    viewer = viewer_for(match, viewer_name)
    rules = match.rules
    board = _scoreboard(match)
    if viewer.referee:
        view: Any = match.state
        text = None
    else:
        view = rules.view(match.state, viewer.seat)
        text = rules.render(view, match.seats)
    if json:
        print_json(
            {
                "match": str(match.id),
                "game": match.game,
                "version": match.version,
                "as": viewer.label(match.seats),
                "to_move": _names(match, match.to_move),
                "scores": board["seats"],
                "winners": board["winners"],
                "view": view,
            }
        )
        return
    say(
        f"{rules.name} — match {match.id} — version {match.version} — as {viewer.label(match.seats)}"
    )
    say(text if text is not None else msgspec.json.format(msgspec.json.encode(view).decode()))
    say("scores: " + ", ".join(f"{s['seat']} {s['score']}" for s in board["seats"]))
    _say_turn(match)


@app.command()
@reports_errors
def show(
    match_id: MatchId,
    as_: AsViewer = None,
    at: Annotated[int | None, typer.Option(help="After stored event N (default: now).")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """The state as a seat (or a spectator, or the referee) sees it, with whose turn and the scores."""
    ledger = _ledger(store)
    if at is not None:
        latest = ledger.match(match_id)
        if not 1 <= at <= latest.version:
            raise UserError(f"--at must be between 1 and {latest.version}")
    _show(ledger.match(match_id, version=at), as_, json)


@app.command()
@reports_errors
def log(match_id: MatchId, as_: AsViewer = None, store: Store = None, json: Json = False) -> None:
    """The match decision by decision, redacted for that seat."""
    ledger = _ledger(store)
    match = ledger.match(match_id)
    entries = match_log(ledger.stored_events(match.id), viewer_for(match, as_))
    if json:
        print_json(entries)
        return
    for entry in entries:
        if entry.kind == "Started":
            head = (
                f"{entry.version:>4} {entry.at} started {match.game} with {', '.join(match.seats)}"
            )
        elif entry.kind == "Decided":
            what = "(sealed)" if entry.sealed else msgspec.json.encode(entry.command).decode()
            head = f"{entry.version:>4} {entry.at} {entry.seat}: {what}"
        else:
            head = f"{entry.version:>4} {entry.at} {entry.seat}: {entry.kind.lower()} decision {entry.decision}"
        say(head)
        for event in entry.events:
            say("       " + describe(event, match.seats))


@app.command()
@reports_errors
def score(match_id: MatchId, store: Store = None, json: Json = False) -> None:
    """Scores and places; the winner once the match is over."""
    board = _scoreboard(_ledger(store).match(match_id))
    if json:
        print_json(board)
        return
    title = f"{board['game']} {board['match']} ({board['status']})"
    table(
        title,
        ["seat", "score", "place"],
        [[s["seat"], s["score"], s["place"]] for s in board["seats"]],
    )
    if board["winners"]:
        say(f"winner: {', '.join(board['winners'])} ({board['reason']})")


# -- replays ------------------------------------------------------------------------------------


@app.command()
@reports_errors
def export(
    match_id: MatchId,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="File to write (default: stdout).")
    ] = None,
    store: Store = None,
) -> None:
    """The match as a hash-chained JSON Lines replay."""
    text = dumps(export_lines(_ledger(store).stored_events(match_id)))
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text)


@app.command("import")
@reports_errors
def import_(
    file: Annotated[Path, typer.Argument(help="A replay file.")],
    store: Store = None,
    json: Json = False,
) -> None:
    """Verify a replay file and store it as a new match; prints the new match id."""
    match = rerun(parse(file.read_text()))
    ledger = _ledger(store)
    ledger.save(match)
    if json:
        print_json({"match": str(match.id), "version": match.version})
    else:
        say(str(match.id))


def _is_file(target: str) -> bool:
    return Path(target).exists()


@app.command()
@reports_errors
def replay(
    target: Annotated[str, typer.Argument(help="A replay file or a match id.")],
    to: Annotated[int | None, typer.Option(help="Stop after stored event N.")] = None,
    as_: AsViewer = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """The view after event N of a recorded game."""
    if _is_file(target):
        lines = parse(Path(target).read_text())
        total = len(lines) - 2
        if to is not None and not 1 <= to <= total:
            raise UserError(f"--to must be between 1 and {total}")
        match = rerun(lines, upto=to)
    else:
        ledger = _ledger(store)
        latest = ledger.match(target)
        if to is not None and not 1 <= to <= latest.version:
            raise UserError(f"--to must be between 1 and {latest.version}")
        match = ledger.match(target, version=to)
    _show(match, as_, json)


def _verify_targets(targets: list[str], store: str | None) -> list[tuple[str, str | None]]:
    """(name, first problem or None) for every file, directory entry and match id given."""
    results: list[tuple[str, str | None]] = []
    ledger: Ledger | None = None
    for target in targets:
        path = Path(target)
        if path.is_dir():
            files = sorted(path.rglob("*.jsonl"))
            if not files:
                results.append((target, "no .jsonl replay files in this folder"))
            results.extend((str(f), _verify_text(f.read_text())) for f in files)
        elif path.exists():
            results.append((target, _verify_text(path.read_text())))
        else:
            ledger = ledger or _ledger(store)
            try:
                text = dumps(export_lines(ledger.stored_events(target)))
            except LookupError as exc:
                results.append((target, str(exc)))
                continue
            results.append((target, _verify_text(text)))
    return results


def _verify_text(text: str) -> str | None:
    try:
        rerun(parse(text))
    except ReplayError as exc:
        return str(exc)
    return None


@app.command()
@reports_errors
def verify(
    targets: Annotated[list[str], typer.Argument(help="Replay files, folders or match ids.")],
    store: Store = None,
    json: Json = False,
) -> None:
    """Re-run every recorded command and check outcomes, hash chain and final scores."""
    results = _verify_targets(targets, store)
    bad = [(name, problem) for name, problem in results if problem]
    if json:
        print_json([{"target": n, "ok": p is None, "problem": p} for n, p in results])
    else:
        for name, problem in results:
            say(
                f"{'ok ' if problem is None else 'BAD'} {name}"
                + (f": {problem}" if problem else "")
            )
    if bad:
        raise typer.Exit(1)


@app.command("check-replay", hidden=True)
@reports_errors
def check_replay(file: Path) -> None:
    """Check only the hash chain of a replay file."""
    check_chain(parse(file.read_text()))
    say("chain intact")


# -- bots ---------------------------------------------------------------------------------------


@app.command()
@reports_errors
def simulate(
    game: Annotated[str, typer.Argument(help="Game slug.")],
    matches_: Annotated[int, typer.Option("--matches", min=1, help="How many matches.")] = 10,
    seats: Annotated[int, typer.Option(help="Seats per match.")] = 2,
    seed: Annotated[int, typer.Option(help="Seed of the first match; the next ones count up.")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="A game option KEY=VALUE.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Also write each match as a replay file here.")
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Random legal bots play full matches into the store."""
    rules = rules_for(game)
    if not rules.min_seats <= seats <= min(rules.max_seats, len(SEAT_NAMES)):
        raise IllegalMove(
            "BAD_SEATS", f"{rules.name} takes {rules.min_seats}-{rules.max_seats} seats"
        )
    options = _parse_options(option or [])
    rules.options(options)
    ledger = _ledger(store)
    tally = Tally()
    with Progress(console=console, transient=True, disable=json) as progress:
        task = progress.add_task(f"{game} x{matches_}", total=matches_)
        for k in range(matches_):
            match = timed_bot_match(ledger, game, seats, seed + k, options, tally)
            if out is not None:
                save_replay(ledger, match, out)
            progress.advance(task)
    summary = {"game": game, "seats": seats} | tally.summary(seats)
    if json:
        print_json(summary)
        return
    table(
        f"simulate {game}",
        ["matches", "decisions", "mean score", "wins by seat", "decisions/s"],
        [
            [
                summary["matches"],
                summary["decisions"],
                summary["mean_score"],
                ", ".join(f"{k} {v:g}" for k, v in summary["wins"].items()),
                summary["decisions_per_second"],
            ]
        ],
    )


@app.command()
@reports_errors
def record(
    game: Annotated[str, typer.Argument(help="Game slug.")],
    out: Annotated[Path, typer.Option(help="Folder for the replay files.")],
    seats: Annotated[int, typer.Option(help="Seats per match.")] = 2,
    count: Annotated[int, typer.Option(help="How many matches to keep.")] = 1,
    want: Annotated[
        list[str] | None, typer.Option(help="Keep only matches with this game event type; repeat.")
    ] = None,
    undo_rate: Annotated[
        float, typer.Option(help="How often a bot undoes a decision it may undo.")
    ] = 0.0,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="A game option KEY=VALUE.")
    ] = None,
    seed: Annotated[int, typer.Option(help="First seed to try.")] = 1,
    tries: Annotated[int, typer.Option(help="Give up after this many matches.")] = 500,
) -> None:
    """Record bot matches that show the wanted events as replay files (for `replays/`)."""
    wanted = set(want or [])
    options = _parse_options(option or [])
    ledger = Ledger("memory://")
    kept = 0
    for k in range(tries):
        match = play_bot_match(game, seats, seed + k, options, undo_rate)
        kinds = {type(e).__name__ for e in match.pending_events}
        shown = {type(g).__name__ for e in match.pending_events for g in getattr(e, "outcome", [])}
        if not wanted <= shown or (undo_rate and not {"Undone", "Redone"} <= kinds):
            continue
        ledger.save(match)
        say(str(save_replay(ledger, match, out)))
        kept += 1
        if kept == count:
            return
    raise UserError(f"only {kept} of {count} matches showed {sorted(wanted)} in {tries} tries")


@app.command()
@reports_errors
def demo(
    store: Store = None, seed: Annotated[int, typer.Option(help="Seed of the bot matches.")] = 2026
) -> None:
    """Play a full bot match of every game into the store, print each scoreboard, verify each log."""
    ledger = _ledger(store)
    console.print(f"store: {ledger.url}")
    failures = 0
    for rules in all_games():
        seats = min(max(rules.min_seats, 3), rules.max_seats)
        tally = Tally()
        match = timed_bot_match(ledger, rules.slug, seats, seed, None, tally)
        board = _scoreboard(match)
        table(
            f"{rules.name} — match {match.id} — {match.decisions} decisions — {board['reason']}",
            ["seat", "score", "place"],
            [[s["seat"], s["score"], s["place"]] for s in board["seats"]],
        )
        problem = _verify_text(dumps(export_lines(ledger.stored_events(match.id))))
        say(
            f"winner: {', '.join(board['winners'])}; log verified: "
            f"{'yes' if problem is None else 'NO: ' + problem}"
        )
        failures += problem is not None
    if failures:
        raise fail(f"{failures} log(s) did not verify")
