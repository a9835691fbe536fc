"""Checkers of notebook 04: right answers from scikit-learn and scipy, the printed values, too few digits,
each typical wrong answer with its own message, wrong kinds, and a clean audit."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import mannwhitneyu, rankdata
from sklearn.metrics import roc_auc_score, roc_curve

from helpers.exercises import nb04
from helpers.exercises.core import NOT_ANSWERED

SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
LABELS = np.array([1, 1, 1, 0, 1, 0, 1, 0, 0])
TIED = np.array([0.9, 0.8, 0.7, 0.55, 0.55, 0.4, 0.3, 0.2, 0.1])


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    ex = nb04.exercise_1(LABELS)
    right = tuple(roc_auc_score(LABELS, s) for s in (LABELS, -LABELS, np.zeros(9)))
    assert right == (1.0, 0.0, 0.5)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 1: correct."
    assert ex.check((1, 0, 0.5))  # as typed
    assert _line(capsys) == "Exercise 1: correct."
    for wrong_tie in (0, 1):
        assert not ex.check((1, 0, wrong_tie))
        assert _line(capsys) == "Exercise 1: your 'all equal' counts a tie as lost or won; a tied pair counts ½"
    assert not ex.check((1, 0.5, 0.5))
    assert _line(capsys).startswith("Exercise 1: your 'negatives above' is chance")
    assert not ex.check((0, 1, 0.5))  # the first two swapped (the cold read)
    assert _line(capsys) == ("Exercise 1: you swapped 'positives above' and 'negatives above': every positive above "
                             "every negative is a perfect ranking, AUC 1")
    assert not ex.check((1, 0.01, 0.5))  # exact values: no tolerance beyond rounding noise
    assert _line(capsys) == "Exercise 1: not yet: your positives above and all equal are right, negatives above is not"
    assert not ex.check((1, -1, 0.5))
    assert _line(capsys) == "Exercise 1: your negatives above: expected one number between 0 and 1, got -1"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.audit() == []


def test_exercise_2(capsys):
    ex = nb04.exercise_2(LABELS, SCORES, new_label=1, new_score=0.45)
    y2, s2 = np.append(LABELS, 1), np.append(SCORES, 0.45)
    u = mannwhitneyu(s2[y2 == 1], s2[y2 == 0]).statistic  # pairs won, ties ½
    right = u / (y2.sum() * (1 - y2).sum())
    assert right == pytest.approx(20 / 24)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 2: correct."
    assert ex.check(0.833)  # as the solution prints it
    assert _line(capsys) == "Exercise 2: correct."
    assert not ex.check(0.83)
    assert _line(capsys).startswith("Exercise 2: give three significant digits")
    assert not ex.check(u / (LABELS.sum() * (1 - LABELS).sum()))
    assert _line(capsys).startswith("Exercise 2: you kept the old number of pairs")
    assert not ex.check(round(17 / 24, 3))
    assert _line(capsys).startswith("Exercise 2: you counted the new pairs in the denominator")
    assert not ex.check(roc_auc_score(LABELS, SCORES))
    assert _line(capsys) == "Exercise 2: that is the AUC before the new example"
    for percent in (100 * right, 83.3):  # the AUC in per cent (the cold read)
        assert not ex.check(percent)
        assert _line(capsys) == ("Exercise 2: that is the AUC in per cent; give it as a share of the pairs, "
                                 "between 0 and 1")
    assert not ex.check([right])
    assert _line(capsys) == "Exercise 2: expected one number (an AUC), got a list of 1"
    assert ex.audit() == []


def _auc_rank_sum(y, s, method="average", divide=True):
    r = rankdata(s, method=method)
    n_pos, n_neg = y.sum(), (1 - y).sum()
    u = r[y == 1].sum() - n_pos * (n_pos + 1) / 2
    return u / (n_pos * n_neg) if divide else u


def test_exercise_3(capsys):
    ex = nb04.exercise_3(LABELS, TIED, SCORES)
    assert ex.check(_auc_rank_sum)
    assert _line(capsys) == "Exercise 3: correct."
    assert not ex.check(lambda y, s: _auc_rank_sum(y, s, method="ordinal"))
    assert _line(capsys).startswith("Exercise 3: your ranks do not average the ties")
    assert not ex.check(lambda y, s: _auc_rank_sum(y, s, divide=False))
    assert _line(capsys).startswith("Exercise 3: your function returns U itself")
    assert not ex.check(lambda y, s: rankdata(s)[y == 1].sum() / (y.sum() * (1 - y).sum()))
    assert _line(capsys).startswith("Exercise 3: your function leaves out the P (P + 1) / 2")
    assert not ex.check(lambda y, s: _auc_rank_sum(y, -s))  # ranked from the highest score
    assert _line(capsys) == ("Exercise 3: your function gives 1 - AUC: rank from the lowest score (rank 1) and add "
                             "the positives' ranks")
    assert not ex.check(lambda y, s: mannwhitneyu(s[y == 0], s[y == 1]).statistic / (y.sum() * (1 - y).sum()))
    assert _line(capsys).startswith("Exercise 3: your function gives 1 - AUC")
    assert not ex.check(lambda y, s: 1 / 0)
    assert _line(capsys) == "Exercise 3: not yet: your function raised ZeroDivisionError for the tied scores"
    assert not ex.check(_auc_rank_sum(LABELS, TIED))
    assert _line(capsys).startswith("Exercise 3: expected a function, got the number")
    assert ex.audit() == []


@pytest.fixture(scope="module")
def two_models():
    """Labels and two scores whose curves cross: 2 % positives among 20 000 rows (about 196 false positives at
    FPR 0.01); the second score spreads its positives wider, so it gains at small FPRs."""
    rng = np.random.default_rng(4)
    y = (rng.random(20_000) < 0.02).astype(int)
    a = rng.normal(size=y.size) + 2.2 * y
    b = rng.normal(size=y.size) * (1 + 1.5 * y) + 1.0 * y
    return y, a, b


def _tpr_at(y, s, cap):
    """The highest TPR of a roc_curve point whose FPR is at most the cap (an independent route)."""
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    return tpr[fpr <= cap].max()


def test_exercise_4(two_models, capsys):
    y, a, b = two_models
    ex = nb04.exercise_4(y, a, b, max_fpr=0.01)
    right = (_tpr_at(y, a, 0.01), _tpr_at(y, b, 0.01))
    assert np.allclose(ex.expected, right)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 4: correct."
    printed = tuple(float(f"{v:.3g}") for v in right)
    assert ex.check(printed)
    assert _line(capsys) == "Exercise 4: correct."
    assert not ex.check(tuple(float(f"{v:.2g}") for v in right))
    assert _line(capsys).startswith("Exercise 4: give three significant digits")
    assert not ex.check(right[::-1])
    assert _line(capsys).startswith("Exercise 4: you swapped the two models")
    cut = tuple(float(np.trunc(v * 1000) / 1000) for v in right)  # cut off after three digits, not rounded
    assert cut != printed
    assert not ex.check(cut)
    assert _line(capsys).startswith("Exercise 4: round, don't truncate your")
    tenth = (_tpr_at(y, a, 0.001), _tpr_at(y, b, 0.001))
    assert not ex.check(tenth)
    assert _line(capsys) == "Exercise 4: those are the TPRs at FPR ≤ 0.001, section 8's cap; this screen's cap is 0.01"
    assert not ex.check((tenth[0], right[1]))
    assert _line(capsys).startswith("Exercise 4: your logistic regression's TPR is the TPR at FPR ≤ 0.001")
    assert not ex.check((right[0], tenth[1]))
    assert _line(capsys).startswith("Exercise 4: your naive Bayes TPR is the TPR at FPR ≤ 0.001")
    pauc = (roc_auc_score(y, a, max_fpr=0.01), roc_auc_score(y, b, max_fpr=0.01))
    assert not ex.check(pauc)
    assert _line(capsys).startswith("Exercise 4: that is the standardised partial AUC")
    n_neg = int((1 - y).sum())
    precision = []
    for s in (a, b):
        fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
        i = np.flatnonzero(fpr <= 0.01)[-1]
        tp, fp = tpr[i] * y.sum(), fpr[i] * n_neg
        precision.append(tp / (tp + fp))
    assert not ex.check(tuple(precision))
    assert _line(capsys).startswith("Exercise 4: that is the share of flagged rows that are positive")
    assert not ex.check((418, 268))
    assert _line(capsys).startswith("Exercise 4: your logistic regression: expected one number between 0 and 1")
    assert ex.audit() == []


def test_quiz(capsys):
    quiz = nb04.quiz(LABELS, TIED, n_pos=600, n_neg=29_400)
    assert quiz.q1.check(600 * 29_400)
    assert quiz.q1.check(17_600_000)  # three significant digits
    assert not quiz.q1.check(18_000_000)
    assert "give three significant digits" in capsys.readouterr().out.lower()
    assert not quiz.q1.check(30_000 * 29_999 / 2)
    assert "every pair of rows" in capsys.readouterr().out
    assert not quiz.q1.check(30_000)
    assert "that is the number of rows" in capsys.readouterr().out
    assert not quiz.q1.check(600 * 29_400 / 2)
    assert "no halving" in capsys.readouterr().out
    # the solutions state the count itself, 600 x 29 400 = 17 640 000, not the count rounded to the digits asked
    assert quiz.q1.answer_text().startswith("Answer: 17640000 (n_pos × n_neg = 600 × 29 400).")
    assert nb04.quiz(LABELS, TIED, n_pos=3, n_neg=7).q1.answer_text().startswith("Answer: 21 ")
    assert quiz.q2.check("c") and not quiz.q2.check("a") and not quiz.q2.check("b")
    assert quiz.q3.check("b") and not quiz.q3.check("a") and not quiz.q3.check("c")
    assert quiz.q4.check("a") and not quiz.q4.check("b") and not quiz.q4.check("c")
    # 1 - s reverses the order: 2.5 of the 20 pairs won (2 won, the tie ½), 1 - 0.875
    assert quiz.q5.check(roc_auc_score(LABELS, 1 - TIED))
    assert quiz.q5.check(0.125) and roc_auc_score(LABELS, 1 - TIED) == pytest.approx(2.5 / 20)
    capsys.readouterr()
    assert not quiz.q5.check(0.13)
    assert "give three significant digits" in capsys.readouterr().out.lower()
    assert not quiz.q5.check(0.875)
    assert "the order is reversed" in capsys.readouterr().out
    assert not quiz.q5.check(0.5)
    assert "not chance" in capsys.readouterr().out
    assert not quiz.q5.check(3 / 20)  # the tie counted as won
    assert "a tie stays a tie" in capsys.readouterr().out
    assert "ROC AUC 0.875" in quiz.q5.prompt
    assert quiz.audit() == []
    assert "600 positives and 29 400 negatives" in quiz.q1.prompt  # the counts the notebook prints


def test_right_letters_are_spread():
    quiz = nb04.quiz(LABELS, TIED, n_pos=600, n_neg=29_400)
    letters = [q.expected for q in quiz.questions if hasattr(q, "options")]
    assert sorted(letters) == ["a", "b", "c"]
