import os
import re
import sys

import html2text
import trafilatura


def decode(b):
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        m = re.search(rb'charset=["\']?([A-Za-z0-9_-]+)', b[:5000])
        if m:
            try:
                return b.decode(m.group(1).decode())
            except Exception:
                pass
        return b.decode("cp1252", errors="replace")


def main(src, out):
    for name in sorted(os.listdir(src)):
        if not name.endswith(".html"):
            continue
        stem = name[:-5]
        with open(os.path.join(src, name), "rb") as fh:
            html = decode(fh.read())
        r = {
            "trafilatura": trafilatura.extract(html, include_comments=False),
            "trafilatura_recall": trafilatura.extract(html, include_comments=False, favor_recall=True),
            "trafilatura_fmt_links": trafilatura.extract(
                html, include_comments=False, include_formatting=True, include_links=True
            ),
            "html2text_fullpage": html2text.HTML2Text().handle(html),
        }
        for k, v in r.items():
            os.makedirs(os.path.join(out, k), exist_ok=True)
            with open(os.path.join(out, k, stem + ".txt"), "w", encoding="utf-8") as f:
                f.write(v or "")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
