"""The confusion matrix as four counts, and every metric built from them.

Orientation follows scikit-learn: ``confusion_matrix(y_true, y_pred)`` has the
truth in rows and the prediction in columns, negatives first::

                 predicted 0   predicted 1
    truth 0   [[     TN            FP     ]
    truth 1    [     FN            TP     ]]

so ``confusion_matrix(...).ravel()`` is ``(tn, fp, fn, tp)``, the order of
:class:`Counts`.

This module is also the one place where counts are moved to another
prevalence. A classifier met at prevalence ``pi`` keeps its TPR and FPR, so
the counts expected there are the counted ones with every negative weighted
by ``w`` (:func:`negative_weight`)::

    w = ((1 - pi) / pi) / (N / P)
    TP_pi = TP,   FN_pi = FN,   FP_pi = w FP,   TN_pi = w TN

:func:`counts_at_prevalence` (``Counts.at_prevalence``) returns these
:class:`WeightedCounts`, :func:`weight_negatives` does the multiplication, and
:func:`metric_zoo` takes its ratios from them. So precision at ``pi`` is
``metric_zoo(counts.at_prevalence(pi))["precision"] = TP / (TP + w FP)``, F1
is ``2 TP / (2 TP + w FP + FN)`` and NPV ``w TN / (w TN + FN)``: every
deployment metric of ``helpers`` (``corrected_precision``,
``rebuilt_precision``, ``corrected_pr_curve``, ``deployment_table``,
``deployment_metrics``, the widgets) is computed this way. The rate-based
:func:`helpers.precision_at_prevalence` (Bayes' rule on TPR and FPR) is the
same number for the counts' TPR and FPR; ``tests/test_one_definition.py``
checks every one of them against this definition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike
from sklearn.metrics import confusion_matrix

from ._arguments import COUNT_KEYWORDS, Cell, takes_counts
from ._validate import (
    _describe,
    check_count_array,
    check_positive,
    check_prevalence_array,
    check_probability_open,
    check_same_length,
    check_weighted_count_array,
)

__all__ = [
    "Counts",
    "WeightedCounts",
    "confusion_counts",
    "metric_zoo",
    "METRIC_FORMULAS",
    "PREVALENCE_FREE",
    "negative_weight",
    "weight_negatives",
    "counts_at_prevalence",
]


class Counts(NamedTuple):
    """The four cells of a binary confusion matrix, in ``ravel()`` order."""

    tn: int
    fp: int
    fn: int
    tp: int

    @property
    def n(self):
        """Everybody: TN + FP + FN + TP."""
        return self.tn + self.fp + self.fn + self.tp

    @property
    def n_pos(self):
        """Condition positive: TP + FN."""
        return self.tp + self.fn

    @property
    def n_neg(self):
        """Condition negative: TN + FP."""
        return self.tn + self.fp

    def as_matrix(self) -> np.ndarray:
        """2x2 array in scikit-learn's orientation ``[[TN, FP], [FN, TP]]``."""
        return np.array([[self.tn, self.fp], [self.fn, self.tp]])

    def at_prevalence(self, prevalence) -> WeightedCounts:
        """The counts expected at ``prevalence``: ``(w TN, w FP, FN, TP)``, see :func:`counts_at_prevalence`.

        >>> Counts(tn=90, fp=10, fn=2, tp=8).at_prevalence(0.5)
        WeightedCounts(tn=9.0, fp=1.0, fn=2.0, tp=8.0)
        """
        return counts_at_prevalence(self, prevalence)


class WeightedCounts(Counts):
    """Counts in which the cells are weighted sums, not whole numbers: e.g. ``(w TN, w FP, FN, TP)``.

    Same fields, order and properties as :class:`Counts`; the cells are
    floats (or float arrays) >= 0. :func:`metric_zoo` accepts them where it
    refuses fractional plain counts. Made by :func:`counts_at_prevalence`
    and :func:`weight_negatives`.
    """

    __slots__ = ()


# --------------------------------------------------------------------------- a confusion-matrix argument
# The rule (a Counts, or the four keywords tp=, fn=, fp=, tn=; never loose numbers by position) is told in
# helpers._arguments; its checks live here, beside the class they build.


def check_counts_object(value: object, name: str = "counts") -> Counts:
    """``value`` itself when it is a :class:`~helpers.Counts`; otherwise a ``ValueError`` that shows the fix."""
    if isinstance(value, Counts):
        return value
    kind = type(value).__name__
    hint = ""
    if isinstance(value, (tuple, list, np.ndarray)) and np.size(value) == 4:
        hint = (
            "; if the four values are in scikit-learn's confusion_matrix(...).ravel() order, "
            "write Counts(*values)"
        )
    raise ValueError(
        f"{name} must be a helpers.Counts (named fields tn, fp, fn, tp), got {kind} {_describe(value)}{hint}"
    )


def resolve_counts(
    counts: object = None,
    *,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
    function: str,
    whole: bool = True,
) -> tuple[Counts, str]:
    """The confusion matrix of a call, checked: ``(Counts of arrays, prefix for messages)``.

    Exactly one of the two spellings must be used: ``counts`` (a
    :class:`~helpers.Counts`), or all four keywords ``tp, fn, fp, tn``. Each
    cell must hold whole numbers >= 0, or with ``whole=False`` any finite
    numbers >= 0 (expected or weighted counts); a number, or an array with one
    entry per study, the four shapes broadcasting together. The cells come back
    as numpy arrays (0-d for a number), unconverted. The prefix is
    ``"counts."`` or ``""``, so that a message such as ``f"{prefix}tp + {prefix}fn
    must be > 0"`` names the cells the way the caller wrote them.
    ``function`` is the public function's name, for the messages.
    """
    given = {k: v for k, v in zip(COUNT_KEYWORDS, (tp, fn, fp, tn), strict=True) if v is not None}
    if counts is not None and given:
        raise TypeError(
            f"{function}() got counts and also {', '.join(k + '=' for k in given)}: give the confusion matrix "
            "one way, either counts=Counts(...) or the four keywords tp=, fn=, fp=, tn="
        )
    if counts is not None:
        c = check_counts_object(counts)
        cells, prefix = {k: getattr(c, k) for k in COUNT_KEYWORDS}, "counts."
    elif given:
        missing = [k for k in COUNT_KEYWORDS if k not in given]
        if missing:
            raise TypeError(
                f"{function}() got {', '.join(k + '=' for k in given)} but not {', '.join(k + '=' for k in missing)}: "
                "give all four counts tp=, fn=, fp=, tn= (or counts=Counts(...))"
            )
        cells, prefix = given, ""
    else:
        raise TypeError(
            f"{function}() needs the confusion matrix: counts=Counts(tn=..., fp=..., fn=..., tp=...), "
            "or the four keywords tp=, fn=, fp=, tn="
        )
    check = check_count_array if whole else _check_weighted_cell
    arrays = {k: check(v, prefix + k) for k, v in cells.items()}
    try:
        np.broadcast_shapes(*(a.shape for a in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{prefix}{k} {a.shape}" for k, a in arrays.items())
        raise ValueError(f"the four counts must have shapes that broadcast together, got {shapes}") from None
    return Counts(tn=arrays["tn"], fp=arrays["fp"], fn=arrays["fn"], tp=arrays["tp"]), prefix


def _check_weighted_cell(value: object, name: str) -> np.ndarray:
    """A cell of expected (weighted) counts: finite numbers >= 0, not necessarily whole."""
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise ValueError(f"{name} must hold counts (finite numbers >= 0), got {_describe(value)}")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} must hold counts (finite numbers >= 0), got {_describe(value)}")
    return arr


def confusion_counts(y_true, y_pred, *, pos_label=1) -> Counts:
    """Count TN, FP, FN, TP of predictions against the truth.

    ``TP = #{y_true = pos, y_pred = pos}``, ``FP = #{y_true != pos, y_pred = pos}``,
    and so on. Equal to ``sklearn.metrics.confusion_matrix(y_true, y_pred).ravel()``
    for 0/1 labels; ``pos_label`` names the positive class otherwise.

    >>> confusion_counts([0, 0, 1, 1], [0, 1, 1, 1])
    Counts(tn=1, fp=1, fn=0, tp=2)
    """
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise ValueError("y_true and y_pred must be one-dimensional")
    check_same_length(y_true, y_pred, "y_true", "y_pred")
    if y_true.size == 0:
        raise ValueError("y_true is empty")
    labels = np.unique(np.concatenate([np.unique(y_true), np.unique(y_pred)]))
    others = [v for v in labels.tolist() if v != pos_label]
    if len(others) > 1:
        raise ValueError(
            f"y_true and y_pred must hold two classes, pos_label={pos_label!r} and one other; "
            f"found {labels.tolist()}"
        )
    matrix = confusion_matrix(y_true == pos_label, y_pred == pos_label, labels=[False, True])
    tn, fp, fn, tp = (int(v) for v in matrix.ravel())
    return Counts(tn, fp, fn, tp)


METRIC_FORMULAS: dict[str, str] = {
    "accuracy": "(TP + TN) / (TP + TN + FP + FN)",
    "precision": "TP / (TP + FP)",
    "recall": "TP / (TP + FN)",
    "specificity": "TN / (TN + FP)",
    "fpr": "FP / (FP + TN)",
    "fnr": "FN / (FN + TP)",
    "npv": "TN / (TN + FN)",
    "fdr": "FP / (FP + TP)",
    "for": "FN / (FN + TN)",
    "f1": "2 TP / (2 TP + FP + FN)",
    "balanced_accuracy": "(recall + specificity) / 2",
    "mcc": "(TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))",
    "prevalence": "(TP + FN) / (TP + TN + FP + FN)",
    "lr_plus": "TPR / FPR",
    "lr_minus": "FNR / TNR",
    "dor": "LR+ / LR-",
}
"""Formula of every key of :func:`metric_zoo`, for tables in the notebooks."""


PREVALENCE_FREE: tuple[str, ...] = (
    "recall", "specificity", "fpr", "fnr", "balanced_accuracy", "lr_plus", "lr_minus", "dor",
)
"""Keys of :func:`metric_zoo` built from TPR and FPR alone: the same at every prevalence."""


def _cells(
    counts, tp: Cell, fn: Cell, fp: Cell, tn: Cell, function: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(tn, fp, fn, tp)`` of a call as float arrays of one shape, validated.

    The confusion matrix is ``counts`` (a :class:`Counts` of whole numbers >= 0,
    a :class:`WeightedCounts` of finite numbers >= 0, or a plain
    ``(tn, fp, fn, tp)`` sequence, read as ``Counts(*counts)``) or the four
    keywords (whole numbers >= 0), never both (:func:`resolve_counts`).
    Messages name the cells as the caller wrote them: ``counts.tn`` or ``tn``.
    """
    keywords = any(v is not None for v in (tp, fn, fp, tn))
    if isinstance(counts, WeightedCounts) and not keywords:
        cells = [check_weighted_count_array(v, f"counts.{k}") for k, v in counts._asdict().items()]
        prefix = "counts."
    else:
        if _is_plain_sequence(counts):
            counts = Counts(*counts)  # the documented plain form: scikit-learn's confusion_matrix(...).ravel() order
        c, prefix = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function=function)
        cells = list(c)
    tn_, fp_, fn_, tp_ = (np.asarray(a, dtype=float) for a in cells)  # floats: TP TN - FP FN overflows int64
    if not (tn_.shape == fp_.shape == fn_.shape == tp_.shape):
        shapes = ", ".join(f"{prefix}{k} {a.shape}" for k, a in Counts(*cells)._asdict().items())
        raise ValueError(f"the four counts must have the same shape, got {shapes}")
    return tn_, fp_, fn_, tp_


def _is_plain_sequence(counts: object) -> bool:
    """A tuple, list or array of four entries that is not a :class:`Counts` (read in ``(tn, fp, fn, tp)`` order)."""
    return (
        not isinstance(counts, Counts)
        and isinstance(counts, (tuple, list, np.ndarray))
        and np.ndim(counts) >= 1
        and len(counts) == 4
    )


def _plain(x: np.ndarray):
    return float(x) if np.ndim(x) == 0 else x


def _negative_weight(n_pos, n_neg, pi):
    """``((1 - pi) / pi) / (n_neg / n_pos)``, elementwise, unchecked (the one copy of the formula)."""
    return ((1.0 - pi) / pi) / (n_neg / n_pos)


def negative_weight(n_pos: float, n_neg: float, deploy_prevalence: float) -> float:
    """Weight that gives the negatives of a sample the deployment prevalence.

    ::

        w = (neg/pos)_deploy / (neg/pos)_sample
          = ((1 - pi) / pi) / (n_neg / n_pos)

    Giving every negative the weight ``w`` (``sample_weight`` in scikit-learn)
    turns precision, F1 and average precision into their deployment values;
    :func:`counts_at_prevalence` applies it to a confusion matrix.

    >>> negative_weight(50, 450, 0.01)
    11.0
    """
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    n_neg = check_positive(n_neg, "n_neg")
    return _negative_weight(check_positive(n_pos, "n_pos"), n_neg, pi)


@takes_counts()
def weight_negatives(
    counts: Counts | None = None,
    weight: ArrayLike | None = None,
    *,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> WeightedCounts:
    """The counts with every negative weighted by ``weight``::

        TP_w = TP,   FN_w = FN,   FP_w = w FP,   TN_w = w TN

    ``counts`` is a :class:`Counts` (whole numbers >= 0), a
    :class:`WeightedCounts` (finite numbers >= 0) or a plain ``(tn, fp, fn, tp)``
    sequence in scikit-learn's ``confusion_matrix(...).ravel()`` order (read as
    ``Counts(*counts)``); or leave it out and give the four counts as keywords
    ``tp=, fn=, fp=, tn=`` (whole numbers >= 0), never as loose numbers by
    position.
    Cells and ``weight`` may be arrays (broadcast together). ``weight`` must be
    finite and > 0. This is the only
    place in ``helpers`` where FP and TN are multiplied by a weight:
    :func:`counts_at_prevalence` calls it with :func:`negative_weight`,
    :func:`helpers.corrected_precision` with the fold change of the class
    ratio.

    >>> weight_negatives(Counts(tn=90, fp=10, fn=2, tp=8), 0.5)
    WeightedCounts(tn=45.0, fp=5.0, fn=2.0, tp=8.0)
    >>> weight_negatives(tp=8, fn=2, fp=10, tn=90, weight=0.5)
    WeightedCounts(tn=45.0, fp=5.0, fn=2.0, tp=8.0)
    """
    tn, fp, fn, tp = _cells(counts, tp, fn, fp, tn, "weight_negatives")
    if weight is None:
        raise TypeError("weight_negatives() needs weight, the factor for every negative (a finite number > 0)")
    if isinstance(weight, (bool, str)):
        raise ValueError(f"weight must be a finite number > 0, got {weight!r}")
    w = np.asarray(weight, dtype=float)
    if not np.all(np.isfinite(w) & (w > 0)):
        raise ValueError(f"weight must be a finite number > 0, found {float(w[~(np.isfinite(w) & (w > 0))].flat[0])!r}")
    return _weigh(tn, fp, fn, tp, w)


def _weigh(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, w: np.ndarray) -> WeightedCounts:
    """The multiplication itself, unchecked: ``TN, FP`` times ``w``, ``FN, TP`` as they are, broadcast together."""
    tn, fp, fn, tp = np.broadcast_arrays(w * tn, w * fp, fn, tp)
    return WeightedCounts(_plain(tn), _plain(fp), _plain(fn), _plain(tp))


@takes_counts()
def counts_at_prevalence(
    counts: Counts | None = None,
    prevalence: ArrayLike | None = None,
    *,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> WeightedCounts:
    """The counts expected where the prevalence is ``prevalence``, the class-wise rates unchanged.

    With ``P = TP + FN`` positives and ``N = TN + FP`` negatives counted::

        w = ((1 - pi) / pi) / (N / P)                       (negative_weight)
        TP_pi = TP,   FN_pi = FN,   FP_pi = w FP,   TN_pi = w TN

    so ``P / (P + w N) = pi`` while TPR, FPR, TNR and FNR stay as counted.
    The single definition of every metric at a deployment prevalence in
    ``helpers`` is :func:`metric_zoo` of these counts, e.g.::

        precision_pi = TP / (TP + w FP)       f1_pi = 2 TP / (2 TP + w FP + FN)
        npv_pi = w TN / (w TN + FN)

    ``counts`` is a :class:`Counts` (whole numbers >= 0), a
    :class:`WeightedCounts` (finite numbers >= 0) or a plain ``(tn, fp, fn, tp)``
    sequence in scikit-learn's ``confusion_matrix(...).ravel()`` order (read as
    ``Counts(*counts)``); or leave it out and give the four counts as keywords
    ``tp=, fn=, fp=, tn=`` (whole numbers >= 0), never as loose numbers by
    position.
    Cells and ``prevalence`` may be arrays (one study per entry). Raises
    ``ValueError`` when the counts have no positives or no negatives (no
    weight gives them a prevalence) or when ``prevalence`` is so small that
    ``w`` overflows. ``Counts.at_prevalence(pi)`` is the same call.

    >>> c = counts_at_prevalence(Counts(tn=90, fp=10, fn=2, tp=8), 0.01)
    >>> round(c.fp, 6), round(metric_zoo(c)["precision"], 6)
    (99.0, 0.074766)
    >>> counts_at_prevalence(tp=8, fn=2, fp=10, tn=90, prevalence=0.5)
    WeightedCounts(tn=9.0, fp=1.0, fn=2.0, tp=8.0)
    """
    tn, fp, fn, tp = _cells(counts, tp, fn, fp, tn, "counts_at_prevalence")
    if prevalence is None:
        raise TypeError("counts_at_prevalence() needs prevalence, a number strictly between 0 and 1")
    pi = check_prevalence_array(prevalence, "prevalence")
    n_pos, n_neg = tp + fn, tn + fp
    if np.any(n_pos == 0):
        raise ValueError("counts have no positives (tp + fn = 0): no weight moves them to a prevalence")
    if np.any(n_neg == 0):
        raise ValueError("counts have no negatives (tn + fp = 0): no weight moves them to a prevalence")
    with np.errstate(over="ignore"):  # no 0 divides: P > 0 and pi > 0
        w = _negative_weight(n_pos, n_neg, pi)
    if not np.all(np.isfinite(w)):
        raise ValueError(f"prevalence is too small: the weight of a negative overflows, found {float(np.min(pi))!r}")
    return weight_negatives(WeightedCounts(tn, fp, fn, tp), w)  # validated above: the cheap check suffices


def _ratio(num, den):
    """``num / den`` elementwise as floats, ``nan`` where ``den`` is 0 (an array, 0-d for scalars)."""
    out = np.empty(np.broadcast_shapes(np.shape(num), np.shape(den)))
    with np.errstate(divide="ignore", invalid="ignore"):
        np.divide(num, den, out=out)  # one pass over long arrays; then nan where den is 0
    np.copyto(out, np.nan, where=np.equal(den, 0))
    return out


@takes_counts()
def metric_zoo(
    counts: Counts | None = None,
    *,
    keys: Iterable[str] | None = None,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> dict[str, float]:
    """Every common binary metric from the four counts.

    Formulas (see :data:`METRIC_FORMULAS`)::

        accuracy          = (TP + TN) / N
        precision (PPV)   = TP / (TP + FP)          fdr = FP / (FP + TP) = 1 - precision
        recall (TPR)      = TP / (TP + FN)          fnr = FN / (FN + TP) = 1 - recall
        specificity (TNR) = TN / (TN + FP)          fpr = FP / (FP + TN) = 1 - specificity
        npv               = TN / (TN + FN)          for = FN / (FN + TN) = 1 - npv
        f1                = 2 TP / (2 TP + FP + FN)
        balanced_accuracy = (TPR + TNR) / 2
        mcc               = (TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))
        prevalence        = (TP + FN) / N
        lr_plus  = TPR / FPR,   lr_minus = FNR / TNR,   dor = LR+ / LR-

    ``counts`` is a :class:`Counts` (whole numbers >= 0), a
    :class:`WeightedCounts` (finite numbers >= 0) or a plain ``(tn, fp, fn, tp)``
    sequence in scikit-learn's ``confusion_matrix(...).ravel()`` order (read as
    ``Counts(*counts)``); or leave it out and give the four counts as keywords
    ``tp=, fn=, fp=, tn=`` (whole numbers >= 0), never as loose numbers by
    position.
    A :class:`WeightedCounts` holds e.g. the counts at a deployment prevalence
    from :func:`counts_at_prevalence`. The cells may also be equal-length
    arrays (one study per entry), and then every value is an array. A ratio
    whose denominator is 0 is ``nan``: no exception, and no silent 0. That
    includes LR+ when FPR = 0 (it grows without bound as FPR shrinks, but a
    single number cannot say so) and the DOR built from it;
    ``sklearn.metrics.matthews_corrcoef`` returns 0 where MCC is ``nan`` here.

    ``keys`` (optional) names the metrics wanted, in the order wanted; the
    default is all of them, in the order above. Asking for a few saves time
    on long arrays (a curve of a million thresholds), the values are the same.

    >>> round(metric_zoo(Counts(tn=72, fp=18, fn=2, tp=8))["precision"], 3)
    0.308
    >>> metric_zoo(Counts(tn=72, fp=18, fn=2, tp=8), keys=["recall", "fpr"])
    {'recall': 0.8, 'fpr': 0.2}
    >>> metric_zoo(tp=8, fn=2, fp=18, tn=72, keys=["recall"])
    {'recall': 0.8}
    """
    if keys is None:
        wanted = list(METRIC_FORMULAS)
    else:
        wanted = [keys] if isinstance(keys, str) else list(keys)
        unknown = [k for k in wanted if k not in METRIC_FORMULAS]
        if unknown:
            raise ValueError(f"keys must be metric_zoo keys ({', '.join(METRIC_FORMULAS)}), got {unknown[0]!r}")
    tn, fp, fn, tp = _cells(counts, tp, fn, fp, tn, "metric_zoo")
    return _zoo(tn, fp, fn, tp, wanted)


def _zoo(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, wanted: list[str], *,
         nobody_missing: bool = False) -> dict:
    """:func:`metric_zoo`'s formulas on float arrays already checked (the one copy of them).

    ``nobody_missing=True`` (internal callers that checked ``tp + fn > 0``
    everywhere) skips the check that ``n = tn + fp + fn + tp`` is never 0,
    and ``n`` is only added up when a metric needs it: the same numbers.
    """
    total: list[np.ndarray] = []

    def n() -> np.ndarray:
        if not total:
            total.append(tn + fp + fn + tp)
        return total[0]

    if not nobody_missing and np.any(n() == 0):
        raise ValueError("counts are all zero: there is nobody to evaluate")

    def f1() -> np.ndarray:  # 2 TP / ((2 TP + FP) + FN), the denominator added up in place
        two_tp = 2 * tp
        den = two_tp + fp
        den += fn
        return _ratio(two_tp, den)

    formulas: dict[str, Callable[[], np.ndarray]] = {
        "accuracy": lambda: _ratio(tp + tn, n()),
        "precision": lambda: _ratio(tp, tp + fp),
        "recall": lambda: _ratio(tp, tp + fn),
        "specificity": lambda: _ratio(tn, tn + fp),
        "fpr": lambda: _ratio(fp, fp + tn),
        "fnr": lambda: _ratio(fn, fn + tp),
        "npv": lambda: _ratio(tn, tn + fn),
        "fdr": lambda: _ratio(fp, fp + tp),
        "for": lambda: _ratio(fn, fn + tn),
        "f1": f1,
        "balanced_accuracy": lambda: (get("recall") + get("specificity")) / 2,
        "mcc": lambda: _ratio(tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
        "prevalence": lambda: _ratio(tp + fn, n()),
        "lr_plus": lambda: _ratio(get("recall"), get("fpr")),
        "lr_minus": lambda: _ratio(get("fnr"), get("specificity")),
        "dor": lambda: _ratio(get("lr_plus"), get("lr_minus")),
    }
    done: dict[str, np.ndarray] = {}

    def get(key: str) -> np.ndarray:
        if key not in done:
            done[key] = formulas[key]()
        return done[key]

    out = {key: get(key) for key in wanted}
    if np.ndim(tp) == 0:  # the four cells have one shape
        return {k: float(v) for k, v in out.items()}
    return out


def _zoo_at_prevalence(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, pi: float,
                       wanted: list[str], *, totals: tuple[float, float] | None = None) -> dict:
    """``metric_zoo(counts_at_prevalence(Counts(tn, fp, fn, tp), pi), keys=wanted)`` without the checks.

    For loops over long arrays whose caller has checked them once: float
    arrays of one shape holding whole counts >= 0, ``tp + fn > 0`` and
    ``tn + fp > 0`` everywhere, ``pi`` a float in (0, 1). The same operations
    as the public path (:func:`_negative_weight`, then ``w TN, w FP``, then
    :func:`_zoo`), so the same numbers to the last bit. ``totals`` as for
    :func:`_at_prevalence_unchecked`.
    """
    if totals is not None and set(wanted) <= _NO_TN:  # w TN is never used: not computed (tn may be None)
        at_pi = _weigh(np.float64(0.0), fp, fn, tp, _weight_of_totals(totals, pi))
    else:
        at_pi = _at_prevalence_unchecked(tn, fp, fn, tp, pi, totals=totals)
    return _zoo(at_pi.tn, at_pi.fp, at_pi.fn, at_pi.tp, wanted, nobody_missing=True)


_NO_TN = {"precision", "recall", "f1", "fnr", "fdr"}  # the metrics of _zoo whose formulas leave TN and n out


def _weight_of_totals(totals: tuple[float, float], pi: float) -> np.float64:
    """The weight of a negative from ``(P, N)``: :func:`_at_prevalence_unchecked`'s, the same operations."""
    with np.errstate(over="ignore"):  # no 0 divides: P > 0 and pi > 0
        w = _negative_weight(np.float64(totals[0]), np.float64(totals[1]), pi)
    if not np.isfinite(w):
        raise ValueError(f"prevalence is too small: the weight of a negative overflows, found {float(pi)!r}")
    return w


def _at_prevalence_unchecked(tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray,
                             pi: float, *, totals: tuple[float, float] | None = None) -> WeightedCounts:
    """``counts_at_prevalence(Counts(tn, fp, fn, tp), pi)`` unchecked (inputs as for :func:`_zoo_at_prevalence`).

    ``totals = (P, N)`` when the caller knows that ``tp + fn == P`` and
    ``tn + fp == N`` in every entry, exactly in floating point (whole counts
    below ``2**53``, as on a curve of one set of rows): the weight is then
    computed once, from the same two numbers, instead of once per entry.
    """
    with np.errstate(over="ignore"):  # no 0 divides: P > 0 and pi > 0
        if totals is None:
            w = _negative_weight(tp + fn, tn + fp, pi)
        else:
            w = _negative_weight(np.float64(totals[0]), np.float64(totals[1]), pi)
    if not np.all(np.isfinite(w)):
        raise ValueError(f"prevalence is too small: the weight of a negative overflows, found {float(pi)!r}")
    return _weigh(tn, fp, fn, tp, w)
