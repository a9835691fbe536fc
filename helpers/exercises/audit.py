"""Check every checker of a notebook on the notebook's own data, and say so in one line each.

The solutions notebook of each course notebook ends with::

    audit(ex1=ex1, ex2=ex2, ex3=ex3, quiz=quiz)

which prints, for each exercise, its right answer and whether the checker accepts it, accepts it rounded
to the digits the question asks for, and gives each known mistake its own message; and for the quiz,
whether every right answer is accepted and every wrong option explained. A line starting with
``PROBLEM`` means a student would be misled; nbval compares these lines on every run, and
``tests/test_notebook_solutions.py`` requires that none says ``PROBLEM``.
"""

from __future__ import annotations

from .core import Exercise, fmt
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["audit"]


def _answer(ex: Exercise) -> str:
    return ex.compare.show(ex.rounded_answer())


def audit(**checkers: Exercise | Quiz) -> None:
    """Print one line per checker (``ex1=ex1, quiz=quiz``) saying it behaves, and a ``PROBLEM`` line per fault."""
    for name, item in checkers.items():
        if not isinstance(item, Exercise | Quiz):
            raise ValueError(f"checkers: {name} must be an Exercise or a Quiz, got {fmt(item)}")
        if isinstance(item, Quiz):
            kinds = [("multiple choice" if isinstance(q, Question) else "number") for q in item.questions]
            options = sum(len(q.options) - 1 for q in item.questions if isinstance(q, Question))
            mistakes = sum(len(q.mistakes) for q in item.questions if isinstance(q, NumberQuestion))
            print(f"{name}: {len(item)} questions ({', '.join(kinds)}): every right answer accepted, "
                  f"{options} wrong option{'s' if options != 1 else ''} explained, "
                  f"{mistakes} known number mistake{'s' if mistakes != 1 else ''} named")
        elif isinstance(item, Exercise):
            print(f"{name}: answer {_answer(item)}; the right answer and the answer as printed are accepted, "
                  f"{len(item.mistakes)} known mistake{'s' if len(item.mistakes) != 1 else ''} "
                  f"each get{'' if len(item.mistakes) != 1 else 's'} their own message")
        else:
            raise ValueError(f"checkers: {name} must be an Exercise or a Quiz, got {fmt(item)}")
        for problem in item.audit():
            print(f"  PROBLEM: {problem}")
