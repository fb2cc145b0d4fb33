"""Embed code a page keeps back as text until the reader consents or clicks, to be parsed once more.

Consent managers and lazy loaders keep an embed's code out of the page's markup, where no browser runs it:

* as the text of a container (:func:`gated_markup`): a ``<textarea>``, ``<template>``, ``<noscript>``, or a
  ``<script>`` of a non-code type (``text/plain``, ``text/template``), HTML-escaped or base64-encoded
  (Borlabs) or not;
* as the value of an attribute of a placeholder (:func:`attribute_markup`): ``<div data-iframe="<iframe
  src=…>">``, ``<div data-html="…">``, ``<div data-embed-frame="…">``, ``<script data-content="<blockquote
  class=instagram-media …>">``; the attribute's name differs from one manager to the next, so any attribute
  (a ``data-`` one) whose value is a frame or a blockquote counts.

What either gives is parsed once more, under a :class:`Budget` per page, and what it holds is not looked into
again.

>>> attribute_markup(Node("div", {"class": "video", "data-iframe": '<iframe src="https://x.com/a"></iframe>'}))
'<iframe src="https://x.com/a"></iframe>'
>>> attribute_markup(Node("div", {"title": "<b>bold</b>", "data-tip": "a < b"}))
''
"""

from __future__ import annotations

import base64
import html
import re

from reactions.parse.platforms._dom import Node

__all__ = ["GATED_TAGS", "MAX_GATED", "Budget", "attribute_markup", "gated_markup", "kept_attribute_names"]

MAX_GATED = 2_000_000
"""Characters of kept-back embed code re-parsed per page, all containers and attributes together."""
GATED_TAGS = frozenset({"textarea", "template", "noscript", "script", "xmp"})
"""The containers whose text :func:`gated_markup` reads."""
_CODE_TYPES = ("javascript", "ecmascript", "module", "json", "importmap", "speculationrules")
"""Script types that hold code or data, not markup kept back for later."""
_BASE64_RE = re.compile(r"[A-Za-z0-9+/=\s]{16,}")
_KEPT_ATTRIBUTE_RE = re.compile(
    r"""(data-[\w.:-]{1,60})[ \t\r\n]{0,20}=[ \t\r\n]{0,20}["'][ \t\r\n]{0,20}(?i:<|&lt;|&#0{0,4}60;|&#x0{0,4}3c;)"""
)
"""A ``data-`` attribute whose value opens with a tag, as written in the page (raw or escaped).  ``data-`` is
matched as written, in lower case: a case-blind search of every page costs six times as much."""
_EMBED_TAG_RE = re.compile(r"<(?:iframe|blockquote)[\s>]", re.IGNORECASE)
"""The tags an embed's code holds: a frame, or the blockquote a network's script turns into its widget."""


class Budget:
    """How many characters of kept-back markup a page may still have parsed again: at most
    :data:`MAX_GATED`, so that a page costs at most that much more than one parse; and the names of the
    attributes worth reading on its elements (``attributes``: see :func:`kept_attribute_names`)."""

    def __init__(self, left: int | None = None, *, attributes: frozenset[str] = frozenset()) -> None:
        self.left = MAX_GATED if left is None else left
        self.attributes = attributes

    def spend(self, size: int) -> bool:
        """Whether ``size`` more characters fit (and if so, take them)."""
        if size > self.left:
            return False
        self.left -= size
        return True


def gated_markup(node: Node) -> str:
    """The embed code a consent manager keeps as the text of ``node`` (see the module's docstring); ``""``
    when ``node`` holds none.

    >>> gated_markup(Node("script", {"type": "text/plain"}, ["&lt;blockquote&gt;hi&lt;/blockquote&gt;"]))
    '<blockquote>hi</blockquote>'
    >>> gated_markup(Node("script", {}, ["var a = '<b>';"])), gated_markup(Node("textarea", {}, ["a < b"]))
    ('', 'a < b')
    """
    if node.tag not in GATED_TAGS:
        return ""
    if node.tag == "script":
        kind = node.attr("type").strip().lower()
        if not kind or any(word in kind for word in _CODE_TYPES):
            return ""
    text = "".join(c for c in node.children if isinstance(c, str))
    if "<" not in text and "&lt;" in text:
        text = html.unescape(text)
    elif "<" not in text and _BASE64_RE.fullmatch(text.strip()):
        text = _from_base64(text)
    return text if "<" in text else ""


def attribute_markup(node: Node, names: frozenset[str] | None = None) -> str:
    """The embed code ``node`` keeps as the value of one of its attributes (of ``names`` only, when given; the
    parser has decoded their entities): the first value that opens with a tag and holds a frame or a blockquote;
    ``""`` when none does.  A value that opens otherwise (a URL, a word, JSON) is passed over at its first
    character."""
    for name, value in node.attrs.items():
        if not value or (value[0] != "<" and not value[0].isspace()) or (names is not None and name not in names):
            continue
        value = value.lstrip()
        if value.startswith("<") and _EMBED_TAG_RE.search(value) is not None:
            return value
    return ""


def kept_attribute_names(page: str) -> frozenset[str]:
    """The names of the ``data-`` attributes of ``page`` whose value opens with a tag (``data-html="<``,
    ``data-iframe='&lt;``, ``data-embed="&#60;``): one search of the page, so that a page with none (most)
    has no element's attributes read, and a page with some only those.

    >>> sorted(kept_attribute_names('<div data-html="&lt;iframe src=x&gt;" data-src="/x" data-tip="<b>">'))
    ['data-html', 'data-tip']
    >>> kept_attribute_names('<a href="/x" title="<b>">')
    frozenset()
    """
    return frozenset(m.group(1).lower() for m in _KEPT_ATTRIBUTE_RE.finditer(page))


def _from_base64(text: str) -> str:
    try:
        return base64.b64decode("".join(text.split()), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return ""
