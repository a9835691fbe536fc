"""The checkers of notebook 12, on the notebook's own data: right answers computed here with scikit-learn, the
answers as the solutions notebook prints them, too few digits, each typical mistake, wrong kinds, and the audits."""

import numpy as np
import pytest
from sklearn.datasets import load_diabetes
from sklearn.dummy import DummyRegressor
from sklearn.linear_model import QuantileRegressor, Ridge
from sklearn.metrics import mean_absolute_error, mean_absolute_percentage_error, r2_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.exercises import nb12

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    X, y = load_diabetes(return_X_y=True, scaled=False)
    X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
    pred = make_pipeline(StandardScaler(), Ridge()).fit(X_train, y_train).predict(X_test)
    return X_train, X_test, y_train, y_test, pred


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def scores(y, p):
    return r2_score(y, p), mean_absolute_error(y, p), mean_absolute_percentage_error(y, p)


def test_exercise_1(data, capsys):
    X_train, X_test, y_train, y_test, pred = data
    ex = nb12.exercise_1(y_train, y_test, pred)
    right = scores(y_test, DummyRegressor().fit(X_train, y_train).predict(X_test))
    assert right[0] < 0
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    for answer in (right, {"R²": right[0], "MAE": right[1], "MAPE": right[2]},
                   (round(right[0], 4), float(f"{right[1]:.3g}"), float(f"{right[2]:.3g}"))):  # as printed
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check((round(right[0], 4), round(right[1]), round(right[2], 1)))
    assert said(capsys).startswith("Exercise 1: give three significant digits for your MAE and MAPE")
    assert not ex.check(scores(y_test, pred))
    assert "ridge regression's scores" in said(capsys)
    assert not ex.check(scores(y_test, np.full_like(y_test, y_test.mean())))
    assert "test set's own mean" in said(capsys)
    median = scores(y_test, DummyRegressor(strategy="median").fit(X_train, y_train).predict(X_test))
    assert not ex.check(median)
    assert said(capsys).startswith("Exercise 1: that baseline predicts the training median")
    assert not ex.check((right[0], right[1], 100 * right[2]))
    assert "per cent" in said(capsys)
    assert not ex.check((0.0, right[1], right[2]))
    assert said(capsys).startswith("Exercise 1: your R² is 0 to four decimal places")
    assert not ex.check((right[0], right[1] + 5, right[2]))
    assert said(capsys) == "Exercise 1: not yet: your R² and MAPE are right, MAE is not"
    for swapped in [(right[0], right[2], right[1]),
                    (round(right[0], 4), float(f"{right[2]:.3g}"), float(f"{right[1]:.3g}"))]:
        assert not ex.check(swapped)
        assert said(capsys) == "Exercise 1: your MAE and MAPE are in the other order: give (R², MAE, MAPE)"
    assert not ex.check(0.5)
    assert said(capsys) == "Exercise 1: expected 3 numbers (R², MAE, MAPE), got the number 0.5"
    assert ex.audit() == []


def test_exercise_2(data, capsys):
    X_train, X_test, y_train, y_test, _ = data
    ex = nb12.exercise_2(X_train, y_train, X_test, y_test)
    q90 = QuantileRegressor(quantile=0.9, alpha=0.0).fit(X_train, y_train)  # unpenalised: scaling changes nothing
    share = np.mean(y_test <= q90.predict(X_test))
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    for answer in (share, round(share, 3)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 2: correct.")
    assert round(share, 1) == 0.9 and round(share, 3) == 0.883
    assert not ex.check(round(share, 2))
    assert said(capsys).startswith("Exercise 2: give three significant digits")
    for level in (0.9, 0.90, 0.900):  # the level fitted, though it is the answer to one digit: a cold read
        assert not ex.check(level)
        assert said(capsys) == ("Exercise 2: that is the level you fitted, 0.9; count the share of test patients at "
                                "or below the predictions, to three significant digits")
    assert not ex.check(1 - share)
    assert "share above the prediction" in said(capsys)
    fitted = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)
    gap = y_train - fitted.predict(X_train)  # the fit passes through a few training patients: gap 0 up to rounding
    assert np.sum(np.abs(gap) < 1e-6) == X_train.shape[1] + 1
    for on_training in (np.mean(gap < -1e-6), np.mean(gap <= 1e-6), np.mean(gap <= 0)):
        assert not ex.check(round(float(on_training), 3))
        assert "training patients" in said(capsys)
    median = make_pipeline(StandardScaler(), QuantileRegressor(alpha=0.9)).fit(X_train, y_train)
    assert not ex.check(np.mean(y_test <= median.predict(X_test)))
    assert "alpha= is the penalty" in said(capsys)
    default = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9)).fit(X_train, y_train)
    assert not ex.check(np.mean(y_test <= default.predict(X_test)))
    assert "default L1 penalty" in said(capsys)
    assert not ex.check(100 * share)
    assert said(capsys).startswith("Exercise 2: expected one number between 0 and 1, got")
    assert not ex.check("0.9")
    assert said(capsys) == "Exercise 2: expected one number between 0 and 1, got the text '0.9'"
    assert ex.audit() == []


def test_hints_run_out_and_point_to_the_solutions(data, capsys):
    _, _, y_train, y_test, pred = data
    ex = nb12.exercise_1(y_train, y_test, pred)
    ex.hint()
    ex.hint()
    ex.hint()
    lines = said(capsys).splitlines()
    assert lines[0].startswith("Exercise 1, hint 1:") and lines[1].startswith("Exercise 1, hint 2:")
    assert lines[2].startswith("Exercise 1: no more hints.") and "solutions notebook" in lines[2]


def test_quiz(capsys):
    quiz = nb12.quiz(cost_under=4, cost_over=1)
    assert len(quiz) == 5 and quiz.audit() == []
    assert "about -1850" in quiz.q4.prompt  # its own number: the notebook prints its mean CV MSE, 2993.6
    answers = {"q1": "d", "q2": "b", "q3": "a", "q4": "c"}
    for handle, letter in answers.items():
        assert getattr(quiz, handle).check(letter)
    said(capsys)
    assert len(set(answers.values())) == 4  # the right answers sit at different positions
    assert quiz.q5.check(0.8) and quiz.q5.check(0.80)
    said(capsys)
    assert not quiz.q5.check(0.2)
    assert "the other way round" in said(capsys)
    assert not quiz.q5.check(0.75)
    assert "notebook's level" in said(capsys)
    for ratio in (1 / 4, 0.25):
        assert not quiz.q5.check(ratio)
        assert said(capsys).startswith("Question 5: that is the ratio of the costs, over- to under-prediction")
    for odds in (4, 4.0):
        assert not quiz.q5.check(odds)
        assert said(capsys) == ("Question 5: that is the cost ratio, the odds alpha / (1 - alpha); turn it into a "
                                "level: alpha = ratio / (1 + ratio)")
    assert not quiz.q1.check("a")
    assert said(capsys).startswith("Question 1: not quite: least squares without any penalty")
    assert not quiz.q3.check("b")
    assert "goes into quantile=" in said(capsys)
    assert not quiz.q2.check(...)
    assert said(capsys) == f"Question 2: {NOT_ANSWERED}"


def test_quiz_follows_the_costs():
    quiz = nb12.quiz(cost_under=9, cost_over=1, cv_mse=100)
    assert quiz.q5.expected == pytest.approx(0.9)
    assert "9 times" in quiz.q5.prompt and quiz.audit() == []
    three = nb12.quiz(cost_under=3, cost_over=1, cv_mse=100)  # 0.75 is then right, so it is no mistake
    assert three.q5.check(0.75) and three.audit() == []


@pytest.mark.parametrize("kwargs, message", [
    ({"cost_under": 1, "cost_over": 4, "cv_mse": 1.0}, "cost_under must be larger than cost_over"),
    ({"cost_under": 4, "cost_over": 0, "cv_mse": 1.0}, r"^cost_over must be a positive finite number, got 0\.0$"),
    ({"cost_under": 4, "cost_over": 1, "cv_mse": -5.0}, r"^cv_mse must be a positive finite number, got -5\.0$"),
])
def test_quiz_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        nb12.quiz(**kwargs)


def test_factories_reject_bad_data(data):
    X_train, X_test, y_train, y_test, pred = data
    with pytest.raises(ValueError, match=r"^y_test and pred must have the same length, got \d+ and \d+$"):
        nb12.exercise_1(y_train, y_test, pred[:-1])
    with pytest.raises(ValueError, match="y_test must not hold a zero target"):
        nb12.exercise_1(y_train, np.r_[0.0, y_test[1:]], pred)
    with pytest.raises(ValueError, match="X_test must have the columns of X_train"):
        nb12.exercise_2(X_train, y_train, X_test[:, :3], y_test)
