"""The checkers of notebook 14: right answers computed here by brute force, the printed values, too few digits,
each typical mistake, wrong kinds, and the audits.

Average precision and the AUC are computed from their definitions on the rows (no scikit-learn, except for the
trapezoidal area under the PR curve, a student's mistake); the threshold of a recall target is found on the rows
that the half tables count.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import auc, precision_recall_curve

from helpers.exercises import nb14
from helpers.exercises.core import NOT_ANSWERED, round_significant
from helpers.report.count import count_scores
from helpers.report.metrics import counts_rule_table, merge_negative_runs, split_counts
from helpers.threshold_rules import threshold_rule


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(14)
    n = 6000
    y = (rng.random(n) < 0.05).astype(int)
    s = np.round(1 / (1 + np.exp(2.5 - rng.normal(size=n) - 1.6 * y)), 4)
    return y, s


def said(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def average_precision(y, s, w=1.0):
    """AP by its definition: over the distinct scores, highest first, recall step times precision (w FP)."""
    total = 0.0
    for t in np.unique(s)[::-1]:
        at = s == t
        tp, fp = np.sum((s >= t) & (y == 1)), np.sum((s >= t) & (y == 0))
        total += np.sum(at & (y == 1)) / np.sum(y == 1) * tp / (tp + w * fp)
    return total


def auc_by_pairs(y, s):
    pos, neg = s[y == 1][:, None], s[y == 0][None, :]
    return float(np.mean((pos > neg) + 0.5 * (pos == neg)))


def test_exercise_1(data, capsys):
    y, s = data
    merged = merge_negative_runs(count_scores(y, s))
    ex = nb14.exercise_1(y, s, merged, deploy_prevalence=0.01)
    w = (0.99 / 0.01) * y.sum() / (y.size - y.sum())
    right = (average_precision(y, s), average_precision(y, s, w))
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys) == "Exercise 1: correct."
    assert ex.check(tuple(round_significant(v, 4) for v in right))  # as the solution prints them
    said(capsys)
    assert not ex.check((round_significant(right[0], 3), right[1]))
    assert said(capsys).startswith("Exercise 1: give four significant digits for your AP as tested")
    for per_cent in [(100 * right[0], 100 * right[1]), (round_significant(100 * right[0], 3), right[1]),
                     (right[0], round_significant(100 * right[1], 3))]:
        assert not ex.check(per_cent)
        assert said(capsys) == ("Exercise 1: your numbers look like percentages; give each AP as a share between "
                                "0 and 1")
    assert not ex.check((right[0], right[0]))
    assert said(capsys).startswith("Exercise 1: that is AP as tested; at deployment every false positive")
    assert not ex.check(right[::-1])
    assert said(capsys).startswith("Exercise 1: your two numbers are in the other order")
    tp, fp = merged.n_pos.cumsum().to_numpy(), merged.n_neg.cumsum().to_numpy()
    assert not ex.check((float(np.mean(tp / (tp + fp))), right[1]))
    assert said(capsys).startswith("Exercise 1: that is the plain mean of the precisions")
    step = merged.n_pos.to_numpy() / y.sum()
    assert not ex.check((right[0], float(np.sum(step * tp / (tp + fp / w)))))
    assert said(capsys) == "Exercise 1: the weight belongs to the negatives (FP), not to the positives"
    weights = np.where(y == 1, 1.0, w)  # a student's route: the PR curve's trapezoids, auc(recall, precision)
    precision_w, recall_w, _ = precision_recall_curve(y, s, sample_weight=weights)
    trapezoid = auc(recall_w, precision_w)
    assert round_significant(trapezoid, 4) != round_significant(right[1], 4)  # a mistake on these data
    assert not ex.check((right[0], trapezoid))
    assert said(capsys).startswith("Exercise 1: that is the trapezoidal area under the PR curve")
    odds = 0.99 / 0.01  # the deployment odds taken for the weight
    assert not ex.check((right[0], average_precision(y, s, odds)))
    assert said(capsys) == ("Exercise 1: w is ((1 − π)/π)/(N/P) ≈ 4.99, the fold change of the odds, not "
                            "(1 − π)/π = 99")
    assert round(w, 2) == 4.99
    assert not ex.check(right[0])
    assert said(capsys).startswith("Exercise 1: expected 2 numbers (AP as tested, AP at deployment)")
    assert ex.audit() == []
    with pytest.raises(ValueError, match="merged must count the same rows"):
        nb14.exercise_1(y[:-1], s[:-1], merged, deploy_prevalence=0.01)


def test_exercise_2(data, capsys):
    y, s = data
    ex = nb14.exercise_2(y, s, digits=2)
    rounded = np.floor(s * 100 + 0.5) / 100
    pos, neg = rounded[y == 1][:, None], rounded[y == 0][None, :]
    bound = float(np.mean(pos == neg)) / 2  # the share of positive-negative pairs in one bin, halved
    signed = auc_by_pairs(y, rounded) - auc_by_pairs(y, s)
    right = (bound, abs(signed))
    assert ex.check(right)
    assert said(capsys) == "Exercise 2: correct."
    assert ex.check(tuple(round_significant(v, 2) for v in right))
    said(capsys)
    assert not ex.check((round_significant(bound, 1), right[1]))
    assert said(capsys).startswith("Exercise 2: give two significant digits for your bound")
    assert not ex.check((2 * bound, right[1]))
    assert said(capsys).startswith("Exercise 2: that is the share of pairs that share a bin")
    assert not ex.check((bound, bound))
    assert said(capsys).startswith("Exercise 2: that is the bound, the worst case")
    rounded3 = np.floor(s * 1000 + 0.5) / 1000
    bound3 = float(np.mean(rounded3[y == 1][:, None] == rounded3[y == 0][None, :])) / 2
    assert not ex.check((bound3, right[1]))
    assert said(capsys).startswith("Exercise 2: that is the bound of the 3-digit table")
    if signed < 0:
        assert not ex.check((bound, signed))
        assert said(capsys) == "Exercise 2: the error is a distance, |binned AUC - exact AUC|, a number >= 0"
    assert ex.audit() == []


def test_exercise_2_error_sign_both_ways(capsys):
    """The signed-error mistake is offered only when the binned AUC is below the exact one."""
    y = np.array([1, 0, 1, 0, 0, 1, 0, 0])
    for s in (np.array([0.91, 0.94, 0.62, 0.33, 0.12, 0.36, 0.31, 0.05]),   # binning raises the AUC
              np.array([0.94, 0.91, 0.62, 0.33, 0.12, 0.36, 0.31, 0.05])):  # binning lowers it
        ex = nb14.exercise_2(y, s, digits=1)
        assert ex.audit() == []
        assert ex.check(ex.expected)
        said(capsys)


@pytest.mark.slow  # the notebook's 2 million rows: about 9 s
def test_exercise_1_on_the_notebook_numbers(capsys):
    """Issue 36: the notebook's AP at 0.1 % is 0.036572 and the trapezoidal area 0.036515. Asked to three
    digits, 0.0365 (the AP cut off, not rounded) was told "that is the trapezoidal area"; at four digits the
    two differ and the cut-off value is only wrong; per cent (12.8, 3.66) is named."""
    rng = np.random.default_rng(14)  # the notebook's file (section 2), 2 million rows
    n_rows = 2_000_000
    y = (rng.random(n_rows) < 0.005).astype(np.int8)
    s = np.round(1 / (1 + np.exp(3.0 - rng.normal(size=n_rows) - 1.8 * y)), 6)
    merged = merge_negative_runs(count_scores(y, s))
    ex = nb14.exercise_1(y, s, merged, deploy_prevalence=0.001)
    tested, deployed = ex.expected
    assert (round(tested, 6), round(deployed, 6)) == (0.12804, 0.036572)
    w = (0.999 / 0.001) * y.sum() / (y.size - y.sum())
    precision_w, recall_w, _ = precision_recall_curve(y, s, sample_weight=np.where(y == 1, 1.0, w))
    assert round(auc(recall_w, precision_w), 6) == 0.036515
    assert ex.check((0.128, 0.03657))
    said(capsys)
    assert not ex.check((0.128, 0.0365))
    assert said(capsys) == ("Exercise 1: not yet: your AP as tested is right, AP at deployment is not")
    assert not ex.check((0.128, 0.03652))
    assert said(capsys).startswith("Exercise 1: that is the trapezoidal area under the PR curve")
    assert not ex.check((12.8, 3.66))
    assert said(capsys).startswith("Exercise 1: your numbers look like percentages")
    for swapped in [(deployed, tested), (0.03657, 0.128)]:  # the cold reader's swap, as printed
        assert not ex.check(swapped)
        assert said(capsys) == ("Exercise 1: your two numbers are in the other order: give (AP as tested, AP at "
                                "deployment)")
    assert ex.audit() == []


def rows_of(table: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    y = np.r_[np.ones(table.n_pos.sum(), dtype=int), np.zeros(table.n_neg.sum(), dtype=int)]
    s = np.r_[np.repeat(table.score, table.n_pos), np.repeat(table.score, table.n_neg)]
    return y, s


def test_exercise_3(data, capsys):
    y, s = data
    first, second = split_counts(merge_negative_runs(count_scores(y, s)), rng=3)
    ex = nb14.exercise_3(first, second, at_recall=0.8, deploy_prevalence=0.01)

    def judged(choose, judge):
        yc, sc = rows_of(choose)
        ranked = np.sort(sc[yc == 1])[::-1]
        t = ranked[math.ceil(0.8 * ranked.size) - 1]  # the k-th highest positive score finds k positives
        yj, sj = rows_of(judge)
        tp, fp = np.sum((sj >= t) & (yj == 1)), np.sum((sj >= t) & (yj == 0))
        w = (0.99 / 0.01) * yj.sum() / (yj.size - yj.sum())
        return tp / yj.sum(), tp / (tp + w * fp), tp / (tp + fp)

    recall, precision, as_tested = judged(second, first)
    helper = counts_rule_table([(threshold_rule(at_recall=0.8), 0.01)], choose=second, count=first).iloc[0]
    assert (helper.recall, helper.precision) == pytest.approx((recall, precision), rel=1e-12)
    assert ex.check((recall, precision))
    assert said(capsys) == "Exercise 3: correct."
    assert ex.check((round_significant(recall, 3), round_significant(precision, 3)))
    said(capsys)
    assert not ex.check((round_significant(recall, 2), precision))
    assert said(capsys).startswith("Exercise 3: give three significant digits for your recall")
    assert not ex.check(judged(first, second)[:2])
    assert said(capsys).startswith("Exercise 3: those are section 7's numbers")
    assert not ex.check((judged(second, second)[0], precision))
    assert said(capsys).startswith("Exercise 3: that is the recall on the half that chose the threshold")
    typed = round_significant(judged(second, second)[0], 3)  # as typed to the asked digits: 0.800 is the float 0.8
    assert not math.isclose(round_significant(recall, 3), typed)  # the slip differs from the answer here
    assert not ex.check((typed, round_significant(precision, 3)))
    assert said(capsys).startswith("Exercise 3: that is the recall on the half that chose the threshold")
    assert not ex.check((recall, as_tested))
    assert said(capsys).startswith("Exercise 3: that is precision as tested")
    for swapped in [(precision, recall), (round_significant(precision, 3), round_significant(recall, 3))]:
        assert not ex.check(swapped)
        assert said(capsys) == ("Exercise 3: your two numbers are in the other order: give (recall, precision at "
                                "1 %)")
    assert not ex.check((round_significant(100 * recall, 3), round_significant(100 * precision, 3)))
    assert said(capsys) == ("Exercise 3: your numbers look like percentages; give recall and precision as shares "
                            "between 0 and 1")
    assert not ex.check("0.8")
    assert said(capsys).startswith("Exercise 3: expected 2 numbers (recall, precision)")
    assert ex.audit() == []
    with pytest.raises(ValueError, match="second must be a score-count table"):
        nb14.exercise_3(first, second.to_numpy())


def test_hints_run_out(data, capsys):
    y, s = data
    ex = nb14.exercise_2(y, s)
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.splitlines()[2].startswith("Exercise 2: no more hints. The worked solution is")


def test_quiz(capsys):
    quiz = nb14.quiz(n_pos=9988, bound=0.000776, digits=3)
    assert "± 0.0008" in quiz.q4.prompt and "3 digits" in quiz.q4.prompt
    assert quiz.q1.check(19977)
    said(capsys)
    assert not quiz.q1.check(19976)
    assert said(capsys).startswith("Question 1: count the runs")
    assert not quiz.q1.check(9989)
    assert said(capsys).startswith("Question 1: the rows with positives stay too")
    assert not quiz.q1.check(20000)
    assert said(capsys).startswith("Question 1: give five significant digits")
    assert quiz.q2.check("b") and quiz.q3.check("c") and quiz.q4.check("a")
    capsys.readouterr()
    assert not quiz.q2.check("a")
    assert said(capsys).startswith("Question 2: not quite: the paired difference needs")
    assert not quiz.q4.check("b")
    assert said(capsys).startswith("Question 4: not quite: the bound is about binning these rows")
    assert quiz.audit() == []
    with pytest.raises(ValueError, match="bound must be"):
        nb14.quiz(n_pos=10, bound=0.7)


def test_quiz_names_the_files_own_merged_table(capsys):
    """A cold read: 18 935, the notebook's merged table (positives share scores there), went unnamed."""
    quiz = nb14.quiz(n_pos=9988, bound=0.000776, digits=3, merged_rows=18935)
    assert not quiz.q1.check(18935)
    assert said(capsys) == ("Question 1: that is this file's merged table, where positives share scores; the "
                            "question asks for the most possible")
    assert quiz.q1.check(19977)
    said(capsys)
    assert quiz.audit() == []
    no_ties = nb14.quiz(n_pos=9988, bound=0.000776, merged_rows=19977).q1  # no shared scores: the table is the answer
    assert not any("merged table" in m.message for m in no_ties.mistakes)
