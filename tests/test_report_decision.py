"""The recommendation's sentences (helpers.report.analysis), on hand-made estimates: the recall target met on the
file but estimated below it for new cases is said in one sentence, with digits that keep the estimate below."""

from __future__ import annotations

import re

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from helpers.report.analysis import ModelAnalysis, exact_threshold, flag_rule, recall_target_sentence
from helpers.report.optimism import ChoiceEstimate
from helpers.threshold_rules import threshold_rule


def _model(tp: int, fn: int, recall: tuple[float, float, float], threshold: float = 0.5) -> ModelAnalysis:
    choice = ChoiceEstimate(threshold, tp, fn, 10, 90, 0.01, recall, (0.1, 0.05, 0.2), (0.0, 0.0), np.array([]), 0, 0)
    return ModelAnalysis("m", None, (0.8, 0.7, 0.9), choice)


@given(target=st.floats(0.05, 0.99), positives=st.integers(5, 2000), gap=st.floats(1e-6, 0.2),
       spread=st.floats(0.0, 0.2))
def test_met_on_file_but_below_for_new_cases(target, positives, gap, spread):
    tp = min(positives, int(np.ceil(target * positives)))  # the rule's count: the target met on the file
    est = max(target - gap, 1e-9)
    sentence = recall_target_sentence(_model(tp, positives - tp, (est, max(est - spread, 0.0), min(est + spread, 1))),
                                      threshold_rule(at_recall=target))
    assert sentence is not None and "met on this file" in sentence and "may fall short" in sentence
    shown_target = float(re.search(r"Recall target ([\d.]+) %", sentence).group(1))
    shown_est = float(re.search(r"the estimate is ([\d.]+) %", sentence).group(1))
    assert shown_est < shown_target  # never "80 %" for an estimate of 0.7997 against 0.8
    assert f"{tp:,} of {positives:,} real cases found" in sentence


@given(target=st.floats(0.05, 0.99), positives=st.integers(5, 2000), above=st.floats(0.0, 0.2))
def test_no_sentence_when_the_estimate_reaches_the_target_or_the_file_misses_it(target, positives, above):
    tp = min(positives, int(np.ceil(target * positives)))
    est = min(target + above, 1.0)
    rule = threshold_rule(at_recall=target)
    assert recall_target_sentence(_model(tp, positives - tp, (est, est, est)), rule) is None
    if tp > 0:
        missed = _model(tp - 1, positives - tp + 1, (target / 2, 0.0, target))
        assert (tp - 1) / positives >= target or recall_target_sentence(missed, rule) is None
    assert recall_target_sentence(_model(tp, positives - tp, (target / 2, 0.0, target)), None) is None
    assert recall_target_sentence(_model(tp, positives - tp, (target / 2, 0.0, target)),
                                  threshold_rule(cost_fp=1, cost_fn=10)) is None


@given(st.floats(-1e6, 1e6, allow_nan=False))
def test_the_threshold_written_reads_back_as_itself(t):
    assert float(exact_threshold(t)) == t
    assert flag_rule(t) == f"score >= {exact_threshold(t)}"


def test_the_page_figures_keep_the_callers_matplotlib_backend(monkeypatch):
    """In a notebook the backend is the inline one: switching it to Agg hid every later figure of the session."""
    import matplotlib
    import matplotlib.pyplot as plt

    from helpers.report.analysis import analyse
    from helpers.report.count import count_scores
    from helpers.report.page import figures

    rng = np.random.default_rng(0)
    y = rng.random(400) < 0.2
    scores = np.round(rng.random(400) * 0.5 + 0.5 * y, 3)
    analysis = analyse({"model": count_scores(y.astype(int), scores)}, deploy_prevalence=0.01,
                       rule=threshold_rule(at_recall=0.8), seed=0)
    monkeypatch.setattr(matplotlib, "get_backend", lambda *a, **k: "inline")  # as an IPython kernel reports it
    monkeypatch.setattr(matplotlib, "use", lambda *a, **k: (_ for _ in ()).throw(AssertionError(f"use{a}")))
    drawn = figures(analysis)
    assert drawn and all(f.axes for f in drawn)
    for f in drawn:
        plt.close(f)
