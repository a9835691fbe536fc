"""Checkers of notebook 03: right answers from scikit-learn, the typical wrong answer, wrong kinds, Ellipsis."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from helpers.exercises import nb03
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
    ex = nb03.exercise_1(X_train, y_train, X_test, y_test)
    rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(X_train, y_train)
    svc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(X_train, y_train)
    right = (roc_auc_score(y_test, rf.predict_proba(X_test)[:, 1]),
             roc_auc_score(y_test, svc.decision_function(X_test)))
    assert ex.check(tuple(round(a, 3) for a in right))
    assert _line(capsys).startswith("Exercise 1: correct.")
    unscaled = SVC(gamma=0.05).fit(X_train, y_train).decision_function(X_test)
    assert not ex.check((right[0], roc_auc_score(y_test, unscaled)))
    assert _line(capsys).startswith("Exercise 1: your SVC saw unscaled features")
    assert not ex.check((roc_auc_score(y_test, rf.predict(X_test)), right[1]))
    assert _line(capsys).startswith("Exercise 1: your forest's AUC comes from predict")
    assert not ex.check(right[0])
    assert _line(capsys).startswith("Exercise 1: expected 2 numbers (random forest, SVC)")
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"


def _weighted_precision(y, s, w, t):
    flagged = s >= t
    return np.sum(w * flagged * y) / np.sum(w * flagged)


@pytest.fixture(scope="module")
def scored():
    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(300, int), np.ones(60, int)]
    s = np.round(np.r_[rng.beta(2, 5, 300), rng.beta(5, 2, 60)], 3)
    w = np.where(y == 1, 1.0, 0.6)  # a prevalence other than the sample's own
    return y, s, w


def test_exercise_2(scored, capsys):
    y, s, w = scored
    ex = nb03.exercise_2(y, s, sample_weight=w, min_precision=0.6)
    cuts = np.unique(s)  # brute force: the smallest cut whose weighted precision reaches 0.6
    right = next(t for t in cuts if _weighted_precision(y, s, w, t) >= 0.6)
    unweighted = next(t for t in cuts if _weighted_precision(y, s, np.ones_like(w), t) >= 0.6)
    assert right != unweighted
    assert ex.check(right)
    below = cuts[cuts < right].max()
    assert ex.check((below + right) / 2)  # the same rows flagged: the same counts
    assert capsys.readouterr().out.count("correct.") == 2
    assert not ex.check(unweighted)
    assert _line(capsys).startswith("Exercise 2: your threshold reaches precision 0.6 without the weights")
    assert not ex.check(below)
    assert _line(capsys).startswith("Exercise 2: not yet:")
    assert not ex.check("0.5")
    assert _line(capsys) == "Exercise 2: expected one threshold (a number), got the text '0.5'"


def test_exercise_3(scored, capsys):
    y, s, _ = scored
    p = s  # scores in [0, 1], read as probabilities
    ex = nb03.exercise_3(y, p)
    right = (average_precision_score(1 - y, 1 - p), roc_auc_score(1 - y, 1 - p))
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert not ex.check((right[0], roc_auc_score(1 - y, p)))
    assert _line(capsys).startswith("Exercise 3: your ROC AUC ranks class 0 by the probability of class 1")
    assert not ex.check((average_precision_score(y, p), right[1]))
    assert _line(capsys).startswith("Exercise 3: that is the AP of class 1")
    assert not ex.check({"AP": right[0]})
    assert _line(capsys).startswith("Exercise 3: your ROC AUC: expected one number between 0 and 1, got None")
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.splitlines()[-1] == "Exercise 3: no more hints: ex3.solution() shows the answer"


def test_quiz(scored, capsys):
    y, s, _ = scored
    quiz = nb03.quiz(y, s)
    assert quiz.q2.check(round(y.mean(), 2))
    assert not quiz.q2.check(0.5)
    assert "0.5 is the ROC AUC of a constant score" in capsys.readouterr().out
    assert [q.check(a) for q, a in zip([quiz.q1, quiz.q3, quiz.q4], "abb", strict=True)] == [True] * 3
    assert not quiz.q4.check("a")
