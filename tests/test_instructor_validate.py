"""The whole course's graded homework passes nbgrader's checks (slow: it replays every notebook, twice).

* Every source assignment passes ``nbgrader validate`` with its solutions in;
* its released version (``nbgrader generate_assignment``) holds no solution, no hidden test, no mark scheme, no
  output and none of the answers the solutions notebook states.

The end-to-end run with submissions is tests/test_instructor_nbgrader.py.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from test_instructor_nbgrader import _quiet, _solution, nbgrader

from helpers.course_map import solutions_notebook
from helpers.instructor.build import BEGIN_MARK_SCHEME, build
from helpers.instructor.discover import homework_notebooks

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("course")
    build(out, notebooks=NOTEBOOKS, jobs=2, log=_quiet)
    return out


def test_every_source_assignment_passes_nbgrader_validate(course):
    sources = sorted(course.glob("source/*/*.ipynb"))
    expected = sorted(f"hw{p.name.split('_')[0]}" for p in homework_notebooks(NOTEBOOKS))
    assert [p.parent.name for p in sources] == expected
    failed = {}
    for path in sources:
        out = nbgrader(course, "validate", str(path.relative_to(course)))
        if "Success! Your notebook passes all the tests." not in out:
            failed[path.name] = out[-3000:]
    assert not failed, "\n\n".join(f"{k}:\n{v}" for k, v in failed.items())


def _secrets(path: Path) -> list[str]:
    """What no released notebook may hold: each line of each solution and of each mark scheme (unless the
    notebook also shows it outside them, as a question or given code does), and the hidden tests' call."""
    nb = nbformat.read(path, as_version=4)
    shown, secret = [], []
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            secret += _solution(cell.source).splitlines()
        elif meta.get("task"):
            head, scheme = cell.source.split(BEGIN_MARK_SCHEME)
            shown.append(head)
            secret += scheme.splitlines()
        elif meta.get("grade"):
            head, hidden = cell.source.split("### BEGIN HIDDEN TESTS")
            shown.append(head)
            secret += hidden.splitlines()
        else:
            shown.append(cell.source)
    visible = "\n".join(shown)
    lines = {line.strip().lstrip(">").strip() for line in secret}
    return sorted(line for line in lines if len(line) >= 12 and line not in visible)


def test_the_released_assignments_hold_no_solution_and_no_answer(course):
    from test_answers_not_rendered import answers, leaks

    for source in sorted(course.glob("source/*/*.ipynb")):
        nbgrader(course, "generate_assignment", source.parent.name, "--force")
    checked = 0
    for source in sorted(course.glob("source/*/*.ipynb")):
        released = course / "release" / source.parent.name / source.name
        nb = nbformat.read(released, as_version=4)
        outputs = [o for c in nb.cells for o in c.get("outputs", [])]
        assert outputs == [], f"{released.name}: the student version holds outputs"
        text = "\n".join(c.source for c in nb.cells)
        for marker in ("BEGIN SOLUTION", "HIDDEN TESTS", "MARK SCHEME", "homework.grade("):
            assert marker not in text, f"{released.name} holds {marker!r}"
        secrets = _secrets(source)
        assert len(secrets) > 5, source.name
        source_text = "\n".join(c.source for c in nbformat.read(source, as_version=4).cells)
        assert all(line in source_text for line in secrets)  # the check can fail: the source holds them all
        found = [line for line in secrets if line in text]
        assert found == [], f"{released.name} holds lines of its solutions or mark schemes: {found[:5]}"
        main = NOTEBOOKS / source.name.replace("_homework", "")
        stated = answers(solutions_notebook(main))
        assert stated, main.name
        assert leaks(" ".join(text.split()), stated) == [], f"{released.name} states an answer"
        checked += 1
    assert checked == len(homework_notebooks(NOTEBOOKS))


