"""What each column of the frame means: the documentation of :func:`reactions.frames.to_frame`'s table, kept
beside the code so that ``docs/columns.md`` is generated from it (``scripts/gen_docs.py``) and a test fails when
a column is added without a meaning, or the page differs from what this gives.

>>> markdown_table().splitlines()[2][:34]
'| `id` | string | stable id: 16 he'
"""

from __future__ import annotations

from typing import Final

COLUMN_MEANINGS: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (('id',),
     'stable id: 16 hex digits of SHA-256 over the normalised handle, date and text; the same post cited by '
     'two articles has one id'),
    (('kind',),
     "`embed` (an attributed embed) or `quote` (quoted in the article's prose)"),
    (('platform',),
     '{platforms}, or `unknown` (a quote with no platform cue)'),
    (('handle',),
     "the author's handle without `@` (`user.bsky.social`, `user@instance` on Mastodon); empty for most quotes"),
    (('display_name',),
     'the author as written (`Mariana 🏳️🌈`, `a fan`, `she`); for quotes, a description before a name is '
     'dropped (`TV producer Jesse Zook` → `Jesse Zook`), a phrase that opens with an article stays whole (`one'
     ' social media user`), and a clause after the name is not shown (`Pratt kept his humor alive in his caption`'
     ' → `Pratt`)'),
    (('author',),
     "the account or person the post belongs to: an embed's handle; a quote's named author, or the person the "
     'prose names when it writes a pronoun (`she` → `Kaya Jones`), as the article names that person in full '
     '(`Kardashian` → `Kim Kardashian`: one person is one author within an article, and the same full name one'
     ' author across articles); never an age, a date, a role alone or a clause (`36`, `star`); empty when it '
     "cannot be told (`one fan`). The page's Top authors and Unique authors count this"),
    (('date',),
     "the post's date (the attribution's) when known, else the UTC day its status id was made (a tweet whose "
     "embed shows no date, a deleted tweet's placeholder), else its first citing article's publication date (UTC "
     'day); empty when none is known'),
    (('date_source',),
     'where `date` comes from: `post`, `article`, or empty (no date). The page\'s "Posts\' own dates only" '
     'filter keeps `post`'),
    (('text',),
     'the post as written, attribution removed, media links kept; for a post the article quotes in pieces '
     '(`"Day 3," she wrote. "Braids are hanging in."`), its first piece alone (`Day 3`)'),
    (('continued',),
     'the later pieces of a post the article quotes in pieces, in order, joined by a space (`Braids are hanging '
     'in.`): quotations right after the post\'s sentence, or as the next paragraphs, with no attribution of '
     'their own; empty for every other post. The whole post is `text`, a space, then this: the sentiment '
     'columns score it, and the page\'s table shows it'),
    (('hashtags', 'mentions'),
     'without `#`/`@`, as written, in order (twitter-text rules; a hashtag glued to the previous word still '
     'counts)'),
    (('urls', 'media'),
     'links in the post; `pic.twitter.com/…` media links apart'),
    (('emoji',),
     'the emoji in the post, whole sequences (flags, skin tones, ZWJ)'),
    (('sources',),
     'every article that cites the post'),
    (('article_count',),
     'how many articles cite it'),
    (('outlet',),
     "the outlet of the first citing article: the registered domain of its URL (`bbc.co.uk`, by publicsuffixlist's "
     "bundled Public Suffix List), with or without a scheme; an archive's or cache's copy (Wayback, "
     "archive.today, Google cache, AMP caches) gives the original's; empty when the article has no usable URL "
     "(never an archive's own domain)"),
    (('outlets', 'outlet_count'),
     "every citing article's outlet, once each, in citing order, and how many"),
    (('outlet_published',),
     "parallel to `outlets`: each outlet's earliest publication time among its citing articles, ISO 8601 UTC "
     '(`2014-05-06T09:00:00+00:00`), `""` when none of them has one'),
    (('status_id', 'url'),
     "the post's id (a string, never a float) and canonical URL, when the markup gives them"),
    (('created_at',),
     "the post's exact time, from a Snowflake status id"),
    (('lag',),
     "the first citing article's publication time minus `created_at`. Every export (CSV, Excel-safe CSV, "
     "JSONL, Parquet, XLSX, the page's downloads) writes it in this place as **`lag_hours`**, a number of "
     'hours (`14.916666666666666`; empty when unknown) that spreadsheets, pandas and R read as a number; '
     '`reactions.read_csv` / `read_table` turn it back into `lag`, to the microsecond'),
    (('lang',),
     "the post's language: the embed's own tag (`pt-BR` → `pt`), else detected from its text (en, de, es, fr, "
     "pt, it, ar), or the corpus's language for a short post the detector finds likeliest in it; `und` when "
     "too short or unsure ([languages](languages.md))"),
    (('lang_source',),
     "where `lang` comes from: `embed` (the embed's tag), `detected`, or `corpus` (a post too short for the "
     "detector to be sure of, read in the corpus's language because that is the detector's first guess for it)"),
    (('rendering',),
     'which rule found the post: `dash` (post and `— Name (@handle) Date` in one paragraph), `own-line` '
     '(attribution on its own line, post above), `dashless` (`Name (@handle) Date` with the dash lost), '
     '`byline` (`A post shared by …`, `Originally tweeted by …`, `Posted by … on …`), `card` (a scraped '
     'Twitter card), `factbox` (Reuters\' "Trump on Twitter"), `markup` (embed HTML left in a text article), '
     '`html` (an embed in a web page), `link` (a post\'s URL alone on its line: an embed whose text the page '
     'lost, no text), `quote` (quoted in prose)'),
    (('confidence',),
     'how sure the parser is of the post and its boundaries, 0–1, from the cues that matched (see '
     '[accuracy](accuracy.md)); filter out doubtful ones with it'),
    (('source', 'span_start', 'span_end'),
     'the first citing article and where the post and its attribution stand in its cleaned text'),
    (('article_title', 'article_url', 'article_published'),
     "the first citing article's title (its source's, else its first line or the page's title), URL and "
     "publication time (the page's or its header's, else the source's date)"),
    (('compound', 'pos', 'neu', 'neg'),
     "the scores of the post text: VADER's for English, its language's lexicon's for German, French and "
     "Portuguese; empty (not scored) for any other language and `und`, but for posts of emoji alone, and for "
     "a post with no text (an embed whose words the article does not hold: never counted as neutral)"),
    (('sentiment',),
     "`negative` < `neutral` < `positive` (±0.05 on `compound`), or the analyst's override; empty when not scored"),
    (('drivers',),
     "the terms that moved the score most, after VADER's rules: `abuser -3.9; shame -3.1`; in another "
     "language led by its lexicon's name: `GPL-de (de): gute +3.0`"),
    (('overridden',),
     'an analyst set the label'),
)
"""The frame's columns, in order, in rows of one or a few (``(names, meaning)``); ``{platforms}`` stands for the
known platforms (:class:`reactions.models.Platform`)."""

_TYPES: Final = {
    "string": "string", "category": "category", "object": "list", "int64": "int", "float64": "float",
    "bool": "bool", "datetime64[ns]": "date", "datetime64[ns, UTC]": "UTC time", "timedelta64[ns]": "duration",
}  # fmt: skip
"""A dtype's name in the table."""


def column_names() -> tuple[str, ...]:
    """Every column :data:`COLUMN_MEANINGS` documents, in order."""
    return tuple(name for names, _ in COLUMN_MEANINGS for name in names)


def markdown_table() -> str:
    """The Columns table (Markdown) of the frame :func:`reactions.frames.to_frame` gives: names, types from its
    dtypes, meanings from :data:`COLUMN_MEANINGS`."""
    from reactions.frames import to_frame
    from reactions.models import Platform

    dtypes = {name: str(dtype) for name, dtype in to_frame([]).dtypes.items()}
    platforms = ", ".join(f"`{p.value}`" for p in Platform if p.value != "unknown")
    lines = ["| column | type | meaning |", "|---|---|---|"]
    for names, meaning in COLUMN_MEANINGS:
        kinds = [_TYPES.get(dtypes.get(name, ""), dtypes.get(name, "?")) for name in names]
        kinds = kinds[:1] if len(set(kinds)) == 1 else kinds
        shown = ", ".join(f"`{name}`" for name in names)
        lines.append(f"| {shown} | {', '.join(kinds)} | {meaning.format(platforms=platforms)} |")
    return "\n".join(lines) + "\n"
