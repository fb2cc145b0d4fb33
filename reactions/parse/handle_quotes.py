"""Posts quoted after their account's handle and a colon: ``--@NateSilver538: “Clinton’s 35-point win …”``.

Newsletters round up the day's posts as items that open with the poster's handle (Politico's Playbook: ``POLL
TWEETS -- @mattmfm: “Clinton firewall … confirms.” … @alexburnsNYT (referring to the WSJ poll): “Like 1992 …”``,
``--@JTSantucci (ABC’s John Santucci): “Campaign sources tell …”``).  No posting verb stands there: the handle is
the cue.  A quotation is such a post when the handle opens its item (its line, after ``--``, a dash or ``…``, or
after a sentence's end), an aside in parentheses may follow it, then a colon and the opening mark right after.  A
handle inside a sentence (``…replied to @ann: "…"``) is no item's poster, and a quotation inside an embedded post
is that post's (the ``taken`` spans).

Linear: each ``@`` is found with ``str.find`` and read within a bounded window; each quotation's close is looked for
within :data:`_LONGEST` characters of its line.

>>> [(q.display_name, q.author, q.text) for q in find_handle_quotes('--@ann_lee: “Polls close at eight.”', "a", [])]
[('@ann_lee', 'ann_lee', 'Polls close at eight.')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from reactions.models import Kind, Platform, Reaction, Rendering
from reactions.parse.build import build_reaction, overlaps

__all__ = ["find_handle_quotes"]

_ITEM_RE = re.compile(r"@(?P<handle>\w{1,15})(?:[ \t]{1,3}\([^()\n]{1,80}\))?:[ \t]{1,3}(?P<open>[“\"])")
"""A handle, an aside in parentheses, a colon and the quotation's opening mark."""
_CLOSE: Final = {"“": "”", '"': '"'}
_ITEM_OPENERS: Final = ("--", "—", "–", "…", ".", "!", "?", "”")
"""What may end the text before a handle that opens a newsletter's item (after spaces): a dash, an ellipsis, or a
sentence's end; else the handle must open its line (``.@name`` too: a period before the handle)."""
_BEFORE: Final = 12
"""How far before a handle what opens its item is looked for."""
_LONGEST: Final = 700
"""The longest quotation read as a post (a post of 280 characters, quoted with a thread's next ones)."""
_CONFIDENCE: Final = 0.85


def find_handle_quotes(body: str, source: str, taken: Sequence[tuple[int, int]]) -> list[Reaction]:
    """Every quotation of ``body`` led by the handle that opens its item, outside the ``taken`` spans (sorted,
    disjoint: the embeds)."""
    found: list[Reaction] = []
    at = body.find("@")
    while at >= 0:
        item = _ITEM_RE.match(body, at)
        quote = _quotation(body, item) if item is not None and _opens_item(body, at) else None
        if item is not None and quote is not None and not overlaps((at, quote[1]), taken):
            found.append(_reaction(item.group("handle"), body[quote[0] : quote[1] - 1].strip(), source, (at, quote[1])))
            at = quote[1]
        at = body.find("@", at + 1)
    return found


def _opens_item(body: str, at: int) -> bool:
    """Whether the handle at ``at`` opens its line or a newsletter's item (read in the :data:`_BEFORE` characters
    before it)."""
    lo = max(0, at - _BEFORE)
    window = body[lo:at]
    newline = window.rfind("\n")
    before = window[newline + 1 :].rstrip(" \t")
    if before in ("", "."):
        return newline >= 0 or lo == 0
    return before.endswith(_ITEM_OPENERS)


def _quotation(body: str, item: re.Match[str]) -> tuple[int, int] | None:
    """Where the quotation after ``item`` starts (after its opening mark) and ends (after its closing mark), when it
    closes on its line and holds two words or more."""
    start = item.end()
    line_end = body.find("\n", start, start + _LONGEST)
    end = body.find(_CLOSE[item.group("open")], start, line_end if line_end >= 0 else start + _LONGEST)
    if end < 0 or len(body[start:end].split()) < 2:
        return None
    return start, end + 1


def _reaction(handle: str, text: str, source: str, span: tuple[int, int]) -> Reaction:
    return build_reaction(Kind.QUOTE, Platform.TWITTER, text, source, span, rendering=Rendering.QUOTE,
                          confidence=_CONFIDENCE, handle=handle, display_name=f"@{handle}", author=handle)  # fmt: skip
