"""What runs inside a graded assignment: the course notebook replayed, then each answer scored by its checker.

The first code cell of an assignment (``hw01/01_confusion_matrix_homework.ipynb``) is::

    from helpers.instructor.homework import start

    homework = start("01_confusion_matrix")

which runs the main line of ``notebooks/01_confusion_matrix.ipynb`` quietly in the student's kernel
(:func:`helpers.exercises.replay.replay`), so the data, the models and the variables the questions name are
the ones of the course notebook, and keeps its exercises' checkers (``ex1``, ``ex2``...). Each exercise's
autograder test, hidden from the student, then calls::

    homework.grade("ex1", answer_1, points=2)

which prints the checker's line (its message for a known mistake: "your precision divides by TP + FN...:
that is recall") and the points, and returns the points, which nbgrader reads as the cell's partial
credit. The points (:func:`score`):

* an answer of one part: 1 when the checker accepts it, else 0;
* an answer of ``n`` named parts (the checker compares them one by one, as :func:`helpers.exercises.numbers`
  does): ``n`` when the checker accepts it, else one point per part its comparison accepts (at most
  ``n - 1``): ``points = n if right else min(n - 1, #{i : part i right})``.

A right value and the right value typed to the asked digits both count, as in practice. Nothing here holds
or prints a right answer: the checkers compute it from the notebook's data, and their messages never state it.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import io
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..exercises.core import Exercise, describe

__all__ = ["Homework", "Score", "checker_facts", "part_names", "points", "score", "start"]


def part_names(exercise: Exercise) -> tuple[str, ...]:
    """The named parts of ``exercise``'s answer, one point each (``("NPV", "precision")``), or ``()`` for an
    answer of one part. Parts are those of a comparison that judges several named numbers one by one."""
    if not isinstance(exercise, Exercise):
        raise ValueError(f"exercise must be a checker (helpers.exercises.Exercise), got {describe(exercise)}")
    names, each = getattr(exercise.compare, "names", None), getattr(exercise.compare, "each", None)
    if names is None or each is None or len(names) != len(each) or len(names) < 2:
        return ()
    return tuple(str(n) for n in names)


def points(exercise: Exercise) -> int:
    """The points of ``exercise``'s autograded test: one per part of its answer."""
    return len(part_names(exercise)) or 1


@dataclass(frozen=True)
class Score:
    """How an answer scored: ``points`` of ``total``, the checker's ``message`` and, per part, whether it is right."""

    points: int
    total: int
    message: str
    parts: tuple[tuple[str, bool], ...] = ()

    def lines(self, name: str) -> list[str]:
        """What the autograder prints: the checker's line, then the points (and which parts are right)."""
        out = [f"{name}: {self.message}"]
        unit = "point" if self.total == 1 else "points"
        detail = ""
        if self.parts:
            detail = " (" + "; ".join(f"{n} {'right' if ok else 'not right'}" for n, ok in self.parts) + ")"
        out.append(f"{self.points} of {self.total} {unit}{detail}")
        return out


def _as_parts(answer: object, names: Sequence[str]) -> list[object] | None:
    """The parts of an answer of ``len(names)`` parts, in order: a list, tuple or array of that length, or a
    dict keyed by the part names (or holding that many values, in order); ``None`` when it is no such thing."""
    if isinstance(answer, Mapping):
        if set(answer) == set(names):
            return [answer[n] for n in names]
        return list(answer.values()) if len(answer) == len(names) else None
    if isinstance(answer, str | bytes) or not isinstance(answer, Sequence | np.ndarray):
        return None
    try:
        values = list(answer)
    except TypeError:
        return None
    return values if len(values) == len(names) else None


def score(exercise: Exercise, answer: object) -> Score:
    """Score ``answer`` with ``exercise``'s checker (the rule is in the module's docstring).

    Warnings raised while judging are silenced and nothing is written to stderr: nbgrader gives no point to a
    test cell that writes to stderr.
    """
    names = part_names(exercise)
    total = len(names) or 1
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        right, message = exercise.verdict(answer)
        if right:
            return Score(total, total, message, tuple((n, True) for n in names))
        if not names:
            return Score(0, total, message)
        parts = _as_parts(answer, names)
        expected = list(exercise.expected)
        each = exercise.compare.each
        marks = tuple((n, parts is not None and each[i].same(parts[i], expected[i])) for i, n in enumerate(names))
    return Score(min(total - 1, sum(ok for _, ok in marks)), total, message, marks)


def _factory_fingerprint(factory: object) -> str:
    """12 hex digits of the SHA-256 of the source of the module that defines ``factory`` and of the checkers'
    core: they change when the checker changes."""
    from ..exercises import core

    module = sys.modules.get(getattr(factory, "__module__", ""), None)
    texts = [inspect.getsource(m) for m in (module, core) if m is not None]
    return hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()[:12]


def checker_facts(checkers: Mapping[str, Exercise], factories: Mapping[str, object]) -> dict[str, dict]:
    """What a build needs to know of each checker, by its name: its title, the points and parts of its answer,
    what kind of answer it expects, the factory that builds it and a fingerprint of that factory's source."""
    if not isinstance(checkers, Mapping) or not all(isinstance(v, Exercise) for v in checkers.values()):
        raise ValueError(f"checkers must map names to checkers (helpers.exercises.Exercise), got {describe(checkers)}")
    if not isinstance(factories, Mapping) or not all(callable(v) for v in factories.values()):
        raise ValueError(f"factories must map names to the functions that build the checkers, got "
                         f"{describe(factories)}")
    facts = {}
    for handle, ex in checkers.items():
        factory = factories.get(handle)
        name = f"{getattr(factory, '__module__', '?')}.{getattr(factory, '__qualname__', '?')}"
        facts[handle] = {"name": ex.name, "points": points(ex), "parts": list(part_names(ex)),
                         "kind": ex.compare.kind, "factory": name,
                         "fingerprint": _factory_fingerprint(factory) if factory is not None else ""}
    return facts


class Homework:
    """The checkers of one replayed course notebook, by name; :meth:`grade` scores an answer with one."""

    def __init__(self, notebook: str, checkers: Mapping[str, Exercise]) -> None:
        self.notebook = notebook
        self.checkers = dict(checkers)

    def __repr__(self) -> str:
        return f"Homework({self.notebook!r}: {', '.join(self.checkers)})"

    def grade(self, handle: str, answer: object, *, points: int) -> int:
        """Print the checker's line and the points of ``answer`` for exercise ``handle``; return the points.

        ``points`` is what the assignment was generated with: when the checker's answer now has another
        number of parts, this raises (zero points) and says to regenerate the assignment.
        """
        if handle not in self.checkers:
            raise KeyError(f"{self.notebook}: no exercise {handle!r} (it has {', '.join(self.checkers) or 'none'}); "
                           "regenerate the assignment with python -m helpers.instructor build")
        ex = self.checkers[handle]
        result = score(ex, answer)
        if result.total != points:
            raise RuntimeError(f"{ex.name}'s checker now gives {result.total} points, the assignment was generated "
                               f"with {points}: regenerate it (python -m helpers.instructor build)")
        for line in result.lines(ex.name):
            print(line)
        return result.points


def start(notebook: str) -> Homework:
    """Replay the main line of the course notebook ``notebook`` (``"01_confusion_matrix"``) in this kernel and
    keep its checkers (every :class:`~helpers.exercises.Exercise` it defines, by variable name)."""
    from IPython import get_ipython

    from ..course_files import notebooks_dir
    from ..exercises.replay import replay

    replay(notebook, folder=notebooks_dir())
    shell = get_ipython()
    checkers = {k: v for k, v in shell.user_ns.items() if isinstance(v, Exercise) and not k.startswith("_")}
    return Homework(notebook, dict(sorted(checkers.items(), key=lambda kv: _order(kv[0]))))


def _order(handle: str) -> tuple[int, str]:
    digits = "".join(ch for ch in handle if ch.isdigit())
    return (int(digits) if digits else 0, handle)
