"""Quick self-test of notebook 00 (start here), checked from the notebook's own numbers.

The questions use the worked example of the tour (a :class:`~helpers.Counts`) and the prior-shift
example (TPR, FPR and a prevalence); every right answer is computed from them::

    precision = TP / (TP + FP)
    precision at prevalence pi = TPR pi / (TPR pi + FPR (1 - pi))
"""

from __future__ import annotations

from ..counts import Counts, metric_zoo
from ..prior_shift import precision_at_prevalence
from ._common import counts_arg, real_arg
from .core import Mistake, fmt
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["quiz"]


def quiz(example: Counts, *, tpr: float, fpr: float, prevalence: float) -> Quiz:
    """The quick self-test at the end of notebook 00.

    ``example`` is the tour's example counts; ``tpr``, ``fpr`` and ``prevalence`` the prior-shift example.
    Question 1's answer is ``TP / (TP + FP)``; question 3's is
    ``TPR pi / (TPR pi + FPR (1 - pi))`` at ``pi = prevalence``.
    """
    c = counts_arg(example, "example")
    tpr = real_arg(tpr, "tpr", 0, 1)
    fpr = real_arg(fpr, "fpr", 0, 1)
    prevalence = real_arg(prevalence, "prevalence", 0, 1)
    if not 0 < prevalence < 1:
        raise ValueError("prevalence must be strictly between 0 and 1")
    zoo = metric_zoo(c)
    return Quiz([
        NumberQuestion(
            f"A model's counts are TN {fmt(c.tn)}, FP {fmt(c.fp)}, FN {fmt(c.fn)}, TP {fmt(c.tp)}. What share of "
            "the cases it predicts positive are positive (its precision)? Two decimals are enough.",
            lambda: zoo["precision"], 0.005,
            mistakes=[Mistake.if_equals(zoo["recall"], "that is recall, TP / (TP + FN): the share of the positives "
                                        "found. Precision divides by what the model flagged, TP + FP"),
                      Mistake.if_equals(zoo["accuracy"], "that is accuracy, the share of all cases that are right")],
            solution="metric_zoo(counts)['precision']"),
        Question(
            "In which order does helpers.Counts hold the four cells?",
            {"a": "(tp, fn, fp, tn), positives first as on Wikipedia",
             "b": "(tn, fp, fn, tp), the order of scikit-learn's confusion_matrix(...).ravel()",
             "c": "any order: the cells are told apart by position"},
            "b",
            {"a": "that is the Wikipedia layout; Counts follows scikit-learn, and its fields have names",
             "b": "Its fields also have names (counts.tp), so the order never has to be guessed",
             "c": "position is exactly what is easy to mix up: the cells are named fields (counts.tp)"}),
        NumberQuestion(
            f"A test has TPR {fmt(tpr)} and FPR {fmt(fpr)}. At a prevalence of {fmt(prevalence)}, what is its "
            "precision? Two decimals are enough.",
            lambda: precision_at_prevalence(tpr, fpr, prevalence), 0.005,
            mistakes=[Mistake.if_equals(tpr, "that is the TPR (recall): precision also depends on the FPR and on "
                                        "how rare the positives are"),
                      Mistake.if_equals(1 - fpr, "that is the specificity, 1 - FPR, not precision")],
            solution="precision_at_prevalence(tpr, fpr, prevalence)"),
        Question(
            "Your predictions file has labels 'yes' and 'no'. How do you read it?",
            {"a": "load_predictions(path): it guesses which label is positive",
             "b": "load_predictions(path, pos_label='yes')",
             "c": "first replace the labels by 0.5 and 1"},
            "b",
            {"a": "it does not guess: labels other than 0/1 or True/False need pos_label=",
             "b": "The argument pos_label names the positive class; say it with every precision you report",
             "c": "labels are classes, not scores; pos_label= names the positive one"}),
    ])
