"""Oracle: the embeds of a page, read from its markup with lxml."""

import datetime
import json
import os
import re
import sys
from urllib.parse import parse_qs, urlparse

import lxml.html

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render import decode

MONTHS = {
    m: i + 1
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ]
    )
}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9


def parse_date(s):
    s = " ".join((s or "").split())
    m = re.search(r"([A-Za-z]+)\.? (\d{1,2}), (\d{4})", s)
    if m and m.group(1).lower() in MONTHS:
        return datetime.date(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2))).isoformat()
    m = re.search(r"(\d{4})年(\d{1,2})月(\d{1,2})日", s)
    if m:
        return datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
    m = re.search(r"(\d{1,2}) ([A-Za-z]+)\.? (\d{4})", s)
    if m and m.group(2).lower() in MONTHS:
        return datetime.date(int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1))).isoformat()
    return None


def render(el):
    """Text as a browser shows it: <br> = newline, whitespace runs = one space per line."""
    parts = []

    def walk(e):
        if e.tag == "br":
            parts.append("\n")
        elif isinstance(e.tag, str) and e.tag not in ("script", "style"):
            if e.text:
                parts.append(e.text)
            for c in e:
                walk(c)
                if c.tail:
                    parts.append(c.tail)

    walk(el)
    lines = "".join(parts).split("\n")
    return "\n".join(re.sub(r"[ \t\r\f]+", " ", line).strip(" ") for line in lines).strip(" \n")


ATTR = re.compile(r"^\s*(?:—|–|-|&mdash;)\s*(.*?)\s*\(@(\w+)\)")


def twitter(bq):
    ps = bq.findall(".//p")
    links = [a.get("href") or "" for a in bq.iter("a")]
    status = [h for h in links if re.search(r"/status(?:es)?/\d+", h)]
    url = status[-1] if status else None
    sid = re.search(r"/status(?:es)?/(\d+)", url).group(1) if url else None
    texts, attrib = [], None
    for p in ps:
        t = render(p)
        if ATTR.match(t) and any(re.search(r"/status(?:es)?/\d+", a.get("href") or "") for a in p.iter("a")):
            attrib = t
            continue
        if t:
            texts.append(t)
    if attrib is None:
        # attribution as loose text after the last <p>
        full = render(bq)
        tail = full[len("\n\n".join(texts)) :] if texts else full
        m = re.search(r"(?:—|–|&mdash;)\s*(.*?)\s*\(@(\w+)\)", tail)
        attrib = tail[m.start() :] if m else None
    name = handle = None
    if attrib:
        m = ATTR.match(attrib) or re.search(r"(?:—|–)\s*(.*?)\s*\(@(\w+)\)", attrib)
        if m:
            name, handle = m.group(1), m.group(2)
    date_text = None
    for a in bq.iter("a"):
        if re.search(r"/status(?:es)?/\d+", a.get("href") or ""):
            date_text = a.text_content().strip() or date_text
    text = "\n\n".join(texts)
    fmt = ["html", "blockquote"]
    d = {
        "platform": "twitter",
        "display_name": name,
        "handle": handle,
        "date": parse_date(date_text),
        "hashtags": [],
        "text": text,
        "media": re.findall(r"pic\.twitter\.com/\w+", text),
        "format": fmt,
        "status_id": sid,
        "url": url,
    }
    d["_date_text"] = date_text
    if not handle and url:
        d["handle"] = (
            re.search(r"twitter\.com/(\w+)/status", url).group(1)
            if re.search(r"twitter\.com/(\w+)/status", url)
            else None
        )
    if not text:
        fmt += ["text_missing"]
        if not ps:
            fmt += ["empty_blockquote"]
            if "may have been deleted" in bq.text_content():
                d["note"] = 'Mashable stub: the page holds only "Tweet may have been deleted" and the status link'
    elif "\n" in text:
        fmt += ["multi_line_text"]
    if not d["date"]:
        fmt += ["no_date"]
    d["hashtags"] = linked_hashtags(bq, text)
    return d


def linked_hashtags(el, text):
    """The hashtags the embed links (``<a href=".../hashtag/X">#X</a>``), glued or not; else those in the text."""
    tags = [a.text_content().strip().lstrip("#＃") for a in el.iter("a") if "/hashtag/" in (a.get("href") or "")]
    return [t for t in tags if t] or re.findall(r"(?<![\w&])#(\w+)", text)


def instagram(bq):
    links = [a.get("href") or "" for a in bq.iter("a")]
    posts = [h for h in links if re.search(r"instagram\.com/(?:p|reel|tv)/[\w-]+", h)]
    url = posts[0] if posts else None
    code = re.search(r"/(?:p|reel|tv)/([\w-]+)", url).group(1) if url else None
    caption, name, handle, date = "", None, None, None
    for p in bq.findall(".//p"):
        t = render(p)
        m = re.search(r"^(.*?) by (.*?) \(@([\w.]+)\)", t)
        if m and p.find(".//time") is not None:
            name, handle = m.group(2), m.group(3)
            dt = p.find(".//time").get("datetime")
            date = dt[:10] if dt else parse_date(p.find(".//time").text_content())
        elif p.find(".//a") is not None and t and "View this post" not in t:
            caption = t
    fmt = ["html", "instagram_blockquote"] + ([] if caption else ["text_missing"])
    return {
        "platform": "instagram",
        "display_name": name,
        "handle": handle,
        "date": date,
        "hashtags": re.findall(r"(?<![\w&])#(\w+)", caption),
        "text": caption,
        "media": [],
        "format": fmt,
        "status_id": code,
        "url": url,
    }


def facebook_frame(src):
    """A Facebook post plugin iframe (``facebook.com/plugins/post.php?href=…``): the post it shows, no text."""
    parts = urlparse(src)
    if not (parts.hostname or "").endswith("facebook.com") or not parts.path.startswith("/plugins/"):
        return None
    href = (parse_qs(parts.query).get("href") or [""])[0]
    target = urlparse(href)
    query = parse_qs(target.query)
    handle, post = None, None
    if target.path.startswith("/photo") and query.get("fbid"):
        post = query["fbid"][0]
    elif query.get("story_fbid"):
        post = query["story_fbid"][0]
    else:
        m = re.match(r"^/([\w.-]+)/(?:posts|videos|photos(?:/[\w.-]+)?)/([\w-]+)", target.path)
        if m:
            handle, post = m.group(1), m.group(2)
    if not post:
        return None
    return {
        "platform": "facebook",
        "display_name": None,
        "handle": handle,
        "date": None,
        "hashtags": [],
        "text": "",
        "media": [],
        "format": ["html", "fb_post", "text_missing"],
        "status_id": post,
        "url": href,
        "note": "Facebook post plugin iframe: the page holds only the post's URL",
    }


def oracle(path):
    with open(path, "rb") as fh:
        raw = fh.read()
    doc = lxml.html.fromstring(decode(raw))  # decoded as the renderings were (lxml alone may guess Latin-1)
    out = []
    for el in doc.iter():
        if not isinstance(el.tag, str):
            continue
        cls = el.get("class") or ""
        if el.tag == "blockquote" and "twitter-tweet" in cls.split():
            out.append(twitter(el))
        elif el.tag == "blockquote" and "instagram-media" in cls.split():
            out.append(instagram(el))
        elif el.tag == "iframe":
            src = el.get("src") or el.get("data-src") or ""
            m = re.search(r'platform\.twitter\.com/embed/Tweet\.html\?[^"]*\bid=(\d+)', src)
            if m:
                out.append(
                    {
                        "platform": "twitter",
                        "display_name": None,
                        "handle": None,
                        "date": None,
                        "hashtags": [],
                        "text": "",
                        "media": [],
                        "format": ["html", "rendered_iframe", "text_missing"],
                        "ambiguous": True,
                        "status_id": m.group(1),
                        "url": None,
                        "note": "tweet already rendered by widgets.js into an iframe; "
                        "the page holds neither text nor handle",
                    }
                )
            fb = facebook_frame(src)
            if fb:
                out.append(fb)
            m = re.search(r"youtube(?:-nocookie)?\.com/embed/([\w-]{11})", src)
            if m:
                out.append(
                    {
                        "platform": "youtube",
                        "display_name": None,
                        "handle": None,
                        "date": None,
                        "hashtags": [],
                        "text": "",
                        "media": [],
                        "format": ["html", "youtube_iframe"],
                        "status_id": m.group(1),
                        "url": src,
                    }
                )
    # one embed per status id
    seen, uniq = set(), []
    for d in out:
        k = (d["platform"], d["status_id"])
        if d["status_id"] and k in seen:
            continue
        seen.add(k)
        uniq.append(d)
    return uniq


if __name__ == "__main__":
    for p in sys.argv[1:]:
        for d in oracle(p):
            print(os.path.basename(p), json.dumps(d, ensure_ascii=False)[:300])
