"""Managing the projections: status, rebuild, and running them live."""

from __future__ import annotations

import threading
from typing import Annotated

import typer

from cli.base import Json, Store, app, open_ledger
from cli.output import print_json, reports_errors, say, table
from projections.runner import Projections

projections_app = typer.Typer(help="The read side: status and rebuild of each projection.")
app.add_typer(projections_app, name="projections")


@projections_app.command()
@reports_errors
def status(store: Store = None, json: Json = False) -> None:
    """Each projection's position in the notification log and its lag behind the store."""
    rows = Projections(open_ledger(store)).status()
    if json:
        print_json(
            [{"projection": r.name, "position": r.position, "head": r.head, "lag": r.lag}
             for r in rows]
        )  # fmt: skip
        return
    table(
        "Projections",
        ["projection", "position", "store head", "lag", "what it holds"],
        [[r.name, r.position, r.head, r.lag, r.description] for r in rows],
    )


@projections_app.command()
@reports_errors
def rebuild(
    name: Annotated[str | None, typer.Argument(help="One projection (default: all).")] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Forget a projection (or all) and rebuild it from the first stored event."""
    projections = Projections(open_ledger(store), [name] if name else None)
    done = projections.rebuild()
    if json:
        print_json({"rebuilt": [p.name for p in projections.projectors], "events": done})
    else:
        say(f"rebuilt {', '.join(p.name for p in projections.projectors)} from {done} events")


@projections_app.command()
@reports_errors
def run(
    timeout: Annotated[
        float | None, typer.Option(help="Stop after this many seconds (default: Ctrl-C).")
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Keep every projection current as events land (pushed by Redis and PostgreSQL)."""
    projections = Projections(open_ledger(store))
    stop = threading.Event()
    if timeout is not None:
        timer = threading.Timer(timeout, stop.set)
        timer.daemon = True  # a failure ends the command at once, not when the timer does
        timer.start()
    try:
        done = projections.run(stop)
    except KeyboardInterrupt:
        stop.set()
        done = 0
    if json:
        print_json({"events": done, "position": min(projections.positions().values())})
    else:
        say(f"projected {done} events; position {min(projections.positions().values())}")
