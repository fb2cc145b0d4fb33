"""Whether two sets of compound scores differ in the mean: Welch's t-test, with Student's t distribution worked
out here (the regularized incomplete beta function by its continued fraction, as Numerical Recipes §6.4 gives
it), so that the library needs no SciPy.

Welch's test (Welch 1947) compares two means without assuming equal variances.  It assumes the two samples are
independent: two filter sets of one corpus that share posts count those posts on both sides, so then the p-value
is only indicative (the page says how many posts are shared).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

ALPHA: Final = 0.05
"""The level of the test and of the confidence interval (a 95% interval)."""
_EPS: Final = 1e-15
_TINY: Final = 1e-300
_MAX_TERMS: Final = 20_000
_NORMAL_DF: Final = 1e7
"""Above this many degrees of freedom, Student's t is the standard normal (to 1e-7)."""


@dataclass(frozen=True, slots=True)
class MeanTest:
    """Welch's two-sided t-test of the difference of two means (A minus B).

    Fields:
        n_a, n_b: the scores of each side (NaN scores left out).
        mean_a, mean_b: their means (NaN when a side has none).
        difference: ``mean_a - mean_b``.
        t: Welch's t statistic; NaN when a side has fewer than two scores or neither side's scores vary.
        df: the Welch–Satterthwaite degrees of freedom (NaN as ``t``).
        p_value: the two-sided p-value, from Student's t with ``df`` degrees of freedom (NaN as ``t``).
        low, high: the 95% confidence interval of ``difference`` (NaN as ``t``).
    """

    n_a: int
    n_b: int
    mean_a: float
    mean_b: float
    difference: float
    t: float
    df: float
    p_value: float
    low: float
    high: float

    @property
    def tested(self) -> bool:
        """Whether there was enough to test."""
        return not math.isnan(self.p_value)

    @property
    def differs(self) -> bool:
        """Whether the means differ at the 5% level (``False`` when untested)."""
        return self.tested and self.p_value < ALPHA

    def sentence(self) -> str:
        """The result in words.

        >>> welch_test(np.array([0.5, 0.6, 0.7]), np.array([-0.1, 0.0, 0.1])).sentence()
        'Mean compound A +0.60, B +0.00: difference +0.60 (95% CI +0.37 to +0.83), Welch t = 7.35, df = 4.0, \
p = 0.0018: the means differ (5% level).'
        """
        if not self.tested:
            return (f"Mean compound A {_signed(self.mean_a)}, B {_signed(self.mean_b)}: not tested (each side "
                    "needs two scores, and some spread).")  # fmt: skip
        verdict = "the means differ" if self.differs else "no difference shown"
        return (
            f"Mean compound A {self.mean_a:+.2f}, B {self.mean_b:+.2f}: difference {self.difference:+.2f} "
            f"(95% CI {self.low:+.2f} to {self.high:+.2f}), Welch t = {self.t:.2f}, df = {self.df:.1f}, "
            f"p = {_p(self.p_value)}: {verdict} (5% level)."
        )


def _signed(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:+.2f}"


def _p(value: float) -> str:
    return "< 0.0001" if value < 1e-4 else f"{value:.4f}"


def welch_test(a: npt.ArrayLike, b: npt.ArrayLike) -> MeanTest:
    """Welch's t-test of the means of ``a`` and ``b`` (NaN values left out).

    >>> result = welch_test([1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0, 10.0])
    >>> round(result.t, 4), round(result.df, 4), round(result.p_value, 4)
    (-2.2514, 5.5208, 0.0691)
    """
    x, y = _scores(a), _scores(b)
    mean_a = float(x.mean()) if len(x) else math.nan
    mean_b = float(y.mean()) if len(y) else math.nan
    nan = math.nan
    untested = MeanTest(len(x), len(y), mean_a, mean_b, mean_a - mean_b, nan, nan, nan, nan, nan)
    if len(x) < 2 or len(y) < 2:
        return untested
    va, vb = float(x.var(ddof=1)) / len(x), float(y.var(ddof=1)) / len(y)
    if va + vb <= 0:
        return untested
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (len(x) - 1) + vb**2 / (len(y) - 1))
    difference = mean_a - mean_b
    t = difference / se
    margin = t_quantile(1 - ALPHA / 2, df) * se
    return MeanTest(len(x), len(y), mean_a, mean_b, difference, t, df, t_two_sided(t, df),
                    difference - margin, difference + margin)  # fmt: skip


def _scores(values: npt.ArrayLike) -> npt.NDArray[np.float64]:
    array = np.asarray(values, dtype=float).ravel()
    kept: npt.NDArray[np.float64] = array[~np.isnan(array)]
    return kept


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom.

    >>> round(t_two_sided(1.0, 1.0), 6), round(t_two_sided(2.228138851986274, 10.0), 6)
    (0.5, 0.05)
    """
    if math.isnan(t) or math.isnan(df) or df <= 0:
        return math.nan
    if math.isinf(t):
        return 0.0
    if df > _NORMAL_DF:
        return math.erfc(abs(t) / math.sqrt(2.0))
    return regularized_beta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(probability: float, df: float) -> float:
    """The ``probability`` quantile (above 0.5) of Student's t with ``df`` degrees of freedom, by bisection."""
    tail = 2.0 * (1.0 - probability)
    high = 1.0
    while t_two_sided(high, df) > tail:
        high *= 2.0
    low = 0.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if t_two_sided(middle, df) > tail:
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * high:
            break
    return (low + high) / 2.0


def regularized_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and x in [0, 1].

    >>> round(regularized_beta(2.0, 3.0, 0.4), 10)  # 1 - (1-x)^4 - 4x(1-x)^3
    0.5248
    """
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _fraction(a, b, x) / a
    return 1.0 - front * _fraction(b, a, 1.0 - x) / b


def _fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    c, d = 1.0, _nonzero(1.0 - (a + b) * x / (a + 1.0))
    d = 1.0 / d
    h = d
    for m in range(1, _MAX_TERMS + 1):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):  # fmt: skip
            d = 1.0 / _nonzero(1.0 + numerator * d)
            c = _nonzero(1.0 + numerator / c)
            h *= d * c
        if abs(d * c - 1.0) < _EPS:
            break
    return h


def _nonzero(value: float) -> float:
    return value if abs(value) >= _TINY else _TINY
