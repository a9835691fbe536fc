"""The threshold rule a user states before a threshold is chosen: :func:`threshold_rule` and :class:`ThresholdRule`.

Checked here, in a module that imports neither scikit-learn nor SciPy, so
that ``python -m helpers.report`` checks a rule without them;
:mod:`helpers.threshold_choice` applies the rule (and offers both names, as
before).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._validate import check_probability_open

__all__ = ["ThresholdRule", "threshold_rule"]


# ---------------------------------------------------------------------------- a threshold needs a stated rule


@dataclass(frozen=True)
class ThresholdRule:
    """How a threshold is chosen; made by :func:`threshold_rule`, applied by :func:`choose_threshold`.

    ``kind`` is ``"recall"`` (the highest threshold reaching recall
    ``at_recall``; with ``recall_confidence``, the highest whose one-sided
    lower Clopper–Pearson limit on recall reaches it), ``"cost"`` (the lowest expected cost at the deployment
    prevalence, costs ``cost_fp`` and ``cost_fn``), ``"f1"`` (the highest F1
    at the deployment prevalence) or ``"fixed"`` (``threshold``, set in
    advance: no row is looked at).
    """

    kind: str
    at_recall: float | None = None
    cost_fp: float | None = None
    cost_fn: float | None = None
    threshold: float | None = None
    recall_confidence: float | None = None

    @property
    def looks_at_rows(self) -> bool:
        """True unless the threshold was fixed in advance."""
        return self.kind != "fixed"

    def describe(self) -> str:
        """The rule in words, e.g. ``"recall at least 0.8"``."""
        if self.kind == "recall":
            if self.recall_confidence is not None:
                return f"recall at least {self.at_recall:g} on new cases with {self.recall_confidence:.0%} confidence"
            return f"recall at least {self.at_recall:g}"
        if self.kind == "cost":
            return (
                f"lowest expected cost at deployment (a false positive costs {self.cost_fp:g}, "
                f"a false negative {self.cost_fn:g})"
            )
        if self.kind == "f1":
            return "highest F1 at deployment"
        return f"fixed in advance at {self.threshold:g}"


def _given_number(value: object, name: str) -> float:
    if isinstance(value, (bool, str)) or np.ndim(value) != 0:
        raise ValueError(f"{name} must be a number, got {value!r:.40}")
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {value!r:.40}") from None
    if not math.isfinite(x):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return x


def threshold_rule(
    *,
    at_recall: float | None = None,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    threshold: float | None = None,
    f1: bool = False,
    recall_confidence: float | None = None,
) -> ThresholdRule | None:
    """The user's choice of threshold rule, checked; ``None`` when no choice was made.

    At most one of: a recall target ``at_recall`` in (0, 1] (met by the
    recall counted where the threshold is chosen; with ``recall_confidence``
    ``c`` in (0, 1), met with probability ``c`` on new cases: by the lower
    end of recall's one-sided ``c`` Clopper–Pearson interval, see
    :func:`recall_target_threshold`); a pair of costs
    ``cost_fp`` and ``cost_fn`` (both > 0; only their ratio matters), whose
    rule minimises the expected cost per case at the deployment prevalence
    ``pi``::

        cost(t) = cost_fp (1 - pi) FPR(t) + cost_fn pi (1 - TPR(t))

    a ``threshold`` fixed in advance; or ``f1=True``, the highest F1 at the
    deployment prevalence (shown in notebook 13 as the rule not to use: it
    ignores what the errors cost).

    >>> threshold_rule(at_recall=0.8).describe()
    'recall at least 0.8'
    >>> threshold_rule(at_recall=0.8, recall_confidence=0.95).describe()
    'recall at least 0.8 on new cases with 95% confidence'
    >>> threshold_rule() is None
    True
    """
    given = [
        name
        for name, value in (("at_recall", at_recall), ("cost_fp", cost_fp), ("threshold", threshold))
        if value is not None
    ]
    if f1:
        given.append("f1")
    if cost_fn is not None and cost_fp is None:
        raise ValueError("cost_fn needs cost_fp too: the cost rule needs the price of both errors")
    if len(given) > 1:
        raise ValueError(f"give one way to choose the threshold, got {' and '.join(given)}")
    if recall_confidence is not None and at_recall is None:
        raise ValueError("recall_confidence needs at_recall: it says how surely the recall target is met")
    if at_recall is not None:
        r = _given_number(at_recall, "at_recall")
        if not 0 < r <= 1:
            raise ValueError(f"at_recall must be in (0, 1], got {at_recall!r}")
        c = None if recall_confidence is None else check_probability_open(recall_confidence, "recall_confidence")
        return ThresholdRule("recall", at_recall=r, recall_confidence=c)
    if cost_fp is not None:
        if cost_fn is None:
            raise ValueError("cost_fp needs cost_fn too: the cost rule needs the price of both errors")
        fp, fn = _given_number(cost_fp, "cost_fp"), _given_number(cost_fn, "cost_fn")
        for name, value in (("cost_fp", fp), ("cost_fn", fn)):
            if value <= 0:
                raise ValueError(f"{name} must be > 0 (an error costs something), got {value!r}")
        return ThresholdRule("cost", cost_fp=fp, cost_fn=fn)
    if threshold is not None:
        return ThresholdRule("fixed", threshold=_given_number(threshold, "threshold"))
    if f1:
        return ThresholdRule("f1")
    return None
