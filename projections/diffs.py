"""What changed between two points of a match, as one viewer sees it: every path of the view
whose value differs (added, removed or changed), and the decisions in between."""

from __future__ import annotations

from typing import Any

import msgspec


class Change(msgspec.Struct, frozen=True, omit_defaults=True):
    path: str
    before: Any = None
    after: Any = None
    kind: str = "changed"  # changed | added | removed


def view_changes(before: Any, after: Any, path: str = "") -> list[Change]:
    """The differences between two views (builtins), path by path (`board.cells[3].status`)."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[Change] = []
        for key in sorted(set(before) | set(after), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in before:
                changes.append(Change(where, after=after[key], kind="added"))
            elif key not in after:
                changes.append(Change(where, before=before[key], kind="removed"))
            else:
                changes += view_changes(before[key], after[key], where)
        return changes
    if isinstance(before, list | tuple) and isinstance(after, list | tuple):
        if len(before) == len(after):
            changes = []
            for index, (old, new) in enumerate(zip(before, after, strict=True)):
                changes += view_changes(old, new, f"{path}[{index}]")
            return changes
        # A list that grew or shrank: the items that left it and the items that joined it.
        old_items = [_key(item) for item in before]
        new_items = [_key(item) for item in after]
        gone = [item for item, key in zip(before, old_items, strict=True) if key not in new_items]
        came = [item for item, key in zip(after, new_items, strict=True) if key not in old_items]
        return [Change(path, before=item, kind="removed") for item in gone] + [
            Change(path, after=item, kind="added") for item in came
        ]
    return [] if before == after else [Change(path, before=before, after=after)]


def _key(item: Any) -> bytes:
    return msgspec.json.encode(item, order="deterministic")
