"""The checkers of notebook 11b: right answers computed here independently (a search over whole numbers of
tumours, a root finder on the library's shifted threshold), the answers as printed, too few digits, each typical
mistake, wrong kinds."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq
from scipy.stats import binom, binomtest

from helpers.costs import bayes_threshold_at_prevalence, expected_cost
from helpers.exercises import nb11b
from helpers.exercises.core import NOT_ANSWERED, round_significant


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.37).astype(int)
    p = 1 / (1 + np.exp(-(rng.normal(0, 1.0, 300) + 4 * (y - 0.5))))
    return y, p


def said(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def rules(y, p):
    """A threshold above every negative score (no false alarm) and one below the highest negatives."""
    negatives = np.sort(p[y == 0])
    return negatives[-1] + 1e-9, negatives[-3]


def test_exercise_1(data, capsys):
    y, p = data
    t_a, t_b = rules(y, p)
    pi = 0.01
    cost_a = expected_cost(y, p >= t_a, cost_fp=10, cost_fn=100, deploy_prevalence=pi)
    cost_b = expected_cost(y, p >= t_b, cost_fp=10, cost_fn=100, deploy_prevalence=pi)
    assert cost_b > cost_a

    def upper(n):  # one-sided 95 % bound with 0 of n: the two-sided 90 % exact interval's upper end
        return binomtest(0, n).proportion_ci(confidence_level=0.90, method="exact").high

    smallest = next(n for n in range(1, 100_000) if cost_a + 0.99 * 10 * upper(n) < cost_b)
    ex = nb11b.exercise_1(y, p, t_a=t_a, t_b=t_b, cost_fp=10, cost_fn=100, deploy_prevalence=pi)
    assert smallest - 1 < ex.expected <= smallest  # the smallest whole number is the continuous answer rounded up
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    for answer in (ex.expected, smallest, round_significant(ex.expected, 2)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 1: correct.")
    u_star = (cost_b - cost_a) / (0.99 * 10)
    assert not ex.check(np.log(0.025) / np.log(1 - u_star))
    assert said(capsys).startswith("Exercise 1: that uses the upper end of a two-sided 95 % interval")
    assert not ex.check(np.log(0.05) / np.log(1 - (cost_b - cost_a)))
    assert said(capsys).startswith("Exercise 1: you compared the false-positive rate with the cost difference")
    assert not ex.check(0)
    assert said(capsys) == "Exercise 1: expected a number of tumours, got 0"
    assert ex.audit() == []
    with pytest.raises(ValueError, match="t_a must raise no false alarm"):
        nb11b.exercise_1(y, p, t_a=t_b, t_b=t_a, cost_fp=10, cost_fn=100, deploy_prevalence=pi)


def test_exercise_2(data, capsys):
    y, _ = data
    ex = nb11b.exercise_2(y, cost_fp=10, cost_fn=100)
    pi_train = y.mean()
    right = brentq(lambda pi: bayes_threshold_at_prevalence(cost_fp=10, cost_fn=100, train_prevalence=pi_train,
                                                            deploy_prevalence=pi) - 0.5, 1e-6, 1 - 1e-6)
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    for answer in (right, round_significant(right, 3)):
        assert ex.check(answer)
        assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(round_significant(right, 1))
    assert said(capsys).startswith("Exercise 2: give three significant digits")
    assert not ex.check(right / (1 - right))
    assert "turn odds into a share" in said(capsys)
    assert not ex.check(1 - right)
    assert "share of negatives" in said(capsys)
    assert not ex.check(pi_train)
    assert "training prevalence" in said(capsys)
    assert not ex.check(None)
    assert said(capsys) == "Exercise 2: expected one number between 0 and 1, got None"
    assert ex.audit() == []


def test_quiz(capsys):
    quiz = nb11b.quiz()
    assert quiz.audit() == []
    t = bayes_threshold_at_prevalence(cost_fp=1, cost_fn=1, train_prevalence=0.5, deploy_prevalence=0.1)
    assert quiz.q2.check(t) and quiz.q2.check(0.9)
    capsys.readouterr()
    assert not quiz.q2.check(0.1)
    assert "the wrong way" in capsys.readouterr().out
    assert not quiz.q2.check(0.5)  # the threshold not moved at all
    assert "where half the cases are positive; at 10 % it moves" in capsys.readouterr().out
    for percent in (90, 90.0):
        assert not quiz.q2.check(percent)
        assert "as a percentage" in capsys.readouterr().out
    assert [q.expected for q in quiz.questions if hasattr(q, "options")] == ["c", "a", "b"]
    assert not quiz.q3.check("b")
    assert said(capsys).startswith("Question 3: not quite: a rate of 1 % gives 0 of 107")


def test_quiz_names_the_odds_and_has_numbers_of_its_own(capsys):
    """A cold read: 9 (odds(t'), not t') went unnamed; question 3 called 0 of 107 at a few per cent "common"; and
    question 4 quoted the notebook's own 0.119 and 0.263, which its text compares."""
    quiz = nb11b.quiz()
    odds = (0.5 / 0.5) * (0.5 / 0.5) / (0.1 / 0.9)  # odds(t*) odds(pi_train) / odds(pi)
    for value in (odds, 9):
        assert not quiz.q2.check(value)
        assert said(capsys) == ("Question 2: that is odds(t'), the odds of the threshold; turn it into a "
                                "probability: t' = odds / (1 + odds)")
    assert "possibly 1 or 2 %: 0 of 107 is then not rare" in quiz.q3.text()
    assert quiz.q3.check("a")
    # (1 - f)^107: 0 false alarms among 107 at a rate of 1 % and 2 %, from the binomial distribution
    assert said(capsys) == (f"Question 3: correct. A rate of 1 % gives 0 of 107 with probability "
                            f"{binom.pmf(0, 107, 0.01):.2f}, a rate of 2 % with probability "
                            f"{binom.pmf(0, 107, 0.02):.2f}.")
    assert f"{binom.pmf(0, 107, 0.01):.2f} {binom.pmf(0, 107, 0.02):.2f}" == "0.34 0.12"
    assert "0.05 there and 0.21 on the test rows" in quiz.q4.prompt
    assert "0.119" not in quiz.q4.prompt and "0.263" not in quiz.q4.prompt
    assert quiz.audit() == []


@settings(max_examples=60, deadline=None)
@given(positives=st.integers(5, 195), cost_fn=st.sampled_from([20, 50, 100, 300]))
def test_exercise_2_mistakes_never_fire_on_a_right_answer(positives, cost_fn):
    y = np.r_[np.ones(positives, int), np.zeros(200 - positives, int)]
    ex = nb11b.exercise_2(y, cost_fp=10, cost_fn=cost_fn)
    assert ex.audit() == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), pi=st.sampled_from([0.001, 0.01, 0.05]), cost_fn=st.sampled_from([20, 100]))
def test_exercise_1_mistakes_never_fire_on_a_right_answer(seed, pi, cost_fn):
    rng = np.random.default_rng(seed)
    y = (rng.random(200) < 0.4).astype(int)
    p = 1 / (1 + np.exp(-(rng.normal(0, 1.0, 200) + 4 * (y - 0.5))))
    t_a, t_b = rules(y, p)
    a = expected_cost(y, p >= t_a, cost_fp=10, cost_fn=cost_fn, deploy_prevalence=pi)
    b = expected_cost(y, p >= t_b, cost_fp=10, cost_fn=cost_fn, deploy_prevalence=pi)
    if not b > a:
        return
    ex = nb11b.exercise_1(y, p, t_a=t_a, t_b=t_b, cost_fp=10, cost_fn=cost_fn, deploy_prevalence=pi)
    assert ex.audit() == []
    assert ex.verdict(round_significant(ex.expected, 2))[0]
