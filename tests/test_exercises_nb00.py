"""The quick self-test of notebook 00: right answers computed independently, typical wrong ones, wrong kinds."""

from __future__ import annotations

import pytest

from helpers import Counts
from helpers.exercises import nb00
from helpers.exercises.core import NOT_ANSWERED

C = Counts(tn=72, fp=18, fn=2, tp=8)


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture
def quiz():
    return nb00.quiz(C, tpr=0.8, fpr=0.001, prevalence=0.01)


def test_show_prints_four_questions(quiz, capsys):
    quiz.show()
    out = capsys.readouterr().out
    assert [f"Question {i}." in out for i in range(1, 5)] == [True] * 4
    assert "TN 72, FP 18, FN 2, TP 8" in out


def test_q1_precision(quiz, capsys):
    assert quiz.q1.check(C.tp / (C.tp + C.fp))
    assert _line(capsys) == "Question 1: correct."
    assert not quiz.q1.check(C.tp / (C.tp + C.fn))
    assert _line(capsys).startswith("Question 1: that is recall")
    other = Counts(tn=70, fp=20, fn=4, tp=6)  # here recall and accuracy differ (in C both are 0.8)
    q1 = nb00.quiz(other, tpr=0.8, fpr=0.001, prevalence=0.01).q1
    assert not q1.check((other.tp + other.tn) / other.n)
    assert _line(capsys).startswith("Question 1: that is accuracy")
    assert not quiz.q1.check("0.31")
    assert _line(capsys) == "Question 1: expected one number, got the text '0.31'"
    assert not quiz.q1.check(...)
    assert _line(capsys) == f"Question 1: {NOT_ANSWERED}"


def test_q3_bayes(quiz, capsys):
    tpr, fpr, pi = 0.8, 0.001, 0.01
    right = tpr * pi / (tpr * pi + fpr * (1 - pi))  # Bayes' rule written out
    assert quiz.q3.check(round(right, 2))
    capsys.readouterr()
    assert not quiz.q3.check(tpr)
    assert _line(capsys).endswith("precision also depends on the FPR and on how rare the positives are")
    assert not quiz.q3.check(1 - fpr)
    assert "specificity" in capsys.readouterr().out


def test_multiple_choice(quiz, capsys):
    assert quiz.q2.check("b") and quiz.q4.check("b")
    capsys.readouterr()
    assert not quiz.q2.check("a")
    assert _line(capsys).startswith("Question 2: not quite: that is the Wikipedia layout")
    assert not quiz.q4.check("z")
    assert _line(capsys) == "Question 4: expected one of 'a', 'b', 'c', got the text 'z'"
    quiz.q4.hint()
    assert _line(capsys) == "Question 4: no more hints: quiz.q4.solution() shows the answer"
    quiz.q4.solution()
    assert "pos_label='yes'" in capsys.readouterr().out
