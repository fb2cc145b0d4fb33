"""Posts quoted in an article's prose: ``"…," a fan tweeted.``, ``One user wrote on Instagram: "…"``.

A quoted passage followed by ``, AUTHOR VERB`` or ``, VERB AUTHOR`` or preceded by ``AUTHOR VERB:``
where VERB is a posting verb (tweeted, posted, commented, wrote, shared, or any speech verb followed
by "on Twitter", "in a post", …).  Plain speech (said, told, replied, a statement to a newspaper) is
not a reaction.  Pure functions, no I/O, linear time: the patterns are tried only where a quote mark
stands, over bounded windows.

>>> [(q.display_name, q.text) for q in find_quotes('"So good," a fan tweeted.', "a.txt", [])]
[('a fan', 'So good')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from reactions.build import build_reaction, overlaps
from reactions.models import Kind, Platform, Reaction, Rendering

__all__ = ["find_quotes"]


_POST_VERBS = r"tweeted|retweeted|posted|commented|wrote|shared|captioned|replied|responded|added|said|quipped|joked"
_VENUE = (
    r"(?:on|via|to)[ \t]+(?P<venue>Twitter|X|Instagram|Facebook|TikTok|Threads|Bluesky|Reddit|YouTube"
    r"|social[ \t]+media|(?:his|her|their|its)[ \t]+(?:Twitter|Instagram|Facebook|TikTok|social[ \t]+media)"
    r"(?:[ \t]+(?:account|page|story|stories))?)"
    r"|in[ \t]+an?[ \t]+(?P<venue2>tweet|post|Instagram[ \t]+(?:post|story|caption)|Facebook[ \t]+post"
    r"|TikTok(?:[ \t]+video)?|comment|reply|thread)"
)
_QUOTE_RE = re.compile(r'"(?P<a>[^"\n]{2,2000})"|“(?P<b>[^”“\n]{2,2000})”')
_SINGLE_QUOTE_RE = re.compile(r"(?<![\w’'])‘(?P<c>[^‘\n]{2,600}?)’(?=[,.;:!?]?(?:[ \t]|$))", re.MULTILINE)
"""British style ‘…’: the closing ’ must not be an apostrophe inside a word (don’t)."""
_AUTHOR = r"(?P<author>@?[\w][\w'’.@-]*(?:[ \t]+@?[\w'’.@-]+){0,7}?)"
_AFTER_AUTHOR_VERB = re.compile(
    rf",?[ \t]+{_AUTHOR}[ \t]+(?P<verb>{_POST_VERBS})(?P<tail>(?:[ \t]+(?:{_VENUE}))?)"
    r"(?P<end>[ \t]*[.!?]|[ \t]*,|[ \t]+(?=\w))",
    re.IGNORECASE,
)
_AFTER_VERB_AUTHOR = re.compile(
    rf",?[ \t]+(?P<verb>{_POST_VERBS})[ \t]+{_AUTHOR}(?P<tail>(?:[ \t]+(?:{_VENUE}))?)(?P<end>[ \t]*[.!?])",
    re.IGNORECASE,
)
_BEFORE = re.compile(
    rf"(?:^|(?<=[.!?,;:\n])|(?<=\bwith))[ \t]*{_AUTHOR}[ \t]+"
    rf"(?P<verb>{_POST_VERBS}|tweeting|posting|writing|commenting)"
    rf"(?P<tail>(?:[ \t]+(?:{_VENUE}))?)[ \t]*[:,][ \t]*\Z",
    re.IGNORECASE,
)
_PLACE_IN_AUTHOR = re.compile(r"[ \t](?:in|at|for|from)[ \t]", re.IGNORECASE)
"""``"…," wrote columnist Jo Doe in The Times.``: a byline in print, not a post."""
_CAPITALISED = re.compile(r"^[@A-Z0-9]")


_POSTING_WORDS = (
    "tweet", "post", "comment", "wrote", "shar", "caption", "twitter", "instagram", "facebook", "tiktok",
    "threads", "bluesky", "reddit", "youtube", "social", " x ", " x.", " x,",
)  # fmt: skip


def _mentions_posting(text: str) -> bool:
    """Cheap pre-check before the author/verb patterns: a posting verb or a venue is near the quote."""
    return any(map(text.lower().__contains__, _POSTING_WORDS))


def _quote_matches(body: str) -> Iterator[re.Match[str]]:
    """What ``_QUOTE_RE.finditer(body)`` gives, faster: the pattern is tried only where a quote mark
    stands (found with ``str.find``, far quicker than the regex engine's own scan)."""
    straight, curly = body.find('"'), body.find("“")
    while straight >= 0 or curly >= 0:
        at = straight if curly < 0 or 0 <= straight < curly else curly
        match = _QUOTE_RE.match(body, at)
        if match is not None:
            yield match
        pos = at + 1 if match is None else match.end()
        if 0 <= straight < pos:
            straight = body.find('"', pos)
        if 0 <= curly < pos:
            curly = body.find("“", pos)


def find_quotes(body: str, source: str, taken: Sequence[tuple[int, int]]) -> list[Reaction]:
    found: list[Reaction] = []
    matches = [*_quote_matches(body), *_SINGLE_QUOTE_RE.finditer(body)] if "‘" in body else _quote_matches(body)
    for match in matches:
        if overlaps(match.span(), taken):
            continue
        quote = _quote_at(body, match, source)
        if quote is not None:
            found.append(quote)
    return found


def _quote_at(body: str, match: re.Match[str], source: str) -> Reaction | None:
    inner = next(filter(None, match.groups()))
    window_end = min(len(body), match.end() + 160)
    after = None
    if _mentions_posting(body[match.end() : window_end]):
        after = _AFTER_AUTHOR_VERB.match(body, match.end(), window_end)
        if after is None or not _is_post(after):
            after = _AFTER_VERB_AUTHOR.match(body, match.end(), window_end)
    if after is not None and _is_post(after):
        span = (match.start(), after.end("tail") if after.group("tail") else after.end("author"))
        span = (span[0], max(span[1], after.end("verb")))
        return _quote(inner, after, source, span)
    line_start = body.rfind("\n", max(0, match.start() - 160), match.start()) + 1
    lead = body[max(line_start, match.start() - 160) : match.start()]
    before = (
        _BEFORE.search(lead)
        if lead.rstrip()[-1:] in (":", ",") and _mentions_posting(lead[-100:])
        else None
    )
    if before is not None and _is_post(before):
        return _quote(inner, before, source, (match.start() - len(lead) + before.start("author"), match.end()))
    return None


def _is_post(match: re.Match[str]) -> bool:
    """Whether an author/verb match describes a social-media post rather than speech."""
    verb = match.group("verb").lower()
    if match.re is _AFTER_VERB_AUTHOR and _PLACE_IN_AUTHOR.search(match.group("author")):
        return False
    if match.group("tail"):
        return True
    if verb in {"tweeted", "retweeted", "tweeting", "posted", "posting", "commented", "commenting", "captioned"}:
        return True
    if verb in {"wrote", "writing", "shared"}:
        end = match.groupdict().get("end")
        return end is None or end.strip() in {".", "!", "?", ":", ","} or match.re is _BEFORE
    return False


def _quote(inner: str, match: re.Match[str], source: str, span: tuple[int, int]) -> Reaction | None:
    words = match.group("author").split()
    text = inner.strip()
    text = text[:-1].rstrip() if text.endswith(",") else text
    if len(text) < 2:
        return None
    handle = next((w.lstrip("@").rstrip(".,") for w in words if w.startswith("@") and len(w) > 1), None)
    return build_reaction(
        Kind.QUOTE,
        _quote_platform(match),
        text,
        source,
        span,
        rendering=Rendering.QUOTE,
        confidence=0.7,
        handle=handle,
        display_name=_author_name(words),
    )


_NAMED_PLATFORMS = tuple(p for p in Platform if p is not Platform.UNKNOWN)


def _quote_platform(match: re.Match[str]) -> Platform:
    venue = " ".join(filter(None, (match.groupdict().get("venue"), match.groupdict().get("venue2")))).lower()
    for platform in _NAMED_PLATFORMS:
        if platform.value in venue:
            return platform
    if "tweet" in venue or match.group("verb").lower() in {"tweeted", "retweeted", "tweeting"}:
        return Platform.TWITTER
    if venue in {"x"}:
        return Platform.TWITTER
    return Platform.UNKNOWN


def _author_name(words: Sequence[str]) -> str | None:
    """The author as written, less a leading lower-case description: 'TV producer Jesse Zook' -> 'Jesse Zook'."""
    names = [w for w in words if not w.startswith("@")]
    trailing: list[str] = []
    for word in reversed(names):
        if not _CAPITALISED.match(word):
            break
        trailing.insert(0, word)
    if trailing and len(trailing) < len(names):
        return " ".join(trailing)
    return " ".join(names) or None
