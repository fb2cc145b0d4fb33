"""Tests for reactions.parse.build: the record a finder's pieces make."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Citation, Kind, Reaction, Rendering
from reactions.parse.build import build_reaction, reaction_id
from reactions.parse.entities import extract_entities


def _built_by_name(
    kind: Kind, platform: str, text: str, source: str, span: tuple[int, int], *, rendering: Rendering,
    confidence: float, handle: str | None = None, display_name: str | None = None, date: dt.date | None = None,
    id_text: str | None = None, **fields: Any,
) -> Reaction:
    """``build_reaction`` as first written: the record built by naming each field."""
    entities = extract_entities(text)
    return Reaction(
        id=reaction_id(handle, date, text if id_text is None else id_text),
        kind=kind,
        platform=platform,
        handle=handle,
        display_name=display_name,
        date=date,
        text=text,
        source=source,
        span=span,
        rendering=rendering,
        confidence=round(min(1.0, max(0.0, confidence)), 2),
        author=fields.pop("author", None) or (handle if kind is Kind.EMBED else None),
        hashtags=fields.pop("hashtags", None) or entities.hashtags,
        mentions=fields.pop("mentions", None) or entities.mentions,
        urls=fields.pop("urls", None) or entities.urls,
        media=fields.pop("media", None) or entities.media,
        emoji=fields.pop("emoji", None) or entities.emoji,
        citations=fields.pop("citations", None) or (Citation(source, span),),
        **fields,
    )  # fmt: skip


_TEXT = st.lists(
    st.sampled_from(["Wow", " ", "#tbt", "@ann", "pic.twitter.com/Ab1", "https://a.co/x", "😂", "é", ".", "\n"]),
    max_size=8,
).map("".join)
_MAYBE = st.none() | st.sampled_from(["", "ann", "Kim Lee"])
_TUPLE = st.sampled_from([(), ("a",), ("a", "b")])
_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "hashtags": _TUPLE, "mentions": _TUPLE, "urls": _TUPLE, "media": _TUPLE, "emoji": _TUPLE,
        "citations": st.sampled_from([(), (Citation("b.txt", (1, 2)),)]), "status_id": _MAYBE, "url": _MAYBE,
        "created_at": st.none() | st.just(dt.datetime(2020, 2, 2, 1, 2, tzinfo=dt.UTC)), "lang": _MAYBE,
        "author": _MAYBE,
    },
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(list(Kind)), st.sampled_from(["twitter", "instagram"]), _TEXT, st.integers(0, 9),
    st.sampled_from(list(Rendering)), st.floats(-1, 2), _MAYBE, _MAYBE, st.none() | st.just(dt.date(2020, 2, 2)),
    _MAYBE, _FIELDS,
)  # fmt: skip
def test_a_record_built_in_field_order_is_the_record_built_by_name(
    kind: Kind, platform: str, text: str, start: int, rendering: Rendering, confidence: float, handle: str | None,
    display_name: str | None, date: dt.date | None, id_text: str | None, fields: dict[str, Any],
) -> None:  # fmt: skip
    args = (kind, platform, text, "a.txt", (start, start + len(text)))
    options = {"rendering": rendering, "confidence": confidence, "handle": handle, "display_name": display_name,
               "date": date, "id_text": id_text}  # fmt: skip
    built = build_reaction(*args, **options, **dict(fields))
    assert built == _built_by_name(*args, **options, **dict(fields))
    assert repr(built) == repr(_built_by_name(*args, **options, **dict(fields)))


@pytest.mark.parametrize("field", ["id", "colour"])
def test_a_field_the_record_does_not_take_is_refused_as_before(field: str) -> None:
    for build in (build_reaction, _built_by_name):
        with pytest.raises(TypeError):
            build(Kind.QUOTE, "twitter", "Wow", "a.txt", (0, 3), rendering=Rendering.QUOTE, confidence=1,
                  **{field: "x"})
