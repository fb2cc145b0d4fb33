"""reactions.parse.platforms._dom: the quick nesting checks agree with the capping scan they spare, and the tree
built in one pass holds what Lexbor parsed, with the elements a walk would gather."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser

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


BOUND_PIECES = [*PIECES, "<TRACK>", "</trac\u212a>", "<\u212aeygen>", "</p\u00e9>", "<p\u00e9>", "</ p>", "<path/>",
                "</div/>", "<İmg>", "</li >", "<img src='<'>", "</br x='/'>", "</div a='>"]  # fmt: skip
"""Also flat names in other cases and spellings, names that only start like a flat one, and tags cut by a ``<``."""


def _full_depth(markup: str) -> int:
    steps = [0 if rest.endswith("/") or name.lower() in _dom._FLAT else -1 if slash else 1
             for slash, name, rest in _dom._QUICK_TAG_RE.findall(markup)]  # fmt: skip
    depth = deepest = 0
    for step in steps:
        depth = max(0, depth + step)
        deepest = max(deepest, depth)
    return deepest


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.lists(st.sampled_from(BOUND_PIECES), max_size=60).map("".join),
                 st.text(alphabet="<>/ab pdivtrck\u212a:-='", max_size=80)))  # fmt: skip
def test_the_depth_bound_is_never_below_the_full_scan(markup: str) -> None:
    assert _dom._depth_bound(markup) >= _full_depth(markup)


@pytest.mark.parametrize("close", ["</div>", "</DIV>", "</div >"])
def test_the_depth_bound_sees_a_deep_page_that_closes_flat_tags(close: str) -> None:
    deep = "<div><p>x</p><br></track>" * (_dom.MAX_DEPTH + 1)
    assert _dom._depth_bound(deep) > _dom.MAX_DEPTH
    assert _dom._nests_deeper(deep)
    shallow = ("<div><p>x</p><br/><img>" + close) * 5000
    assert _dom._depth_bound(shallow) <= 1
    assert not _dom._nests_deeper(shallow)


def test_a_deep_page_is_capped_and_a_real_one_is_not() -> None:
    deep = "<div>" * (_dom.MAX_DEPTH + 5) + "x"
    assert _dom._nests_deeper(deep)
    assert _dom._without_nul(deep) == "<div>" * _dom.MAX_DEPTH + "x"
    page = "<html><body>" + "<div><p>a<br>b</p></div>" * 2000 + "</body></html>"
    assert not _dom._nests_deeper(page)
    assert _dom._without_nul(page) is page


META_PIECES = ['<blockquote class="twitter-tweet">', '<blockquote class="instagram-media">', "</blockquote>", "<h1>a",
               "</h1>", "<title>t</title>", '<time datetime="2020-01-0{}">', "<meta name=date content=2020-02-02>",
               '<link rel="canonical" href="https://x.test/a">', '<script type="application/ld+json">{}</script>',
               "<div>", "</div>", "<p>b", "<template><h1>c</h1></template>", "<table><tr><td>", "text"]  # fmt: skip
"""Metadata elements, and embed blockquotes left open (HTML5 nests the next one; :func:`parse_dom` moves it)."""


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(META_PIECES), max_size=30).map("".join))
def test_elements_gathered_while_building_are_those_of_a_walk(markup: str) -> None:
    tags = frozenset({"h1", "title", "time", "meta", "link", "script", "blockquote"})
    root, found = _dom.parse_dom_indexed(markup, tags)
    walked: dict[str, list[_dom.Node]] = {tag: [] for tag in tags}
    for node in _dom.iter_elements(root):
        if node.tag in tags:
            walked[node.tag].append(node)
    assert found is None or {t: [id(n) for n in ns] for t, ns in found.items()} == {
        t: [id(n) for n in ns] for t, ns in walked.items()}  # fmt: skip
    assert found is not None or markup.count("<blockquote") > 1  # only a moved embed costs the walk


TREE_PIECES = ["<div class='a b' hidden>", "</div>", "<p>", "x &amp; y", " ", "\n", "<br>", "<span id=s>", "</span>",
               "<ul><li>1<li>2</ul>", "<table><td>c</table>", "<!-- c -->", "<script>if (a < b) {}</script>",
               "<i>", "</b>", "\u00e9\U0001f600", "<img alt=a>", "<x-y data-v>"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TREE_PIECES), max_size=30).map("".join))
def test_the_tree_holds_lexbors_nodes_in_document_order(markup: str) -> None:
    """Elements (tag, attributes) and texts as Lexbor's own walk gives them (no embed blockquote to move)."""
    ours: list[object] = []
    stack: list[_dom.Node | str] = [_dom.parse_dom(markup)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            ours.append(item)
        else:
            ours.append((item.tag, item.attrs))
            stack.extend(reversed(item.children))
    document = LexborHTMLParser(markup).root
    assert document is not None
    theirs: list[object] = [("#root", {})]
    for node in document.traverse(include_text=True):
        if node.tag == "-text":
            theirs.append(node.text(deep=False))
        elif not node.tag.startswith("-") and node.tag != "!doctype":
            theirs.append((node.tag, {k: v or "" for k, v in node.attributes.items()}))
    assert ours == theirs


def _cpu(check: Callable[[str], object], text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        check(text)
        best = min(best, time.process_time() - start)
    return best


CUT_TAGS = ["<" + "a" * 45 + "x" * 900, "</" + "a" * 45 + "x" * 900, "</" + "a" * 45 + "x" * 900 + "/>"]


@pytest.mark.parametrize("unit", CUT_TAGS)
def test_tags_cut_by_long_text_cost_the_nesting_check_no_more_than_real_markup(unit: str) -> None:
    """A long name and a thousand characters with no ``>`` (or a ``/>``): the tag patterns do not try every split
    of name and attributes (up to 40 x 4,000 steps a tag before their quantifiers were made possessive)."""
    size = 300_000
    hostile = (unit * (size // len(unit) + 1))[:size]
    normal = ("<div><p>Some text here, and <a href='x'>a link</a>.</p></div>" * (size // 50))[:size]
    for check in (_dom._depth_bound, _dom._QUICK_TAG_RE.findall, _dom._TAG_RE.findall):
        assert _cpu(check, hostile) < 4 * _cpu(check, normal) + 0.002


BACKTRACKING = {
    "_TAG_RE": r"<(/?)([A-Za-z][\w:-]{0,40})[^<>]{0,4000}?(/?)>",
    "_QUICK_TAG_RE": r"<(/?)([A-Za-z][\w:-]{0,40})([^<>]{0,4000}/?)>",
    "_depth_step_re": _dom._depth_step_re().pattern.replace("{0,40}+", "{0,40}").replace("{0,4000}+", "{0,4000}"),
}
"""The tag patterns as they were before their quantifiers were made possessive."""


@settings(max_examples=1000, deadline=None)
@given(st.one_of(MARKUP, st.lists(st.sampled_from([*BOUND_PIECES, *CUT_TAGS, "a" * 45, "x" * 3990]), max_size=12)
                 .map("".join), st.text(alphabet="<>/ab pdivtrck:-='", max_size=80)))  # fmt: skip
def test_possessive_tag_patterns_match_as_the_backtracking_ones(markup: str) -> None:
    for name, pattern in BACKTRACKING.items():
        found = getattr(_dom, name)
        ours_pattern = found if isinstance(found, re.Pattern) else found()  # (a pattern compiled on first use)
        ours = [(m.span(), m.groups()) for m in ours_pattern.finditer(markup)]
        assert ours == [(m.span(), m.groups()) for m in re.finditer(pattern, markup)], name
