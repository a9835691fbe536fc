"""Write an nbgrader course folder: one source assignment per course notebook with exercises.

``python -m helpers.instructor build --out course_dir`` writes, for each notebook ``NN_topic.ipynb`` with
exercises (:func:`helpers.instructor.discover.homework`)::

    course_dir/nbgrader_config.py                          (only when absent: the teacher may edit it)
    course_dir/HOMEWORK.md                                 the assignments, their points and the commands
    course_dir/source/hwNN/NN_topic_homework.ipynb         the source assignment, solutions in

The source assignment, cell by cell (nbgrader's cell types in brackets):

1. the title and what to do, with each exercise's points (read-only);
2. ``homework = start("NN_topic")``: the course notebook's main line, replayed quietly (read-only);
3. per exercise: the question as the notebook asks it (read-only); the code the notebook's exercise cell
   sets up, if any (read-only); the answer cell, ``answer_K`` set by the worked solution between
   ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (autograded answer); the test, one point per part of
   the answer, its call to the checker between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``
   (autograder tests); and, when the question asks for words, the written part with the worked solution's
   prose as its mark scheme (manually graded task, 1 point) and a cell for the student's words.

The points and parts come from the checkers themselves: the build replays each course notebook in a Jupyter
kernel (as its solutions notebook does) and asks every checker (:func:`~helpers.instructor.homework.checker_facts`),
so a change to a checker changes the generated test. The files are the same on every build from the same
course (no dates, no random ids).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat

from .discover import Homework, homework, homework_notebooks

__all__ = ["BEGIN_MARK_SCHEME", "CONFIG", "assignment_notebook", "build", "checker_facts_of", "notebook_path"]

BEGIN_MARK_SCHEME, END_MARK_SCHEME = "=== BEGIN MARK SCHEME ===", "=== END MARK SCHEME ==="
_FACTS = "HOMEWORK-FACTS "

CONFIG = '''\
# nbgrader's settings for this course folder, written by `python -m helpers.instructor build` when the folder had
# none. Edit freely: the build never overwrites this file.
c = get_config()  # noqa: F821 (nbgrader defines get_config when it reads this file)

c.CourseDirectory.course_id = "rare-positives"
# Each assignment's first cell replays its course notebook (up to half a minute on a slow machine);
# nbgrader's default limit per cell is 30 s.
c.Execute.timeout = 600
'''


def _check_homework(hw: object) -> Homework:
    if not isinstance(hw, Homework):
        raise ValueError(f"hw must be a notebook's graded version (helpers.instructor.discover.homework), "
                         f"got {type(hw).__name__}")
    return hw


def notebook_path(out: str | Path, hw: Homework) -> Path:
    """Where the source assignment of ``hw`` goes: ``out/source/hwNN/NN_topic_homework.ipynb``."""
    if not isinstance(out, str | Path) or not str(out):
        raise ValueError(f"out must be the course folder, got {out!r}")
    hw = _check_homework(hw)
    return Path(out) / "source" / hw.assignment / f"{hw.stem}_homework.ipynb"


def _facts_code(hw: Homework) -> str:
    factories = ", ".join(f"{e.handle!r}: {e.factory}" for e in hw.exercises)
    return (f"import json\nfrom helpers.instructor.homework import checker_facts, start\n\n"
            f"_homework = start({hw.stem!r})\n"
            f"print({_FACTS!r} + json.dumps(checker_facts(_homework.checkers, {{{factories}}}), sort_keys=True))")


def checker_facts_of(hw: Homework, *, timeout: int = 600) -> dict[str, dict]:
    """Replay ``hw``'s course notebook in a fresh Jupyter kernel and return its checkers' facts, by name."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    hw = _check_homework(hw)
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout < 1:
        raise ValueError(f"timeout must be a whole number of seconds >= 1, got {timeout!r}")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(_facts_code(hw))]
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3").execute()
    except CellExecutionError as err:
        raise RuntimeError(f"{hw.notebook.name}: replaying its main line to read its checkers failed: "
                           f"{str(err).strip().splitlines()[-1]}") from None
    text = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.get("name") == "stdout")
    line = next((ln for ln in text.splitlines() if ln.startswith(_FACTS)), None)
    if line is None:
        raise RuntimeError(f"{hw.notebook.name}: the kernel printed no facts of its checkers")
    facts = json.loads(line[len(_FACTS):])
    missing = [e.handle for e in hw.exercises if e.handle not in facts]
    if missing:
        raise RuntimeError(f"{hw.notebook.name}: {', '.join(missing)} not found after its main line ran")
    return facts


# --------------------------------------------------------------------------- cells


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
          task: bool = False, points: float | None = None) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution}
    if task:
        meta["task"] = True
    if points is not None:
        meta["points"] = points
    out = {"nbgrader": meta}
    if locked:
        out.update({"deletable": False, "editable": False})
    return out


def _cell(kind: str, source: str, cell_id: str, meta: dict | None = None) -> nbformat.NotebookNode:
    make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
    cell = make(source.strip("\n"), metadata=meta or {})
    cell["id"] = re.sub(r"[^A-Za-z0-9-]", "-", cell_id)
    return cell


def _plural(n: float, word: str) -> str:
    return f"{n:g} {word}" + ("" if n == 1 else "s")


def _parts_text(fact: dict) -> str:
    return f"one per part ({', '.join(fact['parts'])})" if fact["parts"] else "for the whole answer"


def _intro(hw: Homework, facts: dict[str, dict]) -> str:
    auto = sum(facts[e.handle]["points"] for e in hw.exercises)
    words = sum(1 for e in hw.exercises if e.written)
    rows = "\n".join(
        f"| {e.number} | `{e.variable}` | {facts[e.handle]['points']}"
        f"{' (' + ', '.join(facts[e.handle]['parts']) + ')' if facts[e.handle]['parts'] else ''} | "
        f"{1 if e.written else '–'} |" for e in hw.exercises)
    in_words = f", and {_plural(words, 'point')} for answers in words, graded by your teacher" if words else ""
    return f"""\
# {hw.number} · {hw.title}: graded homework

The exercises of notebook {hw.number}, *{hw.title}*, as graded homework: {_plural(auto + words, 'point')},
{auto} of them checked automatically{in_words}.

- Run the first code cell first: it runs notebook {hw.number}'s main line quietly, so its data, its models
  and every variable the questions name are here, as you had them there.
- In each answer cell, write code that sets the variable it names (`answer_1`, ...) and run it. The test
  cell below it is hidden: when your teacher grades, it asks the same checker as notebook {hw.number}'s
  exercise, and your feedback shows the checker's message and your points. An answer of several parts earns
  one point per part that is right.
- Write answers in words in the cell under their question.
- Before you hand in: *Kernel → Restart Kernel and Run All Cells*, and check that no cell stops with an error.

| exercise | answer | points, autograded | points, in words |
|---|---|---|---|
{rows}"""


def _setup(hw: Homework) -> str:
    return f"""\
# Runs notebook {hw.number}'s main line quietly: its data, its models and the exercises' checkers.
from helpers.instructor.homework import start

homework = start({hw.stem!r})"""


def _answer(e, what: str) -> str:
    return f"""\
# Exercise {e.number}: set {e.variable} to {what or 'your answer'}
### BEGIN SOLUTION
{e.solution}
### END SOLUTION"""


def _test(e, fact: dict) -> str:
    return f"""\
# Exercise {e.number}, autograded: {_plural(fact['points'], 'point')}, {_parts_text(fact)}.
# The test is hidden; your feedback shows the checker's message and your points.
### BEGIN HIDDEN TESTS
# the checker {fact['factory']} (source sha256 {fact['fingerprint']})
homework.grade({e.handle!r}, {e.variable}, points={fact['points']})
### END HIDDEN TESTS"""


def _task(hw: Homework, e) -> str:
    quoted = "\n".join(f"> {line}".rstrip() for line in e.rubric.splitlines())
    return f"""\
**Exercise {e.number}, in words** (1 point, graded by your teacher). {e.written}

Write your answer in the cell below.

{BEGIN_MARK_SCHEME}

**Mark scheme.** 1 point for an answer that gives the reason the worked solution gives (exercise {e.number} of
`notebooks/solutions/{hw.solutions.name}`, quoted below); the numbers are those of the autograded part, and
may differ in the last digit.

{quoted}

{END_MARK_SCHEME}"""


def assignment_notebook(hw: Homework, facts: dict[str, dict]) -> nbformat.NotebookNode:
    """The source assignment of ``hw`` (solutions and hidden tests in), given its checkers' ``facts``."""
    hw = _check_homework(hw)
    keys = {"points", "parts", "factory", "fingerprint"}
    if not isinstance(facts, dict) or any(not keys <= set(facts.get(e.handle, {})) for e in hw.exercises):
        raise ValueError(f"facts must give, for each of {', '.join(e.handle for e in hw.exercises)}, its checker's "
                         f"{', '.join(sorted(keys))} (helpers.instructor.build.checker_facts_of)")
    cells = [_cell("markdown", _intro(hw, facts), "intro", _meta("intro", locked=True)),
             _cell("code", _setup(hw), "setup", _meta("setup", locked=True))]
    for e in hw.exercises:
        fact = facts[e.handle]
        h = e.handle
        cells.append(_cell("markdown", f"## Exercise {e.number}\n\n{e.question}", f"{h}-question",
                           _meta(f"{h}_question", locked=True)))
        if e.given:
            cells.append(_cell("code", f"# Given, as in notebook {hw.number}\n{e.given}", f"{h}-given",
                               _meta(f"{h}_given", locked=True)))
        cells.append(_cell("code", _answer(e, e.what_to_give), f"{h}-answer", _meta(f"{h}_answer", solution=True)))
        cells.append(_cell("code", _test(e, fact), f"{h}-test",
                           _meta(f"{h}_test", grade=True, locked=True, points=fact["points"])))
        if e.written:
            cells.append(_cell("markdown", _task(hw, e), f"{h}-written",
                               _meta(f"{h}_written", task=True, locked=True, points=1)))
            cells.append(_cell("markdown", f"*Your answer to exercise {e.number}, in words:*", f"{h}-words"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                   "language_info": {"name": "python"}}
    return nb


# --------------------------------------------------------------------------- the course folder


def _overview(out: Path) -> str:
    """HOMEWORK.md: the commands, and every assignment of ``out/source`` with its points (read from its cells'
    nbgrader metadata, so a build of some notebooks keeps the others in the table)."""
    rows = []
    for path in sorted(out.glob("source/hw*/*_homework.ipynb"), key=lambda p: p.parent.name):
        cells = [c.get("metadata", {}).get("nbgrader", {}) for c in json.loads(path.read_text("utf-8"))["cells"]]
        tests = [c for c in cells if c.get("grade") and not c.get("solution")]
        words = [c for c in cells if c.get("task")]
        rows.append(f"| {path.parent.name} | `{path.relative_to(out).as_posix()}` | {len(tests)} | "
                    f"{sum(c['points'] for c in tests):g} | {sum(c['points'] for c in words):g} |")
    table = "\n".join(rows)
    return f"""\
# Graded homework of the course

Written by `python -m helpers.instructor build` from the course's notebooks, their checkers and their worked
solutions; build again after the course changes (your `nbgrader_config.py`, `gradebook.db` and the folders
`release/`, `submitted/`, `autograded/` and `feedback/` are left alone). The README's section "Graded
homework" says what each step does. From this folder, with the course's environment active (`source
.venv/bin/activate`: nbgrader runs alembic, its database tool, from the PATH), for one assignment (here `hw01`):

```bash
nbgrader validate source/hw01/*.ipynb       # the solutions pass every test
nbgrader generate_assignment hw01           # release/hw01/: the student version, no solution, no hidden test
# hand out release/hw01/*.ipynb; put each student's notebook in submitted/<student>/hw01/
nbgrader autograde hw01                     # scores every submission (autograded/, gradebook.db)
jupyter lab                                 # menu Nbgrader > Formgrader: grade the answers in words
nbgrader generate_feedback hw01             # feedback/<student>/hw01/*.html
nbgrader export                             # grades.csv
```

| assignment | source | exercises | points, autograded | points, in words |
|---|---|---|---|---|
{table}
"""


def _one(notebook: str, timeout: int) -> tuple[Homework, dict[str, dict], float]:
    started = time.monotonic()
    hw = homework(notebook)
    return hw, checker_facts_of(hw, timeout=timeout), time.monotonic() - started


def build(out: str | Path, *, notebooks: str | Path | None = None, only: Sequence[str] = (), jobs: int = 1,
          timeout: int = 600, log: Callable[[str], None] = print) -> list[Path]:
    """Write the course folder ``out`` (see the module's docstring); return the assignments' notebooks written.

    ``notebooks`` is the course's notebook folder (default: the installed course's); ``only`` limits the build
    to some notebooks by number (``["01", "03b"]``); ``jobs`` kernels replay notebooks at the same time.
    """
    from ..course_files import notebooks_dir

    if not isinstance(out, str | Path) or not str(out):
        raise ValueError(f"out must be a folder to write the course into, got {out!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number >= 1, got {jobs!r}")
    folder = Path(notebooks) if notebooks is not None else notebooks_dir()
    if not folder.is_dir():
        raise ValueError(f"notebooks must be the course's notebook folder, got {str(folder)!r}")
    chosen = homework_notebooks(folder)
    if only:
        if isinstance(only, str):
            raise ValueError("only must be a list of notebook numbers such as ['01', '03b'], not a text")
        numbers = {p.name.split("_", 1)[0]: p for p in chosen}
        unknown = [n for n in only if n not in numbers]
        if unknown:
            raise ValueError(f"only: no course notebook with exercises numbered {', '.join(map(repr, unknown))} "
                             f"(there are {', '.join(numbers)})")
        chosen = [numbers[n] for n in sorted(set(only), key=list(numbers).index)]
    out = Path(out)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_one, [str(p) for p in chosen], [timeout] * len(chosen)))
    written = []
    for hw, facts, seconds in results:
        path = notebook_path(out, hw)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(assignment_notebook(hw, facts), str(path))
        auto = sum(facts[e.handle]["points"] for e in hw.exercises)
        words = sum(1 for e in hw.exercises if e.written)
        log(f"{hw.assignment}: {path.relative_to(out)}: {len(hw.exercises)} exercises, {auto} points autograded, "
            f"{words} in words ({seconds:.0f} s)")
        written.append(path)
    (out / "HOMEWORK.md").write_text(_overview(out), encoding="utf-8")
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG, encoding="utf-8")
    else:
        log(f"kept {config} as it is")
    return written
