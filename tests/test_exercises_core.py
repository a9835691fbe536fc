"""The core of the self-checking exercises: messages for right, wrong, malformed and missing answers.

Every message is asserted as printed (capsys); the right value never appears in what ``check`` prints.
The comparisons are checked against independent computations (math.isclose, scikit-learn's
confusion_matrix, numpy) and, where natural, with hypothesis.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix

from helpers.counts import Counts
from helpers.exercises.core import (
    NOT_ANSWERED,
    SOLUTIONS_ARE_ELSEWHERE,
    Exercise,
    Mistake,
    Verdict,
    WrongKind,
    choice,
    counts_matrix,
    describe,
    fmt,
    function,
    matrix,
    number,
    numbers,
    probability,
    round_significant,
    threshold,
)
from helpers.exercises.quiz import NumberQuestion, Question, Quiz

Y = np.array([0, 0, 1, 1, 0, 1, 0, 0, 1, 0])
S = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.6, 0.7, 0.05])


def _line(capsys) -> str:
    out = capsys.readouterr().out
    assert out.count("\n") == 1, f"check must print exactly one line, printed {out!r}"
    return out.strip()


def recall_exercise() -> Exercise:
    tp, fn, fp = 8, 2, 18
    return Exercise(
        "Exercise 3",
        lambda: tp / (tp + fn),
        compare=probability(rel=0.01),
        mistakes=[
            Mistake.if_equals(lambda: tp / (tp + fp), "your recall uses FP; recall's denominator is the positives")
        ],
        hints=["recall counts the positives found", "recall = TP / (TP + FN)"],
        solution="tp / (tp + fn)",
    )


# --------------------------------------------------------------------------- Exercise.check


def test_ellipsis_is_not_answered_yet(capsys):
    ok = recall_exercise().check(...)
    assert not ok
    assert _line(capsys) == f"Exercise 3: {NOT_ANSWERED}"
    assert "Replace ... with your answer" in NOT_ANSWERED


def test_right_answer(capsys):
    assert recall_exercise().check(8 / 10)
    assert _line(capsys) == "Exercise 3: correct."


def test_right_answer_within_the_tolerance_and_not_outside(capsys):
    ex = recall_exercise()
    assert ex.check(0.805)  # 0.6 % off, tolerance 1 %
    assert not ex.check(0.82)
    capsys.readouterr()


def test_known_mistake_gets_its_message(capsys):
    assert not recall_exercise().check(8 / 26)
    assert _line(capsys) == "Exercise 3: your recall uses FP; recall's denominator is the positives"


def test_other_wrong_number_says_not_yet_without_the_value(capsys):
    assert not recall_exercise().check(0.5)
    line = _line(capsys)
    assert line.startswith("Exercise 3: not yet:")
    assert "0.8" not in line


def test_wrong_type_names_what_was_expected(capsys):
    ex = recall_exercise()
    assert not ex.check([0.8, 0.2, 0.1])
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got a list of 3"
    assert not ex.check("0.8")
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got the text '0.8'"
    assert not ex.check(1.5)
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got 1.5"
    assert not ex.check(True)
    assert _line(capsys) == "Exercise 3: expected one number between 0 and 1, got True"
    assert not ex.check(float("nan"))
    assert "expected one number between 0 and 1" in _line(capsys)


def test_numpy_scalars_are_numbers(capsys):
    assert recall_exercise().check(np.float64(0.8))
    assert recall_exercise().check(np.array(0.8))
    capsys.readouterr()


def test_why_follows_correct(capsys):
    ex = Exercise("Exercise 1", 2, compare=number(), why="two pairs are won.", solution="2")
    ex.check(2)
    assert _line(capsys) == "Exercise 1: correct. two pairs are won."


def test_hints_run_out_after_two_then_point_to_the_solution(capsys):
    ex = recall_exercise()
    ex.hint()
    ex.hint()
    ex.hint()
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "Exercise 3, hint 1: recall counts the positives found",
        "Exercise 3, hint 2: recall = TP / (TP + FN)",
        f"Exercise 3: no more hints. {SOLUTIONS_ARE_ELSEWHERE}",
    ]


def test_solution_points_to_the_solutions_notebook_and_never_prints_the_answer(capsys):
    recall_exercise().solution()
    out = capsys.readouterr().out
    assert out.strip() == f"Exercise 3: {SOLUTIONS_ARE_ELSEWHERE}"
    assert "0.8" not in out


def test_expected_is_computed_lazily_and_once():
    calls = []
    ex = Exercise("Exercise 1", lambda: calls.append(1) or 3.0, solution="3")
    assert calls == []
    ex.verdict(3.0)
    ex.verdict(2.0)
    assert calls == [1]


def test_mistake_with_a_predicate(capsys):
    ex = Exercise("Exercise 4", 10, mistakes=[Mistake(lambda a: a < 0, "a count is never negative")], solution="10")
    ex.check(-3)
    assert _line(capsys) == "Exercise 4: a count is never negative"


def test_a_mistake_that_raises_is_ignored(capsys):
    ex = Exercise("Exercise 4", 10, mistakes=[Mistake(lambda a: 1 / 0, "never")], solution="10")
    ex.check(3)
    assert _line(capsys).startswith("Exercise 4: not yet:")


def test_plain_function_as_comparison(capsys):
    ex = Exercise("Exercise 5", "b", compare=lambda a, e: a == e or "pick again", solution="'b'")
    assert ex.check("b")
    assert not ex.check("c")
    assert capsys.readouterr().out.splitlines()[-1] == "Exercise 5: pick again"


def test_verdict_is_a_bool_that_a_notebook_does_not_echo():
    v = Verdict(True)
    assert v == True  # noqa: E712
    assert repr(v) == "True" and repr(Verdict(False)) == "False"
    assert v._ipython_display_() is None


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"name": 3}, "name"),
        ({"solution": None}, "solution"),
        ({"compare": 5}, "compare"),
        ({"hints": "one hint"}, "hints"),
        ({"mistakes": ["x"]}, "mistakes"),
    ],
)
def test_exercise_refuses_bad_construction(kwargs, argument):
    args = {"name": "Exercise 1", "expected": 1, "solution": "1"} | kwargs
    with pytest.raises(ValueError, match=argument):
        Exercise(args.pop("name"), args.pop("expected"), **args)


# --------------------------------------------------------------------------- number


@given(
    e=st.floats(-1e6, 1e6, allow_nan=False),
    a=st.floats(-1e6, 1e6, allow_nan=False),
    rel=st.floats(0, 0.5),
    abs_=st.floats(0, 1),
)
def test_number_agrees_with_math_isclose(e, a, rel, abs_):
    expected = math.isclose(a, e, rel_tol=0, abs_tol=max(rel * abs(e), abs_))
    assume(not math.isclose(abs(a - e), max(rel * abs(e), abs_), rel_tol=1e-9))  # away from the edge
    assert number(rel=rel, abs=abs_).same(a, e) == expected


@given(e=st.floats(0.001, 1), rel=st.floats(0.001, 0.1))
def test_number_states_its_tolerance_and_hides_the_value(e, rel):
    message = number(rel=rel).differs(e * (1 + 2 * rel), e)
    assert message.startswith("not yet: your number is not within")
    assert "%" in message
    assert message.endswith("of the answer")
    assert message == number(rel=rel).differs(3 * e * (1 + 2 * rel), 3 * e), "the message depends on the answer"


def test_number_bounds_are_a_wrong_kind():
    assert not number(low=0).same(-1, 1)
    assert number(low=0).same(1, 1)


# --------------------------------------------------------------------------- numbers


def test_numbers_names_the_right_and_wrong_ones():
    cmp = numbers(["precision", "recall", "F1"])
    assert cmp.differs((0.5, 0.7, 0.2), (0.5, 0.8, 0.3)) == "not yet: your precision is right, recall and F1 are not"
    assert cmp.differs({"precision": 0.5, "recall": 0.8, "F1": 0.3}, (0.5, 0.8, 0.3)) is None
    assert cmp.differs((0.4, 0.7, 0.2), (0.5, 0.8, 0.3)) == "not yet: your precision, recall and F1 are not right"
    assert not cmp.same((0.5, 0.8), (0.5, 0.8, 0.3))
    with pytest.raises(WrongKind, match="your p: expected one number between 0 and 1"):
        numbers(["p"], kinds={"p": probability()}).differs([1.5], [0.5])


def test_numbers_wrong_kind_message(capsys):
    ex = Exercise("Exercise 2", (0.5, 0.8), compare=numbers(["precision", "recall"]), solution="")
    ex.check(0.5)
    assert _line(capsys) == "Exercise 2: expected 2 numbers (precision, recall), got the number 0.5"
    ex.check((0.5, "high"))
    assert _line(capsys) == "Exercise 2: your recall: expected one number, got the text 'high'"


# --------------------------------------------------------------------------- matrices and counts


@given(st.lists(st.integers(0, 1), min_size=4, max_size=30), st.lists(st.integers(0, 1), min_size=30, max_size=30))
def test_counts_matrix_accepts_sklearn_layout_and_counts(y, p):
    y, p = np.array(y), np.array(p[: len(y)])
    cm = confusion_matrix(y, p, labels=[0, 1])
    tn, fp, fn, tp = cm.ravel()
    c = Counts(tn=int(tn), fp=int(fp), fn=int(fn), tp=int(tp))
    cmp = counts_matrix()
    assert cmp.same(cm, c) and cmp.same(c, cm) and cmp.same(cm.tolist(), c)
    assert not cmp.same(cm[::-1], c) or np.array_equal(cm[::-1], cm)


def test_counts_matrix_names_the_cells(capsys):
    ex = Exercise("Exercise 1", Counts(tn=50, fp=6, fn=3, tp=40), compare=counts_matrix(), solution="")
    ex.check(Counts(tn=50, fp=7, fn=3, tp=40))
    assert _line(capsys) == "Exercise 1: not yet: your TN, FN and TP are right, FP is not"
    ex.check([[40, 3], [6, 50]])  # the Wikipedia layout, positives first
    assert _line(capsys) == "Exercise 1: not yet: your TN, FP, FN and TP are not right"
    ex.check([1, 2, 3])
    assert _line(capsys) == "Exercise 1: expected a Counts or a 2 x 2 matrix, got a list of 3"
    ex.check(np.zeros((3, 3)))
    assert _line(capsys) == "Exercise 1: expected a Counts or a 2 x 2 matrix, got an array of shape (3, 3)"
    ex.check(Counts(tn=50, fp=6, fn=3, tp=40))
    assert _line(capsys) == "Exercise 1: correct."


def test_matrix_shape_then_values():
    cmp = matrix((2, 3))
    assert cmp.same(np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3))
    with pytest.raises(WrongKind, match="expected a 2 x 3 matrix"):
        cmp.differs(np.arange(6), np.arange(6).reshape(2, 3))
    message = cmp.differs([[0, 1, 2], [3, 4, 9]], np.arange(6).reshape(2, 3))
    assert message == "not yet: 1 of 6 cells differ (first: row 1, column 2)"
    named = matrix((1, 2), cells=[["a", "b"]])
    assert named.differs([[1, 3]], [[1, 2]]) == "not yet: your a is right, b is not"


# --------------------------------------------------------------------------- thresholds


@given(st.integers(0, 9), st.floats(0, 1))
def test_threshold_right_when_it_flags_the_same_rows(i, u):
    cuts = np.unique(S)
    expected = cuts[i]
    lower = cuts[i - 1] if i > 0 else -1.0
    t = lower + u * (expected - lower)  # anywhere in (lower, expected]
    assume(lower < t <= expected)
    cmp = threshold(Y, S)
    assert cmp.same(t, expected) == np.array_equal(S >= t, S >= expected)
    assert cmp.same(t, expected)


def test_threshold_messages():
    cmp = threshold(Y, S)
    # 0.55 flags 0.6 (a negative) too: TP right, FP not
    assert cmp.differs(0.55, 0.7) == "not yet: at your threshold the TP count is right, the FP count is not"
    assert cmp.differs(0.75, 0.35) == "not yet: your threshold flags fewer rows (score >= threshold) than the answer's"
    with pytest.raises(WrongKind, match="expected one threshold"):
        cmp.differs("high", 0.7)


# --------------------------------------------------------------------------- functions


def _precision(tp, fp):
    return tp / (tp + fp)


def test_function_compare(capsys):
    ex = Exercise("Exercise 2", lambda: _precision, compare=function([(1, 0), (8, 2), {"tp": 3, "fp": 9}]),
                  solution="def precision(tp, fp): return tp / (tp + fp)")
    assert ex.check(lambda tp, fp: tp / (tp + fp))
    assert _line(capsys) == "Exercise 2: correct."
    ex.check(lambda tp, fp: tp / fp)
    assert _line(capsys) == "Exercise 2: not yet: your function raised ZeroDivisionError for (1, 0)"
    ex.check(lambda tp, fp: fp / (tp + fp))
    assert _line(capsys) == "Exercise 2: not yet: your function gives another value for (1, 0)"
    ex.check(lambda tp, fp: "high")
    assert _line(capsys) == (
        "Exercise 2: not yet: for (1, 0) your function returned the text 'high', expected one number"
    )
    ex.check(0.8)
    assert _line(capsys) == "Exercise 2: expected a function, got the number 0.8"
    assert ex.compare.show(ex.expected) == "for (1, 0): 1"


# --------------------------------------------------------------------------- quiz


def _quiz() -> Quiz:
    return Quiz([
        Question("Which metric ignores the prevalence?", {"a": "precision", "b": "recall", "c": "accuracy"}, "b",
                 {"a": "precision mixes in the negatives", "b": "recall stays within the positives"}),
        NumberQuestion("TP = 8, FN = 2: recall?", lambda: 8 / 10, 0.005,
                       mistakes=[Mistake.if_equals(8 / 26, "that is precision")]),
    ])


def test_quiz_text_lists_every_question_without_answers():
    quiz = _quiz()
    text = quiz.text()
    assert "Question 1. Which metric ignores the prevalence?" in text
    assert "   - recall" in text and "Question 2. TP = 8, FN = 2: recall?" in text
    assert "correct" not in text.lower() and "stays within" not in text
    assert len(quiz) == 2


def test_question_check(capsys):
    quiz = _quiz()
    assert quiz.q1.check("b")
    assert _line(capsys) == "Question 1: correct. recall stays within the positives"
    assert not quiz.q1.check("a")
    assert _line(capsys) == "Question 1: not quite: precision mixes in the negatives"
    assert not quiz.q1.check("c")
    assert _line(capsys) == "Question 1: not quite."
    assert not quiz.q1.check("e")
    assert _line(capsys) == "Question 1: expected one of 'a', 'b', 'c', got the text 'e'"
    assert not quiz.q1.check(...)
    assert _line(capsys) == f"Question 1: {NOT_ANSWERED}"
    assert quiz.q1.check(" B ")
    capsys.readouterr()
    assert quiz.q1.answer_text().startswith("Answer: recall. recall stays within the positives")


def test_number_question_check(capsys):
    quiz = _quiz()
    assert quiz.q2.check(0.8)
    assert _line(capsys) == "Question 2: correct."
    assert not quiz.q2.check(0.31)
    assert _line(capsys) == "Question 2: that is precision"
    assert not quiz.q2.check("0.8")
    assert _line(capsys) == "Question 2: expected one number, got the text '0.8'"
    quiz.q2.hint()
    assert _line(capsys) == f"Question 2: no more hints. {SOLUTIONS_ARE_ELSEWHERE}"


def test_question_refuses_bad_construction():
    with pytest.raises(ValueError, match="correct"):
        Question("?", {"a": "x", "b": "y"}, "c")
    with pytest.raises(ValueError, match="options"):
        Question("?", {"a": "x"}, "a")
    with pytest.raises(ValueError, match="tol"):
        NumberQuestion("?", 1, tol=-1)
    with pytest.raises(ValueError, match="questions"):
        Quiz([])


# --------------------------------------------------------------------------- printing


def test_fmt_and_describe_never_show_numpy_reprs():
    assert fmt(np.float64(0.5)) == "0.5" and fmt(np.int64(3)) == "3"
    assert "np." not in fmt(np.array([0.25, 1.0])) and fmt(Counts(tn=1, fp=2, fn=3, tp=4)) == "TN 1, FP 2, FN 3, TP 4"
    assert describe(np.float64(0.5)) == "the number 0.5"
    assert describe((1, 2)) == "a tuple of 2" and describe(print) == "a function"


def test_choice_ignores_case_and_spaces():
    assert choice(["a", "b"]).same(" A", "a")
    assert not choice(["a", "b"]).same("c", "a")


def test_a_mistake_typed_to_the_asked_digits_gets_its_message_even_where_it_reads_as_too_few_digits():
    """0.2801 typed to three digits is 0.280, the float 0.28: also the answer 0.277 to two digits. Say both."""
    slip = "multiply the FPR by 1 - pi"
    ex = Exercise("Exercise 1", 0.277, compare=probability(digits=3), mistakes=[Mistake.if_equals(0.2801, slip)])
    ok, message = ex.verdict(0.280)
    assert not ok and message.startswith(slip + " (or, if you meant the answer itself: give three significant")
    assert ex.verdict(0.2801) == (False, slip)
    alone = Exercise("Exercise 1", 0.277, compare=probability(digits=3))
    assert alone.verdict(0.28)[1].startswith("give three significant digits")
    assert ex.audit() == []


def test_a_part_mistake_typed_to_the_asked_digits_gets_its_message():
    slip = "that is the recall on the half that chose the threshold"
    ex = Exercise("Exercise 3", (0.7961, 0.00482), compare=numbers(["recall", "precision"], digits=3),
                  mistakes=[Mistake.in_part(0, 0.80016, slip)])
    assert ex.verdict((0.800, 0.00482))[1].startswith(slip + " (or, if you meant the answer itself: give three")
    assert ex.verdict((0.796, 0.00482))[0]
    assert ex.audit() == []


def test_audit_finds_a_mistake_that_reads_as_too_few_digits_when_typed():
    """The check behind the rule above: with the typed-mistake matching switched off, audit names the mistake."""

    class WithoutTypedMistakes(Exercise):
        def _hits(self, mistake, answer, *, rounded=False):
            return False if rounded else super()._hits(mistake, answer)

    ex = WithoutTypedMistakes("Exercise 1", 0.277, compare=probability(digits=3),
                              mistakes=[Mistake.if_equals(0.2801, "multiply the FPR by 1 - pi")])
    (problem,) = ex.audit()
    assert problem.startswith("Exercise 1: mistake 1's example typed to the asked digits (0.28) gets 'give three")


# --------------------------------------------------------------------------- round, don't truncate

TRUNCATED = "round, don't truncate"
cut_values = st.floats(min_value=1e-6, max_value=1e6, allow_nan=False).map(lambda x: float(f"{x:.9g}"))


def test_truncate_significant_cuts_the_digits_as_written():
    from helpers.exercises.core import truncate_significant

    assert truncate_significant(0.8387096774193549, 3) == 0.838
    assert truncate_significant(0.29, 2) == 0.29  # 0.29 * 100 is 28.999999999999996 in floats: cut as written
    assert truncate_significant(-0.0827, 2) == -0.082 and truncate_significant(17_640_000, 3) == 17_600_000
    assert truncate_significant(0.0, 3) == 0.0 and math.isinf(truncate_significant(math.inf, 3))


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).filter(lambda v: v == 0 or abs(v) >= 1e-4),
       st.integers(min_value=1, max_value=6))
def test_written_keeps_every_digit_asked_for(x, d):
    """written(x, d) reads back as round_significant(x, d), and a value below 10**d shows exactly d significant
    digits, trailing zeros kept (0.900, not 0.9): the way a solution tells a student what to type."""
    from helpers.exercises.core import written

    text, r = written(x, d), round_significant(x, d)
    assert float(text) == pytest.approx(r, rel=1e-12, abs=0) if r else float(text) == 0
    if r and 1e-4 <= abs(r) < 10**d:
        digits = text.lstrip("-").replace(".", "").lstrip("0")
        assert len(digits) == d, (x, d, text)


def test_written_examples():
    from helpers.exercises.core import written

    assert [written(v, d) for v, d in [(0.8998, 3), (0.1, 2), (0.999, 4), (0.53, 3), (12.96, 3), (0.064554, 3)]] == [
        "0.900", "0.10", "0.9990", "0.530", "13.0", "0.0646"]
    with pytest.raises(ValueError, match="digits must be a whole number"):
        written(0.5, 0)


def test_a_truncated_answer_is_told_to_round():
    """The cold read's 01 exercise 1: (0.838, 0.987) for (0.8387, 0.9877) got a plain "not yet"."""
    one = number(digits=3)
    assert one.differs(0.838, 0.8387) == (f"{TRUNCATED}: yours is the right value cut off after three significant "
                                          "digits, and its next digit is 5 or more")
    assert one.differs(0.839, 0.8387) is None and one.differs(0.837, 0.8387).startswith("not yet")
    assert one.differs(0.8381, 0.8387).startswith("not yet")  # four digits: not a truncation to three
    assert one.differs(0.834, 0.8344) is None  # cut = rounded: right
    two = numbers(["NPV", "precision"], digits=3)
    assert two.differs((0.838, 0.987), (0.8387, 0.9877)) == (
        f"{TRUNCATED} your NPV and precision: each is the right value cut off after three significant digits, and "
        "its next digit is 5 or more")
    assert two.differs((0.838, 0.5), (0.8387, 0.9877)) == (
        f"not yet: your precision is not right; {TRUNCATED} your NPV: it is the right value cut off after three "
        "significant digits, and its next digit is 5 or more")


def test_a_value_rounded_to_fewer_digits_stays_too_few_digits():
    """0.070 cut from 0.07098 is the float 0.07, 0.07098 to one digit: "give two significant digits"."""
    assert number(digits=2).differs(0.07, 0.07098).startswith("give two significant digits")


@given(cut_values, st.integers(min_value=1, max_value=5))
def test_a_right_answer_rounded_is_never_called_truncated(x, d):
    ex = Exercise("Exercise 1", x, compare=number(digits=d))
    for answer in (x, round_significant(x, d), round_significant(x, d + 1)):
        ok, message = ex.verdict(answer)
        assert ok and TRUNCATED not in message, (answer, message)
    for k in range(1, d):  # rounded to fewer digits: asked for more, never "truncate"
        assert TRUNCATED not in ex.verdict(round_significant(x, k))[1]


@given(cut_values, st.integers(min_value=1, max_value=5))
def test_the_right_value_cut_off_is_told_to_round_whatever_the_mistakes(x, d):
    from helpers.exercises.core import truncate_significant

    cut = truncate_significant(x, d)
    cmp = number(digits=d)
    assume(not cmp.same(cut, x) and not cmp.too_few_digits(cut, x))
    ex = Exercise("Exercise 1", x, compare=cmp,
                  mistakes=[Mistake.if_equals(x * 3 + 1, "a value mistake elsewhere"),
                            Mistake(lambda a: True, "catches all", example=-x)])
    ok, message = ex.verdict(cut)
    assert not ok and message.startswith(TRUNCATED), message
    assert ex.audit() == []


def test_truncation_comes_before_a_mistake_of_its_own_test_after_a_value_mistake_that_is_the_same_number():
    """The cold read's 03 exercise 1: the truncated right AUCs were told to fit the forest again."""
    near = Mistake(lambda a: abs(a[0] - 0.98459) <= 0.015, "your forest's AUC is close, but not that of the seed",
                   example=(0.9795, 0.99161))
    ex = Exercise("Exercise 1", (0.98459, 0.99161), compare=numbers(["forest", "SVC"], digits=3), mistakes=[near])
    assert ex.verdict((0.984, 0.991))[1].startswith(f"{TRUNCATED} your forest and SVC")
    assert ex.verdict((0.9795, 0.99161))[1] == near.message
    assert ex.audit() == []
    slip = "that is the trapezoidal area"
    same = Exercise("Exercise 1", 0.03657, compare=probability(digits=3), mistakes=[Mistake.if_equals(0.03651, slip)])
    assert same.verdict(0.0365) == (False, f"{slip} (or, if you meant the answer itself: {TRUNCATED}: yours is the "
                                           "right value cut off after three significant digits, and its next digit is "
                                           "5 or more)")
    assert same.verdict(0.03651) == (False, slip) and same.audit() == []


def test_audit_finds_a_checker_that_misses_the_truncated_answer():
    class Blind(Exercise):
        def verdict(self, answer):
            ok, message = super().verdict(answer)
            return ok, message.replace(TRUNCATED, "not yet")

    (problem,) = Blind("Exercise 1", 0.8387, compare=number(digits=3)).audit()
    assert problem.startswith("Exercise 1: the right answer cut off after the asked digits (0.838) gets 'not yet")


def test_the_clickable_quiz_says_round_for_the_cut_value_and_stays_as_it_was_elsewhere():
    q = NumberQuestion("Balanced accuracy?", 0.58889, digits=2)
    entries = q.to_jupyterquiz()["answers"]
    assert entries[1] == {"type": "value", "value": 0.58, "correct": False,
                          "feedback": "Round, don't truncate: yours is the right value cut off after two significant "
                                      "digits, and its next digit is 5 or more."}
    assert q.verdict(0.58)[1].startswith(TRUNCATED)
    plain = NumberQuestion("Balanced accuracy?", 0.5829, digits=2)  # cut = rounded: no entry, the HTML as before
    assert not any("truncate" in a["feedback"] for a in plain.to_jupyterquiz()["answers"])
    slip = NumberQuestion("Precision?", 0.0827, digits=2, mistakes=[Mistake.if_equals(0.0821, "that is recall")])
    assert slip.to_jupyterquiz()["answers"][1]["feedback"].startswith("Not quite: that is recall (or, if you meant")
    assert slip.audit() == []
