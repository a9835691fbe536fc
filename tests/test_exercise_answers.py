"""How answers are judged, for every checker: the rules of the exercises' issue, as properties.

- An answer that agrees with the right value to the digits the question asks for is right, and so is the right
  value itself; no mistake's message can fire on a right answer.
- The right value rounded to fewer digits gets "give N significant digits", never a mistake's message.
- ``audit()`` finds a mistake whose value the checker would accept, and a mistake whose message never fires.
- A quiz's output shows the questions, never the answers: the answers are in its script, base64-encoded.
"""

from __future__ import annotations

import base64
import json
import math
import re

from hypothesis import assume, given
from hypothesis import strategies as st

from helpers.exercises.core import Exercise, Mistake, half_unit, number, numbers, round_significant
from helpers.exercises.quiz import NumberQuestion, Question, Quiz

values = st.floats(min_value=1e-6, max_value=1e6, allow_nan=False).map(lambda x: float(f"{x:.9g}"))
digits = st.integers(min_value=1, max_value=5)


@given(values, digits)
def test_right_and_rounded_answers_are_right_whatever_the_mistakes(x, d):
    wrong = x * 3 + 1
    ex = Exercise("Exercise 1", x, compare=number(digits=d), mistakes=[Mistake.if_equals(wrong, "a mistake"),
                                                                      Mistake(lambda a: True, "catches all",
                                                                              example=wrong)])
    for answer in (x, round_significant(x, d), x + 0.9 * half_unit(x, d), x - 0.9 * half_unit(x, d)):
        assert ex.verdict(answer)[0], (answer, ex.verdict(answer))


@given(values, digits, st.integers(min_value=1, max_value=4))
def test_fewer_digits_get_asked_for_more_never_a_mistake(x, d, k):
    assume(k < d)
    short = round_significant(x, k)
    cmp = number(digits=d)
    assume(not cmp.same(short, x))
    ex = Exercise("Exercise 1", x, compare=cmp, mistakes=[Mistake(lambda a: True, "catches all", example=x * 2)])
    ok, message = ex.verdict(short)
    assert not ok and message.startswith("give ") and "significant digit" in message


@given(values, values, digits)
def test_several_numbers_rounded_are_right(x, y, d):
    cmp = numbers(["first", "second"], digits=d)
    assert cmp.differs((round_significant(x, d), round_significant(y, d)), (x, y)) is None


@given(values, digits)
def test_audit_finds_a_mistake_the_checker_accepts(x, d):
    inside = x + 0.5 * half_unit(x, d)
    ex = Exercise("Exercise 1", x, compare=number(digits=d), mistakes=[Mistake.if_equals(inside, "too close")])
    assert any("is judged right" in p for p in ex.audit())


def test_audit_finds_a_mistake_that_never_fires_and_one_without_example():
    ex = Exercise("Exercise 1", 0.5, compare=number(digits=2),
                  mistakes=[Mistake.if_equals(0.3, "first"), Mistake.if_equals(0.3, "second, shadowed"),
                            Mistake(lambda a: a < 0, "negative")])
    problems = ex.audit()
    assert problems == ["Exercise 1: mistake 2's example gets 'first', not its own message",
                        "Exercise 1: mistake 3 has no example answer to check"]
    good = Exercise("Exercise 1", 0.5, compare=number(digits=2), mistakes=[Mistake.if_equals(0.3, "first")])
    assert good.audit() == []


def test_a_printout_with_one_more_digit_rounded_again_is_right():
    """0.995456 printed as 0.9955 and rounded to three digits gives 0.996: right (the cold read's 03 case)."""
    assert number(digits=3).differs(0.996, 0.995456) is None
    assert number(digits=3).differs(0.995, 0.995456) is None
    assert number(digits=3).differs(0.997, 0.995456) is not None


def test_a_short_part_is_named_beside_a_wrong_one():
    cmp = numbers(["NPV", "precision"], digits=3)
    assert cmp.differs((0.84, 0.977), (0.8387, 0.9877)) == (
        "not yet: your precision is not right; give three significant digits for your NPV (it agrees with the answer "
        "to fewer)")


def test_too_few_digits_says_how_many_agree():
    """0.900 and 0.9 are one float: the message must hold for both (the cold read's endless 'give three')."""
    assert number(digits=3).differs(0.9, 0.883) == (
        "give three significant digits: yours agrees with the answer to only one significant digit")


def test_agreeing_digits_are_counted_from_the_value_not_its_repr():
    """0.90 typed for 0.904 arrives as the float 0.9, and agrees to two digits (issue 36's cold read)."""
    assert number(digits=3).differs(0.9, 0.904) == (
        "give three significant digits: yours agrees with the answer to only two significant digits")
    assert number(digits=4).differs(0.9, 0.9004) == (
        "give four significant digits: yours agrees with the answer to only three significant digits")
    assert number(digits=3).differs(0.34, 0.34159) == (
        "give three significant digits: yours agrees with the answer to only two significant digits")
    assert number(digits=3).differs(1.0, 0.996) == (  # 0.996 to two digits is 1.0
        "give three significant digits: yours agrees with the answer to only two significant digits")
    q = NumberQuestion("A share?", 0.904, digits=3)
    shorts = [a for a in q.to_jupyterquiz()["answers"] if a["type"] == "value"]
    assert [(a["value"], a["feedback"]) for a in shorts] == [
        (0.9, "Give three significant digits: that agrees with the answer to only two significant digits.")]


def test_an_answer_across_a_power_of_ten_is_not_said_to_agree():
    """11's quiz: 0.09 typed for 0.1 lies within half a unit of its first digit, but 0.1 to one digit is 0.1
    (a cold read of 11: 'agrees with the answer to only one significant digit' told a wrong answer it was close)."""
    from helpers.exercises.core import agreeing_digits

    assert agreeing_digits(0.09, 0.1, 2) == 0 and agreeing_digits(0.1, 0.0996, 3) == 2
    assert "agrees" not in number(digits=2).differs(0.09, 0.1)


@given(values, st.integers(2, 6), st.integers(1, 5), st.integers(-3, 3))
def test_an_answer_said_to_agree_is_the_answer_written_shorter(e, digits, k, nudge):
    """Whatever agreeing_digits says, the answer is the right value with that many digits (up to a tie)."""
    from helpers.exercises.core import agreeing_digits

    k = min(k, digits - 1)
    a = round_significant(round_significant(e, k) + nudge * half_unit(e, k), k)
    assume(a != 0)
    agree = agreeing_digits(a, e, digits)
    if agree:
        assert a == round_significant(e, agree) or abs(a - e) <= half_unit(e, agree) * (1 + 1e-9)
        assert math.floor(math.log10(abs(a))) == math.floor(math.log10(abs(round_significant(e, agree))))


@given(values, st.integers(2, 6), st.integers(1, 5))
def test_agreeing_digits_is_the_longest_rounding_the_answer_is(e, digits, k):
    """The value rounded to k < digits digits agrees to at least k of them, and to no more than digits - 1."""
    from helpers.exercises.core import agreeing_digits

    k = min(k, digits - 1)
    a = round_significant(e, k)
    assume(a != 0)
    agree = agreeing_digits(a, e, digits)
    assert k <= agree < digits
    assert abs(a - e) <= half_unit(e, agree) * (1 + 1e-9)


def test_a_share_typed_as_a_percentage_gets_its_own_message():
    q = NumberQuestion("Precision at 1 in 1 000?", 0.41, digits=2)
    assert q.verdict(41) == (False, "that is the share as a percentage: give it as a share between 0 and 1")
    assert q.audit() == []
    assert NumberQuestion("How many?", 55, digits=2).audit() == []
    assert NumberQuestion("Precision, in %?", 41.0, digits=2).verdict(4100)[1].startswith("not yet")


def test_a_part_mistake_is_checked_with_the_other_parts_right():
    cmp = numbers(["precision", "recall"], digits=3)
    ex = Exercise("Exercise 1", (0.0388, 0.8), compare=cmp,
                  mistakes=[Mistake.in_part(0, 0.8, "your precision is the recall")])
    assert ex.verdict((0.8, 0.8)) == (False, "your precision is the recall")
    assert ex.verdict((0.039, 0.8)) == (False, "give three significant digits for your precision (it agrees with "
                                                "the answer to fewer)")
    assert ex.audit() == []


def _quiz() -> Quiz:
    return Quiz([
        Question("Which metric ignores the prevalence?", {"a": "precision", "b": "recall"}, "b",
                 {"a": "precision mixes in the negatives", "b": "recall stays within the positives"}),
        NumberQuestion("Recall with TP = 8, FN = 2?", 0.8, digits=2,
                       mistakes=[Mistake.if_equals(8 / 26, "that is precision")]),
    ])


def test_quiz_output_holds_no_answer_in_the_clear():
    data, meta = _quiz().mimebundle()
    assert meta == {"course_quiz": {"questions": 2}}
    assert "stays within" not in data["text/plain"] and "correct" not in data["text/plain"].lower()
    html = data["text/html"]
    assert "stays within" not in html and '"correct": true' not in html
    encoded = re.search(r'id="quiz\w+data">([A-Za-z0-9+/=]+)<', html).group(1)
    questions = json.loads(base64.b64decode(encoded))
    assert [a["correct"] for a in questions[0]["answers"]] == [False, True]
    right = questions[1]["answers"][0]
    assert right["correct"] and right["range"][0] <= 0.8 < right["range"][1]
    # right to two digits, or to three rounded again to two (one unit more in the third digit)
    assert math.isclose(right["range"][1] - right["range"][0], 2 * (half_unit(0.8, 2) + half_unit(0.8, 3)),
                        rel_tol=1e-6)
    assert _quiz().mimebundle() == (data, meta), "the output must be the same on every run (nbval compares it)"


def test_quiz_audit_wants_every_wrong_option_explained_and_no_dollar():
    q = Quiz([Question("Cost in $?", {"a": "one", "b": "two", "c": "three"}, "a", {"b": "no"})])
    assert q.audit() == ["Question 1: the wrong option 'c' has no explanation",
                         "Question 1: a text holds '$' (jupyterquiz would read it as math)"]
    assert _quiz().audit() == []


@given(values, st.integers(min_value=2, max_value=4), st.integers(min_value=1, max_value=3))
def test_the_clickable_quiz_asks_for_more_digits_exactly_where_the_checker_does(x, d, k):
    """The browser's list of 'too few digits' answers and the Python checker agree, rounding half up or down."""
    assume(k < d)
    q = NumberQuestion("x?", x, digits=d)
    listed = [a["value"] for a in q.to_jupyterquiz()["answers"] if a.get("type") == "value"
              and a["feedback"].startswith("Give ")]  # not the right value cut off: "Round, don't truncate"
    for value in listed:
        assert q.verdict(value)[1].startswith("give "), (value, q.verdict(value))
    step = 2 * half_unit(x, k)
    for short in (math.floor(x / step) * step, math.ceil(x / step) * step):
        short = round_significant(short, k) if short else short
        if q.verdict(short)[1].startswith("give "):
            assert short in listed, (short, listed)
