r"""The course's notebooks: their names, their header card, and the size of their main line.

A course notebook is ``NN_topic.ipynb`` or, for a notebook split off another, ``NNb_topic.ipynb``
(:data:`NOTEBOOK_NAME`); its worked solutions are in ``solutions/NN_topic_solutions.ipynb``. Its first
markdown cell is the **card**::

    # 03 · Thresholds and curves

    One sentence on what the notebook teaches (the classroom index shows it).

    **Time on your own:** about 55 minutes.

    **Learning goals**

    - ...

The **main line** is every cell before the first markdown cell holding a heading that mentions "Going
deeper" (:data:`GOING_DEEPER`, ``## Going deeper`` in the course; the whole notebook when there is none).
Its size is measured by :func:`main_line`, and the time on one's own follows from it by a stated rule
(:func:`minutes_on_your_own`)::

    minutes = prose words / 70  +  1 per visible code cell  +  each exercise's minutes  +  1 per quiz question

rounded up to a multiple of 5. 70 words a minute is a pace for technical prose read with its formulas and
checked against the outputs beside it; a code cell is read, run and its output looked at; a quiz question is
read and answered. An exercise counts what it asks (:mod:`helpers.exercises.effort`, declared on its checker
with ``@effort(kind, what)``): 5 minutes for a number read off the outputs or one formula on them, 10 for a
few lines of code on the notebook's objects (a recomputation, a search, a helper called with other
arguments), 15 for a model fitted, a function written or a simulation run. Issue 36's fourth careful read
timed every notebook; with exercises weighted this way every card lies within the readers' range
(``tests/test_main_line.py`` keeps their table), where a flat 5 minutes per exercise fell 15-50 % short on
the notebooks whose exercises fit models, write functions or run simulations.

Prose words are counted as the project's stop check counts them (:func:`prose_words`): in the markdown
cells of the main line, ``<details>...</details>`` blocks removed, every match of
``[A-Za-z0-9][\w'.-]*``, so inline code, math and link targets count as words, as a reader reads them.
The course keeps each main line at most :data:`MAX_WORDS` words of prose and :data:`MAX_CODE_CELLS`
visible code cells, with :data:`GOALS` learning goals.

``python tools/build_notebooks.py --sync-times`` writes the rule's time into every card, the README's
course map and the teacher's guide, without running a notebook.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "GOALS",
    "MAX_CODE_CELLS",
    "MAX_WORDS",
    "NOTEBOOK_NAME",
    "Card",
    "MainLine",
    "card",
    "all_notebooks",
    "course_notebooks",
    "main_line",
    "minutes_on_your_own",
    "prose_words",
    "readme_rows",
    "solutions_notebook",
]

NOTEBOOK_NAME = re.compile(r"^(?P<number>\d\d[a-z]?)_(?P<slug>[a-z0-9_]+)\.ipynb$")
"""A course notebook's file name: two digits, an optional letter for a split-off notebook, a topic."""

MAX_WORDS = 1800
MAX_CODE_CELLS = 30
GOALS = range(3, 6)
GOING_DEEPER = re.compile(r"(?im)^#+\s.*going deeper")
"""A heading that ends the main line: any level, "going deeper" anywhere in it, in any case (the stop check's)."""
WORD = re.compile(r"[A-Za-z0-9][\w'.-]*")
"""One word of prose, as the stop check counts it."""
_DETAILS = re.compile(r"<details>.*?</details>", re.S)
_TIME = re.compile(r"^\*\*Time on your own:\*\*\s+about\s+(\d+)\s+minutes\.?\s*$", re.M)
_TITLE = re.compile(r"^#\s+(?P<number>\d\d[a-z]?)\s+·\s+(?P<title>.+?)\s*$", re.M)
_EXERCISE_CHECK = re.compile(r"^\s*(ex\d+)\.check\(", re.M)
_EXERCISE_FACTORY = re.compile(r"^\s*(ex\d+)\s*=\s*(nb\d\d[a-z]?)\.(exercise_\w+)\(", re.M)


def _folder(folder: object) -> Path:
    if not isinstance(folder, str | Path) or not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of notebooks, got {folder!r}")
    return Path(folder)


def course_notebooks(folder: str | Path) -> list[Path]:
    """The course notebooks in ``folder``, in course order (``03`` before ``03b`` before ``04``)."""
    found = [p for p in _folder(folder).glob("*.ipynb") if NOTEBOOK_NAME.match(p.name)]
    return sorted(found, key=lambda p: p.name)


def all_notebooks(folder: str | Path) -> list[Path]:
    """The course notebooks in ``folder`` and their solutions notebooks (``folder/solutions``), in that order."""
    solutions = [p for p in Path(_folder(folder), "solutions").glob("*_solutions.ipynb")
                 if NOTEBOOK_NAME.match(p.name.replace("_solutions.ipynb", ".ipynb"))]
    return course_notebooks(folder) + sorted(solutions, key=lambda p: p.name)


def solutions_notebook(notebook: str | Path) -> Path:
    """Where the worked solutions of ``notebook`` live: ``solutions/NN_topic_solutions.ipynb`` beside it."""
    if not isinstance(notebook, str | Path):
        raise ValueError(f"notebook must be a path to a course notebook, got {type(notebook).__name__}")
    p = Path(notebook)
    if not NOTEBOOK_NAME.match(p.name):
        raise ValueError(f"notebook must be a course notebook named NN_topic.ipynb, got {p.name!r}")
    return p.parent / "solutions" / f"{p.stem}_solutions.ipynb"


def _cells(notebook: str | Path | dict) -> list[dict]:
    if isinstance(notebook, dict):
        nb = notebook
    elif isinstance(notebook, str | Path) and Path(notebook).is_file():
        try:
            nb = json.loads(Path(notebook).read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError(f"notebook must be a notebook (.ipynb JSON), got the file {str(notebook)!r}") from None
    else:
        raise ValueError(f"notebook must be a path to an .ipynb file or its JSON as a dict, got {notebook!r}")
    if not isinstance(nb.get("cells"), list):
        raise ValueError("notebook must be a notebook's JSON, with a list of cells")
    return nb["cells"]


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def prose_words(markdown: str) -> int:
    """Words of prose in a markdown text, as the project's stop check counts them: ``<details>...</details>``
    blocks removed, every match of ``[A-Za-z0-9][\\w'.-]*`` (:data:`WORD`). Inline code, math and link targets
    are read, so they count.

    >>> prose_words("Recall is `tp / (tp + fn)`: see [notebook 01](01_confusion_matrix.ipynb).")
    9
    """
    if not isinstance(markdown, str):
        raise ValueError(f"markdown must be a text, got {type(markdown).__name__}")
    return len(WORD.findall(_DETAILS.sub(" ", markdown)))


@dataclass(frozen=True)
class MainLine:
    """The size of a notebook's main line (the cells before the Going deeper heading).

    ``exercise_minutes`` holds one entry per exercise: the minutes its checker declares
    (:mod:`helpers.exercises.effort`).
    """

    words: int
    code_cells: int
    exercise_minutes: tuple[int, ...]
    quiz_questions: int
    has_going_deeper: bool

    @property
    def exercises(self) -> int:
        """The number of exercises."""
        return len(self.exercise_minutes)

    @property
    def minutes(self) -> int:
        """The time on one's own, by :func:`minutes_on_your_own`."""
        return minutes_on_your_own(self)


def _quiz_questions(cells: list[dict]) -> int:
    """Questions of the quick self-tests: the ``course_quiz`` metadata of the quiz outputs (see ``Quiz.show``)."""
    n = 0
    for cell in cells:
        for out in cell.get("outputs", []):
            meta = out.get("metadata", {}).get("course_quiz")
            if isinstance(meta, dict) and isinstance(meta.get("questions"), int):
                n += meta["questions"]
    return n


def _exercise_minutes(handles: list[str], code: list[str]) -> tuple[int, ...]:
    """The minutes declared by the checker of each exercise handle (``ex1 = nb04.exercise_1(...)`` in ``code``)."""
    import importlib

    from .exercises.effort import exercise_minutes

    factories = {m.group(1): (m.group(2), m.group(3)) for src in code for m in _EXERCISE_FACTORY.finditer(src)}
    minutes = []
    for handle in handles:
        if handle not in factories:
            raise ValueError(f"exercise {handle}: no cell builds it as '{handle} = nbNN.exercise_N(...)', so its "
                             "declared effort cannot be read")
        module, name = factories[handle]
        try:
            factory = getattr(importlib.import_module(f"helpers.exercises.{module}"), name)
        except (ImportError, AttributeError):
            raise ValueError(f"exercise {handle}: no checker helpers.exercises.{module}.{name}") from None
        minutes.append(exercise_minutes(factory))
    return tuple(minutes)


def main_line(notebook: str | Path | dict) -> MainLine:
    """Measure the main line of ``notebook`` (a path to an ``.ipynb`` or its JSON as a dict).

    Prose words are :func:`prose_words` of the markdown cells; visible code cells are the non-empty code
    cells without ``jupyter.source_hidden``; exercises are the distinct ``exN.check(`` handles, each weighted
    by the effort its checker declares (``exN = nbNN.exercise_N(...)``, :mod:`helpers.exercises.effort`);
    quiz questions are counted from the ``course_quiz`` metadata the quiz cell carries.
    """
    cells = _cells(notebook)
    main, deeper = [], False
    for cell in cells:
        if cell["cell_type"] == "markdown" and GOING_DEEPER.search(_source(cell)):
            deeper = True
            break
        main.append(cell)
    words = sum(prose_words(_source(c)) for c in main if c["cell_type"] == "markdown")
    code = [c for c in main if c["cell_type"] == "code" and _source(c).strip()]
    visible = [c for c in code if not c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    handles = sorted({m for c in visible for m in _EXERCISE_CHECK.findall(_source(c))}, key=lambda h: int(h[2:]))
    return MainLine(words=words, code_cells=len(visible),
                    exercise_minutes=_exercise_minutes(handles, [_source(c) for c in visible]),
                    quiz_questions=_quiz_questions(main), has_going_deeper=deeper)


def minutes_on_your_own(line: MainLine) -> int:
    """``words / 70 + code cells + the exercises' minutes + quiz questions``, rounded up to a multiple of 5.

    Each exercise's minutes are those its checker declares: 5 (read), 10 (compute) or 15 (build); see
    :mod:`helpers.exercises.effort`.

    >>> minutes_on_your_own(MainLine(words=1400, code_cells=20, exercise_minutes=(5, 10), quiz_questions=4,
    ...                              has_going_deeper=True))
    60
    """
    if not isinstance(line, MainLine):
        raise ValueError(f"line must be a MainLine (from main_line), got {type(line).__name__}")
    raw = line.words / 70 + line.code_cells + sum(line.exercise_minutes) + line.quiz_questions
    return max(5, 5 * math.ceil(raw / 5 - 1e-9))


@dataclass(frozen=True)
class Card:
    """What a notebook's first cell says of it: number, title, one line, stated time, learning goals."""

    number: str
    title: str
    lead: str
    minutes: int | None
    goals: tuple[str, ...]


def card(notebook: str | Path | dict) -> Card:
    """Read the card of ``notebook`` (its first markdown cell; see the module's docstring).

    ``minutes`` is ``None`` when the card states no time; ``lead`` is the first paragraph after the title.
    """
    first = next((_source(c) for c in _cells(notebook) if c["cell_type"] == "markdown"), "")
    m = _TITLE.search(first)
    if m is None:
        raise ValueError("the first markdown cell must start with a title '# NN · Title'")
    rest = first[m.end():].strip()
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", rest) if p.strip()]
    lead = " ".join(paragraphs[0].split()) if paragraphs else ""
    t = _TIME.search(first)
    goals: list[str] = []
    g = re.search(r"\*\*Learning goals\.?\*\*[^\n]*\n(?P<body>(?:\s*\n)*(?:[-*] .*\n?(?:[ \t]+.*\n?)*)+)", first)
    if g:
        for item in re.split(r"^[-*] ", g.group("body"), flags=re.M):
            if item.strip():
                goals.append(" ".join(item.split()))
    return Card(number=m.group("number"), title=m.group("title"), lead=lead,
                minutes=int(t.group(1)) if t else None, goals=tuple(goals))


def readme_rows(folder: str | Path) -> list[str]:
    """The README's course map, one markdown row per notebook: number, linked title, its one line, its time,
    and its graded homework (the nbgrader assignment ``hwNN`` of :mod:`helpers.instructor`, or "–")."""
    from .instructor.discover import assignment_id

    rows = []
    for p in course_notebooks(folder):
        c = card(p)
        graded = f"`{assignment_id(p)}`" if assignment_id(p) else "–"
        rows.append(f"| {c.number} | [{c.title}](notebooks/{p.name}) | {c.lead.replace('|', '/')} | "
                    f"{main_line(p).minutes} min | {graded} |")
    return rows


def _main(argv: list[str] | None = None) -> int:
    """``python -m helpers.course_map [--readme] [NOTEBOOK ...]``: print each notebook's main-line size and time,
    or (``--readme``) the README's course map rows for the notebooks in ``notebooks/``."""
    import sys

    args = list(argv if argv is not None else sys.argv[1:])
    if "--readme" in args:
        print("\n".join(readme_rows(Path.cwd() / "notebooks")))
        return 0
    paths = [Path(a) for a in args]
    if not paths:
        paths = course_notebooks(Path.cwd() / "notebooks")
    for p in paths:
        line = main_line(p)
        stated = card(p).minutes
        print(f"{p.name}: {line.words} words, {line.code_cells} code cells, {line.exercises} exercises "
              f"({' + '.join(map(str, line.exercise_minutes)) or '0'} min), "
              f"{line.quiz_questions} quiz questions, going deeper {'yes' if line.has_going_deeper else 'no'}: "
              f"{line.minutes} min (card says {stated})")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
