"""Checkers of notebook 03b: right answers computed independently, the answer as printed or rounded, each mistake."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_blobs
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, precision_score, recall_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from helpers import precision_interval
from helpers.counts import Counts
from helpers.exercises import nb03b
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture(scope="module")
def notebook_data():
    """The blobs, the logistic regression's test probabilities and the validation split of section 3."""
    X, y = make_blobs(n_samples=(4000, 500), cluster_std=[7.0, 2], random_state=22)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, random_state=0)
    lr = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), LogisticRegression()).fit(X_tr, y_tr)
    X_fit, X_val, y_fit, y_val = train_test_split(X_tr, y_tr, test_size=0.25, stratify=y_tr, random_state=0)
    val_model = clone(lr).fit(X_fit, y_fit)
    return dict(y_test=y_te, proba=lr.predict_proba(X_te)[:, 1], y_val=y_val,
                s_val=val_model.predict_proba(X_val)[:, 1], s_test=val_model.predict_proba(X_te)[:, 1], pi=y.mean())


def test_exercise_1(notebook_data, capsys):
    y, p = notebook_data["y_test"], notebook_data["proba"]
    ex = nb03b.exercise_1(y, p, cut=0.5, prevalence=1 / 200)
    tn, fp, fn, tp = confusion_matrix(y, p >= 0.5).ravel()
    tpr, fpr, pi = tp / (tp + fn), fp / (fp + tn), 1 / 200
    ppv = tpr * pi / (tpr * pi + fpr * (1 - pi))  # Bayes' rule, written out
    low, high = precision_interval(Counts(tn=tn, fp=fp, fn=fn, tp=tp), deploy_prevalence=pi)
    assert low < ppv < high
    assert ex.check((ppv, low, high))
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert ex.check(tuple(float(f"{v:.3g}") for v in (ppv, low, high)))  # as the solution prints them
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(tuple(float(f"{v:.2g}") for v in (ppv, low, high)))
    assert _line(capsys).startswith("Exercise 1: give three significant digits for your precision, low and high")
    assert not ex.check((tp / (tp + fp), low, high))
    assert _line(capsys).startswith("Exercise 1: that is the precision at the test set's own prevalence")
    assert not ex.check((tpr / (tpr + fpr), low, high))
    assert _line(capsys).startswith("Exercise 1: your precision leaves out 1 - prevalence")
    own_low, _ = precision_interval(Counts(tn=tn, fp=fp, fn=fn, tp=tp), deploy_prevalence=y.mean())
    assert not ex.check((ppv, own_low, high))
    assert _line(capsys).startswith("Exercise 1: your interval is at the test set's own prevalence")
    for swapped in ((ppv, high, low), tuple(float(f"{v:.3g}") for v in (ppv, high, low))):  # the cold read
        assert not ex.check(swapped)
        assert _line(capsys) == ("Exercise 1: your low and high are swapped: give (precision, low, high), the "
                                 "interval's lower end first")
    assert not ex.check(ppv)
    assert _line(capsys).startswith("Exercise 1: expected 3 numbers (precision, low, high)")
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.audit() == []


def _weighted(y, pi):
    return np.where(y == 1, 1.0, ((1 - pi) / pi) / (np.sum(y == 0) / np.sum(y == 1)))


def _smallest_cut(y, s, w, target):
    """Brute force: the smallest score whose weighted precision (flag s >= cut) reaches the target."""
    for cut in np.unique(s):
        flagged = s >= cut
        if np.sum(w * flagged * y) / np.sum(w * flagged) >= target:
            return cut
    raise AssertionError("no cut reaches the target")


def test_exercise_2_on_the_notebooks_data(notebook_data, capsys):
    d = notebook_data
    ex = nb03b.exercise_2(d["y_val"], d["s_val"], d["y_test"], d["s_test"], prevalence=d["pi"], min_precision=0.55)
    w_val, w_test = _weighted(d["y_val"], d["pi"]), _weighted(d["y_test"], d["pi"])
    t = _smallest_cut(d["y_val"], d["s_val"], w_val, 0.55)
    unweighted = _smallest_cut(d["y_val"], d["s_val"], np.ones_like(w_val), 0.55)
    assert not np.array_equal(d["s_val"] >= t, d["s_val"] >= unweighted)  # the mistake gives another answer
    flagged = d["s_test"] >= t
    prec, rec = precision_score(d["y_test"], flagged, sample_weight=w_test), recall_score(d["y_test"], flagged)
    assert ex.check((t, prec, rec))
    assert _line(capsys).startswith("Exercise 2: correct.")
    # the threshold as printed (three digits) or rounded further flags the same rows: no count flips
    for typed in (float(f"{t:.3g}"), float(f"{t:.2g}")):
        assert ex.check((typed, round(prec, 3), round(rec, 3)))
        assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check((unweighted, prec, rec))
    assert _line(capsys).startswith("Exercise 2: your threshold reaches precision 0.55 without the weights")
    assert not ex.check((t, precision_score(d["y_test"], flagged), rec))
    assert _line(capsys).startswith("Exercise 2: your test precision is at the test set's own prevalence")
    val_prec = precision_score(d["y_val"], d["s_val"] >= t, sample_weight=w_val)
    assert not ex.check((t, val_prec, rec))
    assert _line(capsys).startswith("Exercise 2: that is the validation precision")
    on_test = _smallest_cut(d["y_test"], d["s_test"], w_test, 0.55)  # picked on the test set: 0.3212
    at = d["s_test"] >= on_test
    picked = (round(on_test, 4), round(precision_score(d["y_test"], at, sample_weight=w_test), 3),
              round(recall_score(d["y_test"], at), 3))
    assert picked[1:] == (0.551, 0.901)
    assert not ex.check(picked)
    assert _line(capsys).startswith("Exercise 2: your threshold was picked on the test set (s_test)")
    assert not ex.check((t, prec))
    assert _line(capsys).startswith("Exercise 2: expected 3 numbers (threshold, test precision, test recall)")
    assert ex.audit() == []


def test_exercise_2_judges_the_threshold_by_the_rows_it_flags(capsys):
    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(300, int), np.ones(60, int)]
    s = np.round(np.r_[rng.beta(2, 5, 300), rng.beta(5, 2, 60)], 3)
    y_test = np.r_[np.zeros(400, int), np.ones(50, int)]
    s_test = np.round(np.r_[rng.beta(2, 5, 400), rng.beta(5, 2, 50)], 3)
    ex = nb03b.exercise_2(y, s, y_test, s_test, prevalence=0.1, min_precision=0.6)
    t = _smallest_cut(y, s, _weighted(y, 0.1), 0.6)
    prec = precision_score(y_test, s_test >= t, sample_weight=_weighted(y_test, 0.1))
    rec = recall_score(y_test, s_test >= t)
    below = np.unique(s)[np.unique(s) < t].max()
    assert ex.check(((below + t) / 2, prec, rec))  # the same validation rows flagged: the same counts
    assert _line(capsys).startswith("Exercise 2: correct.")
    assert not ex.check((below, prec, rec))
    assert _line(capsys).startswith("Exercise 2: not yet: your test precision and test recall are right")
    assert ex.audit() == []


def test_exercise_2_names_no_mistake_that_gives_the_right_answer(capsys):
    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(300, int), np.ones(60, int)]
    s = np.round(np.r_[rng.beta(2, 5, 300), rng.beta(5, 2, 60)], 3)
    ex = nb03b.exercise_2(y, s, y, s, prevalence=0.1, min_precision=0.6)  # validation = test: no such mistake
    assert not any("validation precision" in m.message for m in ex.mistakes)
    assert ex.audit() == []


def test_quiz(capsys):
    quiz = nb03b.quiz(tpr=0.9, fpr=0.02, prevalence=1 / 500)
    ppv = 0.9 * 0.002 / (0.9 * 0.002 + 0.02 * 0.998)
    assert quiz.q2.check(ppv) and quiz.q2.check(round(ppv, 3))
    assert not quiz.q2.check(0.9 / 0.92)
    assert "that leaves out the prevalence" in capsys.readouterr().out
    assert not quiz.q2.check(0.9)
    assert "that is the TPR" in capsys.readouterr().out
    assert round(ppv, 3) == 0.083 and not quiz.q2.check(0.082)  # cut off, not rounded (the cold read)
    assert _line(capsys) == ("Question 2: round, don't truncate: yours is the right value cut off after two "
                             "significant digits, and its next digit is 5 or more")
    assert [q.check(a) for q, a in zip([quiz.q1, quiz.q3, quiz.q4], "bac", strict=True)] == [True] * 3
    assert not quiz.q4.check("a")
    assert "precision counts false positives" in capsys.readouterr().out
    assert not quiz.q4.check("b")
    assert "falls further below 0.55" in capsys.readouterr().out
    assert quiz.audit() == []


def test_quiz_4_holds_on_the_notebooks_data(notebook_data):
    """The threshold that reaches precision 0.55 is higher at half the prevalence (quiz question 4's answer)."""
    d = notebook_data
    cuts = [_smallest_cut(d["y_val"], d["s_val"], _weighted(d["y_val"], pi), 0.55) for pi in (d["pi"], d["pi"] / 2)]
    assert cuts[1] > cuts[0]
