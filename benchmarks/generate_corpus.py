"""Generate a reproducible synthetic news corpus for the benchmarks.

Every article is built from a seeded :class:`random.Random`, so the same ``--seed`` and
``--articles`` always give byte-identical files.  The articles imitate the bundled seeds
(``seeds/``): a `` date YYYY-MM-DD`` header on most, realistic lengths (log-normal, median
about 3.5 KB), prose with ordinary quoted speech that is *not* a reaction, and 0-10 embedded
posts each in one of the text formats the parser knows:

* attribution at the end of the post's paragraph (``… #MeToo pic.twitter.com/x — Sienna (@h) Jan 31, 2020``);
* attribution alone on the line after the post (seed 002);
* several posts in a row with editorial lines between them ("And this one...");
* hashtags glued to the previous word (``THE NERVE#JusticeForJohnnyDepp``);
* display names with emoji, spaces and capitals; handles with ``_`` and digits;
* dash variants (— – - -- &mdash;), full and abbreviated months, the odd missing date;
* quoted reactions in prose (``"…," a fan wrote.``);

plus emoji in post texts, posts reused across articles (a shared pool, so the same post is
cited by several articles), CRLF line ends on a few files, and a share of HTML pages whose
posts are standard ``blockquote.twitter-tweet`` embeds with Snowflake status ids.

Usage::

    python benchmarks/generate_corpus.py OUT_DIR --articles 10000 [--seed 7] [--html-share 0.1] [--embed-free]
        [--years 5] [--bursts 3]

``--embed-free`` writes only plain-text news prose with quoted speech that is not a post (no embed, no
quoted post, no HTML page): what most articles of a real corpus are.

A ``manifest.json`` beside the articles records what was generated (articles, bytes, embeds,
quotes, distinct posts), so a benchmark can check the parser found them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
ABBREVIATED = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DASHES = ("—", "—", "—", "—", "–", "-", "--", "&mdash;")
EDITORIAL = (
    "And this one...",
    "Here Is One More",
    "See the reactions below:",
    "The Hashtag Was The Top Trend",
    "Others were less convinced.",
    "Check out a few posts below.",
    "One fan summed it up:",
)
FIRST = [
    "Sienna",
    "lila",
    "me",
    "Isaac",
    "Lag",
    "ana",
    "Mariana",
    "Jesse",
    "Priya",
    "Tom",
    "Kenji",
    "Olu",
    "Marta",
    "Ahmed",
    "Chloe",
    "Diego",
    "Zoe",
    "Sam",
    "Nia",
    "Lukas",
    "Fatima",
    "Ravi",
    "Emma",
    "Jon",
    "Ines",
    "Yuki",
    "Omar",
    "Grace",
    "Leo",
    "Amara",
    "Ben",
    "Sofia",
    "Kofi",
    "Hana",
    "Luis",
    "Mia",
    "Noor",
    "Ivan",
]
LAST = [
    "Kennedy",
    "Williams",
    "Okafor",
    "Rossi",
    "Nguyen",
    "Silva",
    "Novak",
    "Haddad",
    "Brown",
    "Kim",
    "Moreau",
    "Costa",
    "Berg",
    "Patel",
]
NAME_EMOJI = ("🏳️‍🌈", "✨", "🌻", "💜", "🇧🇷", "🦋", "☕", "🎬", "🔥", "🌙")
POST_EMOJI = ("😂", "❤️", "🙏", "😭", "🔥", "👏", "💔", "😡", "🤔", "💯", "🙄", "😍", "👍🏽", "🤦‍♀️")
HASHTAGS = [
    "JusticeForJohnnyDepp",
    "TimesUp",
    "MeToo",
    "BelieveWomen",
    "Breaking",
    "Trending",
    "SaveTheDate",
    "Oscars",
    "Election2020",
    "ClimateStrike",
    "WorldCup",
    "Brexit",
    "BlackLivesMatter",
    "StopAsianHate",
    "GameOfThrones",
    "Euro2020",
    "COVID19",
]
OPENERS = (
    "I can't believe",
    "Honestly",
    "This is",
    "Me coming to Twitter and seeing",
    "Can you imagine that",
    "So happy that",
    "Absolutely disgusted that",
    "Nobody is talking about how",
    "Imagine thinking",
    "Wow.",
    "Finally",
    "Not me crying because",
    "This needs to stop:",
    "HELL YEAH",
    "Let that sink in.",
)
CLAUSES = (
    "everyone just ignored everything and went after the wrong person",
    "the truth finally came out after all this time",
    "this is the best news I have heard all year",
    "the media persecution was shameful and nobody apologised",
    "people are still defending this terrible behaviour",
    "we all heard the rumours and didn't want to jump to conclusions",
    "I love how the fans came together for this",
    "the whole thing makes me sad and angry at the same time",
    "this man lost several jobs, fell into depression and suffered bullying",
    "nobody deserves to be treated like that, ever",
    "the support on this app today is amazing",
    "it is not funny and you should be ashamed",
    "what a great day for common sense",
    "I hope the court sees the evidence for what it is",
    "this set us back years and makes it harder to report real abuse",
)
PROSE = (
    "The story has dominated headlines for weeks, and the reaction online has been swift.",
    "Lawyers for both sides declined to comment when contacted on Sunday.",
    "The recording, obtained by the newspaper, is said to date from a therapy session in 2015.",
    "Critics argue that the case has become a referendum on how the public treats allegations of abuse.",
    "Supporters gathered outside the courthouse, holding signs and chanting for hours.",
    "The studio has not said whether the actor will return for the next instalment of the franchise.",
    "Analysts say social media campaigns rarely change the outcome of a trial, but they shape the coverage.",
    "The couple married in February 2015 and split up less than two years later.",
    "A spokesperson said the tapes had been edited and taken out of context.",
    "By Monday morning the hashtag had been used more than a million times.",
    "The network said it would review its guidelines in light of the controversy.",
    "Experts warned that online harassment can escalate quickly on both sides of such debates.",
    "The case is expected to go to trial later this year in Virginia.",
    "Some fans pointed to earlier interviews in which the actor discussed his struggles.",
    "Others urged caution, saying the full recording had not yet been made public.",
)
SPEECH = (  # quoted speech that is NOT a reaction: the parser must leave it alone
    "\"I can't promise I won't get physical again,\" said Heard.",
    'Heard said: "I did not punch you, I was hitting you."',
    'Depp replied: "I love you and I want you to be my wife."',
    'A statement from the lawyer told the paper the tapes contain "chilling confessions of violence".',
    '"We will not comment on an ongoing case," the studio said in a statement.',
)
QUOTE_AUTHORS = (
    ("a fan", "wrote"),
    ("one user", "tweeted"),
    ("TV producer Jesse Zook", "tweeted"),
    ("concert producer Jacklyn Krol", "commented"),
    ("another fan", "added"),
    ("a viewer", "posted"),
)
EDITORIAL_SHARE = 0.3
REUSE_SHARE = 0.25
TWITTER_EPOCH_MS = 1288834974657


@dataclass(frozen=True, slots=True)
class Post:
    """One synthetic post: what an embed or a quote shows."""

    text: str
    name: str
    handle: str
    date: dt.date
    status_id: int


@dataclass(slots=True)
class Tally:
    """What the generator wrote, for the manifest."""

    articles: int = 0
    html_articles: int = 0
    bytes: int = 0
    embeds: int = 0
    quotes: int = 0


BURST_DAYS = 7
BURST_SHARE = 0.15
"""With ``--bursts``, the share of articles dated inside the burst weeks."""


class Generator:
    """Seeded article factory; one instance writes one corpus."""

    def __init__(
        self, seed: int, html_share: float, *, embed_free: bool = False, years: int = 5, bursts: int = 0
    ) -> None:
        self.rng = random.Random(seed)
        self.html_share = html_share
        self.embed_free = embed_free
        self.years = years
        self.burst_rng = random.Random(seed + 1)  # its own stream: bursts leave the articles' text as it was
        self.bursts = [self.burst_rng.randint(0, years * 365 - BURST_DAYS) for _ in range(bursts)]
        self.pool: list[Post] = []
        self.distinct: set[tuple[str, str, str]] = set()
        self.tally = Tally()

    # -- posts --------------------------------------------------------------------------
    def handle(self) -> str:
        r = self.rng
        base = r.choice(FIRST).lower() + r.choice(("", "_", "__", "x", "")) + r.choice(LAST).lower()[: r.randint(0, 6)]
        return (base + (str(r.randint(0, 9999)) if r.random() < 0.5 else ""))[:15]

    def display_name(self) -> str:
        r = self.rng
        name = r.choice(FIRST)
        roll = r.random()
        if roll < 0.2:
            name = f"{name} {r.choice(LAST)}"
        elif roll < 0.3:
            name = f"{name} {r.choice(LAST)} {r.choice(LAST)}".upper()
        elif roll < 0.45:
            name = f"{name} {r.choice(NAME_EMOJI)}"
        return name

    def post_text(self) -> str:
        r = self.rng
        text = f"{r.choice(OPENERS)} {r.choice(CLAUSES)}"
        for _ in range(r.randint(0, 3)):
            stop = r.choice((".", "!", "...", ","))
            clause = r.choice(CLAUSES)
            text += f"{stop} {clause if stop == ',' else clause[0].upper() + clause[1:]}"
        if r.random() < 0.4:
            text += " " + r.choice(POST_EMOJI) * r.randint(1, 3)
        tags = r.sample(HASHTAGS, r.randint(0, 3))
        if tags:
            glue = "" if r.random() < 0.2 else " "  # a lost line break glues the tag to the word
            text += glue + " ".join("#" + t for t in tags)
        if r.random() < 0.3:
            text += " pic.twitter.com/" + "".join(
                r.choices("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789", k=10)
            )
        return text

    def new_post(self, day: dt.date) -> Post:
        r = self.rng
        posted = day - dt.timedelta(days=r.randint(0, 3))
        moment = dt.datetime(posted.year, posted.month, posted.day, tzinfo=dt.UTC) + dt.timedelta(
            seconds=r.randint(0, 86399)
        )
        ms = int(moment.timestamp() * 1000) - TWITTER_EPOCH_MS
        status_id = (ms << 22) + r.getrandbits(22)
        post = Post(self.post_text(), self.display_name(), self.handle(), posted, status_id)
        self.pool.append(post)
        return post

    def pick_post(self, day: dt.date) -> Post:
        if self.pool and self.rng.random() < REUSE_SHARE:
            return self.rng.choice(self.pool[-5000:])
        return self.new_post(day)

    # -- text formats -------------------------------------------------------------------
    def date_text(self, day: dt.date) -> str:
        month = MONTHS[day.month - 1] if self.rng.random() < 0.8 else ABBREVIATED[day.month - 1]
        return f"{month} {day.day}, {day.year}"

    def attribution(self, post: Post) -> str:
        r = self.rng
        dash = r.choice(DASHES)
        date = "" if r.random() < 0.02 else " " + self.date_text(post.date)
        return f"{dash} {post.name} (@{post.handle}){date}"

    def text_embed(self, post: Post) -> str:
        self.distinct.add((post.handle, post.date.isoformat(), post.text))
        self.tally.embeds += 1
        if self.rng.random() < 0.5:
            return f"{post.text} {self.attribution(post)}"
        return f"{post.text}\n\n{self.attribution(post)}"

    def quote(self, post: Post) -> str:
        author, verb = self.rng.choice(QUOTE_AUTHORS)
        text = post.text.rstrip(".!")
        self.tally.quotes += 1
        self.distinct.add(("", author, text))
        if self.rng.random() < 0.5:
            return f'"{text}," {author} {verb}.'
        return f"“{text},” {author} {verb}."

    def prose(self, chars: int) -> list[str]:
        r = self.rng
        paragraphs: list[str] = []
        size = 0
        while size < chars:
            sentences = [r.choice(PROSE) for _ in range(r.randint(2, 5))]
            if r.random() < 0.25:
                sentences.append(r.choice(SPEECH))
            paragraph = " ".join(sentences)
            paragraphs.append(paragraph)
            size += len(paragraph) + 2
        return paragraphs

    def blocks(self, day: dt.date) -> list[str]:
        """The article body: prose with 0-10 reactions spread through it (runs of posts included)."""
        r = self.rng
        length = int(min(20000, max(800, r.lognormvariate(math.log(3500), 0.5))))
        body = self.prose(length)
        left = 0 if self.embed_free else r.randint(0, 10)
        while left > 0:
            at = r.randint(1, len(body))
            if r.random() < 0.1:
                body.insert(at, self.quote(self.pick_post(day)))
                left -= 1
                continue
            run: list[str] = []
            for _ in range(min(left, r.choice((1, 1, 1, 2, 3)))):  # several posts in a row
                if r.random() < EDITORIAL_SHARE:
                    run.append(r.choice(EDITORIAL))
                run.append(self.text_embed(self.pick_post(day)))
                left -= 1
            body[at:at] = run
        return body

    # -- articles -----------------------------------------------------------------------
    def day(self) -> dt.date:
        offset = self.rng.randint(0, self.years * 365)
        if self.bursts and self.burst_rng.random() < BURST_SHARE:
            offset = self.burst_rng.choice(self.bursts) + self.burst_rng.randint(0, BURST_DAYS - 1)
        return dt.date(2019, 1, 1) + dt.timedelta(days=offset)

    def text_article(self) -> str:
        r = self.rng
        day = self.day()
        title = " ".join(r.choice(PROSE).split()[:9]).rstrip(",.")
        header = f" date {day.isoformat()} " if r.random() < 0.8 else ""
        text = header + title + "\n\n" + "\n\n".join(self.blocks(day)) + "\n"
        if r.random() < 0.05:
            text = text.replace("\n", "\r\n")
        return text

    def html_embed(self, post: Post) -> str:
        self.distinct.add((post.handle, post.date.isoformat(), post.text))
        self.tally.embeds += 1
        words = []
        for word in post.text.split(" "):
            if word.startswith("#"):
                tag = word[1:]
                words.append(f'<a href="https://twitter.com/hashtag/{tag}?src=hash&amp;ref_src=twsrc%5Etfw">#{tag}</a>')
            elif word.startswith("pic.twitter.com/"):
                words.append(f'<a href="https://t.co/{word[-10:]}">{word}</a>')
            else:
                words.append(html.escape(word, quote=False))
        host = self.rng.choice(("twitter.com", "x.com", "mobile.twitter.com"))
        link = f"https://{host}/{post.handle}/status/{post.status_id}?ref_src=twsrc%5Etfw"
        return (
            '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">' + " ".join(words) + "</p>&mdash; "
            f"{html.escape(post.name)} (@{post.handle}) "
            f'<a href="{link}">{self.date_text(post.date)}</a></blockquote>\n'
            '<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>'
        )

    def html_article(self) -> str:
        r = self.rng
        day = self.day()
        title = html.escape(" ".join(r.choice(PROSE).split()[:9]).rstrip(",."))
        paragraphs = [f"<p>{html.escape(p)}</p>" for p in self.prose(int(r.lognormvariate(math.log(3000), 0.5)))]
        for _ in range(r.randint(0, 10)):
            paragraphs.insert(r.randint(1, len(paragraphs)), self.html_embed(self.pick_post(day)))
        stamp = f"{day.isoformat()}T{r.randint(6, 22):02d}:{r.randint(0, 59):02d}:00Z"
        return (
            f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>\n'
            f'<meta property="article:published_time" content="{stamp}"></head>\n'
            f"<body><nav><a href='/'>Home</a></nav><article><h1>{title}</h1>\n"
            + "\n".join(paragraphs)
            + "\n</article><footer>Follow us on Twitter</footer></body></html>\n"
        )

    def article(self) -> tuple[str, str]:
        """One article as ``(suffix, text)``."""
        if not self.embed_free and self.rng.random() < self.html_share:
            self.tally.html_articles += 1
            return ".html", self.html_article()
        return ".txt", self.text_article()


def generate(
    out: Path,
    articles: int,
    *,
    seed: int = 7,
    html_share: float = 0.1,
    embed_free: bool = False,
    years: int = 5,
    bursts: int = 0,
) -> dict[str, int]:
    """Write ``articles`` files under ``out`` (1000 per sub-folder) and a manifest; return the manifest.

    ``embed_free``: plain-text news prose only (quoted speech, no embedded or quoted post), as most of a
    real corpus is.  The articles are dated over ``years`` years from 2019-01-01; with ``bursts``, that many weeks
    (at random) each get a share of :data:`BURST_SHARE` / ``bursts`` of the articles, on top of the even spread:
    known spikes."""
    gen = Generator(seed, html_share, embed_free=embed_free, years=years, bursts=bursts)
    for number in range(articles):
        suffix, text = gen.article()
        data = text.encode("utf-8")
        folder = out / f"{number // 1000:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{number:07d}{suffix}").write_bytes(data)
        gen.tally.articles += 1
        gen.tally.bytes += len(data)
    manifest = {
        "seed": seed,
        "articles": gen.tally.articles,
        "html_articles": gen.tally.html_articles,
        "bytes": gen.tally.bytes,
        "embeds": gen.tally.embeds,
        "quotes": gen.tally.quotes,
        "distinct_posts": len(gen.distinct),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the corpus into")
    parser.add_argument("--articles", type=int, default=1000, help="how many articles (default 1000)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    parser.add_argument("--html-share", type=float, default=0.1, help="share of HTML pages (default 0.1)")
    parser.add_argument(
        "--embed-free", action="store_true", help="plain-text prose with quoted speech only, no posts (no HTML)"
    )
    parser.add_argument("--years", type=int, default=5, help="years the articles' dates span (default 5)")
    parser.add_argument("--bursts", type=int, default=0,
                        help=f"weeks that get {BURST_SHARE:.0%} of the articles between them: spikes (default 0)")
    args = parser.parse_args(argv)
    manifest = generate(args.out, args.articles, seed=args.seed, html_share=args.html_share, embed_free=args.embed_free,
                        years=max(1, args.years), bursts=max(0, args.bursts))  # fmt: skip
    print(json.dumps(manifest), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
