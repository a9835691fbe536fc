"""Exercises and quick self-test of notebook 03 (thresholds, PR and ROC curves), checked from its data.

The right answers::

    exercise 1: ROC AUC of RandomForestClassifier(n_estimators=100, max_features=2, random_state=0) (its
                predict_proba) and of make_pipeline(StandardScaler(), SVC(gamma=0.05)) (its decision_function),
                both fitted on the breast-cancer training split and scored on its test split
    exercise 2: the smallest threshold t (flag when score >= t) whose weighted validation precision
                sum(w TP) / sum(w flagged) reaches the target
    exercise 3: AP and ROC AUC with class 0 as the positive class: truth y == 0, score 1 - p
"""

from __future__ import annotations

import functools

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from .._validate import check_probabilities
from ._common import labels_scores, part_mistake, real_arg
from .core import Exercise, Mistake, numbers, probability, threshold
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


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


def exercise_1(X_train: np.ndarray, y_train: np.ndarray, X_test: np.ndarray, y_test: np.ndarray) -> Exercise:
    """Exercise 1: the ROC AUC of the random forest and of the scaled SVC of section 6 on another split.

    Both models are fitted here, on ``X_train, y_train``, when the answer is first checked; the AUC is
    ``roc_auc_score(y_test, score)``. Mistakes: the AUC of hard predictions (``predict``) and the SVC
    without scaling.
    """
    ytr = labels_scores(y_train, np.zeros(np.shape(y_train)), "y_train")[0]
    yte = labels_scores(y_test, np.zeros(np.shape(y_test)), "y_test")[0]
    Xtr = _features(X_train, "X_train", ytr.size)
    Xte = _features(X_test, "X_test", yte.size)

    @functools.cache
    def models():
        rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(Xtr, ytr)
        svc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(Xtr, ytr)
        return rf, svc

    @functools.cache
    def svc_unscaled_auc():
        return roc_auc_score(yte, SVC(gamma=0.05).fit(Xtr, ytr).decision_function(Xte))

    def right():
        rf, svc = models()
        return roc_auc_score(yte, rf.predict_proba(Xte)[:, 1]), roc_auc_score(yte, svc.decision_function(Xte))

    cmp = numbers(["random forest", "SVC"], kinds={k: probability(abs=1e-3) for k in ("random forest", "SVC")})
    return Exercise(
        "Exercise 1", right, compare=cmp,
        mistakes=[
            part_mistake(0, lambda: roc_auc_score(yte, models()[0].predict(Xte)), "your forest's AUC comes from "
                         "predict (0/1 labels), one point; ROC AUC needs the scores, predict_proba", cmp),
            part_mistake(1, lambda: roc_auc_score(yte, models()[1].predict(Xte)), "your SVC's AUC comes from "
                         "predict (0/1 labels); ROC AUC needs the scores, decision_function", cmp),
            part_mistake(1, svc_unscaled_auc, "your SVC saw unscaled features: put StandardScaler() before it "
                         "in a pipeline", cmp),
        ],
        hints=["Fit RandomForestClassifier(n_estimators=100, max_features=2, random_state=0) and "
               "make_pipeline(StandardScaler(), SVC(gamma=0.05)) on X_train, y_train.",
               "roc_auc_score(y_test, rf.predict_proba(X_test)[:, 1]) and roc_auc_score(y_test, "
               "svc.decision_function(X_test))."],
        solution="rf_bc = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(X_train, "
                 "y_train)\nsvc_bc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(X_train, y_train)\n"
                 "answer = (roc_auc_score(y_test, rf_bc.predict_proba(X_test)[:, 1]),\n"
                 "          roc_auc_score(y_test, svc_bc.decision_function(X_test)))",
        why="Neither clearly wins: the gap between them is smaller than its sampling noise on this test set.",
    )


def _smallest_threshold(y: np.ndarray, s: np.ndarray, w: np.ndarray | None, target: float) -> float:
    p, _, t = precision_recall_curve(y, s, sample_weight=w)
    ok = p[:-1] >= target
    if not ok.any():
        raise ValueError("no threshold reaches min_precision on these data")
    return float(t[np.argmax(ok)])


def exercise_2(y_val: np.ndarray, s_val: np.ndarray, *, sample_weight: np.ndarray,
               min_precision: float = 0.6) -> Exercise:
    """Exercise 2: the smallest threshold whose weighted validation precision reaches ``min_precision``.

    Precision at ``t`` is ``sum(w [y = 1, s >= t]) / sum(w [s >= t])``; any threshold that flags the same
    validation rows is right. Mistake: the threshold found without the weights (at the validation set's
    own prevalence).
    """
    y, s = labels_scores(y_val, s_val, "y_val", "s_val")
    try:
        w = np.asarray(sample_weight, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("sample_weight must be an array of weights >= 0, one per row of y_val") from None
    if w.shape != y.shape or not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("sample_weight must be an array of weights >= 0, one per row of y_val")
    target = real_arg(min_precision, "min_precision", 0, 1)
    right = _smallest_threshold(y, s, w, target)
    unweighted = _smallest_threshold(y, s, None, target)
    cmp = threshold(y, s)
    return Exercise(
        "Exercise 2", right, compare=cmp,
        mistakes=[Mistake.if_equals(unweighted, f"your threshold reaches precision {target:g} without the weights, "
                                    "at the validation set's own prevalence; pass sample_weight=w_val")],
        hints=["p, r, t = precision_recall_curve(y_val, s_val, sample_weight=w_val): the thresholds t increase, "
               "and p[i] is the precision at t[i].",
               f"The first i with p[i] >= {target:g} (np.argmax(p[:-1] >= {target:g})) gives the smallest threshold."],
        solution="p_v, r_v, t_v = precision_recall_curve(y_val, s_val, sample_weight=w_val)\n"
                 f"answer = t_v[np.argmax(p_v[:-1] >= {target:g})]",
        why="Now judge it on the test set: the validation precision was picked, so it flatters.",
    )


def exercise_3(y_test: np.ndarray, proba: np.ndarray) -> Exercise:
    """Exercise 3: AP and ROC AUC with class 0 positive: ``AP(y == 0, 1 - p)`` and ``AUC(y == 0, 1 - p)``.

    Mistakes: the score not reversed (``AUC(y == 0, p) = 1 - AUC``, a low AP); AP of class 1 unchanged.
    """
    y, p = labels_scores(y_test, proba, "y_test", "proba")
    check_probabilities(p, "proba")
    neg = y == 0
    cmp = numbers(["AP", "ROC AUC"], kinds={k: probability(abs=1e-3) for k in ("AP", "ROC AUC")})
    return Exercise(
        "Exercise 3", lambda: (average_precision_score(neg, 1 - p), roc_auc_score(neg, 1 - p)), compare=cmp,
        mistakes=[
            part_mistake(1, lambda: roc_auc_score(neg, p), "your ROC AUC ranks class 0 by the probability of "
                         "class 1, the wrong way round: use 1 - proba as the score", cmp),
            part_mistake(0, lambda: average_precision_score(neg, p), "your AP ranks class 0 by the probability of "
                         "class 1: use 1 - proba as the score", cmp),
            part_mistake(0, lambda: average_precision_score(y, p), "that is the AP of class 1; make class 0 the "
                         "positive class, truth yb_test == 0", cmp),
        ],
        hints=["The truth is yb_test == 0, the score 1 - proba (high for class 0).",
               "average_precision_score(yb_test == 0, 1 - proba) and roc_auc_score(yb_test == 0, 1 - proba)."],
        solution="answer = (average_precision_score(yb_test == 0, 1 - proba), roc_auc_score(yb_test == 0, 1 - proba))",
        why="ROC AUC is unchanged; AP is about the common class now, so it starts from its prevalence.",
    )


def quiz(y_test: np.ndarray, proba: np.ndarray) -> Quiz:
    """The quick self-test at the end of notebook 03; question 2's answer is the prevalence ``mean(y_test)``."""
    y, p = labels_scores(y_test, proba, "y_test", "proba")
    prevalence = float(y.mean())
    return Quiz([
        Question(
            "You lower the threshold (flag when score >= t). What happens?",
            {"a": "recall rises or stays; precision usually falls", "b": "recall and precision both rise",
             "c": "recall falls, precision rises"},
            "a",
            {"a": "More rows are flagged: no positive is lost, but more negatives come in",
             "b": "recall cannot fall, but the extra rows flagged are mostly negatives when positives are rare",
             "c": "that is what raising the threshold does"}),
        NumberQuestion(
            "What average precision does a model that gives every blobs test point the same score (a "
            "DummyClassifier) get? Two decimals are enough.",
            lambda: prevalence, 0.01,
            mistakes=[Mistake.if_equals(0.5, "0.5 is the ROC AUC of a constant score (and of a random ranking); its "
                                        "AP is its precision at its one threshold, where every point is flagged")],
            solution="yb_test.mean(), the prevalence"),
        Question(
            "The share of positives changes, the scores within each class stay distributed the same. What moves?",
            {"a": "ROC AUC", "b": "precision and AP", "c": "TPR and FPR at a fixed threshold"},
            "b",
            {"a": "ROC AUC compares positives with negatives pair by pair: no prevalence in it",
             "b": "Both mix the two classes in one ratio, so they follow the class balance",
             "c": "each is a ratio within one class"}),
        Question(
            "Where do you pick a threshold, and where do you report its precision?",
            {"a": "both on the test set", "b": "pick on validation data, report on the test set",
             "c": "pick on the test set, report on validation data"},
            "b",
            {"a": "the number where the threshold was picked is optimistic (section 10)",
             "b": "The held-out number is the honest one; say for which prevalence the threshold was picked",
             "c": "the test set is for the final report, touched once"}),
    ])
