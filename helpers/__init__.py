"""Helpers for the course "Evaluating classifiers when positives are rare".

Every notebook imports its logic from here, so that each computation is
written (and tested) once. Conventions follow scikit-learn: ``y_true``,
``y_pred``, ``y_score``, positives are the 1s, arrays in, numbers or
numpy/pandas objects out. Bad arguments raise ``ValueError`` with a one-line
message.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Where each public name lives. A name is imported from its module when it is first asked for (PEP 562), so that
# importing one module of the package (``python -m helpers.report`` starts a kernel before it needs scikit-learn
# and SciPy) does not import them all; ``from helpers import x`` works as before.
_WHERE = {
    "METRIC_FORMULAS": "counts", "Counts": "counts", "confusion_counts": "counts", "metric_zoo": "counts",
    "precision_interval": "intervals", "wilson_interval": "intervals",
    "PredictionFileError": "report.read", "load_predictions": "report.read",
    "adjust_posteriors": "prior_shift", "corrected_pr_curve": "prior_shift", "corrected_precision": "prior_shift",
    "estimate_prevalence_acc": "prior_shift", "estimate_prevalence_em": "prior_shift",
    "negative_weight": "prior_shift", "precision_at_prevalence": "prior_shift",
    "roc_table": "roc",
    "simulate_counts": "simulation", "simulate_labels": "simulation", "simulate_studies": "simulation",
    "precision_at_k_unlabeled": "unlabeled", "recall_at_k_unlabeled": "unlabeled",
}

if TYPE_CHECKING:  # what type checkers and editors see: the same names, imported eagerly
    from .counts import METRIC_FORMULAS, Counts, confusion_counts, metric_zoo
    from .intervals import precision_interval, wilson_interval
    from .prior_shift import (
        adjust_posteriors,
        corrected_pr_curve,
        corrected_precision,
        estimate_prevalence_acc,
        estimate_prevalence_em,
        negative_weight,
        precision_at_prevalence,
    )
    from .report.read import PredictionFileError, load_predictions
    from .roc import roc_table
    from .simulation import simulate_counts, simulate_labels, simulate_studies
    from .unlabeled import precision_at_k_unlabeled, recall_at_k_unlabeled


def __getattr__(name: str) -> object:
    """``helpers.<name>``: the public name from its module (or the submodule ``name``), imported now and kept."""
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    else:
        try:
            value = importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module 'helpers' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "Counts",
    "METRIC_FORMULAS",
    "PredictionFileError",
    "adjust_posteriors",
    "confusion_counts",
    "corrected_pr_curve",
    "corrected_precision",
    "estimate_prevalence_acc",
    "estimate_prevalence_em",
    "load_predictions",
    "metric_zoo",
    "negative_weight",
    "precision_at_k_unlabeled",
    "precision_at_prevalence",
    "precision_interval",
    "recall_at_k_unlabeled",
    "roc_table",
    "simulate_counts",
    "simulate_labels",
    "simulate_studies",
    "wilson_interval",
]
