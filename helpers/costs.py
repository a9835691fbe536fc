"""Costs per cell of the confusion matrix, and the threshold that makes them smallest.

A decision at threshold ``t`` (predict positive when ``score >= t``) has the
total cost::

    cost(t) = c_tn * TN(t) + c_fp * FP(t) + c_fn * FN(t) + c_tp * TP(t)

The counts come from scikit-learn's counting kernel
(:func:`sklearn.metrics.confusion_matrix_at_thresholds`), once for every
distinct score. For calibrated probabilities, decision theory gives the best
threshold without any data: predict positive when the expected cost of doing
so is lower, i.e. when ``p > (c_fp - c_tn) / ((c_fp - c_tn) + (c_fn - c_tp))``,
which is ``c_fp / (c_fp + c_fn)`` when right answers cost nothing.

Every such rule has a prevalence. The formula above is a total; divided by
the number of rows counted, ``n = TN + FP + FN + TP``, it is the mean cost
per sample *of those rows*, mixed as they are (``mean_cost``). Where the
model is used the share of positives ``pi`` may differ.
Passing ``deploy_prevalence=pi`` reweights the negatives to that share
(:func:`helpers.counts.counts_at_prevalence`, ``w = ((1 - pi) / pi) / (N / P)``),
so the mean cost becomes the expected cost per case at ``pi``::

    mean_cost_pi(t) = pi (c_fn FNR(t) + c_tp TPR(t)) + (1 - pi) (c_fp FPR(t) + c_tn TNR(t))

And the decision-theory threshold holds for probabilities calibrated at
``pi``: a model calibrated at a training prevalence needs
:func:`bayes_threshold_at_prevalence`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix_at_thresholds

from ._arguments import Cell, takes_counts
from ._validate import check_binary_labels, check_probability_open, check_same_length, check_scores
from .counts import Counts, check_counts_object, counts_at_prevalence, resolve_counts

__all__ = [
    "bayes_threshold",
    "bayes_threshold_at_prevalence",
    "break_even_cost_ratio",
    "cheapest_row",
    "cost_curve",
    "cost_table",
    "expected_cost",
    "min_cost_threshold",
    "total_cost",
]


def _check_costs(cost_fp, cost_fn, cost_tp, cost_tn) -> tuple[float, float, float, float]:
    values = {"cost_fp": cost_fp, "cost_fn": cost_fn, "cost_tp": cost_tp, "cost_tn": cost_tn}
    out = []
    for name, value in values.items():
        out.append(_finite_number(value, name))
    fp, fn, tp, tn = out
    if fp <= tn or fn <= tp:
        raise ValueError("an error must cost more than the right answer: need cost_fp > cost_tn and cost_fn > cost_tp")
    return fp, fn, tp, tn


def _total_cost(tn, fp, fn, tp, costs: tuple[float, float, float, float]):
    """``c_tn TN + c_fp FP + c_fn FN + c_tp TP`` (the one copy of the formula); ``costs = (fp, fn, tp, tn)``."""
    fp_c, fn_c, tp_c, tn_c = costs
    return tn_c * tn + fp_c * fp + fn_c * fn + tp_c * tp


def bayes_threshold(*, cost_fp: float, cost_fn: float, cost_tp: float = 0.0, cost_tn: float = 0.0) -> float:
    """Cost-minimising threshold on a probability of the positive class *calibrated at the prevalence where it is used*.

    ``t* = (c_fp - c_tn) / ((c_fp - c_tn) + (c_fn - c_tp))``; with free right
    answers ``t* = c_fp / (c_fp + c_fn)``.

    >>> bayes_threshold(cost_fp=10, cost_fn=100)
    0.09090909090909091
    """
    fp, fn, tp, tn = _check_costs(cost_fp, cost_fn, cost_tp, cost_tn)
    return _bayes(fp, fn, tp, tn)


def _bayes(fp, fn, tp, tn):
    """``(c_fp - c_tn) / ((c_fp - c_tn) + (c_fn - c_tp))``, elementwise, unchecked (the one copy of the formula)."""
    return (fp - tn) / ((fp - tn) + (fn - tp))


def _shift_threshold(t, pi_t, pi_d):
    """``t'`` with ``odds(t') = odds(t) odds(pi_t) / odds(pi_d)``, elementwise, unchecked (the one copy)."""
    num = t * pi_t * (1.0 - pi_d)
    return num / (num + (1.0 - t) * pi_d * (1.0 - pi_t))


def bayes_threshold_at_prevalence(
    *,
    cost_fp: float,
    cost_fn: float,
    train_prevalence: float,
    deploy_prevalence: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
) -> float:
    """Cost-minimising threshold at ``deploy_prevalence`` on a probability calibrated at ``train_prevalence``.

    The Bayes threshold ``t* = (c_fp - c_tn) / ((c_fp - c_tn) + (c_fn - c_tp))``
    (:func:`bayes_threshold`) applies to ``q = P(y=1 | x)`` at the prevalence
    where the model is used. A model calibrated at ``pi_train`` gives ``p``
    instead; moving it to the new prior (:func:`helpers.prior_shift.adjust_posteriors`,
    Saerens et al. 2002) multiplies its odds by ``odds(pi_deploy) / odds(pi_train)``,
    with ``odds(x) = x / (1 - x)``. So ``q > t*`` exactly when ``p > t'`` with::

        odds(t') = odds(t*) * odds(pi_train) / odds(pi_deploy)
        t' = t* pi_train (1 - pi_deploy) / (t* pi_train (1 - pi_deploy) + (1 - t*) pi_deploy (1 - pi_train))

    A rarer positive class (``pi_deploy < pi_train``) raises the threshold.

    >>> round(bayes_threshold_at_prevalence(cost_fp=10, cost_fn=100, train_prevalence=0.374, deploy_prevalence=0.01), 4)
    0.8554
    >>> bayes_threshold_at_prevalence(cost_fp=10, cost_fn=100, train_prevalence=0.2, deploy_prevalence=0.2)
    0.09090909090909091
    """
    t = bayes_threshold(cost_fp=cost_fp, cost_fn=cost_fn, cost_tp=cost_tp, cost_tn=cost_tn)
    pi_t = check_probability_open(train_prevalence, "train_prevalence")
    pi_d = check_probability_open(deploy_prevalence, "deploy_prevalence")
    if pi_t == pi_d:
        return t
    return float(_shift_threshold(t, pi_t, pi_d))


def _at_prevalence(counts: Counts, deploy_prevalence: float | None, is_pos: np.ndarray) -> Counts:
    """``counts`` as they are, or (w TN, w FP, FN, TP) at ``deploy_prevalence`` (counts_at_prevalence)."""
    if deploy_prevalence is None:
        return counts
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    if is_pos.all() or not is_pos.any():
        raise ValueError(
            "y_true must hold both classes to be reweighted to deploy_prevalence "
            f"(it has {int(is_pos.sum())} positives and {int((~is_pos).sum())} negatives)"
        )
    return counts_at_prevalence(counts, pi)


def expected_cost(
    y_true,
    y_pred,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    pos_label=1,
    deploy_prevalence: float | None = None,
) -> float:
    """Mean cost per sample of hard predictions: ``(c_tn TN + c_fp FP + c_fn FN + c_tp TP) / n``.

    With ``deploy_prevalence=pi`` the negatives weigh ``w = ((1 - pi) / pi) / (N / P)``
    (:func:`helpers.counts.counts_at_prevalence`), and the result is the
    expected cost per case where a share ``pi`` is positive::

        (c_tn w TN + c_fp w FP + c_fn FN + c_tp TP) / (P + w N)
          = pi (c_fn FNR + c_tp TPR) + (1 - pi) (c_fp FPR + c_tn TNR)

    Usable as a scorer: ``make_scorer(expected_cost, greater_is_better=False, cost_fp=10, cost_fn=100)``
    (add ``deploy_prevalence=0.01`` to tune for 1 % positives).

    >>> expected_cost([0, 0, 0, 1], [1, 0, 0, 1], cost_fp=10, cost_fn=100)
    2.5
    >>> round(expected_cost([0, 0, 0, 1], [1, 0, 0, 1], cost_fp=10, cost_fn=100, deploy_prevalence=0.01), 4)
    3.3
    """
    costs = _check_costs(cost_fp, cost_fn, cost_tp, cost_tn)
    truth = np.asarray(y_true) == pos_label
    pred = np.asarray(y_pred) == pos_label
    check_same_length(truth, pred, "y_true", "y_pred")
    if truth.size == 0:
        raise ValueError("y_true is empty")
    counts = Counts(
        tn=int(np.sum(~truth & ~pred)), fp=int(np.sum(~truth & pred)), fn=int(np.sum(truth & ~pred)),
        tp=int(np.sum(truth & pred)),
    )
    tn, fp, fn, tp = _at_prevalence(counts, deploy_prevalence, truth)
    return float(_total_cost(tn, fp, fn, tp, costs) / (tn + fp + fn + tp))


def cost_curve(
    y_true,
    y_score,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    pos_label=1,
    deploy_prevalence: float | None = None,
) -> pd.DataFrame:
    """Counts and cost at every distinct threshold (predict positive when ``score >= threshold``).

    The first row has threshold ``+inf`` (nobody flagged); then one row per
    distinct score, descending; the last row flags everybody. Columns:
    ``threshold, tn, fp, fn, tp, cost`` (total) and ``mean_cost`` (per sample),
    the costs priced by :func:`cost_table`::

        mean_cost(t) = (c_tn TN(t) + c_fp FP(t) + c_fn FN(t) + c_tp TP(t)) / n

    With ``deploy_prevalence=pi`` the columns ``tn`` and ``fp`` hold the
    negatives weighted by ``w = ((1 - pi) / pi) / (N / P)``
    (:func:`helpers.counts.counts_at_prevalence`, floats), and ``mean_cost``
    is the expected cost per case where a share ``pi`` is positive,
    ``pi (c_fn FNR + c_tp TPR) + (1 - pi) (c_fp FPR + c_tn TNR)``.
    """
    _check_costs(cost_fp, cost_fn, cost_tp, cost_tn)
    is_pos = check_binary_labels(y_true, pos_label=pos_label)
    score = check_scores(y_score)
    check_same_length(is_pos, score, "y_true", "y_score")
    tns, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(is_pos.view(np.int8), score, pos_label=1)
    n_pos, n_neg = int(is_pos.sum()), int((~is_pos).sum())
    counts = Counts(
        tn=np.r_[n_neg, tns].astype(int), fp=np.r_[0, fps].astype(int), fn=np.r_[n_pos, fns].astype(int),
        tp=np.r_[0, tps].astype(int),
    )
    counts = _at_prevalence(counts, deploy_prevalence, is_pos)
    table = pd.DataFrame({"threshold": np.r_[np.inf, thresholds], **counts._asdict()})
    return cost_table(table, cost_fp=cost_fp, cost_fn=cost_fn, cost_tp=cost_tp, cost_tn=cost_tn)


@takes_counts()
def cost_table(
    counts: pd.DataFrame | Counts | None = None,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> pd.DataFrame:
    """A copy of a table of counts (columns ``tn, fp, fn, tp``) priced at these costs.

    ::

        cost      = c_tn TN + c_fp FP + c_fn FN + c_tp TP
        mean_cost = cost / (TN + FP + FN + TP)

    Reprices a :func:`cost_curve` for other costs without counting again (the
    counts do not depend on the costs): columns ``cost`` and ``mean_cost`` are
    added or replaced. ``counts`` is such a DataFrame (one confusion matrix
    per row), or a :class:`~helpers.Counts` whose cells are numbers or arrays
    (one row per entry); or leave it out and give the four counts as keywords
    ``tp=, fn=, fp=, tn=`` (never by position). Those two give a new
    DataFrame with columns ``tn, fp, fn, tp, cost, mean_cost``.

    >>> cost_table(tp=8, fn=2, fp=18, tn=72, cost_fp=10, cost_fn=100)[["cost", "mean_cost"]]
        cost  mean_cost
    0  380.0        3.8
    """
    costs = _check_costs(cost_fp, cost_fn, cost_tp, cost_tn)
    if isinstance(counts, pd.DataFrame) and all(v is None for v in (tp, fn, fp, tn)):
        missing = [c for c in ("tn", "fp", "fn", "tp") if c not in counts.columns]
        if missing:
            raise ValueError(f"counts must be a DataFrame with columns tn, fp, fn, tp; missing {', '.join(missing)}")
    else:
        c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="cost_table", whole=False)
        counts = pd.DataFrame({k: np.atleast_1d(np.broadcast_arrays(*c)[i]) for i, k in enumerate(c._fields)})
    tn, fp, fn, tp = (counts[c].to_numpy() for c in ("tn", "fp", "fn", "tp"))
    cost = _total_cost(tn, fp, fn, tp, costs)
    return counts.assign(cost=cost, mean_cost=cost / (tn + fp + fn + tp))


def cheapest_row(table: pd.DataFrame) -> int:
    """Position of the row of a :func:`cost_curve` or :func:`cost_table` with the smallest cost.

    ``argmin_row cost(row)``; ties go to the first such row. In a
    :func:`cost_curve` table the rows run from the highest threshold (``+inf``)
    down, so there ties go to the highest threshold (the fewest positives
    flagged); in any other table "first" means whatever order its rows have.
    """
    if "cost" not in getattr(table, "columns", ()):
        raise ValueError(
            f"table must be a cost_curve or cost_table (a DataFrame with a cost column), got {type(table).__name__}"
            + (f" with columns {', '.join(map(str, table.columns))}" if isinstance(table, pd.DataFrame) else "")
        )
    cost = table["cost"].to_numpy(dtype=float)
    if cost.size == 0 or np.all(np.isnan(cost)):
        raise ValueError("table has no cost to compare (its cost column is empty or all nan)")
    return int(np.argmin(cost))


def min_cost_threshold(
    y_true,
    y_score,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    pos_label=1,
    deploy_prevalence: float | None = None,
) -> tuple[float, float]:
    """The threshold of :func:`cost_curve` with the smallest total cost, and that mean cost per sample.

    ``argmin_t cost(t)`` over ``t = +inf`` (flag nobody) and the distinct
    scores, ``cost(t) = c_tn TN + c_fp FP + c_fn FN + c_tp TP``; ties go to
    the highest threshold (the fewest positives flagged). So the threshold
    returned is ``inf`` when flagging nobody is cheapest. With
    ``deploy_prevalence`` the negatives are reweighted to that share of
    positives first (see :func:`cost_curve`). The cost returned is measured
    on the rows that chose the threshold: optimistic; score the threshold on
    other rows (:func:`expected_cost`) to report it.
    """
    table = cost_curve(
        y_true, y_score, cost_fp=cost_fp, cost_fn=cost_fn, cost_tp=cost_tp, cost_tn=cost_tn, pos_label=pos_label,
        deploy_prevalence=deploy_prevalence,
    )
    best = cheapest_row(table)
    return float(table["threshold"].iloc[best]), float(table["mean_cost"].iloc[best])


@takes_counts()
def total_cost(
    counts: Counts | None = None,
    *,
    cost_fp: float,
    cost_fn: float,
    cost_tp: float = 0.0,
    cost_tn: float = 0.0,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> float:
    """Total cost of a confusion matrix with a price per cell.

    ``cost = cost_tn TN + cost_fp FP + cost_fn FN + cost_tp TP``; a negative
    price is a gain. ``counts`` is a :class:`~helpers.Counts`, or the four
    counts as keywords ``tp=, fn=, fp=, tn=`` instead (never by position).
    The cells may be expected counts (finite numbers >= 0, not necessarily
    whole) and arrays (one total per entry).

    >>> total_cost(Counts(tn=72, fp=18, fn=2, tp=8), cost_fp=10, cost_fn=100)
    380.0
    >>> total_cost(tp=8, fn=2, fp=18, tn=72, cost_fp=10, cost_fn=100)
    380.0
    """
    prices = [
        _finite_number(value, name)
        for name, value in (("cost_tn", cost_tn), ("cost_fp", cost_fp), ("cost_fn", cost_fn), ("cost_tp", cost_tp))
    ]
    c, _ = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="total_cost", whole=False)
    tn, fp, fn, tp = (np.asarray(v, dtype=float) for v in c)
    out = _total_cost(tn, fp, fn, tp, (prices[1], prices[2], prices[3], prices[0]))
    return float(out) if out.ndim == 0 else out


def _finite_number(value: object, name: str) -> float:
    if isinstance(value, (bool, str)) or np.ndim(value) != 0:
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a finite number, got {value!r}") from None
    if not np.isfinite(x):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return x


@takes_counts(keywords=False)
def break_even_cost_ratio(a: Counts, b: Counts) -> float:
    """The cost ratio ``r = cost_fn / cost_fp`` at which the matrices ``a`` and ``b`` cost the same.

    ``a`` and ``b`` are :class:`~helpers.Counts` (named fields, so the cells
    cannot be mixed up).

    With correct decisions free, a false positive costing 1 and a false
    negative costing ``r``, ``cost(a) = FP_a + r FN_a``. The two lines cross at

    ``r* = (FP_b - FP_a) / (FN_a - FN_b)``;

    for ``r > r*`` the matrix with fewer false negatives is the cheaper one,
    for ``r < r*`` the other. A negative ``r*`` means one matrix is cheaper at
    every positive ratio. ``nan`` when ``FN_a == FN_b``: the lines are parallel
    (equal at every ratio if ``FP_a == FP_b``, never otherwise).

    >>> break_even_cost_ratio(Counts(tn=90, fp=0, fn=9, tp=1), Counts(tn=72, fp=18, fn=2, tp=8))
    2.5714285714285716
    """
    a = check_counts_object(a, "a")
    b = check_counts_object(b, "b")
    for name, c in (("a", a), ("b", b)):
        for field in ("fp", "fn"):
            _finite_number(getattr(c, field), f"{name}.{field}")
    if a.fn == b.fn:
        return float("nan")
    return float((b.fp - a.fp) / (a.fn - b.fn))
