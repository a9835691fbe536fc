"""Exercises and quick self-test of notebook 02 (accuracy and imbalance), checked from the notebook's counts.

The right answers::

    exercise 1: at n people with a share s of negatives and per-class accuracies (specificity, recall) of
                example 2: counts_from_rates(n, s, TN/N, TP/P) -> precision (the accuracies, which the
                notebook prints, are discussed in the solutions, not checked)
    exercise 2: the false-negative cost x where example 1 and example 2 cost the same, with a false
                positive costing c: c FP_1 + x FN_1 = c FP_2 + x FN_2, x = c (FP_2 - FP_1) / (FN_1 - FN_2)
    exercise 3: a matrix with the data's P positives and N negatives, accuracy 0.9, MCC > 0.6, not one of the
                three predictors (found by trying every split of the errors)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from .._validate import check_number
from ..cheat_sheet import counts_from_rates
from ..costs import break_even_cost_ratio, total_cost
from ..counts import Counts, check_counts_object, metric_zoo
from .core import Compare, Exercise, Mistake, WrongKind, counts_matrix, describe, fmt, number, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


@effort("read", "precision from two per-class accuracies and a class mix")
def exercise_1(example: Counts, *, n: int, share_negative: float) -> Exercise:
    """Exercise 1: the precision ``TP / (TP + FP)`` at another class balance, to three significant digits.

    The per-class accuracies (specificity ``TN / N`` and recall ``TP / P``) of ``example`` are kept; the
    counts are ``counts_from_rates(n, share_negative, specificity, recall)``. Only the precision is checked:
    the model's accuracy and that of "always negative" at that balance are printed by the notebook.
    """
    c = check_counts_object(example, "example")
    share = check_number(share_negative, "share_negative", 0, 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError("n must be a whole number >= 1")
    spec, rec = c.tn / c.n_neg, c.tp / c.n_pos
    new = counts_from_rates(n, share, spec, rec)
    z = metric_zoo(new)
    return Exercise(
        "Exercise 1", lambda: z["precision"], compare=probability(digits=3),
        mistakes=[
            Mistake.if_equals(lambda: metric_zoo(c)["precision"], "that is example 2's precision at its own class "
                              "balance; with more negatives there are more false positives per true positive"),
            Mistake.if_equals(lambda: rec, "that is the recall (the accuracy within the positives); precision's "
                              "denominator is what the model flagged, TP + FP"),
        ],
        hints=[f"counts_from_rates({n:_}, {share:g}, {spec:g}, {rec:g}) gives the counts; metric_zoo the metrics.",
               "Precision is TP / (TP + FP): how many of the flagged cases are positive."],
        why="Now compare the model's accuracy with that of 'always negative' at this balance.",
    )


@effort("read", "the break-even cost from the two examples' printed counts")
def exercise_2(example_1: Counts, example_2: Counts, *, cost_fp: float) -> Exercise:
    """Exercise 2: the false-negative cost ``x = cost_fp (FP_2 - FP_1) / (FN_1 - FN_2)`` of equal total cost.

    Mistakes: the cost *ratio* ``x / cost_fp`` (:func:`~helpers.costs.break_even_cost_ratio`); forgetting
    example 2's false negatives, ``cost_fp FP_2 / FN_1``. An answer rounded to a whole number is told to
    give three significant digits.
    """
    a = check_counts_object(example_1, "example_1")
    b = check_counts_object(example_2, "example_2")
    cost = check_number(cost_fp, "cost_fp", 0)
    if cost == 0:
        raise ValueError("cost_fp must be a number > 0")
    x = cost * break_even_cost_ratio(a, b)
    if not (math.isfinite(x) and x > 0):
        raise ValueError("example_2 must have fewer false negatives and more false positives than example_1")
    return Exercise(
        "Exercise 2", lambda: x, compare=number(digits=3, low=0, kind="one cost (a number)"),
        mistakes=[
            Mistake.if_equals(x / cost, "that is the cost ratio cost_fn / cost_fp; the exercise asks for the cost "
                              f"of a false negative when a false positive costs {fmt(cost)}"),
            Mistake.if_equals(cost * b.fp / a.fn, "you left out what example 2's own false negatives cost"),
        ],
        hints=[f"Write both total costs with x the cost of a false negative: {fmt(cost)}·FP + x·FN for each example.",
               "Set them equal and solve for x; break_even_cost_ratio(ex1, ex2) gives x / cost_fp."],
        solution="answer = COST_FP_EX * break_even_cost_ratio(ex1, ex2)",
        why="Above it, example 2 (fewer false negatives) is the cheaper one.",
    )


class _FourthPredictor(Compare):
    """Right: a matrix with the data's class sizes, accuracy 0.9 and MCC > 0.6; not one of the known ones."""

    kind = "a Counts (or a 2 x 2 matrix [[TN, FP], [FN, TP]])"

    def __init__(self, n_pos: int, n_neg: int, accuracy: float, min_mcc: float, known: list[Counts]) -> None:
        self.n_pos, self.n_neg, self.accuracy, self.min_mcc = n_pos, n_neg, accuracy, min_mcc
        self.known = known
        self.cells = counts_matrix()

    def as_counts(self, value: object) -> Counts:
        arr = self.cells._as_array(value)  # raises WrongKind with the shape expected
        if np.any(arr < 0) or np.any(arr != np.round(arr)):
            raise WrongKind(f"expected {self.kind} of whole counts >= 0, got {describe(value)}")
        (tn, fp), (fn, tp) = arr.astype(int).tolist()
        return Counts(tn=tn, fp=fp, fn=fn, tp=tp)

    def differs(self, answer: object, expected: object) -> str | None:
        c = self.as_counts(answer)
        if (c.n_pos, c.n_neg) != (self.n_pos, self.n_neg):
            return (f"not yet: the data have {self.n_pos} positives (FN + TP) and {self.n_neg} negatives (TN + FP); "
                    f"yours has {c.n_pos} and {c.n_neg}")
        z = metric_zoo(c)
        if not math.isclose(z["accuracy"], self.accuracy):
            return f"not yet: your accuracy is {fmt(z['accuracy'], 3)}, not {fmt(self.accuracy)}"
        if not z["mcc"] > self.min_mcc:
            mcc = "undefined" if not math.isfinite(z["mcc"]) else fmt(z["mcc"], 3)
            return f"not yet: accuracy is right, but your MCC is {mcc}, not above {fmt(self.min_mcc)}"
        if c in self.known:
            return "not yet: that is one of the notebook's predictors, not a new one"
        return None

    def show(self, expected: object) -> str:
        return f"{fmt(expected)} (the only new matrix with accuracy {fmt(self.accuracy)} and MCC > {fmt(self.min_mcc)})"


@effort("compute", "a predictor's counts searched under two constraints, accuracy 0.9 and MCC above 0.6")
def exercise_3(predictor_counts: Mapping[str, Counts], *, n_pos: int, n_neg: int) -> Exercise:
    """Exercise 3: a fourth predictor with accuracy 0.9 and MCC above 0.6 on ``n_pos`` + ``n_neg`` cases.

    The answer is found by trying every split of the ``0.1 n`` errors into FP and FN; a matrix that is one of
    ``predictor_counts`` is the typical mistake (right numbers, but not a new predictor); a matrix written
    positives first, ``[[TP, FN], [FP, TN]]`` (its rows then hold ``n_pos`` and ``n_neg`` the other way round),
    is named as that layout.
    """
    if not isinstance(predictor_counts, Mapping) or not predictor_counts:
        raise ValueError("predictor_counts must be a dict of name: Counts")
    known = {name: check_counts_object(c, f"predictor_counts[{name!r}]") for name, c in predictor_counts.items()}
    for name, value in (("n_pos", n_pos), ("n_neg", n_neg)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1")
    accuracy, min_mcc = 0.9, 0.6
    cmp = _FourthPredictor(n_pos, n_neg, accuracy, min_mcc, list(known.values()))

    def search() -> Counts:
        errors = round((1 - accuracy) * (n_pos + n_neg))
        found = []
        for fp in range(errors + 1):
            fn = errors - fp
            if fp <= n_neg and fn <= n_pos:
                c = Counts(tn=n_neg - fp, fp=fp, fn=fn, tp=n_pos - fn)
                if metric_zoo(c)["mcc"] > min_mcc and c not in known.values():
                    found.append(c)
        return found[0] if found else None

    mistakes = [Mistake(lambda a, c=c: cmp.as_counts(a) == c, f"that is the predictor '{name}', not a new one",
                        example=c)
                for name, c in known.items() if (c.n_pos, c.n_neg) == (n_pos, n_neg)]
    fourth = search()

    def positives_first(answer: object) -> bool:  # [[TP, FN], [FP, TN]]: scikit-learn's layout turned around
        arr = cmp.cells._as_array(answer)
        return (arr[1].sum(), arr[0].sum()) != (n_pos, n_neg) and (arr[0].sum(), arr[1].sum()) == (n_pos, n_neg)

    if n_pos != n_neg and fourth is not None:
        mistakes.append(Mistake(
            positives_first, "that is the positives-first layout, [[TP, FN], [FP, TN]]; scikit-learn's puts the "
            "negatives first, [[TN, FP], [FN, TP]] (or give a Counts, whose fields have names)",
            example=[[fourth.tp, fourth.fn], [fourth.fp, fourth.tn]]))
    errors = round((1 - accuracy) * (n_pos + n_neg))
    return Exercise(
        "Exercise 3", fourth, compare=cmp, mistakes=mistakes,
        hints=["Accuracy 0.9 fixes the number of errors, FP + FN; only their split can change.",
               "Try every split (FP from 0 to the number of errors) and print metric_zoo(...)['mcc'] for each."],
        solution=f"for fp in range({errors + 1}):\n    fn = {errors} - fp\n    print(fp, fn, metric_zoo(Counts("
                 f"tn={n_neg} - fp, fp=fp, fn=fn, tp={n_pos} - fn))['mcc'])\nanswer = {fourth!r}",
    )


def quiz(matrix: Counts, examples: Mapping[str, Counts], *, cost_fp: float, cost_fn: float) -> Quiz:
    """The quick self-test at the end of notebook 02.

    Question 2 shows ``matrix`` (a confusion matrix the notebook does not print) in scikit-learn's layout
    ``[[TN, FP], [FN, TP]]``; its answer is the balanced accuracy ``(recall + specificity) / 2``, to two
    significant digits. Question 3's answer is the example of ``examples`` with the lower
    ``cost_fp FP + cost_fn FN``; its two other options (the threshold, the deployment prevalence) stand for
    thinking a matrix's cost needs more than its counts and the prices. Prices that make the two cost the same
    are refused.
    """
    m = check_counts_object(matrix, "matrix")
    if m.n_pos == 0 or m.n_neg == 0:
        raise ValueError("matrix must hold positives and negatives: balanced accuracy needs both recalls")
    if not isinstance(examples, Mapping) or len(examples) != 2:
        raise ValueError("examples must be a dict of the two cheat-sheet examples, name: Counts")
    ex = [check_counts_object(c, "examples") for c in examples.values()]
    cfp = check_number(cost_fp, "cost_fp", 0)
    cfn = check_number(cost_fn, "cost_fn", 0)
    z = metric_zoo(m)
    costs = [total_cost(c, cost_fp=cfp, cost_fn=cfn) for c in ex]
    if costs[0] == costs[1]:
        raise ValueError(f"cost_fp and cost_fn make the two examples cost the same ({fmt(costs[0])}): question 3 "
                         "would have no answer")
    cheaper = "a" if costs[0] < costs[1] else "b"
    both = f"example 1 costs {fmt(costs[0])} and example 2 costs {fmt(costs[1])}"

    def cost_reason(i: int) -> str:  # why example i + 1 is, or is not, the cheaper one
        if cheaper == "ab"[i]:
            return f"Total cost = cost_fp·FP + cost_fn·FN: {both}."
        return f"compute cost_fp·FP + cost_fn·FN for both: {both}"

    shown = f"[[{m.tn}, {m.fp}], [{m.fn}, {m.tp}]]"
    return Quiz([
        Question(
            "Three predictors have the same accuracy on the same data. Which number tells them apart?",
            {"a": "accuracy printed with more decimals", "b": "none: equal accuracy, equally useful",
             "c": "MCC, or balanced accuracy"},
            "c",
            {"a": "they are equal to every decimal: the same number of errors, split differently",
             "b": "'always negative' and 'finds all positives' make the same number of errors, of opposite kinds",
             "c": "These see how the errors split between the classes; accuracy only counts them"}),
        NumberQuestion(
            f"A predictor's confusion_matrix(y_true, y_pred) is {shown}: accuracy {fmt(z['accuracy'], 3)}. What "
            "is its balanced accuracy?",
            lambda: z["balanced_accuracy"], digits=2,
            mistakes=[Mistake.if_equals(z["accuracy"], "that is its accuracy; balanced accuracy averages the "
                                        "recall of each class, (recall + specificity) / 2"),
                      Mistake.if_equals(z["recall"], "that is the recall of the positive class alone; balanced "
                                        "accuracy averages it with the specificity"),
                      Mistake.if_equals(z["specificity"], "that is the specificity alone; balanced accuracy "
                                        "averages it with the recall of the positive class")],
            solution=f"(TP / (FN + TP) + TN / (TN + FP)) / 2 = ({m.tp}/{m.n_pos} + {m.tn}/{m.n_neg}) / 2"),
        Question(
            f"A false positive costs {fmt(cfp)} and a false negative {fmt(cfn)}. Which of the cheat sheet's two "
            "examples costs less in total?",
            {"a": f"example 1 (FP {ex[0].fp}, FN {ex[0].fn})", "b": f"example 2 (FP {ex[1].fp}, FN {ex[1].fn})",
             "c": "neither can be said: it depends on the threshold",
             "d": "neither can be said without the prevalence of deployment"},
            cheaper,
            {"a": cost_reason(0), "b": cost_reason(1),
             "c": "each matrix holds the decisions of a threshold already chosen; their total cost needs only "
                  "FP, FN and the two prices",
             "d": f"the class balance is already in the two matrices ({ex[0].n_neg} negatives and {ex[0].n_pos} "
                  "positives each); their total cost needs only FP, FN and the two prices"}),
    ])
