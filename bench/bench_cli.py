"""Start-up cost of the command line: whole processes, as a player runs them.

Each command runs as its own process (`subprocess`), 10 times after one untimed warm-up, on a
SQLite store in a temporary folder; the table gives the fastest and the median run (wall
clock), and the median CPU time of the process (user + system). Modules
load from bytecode compiled by the warm-up, as an installed package's do (`--no-bytecode`:
compiled from source in every process, as with PYTHONDONTWRITEBYTECODE=1). Beside
them, two baselines: the interpreter alone (`python -c pass`) and `import cli.app`. Then the
import cost of one `moves` process, from `python -X importtime`: the 15 imports that cost most
(cumulative, with what they pull in), and the same by top-level package.

`play` needs a new legal command for every run: this process picks one (the seat to move and
one of its legal commands, at random with a fixed seed) before each timed run, untimed.

    .venv/bin/python -m bench.bench_cli [--game delta-v] [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 150
SEATS = ("ann", "ben", "cat", "dan", "eve")


def starledger() -> list[str]:
    """The console script next to this interpreter (what `pip install` makes), else its code."""
    script = Path(sys.executable).parent / "starledger"
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "import sys; from cli.app import main; sys.exit(main())"]


def environment(store: str, bytecode: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)  # this checkout's code, wherever the package is installed
    env["STARLEDGER_STORE"] = store
    if bytecode is not None:
        # As an installed package runs: modules compiled once, then loaded from bytecode (here
        # kept under a temporary folder, whatever PYTHONDONTWRITEBYTECODE says).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One whole process: its wall-clock seconds and its CPU seconds (user + system, which
    other work on a shared machine inflates less). It must succeed."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, env=env, stdout=out, stderr=out, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            out.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed:\n{out.read().decode()}")
    return elapsed, usage.ru_utime + usage.ru_stime


def timed(
    command: Callable[[], list[str]], env: dict[str, str], runs: int
) -> tuple[float, float, float]:
    """(min, median, median CPU) seconds of `runs` runs after one warm-up; `command` gives each
    run's argv."""
    run(command(), env)
    times = [run(command(), env) for _ in range(runs)]
    walls = [wall for wall, _ in times]
    return min(walls), statistics.median(walls), statistics.median(cpu for _, cpu in times)


class Table:
    """A match in the store, and whatever the next `play` may send."""

    def __init__(self, store: str, game: str, seats: int) -> None:
        from store.ledger import Ledger

        self.ledger = Ledger(store)
        self.game = game
        self.seats = list(SEATS[:seats])
        self.random = random.Random(7)
        self.match_id = ""
        self.new_match()

    def new_match(self) -> None:
        match = self.ledger.new_match(self.game, self.seats, None, seed=self.random.randrange(1000))
        self.match_id = str(match.id)

    def to_move(self) -> str:
        match = self.ledger.match(self.match_id)
        if match.result is not None:
            self.new_match()
            match = self.ledger.match(self.match_id)
        return match.seats[min(match.to_move)]

    def next_play(self) -> list[str]:
        """`play` arguments for a legal command of a seat to move (a new match if it ended)."""
        seat_name = self.to_move()
        match = self.ledger.match(self.match_id)
        seat = match.seats.index(seat_name)
        command: Any = self.random.choice(list(match.rules.legal(match.state, seat)))
        return ["play", self.match_id, msgspec.json.encode(command).decode(), "--as", seat_name]


def import_costs(command: list[str], env: dict[str, str]) -> list[tuple[int, int, str]]:
    """(self µs, cumulative µs, name with its nesting) of each import of one process."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        env=env,
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    rows = []
    for line in done.stderr.decode().splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((int(own), int(cumulative), name.rstrip()))
    return rows


GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("typer (and its click)", ("typer", "click", "shellingham")),
    (
        "pydantic (typer's adapters)",
        ("pydantic", "pydantic_core", "annotated_types", "typing_inspection"),
    ),
    ("rich", ("rich", "markdown_it", "mdurl", "pygments")),
    ("eventsourcing", ("eventsourcing",)),
    ("msgspec", ("msgspec",)),
    ("redis", ("redis", "hiredis")),
    ("projections", ("projections",)),
    ("store", ("store",)),
    ("cli", ("cli",)),
)


def group_of(name: str) -> str:
    bare = name.strip()
    top = bare.split(".")[0]
    if top == "domain" and "." in bare:
        part = bare.split(".")[1]
        if (ROOT / "domain" / part).is_dir():  # a game's package
            return f"game {part}" + (" (its bot)" if "bot" in bare.split(".")[-1] else "")
        return "domain (platform)"
    for group, tops in GROUPS:
        if top in tops:
            return group
    return f"other: {top}"


def print_imports(rows: list[tuple[int, int, str]], label: str) -> None:
    total = sum(own for own, _, _ in rows)
    print(f"\nimports of one `{label}` process: {total / 1000:.0f} ms in {len(rows)} modules")
    print(f"{'cumulative ms':>13} {'self ms':>8}  module (nesting as importtime shows it)")
    for own, cumulative, name in sorted(rows, key=lambda r: -r[1])[:15]:
        print(f"{cumulative / 1000:>13.1f} {own / 1000:>8.1f}  {name}")
    groups: dict[str, int] = {}
    for own, _, name in rows:
        group = group_of(name)
        groups[group] = groups.get(group, 0) + own
    print(f"\n{'self ms':>8}  by package (each module's own time, summed; the 15 largest)")
    for group, own in sorted(groups.items(), key=lambda g: -g[1])[:15]:
        print(f"{own / 1000:>8.1f}  {group}")
    rest = sorted(groups.items(), key=lambda g: -g[1])[15:]
    print(f"{sum(own for _, own in rest) / 1000:>8.1f}  {len(rest)} others")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="delta-v")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="compile every module from source in every process (PYTHONDONTWRITEBYTECODE=1)",
    )
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        store = f"sqlite:///{tmp}/bench.db"  # an absolute path: sqlite:////tmp/...
        env = environment(store, None if args.no_bytecode else Path(tmp) / "bytecode")
        table = Table(store, args.game, args.seats)
        cli = starledger()
        python = [sys.executable]
        rows: list[tuple[str, float, float, float]] = []
        cases: list[tuple[str, Callable[[], list[str]]]] = [
            ("python -c pass", lambda: [*python, "-c", "pass"]),
            ("python -c 'import cli.app'", lambda: [*python, "-c", "import cli.app"]),
            ("starledger games", lambda: [*cli, "games"]),
            (f"starledger show <{args.game} match>", lambda: [*cli, "show", table.match_id]),
            (
                "starledger moves <match> --as <seat>",
                lambda: [*cli, "moves", table.match_id, "--as", table.to_move()],
            ),
            (
                "starledger show <match> --as <seat>",
                lambda: [*cli, "show", table.match_id, "--as", table.to_move()],
            ),
            (
                "starledger log <match> --as <seat>",
                lambda: [*cli, "log", table.match_id, "--as", table.to_move()],
            ),
            ("starledger play <match> <command>", lambda: [*cli, *table.next_play()]),
        ]
        for label, command in cases:
            rows.append((label, *timed(command, env, args.runs)))
        moves = [*cli, "moves", table.match_id, "--as", table.to_move()]
        imports = import_costs(moves, env)

    compiled = "compiled from source every time" if args.no_bytecode else "bytecode cached"
    print(
        f"whole processes, {args.runs} runs each after a warm-up, SQLite store in a temporary "
        f"folder, {args.game} with {args.seats} seats, modules {compiled}; "
        f"target: median <= {TARGET_MS} ms\n"
    )
    print(f"{'command':<40} {'min ms':>8} {'median ms':>10} {'median CPU ms':>14}")
    print("-" * 75)
    for label, fastest, median, cpu in rows:
        print(f"{label:<40} {fastest * 1000:>8.0f} {median * 1000:>10.0f} {cpu * 1000:>14.0f}")
    print_imports(imports, "starledger moves")


if __name__ == "__main__":
    main()
