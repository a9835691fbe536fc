"""Checkers of notebook 01: right answers from scikit-learn, the answer as printed (three significant digits), too
few digits, each typical mistake, a wrong kind, Ellipsis; the quiz's answers and audit."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, f1_score, precision_score, recall_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import Counts, confusion_counts
from helpers.exercises import nb01
from helpers.exercises.core import NOT_ANSWERED, round_significant
from helpers.exercises.quiz import Question


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture(scope="module")
def data():
    """The notebook's split and model: labels, predictions at 0.8 (its `counts`) and at 0.9 (exercises 1 and 3)."""
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
    proba = model.predict_proba(X_test)[:, 1]
    return y_test, (proba > 0.8).astype(int), (proba > 0.9).astype(int)


def test_the_exercises_use_counts_the_notebook_does_not_print(data):
    y, p08, p09 = data
    assert confusion_matrix(y, p08).tolist() == [[51, 2], [6, 84]]
    assert confusion_matrix(y, p09).tolist() == [[52, 1], [10, 80]]  # FP != FN: rows and columns differ


def test_exercise_1(data, capsys):
    y, p08, p = data
    ex = nb01.exercise_1(confusion_counts(y, p), printed=confusion_counts(y, p08))
    npv, precision = precision_score(y, p, pos_label=0), precision_score(y, p)
    assert ex.check((npv, precision))
    assert _line(capsys) == "Exercise 1: correct."
    assert ex.check((round(npv, 3), round(precision, 3)))  # as printed: three significant digits
    assert _line(capsys) == "Exercise 1: correct."
    assert not ex.check((round(npv, 2), round(precision, 2)))  # two decimals: asked for three, not a mistake
    assert _line(capsys).startswith("Exercise 1: give three significant digits for your NPV and precision")
    assert not ex.check((npv, recall_score(y, p)))
    assert _line(capsys).startswith("Exercise 1: your precision divides by TP + FN, a row")
    assert not ex.check((recall_score(y, p, pos_label=0), precision))
    assert "that is specificity" in _line(capsys)
    assert not ex.check(npv)
    assert _line(capsys) == "Exercise 1: expected 2 numbers (NPV, precision), got the number " + f"{npv:.4g}"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert not ex.check((0.5, precision))
    assert _line(capsys) == "Exercise 1: not yet: your precision is right, NPV is not"
    shown = (precision_score(y, p08, pos_label=0), precision_score(y, p08))  # the zoo table's values at 0.8
    assert not ex.check(shown)
    assert _line(capsys).startswith("Exercise 1: those are NPV and precision at the threshold 0.8")
    assert not ex.check((round(shown[0], 3), round(shown[1], 3)))  # as the table prints them: (0.895, 0.977)
    assert _line(capsys).startswith("Exercise 1: those are NPV and precision at the threshold 0.8")
    assert not ex.check((round(precision, 3), round(npv, 3)))  # the right values, swapped: (0.988, 0.839)
    assert _line(capsys) == "Exercise 1: your two numbers are in the other order: give (NPV, precision)"
    assert ex.audit() == []
    assert nb01.exercise_1(confusion_counts(y, p)).audit() == []  # without printed=, the other mistakes stay


def test_exercise_1_truncated(data, capsys):
    """The cold read: (0.838, 0.987), the right values cut off after three digits, got a plain "not yet"."""
    y, p08, p = data
    ex = nb01.exercise_1(confusion_counts(y, p), printed=confusion_counts(y, p08))
    npv, precision = precision_score(y, p, pos_label=0), precision_score(y, p)
    cut = (np.trunc(npv * 1000) / 1000, np.trunc(precision * 1000) / 1000)
    assert cut == (0.838, 0.987) and (round(npv, 3), round(precision, 3)) == (0.839, 0.988)
    assert not ex.check(cut)
    assert _line(capsys) == ("Exercise 1: round, don't truncate your NPV and precision: each is the right value cut "
                             "off after three significant digits, and its next digit is 5 or more")
    assert not ex.check((0.838, round(precision, 3)))
    assert _line(capsys).startswith("Exercise 1: round, don't truncate your NPV: it is the right value")


def test_exercise_2(data, capsys):
    y, p, _ = data
    ex = nb01.exercise_2(confusion_counts(y, p))
    weights = np.where(y == 0, 10.0, 1.0)  # ten times the negatives
    right = precision_score(y, p, sample_weight=weights)
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert ex.check(round_significant(right, 3))
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(round_significant(right, 2))
    assert _line(capsys).startswith("Exercise 2: give three significant digits")
    assert not ex.check(precision_score(y, p))
    assert _line(capsys).startswith("Exercise 2: that is the precision before")
    assert not ex.check(precision_score(y, p, sample_weight=np.where(y == 1, 10.0, 1.0)))
    assert _line(capsys).startswith("Exercise 2: you multiplied the positives")
    assert not ex.check([1, 2])
    assert _line(capsys) == "Exercise 2: expected one number between 0 and 1, got a list of 2"
    assert ex.audit() == []


def test_exercise_3(data, capsys):
    y, p08, p = data
    ex = nb01.exercise_3(confusion_counts(y, p, pos_label=0), printed=confusion_counts(y, p08, pos_label=0))
    right = f1_score(y, p, pos_label=0)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 3: correct."
    assert ex.check(round(right, 3))
    assert _line(capsys) == "Exercise 3: correct."
    assert not ex.check(round(right, 1))
    assert _line(capsys).startswith("Exercise 3: give three significant digits")
    pr, rc = precision_score(y, p, pos_label=0), recall_score(y, p, pos_label=0)
    assert not ex.check((pr + rc) / 2)
    assert _line(capsys).startswith("Exercise 3: that is the arithmetic mean")
    assert not ex.check(round((pr + rc) / 2, 3))  # the mistake as a student rounds it
    assert _line(capsys).startswith("Exercise 3: that is the arithmetic mean")
    assert not ex.check(f1_score(y, p))
    assert _line(capsys).startswith("Exercise 3: that is the F1 of the benign class")
    assert not ex.check(round(f1_score(y, p08, pos_label=0), 3))  # 0.927, the flip table's malignant F1 at 0.8
    assert _line(capsys).startswith("Exercise 3: that is the malignant F1 at the threshold 0.8")
    assert not ex.check("f1")
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got the text 'f1'"
    assert ex.audit() == []


def test_hints_run_out(data, capsys):
    y, _, p = data
    ex = nb01.exercise_3(confusion_counts(y, p, pos_label=0))
    for _ in range(3):
        ex.hint()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Exercise 3, hint 1", "Exercise 3, hint 2", "Exercise 3"]
    assert lines[-1].startswith("Exercise 3: no more hints.")


def test_quiz(capsys):
    example = Counts(tn=40, fp=12, fn=5, tp=43)
    quiz = nb01.quiz(example)
    assert len(quiz) == 4
    assert "[[40, 12], [5, 43]]" in quiz.q2.prompt
    assert quiz.q2.check(55)  # predicted positive: the second column
    assert _line(capsys) == "Question 2: correct."
    assert not quiz.q2.check(48)  # the second row: truly positive
    assert "second row" in _line(capsys)
    assert not quiz.q2.check(45)  # the first column
    assert "first column" in _line(capsys)
    assert not quiz.q2.check(43)
    assert "only the right ones" in _line(capsys)
    rights = [q.expected for q in quiz.questions if isinstance(q, Question)]
    assert rights == ["a", "c", "b"]  # three positions, none right twice
    for q, right in zip([quiz.q1, quiz.q3, quiz.q4], rights, strict=True):
        assert q.check(right)
        for wrong in set(q.options) - {right}:
            assert not q.check(wrong)
    out = capsys.readouterr().out
    assert "Question 3: not quite: TPR and FPR themselves can change" in out
    assert "Question 4: not quite: 0 would say" in out
    assert quiz.audit() == []
