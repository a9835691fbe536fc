"""Checkers of notebook 06: right answers computed independently, the answer as printed, too few digits, each
typical mistake, wrong kinds, Ellipsis."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, precision_score

from helpers.exercises import nb06
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def test_exercise_1(capsys):
    ex = nb06.exercise_1(test_ratio=10, deploy_ratio=10_000, target=0.5)
    # scan test precisions: the deployed precision p / (p + 1000 (1 - p)) crosses 0.5 once
    grid = np.linspace(0.998, 1, 2_000_001)
    p = grid[np.argmax(grid / (grid + 1000 * (1 - grid)) >= 0.5)]
    assert ex.check(p)
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert ex.check(0.9990)  # four significant digits, as asked
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(1.0)  # one digit: not called a mistake
    assert _line(capsys).startswith("Exercise 1: give four significant digits")
    assert not ex.check(0.5)
    assert _line(capsys).startswith("Exercise 1: that is the deployed precision")
    assert not ex.check(1 - 0.5 / 1000)
    assert _line(capsys).startswith("Exercise 1: you divided the share of false alarms")
    assert not ex.check(1 / (1 + 1 / 10_000))  # FP multiplied by 10 000, not by the fold change 1000
    assert _line(capsys).startswith("Exercise 1: you multiplied FP by the factory's 10 000 negatives")
    assert not ex.check(0.9970)  # the blog post's algebra, 1 + 0.5 for 1 - 0.5: FP / TP = 1.5 / 500
    assert _line(capsys).startswith("Exercise 1: your algebra has 1 + q where 1 - q belongs")
    assert not ex.check(0.9985)
    assert _line(capsys) == "Exercise 1: not yet: your number does not agree with the answer to four significant digits"
    assert not ex.check(1.2)
    assert _line(capsys) == "Exercise 1: expected one number between 0 and 1, got 1.2"
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.audit() == []


def test_exercise_1_names_the_worked_example_copied(capsys):
    """Section 6 works the same question for a deployed precision of 0.33 and prints its test precision, 0.9980: copied
    into exercise 1 (target 0.5), it is named, not called "not yet"."""
    ex = nb06.exercise_1(test_ratio=10, deploy_ratio=10_000, target=0.5, worked_target=0.33)
    worked = 1 / (1 + (1 - 0.33) / (0.33 * 1000))  # FP / TP = 0.67 / 330
    for typed in (worked, 0.998, 0.9980):
        assert not ex.check(typed)
        assert _line(capsys) == ("Exercise 1: that is the test precision for 0.33, the worked example's target; "
                                 "solve again for a deployed precision of 0.5")
    assert ex.check(1 / (1 + 0.5 / 500))
    assert _line(capsys).startswith("Exercise 1: correct.")
    assert ex.audit() == []
    same = nb06.exercise_1(test_ratio=10, deploy_ratio=10_000, target=0.5, worked_target=0.5)
    assert same.audit() == [] and len(same.mistakes) == len(ex.mistakes) - 1  # never a mistake equal to the answer


def test_exercise_1_bad_arguments():
    with pytest.raises(ValueError, match="target must be a precision strictly between 0 and 1"):
        nb06.exercise_1(test_ratio=10, deploy_ratio=10_000, target=1)
    with pytest.raises(ValueError, match="test_ratio"):
        nb06.exercise_1(test_ratio=-1, deploy_ratio=10_000, target=0.5)


@pytest.fixture(scope="module")
def scored():
    rng = np.random.default_rng(7)
    y = np.r_[np.zeros(2000, int), np.ones(200, int)]
    s = np.r_[rng.beta(2, 6, 2000), rng.beta(4, 3, 200)]
    return y, s


def _weights(y, pi):
    """Negatives weighted so that the weighted prevalence is pi: P / (P + w N) = pi."""
    return np.where(y == 1, 1.0, (y.sum() * (1 - pi) / pi) / (1 - y).sum())


def test_exercise_2(scored, capsys):
    y, s = scored
    ex = nb06.exercise_2(y, s, prevalences=[1e-4, 1e-6], deploy_prevalence=0.02)
    right = tuple(average_precision_score(y, s, sample_weight=_weights(y, pi)) for pi in (1e-4, 1e-6))
    assert ex.check(right)
    assert _line(capsys) == "Exercise 2: correct."
    printed = tuple(float(f"{v:.3g}") for v in right)
    assert ex.check(printed)
    assert _line(capsys) == "Exercise 2: correct."
    assert not ex.check((float(f"{right[0]:.2g}"), right[1]))
    assert _line(capsys).startswith("Exercise 2: give three significant digits for your AP at the first prevalence")
    assert not ex.check((average_precision_score(y, s), right[1]))
    assert _line(capsys).startswith("Exercise 2: your AP is the test set's own")
    assert not ex.check((average_precision_score(y, s, sample_weight=_weights(y, 0.02)), right[1]))
    assert _line(capsys).startswith("Exercise 2: your AP is the one at the deployment sample's prevalence")
    ratio_weights = [average_precision_score(y, s, sample_weight=np.where(y == 1, 1.0, (1 - pi) / pi))
                     for pi in (1e-4, 1e-6)]  # each negative weighs (1 - pi) / pi, not the fold change
    assert not ex.check(tuple(ratio_weights))
    assert _line(capsys).startswith("Exercise 2: your negatives weigh (1 - π) / π")
    assert not ex.check((right[0], right[1] + 0.1))
    assert _line(capsys) == "Exercise 2: not yet: your AP at the first prevalence is right, AP at the second " \
                            "prevalence is not"
    assert not ex.check(right[:1])
    assert _line(capsys).startswith("Exercise 2: expected 2 numbers")
    for swapped in (right[::-1], tuple(float(f"{v:.3g}") for v in right[::-1])):
        assert not ex.check(swapped)
        assert _line(capsys) == ("Exercise 2: your two APs are swapped: first the AP at 1 in 10 000, then at "
                                 "1 in 1 000 000")
    assert ex.audit() == []


def test_exercise_3(scored, capsys):
    y, s = scored
    pi = 0.01

    def deployment(strength):  # negatives scored higher as the shift grows
        rng = np.random.default_rng(1)
        neg = np.clip(rng.beta(2, 6, 5000) + strength * 0.3, 0, 1)
        return np.r_[np.ones(50, int), np.zeros(5000, int)], np.r_[rng.beta(4, 3, 50), neg]

    ex = nb06.exercise_3(deployment, strength=0.2, y_test=y, s_test=s, deploy_prevalence=pi)
    corrected = precision_score(y, s >= 0.5, sample_weight=_weights(y, pi))
    y_new, s_new = deployment(0.2)
    true = precision_score(y_new, s_new >= 0.5)
    right = corrected - true
    assert ex.check(right)
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert ex.check(float(f"{right:.2g}"))  # two significant digits, as asked
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(-right)
    assert _line(capsys) == "Exercise 3: your difference has the wrong sign: corrected minus true"
    assert not ex.check(true)
    assert _line(capsys).startswith("Exercise 3: that is the true precision itself")
    y5, s5 = deployment(0.5)
    assert not ex.check(corrected - precision_score(y5, s5 >= 0.5))
    assert _line(capsys) == "Exercise 3: that is the gap at strength 0.5, the shift of section 8"
    assert not ex.check("small")
    assert _line(capsys) == "Exercise 3: expected one number (a difference), got the text 'small'"
    for points in (100 * right, float(f"{100 * right:.2g}")):  # 11 for 0.11
        assert not ex.check(points)
        assert _line(capsys).startswith("Exercise 3: that is the gap in percentage points")
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.count(", hint ") == 2
    assert ex.audit() == []


def test_quiz(scored, capsys):
    y, _ = scored
    quiz = nb06.quiz(y, deploy_prevalence=1 / 125, target_fpr=1e-4)
    fold = (124 / 1) / ((1 - y).sum() / y.sum())  # 1 in 125: 124 negatives per positive, against 10
    assert quiz.q2.check(fold) and quiz.q2.check(round(fold, 1))
    assert not quiz.q2.check(1 / fold)
    assert "that is the inverse" in capsys.readouterr().out
    assert not quiz.q2.check(125 / 11)  # the '1 in N' numbers divided
    assert "ratio of the '1 in N' numbers" in capsys.readouterr().out
    assert not quiz.q2.check(125 / 10)  # 1 in 125 read as 125 negatives per positive
    assert "you took 1 in 125 as 125 negatives per positive" in capsys.readouterr().out
    browser = {a["feedback"][:30] for a in quiz.q2.to_jupyterquiz()["answers"]
               if a["type"] == "range" and a["range"][0] <= 12.5 <= a["range"][1]}
    assert browser == {"Not quite: you took 1 in 125 a"}
    exact = math.log(0.05) / math.log(1 - 1e-4)  # no false positive in n negatives: (1 - FPR)^n = 0.05
    assert quiz.q5.check(30_000) and quiz.q5.check(exact)
    assert not quiz.q5.check(10_000)
    assert "n = 1 / FPR is not enough" in capsys.readouterr().out
    assert quiz.q1.check("a") and quiz.q3.check("c") and quiz.q4.check("b")
    assert not quiz.q3.check("b")
    assert "no prevalence is too small for the rescaling itself" in capsys.readouterr().out
    assert quiz.audit() == []


def test_quiz_right_letters_are_spread(scored):
    y, _ = scored
    quiz = nb06.quiz(y, deploy_prevalence=1 / 125, target_fpr=1e-4)
    letters = [q.expected for q in quiz.questions if hasattr(q, "options")]
    assert len(set(letters)) == len(letters) == 3


def test_quiz_2_at_1_in_1000_would_hide_the_slip(scored):
    """Why the notebook asks at 1 in 125: at 1 in 1 000 the slip 1000 / 10 = 100 is the right 99.9 to one digit,
    so the checker can only say "give three significant digits", and the audit says so."""
    y, _ = scored
    problems = nb06.quiz(y, deploy_prevalence=1e-3, target_fpr=1e-4).q2.audit()
    assert any("give three significant digits" in p for p in problems)
