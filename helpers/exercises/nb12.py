"""Checkers for notebook 12 (regression metrics): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it.
"""

from __future__ import annotations

import numpy as np
from sklearn.linear_model import QuantileRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from ._inputs import numeric, same_length
from .core import Exercise, Mistake, number, numbers, probability
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _scores(y: np.ndarray, pred: np.ndarray) -> tuple[float, float, float]:
    """R², MAE and MAPE of the predictions ``pred`` of the targets ``y``."""
    r2 = 1 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2)
    return float(r2), float(np.mean(np.abs(y - pred))), float(np.mean(np.abs(y - pred) / np.abs(y)))


def _regression_data(y_train, y_test, pred) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    y_train = numeric(y_train, "y_train", ndim=1)
    y_test = numeric(y_test, "y_test", ndim=1)
    pred = numeric(pred, "pred", ndim=1)
    same_length(y_test, pred, "y_test", "pred")
    if np.any(y_test == 0):
        raise ValueError("y_test must not hold a zero target (MAPE divides by it)")
    return y_train, y_test, pred


def exercise_1(y_train, y_test, pred) -> Exercise:
    """Exercise 1 (a baseline): R², MAE and MAPE, on the test set, of always predicting the training mean.

    With ``m = mean(y_train)`` and ``n`` test targets ``y``::

        R²   = 1 - sum((y - m)^2) / sum((y - mean(y))^2)
        MAE  = sum(|y - m|) / n
        MAPE = sum(|y - m| / |y|) / n          (a fraction, as scikit-learn returns it)

    ``pred`` (the ridge regression's test predictions) gives the typical mistake of scoring the model
    instead of the baseline. The answer is three numbers, ``(R², MAE, MAPE)``.
    """
    y_train, y_test, pred = _regression_data(y_train, y_test, pred)

    def baseline() -> tuple[float, float, float]:
        return _scores(y_test, np.full_like(y_test, y_train.mean()))

    names = ["R²", "MAE", "MAPE"]
    compare = numbers(names, rel=1e-3, kinds={"R²": number(abs=5e-5)})

    def in_percent(answer: object) -> bool:
        right = baseline()
        return compare.same((answer[0], answer[1], answer[2] / 100), right)

    return Exercise(
        "Exercise 1",
        baseline,
        compare=compare,
        mistakes=[
            Mistake.if_equals(lambda: _scores(y_test, pred),
                              "those are the ridge regression's scores; the baseline predicts the training mean "
                              "for every patient"),
            Mistake.if_equals(lambda: _scores(y_test, np.full_like(y_test, y_test.mean())),
                              "that baseline predicts the test set's own mean, which a model cannot know; "
                              "fit DummyRegressor on the training targets"),
            Mistake(in_percent, "your MAPE is in per cent; scikit-learn's mean_absolute_percentage_error "
                                "returns a fraction"),
        ],
        hints=[
            "DummyRegressor().fit(X_train, y_train).predict(X_test) predicts the training mean for every test row.",
            "Score those predictions with r2_score, mean_absolute_error and mean_absolute_percentage_error, "
            "and answer (R², MAE, MAPE).",
        ],
        solution="base = DummyRegressor().fit(X_train, y_train).predict(X_test)\n"
                 "answer = (r2_score(y_test, base), mean_absolute_error(y_test, base),\n"
                 "          mean_absolute_percentage_error(y_test, base))",
        why="A model has to beat this before it has learned anything.",
    )


def exercise_2(X_train, y_train, X_test, y_test) -> Exercise:
    """Exercise 2 (a 90 % upper bound): the share of test targets at or below the 0.9-quantile regression.

    The model is ``make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0))`` fitted on
    the training part; the answer is ``mean(y_test <= q90(X_test))``, a fraction between 0 and 1,
    right within 0.01 (about one patient of the test set).
    """
    X_train = numeric(X_train, "X_train", ndim=2)
    y_train = numeric(y_train, "y_train", ndim=1)
    X_test = numeric(X_test, "X_test", ndim=2)
    y_test = numeric(y_test, "y_test", ndim=1)
    same_length(X_train, y_train, "X_train", "y_train")
    same_length(X_test, y_test, "X_test", "y_test")
    if X_test.shape[1] != X_train.shape[1]:
        raise ValueError("X_test must have the columns of X_train")
    fitted: dict[str, object] = {}

    def model():
        if "q90" not in fitted:
            fitted["q90"] = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(
                X_train, y_train)
        return fitted["q90"]

    def below() -> float:
        return float(np.mean(y_test <= model().predict(X_test)))

    return Exercise(
        "Exercise 2",
        below,
        compare=probability(abs=0.01),
        mistakes=[
            Mistake.if_equals(lambda: 1 - below(), "that is the share above the prediction; the bound should "
                                                   "have about 90 % of the patients at or below it"),
            Mistake.if_equals(lambda: float(np.mean(y_train <= model().predict(X_train))),
                              "that share is counted on the training patients the model was fitted to; "
                              "count it on the test set"),
        ],
        hints=[
            "make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)",
            "The share is np.mean(y_test <= q90.predict(X_test)): a fraction, not a percentage.",
        ],
        solution="q90 = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0))"
                 ".fit(X_train, y_train)\nanswer = np.mean(y_test <= q90.predict(X_test))",
        why="A quantile regression for 0.9 puts about 90 % of new targets at or below its prediction.",
    )


def quiz(y_test, pred) -> Quiz:
    """The quick self-test of notebook 12; the numeric question is the ridge regression's test MAE.

    ``MAE = sum(|y_test - pred|) / n``, right within 0.5 (the target's units).
    """
    y_test = numeric(y_test, "y_test", ndim=1)
    pred = numeric(pred, "pred", ndim=1)
    same_length(y_test, pred, "y_test", "pred")
    return Quiz([
        Question(
            "A model that always predicts the training mean gets, on a test set, an R² of about",
            {"a": "1", "b": "0 (a little below, since the training mean is not the test mean)", "c": "-1",
             "d": "0.5"},
            "b",
            {"a": "1 needs every prediction to be exact.",
             "c": "R² can be that low, but only for predictions much worse than a constant near the mean.",
             "d": "a constant explains none of the test targets' spread, not half of it."},
        ),
        Question(
            "MAPE is a poor choice of metric when",
            {"a": "some targets are close to zero", "b": "the targets are large", "c": "the test set is big"},
            "a",
            {"b": "large targets are where MAPE behaves best: it divides by them.",
             "c": "the size of the test set does not change what MAPE measures."},
        ),
        Question(
            "Why does scikit-learn's scoring= name a loss 'neg_mean_absolute_error'?",
            {"a": "a scorer is maximised, so a loss is negated",
             "b": "the mean absolute error can be negative",
             "c": "it is the error of the negative class"},
            "a",
            {"b": "a mean of absolute values is never negative.",
             "c": "regression has no classes; the 'neg' is the sign."},
        ),
        NumberQuestion(
            "By how much, in the target's units, is the ridge regression off on an average test patient (MAE)?",
            lambda: float(np.mean(np.abs(y_test - pred))),
            tol=0.5,
            solution="mean_absolute_error(y_test, pred)",
        ),
    ])
