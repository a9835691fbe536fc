"""Exercises that check themselves, one module per notebook (``helpers.exercises.nb04``) on a shared core.

In a notebook::

    from helpers.exercises import nb04
    ex2 = nb04.exercise_2(labels, scores)   # the checker, built from the notebook's own data
    answer = ...                            # the student's answer
    ex2.check(answer)                       # one line: not answered yet / correct / what is wrong
    ex2.hint()                              # up to two hints
    quiz = nb04.quiz(...)
    quiz.show()                             # the quick self-test, clickable (jupyterquiz)

Worked solutions live in companion notebooks, ``notebooks/solutions/NN_topic_solutions.ipynb``: each
replays its notebook (:func:`helpers.exercises.replay.replay`), solves every exercise, runs the same
checker on the answer, prints the quiz's answers and audits every checker on the notebook's real data.
A main notebook never prints an answer.

The core (:mod:`helpers.exercises.core`) holds :class:`Exercise`, :class:`Mistake` and the comparisons
(:func:`number`, :func:`probability`, :func:`numbers`, :func:`matrix`, :func:`counts_matrix`,
:func:`threshold`, :func:`function`, :func:`choice`); :mod:`helpers.exercises.quiz` the quick self-test.
"""

from .core import (
    Compare,
    Exercise,
    Mistake,
    choice,
    counts_matrix,
    function,
    matrix,
    number,
    numbers,
    probability,
    threshold,
)
from .quiz import NumberQuestion, Question, Quiz

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
