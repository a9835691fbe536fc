"""Make ``data/example_predictions.csv``: a realistic predictions file to practise on.

The predictions are those of a deliberately simple model (a logistic
regression on three of the 30 features of scikit-learn's breast-cancer
dataset) for each of the 569 tumours, every one predicted by a model that did
not see it in training (5-fold stratified cross-validation,
``cross_val_predict``).  The positive class is *malignant*: 212 of 569, a
prevalence of 37 %, far above what a screening programme meets, which is the
point of the "deploy at a lower prevalence" exercises.  Three weak features
keep the model imperfect (ROC AUC about 0.9), so that there are errors to
study.

Run from the repository root (no network needed; the dataset ships with
scikit-learn)::

    python data/make_example_predictions.py

The output is deterministic: fixed fold assignment (``random_state=0``), a
deterministic solver, and scores written with 6 significant digits.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

SEED = 0
FEATURES = ("mean texture", "mean smoothness", "mean compactness")
OUTPUT = Path(__file__).with_name("example_predictions.csv")


def make_example_predictions() -> pd.DataFrame:
    """Out-of-fold predicted probabilities of malignancy, in dataset order.

    Returns a DataFrame with columns ``y_true`` (1 = malignant, 0 = benign;
    note that scikit-learn's own ``target`` codes malignant as 0) and
    ``y_score`` (the predicted probability of malignancy, full precision).
    """
    data = load_breast_cancer(as_frame=True)
    features = data.data.loc[:, list(FEATURES)]
    y_true = (data.target == 0).astype(int)  # the dataset codes malignant as 0
    model = make_pipeline(StandardScaler(), LogisticRegression())
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    proba = cross_val_predict(model, features, y_true, cv=folds, method="predict_proba")
    return pd.DataFrame({"y_true": y_true.to_numpy(), "y_score": proba[:, 1]})


def example_predictions_csv() -> str:
    """The text of ``example_predictions.csv``: header, LF line ends, 6 significant digits."""
    return make_example_predictions().to_csv(index=False, float_format="%.6g", lineterminator="\n")


def main() -> None:
    OUTPUT.write_bytes(example_predictions_csv().encode("utf-8"))
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
