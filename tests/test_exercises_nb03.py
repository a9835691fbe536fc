"""Checkers of notebook 03: right answers from scikit-learn, the answer as printed, too few digits, each mistake."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, make_blobs
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler
from sklearn.svm import SVC

from helpers.exercises import nb03
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture(scope="module")
def blobs():
    """The notebook's blobs, logistic regression, SVC and forest (section 1 and 5)."""
    X, y = make_blobs(n_samples=(4000, 500), cluster_std=[7.0, 2], random_state=22)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, random_state=0)
    lr = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), LogisticRegression()).fit(X_tr, y_tr)
    svc = SVC(gamma=0.05).fit(X_tr, y_tr).decision_function(X_te)
    rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(X_tr, y_tr)
    return y_te, lr.predict_proba(X_te)[:, 1], svc, rf.predict_proba(X_te)[:, 1]


def test_exercise_1(capsys):
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
    ex = nb03.exercise_1(X_train, y_train, X_test, y_test)
    rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(X_train, y_train)
    svc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(X_train, y_train)
    right = (roc_auc_score(y_test, rf.predict_proba(X_test)[:, 1]),
             roc_auc_score(y_test, svc.decision_function(X_test)))
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert ex.check(tuple(round(a, 3) for a in right))  # as the solution prints them
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(tuple(round(a, 2) for a in right))
    assert _line(capsys).startswith("Exercise 1: give three significant digits for your random forest and SVC")
    unscaled = SVC(gamma=0.05).fit(X_train, y_train).decision_function(X_test)
    assert not ex.check((right[0], roc_auc_score(y_test, unscaled)))
    assert _line(capsys).startswith("Exercise 1: your SVC saw unscaled features")
    assert not ex.check((roc_auc_score(y_test, rf.predict(X_test)), right[1]))
    assert _line(capsys).startswith("Exercise 1: your forest's AUC comes from predict")
    assert not ex.check((right[0], roc_auc_score(y_test, svc.predict(X_test))))
    assert _line(capsys).startswith("Exercise 1: your SVC's AUC comes from predict")
    for seed in (2, 7, 42):  # forests of other seeds: AUC 0.982, 0.977, 0.975 against 0.985
        other = RandomForestClassifier(n_estimators=100, max_features=2, random_state=seed).fit(X_train, y_train)
        assert not ex.check((round(roc_auc_score(y_test, other.predict_proba(X_test)[:, 1]), 3), right[1]))
        assert _line(capsys).startswith("Exercise 1: your forest's AUC is close, but not that of the forest asked")
    for swapped in (right[::-1], tuple(round(a, 3) for a in right[::-1])):  # the SVC's AUC first, as printed too
        assert not ex.check(swapped)
        assert _line(capsys) == ("Exercise 1: you swapped the two models: give the random forest's AUC first, "
                                 "then the SVC's")
    cut = tuple(float(np.trunc(a * 1000) / 1000) for a in right)  # cut off, not rounded (the cold read)
    assert cut == (0.984, 0.991) and tuple(round(a, 3) for a in right) == (0.985, 0.992)
    assert not ex.check(cut)  # not "fit the forest again": it is the right forest
    assert _line(capsys) == ("Exercise 1: round, don't truncate your random forest and SVC: each is the right value "
                             "cut off after three significant digits, and its next digit is 5 or more")
    assert not ex.check((0.9, right[1]))  # far from any forest's: the plain message
    assert _line(capsys) == "Exercise 1: not yet: your SVC is right, random forest is not"
    assert not ex.check(right[0])
    assert _line(capsys).startswith("Exercise 1: expected 2 numbers (random forest, SVC)")
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.audit() == []


def test_exercise_2(blobs, capsys):
    """Only class 0's AP is asked: its ROC AUC is class 1's, which the notebook prints (the cold read's MUST)."""
    y, p, _, _ = blobs
    ex = nb03.exercise_2(y, p)
    right = average_precision_score(1 - y, 1 - p)
    auc_0 = roc_auc_score(1 - y, 1 - p)
    assert auc_0 == pytest.approx(roc_auc_score(y, p))  # swapping the classes keeps every pair
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert ex.check(float(f"{right:.3g}"))
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(average_precision_score(1 - y, p))
    assert _line(capsys).startswith("Exercise 2: your AP ranks class 0 by the probability of class 1")
    assert not ex.check(average_precision_score(y, p))
    assert _line(capsys).startswith("Exercise 2: that is the AP of class 1")
    for value in (auc_0, round(auc_0, 3)):
        assert not ex.check(value)
        assert _line(capsys) == ("Exercise 2: that is class 0's ROC AUC, which the swap leaves where it was; the "
                                 "exercise asks for its AP")
    assert not ex.check((right, auc_0))  # the old two-number answer
    assert _line(capsys) == "Exercise 2: expected one number between 0 and 1, got a tuple of 2"
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.splitlines()[-1].startswith("Exercise 2: no more hints.")
    assert ex.audit() == []


def test_quiz(blobs, capsys):
    y, p, svc, rf = blobs
    quiz = nb03.quiz(y, p, svc)
    toy = np.r_[np.ones(15), np.zeros(85)]
    assert quiz.q2.check(average_precision_score(toy, np.full(100, 0.3)))  # a constant score: the prevalence
    assert quiz.q2.check(0.15)
    assert not quiz.q2.check(0.5)
    assert "0.5 is the ROC AUC of a constant score" in capsys.readouterr().out
    assert not quiz.q2.check(0.85)
    assert "0.85 is the share of negatives" in capsys.readouterr().out
    assert [q.check(a) for q, a in zip([quiz.q1, quiz.q3, quiz.q4], "cab", strict=True)] == [True] * 3
    assert not quiz.q3.check("b")
    assert "the paired interval measures it" in capsys.readouterr().out
    assert "0.017 to 0.074" in quiz.q3.prompt  # logistic regression - SVC: an interval the notebook does not print
    assert "-0.049 to 0.008" not in quiz.q3.prompt  # the SVC - forest interval the notebook prints
    assert quiz.audit() == []
    with pytest.raises(ValueError, match="above 0"):
        nb03.quiz(y, svc, rf)  # SVC against forest: the interval holds 0, the question would not hold
