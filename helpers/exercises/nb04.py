"""Exercises and quick self-test of notebook 04 (ROC AUC by hand), checked from the nine examples.

The right answers, with P positives and N negatives::

    exercise 1: ROC AUC of a perfect ranking, a reversed one and all scores tied
    exercise 2: ROC AUC with one more example: (pairs won + ties / 2) / (P' N')
    exercise 3: a function giving U / (P N), U = R - P (P + 1) / 2, R the sum of the positives' average ranks
"""

from __future__ import annotations

import numpy as np
from scipy.stats import rankdata
from sklearn.metrics import roc_auc_score

from ._common import labels_scores, part_mistake, real_arg
from .core import Exercise, Mistake, function, number, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def exercise_1(labels: np.ndarray) -> Exercise:
    """Exercise 1: ROC AUC when every positive scores above every negative, the reverse, and all tied.

    The three values are ``roc_auc_score(labels, labels)``, ``roc_auc_score(labels, -labels)`` and
    ``roc_auc_score(labels, zeros)``. Mistake: a tie counted as lost (0) or won (1) instead of ½.
    """
    y = labels_scores(labels, np.zeros(np.shape(labels)), "labels")[0]
    names = ["positives above", "negatives above", "all equal"]
    cmp = numbers(names, kinds={k: probability(abs=1e-6) for k in names})
    tie_message = "your 'all equal' counts a tie as lost or won; a tied pair counts ½"
    return Exercise(
        "Exercise 1",
        lambda: (roc_auc_score(y, y), roc_auc_score(y, -y), roc_auc_score(y, np.zeros(y.size))),
        compare=cmp,
        mistakes=[part_mistake(2, lambda: 0.0, tie_message, cmp), part_mistake(2, lambda: 1.0, tie_message, cmp)],
        hints=["ROC AUC is the share of (positive, negative) pairs ranked the right way round, a tie counting ½.",
               "Check each with roc_auc_score(labels, s): s = labels, s = -labels, s = np.zeros(9)."],
        solution="answer = (roc_auc_score(labels, labels), roc_auc_score(labels, -labels), "
                 "roc_auc_score(labels, np.zeros(9)))",
    )


def _pairs(y: np.ndarray, s: np.ndarray) -> float:
    pos, neg = s[y == 1], s[y == 0]
    return float(np.sum(pos[:, None] > neg[None, :]) + 0.5 * np.sum(pos[:, None] == neg[None, :]))


def exercise_2(labels: np.ndarray, scores: np.ndarray, *, new_label: int, new_score: float) -> Exercise:
    """Exercise 2: the ROC AUC once one example (``new_label``, ``new_score``) is added.

    ``AUC = (pairs won + ties / 2) / (P' N')`` with the counts after the addition. Mistakes: the old
    denominator ``P N`` kept; the old wins over the new denominator; the old AUC.
    """
    y, s = labels_scores(labels, scores, "labels", "scores")
    if new_label not in (0, 1) or isinstance(new_label, float):
        raise ValueError("new_label must be 0 or 1")
    x = real_arg(new_score, "new_score")
    y2, s2 = np.append(y, new_label), np.append(s, x)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    won, won_after = _pairs(y, s), _pairs(y2, s2)
    return Exercise(
        "Exercise 2", lambda: roc_auc_score(y2, s2), compare=number(rel=0, abs=1e-4, kind="one number (an AUC)"),
        mistakes=[
            Mistake.if_equals(won_after / (n_pos * n_neg), "you kept the old number of pairs; the new example "
                              "makes pairs of its own, so the denominator grows too"),
            Mistake.if_equals(won / (y2.sum() * (1 - y2).sum()), "you counted the new pairs in the denominator "
                              "but not the ones the new example wins"),
            Mistake.if_equals(won / (n_pos * n_neg), "that is the AUC before the new example"),
        ],
        hints=["Count the negatives the new positive scores above: each is one more pair won.",
               "AUC = (pairs won before + new pairs won) / (positives after x negatives)."],
        solution=f"answer = roc_auc_score(np.append(labels, {new_label}), np.append(scores, {x:g}))",
    )


def exercise_3(labels: np.ndarray, tied: np.ndarray, scores: np.ndarray) -> Exercise:
    """Exercise 3: a function ``f(y_true, y_score)`` returning the AUC from the rank sum, ``U / (P N)``.

    ``U = R - P (P + 1) / 2`` with ``R`` the sum of the positives' ranks, ties getting their average
    rank. The answer is called on ``(labels, tied)``, ``(labels, scores)`` and a sample with many ties,
    and compared with ``roc_auc_score``. Mistakes: ties ranked in order instead of averaged; ``U`` not
    divided by ``P N``; ``R`` without the ``P (P + 1) / 2``.
    """
    y, t = labels_scores(labels, tied, "labels", "tied")
    s = labels_scores(labels, scores, "labels", "scores")[1]
    coarse = np.round(s * 3) / 3  # many ties
    inputs = [(y, t), (y, s), (y, coarse)]
    cmp = function(inputs, result=number(abs=1e-9, kind="one number (an AUC)"),
                   names=["the tied scores", "the untied scores", "scores with many ties"])

    def rank_sum_auc(yy: np.ndarray, ss: np.ndarray, method: str = "average", part: str = "auc") -> float:
        r = rankdata(ss, method=method)
        p, n = yy.sum(), (1 - yy).sum()
        u = r[yy == 1].sum() - p * (p + 1) / 2
        return {"auc": u / (p * n), "u": u, "r": r[yy == 1].sum() / (p * n)}[part]

    def gives(case: int, value: float):
        def matches(answer: object) -> bool:
            return callable(answer) and bool(np.isclose(float(answer(*inputs[case])), value, rtol=0, atol=1e-9))
        return matches

    ordinal = rank_sum_auc(y, t, method="ordinal")
    mistakes = [
        Mistake(gives(1, rank_sum_auc(y, s, part="u")), "your function returns U itself; the AUC is U / (P N), "
                "the share of the P x N pairs"),
        Mistake(gives(1, rank_sum_auc(y, s, part="r")), "your function leaves out the P (P + 1) / 2: the ranks "
                "the positives would have among themselves"),
    ]
    if not np.isclose(ordinal, roc_auc_score(y, t)):
        mistakes.insert(0, Mistake(gives(0, ordinal), "your ranks do not average the ties: tied scores share "
                                   "the mean of their ranks (scipy.stats.rankdata does that)"))
    return Exercise(
        "Exercise 3", lambda: roc_auc_score, compare=cmp, mistakes=mistakes,
        hints=["r = rankdata(y_score) gives average ranks to ties; R = r[y_true == 1].sum().",
               "U = R - n_pos (n_pos + 1) / 2, and the AUC is U / (n_pos n_neg)."],
        solution="def auc_rank_sum(y_true, y_score):\n    r = rankdata(y_score)\n"
                 "    n_pos, n_neg = y_true.sum(), (1 - y_true).sum()\n"
                 "    return (r[y_true == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)\n"
                 "answer = auc_rank_sum",
    )


def quiz(labels: np.ndarray, scores: np.ndarray) -> Quiz:
    """The quick self-test at the end of notebook 04.

    Question 1's answer is ``P N``, the number of (positive, negative) pairs; question 4's the AUC of
    ``2 scores - 1``, which equals that of ``scores`` (a rank statistic).
    """
    y, s = labels_scores(labels, scores, "labels", "scores")
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    return Quiz([
        NumberQuestion(
            "How many (positive, negative) pairs do the nine examples make?",
            lambda: n_pos * n_neg, 0,
            mistakes=[Mistake.if_equals(y.size * (y.size - 1) / 2, "that counts every pair of examples; ROC AUC "
                                        "only compares a positive with a negative")],
            solution="labels.sum() * (1 - labels).sum()"),
        Question(
            "What is ROC AUC, read as a probability?",
            {"a": "that a random positive scores above a random negative (a tie counting ½)",
             "b": "that the model classifies a random example right",
             "c": "that a random positive scores above 0.5"},
            "a",
            {"a": "The Mann-Whitney reading: no threshold is involved, only the ranking",
             "b": "that is accuracy, at one threshold; AUC involves no threshold",
             "c": "AUC does not depend on any threshold, 0.5 included"}),
        Question(
            "A positive and a negative have the same score. How much does the pair add to the pairs won?",
            {"a": "0", "b": "½", "c": "1"},
            "b",
            {"a": "a tie is not lost: the ROC curve goes diagonally through it",
             "b": "The diagonal step of the ROC curve adds half a square",
             "c": "a tie is not won either: the ranking cannot tell the two apart"}),
        NumberQuestion(
            "Every score s is replaced by 2 s - 1. What is the new ROC AUC of the nine examples?",
            lambda: roc_auc_score(y, 2 * s - 1), 0.005,
            solution="roc_auc_score(labels, 2 * scores - 1), the same as before: the ranking has not changed"),
    ])
