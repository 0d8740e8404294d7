"""`starledger step`: a terminal stepper over a recorded match (Textual), the board as one
viewer sees it beside the decision that led there.

Keys: right/n next, left/p previous, home/f first, end/l last, g jump to a step, q quit.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from cli.output import safe


class Stepper(App[None]):
    """Steps 1..last of a match; `frame(step)` gives (board text, decision text) for a step."""

    # The decision above the board, each the terminal's full width: a board is fitted to 100
    # columns (cli/fit.py), and side by side it was cut.
    CSS = """
    #decision-scroll { height: auto; max-height: 35%; }
    #board { border: round $accent; padding: 0 1; }
    #decision { border: round $secondary; padding: 0 1; }
    #jump { dock: bottom; display: none; }
    #jump.shown { display: block; }
    """
    BINDINGS = [
        Binding("right,n", "next", "next", priority=True),
        Binding("left,p", "previous", "previous", priority=True),
        Binding("home,f", "first", "first", priority=True),
        Binding("end,l", "last", "last", priority=True),
        Binding("g", "jump", "jump to…"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self, title: str, last: int, frame: Callable[[int], tuple[str | Text, str]]
    ) -> None:
        super().__init__()
        self.title = title
        self.last = last
        self.frame = frame
        self.step = last
        self._cache: dict[int, tuple[str | Text, str]] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            with VerticalScroll(id="decision-scroll"):
                yield Static(id="decision", markup=False)
            with VerticalScroll(id="board-scroll"):
                yield Static(id="board", markup=False)
        yield Input(placeholder="step number, then Enter", id="jump")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#jump", Input).can_focus = False  # until `g` asks for a step
        self.set_focus(None)
        self.show(self.step)

    def frame_at(self, step: int) -> tuple[str | Text, str]:
        if step not in self._cache:
            self._cache[step] = self.frame(step)
        return self._cache[step]

    def show(self, step: int) -> None:
        self.step = max(1, min(self.last, step))
        board, decision = self.frame_at(self.step)
        self.sub_title = f"step {self.step} of {self.last}"
        # A board may come coloured already (rich Text, its user text escaped by `coloured`).
        self.query_one("#board", Static).update(board if isinstance(board, Text) else safe(board))
        self.query_one("#decision", Static).update(safe(decision))

    def action_next(self) -> None:
        self.show(self.step + 1)

    def action_previous(self) -> None:
        self.show(self.step - 1)

    def action_first(self) -> None:
        self.show(1)

    def action_last(self) -> None:
        self.show(self.last)

    def action_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.can_focus = True
        box.add_class("shown")
        box.value = ""
        box.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.input.remove_class("shown")
        message.input.can_focus = False
        self.set_focus(None)
        text = message.value.strip()
        if text.isdigit():
            self.show(int(text))
