"""Exercises and quick self-test of notebook 03 (thresholds, PR and ROC curves), checked from its data.

The right answers::

    exercise 1: ROC AUC of RandomForestClassifier(n_estimators=100, max_features=2, random_state=0) (its
                predict_proba) and of make_pipeline(StandardScaler(), SVC(gamma=0.05)) (its decision_function),
                both fitted on the breast-cancer training split and scored on its test split
    exercise 2: AP with class 0 as the positive class: truth y == 0, score 1 - p
    quiz:       question 2's AP of a constant score is the prevalence of the test set it names; question 3's
                interval is the paired DeLong interval of AUC(proba) - AUC(other_score), which the notebook
                does not print
"""

from __future__ import annotations

import functools

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from .._validate import check_probabilities
from ..delong import delong_auc_difference
from ._labels import labels01, labels_scores
from .core import Exercise, Mistake, numbers, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]

SEED_SPREAD = 0.015
"""How far a forest AUC may be from exercise 1's answer to be read as another seed's: on the breast-cancer split,
random_state 1 to 10 and 42 give 0.975 to 0.986 against 0.985 for random_state=0."""


def _features(X: object, name: str, n_rows: int | None = None) -> np.ndarray:
    try:
        arr = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a 2-d array of numbers (rows x features)") from None
    if arr.ndim != 2 or not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be a 2-d array of finite numbers (rows x features)")
    if n_rows is not None and arr.shape[0] != n_rows:
        raise ValueError(f"{name} must have one row per label")
    return arr


@effort("build", "a forest and an SVC pipeline fitted, two AUCs and a paired DeLong interval")
def exercise_1(X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray, y_test: np.ndarray) -> Exercise:
    """Exercise 1: the ROC AUC of the random forest and of the scaled SVC of section 5 on another split.

    Both models are fitted here, on ``X_train, y_train``, when the answer is first checked; the AUC is
    ``roc_auc_score(y_test, score)``, compared to three significant digits. Mistakes: the two swapped; the
    AUC of hard predictions (``predict``); the SVC without scaling; a forest AUC within 0.015 of the right one
    but not right, which another ``random_state`` (or other settings) gives: forests of other seeds score
    0.975-0.986 here, against 0.985 for ``random_state=0``.
    """
    ytr = labels01(y_train, "y_train")
    yte = labels01(y_test, "y_test")
    Xtr = _features(X_train, "X_train", ytr.size)
    Xte = _features(X_test, "X_test", yte.size)

    @functools.cache
    def models():
        rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(Xtr, ytr)
        svc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(Xtr, ytr)
        return rf, svc

    @functools.cache
    def other_seed_auc():  # the example of the seed mistake: the same forest with another random_state
        rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=42).fit(Xtr, ytr)
        return roc_auc_score(yte, rf.predict_proba(Xte)[:, 1])

    @functools.cache
    def svc_unscaled_auc():
        return roc_auc_score(yte, SVC(gamma=0.05).fit(Xtr, ytr).decision_function(Xte))

    def right():
        rf, svc = models()
        return roc_auc_score(yte, rf.predict_proba(Xte)[:, 1]), roc_auc_score(yte, svc.decision_function(Xte))

    cmp = numbers(["random forest", "SVC"], kinds={k: probability(digits=3) for k in ("random forest", "SVC")})

    def near_forest(answer: object) -> bool:
        forest = float(list(answer.values() if isinstance(answer, dict) else answer)[0])
        return abs(forest - right()[0]) <= SEED_SPREAD and not cmp.each[0].same(forest, right()[0])

    return Exercise(
        "Exercise 1", right, compare=cmp,
        mistakes=[
            Mistake.if_equals(lambda: right()[::-1], "you swapped the two models: give the random forest's AUC "
                              "first, then the SVC's"),
            Mistake.in_part(0, lambda: roc_auc_score(yte, models()[0].predict(Xte)), "your forest's AUC comes "
                            "from predict (0/1 labels), one point; ROC AUC needs the scores, predict_proba"),
            Mistake.in_part(1, lambda: roc_auc_score(yte, models()[1].predict(Xte)), "your SVC's AUC comes from "
                            "predict (0/1 labels); ROC AUC needs the scores, decision_function"),
            Mistake.in_part(1, svc_unscaled_auc, "your SVC saw unscaled features: put StandardScaler() before it "
                            "in a pipeline"),
            Mistake(near_forest, "your forest's AUC is close, but not that of the forest asked: fit it with "
                    "n_estimators=100, max_features=2 and random_state=0 (each seed grows another forest, and its "
                    "AUC moves in the third digit)", example=lambda: (other_seed_auc(), right()[1])),
        ],
        hints=["Fit RandomForestClassifier(n_estimators=100, max_features=2, random_state=0) and "
               "make_pipeline(StandardScaler(), SVC(gamma=0.05)) on X_train, y_train.",
               "roc_auc_score(y_test, rf.predict_proba(X_test)[:, 1]) and roc_auc_score(y_test, "
               "svc.decision_function(X_test)); then delong_auc_difference(y_test, svc_score, rf_score)."],
        why="Now the paired DeLong interval of their difference: does it contain 0?",
    )


@effort("compute", "AP recomputed with the classes swapped, and ROC AUC beside it")
def exercise_2(y_test: np.ndarray, proba: np.ndarray) -> Exercise:
    """Exercise 2: the AP with class 0 positive, ``AP(y == 0, 1 - p)``, to three significant digits.

    Only the AP is checked: class 0's ROC AUC equals class 1's, which the notebook prints (it is the discussion:
    which of the two moved, and why). Mistakes: the score not reversed (class 0 ranked by the probability of class
    1); the AP of class 1; class 0's ROC AUC given instead of its AP.
    """
    y, p = labels_scores(y_test, proba, "y_test", "proba")
    check_probabilities(p, "proba")
    neg = y == 0
    return Exercise(
        "Exercise 2", lambda: average_precision_score(neg, 1 - p), compare=probability(digits=3),
        mistakes=[
            Mistake.if_equals(lambda: average_precision_score(neg, p), "your AP ranks class 0 by the probability of "
                              "class 1, the wrong way round: use 1 - proba as the score"),
            Mistake.if_equals(lambda: average_precision_score(y, p), "that is the AP of class 1, printed above; make "
                              "class 0 the positive class, truth yb_test == 0"),
            Mistake.if_equals(lambda: roc_auc_score(neg, 1 - p), "that is class 0's ROC AUC, which the swap leaves "
                              "where it was; the exercise asks for its AP"),
        ],
        hints=["The truth is yb_test == 0, the score 1 - proba (high for class 0).",
               "average_precision_score(yb_test == 0, 1 - proba); then roc_auc_score with the same two."],
        why="Now class 0's ROC AUC the same way: which of the two moved from class 1's values, and why?",
    )


def quiz(y_test: np.ndarray, proba: np.ndarray, other_score: np.ndarray, *, other_name: str = "SVC") -> Quiz:
    """The quick self-test at the end of notebook 03.

    Question 2's answer is the AP of a constant score on 100 points of which 15 are positive (the
    prevalence, 0.15); question 3 quotes the paired DeLong interval of ``AUC(proba) - AUC(other_score)`` on
    ``y_test`` (the logistic regression against ``other_name``, an interval the notebook does not print) and
    asks what it allows one to conclude. The interval must lie above 0.
    """
    y, p = labels_scores(y_test, proba, "y_test", "proba")
    labels_scores(y_test, other_score, "y_test", "other_score")
    if not isinstance(other_name, str) or not other_name:
        raise ValueError(f"other_name must be the other model's name, got {other_name!r}")
    d, low, high, _ = delong_auc_difference(y, p, other_score)
    toy = np.r_[np.ones(15), np.zeros(85)]
    constant_ap = float(average_precision_score(toy, np.zeros_like(toy)))
    if not 0 < low:
        raise ValueError("other_score must give a paired DeLong interval of AUC(proba) - AUC(other_score) above 0 "
                         "(the notebook's logistic regression against its SVC)")
    options = {"a": "its AUC is clearly higher where these points come from",
               "b": "no clear winner: AUC gaps below 0.1 are only noise",
               "c": "it is the better of the two models at every threshold, too"}
    explain = {
        "a": "The whole interval lies above 0: for these two fitted models, on the population the test points "
             "come from, the logistic regression's AUC is higher",
        "b": "how large a gap noise can make depends on the test set; the paired interval measures it, and here "
             "it excludes 0",
        "c": "ROC AUC summarises every threshold at once; a model with the lower AUC can still lead at some FPRs, "
             "as the SVC led the forest at low FPR",
    }
    return Quiz([
        Question(
            "You lower the threshold (flag when score >= t). What happens to class 1's recall and precision?",
            {"a": "recall falls and precision usually rises", "b": "recall and precision both rise together",
             "c": "recall rises, precision usually falls"},
            "c",
            {"a": "that is what raising the threshold does",
             "b": "recall cannot fall, but the extra rows flagged are mostly negatives when positives are rare",
             "c": "More rows are flagged: no positive is lost, but more negatives come in"}),
        NumberQuestion(
            "A model gives every point of a test set the same score; 15 of the 100 points are positive. What "
            "is its average precision?",
            lambda: constant_ap, digits=2,
            mistakes=[Mistake.if_equals(0.5, "0.5 is the ROC AUC of a constant score; its AP is its precision at "
                                        "its one threshold, where every point is flagged"),
                      Mistake.if_equals(0.85, "0.85 is the share of negatives; precision counts the positives "
                                        "among the flagged points")],
            solution="the prevalence, 15 / 100",
            why="At its one threshold every point is flagged: recall 1, precision = the prevalence."),
        Question(
            f"On the blobs' test points, ROC AUC of the logistic regression minus that of the {other_name}: "
            f"{d:.3f}, 95 % interval {low:.3f} to {high:.3f} (paired DeLong). What do you conclude about the "
            "logistic regression?",
            options, "a", explain),
        Question(
            "You replace every score s by 2 s + 1. Which of these numbers can change?",
            {"a": "ROC AUC, and AP with it", "b": "F1 at a fixed cut of 0", "c": "none of them: same ranking"},
            "b",
            {"a": "both use only the order of the scores, and 2 s + 1 keeps the order",
             "b": "The order is kept, so AP and ROC AUC stay; a fixed cut now falls elsewhere in the ranking",
             "c": "F1 at a fixed cut depends on which scores lie above the cut, and those move"}),
    ])
