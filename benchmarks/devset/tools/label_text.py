"""Text labels: every oracle embed that survives in a rendering, cut from the rendering."""

import json
import os
import re
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(__file__))
from oracle import oracle


def fold(c):
    s = unicodedata.normalize("NFKD", c)
    s = "".join(x for x in s if not unicodedata.combining(x)).lower()
    return "".join(x for x in s if x.isalnum())


SKIP = re.compile(
    r"\]\([^)\s]*\)|\\(?=[^\w\s]|_)|(?m:^[ \t]*>[ \t]?)|\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|\[|<(?=https?://)|(?<=[\w/])>"
)


def display(raw):
    """(display chars, original positions): Markdown syntax and quote prefixes taken away."""
    chars, pos = [], []
    i = 0
    for m in SKIP.finditer(raw):
        for j in range(i, m.start()):
            chars.append(raw[j])
            pos.append(j)
        i = m.end()
    for j in range(i, len(raw)):
        chars.append(raw[j])
        pos.append(j)
    return chars, pos


def keyed(chars):
    keys, idx = [], []
    for n, c in enumerate(chars):
        for k in fold(c):
            keys.append(k)
            idx.append(n)
    return "".join(keys), idx


def strip_md(t):
    t = re.sub(r"\[([^\]]*)\]\([^)\s]*\)", r"\1", t)
    t = re.sub(r"<(https?://[^>\s]+)>", r"\1", t)
    t = re.sub(r"\\([^\w\s]|_)", r"\1", t)
    t = t.replace("**", "")
    t = re.sub(r"(?m)^- ", "", t)
    return t


def cut(raw, o, hpos):
    chars, pos = display(raw)
    dkeys, didx = keyed(chars)
    okey = "".join(fold(c) for c in o["text"])
    if not okey:
        return None
    # occurrence ending nearest before the attribution
    best, start = None, 0
    while True:
        k = dkeys.find(okey, start)
        if k < 0:
            break
        end_orig = pos[didx[k + len(okey) - 1]]
        if end_orig < hpos:
            best = k
        start = k + 1
    if best is None:
        return None
    ds, de = didx[best], didx[best + len(okey) - 1] + 1
    t = o["text"]
    len(t) - len(t.lstrip())
    pre = 0
    while pre < len(t) and not fold(t[pre]):
        pre += 1
    suf = 0
    while suf < len(t) and not fold(t[len(t) - 1 - suf]):
        suf += 1

    def same(x, y):
        if x == y:
            return True
        quotes, dashes = set("\"'“”‘’«»„"), set("-–—")
        return (x in quotes and y in quotes) or (x in dashes and y in dashes)

    # the post's own punctuation and emoji at its ends, matched char by char (spaces skipped)
    k = ds
    for c in reversed(t[:pre].replace(" ", "")):
        j = k - 1
        while j >= 0 and chars[j] in " \t":
            j -= 1
        if j >= 0 and same(chars[j], c):
            k = j
        else:
            break
    ds = k
    k = de
    for c in t[len(t) - suf :].replace(" ", ""):
        j = k
        while j < len(chars) and chars[j] in " \t":
            j += 1
        if j < len(chars) and same(chars[j], c):
            k = j + 1
        else:
            break
    de = k
    a, b = pos[ds], pos[de - 1] + 1
    # take in link syntax the span opens or closes
    while a > 0 and raw[a - 1] in "[<\\":
        a -= 1
    if raw[a - 2 : a] == "**":
        a -= 2
    while True:
        m = re.match(r"\]\([^)\s]*\)|>|\*\*", raw[b:])
        if not m:
            break
        lt = raw.rfind("<", a, b)
        if m.group() == ">" and (lt < 0 or ">" in raw[lt:b]):
            break
        if m.group() == "**" and raw[a:b].count("**") % 2 == 0:
            break
        b += m.end()
    text = re.sub(r"(?m)^[ \t]*>[ \t]?", "", raw[a:b]).strip()
    return text, a, b


def norm_ws(s):
    return " ".join(s.split())


def label_rendering(relfile, extractor, page, raw, oracles):
    out = []
    md = extractor in ("html2text_fullpage", "trafilatura_fmt_links")
    flat, _fpos = display(raw)
    "".join(flat)
    for i, o in enumerate(oracles):
        h = o.get("handle")
        if not h or o["platform"] not in ("twitter", "instagram"):
            continue
        hm = list(re.finditer(r"\(@" + re.escape(h).replace("_", r"\\?_") + r"\)", raw, re.I))
        if not hm:
            continue
        fmt = [extractor, "markdown" if md else "plain"]
        d = {
            "file": relfile,
            "extractor": extractor,
            "page": page,
            "platform": o["platform"],
            "display_name": o["display_name"],
            "handle": h,
            "date": o["date"],
            "hashtags": o["hashtags"],
            "media": o["media"],
        }
        if o["text"]:
            got = None
            for m in hm:
                got = cut(raw, o, m.start())
                if got:
                    hpos = m.start()
                    break
            if not got:
                continue
            text, _a, _b = got
            d["text"] = text
            plain = strip_md(text)
            if md and plain != text:
                d["alt"] = {"text": plain}
                fmt.append("markdown_in_text")
            if "\n" in text:
                fmt.append("multi_line_text")
                if extractor.startswith("trafilatura"):
                    d["ambiguous"] = True
                    d["note"] = (
                        "the post has line breaks, and trafilatura writes the post's lines exactly as it "
                        "writes paragraphs: where the post starts cannot be seen from the layout; "
                        "text is the whole post (oracle)"
                    )
            if o["platform"] == "instagram":
                fmt.append("instagram_text")
        else:
            d["text"] = ""
            hpos = hm[0].start()
            fmt.append("text_missing")
        # display name as the rendering writes it
        after = raw[max(0, hpos - 200) : hpos]
        nm = re.search(r"(?:—|--|–|-|by)\s*((?:(?!—|--|\n\n).)*?)\s*$", after.replace("\n> ", " ").replace("\n", " "))
        if nm and o["display_name"] and nm.group(1) != o["display_name"]:
            cand = nm.group(1).strip("[ ")
            if fold_all(cand) == fold_all(o["display_name"]) and cand != o["display_name"]:
                d["display_name"] = cand
                fmt.append("accents_lost_in_name")
        # date shown after the handle?
        dt = o.get("_date_text")
        if o["date"] and o["platform"] == "twitter":
            tail = norm_ws(re.sub(r"(?m)^[ \t]*>[ \t]?", "", strip_md(raw[hpos : hpos + 400])))
            if not dt or norm_ws(dt) not in tail[:120]:
                d["date"] = None
                fmt.append("date_lost")
        if o["platform"] == "instagram" and o["date"]:
            tail = norm_ws(re.sub(r"(?m)^[ \t]*>[ \t]?", "", strip_md(raw[hpos : hpos + 400])))
            if not re.search(r"\bon\b", tail[:40]):
                d["date"] = None
                fmt.append("date_lost")
        sid = o.get("status_id")
        if sid and (f"/status/{sid}" in raw or f"/p/{sid}" in raw):
            d["status_id"] = sid
            d["url"] = o["url"]
            fmt.append("status_url")
        if o["text"] and extractor == "html2text_fullpage" and norm_ws(strip_md(d["text"])) != norm_ws(o["text"]):
            fmt.append("accents_lost")
        d["format"] = fmt
        d["oracle_idx"] = i
        out.append(d)
    return out


def fold_all(s):
    return "".join(fold(c) for c in s)


if __name__ == "__main__":
    root = sys.argv[1]
    html_dir = os.path.join(root, "html")
    ex_html, ex_text = [], []
    for name in sorted(os.listdir(html_dir)):
        if not name.endswith(".html"):
            continue
        stem = name[:-5]
        orc = oracle(os.path.join(html_dir, name))
        for o in orc:
            row = {"file": name, **{k: v for k, v in o.items() if not k.startswith("_")}}
            ex_html.append(row)
        for extractor in sorted(os.listdir(os.path.join(root, "texts"))):
            rel = f"texts/{extractor}/{stem}.txt"
            with open(os.path.join(root, rel), encoding="utf-8") as fh:
                raw = fh.read()
            ex_text += label_rendering(rel, extractor, name, raw, orc)
    with open(os.path.join(root, "expected_html.jsonl"), "w", encoding="utf-8") as f:
        for r in ex_html:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(root, "expected_text.jsonl"), "w", encoding="utf-8") as f:
        for r in ex_text:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(ex_html), "html labels", len(ex_text), "text labels")
