"""JSON documents read fast: :mod:`orjson` where it gives what :func:`json.loads` gives, :mod:`json` otherwise.

The readers decode a file's bytes as UTF-8 with ``surrogateescape`` and give them to :func:`json.loads`.  orjson
reads the bytes themselves, about four times as fast, and refuses what it does not read as :mod:`json` does
(invalid UTF-8, a lone surrogate escape, ``NaN``, a number past a double): those go through :mod:`json`, whose
error is the one reported.  One case it reads differently without refusing it, an integer past 64 bits (a
float to orjson): a reader therefore checks the values it uses (:func:`exact`) and reads a record again with
:mod:`json` when one holds a float.  (orjson also reads a document nested up to 1,024 deep, where :func:`json.loads`
stops at Python's recursion limit, which depends on the caller's depth: such a file is read, no longer skipped.)
orjson is imported on the first document read (with the ``uuid`` and ``platform`` modules it loads, ~3 ms): a run
over a CSV table or a folder of text files reads no JSON.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType

__all__ = ["exact", "load_json", "load_json_exactly"]


def load_json(data: bytes) -> object:
    """The value of a JSON document's bytes, as ``json.loads(data.decode("utf-8", "surrogateescape"))`` gives
    it, except that an integer past 64 bits may be a float (see :func:`exact`).  Raises ``ValueError`` or
    ``RecursionError`` as :func:`json.loads` does."""
    parser = _orjson or _load_orjson()
    try:
        return parser.loads(data)
    except parser.JSONDecodeError:
        return load_json_exactly(data)


_orjson: ModuleType | None = None
"""orjson, once :func:`_load_orjson` has imported it."""


def _load_orjson() -> ModuleType:
    global _orjson
    _orjson = importlib.import_module("orjson")
    return _orjson


def load_json_exactly(data: bytes) -> object:
    """``json.loads(data.decode("utf-8", "surrogateescape"))``: the value the readers define."""
    return json.loads(data.decode("utf-8", "surrogateescape"))


def exact(value: object) -> bool:
    """Whether ``value`` (from :func:`load_json`) holds no float, at any depth: then it is the value
    :func:`load_json_exactly` gives.

    >>> exact({"a": ["x", 1]}), exact([["x"], {"b": 1.5}])
    (True, False)
    """
    if value is None or value.__class__ is str:  # the usual field: at once
        return True
    if isinstance(value, float):
        return False
    if isinstance(value, list):
        return all(map(exact, value))
    if isinstance(value, dict):
        return all(map(exact, value.values()))
    return True
