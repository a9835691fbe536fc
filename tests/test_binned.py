"""helpers.binned.binned_means against pandas (qcut + groupby) and simple properties."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.binned import binned_means


@pytest.mark.parametrize("bins", [1, 3, 5, 10])
def test_matches_pandas_qcut_groupby(bins):
    rng = np.random.default_rng(bins)
    x = rng.normal(size=998)  # continuous, and (998 - 1) * b / bins is never whole: no edge on a data point
    v = 2 * x + rng.normal(size=x.size)
    centres, means = binned_means(x, v, bins=bins)
    groups = pd.DataFrame({"x": x, "v": v}).groupby(pd.qcut(x, bins, labels=False))
    np.testing.assert_allclose(centres, groups["x"].mean().to_numpy(), rtol=1e-12)
    np.testing.assert_allclose(means, groups["v"].mean().to_numpy(), rtol=1e-12)


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=60), st.integers(1, 12))
def test_bins_partition_the_data(values, bins):
    x = np.asarray(values, dtype=float)
    v = x**2
    centres, means = binned_means(x, v, bins=bins)
    assert 1 <= centres.size <= bins and centres.size == means.size
    assert np.all(np.diff(centres) > 0)  # bins are ordered and do not overlap
    assert centres.min() >= x.min() and centres.max() <= x.max()
    if bins == 1:
        assert means[0] == pytest.approx(v.mean())


def test_ties_leave_no_empty_bin_and_no_warning():
    # edges 0, 0, 0, 0, 1: every item is >= the last edge that starts at 0, so all share one bin
    centres, means = binned_means([0, 0, 0, 0, 1], [1, 1, 1, 1, 6], bins=4)
    assert centres.tolist() == [0.2] and means.tolist() == [2.0]
    centres, means = binned_means([0, 0, 1, 1, 2, 2], [1, 1, 2, 2, 3, 3], bins=3)
    assert centres.tolist() == [0.0, 1.0, 2.0] and means.tolist() == [1.0, 2.0, 3.0]


def test_bad_arguments():
    with pytest.raises(ValueError, match="bins"):
        binned_means([1.0, 2.0], [1.0, 2.0], bins=0)
    with pytest.raises(ValueError, match="same length"):
        binned_means([1.0, 2.0], [1.0])
