"""msgspec transcoding for the eventsourcing library.

`MsgspecTranscoder` turns an event's state into MessagePack bytes and back. `MsgspecMapper`
decodes a stored event in ONE typed pass: a `msgspec.msgpack.Decoder` per topic (built once
per process, on first use) whose type is a TypedDict of the event class's own annotations, so
UUID, datetime, Decimal and Structs come back exactly, straight from the bytes.

Two refinements:

- Upcasting. A class with `class_version > 1` may meet state stored by an older version. Its
  typed pass also reads the stored `class_version`; when that is older (or the typed pass
  refuses the old shape), the event takes the two-pass path: an untyped decode, so the
  library's `upcast_vN_vN+1` methods see the stored dict as it was written, then
  `msgspec.convert` into the same TypedDict. A class at version 1 never needs it. (So does
  a stored shape that only the lenient `strict=False` conversion accepts.)
- Fields typed by what the aggregate said earlier. An event class may type some `Any` fields
  only once its aggregate has said what they hold: a Match's Decided carries the game's
  command and events, and the game is named by the match's Started event (or its snapshot).
  Such a class declares `decoding_hints(context) -> {field: type}`; a class that names the
  context declares `decoding_context(state) -> context | None`. The mapper remembers the
  context of each aggregate it has read (a bounded table; reading an aggregate or the log in
  order reads its Started or snapshot first) and decodes later events of that aggregate with
  a decoder built once per (topic, context). A class that declares both (the Started, whose
  own `game` types its `opening`) is decoded with those fields left as `msgspec.Raw` slices of
  the bytes, each then decoded once into its type. Without a context, or if the typed decode
  refuses the bytes, the fields stay builtins, as the untyped path gives them, and the
  aggregate types them itself (as `domain.match` does).
"""

from __future__ import annotations

import threading
import typing
import uuid
from collections.abc import Callable, Hashable
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
from eventsourcing.utils import get_topic, resolve_topic


class MsgspecTranscoder(Transcoder):
    """MessagePack via msgspec: UUID and Decimal as strings, datetime as a timestamp."""

    def __init__(self) -> None:
        self._encoder = msgspec.msgpack.Encoder(decimal_format="string")
        self._decoder = msgspec.msgpack.Decoder()

    def register(self, transcoding: Transcoding) -> None:
        """Custom types are Structs here; the library's registration hook is accepted and unused."""

    def encode(self, obj: Any) -> bytes:
        return self._encoder.encode(obj)

    def decode(self, data: bytes) -> Any:
        return self._decoder.decode(data)


_SKIPPED = {"originator_id", "originator_version"}

CONTEXTS_KEPT = 100_000
"""How many aggregates' decoding contexts a mapper remembers (then it starts afresh)."""


def state_type(cls: type, hints: dict[str, Any] | None = None) -> Any:
    """A TypedDict of an event class's stored fields (`hints` overriding some of their types),
    with `class_version` when the class has been upcast, so a decoder can type them."""
    fields = {
        name: hint
        for name, hint in typing.get_type_hints(cls).items()
        if name not in _SKIPPED and typing.get_origin(hint) is not typing.ClassVar
    }
    fields |= hints or {}
    if getattr(cls, "class_version", 1) > 1:
        fields["class_version"] = int
    return TypedDict(f"{cls.__name__}State", fields, total=False)  # type: ignore[operator]


class _Plan:
    """How one event class is stored and read back: its topic, version and decoders. Built once
    per class in a process (`plan_of`) and shared by every mapper."""

    __slots__ = (
        "class_version",
        "cls",
        "context",
        "context_decoders",
        "decoder",
        "field_decoders",
        "hints",
        "id_convertors",
        "id_type",
        "raw_decoder",
        "raw_fields",
        "simple",
        "state_type",
        "topic",
    )

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.topic = get_topic(cls)
        self.class_version: int = getattr(cls, "class_version", 1)
        self.state_type = state_type(cls)
        self.decoder = msgspec.msgpack.Decoder(self.state_type)
        self.context: Callable[[dict[str, Any]], Hashable | None] | None = getattr(
            cls, "decoding_context", None
        )
        self.hints: Callable[[Hashable], dict[str, Any]] | None = getattr(
            cls, "decoding_hints", None
        )
        self.context_decoders: dict[Hashable, msgspec.msgpack.Decoder[Any] | None] = {}
        self.field_decoders: dict[Hashable, dict[str, msgspec.msgpack.Decoder[Any]] | None] = {}
        self.raw_decoder: msgspec.msgpack.Decoder[Any] | None = None
        self.raw_fields: tuple[str, ...] = ()
        self.id_convertors: dict[type, Callable[[Any], Any]] = {}
        # The originator id type the class declares, which needs no conversion.
        self.id_type: type | None = getattr(cls, "originator_id_type", None)
        # Read in one step: nothing to upcast, and no context named by its own state.
        self.simple = self.class_version == 1 and self.context is None and self.id_type is not None

    def hints_in(self, context: Hashable) -> dict[str, Any] | None:
        """The field types a context gives; None when it gives none (an unknown game, say:
        then the fields stay builtins and the aggregate complains in its own words)."""
        assert self.hints is not None
        try:
            return self.hints(context) or None
        except Exception:  # whatever the hook raises, the untyped path stands
            return None

    def context_decoder(self, context: Hashable) -> msgspec.msgpack.Decoder[Any] | None:
        """The whole state's decoder in a context (None: the context types nothing)."""
        try:
            return self.context_decoders[context]
        except KeyError:
            pass
        hints = self.hints_in(context)
        decoder = None if hints is None else msgspec.msgpack.Decoder(state_type(self.cls, hints))
        self.context_decoders[context] = decoder
        return decoder

    def decode_self_typed(self, data: bytes) -> dict[str, Any]:
        """A class whose own state names the context of its hinted fields: those fields are
        decoded as Raw slices of `data`, then each once, into the type its context gives.
        (The first event of the class in a process teaches the names of those fields: it is
        decoded once with them as builtins, then again typed.)"""
        raw_decoder = self.raw_decoder
        assert self.context is not None
        if raw_decoder is None:
            state: dict[str, Any] = self.decoder.decode(data)
            context = self.context(state)
            hints = None if context is None else self.hints_in(context)
            if hints is None:
                return state
            self.raw_fields = tuple(hints)
            self.raw_decoder = msgspec.msgpack.Decoder(
                state_type(self.cls, dict.fromkeys(hints, msgspec.Raw))
            )
            decoder = self.context_decoder(context)
            assert decoder is not None
            try:
                return cast(dict[str, Any], decoder.decode(data))
            except msgspec.ValidationError:
                return state
        state = raw_decoder.decode(data)
        context = self.context(state)
        fields = None if context is None else self.field_decoders_in(context)
        for name in self.raw_fields:
            if name in state:
                raw = state[name]
                try:
                    state[name] = (fields or _UNTYPED)[name].decode(raw)
                except msgspec.ValidationError:
                    state[name] = _UNTYPED[name].decode(raw)
        return state

    def field_decoders_in(
        self, context: Hashable
    ) -> dict[str, msgspec.msgpack.Decoder[Any]] | None:
        try:
            return self.field_decoders[context]
        except KeyError:
            pass
        hints = self.hints_in(context)
        decoders = (
            None
            if hints is None
            else {name: msgspec.msgpack.Decoder(hint) for name, hint in hints.items()}
        )
        self.field_decoders[context] = decoders
        return decoders

    def id_convertor(self, id_type: type) -> Callable[[Any], Any]:
        try:
            return self.id_convertors[id_type]
        except KeyError:
            convertor = self.id_convertors[id_type] = find_id_convertor(self.cls, id_type)
            return convertor


class _Untyped(dict[str, "msgspec.msgpack.Decoder[Any]"]):
    """An untyped decoder for any field name."""

    def __missing__(self, name: str) -> msgspec.msgpack.Decoder[Any]:
        return _UNTYPED_DECODER


_UNTYPED_DECODER: msgspec.msgpack.Decoder[Any] = msgspec.msgpack.Decoder()
_UNTYPED = _Untyped()


_PLANS: dict[type, _Plan] = {}
_PLANS_BY_TOPIC: dict[str, _Plan] = {}


def plan_of(cls: type) -> _Plan:
    try:
        return _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _Plan(cls)
        return plan


def plan_of_topic(topic: str) -> _Plan:
    try:
        return _PLANS_BY_TOPIC[topic]
    except KeyError:
        plan = _PLANS_BY_TOPIC[topic] = plan_of(resolve_topic(topic))
        return plan


_new = object.__new__
_set = object.__setattr__
_UUID = uuid.UUID


class MsgspecMapper(Mapper[uuid.UUID]):
    """Maps domain events to stored events and back, decoding each in one typed msgspec pass."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._contexts: dict[Any, Hashable] = {}
        self._plain = self.cipher is None and self.compressor is None
        self._lock = threading.Lock()
        self._encode: Callable[[Any], bytes] = self.transcoder.encode
        if isinstance(self.transcoder, MsgspecTranscoder):
            self._encode = self.transcoder._encoder.encode  # one Python call less per event

    # -- writing ----------------------------------------------------------------------------

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent:
        cls = type(domain_event)
        plan = _PLANS.get(cls) or plan_of(cls)
        state = domain_event.__dict__.copy()
        originator_id = state.pop("originator_id")
        originator_version = state.pop("originator_version")
        if plan.class_version > 1:
            state["class_version"] = plan.class_version
        data = self._encode(state)
        if self.compressor:
            data = self.compressor.compress(data)
        if self.cipher:
            data = self.cipher.encrypt(data)
        # A StoredEvent without the frozen dataclass's __init__ (four __setattr__ detours).
        stored = _new(StoredEvent)
        _set(
            stored,
            "__dict__",
            {
                "originator_id": originator_id,
                "originator_version": originator_version,
                "topic": plan.topic,
                "state": data,
            },
        )
        return stored

    # -- reading ----------------------------------------------------------------------------

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        # The common case first, in as few steps as it takes: a class at version 1 that names
        # no context, an id of the declared type, bytes neither encrypted nor compressed.
        # Anything else, and any failure here, goes the general way below.
        plan = _PLANS_BY_TOPIC.get(stored_event.topic)
        if plan is not None and plan.simple and self._plain:
            originator_id = stored_event.originator_id
            if type(originator_id) is plan.id_type:
                decoder = plan.decoder
                if plan.hints is not None:
                    key = originator_id.int if type(originator_id) is _UUID else originator_id
                    context = self._contexts.get(key)
                    if context is not None:
                        decoder = (
                            plan.context_decoders.get(context)
                            or plan.context_decoder(context)
                            or decoder
                        )
                try:
                    state = decoder.decode(stored_event.state)
                except Exception:  # the general way decodes it again, and explains a failure
                    return self._to_domain_event(stored_event)
                state["originator_id"] = originator_id
                state["originator_version"] = stored_event.originator_version
                domain_event: Any = _new(plan.cls)
                _set(domain_event, "__dict__", state)
                return domain_event
        return self._to_domain_event(stored_event)

    def stored_fields(self, stored_event: StoredEvent) -> tuple[str, dict[str, Any]] | None:
        """The event class's name and the event's fields exactly as stored (builtins, in one
        untyped pass: what an audit hashes needs no game types); None when reading them takes
        more (bytes encrypted or compressed, another transcoder, a class version to upcast)."""
        topic = stored_event.topic
        if not self.reads_plainly(topic):
            return None
        plan = _PLANS_BY_TOPIC.get(topic) or plan_of_topic(topic)
        return plan.cls.__name__, _UNTYPED_DECODER.decode(stored_event.state)

    def reads_plainly(self, topic: str) -> bool:
        """Whether this mapper's stored events of `topic` are its class's fields as plain
        msgpack (no cipher, no compression, no class version to upcast)."""
        if not self._plain or not isinstance(self.transcoder, MsgspecTranscoder):
            return False
        plan = _PLANS_BY_TOPIC.get(topic) or plan_of_topic(topic)
        return plan.class_version == 1

    def _to_domain_event(self, stored_event: StoredEvent) -> Any:
        originator_id = stored_event.originator_id
        # UUID's own __hash__ is Python code; its int hashes in C (and is as unique).
        key = originator_id.int if type(originator_id) is uuid.UUID else originator_id
        try:
            plan = _PLANS_BY_TOPIC.get(stored_event.topic) or plan_of_topic(stored_event.topic)
            data = stored_event.state
            if self.cipher:
                data = self.cipher.decrypt(data)
            if self.compressor:
                data = self.compressor.decompress(data)
            event_state = self._decode(plan, key, data)
        except Exception as exc:
            msg = (
                f"Failed to deserialise stored event {stored_event.topic!r} "
                f"{originator_id}@{stored_event.originator_version}: {exc}"
            )
            raise MapperDeserialisationError(msg) from exc
        if plan.context is not None:
            self._remember(key, plan.context(event_state))
        id_type = type(originator_id)
        if id_type is not plan.id_type:
            convertor = plan.id_convertors.get(id_type) or plan.id_convertor(id_type)
            originator_id = convertor(originator_id)
        event_state["originator_id"] = originator_id
        event_state["originator_version"] = stored_event.originator_version
        domain_event: Any = _new(plan.cls)
        _set(domain_event, "__dict__", event_state)
        return domain_event

    def _decode(self, plan: _Plan, key: Any, data: bytes) -> dict[str, Any]:
        """The event's state from its bytes: one typed pass unless it must be upcast."""
        state: dict[str, Any]
        if plan.hints is not None and plan.context is not None and plan.class_version == 1:
            try:
                return plan.decode_self_typed(data)
            except msgspec.ValidationError:
                pass  # read it the general way below
        elif plan.hints is not None:
            context = self._contexts.get(key)
            if context is not None:
                decoder = plan.context_decoders.get(context) or plan.context_decoder(context)
                if decoder is not None:
                    try:
                        state = decoder.decode(data)
                    except msgspec.ValidationError:
                        pass  # not what this context types it as: read as builtins, as before
                    else:
                        return state
        try:
            state = plan.decoder.decode(data)
        except msgspec.ValidationError:
            pass  # an older version's shape, or one only the lenient path accepts
        else:
            if plan.class_version == 1:
                return state
            if state.get("class_version") == plan.class_version:
                del state["class_version"]
                return state
        return self._decode_upcasting(plan, data)

    def _decode_upcasting(self, plan: _Plan, data: bytes) -> dict[str, Any]:
        """Two passes: untyped (the upcasters see the dict as it was stored), then converted
        leniently (`strict=False`) into the same TypedDict."""
        event_state: dict[str, Any] = self.transcoder.decode(data)
        from_version = event_state.pop("class_version", 1)
        while from_version < plan.class_version:
            getattr(plan.cls, f"upcast_v{from_version}_v{from_version + 1}")(event_state)
            from_version += 1
        typed: dict[str, Any] = msgspec.convert(event_state, plan.state_type, strict=False)
        typed.pop("class_version", None)
        return typed

    def _remember(self, originator_id: Any, context: Hashable | None) -> None:
        """Keeps what an aggregate's event said will type its later events (its game)."""
        if context is None:
            return
        with self._lock:
            if len(self._contexts) >= CONTEXTS_KEPT:
                self._contexts.clear()
            self._contexts[originator_id] = context


TRANSCODER_TOPIC = "store.transcoding:MsgspecTranscoder"
MAPPER_TOPIC = "store.transcoding:MsgspecMapper"


def reads_plainly(mapper: Any, topic: str) -> bool:
    """`MsgspecMapper.reads_plainly` of any mapper (False for another kind)."""
    return isinstance(mapper, MsgspecMapper) and mapper.reads_plainly(topic)
