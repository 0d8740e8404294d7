"""Replay files and audits: export, import, replay, verify, record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from cli.base import (
    AsViewer,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    caught_up,
    open_ledger,
    parse_options,
)
from cli.output import UserError, print_json, reports_errors, say
from cli.read_commands import show_match
from cli.simulate import play_bot_match, save_replay
from projections.replays import ReplayError, dumps, export_lines, parse, rerun
from projections.runner import Projections
from store.ledger import Ledger, MatchNotFound


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
    text = dumps(export_lines(open_ledger(store).stored_events(match_id)))
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
    open_ledger(store).save(match)
    if json:
        print_json({"match": str(match.id), "version": match.version})
    else:
        say(str(match.id))


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
    if Path(target).exists():
        lines = parse(Path(target).read_text())
        total = len(lines) - 2
        if to is not None and not 1 <= to <= total:
            raise UserError(f"--to must be between 1 and {total}")
        match = rerun(lines, upto=to)
    else:
        ledger = open_ledger(store)
        latest = ledger.match(target)
        if to is not None and not 1 <= to <= latest.version:
            raise UserError(f"--to must be between 1 and {latest.version}")
        match = ledger.match(target, version=to)
    show_match(match, as_, json)


def verify_text(text: str) -> str | None:
    """The first problem of a replay, or None when it verifies."""
    try:
        rerun(parse(text))
    except ReplayError as exc:
        return str(exc)
    return None


def verify_stored(ledger: Ledger, projections: Projections, target: str) -> str | None:
    """A stored match: its audit log must agree with the events now in the store, entry by
    entry, and the match must verify when played again."""
    ident = ledger.resolve(target)
    audit = [msgspec.json.decode(doc) for _, doc in projections["audit"].recorder.scan(f"{ident}/")]
    events = ledger.stored_events(ident)
    try:
        lines = export_lines(events)
    except Exception as exc:  # an event altered so far that it no longer decodes
        version = _first_unreadable(events)
        return f"audit entry {version} differs from the event store: it cannot be read ({exc})"
    for recorded, recomputed in zip(audit, lines, strict=False):
        if recorded.get("hash") != recomputed.get("hash"):
            where = "header" if "format" in recorded else f"entry {recorded.get('version')}"
            return f"audit {where} differs from the event store: an event was altered"
    if len(audit) != len(lines) - 1:
        return f"the audit log has {len(audit) - 1} entries, the event store {len(lines) - 2}"
    return verify_text(dumps(lines))


def _first_unreadable(events: list[Any]) -> int:
    for count in range(1, len(events) + 1):
        try:
            export_lines(events[:count])
        except Exception:
            return int(events[count - 1].originator_version)
    return 0


@app.command()
@reports_errors
def verify(
    targets: Annotated[list[str], typer.Argument(help="Replay files, folders or match ids.")],
    store: Store = None,
    json: Json = False,
) -> None:
    """Re-run every recorded command and check outcomes, hash chains and final scores."""
    results: list[tuple[str, str | None]] = []
    opened: tuple[Ledger, Projections] | None = None
    for target in targets:
        path = Path(target)
        if path.is_dir():
            files = sorted(path.rglob("*.jsonl"))
            if not files:
                results.append((target, "no .jsonl replay files in this folder"))
            results.extend((str(f), verify_text(f.read_text())) for f in files)
        elif path.exists():
            results.append((target, verify_text(path.read_text())))
        else:
            opened = opened or caught_up(store)
            try:
                results.append((target, verify_stored(*opened, target)))
            except MatchNotFound as exc:
                results.append((target, str(exc)))
    if json:
        print_json([{"target": n, "ok": p is None, "problem": p} for n, p in results])
    else:
        for name, problem in results:
            say(
                f"{'ok ' if problem is None else 'BAD'} {name}"
                + (f": {problem}" if problem else "")
            )
    if any(problem for _, problem in results):
        raise typer.Exit(1)


@app.command()
@reports_errors
def record(
    game: Annotated[str, typer.Argument(help="Game slug.")],
    out: Annotated[Path, typer.Option(help="Folder for the replay files.")],
    seats: Annotated[int, typer.Option(help="Seats per match.")] = 2,
    count: Annotated[int, typer.Option(help="How many matches to keep.")] = 1,
    want: Annotated[
        list[str] | None,
        typer.Option(help="Keep only matches with this game event (Type or Type:field=value)."),
    ] = None,
    undo_rate: Annotated[
        float, typer.Option(help="How often a bot undoes a decision it may undo.")
    ] = 0.0,
    option: GameOptions = None,
    seed: Annotated[int, typer.Option(help="First seed to try.")] = 1,
    tries: Annotated[int, typer.Option(help="Give up after this many matches.")] = 500,
    smart: Annotated[
        bool, typer.Option("--smart", help="Seats play the game's own bot, not random moves.")
    ] = False,
    json: Json = False,
) -> None:
    """Record bot matches that show the wanted events as replay files (for `replays/`)."""
    wanted = [_wanted(spec) for spec in want or []]
    options = parse_options(option or [])
    ledger = Ledger("memory://")
    saved: list[str] = []
    for k in range(tries):
        match = play_bot_match(game, seats, seed + k, options, undo_rate, smart)
        kinds = {type(e).__name__ for e in match.pending_events}
        shown = [
            msgspec.to_builtins(g) for e in match.pending_events for g in getattr(e, "outcome", [])
        ]
        if not all(any(w(event) for event in shown) for w in wanted):
            continue
        if undo_rate and not {"Undone", "Redone"} <= kinds:
            continue
        ledger.save(match)
        saved.append(str(save_replay(ledger, match, out)))
        if not json:
            say(saved[-1])
        if len(saved) == count:
            if json:
                print_json(saved)
            return
    raise UserError(f"only {len(saved)} of {count} matches showed {want} in {tries} tries")


def _wanted(spec: str) -> Callable[[dict[str, Any]], bool]:
    """`Type` (an event of that type) or `Type:field=value` (with that field's JSON value)."""
    kind, _, condition = spec.partition(":")
    field, _, value = condition.partition("=")

    def matches(event: dict[str, Any]) -> bool:
        if event.get("type") != kind:
            return False
        if not field:
            return True
        got = event.get(field)
        return (got if isinstance(got, str) else msgspec.json.encode(got).decode()) == value

    return matches
