"""The checkers of notebook 11: right answers computed here independently, the typical mistakes, wrong kinds."""

import numpy as np
import pytest

from helpers.costs import bayes_threshold_at_prevalence
from helpers.exercises import nb11

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(2)
    y = (rng.random(400) < 0.37).astype(int)
    p = 1 / (1 + np.exp(-(rng.normal(0, 1.3, 400) + 2.5 * (y - 0.5))))
    return y[:200], p[:200], y[200:], p[200:]


def accuracy(y, p, t):
    return np.mean((p >= t) == (y == 1))


def recall(y, p, t):
    return np.mean(p[y == 1] >= t)


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_exercise_1(data, capsys):
    y, p, _, _ = data
    ex = nb11.exercise_1(y, p, cost=10)
    ts = np.r_[np.inf, np.unique(p)]
    best = max(ts, key=lambda t: accuracy(y, p, t))  # equal prices: the most accurate threshold
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(best)
    assert said(capsys).startswith("Exercise 1: correct.")
    ten_to_one = min(ts[::-1], key=lambda t: (10 * np.sum((p >= t) & (y == 0)) + 100 * np.sum((p < t) & (y == 1))))
    if accuracy(y, p, ten_to_one) < accuracy(y, p, best):
        assert not ex.check(ten_to_one)
        assert "ten times a false alarm" in said(capsys)
    assert not ex.check(0.0)
    assert said(capsys) == "Exercise 1: not yet: your threshold costs more on the validation rows than the cheapest one"
    assert not ex.check("0.5")
    assert said(capsys) == "Exercise 1: expected one threshold (a number), got the text '0.5'"


def test_exercise_2(data, capsys):
    y, p, yt, pt = data
    ex = nb11.exercise_2(y, p, yt, pt, min_recall=0.9)
    ok = [t for t in np.unique(p) if recall(y, p, t) >= 0.9]
    right = max(ok)
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    below = np.max(p[p < right])  # any threshold between the two neighbouring scores flags the same rows
    assert ex.check((right + below) / 2)
    assert said(capsys).startswith("Exercise 2: correct.")
    on_test = max(t for t in np.unique(pt) if recall(yt, pt, t) >= 0.9)
    if not np.array_equal(p >= on_test, p >= right):
        assert not ex.check(on_test)
        assert "chosen on the test set" in said(capsys)
    every = max(t for t in np.unique(p) if recall(y, p, t) == 1)
    assert not ex.check(every)
    assert "finds every malignant tumour" in said(capsys)
    assert not ex.check([right])
    assert said(capsys) == "Exercise 2: expected one threshold (a number), got a list of 1"


def test_exercise_3(data, capsys):
    y, _, _, _ = data
    ex = nb11.exercise_3(y, cost_fp=10, cost_fn=100)
    pi_train = y.mean()
    from scipy.optimize import brentq

    right = brentq(lambda pi: bayes_threshold_at_prevalence(cost_fp=10, cost_fn=100, train_prevalence=pi_train,
                                                            deploy_prevalence=pi) - 0.5, 1e-6, 1 - 1e-6)
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(right / (1 - right))
    assert "turn odds into a share" in said(capsys)
    assert not ex.check(1 - right)
    assert "share of negatives" in said(capsys)
    assert not ex.check(pi_train)
    assert "training prevalence" in said(capsys)
    assert not ex.check(None)
    assert said(capsys) == "Exercise 3: expected one number between 0 and 1, got None"


def test_hints_run_out_and_solution_prints(data, capsys):
    y, _, _, _ = data
    ex = nb11.exercise_3(y, cost_fp=10, cost_fn=100)
    for _ in range(3):
        ex.hint()
    assert said(capsys).splitlines()[2] == "Exercise 3: no more hints: ex3.solution() shows the answer"
    ex.solution()
    assert "odds_pi" in said(capsys)


def test_quiz(capsys):
    quiz = nb11.quiz(cost_fp=10, cost_fn=100)
    assert quiz.q1.check(10 / 110) and quiz.q2.check("a") and quiz.q3.check("a") and quiz.q4.check("a")
    said(capsys)
    assert not quiz.q1.check(100 / 110)
    assert "the other way round" in said(capsys)
    assert not quiz.q3.check("b")
    assert said(capsys) == "Question 3: not quite: the test set is never used to choose anything."
