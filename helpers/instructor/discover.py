"""Find a course notebook's exercises, their questions, their worked solutions and their rubrics, from the files.

Nothing here is written twice: every piece of a graded assignment is read from the course's notebooks as
the rules of CONTRIBUTING.md lay them out, so a new exercise, a changed question or a new notebook (say
``09b``) is picked up by the next build without a change here.

* An **exercise** of ``NN_topic.ipynb`` is a code cell of its main line (before ``## Going deeper``) that
  calls ``exK.check(answer)``; the markdown cell just before it is the **question**. The code cell also
  builds the checker (``exK = nbNN.exercise_K(...)``), sets ``answer = ...  # what to give`` and may set up
  variables the question names (``y_pred_09 = ...``): those lines are the **given** code.
* Its **worked solution** is in ``solutions/NN_topic_solutions.ipynb``: the code cells after the heading
  ``## Exercise K`` up to the one that calls ``exK.check(answer)``, and the prose of that section (its
  restated question, the italic paragraph, left out) is the **rubric** of the written part.
* The **written part** of the question is what :func:`helpers.instructor.questions.written_part` finds.

A notebook with at least one exercise has a graded version, the assignment ``hwNN`` (:func:`assignment_id`).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..course_map import GOING_DEEPER, NOTEBOOK_NAME, card, course_notebooks, solutions_notebook
from .questions import written_part

__all__ = [
    "ExerciseSource",
    "Homework",
    "answer_variable",
    "assignment_id",
    "exercise_handles",
    "homework",
    "homework_notebooks",
    "rename_answer",
]

_CHECK = re.compile(r"^\s*(ex\d+\w*)\.check\(\s*answer\s*\)", re.M)
_HEADING = re.compile(r"^##\s+Exercise\s+(\w+)\s*$", re.M)
_ANY_HEADING = re.compile(r"^##\s+\S", re.M)
_RESTATED = re.compile(r"^\*[^*\s].*?[^*\s]\*$", re.S)


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _cells(path: Path) -> list[dict]:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError):
        raise ValueError(f"notebook {str(path)!r}: not a readable .ipynb file") from None


def _main_line(cells: list[dict]) -> list[dict]:
    main = []
    for cell in cells:
        if cell["cell_type"] == "markdown" and GOING_DEEPER.search(_source(cell)):
            break
        main.append(cell)
    return main


def _notebook(notebook: object) -> Path:
    if not isinstance(notebook, str | Path) or not NOTEBOOK_NAME.match(Path(notebook).name):
        raise ValueError(f"notebook must be the path of a course notebook NN_topic.ipynb, got {notebook!r}")
    if not Path(notebook).is_file():
        raise ValueError(f"notebook {str(notebook)!r}: no such file")
    return Path(notebook)


def exercise_handles(notebook: str | Path) -> list[str]:
    """The exercises of a course notebook, by their checkers' names (``["ex1", "ex2"]``), in order."""
    cells = _main_line(_cells(_notebook(notebook)))
    handles: list[str] = []
    for cell in cells:
        if cell["cell_type"] == "code":
            handles += [h for h in _CHECK.findall(_source(cell)) if h not in handles]
    return handles


def assignment_id(notebook: str | Path) -> str | None:
    """The graded assignment of a course notebook, ``hw`` and its number (``hw03b``), or ``None`` when it has
    no exercise (the quick self-test alone is practice, not graded)."""
    path = _notebook(notebook)
    if not exercise_handles(path):
        return None
    return "hw" + NOTEBOOK_NAME.match(path.name).group("number")


def homework_notebooks(folder: str | Path) -> list[Path]:
    """The course notebooks of ``folder`` that have a graded version, in course order."""
    return [p for p in course_notebooks(folder) if assignment_id(p) is not None]


def answer_variable(handle: str) -> str:
    """The variable a graded assignment asks for: ``answer_1`` for ``ex1`` (``answer`` is shared by every
    exercise of a course notebook; in an assignment a missing answer must not borrow the one before)."""
    m = re.fullmatch(r"ex(\w+)", handle)
    if m is None:
        raise ValueError(f"handle must be a checker's name such as 'ex1', got {handle!r}")
    return f"answer_{m.group(1)}"


def rename_answer(code: str, new: str) -> str:
    """``code`` with the variable ``answer`` renamed ``new``: every name ``answer`` the parser sees (also inside
    f-strings), never a string, a comment, an attribute or a keyword argument."""
    if not isinstance(code, str):
        raise ValueError(f"code must be Python source as text, got {type(code).__name__}")
    if not isinstance(new, str) or not re.fullmatch(r"[A-Za-z_]\w*", new):
        raise ValueError(f"new must be a variable name, got {new!r}")
    lines = code.splitlines(keepends=True)
    spots = sorted({(n.lineno, n.col_offset) for n in ast.walk(ast.parse(code))
                    if isinstance(n, ast.Name) and n.id == "answer"}, reverse=True)
    for row, col in spots:
        line = lines[row - 1]
        if line.encode("utf-8")[col:col + len("answer")] != b"answer":  # ast counts UTF-8 bytes
            raise ValueError(f"cannot rename answer on line {row}: {line.strip()!r}")
        raw = line.encode("utf-8")
        lines[row - 1] = (raw[:col] + new.encode() + raw[col + len("answer"):]).decode("utf-8")
    return "".join(lines)


def _statements(code: str) -> list[ast.stmt]:
    try:
        return ast.parse(code).body
    except SyntaxError as err:
        raise ValueError(f"a code cell does not parse: {err}") from None


def _is_check(stmt: ast.stmt, handle: str) -> bool:
    call = stmt.value if isinstance(stmt, ast.Expr | ast.Assign) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "check"
            and isinstance(call.func.value, ast.Name) and call.func.value.id == handle)


def _assigns(stmt: ast.stmt, name: str) -> bool:
    return isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)


def _imports_checkers(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.ImportFrom) and stmt.module == "helpers.exercises"


def _drop(code: str, statements: list[ast.stmt]) -> str:
    """``code`` without the lines of ``statements``, blank runs squeezed."""
    lines = code.splitlines()
    gone = {n for s in statements for n in range(s.lineno, s.end_lineno + 1)}
    kept = [line for n, line in enumerate(lines, start=1) if n not in gone]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip("\n")
    return text


@dataclass(frozen=True)
class ExerciseSource:
    """One exercise of a course notebook, as the files state it (see the module's docstring)."""

    handle: str
    """The checker's name in the notebook, ``ex2``."""
    number: str
    """``2``."""
    question: str
    """The question's markdown, as the notebook shows it."""
    given: str
    """Code of the exercise's cell that sets up what the question names (without the checker and answer)."""
    what_to_give: str
    """The comment of the notebook's ``answer = ...  # ...`` line (what the answer is), or ``""``."""
    factory: str
    """The call that builds the checker, as written (``nb01.exercise_2``)."""
    solution: str
    """The worked solution's code, ending by setting the answer (``answer_2 = ...``), without the check."""
    written: str
    """The sentences of the question that ask for words (``""`` when none)."""
    rubric: str
    """The worked solution's prose for this exercise (markdown)."""

    @property
    def variable(self) -> str:
        """The answer's variable in the graded assignment, ``answer_2``."""
        return answer_variable(self.handle)


@dataclass(frozen=True)
class Homework:
    """The graded version of one course notebook: its assignment, title and exercises."""

    notebook: Path
    solutions: Path
    assignment: str
    number: str
    title: str
    exercises: tuple[ExerciseSource, ...]

    @property
    def stem(self) -> str:
        """``01_confusion_matrix``."""
        return self.notebook.stem


def _exercise_cells(cells: list[dict]) -> list[tuple[str, str, str]]:
    """``(handle, question markdown, code)`` of each exercise cell of a main line."""
    found = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        for handle in _CHECK.findall(_source(cell)):
            question = next((_source(c) for c in reversed(cells[:i]) if c["cell_type"] == "markdown"), "")
            found.append((handle, question, _source(cell)))
    return found


def _given_and_factory(code: str, handle: str, where: str) -> tuple[str, str, str]:
    body = _statements(code)
    dropped, factory, what = [], "", ""
    for stmt in body:
        if _is_check(stmt, handle) or _imports_checkers(stmt):
            dropped.append(stmt)
        elif _assigns(stmt, handle):
            dropped.append(stmt)
            if isinstance(stmt.value, ast.Call):
                factory = ast.unparse(stmt.value.func)
        elif _assigns(stmt, "answer"):
            dropped.append(stmt)
            line = code.splitlines()[stmt.end_lineno - 1]
            what = line.split("#", 1)[1].strip() if "#" in line else ""
    if not factory:
        raise ValueError(f"{where}: the cell of {handle} does not build its checker ({handle} = nbNN.exercise_K(...))")
    return _drop(code, dropped), factory, what


def _solution_sections(cells: list[dict]) -> dict[str, list[dict]]:
    """The cells of each ``## Exercise K`` section of a solutions notebook, by ``K``."""
    sections: dict[str, list[dict]] = {}
    current = None
    for cell in cells:
        src = _source(cell)
        if cell["cell_type"] == "markdown" and _ANY_HEADING.search(src):
            m = _HEADING.search(src)
            current = m.group(1) if m else None
            if current is not None:
                sections[current] = [cell]
            continue
        if current is not None:
            sections[current].append(cell)
    return sections


def _solution_and_rubric(section: list[dict], handle: str, where: str) -> tuple[str, str]:
    code, prose, checked = [], [], False
    for cell in section:
        src = _source(cell)
        if cell["cell_type"] == "markdown":
            paragraphs = [p for p in re.split(r"\n\s*\n", _HEADING.sub("", src)) if p.strip()]
            prose += [p.strip() for p in paragraphs if not _RESTATED.match(p.strip())]
        elif cell["cell_type"] == "code" and not checked:
            stmts = _statements(src)
            checks = [s for s in stmts if _is_check(s, handle)]
            code.append(_drop(src, checks) if checks else src.strip("\n"))
            checked = bool(checks)
    if not checked:
        raise ValueError(f"{where}: the section of {handle} has no cell that calls {handle}.check(answer)")
    solution = rename_answer("\n\n".join(c for c in code if c.strip()), answer_variable(handle))
    return solution, "\n\n".join(prose)


def homework(notebook: str | Path) -> Homework:
    """Read the graded version of ``notebook`` (a course notebook with exercises) from it and its solutions.

    Raises ``ValueError`` naming the file and the exercise when a piece is missing: no solutions notebook, no
    ``## Exercise K`` section, no cell calling ``exK.check(answer)`` there, a checker not built in its cell.
    """
    path = _notebook(notebook)
    assignment = assignment_id(path)
    if assignment is None:
        raise ValueError(f"notebook {path.name!r} has no exercise (no exK.check(answer) before Going deeper)")
    solutions = solutions_notebook(path)
    if not solutions.is_file():
        raise ValueError(f"notebook {path.name!r}: its worked solutions {solutions.name} are missing "
                         f"(looked in {solutions.parent})")
    sections = _solution_sections(_cells(solutions))
    exercises = []
    for handle, question, code in _exercise_cells(_main_line(_cells(path))):
        number = handle[2:]
        given, factory, what = _given_and_factory(code, handle, path.name)
        if number not in sections:
            raise ValueError(f"{solutions.name}: no section '## Exercise {number}' for {handle} of {path.name}")
        solution, rubric = _solution_and_rubric(sections[number], handle, solutions.name)
        exercises.append(ExerciseSource(handle=handle, number=number, question=question.strip(), given=given,
                                        what_to_give=what, factory=factory, solution=solution,
                                        written=written_part(question), rubric=rubric))
    c = card(path)
    return Homework(notebook=path, solutions=solutions, assignment=assignment, number=c.number, title=c.title,
                    exercises=tuple(exercises))
