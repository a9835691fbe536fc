"""Exercises and quick self-test of notebook 01 (the confusion matrix), checked from the notebook's counts.

The right answers, from a :class:`~helpers.Counts` ``c`` (positive = benign unless said otherwise)::

    exercise 1: (NPV, precision) = (TN / (TN + FN), TP / (TP + FP))
    exercise 2: precision with the negatives x10 = TP / (TP + 10 FP)
    exercise 3: F1 (malignant positive) = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN)
"""

from __future__ import annotations

from ..counts import Counts, metric_zoo
from ._common import counts_arg, part_mistake
from .core import Exercise, Mistake, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def exercise_1(counts_benign: Counts) -> Exercise:
    """Exercise 1: the model's NPV and precision, ``(TN / (TN + FN), TP / (TP + FP))``.

    The typical mistakes divide by a row instead of a column: ``TN / (TN + FP)`` (specificity) and
    ``TP / (TP + FN)`` (recall).
    """
    c = counts_arg(counts_benign, "counts_benign")
    z = metric_zoo(c)
    cmp = numbers(["NPV", "precision"], kinds={"NPV": probability(rel=1e-3), "precision": probability(rel=1e-3)})
    return Exercise(
        "Exercise 1", lambda: (z["npv"], z["precision"]), compare=cmp,
        mistakes=[
            part_mistake(0, lambda: z["specificity"], "your NPV divides by TN + FP, a row (the actual negatives): "
                         "that is specificity. NPV's denominator is a column, everyone predicted negative", cmp),
            part_mistake(1, lambda: z["recall"], "your precision uses FN; precision's denominator is what the "
                         "model flagged, TP + FP (a column)", cmp),
        ],
        hints=["Both denominators are column sums of scikit-learn's matrix [[TN, FP], [FN, TP]]: everyone "
               "predicted negative, everyone predicted positive.",
               "answer = (counts.tn / (counts.tn + counts.?), counts.tp / (counts.tp + counts.?))"],
        solution="answer = (counts.tn / (counts.tn + counts.fn), counts.tp / (counts.tp + counts.fp))",
    )


def exercise_2(counts_benign: Counts) -> Exercise:
    """Exercise 2: the precision once TN and FP are multiplied by 10, ``TP / (TP + 10 FP)``.

    Mistakes: the unchanged precision ``TP / (TP + FP)``; the positives multiplied instead,
    ``10 TP / (10 TP + FP)``.
    """
    c = counts_arg(counts_benign, "counts_benign")
    more_neg = Counts(tn=10 * c.tn, fp=10 * c.fp, fn=c.fn, tp=c.tp)
    more_pos = Counts(tn=c.tn, fp=c.fp, fn=10 * c.fn, tp=10 * c.tp)
    return Exercise(
        "Exercise 2", lambda: metric_zoo(more_neg)["precision"], compare=probability(rel=1e-3),
        mistakes=[
            Mistake.if_equals(lambda: metric_zoo(c)["precision"], "that is the precision before: with 10 times the "
                              "negatives, 10 times as many false positives sit in precision's denominator"),
            Mistake.if_equals(lambda: metric_zoo(more_pos)["precision"], "you multiplied the positives (TP and FN); "
                              "the exercise multiplies the negatives, TN and FP"),
        ],
        hints=["Build Counts(tn=10 * counts.tn, fp=10 * counts.fp, fn=counts.fn, tp=counts.tp).",
               "Then take metric_zoo(...)['precision'] of it; recall, specificity and LR+ do not move."],
        solution="answer = metric_zoo(Counts(tn=10 * counts.tn, fp=10 * counts.fp, fn=counts.fn, "
                 "tp=counts.tp))['precision']",
        why="Recall, specificity and LR+ stay where they were: each is a ratio within one class.",
    )


def exercise_3(counts_malignant: Counts) -> Exercise:
    """Exercise 3: F1 with malignant as the positive class, ``2 P R / (P + R)``.

    Mistakes: the arithmetic mean ``(P + R) / 2``; the F1 of the benign class (the counts flipped).
    """
    c = counts_arg(counts_malignant, "counts_malignant")
    z = metric_zoo(c)
    benign = metric_zoo(Counts(tn=c.tp, fp=c.fn, fn=c.fp, tp=c.tn))
    return Exercise(
        "Exercise 3", lambda: 2 * z["precision"] * z["recall"] / (z["precision"] + z["recall"]),
        compare=probability(rel=1e-3),
        mistakes=[
            Mistake.if_equals(lambda: (z["precision"] + z["recall"]) / 2, "that is the arithmetic mean of P and R; "
                              "F1 is their harmonic mean, 2 P R / (P + R)"),
            Mistake.if_equals(lambda: benign["f1"], "that is the F1 of the benign class (pos_label=1); the exercise "
                              "makes malignant the positive class"),
        ],
        hints=["p, r = zoo_malignant['precision'], zoo_malignant['recall']",
               "answer = 2 * p * r / (p + r); compare with f1_score(y_test, y_pred, pos_label=0)"],
        solution="p, r = zoo_malignant['precision'], zoo_malignant['recall']\nanswer = 2 * p * r / (p + r)",
    )


def quiz(counts_benign: Counts) -> Quiz:
    """The quick self-test at the end of notebook 01; question 2's answer is ``TP + FP`` of ``counts_benign``."""
    c = counts_arg(counts_benign, "counts_benign")
    return Quiz([
        Question(
            "In scikit-learn's confusion_matrix(y_true, y_pred), what do the rows stand for?",
            {"a": "the predicted classes", "b": "the true classes", "c": "it depends on pos_label"},
            "b",
            {"a": "the predictions are the columns: precision and NPV are read down a column",
             "b": "Rows are the truth, columns the prediction: recall and specificity are read along a row",
             "c": "pos_label picks the positive class; the layout is [[TN, FP], [FN, TP]] for labels [0, 1]"}),
        NumberQuestion(
            "With the model's counts (positive = benign), how many tumours did it predict benign?",
            lambda: c.tp + c.fp, 0,
            mistakes=[Mistake.if_equals(c.tp + c.fn, "that is the number of truly benign tumours, TP + FN; "
                                        "predicted benign is TP + FP"),
                      Mistake.if_equals(c.tp, "those are only the right ones, TP; the false positives were "
                                        "predicted benign too")],
            solution="counts.tp + counts.fp"),
        Question(
            "The negatives (TN and FP) are multiplied by 10. Which metric does NOT change?",
            {"a": "precision", "b": "recall", "c": "accuracy", "d": "NPV"},
            "b",
            {"a": "precision has FP in its denominator: ten times the false positives lower it",
             "b": "Recall = TP / (TP + FN) lives within the positives; the negatives never enter it",
             "c": "accuracy mixes both classes, so more negatives pull it towards the specificity",
             "d": "NPV = TN / (TN + FN) grows with TN"}),
        Question(
            "A model predicts no positive at all. What is its precision?",
            {"a": "0", "b": "1", "c": "undefined (0 / 0): report it as undefined"},
            "c",
            {"a": "0 would say its positive calls were all wrong, but it made none; 0 / 0 is undefined",
             "b": "1 would say its positive calls were all right, but it made none; 0 / 0 is undefined",
             "c": "0 / 0 has no value: metric_zoo gives nan; scikit-learn warns unless zero_division is set"}),
    ])
