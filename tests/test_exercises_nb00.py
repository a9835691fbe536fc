"""The quick self-test of notebook 00: right answers computed independently, the answers as printed, too few
digits, typical wrong ones, wrong kinds, and the audit."""

from __future__ import annotations

import pytest

from helpers import Counts
from helpers.exercises import nb00
from helpers.exercises.core import NOT_ANSWERED
from helpers.exercises.quiz import Question

C = Counts(tn=80, fp=10, fn=3, tp=7)  # the notebook's: precision, recall and accuracy all differ


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return out.strip()


@pytest.fixture
def quiz():
    return nb00.quiz(C, tpr=0.8, fpr=0.001, prevalence=0.002)


def test_text_shows_five_questions_without_answers(quiz):
    text = quiz.text()
    assert [f"Question {i}." in text for i in range(1, 6)] == [True] * 5
    assert "TN 80, FP 10, FN 3, TP 7" in text
    assert "0.41" not in text and "0.62" not in text


def test_q1_precision(quiz, capsys):
    right = C.tp / (C.tp + C.fp)
    assert quiz.q1.check(right)
    assert _line(capsys) == "Question 1: correct."
    assert quiz.q1.check(0.41)  # two significant digits, as asked
    assert _line(capsys) == "Question 1: correct."
    assert not quiz.q1.check(0.4)
    assert _line(capsys).startswith("Question 1: give two significant digits")
    assert not quiz.q1.check(C.tp / (C.tp + C.fn))
    assert _line(capsys).startswith("Question 1: that is recall")
    assert not quiz.q1.check((C.tp + C.tn) / C.n)
    assert _line(capsys).startswith("Question 1: that is accuracy")
    assert not quiz.q1.check("0.41")
    assert _line(capsys) == "Question 1: expected one number, got the text '0.41'"
    assert not quiz.q1.check(...)
    assert _line(capsys) == f"Question 1: {NOT_ANSWERED}"


def test_q3_bayes(quiz, capsys):
    tpr, fpr, pi = 0.8, 0.001, 0.002
    right = tpr * pi / (tpr * pi + fpr * (1 - pi))  # Bayes' rule written out
    assert quiz.q3.check(right) and quiz.q3.check(round(right, 2))
    capsys.readouterr()
    swapped = tpr * fpr / (tpr * fpr + pi * (1 - fpr))  # the FPR and the prevalence swapped
    assert (round(right, 2), round(swapped, 2)) == (0.62, 0.29)
    assert not quiz.q3.check(0.29)
    assert _line(capsys) == ("Question 3: you swapped the FPR and the prevalence: the FPR multiplies the share of "
                             "negatives, 1 - π; the TPR multiplies π")
    assert not quiz.q3.check(tpr)
    assert _line(capsys).endswith("precision also depends on the FPR and on how rare the positives are")
    assert not quiz.q3.check(1 - fpr)
    assert "specificity" in _line(capsys)


def test_multiple_choice_spread_over_positions(quiz, capsys):
    rights = [q.expected for q in quiz.questions if isinstance(q, Question)]
    assert rights == ["a", "b", "c"]
    for q, right in zip([quiz.q2, quiz.q4, quiz.q5], rights, strict=True):
        assert q.check(right)
        for wrong in set(q.options) - {right}:
            assert not q.check(wrong)
    out = capsys.readouterr().out
    assert "Question 2: not quite: that is the Wikipedia layout" in out
    assert "Question 4: not quite: the file has no label 1" in out
    assert not quiz.q4.check("z")
    assert _line(capsys) == "Question 4: expected one of 'a', 'b', 'c', got the text 'z'"


def test_audit(quiz):
    assert quiz.audit() == []


def test_a_swap_that_changes_nothing_is_not_named():
    """The cold read's 00 quiz: with FPR = prevalence = 0.001 the swap gives the answer itself, so the notebook asks
    at 0.002; the checker then names no swap, and its audit stays clean."""
    same = nb00.quiz(C, tpr=0.8, fpr=0.001, prevalence=0.001)
    assert not any("swapped" in m.message for m in same.q3.mistakes) and same.audit() == []
