"""Checkers for notebook 13 (your own predictions): the exercises and the quick self-test.

Each factory takes the labels and scores of a predictions file and computes the right answer from them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..threshold_choice import split_half_optimism, threshold_rule
from ._inputs import count, labels01, numeric, rate, same_length
from .core import Exercise, Mistake, number, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _file(y_true, y_score) -> tuple[np.ndarray, np.ndarray]:
    y = labels01(y_true, "y_true")
    s = numeric(y_score, "y_score", ndim=1)
    same_length(y, s, "y_true", "y_score")
    return y, s


def exercise_1(y_true, y_score, *, threshold: float = 0.5, deploy_prevalence: float = 0.01) -> Exercise:
    """Exercise 1: precision at the deployment prevalence ``pi`` of the threshold fixed in advance.

    Counted on the whole file (flag when ``score >= threshold``), ``TPR = TP / P``, ``FPR = FP / N``::

        precision at pi = TPR pi / (TPR pi + FPR (1 - pi))

    Right within 0.5 % of its value.
    """
    y, s = _file(y_true, y_score)
    threshold = float(numeric([threshold], "threshold", ndim=1)[0])
    pi = rate(deploy_prevalence, "deploy_prevalence")
    flag = s >= threshold
    tp, fp = np.sum(flag & (y == 1)), np.sum(flag & (y == 0))
    tpr, fpr = tp / np.sum(y == 1), fp / np.sum(y == 0)

    def at(prevalence: float) -> float:
        return float(tpr * prevalence / (tpr * prevalence + fpr * (1 - prevalence)))

    return Exercise(
        "Exercise 1",
        lambda: at(pi),
        compare=probability(rel=0.005),
        mistakes=[
            Mistake.if_equals(lambda: float(tp / (tp + fp)),
                              f"that is precision at the file's own mix ({100 * np.mean(y):.0f} % positives); carry "
                              f"TPR and FPR over to {100 * pi:g} % instead"),
            Mistake.if_equals(lambda: float(tpr), "that is recall, TP / P; precision's denominator is what the "
                                                  "model flagged"),
            Mistake.if_equals(lambda: float(fpr * pi / (fpr * pi + tpr * (1 - pi))),
                              "TPR and FPR are swapped: TPR goes with the positives' share pi, FPR with 1 - pi"),
        ],
        hints=[
            "Count TP, FN, FP and TN at the threshold on the whole file, then TPR = TP / P and FPR = FP / N.",
            "deployment_metrics(counts, deploy_prevalence=0.01)['precision'] or "
            "TPR pi / (TPR pi + FPR (1 - pi)).",
        ],
        solution="c_small = Counts(tn=..., fp=..., fn=..., tp=...)  # counted at 0.5 on the whole file\n"
                 "answer = deployment_metrics(c_small, deploy_prevalence=0.01)['precision']",
        why="The rates carry over to another prevalence; the file's own precision does not.",
    )


def _study(y: np.ndarray, s: np.ndarray, rule, pi: float, n_splits: int) -> pd.DataFrame:
    return split_half_optimism(y, s, rule, prevalence=pi, n_splits=n_splits, rng=0)


def exercise_2(y_true, y_score, *, deploy_prevalence: float = 0.01, n_splits: int = 300) -> Exercise:
    """Exercise 2: the mean optimism of precision at ``pi`` when the F1-best threshold is judged where it was chosen.

    Over ``n_splits`` half-splits (``split_half_optimism(..., threshold_rule(f1=True), rng=0)``)::

        optimism = mean over splits of (precision on the choosing half - precision on the other half)

    Right within 0.002 (the answer's Monte Carlo standard error is larger; the splits are fixed by ``rng=0``).
    """
    y, s = _file(y_true, y_score)
    pi = rate(deploy_prevalence, "deploy_prevalence")
    n_splits = count(n_splits, "n_splits")
    memo: dict[str, pd.DataFrame] = {}

    def study(kind: str) -> pd.DataFrame:
        if kind not in memo:
            rule = threshold_rule(f1=True) if kind == "f1" else threshold_rule(at_recall=0.8)
            memo[kind] = _study(y, s, rule, pi, n_splits)
        return memo[kind]

    def gap(kind: str = "f1") -> pd.Series:
        st = study(kind)
        return st["precision_picked_on"] - st["precision_held_out"]

    return Exercise(
        "Exercise 2",
        lambda: float(gap().mean()),
        compare=number(abs=0.002),
        mistakes=[
            Mistake.if_equals(lambda: -float(gap().mean()),
                              "the sign is reversed: the optimism is the choosing half minus the other half"),
            Mistake.if_equals(lambda: float(gap().median()),
                              "that is the median difference; the optimism is the mean, which has a standard "
                              "error"),
            Mistake.if_equals(lambda: float(study("f1")["precision_picked_on"].median()
                                            - study("f1")["precision_held_out"].median()),
                              "that is the difference of the medians; take the mean of the per-split differences"),
        ],
        hints=[
            "study = split_half_optimism(small.y_true, small.y_score, threshold_rule(f1=True), prevalence=0.01, "
            "n_splits=300, rng=0)",
            "gap = study.precision_picked_on - study.precision_held_out; the optimism is gap.mean() "
            "(and gap.sem() its Monte Carlo standard error).",
        ],
        solution="study = split_half_optimism(small.y_true, small.y_score, threshold_rule(f1=True),\n"
                 "                            prevalence=0.01, n_splits=300, rng=0)\n"
                 "answer = (study.precision_picked_on - study.precision_held_out).mean()",
        why="Judged on the rows that chose it, the F1-best threshold looks better than it is.",
    )


def exercise_3(y_true, y_score, *, at_recall: float = 0.8, deploy_prevalence: float = 0.01,
               n_splits: int = 300) -> Exercise:
    """Exercise 3: the share of splits in which the judging half counts a recall below the target ``r``.

    Over ``n_splits`` half-splits with the rule ``threshold_rule(at_recall=r)`` (``rng=0``)::

        share = mean over splits of [recall on the judging half < r]

    A fraction between 0 and 1, right within 0.002 (one split in 500).
    """
    y, s = _file(y_true, y_score)
    r = rate(at_recall, "at_recall")
    pi = rate(deploy_prevalence, "deploy_prevalence")
    n_splits = count(n_splits, "n_splits")
    memo: dict[str, float] = {}

    def share(confidence: float | None = None) -> float:
        key = str(confidence)
        if key not in memo:
            st = _study(y, s, threshold_rule(at_recall=r, recall_confidence=confidence), pi, n_splits)
            memo[key] = float((st["recall_held_out"] < r).mean())
        return memo[key]

    return Exercise(
        "Exercise 3",
        share,
        compare=probability(abs=0.002),
        mistakes=[
            Mistake.if_equals(lambda: 1 - share(), "that is the share of splits that reach the target; the "
                                                   "question asks how often the judging half falls below it"),
            Mistake.if_equals(lambda: share(0.95), "that is with the margin (recall_confidence=0.95); first "
                                                   "answer for the rule as it is"),
        ],
        hints=[
            f"study = split_half_optimism(screening.y_true, screening.y_score, threshold_rule(at_recall={r:g}), "
            f"prevalence={pi:g}, n_splits={n_splits}, rng=0)",
            f"The share is (study.recall_held_out < {r:g}).mean(), a fraction, not a percentage.",
        ],
        solution=f"study = split_half_optimism(screening.y_true, screening.y_score, threshold_rule(at_recall={r:g}),\n"
                 f"                            prevalence={pi:g}, n_splits={n_splits}, rng=0)\n"
                 f"answer = (study.recall_held_out < {r:g}).mean()",
        why="A target met exactly where it was chosen is a coin toss on new cases.",
    )


def quiz(y_true) -> Quiz:
    """The quick self-test of notebook 13; the numeric question is the smallest FPR other than zero, ``1 / N``.

    ``N`` is the number of negatives in ``y_true``; right within 0.5 % of its value.
    """
    y = labels01(y_true, "y_true")
    n_neg = int(np.sum(y == 0))
    return Quiz([
        NumberQuestion(
            "What is the smallest false positive rate other than zero that this file's negatives can show "
            "(one false positive among all of them)?",
            lambda: 1 / n_neg,
            rel=0.005,
            mistakes=[Mistake.if_equals(lambda: 1 / len(y), "that divides by every row; the FPR's denominator is "
                                                            "the negatives only")],
            solution="1 / n_neg",
        ),
        Question(
            "Which numbers of a test file carry over to a deployment with another share of positives?",
            {"a": "TPR and FPR", "b": "precision", "c": "accuracy"},
            "a",
            {"b": "precision mixes the two classes in the file's proportions; it has to be recomputed at the "
                  "deployment prevalence.",
             "c": "accuracy weights the two error rates by the file's class shares."},
        ),
        Question(
            "A threshold is chosen and judged on the same rows. The metric it was chosen by is, on average,",
            {"a": "too optimistic", "b": "too pessimistic", "c": "unbiased"},
            "a",
            {"b": "the rule picks the threshold where these rows happen to look best.",
             "c": "choosing on the rows adapts to their chance; exercise 2 measures how much."},
        ),
        Question(
            "A file shows no false positive at all at a threshold. Precision at a low deployment prevalence is then",
            {"a": "1, for sure",
             "b": "uncertain: the interval's lower end depends on how many negatives the file has",
             "c": "undefined"},
            "b",
            {"a": "zero false positives among few negatives still allows a small FPR, which at a low prevalence "
                  "can mean many false alarms.",
             "c": "it is defined (TP > 0); it is just not known well."},
        ),
    ])
