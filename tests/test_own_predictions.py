"""Tests of helpers.report.metrics against scikit-learn and slow references."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, f1_score, matthews_corrcoef, precision_score

from helpers import Counts, confusion_counts, metric_zoo, negative_weight, precision_at_prevalence, roc_table
from helpers.report.metrics import (
    NOTEBOOKS,
    best_f1_threshold,
    counts_at_threshold,
    deployment_metrics,
    deployment_table,
    resolve_predictions_path,
    thin_indices,
)


def _data(seed: int = 0, n: int = 300, ties: bool = False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(y * 1.2, 1.0)
    if ties:
        s = np.round(s, 1)
    return y, s


def _weights(y, pi):
    w = negative_weight(int(y.sum()), int((y == 0).sum()), pi)
    return np.where(y == 1, 1.0, w)


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("pi", [0.001, 0.05, 0.5])
def test_deployment_table_matches_weighted_sklearn(ties, pi):
    y, s = _data(1, ties=ties)
    table = deployment_table(roc_table(y, s), deploy_prevalence=pi)
    assert len(table) == np.unique(s).size
    assert np.all(np.diff(table["threshold"]) < 0)
    np.testing.assert_allclose(table["precision"], precision_at_prevalence(table["tpr"], table["fpr"], pi))
    weights = _weights(y, pi)
    for t, precision, f1 in table[["threshold", "precision", "f1"]].to_numpy()[::17]:
        pred = (s >= t).astype(int)
        assert f1 == pytest.approx(f1_score(y, pred, sample_weight=weights), rel=1e-9)
        assert precision == pytest.approx(precision_score(y, pred, sample_weight=weights), rel=1e-9)


@pytest.mark.slow  # a Monte Carlo study or brute-force reference: seconds, so not in the fast tier
@settings(max_examples=min(40, settings().max_examples))  # the brute force calls f1_score per distinct score
@given(seed=st.integers(0, 10_000), pi=st.floats(1e-4, 0.9), ties=st.booleans())
def test_best_f1_threshold_is_the_brute_force_maximum(seed, pi, ties):
    y, s = _data(seed, n=60, ties=ties)
    threshold, best = best_f1_threshold(deployment_table(roc_table(y, s), deploy_prevalence=pi))
    weights = _weights(y, pi)
    brute = {t: f1_score(y, (s >= t).astype(int), sample_weight=weights) for t in np.unique(s)}
    assert best == pytest.approx(max(brute.values()), rel=1e-9)
    assert brute[threshold] == pytest.approx(best, rel=1e-9)


@given(seed=st.integers(0, 10_000), threshold=st.floats(-4, 4))
def test_counts_at_threshold_equals_confusion_counts(seed, threshold):
    y, s = _data(seed, n=80)
    assert counts_at_threshold(y, s, threshold) == confusion_counts(y, (s >= threshold).astype(int))


def test_counts_at_threshold_refuses_a_non_finite_threshold():
    with pytest.raises(ValueError, match="threshold"):
        counts_at_threshold([0, 1], [0.1, 0.9], float("nan"))


@pytest.mark.parametrize("pi", [0.001, 0.2])
def test_deployment_metrics_match_weighted_sklearn(pi):
    y, s = _data(2)
    pred = (s >= 0.8).astype(int)
    counts = confusion_counts(y, pred)
    got = deployment_metrics(counts, deploy_prevalence=pi)
    zoo = metric_zoo(counts)
    assert set(got) == set(zoo)
    weights = _weights(y, pi)
    assert got["precision"] == pytest.approx(precision_score(y, pred, sample_weight=weights))
    assert got["precision"] == pytest.approx(precision_at_prevalence(zoo["recall"], zoo["fpr"], pi))
    assert got["f1"] == pytest.approx(f1_score(y, pred, sample_weight=weights))
    assert got["accuracy"] == pytest.approx(accuracy_score(y, pred, sample_weight=weights))
    assert got["mcc"] == pytest.approx(matthews_corrcoef(y, pred, sample_weight=weights))
    assert got["npv"] == pytest.approx(precision_score(1 - y, 1 - pred, sample_weight=weights))
    assert got["prevalence"] == pi
    for key in ("recall", "specificity", "fpr", "fnr", "balanced_accuracy", "lr_plus", "lr_minus", "dor"):
        assert got[key] == zoo[key]


def test_deployment_metrics_at_the_file_prevalence_are_the_metric_zoo():
    y, s = _data(3)
    counts = confusion_counts(y, (s >= 0.5).astype(int))
    got = deployment_metrics(counts, deploy_prevalence=y.mean())
    for key, value in metric_zoo(counts).items():
        assert got[key] == pytest.approx(value, rel=1e-12), key


def test_deployment_metrics_nobody_flagged_is_nan_not_an_error():
    got = deployment_metrics(Counts(tn=90, fp=0, fn=10, tp=0), deploy_prevalence=0.01)
    assert math.isnan(got["precision"]) and got["f1"] == 0.0  # 2 TP / (2 TP + FP + FN) is defined
    assert got["recall"] == 0.0


@pytest.mark.parametrize("bad", [0, 1, -0.5, 2, float("nan")])
def test_bad_prevalence_is_refused(bad):
    with pytest.raises(ValueError, match="deploy_prevalence"):
        deployment_metrics(Counts(tn=90, fp=5, fn=3, tp=2), deploy_prevalence=bad)
    y, s = _data(4, n=20)
    with pytest.raises(ValueError, match="deploy_prevalence"):
        deployment_table(roc_table(y, s), deploy_prevalence=bad)


@given(n=st.integers(0, 20_000), max_points=st.integers(2, 3000))
def test_thin_indices(n, max_points):
    idx = thin_indices(n, max_points)
    assert idx.size <= max(max_points, 0) and idx.size == min(n, idx.size)
    if n:
        assert idx[0] == 0 and idx[-1] == n - 1
        assert np.all(np.diff(idx) > 0)
    if n <= max_points:
        np.testing.assert_array_equal(idx, np.arange(n))


def test_resolve_predictions_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.csv").write_text("y_true,y_score\n1,0.9\n0,0.1\n")
    assert resolve_predictions_path("mine.csv") == tmp_path / "mine.csv"  # the current folder first
    assert resolve_predictions_path(tmp_path / "x.csv") == tmp_path / "x.csv"  # absolute: as given
    example = resolve_predictions_path("../data/example_predictions.csv")  # the notebook's default, from anywhere
    assert example == (NOTEBOOKS / "../data/example_predictions.csv").resolve() and example.is_file()
    assert resolve_predictions_path("nothing.csv") == tmp_path / "nothing.csv"  # missing: reported from here
    assert resolve_predictions_path("mine.csv", base=Path("/")) == tmp_path / "mine.csv"


def test_deployment_metrics_takes_counts_or_the_four_keywords():
    c = Counts(tn=90, fp=5, fn=3, tp=2)
    by_keywords = deployment_metrics(tp=2, fn=3, fp=5, tn=90, deploy_prevalence=0.01)
    assert repr(by_keywords) == repr(deployment_metrics(c, deploy_prevalence=0.01))
    with pytest.raises(ValueError, match=r"^counts must be a helpers\.Counts.*Counts\(\*values\)"):
        deployment_metrics((90, 5, 3, 2), deploy_prevalence=0.01)


def test_bad_paths_and_tables_are_named():
    import pandas as pd

    with pytest.raises(TypeError, match=r"^path must be a file path .*got int$"):
        resolve_predictions_path(42)
    with pytest.raises(ValueError, match=r"^table must be a deployment_table .*missing f1$"):
        best_f1_threshold(pd.DataFrame({"threshold": [0.5]}))
    with pytest.raises(ValueError, match=r"^table has no F1 value"):
        best_f1_threshold(pd.DataFrame({"threshold": [0.5], "f1": [float("nan")]}))


def test_rule_table_chooses_on_some_rows_and_counts_on_others():
    """Against scikit-learn: the threshold from the choosing rows, the counts and precision from the others."""
    from scipy.stats import binomtest
    from sklearn.metrics import precision_score, recall_score

    from helpers import precision_interval
    from helpers.report.metrics import rule_table
    from helpers.threshold_choice import stratified_halves, threshold_rule

    y, s = _data(5, n=400)
    a = stratified_halves(y, rng=3)
    rules = [(threshold_rule(at_recall=0.7), 0.01), (threshold_rule(threshold=0.4), 0.05)]
    table = rule_table(y, s, rules, choose_rows=a, count_rows=~a)
    positives = np.sort(s[a][y[a] == 1])[::-1]
    t = positives[int(np.ceil(0.7 * positives.size)) - 1]  # the highest threshold with recall >= 0.7 on a
    assert table.threshold.tolist() == [t, 0.4]
    for row, (threshold, pi) in zip(table.itertuples(), [(t, 0.01), (0.4, 0.05)], strict=True):
        pred = s[~a] >= threshold
        assert row.recall == pytest.approx(recall_score(y[~a], pred))
        assert row.precision == pytest.approx(precision_score(y[~a], pred, sample_weight=_weights(y[~a], pi)))
        counts = confusion_counts(y[~a], pred.astype(int))
        assert (row.tn, row.fp, row.fn, row.tp) == tuple(counts)
        assert (row.low, row.high) == precision_interval(counts, deploy_prevalence=pi)
        exact = binomtest(int(row.tp), int(row.tp + row.fn)).proportion_ci(confidence_level=0.95, method="exact")
        assert (row.recall_low, row.recall_high) == pytest.approx((exact.low, exact.high), rel=1e-9, abs=1e-12)
        assert row.flagged_per_1000 == pytest.approx(1000 * (pi * row.recall + (1 - pi) * row.fpr))
    with pytest.raises(ValueError, match="count_rows"):
        rule_table(y, s, rules, choose_rows=a, count_rows=np.ones(3, bool))


def test_notebook_13_default_file_is_found_from_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    default = resolve_predictions_path("../data/screening_predictions.csv")
    assert default == (NOTEBOOKS / "../data/screening_predictions.csv").resolve() and default.is_file()


# ------------------------------------------------------------------ real cases in one batch of flagged cases


def test_real_in_batch_interval_holds_the_count_of_one_batch_by_simulation():
    """Coverage of X ~ Binomial(batch, PPV) by the range, over studies drawn from known TPR and FPR."""
    from helpers.report.metrics import real_in_batch_interval

    rng = np.random.default_rng(15)
    for n_pos, n_neg, tpr, fpr, pi, batch in [
        (150, 9_850, 0.73, 0.147, 0.01, 1000),  # notebook 13's default file, judging half
        (50, 2_000, 0.9, 0.002, 0.01, 1000),  # few false positives
        (20, 500, 0.6, 0.05, 0.05, 200),  # few positives
    ]:
        tp, fp = rng.binomial(n_pos, tpr, 4000), rng.binomial(n_neg, fpr, 4000)
        low, high = real_in_batch_interval(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, deploy_prevalence=pi,
                                           batch=batch)
        ppv = pi * tpr / (pi * tpr + (1 - pi) * fpr)  # written out, not precision_at_prevalence
        x = rng.binomial(batch, ppv, 4000)
        coverage = np.mean((low <= x) & (x <= high))
        assert 0.94 <= coverage <= 0.985, (n_pos, n_neg, coverage)


def test_real_in_batch_interval_tends_to_the_binomial_range_and_contains_the_expected_one():
    from scipy.stats import binom

    from helpers import precision_interval
    from helpers.report.metrics import real_in_batch_interval

    # a test set so large that PPV is known: only the binomial noise of the batch is left
    big = Counts(tn=9 * 10**9, fp=10**9, fn=10**9, tp=9 * 10**9)  # TPR 0.9, FPR 0.1
    ppv = 0.01 * 0.9 / (0.01 * 0.9 + 0.99 * 0.1)
    low, high = real_in_batch_interval(big, deploy_prevalence=0.01, batch=1000)
    assert abs(low - binom.ppf(0.025, 1000, ppv)) <= 1 and abs(high - binom.ppf(0.975, 1000, ppv)) <= 1
    # the notebook's judging half: wider than 1000 times the interval of the expected precision
    c = Counts(tn=8396, fp=1454, fn=40, tp=110)
    p_low, p_high = precision_interval(c, deploy_prevalence=0.01)
    low, high = real_in_batch_interval(c, deploy_prevalence=0.01)
    assert (low, high) == (33.0, 62.0)
    assert low < 1000 * p_low and high > 1000 * p_high
    assert real_in_batch_interval(tp=0, fn=5, fp=0, tn=10, deploy_prevalence=0.01, batch=50) == (0.0, 50.0)
    arrays = real_in_batch_interval(tp=np.array([110, 0]), fn=np.array([40, 5]), fp=np.array([1454, 0]),
                                    tn=np.array([8396, 10]), deploy_prevalence=0.01)
    assert arrays[0].tolist() == [33.0, 0.0] and arrays[1].tolist() == [62.0, 1000.0]


def test_model_table_and_auc_differences_per_model():
    from sklearn.metrics import roc_auc_score

    from helpers.delong import delong_auc_difference
    from helpers.report.metrics import auc_differences, model_table, rule_table
    from helpers.threshold_choice import stratified_halves, threshold_rule

    rng = np.random.default_rng(5)
    y = (rng.random(3000) < 0.05).astype(int)
    a = rng.normal(1.4 * y, 1.0)
    b = 0.7 * a + rng.normal(0.0, 0.7, y.size)
    halves = stratified_halves(y, rng=0)
    rule = threshold_rule(at_recall=0.8)
    table = model_table(y, {"A": a, "B": b}, rule, deploy_prevalence=0.01, choose_rows=halves, count_rows=~halves)
    assert list(table.index) == ["A", "B"]
    for name, s in (("A", a), ("B", b)):
        assert table.loc[name, "auc"] == pytest.approx(roc_auc_score(y, s), abs=1e-12)
        assert table.loc[name, "auc_low"] < table.loc[name, "auc"] < table.loc[name, "auc_high"]
        own = rule_table(y, s, [(rule, 0.01)], choose_rows=halves, count_rows=~halves).iloc[0]
        for column in ("threshold", "tp", "fp", "recall", "precision", "low", "high"):
            assert table.loc[name, column] == pytest.approx(own[column])
    assert table.loc["A", "threshold"] != table.loc["B", "threshold"]  # each model its own threshold
    no_rule = model_table(y, {"A": a}, None, deploy_prevalence=0.01, choose_rows=halves, count_rows=~halves)
    assert list(no_rule.columns) == ["auc", "auc_low", "auc_high"]
    diffs = auc_differences(y, {"A": a, "B": b, "C": -b})
    assert list(diffs.index) == ["A - B", "A - C"]
    assert tuple(diffs.loc["A - B"]) == pytest.approx(delong_auc_difference(y, a, b))
    assert diffs.loc["A - C", "difference"] == pytest.approx(roc_auc_score(y, a) - roc_auc_score(y, -b))
    assert auc_differences(y, {"A": a}).empty


def test_threshold_table_matches_sklearn():
    from sklearn.metrics import precision_recall_curve, roc_curve

    from helpers.report.metrics import threshold_table

    rng = np.random.default_rng(6)
    y = (rng.random(2000) < 0.1).astype(int)
    a = np.round(rng.normal(1.2 * y, 1.0), 2)  # ties
    b = rng.normal(0.8 * y, 1.0)
    pi = 0.01
    table = threshold_table(y, {"A": a, "B": b}, deploy_prevalence=pi)
    assert list(table["model"].unique()) == ["A", "B"]
    w = (y.sum() / (y.size - y.sum())) * (1 - pi) / pi  # a negative's weight at deployment
    for name, s in (("A", a), ("B", b)):
        part = table[table["model"] == name]
        fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
        np.testing.assert_allclose(part["threshold"], thr[1:])
        np.testing.assert_allclose(part["recall"], tpr[1:])
        np.testing.assert_allclose(part["fpr"], fpr[1:])
        precision, recall, pr_thr = precision_recall_curve(y, s, sample_weight=np.where(y == 1, 1.0, w))
        by_threshold = dict(zip(pr_thr, precision[:-1], strict=True))
        np.testing.assert_allclose(part["precision"], [by_threshold[t] for t in part["threshold"]], rtol=1e-9)
        np.testing.assert_allclose(part["flagged_per_1000"], 1000 * (pi * tpr[1:] + (1 - pi) * fpr[1:]))


@pytest.mark.parametrize("ties", [False, True])
def test_scored_rows_counts_once_and_each_row_knows_its_table_row(ties):
    from helpers.report.count import count_scores
    from helpers.report.metrics import scored_rows

    y, s = _data(7, n=500, ties=ties)
    scored = scored_rows(y, s)
    table = scored.table
    assert np.all(np.diff(table["score"].to_numpy()) < 0)
    for row in table.sample(20, random_state=0).itertuples():  # slow obvious count per distinct score
        at = s == row.score
        assert (row.n_pos, row.n_neg) == (int((at & (y == 1)).sum()), int((at & (y == 0)).sum()))
    np.testing.assert_array_equal(table["score"].to_numpy()[scored.row_index], s)
    pd.testing.assert_frame_equal(table, count_scores(y, s), check_dtype=False)  # helper A's counting
    pd.testing.assert_frame_equal(scored.roc(), roc_table(y, s), check_dtype=False)
    half = np.random.default_rng(1).random(y.size) < 0.5
    part = scored.counts_of(half)
    assert int(part["n_pos"].sum()) == int(y[half].sum()) and int(part["n_neg"].sum()) == int((y[half] == 0).sum())
    kept = part[(part["n_pos"] + part["n_neg"]) > 0]
    np.testing.assert_array_equal(kept["score"].to_numpy(), np.unique(s[half])[::-1])


@pytest.mark.parametrize("ties", [False, True])
def test_counted_rules_and_delong_equal_the_row_by_row_ones(ties):
    """The counts path (one sort) against choose_threshold, counts_at_threshold and DeLong's mid-ranks on rows."""
    from helpers.delong import delong_auc_difference, delong_auc_interval
    from helpers.report.metrics import auc_differences, model_table, rule_table, scored_rows
    from helpers.threshold_choice import choose_threshold, stratified_halves, threshold_rule

    y, s = _data(11, n=1500, ties=ties)
    b = np.round(0.6 * s + np.random.default_rng(2).normal(0, 0.8, s.size), 1 if ties else 12)
    halves = stratified_halves(y, rng=4)
    rules = [threshold_rule(at_recall=0.75), threshold_rule(at_recall=0.7, recall_confidence=0.9),
             threshold_rule(cost_fp=1, cost_fn=30), threshold_rule(f1=True), threshold_rule(threshold=0.3)]
    pi = 0.02
    table = rule_table(y, scored_rows(y, s), [(r, pi) for r in rules], choose_rows=halves, count_rows=~halves)
    for rule, row in zip(rules, table.itertuples(), strict=True):
        t = choose_threshold(y[halves], s[halves], rule, prevalence=pi)
        assert row.threshold == t
        assert (row.tn, row.fp, row.fn, row.tp) == tuple(counts_at_threshold(y[~halves], s[~halves], t))
    glance = model_table(y, {"a": scored_rows(y, s), "b": b}, None, deploy_prevalence=pi, choose_rows=halves,
                         count_rows=~halves)
    for name, score in (("a", s), ("b", b)):
        np.testing.assert_allclose(glance.loc[name].to_numpy(), delong_auc_interval(y, score), rtol=1e-10)
    diffs = auc_differences(y, {"a": scored_rows(y, s), "b": scored_rows(y, b)})
    np.testing.assert_allclose(diffs.loc["a - b"].to_numpy(), delong_auc_difference(y, s, b), rtol=1e-9)


def test_deployment_cost_curve_is_cost_curve_from_the_table():
    from helpers.costs import cost_curve
    from helpers.report.metrics import deployment_cost_curve

    y, s = _data(3, n=800, ties=True)
    ours = deployment_cost_curve(roc_table(y, s), cost_fp=1, cost_fn=40, deploy_prevalence=0.01)
    theirs = cost_curve(y, s, cost_fp=1, cost_fn=40, deploy_prevalence=0.01)
    pd.testing.assert_frame_equal(ours, theirs, check_dtype=False)


def test_split_counts_is_a_stratified_half_of_the_counted_rows():
    from helpers.report.count import count_scores
    from helpers.report.metrics import split_counts

    y, s = _data(8, n=3000, ties=True)
    table = count_scores(y, s)
    for limit in (10**6, 0):  # the exact draw, then the binomial one
        a, b = split_counts(table, rng=1, exact_limit=limit)
        np.testing.assert_array_equal(a["n_pos"] + b["n_pos"], table["n_pos"])
        np.testing.assert_array_equal(a["n_neg"] + b["n_neg"], table["n_neg"])
        assert (a[["n_pos", "n_neg"]].to_numpy() >= 0).all() and (b[["n_pos", "n_neg"]].to_numpy() >= 0).all()
        if limit:
            assert (int(a["n_pos"].sum()), int(a["n_neg"].sum())) == (int(y.sum()) // 2, int((y == 0).sum()) // 2)
    # over many draws each cell's share in the first half averages one half (exchangeable rows)
    draws = np.array([split_counts(table, rng=k)[0]["n_pos"].to_numpy() for k in range(200)])
    cells = table["n_pos"].to_numpy() > 0
    shares = draws[:, cells].sum(axis=0) / (200 * table["n_pos"].to_numpy()[cells])
    assert abs(shares.mean() - 0.5) < 0.01


def test_counts_rule_table_and_auc_interval_equal_the_row_versions():
    from helpers.delong import delong_auc_interval
    from helpers.report.count import count_scores
    from helpers.report.metrics import counts_auc_interval, counts_rule_table, rule_table, scored_rows
    from helpers.threshold_choice import stratified_halves, threshold_rule

    y, s = _data(9, n=2000, ties=True)
    halves = stratified_halves(y, rng=2)
    choices = [(threshold_rule(at_recall=0.8), 0.01), (threshold_rule(cost_fp=1, cost_fn=20), 0.05)]
    by_rows = rule_table(y, s, choices, choose_rows=halves, count_rows=~halves)
    by_counts = counts_rule_table(choices, choose=count_scores(y[halves], s[halves]),
                                  count=count_scores(y[~halves], s[~halves]))
    pd.testing.assert_frame_equal(by_rows, by_counts)
    np.testing.assert_allclose(counts_auc_interval(count_scores(y, s)), delong_auc_interval(y, s), rtol=1e-10)
    assert scored_rows(y, s).counts_of(halves)["n_pos"].sum() == y[halves].sum()


def test_merging_runs_without_positives_keeps_auc_delong_rules_and_fixed_counts():
    from helpers.report.count import count_scores, roc_from_score_counts
    from helpers.report.metrics import counts_auc_interval, counts_rule_table, merge_negative_runs
    from helpers.threshold_choice import threshold_rule

    rng = np.random.default_rng(12)
    y = (rng.random(20000) < 0.01).astype(int)
    s = np.round(rng.normal(2.0 * y, 1.0), 4)  # ties, rare positives
    table = count_scores(y, s)
    fixed = float(np.median(s))
    merged = merge_negative_runs(table, keep=(fixed,))
    assert len(merged) < len(table) / 5
    assert merged["n_pos"].sum() == table["n_pos"].sum() and merged["n_neg"].sum() == table["n_neg"].sum()
    assert roc_from_score_counts(merged).auc_piece.sum() == pytest.approx(roc_from_score_counts(table).auc_piece.sum())
    np.testing.assert_allclose(counts_auc_interval(merged), counts_auc_interval(table), rtol=1e-9)
    choices = [(threshold_rule(at_recall=0.8), 0.01), (threshold_rule(cost_fp=1, cost_fn=30), 0.01),
               (threshold_rule(f1=True), 0.05), (threshold_rule(threshold=fixed), 0.01)]
    pd.testing.assert_frame_equal(counts_rule_table(choices, choose=merged, count=merged),
                                  counts_rule_table(choices, choose=table, count=table))


# --------------------------------------------------------------------------- the unchecked path of the counts


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 400)), min_size=1, max_size=60),
       st.floats(1e-6, 1 - 1e-6))
def test_deployment_numbers_are_bit_for_bit_those_of_the_public_counts_path(cells, pi):
    from helpers.counts import counts_at_prevalence
    from helpers.report.metrics import _weighted

    n_pos = np.array([c[0] for c in cells], dtype=np.int64)
    n_neg = np.array([c[1] for c in cells], dtype=np.int64)
    if n_pos.sum() == 0 or n_neg.sum() == 0:
        return
    tp, fp = np.cumsum(n_pos), np.cumsum(n_neg)
    big_p, big_n = int(tp[-1]), int(fp[-1])
    public = counts_at_prevalence(Counts(tn=big_n - fp, fp=fp, fn=big_p - tp, tp=tp), pi)
    fast = _weighted(big_n - fp, fp, big_p - tp, tp, pi)
    for a, b in zip(public, fast, strict=True):
        assert np.array_equal(a, b)
    keys = ["precision", "f1", "npv", "mcc"]
    expected = metric_zoo(public, keys=keys)
    roc = pd.DataFrame({"threshold": np.r_[np.inf, np.arange(tp.size, 0, -1.0)], "tp": np.r_[0, tp],
                        "fp": np.r_[0, fp], "tpr": np.r_[0, tp] / big_p, "fpr": np.r_[0, fp] / big_n})
    table = deployment_table(roc, deploy_prevalence=pi)
    for key in ("precision", "f1"):
        assert np.array_equal(table[key].to_numpy(), expected[key], equal_nan=True)


def test_deployment_table_of_bad_counts_still_gets_the_public_message():
    roc = pd.DataFrame({"threshold": [np.inf, 0.9, 0.1], "tp": [0, -1, 2], "fp": [0, 1, 3],
                        "tpr": [0, 0.5, 1.0], "fpr": [0, 0.3, 1.0]})
    with pytest.raises(ValueError, match="negative"):
        deployment_table(roc, deploy_prevalence=0.1)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(st.tuples(st.booleans(), st.sampled_from([-1.5, -0.0, 0.0, 0.25, 0.25, 1e-300, 3.0]), st.booleans()),
                  min_size=2, max_size=60),
    complement_first=st.booleans(),
)
def test_scored_rows_counts_a_subset_and_its_complement_as_a_slow_count_does(rows, complement_first):
    """Both halves of a split, whichever is counted first (the other comes by subtraction), row by row."""
    from helpers.report.metrics import scored_rows

    y = np.array([label for label, _, _ in rows], dtype=int)
    s = np.array([score for _, score, _ in rows])
    mask = np.array([inside for _, _, inside in rows])
    if y.min() == y.max():
        y[0] = 1 - y[0]
    scored = scored_rows(y, s)
    distinct = scored.table["score"].to_numpy()
    np.testing.assert_array_equal(distinct, np.unique(s + 0.0)[::-1])  # -0.0 is counted as 0.0
    np.testing.assert_array_equal(distinct[scored.row_index], s)
    for part in ([~mask, mask] if complement_first else [mask, ~mask]):
        table = scored.counts_of(part)
        for j, score in enumerate(distinct):  # the slow obvious count per distinct score
            at = part & (s == score)
            assert table["n_pos"].iloc[j] == int((at & (y == 1)).sum())
            assert table["n_neg"].iloc[j] == int((at & (y == 0)).sum())
    s[:] = 7.0  # the caller's array changes: the counts do not
    assert scored.counts_of(np.ones_like(mask))["score"].max() < 7.0
