"""Posts quoted in Japanese and Chinese prose (``「…」``): a quotation only where the prose says it was posted."""

from __future__ import annotations

import subprocess
import sys

import pytest

from reactions.parse import parse_article
from reactions.parse.corner_quotes import find_corner_quotes
from reactions.parse.networks import NETWORKS, cjk_words
from reactions.parse.prefilter import parse_prefiltered


def quotes(text: str) -> list[tuple[str | None, str, str]]:
    return [(q.display_name, q.text, q.platform.value) for q in find_corner_quotes(text, "a.txt", [])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # the post's owner before の and the cue
            "先に紹介した高橋さんの友人のツイートにある「駅前のパン屋が今月で閉店するそうで寂しい」という声もある。",
            ("友人", "駅前のパン屋が今月で閉店するそうで寂しい", "twitter"),
        ),
        (  # the cue after the quotation
            "森田氏は「皆さん本当にありがとうございました、また会いましょう」とツイートした。",
            ("森田氏", "皆さん本当にありがとうございました、また会いましょう", "twitter"),
        ),
        (  # a generic word for posting, with the network named
            "俳優の小林健がインスタグラムで「撮影がやっと終わりました、お疲れさまでした」と投稿した。",
            ("俳優の小林健", "撮影がやっと終わりました、お疲れさまでした", "instagram"),
        ),
        (  # Chinese, the subject before 在
            "王小明在推特上写道：「今天的比赛真是太精彩了，谢谢大家」。",
            ("王小明", "今天的比赛真是太精彩了，谢谢大家", "twitter"),
        ),
        (  # 『…』 and a Latin network name
            "森田氏はFacebookで『新しい店を来月オープンします、ぜひ来てください』と発表した。",
            ("森田氏", "新しい店を来月オープンします、ぜひ来てください", "facebook"),
        ),
    ],
)
def test_a_bracketed_post_is_found(text: str, expected: tuple[str, str, str]) -> None:
    assert quotes(text) == [expected]
    assert [r.text for r in parse_article(text).reactions] == [expected[1]]
    assert parse_prefiltered(text, "a.txt") == parse_article(text, "a.txt")


@pytest.mark.parametrize(
    "text",
    [
        # speech, a letter to a paper, a short term in brackets
        "森田氏は「皆さん本当にありがとうございました、また会いましょう」と述べた。",
        "森田氏は新聞に「この町の未来について考えてほしいと思います」と投稿した。",
        "ツイッターで「炎上」した話題を森田氏は取り上げた。",
        # a time word is no author, and no author means no post
        "今日は「皆さん本当にありがとうございました、また会いましょう」とツイートした。",
        # the cue is far from the quotation
        "森田氏はツイッターをやめたが、翌日の会見で「皆さん本当にありがとうございました」と語った。",
    ],
)
def test_speech_and_terms_are_no_posts(text: str) -> None:
    assert quotes(text) == []


def test_every_network_of_the_table_is_a_cue() -> None:
    words = {word for word, _ in cjk_words()}
    for network in NETWORKS:
        assert set(network.cjk) <= words
        for word in network.cjk:
            text = f"森田氏は{word}で「皆さん本当にありがとうございました、また会いましょう」と投稿した。"
            assert [q.platform for q in find_corner_quotes(text, "a.txt", [])] == [network.platform]
            assert [r.text for r in parse_prefiltered(text, "a.txt").reactions] == [
                "皆さん本当にありがとうございました、また会いましょう"
            ]


def test_an_unclosed_or_multi_line_bracket_is_read_no_further() -> None:
    text = "森田氏はツイートで「皆さん本当に\nありがとう」と書いた。" + "「" * 5000 + "ツイート"
    assert quotes(text) == []



def test_the_patterns_are_compiled_on_the_first_quotation_judged_not_at_import() -> None:
    script = (
        "from reactions.corpus import parse_document\n"
        "from reactions.parse import corner_quotes\n"
        "parse_document('a.txt', 'Fans cheered \u2014 Fan (@fan) May 1, 2020. She said \u300chi\u300d.'.encode())\n"
        "print(corner_quotes._patterns.cache_info().currsize)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0"]  # a fresh process, no quotation judged: nothing compiled
    assert quotes("森田氏は「皆さん本当にありがとうございました、また会いましょう」とツイートした。") == [
        ("森田氏", "皆さん本当にありがとうございました、また会いましょう", "twitter")
    ]
