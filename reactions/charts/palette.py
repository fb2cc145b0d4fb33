"""Every colour the charts and the page draw with, and what it means.  Never imports streamlit.

One meaning per hue: red and blue mean negative and positive (the labels' colours and the mean-compound scale,
ColorBrewer's RdBu), purple means how many reactions (the heat map), orange and bluish green mean the two sides
of a comparison (Okabe and Ito's: told apart with every common colour-vision deficiency).  Nothing else is drawn
in a hue: what only needs to stand out (a spike, the first outlet to cite a post, the mean-compound line, the
page's buttons) is drawn in ink or grey, which :func:`hue` calls achromatic.  :data:`MEANINGS` lists each hue's
colours, and ``tests/test_palette.py`` checks that no two meanings come within :data:`HUE_TOLERANCE` of each
other.

Text is at WCAG 2.x AA contrast (:data:`AA_TEXT`, 4.5:1) against :data:`BACKGROUND`: chart text explicitly
(:func:`chart_config`; Vega would draw it black, but Streamlit's chart theme greys axis labels to ``#808495``, 3.7:1),
and the page's text through ``.streamlit/config.toml``, whose ``textColor`` is :data:`TEXT`: Streamlit draws a
caption in the text colour at :data:`CAPTION_ALPHA`, so the text colour must be dark enough for its captions too.
"""

from __future__ import annotations

import colorsys
import string
from typing import Any, Final

BACKGROUND: Final = "#ffffff"
"""The page's and every chart's background (``backgroundColor`` in ``.streamlit/config.toml``)."""
SIDEBAR_BACKGROUND: Final = "#f3f5f8"
"""The sidebar's and widgets' background (``secondaryBackgroundColor``)."""
TEXT: Final = "#11141b"
"""Ink: the page's text (``textColor``), chart titles and text marks, spike markers, the mean-compound line."""
TEXT_SOFT: Final = "#4b5060"
"""Axis and legend labels: softer than :data:`TEXT`, still 8:1 on :data:`BACKGROUND`."""
PRIMARY: Final = "#2b2f38"
"""The page's buttons and selected widgets (``primaryColor``): ink, so that no control is drawn in a sentiment's
hue (a selected "negative" in the relabel control used to be blue)."""
CAPTION_ALPHA: Final = 0.6
"""Streamlit draws ``st.caption`` (and help text) in the text colour at this opacity (its ``fadedText60``)."""
CONTEXT_ALPHA: Final = 0.65
"""The paragraphs around a post in its article are drawn at this opacity (``dashboard.STYLE``)."""

SENTIMENT_COLORS: Final[dict[str, str]] = {"negative": "#d6604d", "neutral": "#a5a5a5", "positive": "#4393c3"}
"""One colour per sentiment label (ColorBrewer RdBu, grey between), in every chart."""
SENTIMENT_TEXT: Final[dict[str, str]] = {"negative": "#b2182b", "positive": "#2166ac"}
"""A sentiment's colour for text (RdBu's darker ends: the fills above are under 4.5:1 on white)."""
COMPOUND_DOMAIN: Final = (-1.0, -0.5, 0.0, 0.5, 1.0)
COMPOUND_RANGE: Final = ("#b2182b", "#d6604d", "#f7f7f7", "#4393c3", "#2166ac")
"""The mean-compound scale: RdBu from -1 through the label colours and a light middle to +1."""
COUNT_RANGE: Final = ("#efedf5", "#54278f")
"""How many reactions (the heat map): ColorBrewer Purples, light to dark."""
SIDE_COLORS: Final = ("#e69f00", "#009e73")
"""Side A's colour, side B's (Okabe–Ito orange, bluish green)."""

SPIKE: Final = TEXT
"""The ▼ over a spike's bar: ink, as the ▼ in the chart's heading."""
MEAN_LINE: Final = "#333333"
"""The mean-compound panel's line and points: ink, never a sentiment's colour (the panel's axis tells the sign)."""
ZERO_RULE: Final = "#bbbbbb"
EDGE: Final = "#8c8c8c"
"""A network's links."""
OUTLET_ROLES: Final[dict[str, str]] = {"first": TEXT, "later": "#8c8c8c"}
"""The amplification chart's dots: the first outlet to cite a post in ink, the later ones grey."""
HIT: Final = "#000000"
"""The fill of the time chart's invisible (fully transparent) hit areas."""
POST_HIGHLIGHT: Final = ("#eef0f4", TEXT)
"""The background and left border of a post's paragraph in its article."""

MEANINGS: Final[dict[str, tuple[str, ...]]] = {
    "sentiment": (*SENTIMENT_COLORS.values(), *SENTIMENT_TEXT.values(), *COMPOUND_RANGE),
    "reactions (count)": COUNT_RANGE,
    "comparison side": SIDE_COLORS,
    "ink and grey (no hue)": (TEXT, TEXT_SOFT, PRIMARY, SPIKE, MEAN_LINE, ZERO_RULE, EDGE,
                              *OUTLET_ROLES.values(), HIT, *POST_HIGHLIGHT, BACKGROUND, SIDEBAR_BACKGROUND),
}  # fmt: skip
"""Each meaning and every colour drawn with it; a colour outside these is not drawn."""
ACHROMATIC: Final = "ink and grey (no hue)"
HUE_TOLERANCE: Final = 25.0
"""Two meanings' hues are at least this many degrees apart (HSL hue)."""
CHROMA_FLOOR: Final = 0.1
"""A colour whose RGB chroma (largest channel minus smallest, 0–1) is under this has no hue."""
AA_TEXT: Final = 4.5
"""WCAG 2.x success criterion 1.4.3 (AA): the least contrast of normal-size text."""


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` or ``#rgb`` as red, green and blue in [0, 1].

    >>> rgb("#fff"), rgb("#ff0000")
    ((1.0, 1.0, 1.0), (1.0, 0.0, 0.0))
    """
    digits = colour.removeprefix("#")
    if not colour.startswith("#") or len(digits) not in (3, 6) or not all(d in string.hexdigits for d in digits):
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return red, green, blue


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance: each sRGB channel linearised, weighted 0.2126, 0.7152, 0.0722
    (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance).

    >>> relative_luminance("#000000"), relative_luminance("#ffffff")
    (0.0, 1.0)
    """
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: from 1 to 21.

    >>> round(contrast_ratio("#777777", "#ffffff"), 2), round(contrast_ratio("#ffffff", "#000000"), 2)
    (4.48, 21.0)
    """
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(colour: str, background: str, alpha: float) -> str:
    """``colour`` drawn at opacity ``alpha`` over ``background``, as ``#rrggbb`` (what the eye gets).

    >>> over("#000000", "#ffffff", 0.6)
    '#666666'
    """
    mixed = (alpha * c + (1 - alpha) * b for c, b in zip(rgb(colour), rgb(background), strict=True))
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in mixed)


def hue(colour: str) -> float | None:
    """The HSL hue of ``colour`` in degrees [0, 360), or None when it has none (chroma under
    :data:`CHROMA_FLOOR`: a grey, ink, white).

    >>> hue("#ff0000"), hue("#0000ff"), hue("#8c8c8c")
    (0.0, 240.0, None)
    """
    channels = rgb(colour)
    if max(channels) - min(channels) < CHROMA_FLOOR:
        return None
    return colorsys.rgb_to_hls(*channels)[0] * 360


def hue_distance(first: float, second: float) -> float:
    """How far apart two hues are around the circle, in degrees (0 to 180).

    >>> hue_distance(350.0, 10.0)
    20.0
    """
    apart = abs(first - second) % 360
    return min(apart, 360 - apart)


def chart_config() -> dict[str, Any]:
    """The Vega-Lite ``config`` of every chart: text in :data:`TEXT` / :data:`TEXT_SOFT` on :data:`BACKGROUND`
    (set here, so that neither Vega's defaults nor Streamlit's chart theme decide them), and no tooltip on a mark
    that does not list its own (Streamlit's theme turns on ``mark.tooltip``, which shows raw field names)."""
    labels = {"labelColor": TEXT_SOFT, "titleColor": TEXT}
    return {
        "background": BACKGROUND,
        "axis": labels,
        "legend": labels,
        "header": labels,
        "title": {"color": TEXT, "subtitleColor": TEXT},
        "text": {"color": TEXT},
        "mark": {"tooltip": False},
    }
