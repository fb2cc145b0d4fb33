"""pages.json and the page table of SOURCES.md, from html/ and the label files."""

import collections
import hashlib
import json
import os
import re
import sys

REPOS = {
    "postlight": ("postlight/parser", "e8ba7ece291efa4d915d50dd4deeec17d54359f2", "fixtures/{}"),
    "goose3": (
        "goose3/goose3",
        "c5a8902eed0c4592a1ff5ec51a0277cf73a3aca7",
        "tests/data/authors/test_author_linked_data.html",
    ),
    "metascraper": (
        "microlinkhq/metascraper",
        "20423f52ef9b4a07d3b25e56e34d2756b3291250",
        "packages/metascraper/test/integration/learnnode/input.html",
    ),
    "graby": ("j0k3r/graby", "3e7695203c4c57dac2998780972450ced372b960", "tests/fixtures/content/{}"),
}


def main(root: str) -> None:
    with open(os.path.join(root, "expected_html.jsonl"), encoding="utf-8") as fh:
        html = [json.loads(line) for line in fh if line.strip()]
    with open(os.path.join(root, "expected_text.jsonl"), encoding="utf-8") as fh:
        text = [json.loads(line) for line in fh if line.strip()]
    pages, rows = [], []
    for name in sorted(os.listdir(os.path.join(root, "html"))):
        prefix, rest = name.split("__", 1)
        repo, commit, path = REPOS[prefix]
        with open(os.path.join(root, "html", name), "rb") as fh:
            sha = hashlib.sha1(fh.read()).hexdigest()
        embeds = collections.Counter(h["platform"] for h in html if h["file"] == name)
        page = {
            "page": name,
            "stem": name[:-5],
            "sha1": sha,
            "repo": repo,
            "commit": commit,
            "path": path.format(rest),
            "embeds": dict(embeds),
            "text_labels": sum(1 for t in text if t["page"] == name),
        }
        pages.append(page)
        shown = ", ".join(f"{k} {v}" for k, v in sorted(embeds.items())) or "none (negative page)"
        rows.append(
            f"| {page['stem']} | {repo} | {commit[:12]} | {page['path']} | {sha} | {shown} | {page['text_labels']} |"
        )
    with open(os.path.join(root, "pages.json"), "w", encoding="utf-8") as fh:
        json.dump(pages, fh, indent=1, ensure_ascii=False)
    path = os.path.join(root, "SOURCES.md")
    with open(path, encoding="utf-8") as fh:
        head = re.split(r"(?m)^\| file stem \|", fh.read())[0]
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(
            head
            + "| file stem | repository | commit | path | sha1 | embeds (oracle) | text labels |\n"
            + "|---|---|---|---|---|---|---|\n"
        )
        fh.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
