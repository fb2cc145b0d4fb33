"""Records <-> plain values (lists, strings, numbers, ``None``), for the caches: :func:`encode` turns a record
(a dataclass of :mod:`reactions.models`, with its tuples, dates and enums) into plain values that JSON or
:mod:`marshal` take as they are, and :func:`decode` builds it back from its type annotation.  Both build one
function per type, once (they are hot: every cached parse goes through them).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import marshal
import types
import typing
from collections.abc import Callable
from typing import Any, Final

_PLAIN: Final = frozenset({str, int, float, bool, type(None)})
"""Types that JSON takes as they are (exactly these: a ``StrEnum`` member is a ``str`` but encodes as its value)."""


def encode(value: Any) -> Any:
    """A JSON-ready form of a record: a dataclass becomes the list of its fields' values, in
    field order; tuples become lists (an empty one ``None``: one object less to write and read back, and most of a
    reaction's tuples are empty), dates ISO strings, enums their values."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    encoder = _ENCODERS.get(kind)
    return (encoder or _encoder_of(kind))(value)


_ENCODERS: dict[type, Callable[[Any], Any]] = {}


def raw(value: Any) -> Any:
    """:func:`encode`'s output for :mod:`marshal`, quicker and unchecked: a record's fields that :func:`encode` would
    give as they are when they hold what their annotation says (a ``str | None``, a number, a tuple of plain values)
    are given as they are without looking (a tuple stays a tuple: :func:`decode` takes either), and only its enums,
    dates and records are converted (checked, as :func:`encode` does).  A value of another type than its field's
    then reaches :mod:`marshal` as it is, which refuses anything but its own exact types: :func:`dumps` turns such
    a tree into :func:`encode`'s plain values and writes those."""
    kind = type(value)
    return value if kind in _PLAIN else (_RAW.get(kind) or _raw_of(kind))(value)


_RAW: dict[type, Callable[[Any], Any]] = {}


def dumps(tree: Any, version: int) -> bytes:
    """``marshal.dumps(tree, version)`` of :func:`raw`'s output (or :func:`encode`'s): when :mod:`marshal` refuses a
    value (an enum member in a ``str`` field, a record in a tuple of strings), the tree made of :func:`encode`'s
    plain values instead, which :func:`decode` reads back as the same records."""
    try:
        return marshal.dumps(tree, version)
    except ValueError:
        return marshal.dumps(_plain(tree), version)


def _plain(value: Any) -> Any:
    """A tree of lists and plain values with :func:`encode`'s values for anything else (its enums, dates,
    records)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        return [_plain(item) for item in value]
    return encode(value)


def _encoder(kind: type) -> Callable[[Any], Any]:
    """A function that encodes values of exactly type ``kind``, built once per type (encoding is hot)."""
    if dataclasses.is_dataclass(kind):
        return _record_encoder(kind)
    if issubclass(kind, tuple | list):
        return lambda value: [item if type(item) in _PLAIN else encode(item) for item in value] if value else None
    if issubclass(kind, dt.date):
        return lambda value: value.isoformat()
    if issubclass(kind, enum.Enum):
        _VALUED.add(kind)  # (a record's encoder then reads the value of a member met in a field of another type)
        return lambda value: value._value_  # (the member's own attribute: no descriptor to go through)
    return _same


_VALUED: Final[set[type]] = set()
"""Enum types whose encoder gives a member's ``_value_`` (each added as its encoder is made)."""


def _record_encoder(kind: type, raw: bool = False) -> Callable[[Any], Any]:
    """The encoder of a dataclass: one function written for its fields, as :mod:`dataclasses` writes ``__init__``,
    that reads each field by name and encodes it as :func:`encode` would, each value checked at run time as ever
    (a field annotated as a tuple of plain values is encoded item by item only when it has items; one annotated as a
    record, a tuple of records, an enum or a date calls that type's encoder at once when the value is of exactly that
    type, else :func:`encode`): a third of the time of a loop over the fields, and the parse cache encodes every
    reaction of every article it keeps.  ``raw``: :func:`raw`'s encoder (a field annotated as a number, an optional
    ``str`` or a tuple of plain values given as it is, an empty tuple as ``None``; a ``str`` field checked, since the
    parser puts ``Platform`` members in one)."""
    hints = typing.get_type_hints(kind)
    scope: dict[str, Any] = {"encode": encode, "PLAIN": _PLAIN}
    cells = [_field_code(f"value.{field.name}", hints[field.name], scope, raw) for field in dataclasses.fields(kind)]
    source = f"def encode_record(value):\n    return [{', '.join(cells)}]\n"
    exec(compile(source, f"<encoder of {kind.__qualname__}>", "exec"), scope)  # (field names: identifiers)
    made: Callable[[Any], Any] = scope["encode_record"]
    return made


def _field_code(get: str, hint: Any, scope: dict[str, Any], raw: bool = False) -> str:
    """The expression that encodes the field read by ``get`` (``value.name``), annotated ``hint``; the types and
    encoders it names go into ``scope``.  The common cases inline what :func:`encode` would call (an enum member's
    ``_value_``, even in a field annotated ``str``; a date's ``isoformat()``; a tuple of two plain values; a tuple of
    one record), each only for a value of exactly the type that encoder is for."""
    arms = [arm for arm in typing.get_args(hint) if arm is not type(None)]
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(arms) == 1:
        hint = arms[0]
    args = typing.get_args(hint)
    if raw and (hint in _PLAIN - {str} or (len(arms) == 1 and arms[0] in _PLAIN)):
        return get  # (a value of another type: marshal refuses it, and dumps takes the plain way)
    if typing.get_origin(hint) is tuple and all(arg in (str, int, float, Ellipsis) for arg in args):
        if raw:
            return f"({get} or None)"
        each = f"([item if type(item) in PLAIN else encode(item) for item in {get}] if {get} else None)"
        if len(args) != 2 or Ellipsis in args:
            return each
        pair = f"type({get}) is tuple and len({get}) == 2 and type({get}[0]) in PLAIN and type({get}[1]) in PLAIN"
        return f"([{get}[0], {get}[1]] if {pair} else {each})"
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and _is_record(args[0]):
        kind, coder = _named(scope, args[0]), _named(scope, _raw_of(args[0]) if raw else _encoder_of(args[0]))
        one = f"type({get}) is tuple and len({get}) == 1 and type({get}[0]) is {kind}"
        each = f"[{coder}(item) if type(item) is {kind} else encode(item) for item in {get}]"
        return f"(([{coder}({get}[0])] if {one} else {each}) if {get} else None)"
    if _is_record(hint) or (isinstance(hint, type) and issubclass(hint, enum.Enum | dt.date)):
        kind, coder = _named(scope, hint), _named(scope, _raw_of(hint) if raw else _encoder_of(hint))
        if hint in _VALUED:
            converted = f"{get}._value_"
        elif isinstance(hint, type) and issubclass(hint, dt.date):
            converted = f"{get}.isoformat()"
        else:
            converted = f"{coder}({get})"
        return f"({converted} if type({get}) is {kind} else {get} if type({get}) in PLAIN else encode({get}))"
    scope["VALUED"] = _VALUED
    return f"({get} if type({get}) in PLAIN else {get}._value_ if type({get}) in VALUED else encode({get}))"


def _raw_of(kind: type) -> Callable[[Any], Any]:
    """:func:`raw`'s encoder of exactly type ``kind``."""
    encoder = _RAW.get(kind)
    if encoder is None:
        encoder = _RAW[kind] = _record_encoder(kind, raw=True) if _is_record(kind) else _encoder_of(kind)
    return encoder


def _is_record(hint: Any) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


def _encoder_of(kind: type) -> Callable[[Any], Any]:
    """The encoder of exactly type ``kind`` (built once, kept with the others)."""
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder(kind)
    return encoder


def _named(scope: dict[str, Any], value: object) -> str:
    """A name for ``value`` in ``scope`` (the code written for a record's encoder reads it there)."""
    name = f"_{len(scope)}"
    scope[name] = value
    return name


def decode(kind: Any, value: Any) -> Any:
    """Rebuild a value of type ``kind`` (a type annotation) from :func:`encode`'s output."""
    return _decoder(kind)(value)


Decoder = Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


@functools.cache
def _decoder(kind: Any) -> Decoder:
    """A function that decodes values of type ``kind``, built once per type (decoding is hot)."""
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        arms = [arm for arm in typing.get_args(kind) if arm is not type(None)]
        inner = _decoder(arms[0]) if len(arms) == 1 else _same
        return inner if inner is _same else lambda value: None if value is None else inner(value)
    if origin is tuple:
        return _tuple_decoder(typing.get_args(kind))
    if not isinstance(kind, type):
        return _same
    if dataclasses.is_dataclass(kind):
        return _record_decoder(kind)
    if issubclass(kind, dt.datetime):
        return dt.datetime.fromisoformat
    if issubclass(kind, dt.date):
        return dt.date.fromisoformat
    if issubclass(kind, enum.Enum):
        return kind
    return _same


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    """A tuple's decoder (``None``, an empty tuple's encoding, gives ``()``)."""
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        if item is _same:
            return lambda value: () if value is None else tuple(value)
        return lambda value: () if value is None else tuple(map(item, value))
    items = [_decoder(arg) for arg in args]
    if all(item is _same for item in items):
        return lambda value: () if value is None else tuple(value)
    return lambda value: () if value is None else tuple(item(v) for item, v in zip(items, value, strict=True))


def _record_decoder(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    decoders = [_decoder(hints[f.name]) for f in dataclasses.fields(cls)]
    convert = [(i, decoder) for i, decoder in enumerate(decoders) if decoder is not _same]  # str, int: as is

    def decode_record(value: list[Any]) -> Any:
        if len(value) != len(decoders):
            raise ValueError(f"{cls.__name__}: {len(value)} values for {len(decoders)} fields")
        for i, decoder in convert:
            value[i] = decoder(value[i])
        return cls(*value)

    return decode_record
