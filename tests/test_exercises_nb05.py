"""Checkers of notebook 05: right answers computed independently, typical wrong answers, wrong kinds."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm
from sklearn.metrics import f1_score, precision_score

from helpers import Counts
from helpers.exercises import nb05
from helpers.exercises.core import NOT_ANSWERED


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


def _labels(tp, fn, fp, tn):
    y = np.r_[np.ones(tp + fn), np.zeros(fp + tn)]
    p = np.r_[np.ones(tp), np.zeros(fn), np.ones(fp), np.zeros(tn)]
    return y, p


def test_exercise_1(capsys):
    ex = nb05.exercise_1(10, 99_990, tpr=0.9, tnr=0.9998)
    tp, fp = round(10 * 0.9), round(99_990 * (1 - 0.9998))  # whole people, as in the study
    y, p = _labels(tp, 10 - tp, fp, 99_990 - fp)
    right = (precision_score(y, p), f1_score(y, p), fp)
    assert ex.check(right)
    assert _line(capsys) == "Exercise 1: correct."
    assert ex.check((0.310, 0.462, 20))  # three significant digits, as asked
    assert _line(capsys) == "Exercise 1: correct."
    pi = 10 / 100_000  # Bayes' rule without rounding agrees to the asked digits: one answer
    bayes = 0.9 * pi / (0.9 * pi + 0.0002 * (1 - pi))
    assert ex.check((bayes, 2 * bayes * 0.9 / (bayes + 0.9), 99_990 * 0.0002))
    assert _line(capsys) == "Exercise 1: correct."
    assert not ex.check((0.3, 0.46, 20))  # fewer digits than the three asked: not called a mistake
    assert _line(capsys).startswith("Exercise 1: give three significant digits for your precision and F1")
    y_e, p_e = _labels(round(110 * 0.9), 110 - round(110 * 0.9), fp, 99_990 - fp)
    assert not ex.check((precision_score(y_e, p_e), right[1], fp))
    assert _line(capsys).startswith("Exercise 1: your precision is that of the enriched set")
    assert not ex.check((0.9, right[1], fp))
    assert _line(capsys).startswith("Exercise 1: your precision is the sensitivity")
    assert not ex.check((right[0], right[1], 99_990 - fp))
    assert _line(capsys).startswith("Exercise 1: your count is the healthy people the test clears")
    assert not ex.check((right[0], right[1], fp + 5))
    assert _line(capsys) == "Exercise 1: not yet: your precision and F1 are right, healthy flagged is not"
    assert not ex.check(right[0])
    assert _line(capsys).startswith("Exercise 1: expected 3 numbers")
    assert not ex.check(...)
    assert _line(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.audit() == []


Z95 = norm.ppf(0.975)


def _wilson_half_width(k, n, z=Z95):
    """Wilson's interval written out (Wilson, 1927)."""
    p = k / n
    return z / (1 + z**2 / n) * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))


def test_exercise_2(capsys):
    ex = nb05.exercise_2(recall=0.8, half_width=0.05)
    n_min = next(n for n in range(1, 2000) if _wilson_half_width(round(0.8 * n), n) < 0.05)
    assert ex.check(n_min) and ex.check(n_min + 9) and ex.check(-(-n_min // 10) * 10)  # steps of 10 land here
    assert capsys.readouterr().out.count("correct.") == 3
    assert not ex.check(n_min - 5)
    assert _line(capsys).startswith(f"Exercise 2: not yet: with {n_min - 5} sick people the half-width is")
    assert not ex.check(n_min + 100)
    assert _line(capsys) == f"Exercise 2: not yet: {n_min + 100} is enough, but fewer sick people are enough too"
    n_full = next(n for n in range(1, 5000) if _wilson_half_width(round(0.8 * n), n) < 0.025)
    assert not ex.check(n_full)
    assert _line(capsys).startswith("Exercise 2: your interval is 0.05 wide in total")
    assert not ex.check("250")
    assert _line(capsys) == "Exercise 2: expected a number of sick people (a whole number), got the text '250'"
    assert ex.audit() == []


def _population_studies(n_people, pi, tpr, tnr, n_studies, rng):
    """An independent simulation of the screening studies: sick ~ Binomial, then TP and FP."""
    sick = rng.binomial(n_people, pi, n_studies)
    tp = rng.binomial(sick, tpr)
    fp = rng.binomial(n_people - sick, 1 - tnr)
    return tp, sick, fp, n_people - sick


def test_exercise_3(capsys):
    ex = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=10_000_000, prevalence=1e-6, n_studies=4000, rng=1)
    # An independent simulation with another generator: the relative spread is a property of the design, and
    # agrees to the two asked digits (Monte Carlo noise is far below 0.005 here).
    tp, sick, fp, healthy = _population_studies(10_000_000, 1e-6, 0.8, 0.999, 40_000, np.random.default_rng(7))
    keep = sick > 0
    tpr_hat, fpr_hat = tp[keep] / sick[keep], fp[keep] / healthy[keep]
    pi = 1e-6
    precision = tpr_hat * pi / (tpr_hat * pi + fpr_hat * (1 - pi))
    truth = 0.8 * pi / (0.8 * pi + 0.001 * (1 - pi))
    low, high = np.percentile(precision, [2.5, 97.5])
    relative = (high - low) / truth
    assert abs(relative - ex.expected) < 0.01
    assert ex.check(round(float(ex.expected), 2))
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert not ex.check(round(float(ex.expected), 1))  # one digit: asked for two
    assert _line(capsys).startswith("Exercise 3: give two significant digits")
    width = ex.expected * truth
    assert not ex.check(width)
    assert _line(capsys).startswith("Exercise 3: that is the width itself")
    assert not ex.check(100 * width)
    assert _line(capsys).startswith("Exercise 3: that is the width in percentage points")
    direct = tp[keep] / (tp[keep] + fp[keep])  # TP / (TP + FP): the study's own prevalence
    low_d, high_d = np.percentile(direct, [2.5, 97.5])
    assert not ex.check(round((high_d - low_d) / truth, 2))
    assert _line(capsys).startswith("Exercise 3: that is the spread of TP / (TP + FP)")
    assert not ex.check("narrower")
    assert _line(capsys).startswith("Exercise 3: expected one number")
    assert not ex.check(float("nan"))  # np.percentile when a study found nobody sick
    assert _line(capsys) == f"Exercise 3: {nb05.NOBODY_SICK}"
    assert not ex.check(np.float64("nan"))
    assert "use np.nanpercentile" in _line(capsys)
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.count(", hint ") == 2
    assert ex.audit() == []


def test_exercise_3_a_study_with_nobody_sick_gives_nan_with_percentile(capsys):
    """At seed 3 one of 10 000 studies finds nobody sick: np.percentile gives nan, np.nanpercentile the answer."""
    from helpers.prior_shift import rebuilt_precision
    from helpers.simulation import simulate_population_studies

    ex = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=10_000_000, prevalence=1e-6, n_studies=10_000, rng=3)
    studies = simulate_population_studies(10_000_000, 1e-6, 0.8, 0.999, n_studies=10_000, rng=3)
    assert np.sum(studies.n_pos == 0) >= 1
    precision = rebuilt_precision(studies, prevalence=1e-6)
    truth = 0.8e-6 / (0.8e-6 + 0.001 * (1 - 1e-6))
    assert np.isnan(np.diff(np.percentile(precision, [2.5, 97.5]))[0])
    assert not ex.check(float(np.diff(np.percentile(precision, [2.5, 97.5]))[0] / truth))
    assert "use np.nanpercentile" in _line(capsys)
    assert ex.check(float(np.diff(np.nanpercentile(precision, [2.5, 97.5]))[0] / truth))
    assert _line(capsys).startswith("Exercise 3: correct.")
    assert ex.audit() == []


def test_exercise_3_relative_spread_hardly_moves_while_precision_falls():
    """The lesson of the exercise: a hundredfold rarer disease, about the same relative spread (0.6-0.8)."""
    common = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=100_000, prevalence=1e-4, n_studies=4000, rng=1)
    rare = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=10_000_000, prevalence=1e-6, n_studies=4000, rng=1)
    assert 0.6 < rare.expected < common.expected < 0.8


def test_quiz(capsys):
    real = Counts(tn=round(99_990 * 0.999), fp=round(99_990 * 0.001), fn=2, tp=8)
    enriched = Counts(tn=real.tn, fp=real.fp, fn=22, tp=88)  # 100 treatment-centre patients added, 80 % found
    quiz = nb05.quiz(real, enriched=enriched, tpr=0.8, tnr=0.999, prevalence=1e-4)
    assert "110 sick" in quiz.q1.prompt
    assert quiz.q1.check(enriched.fp / enriched.tp) and quiz.q1.check(1.14)
    capsys.readouterr()
    assert not quiz.q1.check(enriched.tp / enriched.fp)
    assert "the other way round" in capsys.readouterr().out
    assert not quiz.q1.check(1.1)
    assert "give three significant digits" in capsys.readouterr().out
    assert not quiz.q1.check(1.13)  # 1.136 cut off, not rounded
    assert "round, don't truncate" in capsys.readouterr().out
    pi = 1e-5
    assert quiz.q5.check(0.8 * pi / (0.8 * pi + 0.001 * (1 - pi))) and quiz.q5.check(0.00794)
    assert not quiz.q5.check(0.8 * 1e-4 / (0.8 * 1e-4 + 0.001 * (1 - 1e-4)))
    assert "at the study's prevalence" in capsys.readouterr().out
    assert quiz.q2.check("a") and quiz.q3.check("c") and quiz.q4.check("b")
    assert not quiz.q3.check("a")
    out = capsys.readouterr().out
    assert "false positives vary by about 10 %" in out and "true positives by 16 %" in out  # 100 FP, 8 of 10 TP
    assert quiz.audit() == []


def test_quiz_1_names_the_slip_fp_over_p():
    """The cold read: on the population, FP / P = 100 / 10 = 10 is the answer 12.5 to one digit, so the slip got
    "give three significant digits" (right but imprecise). Asked on the enriched study, the two cannot collide."""
    real = Counts(tn=99_890, fp=100, fn=2, tp=8)
    enriched = Counts(tn=99_890, fp=100, fn=22, tp=88)
    quiz = nb05.quiz(real, enriched=enriched, tpr=0.8, tnr=0.999, prevalence=1e-4)
    for slip in (100 / 110, 0.909):
        assert quiz.q1.verdict(slip) == (False, "that is FP / P, per sick person, found or not; the question asks "
                                                "per sick person found, FP / TP")
    for population in (12.5, real.fp / real.tp):
        assert quiz.q1.verdict(population) == (False, "that is the population of section 1, with 10 sick; the "
                                                      "enriched study has 110")
    assert quiz.q1.why == ("In the population of section 1 it is 12.5: enrichment makes the burden of false alarms "
                           "look 11 times smaller.")
    feedback = {round(a["range"][0], 2): a["feedback"] for a in quiz.q1.to_jupyterquiz()["answers"] if "range" in a}
    assert any(f.startswith("Not quite: that is FP / P") for f in feedback.values())
    assert quiz.audit() == []


def test_exercise_3_names_section_4s_value(capsys):
    """The cold read: 0.73, the width / truth at 1 in 10 000 of section 4's table, got a generic "not yet"."""
    from helpers.prior_shift import rebuilt_precision
    from helpers.simulation import simulate_population_studies

    common = simulate_population_studies(100_000, 1e-4, 0.8, 0.999, n_studies=4000, rng=1)
    table = nb05.relative_spread(rebuilt_precision(common, prevalence=1e-4), 0.8e-4 / (0.8e-4 + 0.001 * (1 - 1e-4)))
    ex = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=10_000_000, prevalence=1e-6, n_studies=4000, rng=1,
                         printed=table)
    assert round(table, 2) != round(float(ex.expected), 2)
    for value in (table, round(table, 2)):
        assert not ex.check(value)
        assert _line(capsys) == ("Exercise 3: that is the width / truth of section 4's table, at its prevalence; run "
                                 "the simulation again at 1 in 1 000 000")
    assert ex.audit() == []
    same = nb05.exercise_3(tpr=0.8, tnr=0.999, n_people=10_000_000, prevalence=1e-6, n_studies=4000, rng=1,
                           printed=float(ex.expected))  # a printed value that is the answer: no such mistake
    assert len(same.mistakes) == len(ex.mistakes) - 1 and same.audit() == []
