"""Posts quoted in Portuguese prose: ``"…", escreveu Temer no Twitter``, ``Marina Silva, no Facebook: "…"``.

The quote finder's rules are written for English (``"…," she tweeted``); a Portuguese article says a post was made
with its own verbs and prepositions.  A quotation (``"…"`` or ``“…”``, :data:`MIN_WORDS` words or more: a quoted
term is no post) is a post when the words right around it name the network:

- after its closing mark, a verb of saying or posting and, in the same clause, the network after ``no``, ``pelo``
  or ``do`` or a profile (``", disse Temer no Twitter``, ``", escreveu a ex-presidente em seu perfil no Twitter``),
  or ``tuitou``, which names Twitter itself;
- before its opening mark, the lead-in of its sentence ending in a colon with the network named in its last
  :data:`LEAD_REACH` characters (``…já havia negado a informação pelo Twitter: "…"``).

The author is the name right after the verb (``disse Temer``), else the first full name of the lead-in (``o
jornalista Flávio Fachel``), else unknown.  Nothing in English prose matches (its verbs and prepositions are
Portuguese).  Linear: quotations are found with one pattern of a bounded length and every cue reads a bounded window.

>>> [(q.display_name, q.platform.value) for q in find_portuguese_posts(
...     'Ele reagiu. "Não podemos parar o País agora", disse Temer no Twitter.', "a.txt", [])]
[('Temer', 'twitter')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reactions.models import Kind, Platform, Reaction, Rendering
from reactions.parse.build import build_reaction, overlaps
from reactions.parse.folding import folded

__all__ = ["LEAD_REACH", "MIN_WORDS", "find_portuguese_posts"]

MIN_WORDS = 4
"""The fewest words a quotation of a post holds."""
LEAD_REACH = 60
"""How far before a lead-in's colon its network may be named (``…postou no Twitter a seguinte mensagem:``)."""

_QUOTATION_RE = re.compile(r"[\"“]([^\"“”\n]{1,1200})[\"”]")
_NETWORK = r"(?P<network>Twitter|Instagram|Facebook)"
_PROFILE = r"(?:perfil|conta|página)\s{1,3}(?:oficial\s{1,3})?(?:no|do)"
_WHERE = rf"\b(?:{_PROFILE}|através\s{{1,3}}do|no|pelo)\s{{1,3}}{_NETWORK}\b"
_VERBS = (
    r"escreveu|postou|publicou|tuitou|compartilhou|disse|afirmou|declarou|comentou|desabafou|comemorou|"
    r"atacou|criticou|ironizou|reagiu|completou|acrescentou|continuou|concluiu|finalizou"
)
_WORD = r"[A-ZÀ-Ý][a-zà-ÿ'-][A-Za-zà-ÿ'-]{0,29}"  # (``McCain``; not ``NOTA``, capitals throughout)
_NAME = rf"{_WORD}(?:\s{{1,3}}(?:d[aeo]s?\s{{1,3}})?{_WORD}){{0,3}}"
_AFTER_RE = re.compile(rf"\s{{0,3}},?\s{{0,3}}(?P<verb>{_VERBS})\b(?:\s{{1,3}}(?:(?:o|a)\s{{1,3}})?(?P<name>{_NAME}))?")
_CLAUSE_RE = re.compile(rf"[^.!?;\"“”\n]{{0,80}}?{_WHERE}", re.IGNORECASE)
_WHERE_RE = re.compile(_WHERE, re.IGNORECASE)
_FULL_NAME_RE = re.compile(rf"(?<![\w.]){_NAME}")
_SENTENCE_END_RE = re.compile(r"[.!?\n][\"”]?\s")
_LEAD_CHARS = 300
_OTHER_CLAUSE = (", que ", "depois de ", "após ", "antes de ")
"""Between the verb and the network: the network is another clause's (``afirmou Dilma, que conserva em sua conta
do Twitter …``, ``disse Trump na Casa Branca, depois de anunciar … no Twitter``), not where the words were posted."""
_OPENERS = frozenset({"Em", "Na", "No", "Nos", "Ao", "Pelo", "Pela", "Segundo", "Para", "Com", "Depois", "Ontem"})
_PUNCTUATION = frozenset(",;:)")
"""How a quotation starts that is the prose between two quotations (``"a", quando … "``), not a quotation."""
_LETTERS = "ãçõ"
"""Letters of which Portuguese prose holds one (``não``, ``ação``, ``põe``): a body with none is not read."""
_PLATFORMS = {"twitter": Platform.TWITTER, "instagram": Platform.INSTAGRAM, "facebook": Platform.FACEBOOK}


def find_portuguese_posts(body: str, source: str, taken: Sequence[tuple[int, int]]) -> list[Reaction]:
    """The quotations of ``body`` that its Portuguese prose says were posted (see the module), less those that
    overlap a span in ``taken`` (posts found already)."""
    if body.isascii() or not any(letter in body for letter in _LETTERS):
        return []  # (no Portuguese letter: an English article is read no further)
    if "tuitou" not in body and not (_network_near_preposition(body) and _WHERE_RE.search(body)):
        return []  # (no cue)
    found, taken = [], sorted(taken)
    for match in _QUOTATION_RE.finditer(body):
        words = match.group(1)
        if len(words.split()) < MIN_WORDS or words.lstrip()[:1] in _PUNCTUATION or overlaps(match.span(), taken):
            continue
        if (post := _after(body, match) or _before(body, match)) is not None:
            found.append(post)
    return [
        build_reaction(Kind.QUOTE, platform, match.group(1).strip(), source, span, rendering=Rendering.QUOTE,
                       confidence=0.8, display_name=name, author=name)
        for match, span, platform, name in found
    ]  # fmt: skip


def _network_near_preposition(body: str) -> bool:
    """Whether :data:`_WHERE_RE` may find a match in ``body``: one of its networks is named (in the :func:`folded`
    body, as ``re.IGNORECASE`` reads it; ``str.find``) with the pattern finding it in the :data:`_WHERE_REACH`
    characters before and the one after.  The pattern's alternation is tried at every character of a search of the
    whole body (~20 ns a character); most texts with Portuguese letters name no network, or none after a Portuguese
    preposition."""
    lowered = folded(body)
    for name in _NETWORK_NAMES:
        at = lowered.find(name)
        while at >= 0:
            end = at + len(name)
            if _WHERE_RE.search(body, max(0, at - _WHERE_REACH), end + 1):
                return True
            at = lowered.find(name, end)
    return False


_NETWORK_NAMES = ("twitter", "instagram", "facebook")
"""The networks of :data:`_NETWORK`, folded."""
_WHERE_REACH = 32
"""How far before its network a match of :data:`_WHERE_RE` starts at most (``página oficial no`` and the spaces after
each word: 24 characters)."""


def _after(body: str, match: re.Match[str]) -> tuple[re.Match[str], tuple[int, int], Platform, str | None] | None:
    """``"…", disse Temer no Twitter``: a verb right after the quotation and the network in its clause."""
    verb = _AFTER_RE.match(body, match.end())
    if verb is None:
        return None
    where = _CLAUSE_RE.match(body, verb.end("verb"))
    between = body[verb.end("verb") : where.start("network")] if where is not None else ""
    if where is not None and not any(opener in between for opener in _OTHER_CLAUSE):
        platform = _PLATFORMS[where.group("network").lower()]
        end = where.end()
    elif verb.group("verb") == "tuitou":
        platform, end = Platform.TWITTER, verb.end()
    else:
        return None
    name = verb.group("name")
    return match, (match.start(), end), platform, name if name not in _PLATFORM_NAMES else None


def _before(body: str, match: re.Match[str]) -> tuple[re.Match[str], tuple[int, int], Platform, str | None] | None:
    """``Marina Silva, no Facebook: "…"``: the sentence's lead-in ends in a colon and names the network."""
    window = max(0, match.start() - _LEAD_CHARS)
    lead = body[window : match.start()].rstrip()
    if not lead.endswith(":"):
        return None
    ends = list(_SENTENCE_END_RE.finditer(lead))
    start = window + (ends[-1].end() if ends else 0)
    lead = body[start : window + len(lead)]
    networks = list(_WHERE_RE.finditer(lead, max(0, len(lead) - LEAD_REACH)))
    if not networks:
        return None
    name = _lead_name(lead, networks[-1].start(), whole=bool(ends) or window == 0)
    return match, (start, match.end()), _PLATFORMS[networks[-1].group("network").lower()], name


def _lead_name(lead: str, network: int, *, whole: bool) -> str | None:
    """Who a lead-in (``whole``: from its sentence's start) names as the poster: a full name after ``por`` right
    before its colon (``um vídeo postado por Maria Victoria:``), else one opening the sentence (``Nancy Pelosi,
    membro da Câmara dos Representantes, afirmou pelo Twitter:``), else the last before the network (``…, o colega
    dele, Robson Paulo Fontes fez uma declaração … no Facebook``).  Full names only, none of a sentence's opening
    words, a network's name or a quoted title (``na novela "A Lei do Amor"``)."""
    names = [
        found
        for found in _FULL_NAME_RE.finditer(lead)
        if " " in found.group() and found.group().split()[0] not in _OPENERS
        and not set(found.group().split()) & _PLATFORM_NAMES
        and lead[found.end() : found.end() + 1] not in _MARKS and lead[found.start() - 1 : found.start()] not in _MARKS
    ]  # fmt: skip
    if names and names[-1].end() == len(lead) - 1 and lead[max(0, names[-1].start() - 4) : names[-1].start()] == "por ":
        return names[-1].group()
    if whole and names and names[0].start() <= _SUBJECT_REACH:
        return names[0].group()
    before = [found.group() for found in names if found.end() <= network]
    return before[-1] if before else None


_SUBJECT_REACH = 30
"""How far into its sentence a lead-in's subject may start (``O presidente americano Donald Trump …``)."""
_MARKS = frozenset({'"', "“", "”"})
_PLATFORM_NAMES = frozenset({"Twitter", "Instagram", "Facebook"})
