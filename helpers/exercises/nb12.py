"""Checkers for notebook 12 (regression metrics): the exercises and the quick self-test.

Each factory takes the notebook's own data and computes the right answer from it. The worked solutions
are in ``notebooks/solutions/12_regression_metrics_solutions.ipynb``.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np
from sklearn.linear_model import QuantileRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from .._validate import check_numbers, check_positive, check_same_length
from .core import Compare, Exercise, Mistake, digits_text, number, numbers, probability, round_significant
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]

LEVEL = 0.9
"""Exercise 2's quantile level."""


def _scores(y: np.ndarray, pred: np.ndarray) -> tuple[float, float, float]:
    """R², MAE and MAPE (a fraction) of the predictions ``pred`` of the targets ``y``."""
    r2 = 1 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2)
    return float(r2), float(np.mean(np.abs(y - pred))), float(np.mean(np.abs(y - pred) / np.abs(y)))


def _regression_data(y_train, y_test, pred) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    y_train = check_numbers(y_train, "y_train", ndim=1)
    y_test = check_numbers(y_test, "y_test", ndim=1)
    pred = check_numbers(pred, "pred", ndim=1)
    check_same_length(y_test, pred, "y_test", "pred")
    if np.any(y_test == 0):
        raise ValueError("y_test must not hold a zero target (MAPE divides by it)")
    return y_train, y_test, pred


@effort("compute", "a mean-predicting baseline scored with three metrics")
def exercise_1(y_train, y_test, pred) -> Exercise:
    """Exercise 1 (a baseline): R², MAE and MAPE, on the test set, of always predicting the training mean.

    With ``m = mean(y_train)`` and ``n`` test targets ``y``::

        R²   = 1 - sum((y - m)^2) / sum((y - mean(y))^2)
        MAE  = sum(|y - m|) / n
        MAPE = sum(|y - m| / |y|) / n          (a fraction, as scikit-learn returns it)

    The answer is three numbers, ``(R², MAE, MAPE)``: R² to four decimal places (it lies just below 0),
    MAE and MAPE to three significant digits. ``pred`` (the ridge regression's test predictions) gives the
    typical mistake of scoring the model instead of the baseline; others: MAE and MAPE in the other order, the
    test set's own mean, the training median (its MAE can agree with the mean's), MAPE in per cent, an R² of
    exactly 0.
    """
    y_train, y_test, pred = _regression_data(y_train, y_test, pred)

    def baseline() -> tuple[float, float, float]:
        return _scores(y_test, np.full_like(y_test, y_train.mean()))

    compare = numbers(["R²", "MAE", "MAPE"], digits=3, kinds={"R²": number(abs=5e-5)})
    return Exercise(
        "Exercise 1",
        baseline,
        compare=compare,
        mistakes=[
            Mistake.if_equals(lambda: _scores(y_test, pred),
                              "those are the ridge regression's scores; the baseline predicts the training mean "
                              "for every patient"),
            Mistake.if_equals(lambda: (baseline()[0], baseline()[2], baseline()[1]),
                              "your MAE and MAPE are in the other order: give (R², MAE, MAPE)"),
            Mistake.if_equals(lambda: _scores(y_test, np.full_like(y_test, y_test.mean())),
                              "that baseline predicts the test set's own mean, which a model cannot know; "
                              "fit DummyRegressor on the training targets"),
            Mistake.if_equals(lambda: _scores(y_test, np.full_like(y_test, np.median(y_train))),
                              "that baseline predicts the training median; this one predicts the training mean "
                              "(DummyRegressor's default strategy)"),
            Mistake.in_part(2, lambda: 100 * baseline()[2],
                            "your MAPE is in per cent; scikit-learn's mean_absolute_percentage_error "
                            "returns a fraction"),
            Mistake.in_part(0, 0.0, "your R² is 0 to four decimal places, the baseline's is not: R² is 0 only "
                                    "for the test set's own mean, and the training mean misses it a little"),
        ],
        hints=[
            "DummyRegressor().fit(X_train, y_train).predict(X_test) predicts the training mean for every test row.",
            "Score those predictions with r2_score, mean_absolute_error and mean_absolute_percentage_error, "
            "and answer (R², MAE, MAPE).",
        ],
        why="A model has to beat this before it has learned anything.",
    )


class _LevelIsNoRounding(Compare):
    """``probability(digits=...)``, except that the level fitted is a wrong value, not the answer with too few
    digits, unless the answer rounded to the digits is the level itself."""

    def __init__(self, level: float, digits: int) -> None:
        self.inner, self.level = probability(digits=digits), level
        self.kind, self.digits = self.inner.kind, digits

    def _level(self, answer: object, expected: object) -> bool:
        if isinstance(answer, bool | np.bool_) or not isinstance(answer, Real):
            return False
        return float(answer) == self.level and round_significant(float(expected), self.digits) != self.level

    def differs(self, answer: object, expected: object) -> str | None:
        if self._level(answer, expected):
            return f"not yet: your number does not agree with the answer to {digits_text(self.digits)}"
        return self.inner.differs(answer, expected)

    def too_few_digits(self, answer: object, expected: object) -> bool:
        return not self._level(answer, expected) and self.inner.too_few_digits(answer, expected)

    def rounded(self, expected: object) -> object:
        return self.inner.rounded(expected)


@effort("build", "a quantile regression fitted, its share of test patients below")
def exercise_2(X_train, y_train, X_test, y_test) -> Exercise:
    """Exercise 2 (a 90 % upper bound): the share of test targets at or below the 0.9-quantile regression.

    The model is ``make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0))`` fitted on
    the training part; the answer is ``mean(y_test <= q90(X_test))``, a fraction between 0 and 1, to three
    significant digits; the level itself, 0.9, is a wrong value, not the answer with too few digits (unless the
    share, to three digits, is 0.900). The typical mistakes: the level; the share above; the pinball level
    passed as ``alpha`` (the L1
    penalty: a penalised median regression); the penalty left at its default ``alpha=1.0``; the share on the
    training rows (with any count of the few training patients the fit passes through, by rounding error).
    """
    X_train = check_numbers(X_train, "X_train", ndim=2)
    y_train = check_numbers(y_train, "y_train", ndim=1)
    X_test = check_numbers(X_test, "X_test", ndim=2)
    y_test = check_numbers(y_test, "y_test", ndim=1)
    check_same_length(X_train, y_train, "X_train", "y_train")
    check_same_length(X_test, y_test, "X_test", "y_test")
    if X_test.shape[1] != X_train.shape[1]:
        raise ValueError("X_test must have the columns of X_train")
    fitted: dict[tuple, object] = {}

    def model(**kwargs):
        key = tuple(sorted(kwargs.items()))
        if key not in fitted:
            fitted[key] = make_pipeline(StandardScaler(), QuantileRegressor(**kwargs)).fit(X_train, y_train)
        return fitted[key]

    def share(X: np.ndarray, y: np.ndarray, **kwargs) -> float:
        return float(np.mean(y <= model(**kwargs).predict(X)))

    def below() -> float:
        return share(X_test, y_test, quantile=0.9, alpha=0.0)

    def training_shares() -> list[float]:
        # the unpenalised fit passes exactly through a few training patients (as many as it has coefficients),
        # so "at or below" on the training rows counts any number of them, by rounding error
        gap = y_train - model(quantile=0.9, alpha=0.0).predict(X_train)
        tol = 1e-9 * max(1.0, float(np.abs(y_train).max()))
        low, high = int(np.sum(gap < -tol)), int(np.sum(gap <= tol))
        return [k / len(y_train) for k in range(low, high + 1)]

    compare = _LevelIsNoRounding(LEVEL, 3)

    def on_training_rows(answer: object) -> bool:
        return any(compare.same(answer, v) for v in training_shares())

    return Exercise(
        "Exercise 2",
        below,
        compare=compare,
        mistakes=[
            Mistake.if_equals(lambda: LEVEL if round_significant(below(), 3) != LEVEL else math.nan,
                              f"that is the level you fitted, {LEVEL:g}; count the share of test patients at or "
                              "below the predictions, to three significant digits"),
            Mistake.if_equals(lambda: 1 - below(), "that is the share above the prediction; the bound should "
                                                   "have about 90 % of the patients at or below it"),
            Mistake.if_equals(lambda: share(X_test, y_test, alpha=0.9),
                              "that model predicts the median with an L1 penalty of 0.9: in QuantileRegressor "
                              "the level goes into quantile=, and alpha= is the penalty"),
            Mistake.if_equals(lambda: share(X_test, y_test, quantile=0.9),
                              "that model keeps QuantileRegressor's default L1 penalty, alpha=1.0; "
                              "switch it off with alpha=0.0 as the notebook does"),
            Mistake(on_training_rows, "that share is counted on the training patients the model was fitted to; "
                                      "count it on the test set", example=lambda: training_shares()[-1]),
        ],
        hints=[
            "make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)",
            "The share is np.mean(y_test <= q90.predict(X_test)): a fraction, not a percentage.",
        ],
        why="A quantile regression for 0.9 aims to put 90 % of new targets at or below its prediction.",
    )


def quiz(*, cost_under: float, cost_over: float, cv_mse: float = 1850) -> Quiz:
    """The quick self-test of notebook 12.

    The numeric question asks for the quantile to predict when an under-prediction costs ``cost_under``
    and an over-prediction ``cost_over`` per unit of error (``cost_under > cost_over``): the pinball loss's
    minimiser is the quantile ``alpha = cost_under / (cost_under + cost_over)``, given to two significant
    digits. Its named mistakes: the level the other way round, the cost ratio ``cost_over / cost_under``, the
    odds ``cost_under / cost_over`` not turned into a level, the notebook's 0.75 (each kept where it differs
    from the answer and the mistakes before it, at two digits). ``cv_mse`` is the mean cross-validated MSE
    that question 4 shows negated: a number of its own, not the one the notebook prints above the quiz.
    """
    cost_under = check_positive(cost_under, "cost_under")
    cost_over = check_positive(cost_over, "cost_over")
    cv_mse = check_positive(cv_mse, "cv_mse")
    if cost_under <= cost_over:
        raise ValueError("cost_under must be larger than cost_over (the question asks for a quantile above the "
                         "median)")
    ratio = cost_under / cost_over
    right = cost_under / (cost_under + cost_over)
    candidates = [
        (cost_over / (cost_under + cost_over), "that is the other way round: when under-predicting costs more, "
                                               "predict high, a quantile above the median"),
        (cost_over / cost_under, "that is the ratio of the costs, over- to under-prediction; the level alpha solves "
                                 "alpha / (1 - alpha) = the cost ratio"),
        (ratio, "that is the cost ratio, the odds alpha / (1 - alpha); turn it into a level: alpha = ratio / "
                "(1 + ratio)"),
        (0.75, "0.75 is the notebook's level, for an under-prediction three times as costly: the level alpha "
               "solves alpha / (1 - alpha) = the cost ratio"),
    ]
    mistakes = Mistake.each_distinct(candidates, right, digits=2)
    return Quiz([
        Question(
            "In a plot of the true values against the predictions, the patients with the highest true values "
            "sit mostly above the diagonal, those with the lowest below it. This shows that",
            {"a": "the ridge penalty has shrunk the predictions towards the mean",
             "b": "the model is miscalibrated and its predictions need stretching",
             "c": "more training patients would make the tilt go away",
             "d": "regression to the mean: even a calibrated model shows it"},
            "d",
            {"a": "least squares without any penalty shows the same tilt; the penalty is not the cause.",
             "b": "calibration is read by binning on the prediction: the mean truth per bin of the prediction "
                  "stays near the diagonal here.",
             "c": "the tilt comes from noise that no model of these inputs can predict; more rows estimate "
                  "the model better but do not remove that noise.",
             "d": "With R² below 1, patients picked for an extreme true value get, on average, less extreme "
                  "predictions."},
        ),
        Question(
            "MAPE, the mean absolute percentage error, is a poor choice of metric when",
            {"a": "the targets are large, so every error looks small",
             "b": "some targets are close to zero, so errors explode",
             "c": "the test set is large, so a few errors are drowned"},
            "b",
            {"a": "large targets are where MAPE behaves best: it divides by them.",
             "c": "the size of the test set does not change what MAPE measures."},
        ),
        Question(
            "In QuantileRegressor(quantile=0.75, alpha=0.0), what does alpha=0.0 set?",
            {"a": "no L1 penalty on the coefficients",
             "b": "the level of the pinball loss to 0",
             "c": "the significance level of an interval"},
            "a",
            {"b": "the level of the pinball loss goes into quantile=; alpha= is the weight of an L1 penalty.",
             "c": "QuantileRegressor gives no interval; alpha= is the weight of an L1 penalty."},
        ),
        Question(
            f"cross_val_score(model, X, y, scoring='neg_mean_squared_error') gives a mean of about "
            f"-{cv_mse:.0f}. This means",
            {"a": "the model does worse than predicting the mean",
             "b": "the predictions are too low on average",
             "c": f"the mean squared error is about {cv_mse:.0f}"},
            "c",
            {"a": "a negative R² would mean that; a scorer negates a loss so that higher is always better.",
             "b": "a squared error has no sign; the minus is added by the scorer, so that higher is better."},
        ),
        NumberQuestion(
            f"Under-predicting costs {ratio:g} times as much as over-predicting, both in proportion to the size "
            "of the error. Which quantile of the target should the model predict?",
            lambda: right,
            digits=2,
            mistakes=mistakes,
            solution="cost_under / (cost_under + cost_over)",
        ),
    ])
