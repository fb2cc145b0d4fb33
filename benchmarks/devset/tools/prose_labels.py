"""articles/ (links to the trafilatura renderings) and expected.jsonl: their embeds and the posts quoted in prose.

The embed labels are the trafilatura rows of expected_text.jsonl; the quote labels below were read by eye, with the
rule of the shared dev set's README: a post's words quoted in prose with a posting verb or a platform named in the
sentence (platform: the one the sentence or its paragraph names, else unknown; author as the prose writes it).
"""

import json
import os
import sys

QUOTES = [
    (
        "postlight__deadline.com",
        "twitter",
        "Trump",
        "What do I know about branding, maybe nothing (but I did become President!)",
        "in a morning tweet",
    ),
    (
        "postlight__deadline.com",
        "twitter",
        "Trump",
        "No product has suffered like this one. But again, what the hell do I know?",
        "the rest of the same tweet; the sentence names Twitter",
    ),
    (
        "postlight__forward.com",
        "twitter",
        "Anna",
        "Fact: My notification noise on Slack is set to Hummus’, a notification only available to us. Of me, saying "
        "hummus.",
        "Anna tweeted …, adding, “…”",
    ),
    (
        "postlight__www.theatlantic.com",
        "twitter",
        "the Dallas police department",
        "Please help us find him!",
        "tweeted the photo … with the caption, “…”",
    ),
    (
        "postlight__www.aol.com",
        "unknown",
        "She",
        "These beautiful bears were made for us from Blake's uniforms.",
        "Elizabeth posted a picture … She writes, “…” (Facebook is named in the paragraph before)",
    ),
    (
        "postlight__www.aol.com",
        "facebook",
        "It",
        None,
        "another image Elizabeth Snyder posted to Facebook … It says, “…”",
    ),
    ("postlight__www.aol.com", "facebook", "She", None, "Elizabeth Snyder's Facebook post … She writes,“…”"),
    (
        "postlight__www.buzzfeed.com--splash",
        "facebook",
        "he",
        "Only at my school would I get an email reminding me to respect others’ opinions and beliefs, which I was "
        "already raised to do",
        "he wrote on Facebook; only the first segment",
    ),
    (
        "postlight__www.usmagazine.com",
        "unknown",
        "the American Horror Story actress",
        "At 30 Rockefeller center my charity the @btwfoundation also offers a place to send kind letters to people",
        "the actress wrote (Instagram is named in the paragraph before); only the first segment",
    ),
    (
        "postlight__www.usmagazine.com",
        "instagram",
        "she",
        "Taylor and I have always believed we are soulmates. Just like all couples we have ups and downs, and we have "
        "been taking a break",
        "she wrote on Instagram; only the first segment",
    ),
    (
        "postlight__takagi-hiromitsu.jp",
        "twitter",
        "弁護士の方",
        "鍵のかかってない家が多いらしいから、国が一軒ずつドアを開けて侵入してみます",
        "冒頭に引用した弁護士の方のツイートにある「…」 (the tweet embedded above, quoted again in prose)",
    ),
]


def _quoted_after(text: str, cue: str) -> str:
    """The words between the straight quotation marks that follow ``cue``."""
    start = text.index(cue) + len(cue)
    return text[start : text.index('"', start)]


def main(root: str) -> None:
    rows = []
    with open(os.path.join(root, "expected_text.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            label = json.loads(line)
            if label["extractor"] == "trafilatura":
                label["file"] = os.path.basename(label["file"])
                for key in ("extractor", "page", "oracle_idx", "status_id", "url"):
                    label.pop(key, None)
                rows.append(label)
    for stem, platform, author, text, note in QUOTES:
        with open(os.path.join(root, "articles", stem + ".txt"), encoding="utf-8") as fh:
            page = fh.read()
        if text is None:
            text = _quoted_after(page, 'It says, "' if author == "It" else 'She writes,"')
        assert text in page, (stem, text[:40])
        rows.append(
            {
                "file": stem + ".txt",
                "kind": "quote",
                "platform": platform,
                "display_name": author,
                "handle": None,
                "date": None,
                "hashtags": [],
                "text": text,
                "media": [],
                "format": ["quote_in_prose"],
                "note": note,
            }
        )
    order = {name: i for i, name in enumerate(sorted({r["file"] for r in rows}))}
    rows.sort(key=lambda r: order[r["file"]])
    with open(os.path.join(root, "expected.jsonl"), "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    print(len(rows), "labels,", len(QUOTES), "quotes")


if __name__ == "__main__":
    main(sys.argv[1])
