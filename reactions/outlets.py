"""Which outlet published an article: the registered domain of its URL (``https://www.bbc.co.uk/news/x`` ->
``bbc.co.uk``), by the Public Suffix List that tldextract ships (its bundled snapshot: never fetched, never
cached to disk, so the answer does not depend on the network or on when it ran).

>>> outlet_of("https://www.bbc.co.uk/news/world-51312345")
'bbc.co.uk'
>>> outlet_of("http://edition.cnn.com/2020/02/01/x.html"), outlet_of("not a url"), outlet_of(None)
('cnn.com', None, None)
"""

from __future__ import annotations

import functools
import ipaddress
from typing import Any

_SCHEMES = ("http://", "https://")


@functools.cache
def _extractor() -> Any:
    import tldextract  # loaded on first use: importing reactions stays light

    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=False)


@functools.lru_cache(maxsize=65536)
def outlet_of(url: str | None) -> str | None:
    """The registered domain of an ``http(s)`` URL, lower case; ``None`` for anything else (no URL, another
    scheme, an IP address, a host with no public suffix such as ``localhost``)."""
    if not url or not url[:8].lower().startswith(_SCHEMES):
        return None
    host = url.split("//", 1)[1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0].rsplit("@", 1)[-1]
    host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if not host or _is_ip(host.strip("[]")):
        return None
    parts = _extractor()(host)
    domain: str = parts.top_domain_under_public_suffix
    return domain.lower() or None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
