"""Every course notebook has a main line a student finishes in about an hour, and says how long it takes.

The targets (COURSE.md, "A main line and Going deeper"): before ``## Going deeper``, at most 1 800 words of
prose and 30 visible code cells, and 3-5 learning goals. The card's "Time on your own" is the time the
stated rule gives (``helpers.course_map.minutes_on_your_own``), and the README's course map repeats it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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

ROOT = Path(__file__).resolve().parents[1]
COURSE = course_notebooks(ROOT / "notebooks")


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
        problems.append(f"the card says {c.minutes} minutes on your own, the rule gives {line.minutes}")
    return problems


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_main_line_meets_the_targets(path):
    assert main_line_problems(path) == [], f"{path.name}: {main_line_problems(path)}"


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
    assert main_line_problems(wrong_time) == ["the card says 60 minutes on your own, the rule gives 5"]
    two_goals = _nb(("markdown", CARD.format(m=5).replace("- three.\n", "")))
    assert main_line_problems(two_goals) == ["2 learning goals (3 to 5)"]


def test_what_counts_as_main_line_and_prose():
    nb = _nb(("markdown", CARD.format(m=5)), ("markdown", "one two `code here` [three](x.ipynb)"),
             ("code", "ex1.check(answer)"), ("code", "ex1.check(answer)  # again"),
             ("markdown", "## Going deeper"), ("markdown", "not counted " * 50), ("code", "y = 2"))
    nb["cells"].insert(3, {"cell_type": "code", "source": "hidden = 1", "outputs": [],
                           "metadata": {"jupyter": {"source_hidden": True}}})
    line = main_line(nb)
    assert (line.code_cells, line.exercises, line.has_going_deeper) == (2, 1, True)
    assert line.words == prose_words(CARD.format(m=5)) + 3
    assert prose_words("```python\nx = 1\n```\n<details><summary>S</summary>a b c</details> $$x^2$$ word") == 1
    # the rule: words / 70 + cells + 5 per exercise + 1 per question, rounded up to 5 minutes
    assert minutes_on_your_own(MainLine(1400, 6, 2, 4, True)) == 40
    assert minutes_on_your_own(MainLine(1401, 6, 2, 4, True)) == 45


def test_readme_course_map_gives_each_notebooks_time():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (\d\d[a-z]?) \| \[[^\]]+\]\(notebooks/[^)]+\) \| [^|]+ \| (\d+) min \|", readme,
                           flags=re.M))
    expected = {card(p).number: str(main_line(p).minutes) for p in COURSE}
    assert rows == expected, "README's course map: the 'time' column must give each notebook's time on your own"
