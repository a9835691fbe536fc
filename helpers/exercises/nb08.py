"""Checkers for notebook 08 (unknown prevalence): the exercises and the quick self-test.

Each factory takes the notebook's own data (or the numbers the question states) and computes the right
answer from them. The right answers::

    exercise 1: on one unlabeled sample, flagged at a threshold t instead of 0.5:
                (CC, ACC) = (share flagged, (q - FPR_t) / (TPR_t - FPR_t)),
                TPR_t and FPR_t from the cross-validated probabilities of the training part
    exercise 2: a logistic regression refitted on a balanced sample of the training part (training prior 0.5):
                (mean probability, EM with train_prevalence=0.5) on the sample
    exercise 3: a screening test: unlabeled rows for +-r with the rates known exactly, with the labeled set as
                it is (inf when no number is enough), and the labeled negatives that make +-r reachable at all
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np
from scipy.stats import norm
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from .._validate import check_count, check_numbers, check_positive, check_probability_open, check_same_length
from ..prevalence_shift import sample_at_prevalence
from ..prevalence_uncertainty import unlabeled_rows_needed
from ..prior_shift import adjust_posteriors, estimate_prevalence_acc, estimate_prevalence_em
from ._labels import labels01, labels_scores
from ._slips import in_another_order
from .core import Compare, Exercise, Mistake, WrongKind, describe, number, numbers, round_significant
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "labeled_negatives_needed", "quiz"]


def _rates(y: np.ndarray, p: np.ndarray, t: float) -> tuple[float, float]:
    flag = p >= t
    return float(np.mean(flag[y == 1])), float(np.mean(flag[y == 0]))


def _acc(p: np.ndarray, t: float, tpr: float, fpr: float) -> float:
    return estimate_prevalence_acc((p >= t).astype(int), tpr=tpr, fpr=fpr)


@effort("compute", "CC and ACC at another threshold, TPR and FPR measured again")
def exercise_1(y_train, proba_cv, y_pool, proba_pool, proba_sample, *, threshold: float = 0.25) -> Exercise:
    """Exercise 1: classify and count and ACC on one sample when the model flags at ``threshold``.

    With ``q`` the share of ``proba_sample`` at or above ``t`` and the rates of the training part's
    cross-validated probabilities at ``t``::

        CC = q,   ACC = (q - FPR_t) / (TPR_t - FPR_t) (clipped to [0, 1])

    Two numbers, each right to three significant digits. EM, which uses no threshold, is the notebook's
    discussion question, not part of the answer: its value is printed in the notebook. Mistakes: ACC at 0.5
    (the flags and the rates at 0.5, as the notebook prints it); ACC with the flags at ``t`` but the rates at
    0.5, or with rates counted on the pool (``y_pool``, ``proba_pool``), whose labels ACC does not have; CC at
    0.5; the two numbers in the wrong order.
    """
    y, p = labels_scores(y_train, proba_cv, "y_train", "proba_cv")
    yp, pp = labels_scores(y_pool, proba_pool, "y_pool", "proba_pool")
    s = check_numbers(proba_sample, "proba_sample", ndim=1)
    t = check_probability_open(threshold, "threshold")
    if t == 0.5:
        raise ValueError("threshold must differ from 0.5: the exercise compares another threshold with it")
    tpr, fpr = _rates(y, p, t)
    right = (float(np.mean(s >= t)), _acc(s, t, tpr, fpr))
    cmp = numbers(["CC", "ACC"], kinds={k: _probability_digits(3) for k in ("CC", "ACC")})
    acc_05 = _acc(s, 0.5, *_rates(y, p, 0.5))
    at_05 = [] if cmp.each[1].same(acc_05, right[1]) else [
        Mistake.in_part(1, acc_05, "that is ACC at 0.5, as printed above; flag the sample at the new threshold and "
                                   "use TPR and FPR measured there")]
    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=[
            Mistake(lambda a: in_another_order(cmp, a, right), "your two numbers are swapped: first CC, then ACC",
                    example=right[::-1]),
            *at_05,
            Mistake.in_part(1, lambda: _acc(s, t, *_rates(y, p, 0.5)),
                            "your ACC uses the TPR and FPR measured at 0.5; measure them at the threshold you "
                            "flag with"),
            Mistake.in_part(1, lambda: _acc(s, t, *_rates(yp, pp, t)),
                            "your ACC's rates are counted on the pool, whose labels ACC does not have in "
                            "deployment; measure them on the cross-validated training part (proba_cv)"),
            Mistake.in_part(0, lambda: float(np.mean(s >= 0.5)), "your CC is the share flagged at 0.5; flag at "
                                                                  "the new threshold"),
        ],
        hints=[
            f"Flag the sample with p >= {t:g}; ACC needs TPR and FPR at the same threshold, from proba_cv and "
            "y_train.",
            "estimate_prevalence_acc(flags, tpr=..., fpr=...) does the estimate; CC is the share flagged.",
        ],
        why="CC moves with the threshold, ACC corrects for it, and EM uses no threshold at all.",
    )


def _probability_digits(digits: int) -> Compare:
    """A number between 0 and 1, right to ``digits`` significant digits."""
    return number(low=0.0, high=1.0, kind="one number between 0 and 1", digits=digits)


def _balanced_model_proba(X_train: np.ndarray, y_train: np.ndarray, X_sample: np.ndarray) -> np.ndarray:
    bal = sample_at_prevalence(y_train, 0.5, rng=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000))
    return model.fit(X_train[bal], y_train[bal]).predict_proba(X_sample)[:, 1]


@effort("build", "the pipeline fitted on a balanced sample, its mean probability and EM")
def exercise_2(X_train, y_train, X_sample, proba_sample) -> Exercise:
    """Exercise 2: a model trained on a balanced sample (training prior 0.5); its mean probability and EM.

    The balanced sample is ``sample_at_prevalence(y_train, 0.5, rng=0)``, as the question says; the model is
    the notebook's pipeline (standardised pixels, logistic regression with ``tol=1e-10``) fitted on it; on
    ``X_sample``::

        (mean of p,  estimate_prevalence_em(p, train_prevalence=0.5))

    Two numbers, each right to two significant digits: a third digit would depend on how far the solver runs
    (EM's third digit moves without ``tol=1e-10``). Mistakes: the two numbers in the wrong order; EM at the first
    model's training prior (``y_train.mean()``); the first model's mean probability or EM estimate
    (``proba_sample``).
    """
    X = check_numbers(X_train, "X_train", ndim=2)
    y = labels01(y_train, "y_train")
    check_same_length(X, y, "X_train", "y_train")
    Xs = check_numbers(X_sample, "X_sample", ndim=2)
    if Xs.shape[1] != X.shape[1]:
        raise ValueError(f"X_sample must have the {X.shape[1]} columns of X_train, got {Xs.shape[1]}")
    ps = check_numbers(proba_sample, "proba_sample", ndim=1)
    check_same_length(Xs, ps, "X_sample", "proba_sample")
    old_prior = float(y.mean())
    state: dict[str, np.ndarray] = {}

    def p2() -> np.ndarray:
        if "p" not in state:
            state["p"] = _balanced_model_proba(X, y, Xs)
        return state["p"]

    cmp = numbers(["mean probability", "EM"], kinds={k: _probability_digits(2) for k in ("mean probability", "EM")})

    def right() -> tuple[float, float]:
        return float(p2().mean()), estimate_prevalence_em(p2(), train_prevalence=0.5)

    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=[
            Mistake(lambda a: in_another_order(cmp, a, right()), "your two numbers are swapped: first the mean "
                                                                 "probability, then EM's estimate",
                    example=lambda: right()[::-1]),
            Mistake.in_part(1, lambda: estimate_prevalence_em(p2(), train_prevalence=old_prior),
                            "your EM starts from the first model's training prior; the balanced model was trained "
                            "where half the images are nines"),
            Mistake.in_part(1, lambda: estimate_prevalence_em(ps, train_prevalence=old_prior),
                            "that EM estimate is the first model's; use the balanced model's probabilities"),
            Mistake.in_part(0, lambda: float(ps.mean()), "that mean probability is the first model's; use the "
                                                          "balanced model's probabilities"),
        ],
        hints=[
            "Fit the same pipeline on X_train[bal], y_train[bal] and take predict_proba(...)[:, 1] on the sample's "
            "rows, X_pool[low].",
            "EM needs the prior the model was trained at: train_prevalence=0.5 now.",
        ],
        why="The probabilities are calibrated for a training prior of 0.5: their mean is pulled towards it, "
            "and EM moves them away from it.",
    )


def labeled_negatives_needed(prevalence: float, *, tpr: float, fpr: float, relative_error: float, n_pos: int,
                             confidence: float = 0.95) -> float:
    """The labeled negatives above which ACC can reach ``+-r pi`` at all (with endless unlabeled rows).

    The labeled-set terms inside the brackets of ACC's variance (``Var = [...] / d^2``,
    :func:`helpers.prevalence_uncertainty.acc_standard_error`), times ``z^2``, must leave room below the squared
    half-width times ``d^2``, ``(r pi d)^2`` (``d = TPR - FPR``, ``z = Phi^-1((1 + confidence) / 2)``)::

        z^2 [pi^2 TPR (1 - TPR) / n_pos + (1 - pi)^2 FPR (1 - FPR) / n_neg] < (r pi d)^2
        n_neg > z^2 (1 - pi)^2 FPR (1 - FPR) / ((r pi d)^2 - z^2 pi^2 TPR (1 - TPR) / n_pos)

    ``inf`` when the positives alone leave no room.
    """
    pi = check_probability_open(prevalence, "prevalence")
    t, f = check_probability_open(tpr, "tpr"), check_probability_open(fpr, "fpr")
    r, n_pos = check_positive(relative_error, "relative_error"), check_count(n_pos, "n_pos", low=1)
    z = float(norm.ppf(0.5 + check_probability_open(confidence, "confidence") / 2))
    room = (r * pi * (t - f)) ** 2 - z**2 * pi**2 * t * (1 - t) / n_pos
    return z**2 * (1 - pi) ** 2 * f * (1 - f) / room if room > 0 else math.inf


def _is_inf(x: object) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and math.isinf(float(x)) and float(x) > 0


class _Size(Compare):
    """A number of rows, right to ``digits`` significant digits; ``inf`` stands for "no number is enough"."""

    def __init__(self, digits: int) -> None:
        self.digits = digits
        self.kind = "a number (float('inf') if no number is enough)"
        self.inner = number(digits=digits, low=0, kind=self.kind)

    def differs(self, answer: object, expected: object) -> str | None:
        if _is_inf(answer) or _is_inf(expected):
            if not isinstance(answer, Real) or isinstance(answer, bool) or math.isnan(float(answer)):
                raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
            return None if _is_inf(answer) and _is_inf(expected) else "not yet"
        return self.inner.differs(answer, expected)

    def too_few_digits(self, answer: object, expected: object) -> bool:
        return not (_is_inf(answer) or _is_inf(expected)) and self.inner.too_few_digits(answer, expected)

    def rounded(self, expected: object) -> object:
        return expected if _is_inf(expected) else self.inner.rounded(expected)

    def show(self, expected: object) -> str:
        return "no number (inf)" if _is_inf(expected) else f"{round_significant(float(expected), self.digits):,.0f}"


@effort("build", "unlabeled_rows_needed at a screening test's rates, and the labeled negatives derived from the "
                 "variance or found by a search up to about two million")
def exercise_3(*, prevalence: float, tpr: float, fpr: float, relative_error: float, n_pos: int,
               n_neg: int) -> Exercise:
    """Exercise 3 (a screening test): three numbers, each right to two significant digits.

    With ``q = TPR pi + FPR (1 - pi)`` and ``z = 1.96`` (95 %)::

        rows, rates known exactly   = unlabeled_rows_needed(pi, tpr, fpr, r)               = z^2 q (1 - q) / (r pi d)^2
        rows, labeled set as it is  = unlabeled_rows_needed(pi, tpr, fpr, r, n_pos, n_neg)  (inf: no number is enough)
        labeled negatives           = labeled_negatives_needed(pi, tpr, fpr, r, n_pos)

    Mistakes: the three numbers in another order; ``inf`` in the first part (the second part's answer); the first
    part's rows in the second (the labeled set's part of the variance left out); a prevalence ten times higher;
    ``z`` left out of the third part (the standard error, not the 95 % half-width, set to ``r pi``).

    The third number is found from the labeled part of ACC's variance (the notebook's section "How many
    unlabeled rows does an estimate need?" and its Going deeper, "The standard error of ACC"), or by a search:
    ``unlabeled_rows_needed(pi, ..., n_pos=n_pos, n_neg=n)`` is ``inf`` below it and finite above it.
    """
    pi = check_probability_open(prevalence, "prevalence")
    t, f = check_probability_open(tpr, "tpr"), check_probability_open(fpr, "fpr")
    if t <= f:
        raise ValueError("tpr must be larger than fpr")
    r = check_positive(relative_error, "relative_error")
    n_pos, n_neg = check_count(n_pos, "n_pos", low=1), check_count(n_neg, "n_neg", low=1)
    screen = dict(tpr=t, fpr=f, relative_error=r)
    known = float(unlabeled_rows_needed(pi, **screen))
    as_is = float(unlabeled_rows_needed(pi, **screen, n_pos=n_pos, n_neg=n_neg))
    negatives = labeled_negatives_needed(pi, **screen, n_pos=n_pos)
    z = float(norm.ppf(0.975))
    without_z = negatives / z**2 if math.isfinite(negatives) else math.inf
    parts = ["rows with exact rates", "rows with this labeled set", "labeled negatives"]
    cmp = numbers(parts, kinds={p: _Size(2) for p in parts})
    right = (known, as_is, negatives)
    return Exercise(
        "Exercise 3",
        right,
        compare=cmp,
        mistakes=[
            Mistake(lambda a: in_another_order(cmp, a, right),
                    "your numbers are in another order: first the rows with the rates known exactly, then the rows "
                    "with this labeled set, then the labeled negatives", example=(negatives, as_is, known)),
            Mistake.in_part(0, math.inf, "your first number is for the labeled set as it is; first take TPR and FPR "
                                         "as known exactly (leave out n_pos and n_neg)"),
            Mistake.in_part(1, known, "your second number leaves out the labeled set: with TPR and FPR measured on "
                                      f"{n_pos:,} positives and {n_neg:,} negatives, their error adds to the variance"),
            Mistake.in_part(0, lambda: float(unlabeled_rows_needed(10 * pi, **screen)),
                            f"your first number is for a prevalence ten times higher; the test is used where about "
                            f"1 in {1 / pi:,.0f} is positive"),
            Mistake.in_part(2, without_z, "your third number makes the standard error equal to the half-width; a "
                                          f"95 % interval is ±{z:.2f} standard errors, so keep z² in the condition"),
        ],
        hints=[
            "unlabeled_rows_needed(prevalence, tpr=..., fpr=..., relative_error=...) takes the rates as known "
            "exactly; with n_pos= and n_neg= it adds the labeled set (inf: no number of rows is enough).",
            "For the third number: the labeled-set terms inside the brackets of the formula in section 'How many "
            "unlabeled rows does an estimate need?', times z², must stay below (r·π·(TPR − FPR))²; solve for n_neg. "
            "Or search: with n_pos=200, unlabeled_rows_needed(..., n_neg=n) is inf below that number and finite "
            "above it.",
        ],
        why="At one in ten thousand the labeled negatives, not the unlabeled rows, set the limit.",
    )


def quiz(train_prevalence: float) -> Quiz:
    """The quick self-test of notebook 08; the numeric question moves a probability of 0.5 to prior 0.5.

    By Bayes' rule on the odds, ``odds_new = odds(p) odds(0.5) / odds(pi_train)``, so ``p = 0.5`` becomes
    ``1 - pi_train``; right to three significant digits. Mistakes: 0.5 unmoved; the inverse odds ratio (which
    gives ``pi_train``) (the answer cut after three digits, 0.899 for 0.8998, is named by the checkers' common
    rule).
    """
    pi = check_probability_open(train_prevalence, "train_prevalence")
    return Quiz([
        NumberQuestion(
            f"The model was trained where a share {pi:.3f} of the images are nines. It gives an image the "
            "probability 0.5. Moved to a prior of 0.5 by Bayes' rule, what is that probability?",
            lambda: float(adjust_posteriors(0.5, train_prevalence=pi, deploy_prevalence=0.5)),
            digits=3,
            mistakes=[Mistake.if_equals(0.5, "the probability belongs to the training prior; at another prior its "
                                             "odds are multiplied by odds(new) / odds(train)"),
                      Mistake.if_equals(lambda: float(adjust_posteriors(0.5, train_prevalence=0.5,
                                                                        deploy_prevalence=pi)),
                                        "you multiplied the odds by odds(train) / odds(new), the inverse: moving to "
                                        "a higher prior must raise the probability")],
            solution="adjust_posteriors(0.5, train_prevalence=TRAIN_PRIOR, deploy_prevalence=0.5)",
        ),
        Question(
            "EM (Saerens et al., 2002) estimates the prevalence of an unlabeled sample from",
            {"a": "the share of the sample that the model flags at the usual threshold of 0.5",
             "b": "its probabilities, moved to a guessed prior and averaged, round after round",
             "c": "a small random sample of the deployment rows, labeled by hand for the purpose"},
            "b",
            {"a": "that is classify and count; EM uses the probabilities, not a threshold.",
             "b": "Each round moves the probabilities to the current guess by Bayes' rule and takes their mean.",
             "c": "that would need labels from the deployment data; EM uses none."},
        ),
        Question(
            "Adjusted classify and count turns the flagged share into a prevalence with",
            {"a": "the mean predicted probability of the unlabeled sample itself",
             "b": "the share of positives in the data the model was trained on",
             "c": "the TPR and FPR measured on labeled data at that threshold"},
            "c",
            {"a": "the mean probability is an estimator of its own, pulled towards the training prior.",
             "b": "ACC does not use the training prior; EM and the mean probability do.",
             "c": "Under prior shift the flagged share is TPR·π + FPR·(1 − π); ACC solves it for π."},
        ),
        Question(
            "A model puts nearly all its probabilities below 0.01 or above 0.99, and most of its confident "
            "'yes' answers are wrong. What does EM estimate on unlabeled data?",
            {"a": "about the share of confident 'yes' answers, far from the truth",
             "b": "the right prevalence, since EM needs only the ranking of the rows",
             "c": "the right prevalence, once enough unlabeled rows are used"},
            "a",
            {"a": "Moving a probability of 0 or 1 to another prior barely changes it, so EM stays near the mean "
                  "probability, the share of confident 'yes' answers.",
             "b": "EM reads the probabilities as calibrated; a ranking alone is not enough.",
             "c": "more rows shrink EM's sampling error, not the bias from badly calibrated probabilities."},
        ),
    ])
