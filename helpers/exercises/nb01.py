"""Exercises and quick self-test of notebook 01 (the confusion matrix), checked from the notebook's counts.

The exercises use counts the notebook does not print: exercises 1 and 3 the model at the stricter threshold
0.9, exercise 2 the notebook's counts with ten times the negatives. Exercises 1 and 3 also take the counts at
the notebook's threshold 0.8 (``printed=``), whose metrics the zoo and flip tables show: copying those is a
named mistake. The right answers, from a :class:`~helpers.Counts` ``c`` (positive = benign unless said
otherwise), each judged to three significant digits::

    exercise 1: (NPV, precision) = (TN / (TN + FN), TP / (TP + FP))
    exercise 2: precision with the negatives x10 = TP / (TP + 10 FP)
    exercise 3: F1 (malignant positive) = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN)
"""

from __future__ import annotations

from ..counts import Counts, check_counts_object, metric_zoo
from .core import Exercise, Mistake, numbers, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]

DIGITS = 3
"""Every exercise of notebook 01 asks for three significant digits (the zoo table prints three decimals)."""


@effort("read", "NPV and precision from the counts at 0.9")
def exercise_1(counts_benign: Counts, *, printed: Counts | None = None) -> Exercise:
    """Exercise 1: NPV and precision, ``(TN / (TN + FN), TP / (TP + FP))``, to three significant digits.

    The typical mistakes divide by a row instead of a column: ``TN / (TN + FP)`` (specificity) for NPV and
    ``TP / (TP + FN)`` (recall) for precision. Two more: the two values of ``printed`` (the counts at the
    notebook's threshold, whose zoo table shows them; left out without ``printed``), and the right values in the
    other order.
    """
    c = check_counts_object(counts_benign, "counts_benign")
    z = metric_zoo(c)
    cmp = numbers(["NPV", "precision"], digits=DIGITS,
                  kinds={"NPV": probability(digits=DIGITS), "precision": probability(digits=DIGITS)})
    right = (z["npv"], z["precision"])
    mistakes = [Mistake(lambda a: cmp.same(tuple(a)[::-1], right), "your two numbers are in the other order: "
                        "give (NPV, precision)", example=right[::-1])]
    shown = None if printed is None else metric_zoo(check_counts_object(printed, "printed"))
    if shown is not None and not cmp.same((shown["npv"], shown["precision"]), right):
        mistakes.append(Mistake.if_equals((shown["npv"], shown["precision"]), "those are NPV and precision at the "
                                          "threshold 0.8, from the zoo table above; count again at 0.9, with "
                                          "y_pred_09"))
    return Exercise(
        "Exercise 1", right, compare=cmp,
        mistakes=[
            *mistakes,
            Mistake.in_part(0, lambda: z["specificity"], "your NPV divides by TN + FP, a row (the actual "
                            "negatives): that is specificity. NPV's denominator is a column, everyone predicted "
                            "negative"),
            Mistake.in_part(1, lambda: z["recall"], "your precision divides by TP + FN, a row (the actual "
                            "positives): that is recall. Precision's denominator is a column, everyone predicted "
                            "positive"),
        ],
        hints=["Both denominators are column sums of scikit-learn's matrix [[TN, FP], [FN, TP]]: everyone "
               "predicted negative, everyone predicted positive.",
               "c = confusion_counts(y_test, y_pred_09), then answer = (c.tn / (c.tn + c.?), c.tp / (c.tp + c.?))"],
    )


@effort("read", "precision with the negatives' counts times ten")
def exercise_2(counts_benign: Counts) -> Exercise:
    """Exercise 2: the precision once TN and FP are multiplied by 10, ``TP / (TP + 10 FP)``, to three digits.

    Mistakes: the unchanged precision ``TP / (TP + FP)``; the positives multiplied instead,
    ``10 TP / (10 TP + FP)``.
    """
    c = check_counts_object(counts_benign, "counts_benign")
    more_neg = Counts(tn=10 * c.tn, fp=10 * c.fp, fn=c.fn, tp=c.tp)
    more_pos = Counts(tn=c.tn, fp=c.fp, fn=10 * c.fn, tp=10 * c.tp)
    return Exercise(
        "Exercise 2", lambda: metric_zoo(more_neg)["precision"], compare=probability(digits=DIGITS),
        mistakes=[
            Mistake.if_equals(lambda: metric_zoo(c)["precision"], "that is the precision before: with 10 times the "
                              "negatives, 10 times as many false positives sit in precision's denominator"),
            Mistake.if_equals(lambda: metric_zoo(more_pos)["precision"], "you multiplied the positives (TP and FN); "
                              "the exercise multiplies the negatives, TN and FP"),
        ],
        hints=["Build Counts(tn=10 * counts.tn, fp=10 * counts.fp, fn=counts.fn, tp=counts.tp).",
               "Then take metric_zoo(...)['precision'] of it, and compare the other metrics with zoo's."],
        why="Recall, specificity and LR+ stay where they were: each is built from ratios within one class.",
    )


@effort("read", "F1 of the other class from precision and recall, checked with f1_score")
def exercise_3(counts_malignant: Counts, *, printed: Counts | None = None) -> Exercise:
    """Exercise 3: F1 with malignant as the positive class, ``2 P R / (P + R)``, to three significant digits.

    Mistakes: the arithmetic mean ``(P + R) / 2``; the F1 of the benign class (the counts flipped); the F1 of
    ``printed`` (malignant positive at the notebook's threshold, which the flip table shows; left out without
    ``printed``).
    """
    c = check_counts_object(counts_malignant, "counts_malignant")
    z = metric_zoo(c)
    f1_shown = None if printed is None else metric_zoo(check_counts_object(printed, "printed"))["f1"]
    right = 2 * z["precision"] * z["recall"] / (z["precision"] + z["recall"])
    shown = [] if f1_shown is None or probability(digits=DIGITS).same(f1_shown, right) else [Mistake.if_equals(
        f1_shown, "that is the malignant F1 at the threshold 0.8, from the flip table above; count again at 0.9, "
        "with y_pred_09")]
    benign = metric_zoo(Counts(tn=c.tp, fp=c.fn, fn=c.fp, tp=c.tn))
    return Exercise(
        "Exercise 3", right,
        compare=probability(digits=DIGITS),
        mistakes=[
            Mistake.if_equals(lambda: (z["precision"] + z["recall"]) / 2, "that is the arithmetic mean of P and R; "
                              "F1 is their harmonic mean, 2 P R / (P + R)"),
            Mistake.if_equals(lambda: benign["f1"], "that is the F1 of the benign class (pos_label=1); the exercise "
                              "makes malignant the positive class"),
            *shown,
        ],
        hints=["confusion_counts(y_test, y_pred_09, pos_label=0) gives the counts with malignant positive; "
               "metric_zoo(...) their precision and recall.",
               "answer = 2 * p * r / (p + r); compare with f1_score(y_test, y_pred_09, pos_label=0)"],
    )


def quiz(example: Counts) -> Quiz:
    """The quick self-test at the end of notebook 01.

    ``example`` is a confusion matrix the question shows in scikit-learn's layout ``[[TN, FP], [FN, TP]]``
    (not the notebook's, whose tables print every sum); question 2's answer is its ``TP + FP``.
    """
    c = check_counts_object(example, "example")
    shown = f"[[{c.tn}, {c.fp}], [{c.fn}, {c.tp}]]"
    return Quiz([
        Question(
            "In scikit-learn's confusion_matrix(y_true, y_pred), what do the rows stand for?",
            {"a": "the true classes, the negative class (0) first",
             "b": "the predicted classes, the negative class (0) first",
             "c": "the classes as pos_label orders them, positive first"},
            "a",
            {"a": "Rows are the truth, columns the prediction: recall and specificity are read along a row",
             "b": "the predictions are the columns: precision and NPV are read down a column",
             "c": "pos_label picks the positive class for a metric; it does not reorder the matrix "
                  "(labels=[1, 0] does)"}),
        NumberQuestion(
            f"scikit-learn's confusion_matrix(y_true, y_pred) prints {shown}. How many cases were predicted "
            "positive? Give the count.",
            lambda: c.tp + c.fp, 0,
            mistakes=[Mistake.if_equals(c.fn + c.tp, "that is the second row, the truly positive cases (FN + TP); "
                                        "predicted positive is the second column, FP + TP"),
                      Mistake.if_equals(c.tn + c.fn, "that is the first column, the cases predicted negative "
                                        "(TN + FN); predicted positive is the second column"),
                      Mistake.if_equals(c.tp, "those are only the right ones, TP; the false positives were "
                                        "predicted positive too")],
            solution=f"FP + TP, the second column: {c.fp} + {c.tp}"),
        Question(
            "A test's LR+ was measured in a hospital where half the patients are sick. Where the disease is 100 "
            "times rarer, when is its LR+ the same?",
            {"a": "always: it is built from TPR and FPR, not from the prevalence",
             "b": "never: like precision, it falls when positives become rarer",
             "c": "if TPR and FPR hold there: the same kinds of sick and healthy"},
            "c",
            {"a": "TPR and FPR themselves can change: milder cases in a screened population are harder to detect "
                  "than a hospital's (spectrum change), and LR+ moves with them",
             "b": "precision falls with the prevalence; LR+ = TPR / FPR holds no prevalence, so it moves only "
                  "when TPR or FPR do",
             "c": "Only the class mix may change (Deeks & Altman, 2004); then post-test odds = pre-test odds "
                  "times LR+ at any prevalence"}),
        Question(
            "A model predicts no positive at all. What is its precision?",
            {"a": "0: none of its positive calls is right",
             "b": "undefined: 0 / 0 has no value",
             "c": "1: none of its positive calls is wrong"},
            "b",
            {"a": "0 would say its positive calls were all wrong, but it made none; 0 / 0 is undefined",
             "b": "Report it as undefined: metric_zoo gives nan; scikit-learn warns unless zero_division is set",
             "c": "1 would say its positive calls were all right, but it made none; 0 / 0 is undefined"}),
    ])
