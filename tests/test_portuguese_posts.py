"""reactions.parse.portuguese_posts: posts quoted in Portuguese prose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse import portuguese_posts
from reactions.parse.article import parse_article
from reactions.parse.portuguese_posts import find_portuguese_posts


def _found(body: str) -> list[tuple[str, str | None, str]]:
    return [(q.platform.value, q.author, q.text) for q in find_portuguese_posts(body, "a.txt", [])]


@pytest.mark.parametrize(
    ("body", "platform", "author"),
    [
        ('Ela reagiu. "Não há ninguém acima da lei no país", escreveu Ana Prado no Twitter.', "twitter", "Ana Prado"),
        ('"Não há ninguém acima da lei no país", disse o senador em seu perfil no Facebook.', "facebook", None),
        ('"Não há ninguém acima da lei no país", tuitou Costa.', "twitter", "Costa"),
        ('"Não há ninguém acima da lei no país", afirmou Costa, também no Instagram.', "instagram", "Costa"),
        ("Ana Prado, deputada (XY-RJ), no Twitter: “Não há ninguém acima da lei no país”", "twitter", "Ana Prado"),
        ('O ator Rui Lemos respondeu pelo Facebook: "Não há ninguém acima da lei no país"', "facebook", "Rui Lemos"),
        (
            'A briga foi parar no Facebook num vídeo postado por Rui Lemos: "Não há ninguém acima da lei"',
            "facebook",
            "Rui Lemos",
        ),
        ('A atriz da novela "Dias de Sol" reagiu no Twitter: "Não há ninguém acima da lei no país"', "twitter", None),
    ],
)
def test_a_quotation_the_prose_says_was_posted_is_a_post(body: str, platform: str, author: str | None) -> None:
    assert [(p, a) for p, a, _ in _found(body)] == [(platform, author)]


@pytest.mark.parametrize(
    "body",
    [
        '"Não há ninguém acima da lei no país", disse o fundador do Facebook aos deputados.',  # the company's
        '"Não há ninguém acima da lei no país", afirmou Costa, que mantém em sua conta do Twitter a foto antiga.',
        '"Não há ninguém acima da lei no país", disse Costa em entrevista à rádio.',  # no network
        '"Não há ninguém acima da lei no país", disse Costa no palácio, depois de anunciar a saída no Twitter.',
        'Costa escreveu no Twitter que a decisão foi "um golpe".',  # a quoted term
        'O caso virou "tema", quando a polícia chegou ao local, disse Costa no Twitter.',  # prose between quotations
        'In São Paulo, "No one is above the law in this country," Costa wrote via Twitter.',  # English
        'Costa, in São Paulo, posted on Facebook: "No one is above the law in this country."',
        '"Ninguém está acima da lei neste país", escreveu Ana Prado no Twitter.',  # no ã, ç or õ: not read
    ],
)
def test_a_quotation_not_said_to_be_posted_is_no_post(body: str) -> None:
    assert _found(body) == []


def test_the_quotation_is_the_post_text() -> None:
    assert _found('"Não há ninguém acima da lei no país", escreveu Costa no Twitter.')[0][2] == (
        "Não há ninguém acima da lei no país"
    )


def test_an_article_finds_it_once_beside_the_english_rules() -> None:
    body = 'Texto. "Não há ninguém acima da lei no país", escreveu Ana Prado no Twitter. Fim.'
    found = [(r.platform.value, r.author) for r in parse_article(body, "a.txt").reactions]
    assert found == [("twitter", "Ana Prado")]


_PIECES = st.sampled_from(
    ["no", "No", "pelo", "do", "perfil", "página", "PÁGINA", "oficial", "através", "conta", "Twitter", "twitter",
     "TWITTER", "Instagram", "inſtagram", "İnstagram", "faceboo\u212a", "Facebook", "xno", "Twitterx", " ", "  ",
     "    ", "\t", "\n", ",", "ão", "a"]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=30).map("".join))
def test_the_gate_says_what_the_whole_search_finds(body: str) -> None:
    """The network looked for where the folded body names one answers as the pattern's search of the whole body."""
    found = portuguese_posts._WHERE_RE.search(body) is not None
    assert portuguese_posts._network_near_preposition(body) == found


def test_a_long_run_of_spaces_before_the_network_is_no_cue() -> None:
    assert not portuguese_posts._network_near_preposition("ão no" + " " * 40 + "Twitter")
    assert portuguese_posts._network_near_preposition("ão x página oficial   no   Twitter")
