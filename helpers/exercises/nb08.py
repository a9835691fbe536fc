"""Checkers for notebook 08 (unknown prevalence): the exercises and the quick self-test.

Each factory takes the notebook's own data (or the numbers the question states) and computes the right
answer from them.
"""

from __future__ import annotations

import numpy as np

from ..prevalence_uncertainty import unlabeled_rows_needed
from ._inputs import count, labels01, numeric, positive, rate, same_length
from .core import Compare, Exercise, Mistake, number, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_3", "quiz"]


def _rates(y: np.ndarray, p: np.ndarray, t: float) -> tuple[float, float]:
    flag = p >= t
    return float(np.mean(flag[y == 1])), float(np.mean(flag[y == 0]))


def exercise_1(y_train, proba_cv, y_pool, proba_pool, *, threshold: float = 0.3) -> Exercise:
    """Exercise 1: the cross-validated TPR and FPR at another threshold ``t``, for adjusted classify and count.

    Flag when ``proba_cv >= t`` (the training part's cross-validated probabilities)::

        TPR = #(flagged positives) / #positives,   FPR = #(flagged negatives) / #negatives

    The answer is two numbers, ``(TPR, FPR)``, each right within 0.1 % of its value. ``y_pool`` and
    ``proba_pool`` give the typical mistake of counting on the pool, whose labels ACC does not have.
    """
    y = labels01(y_train, "y_train")
    p = numeric(proba_cv, "proba_cv", ndim=1)
    same_length(y, p, "y_train", "proba_cv")
    yp = labels01(y_pool, "y_pool")
    pp = numeric(proba_pool, "proba_pool", ndim=1)
    same_length(yp, pp, "y_pool", "proba_pool")
    t = rate(threshold, "threshold")
    right = _rates(y, p, t)
    return Exercise(
        "Exercise 1",
        lambda: right,
        compare=numbers(["TPR", "FPR"], kinds={"TPR": probability(), "FPR": probability()}),
        mistakes=[
            Mistake.if_equals(lambda: _rates(y, p, 0.5), "those are the rates at 0.5; count them at the new "
                                                         "threshold"),
            Mistake.if_equals(lambda: right[::-1], "you swapped them: TPR first, then FPR"),
            Mistake.if_equals(lambda: _rates(yp, pp, t), "those rates are counted on the pool, whose labels "
                                                         "ACC does not have; use the cross-validated training part"),
        ],
        hints=[
            f"Flag the training part's cross-validated probabilities at {t:g}: proba_cv >= {t:g}.",
            "TPR is the flagged share of y_train == 1, FPR the flagged share of y_train == 0.",
        ],
        solution=f"answer = ((proba_cv[y_train == 1] >= {t:g}).mean(), (proba_cv[y_train == 0] >= {t:g}).mean())",
        why="ACC needs the rates of the threshold it counts with.",
    )


class _Rows(Compare):
    """A number of rows, within 1 %; ``inf`` (no number is enough) is a wrong answer, not a wrong kind."""

    kind = "one number of rows"

    def __init__(self) -> None:
        self.inner = number(rel=0.01, low=0, kind=self.kind)

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, float | np.floating) and np.isposinf(answer):
            return "not yet: with the rates known exactly, some number of rows is enough"
        return self.inner.differs(answer, expected)

    def show(self, expected: object) -> str:
        return f"{float(expected):,.0f} rows"


def exercise_3(*, prevalence: float, tpr: float, fpr: float, relative_error: float, n_pos: int,
               n_neg: int) -> Exercise:
    """Exercise 3 (a screening test): the unlabeled rows ACC needs for ``±r`` if TPR and FPR were known exactly.

    With ``q = TPR pi + FPR (1 - pi)`` and ``z = 1.96`` (95 %)::

        n = z^2 q (1 - q) / (r pi (TPR - FPR))^2          (rounded up)

    Right within 1 %. ``n_pos`` and ``n_neg`` (the labeled set) give the typical mistake of answering the
    second part (no number of rows is enough) first.
    """
    pi = rate(prevalence, "prevalence")
    t, f = rate(tpr, "tpr"), rate(fpr, "fpr")
    if t <= f:
        raise ValueError("tpr must be larger than fpr")
    r = positive(relative_error, "relative_error")
    n_pos, n_neg = count(n_pos, "n_pos"), count(n_neg, "n_neg")
    screen = dict(tpr=t, fpr=f, relative_error=r)
    return Exercise(
        "Exercise 3",
        lambda: float(unlabeled_rows_needed(pi, **screen)),
        compare=_Rows(),
        mistakes=[
            Mistake(lambda a: isinstance(a, float | np.floating) and bool(np.isposinf(a)),
                    "that is the answer with the labeled set as it is; first take TPR and FPR as known exactly"),
            Mistake.if_equals(lambda: float(unlabeled_rows_needed(10 * pi, **screen)),
                              f"that is at a prevalence ten times higher; the test is used where about 1 in "
                              f"{1 / pi:,.0f} is positive"),
        ],
        hints=[
            "unlabeled_rows_needed(prevalence, tpr=..., fpr=..., relative_error=...) without n_pos and n_neg "
            "takes the rates as known exactly.",
            "relative_error is a fraction: ±50 % is 0.5.",
        ],
        solution=f"answer = unlabeled_rows_needed({pi:g}, tpr={t:g}, fpr={f:g}, relative_error={r:g})",
        why="Millions of rows, and that is before the labeled set's own uncertainty.",
    )


def quiz(train_prevalence: float) -> Quiz:
    """The quick self-test of notebook 08; the numeric question moves a probability of 0.5 to prior 0.5.

    By Bayes' rule on the odds, ``odds_new = odds(p) odds(0.5) / odds(pi_train)``, so ``p = 0.5`` becomes
    ``1 - pi_train``; right within 0.001.
    """
    pi = rate(train_prevalence, "train_prevalence")
    return Quiz([
        NumberQuestion(
            f"The model was trained where a share {pi:.3f} of the images are nines. It gives an image the "
            "probability 0.5. Moved to a prior of 0.5 by Bayes' rule, what is that probability?",
            lambda: (1 / (pi / (1 - pi))) / (1 + 1 / (pi / (1 - pi))),
            tol=0.001,
            mistakes=[Mistake.if_equals(0.5, "the probability belongs to the training prior; at another prior its "
                                             "odds are multiplied by odds(new) / odds(train)")],
            solution="adjust_posteriors(0.5, train_prevalence=TRAIN_PRIOR, deploy_prevalence=0.5)",
        ),
        Question(
            "EM (Saerens et al., 2002) estimates the prior of an unlabeled sample from",
            {"a": "the model's probabilities on the sample, alternating Bayes' rule and their mean",
             "b": "the share of the sample flagged at 0.5",
             "c": "a labeled random sample of the population"},
            "a",
            {"b": "that is classify and count.",
             "c": "that would need labels; EM uses none from the new sample."},
        ),
        Question(
            "Adjusted classify and count corrects the flagged share with",
            {"a": "the TPR and FPR measured on labeled data",
             "b": "the mean probability",
             "c": "the training prior"},
            "a",
            {"b": "the mean probability is an estimator of its own, biased towards the training prior.",
             "c": "ACC does not use the training prior."},
        ),
        Question(
            "At a prevalence of 1 in 10 000, a test with FPR 0.001 measured on 20 000 negatives, applied to a "
            "million unlabeled rows, gives an ACC estimate whose uncertainty comes mostly from",
            {"a": "the FPR, counted from about twenty false positives",
             "b": "the TPR", "c": "the million unlabeled rows"},
            "a",
            {"b": "the TPR term is small next to the FPR's when negatives outnumber positives 10 000 to 1.",
             "c": "a million rows pin the flagged share down well; the FPR's own uncertainty is larger."},
        ),
    ])
