"""Markdown that converters (html2text, trafilatura with formatting) write around a post's words.

A post rendered as Markdown carries syntax that is not its text: ``>`` blockquote markers at line starts,
``[label](url)`` links (a hashtag, a mention, a shortened link, a picture), ``<https://t.co/…>`` autolinks,
``\\~`` escapes and ``- `` list markers.  The post's text, its length (the platform's limit counts what a
reader sees) and its id are taken from the words without that syntax.

>>> plain_markdown("> Wow [#tbt](https://twitter.com/hashtag/tbt) \\\\- so <https://t.co/x>\\n> ")
'Wow #tbt - so https://t.co/x'
"""

from __future__ import annotations

import re

__all__ = ["is_markdown", "plain_markdown"]

_QUOTE_RE = re.compile(r"^[ \t]*>[ \t]?", re.MULTILINE)
_LINK_RE = re.compile(r"\[([^\[\]]{1,300})\]\((?:https?://|/)[^()\s]{0,500}\)")
"""``[label](url)``; the label may be wrapped over lines (html2text wraps at 78 characters)."""
_AUTOLINK_RE = re.compile(r"<((?:https?://|www\.)[^<>\s]{1,500})>", re.IGNORECASE)
_ESCAPE_RE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>|~])")
_LIST_RE = re.compile(r"^[ \t]*[-*+][ \t]+(?=\S)", re.MULTILINE)


def is_markdown(text: str) -> bool:
    """Whether ``text`` holds Markdown a converter added: a link, an autolink, an escape or a quote marker.

    >>> is_markdown("[#a](https://x.com/a)"), is_markdown("<https://t.co/a>"), is_markdown("a -> b")
    (True, True, False)
    """
    return (
        "](" in text
        or "<http" in text
        or "<www." in text
        or text.lstrip().startswith(">")
        or ("\\" in text and _ESCAPE_RE.search(text) is not None)
    )


def plain_markdown(text: str) -> str:
    """``text`` without the Markdown syntax of :func:`is_markdown` (plain text is returned as it is).

    Quote markers are taken off only when every line carries one (a quoted post), list markers only
    in Markdown (a plain post's ``- Name`` signature stays).
    """
    if not is_markdown(text):
        return text
    lines = [line for line in text.split("\n") if line.strip()]
    if lines and all(line.lstrip().startswith(">") for line in lines):
        text = _QUOTE_RE.sub("", text)
    text = _AUTOLINK_RE.sub(r"\1", _LINK_RE.sub(r"\1", text)) if "](" in text or "<" in text else text
    text = _LIST_RE.sub("", text)
    return _ESCAPE_RE.sub(r"\1", text).strip()
