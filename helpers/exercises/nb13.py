"""Checkers for notebook 13 (your own predictions): the exercises and the quick self-test.

Each factory takes the labels and scores of a predictions file and computes the right answer from them.
"""

from __future__ import annotations

import numpy as np

from ..threshold_rules import threshold_rule
from ._inputs import labels01, numeric, rate, same_length
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


def _estimate(y: np.ndarray, s: np.ndarray, rule, pi: float):
    from ..report.count import count_scores
    from ..report.optimism import optimism_bootstrap

    return optimism_bootstrap(count_scores(y, s), rule, deploy_prevalence=pi, rng=0)


def exercise_2(y_true, y_score, *, deploy_prevalence: float = 0.01) -> Exercise:
    """Exercise 2: how much the highest-F1 threshold's precision at ``pi`` counted on the file flatters it.

    With ``est = optimism_bootstrap(count_scores(y, s), threshold_rule(f1=True), deploy_prevalence=pi, rng=0)``::

        answer = precision at pi of est's counts on the file - est.precision[0]   (the corrected estimate)

    Right within 0.002.
    """
    y, s = _file(y_true, y_score)
    pi = rate(deploy_prevalence, "deploy_prevalence")
    memo: dict = {}

    def est():
        if "est" not in memo:
            memo["est"] = _estimate(y, s, threshold_rule(f1=True), pi)
        return memo["est"]

    def on_file() -> float:
        e = est()
        tpr, fpr = e.tp / (e.tp + e.fn), e.fp / (e.fp + e.tn)
        return float(pi * tpr / (pi * tpr + (1 - pi) * fpr))

    return Exercise(
        "Exercise 2",
        lambda: on_file() - est().precision[0],
        compare=number(abs=0.002),
        mistakes=[
            Mistake.if_equals(lambda: est().precision[0] - on_file(),
                              "the sign is reversed: the optimism is the file's count minus the corrected estimate"),
            Mistake.if_equals(lambda: on_file(), "that is the precision counted on the file; subtract the corrected "
                                                 "estimate est.precision[0]"),
            Mistake.if_equals(lambda: float(est().tp / (est().tp + est().fp)),
                              "that is precision at the file's own mix of classes; both numbers are at 1 %"),
        ],
        hints=[
            "est = optimism_bootstrap(count_scores(small.y_true, small.y_score), threshold_rule(f1=True), "
            "deploy_prevalence=0.01, rng=0)",
            "deployment_metrics(tp=est.tp, fn=est.fn, fp=est.fp, tn=est.tn, deploy_prevalence=0.01)['precision'] "
            "is the precision counted on the file; subtract est.precision[0].",
        ],
        solution="est = optimism_bootstrap(count_scores(small.y_true, small.y_score), threshold_rule(f1=True),\n"
                 "                         deploy_prevalence=0.01, rng=0)\n"
                 "on_file = deployment_metrics(tp=est.tp, fn=est.fn, fp=est.fp, tn=est.tn, "
                 "deploy_prevalence=0.01)['precision']\n"
                 "answer = on_file - est.precision[0]",
        why="Counted on the rows that chose it, the F1-best threshold looks better than it is.",
    )


def exercise_3(y_true, y_score, *, at_recall: float = 0.8, deploy_prevalence: float = 0.01) -> Exercise:
    """Exercise 3: the share of resampled files whose chosen threshold, counted on the file, misses the target.

    With ``est = optimism_bootstrap(count_scores(y, s), threshold_rule(at_recall=r), deploy_prevalence=pi, rng=0)``::

        share = mean over est.thresholds t_b of [ #{positives with score >= t_b} / P < r ]

    A fraction between 0 and 1, right within 0.002.
    """
    y, s = _file(y_true, y_score)
    r = rate(at_recall, "at_recall")
    pi = rate(deploy_prevalence, "deploy_prevalence")
    positives = np.sort(s[y == 1])
    memo: dict = {}

    def recalls(confidence: float | None = None) -> np.ndarray:
        key = str(confidence)
        if key not in memo:
            est = _estimate(y, s, threshold_rule(at_recall=r, recall_confidence=confidence), pi)
            memo[key] = 1 - np.searchsorted(positives, est.thresholds, side="left") / positives.size
        return memo[key]

    def share(confidence: float | None = None) -> float:
        return float((recalls(confidence) < r).mean())

    return Exercise(
        "Exercise 3",
        share,
        compare=probability(abs=0.002),
        mistakes=[
            Mistake.if_equals(lambda: 1 - share(), "that is the share that reach the target; the question asks how "
                                                   "often the threshold finds fewer"),
            Mistake.if_equals(lambda: share(0.95), "that is with the margin (recall_confidence=0.95); first answer "
                                                   "for the rule as it is"),
        ],
        hints=[
            "Each resampled threshold t flags the positives with score >= t: its recall on the file is "
            "(screening.y_score[screening.y_true == 1] >= t).mean().",
            f"With the positives' scores sorted, recall = 1 - np.searchsorted(positives, thresholds, side='left') / P; "
            f"the share is (recall < {r:g}).mean().",
        ],
        solution="positives = np.sort(screening.y_score[screening.y_true == 1].to_numpy())\n"
                 "recall_on_file = 1 - np.searchsorted(positives, choice.thresholds, side='left') / positives.size\n"
                 f"answer = (recall_on_file < {r:g}).mean()",
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
