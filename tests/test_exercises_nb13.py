"""The checkers of notebook 13: right answers computed here, the typical mistakes, wrong kinds.

Exercise 1 is counted with scikit-learn; exercises 2 and 3 use the report's analysis (``analyse``, whose
bootstrap is tested on its own in tests/test_report_optimism.py), with the threshold and the counts on the file
found independently here.
"""

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix

from helpers.exercises import nb13
from helpers.exercises.core import round_significant
from helpers.report.analysis import analyse
from helpers.report.count import count_scores
from helpers.threshold_choice import f1_best_threshold, prevalence_weights, threshold_rule

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(3)
    y = (rng.random(240) < 0.35).astype(int)
    s = 1 / (1 + np.exp(-(rng.normal(0, 1.2, 240) + 2.2 * (y - 0.5))))
    return y, s


def said(capsys) -> str:
    return capsys.readouterr().out.strip()


def test_exercise_1(data, capsys):
    y, s = data
    ex = nb13.exercise_1(y, s, threshold=0.5, deploy_prevalence=0.01)
    tn, fp, fn, tp = confusion_matrix(y, s >= 0.5).ravel()
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    right = 0.01 * tpr / (0.01 * tpr + 0.99 * fpr)
    assert not ex.check(...)
    assert said(capsys) == f"Exercise 1: {NOT_ANSWERED}"
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 1: correct.")
    assert ex.check(round_significant(right, 3))  # as the solution prints it
    assert said(capsys).startswith("Exercise 1: correct.")
    assert not ex.check(round_significant(right, 2))
    assert said(capsys).startswith("Exercise 1: give three significant digits")
    assert ex.audit() == []
    assert not ex.check(tp / (tp + fp))
    assert "precision at the file's own mix" in said(capsys)
    assert not ex.check(tpr)
    assert said(capsys) == "Exercise 1: that is recall, TP / P; precision's denominator is what the model flagged"
    assert not ex.check(0.01 * fpr / (0.01 * fpr + 0.99 * tpr))
    assert "swapped" in said(capsys)
    assert not ex.check(tp / (tp + 99 * fp))  # the deployment's odds as the weight, not their change
    assert said(capsys).startswith("Exercise 1: each false positive is weighted by (1 - pi) / pi")
    assert not ex.check([right])
    assert said(capsys) == "Exercise 1: expected one number between 0 and 1, got a list of 1"


def test_exercise_2(data, capsys):
    y, s = data
    ex = nb13.exercise_2(y, s, deploy_prevalence=0.01)
    est = analyse({"m": count_scores(y, s)}, deploy_prevalence=0.01, rule=threshold_rule(f1=True),
                  seed=0).models[0].choice
    t = f1_best_threshold(y, s, sample_weight=prevalence_weights(y, 0.01))  # the rule, found another way
    assert est.threshold == t
    tn, fp, fn, tp = confusion_matrix(y, s >= t).ravel()
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    on_file = 0.01 * tpr / (0.01 * tpr + 0.99 * fpr)
    right = on_file - est.precision[0]
    assert right > 0  # choosing flatters
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(right)
    assert said(capsys).startswith("Exercise 2: correct.")
    assert ex.check(round_significant(right, 2))
    assert said(capsys).startswith("Exercise 2: correct.")
    assert not ex.check(round_significant(right, 1))
    assert said(capsys).startswith("Exercise 2: give two significant digits")
    assert ex.audit() == []
    assert not ex.check(-right)
    assert "sign is reversed" in said(capsys)
    assert not ex.check(on_file)
    assert "subtract the corrected" in said(capsys)
    assert not ex.check("0.25")
    assert said(capsys) == "Exercise 2: expected one number, got the text '0.25'"


def test_exercise_3(data, capsys):
    y, s = data
    ex = nb13.exercise_3(y, s, at_recall=0.8)
    shares = []
    for confidence in (None, 0.95):
        est = analyse({"m": count_scores(y, s)}, deploy_prevalence=0.01, seed=0,
                      rule=threshold_rule(at_recall=0.8, recall_confidence=confidence)).models[0].choice
        recall = np.array([(s[y == 1] >= t).mean() for t in est.thresholds])
        shares.append(float((recall < 0.8).mean()))
        if confidence is None:
            at_most = float((recall <= 0.8).mean())
    share, share_margin = shares
    assert not ex.check(...)
    assert NOT_ANSWERED in said(capsys)
    assert ex.check(share)
    assert said(capsys).startswith("Exercise 3: correct.")
    assert ex.check(round_significant(share, 2))
    assert said(capsys).startswith("Exercise 3: correct.")
    assert ex.audit() == []
    if abs(share - 0.5) > 0.01:
        assert not ex.check(1 - share)
        assert "reach the target" in said(capsys)
    if abs(share_margin - share) > 0.002:
        assert not ex.check(share_margin)
        assert "with the margin" in said(capsys)
    if abs(at_most - share) > 0.01:
        assert not ex.check(at_most)
        assert "count only the recalls below 0.8" in said(capsys)
    assert not ex.check(100 * share + 2)
    assert said(capsys).startswith("Exercise 3: expected one number between 0 and 1")


def test_hints_run_out_and_point_to_the_solutions(data, capsys):
    y, s = data
    ex = nb13.exercise_1(y, s)
    for _ in range(3):
        ex.hint()
    assert capsys.readouterr().out.splitlines()[2].startswith("Exercise 1: no more hints. The worked solution is")
    ex.solution()  # never the answer in a main notebook
    assert "deployment_metrics" not in said(capsys)


def test_quiz(data, capsys):
    y, _ = data
    quiz = nb13.quiz(y, deploy_prevalence=0.01)
    n_neg, n_pos = int(np.sum(y == 0)), int(np.sum(y == 1))
    # one false positive among N negatives; at 1 % and full recall: false alarms per real case found
    flagged_neg, flagged_pos = 0.99 * (1 / n_neg), 0.01 * 1.0
    right = flagged_neg / flagged_pos
    assert quiz.q1.check(right) and quiz.q1.check(round_significant(right, 3))
    assert quiz.q2.check("c") and quiz.q3.check("b") and quiz.q4.check("a")
    capsys.readouterr()
    assert not quiz.q1.check((1 / n_neg) / 0.01)
    assert "multiply the FPR by it" in said(capsys)
    assert not quiz.q1.check((n_neg / n_pos) / n_neg)
    assert "file's own mix" in said(capsys)
    assert not quiz.q1.check(round_significant(right, 1))
    assert said(capsys).startswith("Question 1: give three significant digits")
    assert not quiz.q4.check("b")
    assert said(capsys).startswith("Question 4: not quite: zero false positives")
    assert not quiz.q2.check("a")
    assert said(capsys).startswith("Question 2: not quite: precision mixes the two classes")
    assert quiz.audit() == []


def test_exercise_3_names_recalls_at_the_target_counted_as_misses(capsys):
    """On the screening file many resampled thresholds find exactly 80 %: counting them as misses is the slip."""
    from helpers import load_predictions
    from helpers.course_files import data_file

    f = load_predictions(data_file("screening_predictions.csv"))
    y, s = f.y_true.to_numpy(), f.y_score.to_numpy()
    ex = nb13.exercise_3(y, s, at_recall=0.8)
    est = analyse({"m": count_scores(y, s)}, deploy_prevalence=0.01, seed=0,
                  rule=threshold_rule(at_recall=0.8)).models[0].choice
    recall = np.array([(s[y == 1] >= t).mean() for t in est.thresholds])
    at_most, below = float((recall <= 0.8).mean()), float((recall < 0.8).mean())
    assert round_significant(at_most, 2) != round_significant(below, 2)
    assert ex.check(round_significant(below, 2))
    assert not ex.check(round_significant(at_most, 2))
    assert said(capsys).endswith("a threshold that finds exactly 80 % of the positives meets the target: count only "
                                 "the recalls below 0.8")


def test_exercise_3_checks_against_the_seed_in_use(data, capsys):
    """The parameters cell offers ``seed``: a student who runs with seed 2 is checked against seed 2's resamples
    (issue 36: with seed 2 the true share was told 'that is the share that reach the target')."""
    y, s = data
    shares = {}
    for seed in (0, 2):
        est = analyse({"m": count_scores(y, s)}, deploy_prevalence=0.01, seed=seed,
                      rule=threshold_rule(at_recall=0.8)).models[0].choice
        recall = np.array([(s[y == 1] >= t).mean() for t in est.thresholds])
        shares[seed] = float((recall < 0.8).mean())
    assert shares[0] != shares[2]
    for seed in (0, 2):
        ex = nb13.exercise_3(y, s, at_recall=0.8, seed=seed)
        assert ex.check(shares[seed])
        assert said(capsys).startswith("Exercise 3: correct.")
    with pytest.raises(ValueError, match="seed"):
        nb13.exercise_3(y, s, seed=-1)


@pytest.fixture(scope="module")
def course_files():
    from helpers import load_predictions
    from helpers.course_files import data_file

    return (load_predictions(data_file("example_predictions.csv")),
            load_predictions(data_file("screening_predictions.csv")))


def test_exercise_2_names_the_per_cent_and_the_corrected_estimate(course_files, capsys):
    """The cold read: 21.8 (per cent) and the corrected estimate itself got a bare "not yet"."""
    small, _ = course_files
    ex = nb13.exercise_2(small.y_true, small.y_score, deploy_prevalence=0.01)
    est = analyse({"small": count_scores(small.y_true, small.y_score)}, deploy_prevalence=0.01,
                  rule=threshold_rule(f1=True), seed=0).models[0].choice
    assert not ex.check(100 * ex.expected)
    assert "percentage points" in said(capsys)
    assert not ex.check(round_significant(est.precision[0], 2))
    assert "corrected estimate itself" in said(capsys)


def test_exercise_3_names_the_chance_of_section_4_and_one_minus_it(course_files, capsys):
    """The cold read: 0.47 (the chance printed in section 4) and 0.53 got a bare "not yet"."""
    _, screening = course_files
    ex = nb13.exercise_3(screening.y_true, screening.y_score, at_recall=0.8, deploy_prevalence=0.01, seed=0)
    chance = analyse({"s": count_scores(screening.y_true, screening.y_score)}, deploy_prevalence=0.01,
                     rule=threshold_rule(at_recall=0.8), seed=0).models[0].choice.recall_target_chance
    assert not ex.check(round(chance, 2))
    assert "chance printed in section 4" in said(capsys)
    assert not ex.check(round(1 - chance, 2))
    assert "one minus the chance printed in section 4" in said(capsys)


def _clicked(question, typed: float) -> str:
    """jupyterquiz's feedback for a typed number: the first entry that holds it (numeric.js)."""
    for entry in question.to_jupyterquiz()["answers"]:
        if entry["type"] == "value" and typed == entry["value"]:
            return entry["feedback"]
        if entry["type"] == "range" and entry["range"][0] <= typed < entry["range"][1]:
            return entry["feedback"]
    return next(e["feedback"] for e in question.to_jupyterquiz()["answers"] if e["type"] == "default")


def test_quiz_q1_clicked_and_checked_agree_on_the_rounded_answer(course_files):
    """0.28 (the answer 0.2773 to two digits) fell in the window of the "multiply by 1 - pi" mistake (0.2801) and
    got only that message when clicked, while the checker also said "give three significant digits"."""
    small, _ = course_files
    q = nb13.quiz(small.y_true, deploy_prevalence=0.01).q1
    ok, message = q.verdict(0.28)
    assert not ok and "three significant digits" in message and "multiply the FPR" in message
    clicked = _clicked(q, 0.28)
    assert "three significant digits" in clicked and "multiply the FPR" in clicked
    assert "Correct" in _clicked(q, round_significant(q.expected, 3))


def test_per_cent_answers_are_named_in_exercises_1_and_3_and_quiz_q1(course_files, capsys):
    """The cold read: 6.06 and 49 got "expected one number between 0 and 1", 27.7 a bare "not yet"."""
    small, screening = course_files
    ex1 = nb13.exercise_1(small.y_true, small.y_score, threshold=0.5, deploy_prevalence=0.01)
    assert not ex1.check(round_significant(100 * ex1.expected, 3))
    assert said(capsys) == "Exercise 1: that is the precision in per cent: give it as a share between 0 and 1"
    ex3 = nb13.exercise_3(screening.y_true, screening.y_score, at_recall=0.8, deploy_prevalence=0.01, seed=0)
    assert not ex3.check(round(100 * ex3.expected))
    assert said(capsys) == "Exercise 3: that is the share in per cent: give it as a share between 0 and 1"
    q1 = nb13.quiz(small.y_true, deploy_prevalence=0.01).q1
    assert not q1.check(round_significant(100 * q1.expected, 3))
    assert "100 times the answer, as if in per cent" in said(capsys)
    assert "100 times the answer" in _clicked(q1, round_significant(100 * q1.expected, 3))
    for checker in (ex1, ex3, q1):
        assert checker.audit() == []
