"""Checkers of notebook 04: right answers from scikit-learn and scipy, typical wrong answers, wrong kinds."""

from __future__ import annotations

import numpy as np
from scipy.stats import mannwhitneyu, rankdata
from sklearn.metrics import roc_auc_score

from helpers.exercises import nb04
from helpers.exercises.core import NOT_ANSWERED

SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
LABELS = np.array([1, 1, 1, 0, 1, 0, 1, 0, 0])
TIED = np.array([0.9, 0.8, 0.7, 0.55, 0.55, 0.4, 0.3, 0.2, 0.1])


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    ex = nb04.exercise_1(LABELS)
    right = tuple(roc_auc_score(LABELS, s) for s in (LABELS, -LABELS, np.zeros(9)))
    assert ex.check(right)
    assert _line(capsys) == "Exercise 1: correct."
    assert not ex.check((1, 0, 0))
    assert _line(capsys) == "Exercise 1: your 'all equal' counts a tie as lost or won; a tied pair counts ½"
    assert not ex.check((1, -1, 0.5))
    assert _line(capsys) == "Exercise 1: your negatives above: expected one number between 0 and 1, got -1"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"


def test_exercise_2(capsys):
    ex = nb04.exercise_2(LABELS, SCORES, new_label=1, new_score=0.65)
    y2, s2 = np.append(LABELS, 1), np.append(SCORES, 0.65)
    u = mannwhitneyu(s2[y2 == 1], s2[y2 == 0]).statistic  # pairs won, ties ½
    right = u / (y2.sum() * (1 - y2).sum())
    assert ex.check(right)
    assert _line(capsys) == "Exercise 2: correct."
    assert not ex.check(u / (LABELS.sum() * (1 - LABELS).sum()))
    assert _line(capsys).startswith("Exercise 2: you kept the old number of pairs")
    assert not ex.check(roc_auc_score(LABELS, SCORES))
    assert _line(capsys) == "Exercise 2: that is the AUC before the new example"
    assert not ex.check([right])
    assert _line(capsys) == "Exercise 2: expected one number (an AUC), got a list of 1"


def _auc_rank_sum(y, s, method="average", divide=True):
    r = rankdata(s, method=method)
    n_pos, n_neg = y.sum(), (1 - y).sum()
    u = r[y == 1].sum() - n_pos * (n_pos + 1) / 2
    return u / (n_pos * n_neg) if divide else u


def test_exercise_3(capsys):
    ex = nb04.exercise_3(LABELS, TIED, SCORES)
    assert ex.check(_auc_rank_sum)
    assert _line(capsys) == "Exercise 3: correct."
    assert not ex.check(lambda y, s: _auc_rank_sum(y, s, method="ordinal"))
    assert _line(capsys).startswith("Exercise 3: your ranks do not average the ties")
    assert not ex.check(lambda y, s: _auc_rank_sum(y, s, divide=False))
    assert _line(capsys).startswith("Exercise 3: your function returns U itself")
    assert not ex.check(lambda y, s: 1 / 0)
    assert _line(capsys) == "Exercise 3: not yet: your function raised ZeroDivisionError for the tied scores"
    assert not ex.check(_auc_rank_sum(LABELS, TIED))
    assert _line(capsys).startswith("Exercise 3: expected a function, got the number")
    ex.solution()
    out = capsys.readouterr().out
    assert "def auc_rank_sum" in out and f"value: for the tied scores: {roc_auc_score(LABELS, TIED):.4g}" in out


def test_quiz(capsys):
    quiz = nb04.quiz(LABELS, SCORES)
    assert quiz.q1.check(int(LABELS.sum() * (1 - LABELS).sum()))
    assert not quiz.q1.check(36)  # 9 choose 2
    assert "every pair of examples" in capsys.readouterr().out
    assert quiz.q4.check(roc_auc_score(LABELS, SCORES))
    assert quiz.q2.check("a") and quiz.q3.check("b") and not quiz.q3.check("a")
