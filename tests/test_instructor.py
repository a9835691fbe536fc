"""The instructor edition without a kernel: what is read from the notebooks, how answers are scored, and the
nbgrader cells a build writes (``helpers.instructor``). The runs of nbgrader itself are in
tests/test_instructor_nbgrader.py (slow)."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.course_map import course_notebooks, readme_rows
from helpers.exercises.core import Exercise, Mistake, counts_matrix, number, numbers, probability
from helpers.instructor.build import BEGIN_MARK_SCHEME, END_MARK_SCHEME, assignment_notebook, build
from helpers.instructor.discover import (
    answer_variable,
    assignment_id,
    exercise_handles,
    homework,
    homework_notebooks,
    rename_answer,
)
from helpers.instructor.homework import Homework, part_names, points, score
from helpers.instructor.questions import sentences, written_part

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GRADED = homework_notebooks(NOTEBOOKS)


# --------------------------------------------------------------------------- which sentences are written


@pytest.mark.parametrize("question, written", [
    # the ask and its question are the checked part; a question after the ask is written
    ("**Exercise 1.** What is the precision? Give it to three significant digits. Which metric moved?",
     "Which metric moved?"),
    # why / in words / explain / without code / compare make a sentence written, wherever it stands
    ("**Exercise 2.** Say without code which cells count. Give (NPV, precision).",
     "Say without code which cells count."),
    ("**Exercise 3.** Then, in words: why can they differ? Give the pair, e.g. `(3, 9)`.",
     "Then, in words: why can they differ?"),
    # a yes/no question is written even before the ask
    ("**Exercise 4.** Fit both: does either model clearly win? Your answer: the two AUCs.",
     "Fit both: does either model clearly win?"),
    # questions that go on from the first one ("When ...?") are still the checked part
    ("**Exercise 5.** What is the AUC when all positives win? When all tie? Give the two exact values.", ""),
    # a second question before the ask asks something else: written
    ("**Exercise 6.** What precision does it reach? How wide is its interval? Your answer: three numbers.",
     "How wide is its interval?"),
    # an alternative after ", or" does not make a task written
    ("**Exercise 7.** Build a predictor, or explain why you cannot. Your answer: its `Counts`.", ""),
    # a clause of the ask sentence that compares is written, capitalised
    ("**Exercise 8.** Give the share to three significant digits, and compare with route (b).",
     "Compare with route (b)."),
    ("**Exercise 9.** Compute the F1 and check it against `f1_score`. Give three significant digits.", ""),
])
def test_the_written_part_of_a_question(question, written):
    assert written_part(question) == written


def test_sentences_keep_the_question_text_and_drop_the_label():
    text = "**Exercise 1. What can 357 negatives tell?** Fix the\nthreshold 0.5 (e.g. `x`). Why is it fair?"
    assert sentences(text) == ["Fix the threshold 0.5 (e.g. `x`).", "Why is it fair?"]
    with pytest.raises(ValueError, match="^question must be the question's markdown text, got int$"):
        sentences(3)


def test_every_course_question_that_asks_why_has_a_written_part():
    asked = 0
    for path in GRADED:
        for e in homework(path).exercises:
            body = re.sub(r"^\s*\*\*[^*]+\*\*", "", e.question)
            if re.search(r"\bwhy\b", body, re.I) and not re.search(r",\s+or\s+explain why", body):
                asked += 1
                assert e.written, f"{path.name} exercise {e.number} asks why but has no written part"
                assert "why" in e.written.lower()
    assert asked >= 5


# --------------------------------------------------------------------------- what is read from the notebooks


def test_every_notebook_with_exercises_has_an_assignment_and_only_those():
    for path in course_notebooks(NOTEBOOKS):
        handles = exercise_handles(path)
        expected = "hw" + path.name.split("_", 1)[0] if handles else None
        assert assignment_id(path) == expected, path.name
    assert [p.name for p in GRADED] == [p.name for p in course_notebooks(NOTEBOOKS) if exercise_handles(p)]
    assert assignment_id(NOTEBOOKS / "00_start_here.ipynb") is None


@pytest.mark.parametrize("path", GRADED, ids=lambda p: p.stem)
def test_each_exercise_is_read_whole_from_the_notebook_and_its_solutions(path):
    hw = homework(path)
    assert [e.handle for e in hw.exercises] == exercise_handles(path)
    for e in hw.exercises:
        assert e.question.startswith(f"**Exercise {e.number}"), e.question[:40]
        assert re.fullmatch(r"nb\d\d[a-z]?\.exercise_\w+", e.factory), e.factory
        # the given code neither builds the checker nor answers nor checks
        for text in (e.given,):
            assert f"{e.handle} =" not in text and "answer" not in text and ".check(" not in text
        # the solution parses, sets answer_K, never checks and never names the shared `answer`
        tree = ast.parse(e.solution)
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        assert e.variable in names and "answer" not in names, e.handle
        assert ".check(" not in e.solution
        targets = {e.id for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets
                   for e in (t.elts if isinstance(t, ast.Tuple) else [t]) if isinstance(e, ast.Name)}
        assert e.variable in targets, f"{path.name}: the solution of {e.handle} never sets {e.variable}"
        if e.written:
            assert e.rubric.strip(), f"{path.name}: exercise {e.number} asks for words but its solution has no prose"
            assert not e.rubric.lstrip().startswith("*"), "the restated question is not part of the rubric"


def test_rename_answer_renames_the_variable_only():
    code = ('answer = f(x, answer=1)  # the answer\n'
            'print("answer", answer.real, obj.answer)\n'
            'answers = [answer]\nanswer.append(2)\nprint(f"é {answer:.3f} {p / answer - 1:+.1%}")\n')
    assert rename_answer(code, "answer_1") == (
        'answer_1 = f(x, answer=1)  # the answer\n'
        'print("answer", answer_1.real, obj.answer)\n'
        'answers = [answer_1]\nanswer_1.append(2)\nprint(f"é {answer_1:.3f} {p / answer_1 - 1:+.1%}")\n')
    assert answer_variable("ex3") == "answer_3"
    with pytest.raises(ValueError, match="^handle must be a checker's name such as 'ex1', got 'quiz'$"):
        answer_variable("quiz")


def _copy_course(tmp_path: Path, numbers: tuple[str, ...] = ("01",)) -> Path:
    folder = tmp_path / "notebooks"
    (folder / "solutions").mkdir(parents=True)
    for n in numbers:
        main = next(NOTEBOOKS.glob(f"{n}_*.ipynb"))
        shutil.copy(main, folder / main.name)
        shutil.copy(NOTEBOOKS / "solutions" / f"{main.stem}_solutions.ipynb", folder / "solutions")
    return folder


def test_a_missing_solution_names_the_file_and_the_exercise(tmp_path):
    folder = _copy_course(tmp_path)
    sol = folder / "solutions" / "01_confusion_matrix_solutions.ipynb"
    nb = json.loads(sol.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = "".join(cell["source"]).replace("## Exercise 2", "## Exercise two")
    sol.write_text(json.dumps(nb))
    with pytest.raises(ValueError, match=r"^01_confusion_matrix_solutions\.ipynb: no section '## Exercise 2' for ex2 "
                                         r"of 01_confusion_matrix\.ipynb$"):
        homework(folder / "01_confusion_matrix.ipynb")
    sol.unlink()
    with pytest.raises(ValueError, match=r"^notebook '01_confusion_matrix\.ipynb': its worked solutions "
                                         r"01_confusion_matrix_solutions\.ipynb are missing"):
        homework(folder / "01_confusion_matrix.ipynb")


def test_bad_arguments_get_one_line(tmp_path):
    with pytest.raises(ValueError, match=r"^notebook must be the path of a course notebook NN_topic\.ipynb, got 3$"):
        homework(3)
    with pytest.raises(ValueError, match=r"^notebook '.*99_nothing\.ipynb': no such file$"):
        assignment_id(tmp_path / "99_nothing.ipynb")
    with pytest.raises(ValueError, match=r"^notebook '00_start_here\.ipynb' has no exercise"):
        homework(NOTEBOOKS / "00_start_here.ipynb")
    with pytest.raises(ValueError, match=r"^only: no course notebook with exercises numbered '99' \(there are 01\)$"):
        build(tmp_path / "out", notebooks=_copy_course(tmp_path), only=["99"])
    with pytest.raises(ValueError, match=r"^jobs must be a whole number >= 1, got 0$"):
        build(tmp_path / "out", jobs=0)
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- scoring


def two_parts() -> Exercise:
    names = ("NPV", "precision")
    cmp = numbers(names, kinds={k: probability(digits=3) for k in names})
    return Exercise("Exercise 1", (0.8391, 0.9876), compare=cmp,
                    mistakes=[Mistake.in_part(1, 0.9, "your precision divides by a row: that is recall")])


def test_one_point_per_part_and_the_checkers_message():
    ex = two_parts()
    assert part_names(ex) == ("NPV", "precision") and points(ex) == 2
    assert score(ex, (0.8391, 0.9876)).points == 2
    assert score(ex, (0.839, 0.988)).points == 2  # typed from the printout, rounded to the asked digits
    wrong = score(ex, (0.839, 0.9))
    assert (wrong.points, wrong.message) == (1, "your precision divides by a row: that is recall")
    assert wrong.lines("Exercise 1") == ["Exercise 1: your precision divides by a row: that is recall",
                                         "1 of 2 points (NPV right; precision not right)"]
    assert score(ex, {"precision": 0.988, "NPV": 0.5}).points == 1  # a dict by the parts' names
    assert score(ex, (0.84, 0.988)).points == 1  # a part with too few digits is not right
    assert score(ex, 0.839).points == 0  # the wrong kind of answer
    assert score(ex, ...).message.startswith("not answered yet")


def test_an_answer_of_one_part_is_one_point():
    ex = Exercise("Exercise 2", 0.81433, compare=probability(digits=3))
    assert (part_names(ex), points(ex)) == ((), 1)
    assert [score(ex, a).points for a in (0.81433, 0.814, 0.81, 0.9, "0.814")] == [1, 1, 0, 0, 0]
    assert score(ex, 0.814).lines("Exercise 2") == ["Exercise 2: correct.", "1 of 1 point"]
    # a confusion matrix is one answer, not four
    assert points(Exercise("Exercise 3", [[1, 2], [3, 4]], compare=counts_matrix())) == 1


@given(st.lists(st.booleans(), min_size=2, max_size=6))
def test_partial_credit_is_the_number_of_right_parts(right):
    names = [f"part {i}" for i in range(len(right))]
    expected = tuple(0.1 * (i + 1) for i in range(len(right)))
    ex = Exercise("Exercise 1", expected, compare=numbers(names, digits=3))
    answer = tuple(e if ok else e + 0.5 for e, ok in zip(expected, right, strict=True))
    result = score(ex, answer)
    assert result.total == len(right)
    assert result.points == sum(right)
    assert [ok for _, ok in result.parts] == right
    assert (result.points == result.total) == ex.verdict(answer)[0]


def test_judging_writes_nothing_to_stderr(capfd):
    """nbgrader gives no point to a test cell that writes to stderr: a warning while judging must not show."""
    import warnings

    def noisy():
        warnings.warn("a warning raised while the checker computes its answer", RuntimeWarning, stacklevel=1)
        return 0.5

    ex = Exercise("Exercise 1", noisy, compare=number(digits=2))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert score(ex, 0.5).points == 1
    assert capfd.readouterr().err == ""


def test_grade_prints_the_checkers_line_and_returns_the_points(capsys):
    hw = Homework("01_confusion_matrix", {"ex1": two_parts()})
    assert hw.grade("ex1", (0.839, 0.9), points=2) == 1
    assert capsys.readouterr().out == ("Exercise 1: your precision divides by a row: that is recall\n"
                                       "1 of 2 points (NPV right; precision not right)\n")
    with pytest.raises(RuntimeError, match=r"^Exercise 1's checker now gives 2 points, the assignment was "
                                           r"generated with 3: regenerate it"):
        hw.grade("ex1", (0.839, 0.988), points=3)
    with pytest.raises(KeyError, match="no exercise 'ex4'"):
        hw.grade("ex4", 1, points=1)


# --------------------------------------------------------------------------- the cells a build writes


def _facts(hw, **changes) -> dict[str, dict]:
    facts = {e.handle: {"name": f"Exercise {e.number}", "points": 1, "parts": [], "kind": "one number",
                        "factory": f"helpers.exercises.{e.factory}", "fingerprint": "0123456789ab"}
             for e in hw.exercises}
    facts["ex1"].update({"points": 2, "parts": ["NPV", "precision"]}, **changes)
    return facts


def _by_id(nb) -> dict[str, nbformat.NotebookNode]:
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells if "nbgrader" in c.metadata}


def test_the_source_assignment_has_nbgraders_cells():
    """The cells' nbgrader metadata (nbgrader's own check of it runs in `nbgrader validate`, in the slow tests)."""
    hw = homework(NOTEBOOKS / "01_confusion_matrix.ipynb")
    nb = assignment_notebook(hw, _facts(hw))
    nbformat.validate(nb)
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[a-z0-9_]+", i) for i in ids)
    assert all(c.metadata["nbgrader"]["schema_version"] == 3 for c in nb.cells if "nbgrader" in c.metadata)
    cells = _by_id(nb)
    assert "homework = start('01_confusion_matrix')" in cells["setup"].source
    for e in hw.exercises:
        answer, test = cells[f"{e.handle}_answer"], cells[f"{e.handle}_test"]
        assert answer.metadata["nbgrader"]["solution"] and not answer.metadata["nbgrader"]["grade"]
        assert re.search(r"### BEGIN SOLUTION\n.*\n### END SOLUTION$", answer.source, re.S)
        assert test.metadata["nbgrader"]["grade"] and test.metadata["nbgrader"]["locked"]
        hidden = re.search(r"### BEGIN HIDDEN TESTS\n(.*)\n### END HIDDEN TESTS$", test.source, re.S).group(1)
        points_ = 2 if e.handle == "ex1" else 1
        assert f"homework.grade({e.handle!r}, {e.variable}, points={points_})" in hidden
        assert test.metadata["nbgrader"]["points"] == points_
        assert "homework.grade" not in test.source.split("### BEGIN HIDDEN TESTS")[0]
        assert cells[f"{e.handle}_question"].source.endswith(e.question)
        if e.written:
            task = cells[f"{e.handle}_written"]
            assert task.metadata["nbgrader"]["task"] and task.metadata["nbgrader"]["points"] == 1
            scheme = task.source.split(BEGIN_MARK_SCHEME)[1].split(END_MARK_SCHEME)[0]
            assert e.rubric.splitlines()[0] in scheme
            assert e.written in task.source.split(BEGIN_MARK_SCHEME)[0]
        else:
            assert f"{e.handle}_written" not in cells
    assert "| 1 | `answer_1` | 2 (NPV, precision) | 1 |" in nb.cells[0].source


def test_the_generated_test_follows_the_checker():
    """What the build reads from a checker (its parts, its source's fingerprint) is in the generated test:
    a checker with another part, or another source, gives another test with no hand edit."""
    hw = homework(NOTEBOOKS / "01_confusion_matrix.ipynb")
    before = _by_id(assignment_notebook(hw, _facts(hw)))["ex1_test"]
    three = _by_id(assignment_notebook(hw, _facts(hw, points=3, parts=["NPV", "precision", "recall"])))["ex1_test"]
    edited = _by_id(assignment_notebook(hw, _facts(hw, fingerprint="ba9876543210")))["ex1_test"]
    assert three.metadata["nbgrader"]["points"] == 3 and "points=3" in three.source and "recall" in three.source
    assert "ba9876543210" in edited.source and edited.source != before.source
    again = _by_id(assignment_notebook(hw, _facts(hw)))["ex1_test"]
    assert again == before


# --------------------------------------------------------------------------- the course map and the command line


def test_the_course_map_says_which_notebooks_have_graded_homework():
    rows = readme_rows(NOTEBOOKS)
    for path, row in zip(course_notebooks(NOTEBOOKS), rows, strict=True):
        last = row.rstrip(" |").rsplit("|", 1)[1].strip()
        assert last == (f"`{assignment_id(path)}`" if assignment_id(path) else "–"), row


def test_list_prints_every_assignment_and_its_written_parts(capsys):
    from helpers.instructor.__main__ import main

    assert main(["list", "--notebooks", str(NOTEBOOKS)]) == 0
    out = capsys.readouterr().out
    assert [line.split(":")[0] for line in out.splitlines() if not line.startswith(" ")] == [
        assignment_id(p) for p in GRADED]
    assert "  exercise 1: answer_1 = (CC, ACC) at threshold 0.25; in words: Which estimates change from 0.5, " \
           "and why does EM not?" in out
    assert main(["build", "--out", "x", "--only", "99", "--notebooks", str(NOTEBOOKS)]) == 2
    assert capsys.readouterr().err.startswith("python -m helpers.instructor build: only: no course notebook")


def _steps(text: str) -> list[str]:
    """The commands of the first bash block after "## Graded homework" (or of the only one), without paths."""
    part = text.split("## Graded homework", 1)[-1]
    block = re.search(r"```bash\n(.*?)```", part, re.S).group(1)
    steps = []
    for line in block.splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.search(r"(nbgrader \w+|jupyter lab|helpers\.instructor build|pip install -e \"\.\[instructor\]\")", line)
        if m:
            steps.append(m.group(1))
    return steps


def test_the_readme_the_guide_and_the_course_folder_give_the_same_commands():
    from helpers.instructor.build import _overview

    readme = _steps((ROOT / "README.md").read_text(encoding="utf-8"))
    assert readme == ['pip install -e ".[instructor]"', "helpers.instructor build", "nbgrader validate",
                      "nbgrader generate_assignment", "nbgrader autograde", "jupyter lab", "nbgrader generate_feedback",
                      "nbgrader export"]
    assert _steps((NOTEBOOKS / "TEACHING.md").read_text(encoding="utf-8")) == readme
    assert _steps(_overview(ROOT / "no" / "course")) == readme[2:]


def test_homework_md_lists_every_assignment_of_the_folder(tmp_path):
    """A build of some notebooks keeps the others in HOMEWORK.md's table: it is read from the folder."""
    from helpers.instructor.build import _overview, notebook_path

    for nn in ("01", "04"):
        hw = homework(next(NOTEBOOKS.glob(f"{nn}_*.ipynb")))
        path = notebook_path(tmp_path, hw)
        path.parent.mkdir(parents=True)
        nbformat.write(assignment_notebook(hw, _facts(hw)), str(path))
    rows = [line for line in _overview(tmp_path).splitlines() if line.startswith("| hw")]
    assert rows == ["| hw01 | `source/hw01/01_confusion_matrix_homework.ipynb` | 3 | 4 | 2 |",
                    "| hw04 | `source/hw04/04_roc_auc_by_hand_homework.ipynb` | 4 | 5 | 0 |"]
