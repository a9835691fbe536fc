"""Checkers of notebook 06: right answers from scikit-learn, the typical wrong answer, wrong kinds, Ellipsis."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, precision_score, roc_auc_score

from helpers.exercises import nb06
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    ex = nb06.exercise_1(fold_change=1000, target=0.9)
    # scan test precisions: the deployed precision p / (p + 1000 (1 - p)) crosses 0.9 once
    grid = np.linspace(0.999, 1, 1_000_001)
    p = grid[np.argmax(grid / (grid + 1000 * (1 - grid)) >= 0.9)]
    assert ex.check(round(p, 5))
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(0.9)
    assert _line(capsys).startswith("Exercise 1: that is the deployed precision")
    assert not ex.check(1 - 0.1 / 1000)
    assert _line(capsys).startswith("Exercise 1: you divided the share of false positives")
    assert not ex.check(1.2)
    assert _line(capsys) == "Exercise 1: expected one number between 0 and 1, got 1.2"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"


@pytest.fixture(scope="module")
def scored():
    rng = np.random.default_rng(7)
    y = np.r_[np.zeros(2000, int), np.ones(200, int)]
    s = np.r_[rng.beta(2, 6, 2000), rng.beta(4, 3, 200)]
    return y, s


def test_exercise_2(scored, capsys):
    y, s = scored
    ex = nb06.exercise_2(y, s, prevalences=[1e-4, 1e-3])

    def w(pi):  # negatives weighted to prevalence pi: P / (P + w N) = pi
        return np.where(y == 1, 1.0, (y.sum() * (1 - pi) / pi) / (1 - y).sum())

    right = (average_precision_score(y, s, sample_weight=w(1e-4)), average_precision_score(y, s, sample_weight=w(1e-3)),
             roc_auc_score(y, s, sample_weight=w(1e-4)))
    assert np.isclose(right[2], roc_auc_score(y, s))
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check((average_precision_score(y, s), right[1], right[2]))
    assert _line(capsys).startswith("Exercise 2: your AP is the test set's own")
    assert not ex.check((right[0], right[1] + 0.1, right[2]))
    assert _line(capsys).startswith("Exercise 2: not yet: your AP at the first prevalence and ROC AUC are right")
    assert not ex.check(right[:2])
    assert _line(capsys).startswith("Exercise 2: expected 3 numbers")


def test_exercise_3(scored, capsys):
    y, s = scored
    pi = 0.01

    def deployment(strength):  # negatives scored higher as the shift grows
        rng = np.random.default_rng(1)
        neg = np.clip(rng.beta(2, 6, 5000) + strength * 0.3, 0, 1)
        return np.r_[np.ones(50, int), np.zeros(5000, int)], np.r_[rng.beta(4, 3, 50), neg]

    ex = nb06.exercise_3(deployment, strength=0.2, y_test=y, s_test=s, deploy_prevalence=pi)
    flagged = s >= 0.5
    weight = (y.sum() * (1 - pi) / pi) / (1 - y).sum()
    corrected = precision_score(y, flagged, sample_weight=np.where(y == 1, 1.0, weight))
    y_new, s_new = deployment(0.2)
    right = corrected - precision_score(y_new, s_new >= 0.5)
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(-right)
    assert _line(capsys) == "Exercise 3: your difference has the wrong sign: corrected minus true"
    y5, s5 = deployment(0.5)
    assert not ex.check(corrected - precision_score(y5, s5 >= 0.5))
    assert _line(capsys) == "Exercise 3: that is the gap at strength 0.5, the shift of section 8"
    assert not ex.check("small")
    assert _line(capsys) == "Exercise 3: expected one number (a difference), got the text 'small'"
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.endswith("no more hints: ex3.solution() shows the answer\n")
    ex.solution()
    assert "deployment_with_new_negatives(0.2)" in capsys.readouterr().out


def test_quiz(scored, capsys):
    y, s = scored
    quiz = nb06.quiz(y, s, deploy_prevalence=0.01)
    fold = (0.99 / 0.01) / ((1 - y).sum() / y.sum())
    assert quiz.q2.check(fold)
    assert not quiz.q2.check(1 / fold)
    assert "that is the inverse" in capsys.readouterr().out
    assert quiz.q1.check("b") and quiz.q3.check("b") and quiz.q4.check("b") and not quiz.q4.check("c")
