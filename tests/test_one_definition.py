"""One definition of the metrics at a deployment prevalence, and every public function agrees with it.

The definition (helpers/counts.py): the counts at prevalence ``pi`` are
``Counts.at_prevalence(pi)`` = (w TN, w FP, FN, TP) with
``w = ((1 - pi) / pi) / (N / P)``, and every metric there is ``metric_zoo`` of
them, so precision is TP / (TP + w FP), F1 2 TP / (2 TP + w FP + FN) and NPV
w TN / (w TN + FN). First the definition is checked against scikit-learn with
``sample_weight`` and against the formulas written out here; then every
public function that reports a metric at a deployment prevalence is checked
against the definition, on random counts and random scored samples.
"""

from __future__ import annotations

import ast
import math
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, matthews_corrcoef, precision_score

from helpers import (
    Counts,
    confusion_counts,
    corrected_pr_curve,
    corrected_precision,
    metric_zoo,
    negative_weight,
    precision_at_prevalence,
    roc_table,
)
from helpers.counts import PREVALENCE_FREE, WeightedCounts, counts_at_prevalence
from helpers.prior_shift import rebuilt_precision
from helpers.report.metrics import best_f1_threshold, deployment_metrics, deployment_table
from helpers.threshold_choice import f1_best_threshold, prevalence_weights
from helpers.widgets.prior_shift import metrics_at_threshold

HELPERS = Path(__file__).resolve().parents[1] / "helpers"

prevalences = st.floats(1e-6, 1 - 1e-6)


@st.composite
def count_tuples(draw, max_count: int = 300) -> Counts:
    """Counts with at least one positive and one negative (else no weight gives them a prevalence)."""
    tn, fp, fn, tp = (draw(st.integers(0, max_count)) for _ in range(4))
    assume(tp + fn > 0 and tn + fp > 0)
    return Counts(tn=tn, fp=fp, fn=fn, tp=tp)


@st.composite
def scored_samples(draw, max_n: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Labels with both classes and scores with ties."""
    n = draw(st.integers(2, max_n))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    assume(0 < y.sum() < n)
    s = np.array(draw(st.lists(st.integers(0, 12), min_size=n, max_size=n))) / 12
    return y, s


def definition(counts: Counts, pi: float) -> dict[str, float]:
    """The single definition: the metric zoo of the counts at prevalence ``pi``."""
    return metric_zoo(counts.at_prevalence(pi))


def _weight(c: Counts, pi: float) -> float:
    return ((1 - pi) / pi) / ((c.tn + c.fp) / (c.tp + c.fn))  # written out, not negative_weight


def _labels(c: Counts) -> tuple[np.ndarray, np.ndarray]:
    """y_true, y_pred holding exactly these counts."""
    y_true = np.repeat([0, 0, 1, 1], [c.tn, c.fp, c.fn, c.tp])
    y_pred = np.repeat([0, 1, 0, 1], [c.tn, c.fp, c.fn, c.tp])
    return y_true, y_pred


# --- the definition itself -----------------------------------------------------------------------------------


@given(count_tuples(), prevalences)
def test_the_definition_is_tp_over_tp_plus_w_fp(c, pi):
    w = _weight(c, pi)
    at = c.at_prevalence(pi)
    assert isinstance(at, WeightedCounts)
    assert (at.tp, at.fn) == (c.tp, c.fn)
    assert at.fp == pytest.approx(w * c.fp, rel=1e-12) and at.tn == pytest.approx(w * c.tn, rel=1e-12)
    assert at.n_pos / at.n == pytest.approx(pi, rel=1e-9)  # the weighted counts have the prevalence pi
    m = definition(c, pi)
    flagged = c.tp + w * c.fp
    assert m["precision"] == pytest.approx(c.tp / flagged, rel=1e-12) if flagged else math.isnan(m["precision"])
    assert m["f1"] == pytest.approx(2 * c.tp / (2 * c.tp + w * c.fp + c.fn), rel=1e-12)
    if w * c.tn + c.fn:
        assert m["npv"] == pytest.approx(w * c.tn / (w * c.tn + c.fn), rel=1e-12)


@given(count_tuples(max_count=60), prevalences)
def test_the_definition_is_sklearn_with_weighted_negatives(c, pi):
    y_true, y_pred = _labels(c)
    weights = np.where(y_true == 1, 1.0, _weight(c, pi))
    m = definition(c, pi)
    nan = {"zero_division": np.nan}
    for key, expected in [
        ("precision", precision_score(y_true, y_pred, sample_weight=weights, **nan)),
        ("npv", precision_score(1 - y_true, 1 - y_pred, sample_weight=weights, **nan)),
        ("recall", c.tp / (c.tp + c.fn)),
        ("f1", f1_score(y_true, y_pred, sample_weight=weights, **nan)),
        ("accuracy", accuracy_score(y_true, y_pred, sample_weight=weights)),
        ("prevalence", pi),
    ]:
        if math.isnan(expected):
            assert math.isnan(m[key]), key
        else:
            assert m[key] == pytest.approx(expected, rel=1e-9, abs=1e-12), key
    if (c.tp + c.fp) and (c.tn + c.fn):  # sklearn's MCC is 0 where ours is nan
        assert m["mcc"] == pytest.approx(matthews_corrcoef(y_true, y_pred, sample_weight=weights), abs=1e-9)
    # and the weighted confusion matrix is the weighted counts
    weighted = confusion_matrix(y_true, y_pred, labels=[0, 1], sample_weight=weights).ravel()
    np.testing.assert_allclose(weighted, tuple(c.at_prevalence(pi)), rtol=1e-12)


@given(count_tuples(), prevalences)
def test_prevalence_weights_make_the_same_weighted_counts(c, pi):
    y_true, y_pred = _labels(c)
    weighted = confusion_matrix(y_true, y_pred, labels=[0, 1], sample_weight=prevalence_weights(y_true, pi)).ravel()
    np.testing.assert_allclose(weighted, tuple(c.at_prevalence(pi)), rtol=1e-9)
    assert negative_weight(c.n_pos, c.n_neg, pi) == pytest.approx(_weight(c, pi), rel=1e-12)


# --- every public function agrees with it --------------------------------------------------------------------


@given(count_tuples(), prevalences)
def test_precision_at_prevalence_rates_agree(c, pi):
    m = definition(c, pi)
    p = precision_at_prevalence(c.tp / c.n_pos, c.fp / c.n_neg, pi)
    if math.isnan(m["precision"]):
        assert math.isnan(p)
    else:
        assert p == pytest.approx(m["precision"], rel=1e-12, abs=1e-300)


@given(count_tuples(), prevalences)
def test_corrected_precision_agrees(c, pi):
    got = corrected_precision(tp=c.tp, fp=c.fp, test_ratio=c.n_neg / c.n_pos, deploy_ratio=(1 - pi) / pi)
    expected = definition(c, pi)["precision"]
    assert math.isnan(got) if math.isnan(expected) else got == pytest.approx(expected, rel=1e-12)


@given(count_tuples(), prevalences)
def test_rebuilt_precision_agrees(c, pi):
    got = rebuilt_precision(c, prevalence=pi)
    expected = definition(c, pi)["precision"]
    assert math.isnan(got) if math.isnan(expected) else got == pytest.approx(expected, rel=1e-12)


@given(st.lists(count_tuples(), min_size=1, max_size=8), st.lists(prevalences, min_size=8, max_size=8))
def test_the_definition_works_on_arrays_one_study_per_entry(studies, pis):
    pis = np.array(pis[: len(studies)])
    stacked = Counts(*(np.array(cells) for cells in zip(*studies, strict=True)))
    at_once = metric_zoo(counts_at_prevalence(stacked, pis))
    for i, (c, pi) in enumerate(zip(studies, pis, strict=True)):
        one = definition(c, float(pi))
        for key, value in one.items():
            assert at_once[key][i] == pytest.approx(value, rel=1e-12, nan_ok=True), key
    np.testing.assert_allclose(
        rebuilt_precision(stacked, prevalence=pis), at_once["precision"], rtol=1e-12, equal_nan=True
    )


@given(count_tuples(), prevalences)
def test_deployment_metrics_is_the_definition(c, pi):
    got = deployment_metrics(c, deploy_prevalence=pi)
    expected = definition(c, pi)
    plain = metric_zoo(c)
    assert list(got) == list(expected)
    for key, value in got.items():
        if key in PREVALENCE_FREE:
            assert value == plain[key] or (math.isnan(value) and math.isnan(plain[key])), key  # do not move
            assert value == pytest.approx(expected[key], rel=1e-9, nan_ok=True), key
        elif key == "prevalence":
            assert value == pi
        else:
            assert value == expected[key] or (math.isnan(value) and math.isnan(expected[key])), key


@given(scored_samples(), prevalences)
def test_deployment_table_and_best_f1_agree(data, pi):
    y, s = data
    table = deployment_table(roc_table(y, s), deploy_prevalence=pi)
    f1 = {}
    for t, precision, row_f1 in table[["threshold", "precision", "f1"]].to_numpy():
        m = definition(confusion_counts(y, (s >= t).astype(int)), pi)
        assert precision == pytest.approx(m["precision"], rel=1e-12, nan_ok=True)
        assert row_f1 == pytest.approx(m["f1"], rel=1e-12)
        f1[t] = m["f1"]
    threshold, best = best_f1_threshold(table)
    assert best == pytest.approx(max(f1.values()), rel=1e-12)
    assert f1[threshold] == pytest.approx(best, rel=1e-12)


@given(scored_samples(), prevalences)
def test_corrected_pr_curve_agrees(data, pi):
    y, s = data
    precision, recall, thresholds = corrected_pr_curve(y, s, deploy_prevalence=pi)
    assert precision[-1] == 1.0 and recall[-1] == 0.0
    for p, r, t in zip(precision[:-1], recall[:-1], thresholds, strict=True):
        m = definition(confusion_counts(y, (s >= t).astype(int)), pi)
        assert p == pytest.approx(m["precision"], rel=1e-12)  # never nan here: every threshold flags someone
        assert r == pytest.approx(m["recall"], rel=1e-12)


@given(scored_samples(), prevalences, st.integers(0, 12))
def test_prior_shift_widget_numbers_agree(data, pi, k):
    y, s = data
    t = k / 12
    m = metrics_at_threshold(y, s, t, pi)
    c = confusion_counts(y, (s >= t).astype(int))
    test, deployed = metric_zoo(c), definition(c, pi)
    assert (m["tp"], m["fp"]) == (c.tp, c.fp)
    assert m["weight"] == pytest.approx(_weight(c, pi), rel=1e-12)
    assert m["recall"] == test["recall"]
    for got, expected in [(m["precision_test"], test["precision"]), (m["precision_deploy"], deployed["precision"])]:
        assert math.isnan(got) if math.isnan(expected) else got == pytest.approx(expected, rel=1e-12)
    if c.tp:
        assert m["f1_test"] == pytest.approx(test["f1"], rel=1e-12)
        assert m["f1_deploy"] == pytest.approx(deployed["f1"], rel=1e-12)
    else:  # the widget shows F1 as undefined there (2 P R / (P + R) = 0 / 0)
        assert math.isnan(m["f1_test"]) and math.isnan(m["f1_deploy"])


@given(scored_samples(), prevalences)
def test_f1_best_threshold_with_prevalence_weights_agrees(data, pi):
    y, s = data
    f1 = {t: definition(confusion_counts(y, (s >= t).astype(int)), pi)["f1"] for t in np.unique(s)}
    best = max(f1.values())
    t = f1_best_threshold(y, s, sample_weight=prevalence_weights(y, pi))
    assert f1[t] == pytest.approx(best, rel=1e-9)
    assert t == max(k for k, v in f1.items() if v >= best * (1 - 1e-9))  # ties: the highest threshold


# --- the formula is written once -----------------------------------------------------------------------------

_WEIGHTS = {"w", "fold", "weight"}  # the names a weight of the negatives goes by
_NEGATIVES = {"tn", "fp", "fps", "tns"}  # the names of the negative cells


def _function(name: str) -> str:
    """The function a definition is: mutation testing (tools/mutation_test.py) copies ``f`` to ``x_f__mutmut_N``."""
    return re.sub(r"^x_(\w+?)__mutmut_(orig|\d+)$", r"\1", name)


def _name(node: ast.expr) -> str | None:
    """``x`` for a name ``x`` or an attribute ``something.x``; None otherwise."""
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _weightings(source: str) -> list[tuple[str, int]]:
    """``(function, line)`` of every product of a weight and a negative cell, in the code (docstrings aside)."""
    hits = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = _function(node.name)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            names = {_name(node.left), _name(node.right)}
            if names & _WEIGHTS and names & _NEGATIVES:
                hits.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "<module>")
    return hits


def test_the_weighting_finder_reads_code_not_text():
    source = '''
def f(tn, fp, w):
    """FP_w = w * fp, and tn * weight: the formula in a docstring."""
    # w * tn in a comment
    text = "w * fp"
    return w * tn, fp * weight, w + fp, counts.fp * w, 2 * tn
'''
    assert _weightings(source) == [("f", 6), ("f", 6), ("f", 6)]
    assert _weightings("def x_g__mutmut_3(w, fp):\n    return w * fp\n") == [("g", 2)]


def test_negatives_are_weighted_in_one_function_only():
    hits = {
        (path.relative_to(HELPERS.parent).as_posix(), function)
        for path in sorted(HELPERS.rglob("*.py"))
        for function, _ in _weightings(path.read_text())
    }
    assert hits == {("helpers/counts.py", "_weigh")}, hits
    tree = ast.parse((HELPERS / "counts.py").read_text())
    called = {
        _name(call.func)
        for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and _function(node.name) == "weight_negatives"
        for call in ast.walk(node) if isinstance(call, ast.Call)
    }
    assert "_weigh" in called, "weight_negatives no longer does the weighting through _weigh"
