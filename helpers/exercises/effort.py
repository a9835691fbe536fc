"""What an exercise asks of a student, declared on its checker, and the minutes the course's time rule gives it.

Each exercise factory of ``helpers.exercises.nbNN`` carries one declaration::

    @effort("build", "fits two models and computes a paired DeLong interval")
    def exercise_1(X_train, y_train, X_test, y_test) -> Exercise:
        ...

The kind says what the exercise asks; :data:`MINUTES` gives the minutes a student needs for it:

* ``read``, 5 minutes: a number read off the notebook's outputs, or computed with one formula from them;
* ``compute``, 10 minutes: a few lines of code on the notebook's objects (recompute under a change, search a
  threshold or a size, call a helper with other arguments);
* ``build``, 15 minutes: a model fitted, a function written, or a simulation or resampling loop run.

:func:`helpers.course_map.main_line` reads, in a notebook's visible code cells, which factory builds each
exercise (``ex1 = nb04.exercise_1(...)``) and adds its minutes to the notebook's time on one's own
(:func:`helpers.course_map.minutes_on_your_own`). The second argument says in a few words what the exercise
asks, so a reviewer can check the kind against the question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["MINUTES", "effort", "exercise_minutes"]

MINUTES = {"read": 5, "compute": 10, "build": 15}
"""Minutes a student needs for an exercise of each kind (see the module's docstring)."""

F = TypeVar("F", bound=Callable)


def effort(kind: str, what: str) -> Callable[[F], F]:
    """Declare what the exercise a factory builds asks: ``kind`` (a key of :data:`MINUTES`) and ``what``, in words.

    The factory is returned unchanged, with the attributes ``effort`` (the kind), ``effort_what`` and
    ``minutes`` = ``MINUTES[kind]``.

    >>> @effort("read", "one formula on printed counts")
    ... def exercise_1():
    ...     pass
    >>> exercise_1.minutes, exercise_1.effort
    (5, 'read')
    """
    if kind not in MINUTES:
        raise ValueError(f"kind must be one of {', '.join(map(repr, MINUTES))}, got {kind!r}")
    if not isinstance(what, str) or not what.strip():
        raise ValueError("what must say in a few words what the exercise asks, got an empty text")

    def declare(factory: F) -> F:
        if not callable(factory):
            raise ValueError(f"effort(...) declares an exercise factory (a function), got {type(factory).__name__}")
        factory.effort, factory.effort_what, factory.minutes = kind, what, MINUTES[kind]
        return factory

    return declare


def exercise_minutes(factory: object) -> int:
    """The minutes declared on an exercise factory by :func:`effort`; a clear error if it declares none."""
    minutes = getattr(factory, "minutes", None)
    if getattr(factory, "effort", None) not in MINUTES or minutes != MINUTES[factory.effort]:
        name = f"{getattr(factory, '__module__', '')}.{getattr(factory, '__qualname__', repr(factory))}"
        raise ValueError(f"the exercise factory {name} declares no effort: decorate it with "
                         f"@effort(kind, what), kind one of {', '.join(map(repr, MINUTES))}")
    return minutes
