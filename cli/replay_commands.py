"""Replay files and audits: export, import, replay, verify, record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from cli.base import (
    AsViewer,
    CatchUpProgress,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    caught_up,
    open_ledger,
    parse_options,
    reader,
    remote,
)
from cli.files import read_replay, read_text, write_atomic
from cli.fit import fit_text
from cli.output import UserError, print_json, reports_errors, say, terminal_width
from cli.read_commands import coloured, print_log, print_view, show_match
from cli.simulate import play_bot_match, save_replay
from cli.stepper_text import describe_step
from domain.match import Fork, Match, standing_events
from projections.diffs import view_changes
from projections.imports import import_lines
from projections.match_log import describe, headline, match_log
from projections.queries import live_view
from projections.replays import (
    ReplayError,
    Verdict,
    dumps,
    export_lines,
    migrate_v1,
    rerun,
    verify_lines,
)
from projections.runner import Projections
from projections.table_record import FORMAT as TABLE_FORMAT
from projections.table_record import verify_table_record
from projections.verification import verify_stored
from projections.viewer import viewer_for
from store.ledger import Ledger, MatchNotFound

Force = Annotated[bool, typer.Option("--force", help="Replace a file that exists.")]


@app.command()
@reports_errors
def export(
    match_id: MatchId,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="File to write (default: stdout).")
    ] = None,
    as_: AsViewer = None,
    force: Force = False,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="A table record (starledger-table/1): every decision and chance outcome in "
            "order, for the referee (it holds every hidden outcome).",
        ),
    ] = False,
    store: Store = None,
) -> None:
    """The match as a replay file, as that viewer may have it: the full file (seed and salts)
    for the referee or once the match is open; otherwise redacted, with commitments. With
    `--table`, the match as a table record, which `import --table` applies again."""
    server = remote()
    if table:
        if as_ not in (None, "referee"):
            raise UserError("a table record holds every hidden outcome: it is the referee's")
        if server is not None:
            text = server.export_table(match_id)
        else:
            from projections.table_record import dumps_table, table_lines

            ledger = open_ledger(store)
            text = dumps_table(table_lines(ledger.stored_events(match_id)))
    elif server is not None:
        text = server.export(match_id, as_=as_)
    else:
        read = reader(store)
        _, viewer = read.viewer(match_id, as_)
        text = dumps(read.export(match_id, viewer))
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_atomic(output, text, force=force)


@app.command("import")
@reports_errors
def import_(
    file: Annotated[
        Path, typer.Argument(help="A full replay file (or with --table, a table record).")
    ],
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="FILE is a table record (starledger-table/1): apply every line through the "
            "rules as a new match dealt by the table; the first bad line is named and nothing "
            "is stored.",
        ),
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """Verify a full replay file and store its match under the file's match id; importing the
    same file again returns the match already stored. With `--table`, a table record becomes a
    new match."""
    server = remote()
    if server is not None:
        text = read_text(file)
        found = server.import_table(text) if table else server.import_(text)
        if json:
            print_json(found)
        else:
            say(found.match)
        return
    ledger = open_ledger(store, create=True)
    projections = Projections(ledger)
    projections.catch_up(progress=CatchUpProgress())  # what was stored before: first
    if table:
        from projections.table_record import import_table

        stored = import_table(read_text(file))
        ledger.save(stored)
    else:
        stored, _ = import_lines(ledger, read_replay(file))
    projections.written(stored)
    projections.catch_up()  # readable at once, written from the match in hand
    if json:
        print_json({"match": str(stored.id), "version": stored.version})
    else:
        say(str(stored.id))


@app.command()
@reports_errors
def migrate(
    file: Annotated[Path, typer.Argument(help="A starledger-replay/1 file.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The new file.")],
    force: Force = False,
) -> None:
    """Convert a starledger-replay/1 file to the current format by playing it again (its seed was
    public, so the new file is marked as having a known seed)."""
    match = migrate_v1(read_replay(file))
    ledger = Ledger("memory://")
    ledger.save(match)
    write_atomic(output, dumps(export_lines(ledger.stored_events(match.id))), force=force)
    say(str(output))


@app.command()
@reports_errors
def replay(
    target: Annotated[str, typer.Argument(help="A replay file or a match id.")],
    to: Annotated[int | None, typer.Option(help="Stop after stored event N.")] = None,
    as_: AsViewer = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """The view after event N of a recorded game (a full file, or a stored match)."""
    if Path(target).exists():
        lines = read_replay(Path(target))
        total = len(lines) - 2
        if to is not None and not 1 <= to <= total:
            raise UserError(f"--to must be between 1 and {total}")
        match = rerun(lines, upto=to)
        show_match(match, as_, json)
        return
    read = reader(store)
    _, viewer = read.viewer(target, as_)
    print_view(read.view(target, viewer, to), json)


def verify_file(path: Path) -> Verdict:
    try:
        lines = read_replay(path)
        if lines[0].get("format") == TABLE_FORMAT:
            return verify_table_record(lines)
        return verify_lines(lines)
    except ReplayError as exc:
        return Verdict(ok=False, problem=exc.message)
    except OSError as exc:
        return Verdict(ok=False, problem=f"cannot read: {exc.strerror or exc}")


@app.command()
@reports_errors
def verify(
    targets: Annotated[list[str], typer.Argument(help="Replay files, folders or match ids.")],
    store: Store = None,
    json: Json = False,
) -> None:
    """Check hash chains, salted commitments and the seed, and re-run every recorded command;
    a redacted file is checked as far as it can be, and said to be partial."""
    results: list[tuple[str, Verdict]] = []
    opened: tuple[Ledger, Projections] | None = None
    for target in targets:
        path = Path(target)
        if path.is_dir():
            files = sorted(path.rglob("*.jsonl"))
            if not files:
                results.append(
                    (target, Verdict(ok=False, problem="no .jsonl replay files in this folder"))
                )
            results.extend((str(f), verify_file(f)) for f in files)
        elif path.exists():
            results.append((target, verify_file(path)))
        else:
            opened = opened or caught_up(store)
            try:
                results.append((target, verify_stored(*opened, target)))
            except MatchNotFound as exc:
                results.append((target, Verdict(ok=False, problem=str(exc))))
    bad = sum(not verdict.ok for _, verdict in results)
    if json:
        print_json(
            [{"target": n, "ok": v.ok, "partial": v.partial, "problem": v.problem}
             for n, v in results]
        )  # fmt: skip
    else:
        for name, verdict in results:
            mark = "BAD" if not verdict.ok else "ok (partial)" if verdict.partial else "ok "
            say(f"{mark} {name}: {verdict.describe()}")
        if len(results) > 1:
            say(f"{len(results) - bad} ok, {bad} bad")
    if bad:
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
    force: Force = False,
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
        saved.append(str(save_replay(ledger, match, out, force=force)))
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


def _match_at(target: str, step: int, store: str | None) -> Any:
    """The match after stored event `step`, from a full replay file or from the store."""
    if Path(target).is_file():
        lines = read_replay(Path(target))
        total = len(lines) - 2
        if not 1 <= step <= total:
            raise UserError(f"steps go from 1 to {total}")
        return rerun(lines, upto=step)
    ledger = open_ledger(store)
    latest = ledger.match(target)
    if not 1 <= step <= latest.version:
        raise UserError(f"steps go from 1 to {latest.version}")
    return ledger.match(target, version=step)


@app.command()
@reports_errors
def diff(
    target: Annotated[str, typer.Argument(help="A full replay file or a match id.")],
    first: Annotated[int, typer.Argument(help="From after stored event N.")],
    second: Annotated[int, typer.Argument(help="To after stored event M.")],
    as_: AsViewer = None,
    raw: Annotated[
        bool, typer.Option("--raw", help="Decisions in the short form `play` reads, not words.")
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """What changed between two points of a match, as that viewer sees it: the decisions in
    between and every part of the view that differs."""
    before, after = _match_at(target, first, store), _match_at(target, second, store)
    viewer = viewer_for(before.seats, as_)
    seen = [live_view(m, viewer) for m in (before, after)]
    changes = view_changes(msgspec.to_builtins(seen[0].view), msgspec.to_builtins(seen[1].view))
    low, high = sorted((first, second))
    if Path(target).is_file():
        whole = read_replay(Path(target))
        lines = whole[1:-1]
        # Open as `log` reads it: the record is over (now, not at step M) and not sealed.
        opened = whole[-1].get("result") is not None and not whole[0].get("sealed_log")
    else:
        ledger = open_ledger(store)
        lines = export_lines(ledger.stored_events(target))[1:-1]
        opened = ledger.match(target).opened
    between = [line for line in lines if low < int(line.get("version", 0)) <= high]
    entries = match_log(between, after.rules, after.seats, viewer, opened)
    if json:
        print_json({"from": first, "to": second, "as": viewer.label(before.seats),
                    "decisions": entries, "changes": changes})  # fmt: skip
        return
    say(f"from step {first} to step {second}, as {viewer.label(before.seats)}:")
    print_log(entries, list(after.seats), after.game, raw=raw)
    if not changes:
        say("  (nothing this viewer can see changed)")
    for change in changes:
        if change.kind == "added":
            say(f"  + {change.path} = {msgspec.json.encode(change.after).decode()}")
        elif change.kind == "removed":
            say(f"  - {change.path} (was {msgspec.json.encode(change.before).decode()})")
        else:
            old = msgspec.json.encode(change.before).decode()
            new = msgspec.json.encode(change.after).decode()
            say(f"  ~ {change.path}: {old} -> {new}")


@app.command()
@reports_errors
def fork(
    target: Annotated[str, typer.Argument(help="A full replay file or a match id.")],
    at: Annotated[int, typer.Option("--at", help="Continue from after stored event N.")],
    store: Store = None,
    json: Json = False,
) -> None:
    """A new match that continues from step N of another (the original is untouched): the same
    seats and options, the state at N, and chance from the new match's own secret seed. It
    names its origin (id, step, the step's audit hash) in the index and its replay header."""
    ledger = open_ledger(store, create=True)
    if Path(target).is_file():
        lines = read_replay(Path(target))
        total = len(lines) - 2
        if not 1 <= at <= total:
            raise UserError(f"--at must be between 1 and {total}")
        origin = rerun(lines, upto=at)
        events = list(origin.pending_events)
        chain = lines[at]
    else:
        stored = ledger.stored_events(target)
        if not 1 <= at <= len(stored):
            raise UserError(f"--at must be between 1 and {len(stored)}")
        events = stored[:at]
        chain = export_lines(events)[at]
        origin = ledger.match(target, version=at)
    if origin.result is not None:
        raise UserError(f"the match is over at step {at}: there is nothing to continue")
    if not origin.dealt:
        raise UserError(f"the opening is not dealt at step {at}: fork a later step")
    forked = Match.start(
        origin.game,
        list(origin.seats),
        dict(origin.options),
        sealed_log=origin.sealed_log,
        auto_forced=origin.auto_forced,
        fork=Fork(
            opening=standing_events(events),
            origin={"match": str(origin.id), "at": at, "hash": str(chain["hash"])},
        ),
    )
    forked.play_forced()
    ledger.save(forked)
    Projections(ledger).catch_up(progress=CatchUpProgress())
    if json:
        print_json({"match": str(forked.id), "version": forked.version,
                    "forked_from": str(origin.id), "at": at})  # fmt: skip
    else:
        say(str(forked.id))


@app.command()
@reports_errors
def step(
    target: Annotated[str, typer.Argument(help="A full replay file or a match id.")],
    as_: AsViewer = None,
    store: Store = None,
) -> None:
    """Step through a match in the terminal: the board as that viewer sees it beside each
    decision (keys: arrows or n/p, home/end, g to jump, q to quit)."""
    from cli.stepper import Stepper

    Stepper(*stepper_frames(target, as_, store)).run()


def stepper_frames(target: str, as_: str | None, store: str | None) -> tuple[str, int, Any]:
    """The title, the last step and the frame function of a match, from a file or a store."""
    notes: list[Any] = []
    if Path(target).is_file():
        ledger = Ledger("memory://")
        recorded = read_replay(Path(target))
        match = rerun(recorded)
        ledger.save(match)
        ident = str(match.id)
        notes = list(recorded[-1].get("notes") or [])  # what the file's viewer could read
    else:
        ledger = open_ledger(store)
        match = ledger.match(target)
        ident = str(match.id)
    lines = export_lines(ledger.stored_events(ident))[1:-1]
    rules = match.rules
    viewer = viewer_for(match.seats, as_)
    opened = match.opened
    if not notes:
        found = ledger.notes(ident)
        label = viewer.label(match.seats)
        readable = found.readable_by(label, viewer.referee, opened) if found else []
        notes = [msgspec.to_builtins(note) for note in readable]

    def frame(number: int) -> tuple[Any, str]:
        at = ledger.match(ident, version=number)
        doc = live_view(at, viewer)
        entries = match_log([lines[number - 1]], rules, at.seats, viewer, opened)
        width = terminal_width() - 4  # inside the pane's border and padding
        decision = describe_step(
            entries,
            lambda e: describe(e, at.seats, rules),
            headline=lambda e: headline(e, at.seats, rules),
            width=width,
        )
        for note in notes:
            if note.get("step") == number:
                decision += f"\nnote by {note.get('author')}: {note.get('text')}"
        names = list(at.seats)
        board = fit_text(doc.text, width)
        return coloured(board, names, doc.to_move), decision  # one colour per seat

    title = f"{rules.name} — {ident[:8]} — as {viewer.label(match.seats)}"
    return title, match.version, frame
