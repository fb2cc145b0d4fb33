"""benchmarks/adversarial.py's hostile inputs: the parser stays linear on every one (a ratio, never seconds).

Every figure is CPU time of this process (``time.process_time``), each compared with a baseline measured in the
same run: other processes on the same cores slow the wall clock, not the ratios."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from benchmark_loader import load_benchmark

adversarial = load_benchmark("adversarial")

SMALL, LARGE = 8_000, 80_000
"""Ten times the characters: a linear family keeps its time per character, a quadratic one multiplies it by 10."""
GROWTH = 3.0
"""How much the time per character may grow from SMALL to LARGE (noise and caches, far below quadratic)."""


@pytest.fixture(scope="module")
def baselines() -> dict[str, float]:
    return {kind: adversarial.baseline(kind, repeat=5) for kind in ("text", "html")}


@pytest.mark.parametrize("family", adversarial.FAMILIES, ids=lambda f: f.name)
def test_every_hostile_family_stays_linear_and_near_a_normal_article(
    family: adversarial.Family, baselines: dict[str, float]
) -> None:
    small = adversarial.per_char(family.make(SMALL), family.file_name, repeat=3)
    large = adversarial.per_char(family.make(LARGE), family.file_name, repeat=3)
    ratio = large / baselines[family.kind]
    assert ratio <= adversarial.TARGET, f"{family.name}: {ratio:.1f}x a normal article's time per character"
    floor = baselines[family.kind] / 10  # below this a family is too quick for its growth to mean anything
    assert large <= GROWTH * max(small, floor), f"{family.name}: {large / max(small, floor):.1f}x per character"


@pytest.mark.parametrize("family", adversarial.DENSE, ids=lambda f: f.name)
def test_quoted_posts_back_to_back_stay_linear(family: adversarial.Family, baselines: dict[str, float]) -> None:
    """A reaction every 21-38 characters, each with an author to resolve: linear, and near the target (the prose
    before each pronoun was read again for each quotation: 26-54x before the runs of ``pronoun_chain``)."""
    small = adversarial.per_char(family.make(SMALL), family.file_name, repeat=3)
    large = adversarial.per_char(family.make(LARGE), family.file_name, repeat=3)
    ratio = large / baselines[family.kind]
    assert ratio <= adversarial.DENSE_BOUND, f"{family.name}: {ratio:.1f}x a normal article's time per character"
    assert large <= GROWTH * small, f"{family.name}: {large / small:.1f}x per character"


def test_the_families_are_the_sizes_asked_for() -> None:
    for family in (*adversarial.FAMILIES, *adversarial.DENSE):
        assert 0.8 * LARGE <= len(family.make(LARGE)) <= 1.2 * LARGE, family.name


def test_the_audits_reproductions_are_families() -> None:
    made = {family.name: family.make(2_000) for family in adversarial.FAMILIES}
    assert made["html: empty comments before text"].startswith("<!----><!---->")
    assert "-" * 1_000 in made["html: dashes in a tweet byline"]
    assert made["html: deep nesting, stray end tags"].startswith("<div><div>")
    assert made["html: tweet embeds back to back"].count('class="twitter-tweet"') > 5


def test_a_quadratic_parser_would_fail_the_growth_check(
    monkeypatch: pytest.MonkeyPatch, baselines: dict[str, float]
) -> None:
    """The check itself: a parse whose CPU time grows with the square of the length is caught."""

    def quadratic(name: str, data: bytes) -> None:
        sum(range(len(data) ** 2 // 640))  # 80 KB: 10 million steps, about 0.1 s of CPU

    monkeypatch.setattr(adversarial, "parse_document", quadratic)
    small = adversarial.per_char("x" * SMALL, "a.txt", repeat=1)
    large = adversarial.per_char("x" * LARGE, "a.txt", repeat=1)
    assert large > GROWTH * small


def test_the_shared_linear_check_catches_a_quadratic_function(assert_linear: Callable[..., None]) -> None:
    """conftest's ``assert_linear`` (which replaced the suite's wall-clock limits) fails a quadratic function and
    passes a linear one, by CPU time."""
    with pytest.raises(AssertionError, match="the CPU time per character"):
        assert_linear(lambda text: sum(range(len(text) ** 2 // 640)), "x" * 80_000)
    assert_linear(lambda text: sum(range(len(text) * 100)), "x" * 80_000)
