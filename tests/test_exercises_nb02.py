"""Checkers of notebook 02: right answers computed independently, the typical wrong answer, wrong kinds."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    confusion_matrix,
    matthews_corrcoef,
    precision_score,
)

from helpers import Counts
from helpers.cheat_sheet import CHEAT_SHEET_EXAMPLES
from helpers.exercises import nb02
from helpers.exercises.core import NOT_ANSWERED

EX1, EX2 = CHEAT_SHEET_EXAMPLES.values()
PREDICTORS = {
    "always negative": Counts(tn=90, fp=0, fn=10, tp=0),
    "finds all positives": Counts(tn=80, fp=10, fn=0, tp=10),
    "half and half": Counts(tn=85, fp=5, fn=5, tp=5),
}


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def _labels(c: Counts) -> tuple[np.ndarray, np.ndarray]:
    y = np.r_[np.zeros(c.tn + c.fp), np.ones(c.fn + c.tp)]
    p = np.r_[np.zeros(c.tn), np.ones(c.fp), np.zeros(c.fn), np.ones(c.tp)]
    return y, p


def test_exercise_1(capsys):
    ex = nb02.exercise_1(EX2, n=10_000, share_negative=0.99)
    y, p = _labels(Counts(tn=round(9900 * 0.8), fp=round(9900 * 0.2), fn=round(100 * 0.2), tp=round(100 * 0.8)))
    right = precision_score(y, p)
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert ex.check(0.0388)  # as the solution prints it: three significant digits
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(0.039)  # two digits: asked for three, not called a mistake
    assert _line(capsys).startswith("Exercise 1: give three significant digits")
    assert ex.audit() == []
    assert not ex.check(EX2.tp / (EX2.tp + EX2.fp))
    assert _line(capsys).startswith("Exercise 1: that is example 2's precision at its own class balance")
    assert not ex.check(0.8)
    assert _line(capsys).startswith("Exercise 1: that is the recall")
    assert not ex.check(0.3)
    assert _line(capsys).startswith("Exercise 1: not yet")
    assert not ex.check((right, 0.8, 0.99))  # the old three-number answer: only the precision is asked
    assert _line(capsys) == "Exercise 1: expected one number between 0 and 1, got a tuple of 3"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"


def test_exercise_2(capsys):
    ex = nb02.exercise_2(EX1, EX2, cost_fp=10)
    costs = np.linspace(0, 60, 600_001)  # total costs crossing, found by brute force
    cost_1 = 10 * EX1.fp + costs * EX1.fn
    cost_2 = 10 * EX2.fp + costs * EX2.fn
    x = costs[np.argmax(cost_2 < cost_1)]
    assert ex.check(x)
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(x / 10)
    assert _line(capsys).startswith("Exercise 2: that is the cost ratio cost_fn / cost_fp")
    assert not ex.check(10 * EX2.fp / EX1.fn)
    assert _line(capsys) == "Exercise 2: you left out what example 2's own false negatives cost"
    assert ex.check(round(x, 1))  # as the solution prints it
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(float(np.ceil(x)))  # rounded to a whole number: too few digits, not a mistake
    assert _line(capsys).startswith("Exercise 2: give three significant digits")
    assert ex.audit() == []
    assert not ex.check(-3)
    assert _line(capsys) == "Exercise 2: expected one cost (a number), got -3"


def test_exercise_3(capsys):
    ex = nb02.exercise_3(PREDICTORS, n_pos=10, n_neg=90)
    # every matrix of the 90/10 data with 10 errors, scored by scikit-learn: exactly one new one passes
    passing = []
    for fp in range(11):
        c = Counts(tn=90 - fp, fp=fp, fn=10 - fp, tp=fp)
        y, p = _labels(c)
        if p.any() and matthews_corrcoef(y, p) > 0.6 and accuracy_score(y, p) == 0.9 and c not in PREDICTORS.values():
            passing.append(c)
    assert len(passing) == 1
    assert ex.check(passing[0])
    assert ex.check(confusion_matrix(*_labels(passing[0])))
    assert capsys.readouterr().out == "Exercise 3: correct.\nExercise 3: correct.\n"
    assert not ex.check(PREDICTORS["finds all positives"])
    assert _line(capsys) == "Exercise 3: that is the predictor 'finds all positives', not a new one"
    assert not ex.check(Counts(tn=82, fp=8, fn=2, tp=8))
    assert _line(capsys).startswith("Exercise 3: not yet: accuracy is right, but your MCC is")
    assert not ex.check(Counts(tn=80, fp=9, fn=1, tp=9))
    assert _line(capsys).startswith("Exercise 3: not yet: the data have 10 positives")
    assert not ex.check([81, 9, 1, 9])
    assert _line(capsys).startswith("Exercise 3: expected a Counts or a 2 x 2 matrix")
    assert ex.expected == passing[0]
    assert ex.audit() == []


def test_exercise_3_positives_first(capsys):
    """The cold read: the right matrix written positives first got "yours has 90 positives and 10 negatives"."""
    ex = nb02.exercise_3(PREDICTORS, n_pos=10, n_neg=90)
    right = ex.expected
    assert confusion_matrix(*_labels(right), labels=[1, 0]).tolist() == [[9, 1], [9, 81]]  # positives first
    assert not ex.check([[9, 1], [9, 81]])
    assert _line(capsys) == ("Exercise 3: that is the positives-first layout, [[TP, FN], [FP, TN]]; scikit-learn's "
                             "puts the negatives first, [[TN, FP], [FN, TP]] (or give a Counts, whose fields have "
                             "names)")
    assert not ex.check([[80, 9], [1, 10]])  # 11 positives, 89 negatives in either layout: not a layout slip
    assert _line(capsys).startswith("Exercise 3: not yet: the data have 10 positives")


def test_hints_run_out():
    ex = nb02.exercise_3(PREDICTORS, n_pos=10, n_neg=90)
    assert len(ex.hints) == 2


def test_quiz(capsys):
    shown = Counts(tn=88, fp=2, fn=8, tp=2)  # a matrix the notebook does not print
    quiz = nb02.quiz(shown, CHEAT_SHEET_EXAMPLES, cost_fp=10, cost_fn=50)
    assert "[[88, 2], [8, 2]]" in quiz.q2.prompt
    y, p = _labels(shown)
    assert quiz.q2.check(balanced_accuracy_score(y, p)) and quiz.q2.check(0.59)
    assert capsys.readouterr().out == "Question 2: correct.\nQuestion 2: correct.\n"
    assert not quiz.q2.check(0.6)
    assert _line(capsys).startswith("Question 2: give two significant digits")
    assert not quiz.q2.check(accuracy_score(y, p))
    assert "that is its accuracy" in _line(capsys)
    assert not quiz.q2.check(0.2)
    assert "recall of the positive class alone" in _line(capsys)
    assert not quiz.q2.check(0.98)
    assert "specificity alone" in _line(capsys)
    assert not quiz.q2.check(0.5)  # the always-negative predictor's balanced accuracy, printed in the notebook
    assert _line(capsys).startswith("Question 2: not yet")
    assert round(balanced_accuracy_score(y, p), 3) == 0.589
    assert not quiz.q2.check(0.58)  # cut off, not rounded (the cold read)
    assert _line(capsys) == ("Question 2: round, don't truncate: yours is the right value cut off after two "
                             "significant digits, and its next digit is 5 or more")
    cheaper = "a" if 10 * EX1.fp + 50 * EX1.fn < 10 * EX2.fp + 50 * EX2.fn else "b"
    assert quiz.q3.check(cheaper)
    assert not quiz.q3.check({"a": "b", "b": "a"}[cheaper])
    capsys.readouterr()
    # four options (a guess is right one time in four), each wrong one answered by its misconception
    assert len(quiz.q3.options) == 4
    assert quiz.q3.verdict("c") == (False, "not quite: each matrix holds the decisions of a threshold already "
                                           "chosen; their total cost needs only FP, FN and the two prices")
    assert quiz.q3.verdict("d")[1].startswith("not quite: the class balance is already in the two matrices "
                                              "(90 negatives and 10 positives each)")
    assert quiz.q3.verdict("a")[1] == ("not quite: compute cost_fp·FP + cost_fn·FN for both: example 1 costs "
                                       f"{10 * EX1.fp + 50 * EX1.fn} and example 2 costs {10 * EX2.fp + 50 * EX2.fn}")
    lengths = {k: len(v) for k, v in quiz.q3.options.items()}
    assert lengths[cheaper] < max(lengths.values()), "the right option must not be the longest"
    with pytest.raises(ValueError, match="make the two examples cost the same"):
        nb02.quiz(shown, CHEAT_SHEET_EXAMPLES, cost_fp=7, cost_fn=18)  # 9 x 18 = 18 x 7 + 2 x 18
    assert quiz.q1.check("c") and not quiz.q1.check("b")
    assert quiz.audit() == []
    assert nb02.quiz(shown, CHEAT_SHEET_EXAMPLES, cost_fp=10, cost_fn=1).q3.check("a")  # cheap misses
