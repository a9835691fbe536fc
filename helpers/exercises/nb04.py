"""Exercises and quick self-test of notebook 04 (ROC AUC by hand), checked from the notebook's data.

The right answers, with P positives and N negatives::

    exercise 1: ROC AUC of a perfect ranking, a reversed one and all scores tied (exact: 1, 0, 1/2)
    exercise 2: ROC AUC with one more example: (pairs won + ties / 2) / (P' N') (three significant digits)
    exercise 3: a function giving U / (P N), U = R - P (P + 1) / 2, R the sum of the positives' average ranks
    exercise 4: for two models, the TPR of the best threshold whose FPR is at most a cap:
                TPR = TP / P at the last ROC-table row with FP / N <= cap (three significant digits)
"""

from __future__ import annotations

import numpy as np
from scipy.stats import rankdata
from sklearn.metrics import roc_auc_score

from .._validate import check_number, check_rate
from ..low_fpr import tpr_at_fpr
from ._labels import labels01, labels_scores
from .core import Exercise, Mistake, function, number, numbers, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "exercise_4", "quiz"]


def _thousands(x: float) -> str:
    return f"{x:,.0f}".replace(",", " ")


@effort("read", "three AUCs reasoned from the count of ordered pairs")
def exercise_1(labels: np.ndarray) -> Exercise:
    """Exercise 1: ROC AUC when every positive scores above every negative, the reverse, and all tied.

    The three values are ``roc_auc_score(labels, labels)``, ``roc_auc_score(labels, -labels)`` and
    ``roc_auc_score(labels, zeros)``: exactly 1, 0 and ½, so they are compared exactly (to 1e-6).
    Mistakes: the first two swapped; a tie counted as lost (0) or won (1) instead of ½; a reversed ranking taken
    for chance (½).
    """
    y = labels01(labels, "labels")
    names = ["positives above", "negatives above", "all equal"]
    cmp = numbers(names, kinds={k: probability(rel=0, abs=1e-6) for k in names})
    tie = "your 'all equal' counts a tie as lost or won; a tied pair counts ½"
    return Exercise(
        "Exercise 1",
        lambda: (roc_auc_score(y, y), roc_auc_score(y, -y), roc_auc_score(y, np.zeros(y.size))),
        compare=cmp,
        mistakes=[
            Mistake.if_equals(lambda: (roc_auc_score(y, -y), roc_auc_score(y, y), 0.5), "you swapped 'positives "
                              "above' and 'negatives above': every positive above every negative is a perfect "
                              "ranking, AUC 1"),
            Mistake.in_part(2, 0.0, tie),
            Mistake.in_part(2, 1.0, tie),
            Mistake.in_part(1, 0.5, "your 'negatives above' is chance; but every pair is ranked, the wrong way "
                                    "round: no pair is won"),
        ],
        hints=["ROC AUC is the share of (positive, negative) pairs ranked the right way round, a tie counting ½.",
               "Check each with roc_auc_score(labels, s): s = labels, s = -labels, s = np.zeros(9)."],
    )


def _pairs(y: np.ndarray, s: np.ndarray) -> float:
    pos, neg = s[y == 1], s[y == 0]
    return float(np.sum(pos[:, None] > neg[None, :]) + 0.5 * np.sum(pos[:, None] == neg[None, :]))


@effort("read", "one more example's pairs counted")
def exercise_2(labels: np.ndarray, scores: np.ndarray, *, new_label: int, new_score: float) -> Exercise:
    """Exercise 2: the ROC AUC once one example (``new_label``, ``new_score``) is added.

    ``AUC = (pairs won + ties / 2) / (P' N')`` with the counts after the addition, to three significant
    digits. Mistakes: the old denominator ``P N`` kept; the old wins over the new denominator; the old AUC; the
    AUC in per cent (``100 AUC``).
    """
    y, s = labels_scores(labels, scores, "labels", "scores")
    if new_label not in (0, 1) or isinstance(new_label, float):
        raise ValueError("new_label must be 0 or 1")
    x = check_number(new_score, "new_score")
    y2, s2 = np.append(y, new_label), np.append(s, x)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    won, won_after = _pairs(y, s), _pairs(y2, s2)
    return Exercise(
        "Exercise 2", lambda: roc_auc_score(y2, s2), compare=number(digits=3, kind="one number (an AUC)"),
        mistakes=[
            Mistake.if_equals(won_after / (n_pos * n_neg), "you kept the old number of pairs; the new example "
                              "makes pairs of its own, so the denominator grows too"),
            Mistake.if_equals(won / (y2.sum() * (1 - y2).sum()), "you counted the new pairs in the denominator "
                              "but not the ones the new example wins"),
            Mistake.if_equals(won / (n_pos * n_neg), "that is the AUC before the new example"),
            Mistake.if_equals(lambda: 100 * roc_auc_score(y2, s2), "that is the AUC in per cent; give it as a share "
                              "of the pairs, between 0 and 1"),
        ],
        hints=["Count the negatives the new positive scores above: each is one more pair won.",
               "AUC = (pairs won before + new pairs won) / (positives after x negatives)."],
    )


@effort("build", "a function written: AUC by the rank-sum form")
def exercise_3(labels: np.ndarray, tied: np.ndarray, scores: np.ndarray) -> Exercise:
    """Exercise 3: a function ``f(y_true, y_score)`` returning the AUC from the rank sum, ``U / (P N)``.

    ``U = R - P (P + 1) / 2`` with ``R`` the sum of the positives' ranks, ties getting their average
    rank. The answer is called on ``(labels, tied)``, ``(labels, scores)`` and a sample with many ties,
    and compared with ``roc_auc_score``. Mistakes: ranks counted from the highest score (``1 - AUC`` on every
    input, as ``mannwhitneyu(neg, pos)`` gives); ties ranked in order instead of averaged; ``U`` not divided by
    ``P N``; ``R`` without the ``P (P + 1) / 2``.
    """
    y, t = labels_scores(labels, tied, "labels", "tied")
    s = labels_scores(labels, scores, "labels", "scores")[1]
    coarse = np.round(s * 3) / 3  # many ties
    inputs = [(y, t), (y, s), (y, coarse)]
    cmp = function(inputs, result=number(abs=1e-9, kind="one number (an AUC)"),
                   names=["the tied scores", "the untied scores", "scores with many ties"])

    def rank_sum(method: str = "average", part: str = "auc"):
        def f(yy: np.ndarray, ss: np.ndarray) -> float:
            r = rankdata(ss, method=method)
            p, n = yy.sum(), (1 - yy).sum()
            u = r[yy == 1].sum() - p * (p + 1) / 2
            return {"auc": u / (p * n), "u": u, "r": r[yy == 1].sum() / (p * n)}[part]
        return f

    def gives(case: int, value: float):
        def matches(answer: object) -> bool:
            return callable(answer) and bool(np.isclose(float(answer(*inputs[case])), value, rtol=0, atol=1e-9))
        return matches

    def reversed_everywhere(answer: object) -> bool:
        return callable(answer) and all(
            np.isclose(float(answer(yy, ss)), 1 - roc_auc_score(yy, ss), rtol=0, atol=1e-9) for yy, ss in inputs)

    def from_the_top(yy: np.ndarray, ss: np.ndarray) -> float:
        return rank_sum()(yy, -ss)

    ordinal, as_u, as_r = rank_sum(method="ordinal"), rank_sum(part="u"), rank_sum(part="r")
    mistakes = [
        Mistake(reversed_everywhere, "your function gives 1 - AUC: rank from the lowest score (rank 1) and add "
                "the positives' ranks", example=lambda: from_the_top),
        Mistake(gives(1, as_u(y, s)), "your function returns U itself; the AUC is U / (P N), the share of the "
                "P x N pairs", example=lambda: as_u),
        Mistake(gives(1, as_r(y, s)), "your function leaves out the P (P + 1) / 2: the ranks the positives "
                "would have among themselves", example=lambda: as_r),
    ]
    if not np.isclose(ordinal(y, t), roc_auc_score(y, t)):
        mistakes.insert(0, Mistake(gives(0, ordinal(y, t)), "your ranks do not average the ties: tied scores "
                                   "share the mean of their ranks (scipy.stats.rankdata does that)",
                                   example=lambda: ordinal))
    return Exercise(
        "Exercise 3", lambda: roc_auc_score, compare=cmp, mistakes=mistakes,
        hints=["r = rankdata(y_score) gives average ranks to ties; R = r[y_true == 1].sum().",
               "U = R - n_pos (n_pos + 1) / 2, and the AUC is U / (n_pos n_neg)."],
    )


@effort("compute", "each model's best TPR at FPR <= 0.01 from its ROC curve")
def exercise_4(y_true: np.ndarray, score_a: np.ndarray, score_b: np.ndarray, *, max_fpr: float) -> Exercise:
    """Exercise 4: the TPR of each model (``score_a``, ``score_b``) at its best threshold with FPR <= ``max_fpr``.

    ``TPR = TP / P`` at the last row of the ROC table with ``FP / N <= max_fpr``
    (:func:`helpers.low_fpr.tpr_at_fpr`), three significant digits each. Mistakes: the two swapped; the
    share of flagged rows that are positive (precision ``TP / (TP + FP)``) at that threshold; the
    standardised partial AUC up to the cap; the TPR at a cap ten times smaller (notebook 04's 10⁻³), for
    both models or for one.
    """
    y, a = labels_scores(y_true, score_a, "y_true", "score_a")
    b = labels_scores(y_true, score_b, "y_true", "score_b")[1]
    m = check_rate(max_fpr, "max_fpr")
    if m <= 0:
        raise ValueError("max_fpr must be a number in (0, 1]")
    names = ["logistic regression", "naive Bayes"]
    cmp = numbers(names, kinds={k: probability(digits=3) for k in names})
    at_cap = [tpr_at_fpr(y, s, max_fpr=m) for s in (a, b)]
    tenth = [tpr_at_fpr(y, s, max_fpr=m / 10).tpr for s in (a, b)]
    precision = tuple(p.tp / (p.tp + p.fp) for p in at_cap)
    pauc = tuple(roc_auc_score(y, s, max_fpr=m) for s in (a, b))
    n_neg = int((1 - y).sum())
    smaller = f"the TPR at FPR ≤ {m / 10:g}, section 8's cap; this screen's cap is {m:g}"
    return Exercise(
        "Exercise 4", lambda: (at_cap[0].tpr, at_cap[1].tpr), compare=cmp,
        mistakes=[
            Mistake.if_equals((at_cap[1].tpr, at_cap[0].tpr), "you swapped the two models: give the logistic "
                              "regression's TPR first"),
            Mistake.if_equals(precision, "that is the share of flagged rows that are positive (precision, "
                              "TP / (TP + FP)); TPR divides TP by all positives"),
            Mistake.if_equals(pauc, f"that is the standardised partial AUC up to FPR {m:g}, a summary of the whole "
                              "strip; the question asks for the TPR at its right edge"),
            Mistake.if_equals(tuple(tenth), f"those are {smaller.replace('TPR', 'TPRs', 1)}"),
            Mistake.in_part(0, tenth[0], f"your logistic regression's TPR is {smaller}"),
            Mistake.in_part(1, tenth[1], f"your naive Bayes TPR is {smaller}"),
        ],
        hints=[f"tpr_at_fpr(y_eval, s, max_fpr={m:g}) returns the best point whose FPR is at most the cap; its "
               ".tpr is the TPR.",
               f"The cap allows {int(m * n_neg)} false positives among the {_thousands(n_neg)} negatives; TPR is "
               "TP / (number of positives)."],
    )


def quiz(labels: np.ndarray, tied: np.ndarray, *, n_pos: int, n_neg: int) -> Quiz:
    """The quick self-test at the end of notebook 04.

    Question 1's answer is ``n_pos n_neg``, the number of (positive, negative) pairs of section 8's
    evaluation half (three significant digits); question 5's the AUC of ``1 - tied``, the tied scores of
    section 5 reversed: every pair won is lost and a tie stays a tie, so ``1 - AUC`` (three significant
    digits; the notebook never prints it).
    """
    y, s = labels_scores(labels, tied, "labels", "tied")
    for value, name in ((n_pos, "n_pos"), (n_neg, "n_neg")):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    n = n_pos + n_neg
    auc = roc_auc_score(y, s)
    flipped_pos, flipped_neg = 1 - s[y == 1], 1 - s[y == 0]
    tie_won = float(np.mean(flipped_pos[:, None] >= flipped_neg[None, :]))  # 1 - s, a tie counted as won
    return Quiz([
        NumberQuestion(
            f"Section 8's evaluation half has {_thousands(n_pos)} positives and {_thousands(n_neg)} negatives. Over "
            "how many (positive, negative) pairs does its ROC AUC average?",
            lambda: n_pos * n_neg, digits=3,
            mistakes=[Mistake.if_equals(n * (n - 1) / 2, "that counts every pair of rows; ROC AUC only compares "
                                        "a positive with a negative"),
                      Mistake.if_equals(n, "that is the number of rows; each positive is paired with each "
                                           "negative: multiply"),
                      Mistake.if_equals(n_pos * n_neg / 2, "no halving: a (positive, negative) pair is counted "
                                                           "once already, its positive always first")],
            solution=f"n_pos × n_neg = {_thousands(n_pos)} × {_thousands(n_neg)}"),
        Question(
            "What is ROC AUC, read as a probability?",
            {"a": "that the model classifies a random example right, at the best threshold",
             "b": "that a random positive gets a score above 0.5, the usual threshold",
             "c": "that a random positive scores above a random negative, ties counting ½"},
            "c",
            {"a": "that is accuracy, at one threshold; ROC AUC involves no threshold, only the ranking",
             "b": "ROC AUC does not depend on any threshold, 0.5 included: only the order of the scores counts",
             "c": "The Mann–Whitney reading: the share of (positive, negative) pairs ranked the right way"}),
        Question(
            "A positive and a negative have the same score. How much does the pair add to the pairs won?",
            {"a": "0", "b": "½", "c": "1"},
            "b",
            {"a": "a tie is not lost: the ROC curve goes diagonally through it",
             "b": "The diagonal step of the ROC curve adds half a square",
             "c": "a tie is not won either: the ranking cannot tell the two apart"}),
        Question(
            "A screen will run where 1 person in 1 000 is positive, and can afford an FPR of at most 10⁻³. Model A "
            "has the higher ROC AUC, by more than the noise; model B finds several times as many positives at "
            "FPR ≤ 10⁻³. Which model should the screen use?",
            {"a": "B: the screen works only at the left edge of the curve, where B leads",
             "b": "A: a higher ROC AUC means a better ranking at every threshold",
             "c": "A: a difference in ROC AUC larger than its noise settles which is better"},
            "a",
            {"a": "Read the curve where the screen runs: TPR at the cap, or the partial AUC up to it",
             "b": "ROC AUC averages over all FPRs; two curves can cross, and A's lead can all come from large FPRs",
             "c": "the difference is real, but it is a difference in the average over all FPRs, most of which "
                  "the screen never uses"}),
        NumberQuestion(
            f"In section 5's tied example (ROC AUC {auc:.3f}), every score s is replaced by 1 − s. What is the new "
            "ROC AUC?",
            lambda: roc_auc_score(y, 1 - s), digits=3,
            mistakes=[Mistake.if_equals(auc, "the order is reversed: every pair won is now lost, and a pair lost "
                                             "is won"),
                      Mistake.if_equals(0.5, "a reversed ranking is not chance: every pair is still ranked, the "
                                             "other way round"),
                      *([Mistake.if_equals(tie_won, "a tie stays a tie when every score is flipped: it counts ½")]
                        if tie_won != 1 - auc else [])],
            solution="roc_auc_score(labels, 1 - tied): the pairs won become lost and the tie stays a tie, "
                     "so 1 − AUC"),
    ])
