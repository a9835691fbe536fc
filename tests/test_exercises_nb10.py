"""The checkers of notebook 10: right answers computed here with scikit-learn, the typical mistakes, wrong kinds."""

import numpy as np
import pytest
from sklearn.metrics import f1_score, roc_auc_score

from helpers.exercises import nb10

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 4, 300)
    logits = rng.normal(size=(300, 4)) + 2.0 * np.eye(4)[y] * rng.uniform(0.3, 1.5, 4)
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return y, proba, proba.argmax(axis=1)


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_exercise_1(data, capsys):
    y, _, pred = data
    ex = nb10.exercise_1(y, pred, rare_class=2, n_kept=5)
    keep = (y != 2) | (np.cumsum(y == 2) <= 5)
    macro = f1_score(y[keep], pred[keep], average="macro")
    micro = f1_score(y[keep], pred[keep], average="micro")
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check((macro, micro))
    assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check((micro, macro))
    assert "you swapped them" in said(capsys)
    assert not ex.check((f1_score(y, pred, average="macro"), f1_score(y, pred, average="micro")))
    assert "keep only the first 5" in said(capsys)
    assert not ex.check((f1_score(y[keep], pred[keep], average="weighted"), micro))
    assert "support-weighted" in said(capsys)
    assert not ex.check(macro)
    assert said(capsys).startswith("Exercise 1: expected 2 numbers (macro F1, micro F1), got the number 0.")


def test_exercise_2(data, capsys):
    y, proba, _ = data
    ex = nb10.exercise_2(y, proba)
    gaps = {}
    for j in range(4):
        for k in range(j + 1, 4):
            both = (y == j) | (y == k)
            a_jk = roc_auc_score(y[both] == j, proba[both, j])
            a_kj = roc_auc_score(y[both] == k, proba[both, k])
            gaps[j, k] = (abs(a_jk - a_kj), (a_jk + a_kj) / 2)
    right = max(gaps, key=lambda jk: gaps[jk][0])
    hardest = min(gaps, key=lambda jk: gaps[jk][1])
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right) and ex.check(list(right[::-1]))
    assert said(capsys).startswith("Exercise 2: correct.")
    if hardest != right:
        assert not ex.check(hardest)
        assert "separates worst" in said(capsys)
    wrong = next(jk for jk in gaps if not set(jk) & set(right) and jk != hardest)
    assert not ex.check(wrong)
    assert said(capsys) == "Exercise 2: not yet: another pair's two AUCs differ more than your pair's"
    assert not ex.check(3)
    assert said(capsys) == "Exercise 2: expected a pair of two classes, such as (3, 8), got the number 3"


def test_hints_run_out_and_solution_prints(data, capsys):
    y, proba, _ = data
    ex = nb10.exercise_2(y, proba)
    for _ in range(3):
        ex.hint()
    lines = said(capsys).splitlines()
    assert [line.split(":")[0] for line in lines] == ["Exercise 2, hint 1", "Exercise 2, hint 2", "Exercise 2"]
    assert lines[2].endswith("ex2.solution() shows the answer")
    ex.solution()
    assert "idxmax" in said(capsys)


def test_quiz(data, capsys):
    y, _, pred = data
    quiz = nb10.quiz(y, pred)
    assert quiz.q1.check("a") and quiz.q2.check("b") and quiz.q3.check("a")
    assert quiz.q4.check(f1_score(y, pred, average="macro"))
    said(capsys)
    assert not quiz.q2.check("a")
    assert said(capsys).startswith("Question 2: not quite: in the micro average")
    assert not quiz.q4.check(f1_score(y, pred, average="micro") + 0.01)
    assert said(capsys).startswith("Question 4: not yet")
