"""Quick self-test of notebook 00 (start here), checked from the numbers the notebook passes in.

The two number questions use counts and a prevalence the tour does not print (so the tour does not give
their answers away); every right answer is computed from them::

    precision = TP / (TP + FP)
    precision at prevalence pi = TPR pi / (TPR pi + FPR (1 - pi))
"""

from __future__ import annotations

import math

from .._validate import check_number, check_rate
from ..counts import Counts, check_counts_object, metric_zoo
from ..prior_shift import precision_at_prevalence
from .core import Mistake, fmt, number
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["quiz"]


def quiz(example: Counts, *, tpr: float, fpr: float, prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 00.

    ``example`` is a model's counts; ``tpr``, ``fpr`` and ``prevalence`` a test and where it is used.
    Question 1's answer is ``TP / (TP + FP)``; question 3's is ``TPR pi / (TPR pi + FPR (1 - pi))`` at
    ``pi = prevalence``; both are asked to two significant digits. Question 3 names the FPR and the prevalence
    swapped as a mistake, unless the swap gives the same precision (``fpr == prevalence``).
    """
    c = check_counts_object(example, "example")
    tpr = check_rate(tpr, "tpr")
    fpr = check_rate(fpr, "fpr")
    prevalence = check_number(prevalence, "prevalence", 0, 1)
    if not 0 < prevalence < 1:
        raise ValueError("prevalence must be strictly between 0 and 1")
    zoo = metric_zoo(c)
    swapped = precision_at_prevalence(tpr, prevalence, fpr) if 0 < fpr < 1 else math.nan
    swap = [] if not math.isfinite(swapped) or number(digits=2).same(
        swapped, precision_at_prevalence(tpr, fpr, prevalence)) else [Mistake.if_equals(
            swapped, "you swapped the FPR and the prevalence: the FPR multiplies the share of negatives, 1 - π; "
                     "the TPR multiplies π")]
    return Quiz([
        NumberQuestion(
            f"A model's counts are TN {fmt(c.tn)}, FP {fmt(c.fp)}, FN {fmt(c.fn)}, TP {fmt(c.tp)}. What share of "
            "the cases it predicts positive are positive (its precision)?",
            lambda: zoo["precision"], digits=2,
            mistakes=[Mistake.if_equals(zoo["recall"], "that is recall, TP / (TP + FN): the share of the positives "
                                        "found. Precision divides by what the model flagged, TP + FP"),
                      Mistake.if_equals(zoo["accuracy"], "that is accuracy, the share of all cases that are right")],
            solution=f"TP / (TP + FP) = {fmt(c.tp)} / {fmt(c.tp + c.fp)}"),
        Question(
            "In which order does helpers.Counts hold the four cells?",
            {"a": "(tn, fp, fn, tp): scikit-learn's order, row by row",
             "b": "(tp, fn, fp, tn): positives first, as on Wikipedia",
             "c": "(tp, tn, fp, fn): the right decisions, then the errors"},
            "a",
            {"a": "It follows scikit-learn, and its fields have names (counts.tp), so the order never has to be "
                  "guessed",
             "b": "that is the Wikipedia layout read row by row; Counts follows scikit-learn, negatives first",
             "c": "no layout of the matrix reads that way; Counts follows scikit-learn's [[TN, FP], [FN, TP]]"}),
        NumberQuestion(
            f"A test has TPR {fmt(tpr)} and FPR {fmt(fpr)}. At a prevalence of {fmt(prevalence)}, what is its "
            "precision?",
            lambda: precision_at_prevalence(tpr, fpr, prevalence), digits=2,
            mistakes=[Mistake.if_equals(tpr, "that is the TPR (recall): precision also depends on the FPR and on "
                                        "how rare the positives are"),
                      Mistake.if_equals(1 - fpr, "that is the specificity, 1 - FPR, not precision"), *swap],
            solution=f"precision_at_prevalence({fmt(tpr)}, {fmt(fpr)}, {fmt(prevalence)})"),
        Question(
            "Your predictions file has the labels 'yes' and 'no'. How do you read it?",
            {"a": "load_predictions(path, pos_label=1)",
             "b": "load_predictions(path, pos_label='yes')",
             "c": "load_predictions(path): it reads 'yes' as 1"},
            "b",
            {"a": "the file has no label 1: pos_label names the positive label as the file writes it",
             "b": "pos_label names the positive class; say it with every precision you report",
             "c": "it does not guess: only 0/1 and True/False are read as they are; other labels need pos_label="}),
        Question(
            "What does the course need once its packages are installed?",
            {"a": "an internet connection, to download each data set",
             "b": "a GPU, to fit the notebooks' models in time",
             "c": "nothing more: the data ship with the course"},
            "c",
            {"a": "the data sets ship with scikit-learn (load_breast_cancer, load_digits, ...) or in data/",
             "b": "every model of the course is small: an ordinary processor fits it",
             "c": "The data ship with scikit-learn or in data/, and the models are small"}),
    ])
