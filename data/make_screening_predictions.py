"""Make ``data/screening_predictions.csv``: a simulated screening study with rare positives.

A screening test is developed on one cohort and checked on another, as it
should be. Both cohorts are simulated people with five measurements each;
1.5 % of them have the condition (the positive class). People with the
condition have, on average, higher values of the first three measurements and
a wider spread of the first one; the last two are pure noise, so the model
has something to learn and something to ignore.

- The *training cohort* (20 000 people, drawn with its own random stream)
  fits the model: standardisation, then a logistic regression (lbfgs, run to
  convergence).
- The *study cohort* (20 000 other people, 300 with the condition and 19 700
  without) is scored by that model. Its labels and scores are the file: every
  score is out of sample, as a practitioner's test-set predictions are.

Run from the repository root (no network needed)::

    python data/make_screening_predictions.py

The output is deterministic: fixed random seeds, a converged fit on
standardised features, and scores written with 6 significant digits (so a
difference in the last bits of a BLAS routine does not change the file).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 2015
N_PEOPLE = 20_000
N_STUDY_POSITIVES = 300  # 1.5 % of the study cohort
PREVALENCE = N_STUDY_POSITIVES / N_PEOPLE
SHIFT = np.array([1.5, 1.0, 0.8, 0.0, 0.0])  # mean of the measurements with the condition (without: 0)
SPREAD = np.array([1.5, 1.0, 1.0, 1.0, 1.0])  # their standard deviation with the condition (without: 1)
OUTPUT = Path(__file__).with_name("screening_predictions.csv")


def _measurements(labels: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Five measurements per person: N(0, 1) without the condition, N(SHIFT, SPREAD**2) with it."""
    noise = rng.standard_normal((labels.size, SHIFT.size))
    return np.where(labels[:, None] == 1, SHIFT + SPREAD * noise, noise)


def make_screening_predictions() -> pd.DataFrame:
    """The study cohort's labels and the model's scores, in a random order.

    Returns a DataFrame with columns ``y_true`` (1 = has the condition) and
    ``y_score`` (the model's predicted probability of the condition, full
    precision). The model never saw a row of the study cohort.
    """
    train_rng, study_rng = (np.random.default_rng(s) for s in np.random.SeedSequence(SEED).spawn(2))
    y_train = (train_rng.random(N_PEOPLE) < PREVALENCE).astype(int)
    X_train = _measurements(y_train, train_rng)
    model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=10_000))
    model.fit(X_train, y_train)
    y_study = study_rng.permutation(np.r_[np.ones(N_STUDY_POSITIVES, int), np.zeros(N_PEOPLE - N_STUDY_POSITIVES, int)])
    X_study = _measurements(y_study, study_rng)
    return pd.DataFrame({"y_true": y_study, "y_score": model.predict_proba(X_study)[:, 1]})


def screening_predictions_csv() -> str:
    """The text of ``screening_predictions.csv``: header, LF line ends, 6 significant digits."""
    return make_screening_predictions().to_csv(index=False, float_format="%.6g", lineterminator="\n")


def main() -> None:
    OUTPUT.write_bytes(screening_predictions_csv().encode("utf-8"))
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
