"""The checkers of notebook 09: right answers computed here by brute force, the typical mistakes, wrong kinds."""

import numpy as np
import pytest

from helpers.exercises import nb09

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."
LABELED = [0, 1, 2]


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(5)

    def make(n, n_classes):
        y = rng.integers(0, n_classes, n)
        logits = rng.normal(size=(n, 3)) + 2.5 * np.eye(4)[y][:, :3]
        return y, np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)

    y_test, proba_test = make(60, 3)  # the labeled classes only
    y_pool, proba_pool = make(400, 4)  # and an unseen class 3
    return proba_test, y_test, proba_pool, y_pool


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def brute_estimate(proba_test, y_test, proba_pool, c, size, t=0.5):
    """recall@k C / k, counting for the k-th highest pool score how many test images of c reach it."""
    pool = np.sort(proba_pool[:, c])[::-1]
    k = int(np.sum(proba_pool[:, c] >= t))
    recall = np.mean([s >= pool[k - 1] for s in proba_test[y_test == c, c]])
    return recall * size / k


def test_exercise_1(data, capsys):
    proba_test, y_test, proba_pool, y_pool = data
    ex = nb09.exercise_1(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, class_size=90)
    right = [brute_estimate(proba_test, y_test, proba_pool, c, 90) for c in LABELED]
    true_c = [brute_estimate(proba_test, y_test, proba_pool, c, np.sum(y_pool == c)) for c in LABELED]
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(true_c)
    assert "true class sizes" in said(capsys)
    assert not ex.check(right[:2] + [right[2] * 1.1])
    assert said(capsys) == "Exercise 1: not yet: your digit 0 and digit 1 are right, digit 2 is not"
    assert not ex.check(right[0])
    assert said(capsys).startswith("Exercise 1: expected 3 numbers (digit 0, digit 1, digit 2), got the number")


def brute_f1_threshold(test_pos, score, size):
    best, best_t = -1, None
    for t in np.sort(score)[::-1]:
        k = np.sum(score >= t)
        f1 = 2 * np.mean(test_pos >= t) * size / (k + size)
        if f1 > best:
            best, best_t = f1, t
    return best_t


def test_exercise_3(data, capsys):
    proba_test, y_test, proba_pool, y_pool = data
    ex = nb09.exercise_3(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, digit=1)
    is1 = y_pool == 1
    keep = ~is1
    keep[np.flatnonzero(is1)[::2]] = True
    right = brute_f1_threshold(proba_test[y_test == 1, 1], proba_pool[keep, 1], int(np.sum(is1[keep])))
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 3: correct.")
    given = brute_f1_threshold(proba_test[y_test == 1, 1], proba_pool[:, 1], int(np.sum(is1)))
    if not np.array_equal(proba_pool[keep, 1] >= given, proba_pool[keep, 1] >= right):
        assert not ex.check(given)
        assert "pool as given" in said(capsys)
    assert not ex.check(0.0)
    assert said(capsys).startswith("Exercise 3: not yet")
    assert not ex.check("high")
    assert said(capsys) == "Exercise 3: expected one threshold (a number), got the text 'high'"


def test_hints_run_out_and_solution_prints(data, capsys):
    ex = nb09.exercise_1(*data, labeled=LABELED)
    for _ in range(3):
        ex.hint()
    assert said(capsys).splitlines()[2] == "Exercise 1: no more hints: ex1.solution() shows the answer"
    ex.solution()
    assert "unlabeled_estimate" in said(capsys)


def test_quiz(capsys):
    quiz = nb09.quiz()
    assert quiz.q1.check("a") and quiz.q2.check("a") and quiz.q3.check(0.9 * 90 / 100) and quiz.q4.check("a")
    said(capsys)
    assert not quiz.q3.check(0.9 * 100 / 90)
    assert "recall@k C / k" in said(capsys)
    assert not quiz.q2.check("b")
    assert said(capsys).startswith("Question 2: not quite")
