"""The records that flow through reactions: :class:`Article`, :class:`Reaction` and friends.

Records are flat, frozen and slotted; sequences are tuples so that records hash, compare and
pickle (Streamlit's cache pickles them).  ``dataclasses.fields(Reaction)`` gives the column
order of the exported table.  Nothing here does any work beyond small derived properties.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Sequence
from dataclasses import dataclass, field


class Kind(enum.StrEnum):
    """How a reaction appears in an article."""

    EMBED = "embed"
    """An embedded post with an attribution line: ``— Name (@handle) Date``."""
    QUOTE = "quote"
    """A post quoted in the article's prose: ``"…," a fan wrote.``"""


class Sentiment(enum.StrEnum):
    """A reaction's sentiment label, in order (VADER's compound score: ≤ −0.05 negative, ≥ 0.05 positive).
    The one source of the labels: the frame's ordered category, the store's overrides, the page and the CLI."""

    NEGATIVE = "negative"
    NEUTRAL = "neutral"
    POSITIVE = "positive"


SENTIMENT_LABELS: tuple[str, ...] = tuple(label.value for label in Sentiment)
"""The sentiment labels as strings, in order: ``("negative", "neutral", "positive")``."""


class Platform(enum.StrEnum):
    """The social network a reaction was posted on."""

    TWITTER = "twitter"
    INSTAGRAM = "instagram"
    FACEBOOK = "facebook"
    BLUESKY = "bluesky"
    MASTODON = "mastodon"
    THREADS = "threads"
    TIKTOK = "tiktok"
    YOUTUBE = "youtube"
    SNAPCHAT = "snapchat"
    REDDIT = "reddit"
    UNKNOWN = "unknown"


class Rendering(enum.StrEnum):
    """How the post was rendered in the article, that is, which rule found it."""

    DASH = "dash"
    """The post, then ``— Name (@handle) Date`` in the same paragraph (any dash: — – - -- ;)."""
    OWN_LINE = "own-line"
    """An attribution alone on its line or paragraph; the post is the paragraph before it."""
    DASHLESS = "dashless"
    """``Name (@handle) Date`` with the dash lost (ISOT): the post ends where the name starts."""
    BYLINE = "byline"
    """A phrase names the author: Instagram's ``A post shared by``, ``Originally tweeted by``,
    Facebook's ``Posted by Name on Date``."""
    CARD = "card"
    """Text a scraper saved from a rendered Twitter card: ``Name @handle`` / text / ``9:35 PM - 19 Oct 2016``."""
    FACTBOX = "factbox"
    """Reuters' "Trump on Twitter" factbox: ``@handle : - text [1235 EST] - text [1428 EST]``."""
    MARKUP = "markup"
    """Embed markup (``<blockquote class="twitter-tweet">``) left inside a plain-text article."""
    HTML = "html"
    """An embed in a saved web page's markup."""
    LINK = "link"
    """A post's URL alone on its line: an embed whose widget the text lost, or a WordPress embed (no text)."""
    QUOTE = "quote"
    """Quoted in the article's prose with a posting verb or a platform named."""


@dataclass(frozen=True, slots=True)
class Driver:
    """One thing that moved a score.

    Fields:
        term: the word (lower case), emoji, idiom or phrase as written, or the punctuation
            (``"!!!"``) whose emphasis VADER added.
        valence: its valence after VADER's rules (negation, boosters, caps, "but"), rounded to
            two decimals; for an emoji, the sum over the words of its description.
        kind: ``"word"``, ``"emoji"``, ``"idiom"`` (VADER's special cases such as ``the shit``),
            ``"phrase"`` (a custom-lexicon phrase) or ``"punctuation"``.
    """

    term: str
    valence: float
    kind: str


@dataclass(frozen=True, slots=True)
class Citation:
    """One place where a reaction stands in one article.

    Fields:
        source: the citing article's id (:attr:`Article.source`).
        span: ``(start, end)`` character offsets, in the article's cleaned text
            (:attr:`Article.text`), of the post together with its attribution.
    """

    source: str
    span: tuple[int, int]


def whole_text(text: str, continued: Sequence[str] | str | None) -> str:
    """A post's whole text: its first piece ``text`` and its later pieces (a sequence, or already joined by a
    space), joined by a space.

    >>> whole_text("Day 3", ("Braids are hanging in.",)), whole_text("So good", ())
    ('Day 3 Braids are hanging in.', 'So good')
    """
    if not continued:
        return text
    more = continued if isinstance(continued, str) else " ".join(continued)
    return f"{text} {more}" if text else more


@dataclass(frozen=True, slots=True)
class Reaction:
    """One social-media post that an article embeds or quotes.

    Fields:
        id: stable identifier, the first 16 hex digits of a SHA-256 over the normalised
            handle, date and text (see :func:`reactions.parse.article.reaction_id`); the same post
            cited by two articles has the same id.
        kind: ``"embed"`` (an attributed embed) or ``"quote"`` (quoted in prose).
        platform: the network, ``"twitter"`` for text embeds.
        handle: the author's handle without ``@``; ``None`` for quotes.
        display_name: the author's name as written (``"Mariana 🏳️🌈"``, ``"a fan"``).
        date: the date shown in the attribution; ``None`` when missing (always for quotes).
        text: the post as written, attribution removed, media links kept, whitespace of the
            article kept inside the post but trimmed at both ends.
        hashtags: hashtags without ``#``, as written, in order of appearance.
        mentions: mentioned handles without ``@``, in order.
        urls: links in the post (not pic.twitter.com media links), in order.
        media: ``pic.twitter.com/…`` links, in order.
        emoji: the emoji in the post (as found by the ``emoji`` package), in order.
        source: the id of the article this occurrence was parsed from.
        span: ``(start, end)`` offsets of the post and its attribution in that article's text.
        citations: every place the post stands, across the corpus, in reading order; filled
            in by :func:`reactions.run.units.read_corpus` (a freshly parsed reaction cites only
            its own article).
        status_id: the platform's post id, as a string, when the markup gives it.
        url: the canonical URL of the post, when known.
        created_at: the post's exact UTC time (from a Snowflake status id), when known.
        lang: the post's language tag from the embed markup, when known.
        rendering: which rule found the post (:class:`Rendering`); ``None`` for a record made
            by hand.
        confidence: how sure the parser is of the post and its boundaries, in ``[0, 1]``, from
            the cues that matched (see :mod:`reactions.parse.article`); ``None`` for a record made by hand.
        author: the person or account the post belongs to: the handle of an embed; for a quote,
            the name as written, or the person the paragraph names when the prose writes a pronoun
            or a description (``she`` -> ``Amanda Stanton``); ``None`` when it cannot be told.
        continued: for a quote the article breaks at its attribution (``"Day 3," she wrote. "Braids are hanging
            in."``), the later pieces of the post, in order, each as written (``("Braids are hanging in.",)``);
            ``text`` keeps the first piece alone, and ``id`` and ``span`` are the first piece's (see
            :mod:`reactions.parse.continued`).  ``()`` for every other post.
    """

    id: str
    kind: Kind
    platform: str
    handle: str | None
    display_name: str | None
    date: dt.date | None
    text: str
    hashtags: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    media: tuple[str, ...] = ()
    emoji: tuple[str, ...] = ()
    source: str = ""
    span: tuple[int, int] = (0, 0)
    citations: tuple[Citation, ...] = ()
    status_id: str | None = None
    url: str | None = None
    created_at: dt.datetime | None = None
    lang: str | None = None
    rendering: Rendering | None = None
    confidence: float | None = None
    author: str | None = None
    continued: tuple[str, ...] = ()

    @property
    def whole_text(self) -> str:
        """The whole post: :attr:`text` and its :attr:`continued` pieces, joined by a space (what is scored)."""
        return whole_text(self.text, self.continued)

    @property
    def sources(self) -> tuple[str, ...]:
        """Ids of every article that cites this post, without repeats, in reading order."""
        cited = self.citations or (Citation(self.source, self.span),)
        return tuple(dict.fromkeys(c.source for c in cited))


@dataclass(frozen=True, slots=True)
class Article:
    """One article and what the parser found in it.

    Fields:
        source: the article's id: its path relative to the folder it was read from (or the
            file name, or whatever the caller passed to :func:`reactions.parse_article`).
        title: the first line of the article, cleaned; ``None`` for an empty article.
        date: the publication date, from a leading `` date YYYY-MM-DD`` header or the page's
            metadata; ``None`` when unknown.
        text: the cleaned text that reaction spans point into (header removed, entities
            decoded, line ends normalised).
        reactions: the reactions found, in order of appearance.
        warnings: problems found while parsing (an attribution without a handle, an
            impossible date, …), each naming where it happened; never silently dropped.
        published_at: the exact publication time when the page's metadata gives one.
        url: the article's own URL, from its source (a dataset's column, a web archive's record) or its
            page's metadata (``<link rel="canonical">``, ``og:url``); ``None`` when unknown.
    """

    source: str
    title: str | None
    date: dt.date | None
    text: str
    reactions: tuple[Reaction, ...] = ()
    warnings: tuple[str, ...] = ()
    published_at: dt.datetime | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class ArticleInfo:
    """What the frame tells of a citing article (its ``article_*`` columns and ``outlets``): small, so that it
    travels between processes in place of the article.

    Fields:
        url: the article's URL (:attr:`Article.url`).
        outlet: the registered domain of that URL (``bbc.co.uk``), see :func:`reactions.outlets.outlet_of`.
        title: the article's title.
        published: when it was published, aware UTC: its exact time, else its date at midnight UTC.
    """

    url: str | None = None
    outlet: str | None = None
    title: str | None = None
    published: dt.datetime | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """One article as a source gives it, before it is decoded and parsed.

    Every source (a file, a row of a dataset, a FakeNewsNet folder, a web-archive record) yields these;
    :func:`reactions.corpus.parse_document` turns one into an :class:`Article`.  The metadata fields are
    what the source itself says of the article; ``None`` when it says nothing (the parser may still find
    a title or a date in the text).

    Fields:
        source: the article's id (a file's path below its folder, ``data.csv#12`` for a dataset's row,
            a web archive's target URI).
        data: the article's content, text or HTML, in any encoding (decoded as a file's bytes are).
        url: the article's own URL, when the source gives it.
        title: the article's title, when the source gives it.
        published: when the article was published (or, for a web archive, fetched), timezone-aware UTC.
        place: where in its file the article is, for a file of many (``row 12 (id n123)``); the run puts it
            before the article's warnings so a person can find the row.
        text: the string ``data`` was encoded from, when the source read the article as text (a JSON string, a
            table's cell): exactly what ``data`` decodes to as UTF-8, which the decoder takes instead of decoding
            it again.  Not compared, and not carried to another process (pickling a string costs what decoding
            its bytes does): there ``data`` is decoded.
        notes: what the source could not read of what it says of the article (a dataset's date that no form
            reads), each a warning of the article's outcome, so the analyst hears why a field is empty.
    """

    source: str
    data: bytes
    url: str | None = None
    title: str | None = None
    published: dt.datetime | None = None
    place: str | None = None
    text: str | None = field(default=None, compare=False, repr=False)
    notes: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[Document], tuple[object, ...]]:
        return Document, (self.source, self.data, self.url, self.title, self.published, self.place, None, self.notes)


class Status(enum.StrEnum):
    """What happened to one input file."""

    PARSED = "parsed"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """The outcome of reading one file.

    Fields:
        path: the file as given or found.
        source: the article id it was read as (``None`` when skipped).
        status: ``"parsed"`` or ``"skipped"``.
        reactions: how many reactions (occurrences) the article held.
        warnings: the article's warnings, and any decoding notes (``"decoded as cp1252"``).
        reason: why a file was skipped (empty, binary, unreadable), else ``None``.
    """

    path: str
    source: str | None
    status: Status
    reactions: int = 0
    warnings: tuple[str, ...] = ()
    reason: str | None = None


class OutcomeTotals:
    """What a run's outcomes (``self.outcomes``, one :class:`FileOutcome` per file) add up to: a mixin of the
    results that carry them (``reactions.run.pipeline.Extraction``, ``reactions.run.outputs.Output``).  Outcomes
    that count themselves (:class:`reactions.outcomes.Outcomes`, from their columns) are asked to."""

    __slots__ = ()
    outcomes: Sequence[FileOutcome]

    @property
    def articles(self) -> int:
        """How many files were read as articles."""
        counted = getattr(self.outcomes, "parsed", None)
        return counted if counted is not None else sum(o.status is Status.PARSED for o in self.outcomes)

    @property
    def occurrences(self) -> int:
        """How many reactions the articles hold, duplicates included."""
        counted = getattr(self.outcomes, "occurrences", None)
        return counted if counted is not None else sum(outcome.reactions for outcome in self.outcomes)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning of every file, each prefixed with its file (:attr:`Corpus.warnings`)."""
        return Corpus(outcomes=self.outcomes).warnings


@dataclass(frozen=True, slots=True)
class Corpus:
    """Many articles and the unique reactions they cite.

    Fields:
        articles: every article read, in path order.
        reactions: one :class:`Reaction` per unique post (by id), in order of first
            appearance; its ``citations`` list every article and span that cites it.
        outcomes: one :class:`FileOutcome` per input file, in path order, including
            files that were skipped (a tuple, or the run's compact :class:`reactions.outcomes.Outcomes`).
    """

    articles: tuple[Article, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    outcomes: Sequence[FileOutcome] = ()

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every warning of every file, each prefixed with the file it came from."""
        return tuple(f"{o.path}: {w}" for o in self.outcomes for w in (*o.warnings, *([o.reason] if o.reason else [])))
