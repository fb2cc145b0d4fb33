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

from reactions.parse.dates import ATTRIBUTION_DATE

__all__ = [
    "BYLINE_LINK_RE",
    "date_link_on_next_quoted_line",
    "is_markdown",
    "plain_markdown",
    "wrapped_date_link",
]

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

    Quote markers are taken off only when every line carries one (a quoted post), list markers in
    Markdown, when every line carries one (a post in a list item) or on the first line (a post of several lines
    in one list item); a plain post's ``- Name`` signature on a later line stays.
    """
    if not is_markdown(text) and _LIST_RE.search(text) is None:
        return text  # no list marker opens a line and nothing else is Markdown: what the full path gives
    lines = [line for line in text.split("\n") if line.strip()]
    if lines and all(_LIST_RE.match(line) for line in lines):  # a post in a list item: '- Post text'
        text = _LIST_RE.sub("", text)
        lines = [line for line in text.split("\n") if line.strip()]
    elif lines and _LIST_RE.match(lines[0]):  # a post of several lines in one list item: only its first has one
        text = _LIST_RE.sub("", text, count=1)
        lines = [line for line in text.split("\n") if line.strip()]
    if not is_markdown(text):
        return text
    if lines and all(line.lstrip().startswith(">") for line in lines):
        text = _QUOTE_RE.sub("", text)
        text = "\n".join(line.rstrip(" \t") for line in text.split("\n"))  # html2text's hard breaks ('  \n')
    text = _AUTOLINK_RE.sub(r"\1", _LINK_RE.sub(r"\1", text)) if "](" in text or "<" in text else text
    text = _LIST_RE.sub("", text)
    return _ESCAPE_RE.sub(r"\1", text).strip()


# --- links that html2text wrapped around an attribution's byline and date --------------------------

BYLINE_LINK_RE = re.compile(r"(?P<link>\]\((?P<url>https?://[^()\s]{1,500})\))(?:[ \t]*\n[ \t>]{0,20}(?=on[ \t]))?")
"""The rest of a Markdown link around a byline (``[A post shared by NAME (@h)](url)``), and the line break before
the ``on DATE`` that html2text wrapped."""
_DATE_LINK_RE = re.compile(r"[ \t]*\[(?:[^\[\]\n]|\n[ \t>]{0,20}){1,60}\]\(")
"""A Markdown date link as html2text writes it: wrapped over two lines (``[December 29,\\n> 2014](…)``) or
with an escaped period (``[14\\. Juni 2018](…)``)."""
_LINK_ESCAPE_RE = re.compile(r"\n[ \t>]{0,20}|\\(?=[.\-()#])")
_NEXT_QUOTED_LINE_RE = re.compile(r"[ \t]*\n[ \t]*>[ \t>]{0,20}")


def date_link_on_next_quoted_line(text: str, pos: int) -> tuple[re.Match[str], int] | None:
    """A Markdown date link that html2text wrapped onto the next quoted line (``… (@MinSaludChaco12)`` /
    ``> [September 12,`` / ``> 2021](…/status/…)``), and where it ends."""
    line = _NEXT_QUOTED_LINE_RE.match(text, pos)
    if line is None:
        return None
    date_match = ATTRIBUTION_DATE.match(text, line.end())
    if date_match is not None and date_match.group("link"):
        return date_match, date_match.end()
    return wrapped_date_link(text, line.end())


def wrapped_date_link(text: str, pos: int) -> tuple[re.Match[str], int] | None:
    """The date of a Markdown date link that is wrapped or escaped (:data:`_DATE_LINK_RE`) at ``pos``, read
    on its label made one plain line (the match is on that line), and where it ends in ``text``."""
    link = _DATE_LINK_RE.match(text, pos)
    if link is None or ("\n" not in link.group() and "\\" not in link.group()):
        return None
    joined: list[str] = []
    where: list[int] = []
    last = pos
    for mark in _LINK_ESCAPE_RE.finditer(text, pos, link.end()):
        joined.append(text[last : mark.start()])
        where.extend(range(last, mark.start()))
        if mark.group().startswith("\n"):
            joined.append(" ")
            where.append(mark.start())
        last = mark.end()
    tail = text[last : link.end() + 600]
    joined.append(tail)
    where.extend(range(last, last + len(tail)))
    date_match = ATTRIBUTION_DATE.match("".join(joined))
    if date_match is None or date_match.group("link") is None:
        return None
    return date_match, where[date_match.end() - 1] + 1
