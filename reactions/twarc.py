"""The reactions table as twarc-csv (twarc2's CSV writer) names and writes its columns, for tools that read
twarc exports.

twarc-csv's ``DEFAULT_TWEET_COLUMNS`` (DocNow/twarc-csv ``dataframe_converter.py``) are the API v2 tweet's
fields flattened with dots; only those an article can show are written, in twarc-csv's order
(:data:`TWARC_COLUMNS`, each documented in ``docs/twarc.md``).  As twarc-csv does, list columns hold a JSON list
(``["#MeToo", "#TimesUp"]``, hashtags with ``#``, mentions with ``@``), empty when there is none; times are the
API's ``2020-02-03T10:00:00.000Z``.

>>> import reactions
>>> frame = reactions.to_frame(reactions.parse_article("Hi #x @bo — Ann (@ann) Feb 2, 2020").reactions)
>>> twarc_frame(frame).iloc[0].tolist()
['', '2020-02-02', 'Hi #x @bo', 'und', '["#x"]', '["@bo"]', '', 'ann', 'Ann']
"""

from __future__ import annotations

import json
from typing import Any, Final

import pandas as pd

__all__ = ["TWARC_COLUMNS", "twarc_frame"]

TWARC_COLUMNS: Final = (
    "id", "created_at", "text", "lang", "entities.hashtags", "entities.mentions", "entities.urls",
    "author.username", "author.name",
)  # fmt: skip
"""The columns written, twarc-csv's names in twarc-csv's order."""


def twarc_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (the frame contract) as twarc-csv's columns, one row per reaction, every cell text (``""`` when
    unknown): ``id`` the post's status id; ``created_at`` its exact time, else the post's own date
    (``2020-02-03``, when the article shows only that; never its article's date); ``entities.urls`` its links
    and media links."""
    own = _own_dates(frame)
    return pd.DataFrame({
        "id": _text(frame["status_id"]),
        "created_at": [_moment(exact, day) for exact, day in zip(frame["created_at"], own, strict=True)],
        "text": _text(frame["text"]),
        "lang": _text(frame["lang"]),
        "entities.hashtags": [_json_list("#", items) for items in frame["hashtags"]],
        "entities.mentions": [_json_list("@", items) for items in frame["mentions"]],
        "entities.urls": [_json_list("", [*urls, *media]) for urls, media in zip(frame["urls"], frame["media"],
                                                                                   strict=True)],
        "author.username": _text(frame["handle"]),
        "author.name": _text(frame["display_name"]),
    }, columns=list(TWARC_COLUMNS), index=frame.index, dtype=object)  # fmt: skip


def _text(column: pd.Series) -> list[str]:
    return ["" if pd.isna(value) else str(value) for value in column.tolist()]


def _own_dates(frame: pd.DataFrame) -> list[Any]:
    """The post's own date of each row (``NaT`` when the date is its article's, or unknown)."""
    dates = frame["date"].tolist()
    if "date_source" not in frame.columns:
        return dates
    return [day if source == "post" else pd.NaT for day, source in zip(dates, frame["date_source"], strict=True)]


def _moment(exact: Any, day: Any) -> str:
    if not pd.isna(exact):
        stamp = pd.Timestamp(exact).tz_convert("UTC")
        return stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}Z"
    return "" if pd.isna(day) else pd.Timestamp(day).date().isoformat()


def _json_list(prefix: str, items: Any) -> str:
    values = [prefix + str(item) for item in items]
    return json.dumps(values, ensure_ascii=False) if values else ""
