"""Checkers for notebook 07 (prior shift on real data): the exercises and the quick self-test.

Each factory takes the notebook's held-out labels and fixed predictions and computes the right answer from
them, with the splits of the notebook's solutions (``enriched_pool_splits(..., rng=1)``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..enriched_pool import enriched_pool_splits, precision_estimates
from ._inputs import classes, count, labels01, numeric, rate, same_length
from .core import Exercise, Mistake, number, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _held(y_held, y_pred, name_pred: str) -> tuple[np.ndarray, np.ndarray]:
    y = labels01(y_held, "y_held")
    p = labels01(y_pred, name_pred)
    same_length(y, p, "y_held", name_pred)
    return y, p


def _design(n_test_pos, n_test_neg, pool_prevalence, n_splits) -> tuple[int, int, float, int]:
    return (count(n_test_pos, "n_test_pos"), count(n_test_neg, "n_test_neg"),
            rate(pool_prevalence, "pool_prevalence"), count(n_splits, "n_splits"))


def _estimates(y, p, n_pos, n_neg, pi, n_splits, mask=None) -> pd.DataFrame:
    return precision_estimates(enriched_pool_splits(y, p, n_test_pos=n_pos, n_test_neg=n_neg, pool_prevalence=pi,
                                                    n_splits=n_splits, test_negative_mask=mask, rng=1))


def exercise_1(y_held, y_pred_held, *, n_test_pos: int, n_test_neg: int, pool_prevalence: float,
               n_splits: int) -> Exercise:
    """Exercise 1 (more negatives): the mean width of the 95 % interval with twice the test negatives.

    Over ``n_splits`` enriched test sets of ``n_test_pos`` positives and ``2 n_test_neg`` negatives
    (``enriched_pool_splits(..., rng=1)``), the interval of the corrected precision is
    ``precision_interval(tp, fn, fp, tn, deploy_prevalence=pi)``::

        mean width = mean over splits of (high - low)

    Right within 5 % of its value, so other random splits of the same design also pass.
    """
    y, p = _held(y_held, y_pred_held, "y_pred_held")
    n_pos, n_neg, pi, n_splits = _design(n_test_pos, n_test_neg, pool_prevalence, n_splits)

    def width(negatives: int) -> float:
        e = _estimates(y, p, n_pos, negatives, pi, n_splits)
        return float((e.high - e.low).mean())

    return Exercise(
        "Exercise 1",
        lambda: width(2 * n_neg),
        compare=number(rel=0.05, low=0, high=1, kind="one width between 0 and 1"),
        mistakes=[Mistake.if_equals(lambda: width(n_neg), f"that is the width with {n_neg} test negatives; run the "
                                                          f"splits again with n_test_neg={2 * n_neg}")],
        hints=[
            f"enriched_pool_splits(y_held, y_pred_held, n_test_pos={n_pos}, n_test_neg={2 * n_neg}, "
            f"pool_prevalence={pi:g}, n_splits={n_splits}, rng=1), then precision_estimates(...).",
            "The width of each split's interval is high - low; answer its mean over the splits.",
        ],
        solution=f"c = enriched_pool_splits(y_held, y_pred_held, n_test_pos={n_pos}, n_test_neg={2 * n_neg},\n"
                 f"                         pool_prevalence={pi:g}, n_splits={n_splits}, rng=1)\n"
                 "e = precision_estimates(c)\nanswer = (e.high - e.low).mean()",
        why="Twice the negatives, about twice the test false positives: the width goes roughly with one over "
            "the square root of that count.",
    )


def exercise_2(y_held, y_pred_held, *, n_test_pos: int, n_test_neg: int, pool_prevalence: float,
               old_prevalence: float) -> Exercise:
    """Exercise 2 (a rarer pool): PPV*, the model's precision at the pool's prevalence ``pi``.

    From the held-out ``TPR`` and ``FPR`` of the fixed predictions::

        PPV* = TPR pi / (TPR pi + FPR (1 - pi))

    Right within 0.005 (the pool's realised prevalence differs a little from ``pi``). ``old_prevalence``
    and the enriched test set's mix give the typical mistakes.
    """
    y, p = _held(y_held, y_pred_held, "y_pred_held")
    n_pos, n_neg, pi, _ = _design(n_test_pos, n_test_neg, pool_prevalence, 1)
    old = rate(old_prevalence, "old_prevalence")
    tpr, fpr = float(np.mean(p[y == 1])), float(np.mean(p[y == 0]))

    def ppv(prevalence: float) -> float:
        return tpr * prevalence / (tpr * prevalence + fpr * (1 - prevalence))

    return Exercise(
        "Exercise 2",
        lambda: ppv(pi),
        compare=probability(abs=0.005),
        mistakes=[
            Mistake.if_equals(lambda: ppv(old),
                              f"that is PPV* at the {100 * old:g} % pool; set pool_prevalence={pi:g}"),
            Mistake.if_equals(lambda: ppv(n_pos / (n_pos + n_neg)),
                              "that is the precision in the enriched test set's mix; PPV* is at the pool's "
                              "prevalence"),
        ],
        hints=[
            "PPV* uses the held-out TPR and FPR (tpr_held, fpr_held) and the pool's prevalence.",
            f"precision_at_prevalence(tpr_held, fpr_held, pi) with pi the pool's prevalence, about {pi:g}.",
        ],
        solution="c = enriched_pool_splits(..., pool_prevalence=0.01, ...)\n"
                 "pi = precision_estimates(c).pool_prevalence.iloc[0]\n"
                 "answer = precision_at_prevalence(tpr_held, fpr_held, pi)",
        why="Halving the prevalence roughly halves the odds of precision.",
    )


def exercise_3(y_held, y_pred_narrow, digit_held, *, seen, added, n_test_pos: int, n_test_neg: int,
               pool_prevalence: float, n_splits: int) -> Exercise:
    """Exercise 3 (patch the test set): the mean corrected precision when the test negatives may also be ``added``.

    The test negatives are drawn from the digits ``seen + added`` only
    (``test_negative_mask=np.isin(digit_held, seen + added)``, ``rng=1``)::

        answer = mean over splits of precision_at_prevalence(test TPR, test FPR, pi)

    Right within 0.02. The unpatched test set (``seen`` only) gives the typical mistake.
    """
    y, p = _held(y_held, y_pred_narrow, "y_pred_narrow")
    digits = numeric(digit_held, "digit_held", ndim=1).astype(int)
    same_length(y, digits, "y_held", "digit_held")
    seen, added = classes(seen, "seen"), classes(added, "added")
    n_pos, n_neg, pi, n_splits = _design(n_test_pos, n_test_neg, pool_prevalence, n_splits)
    memo: dict[str, pd.DataFrame] = {}

    def estimates(kind: str) -> pd.DataFrame:
        if kind not in memo:
            allowed = seen + added if kind == "patched" else seen
            memo[kind] = _estimates(y, p, n_pos, n_neg, pi, n_splits, mask=np.isin(digits, allowed))
        return memo[kind]

    mean_pool = lambda: float(estimates("patched").pool.mean())  # noqa: E731
    right = lambda: float(estimates("patched").corrected.mean())  # noqa: E731
    return Exercise(
        "Exercise 3",
        right,
        compare=probability(abs=0.02),
        mistakes=[
            Mistake.if_equals(lambda: float(estimates("seen").corrected.mean()),
                              f"that is the test set of the digits {seen} only; add {added} to the negatives it "
                              "may contain"),
            Mistake(lambda a: abs(mean_pool() - right()) > 0.02 and probability(abs=0.005).same(a, mean_pool()),
                    "that is the pool's precision, the number the corrected precision should come close to"),
        ],
        hints=[
            f"test_negative_mask=np.isin(digit_held, SEEN + {added}) in enriched_pool_splits, with y_pred_narrow.",
            "The corrected precision of each split is precision_estimates(...).corrected; answer its mean.",
        ],
        solution=f"c = enriched_pool_splits(y_held, y_pred_narrow, n_test_pos={n_pos}, n_test_neg={n_neg},\n"
                 f"                         pool_prevalence={pi:g}, n_splits={n_splits}, rng=1,\n"
                 f"                         test_negative_mask=np.isin(digit_held, SEEN + {added}))\n"
                 "answer = precision_estimates(c).corrected.mean()",
        why="A patched test set is only as good as your guess of what deployment holds.",
    )


def quiz(tpr_held: float, fpr_held: float, pool_prevalence: float) -> Quiz:
    """The quick self-test of notebook 07; the numeric question is PPV* from the held-out rates.

    ``PPV* = TPR pi / (TPR pi + FPR (1 - pi))``, right within 0.005.
    """
    tpr, fpr = rate(tpr_held, "tpr_held"), rate(fpr_held, "fpr_held")
    pi = rate(pool_prevalence, "pool_prevalence")
    return Quiz([
        NumberQuestion(
            f"The model flags a share {tpr:.3f} of the nines and {fpr:.4f} of the other digits. What is its "
            f"precision in a pool where {100 * pi:g} % of the images are nines?",
            lambda: tpr * pi / (tpr * pi + fpr * (1 - pi)),
            tol=0.005,
            mistakes=[Mistake.if_equals(lambda: tpr * pi / (tpr * pi + fpr),
                                        "the false positives come from the negatives, a share 1 - pi of the pool")],
            solution="precision_at_prevalence(tpr_held, fpr_held, pool_prevalence)",
        ),
        Question(
            "The corrected precision of an enriched test set takes from the test set",
            {"a": "TPR and FPR, and puts them at the pool's prevalence with Bayes' rule",
             "b": "its precision, scaled by the ratio of prevalences",
             "c": "nothing: it uses the pool's labels"},
            "a",
            {"b": "precision does not scale with the prevalence; its odds move with LR+ and the prior odds.",
             "c": "the pool has no labels; only its prevalence is taken as known."},
        ),
        Question(
            "With 480 test negatives the interval covered PPV* in more than 95 % of the splits, because",
            {"a": "both: the test set took a large share of a finite set of negatives (its FPR varied less "
                  "than the binomial model assumes), and the exact Clopper-Pearson rates are conservative",
             "b": "the interval is wrong",
             "c": "more negatives make every interval cover more"},
            "a",
            {"b": "it is built for fresh binomial draws; here the draws are without replacement.",
             "c": "a valid 95 % interval covers at least 95 %; more negatives do not raise that."},
        ),
        Question(
            "The pool holds negatives of a kind the test set never contains. The corrected precision is then",
            {"a": "wrong, and nothing in the test set warns you", "b": "still right, since TPR carries over",
             "c": "wrong, and its interval becomes wide to show it"},
            "a",
            {"b": "the FPR does not carry over: the unseen negatives are flagged at another rate.",
             "c": "the interval reflects the test set's counts only; it cannot see what is missing."},
        ),
    ])
