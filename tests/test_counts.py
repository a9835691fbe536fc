"""Counts and the metric zoo: the cheat sheet's figures by hand, everything else against scikit-learn."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    confusion_matrix,
    f1_score,
    matthews_corrcoef,
    precision_score,
    recall_score,
)

from helpers import METRIC_FORMULAS, Counts, confusion_counts, metric_zoo
from helpers.counts import PREVALENCE_FREE, WeightedCounts, counts_at_prevalence, negative_weight, weight_negatives

ZOO_KEYS = {
    "accuracy", "precision", "recall", "specificity", "fpr", "fnr", "npv", "fdr", "for",
    "f1", "balanced_accuracy", "mcc", "prevalence", "lr_plus", "lr_minus", "dor",
}


def test_counts_order_is_sklearn_ravel_order():
    y_true = [0, 0, 0, 1, 1, 1, 1]
    y_pred = [0, 1, 1, 0, 1, 1, 1]
    assert tuple(confusion_counts(y_true, y_pred)) == tuple(confusion_matrix(y_true, y_pred).ravel())
    c = confusion_counts(y_true, y_pred)
    assert (c.tn, c.fp, c.fn, c.tp) == (1, 2, 1, 3)
    assert c.n == 7 and c.n_pos == 4 and c.n_neg == 3
    assert c.as_matrix().tolist() == [[1, 2], [1, 3]]


def test_pos_label_names_the_positive_class():
    y_true = ["ill", "ok", "ill", "ok"]
    y_pred = ["ill", "ill", "ok", "ok"]
    assert confusion_counts(y_true, y_pred, pos_label="ill") == Counts(tn=1, fp=1, fn=1, tp=1)


def test_pos_label_zero_swaps_roles():
    c = confusion_counts([0, 0, 1], [0, 1, 1], pos_label=0)
    # positive = 0: one 0 predicted 0 (TP), one 0 predicted 1 (FN), the 1 predicted 1 (TN)
    assert c == Counts(tn=1, fp=0, fn=1, tp=1)


@pytest.mark.parametrize(
    ("y_true", "y_pred", "match"),
    [
        ([0, 1], [0], "same length"),
        ([0, 1, 2], [0, 1, 1], "two classes"),
        ([], [], "empty"),
    ],
)
def test_confusion_counts_refuses_bad_input(y_true, y_pred, match):
    with pytest.raises(ValueError, match=match):
        confusion_counts(y_true, y_pred)


def test_cheat_sheet_example_1():
    """TN 90, FP 0, FN 9, TP 1: the figures the cheat sheet lists."""
    z = metric_zoo(Counts(tn=90, fp=0, fn=9, tp=1))
    assert set(z) == ZOO_KEYS == set(METRIC_FORMULAS)
    assert z["accuracy"] == pytest.approx(0.91)
    assert 1 - z["accuracy"] == pytest.approx(0.09)
    assert z["recall"] == pytest.approx(0.1)
    assert z["balanced_accuracy"] == pytest.approx(0.55)
    assert z["specificity"] == pytest.approx(1.0)
    assert z["fpr"] == pytest.approx(0.0)
    assert z["precision"] == pytest.approx(1.0)
    assert round(z["f1"], 3) == 0.182
    assert math.isnan(z["lr_plus"])  # TPR / 0: undefined, not an exception
    assert math.isnan(z["dor"])


def test_cheat_sheet_example_2():
    """TN 72, FP 18, FN 2, TP 8."""
    z = metric_zoo(Counts(tn=72, fp=18, fn=2, tp=8))
    assert z["accuracy"] == pytest.approx(0.8)
    assert z["recall"] == pytest.approx(0.8)
    assert z["balanced_accuracy"] == pytest.approx(0.8)
    assert z["specificity"] == pytest.approx(0.8)
    assert z["fpr"] == pytest.approx(0.2)
    assert round(z["precision"], 3) == 0.308
    assert round(z["f1"], 3) == 0.444
    assert z["lr_plus"] == pytest.approx(4.0)
    assert z["lr_minus"] == pytest.approx(0.25)
    assert z["dor"] == pytest.approx(16.0)  # (TP TN) / (FP FN) = 576 / 36


def test_undefined_ratios_are_nan_never_errors():
    z = metric_zoo(Counts(tn=5, fp=0, fn=3, tp=0))  # nobody predicted positive
    assert math.isnan(z["precision"]) and math.isnan(z["fdr"]) and math.isnan(z["mcc"])
    assert z["f1"] == 0.0 and z["recall"] == 0.0


def test_all_zero_counts_refused():
    with pytest.raises(ValueError, match="all zero"):
        metric_zoo(Counts(0, 0, 0, 0))


@pytest.mark.parametrize("bad", [(1, 2, 3), (1, -2, 3, 4), (1.5, 2, 3, 4), ("a", 1, 1, 1)])
def test_bad_counts_refused(bad):
    with pytest.raises(ValueError):
        metric_zoo(bad)


def test_array_counts_give_array_metrics():
    z = metric_zoo(Counts(tn=np.array([72, 90]), fp=np.array([18, 0]), fn=np.array([2, 9]), tp=np.array([8, 1])))
    np.testing.assert_allclose(z["accuracy"], [0.8, 0.91])


labels = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=60)


@given(labels)
def test_metric_zoo_agrees_with_sklearn(pairs):
    y_true = np.array([p[0] for p in pairs])
    y_pred = np.array([p[1] for p in pairs])
    c = confusion_counts(y_true, y_pred)
    assert tuple(c) == tuple(confusion_matrix(y_true, y_pred, labels=[0, 1]).ravel())
    z = metric_zoo(c)
    assert z["accuracy"] == pytest.approx(accuracy_score(y_true, y_pred))
    if c.tp + c.fp + c.fn:
        assert z["f1"] == pytest.approx(f1_score(y_true, y_pred))
    else:
        assert math.isnan(z["f1"])
    if c.tp + c.fp:
        assert z["precision"] == pytest.approx(precision_score(y_true, y_pred))
    else:
        assert math.isnan(z["precision"])
    if c.tp + c.fn:
        assert z["recall"] == pytest.approx(recall_score(y_true, y_pred))
    if c.n_pos and c.n_neg:
        assert z["balanced_accuracy"] == pytest.approx(balanced_accuracy_score(y_true, y_pred))
    denominators = (c.tp + c.fp) * (c.tp + c.fn) * (c.tn + c.fp) * (c.tn + c.fn)
    if denominators:
        assert z["mcc"] == pytest.approx(matthews_corrcoef(y_true, y_pred), abs=1e-12)
    # complementary pairs add up to one whenever defined
    for a, b in [("precision", "fdr"), ("recall", "fnr"), ("specificity", "fpr"), ("npv", "for")]:
        if not math.isnan(z[a]):
            assert z[a] + z[b] == pytest.approx(1.0)


# --- weighted counts: the counts at another prevalence --------------------------------------------------------

def test_fractional_plain_counts_keep_their_message_weighted_counts_are_accepted():
    with pytest.raises(ValueError, match=r"^counts\.tn must hold whole numbers >= 0, got 1\.5$"):
        metric_zoo((1.5, 2, 3, 4))
    with pytest.raises(ValueError, match=r"^tn must hold whole numbers >= 0, got 1\.5$"):
        metric_zoo(tp=4, fn=3, fp=2, tn=1.5)
    z = metric_zoo(WeightedCounts(tn=1.5, fp=0.5, fn=3, tp=4))
    assert z["precision"] == pytest.approx(4 / 4.5) and z["npv"] == pytest.approx(1.5 / 4.5)
    assert z["specificity"] == pytest.approx(0.75) and z["prevalence"] == pytest.approx(7 / 9)


@pytest.mark.parametrize(
    ("cells", "match"),
    [
        ((1.0, -0.5, 1.0, 1.0),
         r"^counts\.fp must hold weighted counts \(finite numbers >= 0\), found a negative count$"),
        ((1.0, 1.0, float("nan"), 1.0), r"^counts\.fn must hold weighted counts .* found nan$"),
        ((1.0, 1.0, 1.0, float("inf")), r"^counts\.tp must hold weighted counts .* found inf$"),
        (("a", 1.0, 1.0, 1.0), "^counts.tn must hold weighted counts"),
        ((0.0, 0.0, 0.0, 0.0), "all zero"),
    ],
)
def test_bad_weighted_counts_refused(cells, match):
    with pytest.raises(ValueError, match=match):
        metric_zoo(WeightedCounts(*cells))


def test_weighted_counts_are_counts_with_the_same_fields():
    c = Counts(tn=90, fp=10, fn=2, tp=8).at_prevalence(0.5)
    assert isinstance(c, WeightedCounts) and isinstance(c, Counts)
    assert c._fields == ("tn", "fp", "fn", "tp")
    assert c.n_pos == 10 and c.n_neg == pytest.approx(10) and c.n == pytest.approx(20)
    assert repr(c) == "WeightedCounts(tn=9.0, fp=1.0, fn=2.0, tp=8.0)"


@given(
    st.tuples(*(st.integers(0, 1000),) * 4).filter(lambda c: c[0] + c[1] > 0 and c[2] + c[3] > 0),
    st.floats(1e-6, 1 - 1e-6),
)
def test_counts_at_prevalence_weights_only_the_negatives(cells, pi):
    c = Counts(*cells)
    at = c.at_prevalence(pi)
    w = ((1 - pi) / pi) / (c.n_neg / c.n_pos)
    assert (at.tp, at.fn) == (c.tp, c.fn)
    assert at.fp == pytest.approx(w * c.fp) and at.tn == pytest.approx(w * c.tn)
    assert at.n_pos / at.n == pytest.approx(pi)  # the prevalence asked for
    assert counts_at_prevalence(cells, pi) == at  # a plain tuple works too
    z, zw = metric_zoo(c), metric_zoo(at)
    for key in PREVALENCE_FREE:  # TPR and FPR, and what is built from them only, do not move
        assert zw[key] == pytest.approx(z[key], rel=1e-9, nan_ok=True), key


def test_counts_at_prevalence_refuses_what_it_cannot_weight():
    with pytest.raises(ValueError, match="no positives"):
        Counts(tn=5, fp=1, fn=0, tp=0).at_prevalence(0.1)
    with pytest.raises(ValueError, match="no negatives"):
        Counts(tn=0, fp=0, fn=1, tp=3).at_prevalence(0.1)
    with pytest.raises(ValueError, match="prevalence must be strictly between 0 and 1"):
        Counts(tn=5, fp=1, fn=1, tp=3).at_prevalence(1.0)
    with pytest.raises(ValueError, match="overflows"):
        Counts(tn=5, fp=1, fn=1, tp=3).at_prevalence(1e-320)
    with pytest.raises(ValueError, match="whole numbers"):
        counts_at_prevalence((5.5, 1, 1, 3), 0.1)


def test_weight_negatives():
    assert weight_negatives(Counts(tn=90, fp=10, fn=2, tp=8), 0.5) == WeightedCounts(45.0, 5.0, 2.0, 8.0)
    arrays = weight_negatives(Counts(np.array([90, 9]), np.array([10, 1]), np.array([2, 2]), np.array([8, 8])), 2.0)
    np.testing.assert_array_equal(arrays.fp, [20.0, 2.0])
    for bad in (0, -1, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="weight must be a finite number > 0"):
            weight_negatives(Counts(1, 1, 1, 1), bad)


def test_metric_zoo_keys_pick_metrics_in_the_order_asked():
    c = Counts(tn=72, fp=18, fn=2, tp=8)
    full = metric_zoo(c)
    assert list(full) == list(METRIC_FORMULAS)
    some = metric_zoo(c, keys=["dor", "precision", "balanced_accuracy"])
    assert list(some) == ["dor", "precision", "balanced_accuracy"]
    assert all(some[k] == full[k] for k in some)
    assert metric_zoo(c, keys="f1") == {"f1": full["f1"]}
    with pytest.raises(ValueError, match="keys must be metric_zoo keys.*'ppv'"):
        metric_zoo(c, keys=["precision", "ppv"])


def test_the_four_keywords_give_what_counts_gives():
    c = Counts(tn=72, fp=18, fn=2, tp=8)
    assert metric_zoo(tp=8, fn=2, fp=18, tn=72) == metric_zoo(c) == metric_zoo((72, 18, 2, 8))
    assert weight_negatives(tp=8, fn=2, fp=18, tn=72, weight=0.5) == weight_negatives(c, 0.5)
    assert counts_at_prevalence(tp=8, fn=2, fp=18, tn=72, prevalence=0.01) == c.at_prevalence(0.01)
    arrays = metric_zoo(tp=np.array([8, 1]), fn=np.array([2, 9]), fp=np.array([18, 0]), tn=np.array([72, 90]))
    np.testing.assert_allclose(arrays["accuracy"], [0.8, 0.91])


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: metric_zoo(72, 18, 2, 8), r"by position.*Counts\(tn=\.\.\., fp=\.\.\., fn=\.\.\., tp=\.\.\.\)"),
        (lambda: metric_zoo(Counts(72, 18, 2, 8), tp=8), "counts and also tp="),
        (lambda: metric_zoo(tp=8, fn=2, fp=18), "not tn="),
        (lambda: weight_negatives(Counts(72, 18, 2, 8)), "needs weight"),
        (lambda: counts_at_prevalence(Counts(72, 18, 2, 8)), "needs prevalence"),
    ],
)
def test_the_matrix_is_given_one_way(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_messages_name_the_cells_as_the_caller_wrote_them():
    with pytest.raises(ValueError, match=r"^counts\.tn must hold whole numbers >= 0, found a negative count$"):
        weight_negatives(Counts(tn=-1, fp=1, fn=1, tp=1), 2)
    with pytest.raises(ValueError, match=r"^tn must hold whole numbers >= 0, found a negative count$"):
        counts_at_prevalence(tp=1, fn=1, fp=1, tn=-1, prevalence=0.5)
    with pytest.raises(ValueError, match=r"^the four counts must have the same shape, got counts\.tn \(\), "):
        metric_zoo(Counts(tn=1, fp=1, fn=1, tp=np.array([1, 2])))
    with pytest.raises(ValueError, match=r"^weight must be a finite number > 0, got 'x'$"):
        weight_negatives(Counts(1, 1, 1, 1), "x")


@given(
    curve=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 400)), min_size=1, max_size=30),
    pi=st.floats(1e-6, 0.999),
    keys=st.sampled_from([["precision", "f1"], ["f1"], ["precision", "recall", "fnr", "fdr"]]),
)
def test_the_metrics_at_a_prevalence_without_tn_are_those_with_it_to_the_bit(curve, pi, keys):
    """The fast path (TN neither converted nor weighted; the weight from P and N) against the per-entry one."""
    from helpers.counts import _zoo_at_prevalence

    tp = np.cumsum([a for a, _ in curve]).astype(float)
    fp = np.cumsum([b for _, b in curve]).astype(float)
    big_p, big_n = tp[-1] + 1, fp[-1] + 1  # one positive and one negative never flagged: both classes everywhere
    fast = _zoo_at_prevalence(None, fp, big_p - tp, tp, pi, keys, totals=(big_p, big_n))
    slow = _zoo_at_prevalence(big_n - fp, fp, big_p - tp, tp, pi, keys)
    for key in keys:
        np.testing.assert_array_equal(fast[key].view(np.int64), slow[key].view(np.int64))  # same bits, nan too


def test_a_ratio_is_nan_exactly_where_its_denominator_is_zero():
    from helpers.counts import _ratio

    out = _ratio(np.array([0.0, 1.0, 0.0, 2.0]), np.array([0.0, 0.0, 3.0, 4.0]))
    np.testing.assert_array_equal(np.isnan(out), [True, True, False, False])
    assert out[2] == 0.0 and out[3] == 0.5
    assert np.isnan(_ratio(0, 0)) and _ratio(1, 4).ndim == 0


# --- the edges: shapes, one spelling at a time, overflow on the unchecked paths -------------------------------


@pytest.mark.parametrize(
    ("y_true", "y_pred"),
    [([[0], [1]], [0, 1]), ([0, 1], [[0], [1]]), ([[0, 1]], [[0, 1]]), (1, 1)],
)
def test_confusion_counts_needs_one_dimensional_labels(y_true, y_pred):
    with pytest.raises(ValueError, match=r"^y_true and y_pred must be one-dimensional$"):
        confusion_counts(y_true, y_pred)


def test_confusion_counts_messages_name_what_is_wrong():
    with pytest.raises(ValueError, match=r"^y_true and y_pred must have the same length, got 2 and 1$"):
        confusion_counts([0, 1], [0])
    with pytest.raises(ValueError, match=r"^y_true is empty$"):
        confusion_counts([], [])
    with pytest.raises(ValueError, match=r"^y_true and y_pred must hold two classes, pos_label=1 and one other; "
                                         r"found \[0, 1, 2\]$"):
        confusion_counts([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"pos_label='yes' and one other; found \['maybe', 'no', 'yes'\]$"):
        confusion_counts(["yes", "no"], ["maybe", "no"], pos_label="yes")
    # one class only, or a pos_label that never occurs, is still a confusion matrix
    assert confusion_counts([0, 0], [0, 0]) == Counts(tn=2, fp=0, fn=0, tp=0)
    assert confusion_counts([1, 1], [1, 0]) == Counts(tn=0, fp=0, fn=1, tp=1)
    assert confusion_counts([0, 0], [0, 0], pos_label=7) == Counts(tn=2, fp=0, fn=0, tp=0)


def test_weighted_counts_with_keywords_too_are_refused():
    with pytest.raises(TypeError, match=r"^metric_zoo\(\) got counts and also tp=: give the confusion matrix one way"):
        metric_zoo(WeightedCounts(tn=1.5, fp=0.5, fn=3, tp=4), tp=3)
    with pytest.raises(TypeError, match=r"^weight_negatives\(\) got counts and also fn=, tn="):
        weight_negatives(WeightedCounts(tn=1.5, fp=0.5, fn=3, tp=4), 2.0, fn=1, tn=1)


def test_the_plain_sequence_form_is_four_entries_in_ravel_order():
    assert metric_zoo([72, 18, 2, 8]) == metric_zoo(Counts(72, 18, 2, 8))
    assert metric_zoo(np.array([[72, 18], [2, 8]]).ravel()) == metric_zoo(Counts(72, 18, 2, 8))
    with pytest.raises(ValueError, match=r"^counts must be a helpers\.Counts"):
        metric_zoo(np.array([[72, 18], [2, 8]]))  # the matrix itself: two entries, not four
    with pytest.raises(ValueError, match=r"^counts must be a helpers\.Counts"):
        metric_zoo("abcd")


@pytest.mark.parametrize("tiny", [1e-320, 5e-324])
def test_a_prevalence_too_small_for_the_weight_is_refused_on_every_path(tiny):
    from helpers.counts import _at_prevalence_unchecked, _zoo_at_prevalence

    message = rf"^prevalence is too small: the weight of a negative overflows, found {tiny!r}$"
    tn, fp, fn, tp = (np.array([v], dtype=float) for v in (90, 10, 2, 8))
    with pytest.raises(ValueError, match=message):
        counts_at_prevalence(Counts(90, 10, 2, 8), tiny)
    with pytest.raises(ValueError, match=message):
        _at_prevalence_unchecked(tn, fp, fn, tp, tiny)
    with pytest.raises(ValueError, match=message):
        _at_prevalence_unchecked(tn, fp, fn, tp, tiny, totals=(10.0, 100.0))
    with pytest.raises(ValueError, match=message):
        _zoo_at_prevalence(None, fp, fn, tp, tiny, ["precision"], totals=(10.0, 100.0))
    with pytest.raises(ValueError, match=message):
        _zoo_at_prevalence(tn, fp, fn, tp, tiny, ["npv"], totals=(10.0, 100.0))


def test_the_unchecked_paths_give_the_public_numbers():
    from helpers.counts import _at_prevalence_unchecked, _zoo_at_prevalence

    c = Counts(tn=np.array([90.0, 50.0]), fp=np.array([10.0, 50.0]), fn=np.array([2.0, 8.0]), tp=np.array([8.0, 2.0]))
    public = counts_at_prevalence(c, 0.01)
    for got in (_at_prevalence_unchecked(*c, 0.01), _at_prevalence_unchecked(*c, 0.01, totals=(10.0, 100.0))):
        for a, b in zip(got, public, strict=True):
            np.testing.assert_array_equal(a, b)
    keys = ["npv", "precision", "accuracy"]
    np.testing.assert_equal(_zoo_at_prevalence(*c, 0.01, keys), metric_zoo(public, keys=keys))
    np.testing.assert_equal(_zoo_at_prevalence(*c, 0.01, keys, totals=(10.0, 100.0)), metric_zoo(public, keys=keys))


def test_metric_zoo_of_scalars_is_floats_and_of_arrays_arrays():
    one = metric_zoo(Counts(tn=5, fp=1, fn=1, tp=3), keys=["precision", "lr_plus"])
    assert all(type(v) is float for v in one.values())
    many = metric_zoo(Counts(tn=[5, 6], fp=[1, 0], fn=[1, 2], tp=[3, 2]), keys=["precision", "lr_plus"])
    assert all(isinstance(v, np.ndarray) and v.shape == (2,) for v in many.values())
    assert np.isnan(many["lr_plus"][1]) and many["lr_plus"][0] == pytest.approx((3 / 4) / (1 / 6))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: negative_weight(10, 0, 0.1), r"^n_neg must be a positive finite number, got 0\.0$"),
        (lambda: negative_weight(-1, 10, 0.1), r"^n_pos must be a positive finite number, got -1\.0$"),
        (lambda: negative_weight(10, 10, 0), r"^deploy_prevalence must be strictly between 0 and 1, got 0\.0$"),
        (lambda: weight_negatives(Counts(1, 1, 1, 1), True), r"^weight must be a finite number > 0, got True$"),
        (lambda: weight_negatives(Counts(1, 1, 1, 1), [1.0, -2.0]),
         r"^weight must be a finite number > 0, found -2\.0$"),
        (lambda: counts_at_prevalence(Counts(1, 1, 1, 1), [0.5, 1.5]),
         r"^prevalence must be strictly between 0 and 1, found"),
        (lambda: Counts(tn=5, fp=1, fn=0, tp=0).at_prevalence(0.1),
         r"^counts have no positives \(tp \+ fn = 0\): no weight moves them to a prevalence$"),
        (lambda: Counts(tn=0, fp=0, fn=1, tp=3).at_prevalence(0.1),
         r"^counts have no negatives \(tn \+ fp = 0\): no weight moves them to a prevalence$"),
        (lambda: metric_zoo(Counts(0, 0, 0, 0)), r"^counts are all zero: there is nobody to evaluate$"),
        (lambda: metric_zoo(Counts(tn=[1, 0], fp=[1, 0], fn=[1, 0], tp=[1, 0])), r"^counts are all zero"),
        (lambda: metric_zoo(WeightedCounts(tn=1.0, fp=1.0, fn=1.0, tp=np.array([1.0, 2.0]))),
         r"^the four counts must have the same shape, got counts\.tn \(\), counts\.fp \(\), counts\.fn \(\), "
         r"counts\.tp \(2,\)$"),
        (lambda: metric_zoo(Counts(1, 1, 1, 1), keys=["precision", "sensitivity"]),
         r"^keys must be metric_zoo keys \(accuracy, precision, recall, .*, dor\), got 'sensitivity'$"),
        (lambda: weight_negatives(Counts(72, 18, 2, 8)),
         r"^weight_negatives\(\) needs weight, the factor for every negative \(a finite number > 0\)$"),
        (lambda: counts_at_prevalence(Counts(72, 18, 2, 8)),
         r"^counts_at_prevalence\(\) needs prevalence, a number strictly between 0 and 1$"),
    ],
)
def test_bad_input_gets_its_own_message(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


def test_a_numpy_prevalence_too_small_is_refused_without_a_warning():
    """np.float64 is a float: (1 - pi) / pi overflows in numpy, where Python's float division gives inf silently."""
    from helpers.counts import _at_prevalence_unchecked, _zoo_at_prevalence

    tn, fp, fn, tp = (np.array([v], dtype=float) for v in (90, 10, 2, 8))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for call in (lambda pi: _at_prevalence_unchecked(tn, fp, fn, tp, pi),
                     lambda pi: _at_prevalence_unchecked(tn, fp, fn, tp, pi, totals=(10.0, 100.0)),
                     lambda pi: _zoo_at_prevalence(None, fp, fn, tp, pi, ["precision"], totals=(10.0, 100.0)),
                     lambda pi: counts_at_prevalence(Counts(90, 10, 2, 8), pi)):
            with pytest.raises(ValueError, match=r"^prevalence is too small: the weight of a negative overflows"):
                call(np.float64(1e-320))


def test_the_fast_path_needs_no_tn_for_every_metric_that_leaves_tn_out():
    from helpers.counts import _NO_TN, _zoo_at_prevalence

    fp, fn, tp = np.array([10.0, 0.0]), np.array([2.0, 9.0]), np.array([8.0, 1.0])
    keys = sorted(_NO_TN)
    fast = _zoo_at_prevalence(None, fp, fn, tp, 0.01, keys, totals=(10.0, 100.0))
    slow = metric_zoo(counts_at_prevalence(Counts(tn=100 - fp, fp=fp, fn=fn, tp=tp), 0.01), keys=keys)
    np.testing.assert_equal(fast, slow)


def test_a_ratio_broadcasts_a_number_against_an_array():
    from helpers.counts import _ratio

    np.testing.assert_array_equal(_ratio(np.array([1.0, 2.0]), 2.0), [0.5, 1.0])
    out = _ratio(1, np.array([2, 0]))
    assert out.dtype == float and out[0] == 0.5 and np.isnan(out[1])


def test_counts_in_the_millions_do_not_overflow():
    """(TP+FP)(TP+FN)(TN+FP)(TN+FN) is 2.4e22 here: far beyond int64, so the zoo must work in floats."""
    c = Counts(tn=10**6, fp=10**5, fn=10**4, tp=10**5)
    tn, fp, fn, tp = (float(v) for v in c)
    z = metric_zoo(c)
    assert z["mcc"] == pytest.approx((tp * tn - fp * fn) / math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)),
                                     rel=1e-12)
    arrays = metric_zoo(Counts(*(np.array([v, v]) for v in c)), keys=["mcc", "dor"])
    np.testing.assert_allclose(arrays["mcc"], z["mcc"], rtol=1e-12)
    assert arrays["dor"][0] == pytest.approx((tp * tn) / (fp * fn), rel=1e-12)


def test_the_confusion_matrix_arguments_give_their_messages_in_full():
    """resolve_counts and check_counts_object, behind every function taking counts: each message word for word."""
    from helpers.counts import check_counts_object, resolve_counts

    either = "either counts=Counts(...) or the four keywords tp=, fn=, fp=, tn="
    cases = [
        (TypeError, lambda: resolve_counts(Counts(tn=1, fp=2, fn=3, tp=4), tp=1, fn=2, function="f"),
         f"f() got counts and also tp=, fn=: give the confusion matrix one way, {either}"),
        (TypeError, lambda: resolve_counts(tp=1, fp=2, function="f"),
         "f() got tp=, fp= but not fn=, tn=: give all four counts tp=, fn=, fp=, tn= (or counts=Counts(...))"),
        (TypeError, lambda: resolve_counts(function="f"),
         "f() needs the confusion matrix: counts=Counts(tn=..., fp=..., fn=..., tp=...), "
         "or the four keywords tp=, fn=, fp=, tn="),
        (ValueError, lambda: resolve_counts(tp=[1, 2], fn=[1, 2, 3], fp=1, tn=1, function="f"),
         "the four counts must have shapes that broadcast together, got tp (2,), fn (3,), fp (), tn ()"),
        (ValueError, lambda: resolve_counts(tp=["a"], fn=1, fp=1, tn=1, function="f", whole=False),
         "tp must hold counts (finite numbers >= 0), got ['a']"),
        (ValueError, lambda: resolve_counts(tp=1.5, fn=True, fp=1, tn=1, function="f", whole=False),
         "fn must hold counts (finite numbers >= 0), got True"),
        (ValueError, lambda: resolve_counts(tp=1.5, fn=1, fp=-0.5, tn=1, function="f", whole=False),
         "fp must hold counts (finite numbers >= 0), got -0.5"),
        (ValueError, lambda: check_counts_object([1, 2, 3, 4]),
         "counts must be a helpers.Counts (named fields tn, fp, fn, tp), got list [1, 2, 3, 4]; if the four values "
         "are in scikit-learn's confusion_matrix(...).ravel() order, write Counts(*values)"),
        (ValueError, lambda: check_counts_object("tn=1", "c"),
         "c must be a helpers.Counts (named fields tn, fp, fn, tp), got str 'tn=1'"),
    ]
    for kind, call, message in cases:
        with pytest.raises(kind) as err:
            call()
        assert str(err.value) == message
    weighted, prefix = resolve_counts(tp=1.5, fn=0.5, fp=2, tn=3, function="f", whole=False)
    assert prefix == "" and (weighted.tp, weighted.fn) == (1.5, 0.5)
