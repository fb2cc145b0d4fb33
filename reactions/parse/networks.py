"""What prose calls each social network and its posts: one table, from which the quote finder's patterns, the
platform a quotation is given and the cue words of the quote finder's silent lines are all built.

A network added here is looked for everywhere a quotation is judged (``…she wrote on Bluesky``, ``…took to
Mastodon:``) with no other edit, through the prefilter (:mod:`reactions.parse.prefilter`) too;
``tests/test_networks.py`` checks both for every row.

>>> [network.platform.value for network in NETWORKS][:3]
['twitter', 'instagram', 'facebook']
>>> names_pattern(PLACES)
'Twitter|X|Instagram|Facebook|TikTok|Threads|Bluesky|Mastodon|YouTube|Snapchat|Reddit'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from reactions.models import Platform

__all__ = [
    "CJK_POSTING", "NAMED", "NETWORKS", "PLACES", "Network", "cjk_words", "names_pattern", "platform_words",
    "prose_words",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Network:
    """One network as prose names it."""

    platform: Platform
    """The platform its posts are given (``unknown`` for a network whose posts the parser does not read)."""
    names: tuple[str, ...]
    """How prose writes its name, as capitalised (``Twitter``, ``X``); the first one is the one found alone in a
    sentence to tell a quotation's platform (a bare ``X`` would be any letter)."""
    post_words: tuple[str, ...] = ()
    """Lower-case words for its posts and for posting on it (``tweet``, ``tweeted``), which name it too."""
    named_in_passing: bool = True
    """Whether its first name alone in the sentence or paragraph of a quotation gives the quotation its platform."""
    cjk: tuple[str, ...] = ()
    """How Japanese and Chinese prose name it and its posts (``ツイート``, ``推特``), read around a ``「…」``
    quotation by :mod:`reactions.parse.corner_quotes` (with its Latin names)."""


NETWORKS: Final = (
    Network(Platform.TWITTER, ("Twitter", "X"), ("tweet",),
            cjk=("ツイッター", "ツイート", "推特", "推文", "发推", "發推")),
    Network(Platform.INSTAGRAM, ("Instagram", "Insta"), cjk=("インスタグラム", "インスタ")),
    Network(Platform.FACEBOOK, ("Facebook",), cjk=("フェイスブック", "フェースブック", "脸书", "臉書")),
    Network(Platform.TIKTOK, ("TikTok",), cjk=("ティックトック",)),
    Network(Platform.THREADS, ("Threads",)),
    Network(Platform.BLUESKY, ("Bluesky",)),
    Network(Platform.MASTODON, ("Mastodon",)),
    Network(Platform.YOUTUBE, ("YouTube",), cjk=("ユーチューブ",)),
    Network(Platform.SNAPCHAT, ("Snapchat",)),
    Network(Platform.REDDIT, ("Reddit",)),
)
"""Every network prose names, in the order a sentence naming two is given the first."""
PROSE_ONLY: Final = frozenset({Platform.SNAPCHAT, Platform.REDDIT})
"""Networks whose posts the parser reads only as prose quotes them (``…," she said in a Snapchat video``): it reads
no embed of theirs (:data:`reactions.parse.platforms.EXTRACTORS` has none)."""
CJK_POSTING: Final = ("投稿", "つぶや", "ポスト", "发文", "發文", "贴文", "貼文", "发帖", "發帖")
"""Japanese and Chinese words for posting that name no network: a ``「…」`` quotation's cue only when its
sentence names one (``新聞に投稿`` is a letter to a paper)."""

PLACES: Final = tuple(name for network in NETWORKS for name in network.names if name != "Insta")
"""The names a post is placed on (``on Twitter``, ``took to Instagram``)."""
NAMED: Final = tuple(name for name in PLACES if len(name) > 1)
"""The names that say a network wherever they stand (``X`` does only as a place: ``on X``)."""


def names_pattern(names: tuple[str, ...]) -> str:
    """``names`` as a regex alternation (they hold no metacharacter)."""
    return "|".join(names)


def platform_words() -> tuple[tuple[str, Platform], ...]:
    """The lower-case words that give a quotation its platform when its sentence or paragraph holds one, in order
    of preference: each network's first name, its post words, its other names (but a bare ``x``) with a space
    after them (``insta ``)."""
    return tuple(
        (word, network.platform)
        for network in NETWORKS
        if network.named_in_passing
        for word in (network.names[0].lower(), *network.post_words,
                     *(f"{name.lower()} " for name in network.names[1:] if len(name) > 1))
    )  # fmt: skip


def cjk_words() -> tuple[tuple[str, Platform], ...]:
    """The words (as written) that name a network or its posts around a ``「…」`` quotation, each with the
    platform it gives, longest first: each network's Japanese and Chinese words and its Latin names but ``X``."""
    words = {(word, network.platform) for network in NETWORKS for word in (*network.cjk, *network.names)
             if len(word) > 1}  # fmt: skip
    return tuple(sorted(words, key=lambda pair: (-len(pair[0]), pair[0])))


def prose_words() -> frozenset[bytes]:
    """Every word (lower case, as :func:`reactions.parse.sentences.words_of` gives them) by which prose names a
    network or its posts: the quote finder's silent lines must not mute a line that holds one."""
    words = {name.lower() for network in NETWORKS for name in network.names}
    words |= {word for network in NETWORKS for word in network.post_words}
    return frozenset(word.encode() for word in words)
