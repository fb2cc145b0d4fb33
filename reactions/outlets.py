"""Which outlet published an article: the registered domain of its URL (``https://www.bbc.co.uk/news/x`` ->
``bbc.co.uk``), by the ICANN section of the Public Suffix List that publicsuffixlist ships (its bundled copy: never
fetched, never cached to disk, so the answer does not depend on the network or on when it ran).

Every form a dataset holds is read: ``http(s)://``, ``//host``, no scheme at all (FakeNewsNet's usual
``www.eonline.com/news/…``); an archive's or a cache's copy is the original's outlet (the Wayback Machine,
archive.today, Google's cache, cachedview, an AMP cache or viewer), and a wrapper whose original is not inside
(``archive.is/DQqCx``) has none: the column says nothing rather than something wrong.  So does a string that is
not a URL (a path, words, an e-mail address, another scheme).

>>> outlet_of("https://www.bbc.co.uk/news/world-51312345")
'bbc.co.uk'
>>> outlet_of("http://edition.cnn.com/2020/02/01/x.html"), outlet_of("not a url"), outlet_of(None)
('cnn.com', None, None)
>>> outlet_of("www.newidea.com.au/miley-cyrus"), outlet_of("//ew.com/news/x"), outlet_of("news/2017/x.html")
('newidea.com.au', 'ew.com', None)
>>> outlet_of("https://web.archive.org/web/20171107225820/https://www.forbes.com/sites/x/")
'forbes.com'
>>> outlet_of("https://www-bbc-com.cdn.ampproject.org/c/s/www.bbc.com/news/amp/x"), outlet_of("http://archive.is/DQqCx")
('bbc.com', None)
"""

from __future__ import annotations

import functools
import ipaddress
import re
import urllib.parse
from typing import Any, Final

__all__ = ["ARCHIVES", "original_url", "outlet_of"]

_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}:")
_HTTP: Final = re.compile(r"https?:/", re.IGNORECASE)
_HOST_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-_")
_HOST_END: Final = re.compile(r"[/?#\\]")
"""What ends a URL's host: its path, query or fragment (or a backslash, as browsers read one)."""
_MAX_WRAPS: Final = 4

ARCHIVES: Final = frozenset({
    "archive.org", "archive-it.org", "archive.today", "archive.is", "archive.ph", "archive.li", "archive.vn",
    "archive.fo", "archive.md", "webcitation.org", "googleusercontent.com", "cachedview.nl", "cachedview.com",
    "cachedpages.com", "mementoweb.org", "ghostarchive.org", "arquivo.pt", "bingj.com", "archive.ec",
    "webarchive.org.uk", "ampproject.org",
})  # fmt: skip
"""Registered domains of web archives, caches and AMP caches: never an outlet (the page they keep is)."""
_ARCHIVE_HOSTS: Final = frozenset({"webarchive.loc.gov", "webarchive.nationalarchives.gov.uk"})


@functools.cache
def _extractor() -> Any:
    """The Public Suffix List's ICANN section (private domains such as ``blogspot.com`` are not outlets' suffixes),
    loaded on first use (~0.006 CPU-s): publicsuffixlist, pure Python with no dependency, instead of tldextract,
    whose import brings requests (~0.045 CPU-s more for a list it would fetch from the network; we never do).
    Unknown top-level domains are not suffixes (``localhost``, ``x.invalid``: no outlet), as in tldextract.  The
    list's rules are kept as written only (not also punycoded, which is two thirds of its build): a punycoded
    host is decoded to match them (:func:`registered_domain`).  It is given the ICANN section's rule lines
    (:func:`icann_rules`), not the whole file with ``only_icann``: its loop then reads 7,000 lines, not 16,500
    (0.009 -> 0.0055 CPU-s), for the same list (``tests/test_outlets.py``)."""
    from publicsuffixlist import PublicSuffixList  # loaded on first use: importing reactions stays light

    rules = icann_rules(_bundled_list())
    if rules is None:
        return PublicSuffixList(accept_unknown=False, only_icann=True, accept_encoded_idn=False)
    return PublicSuffixList(rules, accept_unknown=False, accept_encoded_idn=False)


ICANN_BEGIN: Final = "// ===BEGIN ICANN DOMAINS==="
ICANN_END: Final = "// ===END ICANN DOMAINS==="


def _bundled_list() -> str | None:
    """The text of the list publicsuffixlist ships (``None`` if it no longer says where: it then reads it itself)."""
    import publicsuffixlist

    path = getattr(publicsuffixlist, "PSLFILE", None)
    if not isinstance(path, str):
        return None
    with open(path, "rb") as file:
        return file.read().decode("utf-8", "surrogateescape")  # (as it decodes each line)


def icann_rules(text: str | None) -> list[str] | None:
    """The rule lines of the list's one ICANN section (its comments and blank lines left out, which
    publicsuffixlist skips), or ``None`` when the markers are not each on a line of their own, once.

    >>> icann_rules("// x\\n// ===BEGIN ICANN DOMAINS===\\ncom\\n\\nco.uk\\n// ===END ICANN DOMAINS===\\nblog.com")
    ['com', 'co.uk']
    """
    lines = text.split("\n") if text is not None else []
    if lines.count(ICANN_BEGIN) != 1 or lines.count(ICANN_END) != 1:
        return None
    begin, end = lines.index(ICANN_BEGIN), lines.index(ICANN_END)
    return [line for line in lines[begin + 1 : end] if line and not line.startswith("//")] if begin < end else None


@functools.lru_cache(maxsize=65536)
def outlet_of(url: str | None) -> str | None:
    """The registered domain of the page ``url`` shows, lower case (an archive's copy: the original's);
    ``None`` when there is none to tell (no URL, not a web address, an IP address, a host with no public
    suffix such as ``localhost``, an archive's copy whose original is not in its URL)."""
    split = _unwrapped_split(url)[1]
    domain = _registered(split[0]) if split else None
    return None if domain is None or domain in ARCHIVES else domain


def original_url(url: str | None) -> str | None:
    """``url`` with its archive, cache and AMP wrappers taken off (up to a few deep); ``None`` when a wrapper
    does not hold the original.

    >>> original_url("https://webcache.googleusercontent.com/search?q=cache:Ab1:https://x.com/a+&cd=1")
    'https://x.com/a'
    >>> original_url("https://www.google.com/amp/s/www.x.com/amp/a")
    'https://www.x.com/amp/a'
    """
    return _unwrapped_split(url)[0]


def _unwrapped_split(url: str | None) -> tuple[str | None, tuple[str, str] | None]:
    """:func:`original_url` and its :func:`_split` (each URL split once)."""
    current = url.strip() if url else None
    for _ in range(_MAX_WRAPS):
        split = _split(current) if current else None
        if split is None:
            return current, None
        wrapped, inner = _unwrapped(*split)
        if not wrapped:
            return current, split
        current = inner
    return current, _split(current) if current else None


def _split(url: str) -> tuple[str, str] | None:
    """``url``'s host (lower case, no user or port) and what follows it; ``None`` for no web address."""
    head = url[:12].lower()
    if head.startswith(("http://", "https://")):
        rest, strict = url.split("//", 1)[1], False
    elif head.startswith(("http:/", "https:/")):  # an archive's inner URL, one slash lost
        rest, strict = url.split(":/", 1)[1], False
    elif url.startswith("//"):
        rest, strict = url[2:], False
    elif (scheme := _SCHEME.match(url)) and not url[scheme.end():scheme.end() + 1].isdigit():
        return None  # mailto:, ftp:, javascript: ...
    else:
        rest, strict = url, True
    found = _HOST_END.search(rest)
    end = found.start() if found is not None else len(rest)
    host, tail = rest[:end], rest[end:]
    if strict and ("@" in host or "." not in host):
        return None
    host = host.rsplit("@", 1)[-1]
    host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    host = host.lower().strip(".")
    return (host, tail) if host and _is_host(host.strip("[]:")) else None


def _is_host(name: str) -> bool:
    """Whether ``name`` holds only what a host name may: ASCII letters, digits, ``.-_``, and non-ASCII letters and
    digits (an ASCII name is checked as a set, in C)."""
    if name.isascii():
        return _HOST_CHARS.issuperset(name)
    return all(ch in _HOST_CHARS or (ch.isalnum() and ord(ch) > 127) for ch in name)


def _unwrapped(host: str, tail: str) -> tuple[bool, str | None]:
    """Whether the page at ``host`` + ``tail`` is an archive's, a cache's or an AMP viewer's, and the URL it
    keeps (``None``: not inside it)."""
    if host.endswith(".cdn.ampproject.org") or host == "cdn.ampproject.org":
        return True, _amp_cache(tail)
    domain = _registered(host)
    if domain is not None and domain.startswith("google.") and tail.startswith("/amp/"):
        return True, _amp_cache("/c" + tail[4:]) if tail.startswith("/amp/s/") else ("http://" + tail[5:])
    if domain in ARCHIVES or host in _ARCHIVE_HOSTS:
        return True, _inner(tail)
    return False, None


def _amp_cache(tail: str) -> str | None:
    """``/c/s/host/path`` (https), ``/c/host/path``, ``/v/s/…``, ``/i/s/…`` -> the page's URL."""
    parts = tail.lstrip("/").split("/", 2)
    if len(parts) == 3 and len(parts[0]) == 1 and parts[1] == "s":
        return "https://" + parts[2]
    if len(parts) >= 2 and len(parts[0]) == 1:
        return "http://" + "/".join(parts[1:])
    return None


def _inner(tail: str) -> str | None:
    """The original URL inside an archive's path or query (``/web/2017…/https://…``, ``?q=cache:ID:https://…``,
    ``/newest/www.x.com/…``); ``None`` when there is none (a short link such as ``archive.is/DQqCx``)."""
    text = urllib.parse.unquote(tail) if "%3a" in tail.lower() else tail
    found = _HTTP.search(text)
    if found is not None:
        return _trimmed(text[found.start():])
    for segment_end in _segment_ends(text):  # a scheme-less original after a timestamp or a word
        candidate = text[segment_end + 1:]
        split = _split(candidate) if candidate else None
        if split is not None and _registered(split[0]) not in (None, *ARCHIVES):
            return _trimmed(candidate)
    return None


def _segment_ends(text: str) -> list[int]:
    """Where each of the first few path segments (or ``cache:`` fields) of ``text`` ends."""
    ends = [i for i, ch in enumerate(text[:200]) if ch in "/:"]
    return ends[:6]


def _trimmed(url: str) -> str:
    """An inner URL without what the wrapper added after it (Google's cache: ``+&cd=1…``)."""
    for stop in ("+&", "&cd=", "&hl="):
        url = url.split(stop, 1)[0]
    return url


@functools.lru_cache(maxsize=65536)
def _registered(host: str) -> str | None:
    """``host``'s registered domain (kept by host: a corpus's articles come from a few outlets' hosts, and each
    article's URL is split twice, its own and once unwrapped)."""
    return None if _is_ip(host.strip("[]")) else registered_domain(_extractor(), host)


def registered_domain(suffixes: Any, host: str) -> str | None:
    """``host``'s registered domain by ``suffixes`` (a ``PublicSuffixList``): its public suffix and one label more,
    ``None`` when it has none, or when ``host`` is no host name (an empty label: ``a..b.com``).

    A punycoded label (``xn--p1ai``) is matched as the Unicode it encodes (``рф``) and given back as written.

    >>> from publicsuffixlist import PublicSuffixList
    >>> psl = PublicSuffixList(accept_unknown=False, only_icann=True, accept_encoded_idn=False)
    >>> registered_domain(psl, "news.bbc.co.uk"), registered_domain(psl, "co.uk"), registered_domain(psl, "a..b.com")
    ('bbc.co.uk', None, None)
    >>> registered_domain(psl, "www.xn--e1afmkfd.xn--p1ai"), registered_domain(psl, "www.пример.рф")
    ('xn--e1afmkfd.xn--p1ai', 'пример.рф')
    """
    if "xn--" not in host.lower():
        domain: str | None = suffixes.privatesuffix(host)
        return domain
    labels = host.lower().split(".")
    found = suffixes.privatesuffix(".".join(map(_unicode_label, labels)))
    return None if found is None else ".".join(labels[-(found.count(".") + 1) :])


def _unicode_label(label: str) -> str:
    """A punycoded label as the Unicode it encodes (``xn--p1ai`` -> ``рф``); any other label, or one that does
    not decode, as it is."""
    if not label.startswith("xn--"):
        return label
    try:
        return label.encode("ascii").decode("idna")
    except UnicodeError:
        return label


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
