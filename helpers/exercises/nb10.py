"""Checkers for notebook 10 (multiclass metrics): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it.
"""

from __future__ import annotations

import itertools

import numpy as np

from ._inputs import count, numeric, same_length
from .core import Compare, Exercise, Mistake, WrongKind, describe, numbers
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


def _labels(y_true, name: str) -> np.ndarray:
    y = numeric(y_true, name, ndim=1)
    if not np.all(y == np.round(y)):
        raise ValueError(f"{name} must hold whole-number class labels")
    return y.astype(int)


def exercise_1(y_test, pred, *, rare_class: int = 8, n_kept: int = 5) -> Exercise:
    """Exercise 1 (a rare class): macro and micro F1 after keeping only the first ``n_kept`` of ``rare_class``.

    Keep every sample whose label is not ``rare_class`` and the first ``n_kept`` that are (in the order
    of ``y_test``); then, over the ``c`` classes with per-class counts ``TP_j, FP_j, FN_j``::

        F1_j     = 2 TP_j / (2 TP_j + FP_j + FN_j)
        macro F1 = (1 / c) sum_j F1_j
        micro F1 = 2 sum TP / (2 sum TP + sum FP + sum FN)      (= accuracy)

    The answer is two numbers, ``(macro F1, micro F1)``, each right within 0.0005.
    """
    y = _labels(y_test, "y_test")
    p = _labels(pred, "pred")
    same_length(y, p, "y_test", "pred")
    rare_class = count(rare_class, "rare_class", low=0)
    n_kept = count(n_kept, "n_kept")
    if np.sum(y == rare_class) <= n_kept:
        raise ValueError(f"rare_class must have more than n_kept samples in y_test, got {np.sum(y == rare_class)}")
    keep = (y != rare_class) | (np.cumsum(y == rare_class) <= n_kept)

    def right() -> tuple[float, float]:
        return _f1s(y[keep], p[keep])[:2]

    return Exercise(
        "Exercise 1",
        right,
        compare=numbers(["macro F1", "micro F1"], abs=5e-4),
        mistakes=[
            Mistake.if_equals(lambda: right()[::-1],
                              "you swapped them: macro F1 is the mean of the per-class F1s, micro F1 pools "
                              "every TP, FP and FN first"),
            Mistake.if_equals(lambda: _f1s(y, p)[:2],
                              f"those are the F1s with all the {rare_class}s; keep only the first {n_kept} of them"),
            Mistake.if_equals(lambda: (_f1s(y[keep], p[keep])[2], right()[1]),
                              "your first number is the support-weighted average; macro gives every class "
                              "the same weight"),
        ],
        hints=[
            f"keep = (y_test != {rare_class}) | (np.cumsum(y_test == {rare_class}) <= {n_kept}) keeps the first "
            f"{n_kept} of them and every other sample.",
            "f1_score(y_test[keep], pred[keep], average='macro') and average='micro'; answer (macro, micro).",
        ],
        solution=f"keep = (y_test != {rare_class}) | (np.cumsum(y_test == {rare_class}) <= {n_kept})\n"
                 "answer = (f1_score(y_test[keep], pred[keep], average='macro'),\n"
                 "          f1_score(y_test[keep], pred[keep], average='micro'))",
        why="The rare, badly handled class weighs 1/10 in the macro average, almost nothing in the micro one.",
    )


def _auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """P(score of a positive > score of a negative) + P(tie) / 2, by comparing every pair."""
    diff = pos[:, None] - neg[None, :]
    return float(np.mean(diff > 0) + np.mean(diff == 0) / 2)


def _directed_aucs(y: np.ndarray, proba: np.ndarray, labels: list[int]) -> dict[tuple[int, int], float]:
    """``A(j|k)`` for every ordered pair: column ``j`` ranks the samples of ``j`` against those of ``k``."""
    out = {}
    for a, b in itertools.permutations(range(len(labels)), 2):
        out[labels[a], labels[b]] = _auc(proba[y == labels[a], a], proba[y == labels[b], a])
    return out


class _Pair(Compare):
    kind = "a pair of two classes, such as (3, 8)"

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


def exercise_2(y_test, proba) -> Exercise:
    """Exercise 2 (asymmetric pairs): the pair of classes where ``A(j|k)`` and ``A(k|j)`` differ most.

    ``A(j|k)`` is the AUC of column ``j`` of ``proba`` (classes ``0 .. c-1`` in column order) ranking the
    samples of class ``j`` above those of class ``k``::

        A(j|k) = P(p_j(x) > p_j(x')) + P(p_j(x) = p_j(x')) / 2,   x of class j, x' of class k

    The answer is the pair ``(j, k)`` with the largest ``|A(j|k) - A(k|j)|``, in either order.
    """
    y = _labels(y_test, "y_test")
    p = numeric(proba, "proba", ndim=2)
    same_length(y, p, "y_test", "proba")
    labels = list(range(p.shape[1]))
    if not np.isin(y, labels).all():
        raise ValueError("proba must have one column per class of y_test (classes 0, 1, ... in column order)")
    cache: dict[str, dict] = {}

    def aucs() -> dict[tuple[int, int], float]:
        if "a" not in cache:
            cache["a"] = _directed_aucs(y, p, labels)
        return cache["a"]

    def pairs() -> list[tuple[int, int]]:
        return [(j, k) for j, k in itertools.combinations(labels, 2) if np.any(y == j) and np.any(y == k)]

    def right() -> tuple[int, int]:
        a = aucs()
        return max(pairs(), key=lambda jk: abs(a[jk] - a[jk[::-1]]))

    def hardest() -> tuple[int, int]:
        a = aucs()
        return min(pairs(), key=lambda jk: a[jk] + a[jk[::-1]])

    return Exercise(
        "Exercise 2",
        right,
        compare=_Pair(),
        mistakes=[Mistake(lambda answer: _Pair().same(answer, hardest()) and set(hardest()) != set(right()),
                          "that is the pair the model separates worst (lowest mean of the two); the question "
                          "asks where the two directions disagree most")],
        hints=[
            "The table pairs = ovo_auc_table(y_test, proba) has both A(j|k) and A(k|j) for each pair.",
            "Take the absolute difference of the two columns and the row where it is largest.",
        ],
        solution="gap = (pairs['A(j|k)'] - pairs['A(k|j)']).abs()\n"
                 "row = pairs.loc[gap.idxmax()]\nanswer = (int(row['j']), int(row['k']))",
        why="Each direction ranks by another column of probabilities, and with ten classes they need not agree.",
    )


def quiz(y_test, pred) -> Quiz:
    """The quick self-test of notebook 10; the numeric question is the model's macro F1 on the test set.

    ``macro F1 = (1 / c) sum_j 2 TP_j / (2 TP_j + FP_j + FN_j)``, right within 0.001.
    """
    y = _labels(y_test, "y_test")
    p = _labels(pred, "pred")
    same_length(y, p, "y_test", "pred")
    return Quiz([
        Question(
            "In a multiclass problem where each sample has one label, micro-averaged F1 equals",
            {"a": "accuracy", "b": "macro-averaged F1", "c": "the mean of the per-class precisions"},
            "a",
            {"b": "macro F1 weighs every class alike; micro pools the counts, so each sample weighs alike.",
             "c": "that is macro precision; micro pools TP and FP over the classes."},
        ),
        Question(
            "One small class that the model handles badly pulls down most",
            {"a": "the micro average", "b": "the macro average", "c": "the support-weighted average"},
            "b",
            {"a": "in the micro average the few samples of that class barely count.",
             "c": "the weighted average gives the class only its small share."},
        ),
        Question(
            "The one-vs-rest AUC of class j measures",
            {"a": "how well the probability of j ranks the samples of j above all other samples",
             "b": "the share of the samples of j that the model predicts as j",
             "c": "how well class j is told apart from its most similar class"},
            "a",
            {"b": "that is the recall of class j, at the model's own decision.",
             "c": "that is one pair of the one-vs-one AUC."},
        ),
        NumberQuestion(
            "What is this model's macro F1 on the test set (three decimals)?",
            lambda: _f1s(y, p)[0],
            tol=0.001,
            solution="f1_score(y_test, pred, average='macro')",
        ),
    ])
