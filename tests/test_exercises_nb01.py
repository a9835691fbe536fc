"""Checkers of notebook 01: right answers from scikit-learn, the typical wrong answer, a wrong kind, Ellipsis."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score, precision_score, recall_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import confusion_counts
from helpers.exercises import nb01
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture(scope="module")
def data():
    """The notebook's split, model and threshold 0.8 (benign = 1 positive)."""
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
    y_pred = (model.predict_proba(X_test)[:, 1] > 0.8).astype(int)
    return y_test, y_pred


def test_exercise_1(data, capsys):
    y, p = data
    ex = nb01.exercise_1(confusion_counts(y, p))
    npv, precision = precision_score(y, p, pos_label=0), precision_score(y, p)
    assert ex.check((npv, precision))
    assert _line(capsys) == "Exercise 1: correct."
    assert not ex.check((npv, recall_score(y, p)))
    assert _line(capsys).startswith("Exercise 1: your precision uses FN; precision's denominator is what the model")
    assert not ex.check((recall_score(y, p, pos_label=0), precision))
    assert "that is specificity" in _line(capsys)
    assert not ex.check(npv)
    assert _line(capsys) == "Exercise 1: expected 2 numbers (NPV, precision), got the number " + f"{npv:.4g}"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert not ex.check((0.5, precision))
    assert _line(capsys) == "Exercise 1: not yet: your precision is right, NPV is not"


def test_exercise_2(data, capsys):
    y, p = data
    ex = nb01.exercise_2(confusion_counts(y, p))
    weights = np.where(y == 0, 10.0, 1.0)  # ten times the negatives
    assert ex.check(precision_score(y, p, sample_weight=weights))
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(precision_score(y, p))
    assert _line(capsys).startswith("Exercise 2: that is the precision before")
    assert not ex.check(precision_score(y, p, sample_weight=np.where(y == 1, 10.0, 1.0)))
    assert _line(capsys).startswith("Exercise 2: you multiplied the positives")
    assert not ex.check([1, 2])
    assert _line(capsys) == "Exercise 2: expected one number between 0 and 1, got a list of 2"


def test_exercise_3(data, capsys):
    y, p = data
    ex = nb01.exercise_3(confusion_counts(y, p, pos_label=0))
    assert ex.check(f1_score(y, p, pos_label=0))
    assert _line(capsys) == "Exercise 3: correct."
    pr, rc = precision_score(y, p, pos_label=0), recall_score(y, p, pos_label=0)
    assert not ex.check((pr + rc) / 2)
    assert _line(capsys).startswith("Exercise 3: that is the arithmetic mean")
    assert not ex.check(f1_score(y, p))
    assert _line(capsys).startswith("Exercise 3: that is the F1 of the benign class")
    assert not ex.check("f1")
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got the text 'f1'"


def test_hints_and_solution(data, capsys):
    ex = nb01.exercise_3(confusion_counts(*data, pos_label=0))
    for _ in range(3):
        ex.hint()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Exercise 3, hint 1", "Exercise 3, hint 2", "Exercise 3"]
    assert lines[-1] == "Exercise 3: no more hints: ex3.solution() shows the answer"
    ex.solution()
    out = capsys.readouterr().out
    assert "2 * p * r / (p + r)" in out and f"value: {f1_score(*data, pos_label=0):.4g}" in out


def test_quiz(data, capsys):
    y, p = data
    quiz = nb01.quiz(confusion_counts(y, p))
    assert len(quiz) == 4
    assert quiz.q2.check(int(p.sum()))  # predicted benign
    assert not quiz.q2.check(int(y.sum()))  # truly benign
    assert "truly benign" in capsys.readouterr().out.splitlines()[-1]
    for q, right in zip(quiz.questions, ["b", None, "b", "c"], strict=True):
        if right:
            assert q.check(right)
            assert not q.check("a")
    out = capsys.readouterr().out
    assert "Question 4: not quite: 0 would say" in out
