"""The threshold on all rows and its recall and precision at deployment corrected for the choice.

``helpers.report.optimism.optimism_bootstrap``: the threshold is the rule applied to every row (checked against
the rule found independently on the rows), the result does not depend on how the table is handed over (merged
runs or every distinct score), a seed fixes it, a fixed threshold gets the plain intervals, and (slow tier) the
interval covers the true recall and precision at deployment of the deployed threshold about 95 % of the time,
by simulation against scores whose distribution is known.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.metrics import confusion_matrix

from helpers.intervals import clopper_pearson_interval, precision_interval
from helpers.report.count import count_scores
from helpers.report.metrics import merge_negative_runs
from helpers.report.optimism import optimism_bootstrap
from helpers.threshold_choice import cost_threshold, f1_best_threshold, prevalence_weights
from helpers.threshold_rules import threshold_rule


def _file(n: int, rate: float, seed: int, decimals: int = 4) -> tuple[np.ndarray, np.ndarray]:
    gen = np.random.default_rng(seed)
    y = (gen.random(n) < rate).astype(int)
    return y, np.round(gen.normal(1.5 * y, 1.0), decimals)


@pytest.fixture(scope="module")
def rows():
    return _file(6000, 0.03, 0)


def test_the_threshold_is_the_rule_on_every_row(rows):
    y, s = rows
    table = count_scores(y, s)
    positives = np.sort(s[y == 1])[::-1]
    est = optimism_bootstrap(table, threshold_rule(at_recall=0.8), deploy_prevalence=0.01, resamples=50)
    assert est.threshold == positives[int(np.ceil(0.8 * positives.size)) - 1]
    tn, fp, fn, tp = confusion_matrix(y, s >= est.threshold).ravel()
    assert (est.tp, est.fn, est.fp, est.tn) == (tp, fn, fp, tn)
    f1 = optimism_bootstrap(table, threshold_rule(f1=True), deploy_prevalence=0.01, resamples=50)
    assert f1.threshold == f1_best_threshold(y, s, sample_weight=prevalence_weights(y, 0.01))
    cost = optimism_bootstrap(table, threshold_rule(cost_fp=1, cost_fn=40), deploy_prevalence=0.01, resamples=50)
    assert cost.threshold == cost_threshold(y, s, cost_fp=1, cost_fn=40, prevalence=0.01)


@pytest.mark.parametrize("rule", [threshold_rule(at_recall=0.8), threshold_rule(at_recall=0.9, recall_confidence=0.9),
                                  threshold_rule(cost_fp=1, cost_fn=60), threshold_rule(f1=True)],
                         ids=["recall", "recall with margin", "cost", "f1"])
def test_merged_or_whole_table_and_the_seed(rows, rule):
    """The analysis resamples the merged table (every engine hands over that one, merged once or twice): the same
    threshold as on every distinct score; the same seed, the same numbers; intervals ordered."""
    y, s = rows
    whole = count_scores(y, s)
    merged = merge_negative_runs(whole)
    a = optimism_bootstrap(merged, rule, deploy_prevalence=0.01, resamples=120, rng=3)
    b = optimism_bootstrap(merge_negative_runs(merged), rule, deploy_prevalence=0.01, resamples=120, rng=3)
    assert a.threshold == b.threshold and a.recall == b.recall and a.precision == b.precision
    assert optimism_bootstrap(whole, rule, deploy_prevalence=0.01, resamples=20).threshold == a.threshold
    c = optimism_bootstrap(merged, rule, deploy_prevalence=0.01, resamples=120, rng=4)
    assert c.threshold == a.threshold and c.precision != a.precision  # the seed moves only the resampling
    for est, low, high in (a.recall, a.precision):
        assert 0 <= low <= est <= high <= 1
    assert a.thresholds.size == 120 and a.resamples == 120


def test_choosing_on_the_rows_flatters_and_the_correction_says_so(rows):
    """Recall counted where a recall target chose is the target to the case; the corrected one is lower."""
    y, s = rows
    est = optimism_bootstrap(count_scores(y, s), threshold_rule(at_recall=0.8), deploy_prevalence=0.01)
    apparent = est.tp / (est.tp + est.fn)
    assert est.optimism[0] > 0 and est.recall[0] < apparent
    assert est.recall[1] < 0.8 < est.recall[2]


def test_a_fixed_threshold_gets_the_plain_intervals(rows):
    y, s = rows
    est = optimism_bootstrap(count_scores(y, s), threshold_rule(threshold=1.0), deploy_prevalence=0.01)
    tn, fp, fn, tp = confusion_matrix(y, s >= 1.0).ravel()
    assert est.recall[1:] == pytest.approx(clopper_pearson_interval(tp, tp + fn))
    assert est.precision[1:] == pytest.approx(precision_interval(tp=tp, fn=fn, fp=fp, tn=tn, deploy_prevalence=0.01))
    assert est.resamples == 0 and est.thresholds.size == 0


def test_nobody_flagged():
    y, s = _file(3000, 0.02, 1)
    est = optimism_bootstrap(count_scores(y, s), threshold_rule(cost_fp=500, cost_fn=1), deploy_prevalence=0.01)
    assert est.nobody_flagged and est.threshold == np.inf and np.isnan(est.precision[0]) and est.recall[0] == 0


def _coverage(rule, n_files: int, rows: int, rate: float) -> tuple[float, float]:
    """Share of simulated files whose 95 % intervals hold the deployed threshold's true precision at 1 % and
    true recall. Negatives N(0, 1), positives N(1.5, 1), scores rounded to 4 decimals (some ties)."""
    hit_p = hit_r = 0
    for k in range(n_files):
        y, s = _file(rows, rate, 1000 + k)
        est = optimism_bootstrap(merge_negative_runs(count_scores(y, s)), rule, deploy_prevalence=0.01, rng=k)
        t = est.threshold - 0.00005  # score >= t  <=>  the unrounded score >= t - half a unit
        tpr, fpr = norm.sf(t - 1.5), norm.sf(t)
        truth = 0.01 * tpr / (0.01 * tpr + 0.99 * fpr)
        hit_p += est.precision[1] <= truth <= est.precision[2]
        hit_r += est.recall[1] <= tpr <= est.recall[2]
    return hit_p / n_files, hit_r / n_files


@pytest.mark.slow
@pytest.mark.parametrize("rule", [threshold_rule(at_recall=0.8), threshold_rule(cost_fp=1, cost_fn=50)],
                         ids=["recall 0.8", "cost 1:50"])
def test_coverage_of_the_deployed_thresholds_recall_and_precision(rule):
    """About 150 positives per file, 400 files, 400 resamples each (the default): each interval covers its
    estimand 92-98 % of the time.

    The files and resamples are seeded, so the outcome is fixed; with 400 files the Monte Carlo standard error
    of a 95 % coverage is 1.1 points. With 200 resamples the recall rule's intervals covered 92 % of these
    files, with 1000 resamples 94 %: the intervals' ends, 2.5 % quantiles, need a few hundred resamples.
    """
    precision, recall = _coverage(rule, 400, 5000, 0.03)
    assert 0.92 <= precision <= 0.98, precision
    assert 0.92 <= recall <= 0.98, recall
