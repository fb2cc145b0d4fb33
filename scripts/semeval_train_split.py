"""Build a TweetEval-layout training folder from the SemEval 2013-2016 Task 4 subtask A tweets.

    python scripts/semeval_train_split.py SEMEVAL_DIR TWEETEVAL_SENTIMENT_DIR OUT_DIR

TweetEval's sentiment split (cardiffnlp/tweeteval ``datasets/sentiment``) is SemEval-2017 Task 4 subtask A:
its train and val splits are the 2013-2016 tweets, its test split the 2017 test set.  When TweetEval's own
``train_text.txt`` is not at hand, this script rebuilds a train split from the 2013-2016 subtask A files
(``twitter-20*-A.tsv``: ``id<TAB>label<TAB>text``, as in cbaziotis/datastories-semeval2017-task4
``dataset/Subtask_A/downloaded/``), and drops every tweet that is also in TweetEval's val or test split
(compared by letters and digits only, handles made ``@user``, links removed; by the whole text and by its first
40 characters).  ``OUT_DIR`` gets ``train_text.txt``/``train_labels.txt`` and TweetEval's ``val_*`` copied, so
``reactions train-sentiment OUT_DIR`` trains on it.  The 2017 test files are never read.
"""

from __future__ import annotations

import html
import re
import shutil
import sys
from pathlib import Path

LABELS = {"negative": 0, "neutral": 1, "positive": 2}
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_HANDLE = re.compile(r"@\w+")
_LINK = re.compile(r"https?://\S+")
_NOT_ALNUM = re.compile(r"[\W_]+")
PREFIX = 40


def clean(text: str) -> str:
    """The tweet as TweetEval writes it: escapes decoded, handles ``@user``, one line."""
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    text = html.unescape(text).strip().strip('"')
    return " ".join(_HANDLE.sub("@user", text).split())


def keys(text: str) -> tuple[str, str]:
    """The text's comparison keys: its letters and digits, whole and the first :data:`PREFIX`."""
    body = _NOT_ALNUM.sub("", _LINK.sub("", _HANDLE.sub("@user", html.unescape(text))).lower())
    return body, body[:PREFIX]


def main(argv: list[str]) -> int:
    semeval, tweeteval, out = map(Path, argv)
    held: set[str] = set()
    for split in ("val", "test"):
        for line in (tweeteval / f"{split}_text.txt").read_text(encoding="utf-8").splitlines():
            held.update(keys(line))
    out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    texts, labels, dropped = [], [], 0
    for path in sorted(semeval.glob("twitter-201[3-6]*-A.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) < 3 or parts[1] not in LABELS:
                continue
            text = clean(parts[2])
            whole, prefix = keys(text)
            if not whole or whole in seen:
                continue
            seen.add(whole)
            if whole in held or prefix in held:
                dropped += 1
                continue
            texts.append(text)
            labels.append(str(LABELS[parts[1]]))
    (out / "train_text.txt").write_text("\n".join(texts) + "\n", encoding="utf-8")
    (out / "train_labels.txt").write_text("\n".join(labels) + "\n", encoding="utf-8")
    for name in ("val_text.txt", "val_labels.txt"):
        shutil.copyfile(tweeteval / name, out / name)
    print(f"{len(texts)} training tweets written to {out}; {dropped} left out (in TweetEval val or test)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
