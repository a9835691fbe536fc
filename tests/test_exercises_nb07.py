"""The checkers of notebook 07: right answers computed here, as printed, too few digits, the typical mistakes.

The splits come from ``enriched_pool_splits`` (tested in tests/test_enriched_pool_and_prevalence_shift.py); the
intervals and precisions are recomputed here from each split's counts, independently of
``precision_estimates``.
"""

import numpy as np
import pytest

from helpers import precision_at_prevalence, precision_interval
from helpers.enriched_pool import enriched_pool_splits
from helpers.exercises import nb07
from helpers.exercises.core import round_significant

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."
DESIGN = dict(n_test_pos=15, n_test_neg=40, n_splits=30)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    digit = rng.integers(0, 10, 1500)
    y = (digit == 9).astype(int)
    flag_rate = np.where(y == 1, 0.85, np.where(np.isin(digit, [3, 8]), 0.3, 0.02))
    y_pred = (rng.random(1500) < flag_rate).astype(int)
    narrow = (rng.random(1500) < np.where(y == 1, 0.85, np.where(np.isin(digit, [3, 4, 8]), 0.4, 0.0))).astype(int)
    return y, y_pred, digit, narrow


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def pool_prevalence(c) -> np.ndarray:
    return ((c.pool_tp + c.pool_fn) / (c.pool_tp + c.pool_fn + c.pool_fp + c.pool_tn)).to_numpy()


def widths(y, y_pred, n_neg):
    c = enriched_pool_splits(y, y_pred, n_test_pos=15, n_test_neg=n_neg, pool_prevalence=0.05, n_splits=30, rng=1)
    out = []
    for r, pi in zip(c.itertuples(), pool_prevalence(c), strict=True):
        low, high = precision_interval(tp=r.test_tp, fn=r.test_fn, fp=r.test_fp, tn=r.test_tn, deploy_prevalence=pi)
        out.append(high - low)
    return np.mean(out)


def test_exercise_1(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_1(y, y_pred, pool_prevalence=0.05, **DESIGN)
    right, before = widths(y, y_pred, 80), widths(y, y_pred, 40)
    assert round_significant(before, 2) != round_significant(right, 2)
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    for answer in (right, round_significant(right, 2), round_significant(right, 3)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(round_significant(right, 1))
    assert said(capsys).startswith("Exercise 1: give two significant digits")
    assert not ex.check(before)
    assert "with 40 test negatives" in said(capsys)
    assert not ex.check(round_significant(before, 2))
    assert "with 40 test negatives" in said(capsys)
    assert not ex.check(right * 1.2)
    assert said(capsys) == "Exercise 1: not yet: your number does not agree with the answer to two significant digits"
    assert not ex.check((0.1, 0.5))
    assert said(capsys) == "Exercise 1: expected one width between 0 and 1, got a tuple of 2"
    assert ex.audit() == []


def test_exercise_1_names_a_truncated_width(data, capsys):
    """0.369 cut after two digits is 0.36, rounded 0.37 (the notebook's own width): a cut answer is named."""
    y, y_pred, _, _ = data
    ex = nb07.exercise_1(y, y_pred, pool_prevalence=0.05, **DESIGN)
    right = widths(y, y_pred, 80)
    cut = np.floor(right * 100) / 100  # right lies between 0.1 and 1 here
    assert 0.1 <= right < 1 and round_significant(right, 2) != cut
    assert not ex.check(cut)
    assert said(capsys) == ("Exercise 1: round, don't truncate: yours is the right value cut off after two "
                            "significant digits, and its next digit is 5 or more")
    assert not ex.check(cut - 0.01)  # another wrong number is not called a truncation
    assert said(capsys).startswith("Exercise 1: not yet")


def test_exercise_2(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_2(y, y_pred, n_test_pos=15, n_test_neg=40, pool_prevalence=0.01, old_prevalence=0.05)
    tpr, fpr = y_pred[y == 1].mean(), y_pred[y == 0].mean()

    def realised(pi):
        c = enriched_pool_splits(y, y_pred, n_test_pos=15, n_test_neg=40, pool_prevalence=pi, n_splits=1, rng=1)
        return pool_prevalence(c)[0]

    pi, pi_old = realised(0.01), realised(0.05)
    right = precision_at_prevalence(tpr, fpr, pi)
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    for answer in (right, round_significant(right, 3)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(round_significant(right, 2))
    assert said(capsys).startswith("Exercise 2: give three significant digits")
    assert not ex.check(round_significant(precision_at_prevalence(tpr, fpr, pi_old), 3))
    assert "PPV* at the 5 % pool" in said(capsys)
    assert not ex.check(precision_at_prevalence(tpr, fpr, 15 / 55))
    assert "enriched test set's mix" in said(capsys)
    assert not ex.check(round_significant(tpr * pi / (tpr * pi + fpr), 3))
    assert "multiply the FPR by 1 − π" in said(capsys)
    assert not ex.check(1.5)
    assert said(capsys) == "Exercise 2: expected one number between 0 and 1, got 1.5"
    assert ex.audit() == []


def test_exercise_2_names_the_mean_and_median_corrected_precision(data, capsys):
    """The question's second part asks about the mean corrected precision; its mean and median over the splits
    are not PPV* (0.411 and 0.359 against 0.369 on the notebook's data), and each is named."""
    y, y_pred, _, _ = data
    ex = nb07.exercise_2(y, y_pred, n_test_pos=15, n_test_neg=40, pool_prevalence=0.01, old_prevalence=0.05,
                         n_splits=200)
    c = enriched_pool_splits(y, y_pred, n_test_pos=15, n_test_neg=40, pool_prevalence=0.01, n_splits=200, rng=1)
    corrected = [precision_at_prevalence(tp / 15, fp / 40, pi)
                 for tp, fp, pi in zip(c.test_tp, c.test_fp, pool_prevalence(c), strict=True)]
    right = precision_at_prevalence(y_pred[y == 1].mean(), y_pred[y == 0].mean(), pool_prevalence(c)[0])
    for name, value in (("mean", np.mean(corrected)), ("median", np.median(corrected))):
        assert round_significant(value, 3) != round_significant(right, 3)
        for typed in (value, round_significant(value, 3)):
            assert not ex.check(typed)
            assert said(capsys).startswith(f"Exercise 2: that is the {name} of the corrected precision over the "
                                           "200 splits")
    assert ex.check(round_significant(right, 3))
    assert said(capsys).startswith("Exercise 2: correct.")
    assert ex.audit() == []


def test_exercise_3(data, capsys):
    y, _, digit, narrow = data
    sharp = (np.random.default_rng(8).random(y.size) < np.where(y == 1, 0.95, 0.01)).astype(int)  # a good model
    ex = nb07.exercise_3(y, narrow, digit, seen=[0, 2, 6], added=[3, 8], pool_prevalence=0.05, y_pred_held=sharp,
                         **DESIGN)

    def splits(allowed, predictions=narrow):
        c = enriched_pool_splits(y, predictions, n_test_pos=15, n_test_neg=40, pool_prevalence=0.05, n_splits=30,
                                 rng=1, test_negative_mask=np.isin(digit, allowed))
        rows = zip(c.test_tp, c.test_fp, pool_prevalence(c), strict=True)
        corrected = np.mean([precision_at_prevalence(tp / 15, fp / 40, p) for tp, fp, p in rows])
        return corrected, np.mean(c.pool_tp / (c.pool_tp + c.pool_fp))

    (right, pool), (unpatched, _) = splits([0, 2, 6, 3, 8]), splits([0, 2, 6])
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    for answer in (right, round_significant(right, 2)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(round_significant(right, 1))
    assert said(capsys).startswith("Exercise 3: give two significant digits")
    assert not ex.check(unpatched)
    assert "add [3, 8]" in said(capsys)
    assert round_significant(pool, 2) != round_significant(right, 2)
    assert not ex.check(round_significant(pool, 3))
    assert "the pool's precision" in said(capsys)
    good, _ = splits([0, 2, 6, 3, 8], predictions=sharp)  # the good model's predictions, patched test set
    assert len({round_significant(v, 2) for v in (good, right, pool)}) == 3
    assert not ex.check(round_significant(good, 2))
    assert "that is the good model's (y_pred_held)" in said(capsys)
    assert not ex.check("high")
    assert said(capsys) == "Exercise 3: expected one number between 0 and 1, got the text 'high'"
    assert ex.audit() == []
    without = nb07.exercise_3(y, narrow, digit, seen=[0, 2, 6], added=[3, 8], pool_prevalence=0.05, **DESIGN)
    assert len(without.mistakes) == len(ex.mistakes) - 1 and without.audit() == []


def test_hints_run_out_and_point_to_the_solutions_notebook(data, capsys):
    y, y_pred, _, _ = data
    ex = nb07.exercise_1(y, y_pred, pool_prevalence=0.05, **DESIGN)
    for _ in range(3):
        ex.hint()
    lines = said(capsys).splitlines()
    assert "n_test_neg=80" in lines[0]
    assert lines[2].startswith("Exercise 1: no more hints. The worked solution is in this notebook's solutions")


def test_quiz_judges_the_number_to_the_printed_digits(capsys):
    """Question 1 with the notebook's held-out rates (116 of 126 nines, 18 of 1 132 others) at 5 %."""
    tpr, fpr, pi = 116 / 126, 18 / 1132, 0.05
    quiz = nb07.quiz(tpr, fpr, prevalence=pi, exact_coverage=0.982)
    assert "0.921" in quiz.q1.prompt and "0.0159" in quiz.q1.prompt
    right_full = precision_at_prevalence(tpr, fpr, pi)
    right_printed = precision_at_prevalence(0.921, 0.0159, pi)
    for answer in (right_full, right_printed, round_significant(right_printed, 3)):
        assert quiz.q1.check(answer)
        assert said(capsys).startswith("Question 1: correct.")
    assert not quiz.q1.check(round_significant(right_printed, 2))
    assert said(capsys).startswith("Question 1: give three significant digits")
    # the forgotten (1 - pi), from the printed rates and at full precision: caught, not accepted
    for forgot in (0.921 * pi / (0.921 * pi + 0.0159), tpr * pi / (tpr * pi + fpr)):
        assert round_significant(forgot, 3) != round_significant(right_printed, 3)
        assert not quiz.q1.check(forgot)
        assert "multiply the FPR by 1 − π" in said(capsys)
    # the precision in per cent (the cold read's 75.3): its own message, in code and in the clickable quiz
    for percent in (100 * right_printed, round_significant(100 * right_printed, 3)):
        assert not quiz.q1.check(percent)
        assert said(capsys) == "Question 1: that is the precision in per cent: give it as a share between 0 and 1"
    ranges = [a for a in quiz.q1.to_jupyterquiz()["answers"] if a["type"] == "range"]
    assert any(lo <= 75.3 <= hi and "per cent" in a["feedback"] for a in ranges for lo, hi in [a["range"]])
    assert quiz.audit() == []


def test_quiz_answers_are_spread_and_every_wrong_option_explained(capsys):
    quiz = nb07.quiz(0.8, 0.02, prevalence=0.2, exact_coverage=0.982)
    assert quiz.q1.check(0.8 * 0.2 / (0.8 * 0.2 + 0.02 * 0.8))
    rights = [q.expected for q in quiz.questions[1:]]
    assert len(set(rights)) == len(rights) == 3
    for q in quiz.questions[1:]:
        assert q.check(q.expected)
        lengths = {k: len(v) for k, v in q.options.items()}
        assert lengths[q.expected] < max(lengths.values()), "the right option must not be the longest"
    said(capsys)
    assert not quiz.q3.check("c")
    assert said(capsys) == ("Question 3: not quite: the exact coverage for these splits, computed without "
                            "simulation, is 98.2%: the excess is real, not noise.")
    assert not quiz.q3.check("a")  # an interval aims at 95 % or more; MOVER-R's coverage is measured, not promised
    assert said(capsys).startswith("Question 3: not quite: a 95 % interval aims at 95 % or more, not exactly 95 %")
    assert not quiz.q4.check("c")
    assert said(capsys).startswith("Question 4: not quite: the interval reflects")
    assert quiz.audit() == []
