"""Prior-shift correction: Bayes vs FP rescaling, the corrected PR curve, posteriors and EM."""

import linecache
import math
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics import average_precision_score, precision_recall_curve

from helpers import (
    Counts,
    adjust_posteriors,
    corrected_pr_curve,
    corrected_precision,
    estimate_prevalence_acc,
    estimate_prevalence_em,
    negative_weight,
    precision_at_prevalence,
)
from helpers.prior_shift import rebuilt_precision

rates = st.floats(0.0, 1.0)
prevalences = st.floats(1e-6, 1 - 1e-6)


def test_rare_disease_blog_post_precision_from_rates():
    assert f"{precision_at_prevalence(0.8, 0.001, 10 / 100_000):.2%}" == "7.41%"


def test_prior_shift_blog_post_microchip_correct_algebra():
    # precision 0.33 when deployed, 1000-fold more negatives per positive than in the test set
    fold = 10_000 / 10
    # 0.33 = TP / (TP + fold FP)  =>  FP / TP = (1 / 0.33 - 1) / fold = 0.67 / 330
    fp_per_tp = (1 / 0.33 - 1) / fold
    assert fp_per_tp == pytest.approx(0.67 / 330)
    test_precision = 1 / (1 + fp_per_tp)
    assert round(test_precision, 3) == 0.998  # the blog post's 0.996 comes from 1.33 instead of 0.67
    assert corrected_precision(tp=1.0, fp=fp_per_tp, test_ratio=10, deploy_ratio=10_000) == pytest.approx(0.33)


@given(
    st.integers(1, 10_000), st.integers(0, 10_000), st.integers(1, 10_000), st.integers(1, 10_000),
    prevalences,
)
def test_fp_rescaling_equals_bayes(tp, fp, n_pos_extra, n_neg, pi):
    n_pos = tp + n_pos_extra
    assume(fp <= n_neg)
    tpr, fpr = tp / n_pos, fp / n_neg
    by_rescaling = corrected_precision(tp=tp, fp=fp, test_ratio=n_neg / n_pos, deploy_ratio=(1 - pi) / pi)
    assert by_rescaling == pytest.approx(precision_at_prevalence(tpr, fpr, pi), rel=1e-9)


@given(rates, rates, prevalences)
def test_bayes_precision_is_a_probability_or_undefined(tpr, fpr, pi):
    p = precision_at_prevalence(tpr, fpr, pi)
    if tpr == 0 and fpr == 0:
        assert math.isnan(p)
    else:
        assert 0.0 <= p <= 1.0
        if tpr == 0:
            assert p == 0.0  # no true positives: precision 0, never nan


def test_bayes_precision_survives_underflow():
    assert precision_at_prevalence(0.0, 5e-324, 0.5) == 0.0
    assert precision_at_prevalence(1e-300, 0.0, 1e-300) == 1.0
    assert precision_at_prevalence(0.5, 0.5, 1e-300) == pytest.approx(1e-300, rel=1e-9)


scored = st.integers(4, 120).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n),
        st.lists(st.integers(-5, 5), min_size=n, max_size=n),
    )
)


@given(scored)
def test_corrected_curve_at_test_prevalence_is_sklearns_curve(data):
    y, s = (np.array(v) for v in data)
    assume(0 < y.sum() < y.size)
    p, r, t = corrected_pr_curve(y, s, deploy_prevalence=y.mean())
    P, R, T = precision_recall_curve(y, s)
    np.testing.assert_allclose(p, P, rtol=1e-12)
    np.testing.assert_allclose(r, R)
    np.testing.assert_array_equal(t, T)


@given(scored, prevalences)
def test_corrected_curve_equals_weighted_negatives(data, pi):
    y, s = (np.array(v) for v in data)
    assume(0 < y.sum() < y.size)
    w = negative_weight(y.sum(), y.size - y.sum(), pi)
    p, r, t = corrected_pr_curve(y, s, deploy_prevalence=pi)
    P, R, T = precision_recall_curve(y, s, sample_weight=np.where(y == 1, 1.0, w))
    np.testing.assert_allclose(p, P, rtol=1e-9)
    np.testing.assert_allclose(r, R)
    np.testing.assert_array_equal(t, T)
    # average precision from the corrected curve = sklearn's with weighted negatives
    ap = -np.sum(np.diff(r) * p[:-1])
    assert ap == pytest.approx(average_precision_score(y, s, sample_weight=np.where(y == 1, 1.0, w)), rel=1e-9)


count_tuples = st.tuples(st.integers(0, 500), st.integers(0, 500), st.integers(0, 5_000), st.integers(0, 50_000))


@given(count_tuples)
def test_rebuilt_precision_at_the_matrix_own_prevalence_is_tp_over_flagged(c):
    tp, fn, fp, tn = c
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0)
    n = tp + fn + fp + tn
    own = (tp + fn) / n
    assume(own < 1)
    assert rebuilt_precision(Counts(tn=tn, fp=fp, fn=fn, tp=tp), prevalence=own) == pytest.approx(
        tp / (tp + fp), rel=1e-9, abs=1e-12)


@given(count_tuples, prevalences)
def test_rebuilt_precision_is_bayes_with_the_matrix_rates(c, pi):
    tp, fn, fp, tn = c
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0)
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    slow = tpr * pi / (tpr * pi + fpr * (1 - pi))  # plain floats, the formula as written
    assert rebuilt_precision(Counts(tn=tn, fp=fp, fn=fn, tp=tp), prevalence=pi) == pytest.approx(slow, rel=1e-9)


def test_rebuilt_precision_elementwise_and_edge_cases():
    c = Counts(tn=np.array([99_890, 500, 500, 0]), fp=np.array([100, 0, 5, 0]),
               fn=np.array([22, 10, 0, 1]), tp=np.array([88, 0, 0, 1]))
    out = rebuilt_precision(c, prevalence=np.array([1e-4, 0.1, 0.1, 0.1]))
    assert out[0] == pytest.approx(precision_at_prevalence(0.8, 100 / 99_990, 1e-4))
    assert np.isnan(out[1])  # nobody flagged
    assert np.isnan(out[2])  # no positives: TPR undefined
    assert np.isnan(out[3])  # no negatives: FPR undefined
    # a prevalence estimated as 0 (no sick person in the sample): precision 0, not an error
    assert rebuilt_precision(Counts(tn=990, fp=10, fn=2, tp=8), prevalence=0.0) == 0.0
    with pytest.raises(ValueError, match="prevalence"):
        rebuilt_precision(Counts(tn=990, fp=10, fn=2, tp=8), prevalence=1.0)


def test_negative_weight_reaches_the_target_prevalence():
    w = negative_weight(50, 450, 0.001)
    assert 50 / (50 + 450 * w) == pytest.approx(0.001)


@given(st.floats(0.0, 1.0), st.floats(1e-4, 1 - 1e-4), st.floats(1e-4, 1 - 1e-4))
def test_posterior_adjustment_round_trips(p, pi_train, pi_new):
    # Priors within 1e-4 of 0 or 1 shift the odds by up to 1e8; a probability
    # pushed that close to 0 or 1 keeps fewer digits, hence abs=1e-6.
    there = adjust_posteriors(p, train_prevalence=pi_train, deploy_prevalence=pi_new)
    back = adjust_posteriors(there, train_prevalence=pi_new, deploy_prevalence=pi_train)
    assert back == pytest.approx(p, abs=1e-6)
    assert 0.0 <= there <= 1.0


def test_posterior_adjustment_is_bayes_rule():
    # calibrated at 0.5; at prevalence 0.1 the odds shrink by 9: 0.8 -> odds 4 -> 4/9
    q = adjust_posteriors(np.array([0.8]), train_prevalence=0.5, deploy_prevalence=0.1)
    assert q[0] == pytest.approx((4 / 9) / (1 + 4 / 9))


def _calibrated_scores(rng, n, pi_train, pi_sample, separation=2.0):
    """Gaussian classes N(+-separation/2, 1); exact posteriors at the training prior."""
    y = rng.random(n) < pi_sample
    x = rng.normal(np.where(y, separation / 2, -separation / 2), 1.0)
    log_lr = separation * x  # log N(x; s/2, 1) - log N(x; -s/2, 1)
    logit = log_lr + np.log(pi_train / (1 - pi_train))
    return y, 1 / (1 + np.exp(-logit))


@pytest.mark.parametrize("true_prior", [0.5, 0.2, 0.05, 0.01])
def test_em_recovers_a_known_prior(true_prior):
    rng = np.random.default_rng(7)
    y, p = _calibrated_scores(rng, 200_000, 0.3, true_prior)
    est = estimate_prevalence_em(p, train_prevalence=0.3)
    assert est == pytest.approx(y.mean(), abs=0.01)


def test_adjusted_classify_and_count():
    rng = np.random.default_rng(3)
    y, p = _calibrated_scores(rng, 200_000, 0.5, 0.1)
    pred = p > 0.5
    # true rates of this model at threshold 0.5 (x > 0): Phi(1) each side
    from scipy.stats import norm

    tpr, fpr = norm.cdf(1.0), norm.sf(1.0)
    assert estimate_prevalence_acc(pred, tpr=tpr, fpr=fpr) == pytest.approx(y.mean(), abs=0.01)
    with pytest.raises(ValueError, match="must exceed"):
        estimate_prevalence_acc(pred, tpr=0.2, fpr=0.3)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: precision_at_prevalence(0.8, 0.1, 0.0), "prevalence"),
        (lambda: precision_at_prevalence(0.8, 0.1, 1.0), "prevalence"),
        (lambda: precision_at_prevalence(1.2, 0.1, 0.5), "tpr"),
        (lambda: precision_at_prevalence(0.8, -0.1, 0.5), "fpr"),
        (lambda: corrected_precision(tp=1, fp=1, test_ratio=0, deploy_ratio=10), "test_ratio"),
        (lambda: corrected_precision(tp=1, fp=float("nan"), test_ratio=1, deploy_ratio=10), "^fp must hold"),
        (lambda: corrected_pr_curve([0, 1], [0.1, 0.2], deploy_prevalence=1.5), "deploy_prevalence"),
        (lambda: corrected_pr_curve([1, 1], [0.1, 0.2], deploy_prevalence=0.5), "no negatives"),
        (lambda: adjust_posteriors([0.2, 1.3], train_prevalence=0.5, deploy_prevalence=0.1), "proba"),
        (lambda: adjust_posteriors([0.2, float("nan")], train_prevalence=0.5, deploy_prevalence=0.1), "proba"),
        (lambda: estimate_prevalence_em([0.2], train_prevalence=0), "train_prevalence"),
    ],
)
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match) as info:
        call()
    assert "\n" not in str(info.value)


def test_corrected_precision_takes_the_counts_by_keyword_only():
    with pytest.raises(TypeError, match=r"no positional arguments.*corrected_precision\(tp=\.\.\., fp=\.\.\."):
        corrected_precision(90, 10, test_ratio=10, deploy_ratio=10_000)


def test_rebuilt_precision_takes_counts_or_the_four_keywords():
    c = Counts(tn=99_890, fp=100, fn=22, tp=88)
    assert rebuilt_precision(tp=88, fn=22, fp=100, tn=99_890, prevalence=1e-4) == rebuilt_precision(c, prevalence=1e-4)
    with pytest.raises(TypeError, match="by position"):
        rebuilt_precision(88, 22, 100, 99_890, prevalence=1e-4)
    with pytest.raises(ValueError, match=r"^counts\.fp must hold counts"):
        rebuilt_precision(Counts(tn=1, fp=-1, fn=1, tp=1), prevalence=0.1)
    with pytest.raises(ValueError, match=r"^counts must be a helpers\.Counts"):
        rebuilt_precision((1, 1, 1, 1), prevalence=0.1)


# --- the edges: extreme numbers, empty and tiny inputs, the likeliest mistakes --------------------------------


def test_bayes_precision_at_extreme_numbers_gives_the_limit_without_a_warning():
    with warnings.catch_warnings(), np.errstate(all="warn"):
        warnings.simplefilter("error")  # an overflow or 0/0 inside would be a RuntimeWarning, hence an error
        assert precision_at_prevalence(0.5, 0.0, 5e-324) == 1.0  # no false positives: 1 at any prevalence
        assert precision_at_prevalence(1e-300, 1.0, 1e-300) == 0.0  # (FPR / TPR) (1 - pi) / pi overflows: 0
        assert precision_at_prevalence(0.0, 0.0, 0.5) != precision_at_prevalence(0.0, 0.0, 0.5)  # nan
        out = precision_at_prevalence(np.array([0.8, 0.0, 0.5]), np.array([0.1, 0.0, 0.0]), np.array([0.5, 0.5, 0.01]))
    assert out[0] == pytest.approx(0.8 / 0.9) and np.isnan(out[1]) and out[2] == 1.0


def test_acc_is_the_formula_and_is_clipped_at_both_ends():
    assert estimate_prevalence_acc([1, 0, 0, 0], tpr=0.8, fpr=0.1) == pytest.approx((0.25 - 0.1) / 0.7, rel=1e-12)
    assert estimate_prevalence_acc(np.array([True, False]), tpr=0.9, fpr=0.1) == pytest.approx(0.5, rel=1e-12)
    assert estimate_prevalence_acc([1, 1, 1, 1], tpr=0.8, fpr=0.1) == 1.0  # (1 - 0.1) / 0.7 > 1
    assert estimate_prevalence_acc([0, 0, 0, 0], tpr=0.8, fpr=0.1) == 0.0  # (0 - 0.1) / 0.7 < 0
    assert estimate_prevalence_acc([1], tpr=0.8, fpr=0.1) == 1.0  # a single prediction is an estimate too
    assert estimate_prevalence_acc([0], tpr=1.0, fpr=0.0) == 0.0
    assert estimate_prevalence_acc([1, 0], tpr=1.0, fpr=0.0) == 0.5


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: estimate_prevalence_acc([], tpr=0.8, fpr=0.1), r"^y_pred is empty$"),
        (lambda: estimate_prevalence_acc([0.2, 0.9], tpr=0.8, fpr=0.1),  # scores instead of classes
         r"^y_pred must hold predicted classes 0 and 1$"),
        (lambda: estimate_prevalence_acc([0, 2], tpr=0.8, fpr=0.1), r"^y_pred must hold predicted classes 0 and 1$"),
        (lambda: estimate_prevalence_acc([0, 1], tpr=0.3, fpr=0.3),
         r"^tpr \(0\.3\) must exceed fpr \(0\.3\) for the correction to be defined$"),
        (lambda: estimate_prevalence_acc([0, 1], tpr=0.2, fpr=0.3), r"^tpr \(0\.2\) must exceed fpr \(0\.3\)"),
        (lambda: estimate_prevalence_acc([0, 1], tpr=1.5, fpr=0.3), r"^tpr must hold rates between 0 and 1"),
        (lambda: estimate_prevalence_acc([0, 1], tpr=0.8, fpr=-0.1), r"^fpr must hold rates between 0 and 1"),
        (lambda: corrected_precision(tp=9, fp=["a"], test_ratio=1, deploy_ratio=2),
         r"^fp must hold finite counts >= 0, got list$"),
        (lambda: corrected_precision(tp=9, fp=True, test_ratio=1, deploy_ratio=2),
         r"^fp must hold finite counts >= 0, got True$"),
        (lambda: corrected_precision(tp=9, fp="3", test_ratio=1, deploy_ratio=2),
         r"^fp must hold finite counts >= 0, got '3'$"),
        (lambda: corrected_precision(tp=9, fp=-1, test_ratio=1, deploy_ratio=2),
         r"^fp must hold finite counts >= 0, found -1\.0$"),
        (lambda: corrected_precision(tp=[1, np.inf], fp=1, test_ratio=1, deploy_ratio=2),
         r"^tp must hold finite counts >= 0, found inf$"),
        (lambda: corrected_precision(tp=1, fp=1, test_ratio=1, deploy_ratio=-2),
         r"^deploy_ratio must be a positive finite number, got -2\.0$"),
        (lambda: corrected_precision(tp=1, fp=1, test_ratio=np.inf, deploy_ratio=2), r"^test_ratio must be a positive"),
        (lambda: estimate_prevalence_em([0.5], train_prevalence=0.5, tol=0), r"^tol must be > 0, got 0$"),
        (lambda: estimate_prevalence_em([0.5], train_prevalence=0.5, tol=-1), r"^tol must be > 0, got -1$"),
        (lambda: estimate_prevalence_em([0.5], train_prevalence=0.5, tol=float("nan")), r"^tol must be > 0, got nan$"),
        (lambda: estimate_prevalence_em([0.5, 1.2], train_prevalence=0.5), r"^proba must be probabilities in \[0, 1\]"),
        (lambda: adjust_posteriors([0.5], train_prevalence=0.5, deploy_prevalence=0),
         r"^deploy_prevalence must be strictly between 0 and 1, got 0\.0$"),
        (lambda: rebuilt_precision(Counts(tn=9, fp=1, fn=1, tp=1), prevalence=-0.1),
         r"^prevalence must be in \[0, 1\), found -0\.1$"),
        (lambda: corrected_pr_curve([0, 1, 1], [0.1, 0.2], deploy_prevalence=0.5),
         r"^y_true and y_score must have the same length, got 3 and 2$"),
        (lambda: corrected_pr_curve([0, 1], [0.1, 0.2], deploy_prevalence=0), r"^deploy_prevalence must be strictly"),
        (lambda: precision_at_prevalence(0.8, 0.1, 1.0), r"^prevalence must be strictly between 0 and 1, found .*1\.0"),
        (lambda: precision_at_prevalence(1.2, 0.1, 0.5), r"^tpr must hold rates between 0 and 1, found .*1\.2"),
    ],
)
def test_bad_input_gets_its_own_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_em_stops_at_the_first_step_shorter_than_tol_and_reaches_the_edges():
    after_one = adjust_posteriors(0.8, train_prevalence=0.5, deploy_prevalence=0.5)  # 0.8: the first step
    after_two = adjust_posteriors(0.8, train_prevalence=0.5, deploy_prevalence=after_one)
    step = after_one - 0.5
    # a first step exactly as long as tol is not shorter than it: EM takes a second step
    assert estimate_prevalence_em([0.8], train_prevalence=0.5, tol=step, max_iter=2) == after_two
    assert estimate_prevalence_em([0.8], train_prevalence=0.5, tol=step * 1.01, max_iter=2) == after_one
    # stopped by max_iter, not by tol: the last value, with a warning
    with pytest.warns(ConvergenceWarning, match=r"max_iter=1 steps without converging \(last step 0\.3, tol=1e-10\)"):
        assert estimate_prevalence_em([0.8], train_prevalence=0.5, max_iter=1) == after_one
    with pytest.warns(ConvergenceWarning, match=r"max_iter=0 steps without converging \(last step nan, tol=1e-10\)"):
        assert estimate_prevalence_em([0.8], train_prevalence=0.5, max_iter=0) == 0.5
    with warnings.catch_warnings(), np.errstate(all="warn"):
        warnings.simplefilter("error")
        assert estimate_prevalence_em([1.0, 1.0], train_prevalence=0.3) == 1.0
        assert estimate_prevalence_em(np.zeros((2, 3)), train_prevalence=0.3) == 0.0
        assert 0 < estimate_prevalence_em([1.0, 0.0, 0.5], train_prevalence=0.3) < 1


def test_em_warns_when_max_iter_stops_it_short_of_the_maximum_likelihood_prior():
    # An uninformative classifier: its scores barely move from 0.5, so the likelihood of the prior is
    # flat and its maximum lies at 0; EM crawls towards it, each step shorter than the one before.
    p = 0.5 + 0.01 * np.random.default_rng(0).normal(size=1_000)
    with pytest.warns(ConvergenceWarning) as caught:
        at_cap = estimate_prevalence_em(p, train_prevalence=0.5)
    assert len(caught) == 1
    assert str(caught[0].message) == (
        "estimate_prevalence_em stopped at max_iter=10000 steps without converging "
        "(last step 5.43e-09, tol=1e-10): the prior it returns, 4.68e-06, may be far from the "
        "maximum-likelihood one; raise max_iter, or check that the scores separate the classes"
    )
    # stacklevel=2: the warning points at the caller's line. Under mutation testing the caller is mutmut's
    # trampoline (a wrapper calls it, and it calls the function as orig_func or mutated_func)
    if "mutmut" in sys.modules:
        line = linecache.getline(caught[0].filename, caught[0].lineno)
        assert Path(caught[0].filename).name == "trampoline.py" and "_func(" in line, line
    else:
        assert caught[0].filename == __file__
    # the value really was unconverged: allowed more steps, EM stops by tol, silently, 50 times lower
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        further = estimate_prevalence_em(p, train_prevalence=0.5, max_iter=20_000)
        assert 0 < further < at_cap / 50
        # and with a looser tol it stops early, silently too
        assert estimate_prevalence_em(p, train_prevalence=0.5, tol=1e-6) > at_cap


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: adjust_posteriors([0.2, 1.3], train_prevalence=0.5, deploy_prevalence=0.1),
         r"^proba must be probabilities in \[0, 1\], found .*1\.3.* at position 1$"),
        (lambda: adjust_posteriors([0.2], train_prevalence=1, deploy_prevalence=0.1),
         r"^train_prevalence must be strictly between 0 and 1, got 1\.0$"),
        (lambda: estimate_prevalence_em([0.2], train_prevalence=1.5),
         r"^train_prevalence must be strictly between 0 and 1, got 1\.5$"),
        (lambda: estimate_prevalence_em([], train_prevalence=0.5), r"^proba is empty$"),
    ],
)
def test_posterior_messages(call, message):
    with pytest.raises(ValueError, match=message):
        call()
