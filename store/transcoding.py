"""msgspec transcoding for the eventsourcing library.

`MsgspecTranscoder` turns an event's state into MessagePack bytes and back. An untyped
msgspec decode gives `UUID` and `Decimal` back as strings, so `MsgspecMapper` decodes in two
steps: untyped (so the library's `class_version` upcasters see the stored dict as it was
written), then `msgspec.convert` into a TypedDict built from the event class's own annotations,
which restores UUID, datetime, Decimal and our Structs exactly.
"""

from __future__ import annotations

import datetime
import decimal
import typing
import uuid
from collections.abc import Hashable
from functools import cache
from typing import Any, TypedDict, cast

import msgspec
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import (
    Mapper,
    MapperDeserialisationError,
    StoredEvent,
    Transcoder,
    Transcoding,
    find_id_convertor,
)
from eventsourcing.utils import resolve_topic


def _enc_hook(obj: Any) -> Any:
    if isinstance(obj, frozenset | set):
        return sorted(obj)
    raise TypeError(f"cannot encode {type(obj).__name__}")


class MsgspecTranscoder(Transcoder):
    """MessagePack via msgspec: UUID and Decimal as strings, datetime as a timestamp."""

    def __init__(self) -> None:
        self._encoder = msgspec.msgpack.Encoder(enc_hook=_enc_hook, decimal_format="string")
        self._decoder = msgspec.msgpack.Decoder()

    def register(self, transcoding: Transcoding) -> None:
        """Custom types are Structs here; the library's registration hook is accepted and unused."""

    def encode(self, obj: Any) -> bytes:
        return self._encoder.encode(obj)

    def decode(self, data: bytes) -> Any:
        return self._decoder.decode(data)


_SKIPPED = {"originator_id", "originator_version"}


@cache
def _state_type(cls: type) -> Any:
    """A TypedDict of an event class's stored fields, so convert() can type them."""
    hints = typing.get_type_hints(cls)
    fields = {
        name: hint
        for name, hint in hints.items()
        if name not in _SKIPPED and typing.get_origin(hint) is not typing.ClassVar
    }
    return TypedDict(f"{cls.__name__}State", fields, total=False)  # type: ignore[operator]


_CONVERTIBLE = (uuid.UUID, datetime.datetime, decimal.Decimal)


class MsgspecMapper(Mapper[uuid.UUID]):
    """Maps domain events to stored events and back, typing decoded state with msgspec."""

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[uuid.UUID]:
        cls = resolve_topic(stored_event.topic)
        data = stored_event.state
        try:
            if self.cipher:
                data = self.cipher.decrypt(data)
            if self.compressor:
                data = self.compressor.decompress(data)
            event_state: dict[str, Any] = self.transcoder.decode(data)
            class_version = getattr(cls, "class_version", 1)
            from_version = event_state.pop("class_version", 1)
            while from_version < class_version:
                getattr(cls, f"upcast_v{from_version}_v{from_version + 1}")(event_state)
                from_version += 1
            event_state = cast(
                dict[str, Any], msgspec.convert(event_state, _state_type(cls), strict=False)
            )
        except Exception as exc:
            msg = (
                f"Failed to deserialise stored event {stored_event.topic!r} "
                f"{stored_event.originator_id}@{stored_event.originator_version}: {exc}"
            )
            raise MapperDeserialisationError(msg) from exc
        id_convertor = find_id_convertor(cls, cast(Hashable, type(stored_event.originator_id)))
        event_state["originator_id"] = id_convertor(stored_event.originator_id)
        event_state["originator_version"] = stored_event.originator_version
        domain_event = object.__new__(cls)
        object.__setattr__(domain_event, "__dict__", event_state)
        return cast(DomainEventProtocol[uuid.UUID], domain_event)


TRANSCODER_TOPIC = "store.transcoding:MsgspecTranscoder"
MAPPER_TOPIC = "store.transcoding:MsgspecMapper"
