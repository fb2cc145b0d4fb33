"""A small, forgiving HTML tree built on the standard library's :mod:`html.parser`.

The tree is only as rich as embed finding needs: elements with a tag, attributes and
children (elements or decoded text).  Malformed markup never raises: unknown end tags are
ignored, unclosed elements are closed at the end, and ``<p>``/``<li>`` close implicitly the
way browsers close them.  Walking is iterative, so deeply nested pages cannot overflow.

>>> root = parse_dom('<div class="a b"><p>one &amp; two<br>three<p>four</div>')
>>> [n.tag for n in iter_elements(root)]
['#root', 'div', 'p', 'br', 'p']
>>> render_text(root.children[0].children[0])
'one & two\\nthree'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID_TAGS = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "keygen",
})
"""Elements that never have children or an end tag."""

BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "details", "dialog", "dd", "div", "dl",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody",
    "thead", "tfoot", "tr", "td", "th", "ul", "caption", "summary",
})
"""Elements that start a new paragraph of visible text."""

_IMPLIED_END: dict[str, frozenset[str]] = {
    "p": BLOCK_TAGS,
    "li": frozenset({"li"}),
    "dt": frozenset({"dt", "dd"}),
    "dd": frozenset({"dt", "dd"}),
    "option": frozenset({"option"}),
    "tr": frozenset({"tr"}),
    "td": frozenset({"td", "th", "tr"}),
    "th": frozenset({"td", "th", "tr"}),
}
_HEAD_TAGS = frozenset({"title", "meta", "link", "style", "script", "base", "noscript", "template"})
EMBED_BLOCK_CLASSES = frozenset({
    "twitter-tweet", "twitter-video", "instagram-media", "bluesky-embed", "mastodon-embed",
    "text-post-media", "tiktok-embed",
})
"""Classes of embed blockquotes; a new one closes an unclosed one instead of nesting in it."""
FRAME_TAGS = frozenset({"iframe", "amp-iframe"})
"""Elements that show another page (``amp-iframe`` is AMP's iframe)."""
_UNFINISHED_TAG = re.compile(r"<[a-zA-Z/!]")
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


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack: list[Node] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self._close_implied(node)
        while len(self.stack) > 1 and tag in _IMPLIED_END.get(self.stack[-1].tag, frozenset()):
            self.stack.pop()
        self.stack[-1].children.append(node)
        if tag not in VOID_TAGS:
            self.stack.append(node)

    def _close_implied(self, node: Node) -> None:
        """Close ``<head>`` at the first body element, and an unclosed embed at the next embed."""
        if self.stack[-1].tag == "head" and node.tag not in _HEAD_TAGS:
            self.stack.pop()
        if node.tag == "blockquote" and not EMBED_BLOCK_CLASSES.isdisjoint(node.classes):
            for depth in range(len(self.stack) - 1, 0, -1):
                open_node = self.stack[depth]
                if open_node.tag == "blockquote" and not EMBED_BLOCK_CLASSES.isdisjoint(open_node.classes):
                    del self.stack[depth:]
                    return

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID_TAGS and self.stack[-1].tag == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return
        if tag in ("p", "br"):  # browsers turn a stray </p> or </br> into an element
            self.stack[-1].children.append(Node(tag))

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_dom(markup: str) -> Node:
    """Parse ``markup`` into a tree under a ``#root`` node.  Never raises on any string."""
    builder = _TreeBuilder()
    try:
        builder.feed(markup)
        if _UNFINISHED_TAG.match(builder.rawdata):  # a tag cut off at the end is dropped, not shown
            builder.rawdata = ""
        builder.close()
    except (AssertionError, ValueError):  # pragma: no cover - html.parser is very forgiving
        pass
    return builder.root


def iter_elements(root: Node, *, skip: Callable[[Node], bool] | None = None) -> Iterator[Node]:
    """Every element under ``root`` (itself included) in document order.

    When ``skip(node)`` is true the node is yielded but its descendants are not.
    """
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        yield node
        if skip is None or not skip(node):
            stack.extend(c for c in reversed(node.children) if isinstance(c, Node))


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
            parts.append(collapse_spaces(item))
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
