"""Quotations that repeat an embedded post."""

from __future__ import annotations

from reactions.parse.echoes import ECHO_KEY, Echoes, embed_near


def test_a_quotation_that_repeats_an_embedded_post_echoes_it() -> None:
    post = "To all in Ottawa tonight, stay safe and stay inside"
    body = f'He wrote: "{post}"\n\n{post} — Ann (@ann) May 1, 2020'
    start = body.index(post, 20)
    echoes = Echoes(body, [(start, len(body))])
    assert echoes.repeat(post)
    assert echoes.repeat("To all in Ottawa tonight!")  # its first letters are enough
    assert not echoes.repeat("Something else entirely, folks")


def test_a_short_quotation_echoes_nothing() -> None:
    body = "Ok ok ok — Ann (@ann) May 1, 2020"
    assert not Echoes(body, [(0, len(body))]).repeat("Ok ok ok")
    assert len("okokok") < ECHO_KEY


def test_a_quotation_between_two_embedded_posts_is_in_a_round_up() -> None:
    body = "x" * 100 + " “So good,” one fan wrote. " + "y" * 100
    quote = (101, 126)
    assert embed_near(body, quote, [(0, 90), (130, 200)])
    assert not embed_near(body, quote, [(0, 90)])  # none after it
    assert not embed_near(body, quote, [(130, 200)])  # none before it
    assert not embed_near(body, quote, [])
