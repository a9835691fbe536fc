"""Enriched-test/pool splits (helpers.enriched_pool) and simulated prevalence shifts (helpers.prevalence_shift)."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import (
    adjust_posteriors,
    estimate_prevalence_em,
    precision_at_prevalence,
    precision_interval,
)
from helpers.enriched_pool import COUNT_COLUMNS, enriched_pool_splits, precision_estimates
from helpers.prevalence_shift import prevalence_estimates, prevalence_study, sample_at_prevalence, study_summary


def _toy(n_pos=100, n_neg=1000, seed=0):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    pred = np.where(y == 1, rng.random(y.size) < 0.9, rng.random(y.size) < 0.05).astype(int)
    return y, pred


def test_split_counts_add_up():
    y, pred = _toy()
    c = enriched_pool_splits(y, pred, n_test_pos=40, n_test_neg=120, pool_prevalence=0.02, n_splits=50, rng=3)
    assert list(c.columns) == list(COUNT_COLUMNS)
    assert len(c) == 50
    assert (c.test_tp + c.test_fn == 40).all()
    assert (c.test_fp + c.test_tn == 120).all()
    n_pool_neg = 1000 - 120
    assert (c.pool_fp + c.pool_tn == n_pool_neg).all()
    assert (c.pool_tp + c.pool_fn == round(n_pool_neg * 0.02 / 0.98)).all()
    # every negative is in the test set or in the pool
    assert (c.test_fp + c.pool_fp == pred[y == 0].sum()).all()
    assert (c.test_tp + c.pool_tp <= pred[y == 1].sum()).all()


def test_splits_are_reproducible_and_vary():
    y, pred = _toy()
    kw = dict(n_test_pos=40, n_test_neg=120, pool_prevalence=0.02, n_splits=30)
    a = enriched_pool_splits(y, pred, rng=7, **kw)
    b = enriched_pool_splits(y, pred, rng=7, **kw)
    pd.testing.assert_frame_equal(a, b)
    assert a.test_fp.nunique() > 1


def test_test_negatives_come_from_the_mask_only():
    y = np.r_[np.ones(50, int), np.zeros(300, int)]
    allowed = np.r_[np.zeros(50, bool), np.ones(100, bool), np.zeros(200, bool)]
    pred = np.r_[np.ones(50, int), np.zeros(100, int), np.ones(200, int)]  # only non-allowed negatives flagged
    c = enriched_pool_splits(
        y, pred, n_test_pos=20, n_test_neg=60, pool_prevalence=0.05, n_splits=20, test_negative_mask=allowed
    )
    assert (c.test_fp == 0).all()
    assert (c.pool_fp == 200).all()


@pytest.mark.parametrize(
    "kw",
    [
        dict(n_test_pos=0, n_test_neg=10, pool_prevalence=0.02),
        dict(n_test_pos=10, n_test_neg=2000, pool_prevalence=0.02),
        dict(n_test_pos=95, n_test_neg=10, pool_prevalence=0.02),
        dict(n_test_pos=10, n_test_neg=10, pool_prevalence=1.5),
    ],
)
def test_bad_split_arguments_raise(kw):
    y, pred = _toy()
    with pytest.raises(ValueError):
        enriched_pool_splits(y, pred, n_splits=2, **kw)


def test_labels_must_be_binary_and_same_length():
    y, pred = _toy()
    with pytest.raises(ValueError, match="same length"):
        enriched_pool_splits(y, pred[:-1], n_test_pos=5, n_test_neg=5, pool_prevalence=0.1)
    with pytest.raises(ValueError, match="0/1"):
        enriched_pool_splits(y * 2, pred, n_test_pos=5, n_test_neg=5, pool_prevalence=0.1)


def test_precision_estimates_match_the_formulas():
    y, pred = _toy()
    c = enriched_pool_splits(y, pred, n_test_pos=40, n_test_neg=120, pool_prevalence=0.02, n_splits=40, rng=1)
    e = precision_estimates(c)
    pi = (c.pool_tp + c.pool_fn) / (c.pool_tp + c.pool_fn + c.pool_fp + c.pool_tn)
    assert np.allclose(e.pool_prevalence, pi)
    tpr, fpr = c.test_tp / 40, c.test_fp / 120
    defined = (c.test_tp + c.test_fp) > 0
    assert np.allclose(e.corrected[defined], precision_at_prevalence(tpr, fpr, pi.iloc[0])[defined])
    assert np.allclose(e.naive[defined], (c.test_tp / (c.test_tp + c.test_fp))[defined])
    assert np.allclose(e.pool, c.pool_tp / (c.pool_tp + c.pool_fp))
    low, high = precision_interval(
        tp=c.test_tp, fn=c.test_fn, fp=c.test_fp, tn=c.test_tn, deploy_prevalence=pi.iloc[0]
    )
    assert np.allclose(e.low, low) and np.allclose(e.high, high)
    assert (e.low <= e.corrected[defined] + 1e-12).all() and (e.corrected[defined] <= e.high + 1e-12).all()


def test_precision_estimates_need_the_columns():
    with pytest.raises(ValueError, match="lacks"):
        precision_estimates(pd.DataFrame({"test_tp": [1]}))


@given(pi=st.floats(0.02, 0.6), seed=st.integers(0, 1000))
def test_sample_at_prevalence(pi, seed):
    y = np.r_[np.ones(120, int), np.zeros(900, int)]
    idx = sample_at_prevalence(y, pi, rng=seed)
    assert np.unique(idx).size == idx.size
    n_pos = int(y[idx].sum())
    assert n_pos == min(120, round(900 * pi / (1 - pi)))
    assert abs(y[idx].mean() - pi) <= 1.0 / idx.size + 1e-12 or n_pos == 120


def test_sample_at_prevalence_max_size_and_errors():
    y = np.r_[np.ones(120, int), np.zeros(900, int)]
    idx = sample_at_prevalence(y, 0.25, rng=0, max_size=100)
    assert idx.size == 100 and y[idx].sum() == 25
    with pytest.raises(ValueError):
        sample_at_prevalence(y, 0.0001)
    with pytest.raises(ValueError):
        sample_at_prevalence(y, 1.0)


def test_prevalence_estimates_agree_with_their_definitions():
    rng = np.random.default_rng(0)
    p = rng.random(500)
    est = prevalence_estimates(p, train_prevalence=0.3, tpr=0.8, fpr=0.1)
    q = (p >= 0.5).mean()
    assert est["cc"] == pytest.approx(q)
    assert est["mean"] == pytest.approx(p.mean())
    assert est["acc"] == pytest.approx(min(max((q - 0.1) / 0.7, 0), 1))
    assert est["em"] == pytest.approx(estimate_prevalence_em(p, train_prevalence=0.3))


def test_em_recovers_a_shift_with_calibrated_scores():
    # scores from two Gaussians; exact posteriors at a training prior of 0.5
    rng = np.random.default_rng(1)
    n_pos, n_neg = 300, 2700  # true prior 0.1
    x = np.r_[rng.normal(1.5, 1, n_pos), rng.normal(-1.5, 1, n_neg)]
    p_train = 1 / (1 + np.exp(-3 * x))  # log-likelihood ratio of N(1.5,1) vs N(-1.5,1) is 3x
    est = prevalence_estimates(p_train, train_prevalence=0.5, tpr=0.933, fpr=0.067)
    assert est["em"] == pytest.approx(0.1, abs=0.02)
    assert est["acc"] == pytest.approx(0.1, abs=0.03)
    assert est["mean"] > 0.15  # pulled towards the training prior
    moved = adjust_posteriors(p_train, train_prevalence=0.5, deploy_prevalence=est["em"])
    assert moved.mean() == pytest.approx(est["em"], abs=1e-6)


def test_prevalence_study_shape():
    y = np.r_[np.ones(100, int), np.zeros(900, int)]
    p = np.where(y == 1, 0.8, 0.05)
    s = prevalence_study(y, p, priors=[0.5, 0.05], n_draws=3, train_prevalence=0.1, tpr=1.0, fpr=0.0, rng=0)
    assert list(s.columns) == ["prior", "true", "n", "em", "acc", "cc", "mean"]
    assert len(s) == 6
    assert np.allclose(s.acc, s.true)  # perfect separation at 0.5: ACC is exact
    with pytest.raises(ValueError, match="same length"):
        prevalence_study(y, p[:-1], priors=[0.5], n_draws=1, train_prevalence=0.1, tpr=1.0, fpr=0.0)


def _pool_and_labeled():
    rng = np.random.default_rng(5)
    y = np.r_[np.ones(100, int), np.zeros(900, int)]
    p = np.clip(np.where(y == 1, rng.normal(0.75, 0.2, y.size), rng.normal(0.2, 0.15, y.size)), 0, 1)
    y_lab = np.r_[np.ones(60, int), np.zeros(400, int)]
    p_lab = np.clip(np.where(y_lab == 1, rng.normal(0.75, 0.2, y_lab.size), rng.normal(0.2, 0.15, y_lab.size)), 0, 1)
    tpr, fpr = (p_lab[y_lab == 1] >= 0.5).mean(), (p_lab[y_lab == 0] >= 0.5).mean()
    return y, p, y_lab, p_lab, tpr, fpr


def test_prevalence_study_redraws_the_labeled_set_on_request():
    y, p, y_lab, p_lab, tpr, fpr = _pool_and_labeled()
    kw = dict(priors=[0.3, 0.05], n_draws=40, train_prevalence=0.1, tpr=tpr, fpr=fpr, rng=4)
    plain = prevalence_study(y, p, **kw)
    redrawn = prevalence_study(y, p, labeled_true=y_lab, labeled_proba=p_lab, **kw)
    # the other columns do not move: the redraws have their own stream
    pd.testing.assert_frame_equal(redrawn[plain.columns], plain)
    # acc_lab is ACC with rates from a stratified bootstrap of the labeled set: recompute one draw by hand
    gen = np.random.default_rng(4).spawn(1)[0]
    hit_pos, hit_neg = p_lab[y_lab == 1] >= 0.5, p_lab[y_lab == 0] >= 0.5
    t = hit_pos[gen.integers(0, hit_pos.size, hit_pos.size)].mean()
    f = hit_neg[gen.integers(0, hit_neg.size, hit_neg.size)].mean()
    idx = sample_at_prevalence(y, 0.3, rng=np.random.default_rng(4))
    q = (p[idx] >= 0.5).mean()
    assert redrawn.acc_lab.iloc[0] == pytest.approx(min(max((q - f) / (t - f), 0), 1), rel=1e-12)
    # redrawing adds spread
    assert redrawn.groupby("prior").acc_lab.std().gt(redrawn.groupby("prior").acc.std()).all()


def test_prevalence_study_redraws_need_both_labeled_arrays():
    y, p, y_lab, p_lab, tpr, fpr = _pool_and_labeled()
    kw = dict(priors=[0.3], n_draws=1, train_prevalence=0.1, tpr=tpr, fpr=fpr)
    with pytest.raises(ValueError, match="labeled_proba"):
        prevalence_study(y, p, labeled_true=y_lab, **kw)
    with pytest.raises(ValueError, match="same length"):
        prevalence_study(y, p, labeled_true=y_lab, labeled_proba=p_lab[:-1], **kw)


def test_study_summary_against_a_hand_computation():
    y, p, y_lab, p_lab, tpr, fpr = _pool_and_labeled()
    study = prevalence_study(y, p, priors=[0.3, 0.05], n_draws=30, train_prevalence=0.1, tpr=tpr, fpr=fpr, rng=2,
                             labeled_true=y_lab, labeled_proba=p_lab)
    s = study_summary(study)
    assert list(s.index) == [0.3, 0.05]
    for prior in (0.3, 0.05):
        rows = study[study.prior == prior]
        for e in ("em", "acc", "cc", "mean", "acc_lab"):
            assert s.loc[prior, e] == pytest.approx(rows[e].mean())
            rel = np.mean([(v - t) / t for v, t in zip(rows[e], rows["true"], strict=True)])
            assert s.loc[prior, f"{e}_rel"] == pytest.approx(rel)
            sd = np.sqrt(np.sum((rows[e] - rows[e].mean()) ** 2) / (len(rows) - 1))
            assert s.loc[prior, f"{e}_sd"] == pytest.approx(sd)
            assert s.loc[prior, f"{e}_sd_rel"] == pytest.approx(sd / rows["true"].mean())
    assert "acc_lab" not in study_summary(study.drop(columns="acc_lab")).columns
    with pytest.raises(ValueError, match="study"):
        study_summary(study.drop(columns="em"))
