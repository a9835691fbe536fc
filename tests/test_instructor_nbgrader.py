"""The graded homework end to end, with nbgrader's own commands (slow: each step runs Jupyter kernels).

(The whole course's assignments are validated, and their released versions searched for answers, in
tests/test_instructor_validate.py.)

* Two assignments (hw01 and hw04) and four students: all right, one part wrong, one answer cell raising, and
  every answer typed as printed (rounded to the digits asked). ``nbgrader autograde``, ``generate_feedback`` and
  ``export`` give full marks, the part's point lost with the checker's message in the feedback page, zero for
  the test after the failing cell, full marks for the typed answers, and a CSV with these scores.
* Building twice gives the same files; a change to a checker's source changes the generated test.
"""

from __future__ import annotations

import csv
import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from helpers.instructor.build import build
from helpers.instructor.discover import homework

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TWO = ("01", "04")  # the assignments of the end-to-end run: a two-part answer with a named mistake, written parts,
                    # a three-part exact answer and a function answer


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["IPYKERNEL_CELL_NAME"] = "<IPY-INPUT>"
    # the environment active, as the README says (`source .venv/bin/activate`): nbgrader runs `alembic` from the PATH
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def nbgrader(course: Path, *args: str) -> str:
    """Run ``nbgrader ARGS`` in the course folder; return its output, or fail with it."""
    run = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, capture_output=True, text=True,
                         env=_env(), timeout=1800)
    out = run.stdout + run.stderr
    assert run.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{out[-4000:]}"
    return out


def _quiet(_: str) -> None:
    return None


def _sources(nb) -> dict[str, str]:
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells if "nbgrader" in c.metadata}


def _solution(source: str) -> str:
    return re.search(r"### BEGIN SOLUTION\n(.*)\n### END SOLUTION", source, re.S).group(1)


# --------------------------------------------------------------------------- two assignments, four students


REFERENCE = """\
import json
from helpers.instructor.homework import part_names, start

def _typed(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(repr(float(v)) for v in value) + ")"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(float(value))
    return None

_hw = start({stem!r})
_out = {{"typed": {{}}}}
for _h, _ex in _hw.checkers.items():
    _out["typed"][_h] = _typed(_ex.rounded_answer())
    if "wrong" not in _out and len(part_names(_ex)) > 1:
        _parts = list(_ex.rounded_answer())
        _named = [m for m in _ex.mistakes if m.part is not None]
        _mistake = None
        if _named:  # the last part's named mistake (in notebook 01: the recall typed for the precision)
            _m = _named[-1]
            _value = _m.value() if callable(_m.value) else _m.value
            _parts[_m.part] = _ex.compare.each[_m.part].rounded(_value)
            _mistake = _m.message
        else:
            _parts[-1] = _parts[-1] / 2 if _parts[-1] else 0.5
        _out["wrong"] = {{"handle": _h, "answer": _typed(_parts), "message": _ex.verdict(tuple(_parts))[1],
                          "mistake": _mistake, "points": len(part_names(_ex)) - 1}}
print("REFERENCE " + json.dumps(_out))
"""


def _reference(stem: str) -> dict:
    """From the checkers themselves: each answer as printed (rounded to the asked digits) and a one-part mistake."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REFERENCE.format(stem=stem))])
    NotebookClient(nb, timeout=600, kernel_name="python3").execute()
    text = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    return json.loads(text.split("REFERENCE ", 1)[1])


def _submit(course: Path, assignment: str, name: str, student: str, answers: dict[str, str]) -> None:
    nb = nbformat.read(course / "release" / assignment / name, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id in answers:
            cell.source = answers[grade_id]
        elif cell.cell_type == "markdown" and cell.source.startswith("*Your answer to exercise"):
            cell.source += "\n\nThe denominators differ, so the numbers move."
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(folder / name))


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict:
    """Build hw01 and hw04, release them, submit four students' work, autograde, give feedback, export."""
    course = tmp_path_factory.mktemp("two")
    build(course, notebooks=NOTEBOOKS, only=list(TWO), log=_quiet)
    plan = {}
    for number in TWO:
        hw = homework(next(NOTEBOOKS.glob(f"{number}_*.ipynb")))
        name = f"{hw.stem}_homework.ipynb"
        source = nbformat.read(course / "source" / hw.assignment / name, as_version=4)
        right = {k: _solution(v) for k, v in _sources(source).items() if k.endswith("_answer")}
        ref = _reference(hw.stem)
        wrong, failing = ref["wrong"], hw.exercises[-1].handle
        typed = {f"{h}_answer": f"answer_{h[2:]} = {v}" if v else right[f"{h}_answer"] for h, v in ref["typed"].items()}
        students = {
            "alice": right,
            "bob": {**right, f"{wrong['handle']}_answer": f"answer_{wrong['handle'][2:]} = {wrong['answer']}"},
            "carol": {**right, f"{failing}_answer": f"answer_{failing[2:]} = 1 / 0  # raises ZeroDivisionError"},
            "dave": typed,
        }
        nbgrader(course, "generate_assignment", hw.assignment)
        for student, answers in students.items():
            _submit(course, hw.assignment, name, student, answers)
        nbgrader(course, "autograde", hw.assignment)
        nbgrader(course, "generate_feedback", hw.assignment)
        points = {c.metadata["nbgrader"]["grade_id"][:-len("_test")]: int(c.metadata["nbgrader"]["points"])
                  for c in source.cells if c.metadata.get("nbgrader", {}).get("grade_id", "").endswith("_test")}
        written = sum(1 for e in hw.exercises if e.written)
        plan[hw.assignment] = {"name": name, "wrong": wrong, "failing": failing, "points": points,
                               "written": written, "typed": ref["typed"]}
    nbgrader(course, "export")
    return {"course": course, "plan": plan}


def _scores(course: Path, assignment: str, name: str, student: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        nb = gb.find_submission_notebook(name.removesuffix(".ipynb"), assignment, student)
        return {g.cell.name: g.score for g in nb.grades if g.cell.name.endswith("_test")}


def test_autograde_gives_full_marks_partial_credit_and_zero_for_a_failing_cell(graded):
    course = graded["course"]
    for assignment, p in graded["plan"].items():
        full = {f"{h}_test": float(n) for h, n in p["points"].items()}
        assert _scores(course, assignment, p["name"], "alice") == full
        wrong = p["wrong"]["handle"]
        assert _scores(course, assignment, p["name"], "bob") == {**full, f"{wrong}_test": float(p["wrong"]["points"])}
        assert p["wrong"]["points"] == p["points"][wrong] - 1 >= 1
        assert _scores(course, assignment, p["name"], "carol") == {**full, f"{p['failing']}_test": 0.0}


def test_the_answers_typed_as_printed_get_full_marks(graded):
    course = graded["course"]
    for assignment, p in graded["plan"].items():
        assert any(v is not None for v in p["typed"].values())
        full = {f"{h}_test": float(n) for h, n in p["points"].items()}
        assert _scores(course, assignment, p["name"], "dave") == full


def test_the_feedback_shows_the_checkers_message_and_the_points(graded):
    course = graded["course"]
    for assignment, p in graded["plan"].items():
        def page(student: str, assignment: str = assignment, p: dict = p) -> str:
            path = course / "feedback" / student / assignment / p["name"].replace(".ipynb", ".html")
            return html.unescape(path.read_text("utf-8"))

        bob = page("bob")
        number = p["wrong"]["handle"][2:]
        assert f"Exercise {number}: {p['wrong']['message']}" in bob
        assert f"{p['wrong']['points']} of {p['points'][p['wrong']['handle']]} points" in bob
        assert "ZeroDivisionError" in page("carol")
        assert f"Exercise {p['failing'][2:]}: correct." in page("alice")
    # hw01's named mistake (the recall typed for the precision): the student is told which metric it is
    wrong = graded["plan"]["hw01"]["wrong"]
    assert wrong["mistake"] and wrong["message"] == wrong["mistake"]


def test_the_exported_csv_holds_the_scores(graded):
    course = graded["course"]
    with (course / "grades.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    got = {(r["assignment"], r["student_id"]): (float(r["raw_score"]), float(r["max_score"])) for r in rows}
    expected = {}
    for assignment, p in graded["plan"].items():
        auto = sum(p["points"].values())
        top = float(auto + p["written"])  # the written parts wait for the formgrader: 0 until graded
        wrong, failing = p["points"][p["wrong"]["handle"]] - p["wrong"]["points"], p["points"][p["failing"]]
        expected |= {(assignment, "alice"): (auto, top), (assignment, "bob"): (auto - wrong, top),
                     (assignment, "carol"): (auto - failing, top), (assignment, "dave"): (auto, top)}
    assert got == {k: (float(a), t) for k, (a, t) in expected.items()}


# --------------------------------------------------------------------------- the build itself


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).parts[0] in ("source", "HOMEWORK.md", "nbgrader_config.py")}


def test_building_twice_gives_the_same_files(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    build(first, notebooks=NOTEBOOKS, only=["01"], log=_quiet)
    build(second, notebooks=NOTEBOOKS, only=["01"], log=_quiet)
    a, b = _files(first), _files(second)
    assert len(a) == 3 and a == b
    build(first, notebooks=NOTEBOOKS, only=["01"], log=_quiet)  # again into the same folder: nothing moves
    assert _files(first) == a


def test_a_change_to_a_checker_changes_the_generated_test(tmp_path, monkeypatch):
    """A copy of the course whose notebook-01 checkers differ (exercise 1 compares a third part, a message of
    exercise 2 is reworded): the build, run with that copy importable first, writes other tests by itself."""
    before = tmp_path / "before"
    build(before, notebooks=NOTEBOOKS, only=["01"], log=_quiet)
    shadow = tmp_path / "shadow"
    shutil.copytree(ROOT / "helpers", shadow / "helpers", ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("notebooks", "data"):
        (shadow / folder).symlink_to(ROOT / folder)
    module = shadow / "helpers" / "exercises" / "nb01.py"
    text = module.read_text(encoding="utf-8")
    assert 'numbers(["NPV", "precision"]' in text and "that is the precision before" in text
    module.write_text(text.replace('numbers(["NPV", "precision"]', 'numbers(["NPV", "precision", "recall"]')
                      .replace("that is the precision before", "that is the precision as it was"), encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(shadow))
    after = tmp_path / "after"
    build(after, notebooks=NOTEBOOKS, only=["01"], log=_quiet)
    old = _sources(nbformat.read(next(before.glob("source/hw01/*.ipynb")), as_version=4))
    new_nb = nbformat.read(next(after.glob("source/hw01/*.ipynb")), as_version=4)
    new = _sources(new_nb)
    assert "points=2" in old["ex1_test"] and "points=3" in new["ex1_test"] and "recall" in new["ex1_test"]
    assert [c.metadata["nbgrader"]["points"] for c in new_nb.cells
            if c.metadata.get("nbgrader", {}).get("grade_id") == "ex1_test"] == [3]
    assert new["ex2_test"] != old["ex2_test"]  # the same points, another source: another fingerprint
    assert new["ex2_test"].replace(re.search(r"sha256 (\w+)", new["ex2_test"]).group(1), "") == \
        old["ex2_test"].replace(re.search(r"sha256 (\w+)", old["ex2_test"]).group(1), "")
