"""Replay files and audits: export, import, replay, verify, record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from api.client import Client
from api.documents import Forked
from api.local import fork_of
from cli.base import (
    AsViewer,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    client,
    on_server,
    open_ledger,
    parse_options,
)
from cli.files import read_replay, read_text, write_atomic
from cli.fit import fit_text
from cli.output import UserError, print_json, reports_errors, say, terminal_width
from cli.read_commands import coloured, print_log, print_view, show_match
from cli.replay_client import file_client
from cli.simulate import play_bot_match, save_replay
from cli.stepper_text import describe_step
from domain.registry import rules_for
from projections.match_log import describe, headline
from records.replays import (
    ReplayError,
    Verdict,
    dumps,
    export_lines,
    migrate_v1,
    rerun,
    verify_lines,
)
from records.table_record import FORMAT as TABLE_FORMAT
from records.table_record import verify_table_record
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
    asks = client(store)
    if table:
        if as_ not in (None, "referee"):
            raise UserError("a table record holds every hidden outcome: it is the referee's")
        text = asks.export_table(match_id)
    else:
        text = asks.export(match_id, as_=as_)
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
    asks = client(store, create=True)
    text = read_text(file)
    found = asks.import_table(text) if table else asks.import_replay(text)
    if json:
        print_json(found)
    else:
        say(found.match)


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
    print_view(client(store).show(target, as_=as_, at=to), json)


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
    asks = None
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
            asks = asks or client(store)
            try:
                results.append((target, asks.verify_match(target)))
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
    asks: Client
    if Path(target).is_file():
        asks, target = file_client(Path(target))
    else:
        asks = client(store)
    found = asks.diff(target, first, second, as_=as_)
    if json:
        print_json({"from": first, "to": second, "as": found.viewer,
                    "decisions": found.decisions, "changes": found.changes})  # fmt: skip
        return
    say(f"from step {first} to step {second}, as {found.viewer}:")
    print_log(found.decisions, found.seats, found.game, raw=raw)
    if not found.changes:
        say("  (nothing this viewer can see changed)")
    for change in found.changes:
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
    if not Path(target).is_file():
        forked = client(store, create=True).fork(target, at)
    else:
        if on_server():
            raise UserError("a file is forked into a local store: `import` it to the server first")
        lines = read_replay(Path(target))
        total = len(lines) - 2
        if not 1 <= at <= total:
            raise UserError(f"--at must be between 1 and {total}")
        origin = rerun(lines, upto=at)
        made = fork_of(origin, list(origin.pending_events), str(lines[at]["hash"]))
        open_ledger(store, create=True).save(made)
        forked = Forked(match=str(made.id), version=made.version, forked_from=str(origin.id), at=at)
    if json:
        print_json(forked)
    else:
        say(forked.match)


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
    asks: Client
    if Path(target).is_file():
        notes = list(read_replay(Path(target))[-1].get("notes") or [])  # its viewer's
        asks, target = file_client(Path(target))
    else:
        asks = client(store)
    found = asks.log(target, as_=as_)
    rules = rules_for(found.game)
    if not notes:
        notes = [msgspec.to_builtins(note) for note in found.notes]
    entries: dict[int, list[Any]] = {}
    for logged in found.entries:
        entries.setdefault(logged.version, []).append(logged)
    seats = found.seats
    from cli.annotations import step_annotations, with_annotations

    judged = step_annotations(asks, found.match, seats, found.viewer, found.opened)

    def frame(number: int) -> tuple[Any, str]:
        doc = asks.show(found.match, as_=as_, at=number)
        width = terminal_width() - 4  # inside the pane's border and padding
        decision = describe_step(
            entries.get(number, []),
            lambda e: describe(e, seats, rules),
            headline=lambda e: headline(e, seats, rules),
            width=width,
        )
        for note in notes:
            if note.get("step") == number:
                decision += f"\nnote by {note.get('author')}: {note.get('text')}"
        board = fit_text(doc.text, width)
        return coloured(board, seats, doc.to_move), decision  # one colour per seat

    title = f"{rules.name} — {found.match[:8]} — as {found.viewer}"
    return title, asks.summary(found.match).version, with_annotations(frame, judged)
