"""The report where the file cannot pin precision, and what it says about the share flagged (issue 35, cold read).

* with 0 false alarms among 60 negatives at 1 % prevalence the precision's
  interval runs from about 0.12 to 1: the verdict, the recommendation and
  the warning lead with those ends, the matrix per 1000 gives the false
  alarms as an interval, and the report does not decide; the cut-off is the
  prevalence-aware one, ``N < ln(2 / alpha) (1 - pi) / (pi r)`` for zero false
  alarms, checked against an independent Clopper-Pearson bound;
* "what to do next" asks for negatives when they limit precision;
* the share flagged is said to be an expected number, and one batch of 1000
  gets a binomial prediction interval, computed and checked by simulation.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from scipy.stats import beta, binom

from helpers.report.analysis import (
    analyse,
    batch_interval,
    decide,
    negatives_for_precision,
    next_steps,
    precision_undetermined,
    verdict,
)
from helpers.report.count import count_scores
from helpers.report.page import decision_frame, matrix_frame, page_html
from helpers.threshold_rules import threshold_rule

AT_80 = threshold_rule(at_recall=0.8)


def _file(positives: int, negatives: int, mu: float, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    return y, rng.normal(mu * y, 1.0)


def _analysis(y, s, pi=0.01, rule=AT_80):  # noqa: ANN001, ANN202
    return analyse({"y_score": count_scores(y, s)}, deploy_prevalence=pi, rule=rule, seed=0)


@pytest.fixture(scope="module")
def p60n60():  # noqa: ANN201
    """The cold reader's file: 60 positives N(3.4, 1), 60 negatives N(0, 1), no false alarm at the threshold."""
    result = _analysis(*_file(60, 60, 3.4))
    assert result.models[0].choice.fp == 0  # the case under test
    return result


def test_60_60_zero_false_alarms_leads_with_the_bounds_and_does_not_decide(p60n60):
    c = p60n60.models[0].choice
    est, low, high = c.precision
    assert low < est / 2 and precision_undetermined(c)
    decision = decide(p60n60)
    # before: "deploy_if_workable ... (about 99 % of those flagged being real)"
    assert decision.kind == "do_not_decide" and decision.model is None
    lo_pct, hi_pct = f"{100 * low:.0f} %", f"{100 * high:.0f} %"
    assert f"Between {lo_pct} and {hi_pct} of the cases y_score flags" in decision.text
    assert "0 false alarms among 60 other cases" in decision.text
    assert "labelled other cases (negatives)" in decision.text
    head = verdict(p60n60)[0]
    assert f"between {lo_pct} and {hi_pct} of those flagged would be real cases" in head
    assert "0 false alarms among 60 other cases the file cannot say more" in head
    for text in (head, decision.text):
        assert f"about {100 * est:.0f} %" not in text and "about 1 in" not in text
        # the bounds come before any estimate of precision
        assert text.index(lo_pct) < min((text.index(w) for w in ("precision ", "estimate") if w in text), default=9**9)


def test_the_warning_is_one_sentence_with_the_counts_and_what_to_collect(p60n60):
    c = p60n60.models[0].choice
    found = [w for w in p60n60.warnings if "false alarms among" in w]
    assert len(found) == 1
    warning = found[0]
    assert warning.count(". ") == 0 and warning.endswith(".")  # one sentence
    need = negatives_for_precision(c)
    assert "0 false alarms among 60 other cases" in warning
    assert f"collect more labelled other cases (negatives), at least {need:,}" in warning


def test_the_negatives_needed_are_those_an_independent_clopper_pearson_bound_gives(p60n60):
    """With no false alarm among N negatives, precision's lower end (recall at its estimate, the false positive rate at
    its exact upper end Beta(0.975; 1, N)) reaches half the estimate at N = need, not at need - 1; and need is close to
    the reviewer's ln(40) (1 - pi) / (pi r)."""
    c = p60n60.models[0].choice
    pi, r, est = c.prevalence, c.recall[0], c.precision[0]
    need = negatives_for_precision(c)

    def low_at(n: int) -> float:
        fpr_high = beta.ppf(0.975, 1, n)
        return pi * r / (pi * r + (1 - pi) * fpr_high)

    assert low_at(need) >= est / 2 > low_at(need - 1)
    assert need == pytest.approx(math.log(40) * (1 - pi) / (pi * r), rel=0.05)


@pytest.mark.parametrize(("negatives", "undetermined"), [(200, True), (400, True), (600, False), (1000, False)])
def test_the_cut_off_follows_the_prevalence_aware_formula(negatives, undetermined):
    """Positives far above every negative (no false alarm), 100 positives, recall about 0.79 at 1 %: the formula's
    cut-off is ln(40) 0.99 / (0.01 0.79), about 460 negatives."""
    result = _analysis(*_file(100, negatives, 7.0))
    c = result.models[0].choice
    assert c.fp == 0
    cut = math.log(40) * 0.99 / (0.01 * c.recall[0])
    assert (negatives < cut) == undetermined
    assert precision_undetermined(c) == undetermined
    assert (decide(result).kind == "do_not_decide") == undetermined


def test_the_same_file_decides_at_a_prevalence_where_60_negatives_suffice():
    """At 10 % the cut-off is ln(40) 0.9 / (0.1 r), about 42 negatives: 60 without a false alarm pin precision."""
    y, s = _file(60, 60, 3.4)
    result = _analysis(y, s, pi=0.1)
    assert not precision_undetermined(result.models[0].choice)
    assert decide(result).kind == "deploy_if_workable"


def test_the_matrix_gives_the_false_alarms_as_an_interval(p60n60):
    m = p60n60.models[0]
    c = m.choice
    frame = matrix_frame(m, p60n60.deploy_prevalence)
    cell = frame.loc["not real cases", "flagged"]
    tp = 1000 * 0.01 * c.recall[0]
    fp_high = tp * (1 - c.precision[1]) / c.precision[1]
    assert cell == f"0 to {fp_high:.0f} (false alarms)", cell  # before: "0.098 (false alarms)"
    assert frame.loc["not real cases", "not flagged"] == f"{990 - fp_high:.0f} to 990"
    table = decision_frame(p60n60).iloc[0]
    precision = next(v for k, v in table.items() if k.startswith("precision"))
    assert precision.startswith(f"{c.precision[1]:.2f} to {c.precision[2]:.2f}")
    entry = p60n60.to_json()["models"][0]
    assert entry["precision_undetermined"] is True
    assert entry["per_1000_interval"]["fp"]["high"] == pytest.approx(fp_high)
    assert entry["per_1000_interval"]["tn"]["low"] == pytest.approx(990 - fp_high)
    assert entry["per_1000"]["fp"] < 1  # the estimate is still there, under its old key


def test_half_and_double_prevalence_give_ranges_when_precision_is_undetermined(p60n60):
    step = next_steps(p60n60)[0]
    assert "would lie between" in step and "at double between" in step
    assert not re.search(r"would be about 0\.9", step)  # before: "about 0.98, at double about 0.99"


def test_next_steps_ask_for_negatives_when_they_limit_precision():
    """300 positives, 170 negatives, no false alarm: precision runs from about 0.27 to 1; before, the step said
    "Collect more positives ... square root of the number of positives"."""
    result = _analysis(*_file(300, 170, 7.0))
    c = result.models[0].choice
    assert c.fp == 0 and c.precision[2] / c.precision[1] > 1.5
    steps = " ".join(next_steps(result))
    assert "Collect more labelled negatives (other cases)" in steps
    assert "Collect more positives" not in steps


def test_next_steps_still_ask_for_positives_when_they_limit():
    """20 000 negatives, 60 positives of a middling model: precision's width comes from recall's."""
    result = _analysis(*_file(60, 20_000, 2.0))
    steps = " ".join(next_steps(result))
    assert "Collect more positives" in steps and "Collect more labelled negatives" not in steps


def test_one_batch_interval_is_the_binomial_one_and_covers_by_simulation():
    low, high = batch_interval((0.1679, 0.1783))
    assert (low, high) == (int(binom.ppf(0.025, 1000, 0.1679)), int(binom.ppf(0.975, 1000, 0.1783)))
    rng = np.random.default_rng(0)
    for share in (0.002, 0.05, 0.1729, 0.6):
        low, high = batch_interval((share, share))
        batches = rng.binomial(1000, share, 20_000)
        assert np.mean((batches >= low) & (batches <= high)) >= 0.95


def test_the_share_flagged_is_an_expected_number_with_a_batch_range():
    """The screening-like file: about 173 flagged per 1000 on average (168 to 178); one batch of 1000 flags roughly
    145 to 202. Before, monitoring said only "expect about 172.9 ... a share that drifts away means a change"."""
    y, s = _file(300, 19_700, 2.2, seed=1)
    result = _analysis(y, s)
    m = result.models[0]
    assert decide(result).kind == "deploy_if_workable"
    flagged, low, high = m.flagged_interval
    b_low, b_high = m.batch_flagged
    assert b_low == int(binom.ppf(0.025, 1000, low / 1000)) and b_high == int(binom.ppf(0.975, 1000, high / 1000))
    assert b_low < low and b_high > high  # one batch varies more than the expected share is uncertain
    monitor = next(step for step in next_steps(result) if step.startswith("Monitor"))
    assert "on average" in monitor and f"between {b_low:,} and {b_high:,}" in monitor
    assert "binomial prediction interval" in monitor
    assert f"any one batch of 1000, {b_low:,} to {b_high:,}" in verdict(result)[0]
    entry = result.to_json()["models"][0]
    assert entry["flagged_per_1000_one_batch"] == {"low": b_low, "high": b_high}
    assert entry["precision_undetermined"] is False


def test_json_keys_are_kept_and_new_ones_added(p60n60):
    entry = p60n60.to_json()["models"][0]
    old = {"name", "auc", "auc_interval", "threshold", "flag_if", "recall_target_met_on_file", "recall_target_chance",
           "recall_target_chance_exact", "recall", "precision", "flagged_per_1000", "flagged_per_1000_interval",
           "counts_on_file", "per_1000", "nobody_flagged", "everyone_flagged", "threshold_across_resamples",
           "cost_per_1000", "ranks"}
    assert old | {"precision_undetermined", "per_1000_interval", "flagged_per_1000_one_batch"} == set(entry)
    no_rule = analyse({"y_score": count_scores(*_file(60, 60, 3.4))}, deploy_prevalence=0.01, rule=None)
    assert set(no_rule.to_json()["models"][0]) == set(entry)


def test_the_page_says_it_without_the_bare_estimate(p60n60):
    text = re.sub(r"<[^>]+>", " ", page_html(p60n60, {"file": "p60n60.csv"}))
    assert "0 to 59 (false alarms)" in text
    c = p60n60.models[0].choice
    assert f"precision {c.precision[1]:.2f} to {c.precision[2]:.2f} (estimate" in text  # the counts' paragraph
    assert f"precision {c.precision[0]:.2f} [" not in text
    assert "0.098 (false alarms)" not in text
    assert "about 99 % of those flagged" not in text and "about 100 % of those flagged" not in text


def test_with_false_alarms_the_negatives_needed_keep_their_share():
    """2 false alarms among 60 at a threshold fixed in advance: the count asked for is the fewest negatives (on a 1 %
    grid) at which an independent Clopper-Pearson upper end of the same share, Beta(0.975; k + 1, N - k), brings
    precision's lower end (recall at its estimate) to half its estimate; and the page says "if false alarms keep their
    share"."""
    y, s = _file(60, 60, 2.5, seed=0)
    result = _analysis(y, s, rule=threshold_rule(threshold=2.0))
    c = result.models[0].choice
    assert c.fp >= 1 and precision_undetermined(c)
    need = negatives_for_precision(c)
    pi, r, est, share = c.prevalence, c.recall[0], c.precision[0], c.fp / (c.fp + c.tn)

    def low_at(n: int) -> float:
        k = round(share * n)
        fpr_high = 1.0 if k >= n else beta.ppf(0.975, k + 1, n - k)
        return pi * r / (pi * r + (1 - pi) * fpr_high)

    assert low_at(need) >= est / 2
    assert low_at(math.ceil(need / 1.02)) < est / 2
    assert f"at least about {need:,} if false alarms keep their share" in decide(result).text
