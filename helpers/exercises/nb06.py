"""Exercises and quick self-test of notebook 06 (prior-shift correction), checked from the notebook's data.

The right answers::

    exercise 1: the test precision p whose corrected precision at fold change f is the target q:
                q = TP / (TP + f FP)  =>  FP / TP = (1 - q) / (q f),  p = 1 / (1 + FP / TP)
    exercise 2: AP at each deployment prevalence pi, every test negative weighted by
                negative_weight(P, N, pi) = ((1 - pi) / pi) / (N / P); and the weighted ROC AUC
    exercise 3: corrected precision minus true precision at the threshold, on the deployment sample whose
                negatives were shifted with the given strength
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from sklearn.metrics import average_precision_score, precision_score, roc_auc_score

from ..counts import confusion_counts, metric_zoo, negative_weight
from ..prior_shift import corrected_precision
from ._common import labels_scores, part_mistake, real_arg
from .core import Exercise, Mistake, fmt, number, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _deployed(p: float, fold: float) -> float:
    """Precision after multiplying FP by ``fold``: ``p / (p + fold (1 - p))``."""
    return p / (p + fold * (1 - p))


def exercise_1(*, fold_change: float, target: float) -> Exercise:
    """Exercise 1: the test precision needed for a deployed precision ``target`` at ``fold_change``.

    ``p = 1 / (1 + (1 - q) / (q f))``; checked back with ``corrected_precision``. Mistakes: the target
    itself; ``1 - (1 - q) / f`` (the false-discovery rate divided by the fold change).
    """
    f = real_arg(fold_change, "fold_change", 0)
    q = real_arg(target, "target", 0, 1)
    if f <= 0 or not 0 < q < 1:
        raise ValueError("fold_change must be > 0 and target strictly between 0 and 1")
    fp_per_tp = (1 - q) / (q * f)
    p = 1 / (1 + fp_per_tp)
    assert np.isclose(corrected_precision(tp=1.0, fp=fp_per_tp, test_ratio=1, deploy_ratio=f), q)
    return Exercise(
        "Exercise 1", p, compare=number(rel=0, abs=5e-6, low=0, high=1, kind="one number between 0 and 1"),
        mistakes=[
            Mistake.if_equals(q, f"that is the deployed precision; on the test set, with {fmt(f)} times fewer "
                              "negatives per positive, precision must be much higher"),
            Mistake.if_equals(1 - (1 - q) / f, "you divided the share of false positives, 1 - precision, by the "
                              "fold change; the fold change multiplies FP itself (if you rounded, give five "
                              "decimals)"),
        ],
        hints=[f"Write {fmt(q)} = TP / (TP + {fmt(f)} FP) and solve for FP / TP.",
               "The test precision is TP / (TP + FP) = 1 / (1 + FP / TP). Give five decimals."],
        solution=f"fp_per_tp = (1 - {fmt(q)}) / ({fmt(q)} * {fmt(f)})\nanswer = 1 / (1 + fp_per_tp)",
        why="Check: corrected_precision(tp=1, fp=fp_per_tp, ...) gives the target back.",
    )


def exercise_2(y_test: np.ndarray, s_test: np.ndarray, *, prevalences: Sequence[float]) -> Exercise:
    """Exercise 2: AP at each deployment prevalence, then the weighted ROC AUC at the first.

    Every test negative gets the weight ``((1 - pi) / pi) / (N / P)``, every positive 1;
    ``average_precision_score`` and ``roc_auc_score`` take them as ``sample_weight``. Mistake: the
    unweighted AP of the test set.
    """
    y, s = labels_scores(y_test, s_test, "y_test", "s_test")
    if isinstance(prevalences, str) or not isinstance(prevalences, Sequence) or len(prevalences) != 2:
        raise ValueError("prevalences must be a list of two deployment prevalences")
    pis = [real_arg(pi, "prevalences", 0, 1) for pi in prevalences]
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())

    def weights(pi: float) -> np.ndarray:
        return np.where(y == 1, 1.0, negative_weight(n_pos, n_neg, pi))

    names = ["AP at the first prevalence", "AP at the second prevalence", "ROC AUC"]
    cmp = numbers(names, kinds={names[0]: probability(rel=0, abs=0.005), names[1]: probability(rel=0, abs=0.005),
                                names[2]: probability(rel=0, abs=1e-3)})
    unweighted = average_precision_score(y, s)
    return Exercise(
        "Exercise 2",
        lambda: (*(average_precision_score(y, s, sample_weight=weights(pi)) for pi in pis),
                 roc_auc_score(y, s, sample_weight=weights(pis[0]))),
        compare=cmp,
        mistakes=[part_mistake(0, lambda: unweighted, "your AP is the test set's own; weight every test negative "
                               "with negative_weight(800, 8000, prevalence)", cmp)],
        hints=["wt = np.where(y_test == 1, 1.0, negative_weight(800, 8000, prevalence)) for each prevalence.",
               "average_precision_score(y_test, s_test, sample_weight=wt), and roc_auc_score the same way."],
        solution="def wt(prev):\n    return np.where(y_test == 1, 1.0, negative_weight(800, 8000, prev))\n"
                 "answer = (average_precision_score(y_test, s_test, sample_weight=wt(1e-4)),\n"
                 "          average_precision_score(y_test, s_test, sample_weight=wt(pi_quake)),\n"
                 "          roc_auc_score(y_test, s_test, sample_weight=wt(1e-4)))",
        why="ROC AUC does not move: a common weight on all negatives cancels in TPR and FPR.",
    )


def exercise_3(deployment: Callable[[float], tuple[np.ndarray, np.ndarray]], *, strength: float,
               y_test: np.ndarray, s_test: np.ndarray, deploy_prevalence: float, threshold: float = 0.5) -> Exercise:
    """Exercise 3: corrected minus true precision at ``threshold`` when the negatives shift with ``strength``.

    ``deployment(strength)`` returns the shifted deployment sample ``(y, s)``; the true precision is its
    ``TP / (TP + FP)``. The corrected precision comes from the test set: ``TP / (TP + FP r_dep / r_test)``
    with ``r = (1 - pi) / pi`` the negatives per positive. Mistakes: the sign reversed; the gap at the
    strength of section 8 (0.5).
    """
    if not callable(deployment):
        raise ValueError("deployment must be the function deployment_with_new_negatives(strength)")
    st = real_arg(strength, "strength", 0, 1)
    y, s = labels_scores(y_test, s_test, "y_test", "s_test")
    pi = real_arg(deploy_prevalence, "deploy_prevalence", 0, 1)
    t = real_arg(threshold, "threshold")
    c = confusion_counts(y, s >= t)
    corrected = float(corrected_precision(tp=c.tp, fp=c.fp, test_ratio=c.n_neg / c.n_pos,
                                          deploy_ratio=(1 - pi) / pi))

    def gap(strength_: float) -> float:
        y_new, s_new = deployment(strength_)
        return corrected - precision_score(y_new, s_new >= t)

    return Exercise(
        "Exercise 3", lambda: gap(st), compare=number(rel=0, abs=0.005, kind="one number (a difference)"),
        mistakes=[
            Mistake.if_equals(lambda: -gap(st), "your difference has the wrong sign: corrected minus true"),
            Mistake.if_equals(lambda: gap(0.5), "that is the gap at strength 0.5, the shift of section 8"),
        ],
        hints=[f"y_new, s_new = deployment_with_new_negatives({fmt(st)}); the true precision is "
               "precision_score(y_new, s_new >= 0.5).",
               "The corrected precision does not change with the shift: rows['corrected to deployment'][0]."],
        solution=f"y_new, s_new = deployment_with_new_negatives({fmt(st)})\n"
                 "answer = rows['corrected to deployment'][0] - precision_score(y_new, s_new >= 0.5)",
        why="The correction is exactly as wrong as the FPR it borrows from the test set.",
    )


def quiz(y_test: np.ndarray, s_test: np.ndarray, *, deploy_prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 06.

    Question 2's answer is the fold change ``r_dep / r_test`` of the negatives per positive,
    ``r_test = N / P`` of ``y_test`` and ``r_dep = (1 - pi) / pi``.
    """
    y, _ = labels_scores(y_test, s_test, "y_test", "s_test")
    pi = real_arg(deploy_prevalence, "deploy_prevalence", 0, 1)
    if not 0 < pi < 1:
        raise ValueError("deploy_prevalence must be strictly between 0 and 1")
    r_test = (1 - y).sum() / y.sum()
    r_dep = (1 - pi) / pi
    z = metric_zoo(confusion_counts(y, s_test >= 0.5))
    return Quiz([
        Question(
            "Only the class balance changes between the test set and deployment. What carries over unchanged?",
            {"a": "precision", "b": "recall and the FPR", "c": "F1"},
            "b",
            {"a": "precision mixes the classes: it falls as the negatives grow",
             "b": "Each is a ratio within one class, so the class balance does not enter it",
             "c": "F1 contains precision, so it moves with the class balance"}),
        NumberQuestion(
            f"The test set has {fmt(r_test, 3)} negatives per positive, deployment {fmt(r_dep, 3)}. By what factor "
            "does the correction multiply the false positives? Three significant digits are enough.",
            lambda: r_dep / r_test, 0, rel=0.005,
            mistakes=[Mistake.if_equals(r_test / r_dep, "that is the inverse: deployment has more negatives per "
                                        "positive, so FP grows")],
            solution="r_dep / r_test"),
        Question(
            "When does the correction give a wrong deployed precision?",
            {"a": "when the scores are not calibrated",
             "b": "when the negatives met in deployment differ from the test negatives (their FPR changes)",
             "c": "whenever the deployment prevalence is below 1 %"},
            "b",
            {"a": "it needs no calibration: it only rescales counts at a threshold",
             "b": "It borrows the FPR from the test set; if the negatives change, so does their FPR",
             "c": "the prevalence can be as small as you like, as long as it is known"}),
        Question(
            f"The test set's FPR at 0.5 is {fmt(z['fpr'], 3)}. What happens to the ROC AUC when every test negative "
            "is weighted to the deployment prevalence?",
            {"a": "it falls", "b": "it stays the same", "c": "it rises"},
            "b",
            {"a": "TPR and FPR are ratios within each class: a common weight on the negatives cancels",
             "b": "A common weight on all negatives cancels in the FPR, and TPR never sees it",
             "c": "TPR and FPR are ratios within each class: a common weight on the negatives cancels"}),
    ])
