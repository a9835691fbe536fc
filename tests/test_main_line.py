"""Every course notebook has a main line a student finishes in about an hour, and says how long it takes.

The targets (COURSE.md, "A main line and Going deeper"): before the Going deeper heading, at most 1 800 words of
prose (counted as the project's stop check counts them) and 30 visible code cells, and 3-5 learning goals. The
card's "Time on your own" is the time the stated rule gives (``helpers.course_map.minutes_on_your_own``: words / 70
+ code cells + each exercise's declared minutes + quiz questions), the README's course map repeats it, and the
rule lands every notebook within the range of the careful readers who timed it (issue 36).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest

import helpers.exercises
from helpers.course_map import (
    GOALS,
    MAX_CODE_CELLS,
    MAX_WORDS,
    MainLine,
    card,
    course_notebooks,
    main_line,
    minutes_on_your_own,
    prose_words,
)
from helpers.exercises.effort import MINUTES, effort, exercise_minutes

ROOT = Path(__file__).resolve().parents[1]
COURSE = course_notebooks(ROOT / "notebooks")

# Issue 36's fourth careful read: each notebook's time on one's own as the readers estimated it, in minutes. A
# single number n stands for n - 5 .. n + 5. Notebook 09 was then one notebook of 85-100 minutes; split in two
# lessons, each part is given the range of a lesson of about an hour.
READERS = {"00": (35, 45), "01": (60, 70), "02": (65, 75), "03": (70, 80), "03b": (60, 70), "04": (85, 95),
           "05": (75, 85), "06": (75, 85), "07": (75, 85), "08": (85, 100), "09": (60, 75), "09b": (60, 75),
           "10": (60, 75), "11": (60, 75), "11b": (70, 80), "12": (65, 75), "13": (75, 90), "14": (75, 90)}


def main_line_problems(notebook) -> list[str]:
    """What keeps ``notebook`` (a path or its JSON) from the main-line targets, as sentences."""
    line, c = main_line(notebook), card(notebook)
    problems = []
    if line.words > MAX_WORDS:
        problems.append(f"{line.words} words of prose before '## Going deeper' (at most {MAX_WORDS})")
    if line.code_cells > MAX_CODE_CELLS:
        problems.append(f"{line.code_cells} visible code cells before '## Going deeper' (at most {MAX_CODE_CELLS})")
    if len(c.goals) not in GOALS:
        problems.append(f"{len(c.goals)} learning goals (3 to 5)")
    if c.minutes != line.minutes:
        problems.append(f"the card says {c.minutes} minutes on your own, the rule gives {line.minutes} "
                        "(python tools/build_notebooks.py --sync-times)")
    return problems


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_main_line_meets_the_targets(path):
    assert main_line_problems(path) == [], f"{path.name}: {main_line_problems(path)}"


def stop_check_words(notebook: Path) -> int:
    """The project's stop check, written out independently: the markdown cells before the first heading matching
    ``(?im)^#+\\s.*going deeper``, ``<details>...</details>`` removed, matches of ``[A-Za-z0-9][\\w'.-]*``."""
    words = 0
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        if re.search(r"(?im)^#+\s.*going deeper", text):
            break
        words += len(re.findall(r"[A-Za-z0-9][\w'.-]*", re.sub(r"<details>.*?</details>", "", text, flags=re.S)))
    return words


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_prose_words_is_the_stop_checks_count(path):
    """One count of the main line: ``main_line(...).words`` is the stop check's number, inline code and math
    included (until issue 36 they were left out, and 09 counted 1 741 where the stop check counted 1 892)."""
    assert main_line(path).words == stop_check_words(path)


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_the_rule_lands_within_the_readers_range(path):
    number = card(path).number
    low, high = READERS[number]
    assert low <= main_line(path).minutes <= high, (
        f"{path.name}: the rule gives {main_line(path).minutes} minutes, the readers {low}-{high}")


def _factories() -> list[tuple[str, object]]:
    found = []
    for m in pkgutil.iter_modules(helpers.exercises.__path__):
        if re.fullmatch(r"nb\d\d[a-z]?", m.name):
            module = importlib.import_module(f"helpers.exercises.{m.name}")
            found += [(f"{m.name}.{name}", f) for name, f in inspect.getmembers(module, inspect.isfunction)
                      if re.fullmatch(r"exercise_\d+", name) and f.__module__ == module.__name__]
    return found


@pytest.mark.parametrize(("name", "factory"), _factories(), ids=[n for n, _ in _factories()])
def test_every_checker_declares_what_its_exercise_asks(name, factory):
    assert exercise_minutes(factory) in MINUTES.values(), name
    assert len(factory.effort_what.split()) >= 3, f"{name}: say in a few words what the exercise asks"


def _nb(*cells):
    return {"cells": [{"cell_type": t, "source": s, "metadata": {}, "outputs": []} for t, s in cells]}


CARD = ("# 99 · A title\n\nWhat it teaches, in one line.\n\n**Time on your own:** about {m} minutes.\n\n"
        "**Learning goals**\n\n- one;\n- two,\n  on two lines;\n- three.\n")


def test_the_targets_can_fail():
    good = _nb(("markdown", CARD.format(m=5)), ("code", "x = 1"), ("markdown", "## Going deeper\n\nmore"))
    assert main_line_problems(good) == []
    assert card(good).goals == ("one;", "two, on two lines;", "three.")
    n = MAX_WORDS + 1 - prose_words(CARD.format(m=30))
    long = _nb(("markdown", CARD.format(m=30)), ("markdown", "word " * n), ("markdown", "## Going deeper"))
    assert main_line_problems(long) == ["1801 words of prose before '## Going deeper' (at most 1800)"]
    cells = _nb(("markdown", CARD.format(m=35)), *[("code", f"x = {i}") for i in range(31)])
    assert main_line_problems(cells) == ["31 visible code cells before '## Going deeper' (at most 30)"]
    wrong_time = _nb(("markdown", CARD.format(m=60)), ("code", "x = 1"))
    assert main_line_problems(wrong_time) == [
        "the card says 60 minutes on your own, the rule gives 5 (python tools/build_notebooks.py --sync-times)"]
    two_goals = _nb(("markdown", CARD.format(m=5).replace("- three.\n", "")))
    assert main_line_problems(two_goals) == ["2 learning goals (3 to 5)"]


def test_what_counts_as_main_line_and_prose():
    nb = _nb(("markdown", CARD.format(m=5)), ("markdown", "one two `code here` [three](x.ipynb)"),
             ("code", "ex1 = nb04.exercise_3(labels, tied, scores)\nex1.check(answer)"),
             ("code", "ex1.check(answer)  # again"),
             ("code", "ex2 = nb04.exercise_1(labels)\nex2.check(answer)"),
             ("markdown", "text before it\n\n### More: going Deeper"), ("markdown", "not counted " * 50),
             ("code", "y = 2"))
    nb["cells"].insert(3, {"cell_type": "code", "source": "hidden = 1", "outputs": [],
                           "metadata": {"jupyter": {"source_hidden": True}}})
    line = main_line(nb)
    assert (line.code_cells, line.exercises, line.has_going_deeper) == (3, 2, True)
    assert line.exercise_minutes == (15, 5)  # nb04's exercise 3 writes a function, exercise 1 reads a number
    # inline code and link targets are words too: one two code here three x.ipynb
    assert line.words == prose_words(CARD.format(m=5)) + 6
    assert prose_words("```python\nx = 1\n```\n<details><summary>S</summary>a b c</details> $$x^2$$ word") == 6
    assert prose_words("it's 1 800 words, e.g. `f(x)`; a–b ... ") == 9  # it's 1 800 words e.g. f x a b
    # the rule: words / 70 + cells + each exercise's minutes + 1 per question, rounded up to 5 minutes
    assert minutes_on_your_own(MainLine(1400, 6, (5, 10), 4, True)) == 45
    assert minutes_on_your_own(MainLine(1050, 6, (5, 5), 4, True)) == 35
    assert minutes_on_your_own(MainLine(1051, 6, (5, 5), 4, True)) == 40


def test_an_exercise_without_a_declared_effort_is_named():
    def exercise_9():
        return None

    with pytest.raises(ValueError, match=r"exercise_9 declares no effort: decorate it with @effort"):
        exercise_minutes(exercise_9)
    assert exercise_minutes(effort("compute", "a few lines of code")(exercise_9)) == 10
    with pytest.raises(ValueError, match="kind must be one of 'read', 'compute', 'build'"):
        effort("hard", "a model")
    no_factory = _nb(("markdown", CARD.format(m=5)), ("code", "ex1.check(answer)"))
    with pytest.raises(ValueError, match=r"exercise ex1: no cell builds it as 'ex1 = nbNN.exercise_N\(...\)'"):
        main_line(no_factory)
    unknown = _nb(("markdown", CARD.format(m=5)), ("code", "ex1 = nb04.exercise_99(x)\nex1.check(answer)"))
    with pytest.raises(ValueError, match=r"no checker helpers.exercises.nb04.exercise_99"):
        main_line(unknown)


def test_readme_course_map_gives_each_notebooks_time():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (\d\d[a-z]?) \| \[[^\]]+\]\(notebooks/[^)]+\) \| [^|]+ \| (\d+) min \|", readme,
                           flags=re.M))
    expected = {card(p).number: str(main_line(p).minutes) for p in COURSE}
    assert rows == expected, "README's course map: the 'time' column must give each notebook's time on your own"


def test_readme_and_contributing_state_the_rule():
    for name in ("README.md", "CONTRIBUTING.md"):
        text = " ".join((ROOT / name).read_text(encoding="utf-8").split())
        assert "prose words / 70" in text and "--sync-times" in text, name
        assert all(f"{m} for" in text or f"{m} minutes" in text for m in MINUTES.values()), name


@pytest.fixture
def build_notebooks():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sync_times_writes_the_rules_time_everywhere(tmp_path, build_notebooks):
    """One command after a merge: the card (.py and .ipynb, with its content-derived id), the README's rows, the
    teacher's guide and the session plans take the rule's time; a second run changes nothing."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    card_text = CARD.replace("99 · A title", "01 · A title").format(m=99)
    cells = [new_markdown_cell(card_text), new_markdown_cell("word " * 700),
             new_code_cell("ex1 = nb04.exercise_3(labels, tied, scores)\nex1.check(answer)"),
             new_markdown_cell("## Going deeper")]
    for cell, cid in zip(cells, build_notebooks.cell_ids(cells), strict=True):
        cell.id = cid
    (tmp_path / "notebooks").mkdir()
    nbformat.write(new_notebook(cells=cells), tmp_path / "notebooks" / "01_a_title.ipynb")
    py = "# %% [markdown]\n" + "".join(f"# {line}\n".replace("# \n", "#\n") for line in card_text.splitlines())
    (tmp_path / "notebooks" / "01_a_title.py").write_text(py, encoding="utf-8")
    (tmp_path / "README.md").write_text("## The course map\n\n| # | notebook | what | time |\n|---|---|---|---|\n"
                                        "| 01 | [Old](notebooks/01_a_title.ipynb) | old | 99 min |\n\nAfter.\n")
    (tmp_path / "notebooks" / "TEACHING.md").write_text(
        "## 01 · A title — 10 minutes in class (estimate; about 99 minutes on your own)\n")
    (tmp_path / "docs" / "teachers").mkdir(parents=True)
    (tmp_path / "docs" / "teachers" / "sessions.md").write_text("Homework before: notebook 01 (99 minutes).\n")

    minutes = main_line(tmp_path / "notebooks" / "01_a_title.ipynb").minutes  # 700 + 15 words / 70 + 1 + 15
    assert minutes == 30
    changed = build_notebooks.sync_times(tmp_path)
    assert len(changed) == 4
    nb = json.loads((tmp_path / "notebooks" / "01_a_title.ipynb").read_text())
    assert card(nb).minutes == 30 and [c["id"] for c in nb["cells"]] == build_notebooks.cell_ids(nb["cells"])
    assert "# **Time on your own:** about 30 minutes." in (tmp_path / "notebooks" / "01_a_title.py").read_text()
    row = "| 01 | [A title](notebooks/01_a_title.ipynb) | What it teaches, in one line. | 30 min | `hw01` |"
    assert row + "\n\nAfter." in (tmp_path / "README.md").read_text()
    assert "(estimate; about 30 minutes on your own)" in (tmp_path / "notebooks" / "TEACHING.md").read_text()
    assert "notebook 01 (30 minutes)" in (tmp_path / "docs" / "teachers" / "sessions.md").read_text()
    assert build_notebooks.sync_times(tmp_path) == []
