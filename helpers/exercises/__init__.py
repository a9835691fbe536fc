"""Exercises that check themselves, one module per notebook (``helpers.exercises.nb04``) on a shared core.

In a notebook::

    from helpers.exercises import nb04
    ex2 = nb04.exercise_2(labels, scores)   # the checker, built from the notebook's own data
    answer = ...                            # the student's answer
    ex2.check(answer)                       # one line: not answered yet / correct / what is wrong
    ex2.hint()                              # up to two hints, then ex2.solution()

The core (:mod:`helpers.exercises.core`) holds :class:`Exercise`, :class:`Mistake`, the comparisons
(:func:`number`, :func:`probability`, :func:`numbers`, :func:`matrix`, :func:`counts_matrix`,
:func:`threshold`, :func:`function`, :func:`choice`) and the end-of-notebook :class:`Quiz`.
"""

from .core import (
    Compare,
    Exercise,
    Mistake,
    NumberQuestion,
    Question,
    Quiz,
    choice,
    counts_matrix,
    function,
    matrix,
    number,
    numbers,
    probability,
    threshold,
)

__all__ = [
    "Compare",
    "Exercise",
    "Mistake",
    "NumberQuestion",
    "Question",
    "Quiz",
    "choice",
    "counts_matrix",
    "function",
    "matrix",
    "number",
    "numbers",
    "probability",
    "threshold",
]
