"""reactions.outlets: every URL form a dataset holds gives its outlet, or none rather than a wrong one."""

from __future__ import annotations

import pytest

from reactions.outlets import ARCHIVES, original_url, outlet_of


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
