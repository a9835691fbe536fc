"""Exercises that check themselves: ``ex.check(answer)`` and ``ex.hint()``.

An :class:`Exercise` is built by a notebook's factory (``helpers.exercises.nb04.exercise_2(y, s)``)
from the notebook's own data: the right answer is computed, never stored as a literal. The
student writes ``answer = ...`` and runs ``ex.check(answer)``, which prints one short line:

* ``answer is ...`` (the committed state): "Exercise 2: not answered yet. Replace ... with
  your answer, then run this cell again."
* right: "Exercise 2: correct." and, if the factory gave one, a one-line reason;
* the right value rounded to fewer digits than the question asks: "give three significant digits"
  (after a known mistake's message when the answer is also that mistake typed to the asked digits);
* the right value cut off after the asked digits where rounding raises the last one (0.838 for 0.8387):
  "round, don't truncate" (likewise after a known mistake's message when it is also that mistake);
* a known mistake (:class:`Mistake`, computed from the same data): its message, e.g.
  "your precision uses FN; precision's denominator is what the model flagged";
* the wrong kind of answer: what was expected, e.g. "expected one number between 0 and 1,
  got a list of 3";
* otherwise "not yet: <what differs>", e.g. "your TP is right, FP is not".

The right value is never printed: ``hint()`` gives up to two hints, then points to the worked
solution, which lives in the notebook's companion solutions notebook
(``notebooks/solutions/NN_topic_solutions.ipynb``). There the same checker is run on the solution's
answer, and :meth:`Exercise.audit` checks the checker on the notebook's real data: the right answer and
the right answer rounded to the asked digits are "correct", the right answer cut off after them is told to round,
each known mistake gets its own message.

How an answer is compared with the right one is a *comparison* (:class:`Compare`):

* :func:`number` -- ``|answer - expected| <= max(rel * |expected|, abs)`` (the tolerance is
  stated in the "not yet" message), or with ``digits=3`` agreement to three significant digits
  (the question then says "three significant digits"); :func:`probability` also requires
  ``0 <= answer <= 1``;
* :func:`numbers` -- several named numbers, each compared as :func:`number`;
* :func:`matrix` -- first the shape, then every cell, named (``TN``, ``FP``...) when known;
  :func:`counts_matrix` takes a ``Counts`` or a 2 x 2 array in scikit-learn's layout
  ``[[TN, FP], [FN, TP]]``;
* :func:`threshold` -- by the rule: any threshold that flags the same rows
  (``score >= t``) gives the same counts, and so is right;
* :func:`function` -- calls the answer and the reference on test inputs and compares the
  results;
* :func:`choice` -- one of the letters of a multiple-choice question.

The quick self-test at the end of a notebook is in :mod:`helpers.exercises.quiz`.

All output is plain text, one line per check. Pure Python and NumPy.

>>> ex = Exercise("Exercise 1", lambda: 8 / (8 + 2), compare=probability(rel=0.01),
...               mistakes=[Mistake.if_equals(8 / (8 + 18), "that is precision, not recall")],
...               hints=["recall = TP / (TP + FN)"])
>>> ok = ex.check(...)
Exercise 1: not answered yet. Replace ... with your answer, then run this cell again.
>>> ok = ex.check(0.31)
Exercise 1: that is precision, not recall
>>> ok = ex.check([0.8, 0.2])
Exercise 1: expected one number between 0 and 1, got a list of 2
>>> bool(ex.check(0.8))
Exercise 1: correct.
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from numbers import Real

import numpy as np

__all__ = [
    "Compare",
    "Exercise",
    "Mistake",
    "Verdict",
    "WrongKind",
    "agreeing_digits",
    "choice",
    "counts_matrix",
    "describe",
    "digits_text",
    "fmt",
    "function",
    "half_unit",
    "matrix",
    "number",
    "numbers",
    "probability",
    "round_significant",
    "significant_digits",
    "threshold",
    "truncate_significant",
    "written",
]

NOT_ANSWERED = "not answered yet. Replace ... with your answer, then run this cell again."
SOLUTIONS_ARE_ELSEWHERE = ("The worked solution is in this notebook's solutions notebook "
                           "(solutions/, linked above the exercises).")


# --------------------------------------------------------------------------- printing


def fmt(value: object, digits: int = 4) -> str:
    """A value as a student would write it: ``0.8``, ``17``, ``[0.5, 1]``; never ``np.float64(0.8)``.

    Numbers get ``digits`` significant digits (``f"{x:.{digits}g}"``); integers are printed whole.

    >>> fmt(np.float64(0.123456)), fmt(np.int64(17)), fmt([0.5, 1.0]), fmt("b")
    ('0.1235', '17', '[0.5, 1]', "'b'")
    """
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise ValueError(f"digits must be a whole number >= 1, got {describe(digits)}")
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, Real) or (isinstance(value, np.ndarray) and value.ndim == 0):
        x = float(value)
        if math.isfinite(x) and x == int(x) and abs(x) < 1e15:
            return str(int(x))
        return f"{x:.{digits}g}"
    if isinstance(value, str):
        return repr(value)
    if hasattr(value, "tn") and hasattr(value, "tp"):
        return f"TN {fmt(value.tn)}, FP {fmt(value.fp)}, FN {fmt(value.fn)}, TP {fmt(value.tp)}"
    if isinstance(value, np.ndarray | list | tuple):
        return "[" + ", ".join(fmt(v, digits) for v in value) + "]"
    if callable(value):
        return f"the function {getattr(value, '__name__', 'given')}"
    return str(value)


def written(x: float, digits: int) -> str:
    """``x`` rounded to ``digits`` significant digits and written with all of them, trailing zeros kept: the answer
    as a question that asks for ``digits`` digits wants it typed (``fmt`` drops the zeros: ``0.9`` for ``0.900``).

    A value of ``10**digits`` or more is written whole (``1230``); one below ``1e-4`` in scientific notation, as
    ``fmt`` writes it (``1.20e-05``).

    >>> written(0.8998, 3), written(0.064554, 3), written(12.96, 3), written(1234.5, 3), written(0.5, 2)
    ('0.900', '0.0646', '13.0', '1230', '0.50')
    >>> written(1.2e-05, 3), written(-0.0827, 2), written(0, 3)
    ('1.20e-05', '-0.083', '0')
    """
    r = round_significant(_check_real(x), _check_digits(digits))
    if r == 0 or not math.isfinite(r):
        return fmt(r)
    exponent = math.floor(math.log10(abs(r)))
    if exponent < -4 or exponent >= 15:
        return f"{r:#.{digits}g}"
    return f"{r:.{max(0, digits - 1 - exponent)}f}"


def describe(value: object) -> str:
    """What kind of thing ``value`` is, in words, for "expected ..., got <describe>".

    Never the value itself when it is long: ``a list of 3``, ``an array of shape (2, 3)``, ``a string``.

    >>> describe([1, 2, 3]), describe(np.zeros((2, 3))), describe(None), describe(0.5), describe(True)
    ('a list of 3', 'an array of shape (2, 3)', 'None', 'the number 0.5', 'True')
    """
    if value is None or isinstance(value, bool | np.bool_):
        return str(value)
    if value is Ellipsis:
        return "..."
    if isinstance(value, Real) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return f"the number {fmt(value)}"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) <= 20 else "a text"
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    if isinstance(value, list | tuple):
        kind = "list" if isinstance(value, list) else "tuple"
        return f"a {kind} of {len(value)}"
    if isinstance(value, dict):
        return f"a dict of {len(value)}"
    if hasattr(value, "tn") and hasattr(value, "tp"):
        return f"a {type(value).__name__}"
    if callable(value):
        return "a function"
    return f"a {type(value).__name__}"


# --------------------------------------------------------------------------- comparisons


class WrongKind(Exception):
    """Raised by a comparison when the answer is not the kind of thing expected (its message says what was)."""


class Verdict(int):
    """What ``check`` returns: true when the answer is right.

    It behaves as ``True``/``False`` (``if ex.check(a):``, ``ex.check(a) == True``) but a notebook does
    not echo it under the printed line, so ``ex.check(answer)`` can end a cell.
    """

    def __new__(cls, ok: bool) -> Verdict:
        return super().__new__(cls, bool(ok))

    def __repr__(self) -> str:
        return repr(bool(self))

    __str__ = __repr__

    def _ipython_display_(self) -> None:  # the line printed by check() is the output
        return None


class Compare:
    """How an answer is compared with the right value.

    ``differs(answer, expected)`` returns ``None`` when the answer is right, else a short text saying
    what differs (never the right value); it raises :class:`WrongKind` when the answer is not the
    kind of thing expected. ``show(expected)`` prints the right value for ``solution()``.
    ``kind`` says what is expected ("one number between 0 and 1").
    """

    kind = "an answer"

    def differs(self, answer: object, expected: object) -> str | None:
        """``None`` if ``answer`` is right (``answer == expected``), else what differs."""
        return None if answer == expected else "that is not the answer"

    def same(self, answer: object, expected: object) -> bool:
        """True when ``answer`` counts as equal to ``expected`` (a wrong kind of answer is never equal)."""
        try:
            return self.differs(answer, expected) is None
        except WrongKind:
            return False

    def show(self, expected: object) -> str:
        """The right value, as printed by ``solution()``."""
        return fmt(expected)


class _Callable(Compare):
    """A plain function ``(answer, expected) -> bool | str | None`` used as a comparison."""

    def __init__(self, func: Callable[[object, object], object]) -> None:
        self.func = func

    def differs(self, answer: object, expected: object) -> str | None:
        out = self.func(answer, expected)
        if out is True or out is None:
            return None
        return out if isinstance(out, str) else "that is not the answer"


def _as_float(value: object, kind: str) -> float:
    """``value`` as a finite float, or :class:`WrongKind` naming what was expected."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(value, bool | np.bool_) or not isinstance(value, Real):
        raise WrongKind(f"expected {kind}, got {describe(value)}")
    x = float(value)
    if not math.isfinite(x):
        raise WrongKind(f"expected {kind}, got {x}")
    return x


def _tolerance_text(rel: float, abs_: float) -> str:
    parts = []
    if rel:
        parts.append(f"{fmt(100 * rel, 2)} %")
    if abs_:
        parts.append(f"{fmt(abs_, 2)}")
    return " or ".join(parts) if parts else "exactly"


def _check_tolerance(rel: object, abs: object) -> tuple[float, float]:
    for name, value in (("rel", rel), ("abs", abs)):
        if isinstance(value, bool) or not isinstance(value, Real) or not (float(value) >= 0):
            raise ValueError(f"{name} must be a number >= 0, got {describe(value)}")
    return float(rel), float(abs)


def _check_digits(digits: object) -> int:
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= 15:
        raise ValueError(f"digits must be a whole number from 1 to 15, got {describe(digits)}")
    return digits


def _check_real(x: object, name: str = "x") -> float:
    if isinstance(x, bool | np.bool_) or not isinstance(x, Real):
        raise ValueError(f"{name} must be a number, got {describe(x)}")
    return float(x)


def round_significant(x: float, digits: int) -> float:
    """``x`` rounded to ``digits`` significant digits (``round_significant(0.34159, 3) == 0.342``)."""
    x, digits = _check_real(x), _check_digits(digits)
    if x == 0 or not math.isfinite(x):
        return x
    return round(x, digits - 1 - math.floor(math.log10(abs(x))))


def truncate_significant(x: float, digits: int) -> float:
    """``x`` cut off after ``digits`` significant digits, towards zero, as written (``truncate_significant(0.34159, 3)
    == 0.341``; ``repr(x)`` is cut, so ``0.29`` stays ``0.29`` although its float lies a hair below).

    >>> truncate_significant(0.8387096774193549, 3), truncate_significant(-0.0827, 2), truncate_significant(17.64e6, 3)
    (0.838, -0.082, 17600000.0)
    """
    x, digits = _check_real(x), _check_digits(digits)
    if x == 0 or not math.isfinite(x):
        return x
    exponent = math.floor(math.log10(abs(x)))
    return float(Decimal(repr(x)).scaleb(digits - 1 - exponent).to_integral_value(ROUND_DOWN)
                 .scaleb(exponent - digits + 1))


def significant_digits(x: float) -> int:
    """How many significant digits ``x`` has as Python writes it shortest.

    >>> [significant_digits(x) for x in (0.039, 0.34159, 120.0, 2_000_000, 1.0)]
    [2, 5, 2, 1, 1]
    """
    x = _check_real(x)
    if x == 0 or not math.isfinite(x):
        return 1
    text = repr(abs(float(x)))
    if "e" in text:
        text = text.split("e")[0]
    elif text.endswith(".0"):
        text = text[:-2].rstrip("0") or "0"
    return max(1, len(text.replace(".", "").lstrip("0")))


def agreeing_digits(answer: float, expected: float, digits: int) -> int:
    """How many significant digits, fewer than ``digits``, ``answer`` shares with ``expected``, counted from the value.

    The largest ``k < digits`` such that ``answer`` is ``expected`` written with ``k`` significant digits
    (``|answer - expected| <= half_unit(expected, k)``, and ``answer`` needs no more than ``k`` digits);
    0 when there is none. A float cannot keep a trailing zero, so ``0.90`` typed for ``0.904`` arrives as
    ``0.9``: it agrees with the answer to two digits (0.90), not to the one its ``repr`` shows.

    >>> agreeing_digits(0.9, 0.904, 3), agreeing_digits(0.9, 0.883, 3), agreeing_digits(0.34, 0.34159, 3)
    (2, 1, 2)
    >>> agreeing_digits(0.95, 0.904, 3), agreeing_digits(0.09, 0.1, 2)
    (0, 0)

    ``0.09`` lies within half a unit of the first digit of ``0.1``, but ``0.1`` written with one digit is
    ``0.1``: across a power of ten an answer agrees only where it is the answer written shorter.
    """
    a, e, digits = _check_real(answer, "answer"), _check_real(expected, "expected"), _check_digits(digits)
    if not (math.isfinite(a) and math.isfinite(e)):
        return 0
    own = significant_digits(a)
    for k in range(digits - 1, own - 1, -1):
        written = round_significant(e, k)
        if math.isclose(a, written, rel_tol=1e-9) or (
                abs(a - e) <= half_unit(e, k) * (1 + 1e-9) and _decade(a) == _decade(written)):
            return k
    return 0


def _decade(x: float) -> int:
    """The power of ten of ``x``'s first significant digit (0 for 0)."""
    return math.floor(math.log10(abs(x))) if x else 0


def half_unit(x: float, digits: int) -> float:
    """Half a unit in the ``digits``-th significant digit of ``x``: how far an answer right to ``digits``
    digits can lie from ``x`` (``half_unit(0.34159, 3) == 0.0005``)."""
    x, digits = _check_real(x), _check_digits(digits)
    if x == 0:
        return 0.5 * 10.0 ** (1 - digits)
    return 0.5 * 10.0 ** (math.floor(math.log10(abs(x))) - digits + 1)


_DIGIT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

ROUND = "round, don't truncate"
"""How a message about a truncated answer starts (0.838 for 0.8387 at three digits): see :meth:`Exercise.verdict`."""


OTHER_READING = " (or, if you meant the answer itself: "
"""Joins a mistake's message and what the same number would mean as the right answer mistyped (see ``verdict``)."""


def _cut_off(digits: int) -> str:
    return f"the right value cut off after {digits_text(digits)}, and its next digit is 5 or more"


def digits_text(digits: int) -> str:
    """``3`` -> ``"three significant digits"``."""
    digits = _check_digits(digits)
    word = _DIGIT_WORDS.get(digits, str(digits))
    return f"{word} significant digit" + ("" if digits == 1 else "s")


class _Number(Compare):
    def __init__(self, rel: float, abs_: float, low: float | None, high: float | None, kind: str,
                 digits: int | None = None) -> None:
        self.rel, self.abs, self.low, self.high, self.kind, self.digits = rel, abs_, low, high, kind, digits

    def close(self, a: float, e: float) -> bool:
        if self.digits is not None:  # a printout with one more digit, rounded again, may land one unit off
            band = half_unit(e, self.digits) + half_unit(e, self.digits + 1)
            return abs(a - e) <= band * (1 + 1e-9) or \
                round_significant(a, self.digits) == round_significant(e, self.digits)
        return abs(a - e) <= max(self.rel * abs(e), self.abs) * (1 + 1e-12)

    def _numbers(self, answer: object, expected: object) -> tuple[float, float] | None:
        """The answer and the expected value as floats, or None when no digits are asked or either is no number."""
        if self.digits is None:
            return None
        try:
            return _as_float(answer, self.kind), float(expected)
        except (WrongKind, TypeError, ValueError):
            return None

    def too_few_digits(self, answer: object, expected: object) -> bool:
        """True when ``answer`` is ``expected`` rounded to fewer digits than asked (say so, name no mistake)."""
        pair = self._numbers(answer, expected)
        return pair is not None and agreeing_digits(*pair, self.digits) > 0

    def truncated(self, answer: object, expected: object) -> bool:
        """True when ``answer`` is ``expected`` cut off after the asked digits where rounding would raise the last one
        (0.838 for 0.8387 at three digits; never a right answer, never a value rounded to fewer digits)."""
        pair = self._numbers(answer, expected)
        if pair is None:
            return False
        a, e = pair
        cut = self.cut(e)
        return cut is not None and significant_digits(a) <= self.digits and math.isclose(a, cut, rel_tol=1e-12)

    def cut(self, expected: object) -> float | None:
        """The right value cut off after the asked digits, when that is wrong and not the value rounded to fewer
        digits (0.070 for 0.07098 is the float 0.07, "give two significant digits"); else ``None``."""
        if self.digits is None:
            return None
        e = float(expected)
        if not math.isfinite(e):
            return None
        cut = truncate_significant(e, self.digits)
        if cut == round_significant(e, self.digits) or self.close(cut, e) or self.too_few_digits(cut, e):
            return None
        return cut

    def rounded(self, expected: object) -> object:
        """The right value as a student copies it from the printed digits (itself when no digits are set)."""
        e = float(expected)
        return round_significant(e, self.digits) if self.digits is not None else e

    def show(self, expected: object) -> str:
        """A value with the digits asked for, trailing zeros kept (``0.900``); a whole number, and any value when no
        digits are asked, as :func:`fmt` writes it."""
        try:
            e = float(expected)
        except (TypeError, ValueError):
            return fmt(expected)
        if self.digits is None or not math.isfinite(e) or e.is_integer():
            return fmt(expected)
        return written(e, self.digits)

    def differs(self, answer: object, expected: object) -> str | None:
        a = _as_float(answer, self.kind)
        if (self.low is not None and a < self.low) or (self.high is not None and a > self.high):
            raise WrongKind(f"expected {self.kind}, got {fmt(a)}")
        if self.close(a, float(expected)):
            return None
        if self.too_few_digits(a, expected):  # true of 0.9 and of 0.900, which a float cannot tell apart
            return (f"give {digits_text(self.digits)}: yours agrees with the answer to only "
                    f"{digits_text(agreeing_digits(a, float(expected), self.digits))}")
        if self.truncated(a, expected):
            return f"{ROUND}: yours is {_cut_off(self.digits)}"
        if self.digits is not None:
            return f"not yet: your number does not agree with the answer to {digits_text(self.digits)}"
        if not (self.rel or self.abs):
            return "not yet: your number is not the answer"
        return f"not yet: your number is not within {_tolerance_text(self.rel, self.abs)} of the answer"


def number(*, rel: float = 1e-3, abs: float = 0.0, low: float | None = None, high: float | None = None,
           kind: str = "one number", digits: int | None = None) -> Compare:
    """Compare one number: right when ``|answer - expected| <= max(rel * |expected|, abs)``.

    With ``digits``, right instead when the answer agrees with the expected value to that many significant
    digits (``|answer - expected|`` at most half a unit in the last of them, plus half a unit in the next
    digit, so that a printout with one more digit rounded again is right too; or both round to the same
    digits); an answer that is the expected value rounded to *fewer* digits gets "give N significant
    digits", never a mistake's message, and one cut off after the asked digits where rounding raises the last
    gets "round, don't truncate". ``low``/``high`` bound the answers that make sense (outside them
    the answer is the wrong kind); ``kind`` is how the expected answer is named in messages.

    >>> number(rel=0.01).differs(101, 100) is None, number(abs=0.5).same(1.6, 1)
    (True, False)
    >>> number(digits=3).differs(0.342, 0.34159) is None
    True
    >>> number(digits=3).differs(0.34, 0.34159)
    'give three significant digits: yours agrees with the answer to only two significant digits'
    >>> number(digits=3).differs(0.838, 0.8387).split(":")[0]
    "round, don't truncate"
    """
    rel_, abs_ = _check_tolerance(rel, abs)
    if not isinstance(kind, str):
        raise ValueError(f"kind must be a text such as 'one number', got {describe(kind)}")
    if digits is not None:
        _check_digits(digits)
    return _Number(rel_, abs_, low, high, kind, digits)


def probability(*, rel: float = 1e-3, abs: float = 0.0, digits: int | None = None) -> Compare:
    """Compare one number between 0 and 1 (a rate, a precision, an AUC) as :func:`number` does.

    >>> probability(abs=0.01).differs(0.875, 0.88) is None
    True
    """
    return number(rel=rel, abs=abs, low=0.0, high=1.0, kind="one number between 0 and 1", digits=digits)


class _Numbers(Compare):
    def __init__(self, names: tuple[str, ...], each: Sequence[_Number]) -> None:
        self.names, self.each = names, each
        self.kind = f"{len(names)} numbers ({', '.join(names)})"

    def differs(self, answer: object, expected: object) -> str | None:
        if isinstance(answer, dict):
            answer = [answer.get(n) for n in self.names]
        if isinstance(answer, str) or not isinstance(answer, Sequence | np.ndarray) or len(answer) != len(self.names):
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
        right, wrong, short, cut = [], [], [], []
        for name, cmp, a, e in zip(self.names, self.each, answer, expected, strict=True):
            try:
                ok = cmp.differs(a, e) is None
            except WrongKind as err:
                raise WrongKind(f"your {name}: {err}") from None
            (right if ok else wrong).append(name)
            if not ok and getattr(cmp, "too_few_digits", lambda *_: False)(a, e):
                short.append((name, cmp.digits))
            elif not ok and getattr(cmp, "truncated", lambda *_: False)(a, e):
                cut.append((name, cmp.digits))
        if not wrong:
            return None
        # A right value with too few digits, or cut off instead of rounded, is not "not right": say what it is,
        # after the parts that are wrong (if any).
        named = {n for n, _ in short + cut}
        parts = [_right_wrong(right, [n for n in wrong if n not in named])] if len(named) < len(wrong) else []
        if short:
            agree = "it agrees" if len(short) == 1 else "they agree"
            parts.append(f"give {digits_text(max(d for _, d in short))} for your {_join([n for n, _ in short])} "
                         f"({agree} with the answer to fewer)")
        if cut:
            each = "it is" if len(cut) == 1 else "each is"
            parts.append(f"{ROUND} your {_join([n for n, _ in cut])}: {each} {_cut_off(max(d for _, d in cut))}")
        return "; ".join(parts)

    def too_few_digits(self, answer: object, expected: object) -> bool:
        """True when every part that is not right is a right value rounded to too few digits."""
        try:
            return (self.differs(answer, expected) or "").startswith("give ")
        except WrongKind:
            return False

    def cut(self, expected: object) -> tuple | None:
        """The right values, each cut off after the asked digits where that differs from rounding (else ``None``)."""
        cuts = [getattr(c, "cut", lambda e: None)(e) for c, e in zip(self.each, expected, strict=True)]
        if all(x is None for x in cuts):
            return None
        return tuple(e if x is None else x for x, e in zip(cuts, expected, strict=True))

    def rounded(self, expected: object) -> object:
        """Every part as a student copies it from the printed digits."""
        return tuple(getattr(c, "rounded", lambda e: e)(e) for c, e in zip(self.each, expected, strict=True))

    def show(self, expected: object) -> str:
        return ", ".join(f"{n} {c.show(v) if isinstance(c, _Number) else fmt(v)}"
                         for n, c, v in zip(self.names, self.each, expected, strict=True))


def _join(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _right_wrong(right: Sequence[str], wrong: Sequence[str]) -> str:
    verb = "is" if len(wrong) == 1 else "are"
    if right:
        verb_r = "is" if len(right) == 1 else "are"
        return f"not yet: your {_join(right)} {verb_r} right, {_join(wrong)} {verb} not"
    return f"not yet: your {_join(wrong)} {verb} not right"


def numbers(names: Sequence[str], *, rel: float = 1e-3, abs: float = 0.0, digits: int | None = None,
            kinds: Mapping[str, Compare] | None = None) -> Compare:
    """Compare several named numbers, in order (a list, a tuple or a dict by name), each as :func:`number`.

    ``kinds`` gives another comparison for some of them (e.g. ``{"recall": probability(digits=3)}``);
    ``digits`` applies to the others.

    >>> numbers(["precision", "recall"]).differs((0.5, 0.7), (0.5, 0.8))
    'not yet: your precision is right, recall is not'
    """
    if isinstance(names, str) or not isinstance(names, Sequence) or not names:
        raise ValueError(f"names must be a list of texts such as ['precision', 'recall'], got {describe(names)}")
    base = number(rel=rel, abs=abs, digits=digits)
    kinds = dict(kinds or {})
    return _Numbers(tuple(names), [kinds.get(n, base) for n in names])


class _Matrix(Compare):
    def __init__(self, shape: tuple[int, ...], cells: np.ndarray | None, cmp: _Number, counts: bool) -> None:
        self.shape, self.cells, self.cmp, self.counts = shape, cells, cmp, counts
        self.kind = ("a Counts or " if counts else "") + f"a {' x '.join(map(str, shape))} matrix"

    def _as_array(self, value: object) -> np.ndarray:
        if self.counts and all(hasattr(value, c) for c in ("tn", "fp", "fn", "tp")):
            value = [[value.tn, value.fp], [value.fn, value.tp]]
        if isinstance(value, str) or value is None:
            raise WrongKind(f"expected {self.kind}, got {describe(value)}")
        try:
            arr = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            raise WrongKind(f"expected {self.kind}, got {describe(value)}") from None
        if arr.shape != self.shape:
            got = f"an array of shape {arr.shape}" if isinstance(value, np.ndarray) else describe(value)
            raise WrongKind(f"expected {self.kind}, got {got}")
        if not np.all(np.isfinite(arr)):
            raise WrongKind(f"expected {self.kind} of finite numbers, got a matrix with nan or inf")
        return arr

    def differs(self, answer: object, expected: object) -> str | None:
        a, e = self._as_array(answer), self._as_array(expected)
        ok = np.array([self.cmp.close(x, y) for x, y in zip(a.ravel(), e.ravel(), strict=True)]).reshape(self.shape)
        if ok.all():
            return None
        if self.cells is not None:
            names = self.cells.ravel()
            return _right_wrong(list(names[ok.ravel()]), list(names[~ok.ravel()]))
        wrong = [f"row {i}, column {j}" for i, j in zip(*np.nonzero(~ok), strict=True)][:3]
        return f"not yet: {int((~ok).sum())} of {ok.size} cells differ (first: {'; '.join(wrong)})"

    def show(self, expected: object) -> str:
        e = self._as_array(expected)
        if self.cells is not None:
            return ", ".join(f"{n} {fmt(v)}" for n, v in zip(self.cells.ravel(), e.ravel(), strict=True))
        return fmt(e.tolist())


def matrix(shape: Sequence[int], *, cells: Sequence[Sequence[str]] | None = None, rel: float = 0.0,
           abs: float = 1e-9) -> Compare:
    """Compare a matrix: first its shape, then every cell as :func:`number` (exact counts by default).

    ``cells`` names the cells (``[["TN", "FP"], ["FN", "TP"]]``) so the message can say which are wrong.

    >>> matrix((2, 2)).differs([[1, 2], [3, 4]], [[1, 2], [3, 5]])
    'not yet: 1 of 4 cells differ (first: row 1, column 1)'
    """
    if isinstance(shape, Real) or not isinstance(shape, Sequence) or not all(isinstance(s, int) for s in shape):
        raise ValueError(f"shape must be a tuple of whole numbers such as (2, 2), got {describe(shape)}")
    names = None
    if cells is not None:
        names = np.array(cells, dtype=object)
        if names.shape != tuple(shape):
            raise ValueError(f"cells must name every cell of a {tuple(shape)} matrix, got {describe(cells)}")
    rel_, abs_ = _check_tolerance(rel, abs)
    return _Matrix(tuple(shape), names, _Number(rel_, abs_, None, None, "a number"), counts=False)


def counts_matrix(*, rel: float = 0.0, abs: float = 1e-9) -> Compare:
    """Compare a confusion matrix: a ``Counts`` or a 2 x 2 array in scikit-learn's layout ``[[TN, FP], [FN, TP]]``.

    The message names the cells that differ ("your TP is right, FP is not").

    >>> counts_matrix().differs([[50, 7], [3, 40]], [[50, 6], [3, 40]])
    'not yet: your TN, FN and TP are right, FP is not'
    """
    rel_, abs_ = _check_tolerance(rel, abs)
    cmp = _Matrix((2, 2), np.array([["TN", "FP"], ["FN", "TP"]], dtype=object),
                  _Number(rel_, abs_, None, None, "a count"), counts=True)
    return cmp


class _Threshold(Compare):
    kind = "one threshold (a number)"

    def __init__(self, y_true: np.ndarray, y_score: np.ndarray) -> None:
        self.y, self.s = y_true, y_score

    def flagged(self, t: float) -> np.ndarray:
        return self.s >= t

    def differs(self, answer: object, expected: object) -> str | None:
        t = _as_float(answer, self.kind)
        mine, right = self.flagged(t), self.flagged(float(expected))
        if np.array_equal(mine, right):
            return None
        tp_ok = np.sum(mine & (self.y == 1)) == np.sum(right & (self.y == 1))
        fp_ok = np.sum(mine & (self.y == 0)) == np.sum(right & (self.y == 0))
        if tp_ok != fp_ok:
            return f"not yet: at your threshold the {'TP' if tp_ok else 'FP'} count is right, " \
                   f"the {'FP' if tp_ok else 'TP'} count is not"
        return f"not yet: your threshold flags {'more' if mine.sum() > right.sum() else 'fewer'} rows " \
               "(score >= threshold) than the answer's"

    def show(self, expected: object) -> str:
        return f"{fmt(expected)} (any threshold that flags the same rows is right)"


def threshold(y_true: Sequence[int] | np.ndarray, y_score: Sequence[float] | np.ndarray) -> Compare:
    """Compare thresholds by the rule "flag when ``score >= t``": right when it flags the same rows.

    Any threshold between the same two neighbouring scores gives the same counts, so all are right.

    >>> cmp = threshold([0, 1, 1], [0.2, 0.5, 0.9])
    >>> cmp.differs(0.4, 0.5) is None, cmp.differs(0.6, 0.5)
    (True, 'not yet: at your threshold the FP count is right, the TP count is not')
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score, dtype=float) if not isinstance(y_score, str) else None
    if y.ndim != 1 or not np.isin(y, [0, 1]).all():
        raise ValueError("y_true must be a 1-d array of 0/1 labels")
    if s is None or s.shape != y.shape:
        raise ValueError("y_score must be a 1-d array of scores as long as y_true")
    return _Threshold(y.astype(int), s)


class _Function(Compare):
    kind = "a function"

    def __init__(self, inputs: list[tuple[tuple, dict]], result: Compare, names: Sequence[str] | None) -> None:
        self.inputs, self.result, self.names = inputs, result, names

    def label(self, args: tuple, kwargs: dict) -> str:
        if self.names is not None:
            return self.names[[i for i, (a, k) in enumerate(self.inputs) if a is args and k is kwargs][0]]
        return _label(args, kwargs)

    def differs(self, answer: object, expected: object) -> str | None:
        if not callable(answer):
            raise WrongKind(f"expected a function, got {describe(answer)}")
        for args, kwargs in self.inputs:
            want = expected(*args, **kwargs)
            try:
                got = answer(*args, **kwargs)
            except Exception as err:  # the student's code: report, never crash
                return f"not yet: your function raised {type(err).__name__} for {self.label(args, kwargs)}"
            try:
                bad = self.result.differs(got, want)
            except WrongKind as err:
                return f"not yet: for {self.label(args, kwargs)} your function returned {describe(got)}, " \
                       f"{str(err).split(',')[0]}"
            if bad is not None:
                return f"not yet: your function gives another value for {self.label(args, kwargs)}"
        return None

    def show(self, expected: object) -> str:
        args, kwargs = self.inputs[0]
        return f"for {self.label(args, kwargs)}: {self.result.show(expected(*args, **kwargs))}"


def _label(args: tuple, kwargs: dict) -> str:
    parts = [fmt(a) for a in args] + [f"{k}={fmt(v)}" for k, v in kwargs.items()]
    return "(" + ", ".join(parts) + ")"


def function(inputs: Sequence[tuple | Mapping], *, result: Compare | None = None,
             names: Sequence[str] | None = None) -> Compare:
    """Compare functions by calling them: right when, for every test input, the results compare equal.

    ``inputs`` is a list of argument tuples or keyword dicts; ``result`` compares the outputs
    (:func:`number` by default); ``names`` says in words what each input is ("the tied scores"), for
    the messages (by default the arguments are printed). The expected value is the reference function.

    >>> cmp = function([(8, 2), (0, 5)])
    >>> cmp.differs(lambda tp, fn: tp / (tp + fn), lambda tp, fn: tp / (tp + fn)) is None
    True
    >>> cmp.differs(lambda tp, fn: tp / fn, lambda tp, fn: tp / (tp + fn))
    'not yet: your function gives another value for (8, 2)'
    """
    if isinstance(inputs, str | bytes) or not isinstance(inputs, Sequence) or not inputs:
        raise ValueError(f"inputs must be a non-empty list of argument tuples or dicts, got {describe(inputs)}")
    cases = []
    for item in inputs:
        if isinstance(item, Mapping):
            cases.append(((), dict(item)))
        elif isinstance(item, tuple):
            cases.append((item, {}))
        else:
            raise ValueError(f"inputs must hold argument tuples or dicts, got {describe(item)} among them")
    if result is not None and not isinstance(result, Compare):
        raise ValueError(f"result must be a comparison such as number(), got {describe(result)}")
    if names is not None and (isinstance(names, str) or len(names) != len(cases)):
        raise ValueError("names must be a list of texts, one per input")
    return _Function(cases, result or number(), None if names is None else list(names))


class _Choice(Compare):
    def __init__(self, options: tuple[str, ...]) -> None:
        self.options = options
        self.kind = "one of " + ", ".join(repr(o) for o in options)

    def differs(self, answer: object, expected: object) -> str | None:
        key = answer.strip().lower() if isinstance(answer, str) else answer
        if key not in self.options:
            raise WrongKind(f"expected {self.kind}, got {describe(answer)}")
        return None if key == expected else "not yet"

    def show(self, expected: object) -> str:
        return repr(expected)


def choice(options: Sequence[str]) -> Compare:
    """Compare the letter of a multiple-choice answer (``"b"``; case and spaces ignored).

    >>> choice("abc").differs(" B", "b") is None
    True
    """
    if isinstance(options, Mapping):
        options = list(options)
    if not isinstance(options, Sequence) or not options or not all(isinstance(o, str) for o in options):
        raise ValueError(f"options must be a list of letters such as ['a', 'b', 'c'], got {describe(options)}")
    return _Choice(tuple(o.lower() for o in options))


# --------------------------------------------------------------------------- exercises

_UNSET = object()


@dataclass(frozen=True)
class Mistake:
    """A typical wrong answer and what to say about it.

    Three kinds, each computed from the same data as the right answer:

    * :meth:`if_equals` -- the wrong *value* (or a function of no arguments giving it), matched with the
      exercise's own comparison and tolerance;
    * :meth:`in_part` -- part ``index`` of a several-part answer equals a wrong value, the other parts
      being whatever they are;
    * ``Mistake(matches, message, example=...)`` -- any test ``matches(answer)``; ``example`` is one answer
      it catches, so that :meth:`Exercise.audit` can check the message fires.
    """

    matches: Callable[[object], bool] | None
    message: str
    value: object = field(default=_UNSET, repr=False)
    part: int | None = None
    example: object = field(default=_UNSET, repr=False)

    @classmethod
    def if_equals(cls, value: Callable[[], object] | object, message: str) -> Mistake:
        """The mistake whose answer equals ``value`` (or ``value()``), compared as the right answer is."""
        return cls(None, message, value)

    @classmethod
    def in_part(cls, index: int, value: Callable[[], object] | object, message: str) -> Mistake:
        """The mistake in part ``index`` of a several-part answer: that part equals ``value`` (or ``value()``)."""
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise ValueError(f"index must be a whole number >= 0, got {describe(index)}")
        return cls(None, message, value, part=index)

    @classmethod
    def each_distinct(cls, candidates: Sequence[tuple[float, str]], right: float, *, digits: int) -> list[Mistake]:
        """An :meth:`if_equals` mistake for each ``(value, message)`` that differs, at ``digits`` significant
        digits (as typed or rounded), from the right answer and from the candidates kept before it (the first
        wins), and is not the right answer rounded to fewer digits (which gets "give N digits" instead)."""
        asked, kept = number(digits=digits), []
        for value, message in candidates:
            if not any(asked.same(value, v) or asked.same(asked.rounded(value), v)
                       for v in [right, *(m.value for m in kept)]) and not asked.too_few_digits(value, right):
                kept.append(cls.if_equals(value, message))
        return kept


def _resolve(value: object) -> object:
    return value() if callable(value) else value


def _handle(name: str) -> str:
    m = re.fullmatch(r"\s*Exercise\s+(\w+)\s*", name)
    return f"ex{m.group(1)}" if m else "ex"


class Exercise:
    """One exercise: ``check(answer)``, up to two ``hint()``s, then the worked solution.

    ``expected`` is the right answer or a function of no arguments that computes it from the
    notebook's data (called once, on the first check); for a function answer pass
    ``expected=lambda: reference``. ``compare`` is a :class:`Compare` (default :func:`number`) or a
    function ``(answer, expected) -> bool | str | None``. ``mistakes`` are tried, in order, when the
    answer is not right (never on a right answer). ``why`` is an optional one-line reason printed after
    "correct". ``handle`` is the variable name the notebook uses (default ``ex2`` for "Exercise 2").

    Worked solutions are not here: they live in the notebook's companion solutions notebook
    (``notebooks/solutions/NN_topic_solutions.ipynb``), which runs the same checker on its answer, so a
    main notebook never prints an answer. ``solution`` (optional) is kept as the solution's code, for
    maintainers' reference only.
    """

    def __init__(self, name: str, expected: Callable[[], object] | object, *, compare: Compare | Callable | None = None,
                 mistakes: Sequence[Mistake] = (), hints: Sequence[str] = (), solution: str = "", why: str = "",
                 handle: str | None = None) -> None:
        if not isinstance(name, str) or not name:
            raise ValueError(f"name must be a text such as 'Exercise 2', got {describe(name)}")
        if not isinstance(solution, str):
            raise ValueError(f"solution must be the solution's code as text, got {describe(solution)}")
        if isinstance(hints, str) or not all(isinstance(h, str) for h in hints):
            raise ValueError("hints must be a list of texts")
        if not all(isinstance(m, Mistake) for m in mistakes):
            raise ValueError("mistakes must be a list of Mistake(matches, message)")
        if compare is None:
            compare = number()
        elif not isinstance(compare, Compare):
            if not callable(compare):
                raise ValueError(f"compare must be a comparison such as number() or a function, "
                                 f"got {describe(compare)}")
            compare = _Callable(compare)
        self.name, self._expected, self.compare = name, expected, compare
        self.mistakes, self.hints, self.solution_text, self.why = tuple(mistakes), tuple(hints), solution, why
        self.handle = handle or _handle(name)
        self._hints_given = 0
        self._value = _UNSET

    @property
    def expected(self) -> object:
        """The right answer, computed from the notebook's data on first use."""
        if self._value is _UNSET:
            self._value = _resolve(self._expected)
        return self._value

    def verdict(self, answer: object) -> tuple[bool, str]:
        """``(right, message)`` for ``answer``, without printing (what ``check`` prints after the name).

        The order: a right answer is right (no mistake's message can fire on it); a right value rounded to
        fewer digits than asked gets "give N significant digits", after the message of a value mistake that,
        typed to the asked digits, is the same number (0.2801 typed as 0.280 is the float 0.28); a right value
        cut off after the asked digits where rounding raises the last one (0.838 for 0.8387) gets "round, don't
        truncate", likewise after the message of a value mistake that is the same number, but before any mistake
        that tests the answer its own way; then the known mistakes; then what differs.
        """
        if answer is Ellipsis:
            return False, NOT_ANSWERED
        try:
            bad = self.compare.differs(answer, self.expected)
        except WrongKind as err:
            return False, str(err)
        except Exception:  # an answer the comparison cannot read: say what was expected
            return False, f"expected {self.compare.kind}, got {describe(answer)}"
        if bad is None:
            return True, "correct." + (f" {self.why}" if self.why else "")
        if bad.startswith("give "):
            # A known mistake typed to the asked digits can read as the answer with too few (0.2801 typed as
            # 0.280 is the float 0.28): then say both, the mistake first.
            for mistake in self.mistakes:
                if self._hits(mistake, answer, rounded=True):
                    return False, f"{mistake.message}{OTHER_READING}{bad})"
            return False, bad
        if bad.startswith(ROUND):
            # The right value cut off after the asked digits (0.838 for 0.8387): say so before a mistake that only
            # tests closeness (a forest "close, but not that of the seed asked" would send a right forest to be
            # fitted again); a value mistake that is this very number keeps its message, and then both are said.
            for mistake in self.mistakes:
                if mistake.matches is None and (self._hits(mistake, answer) or
                                                self._hits(mistake, answer, rounded=True)):
                    return False, f"{mistake.message}{OTHER_READING}{bad})"
            return False, bad
        for mistake in self.mistakes:
            if self._hits(mistake, answer):
                return False, mistake.message
        return False, bad

    def _part_compare(self, index: int) -> Compare:
        each = getattr(self.compare, "each", None)
        return each[index] if each is not None else self.compare

    def _hits(self, mistake: Mistake, answer: object, *, rounded: bool = False) -> bool:
        """Whether ``answer`` is ``mistake``; with ``rounded``, its value as typed to the asked digits."""
        def typed(compare: Compare, value: object) -> object:
            return getattr(compare, "rounded", lambda v: v)(value) if rounded else value

        try:
            if mistake.matches is not None:  # a test of its own: it says which answers it catches
                return not rounded and bool(mistake.matches(answer))
            if mistake.part is not None:
                parts = list(answer.values()) if isinstance(answer, dict) else answer
                cmp = self._part_compare(mistake.part)
                return cmp.same(parts[mistake.part], typed(cmp, _resolve(mistake.value)))
            return self.compare.same(answer, typed(self.compare, _resolve(mistake.value)))
        except Exception:
            return False

    def _mistake_example(self, mistake: Mistake) -> object:
        if mistake.example is not _UNSET:
            return _resolve(mistake.example)
        if mistake.part is not None:
            parts = list(self.expected)
            parts[mistake.part] = _resolve(mistake.value)
            return tuple(parts)
        if mistake.value is not _UNSET:
            return _resolve(mistake.value)
        return _UNSET

    def rounded_answer(self) -> object:
        """The right answer as a student copies it from the printed digits (the answer itself without digits)."""
        rounded = getattr(self.compare, "rounded", None)
        return rounded(self.expected) if rounded is not None else self.expected

    def cut_answer(self) -> object:
        """The right answer cut off after the asked digits where rounding would raise the last one (``None`` when no
        part is: no digits asked, or cutting gives the rounded value)."""
        cut = getattr(self.compare, "cut", None)
        try:
            return cut(self.expected) if cut is not None else None
        except Exception:
            return None

    def audit(self) -> list[str]:
        """What is wrong with this checker, checked on its own data (empty when nothing is).

        The right answer and the right answer rounded to the asked digits are both "correct"; the right answer cut
        off after the asked digits (where that is not the rounded value) is told to round, not truncate; each known
        mistake's example gets that mistake's own message, and no mistake's example is judged right; a value
        mistake typed to the asked digits gets its own message first too, unless the digits make it right.
        """
        problems = []
        for label, answer in (("the right answer", self.expected), ("the rounded right answer", self.rounded_answer())):
            ok, message = self.verdict(answer)
            if not ok:
                problems.append(f"{self.name}: {label} ({fmt(answer)}) gets {message!r}")
        cut = self.cut_answer()
        if cut is not None:
            ok, message = self.verdict(cut)
            if ok or ROUND not in message:
                problems.append(f"{self.name}: the right answer cut off after the asked digits ({fmt(cut)}) gets "
                                f"{message!r}, not {ROUND!r}")
        for i, mistake in enumerate(self.mistakes, start=1):
            example = self._mistake_example(mistake)
            if isinstance(example, float) and not math.isfinite(example):
                continue  # a mistake that cannot happen on this data (e.g. a percentage of a number above 1)
            if example is _UNSET:
                problems.append(f"{self.name}: mistake {i} has no example answer to check")
                continue
            ok, message = self.verdict(example)
            if ok:
                problems.append(f"{self.name}: mistake {i} ({mistake.message[:40]}...) is judged right")
            elif message != mistake.message:
                problems.append(f"{self.name}: mistake {i}'s example gets {message!r}, not its own message")
            else:
                problems += self._audit_typed(i, mistake, example)
        return problems

    def _audit_typed(self, i: int, mistake: Mistake, example: object) -> list[str]:
        """A value mistake typed to the asked digits gets its own message first (unless it is then right)."""
        if mistake.value is _UNSET or mistake.example is not _UNSET:
            return []
        typed = self._typed(example)  # the mistake as a student types it, to the asked digits
        ok, message = self.verdict(typed)
        if not ok and not message.startswith(mistake.message):  # judged right: the digits cannot tell them apart
            return [f"{self.name}: mistake {i}'s example typed to the asked digits ({fmt(typed)}) "
                    f"gets {message!r}, not its own message"]
        return []

    def _typed(self, answer: object) -> object:
        rounded = getattr(self.compare, "rounded", None)
        try:
            return rounded(answer) if rounded is not None else answer
        except Exception:
            return answer

    def check(self, answer: object) -> Verdict:
        """Print one line saying whether ``answer`` is right (never the right value); true when it is."""
        ok, message = self.verdict(answer)
        print(f"{self.name}: {message}")
        return Verdict(ok)

    def hint(self) -> None:
        """Print the next hint; after the last one, say where the solution is."""
        if self._hints_given < len(self.hints):
            self._hints_given += 1
            print(f"{self.name}, hint {self._hints_given}: {self.hints[self._hints_given - 1]}")
        else:
            print(f"{self.name}: no more hints. {SOLUTIONS_ARE_ELSEWHERE}")

    def solution(self) -> None:
        """Say where the worked solution is (never print the answer in the main notebook)."""
        print(f"{self.name}: {SOLUTIONS_ARE_ELSEWHERE}")
