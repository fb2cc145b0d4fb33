"""Where a post starts: the boundary between an article's prose and the post its attribution closes.

Real corpora do not keep the paragraph break before an embedded post.  Some keep it (the post
opens its paragraph), some glue the post to the article's sentence (``…upon the nation:The Senate
health bill…`` in ISOT, where paragraphs were merged without a space), some put a lead-in before it
in the same paragraph (``Lisa Song Sutton tweeted: …``).  So the start is chosen among candidates,
each scored from what marks it:

==========================  =====  ==================================================================
candidate                   score  what marks it
==========================  =====  ==================================================================
paragraph start             3      a blank line (or, in an article without blank lines, a line break)
line break in a paragraph   2.5    a single line break (``Fans reacted:\\nWow…``)
previous post's end         2      the attribution of the post before (posts in a row)
glued sentence end          2      ``.!?:)`` followed at once by a capital: a paragraph break lost
spaced sentence end         1.5    ``.`` two spaces and a capital (where ISOT dropped a closing quote)
glued, lower case           1      ``.!?`` followed at once by a lower-case word
colon                       0.5    ``…: `` (or ``tweeted, ``) followed by the post
sentence end                0.3    ``. `` and a capital: only when no start above fits; then the earliest
                                   that fits (the longest post), unless a lead-in marks a later one
--------------------------  -----  ------------------------------------------------------------------
lead names the platform     +2     the sentence before it (3+ words) says tweet, Twitter, wrote, below…
lead names the author       +0.5   … or else names the post's author (a word of the name, the handle)
lead ends with a colon      +1     ``…upon the nation:`` (or ``tweeted,``), when the lead also names the
                                   platform or the author
==========================  =====  ==================================================================

A candidate whose post would be longer than the platform allowed on the post's date (a tweet: 140
characters before 7 Nov 2017, 280 after, links counted as 23) cannot be the start, unless no candidate
fits.  The highest score wins; on a tie, the later candidate (the shorter post).

When the attribution stands on its own line, the post is the paragraph before it, unless that
paragraph is the article's own: a lead-in ending with a colon (``Take a look:``), prose too long to be
the post, or prose that names the author in full.  Instagram's byline (``A post shared by …``) on its
own line has its caption above only when that paragraph reads like a caption (a hashtag, a mention,
an emoji or a link) or a lead-in introduces it; else the embed showed no caption.

Every scan looks back at most :data:`WINDOW` characters and never past the previous post, so the work
over an article stays linear.
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from reactions.parse.markdown import plain_markdown

__all__ = [
    "GAP",
    "MAX_CANDIDATES",
    "SLACK",
    "WINDOW",
    "Boundary",
    "Layout",
    "author_words",
    "candidates",
    "choose_start",
    "fits",
    "goes_on",
    "has_platform_cue",
    "lead_score",
    "lead_sentence",
    "length_limit",
    "names_author",
    "tweet_length",
]

WINDOW = 1500
"""How far back a post's start is looked for (no post that needs a boundary is longer)."""
MAX_CANDIDATES = 40
"""How many starts nearest the attribution are weighed (each is checked against the length limit, so this
bounds the work per post; a post holds far fewer sentence breaks)."""

_BLANK_LINE_RE = re.compile(r"\n[ \t]*\n")
_LISTED_QUOTE_RE = re.compile(r"^([ \t]{0,12})[*+-](?=[ \t]{1,4}>)", re.MULTILINE)
"""A list marker before a quote marker at a line's start (Markdown's list item holding a blockquote)."""


def _unlist(match: re.Match[str]) -> str:
    return f"{match.group(1)} "
GAP = " \t\n>"
"""What may stand between a post and its attribution: white space and Markdown's ``>`` quote markers."""


class Layout:
    """Line and paragraph boundaries of a text: 'start of paragraph' by bisection over the blank
    lines, 'start of line' by looking back no further than a given floor (callers pass floors that
    keep the total look-back linear: the end of the previous attribution, or a bounded window)."""

    def __init__(self, text: str) -> None:
        self.text = _LISTED_QUOTE_RE.sub(_unlist, text) if ">" in text and "> " in text else text
        """The text, with the list marker of a list item that opens with a quote (html2text writes an embed in a
        list item as ``* > post``) blanked out: the quote is then read as any other (offsets kept).  ``>`` is looked
        for first: one character is found at memory speed, two are not (19 of the 1,357 bulk bodies hold one)."""
        blank_ends = [m.end() for m in _BLANK_LINE_RE.finditer(text)]
        self.blank_lines = bool(blank_ends)
        self.markdown = "]" in text and "](" in text and ("](http" in text or "](/" in text)
        """A Markdown rendering (links written ``[label](url)``): a post's own line breaks are written as
        paragraph breaks, like the article's."""
        self.para_starts = [0, *blank_ends]

    def line_start(self, pos: int, floor: int) -> int:
        """The start of ``pos``'s line, or ``floor`` when that is later."""
        return max(self.text.rfind("\n", floor, pos) + 1, floor)

    def line_end(self, pos: int) -> int:
        """The end of ``pos``'s line (the index of its newline, or the end of the text)."""
        end = self.text.find("\n", pos)
        return len(self.text) if end < 0 else end

    def starts_line(self, pos: int) -> bool:
        return pos == 0 or self.text[pos - 1] == "\n"

    def para_start(self, pos: int, floor: int) -> int:
        """The start of ``pos``'s paragraph (its line in a text without blank lines), or ``floor`` if later."""
        if not self.blank_lines:
            return self.line_start(pos, floor)
        return max(self.para_starts[bisect.bisect_right(self.para_starts, pos) - 1], floor)

    def last_visible(self, pos: int, floor: int) -> int:
        """The index of the last character before ``pos`` that is not a space or a ``>`` quote marker,
        or ``floor - 1`` when there is none."""
        last = pos - 1
        while last >= floor and (self.text[last] in GAP or self.text[last].isspace()):
            last -= 1
        return last


# --- tweet length ------------------------------------------------------------------------------

_TWEET_280 = dt.date(2017, 9, 26)
"""Twitter doubled the limit to 280 characters for a test group on 26 September 2017 (for all on 7 November)."""
_LONG_POSTS = dt.date(2023, 2, 8)
"""Since February 2023 paying accounts may post far longer texts: no limit is assumed after it."""
_LIMITS = {"twitter": 280, "instagram": 2200, "threads": 500, "bluesky": 300}
SLACK = 8
"""Room for what a corpus changes in the text (a decoded entity, a quote mark turned to spaces)."""
_URL_RE = re.compile(r"(?:https?://|www\.)\S{1,2000}", re.IGNORECASE)
_MEDIA_RE = re.compile(r"pic\.(?:twitter|x)\.com/\w{1,40}", re.IGNORECASE)
_SPACE_RUN_RE = re.compile(r"\s{2,}")
_TRAILING_URL_RE = re.compile(r"(?:https?://|www\.)\S{1,2000}\s*\Z", re.IGNORECASE)
_LEADING_MENTIONS_RE = re.compile(r"\A\s*\.?(?:@\w{1,15}\s+){1,20}")


def length_limit(platform: str, date: dt.date | None) -> int | None:
    """The longest post the platform allowed on ``date`` (None: no limit known).

    >>> length_limit("twitter", dt.date(2016, 5, 1)), length_limit("twitter", None), length_limit("facebook", None)
    (140, 280, None)
    """
    if platform == "twitter":
        if date is None:
            return 280
        return 140 if date < _TWEET_280 else 280 if date < _LONG_POSTS else None
    return _LIMITS.get(platform)


def tweet_length(text: str) -> int:
    """The length Twitter counts, read leniently: a link is 23 characters, an attached picture, the link
    that ends a post (a quoted post, a picture) and the ``@names`` a reply opens with count nothing, runs
    of white space one character.

    >>> tweet_length("@ann @bob So good https://t.co/abcdefghij for you pic.twitter.com/xyz https://t.co/q")
    39
    """
    text = plain_markdown(text)
    if "://" in text or "www." in text or "pic." in text or "@" in text:
        text = _MEDIA_RE.sub("", text)
        if "://" in text or "www." in text.lower():  # a link (what the two URL patterns need, whatever the case)
            text = _LEADING_MENTIONS_RE.sub("", _TRAILING_URL_RE.sub("", text))
            text = _URL_RE.sub("x" * 23, text)
        else:  # 1,150 of the 1,724 bulk calls here: two scans saved (taking a prefix off makes no link)
            text = _LEADING_MENTIONS_RE.sub("", text)
    words = text.split()
    return sum(map(len, words)) + len(words) - 1 if words else 0


def fits(post: str, platform: str, date: dt.date | None) -> bool:
    """Whether ``post`` is short enough to be one post of ``platform`` made on ``date``."""
    limit = length_limit(platform, date)
    if limit is None or (len(post) <= limit + SLACK and "/" not in post and "\\" not in post and "www." not in post):
        return True  # no link nor escape to count longer: the length Twitter counts is at most the text's
    return tweet_length(post) <= limit + SLACK


# --- candidates --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Boundary:
    """A place where a post may start.

    Fields:
        at: the offset where the post would start.
        kind: ``"paragraph"``, ``"line"``, ``"previous"``, ``"glued"`` or ``"colon"``.
        score: how strongly the text marks it (see the module's table).
    """

    at: int
    kind: str
    score: float


_BASE = {
    "paragraph": 3.0, "line": 2.5, "previous": 2.0, "glued": 2.0, "spaced": 1.5, "lower": 1.0, "colon": 0.5,
    "sentence": 0.3,
}  # fmt: skip
_SENTENCE_RE = re.compile(r"[.!?…][\"”’)]?[ \t]+(?=[A-Z“\"#@*]|\d[\d,.]{0,12}[ \t]{1,3}[A-Z])")
"""An ordinary sentence end (``.``, ``!``, ``?`` or an ellipsis: ``Or this act of treason… Students burn…``): a
candidate only when no other start fits the platform's limit (before a capital, a quote, ``#``, ``@``, ``*Sigh*``,
or a number before a capital: ``…stepped forward. 10,000 Lawyers offer…``)."""
_GLUED_RE = re.compile(r"(?:[.!?;\"”’](?<!\s.)|\))(?=[A-Z“‘#~*]|\.@)|:(?<!\s:)(?=[^\s\d/])")
"""A sentence end glued to a capital, an opening quote, ``#``, ``~`` or ``.@`` (or a colon glued to anything but
a digit or a slash): a paragraph break the corpus lost.  (A straight ``"`` after a sentence's end is far more
often the quote closing than a new one opening.)"""
_GLUED_LOWER_RE = re.compile(r"[.!?](?<![\s.].)(?=[a-z]{2})")
"""A sentence end glued to a lower-case word (``…at the meeting.how the hell…``): weaker, since ``e.g.``,
domains and file names look the same."""
_SPACED_RE = re.compile(r"[.!?][ \t]{2,}(?=[A-Z“])")
"""A sentence end, two spaces, a capital: where ISOT dropped a closing quote mark before a lost paragraph break."""
_POSTING_VERBS = ("tweeted", "tweeting", "tweet", "wrote", "write", "writing", "posted", "posting", "said", "saying",
                  "added", "replied")  # fmt: skip
_VERB_COMMAS = tuple(f"{verb}," for verb in _POSTING_VERBS)
_COLON_RE = re.compile(r"[:,][ \t]+(?=\S)")
"""A lead-in's colon, or (checked by :func:`candidates`) the comma after a posting verb (``…tweeted, There is only
one side.``).  Each lookbehind would be tried at every character; the punctuation first is far quicker."""
_LINE_BREAK_RE = re.compile(r"\n[ \t>]*(?=[^\s>])")
_SENTENCE_END_RE = re.compile(r"[.!?:][\"”’)]?(?=\s)|[.!?:;)\"”’](?=[A-Z\"“‘#])|\n")
# Words of a lead-in that introduces a post (``…took to Twitter to say:``, ``See the tweet below.``,
# ``She replied with a single line.``): parts that match anywhere, and whole words.
_CUE_PARTS = ("tweet", "twitter", "instagram", "facebook", "tiktok", "bluesky", "social media", "took to",
              "in a series of")  # fmt: skip
"""Lead-in words that match anywhere in a word (``retweeted``, ``tweets``)."""
_CUE_WORDS = frozenset(("threads", "posted", "wrote", "writes", "captioned", "shared", "below", "account", "replied",
                        "responded", "reacted"))  # fmt: skip
"""Lead-in words that must stand as whole words."""


def has_platform_cue(text: str) -> bool:
    """Whether ``text`` names a platform or a posting verb (:data:`_CUE_PARTS`, :data:`_CUE_WORDS`), checked
    with substring tests (words are split out only when one of the whole words is there).

    >>> has_platform_cue("She took to Twitter."), has_platform_cue("She sharedly"), has_platform_cue("Nothing")
    (True, False, False)
    """
    lowered = text.lower()
    for part in _CUE_PARTS:  # loops, not any() over a generator: a quarter quicker on the bulk paragraphs
        if part in lowered:
            return True
    for word in _CUE_WORDS:
        if word in lowered:
            return not _CUE_WORDS.isdisjoint(_LETTERS_RE.findall(lowered))
    return False
_LETTERS_RE = re.compile(r"[a-z]+")
_TLD_RE = re.compile(r"(?:com|net|org|co|uk|gov|edu|io|ly|me|tv|us)\b", re.IGNORECASE)
_URLISH = ("http", "www.", "pic.", "t.co/")
_MEDIA_HOSTS = ("twitter.com/", "x.com/")


def candidates(text: str, lo: int, stop: int, first_kind: str) -> list[Boundary]:
    """Every place between ``lo`` and ``stop`` where a post may start, ``lo`` itself first (of ``first_kind``)."""
    found = [Boundary(lo, first_kind, _BASE[first_kind])]
    for m in _LINE_BREAK_RE.finditer(text, lo, stop):
        found.append(Boundary(m.end(), "line", _BASE["line"]))
    for kind, pattern in (("glued", _GLUED_RE), ("lower", _GLUED_LOWER_RE), ("spaced", _SPACED_RE)):
        for m in pattern.finditer(text, lo, stop):
            if _is_glued_break(text, m.start(), lo):
                found.append(Boundary(m.end(), kind, _BASE[kind]))
    for m in _COLON_RE.finditer(text, lo, stop):
        if text[m.start()] == ":" or text.endswith(_POSTING_VERBS, 0, m.start()):
            found.append(Boundary(m.end(), "colon", _BASE["colon"]))
    unique = {b.at: b for b in sorted(found, key=lambda b: (b.at, b.score))}  # the strongest kind per place
    return [b for at, b in sorted(unique.items()) if text[at:stop].strip(GAP)]


def _is_glued_break(text: str, i: int, lo: int) -> bool:
    """Whether the punctuation at ``i`` ends a sentence (not an initialism ``U.S.``, a domain, a URL)."""
    if text[i] == "." and i >= 2 and text[i - 1].isalpha() and (i - 2 < lo or text[i - 2] in " .\n"):
        return False  # U.S.Senate, J.K.Rowling, e.g.this
    if text[i] == "." and _TLD_RE.match(text, i + 1):
        return False  # InFlexWeTrust.Com
    if text[i] == "." and text.startswith(_MEDIA_HOSTS, i + 1) and text[i - 3 : i].lower() == "pic":
        return False  # "…their opinions.pic.twitter.com/Ab1": the picture's link starts at "pic", not inside it
    token_start = max(text.rfind(" ", lo, i), text.rfind("\n", lo, i), lo - 1) + 1
    if text.startswith(("[", "<", "("), token_start):  # a Markdown link's label, an autolink
        token_start += 1
    return not text.startswith(_URLISH, token_start) and "://" not in text[token_start:i]


def lead_sentence(text: str, at: int, lo: int) -> str:
    """The sentence (or clause) that ends just before ``at``, looked for no further back than ``lo``."""
    return _Leads(text, lo, at).before(at)


class _Leads:
    """The sentence before any of several positions, from one scan for sentence ends (between ``lo`` and
    ``stop``, at most :data:`_LEAD_REACH` before the first position asked about)."""

    def __init__(self, text: str, lo: int, stop: int, first: int | None = None) -> None:
        self.text, self.lo = text, lo
        start = max(lo, (stop if first is None else first) - _LEAD_REACH)
        self.ends = [m.end() for m in _SENTENCE_END_RE.finditer(text, start, stop)]

    def before(self, at: int) -> str:
        text, end = self.text, at
        while end > self.lo and text[end - 1] in " \t\n":
            end -= 1
        start = max(self.lo, end - _LEAD_REACH)
        i = bisect.bisect_right(self.ends, end - 1) - 1
        while i >= 0 and self.ends[i] > end - 1:
            i -= 1
        if i >= 0 and self.ends[i] > start:
            start = self.ends[i]
        return text[start:end].strip()


_LEAD_REACH = 300
"""How far back the sentence before a candidate is looked for."""


def lead_score(lead: str, author_words: Sequence[str]) -> float:
    """How much the sentence before a candidate reads as a lead-in to the post: it names the platform or
    a posting verb (2), or else the author (0.5: prose names the people it is about); ending with a colon
    adds 1 to either (a colon alone, as in ``…at the same point in presidencies:Obama 24 rounds…``,
    introduces a list as often as a post)."""
    if len(lead.split()) < 3:
        return 0.0
    score = 2.0 if has_platform_cue(lead) else 0.5 if names_author(lead, author_words) else 0.0
    return score + 1.0 if score and (lead.endswith(":") or lead.endswith(_VERB_COMMAS)) else score


def names_author(text: str, author_words: Sequence[str]) -> bool:
    """Whether ``text`` holds one of ``author_words`` as a whole word (or ``@handle``).

    >>> names_author("Ask Trump's aides", ("trump",)), names_author("Trumpet", ("trump",))
    (True, False)
    """
    if not author_words:
        return False
    lowered = text.casefold()
    for word in author_words:  # a loop, not any() over a generator (as in has_platform_cue)
        if word.lstrip("@") in lowered:
            return not set(_WORD_RE.findall(lowered)).isdisjoint(author_words)
    return False


_WORD_RE = re.compile(r"@?[^\W_]+")
_COMMON_NAME_WORDS = frozenset(("the", "and", "for", "with", "from", "our", "you", "your", "news", "official",
                                "real", "daily", "new", "world", "live", "today", "now", "times", "post"))  # fmt: skip
"""Words of account names (``The Night Owls``, ``Daily Mail Online``) that prose and posts use anyway."""


_NAME_WORD_RE = re.compile(r"[^\W\d_]{3,}")


@functools.lru_cache(maxsize=4096)
def author_words(name: str | None, handle: str | None) -> tuple[str, ...]:
    """Words that name the author in prose: the display name's words of 3+ letters, and the handle.

    >>> author_words("Donald J. Trump", "realDonaldTrump")
    ('donald', 'trump', '@realdonaldtrump', 'realdonaldtrump')
    """
    capitalised = (w.casefold() for w in _NAME_WORD_RE.findall(name or "") if w[0].isupper())
    words = [w for w in capitalised if w not in _COMMON_NAME_WORDS]
    if handle:
        words += [f"@{handle.casefold()}", handle.casefold()]
    return tuple(dict.fromkeys(words))


def choose_start(
    text: str, lo: int, stop: int, first_kind: str, *, platform: str, date: dt.date | None, author: Sequence[str]
) -> Boundary:
    """Where the post that ends at ``stop`` starts, at or after ``lo`` (see the module's table)."""
    if first_kind == "paragraph" and _paragraph_start_wins(text, lo, stop, platform, date, author):
        return Boundary(lo, first_kind, _BASE[first_kind])
    options = candidates(text, max(lo, stop - WINDOW), stop, first_kind)
    if max(lo, stop - WINDOW) > lo:
        options = options[1:] or options  # the window's own start is no boundary
    options = options[:1] + options[1:][-MAX_CANDIDATES:]
    if not options:  # nothing but white space before ``stop``
        return Boundary(max(lo, stop - WINDOW), first_kind, 0.0)
    fitting = _fitting(text, lo, stop, options, platform, date, author)
    if fitting:
        best_score, best = max(fitting, key=lambda sb: (sb[0], sb[1].at))
        return Boundary(best.at, best.kind, best_score)
    ends = _SENTENCE_RE.finditer(text, options[0].at, stop)
    sentences = [Boundary(m.end(), "sentence", _BASE["sentence"]) for m in ends][-MAX_CANDIDATES:]
    fitting = _fitting(text, lo, stop, sentences, platform, date, author)
    if fitting:  # the longest post that fits, unless a lead-in marks a later start
        best_score, best = max(fitting, key=lambda sb: (sb[0], -sb[1].at))
        return Boundary(best.at, "sentence", best_score)
    return Boundary(options[-1].at, "too-long", options[-1].score)


_SENTENCE_ENDS = (_GLUED_RE, _GLUED_LOWER_RE, _SPACED_RE)


def _paragraph_start_wins(
    text: str, lo: int, stop: int, platform: str, date: dt.date | None, author: Sequence[str]
) -> bool:
    """Whether no other candidate can beat the paragraph's start, seen without listing them: the paragraph
    fits, and either it holds no colon, line break or posting verb's comma, and no lead-in word or no sentence
    end glued to what follows (a glued end scores 2, or 2.5 with the author named: below the paragraph's 3
    without a lead-in word); or no lead-in in it can score at all (:func:`_leadless`: then every other
    candidate scores its base, below 3)."""
    if stop - lo > WINDOW:
        return False
    segment = text[lo:stop]
    if ":" not in segment and "\n" not in segment.strip() and not _verb_comma(segment):
        # where a cue is named, _leadless is False: only the sentence ends decide (892 of 4,015 bulk calls)
        plain = not has_platform_cue(segment) or not any(p.search(segment) for p in _SENTENCE_ENDS)
    else:
        plain = _leadless(segment, author)
    return plain and fits(segment, platform, date)


def _verb_comma(segment: str) -> bool:
    """Whether a posting verb's comma (:data:`_VERB_COMMAS`) stands in ``segment``: each comma looked at once."""
    at = segment.find(",")
    while at >= 0 and not segment.endswith(_POSTING_VERBS, 0, at):
        at = segment.find(",", at + 1)
    return at >= 0


_CUE_SUBSTRINGS = (*_CUE_PARTS, *sorted(_CUE_WORDS))


def _leadless(segment: str, author: Sequence[str]) -> bool:
    """Whether no sentence within ``segment`` can have a lead-in score (:func:`lead_score`): the segment holds
    none of the platform's cues nor a word of the author's, even as a part of a word (each lead-in is a slice of
    the segment, whose first word may be cut)."""
    lowered = segment.lower()
    for cue in _CUE_SUBSTRINGS:
        if cue in lowered:
            return False
    folded = segment.casefold()
    return not any(word.lstrip("@") in folded for word in author)


def _fitting(
    text: str, lo: int, stop: int, options: Sequence[Boundary], platform: str, date: dt.date | None,
    author: Sequence[str],
) -> list[tuple[float, Boundary]]:
    """The candidates whose post fits the platform's limit, with their scores (lead-in included).

    A post that starts earlier is never shorter, so the first one that fits is found by bisection."""
    low, high = 0, len(options)
    while low < high:
        middle = (low + high) // 2
        if fits(text[options[middle].at : stop], platform, date):
            high = middle
        else:
            low = middle + 1
    fitting = options[low:]
    if not fitting:
        return []
    if fitting[-1].at <= lo:  # only the paragraph's start fits (most calls): no lead-in is read, so none scanned
        return [(b.score + 0.0, b) for b in fitting]
    return _scored(text, lo, stop, fitting, author)


def _scored(
    text: str, lo: int, stop: int, fitting: Sequence[Boundary], author: Sequence[str]
) -> list[tuple[float, Boundary]]:
    """Each of ``fitting`` (in order, none empty) with its score, the lead-in before it included (none at ``lo``)."""
    leads = _Leads(text, lo, stop, fitting[0].at)
    return [(b.score + (lead_score(leads.before(b.at), author) if b.at > lo else 0.0), b) for b in fitting]


def goes_on(text: str, last: int, start: int) -> bool:
    r"""Whether the paragraph that ends at ``last`` stops in mid-sentence and the one at ``start`` goes on with it: a
    line break of a post's that a crawler widened to a paragraph break (``…wonderful getting to`` over ``know
    Meghan and…``).  It ends with a comma, a semicolon, ``&`` or a word no sentence ends with (:data:`_OPEN_WORDS`),
    and the next paragraph opens in lower case.

    >>> goes_on("It was an honor to have known,\n\nand worked", 29, 32), goes_on("A fine day.\n\nand more", 10, 13)
    (True, False)
    >>> goes_on("Thanks to\n\nYou all", 8, 11), goes_on("getting to\n\nknow", 9, 12), goes_on("Otto\n\nknow", 3, 6)
    (False, True, False)
    """
    if not text[start : start + 1].islower():
        return False
    if text[last] in ",;&":
        return True
    word = last
    while word > last - 6 and text[word - 1 : word].isalpha():
        word -= 1
    return text[word : last + 1].lower() in _OPEN_WORDS and not text[word - 1 : word].isalpha()


_OPEN_WORDS = frozenset(("to", "and", "or", "but", "the", "a", "an", "of", "with", "for", "my", "our", "your", "their"))
"""English words a sentence does not end with."""
