"""The checkers of notebook 12: right answers computed here with scikit-learn, the typical mistakes, wrong kinds."""

import numpy as np
import pytest
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
    rng = np.random.default_rng(0)
    X = rng.normal(size=(160, 3))
    y = 150 + X @ [30, -10, 5] + rng.normal(0, 20, 160)
    X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
    pred = make_pipeline(StandardScaler(), Ridge()).fit(X_train, y_train).predict(X_test)
    return X_train, X_test, y_train, y_test, pred


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_exercise_1(data, capsys):
    X_train, X_test, y_train, y_test, pred = data
    ex = nb12.exercise_1(y_train, y_test, pred)
    base = DummyRegressor().fit(X_train, y_train).predict(X_test)
    right = (r2_score(y_test, base), mean_absolute_error(y_test, base), mean_absolute_percentage_error(y_test, base))
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 1: correct.")
    assert ex.check({"R²": right[0], "MAE": right[1], "MAPE": right[2]})
    said(capsys)
    ridge = (r2_score(y_test, pred), mean_absolute_error(y_test, pred), mean_absolute_percentage_error(y_test, pred))
    assert not ex.check(ridge)
    assert "ridge regression's scores" in said(capsys)
    assert not ex.check((right[0], right[1], 100 * right[2]))
    assert "per cent" in said(capsys)
    test_mean = np.full_like(y_test, y_test.mean())
    assert not ex.check((0.0, mean_absolute_error(y_test, test_mean),
                         mean_absolute_percentage_error(y_test, test_mean)))
    assert "test set's own mean" in said(capsys)
    assert not ex.check((right[0], right[1] + 5, right[2]))
    assert said(capsys) == "Exercise 1: not yet: your R² and MAPE are right, MAE is not"
    assert not ex.check(0.5)
    assert said(capsys) == "Exercise 1: expected 3 numbers (R², MAE, MAPE), got the number 0.5"


def test_exercise_2(data, capsys):
    X_train, X_test, y_train, y_test, _ = data
    ex = nb12.exercise_2(X_train, y_train, X_test, y_test)
    q90 = QuantileRegressor(quantile=0.9, alpha=0.0).fit(X_train, y_train)  # unpenalised: scaling changes nothing
    share = np.mean(y_test <= q90.predict(X_test))
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(share)
    assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(1 - share)
    assert "share above the prediction" in said(capsys)
    assert not ex.check(100 * share)
    assert said(capsys).startswith("Exercise 2: expected one number between 0 and 1, got")
    assert not ex.check("0.9")
    assert said(capsys) == "Exercise 2: expected one number between 0 and 1, got the text '0.9'"


def test_hints_run_out_and_solution_prints(data, capsys):
    X_train, X_test, y_train, y_test, pred = data
    ex = nb12.exercise_1(y_train, y_test, pred)
    ex.hint()
    ex.hint()
    ex.hint()
    lines = said(capsys).splitlines()
    assert lines[0].startswith("Exercise 1, hint 1:") and lines[1].startswith("Exercise 1, hint 2:")
    assert lines[2] == "Exercise 1: no more hints: ex1.solution() shows the answer"
    ex.solution()
    out = said(capsys)
    assert "DummyRegressor" in out and "value: R² " in out


def test_quiz(data, capsys):
    _, _, _, y_test, pred = data
    quiz = nb12.quiz(y_test, pred)
    quiz.show()
    assert said(capsys).count("Question ") == 4
    assert quiz.q1.check("b") and quiz.q2.check("a") and quiz.q3.check("a")
    assert quiz.q4.check(mean_absolute_error(y_test, pred))
    said(capsys)
    assert not quiz.q1.check("a")
    assert said(capsys) == "Question 1: not quite: 1 needs every prediction to be exact."
    assert not quiz.q4.check(mean_absolute_error(y_test, pred) + 2)
    assert said(capsys).startswith("Question 4: not yet")
    assert not quiz.q2.check(...)
    assert said(capsys) == f"Question 2: {NOT_ANSWERED}"
