"""helpers.paired.mcnemar_exact against a sum of binomial coefficients and scipy's binomial test."""

from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from helpers.paired import mcnemar_exact


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_matches_a_sum_of_binomial_coefficients(pairs):
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    only_a, only_b, p = mcnemar_exact(a, b)
    assert only_a == sum(x and not y for x, y in pairs) and only_b == sum(y and not x for x, y in pairs)
    n = only_a + only_b
    tail = sum(comb(n, i) for i in range(min(only_a, only_b) + 1)) / 2**n
    assert p == pytest.approx(min(1.0, 2 * tail), abs=1e-12)
    if n:
        assert p == pytest.approx(binomtest(only_a, n, 0.5).pvalue, abs=1e-12)


def test_one_disagreement_is_no_evidence():
    assert mcnemar_exact([1] * 18, [1] * 17 + [0]) == (1, 0, 1.0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="same length"):
        mcnemar_exact([1, 0], [1])
    with pytest.raises(ValueError, match="hits_a"):
        mcnemar_exact([2, 0], [1, 0])
