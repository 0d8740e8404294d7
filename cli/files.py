"""Writing files safely: to a temporary file in the same folder, then renamed into place.

A write that fails part way (a full disk) leaves the old file as it was, and an existing file
is replaced only when the user said `--force`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cli.output import UserError

MAX_REPLAY_BYTES = 64 * 1024 * 1024


def write_atomic(path: Path, text: str, *, force: bool) -> None:
    """Every error names `path`, never the temporary file."""
    if path.is_dir():
        raise UserError(f"{path} is a folder; name a file to write")
    if path.exists() and not force:
        raise UserError(f"{path} exists; pass --force to replace it")
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise UserError(f"{path}: {exc.strerror or exc}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_replay(path: Path) -> list[dict[str, Any]]:
    """A replay file's lines; a file that is too big, not text or not JSON Lines is refused."""
    from records.replays import ReplayError, parse

    if path.is_dir():
        raise UserError(f"{path} is a folder, not a replay file")
    if path.stat().st_size > MAX_REPLAY_BYTES:
        raise ReplayError(1, f"larger than {MAX_REPLAY_BYTES // 2**20} MiB")
    return parse(path.read_bytes())


def read_text(path: Path) -> bytes:
    """A file to upload or apply (a replay, a table record): refused when it is a folder, missing
    or too big; its bytes are judged by whoever reads them."""
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a file")
    if not path.is_file():
        raise UserError(f"no file {path}")
    if path.stat().st_size > MAX_REPLAY_BYTES:
        raise UserError(f"{path} is larger than {MAX_REPLAY_BYTES // 2**20} MiB")
    return path.read_bytes()
