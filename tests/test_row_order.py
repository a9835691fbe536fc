"""helpers.row_order: refitting the same model on the same rows in other orders."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.row_order import refit_in_row_orders

X, Y = load_breast_cancer(return_X_y=True)
X_TRAIN, X_TEST, Y_TRAIN, Y_TEST = train_test_split(X, Y, stratify=Y, random_state=0)


def test_shape_and_row_zero_is_the_plain_fit():
    model = make_pipeline(StandardScaler(), LogisticRegression())
    out = refit_in_row_orders(model, X_TRAIN, Y_TRAIN, X_TEST, n_orders=3)
    assert out.shape == (3, len(X_TEST))
    plain = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_TRAIN, Y_TRAIN).predict_proba(X_TEST)[:, 1]
    assert np.array_equal(out[0], plain)


def test_an_order_free_model_gives_identical_rows():
    out = refit_in_row_orders(DummyClassifier(strategy="prior"), X_TRAIN, Y_TRAIN, X_TEST, n_orders=4)
    assert np.all(out == out[0])


def test_converged_fit_on_scaled_features_hardly_moves():
    model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=10_000))
    out = refit_in_row_orders(model, X_TRAIN, Y_TRAIN, X_TEST, n_orders=8)
    assert np.ptp(out, axis=0).max() < 1e-6


def test_liblinear_stopped_early_on_raw_features_moves():
    # the fit of the 2017 lecture slides (notebook 03): its scores move with the order of the additions
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = refit_in_row_orders(LogisticRegression(solver="liblinear"), X_TRAIN, Y_TRAIN, X_TEST, n_orders=20)
    assert np.ptp(out, axis=0).max() > 1e-3


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_orders"):
        refit_in_row_orders(LogisticRegression(), X_TRAIN, Y_TRAIN, X_TEST, n_orders=0)
    with pytest.raises(ValueError, match="same number of rows"):
        refit_in_row_orders(LogisticRegression(), X_TRAIN, Y_TRAIN[:-1], X_TEST)
