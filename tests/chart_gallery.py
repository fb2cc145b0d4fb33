"""Every chart of ``reactions/charts/*.py``, built from small aggregates, as ``to_dict()`` specs: for the tests that
walk all of them (colours, text contrast, tooltips, descriptions).  ``test_charts_access`` checks that no public
``*_chart`` function is missing here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

from frame_factory import make_frame, make_row, sample_frame

from reactions.analysis import aggregate, aggregate_time, compare, network
from reactions.analysis.amplification import amplification
from reactions.charts import compare as charts_compare
from reactions.charts import core as charts
from reactions.charts import network as charts_network
from reactions.charts import outlets as charts_outlets
from reactions.charts import time as charts_time
from reactions.viewstate import views

SAMPLE = sample_frame()
T0 = dt.datetime(2020, 2, 1, 10, tzinfo=dt.UTC)
CITED = make_frame([
    make_row(0, outlets=["cnn.com", "bbc.co.uk"], outlet_published=[T0.isoformat(), (T0 + dt.timedelta(hours=5))
             .isoformat()], compound=0.8),
    make_row(1, outlets=["bbc.co.uk", "lemonde.fr"], outlet_published=[T0.isoformat(), ""], compound=-0.6),
])  # fmt: skip


def _compare() -> compare.Comparison:
    return compare.compare_rows(
        SAMPLE,
        views.filter_rows(SAMPLE, views.Filters(hashtags=("JusticeForJohnnyDepp",))),
        views.filter_rows(SAMPLE, views.Filters(sentiments=("negative",))),
        names=("A: tag=JusticeForJohnnyDepp", "B: sentiment=negative"),
    )


def _time(build: Callable[..., Any]) -> Callable[[], Any]:
    def draw() -> Any:
        totals = aggregate_time.bucket_totals(SAMPLE, "day")
        if build is charts_time.time_chart:
            segments = aggregate_time.reactions_by_bucket(SAMPLE, "day")
            return build(totals, segments, aggregate_time.spike_drivers(SAMPLE, "day"), "day")
        if build is charts_time.heatmap_chart:
            return build(aggregate_time.hashtags_by_bucket(SAMPLE, 10, "day"), "day")
        return build(totals, "day")

    return draw


GALLERY: dict[str, Callable[[], Any]] = {
    "core.sentiment_chart": lambda: charts.sentiment_chart(aggregate.sentiment_mix(SAMPLE)),
    "core.hashtag_chart": lambda: charts.hashtag_chart(aggregate.reactions_by_hashtag(SAMPLE)),
    "core.authors_chart": lambda: charts.authors_chart(aggregate.top_authors(SAMPLE)),
    "core.mentions_chart": lambda: charts.mentions_chart(aggregate.top_mentions(SAMPLE)),
    "core.platform_chart": lambda: charts.platform_chart(aggregate.reactions_by_platform(SAMPLE)),
    "core.emoji_chart": lambda: charts.emoji_chart(aggregate.top_emoji(SAMPLE)),
    "core.compound_chart": lambda: charts.compound_chart(aggregate.compound_distribution(SAMPLE)),
    "time.time_chart": _time(charts_time.time_chart),
    "time.compound_chart": _time(charts_time.compound_chart),
    "time.heatmap_chart": _time(charts_time.heatmap_chart),
    "network.network_chart": lambda: charts_network.network_chart(network.build_network(SAMPLE, "hashtags")),
    "network.network_chart(mentions)": lambda: charts_network.network_chart(
        network.build_network(SAMPLE, "mentions")
    ),
    "outlets.outlet_chart": lambda: charts_outlets.outlet_chart(aggregate.top_outlets(CITED)),
    "outlets.amplification_chart": lambda: charts_outlets.amplification_chart(amplification(CITED)),
    "compare.volume_chart": lambda: charts_compare.volume_chart(_compare().volume),
    "compare.sentiment_shares_chart": lambda: charts_compare.sentiment_shares_chart(_compare().sentiment),
    "compare.hashtags_chart": lambda: charts_compare.hashtags_chart(_compare().hashtags),
}
"""``module.function`` (the module of :mod:`reactions.charts`) -> a function drawing that chart on small data."""
MODULES = (charts, charts_time, charts_network, charts_outlets, charts_compare)


def spec(name: str) -> dict[str, Any]:
    """The Vega-Lite spec of the chart ``name`` (a key of :data:`GALLERY`)."""
    result: dict[str, Any] = GALLERY[name]().to_dict()
    return result


def views_of(spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every single view of a spec (the layers of a layered chart)."""
    if "layer" in spec:
        for layer in spec["layer"]:
            yield from views_of(layer)
    else:
        yield spec


def mark_of(view: dict[str, Any]) -> dict[str, Any]:
    """A view's mark as a dict (Altair writes a bare ``"bar"`` for a mark without options)."""
    mark = view["mark"]
    return {"type": mark} if isinstance(mark, str) else dict(mark)
