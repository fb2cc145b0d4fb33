"""A small HTML tree for embed finding, built from Lexbor's HTML5 parse (through selectolax).

The tree is only as rich as embed finding needs: elements with a tag, attributes and
children (elements or decoded text).  Lexbor parses as browsers do (implied ``html``, ``head``
and ``body``, ``<p>`` closed by the next block, misnested tags mended) in time linear in the
input; converting its tree and walking ours are iterative, so deeply nested pages cannot
overflow the stack.

>>> root = parse_dom('<div class="a b"><p>one &amp; two<br>three<p>four</div>')
>>> [n.tag for n in iter_elements(root)]
['#root', 'html', 'head', 'body', 'div', 'p', 'br', 'p']
>>> render_text(find_first(root, lambda n: n.tag == "p"))
'one & two\\nthree'
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "details", "dialog", "dd", "div", "dl",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody",
    "thead", "tfoot", "tr", "td", "th", "ul", "caption", "summary",
})
"""Elements that start a new paragraph of visible text."""

EMBED_BLOCK_CLASSES = frozenset({
    "twitter-tweet", "twitter-video", "instagram-media", "bluesky-embed", "mastodon-embed",
    "text-post-media", "tiktok-embed",
})
"""Classes of embed blockquotes: one left unclosed does not swallow the next, which becomes its sibling."""
FRAME_TAGS = frozenset({"iframe", "amp-iframe"})
LAZY_URL_ATTRS = (
    "data-src", "data-lazy-src", "data-original", "data-lazy", "data-iframe-src", "data-embed-src",
    "data-cmp-src", "data-cookieblock-src", "data-src-cmplz",
)
"""Where lazy loaders (lazysizes, lozad) and consent managers (consentmanager, Cookiebot, Complianz) keep the
address an iframe or a placeholder will load once it scrolls into view or the reader consents (the ``src``
is then empty or ``about:blank``)."""
"""Elements that show another page (``amp-iframe`` is AMP's iframe)."""
_SPACE = r"[ \t\n\r\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]"
_SPACES = re.compile(f"{_SPACE}{_SPACE}*")  # not "+": a pattern opening with a plain class lets re skip ahead
_OTHER_WHITESPACE = re.compile("[\x1c-\x1f\x85\u1680\u2028\u2029]")
"""What ``str.split()`` takes for white space besides the characters of :data:`_SPACES`."""
_INVISIBLE = re.compile("[\u200b\u2060\ufeff]")
_MANY_BREAKS = re.compile(r"\n{3,}")


@dataclass(slots=True, eq=False)
class Node:
    """One element: its tag (lower case), attributes and children (elements or text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def attr(self, name: str) -> str:
        """The attribute's value, ``""`` when absent."""
        return self.attrs.get(name, "")

    @property
    def classes(self) -> frozenset[str]:
        """The element's class names."""
        return frozenset(self.attr("class").split())


_SKIPPED = frozenset({"-comment", "-doctype", "!doctype", "-document"})


def parse_dom(markup: str) -> Node:
    """Parse ``markup`` with Lexbor (through selectolax: an HTML5 parser, linear in the input) into a
    tree under a ``#root`` node: the ``html`` element (``head`` and ``body`` as HTML5 builds them)
    with elements, attributes and decoded text.  An embed blockquote that HTML5 nests in an unclosed
    one is put after it instead.  Never raises on any string."""
    return parse_dom_indexed(markup, frozenset())[0]


def parse_dom_indexed(markup: str, tags: frozenset[str]) -> tuple[Node, dict[str, list[Node]] | None]:
    """:func:`parse_dom`, and the elements of each of ``tags`` in the order :func:`iter_elements` gives them,
    gathered while the tree is built (a walk spared); ``None`` for them when an embed blockquote was moved (the
    walk's order is then not the build's)."""
    root = Node("#root")
    found: dict[str, list[Node]] | None = {tag: [] for tag in tags}
    try:
        document = LexborHTMLParser(_without_nul(markup)).root
    except (ValueError, TypeError, RuntimeError, MemoryError):  # pragma: no cover - Lexbor takes any text
        return root, found
    if document is None:
        return root, found
    stack: list[tuple[LexborNode, Node, Node | None]] = [(document, root, None)]
    while stack:
        source, parent, outer = stack.pop()
        tag = source.tag or ""
        if tag == "-text":
            parent.children.append(source.text_content or "")
            continue
        if tag in _SKIPPED or tag.startswith("-"):
            continue
        attrs: dict[str, str] = source.attributes  # type: ignore[assignment]  # values None until checked:
        if None in attrs.values():  # an attribute without a value: ""
            attrs = {k: v or "" for k, v in attrs.items()}
        node = Node(tag, attrs)
        if tag == "template":  # HTML5 keeps a template's content apart, out of the tree: kept as its markup
            node.children.append(_template_markup(source))
        embed = tag == "blockquote" and not EMBED_BLOCK_CLASSES.isdisjoint(node.classes)
        if embed and outer is not None:
            outer.children.append(node)
            found = None
        else:
            parent.children.append(node)
        if found is not None and tag in found:
            found[tag].append(node)
        inner_outer = parent if embed and outer is None else outer
        child = source.last_child
        while child is not None:  # pushed last first: popped in document order
            stack.append((child, node, inner_outer))
            child = child.prev
    return root, found


def _template_markup(template: LexborNode) -> str:
    """The markup inside a ``<template>`` (a consent manager keeps an embed there until the reader agrees)."""
    markup = template.html or ""
    start, end = markup.find(">") + 1, markup.rfind("</template")
    return markup[start:end] if 0 < start <= end else ""


def _without_nul(markup: str) -> str:
    """``markup`` without NUL characters (Lexbor's C strings end at the first one), its nesting capped."""
    markup = markup.replace("\x00", "") if "\x00" in markup else markup
    return _capped(markup) if markup.count("<") > MAX_DEPTH and _nests_deeper(markup) else markup


MAX_DEPTH = 512
"""How deep elements may nest (as in Blink's parser): start tags deeper than this are left out, their text
kept.  HTML5's tree construction walks the stack of open elements for every tag, so unbounded nesting would
make parsing quadratic; no real page nests this deep."""
_TAG_RE = re.compile(r"<(/?)([A-Za-z][\w:-]{0,40}+)[^<>]{0,4000}?(/?)>")
_FLAT = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                   "track", "wbr", "keygen", "p", "li", "dt", "dd", "tr", "td", "th", "option", "tbody", "thead",
                   "tfoot", "!doctype"})  # fmt: skip
"""Tags that never nest deeper: void elements, and those HTML5 closes when a sibling opens."""


_QUICK_TAG_RE = re.compile(r"<(/?)([A-Za-z][\w:-]{0,40}+)([^<>]{0,4000}+/?)>")
"""The tags :data:`_TAG_RE` finds, found twice as fast: the same spans (each runs to the first ``>`` after the
name), the self-closing ``/`` the last character of the third group."""


def _nests_deeper(markup: str) -> bool:
    """Whether :func:`_capped` would leave out a start tag of ``markup``: its depth walk (each step clamped at
    0) reaches past :data:`MAX_DEPTH`.  A bound first (:func:`_depth_bound`, half the cost): on a real page it
    settles the question, and only a page it cannot clear has its tags read in full."""
    if _depth_bound(markup) <= MAX_DEPTH:
        return False
    steps = [
        0 if rest.endswith("/") or name.lower() in _FLAT else -1 if slash else 1
        for slash, name, rest in _QUICK_TAG_RE.findall(markup)
    ]
    return _deepest(steps) > MAX_DEPTH


def _deepest(steps: list[int]) -> int:
    """The highest point of the depth walk of ``steps``, clamped at 0.  Reckoned with sums: the clamped depth
    after a step is the running total of the steps less the lowest total before it."""
    totals = list(itertools.accumulate(steps, initial=0))
    if max(totals) - min(totals) <= MAX_DEPTH:  # a bound on the walk's rise, five times quicker
        return max(totals) - min(totals)
    deepest: int = max(map(operator.sub, totals, itertools.accumulate(totals, min)))
    return deepest


def _depth_bound(markup: str) -> int:
    """At least the depth :func:`_nests_deeper` reckons, read without the start tags' attributes: every start of
    an element that may nest (``<`` and a letter, not a :data:`_FLAT` name) counts one step in, whether or not
    a ``>`` closes it or a ``/`` ends it, and an end tag one step out as the full scan counts it.  Each step is
    at least the full scan's (an end tag is found alike, holding no ``<``), so the clamped walk is too."""
    return _deepest([-1 if slash else 1 for slash in _depth_step_re().findall(markup)])


def _any_case(name: str) -> str:
    """A pattern of ``name`` (lower case) matching every spelling that ``str.lower`` turns into it."""
    return "".join(f"[{c}{c.upper()}{_LOWERS_TO.get(c, '')}]" if c.isalpha() else re.escape(c) for c in name)


_LOWERS_TO = {"k": "\u212a"}
"""The one character outside ASCII that ``str.lower`` turns into an ASCII letter (the Kelvin sign)."""


_NOT_FLAT = "(?!(?:{})(?![\\w:-]))".format("|".join(_any_case(n) for n in sorted(_FLAT, key=len, reverse=True)))
"""Not a :data:`_FLAT` name (spelt in ASCII letters of either case, as ``str.lower`` would match them)."""


@functools.cache
def _depth_step_re() -> re.Pattern[str]:
    """An end tag of an element that nests (group 1 ``/``), or the start of a start tag of one (group 1 empty);
    compiled when a page is first measured (~1.3 ms of start-up that a run of text files never pays)."""
    return re.compile(rf"<(?:(/){_NOT_FLAT}[A-Za-z][\w:-]{{0,40}}+[^<>]{{0,4000}}+(?<!/)>|{_NOT_FLAT}[A-Za-z])")



def _capped(markup: str) -> str:
    """``markup`` without the start tags that would open elements deeper than :data:`MAX_DEPTH`.

    The depth is counted roughly, one scan over the tags (an end tag closes one level, never below 0):
    enough to tell a real page from a pathological one."""
    depth = 0
    drops: list[tuple[int, int]] = []
    for tag in _TAG_RE.finditer(markup):
        name = tag.group(2).lower()
        if name in _FLAT or tag.group(3):
            continue
        if tag.group(1):
            depth = max(0, depth - 1)
        elif depth >= MAX_DEPTH:
            drops.append(tag.span())
        else:
            depth += 1
    if not drops:
        return markup
    parts, cursor = [], 0
    for start, end in drops:
        parts.append(markup[cursor:start])
        cursor = end
    parts.append(markup[cursor:])
    return "".join(parts)


def frame_urls(node: Node) -> list[str]:
    """The addresses ``node`` (an iframe) may load: its ``src``, then those kept in :data:`LAZY_URL_ATTRS`.

    >>> frame_urls(Node("iframe", {"src": "about:blank", "data-cmp-src": " https://x.test/e "}))
    ['about:blank', 'https://x.test/e']
    """
    return [value for name in ("src", *LAZY_URL_ATTRS) if (value := node.attr(name).strip())]


def iter_elements(root: Node, *, skip: Callable[[Node], bool] | None = None) -> Iterator[Node]:
    """Every element under ``root`` (itself included) in document order.

    When ``skip(node)`` is true the node is yielded but its descendants are not.
    """
    stack: list[Node | str] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, str):  # text, pushed with the elements: cheaper than sorting it out
            continue
        yield node
        if skip is None or not skip(node):
            stack.extend(reversed(node.children))


def find_all(root: Node, predicate: Callable[[Node], bool]) -> list[Node]:
    """The elements under ``root`` for which ``predicate`` is true, in document order."""
    return [n for n in iter_elements(root) if predicate(n)]


def find_first(root: Node, predicate: Callable[[Node], bool]) -> Node | None:
    """The first element under ``root`` for which ``predicate`` is true."""
    return next((n for n in iter_elements(root) if predicate(n)), None)


def raw_text(node: Node) -> str:
    """The concatenated text under ``node``, exactly as decoded (used for JSON-LD scripts)."""
    parts: list[str] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        else:
            stack.extend(reversed(item.children))
    return "".join(parts)


def render_text(node: Node | str, *, skip: Callable[[Node], bool] | None = None) -> str:
    """The text a reader sees in ``node``: spaces collapsed, ``<br>`` and blocks as line breaks.

    Elements for which ``skip`` is true are left out with their content.

    >>> render_text(parse_dom("<p>a  <b>b</b>\\n c<br/>d</p>"))
    'a b c\\nd'
    """
    parts: list[str] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(unbroken(item))
        elif item.tag == "br":
            parts.append("\n")
        elif item.tag == "img":
            parts.append(image_text(item))
        elif item.tag in ("script", "style", "template", "noscript") or (skip is not None and skip(item)):
            continue
        else:
            if item.tag in BLOCK_TAGS:
                parts.append("\n")
                stack.append("\n")
            stack.extend(reversed(item.children))
    return tidy("".join(parts))


def image_text(node: Node) -> str:
    """The ``alt`` of an emoji image (WordPress and Twemoji swap emoji for ``<img class="emoji">``)."""
    marks = f"{node.attr('class')} {node.attr('src')}".lower()
    return node.attr("alt") if "emoji" in marks or "wp-smiley" in marks else ""


def unbroken(text: str) -> str:
    """``text`` with its line breaks as spaces: the same as :func:`collapse_spaces` once :func:`tidy` has run over
    what it is joined into (which collapses every run of spaces in a line), at a tenth of the cost.

    >>> text = " \\n b\\u00a0 "
    >>> unbroken(text), tidy("a" + unbroken(text) + "\\nc") == tidy("a" + collapse_spaces(text) + "\\nc")
    ('   b\\xa0 ', True)
    """
    return text.replace("\n", " ") if "\n" in text else text


def collapse_spaces(text: str) -> str:
    """Runs of HTML white space (and Unicode spaces) as one space, as a browser renders them."""
    return _SPACES.sub(" ", text)


def tidy(text: str) -> str:
    """Collapse spaces, trim each line, keep single line breaks, drop invisible characters.

    >>> tidy(" a \\u00a0b \\n\\n\\n c\\u200b ")
    'a b\\n\\nc'
    """
    if "\u200b" in text or "\u2060" in text or "\ufeff" in text:
        text = _INVISIBLE.sub("", text)
    if _OTHER_WHITESPACE.search(text):
        lines = [_SPACES.sub(" ", line).strip() for line in text.split("\n")]
    else:  # the same, quicker: white space here is only what _SPACES collapses
        lines = [" ".join(line.split()) for line in text.split("\n")]
    text = "\n".join(lines)
    return (_MANY_BREAKS.sub("\n\n", text) if "\n\n\n" in text else text).strip()
