"""reactions.parse.platforms._dom: the quick nesting check agrees with the capping scan it spares."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.platforms import _dom

PIECES = ["<div>", "</div>", "<DIV class=a>", "<p>", "</P>", "<br/>", "<br>", "<li>", "</li>", "<span/>",
          "<x:y-z a='/'>", "</span/>", "<a href=x/>", "<a href='x/' >", "< b>", "<3", "a < b > c", "<b", ">",
          "<!doctype html>", "<!-- c -->", "</>", "<" + "q" * 45 + ">", "text", "\n", "/", "<td/ >",
          *("<i " + "x" * n + end for n in (3998, 3999, 4000) for end in ("/>", ">"))]  # fmt: skip
"""Tags of every kind the depth scan tells apart: attributes may run for 4,000 characters (4,001 when the last
is the closing ``/``)."""
MARKUP = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(MARKUP, st.text(alphabet="<>/ab pdiv:-='", max_size=60)), st.integers(0, 4))
def test_nests_deeper_is_whether_capping_drops_a_tag(markup: str, depth: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_dom, "MAX_DEPTH", depth)
        assert _dom._nests_deeper(markup) == (_dom._capped(markup) != markup)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(MARKUP, st.text(alphabet="<>/ab pdiv:-='", max_size=60)))
def test_the_quick_tag_pattern_finds_the_same_tags(markup: str) -> None:
    slow = [(m.span(), m.group(1), m.group(2), m.group(3)) for m in _dom._TAG_RE.finditer(markup)]
    quick = [(m.span(), m.group(1), m.group(2), m.group(3)[-1:] if m.group(3).endswith("/") else "")
             for m in _dom._QUICK_TAG_RE.finditer(markup)]  # fmt: skip
    assert quick == slow


def test_a_deep_page_is_capped_and_a_real_one_is_not() -> None:
    deep = "<div>" * (_dom.MAX_DEPTH + 5) + "x"
    assert _dom._nests_deeper(deep)
    assert _dom._without_nul(deep) == "<div>" * _dom.MAX_DEPTH + "x"
    page = "<html><body>" + "<div><p>a<br>b</p></div>" * 2000 + "</body></html>"
    assert not _dom._nests_deeper(page)
    assert _dom._without_nul(page) is page
