"""The checkers of notebook 07: right answers computed here, the typical mistakes, wrong kinds.

The splits come from ``enriched_pool_splits`` (tested in tests/test_enriched_pool_and_prevalence_shift.py); the
intervals and precisions are recomputed here from each split's counts.
"""

import numpy as np
import pytest

from helpers import precision_at_prevalence, precision_interval
from helpers.enriched_pool import enriched_pool_splits
from helpers.exercises import nb07

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."
DESIGN = dict(n_test_pos=15, n_test_neg=40, n_splits=30)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    digit = rng.integers(0, 10, 1500)
    y = (digit == 9).astype(int)
    flag_rate = np.where(y == 1, 0.85, np.where(np.isin(digit, [3, 8]), 0.3, 0.02))
    y_pred = (rng.random(1500) < flag_rate).astype(int)
    narrow = (rng.random(1500) < np.where(y == 1, 0.85, np.where(np.isin(digit, [3, 4, 8]), 0.4, 0.0))).astype(int)
    return y, y_pred, digit, narrow


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def widths(y, y_pred, n_neg):
    c = enriched_pool_splits(y, y_pred, n_test_pos=15, n_test_neg=n_neg, pool_prevalence=0.05, n_splits=30, rng=1)
    out = []
    for r in c.itertuples():
        pi = (r.pool_tp + r.pool_fn) / (r.pool_tp + r.pool_fn + r.pool_fp + r.pool_tn)
        low, high = precision_interval(tp=r.test_tp, fn=r.test_fn, fp=r.test_fp, tn=r.test_tn, deploy_prevalence=pi)
        out.append(high - low)
    return np.mean(out)


def test_exercise_1(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_1(y, y_pred, pool_prevalence=0.05, **DESIGN)
    right, before = widths(y, y_pred, 80), widths(y, y_pred, 40)
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 1: correct.")
    if abs(before / right - 1) > 0.06:
        assert not ex.check(before)
        assert "with 40 test negatives" in said(capsys)
    assert not ex.check(right * 1.2)
    assert said(capsys) == "Exercise 1: not yet: your number is not within 5 % of the answer"
    assert not ex.check((0.1, 0.5))
    assert said(capsys) == "Exercise 1: expected one width between 0 and 1, got a tuple of 2"


def test_exercise_2(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_2(y, y_pred, n_test_pos=15, n_test_neg=40, pool_prevalence=0.01, old_prevalence=0.05)
    tpr, fpr = y_pred[y == 1].mean(), y_pred[y == 0].mean()
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(precision_at_prevalence(tpr, fpr, 0.01))
    assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(precision_at_prevalence(tpr, fpr, 0.05))
    assert "PPV* at the 5 % pool" in said(capsys)
    assert not ex.check(precision_at_prevalence(tpr, fpr, 15 / 55))
    assert "enriched test set's mix" in said(capsys)
    assert not ex.check(1.5)
    assert said(capsys) == "Exercise 2: expected one number between 0 and 1, got 1.5"


def test_exercise_3(data, capsys):
    y, _, digit, narrow = data
    ex = nb07.exercise_3(y, narrow, digit, seen=[0, 2, 6], added=[3, 8], pool_prevalence=0.05, **DESIGN)

    def corrected(allowed):
        c = enriched_pool_splits(y, narrow, n_test_pos=15, n_test_neg=40, pool_prevalence=0.05, n_splits=30, rng=1,
                                 test_negative_mask=np.isin(digit, allowed))
        pi = (c.pool_tp + c.pool_fn) / (c.pool_tp + c.pool_fn + c.pool_fp + c.pool_tn)
        rows = zip(c.test_tp, c.test_fp, pi, strict=True)
        return np.mean([precision_at_prevalence(tp / 15, fp / 40, p) for tp, fp, p in rows])

    right, unpatched = corrected([0, 2, 6, 3, 8]), corrected([0, 2, 6])
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 3: correct.")
    assert abs(unpatched - right) > 0.02
    assert not ex.check(unpatched)
    assert "add [3, 8]" in said(capsys)
    assert not ex.check("high")
    assert said(capsys) == "Exercise 3: expected one number between 0 and 1, got the text 'high'"


def test_hints_run_out_and_solution_prints(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_1(y, y_pred, pool_prevalence=0.05, **DESIGN)
    for _ in range(3):
        ex.hint()
    assert said(capsys).splitlines()[2] == "Exercise 1: no more hints: ex1.solution() shows the answer"
    ex.solution()
    assert "n_test_neg=80" in said(capsys)


def test_quiz(capsys):
    quiz = nb07.quiz(0.8, 0.02, 0.2)
    right = 0.8 * 0.2 / (0.8 * 0.2 + 0.02 * 0.8)
    assert quiz.q1.check(right) and quiz.q2.check("a") and quiz.q3.check("a") and quiz.q4.check("a")
    said(capsys)
    assert not quiz.q1.check(0.8 * 0.2 / (0.8 * 0.2 + 0.02))
    assert "share 1 - pi" in said(capsys)
    assert not quiz.q4.check("c")
    assert said(capsys).startswith("Question 4: not quite: the interval reflects")
