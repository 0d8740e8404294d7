"""Text boards fitted to the terminal: a line wider than the width is broken at its spaces, the
rest indented under its first word, so no line is cut (a board's grid is narrower than 100)."""

from __future__ import annotations

import textwrap


def fit_text(text: str, width: int) -> str:
    """`text` with every line of more than `width` characters wrapped at spaces (a word longer
    than the width stays whole: nothing is lost)."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip())]
        indent = lead + "    " if len(lead) + 24 < width else lead
        wrapped = textwrap.wrap(
            line.lstrip(), width - len(lead), subsequent_indent=indent[len(lead) :],
            break_long_words=False, break_on_hyphens=False,
        )  # fmt: skip
        out += [lead + part for part in wrapped] or [line]
    return "\n".join(out)
