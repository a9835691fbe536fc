"""``--recall-confidence C`` meets the recall target with probability C on new cases: a one-sided rule.

It used the lower end of a two-sided C Clopper-Pearson interval, i.e. (1 + C) / 2 one-sided: on the screening file
``--at-recall 0.8 --recall-confidence 0.95`` flagged 254 of 300 positives and the page then printed a chance of 98 %
(0.977). Every test here fails on the code before this fix.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.report.analysis import analyse, margin_feasible
from helpers.report.count import count_scores
from helpers.report.metrics import _rule_k
from helpers.report.optimism import recall_target_chance
from helpers.threshold_choice import recall_target_threshold
from helpers.threshold_rules import threshold_rule

SCREENING = Path(__file__).resolve().parents[1] / "data" / "screening_predictions.csv"


def test_the_screening_file_flags_252_positives_with_a_chance_of_95_percent():
    d = pd.read_csv(SCREENING)
    rule = threshold_rule(at_recall=0.8, recall_confidence=0.95)
    choice = analyse({"y_score": count_scores(d["y_true"], d["y_score"])}, deploy_prevalence=0.01,
                     rule=rule).models[0].choice
    flagged = int(((d["y_score"] >= choice.threshold) & (d["y_true"] == 1)).sum())
    assert flagged == 252 == _rule_k(rule, int(d["y_true"].sum()))
    assert choice.recall_target_chance == pytest.approx(0.954, abs=5e-4)
    assert choice.threshold == recall_target_threshold(d["y_true"], d["y_score"], recall=0.8, confidence=0.95)


@settings(max_examples=150, deadline=None)
@given(positives=st.integers(1, 400), target=st.floats(0.05, 0.99), confidence=st.sampled_from([0.5, 0.8, 0.9, 0.95,
                                                                                                   0.99]))
def test_k_is_the_fewest_whose_own_chance_reaches_the_confidence(positives, target, confidence):
    """The rule agrees with the chance the report prints: ``P(Beta(k, P - k + 1) >= r) >= C`` and not at ``k - 1``."""
    rule = threshold_rule(at_recall=target, recall_confidence=confidence)
    feasible = recall_target_chance(positives, positives, target) >= confidence
    assert margin_feasible(target, positives, confidence) == feasible
    if not feasible:
        with pytest.raises(ValueError, match="cannot be shown"):
            _rule_k(rule, positives)
        return
    k = _rule_k(rule, positives)
    assert recall_target_chance(k, positives, target) >= confidence - 1e-9
    assert k == 1 or recall_target_chance(k - 1, positives, target) < confidence + 1e-9


def test_the_chance_holds_by_simulation():
    """45 positives N(2, 1) at target 0.7, C = 0.9: the true recall 1 - Phi(t - 2) falls short in 9.3 % of files,
    not the 5 % of the two-sided rule."""
    from scipy.stats import norm

    rng = np.random.default_rng(3)
    y = np.r_[np.ones(45, dtype=int), np.zeros(20, dtype=int)]
    short = np.mean([norm.sf(recall_target_threshold(y, np.r_[rng.normal(2, 1, 45), rng.normal(0, 1, 20)],
                                                     recall=0.7, confidence=0.9) - 2) < 0.7 for _ in range(2000)])
    k = _rule_k(threshold_rule(at_recall=0.7, recall_confidence=0.9), 45)
    miss = 1 - recall_target_chance(k, 45, 0.7)
    assert miss > 0.09
    assert abs(short - miss) <= 3 * np.sqrt(miss * (1 - miss) / 2000)
