"""helpers.pr_area: AP, trapezoids and the achievable (Davis-Goadrich) area of a PR curve."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import auc, average_precision_score, precision_recall_curve

from helpers.pr_area import achievable_pr_curve, pr_areas, pr_steps

labelled_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.integers(0, 6).map(lambda k: k / 6), min_size=n, max_size=n),  # many ties
    )
)
distinct_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.permutations(list(range(n))),
    )
)


def achievable_slow(y, s, n_grid=4000):
    """Davis & Goadrich by brute force: walk TP and FP linearly between neighbouring points, integrate numerically."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    n_pos = y.sum()
    area, tp_a, fp_a = 0.0, 0, 0
    for t in np.unique(s)[::-1]:
        tp_b, fp_b = int(np.sum((s >= t) & (y == 1))), int(np.sum((s >= t) & (y == 0)))
        if tp_b > tp_a:
            frac = (np.arange(n_grid) + 0.5) / n_grid  # midpoint rule
            tp = tp_a + frac * (tp_b - tp_a)
            fp = fp_a + frac * (fp_b - fp_a)
            area += np.mean(tp / (tp + fp)) * (tp_b - tp_a) / n_pos
        tp_a, fp_a = tp_b, fp_b
    return area


@settings(deadline=None)  # max_examples from the profile (tests/conftest.py)
@given(labelled_scores)
def test_pieces_sum_to_sklearn_and_to_the_slow_reference(data):
    y, s = np.array(data[0]), np.array(data[1])
    areas = pr_areas(y, s)
    precision, recall, _ = precision_recall_curve(y, s)
    assert areas["average precision"] == pytest.approx(average_precision_score(y, s), abs=1e-12)
    assert areas["trapezoids"] == pytest.approx(auc(recall, precision), abs=1e-12)
    assert areas["achievable"] == pytest.approx(achievable_slow(y, s), abs=1e-6)


@settings(deadline=None)  # max_examples from the profile (tests/conftest.py)
@given(labelled_scores)
def test_achievable_lies_between_step_and_straight_line_on_every_step(data):
    steps = pr_steps(np.array(data[0]), np.array(data[1]))
    lo = np.minimum(steps.ap_piece, steps.trapezoid_piece)
    hi = np.maximum(steps.ap_piece, steps.trapezoid_piece)
    assert np.all(steps.achievable_piece >= lo - 1e-12)
    assert np.all(steps.achievable_piece <= hi + 1e-12)


@given(distinct_scores)
def test_without_ties_trapezoids_never_exceed_ap(data):
    # every recall step adds one positive and nothing else, and a positive never lowers precision
    y, s = np.array(data[0]), np.array(data[1], dtype=float)
    steps = pr_steps(y, s)
    grows = steps[steps.recall.diff().fillna(steps.recall.iloc[0]) > 0]
    assert np.all(grows.trapezoid_piece <= grows.ap_piece + 1e-12)
    areas = pr_areas(y, s)
    assert areas["trapezoids"] <= areas["average precision"] + 1e-12


def test_ties_can_put_the_trapezoids_above_ap():
    # one tied block of everything: one point (recall 1, precision = prevalence)
    y = [1, 0, 0, 0]
    areas = pr_areas(y, [0.5] * 4)
    assert areas["average precision"] == pytest.approx(0.25)
    assert areas["achievable"] == pytest.approx(0.25)  # from zero counts precision stays at the prevalence
    assert areas["trapezoids"] == pytest.approx((1 + 0.25) / 2)  # scikit-learn's precision 1 at recall 0


def test_perfect_ranking_and_docstring_example():
    assert pr_areas([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]) == pytest.approx(
        {"average precision": 1.0, "trapezoids": 1.0, "achievable": 1.0}
    )
    steps = pr_steps([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    assert steps.tp.tolist() == [1, 1, 2, 2] and steps.fp.tolist() == [0, 1, 1, 2]
    # the step from (TP 1, FP 1) to (TP 2, FP 1): integral of (1 + x) / (2 + x) over [0, 1], over 2 positives
    assert steps.achievable_piece[2] == pytest.approx((1 - np.log(1.5)) / 2)


@given(labelled_scores)
def test_achievable_curve_passes_through_the_points(data):
    y, s = np.array(data[0]), np.array(data[1])
    precision, recall = achievable_pr_curve(y, s, points_per_step=5)
    assert recall[0] == 0 and recall[-1] == 1 and np.all(np.diff(recall) >= -1e-12)
    steps = pr_steps(y, s)
    for r, p in zip(steps.recall, steps.precision, strict=True):
        if r in recall:  # the points where a recall step ends
            assert np.any(np.isclose(precision[recall == r], p))
    # its area by trapezoids on a fine sampling approaches the exact achievable area
    fine_p, fine_r = achievable_pr_curve(y, s, points_per_step=2000)
    assert np.trapezoid(fine_p, fine_r) == pytest.approx(pr_areas(y, s)["achievable"], abs=1e-5)


def test_bad_input():
    with pytest.raises(ValueError, match="both classes"):
        pr_areas([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="same length"):
        pr_steps([0, 1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="points_per_step"):
        achievable_pr_curve([0, 1], [0.1, 0.2], points_per_step=0)
