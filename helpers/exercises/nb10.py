"""Checkers for notebook 10 (multiclass metrics): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. The worked solutions are
in ``notebooks/solutions/10_multiclass_metrics_solutions.ipynb``.
"""

from __future__ import annotations

import itertools

import numpy as np

from .._validate import check_count, check_numbers, check_probability_open, check_same_length
from .core import Compare, Exercise, Mistake, WrongKind, describe, fmt, numbers
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _f1s(y_true: np.ndarray, y_pred: np.ndarray) -> tuple[float, float, float]:
    """Macro, micro and support-weighted F1 from per-class counts (classes: those in ``y_true`` or ``y_pred``)."""
    labels = np.union1d(y_true, y_pred)
    tp = np.array([np.sum((y_true == c) & (y_pred == c)) for c in labels], dtype=float)
    fp = np.array([np.sum((y_true != c) & (y_pred == c)) for c in labels], dtype=float)
    fn = np.array([np.sum((y_true == c) & (y_pred != c)) for c in labels], dtype=float)
    denom = 2 * tp + fp + fn
    f1 = np.divide(2 * tp, denom, out=np.zeros_like(tp), where=denom > 0)
    support = tp + fn
    micro = 2 * tp.sum() / (2 * tp.sum() + fp.sum() + fn.sum())
    return float(f1.mean()), float(micro), float(np.average(f1, weights=support))


def _thousands(n: int) -> str:
    """``1000`` -> ``"1 000"`` (a no-break space), the course's way of writing large numbers."""
    return f"{n:,}".replace(",", "\u00a0")  # a no-break space: the number is never wrapped apart


def _labels(y_true, name: str) -> np.ndarray:
    y = check_numbers(y_true, name, ndim=1)
    if not np.all(y == np.round(y)):
        raise ValueError(f"{name} must hold whole-number class labels")
    return y.astype(int)


@effort("compute", "macro and micro F1 recomputed with few eights kept")
def exercise_1(y_test, pred, *, rare_class: int = 8, n_kept: int = 5) -> Exercise:
    """Exercise 1 (a rare class): macro and micro F1 after keeping only the first ``n_kept`` of ``rare_class``.

    Keep every sample whose label is not ``rare_class`` and the first ``n_kept`` that are (in the order
    of ``y_test``); then, over the ``c`` classes with per-class counts ``TP_j, FP_j, FN_j``::

        F1_j     = 2 TP_j / (2 TP_j + FP_j + FN_j)
        macro F1 = (1 / c) sum_j F1_j
        micro F1 = 2 sum TP / (2 sum TP + sum FP + sum FN)      (= accuracy)

    The answer is two numbers, ``(macro F1, micro F1)``, each right to three significant digits. Mistakes:
    percentages; the two swapped; the whole test set; the weighted average for macro; every ``rare_class``
    dropped, or one kept too few or too many.
    """
    y = _labels(y_test, "y_test")
    p = _labels(pred, "pred")
    check_same_length(y, p, "y_test", "pred")
    rare_class = check_count(rare_class, "rare_class", low=0)
    n_kept = check_count(n_kept, "n_kept", low=1)
    if np.sum(y == rare_class) <= n_kept:
        raise ValueError(f"rare_class must have more than n_kept samples in y_test, got {np.sum(y == rare_class)}")
    def kept(n: int) -> np.ndarray:
        return (y != rare_class) | (np.cumsum(y == rare_class) <= n)

    macro, micro, weighted = _f1s(y[kept(n_kept)], p[kept(n_kept)])
    cmp = numbers(["macro F1", "micro F1"], digits=3)
    first = f"keep the first {n_kept} (np.cumsum(y_test == {rare_class}) <= {n_kept})"
    candidates = [
        ((micro, macro), "you swapped them: macro F1 is the mean of the per-class F1s, micro F1 pools every TP, "
                         "FP and FN first"),
        (_f1s(y, p)[:2], f"those are the F1s of the whole test set; keep only the first {n_kept} of the "
                         f"{rare_class}s"),
        ((weighted, micro), "your first number is the support-weighted average; macro gives every class the same "
                            "weight"),
        (_f1s(y[kept(0)], p[kept(0)])[:2], f"those are the F1s with every {rare_class} dropped; {first}"),
        *[(_f1s(y[kept(n)], p[kept(n)])[:2], f"those are the F1s with {n} of the {rare_class}s kept; {first}")
          for n in (n_kept - 1, n_kept + 1) if 0 < n < np.sum(y == rare_class)],
    ]
    mistakes = [Mistake.if_equals(value, message) for value, message in candidates
                if not cmp.same(value, (macro, micro))]
    percent = (100 * macro, 100 * micro)
    mistakes.insert(0, Mistake(
        lambda a: isinstance(a, tuple | list | np.ndarray) and len(a) == 2
        and any(each.same(x, 100 * e) for each, x, e in zip(cmp.each, a, (macro, micro), strict=True)),
        "that looks like a percentage: give each F1 as a number between 0 and 1", example=percent))
    return Exercise(
        "Exercise 1",
        (macro, micro),
        compare=cmp,
        mistakes=mistakes,
        hints=[
            f"keep = (y_test != {rare_class}) | (np.cumsum(y_test == {rare_class}) <= {n_kept}) keeps the first "
            f"{n_kept} of them and every other image.",
            "f1_score(y_test[keep], pred[keep], average='macro') and average='micro'; answer (macro, micro).",
        ],
        why="The rare, badly handled class weighs 1/10 in the macro average, almost nothing in the micro one.",
    )


def _auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """P(score of a positive > score of a negative) + P(tie) / 2, by comparing every pair."""
    diff = pos[:, None] - neg[None, :]
    return float(np.mean(diff > 0) + np.mean(diff == 0) / 2)


class _Pair(Compare):
    kind = "a pair of two classes, such as (3, 9)"

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, str) or not isinstance(answer, tuple | list | np.ndarray) or len(answer) != 2:
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
        try:
            pair = {int(v) for v in answer}
        except (TypeError, ValueError):
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}") from None
        if pair == set(expected):
            return None
        return "not yet: another pair's two AUCs differ more than your pair's"

    def show(self, expected: object) -> str:
        return fmt(tuple(expected))


@effort("read", "the most asymmetric pair read off the pairs table")
def exercise_2(y_test, proba) -> Exercise:
    """Exercise 2 (asymmetric pairs): the pair of classes where ``A(j|k)`` and ``A(k|j)`` differ most.

    ``A(j|k)`` is the AUC of column ``j`` of ``proba`` (classes ``0 .. c-1`` in column order) ranking the
    samples of class ``j`` above those of class ``k``::

        A(j|k) = P(p_j(x) > p_j(x')) + P(p_j(x) = p_j(x')) / 2,   x of class j, x' of class k

    The answer is the pair ``(j, k)`` with the largest ``|A(j|k) - A(k|j)|``, in either order. Two typical
    mistakes get their own message: the pair the model separates worst (lowest ``(A(j|k) + A(k|j)) / 2``) and
    the pair with the largest signed ``A(j|k) - A(k|j)``, ``j < k`` (the absolute value forgotten).
    """
    y = _labels(y_test, "y_test")
    p = check_numbers(proba, "proba", ndim=2)
    check_same_length(y, p, "y_test", "proba")
    labels = list(range(p.shape[1]))
    if not np.isin(y, labels).all():
        raise ValueError("proba must have one column per class of y_test (classes 0, 1, ... in column order)")
    pairs = [(j, k) for j, k in itertools.combinations(labels, 2) if np.any(y == j) and np.any(y == k)]
    if not pairs:
        raise ValueError("y_test must hold at least two classes")
    a = {}
    for j, k in pairs:
        a[j, k] = _auc(p[y == j, j], p[y == k, j])
        a[k, j] = _auc(p[y == k, k], p[y == j, k])
    right = max(pairs, key=lambda jk: abs(a[jk] - a[jk[::-1]]))
    candidates = [
        (min(pairs, key=lambda jk: a[jk] + a[jk[::-1]]),
         "that is the pair the model separates worst (lowest mean of the two AUCs); the question asks where the "
         "two directions disagree most"),
        (max(pairs, key=lambda jk: a[jk] - a[jk[::-1]]),
         "that pair has the largest A(j|k) − A(k|j), but the other direction can be the larger one: compare the "
         "absolute differences"),
    ]
    cmp = _Pair()
    mistakes = []
    for pair, message in candidates:
        if not cmp.same(pair, right):
            mistakes.append(Mistake(lambda answer, pair=pair: cmp.same(answer, pair), message, example=pair))
    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=mistakes,
        hints=[
            "The table pairs = ovo_auc_table(y_test, proba) has both A(j|k) and A(k|j) for each pair.",
            "Take the absolute difference of the two columns and the row where it is largest.",
        ],
        why="Each direction ranks by another column of probabilities, and with ten classes they need not agree.",
    )


def quiz(y_test, pred, *, digit: int = 1, prevalence: float = 0.001, printed_prevalence: float = 0.01,
         tripled: int = 8) -> Quiz:
    """The quick self-test of notebook 10; the numeric question is ``digit``'s precision at ``prevalence``.

    From the test set's rates of ``digit`` at the model's decisions (TPR = TP / (TP + FN), FPR = FP / (FP + TN)),
    by Bayes' rule::

        precision at pi = TPR pi / (TPR pi + FPR (1 - pi))

    right to two significant digits; the same formula at ``printed_prevalence`` (the notebook's table prints
    it) is a named mistake. Question 3 copies every image of ``tripled`` twice more: its recall stays the same,
    its precision, the micro F1 and the one-vs-rest macro AUC move (``tests/test_exercises_nb10.py`` checks it
    on the notebook's digits).
    """
    y = _labels(y_test, "y_test")
    p = _labels(pred, "pred")
    check_same_length(y, p, "y_test", "pred")
    digit = check_count(digit, "digit", low=0)
    pi = check_probability_open(prevalence, "prevalence")
    shown_pi = check_probability_open(printed_prevalence, "printed_prevalence")
    tripled = check_count(tripled, "tripled", low=0)
    tp = int(np.sum((y == digit) & (p == digit)))
    fn = int(np.sum((y == digit) & (p != digit)))
    fp = int(np.sum((y != digit) & (p == digit)))
    tn = int(np.sum((y != digit) & (p != digit)))
    if tp + fn == 0 or fp + tn == 0 or tp + fp == 0:
        raise ValueError(f"digit must be a class of y_test that the model predicts, with other classes beside it, "
                         f"got {digit}")
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    one_in = round(1 / pi)

    def precision_at(prior: float) -> float:
        return tpr * prior / (tpr * prior + fpr * (1 - prior))

    printed = []
    if round(1 / shown_pi) != one_in:
        times = ((1 - pi) / pi) / ((1 - shown_pi) / shown_pi)
        printed.append(Mistake.if_equals(
            precision_at(shown_pi), f"that is digit {digit}'s precision at 1 in {_thousands(round(1 / shown_pi))}, "
                                    f"printed above; at 1 in {_thousands(one_in)} each {digit} comes with about "
                                    f"{times:.0f} times as many other digits"))
    return Quiz([
        Question(
            "Each test image has exactly one label. The micro-averaged F1 over all the classes then equals",
            {"a": "the macro-averaged F1, since both use the same ten classes",
             "b": "the accuracy: the share of the images classified right",
             "c": "the mean of the per-class precisions and recalls"},
            "b",
            {"b": "Each mistake is one FP (of the predicted class) and one FN (of the true class), so micro "
                  "precision, micro recall and micro F1 all equal the accuracy.",
             "a": "macro F1 averages the per-class F1s, each class weighing alike; micro pools the counts, so each "
                  "image weighs alike. They differ as soon as a class is handled worse than the others.",
             "c": "that mixes macro precision and macro recall; micro pools TP, FP and FN over the classes first."},
        ),
        Question(
            "A class that is rare in the test set and badly handled by the model pulls down most",
            {"a": "the micro average, since its mistakes count like any others",
             "b": "the support-weighted average, which weighs classes by their size",
             "c": "the macro average, where each class weighs the same"},
            "c",
            {"c": "However few images it has, the class weighs 1/c in the macro average.",
             "a": "in the micro average each image counts once, so a class of five images barely moves it.",
             "b": "its weights are the class sizes, so a rare class gets only its small share."},
        ),
        Question(
            f"You copy every test image of digit {tripled} twice more, so that the digit is three times as "
            "frequent; the model and its predictions stay as they are. Which of these stays exactly the same?",
            {"a": f"the recall of digit {tripled}",
             "b": f"the precision of digit {tripled}",
             "c": "the micro F1, as every image still counts once",
             "d": "the one-vs-rest macro AUC, as each class still weighs 1/10"},
            "a",
            {"a": f"Recall is a share of the images of digit {tripled} alone: copying them multiplies its TP and "
                  "its FN alike.",
             "b": f"its TP triple while its FP, the other digits called {tripled}, do not: precision moves with the "
                  "class's share, as in notebooks 05 and 06.",
             "c": f"micro F1 is the accuracy, and digit {tripled} is handled worse than most digits: tripling its "
                  "images moves it.",
             "d": f"each class still weighs 1/10, but the 'rest' of every other class now holds three times as many "
                  f"images of digit {tripled}, so their AUCs move."},
        ),
        NumberQuestion(
            f"On the test set, digit {digit} has TPR {tp}/{tp + fn} and FPR {fp}/{fp + tn} at the model's "
            f"decisions. Where {digit}s are 1 in {_thousands(one_in)} images (rates unchanged), what share of the "
            f"images the model calls {digit} would be {digit}s (its precision)?",
            lambda: precision_at(pi),
            digits=2,
            mistakes=[
                *printed,
                Mistake.if_equals(tp / (tp + fp), f"that is the precision on the test set, where {digit}s are about "
                                                  f"1 in {round((tp + fn + fp + tn) / (tp + fn))}; at 1 in "
                                                  f"{_thousands(one_in)} each false positive stands for many "
                                                  "more negatives"),
                Mistake.if_equals(tpr, "that is the TPR (recall), which does not move with the prevalence; "
                                       "precision does: TPR·π / (TPR·π + FPR·(1 − π))"),
            ],
            why="A ranking with an AUC near 0.99 still gives mostly false alarms for a class that rare.",
            solution="TPR·π / (TPR·π + FPR·(1 − π)), Bayes' rule",
        ),
    ])
