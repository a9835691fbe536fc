"""Exercises and quick self-test of notebook 11 (choosing a metric), checked from the notebook's own data.

The right answers, all at the mix of the rows given (no prevalence shift: that is notebook 11b)::

    exercise 1: with both prices c: (Bayes threshold c / (c + c) = 0.5,
                the smallest mean validation cost min_t c (FP(t) + FN(t)) / n over t in {+inf, each score},
                the validation accuracy at a threshold that reaches it, 1 - cost / c)
    exercise 2: t = max{t : recall_val(t) >= r} over the validation scores; then (recall, precision) of
                ``p_test >= t`` on the test rows
    quiz, question 1: the Bayes threshold c_fp / (c_fp + c_fn)
"""

from __future__ import annotations

import numpy as np

from .._validate import check_positive, check_probability_open
from ._labels import labels_scores
from .core import Compare, Exercise, Mistake, WrongKind, fmt, numbers, probability, round_significant
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _candidates(p: np.ndarray) -> np.ndarray:
    """Every threshold that flags another set of rows: ``+inf`` (nobody), then each distinct score."""
    return np.r_[np.inf, np.unique(p)[::-1]]


def _mean_cost(y: np.ndarray, p: np.ndarray, t: float, cost_fp: float, cost_fn: float) -> float:
    """``(c_fp FP + c_fn FN) / n`` when flagging ``p >= t``."""
    flag = p >= t
    return float((cost_fp * np.sum(flag & (y == 0)) + cost_fn * np.sum(~flag & (y == 1))) / len(y))


def _cheapest(y: np.ndarray, p: np.ndarray, cost_fp: float, cost_fn: float) -> tuple[float, float]:
    """``(threshold, mean cost)`` of the cheapest threshold (the highest of ties)."""
    t = min(_candidates(p), key=lambda t: _mean_cost(y, p, t, cost_fp, cost_fn))
    return float(t), _mean_cost(y, p, t, cost_fp, cost_fn)


def _distinct(cmp, right: tuple, candidates: list[tuple[int, float, str]]) -> list[Mistake]:
    """``Mistake.in_part(part, value, message)`` for each candidate whose value, exact or typed to the asked
    digits, differs from the right part (and is not the right part with too few digits) and from the earlier
    kept mistakes of that part: small data sets can make them coincide."""
    kept: list[Mistake] = []
    for part, value, message in candidates:
        each = cmp.each[part]
        others = [right[part], *(m.value for m in kept if m.part == part)]
        typed = (value, getattr(each, "rounded", lambda v: v)(value))
        try:
            each.differs(value, right[part])
        except WrongKind:  # not a number of the expected kind (a threshold of +inf): the student cannot be told it
            continue
        if not (any(each.same(v, other) for v in typed for other in others) or each.too_few_digits(value, right[part])):
            kept.append(Mistake.in_part(part, value, message))
    return kept


@effort("compute", "Bayes threshold, smallest validation cost and its accuracy at equal prices")
def exercise_1(y_val, p_val, *, cost: float = 10) -> Exercise:
    """Exercise 1 (equal prices): the Bayes threshold, the smallest mean validation cost and the accuracy there.

    With both prices ``c``: ``t* = c / (c + c) = 0.5``; the mean cost ``c (FP(t) + FN(t)) / n`` is smallest
    over ``t`` in {``+inf``, every distinct score}; there the accuracy is ``1 - cost / c`` (ties have equal
    cost, hence equal accuracy). Each part to three significant digits; a threshold or an accuracy above 1 and
    at most 100 is told it looks like per cent. Mistakes (each kept only where it differs from the answer and
    a student can type it): the mean cost and the accuracy in the other order; keeping the prices 10 and 100
    (the Bayes threshold ``1/11``, or that price's smallest cost); the cheapest validation threshold given as
    the Bayes threshold; the total cost instead of the mean, the cost divided by the price (the error rate), the
    error rate for the accuracy.
    """
    y, p = labels_scores(y_val, p_val, "y_val", "p_val")
    c = check_positive(cost, "cost")
    t, cost_eq = _cheapest(y, p, c, c)
    accuracy = float(np.mean((p >= t) == (y == 1)))
    _, cost_ten = _cheapest(y, p, c, 10 * c)
    names = ["Bayes threshold", "mean cost", "accuracy"]
    cmp = numbers(names, digits=3, kinds={"Bayes threshold": _Share(3), "accuracy": _Share(3)})
    right = (0.5, cost_eq, accuracy)
    swapped = (0.5, accuracy, cost_eq)
    try:  # named only where a student can type it (a mean cost above 1 is no accuracy) and it is not right
        typeable = cmp.differs(swapped, right) is not None and not cmp.too_few_digits(swapped, right)
    except WrongKind:
        typeable = False
    swap = [Mistake.if_equals(swapped, "your mean cost and accuracy are in the other order: give (Bayes threshold, "
                                       "mean cost, accuracy)")] if typeable else []
    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=swap + _distinct(cmp, right, [
            (0, 1 / 11, "your Bayes threshold is the one for prices 10 and 100; set both prices to the same value"),
            (0, t, "that is the cheapest validation threshold; the Bayes threshold needs no data, only the prices: "
                   "c_FP / (c_FP + c_FN)"),
            (1, cost_ten, "your mean cost is the smallest one for prices 10 and 100; set both prices to the same "
                          "value"),
            (1, cost_eq * len(y), f"your cost is the total over the {len(y)} validation patients; give the mean "
                                  "cost per patient"),
            (1, cost_eq / c, f"your mean cost is the error rate, the cost divided by the price; the cost is {c:g} "
                             "times the error rate"),
            (2, 1 - accuracy, "your accuracy is the error rate, the share of wrong answers; accuracy is 1 minus it"),
        ]),
        hints=[
            f"bayes_threshold(cost_fp={c:g}, cost_fn={c:g}); min_cost_threshold(y_val, p_val, cost_fp={c:g}, "
            f"cost_fn={c:g}) returns (threshold, mean cost).",
            "The accuracy at a threshold t is ((p_val >= t) == y_val).mean().",
        ],
        solution=f"t_eq, cost_eq = min_cost_threshold(y_val, p_val, cost_fp={c:g}, cost_fn={c:g})\n"
                 f"answer = (bayes_threshold(cost_fp={c:g}, cost_fn={c:g}), cost_eq, "
                 "((p_val >= t_eq) == y_val).mean())",
        why="With equal prices the cost is the price times the error rate: the cheapest threshold is the most "
            "accurate one.",
    )


def _highest_with_recall(y: np.ndarray, p: np.ndarray, target: float) -> float:
    """``max{t : recall(t) >= target}`` over the distinct scores, flagging ``p >= t``."""
    ts = np.unique(p)[::-1]
    recall = np.array([np.sum((p >= t) & (y == 1)) for t in ts]) / np.sum(y == 1)
    return float(ts[np.argmax(recall >= target - 1e-12)])


def _recall_precision(y: np.ndarray, p: np.ndarray, t: float) -> tuple[float, float]:
    flag = p >= t
    tp = np.sum(flag & (y == 1))
    return float(tp / np.sum(y == 1)), float(tp / np.sum(flag))


class _Share(Compare):
    """``probability(digits=...)``, except that a number above 1 and at most 100 is told it looks like per cent."""

    def __init__(self, digits: int) -> None:
        self.inner = probability(digits=digits)
        self.kind, self.digits = self.inner.kind, digits

    def differs(self, answer: object, expected: object) -> str | None:
        try:
            return self.inner.differs(answer, expected)
        except WrongKind:
            if not isinstance(answer, bool) and isinstance(answer, int | float | np.number) and 1 < answer <= 100:
                raise WrongKind(f"{fmt(answer)} looks like per cent; give a share between 0 and 1") from None
            raise

    def too_few_digits(self, answer: object, expected: object) -> bool:
        return self.inner.too_few_digits(answer, expected)

    def rounded(self, expected: object) -> object:
        return self.inner.rounded(expected)


class _RecallBelowOne(_Share):
    """:class:`_Share`, except that 1 is a wrong value, not the right one with too few digits, when the right
    recall, rounded to the digits, is below 1 (a recall of 1 says that no positive was missed)."""

    def _one(self, answer: object, expected: object) -> bool:
        try:
            return float(answer) == 1.0 and round_significant(float(expected), self.digits) < 1.0
        except (TypeError, ValueError):
            return False

    def differs(self, answer: object, expected: object) -> str | None:
        if self._one(answer, expected):
            if isinstance(answer, bool):
                raise WrongKind(f"expected {self.kind}, got {answer}")
            return "not yet: your number does not agree with the answer"
        return super().differs(answer, expected)

    def too_few_digits(self, answer: object, expected: object) -> bool:
        return not self._one(answer, expected) and self.inner.too_few_digits(answer, expected)


@effort("compute", "the highest threshold meeting a recall target on validation, counted on test")
def exercise_2(y_val, p_val, y_test, p_test, *, min_recall: float = 0.95) -> Exercise:
    """Exercise 2 (a guarantee): test recall and precision at the highest validation threshold with enough recall.

    ``t = max{t : TP_val(t) / P_val >= min_recall}`` over the distinct validation scores (flag ``p >= t``);
    the answer is ``(TP / P, TP / (TP + FP))`` of ``p_test >= t`` on the test rows, at their own mix, each to
    three significant digits; a recall of 1 where the right one is below 1 is a wrong value, not too few
    digits, and a number above 1 and at most 100 is told it looks like per cent. Mistakes (each kept only where
    it differs from the answer and from the mistakes before it): the two numbers in the other order; a recall
    of 1; the validation precision (the rows that chose the threshold), the threshold chosen on the test rows,
    the highest threshold with recall 1.
    """
    y, p = labels_scores(y_val, p_val, "y_val", "p_val")
    yt, pt = labels_scores(y_test, p_test, "y_test", "p_test")
    r = check_probability_open(min_recall, "min_recall")
    t = _highest_with_recall(y, p, r)
    right = _recall_precision(yt, pt, t)
    on_validation = _recall_precision(y, p, t)
    cmp = numbers(["recall", "precision"], kinds={"recall": _RecallBelowOne(3), "precision": _Share(3)})
    swapped = (right[1], right[0])
    # named only where each number differs from the other (to the asked digits): else the swap is invisible
    invisible = any(each.same(v, r) or each.too_few_digits(v, r)
                    for each, v, r in zip(cmp.each, swapped, right, strict=True))
    kept = [] if invisible else [Mistake.if_equals(swapped, "your two numbers are in the other order: give "
                                                            "(recall, precision)")]
    candidates = [
        (0, 1.0, "a recall of 1 would mean that every malignant test tumour is flagged; count the ones the "
                 "threshold misses on the test rows"),
        (1, on_validation[1],
         "your precision is the one on the validation rows, which chose the threshold; check it on the test rows"),
        (1, _recall_precision(yt, pt, _highest_with_recall(yt, pt, r))[1],
         "your precision belongs to a threshold chosen on the test rows; choose it on the validation rows, "
         "then check it on the test rows"),
        (1, _recall_precision(yt, pt, _highest_with_recall(y, p, 1.0))[1],
         f"your precision belongs to the threshold that finds every malignant validation tumour; the highest "
         f"one that finds {100 * r:g} % of them flags fewer benign ones"),
    ]
    mistakes = kept + _distinct(cmp, right, candidates)
    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=mistakes,
        hints=[
            "cost_curve(y_val, p_val, cost_fp=1, cost_fn=1) lists tp and fn at every threshold; "
            f"recall = tp / (tp + fn). Keep the thresholds with recall >= {r:g} and take the largest.",
            "confusion_counts(y_test, (p_test >= t).astype(int)) gives the test counts at that threshold.",
        ],
        solution="val_curve = cost_curve(y_val, p_val, cost_fp=1, cost_fn=1)\n"
                 "recall = val_curve['tp'] / (val_curve['tp'] + val_curve['fn'])\n"
                 f"t_guarantee = val_curve['threshold'][recall >= {r:g}].max()\n"
                 "c = confusion_counts(y_test, (p_test >= t_guarantee).astype(int))\n"
                 "answer = (c.tp / (c.tp + c.fn), c.tp / (c.tp + c.fp))",
        why="The guarantee holds on the rows that chose the threshold by construction; the test rows say "
            "whether it holds on new patients.",
    )


def quiz(*, cost_fp: float = 5, cost_fn: float = 45, printed: tuple[float, float] = (10, 100)) -> Quiz:
    """The quick self-test of notebook 11; question 1's answer is the Bayes threshold ``c_fp / (c_fp + c_fn)``.

    Its prices are the question's own (5 and 45 by default, threshold 0.1), not the notebook's ``printed``
    prices 10 and 100, whose threshold 10/110 the notebook prints: that one, the prices the other way round
    and the ratio ``c_fp / c_fn`` are named mistakes (each kept where it differs from the answer at two digits).
    Question 4 asks what to change for a model whose ranking is good and whose decisions are not, with numbers
    of its own (the notebook's SVC shows ROC AUC 0.99 and recall 0).
    """
    cost_fp = check_positive(cost_fp, "cost_fp")
    cost_fn = check_positive(cost_fn, "cost_fn")
    shown_fp, shown_fn = (check_positive(c, "printed") for c in printed)
    right = cost_fp / (cost_fp + cost_fn)
    candidates = [
        (cost_fn / (cost_fp + cost_fn), "that is the other way round: the higher the price of a missed case, the "
                                        "lower the threshold"),
        (cost_fp / cost_fn, "that is c_FP / c_FN, the ratio of the prices; the threshold divides c_FP by the sum, "
                            "c_FP / (c_FP + c_FN)"),
        (shown_fp / (shown_fp + shown_fn), f"that is the notebook's threshold, for prices {shown_fp:g} and "
                                           f"{shown_fn:g}; here they are {cost_fp:g} and {cost_fn:g}"),
    ]
    mistakes = Mistake.each_distinct(candidates, right, digits=2)
    return Quiz([
        NumberQuestion(
            f"A false alarm costs {cost_fp:g}, a missed case {cost_fn:g}. A model's probabilities are calibrated "
            "for patients mixed as those it is used on. Above which probability is flagging a patient cheaper "
            "than not flagging (the Bayes threshold)?",
            lambda: right,
            digits=2,
            mistakes=mistakes,
            solution="bayes_threshold(cost_fp=..., cost_fn=...)",
        ),
        Question(
            "TunedThresholdClassifierCV chooses the threshold",
            {"a": "on the test set you score it on afterwards",
             "b": "by cross-validation on the rows it is fitted on",
             "c": "from the Bayes formula, without looking at rows"},
            "b",
            {"a": "the test set is never used to choose anything: it would make the test cost optimistic.",
             "c": "that is FixedThresholdClassifier with a threshold you compute yourself."},
        ),
        Question(
            "Five cross-validation folds give F1 scores that differ by 0.1. This spread tells you",
            {"a": "the standard error of the mean of the five fold scores",
             "b": "that the model's probabilities are badly calibrated",
             "c": "how much one score moves between test folds"},
            "c",
            {"a": "the folds share training rows, so their spread is not a standard error of their mean.",
             "b": "the spread of the folds says nothing about calibration."},
        ),
        Question(
            "A model scores ROC AUC 0.95 and average precision 0.60 in every cross-validation fold, but its "
            "balanced accuracy is 0.50 in every fold. What would you change first?",
            {"a": "the threshold: tune it on held-out folds",
             "b": "the model: its ranking is hardly better than chance",
             "c": "nothing: balanced accuracy is not made for rare positives"},
            "a",
            {"a": "The ranking is good, so a useful threshold exists; balanced accuracy 0.50 says the one in use flags "
                  "almost nobody or almost everybody. TunedThresholdClassifierCV moves it.",
             "b": "ROC AUC 0.95 and average precision 0.60 judge the ranking, and it is good; only the decisions at "
                  "the threshold in use fail.",
             "c": "balanced accuracy averages the recalls of the two classes, so rare positives weigh as much as "
                  "the rest; 0.50 is what saying the same to everybody gets."},
        ),
    ])
