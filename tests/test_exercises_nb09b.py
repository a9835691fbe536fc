"""The checkers of notebook 09b: right answers computed here by brute force, the answers as printed, too few
digits, each typical mistake with its own message, wrong kinds, and every checker's audit."""

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.exercises import nb09b
from helpers.exercises.core import round_significant
from helpers.open_set import open_set_split

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


@pytest.fixture(scope="module")
def digits():
    """Notebook 09b's own setting (notebook 09's): digits 0-5 labeled, 6-9 only in the pool."""
    d = load_digits()
    X, y = d.data, d.target
    labeled = [0, 1, 2, 3, 4, 5]
    split = open_set_split(y, labeled_classes=labeled, labeled_fraction=0.5, test_fraction=0.2, rng=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(class_weight="balanced", tol=1e-10, max_iter=1000))
    model.fit(X[split.train], y[split.train])
    return (X, y, model.predict_proba(X[split.test]), y[split.test], model.predict_proba(X[split.pool]),
            y[split.pool], labeled)


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


@pytest.fixture(scope="module")
def curves():
    """Curves that wander around a level of their own (so neighbouring k are correlated, as in the notebook),
    a pointwise 95 % band at k = 1 .. 400 from other draws of the same kind, fresh curves at k = 50 .. 349."""
    rng = np.random.default_rng(3)

    def draw(n, n_k):
        return rng.normal(size=(n, 1)) + 0.4 * rng.normal(size=(n, n_k))

    low, high = np.percentile(draw(200, 400), [2.5, 97.5], axis=0)
    return draw(500, 300), low, high


def brute_share(fresh, low, high, first_k, k_last):
    """Curve by curve, k by k: does the curve leave [low(k), high(k)] at some k = first_k .. k_last?"""
    left = 0
    for curve in fresh:
        left += any(not low[k - 1] <= curve[k - first_k] <= high[k - 1] for k in range(first_k, k_last + 1))
    return left / len(fresh)


def test_exercise_1(curves, capsys):
    fresh, low, high = curves
    ex = nb09b.exercise_1(fresh, low, high, fresh_first_k=50, k_last=60)
    right = brute_share(fresh, low, high, 50, 60)
    assert 0.05 < right < 0.95
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 1: correct. Each extra k read")
    assert ex.check(round_significant(right, 2))
    said(capsys)
    assert round_significant(right, 1) != round_significant(right, 2)
    assert not ex.check(round_significant(right, 1))
    assert said(capsys).startswith("Exercise 1: give two significant digits")
    whole = brute_share(fresh, low, high, 50, 349)
    shifted = np.mean([any(not low[k] <= c[k - 50] <= high[k] for k in range(50, 61)) for c in fresh])
    one_k = np.mean([[not low[k - 1] <= c[k - 50] <= high[k - 1] for k in range(50, 61)] for c in fresh])
    messages = {"every k of fresh": whole, "read one k off": shifted, "at one k": one_k}
    for phrase, wrong in messages.items():
        assert round_significant(wrong, 2) != round_significant(right, 2), phrase  # each mistake is named here
        assert not ex.check(wrong)
        assert phrase in said(capsys), phrase
    assert not ex.check(100 * right)
    assert said(capsys) == f"Exercise 1: expected one number between 0 and 1, got {100 * right:.4g}"
    assert ex.audit() == []


def test_exercise_1_bad_arguments(curves):
    fresh, low, high = curves
    with pytest.raises(ValueError, match="k_last must lie between fresh_first_k"):
        nb09b.exercise_1(fresh, low, high, fresh_first_k=50, k_last=400)
    with pytest.raises(ValueError, match="k_last must lie between fresh_first_k"):
        nb09b.exercise_1(fresh, low, high, fresh_first_k=50, k_last=40)
    with pytest.raises(ValueError, match="band_low and band_high must have the same length"):
        nb09b.exercise_1(fresh, low, high[:-1])
    with pytest.raises(ValueError, match="fresh_first_k must be a whole number >= 1"):
        nb09b.exercise_1(fresh, low, high, fresh_first_k=0)
    with pytest.raises(ValueError, match="fresh"):
        nb09b.exercise_1(fresh[0], low, high)


def brute_f1_threshold(test_pos, score, size):
    best, best_t = -1, None
    for t in np.sort(score)[::-1]:
        k = np.sum(score >= t)
        f1 = 2 * np.mean(test_pos >= t) * size / (k + size)
        if f1 > best:
            best, best_t = f1, t
    return best_t


def rarer_pool(y_pool, digit, every):
    is_c = y_pool == digit
    keep = ~is_c
    keep[np.flatnonzero(is_c)[::every]] = True
    return keep


def test_exercise_2(data, capsys):
    proba_test, y_test, proba_pool, y_pool = data
    ex = nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, digit=1, keep_every=3)
    keep = rarer_pool(y_pool, 1, 3)
    right = brute_f1_threshold(proba_test[y_test == 1, 1], proba_pool[keep, 1], int(np.sum(y_pool[keep] == 1)))
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(0.0)
    assert said(capsys).startswith("Exercise 2: not yet")
    assert not ex.check("high")
    assert said(capsys) == "Exercise 2: expected one threshold (a number), got the text 'high'"
    assert ex.audit() == []


def test_exercise_2_on_the_notebook_data_names_each_mistake(digits, capsys):
    """Issue 29 (then exercise 3 of notebook 09): in the old design the typical mistake gave the right answer;
    here each one flags other images."""
    X, y, proba_test, y_test, proba_pool, y_pool, labeled = digits
    ex = nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=labeled, digit=5, keep_every=10)
    keep = rarer_pool(y_pool, 5, 10)
    test_pos, score = proba_test[y_test == 5, 5], proba_pool[:, 5]
    right = brute_f1_threshold(test_pos, score[keep], int(np.sum(y_pool[keep] == 5)))
    given = brute_f1_threshold(test_pos, score, int(np.sum(y_pool == 5)))
    full_c = brute_f1_threshold(test_pos, score[keep], int(np.sum(y_pool == 5)))
    flagged = [int(np.sum(score[keep] >= t)) for t in (right, given, full_c)]
    assert len(set(flagged)) == 3, flagged
    assert ex.check(right) and ex.check(float(f"{right:.4f}"))
    said(capsys)
    typed = [round_significant(right, d) for d in (2, 3)]  # the solution prints 4 digits; fewer cross a score
    assert all(np.sum(score[keep] >= t) != np.sum(score[keep] >= right) for t in typed), (right, typed)
    for t in typed:
        assert not ex.check(t)
        assert said(capsys) == ("Exercise 2: a rounded threshold flags other images than the answer's: pass the "
                                "variable holding the threshold, unrounded")
    assert not ex.check(right - 0.05)  # not a rounding of the answer: what differs, as before
    assert said(capsys).startswith("Exercise 2: not yet")
    assert np.sum(score[keep] >= 0.95) == np.sum(score[keep] >= given) != np.sum(score[keep] >= right)
    for same_images in (given, 0.95):  # 0.95 is not the threshold of the pool as given, but flags what it flags
        assert not ex.check(same_images)
        assert said(capsys) == ("Exercise 2: that flags the same images as the threshold chosen on the pool as "
                                "given; choose it again on the pool with every 10th 5 only")
    assert not ex.check(full_c)
    assert "class size of the pool as given" in said(capsys)
    assert len(ex.mistakes) == 3 and ex.audit() == []
    old = nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=labeled, digit=3, keep_every=2)
    # half the 3s: both computed mistakes flag the answer's images, so neither is offered
    assert all(m.message.startswith("a rounded threshold") for m in old.mistakes) and old.audit() == []


def test_bad_arguments_are_named(data):
    proba_test, y_test, proba_pool, y_pool = data
    with pytest.raises(ValueError, match="digit must be one of labeled"):
        nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, digit=7)
    with pytest.raises(ValueError, match="keep_every"):
        nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, digit=1, keep_every=1)


def test_quiz(capsys):
    quiz = nb09b.quiz()
    assert quiz.q1.check("c") and quiz.q2.check("a") and quiz.q4.check("a")
    assert quiz.q3.check(2 * 0.9 * 90 / (120 + 90)) and quiz.q3.check(0.77)
    said(capsys)
    assert not quiz.q3.check(0.9 * 90 / 120)
    assert "that is the precision@k estimate" in said(capsys)
    assert not quiz.q3.check(0.79)
    assert "arithmetic mean" in said(capsys)
    assert not quiz.q1.check("a")
    assert said(capsys).startswith("Question 1: not quite: at k = C")
    assert not quiz.q2.check("b")
    assert "95 % holds at one k fixed in advance" in said(capsys)
    assert quiz.audit() == []
