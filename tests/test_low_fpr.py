"""Partial AUC and TPR at a fixed FPR, read off the ROC table, against scikit-learn."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score, roc_curve

from helpers.low_fpr import partial_auc, tpr_at_fpr


@st.composite
def labelled_scores(draw):
    n = draw(st.integers(4, 60))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if y.min() == y.max():
        y[0] = 1 - y[0]
    # few distinct values: many ties
    s = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), dtype=float)
    return y, s


@given(labelled_scores(), st.sampled_from([0.001, 0.05, 0.2, 0.37, 0.5, 0.999, 1.0]))
def test_standardized_partial_auc_is_sklearns(data, max_fpr):
    y, s = data
    p = partial_auc(y, s, max_fpr=max_fpr)
    assert p.standardized == pytest.approx(roc_auc_score(y, s, max_fpr=max_fpr), abs=1e-12)
    assert p.min_area == pytest.approx(max_fpr**2 / 2) and p.max_area == pytest.approx(max_fpr)
    assert 0 <= p.raw <= p.max_area + 1e-12


def test_raw_area_by_brute_force_integration():
    rng = np.random.default_rng(3)
    y = (rng.random(3000) < 0.05).astype(int)
    s = rng.normal(size=3000) + 1.2 * y
    fpr, tpr, _ = roc_curve(y, s)
    grid = np.linspace(0, 0.1, 200_001)  # TPR along the trapezoids' lines, integrated numerically
    slow = np.trapezoid(np.interp(grid, fpr, tpr), grid)
    assert partial_auc(y, s, max_fpr=0.1).raw == pytest.approx(slow, rel=1e-6)
    assert partial_auc(y, s, max_fpr=1.0).raw == pytest.approx(roc_auc_score(y, s))


@given(labelled_scores(), st.sampled_from([0.001, 0.1, 0.3, 0.5, 1.0]))
def test_tpr_at_fpr_is_the_best_point_of_roc_curve(data, max_fpr):
    y, s = data
    got = tpr_at_fpr(y, s, max_fpr=max_fpr)
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    ok = fpr <= max_fpr
    assert got.tpr == pytest.approx(tpr[ok].max()) and got.fpr <= max_fpr
    pred = s >= got.threshold
    assert got.tp == np.sum(pred & (y == 1)) and got.fp == np.sum(pred & (y == 0))


def test_bad_max_fpr():
    for bad in (0, 1.5, "0.1", True):
        with pytest.raises(ValueError, match="max_fpr"):
            partial_auc([0, 1], [0.1, 0.9], max_fpr=bad)
