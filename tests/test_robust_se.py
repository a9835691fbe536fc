"""The HC3 standard error of a slope (helpers.robust_se), checked against leave-one-out refits by numpy.polyfit."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import linregress

from helpers.robust_se import slope_standard_error_hc3


def leave_one_out(x, y):
    """sqrt(sum_i (b - b_(i))^2): the slope refitted without each point in turn (an exact identity for HC3)."""
    b = np.polyfit(x, y, 1)[0]
    drops = [np.polyfit(np.delete(x, i), np.delete(y, i), 1)[0] for i in range(len(x))]
    return float(np.sqrt(np.sum((b - np.array(drops)) ** 2)))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(5, 80), funnel=st.floats(0.0, 3.0))
def test_equals_the_leave_one_out_sum(seed, n, funnel):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    y = 2 - 0.5 * x + rng.normal(size=n) * (1 + funnel * np.abs(x))
    assert slope_standard_error_hc3(x, y) == pytest.approx(leave_one_out(x, y), rel=1e-6)


def test_a_funnel_moves_it_away_from_the_usual_standard_error():
    """x ~ N(0, 1): with a spread of |x| the slope's true variance is E[x^4] = 3 times what one spread assumes."""
    rng = np.random.default_rng(1)
    x = rng.normal(size=2_000)
    even = 1 + 0.3 * x + rng.normal(size=2_000)
    fan = 1 + 0.3 * x + rng.normal(size=2_000) * np.abs(x)
    assert slope_standard_error_hc3(x, even) == pytest.approx(linregress(x, even).stderr, rel=0.1)
    assert slope_standard_error_hc3(x, fan) / linregress(x, fan).stderr == pytest.approx(np.sqrt(3), rel=0.15)


@pytest.mark.parametrize(("x", "y", "match"), [
    ([1, 2], [1, 2], "at least 3"),
    ([1, 1, 1], [1, 2, 3], "constant"),
    ([1, 2, 3], [1, 2], "same length"),
    ([1, 2, np.nan], [1, 2, 3], "x must be finite"),
])
def test_bad_input_is_named(x, y, match):
    with pytest.raises(ValueError, match=match):
        slope_standard_error_hc3(x, y)
