"""Checkers for notebook 14 (at scale): the exercises and the quick self-test.

Each factory takes the notebook's own data (the rows, or the score-count tables it builds) and computes the
right answer from it. The worked solutions are in ``notebooks/solutions/14_at_scale_solutions.ipynb``.

The right answers::

    exercise 1: average precision as tested and at the deployment prevalence pi, scikit-learn's
                average_precision_score on the rows (at pi: every negative weighted by w)
    exercise 2: with scores rounded half up to d digits, the bound sum_b n_pos_b n_neg_b / (2 P N) and the
                actual error |AUC of the rounded scores - AUC|
    exercise 3: the threshold for "recall at least r" chosen on the table ``second`` and counted on ``first``:
                recall TP / P and precision at pi TP / (TP + w FP) there
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_count, check_probability_open
from ..counts import weight_negatives
from ._labels import labels_scores
from .core import Exercise, Mistake, numbers
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _table(table: object, name: str) -> pd.DataFrame:
    """A score-count table (``score, n_pos, n_neg``, highest score first), else ``ValueError`` naming it."""
    if not isinstance(table, pd.DataFrame) or not {"score", "n_pos", "n_neg"} <= set(table.columns):
        raise ValueError(f"{name} must be a score-count table (a DataFrame with columns score, n_pos, n_neg)")
    score = table["score"].to_numpy(dtype=float)
    if score.size == 0 or np.any(np.diff(score) >= 0):
        raise ValueError(f"{name} must hold distinct scores, highest first")
    if table["n_pos"].sum() == 0 or table["n_neg"].sum() == 0:
        raise ValueError(f"{name} must count both classes")
    return table


def _weight(n_pos: int, n_neg: int, pi: float) -> float:
    """The weight of a negative that gives the negatives the share ``1 - pi``: ``((1 - pi) / pi) / (N / P)``."""
    return (1 - pi) / pi * n_pos / n_neg


def _per_cent(right: tuple[float, ...], message: str) -> Mistake:
    """The answer with a part given in per cent: that part, divided by 100, within 1 % of the right one."""

    def matches(answer: object) -> bool:
        try:
            parts = [float(a) for a in answer]  # type: ignore[union-attr]
        except (TypeError, ValueError):
            return False
        return len(parts) == len(right) and any(
            r != 0 and abs(a / 100 - r) <= 0.01 * abs(r) for a, r in zip(parts, right, strict=True))

    return Mistake(matches, message, example=tuple(100 * r for r in right))


@effort("build", "AP computed from the merged count table at two prevalences, checked against scikit-learn")
def exercise_1(y_true, y_score, merged: pd.DataFrame, *, deploy_prevalence: float, digits: int = 4) -> Exercise:
    """Exercise 1: average precision, as tested and at ``deploy_prevalence``, from the merged table.

    The right values are scikit-learn's ``average_precision_score`` on the rows (at ``pi`` with
    ``sample_weight`` ``w`` for every negative), which the merged table gives exactly::

        AP = sum over rows k of n_pos_k / P * TP_k / (TP_k + FP_k)       (at pi: w FP_k)

    ``digits`` significant digits (four: at three, an AP at deployment cut off instead of rounded could not be
    told from the trapezoidal area, which on the notebook's data differs in the third digit's rounding only).
    Mistakes: either number in per cent; the two in the other order; the plain mean of the precisions over the
    table's rows; AP as tested
    given for the deployment too (no weight); the weight put on the positives instead (``TP / (TP + FP / w)``);
    at deployment, the trapezoidal area under the PR curve (``auc(recall, precision)`` from the point
    (0, 1)) and the deployment odds ``(1 - pi) / pi`` used as the weight. A mistake that the comparison
    cannot tell from the right answer on these data is left out (as tested the trapezoid often is).
    """
    y, s = labels_scores(y_true, y_score)
    table = _table(merged, "merged")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    d = check_count(digits, "digits", low=1)
    if int(table["n_pos"].sum()) != int(y.sum()) or int(table["n_neg"].sum()) != int((y == 0).sum()):
        raise ValueError("merged must count the same rows as y_true (the notebook's merged table)")
    n_pos, n_neg = int(y.sum()), int((y == 0).sum())
    w = _weight(n_pos, n_neg, pi)
    memo: dict = {}

    def right() -> tuple[float, float]:
        if "ap" not in memo:
            from sklearn.metrics import average_precision_score

            memo["ap"] = (float(average_precision_score(y, s)),
                          float(average_precision_score(y, s, sample_weight=np.where(y == 1, 1.0, w))))
        return memo["ap"]

    tp = table["n_pos"].cumsum().to_numpy(dtype=float)
    fp = table["n_neg"].cumsum().to_numpy(dtype=float)
    step = table["n_pos"].to_numpy(dtype=float) / n_pos
    mean_precision = float(np.mean(tp / (tp + fp)))
    inverted = float(np.sum(step * tp / (tp + fp / w)))
    odds = (1 - pi) / pi

    def weighted_precision(weight: float) -> np.ndarray:  # each negative counted ``weight`` times, by helpers.counts
        c = weight_negatives(tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, weight=weight)
        return c.tp / (c.tp + c.fp)

    def trapezoid(weight: float) -> float:  # sklearn.metrics.auc(recall, precision) of precision_recall_curve
        recall, precision = np.r_[0.0, tp / n_pos], np.r_[1.0, weighted_precision(weight)]
        return float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))

    cmp = numbers(["AP as tested", "AP at deployment"], digits=d)
    candidates = [
        (1, trapezoid(w), "that is the trapezoidal area under the PR curve; AP is the step sum "
                          "Σ (R_k − R_{k−1}) P_k, each precision times its step in recall"),
        (1, float(np.sum(step * weighted_precision(odds))), f"w is ((1 − π)/π)/(N/P) ≈ {w:.3g}, the fold change "
                                                          f"of the odds, not (1 − π)/π = {odds:.4g}"),
    ]

    table_ap = (float(np.sum(step * tp / (tp + fp))), float(np.sum(step * weighted_precision(w))))  # = right()

    def right_on_these_data(part: int, value: float) -> bool:
        return cmp.same(tuple(value if j == part else v for j, v in enumerate(table_ap)), table_ap)

    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=[
            _per_cent(table_ap, "your numbers look like percentages; give each AP as a share between 0 and 1"),
            *([] if cmp.same(table_ap[::-1], table_ap) else [Mistake.if_equals(
                table_ap[::-1], "your two numbers are in the other order: give (AP as tested, AP at deployment)")]),
            Mistake.in_part(0, mean_precision, "that is the plain mean of the precisions over the table's rows; "
                            "weight each row's precision by its step in recall, n_pos / P"),
            Mistake.in_part(1, lambda: right()[0], "that is AP as tested; at deployment every false positive "
                            "counts w times: TP / (TP + w FP)"),
            Mistake.in_part(1, inverted, "the weight belongs to the negatives (FP), not to the positives"),
            *(Mistake.in_part(i, value, message) for i, value, message in candidates
              if not right_on_these_data(i, value)),
        ],
        hints=[
            "tp = merged.n_pos.cumsum(), fp = merged.n_neg.cumsum(): the counts at each row's threshold; each "
            "row adds n_pos / P to the recall.",
            "AP = sum(merged.n_pos / P * tp / (tp + fp)); at deployment the same sum with w * fp.",
        ],
        solution="tp, fp = merged.n_pos.cumsum(), merged.n_neg.cumsum()\nstep = merged.n_pos / n_pos\n"
                 "answer = (sum(step * tp / (tp + fp)), sum(step * tp / (tp + w * fp)))",
    )


def _round_half_up(s: np.ndarray, digits: int) -> np.ndarray:
    return np.floor(s * 10.0**digits + 0.5) / 10.0**digits


def _binned(y: np.ndarray, s: np.ndarray, digits: int) -> tuple[float, float]:
    """``(bound, |AUC of the rounded scores - AUC|)`` for scores rounded half up to ``digits`` digits."""
    from sklearn.metrics import roc_auc_score

    rounded = _round_half_up(s, digits)
    bins = pd.crosstab(rounded, y)  # rows: bins, columns: 0 (negatives) and 1 (positives)
    n_pos, n_neg = bins[1].sum(), bins[0].sum()
    bound = float((bins[1] * bins[0]).sum() / (2 * n_pos * n_neg))
    return bound, float(abs(roc_auc_score(y, rounded) - roc_auc_score(y, s)))


@effort("compute", "the count table rebuilt at two digits, the AUC's bound and actual error")
def exercise_2(y_true, y_score, *, digits: int = 2, shown_digits: int = 3) -> Exercise:
    """Exercise 2: the bound on the AUC's error and the actual error, scores rounded to ``digits`` digits.

    Rounded half up, ``floor(s 10^d + 0.5) / 10^d``; with ``n_pos_b, n_neg_b`` the classes' counts in bin ``b``::

        bound = sum_b n_pos_b n_neg_b / (2 P N),      error = |AUC(rounded scores) - AUC(scores)|

    Two significant digits. Mistakes: the bound not halved; the bound given as the error; the signed error;
    the bound of the notebook's own ``shown_digits``-digit table; each left out where, on these data, it gives
    the right answer (the error reaching the bound, a binned AUC above the exact one).
    """
    y, s = labels_scores(y_true, y_score)
    d = check_count(digits, "digits", low=1)
    shown = check_count(shown_digits, "shown_digits", low=1)
    from sklearn.metrics import roc_auc_score

    bound, error = _binned(y, s, d)
    signed = float(roc_auc_score(y, _round_half_up(s, d)) - roc_auc_score(y, s))
    cmp = numbers(["bound", "error"], digits=2)
    candidates = [  # (part, wrong value, message)
        (0, 2 * bound, "that is the share of pairs that share a bin; each such pair moves the AUC by at most one "
                       "half, so halve it"),
        (1, bound, "that is the bound, the worst case; the error is how far the binned AUC actually is from the "
                   "exact one"),
        (1, signed, "the error is a distance, |binned AUC - exact AUC|, a number >= 0"),
    ]
    if d != shown:
        candidates.append((0, _binned(y, s, shown)[0], f"that is the bound of the {shown}-digit table of section 6; "
                                                       f"round to {d} digits"))
    # a typical mistake that gives the right answer on these data (the bound reached, the error >= 0) is no mistake
    right = (bound, error)
    mistakes = [Mistake.in_part(i, value, message) for i, value, message in candidates
                if not cmp.same(tuple(value if j == i else v for j, v in enumerate(right)), right)]
    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=mistakes,
        hints=[
            f"table = score_count_table(parquet_path, label='y_true', score='y_score', engine='duckdb', digits={d}); "
            "binning_auc_error_bound(table) is the bound.",
            "The binned AUC is roc_from_score_counts(table)['auc_piece'].sum(); the error is its distance to "
            "exact_auc.",
        ],
        solution=f"table = score_count_table(parquet_path, ..., digits={d})\n"
                 "answer = (binning_auc_error_bound(table), "
                 "abs(roc_from_score_counts(table)['auc_piece'].sum() - exact_auc))",
    )


def _choose(table: pd.DataFrame, r: float) -> float:
    """The threshold for "recall at least r": the k-th highest positive score, ``k = ceil(r P)``."""
    n_pos = table["n_pos"].to_numpy()
    k = int(np.ceil(r * n_pos.sum() - 1e-9))
    return float(table["score"].to_numpy()[np.searchsorted(np.cumsum(n_pos), k)])


def _counted(table: pd.DataFrame, t: float) -> tuple[int, int, int, int]:
    """``(TP, FP, P, N)`` of ``table`` at the threshold ``t`` (flag ``score >= t``)."""
    above = table["score"].to_numpy() >= t
    return (int(table["n_pos"][above].sum()), int(table["n_neg"][above].sum()), int(table["n_pos"].sum()),
            int(table["n_neg"].sum()))


def _judged(choose: pd.DataFrame, judge: pd.DataFrame, r: float, pi: float) -> tuple[float, float, float]:
    """Recall, precision at ``pi`` and precision as tested on ``judge`` at the threshold chosen on ``choose``."""
    tp, fp, p, n = _counted(judge, _choose(choose, r))
    return tp / p, tp / (tp + _weight(p, n, pi) * fp), tp / (tp + fp)


@effort("compute", "the split-half choice swapped, recall and precision at 0.1 %")
def exercise_3(first: pd.DataFrame, second: pd.DataFrame, *, at_recall: float = 0.8,
               deploy_prevalence: float = 0.001) -> Exercise:
    """Exercise 3: the rule "recall at least r" chosen on ``second`` and judged on ``first``.

    The threshold is the ``k``-th highest positive score of ``second``, ``k = ceil(r P_second)``; counted on
    ``first`` (flag ``score >= t``)::

        recall = TP / P,     precision at pi = TP / (TP + w FP),   w = ((1 - pi) / pi) / (N / P)   (first's P, N)

    Three significant digits. Mistakes: either number in per cent; the two in the other order; recall counted
    on the half that chose it;
    precision as tested (no weight); the answer of section 7 (chosen on ``first``, judged on ``second``).
    """
    first = _table(first, "first")
    second = _table(second, "second")
    r = check_probability_open(at_recall, "at_recall")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    recall, precision, as_tested = _judged(second, first, r, pi)
    own_recall = _judged(second, second, r, pi)[0]
    before = _judged(first, second, r, pi)[:2]
    cmp = numbers(["recall", "precision"], digits=3)
    return Exercise(
        "Exercise 3",
        (recall, precision),
        compare=cmp,
        mistakes=[
            _per_cent((recall, precision), "your numbers look like percentages; give recall and precision as "
                      "shares between 0 and 1"),
            *([] if cmp.same((precision, recall), (recall, precision)) else [Mistake.if_equals(
                (precision, recall), "your two numbers are in the other order: give (recall, precision at "
                                     f"{100 * pi:g} %)")]),
            Mistake(lambda a: cmp.same(a, before), "those are section 7's numbers: there the first half chose and "
                    "the second judged; swap them", example=before),
            Mistake.in_part(0, own_recall, "that is the recall on the half that chose the threshold, where the "
                            "target is met by construction; count it on first"),
            Mistake.in_part(1, as_tested, "that is precision as tested, at the file's own mix; at 0.1 % every "
                            "false positive counts w times"),
        ],
        hints=[
            "counts_rule_table([(rule, deploy_prevalence)], choose=..., count=...) chooses on one table and "
            "counts on the other.",
            "Here choose=second and count=first; the row's recall and precision are the answer.",
        ],
        solution="swapped = counts_rule_table([(rule, deploy_prevalence)], choose=second, count=first).iloc[0]\n"
                 "answer = (swapped.recall, swapped.precision)",
    )


def quiz(*, n_pos: int, bound: float, digits: int = 3, merged_rows: int | None = None) -> Quiz:
    """The quick self-test of notebook 14; question 1's answer is ``2 P + 1`` for the file's ``P`` positives.

    With every positive on its own score, the merged table has a row per positive score and a row per run
    of negatives between them, above the highest and below the lowest: ``P + (P + 1)``. ``merged_rows``, the
    length of the notebook's own merged table (shorter where positives share scores), is a named mistake.
    ``bound`` is the binning bound the notebook prints for its scores rounded to ``digits`` digits (question 4).
    """
    p = check_count(n_pos, "n_pos", low=1)
    d = check_count(digits, "digits", low=1)
    own = [] if merged_rows is None or check_count(merged_rows, "merged_rows", low=1) in (2 * p + 1, 2 * p, p + 1) \
        else [Mistake.if_equals(merged_rows, "that is this file's merged table, where positives share scores; the "
                                             "question asks for the most possible")]
    if isinstance(bound, bool) or not isinstance(bound, float | int) or not 0 < bound < 0.5:
        raise ValueError("bound must be the binning bound, a number between 0 and 0.5")
    shown = f"{bound:.1g}"
    positives = f"{p:_}".replace("_", " ")
    return Quiz([
        NumberQuestion(
            f"This file has {positives} positives. If no two of them shared a score, at most how many rows could "
            "its merged table (runs of scores without positives merged) have?",
            2 * p + 1,
            digits=len(str(2 * p + 1)),
            mistakes=[
                *own,
                Mistake.if_equals(2 * p, "count the runs: one between each two positive scores, and one above "
                                         "the highest and one below the lowest"),
                Mistake.if_equals(p + 1, "the rows with positives stay too, one per positive score, beside the "
                                         "runs of negatives"),
            ],
            solution="P rows with positives and P + 1 runs around them: 2 P + 1",
        ),
        Question(
            "Which of these can you compute from one model's score-count table alone?",
            {"a": "the paired DeLong difference of two models' AUCs on the same rows",
             "b": "precision at a deployment prevalence, at every threshold",
             "c": "the macro-averaged F1 of a three-class model's predictions"},
            "b",
            {"a": "the paired difference needs how each row scored under both models together: a table counted "
                  "by pairs of scores, not one table per model.",
             "b": "TP and FP at every threshold are running sums of the table; precision at the deployment "
                  "prevalence is TP / (TP + w FP).",
             "c": "a multiclass prediction takes the class with the highest score, so it needs every class's "
                  "score of each row, not one class's table."},
        ),
        Question(
            "After merging the runs of scores without positives, which number can the table no longer give?",
            {"a": "the ROC AUC, to the last digit",
             "b": "the threshold that a recall target picks",
             "c": "the counts at a fixed threshold inside a run"},
            "c",
            {"a": "along a run TP does not move: its area is one rectangle, the same merged or not.",
             "b": "a recall target picks the score of a positive, and the rows with positives are kept as they "
                  "are.",
             "c": "A merged run keeps only its total; pass keep=(t,) to cut the runs at a threshold fixed in "
                  "advance."},
        ),
        Question(
            f"Scores rounded to {d} digits give the AUC with a bound of ± {shown}. What does the bound say?",
            {"a": "the exact AUC of these rows lies within it",
             "b": "a 95 % confidence interval for the model's AUC",
             "c": "the typical error that binning makes"},
            "a",
            {"a": "It is the worst case of binning: every pair sharing a bin ranked the same way.",
             "b": "the bound is about binning these rows, not about sampling them: for the model's AUC on new "
                  "data, use DeLong's interval.",
             "c": "it is the worst case, not the typical one: the actual error is usually far smaller (exercise 2)."},
        ),
    ])
