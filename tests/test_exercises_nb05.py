"""Checkers of notebook 05: right answers computed independently, typical wrong answers, wrong kinds."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm
from sklearn.metrics import f1_score, precision_score

from helpers import Counts
from helpers.exercises import nb05
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    ex = nb05.exercise_1(10, 99_990, tpr=0.95, tnr=0.9999)
    tp, fp = round(10 * 0.95), round(99_990 * (1 - 0.9999))  # whole people, as in the study
    y = np.r_[np.ones(10), np.zeros(99_990)]
    p = np.r_[np.ones(tp), np.zeros(10 - tp), np.ones(fp), np.zeros(99_990 - fp)]
    right = (precision_score(y, p), f1_score(y, p), fp)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 1: correct."
    pi = 10 / 100_000
    bayes = 0.95 * pi / (0.95 * pi + 0.0001 * (1 - pi))
    assert not ex.check((bayes, right[1], fp))
    assert _line(capsys).startswith("Exercise 1: your precision is Bayes' rule without rounding")
    assert not ex.check((right[0], right[1], fp + 5))
    assert _line(capsys) == "Exercise 1: not yet: your precision and F1 are right, healthy flagged is not"
    assert not ex.check(right[0])
    assert _line(capsys).startswith("Exercise 1: expected 3 numbers")
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"


Z95 = norm.ppf(0.975)


def _wilson_half_width(k, n, z=Z95):
    """Wilson's interval written out (Wilson, 1927)."""
    p = k / n
    return z / (1 + z**2 / n) * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))


def test_exercise_2(capsys):
    ex = nb05.exercise_2(recall=0.8, half_width=0.05)
    n_min = next(n for n in range(1, 2000) if _wilson_half_width(round(0.8 * n), n) < 0.05)
    assert ex.check(n_min) and ex.check(n_min + 9) and ex.check(-(-n_min // 10) * 10)  # steps of 10 land here
    assert capsys.readouterr().out.count("correct.") == 3
    assert not ex.check(n_min - 5)
    assert _line(capsys).startswith(f"Exercise 2: not yet: with {n_min - 5} sick people the half-width is")
    assert not ex.check(n_min + 100)
    assert _line(capsys) == f"Exercise 2: not yet: {n_min + 100} is enough, but fewer sick people are enough too"
    n_full = next(n for n in range(1, 5000) if _wilson_half_width(round(0.8 * n), n) < 0.025)
    assert not ex.check(n_full)
    assert _line(capsys).startswith("Exercise 2: your interval is 0.05 wide in total")
    assert not ex.check("250")
    assert _line(capsys) == "Exercise 2: expected a number of sick people (a whole number), got the text '250'"


def test_exercise_3(capsys):
    ex = nb05.exercise_3(10, 99_990, tpr=0.8, tnr=0.999, n_studies=2000, new_n_healthy=9_999_990)
    rng = np.random.default_rng(5)  # an independent simulation of the two spreads
    widths = []
    for healthy in (99_990, 9_999_990):
        tp = rng.binomial(10, 0.8, 2000)
        fp = rng.binomial(healthy, 0.001, 2000)
        widths.append(np.diff(np.percentile(tp / (tp + fp), [2.5, 97.5]))[0])
    right = "narrower" if widths[1] < widths[0] else "wider"
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert not ex.check({"narrower": "wider", "wider": "narrower"}[right])
    assert _line(capsys).startswith("Exercise 3: not yet: print the 2.5th and 97.5th percentiles")
    assert not ex.check("same")
    assert _line(capsys) == "Exercise 3: expected one of 'narrower', 'wider', got the text 'same'"
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.count(", hint ") == 2


def test_quiz(capsys):
    real = Counts(tn=round(99_990 * 0.999), fp=round(99_990 * 0.001), fn=2, tp=8)
    quiz = nb05.quiz(real, tpr=0.8, tnr=0.999, prevalence=1e-4)
    assert quiz.q1.check(real.fp)
    assert not quiz.q1.check(real.tn)
    assert "those are the healthy people it clears" in capsys.readouterr().out
    pi = 1e-5
    assert quiz.q4.check(0.8 * pi / (0.8 * pi + 0.001 * (1 - pi)))
    assert not quiz.q4.check(0.8 * 1e-4 / (0.8 * 1e-4 + 0.001 * (1 - 1e-4)))
    assert "at the study's prevalence" in capsys.readouterr().out
    assert quiz.q2.check("b") and quiz.q3.check("b") and not quiz.q3.check("a")
