"""The checkers of notebook 10: right answers computed here with scikit-learn, the answers as printed, too few
digits, each typical mistake with its own message, wrong kinds, and every checker's audit (on synthetic data
and on the notebook's own digits)."""

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score, precision_score, recall_score, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.multiclass import OneVsRestClassifier

from helpers.exercises import nb10
from helpers.exercises.core import round_significant

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 4, 300)
    logits = rng.normal(size=(300, 4)) + 2.0 * np.eye(4)[y] * rng.uniform(0.3, 1.5, 4)
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return y, proba, proba.argmax(axis=1)


@pytest.fixture(scope="module")
def digits():
    """Notebook 10's own setting: the digits, one-vs-rest logistic regression, a quarter held out."""
    d = load_digits()
    X_train, X_test, y_train, y_test = train_test_split(d.data, d.target, random_state=0)
    model = OneVsRestClassifier(LogisticRegression(solver="liblinear", tol=1e-10)).fit(X_train, y_train)
    return y_test, model.predict_proba(X_test), model.predict(X_test)


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def directed(y, proba, j, k):
    both = (y == j) | (y == k)
    return roc_auc_score(y[both] == j, proba[both, j])


def test_exercise_1(data, capsys):
    y, _, pred = data
    ex = nb10.exercise_1(y, pred, rare_class=2, n_kept=5)
    keep = (y != 2) | (np.cumsum(y == 2) <= 5)
    macro = f1_score(y[keep], pred[keep], average="macro")
    micro = f1_score(y[keep], pred[keep], average="micro")
    weighted = f1_score(y[keep], pred[keep], average="weighted")
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    for right in [(macro, micro), (round_significant(macro, 3), round_significant(micro, 3))]:
        assert ex.check(right)
        assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check((round_significant(macro, 2), round_significant(micro, 2)))
    assert said(capsys).startswith("Exercise 1: give three significant digits for your macro F1 and micro F1")
    assert not ex.check((micro, macro))
    assert "you swapped them" in said(capsys)
    assert not ex.check((f1_score(y, pred, average="macro"), f1_score(y, pred, average="micro")))
    assert "keep only the first 5" in said(capsys)
    assert not ex.check((weighted, micro))
    assert "support-weighted" in said(capsys)
    assert not ex.check((100 * macro, 100 * micro))
    assert said(capsys) == "Exercise 1: that looks like a percentage: give each F1 as a number between 0 and 1"
    assert not ex.check((round(100 * macro, 1), micro))
    assert "looks like a percentage" in said(capsys)
    for n in (0, 4, 6):
        kept = (y != 2) | (np.cumsum(y == 2) <= n)
        assert not ex.check((f1_score(y[kept], pred[kept], average="macro"),
                             f1_score(y[kept], pred[kept], average="micro")))
        assert said(capsys).endswith("keep the first 5 (np.cumsum(y_test == 2) <= 5)")
    assert not ex.check((macro, micro + 0.01))
    assert said(capsys) == "Exercise 1: not yet: your macro F1 is right, micro F1 is not"
    assert not ex.check(macro)
    assert said(capsys).startswith("Exercise 1: expected 2 numbers (macro F1, micro F1), got the number 0.")
    assert ex.audit() == []


def test_exercise_2(data, capsys):
    y, proba, _ = data
    ex = nb10.exercise_2(y, proba)
    gaps = {}
    for j in range(4):
        for k in range(j + 1, 4):
            a_jk, a_kj = directed(y, proba, j, k), directed(y, proba, k, j)
            gaps[j, k] = (abs(a_jk - a_kj), (a_jk + a_kj) / 2, a_jk - a_kj)
    right = max(gaps, key=lambda jk: gaps[jk][0])
    hardest = min(gaps, key=lambda jk: gaps[jk][1])
    signed = max(gaps, key=lambda jk: gaps[jk][2])
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right) and ex.check(list(right[::-1]))
    assert said(capsys).startswith("Exercise 2: correct.")
    if hardest != right:
        assert not ex.check(hardest)
        assert "separates worst" in said(capsys)
    if signed != right:
        assert not ex.check(signed)
        assert "absolute differences" in said(capsys)
    wrong = next((jk for jk in gaps if jk not in (right, hardest, signed)), None)
    assert wrong is not None
    assert not ex.check(wrong)
    assert said(capsys) == "Exercise 2: not yet: another pair's two AUCs differ more than your pair's"
    assert not ex.check(3)
    assert said(capsys) == "Exercise 2: expected a pair of two classes, such as (3, 9), got the number 3"
    assert ex.audit() == []


def test_exercise_2_drops_a_mistake_that_is_the_answer():
    # two classes only: the one pair is the answer, the hardest pair and the signed maximum alike
    y = np.array([0, 0, 1, 1])
    proba = np.array([[0.8, 0.2], [0.5, 0.5], [0.4, 0.6], [0.2, 0.8]])
    ex = nb10.exercise_2(y, proba)
    assert ex.mistakes == () and ex.audit() == []


def test_on_the_notebooks_digits(digits, capsys):
    y, proba, pred = digits
    ex1 = nb10.exercise_1(y, pred)
    assert ex1.check((0.945, 0.961)) and ex1.audit() == []
    assert not ex1.check((94.5, 96.1))  # the cold reader's percentages
    assert "looks like a percentage" in said(capsys)
    ex2 = nb10.exercise_2(y, proba)
    assert ex2.check((7, 1)) and len(ex2.mistakes) == 2 and ex2.audit() == []
    assert not ex2.check((1, 8))  # the hardest pair, by the mean of its two AUCs
    assert "separates worst" in said(capsys)
    assert directed(y, proba, 1, 7) == pytest.approx(0.9864, abs=5e-5)
    quiz = nb10.quiz(y, pred)
    assert quiz.audit() == []
    # question 4: digit 1's precision at 1 in 100 as the notebook's table computes it (every other digit weighted)
    is_1 = y == 1
    weights = np.where(is_1, 1.0, (0.99 / 0.01) * is_1.sum() / (~is_1).sum())
    at_100 = precision_score(is_1, pred == 1, sample_weight=weights)
    assert f"{at_100:.3f}" == "0.427"
    assert not quiz.q4.check(0.427)
    assert said(capsys).startswith("Question 4: that is digit 1's precision at 1 in 100, printed above")


def test_quiz_question_3_on_the_notebooks_digits(digits):
    """Copying every eight twice more leaves the eights' recall exactly as it was and moves every other option."""
    y, proba, pred = digits
    rows = np.r_[np.arange(len(y)), np.repeat(np.flatnonzero(y == 8), 2)]
    y3, proba3, pred3 = y[rows], proba[rows], pred[rows]
    assert recall_score(y3 == 8, pred3 == 8) == recall_score(y == 8, pred == 8)
    assert precision_score(y3 == 8, pred3 == 8) != pytest.approx(precision_score(y == 8, pred == 8), abs=1e-3)
    assert f1_score(y3, pred3, average="micro") != pytest.approx(f1_score(y, pred, average="micro"), abs=1e-3)
    ovr = roc_auc_score(y, proba, multi_class="ovr", average="macro")
    assert roc_auc_score(y3, proba3, multi_class="ovr", average="macro") != pytest.approx(ovr, abs=1e-5)
    quiz = nb10.quiz(y, pred)
    assert quiz.q3.options["a"] == "the recall of digit 8"  # no longer Hand & Till's AUC, which the notebook states
    assert quiz.q3.check("a") and not quiz.q3.check("b") and not quiz.q3.check("c") and not quiz.q3.check("d")


def test_hints_run_out_and_point_to_the_solutions(data, capsys):
    y, proba, _ = data
    ex = nb10.exercise_2(y, proba)
    for _ in range(3):
        ex.hint()
    lines = said(capsys).splitlines()
    assert [line.split(":")[0] for line in lines] == ["Exercise 2, hint 1", "Exercise 2, hint 2", "Exercise 2"]
    assert "solutions notebook" in lines[2]
    ex.solution()
    assert "solutions notebook" in said(capsys)


def test_quiz(data, capsys):
    y, _, pred = data
    quiz = nb10.quiz(y, pred, digit=1, prevalence=0.001)
    assert [q.expected for q in quiz.questions[:3]] == ["b", "c", "a"]  # spread over the positions
    assert quiz.q1.check("b") and quiz.q2.check("c") and quiz.q3.check("a")
    tp = np.sum((y == 1) & (pred == 1))
    fn, fp = np.sum((y == 1) & (pred != 1)), np.sum((y != 1) & (pred == 1))
    tn = np.sum((y != 1) & (pred != 1))
    tpr, fpr, pi = tp / (tp + fn), fp / (fp + tn), 0.001
    right = tpr * pi / (tpr * pi + fpr * (1 - pi))  # Bayes' rule, written out here
    assert quiz.q4.check(right) and quiz.q4.check(round_significant(right, 2))
    said(capsys)
    short = round_significant(right, 1)
    if short != round_significant(right, 2):
        assert not quiz.q4.check(short)
        assert said(capsys).startswith("Question 4: give two significant digits")
    assert not quiz.q4.check(tp / (tp + fp))
    assert "precision on the test set" in said(capsys)
    assert not quiz.q4.check(tpr)
    assert "TPR (recall)" in said(capsys)
    assert not quiz.q2.check("a")
    assert said(capsys).startswith("Question 2: not quite: in the micro average")
    assert not quiz.q3.check("d")
    assert "'rest'" in said(capsys)
    assert not quiz.q3.check("b")
    assert "precision moves with the class's share" in said(capsys)
    printed = tpr * 0.01 / (tpr * 0.01 + fpr * 0.99)  # the notebook's table prints the precision at 1 in 100
    assert not quiz.q4.check(printed)
    assert said(capsys) == ("Question 4: that is digit 1's precision at 1 in 100, printed above; at 1 in 1\u00a0000 "
                            "each 1 comes with about 10 times as many other digits")
    assert not quiz.q4.check(round_significant(printed, 2))
    assert said(capsys).startswith("Question 4: that is digit 1's precision at 1 in 100")
    assert f"TPR {tp}/{tp + fn} and FPR {fp}/{fp + tn}" in quiz.q4.prompt
    assert "1 in 1\u00a0000" in quiz.q4.prompt
    assert quiz.audit() == []


def test_quiz_refuses_a_digit_the_model_never_predicts(data):
    y, _, pred = data
    with pytest.raises(ValueError, match="digit"):
        nb10.quiz(y, pred, digit=7)
