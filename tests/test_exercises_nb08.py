"""The checkers of notebook 08: right answers computed here independently, the typical mistakes, wrong kinds."""

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.metrics import recall_score

from helpers.exercises import nb08

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(4)
    y = (rng.random(600) < 0.1).astype(int)
    p = 1 / (1 + np.exp(-(rng.normal(-2, 1.5, 600) + 3 * y)))
    return y[:300], p[:300], y[300:], p[300:]


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_exercise_1(data, capsys):
    y, p, yp, pp = data
    ex = nb08.exercise_1(y, p, yp, pp, threshold=0.3)
    tpr, fpr = recall_score(y, p >= 0.3), np.mean(p[y == 0] >= 0.3)
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check((tpr, fpr))
    assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check((recall_score(y, p >= 0.5), np.mean(p[y == 0] >= 0.5)))
    assert "rates at 0.5" in said(capsys)
    assert not ex.check((fpr, tpr))
    assert "swapped" in said(capsys)
    assert not ex.check((recall_score(yp, pp >= 0.3), np.mean(pp[yp == 0] >= 0.3)))
    assert "counted on the pool" in said(capsys)
    assert not ex.check((tpr, fpr + 0.05))
    assert said(capsys) == "Exercise 1: not yet: your TPR is right, FPR is not"
    assert not ex.check(tpr)
    assert said(capsys).startswith("Exercise 1: expected 2 numbers (TPR, FPR), got the number")


def test_exercise_3(capsys):
    ex = nb08.exercise_3(prevalence=1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=20_000)
    pi, t, f, r = 1e-4, 0.9, 0.001, 0.5
    q = t * pi + f * (1 - pi)
    right = np.ceil(norm.ppf(0.975) ** 2 * q * (1 - q) / (r * pi * (t - f)) ** 2)
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(int(right))
    assert said(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(float("inf"))
    assert "labeled set as it is" in said(capsys)
    q10 = t * 10 * pi + f * (1 - 10 * pi)
    assert not ex.check(norm.ppf(0.975) ** 2 * q10 * (1 - q10) / (r * 10 * pi * (t - f)) ** 2)
    assert "ten times higher" in said(capsys)
    assert not ex.check(right / 2)
    assert said(capsys) == "Exercise 3: not yet: your number is not within 1 % of the answer"
    assert not ex.check("two million")
    assert said(capsys) == "Exercise 3: expected one number of rows, got the text 'two million'"


def test_hints_run_out_and_solution_prints(capsys):
    ex = nb08.exercise_3(prevalence=1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=20_000)
    for _ in range(3):
        ex.hint()
    assert said(capsys).splitlines()[2] == "Exercise 3: no more hints: ex3.solution() shows the answer"
    ex.solution()
    assert "unlabeled_rows_needed(0.0001" in said(capsys)


def test_quiz(capsys):
    quiz = nb08.quiz(0.1)
    assert quiz.q1.check(0.9) and quiz.q2.check("a") and quiz.q3.check("a") and quiz.q4.check("a")
    said(capsys)
    assert not quiz.q1.check(0.5)
    assert "belongs to the training prior" in said(capsys)
    assert not quiz.q2.check("b")
    assert said(capsys) == "Question 2: not quite: that is classify and count."
