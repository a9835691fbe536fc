"""Where the answers live: in the solutions notebooks, never in a main notebook; and the checkers behave.

The rule (CONTRIBUTING.md, "Exercises and the quick self-test"):

- A main notebook holds each exercise's question and its checker cell (tagged ``code-only``, so classroom
  mode leaves it out), and the quick self-test (``quiz.show()``). It holds no solution: no ``<details>``
  block, no hidden solution cell, no output that says an answer is correct.
- Its companion ``notebooks/solutions/NN_topic_solutions.ipynb`` replays it, works every exercise, runs the
  same checker on the solution ("Exercise 2: correct."), prints the quiz's answers and audits every checker
  on the notebook's data (``helpers.exercises.audit``): none of its lines says ``PROBLEM``.
- Every number of two or more digits written in a solutions notebook's prose is printed by one of its cells
  or stated in its main notebook's text, so nbval checks it on every run.
- The markdown never calls a source document a "seed" (the course cites "the lecture slides", ...).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers.course_map import all_notebooks, course_notebooks, solutions_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = course_notebooks(ROOT / "notebooks")
EVERY = all_notebooks(ROOT / "notebooks")
NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|\.\d+)")
EXERCISE_CHECK = re.compile(r"^\s*(ex\d+)\.check\(", flags=re.M)
VERDICT = re.compile(r"^(Exercise \w+|Question \d+): correct\.", flags=re.M)


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _tags(cell) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append("".join(out["text"]))
        for kind in ("text/plain", "text/markdown"):
            if kind in out.get("data", {}):
                parts.append("".join(out["data"][kind]))
    return "\n".join(parts)


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def main_notebook_problems(nb: dict, name: str) -> list[str]:
    """Answers a main notebook gives away, and exercise cells classroom mode would show."""
    problems = []
    for i, cell in enumerate(nb["cells"]):
        src = _source(cell)
        if cell["cell_type"] == "markdown" and "<details" in src:
            problems.append(f"{name} cell {i}: a <details> solution (solutions go to the solutions notebook)")
        if cell["cell_type"] == "code" and cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            problems.append(f"{name} cell {i}: a hidden solution cell (solutions go to the solutions notebook)")
        if cell["cell_type"] == "code" and VERDICT.search(_output_text(cell)):
            problems.append(f"{name} cell {i}: an output says an answer is correct")
        if cell["cell_type"] == "code" and EXERCISE_CHECK.search(src) and "code-only" not in _tags(cell):
            problems.append(f"{name} cell {i}: an exercise's checker cell is not tagged code-only")
        if cell["cell_type"] == "code" and re.search(r"\.solution\(\)", src):
            problems.append(f"{name} cell {i}: calls .solution()")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_main_notebooks_give_no_answer_away(path):
    assert main_notebook_problems(_load(path), path.name) == []


def exercises_of(nb: dict) -> list[str]:
    """The exercise handles (``ex1``...) whose checker a notebook's cells call."""
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            found += [h for h in EXERCISE_CHECK.findall(_source(cell)) if h not in found]
    return found


def has_quiz(nb: dict) -> bool:
    """True when the notebook shows a quick self-test (its saved output, or a cell building one)."""
    return any("course_quiz" in out.get("metadata", {}) for c in nb["cells"] for out in c.get("outputs", [])) or \
        any(re.search(r"\bquiz\s*=\s*nb\w+\.quiz\(", _source(c)) for c in nb["cells"] if c["cell_type"] == "code")


def solutions_problems(main: dict, solutions: dict, stem: str) -> list[str]:
    """What a solutions notebook misses: the replay, a checked solution per exercise, the quiz's answers,
    an audit of every checker with no PROBLEM."""
    problems = []
    code = [c for c in solutions["cells"] if c["cell_type"] == "code"]
    if not code or f'replay("{stem}")' not in _source(code[0]):
        problems.append(f'its first code cell does not call replay("{stem}")')
    outputs = "\n".join(_output_text(c) for c in code)
    audit_src = " ".join(_source(c) for c in code if "audit(" in _source(c))
    for handle in exercises_of(main):
        number = handle[2:]
        if f"Exercise {number}: correct." not in outputs:
            problems.append(f"no cell prints 'Exercise {number}: correct.'")
        if f"{handle}={handle}" not in audit_src:
            problems.append(f"audit(...) does not check {handle}")
    if has_quiz(main):
        if not any(re.search(r"\bquiz\.answers\(\)", _source(c)) for c in code):
            problems.append("quiz.answers() is not called")
        if "quiz=quiz" not in audit_src:
            problems.append("audit(...) does not check the quiz")
    for line in outputs.splitlines():
        if "PROBLEM" in line:
            problems.append(f"the audit says: {line.strip()}")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_exercise_and_quiz_has_a_checked_solution(path):
    main = _load(path)
    if not exercises_of(main) and not has_quiz(main):
        pytest.skip(f"{path.name} has no exercise and no quiz")
    sol = solutions_notebook(path)
    assert sol.exists(), f"{path.name}: no solutions notebook {sol.relative_to(ROOT)}"
    assert solutions_problems(main, _load(sol), path.stem) == [], f"{sol.name}"


def test_the_solution_rules_can_fail():
    def code(src, text="", tags=(), hidden=False):
        meta = {"tags": list(tags)}
        if hidden:
            meta["jupyter"] = {"source_hidden": True}
        return {"cell_type": "code", "source": src, "metadata": meta,
                "outputs": [{"output_type": "stream", "name": "stdout", "text": text}] if text else []}

    def md(src):
        return {"cell_type": "markdown", "source": src, "metadata": {}}

    main = {"cells": [md("**Exercise 1.** ..."),
                      code("answer = ...\nex1.check(answer)", "Exercise 1: not answered yet.\n", ["code-only"])]}
    assert main_notebook_problems(main, "m") == []
    leaky = {"cells": [code("ex1.check(0.5)", "Exercise 1: correct.\n"), md("<details>x</details>"),
                       code("x = 1", hidden=True)]}
    assert len(main_notebook_problems(leaky, "m")) == 4  # correct, untagged, details, hidden
    good = {"cells": [code('replay("01_x")'), code("ex1.check(a)", "Exercise 1: correct.\n"),
                      code("audit(ex1=ex1)", "ex1: answer 3; ...\n")]}
    assert solutions_problems(main, good, "01_x") == []
    bad = {"cells": [code("x = 1"), code("ex1.check(a)", "Exercise 1: not yet\n"),
                     code("audit()", "  PROBLEM: Exercise 1: mistake 1 is judged right\n")]}
    assert len(solutions_problems(main, bad, "01_x")) == 4


def _markdown_numbers(text: str) -> list[str]:
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return [n for n in NUMBER.findall(text) if len(n.replace(".", "")) >= 2]


@pytest.mark.parametrize("path", [p for p in EVERY if p.parent.name == "solutions"], ids=lambda p: p.name)
def test_written_solutions_only_state_computed_numbers(path):
    nb = _load(path)
    main = ROOT / "notebooks" / path.name.replace("_solutions.ipynb", ".ipynb")
    printed = "\n".join(_output_text(c) for c in nb["cells"] if c["cell_type"] == "code")
    stated = "\n".join(_source(c) for c in _load(main)["cells"] if c["cell_type"] == "markdown")
    missing = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            missing += [f"cell {i}: {n}" for n in _markdown_numbers(_source(cell))
                        if n not in printed and n not in stated]
    assert not missing, f"{path.name}: numbers in the prose that no cell prints: {missing}"


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name)
def test_sources_are_named_not_called_seeds(path):
    nb = _load(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"random seeds?|`[^`]*`", "", _source(cell), flags=re.I)  # code such as `seed=0` is code
        hit = re.search(r"(?i)\bseeds?\b.{0,30}", text)
        assert not hit, f"{path.name} cell {i}: says {hit.group(0)!r}; cite the source by name (notebook 00, Sources)"
