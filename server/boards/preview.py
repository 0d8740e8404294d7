"""Look at a board: draw a recorded match at a step and save it as a PNG (Debian's Chromium).

    python -m server.boards.preview replays/delta-v-3p-3bc996be.jsonl --at 40 --as ann -o dv.png

Without --as the board is drawn as a spectator sees it; with --as SEAT, that seat's board and
its private panel. The PNG is what the browser viewer shows (same drawing, same style sheet).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from domain.viewer import SPECTATOR, viewer_for
from records.replays import parse, rerun
from server.pictures import picture

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
STYLE = Path(__file__).parent.parent / "static" / "app.css"


def page(board: str, panels: list[tuple[str, str]]) -> str:
    style = STYLE.read_text() if STYLE.exists() else ""
    sections = "".join(
        f'<section class="panel"><h3>{name}</h3>{drawing}</section>' for name, drawing in panels
    )
    return (
        f"<!doctype html><html><head><meta charset=utf-8><style>{style}</style></head>"
        f'<body><main class="preview"><div class="board">{board}</div>{sections}</main>'
        "</body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--at", type=int, default=None, help="after stored event N")
    parser.add_argument("--as", dest="as_", default=SPECTATOR)
    parser.add_argument("-o", "--out", type=Path, required=True)
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1100)
    args = parser.parse_args()
    lines = parse(args.file.read_bytes())
    match = rerun(lines, upto=args.at)
    drawn = picture(match, viewer_for(match.seats, args.as_), opened=False)
    html = page(drawn.board, [(panel.seat, panel.svg) for panel in drawn.panels])
    browser = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    if browser is None:
        raise SystemExit("no chromium here: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "board.html"
        source.write_text(html)
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--screenshot={args.out.resolve()}", f"--window-size={args.width},{args.height}",
             source.as_uri()],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
    print(f"wrote {args.out} (version {match.version} of {match.game})")


if __name__ == "__main__":
    main()
