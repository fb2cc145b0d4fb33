"""JSON read through orjson gives what json.loads gives, or falls back to it."""

from __future__ import annotations

import json

import pytest

from reactions.sources.jsonvalues import exact, load_json, load_json_exactly


@pytest.mark.parametrize(
    "data",
    [
        b'{"a": 1, "a": 2, "b": [true, null, "x"]}',
        b'{"t": "caf\xc3\xa9 \xe2\x80\xa8", "n": -0, "f": 0.1}',
        b' \t\r\n[1, {"x": "\\u0000\\/"}]\r\n',
        b'{"a": "\\ud83d\\ude00"}',
    ],
)
def test_valid_json_reads_as_json_loads_does(data: bytes) -> None:
    assert load_json(data) == json.loads(data.decode("utf-8", "surrogateescape"))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"a": "\\ud800"}', {"a": "\ud800"}),  # a lone surrogate escape: orjson refuses it, json reads it
        (b'{"a": "\xff"}', {"a": "\udcff"}),  # invalid UTF-8: kept as surrogateescape keeps it
        (b'{"a": NaN}', {"a": float("nan")}),
    ],
)
def test_what_orjson_refuses_is_read_by_json(data: bytes, expected: dict[str, object]) -> None:
    found = load_json(data)
    assert repr(found) == repr(expected)


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf{}", b'{"a": 1,}', b"{'a': 1}", b'{"a": "x\ny"}', b"[1] 2"])
def test_invalid_json_raises_json_s_own_error(data: bytes) -> None:
    with pytest.raises(json.JSONDecodeError) as found:
        load_json(data)
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(data.decode("utf-8", "surrogateescape"))
    assert str(found.value) == str(expected.value)


def test_a_huge_integer_is_told_by_exact() -> None:
    data = b'{"title": 123456789012345678901234567890, "ok": [1, "x"]}'
    value = load_json(data)
    assert isinstance(value, dict)
    assert exact(value["ok"])
    if not exact(value["title"]):  # orjson made it a float: the exact read gives the integer
        assert load_json_exactly(data) == {"title": 123456789012345678901234567890, "ok": [1, "x"]}
    assert exact(load_json_exactly(data))
