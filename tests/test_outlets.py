"""reactions.outlets: every URL form a dataset holds gives its outlet, or none rather than a wrong one."""

from __future__ import annotations

import functools
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.outlets import ARCHIVES, original_url, outlet_of, registered_domain


@pytest.mark.parametrize(("url", "outlet"), [
    ("https://www.bbc.co.uk/news/world-51312345", "bbc.co.uk"),
    ("HTTP://Edition.CNN.com:80/2020/x.html", "cnn.com"),
    # no scheme: FakeNewsNet's usual form
    ("www.newidea.com.au/miley-cyrus-and-liam-hemsworths-engagement-is-off-again", "newidea.com.au"),
    ("ew.com/news/2017/08/08/glen-campbell/", "ew.com"),
    ("radaronline.com", "radaronline.com"),
    ("  www.eonline.com/news/908895/x  ", "eonline.com"),
    ("//people.com/bodies/x/", "people.com"),
    # archives and caches: the original's outlet
    ("https://web.archive.org/web/20171107225820/https://www.forbes.com/sites/maddieberg/x/", "forbes.com"),
    ("https://web.archive.org/web/20171004185422/http://www.hyperactivz.com:80/x", "hyperactivz.com"),
    ("https://web.archive.org/web/2017id_/http:/www.msn.com/en-us/x", "msn.com"),
    ("http://web.archive.org/web/20160101000000*/www.theguardian.com/uk", "theguardian.com"),
    ("https://archive.ph/2020.01.01-000000/https://www.nytimes.com/2020/x.html", "nytimes.com"),
    ("https://archive.is/newest/https://www.usatoday.com/story/x/", "usatoday.com"),
    ("https://archive.today/o/Ab12/https://www.foxnews.com/x", "foxnews.com"),
    ("https://webcache.googleusercontent.com/search?q=cache:AbC_12:https://www.vox.com/x+&cd=1&hl=en",
     "vox.com"),
    ("https://webcache.googleusercontent.com/search?q=cache:www.vox.com/x", "vox.com"),
    ("https://web.archive.org/web/2018/https%3A%2F%2Fwww.time.com%2Fx", "time.com"),
    # AMP
    ("https://amp.theguardian.com/world/2020/x", "theguardian.com"),
    ("https://www.billboard.com/amp/articles/x", "billboard.com"),
    ("https://www-bbc-com.cdn.ampproject.org/c/s/www.bbc.com/news/amp/x", "bbc.com"),
    ("https://www-nme-com.cdn.ampproject.org/c/www.nme.com/news/x", "nme.com"),
    ("https://www.google.com/amp/s/www.usmagazine.com/x/amp/", "usmagazine.com"),
    ("https://web.archive.org/web/2019/https://www-x-com.cdn.ampproject.org/c/s/www.cnbc.com/x", "cnbc.com"),
    # nothing rather than something wrong
    ("http://archive.is/DQqCx", None),
    ("http://archive.li/uv1ci", None),
    ("https://web.archive.org/web/2017/", None),
    ("https://archive.org/details/WRC_20170607_The_Tonight_Show", None),
    ("news/2017/08/08/glen-campbell.html", None),
    ("/celebrity-news/x", None),
    ("not a url", None),
    ("Click here", None),
    ("fan@example.com", None),
    ("mailto:fan@example.com", None),
    ("ftp://files.example.com/x", None),
    ("javascript:void(0)", None),
    ("http://192.168.0.1/x", None),
    ("http://localhost:8000/x", None),
    ("", None),
    (None, None),
    ("N/A", None),
    ("www", None),
])  # fmt: skip
def test_outlet_of(url: str | None, outlet: str | None) -> None:
    assert outlet_of(url) == outlet


def test_no_archive_is_ever_an_outlet() -> None:
    for domain in sorted(ARCHIVES):
        assert outlet_of(f"https://{domain}/x") is None
        assert outlet_of(f"https://web.{domain}/web/2017/https://www.forbes.com/x") == "forbes.com"


def test_original_url_is_linear_and_bounded() -> None:
    nested = "https://web.archive.org/web/1/" * 2000 + "https://www.forbes.com/x"
    assert original_url(nested) is not None  # a few wrappers deep, then it stops
    assert outlet_of("www." + "a" * 100_000 + ".com/x") == "a" * 100_000 + ".com"


@functools.cache
def _same_list() -> tuple[Any, Any]:
    """tldextract (what outlets used before issue 19) and publicsuffixlist, both on tldextract's bundled list."""
    import tldextract
    from publicsuffixlist import PublicSuffixList

    snapshot = resources.files("tldextract").joinpath(".tld_set_snapshot").read_text(encoding="utf-8")
    extract = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=False)
    return extract, PublicSuffixList(snapshot, accept_unknown=False, only_icann=True, accept_encoded_idn=False)


def _theirs(host: str) -> str | None:
    """tldextract's answer, but for the parent of a wildcard rule (``kobe.jp`` of ``*.kobe.jp``), which
    publicsuffixlist holds public, as the list's own linter does (publicsuffix/list issue 1989): no outlet."""
    if host in _wildcard_parents():
        return None
    return _same_list()[0](host).top_domain_under_public_suffix.lower() or None


@functools.cache
def _wildcard_parents() -> frozenset[str]:
    return frozenset(rule[2:] for rule in _icann_rules() if rule.startswith("*."))


@functools.cache
def _icann_rules() -> tuple[str, ...]:
    snapshot = resources.files("tldextract").joinpath(".tld_set_snapshot").read_text(encoding="utf-8")
    icann = snapshot.split("===BEGIN ICANN DOMAINS===")[1].split("===END ICANN DOMAINS===")[0]
    return tuple(line.split()[0] for line in icann.splitlines() if line.strip() and not line.startswith("//"))


def _rule_hosts() -> list[str]:
    """Every ICANN rule of the list as a host, and with one and two labels before it, in Unicode and punycode."""
    hosts = [*_wildcard_parents()]
    for rule in _icann_rules():
        base = rule.lstrip("!").replace("*", "w")
        for host in (base, "x." + base, "y.x." + base):
            hosts.append(host)
            if not host.isascii():
                hosts.append(host.encode("idna").decode("ascii"))
    return hosts


def test_the_registered_domain_is_tldextracts_on_every_rule() -> None:
    """Issue 19: publicsuffixlist instead of tldextract (whose import brings requests): on the same list, the same
    registered domain for every ICANN rule (wildcards, exceptions, IDN in both forms), but for the parents of wildcard
    rules (``kobe.jp``, ``nom.br``, ``sch.uk``: :func:`_theirs`)."""
    psl = _same_list()[1]
    hosts = _rule_hosts()
    assert len(hosts) > 20_000
    assert [registered_domain(psl, h) for h in hosts] == [_theirs(h) for h in hosts]


@pytest.mark.parametrize("host", [
    "localhost", "x.invalid", "foo.unknowntld", "com", "co.uk",
    "user_name.github.io", "abc.blogspot.com", "xn--80ak6aa92e.com", "пример.рф", "a.пример.рф", "a.b", "1.2.3",
    "xn--", "a.xn--", "xn--zz.com", "a.xn--p1ai", "xn--e1afmkfd.xn--p1ai", "www.xn--e1afmkfd.xn--p1ai",
    "a.xn--85x722f.xn--j6w193g", "a.xn--Zz.xn--p1ai", "a.b.xn--kprw13d", "x.xn--mgbaam7a8h",
    "www.bbc.co.uk", "x.y.z.ck", "www.ck", "a.www.ck",
])  # fmt: skip
def test_the_registered_domain_is_tldextracts_on_edge_hosts(host: str) -> None:
    assert registered_domain(_same_list()[1], host) == _theirs(host)


LABELS = ["a", "b", "co", "uk", "com", "ck", "www", "jp", "kobe", "_", "xn--", "xn--p1ai", "рф", "xn--j6w193g",
          "xn--85x722f", "xn--55qx5d", "公司", "xn--e1afmkfd"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LABELS), min_size=1, max_size=6))
def test_the_registered_domain_is_tldextracts_on_any_labels(labels: list[str]) -> None:
    host = ".".join(labels).strip(".")
    assert registered_domain(_same_list()[1], host) == _theirs(host)


@pytest.mark.parametrize("host", ["a..b.com", "x..com", "a.b..c.com", "a..ck"])
def test_a_host_with_an_empty_label_has_no_registered_domain(host: str) -> None:
    """The list's own rule (empty labels are not permitted); tldextract read ``a..b.com`` as ``b.com``."""
    assert registered_domain(_same_list()[1], host) is None
    assert outlet_of(f"https://{host}/news/x") is None


def test_outlets_import_neither_tldextract_nor_requests() -> None:
    code = (
        "import sys; from reactions.outlets import outlet_of; "
        "assert outlet_of('https://www.bbc.co.uk/x') == 'bbc.co.uk'; "
        "print(sorted(m for m in ('tldextract', 'requests') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab.-_:[]@/?#\\Zé٣𝟘 x1%"), max_size=30))
def test_a_url_is_split_as_by_the_character_loops(url: str) -> None:
    """``_split`` finds a host's end with a pattern and checks an ASCII host as a set: the same as the loops over
    each character it replaced (issue 19: half the CPU of telling 11,239 articles' outlets)."""
    from reactions import outlets

    def host_end(rest: str) -> int:
        return next((i for i, ch in enumerate(rest) if ch in "/?#\\"), len(rest))

    def is_host(name: str) -> bool:
        return all(ch in outlets._HOST_CHARS or (ch.isalnum() and ord(ch) > 127) for ch in name)

    found = outlets._HOST_END.search(url)
    assert (found.start() if found else len(url)) == host_end(url)
    assert outlets._is_host(url.lower()) == is_host(url.lower())


def test_the_icann_section_read_here_is_the_list_publicsuffixlist_reads_itself() -> None:
    """The extractor is built from the ICANN section's rule lines (:func:`outlets.icann_rules`), which is faster than
    publicsuffixlist's ``only_icann`` over the whole file: the object it builds is the one its own reading builds."""
    from publicsuffixlist import PublicSuffixList

    from reactions import outlets

    assert outlets.icann_rules(outlets._bundled_list()) is not None  # the fast path is taken
    own = PublicSuffixList(accept_unknown=False, only_icann=True, accept_encoded_idn=False)
    assert vars(outlets._extractor()) == vars(own)


@pytest.mark.parametrize("text", [
    None,
    "com\nnet\n",  # no markers
    "// ===BEGIN ICANN DOMAINS===\ncom\n",  # no end
    "// ===END ICANN DOMAINS===\nx\n// ===BEGIN ICANN DOMAINS===\ncom\n",  # the wrong way round
    "// ===BEGIN ICANN DOMAINS===\ncom\n// ===END ICANN DOMAINS===\n// ===BEGIN ICANN DOMAINS===\nnet\n",  # twice
])  # fmt: skip
def test_a_list_whose_icann_section_is_not_plain_is_left_to_publicsuffixlist(text: str | None) -> None:
    from reactions.outlets import icann_rules

    assert icann_rules(text) is None
