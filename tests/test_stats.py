"""Welch's t-test and Student's t distribution against closed forms and by-hand formulas."""

from __future__ import annotations

import math
import statistics

import numpy as np
import pytest

from reactions.analysis.stats import regularized_beta, t_quantile, t_two_sided, welch_test


def even_df_p(t: float, df: int) -> float:
    """Two-sided p of Student's t for an even ``df``, in closed form: 1 - sqrt(x) * sum_k C(2k, k) ((1 - x) / 4)^k
    over k < df/2, with x = t^2 / (df + t^2)."""
    x = t * t / (df + t * t)
    return 1.0 - math.sqrt(x) * sum(math.comb(2 * k, k) * ((1 - x) / 4) ** k for k in range(df // 2))


@pytest.mark.parametrize("t", [0.0, 0.3, 1.0, 2.5, 7.0, 40.0])
@pytest.mark.parametrize("df", [2, 4, 10, 30])
def test_the_p_value_is_students_t_for_even_degrees_of_freedom(t: float, df: int) -> None:
    assert t_two_sided(t, df) == pytest.approx(even_df_p(t, df), abs=1e-12)
    assert t_two_sided(-t, df) == pytest.approx(even_df_p(t, df), abs=1e-12)


@pytest.mark.parametrize("t", [0.1, 1.0, 3.0, 100.0])
def test_one_degree_of_freedom_is_cauchy(t: float) -> None:
    assert t_two_sided(t, 1.0) == pytest.approx(1 - 2 / math.pi * math.atan(t), abs=1e-12)


@pytest.mark.parametrize("t", [0.5, 1.96, 4.0])
def test_many_degrees_of_freedom_are_the_normal(t: float) -> None:
    assert t_two_sided(t, 1e9) == pytest.approx(math.erfc(t / math.sqrt(2)), abs=1e-12)
    assert t_two_sided(t, 5e6) == pytest.approx(math.erfc(t / math.sqrt(2)), abs=1e-6)


@pytest.mark.parametrize(("df", "critical"), [(1, 12.706204736), (5, 2.570581836), (10, 2.228138852),
                                             (30, 2.042272456), (1e9, 1.959963985)])  # fmt: skip
def test_the_quantile_gives_the_tables_critical_values(df: float, critical: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(critical, abs=1e-8)
    assert t_two_sided(t_quantile(0.975, df), df) == pytest.approx(0.05, abs=1e-10)


def test_the_incomplete_beta_function_by_its_polynomial() -> None:
    for x in (0.0, 0.1, 0.4, 0.9, 1.0):  # I_x(2, 3) = 1 - (1-x)^4 - 4 x (1-x)^3
        assert regularized_beta(2.0, 3.0, x) == pytest.approx(1 - (1 - x) ** 4 - 4 * x * (1 - x) ** 3, abs=1e-12)


def by_hand(a: list[float], b: list[float]) -> tuple[float, float]:
    """Welch's t and degrees of freedom from the textbook formulas."""
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    t = (statistics.fmean(a) - statistics.fmean(b)) / math.sqrt(va + vb)
    return t, (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))


@pytest.mark.parametrize("seed", range(6))
def test_welch_matches_the_textbook_formulas_and_ignores_nan(seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, int(rng.integers(2, 40))).round(4).tolist()
    b = (rng.uniform(-1, 1, int(rng.integers(2, 40))) * 0.5 + 0.2).round(4).tolist()
    result = welch_test([*a, math.nan], [math.nan, *b])
    t, df = by_hand(a, b)
    assert (result.n_a, result.n_b) == (len(a), len(b))
    assert result.t == pytest.approx(t, rel=1e-10)
    assert result.df == pytest.approx(df, rel=1e-10)
    assert result.p_value == pytest.approx(t_two_sided(t, df), rel=1e-10)
    se = abs(result.difference / result.t)
    assert result.high - result.difference == pytest.approx(t_quantile(0.975, df) * se, rel=1e-9)
    assert (result.low <= 0 <= result.high) == (not result.differs)  # the interval and the test agree
    swapped = welch_test(b, a)
    assert swapped.t == pytest.approx(-result.t)
    assert swapped.p_value == pytest.approx(result.p_value)


def test_clearly_different_means_differ_and_equal_samples_do_not() -> None:
    assert welch_test([0.8, 0.9, 0.7, 0.85], [-0.8, -0.9, -0.7, -0.6]).differs
    same = welch_test([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
    assert same.t == 0.0
    assert same.p_value == pytest.approx(1.0)
    assert not same.differs


@pytest.mark.parametrize(("a", "b"), [([], [0.1, 0.2]), ([0.5], [0.1, 0.2]), ([0.3, 0.3], [0.3, 0.3]),
                                      ([math.nan, 0.2], [0.1, 0.3])])  # fmt: skip
def test_too_little_to_test_is_said_not_raised(a: list[float], b: list[float]) -> None:
    result = welch_test(a, b)
    assert not result.tested
    assert not result.differs
    assert math.isnan(result.p_value)
    assert math.isnan(result.low)
    assert "not tested" in result.sentence()
