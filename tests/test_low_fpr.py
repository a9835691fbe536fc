"""Partial AUC and TPR at a fixed FPR, read off the ROC table, against scikit-learn; the bootstrap interval of the
TPR at a cap against a loop written here with roc_curve."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score, roc_curve

from helpers.low_fpr import partial_auc, tpr_at_fpr, tpr_at_fpr_bootstrap


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


def test_bootstrap_chooses_the_threshold_again_in_each_resample():
    rng = np.random.default_rng(5)
    y = (rng.random(2000) < 0.1).astype(int)
    s = rng.normal(size=y.size) + 1.5 * y
    got = tpr_at_fpr_bootstrap(y, s, max_fpr=0.01, resamples=60, rng=11)
    draw, pos, neg = np.random.default_rng(11), s[y == 1], s[y == 0]  # the documented draws, in their order
    tprs = []
    for _ in range(60):
        p, n = pos[draw.integers(0, pos.size, pos.size)], neg[draw.integers(0, neg.size, neg.size)]
        fpr, tpr, _ = roc_curve(np.r_[np.ones(p.size), np.zeros(n.size)], np.r_[p, n], drop_intermediate=False)
        tprs.append(tpr[fpr <= 0.01].max())
    assert (got.low, got.high) == pytest.approx(tuple(np.quantile(tprs, [0.025, 0.975])), abs=1e-12)
    assert got.sd == pytest.approx(np.std(tprs, ddof=1)) and got.resamples == 60
    # the threshold's own noise widens the interval beyond the binomial one of TP / P at a fixed threshold
    fixed = tpr_at_fpr(y, s, max_fpr=0.01).tpr
    assert got.sd > np.sqrt(fixed * (1 - fixed) / y.sum())


def test_bootstrap_bad_input():
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.9, 0.2, 0.8])
    with pytest.raises(ValueError, match="resamples"):
        tpr_at_fpr_bootstrap(y, s, max_fpr=0.5, resamples=1)
    with pytest.raises(ValueError, match="level"):
        tpr_at_fpr_bootstrap(y, s, max_fpr=0.5, level=95)
    with pytest.raises(ValueError, match="y_true"):
        tpr_at_fpr_bootstrap(np.ones(4), s, max_fpr=0.5)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 40), st.integers(2, 120),
       st.sampled_from([0.01, 0.05, 0.1, 0.3, 0.99]),
       st.sampled_from([0, 1, 2]))
def test_bootstrap_tprs_are_the_roc_curves_with_ties(seed, n_pos, n_neg, max_fpr, decimals):
    """Each resample's TPR is roc_curve's highest TPR at FPR <= max_fpr, ties and tiny classes included."""
    rng = np.random.default_rng(seed)
    s = np.round(np.r_[rng.normal(1, 1, n_pos), rng.normal(0, 1, n_neg)], decimals)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    got = tpr_at_fpr_bootstrap(y, s, max_fpr=max_fpr, resamples=5, rng=seed)
    draw, pos, neg = np.random.default_rng(seed), s[y == 1], s[y == 0]
    tprs = []
    for _ in range(5):
        p, n = pos[draw.integers(0, n_pos, n_pos)], neg[draw.integers(0, n_neg, n_neg)]
        fpr, tpr, _ = roc_curve(np.r_[np.ones(n_pos), np.zeros(n_neg)], np.r_[p, n], drop_intermediate=False)
        tprs.append(tpr[fpr <= max_fpr].max())
    assert (got.low, got.high) == pytest.approx(tuple(np.quantile(tprs, [0.025, 0.975])), abs=1e-12)
