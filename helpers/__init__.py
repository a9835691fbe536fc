"""Helpers for the course "Evaluating classifiers when positives are rare".

Every notebook imports its logic from here, so that each computation is
written (and tested) once. Conventions follow scikit-learn: ``y_true``,
``y_pred``, ``y_score``, positives are the 1s, arrays in, numbers or
numpy/pandas objects out. Bad arguments raise ``ValueError`` with a one-line
message.
"""

from .counts import METRIC_FORMULAS, Counts, confusion_counts, metric_zoo
from .intervals import precision_interval, wilson_interval
from .predictions_file import PredictionFileError, load_predictions
from .prior_shift import (
    adjust_posteriors,
    corrected_pr_curve,
    corrected_precision,
    estimate_prevalence_acc,
    estimate_prevalence_em,
    negative_weight,
    precision_at_prevalence,
)
from .roc import roc_table
from .simulation import simulate_counts, simulate_labels, simulate_studies
from .unlabeled import precision_at_k_unlabeled, recall_at_k_unlabeled

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
