"""Exercises do not give their answers away, written solutions carry only computed numbers, sources are named.

- A solution code cell (``jupyter.source_hidden``) hides its outputs too (``jupyter.outputs_hidden``),
  so the answer is not printed right under the question.
- Every number of two or more digits in a written solution (a markdown ``<details>`` block) is printed by
  the hidden code cells that follow it, so nbval checks it on every run. Inline code (between backticks)
  is code, not a result, and is not read.
- The markdown never calls a source document a "seed": the course cites "the lecture slides", "the cheat
  sheet", ... (the Sources section of notebook 00); "seed" means a random seed.
"""

import json
import re
from pathlib import Path

import pytest

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = course_notebooks(ROOT / "notebooks")

NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|\.\d+)")


def _source(cell) -> str:
    return "".join(cell["source"])


def _hidden(cell) -> bool:
    return cell["cell_type"] == "code" and bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def _output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append("".join(out["text"]))
        for kind in ("text/plain", "text/html", "text/markdown"):
            if kind in out.get("data", {}):
                parts.append("".join(out["data"][kind]))
    return "\n".join(parts)


def written_solutions(nb):
    """(markdown cell index, numbers written in its <details> blocks, text printed by the hidden cells after it)."""
    cells = nb["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or "<details" not in _source(cell):
            continue
        blocks = re.findall(r"<details.*?</details>", _source(cell), flags=re.S)
        text = re.sub(r"`[^`]*`", " ", " ".join(blocks))
        text = re.sub(r"<summary>.*?</summary>", " ", text)
        numbers = [n for n in NUMBER.findall(text) if len(n.replace(".", "")) >= 2]
        printed = []
        for after in cells[i + 1:]:
            if not _hidden(after):
                break
            printed.append(_output_text(after))
        yield i, numbers, "\n".join(printed)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_solution_cells_hide_their_outputs(path):
    nb = json.loads(path.read_text())
    shown = [i for i, c in enumerate(nb["cells"])
             if _hidden(c) and not c["metadata"]["jupyter"].get("outputs_hidden")]
    assert not shown, f"{path.name}: solution cells {shown} print their answer under the question (outputs_hidden)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_written_solutions_only_state_computed_numbers(path):
    nb = json.loads(path.read_text())
    unchecked = []
    for i, numbers, printed in written_solutions(nb):
        missing = [n for n in numbers if n not in printed]
        if missing:
            unchecked.append(f"cell {i}: {missing}")
    assert not unchecked, (
        f"{path.name}: written solutions state numbers that no hidden cell after them prints: {unchecked}"
    )


def test_the_number_check_can_fail():
    nb = {"cells": [
        {"cell_type": "markdown", "source": ["<details><summary>Solution</summary>\nx = 25.7 and `k=10`\n</details>"],
         "metadata": {}},
        {"cell_type": "code", "source": ["print(25.71)"], "metadata": {"jupyter": {"source_hidden": True}},
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["25.71\n"]}]},
    ]}
    [(_, numbers, printed)] = written_solutions(nb)
    assert numbers == ["25.7"] and "25.7" in printed
    nb["cells"][1]["outputs"][0]["text"] = ["26\n"]
    [(_, numbers, printed)] = written_solutions(nb)
    assert "25.7" not in printed


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_sources_are_named_not_called_seeds(path):
    nb = json.loads(path.read_text())
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"random seeds?", "", _source(cell), flags=re.I)
        hit = re.search(r"(?i)\bseeds?\b.{0,30}", text)
        assert not hit, f"{path.name} cell {i}: says {hit.group(0)!r}; cite the source by name (notebook 00, Sources)"


CHECK_CALL = re.compile(r"^\s*(?:\w+\.)*\w+\.check\(", flags=re.M)


def check_problems(nb, name: str) -> list[str]:
    """A hidden solution cell that calls a checker must print ": correct." once per call: a change in the
    notebook's body that silently made the solution wrong would otherwise be committed as its output. A visible
    exercise cell shows what a student first sees ("not answered yet"), never a verdict on an answer."""
    problems = []
    for i, cell in enumerate(nb["cells"]):
        calls = len(CHECK_CALL.findall(_source(cell))) if cell["cell_type"] == "code" else 0
        if not calls:
            continue
        lines = [line for line in _output_text(cell).splitlines() if line.strip()]
        if _hidden(cell):
            said = [line for line in lines if ": correct." in line]
            if len(said) != calls:
                problems.append(f"{name} cell {i}: {calls} checks, {len(said)} say correct: {lines}")
        elif any("not answered yet" not in line and ": correct." in line for line in lines):
            problems.append(f"{name} cell {i}: a visible check prints a verdict: {lines}")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_hidden_check_says_correct_and_every_visible_one_waits(path):
    assert check_problems(json.loads(path.read_text()), path.name) == []


def test_the_check_rule_can_fail():
    def cell(source, text, hidden):
        meta = {"jupyter": {"source_hidden": True, "outputs_hidden": True}} if hidden else {}
        return {"cell_type": "code", "source": source, "metadata": meta,
                "outputs": [{"output_type": "stream", "name": "stdout", "text": text}]}

    good = {"cells": [cell("answer = ...\nex1.check(answer)", "Exercise 1: not answered yet. Replace ...\n", False),
                      cell("answer = 3\nex1.check(answer)", "Exercise 1: correct.\n", True)]}
    assert check_problems(good, "good") == []
    wrong = {"cells": [cell("answer = 4\nex1.check(answer)", "Exercise 1: not yet: FP is wrong\n", True)]}
    assert len(check_problems(wrong, "wrong")) == 1
    two = {"cells": [cell("quiz.q1.check('a')\nquiz.q2.check(3)", "Question 1: correct.\n", True)]}
    assert len(check_problems(two, "two")) == 1
    shown = {"cells": [cell("ex1.check(0.5)", "Exercise 1: correct.\n", False)]}
    assert len(check_problems(shown, "shown")) == 1
