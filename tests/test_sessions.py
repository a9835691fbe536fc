"""The session plans (docs/teachers/sessions.md) fit the time and name only what exists.

Each session is a ``## Session N · Title`` section with a table ``| minutes | notebook | section | what |``:
its minutes add up to 90, at least 10 of them are for questions, every notebook it names exists and every
section it names is a heading of that notebook (``##`` or ``###``, as written there); each session has its
printable handout ``docs/handouts/session_N.md``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
PLANS = ROOT / "docs" / "teachers" / "sessions.md"
LENGTH, QUESTIONS = 90, 10
_SESSION = re.compile(r"^## Session (\d+) · .*$", re.M)
_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$", re.M)


def headings(notebook: Path) -> set[str]:
    """The ``##`` and ``###`` headings of a notebook's markdown cells, as written."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return {m.group(1).strip() for m in re.finditer(r"^#{2,3}\s+(.+?)\s*$", text, flags=re.M)}


def plan_problems(text: str, notebooks: dict[str, set[str]]) -> list[str]:
    """What is wrong with the plans in ``text``; ``notebooks`` maps a notebook's number to its headings."""
    problems = []
    heads = list(_SESSION.finditer(text))
    if not heads:
        return ["no '## Session N · ...' section"]
    for i, m in enumerate(heads):
        body = text[m.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        rows = _ROW.findall(body)
        total = sum(int(r[0]) for r in rows)
        if total != LENGTH:
            problems.append(f"session {m.group(1)}: the minutes add up to {total}, not {LENGTH}")
        questions = sum(int(r[0]) for r in rows if "question" in r[3].lower() and r[1] in ("", "—", "-"))
        if questions < QUESTIONS:
            problems.append(f"session {m.group(1)}: {questions} minutes for questions, fewer than {QUESTIONS}")
        start = 0
        for minutes, _, _, what in rows:
            clock = re.match(r"(\d+):(\d\d) —", what)
            if clock and int(clock.group(1)) * 60 + int(clock.group(2)) != start:
                problems.append(f"session {m.group(1)}: a block starts at {clock.group(0)[:-2]}, not at "
                                f"{start // 60}:{start % 60:02d}")
            start += int(minutes)
        for _minutes, number, section, _ in rows:
            if number in ("", "—", "-"):
                continue
            if number not in notebooks:
                problems.append(f"session {m.group(1)}: no notebook {number}")
            elif section not in ("", "—", "-") and section.strip("*") not in notebooks[number]:
                problems.append(f"session {m.group(1)}: notebook {number} has no section {section!r}")
        if not (ROOT / "docs" / "handouts" / f"session_{m.group(1)}.md").exists():
            problems.append(f"session {m.group(1)}: no handout docs/handouts/session_{m.group(1)}.md")
    return problems


def test_session_plans_add_up_and_name_what_exists():
    notebooks = {p.name.split("_")[0]: headings(p) for p in course_notebooks(ROOT / "notebooks")}
    assert plan_problems(PLANS.read_text(encoding="utf-8"), notebooks) == []


def test_handouts_quote_only_numbers_the_notebooks_hold():
    """Every number of two or more digits on a handout is written or printed in some notebook."""
    every = []
    for p in course_notebooks(ROOT / "notebooks"):
        for c in json.loads(p.read_text(encoding="utf-8"))["cells"]:
            every.append("".join(c["source"]))
            for out in c.get("outputs", []):
                every.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
    corpus = "\n".join(every)
    missing = []
    for handout in sorted((ROOT / "docs" / "handouts").glob("*.md")):
        for n in re.findall(r"(?<![\w.])\d+(?:[.,]\d+)?", handout.read_text(encoding="utf-8")):
            if len(n.replace(".", "")) >= 2 and n not in corpus:
                missing.append(f"{handout.name}: {n}")
    assert not missing


def test_the_plan_check_can_fail():
    nbs = {"01": {"The matrix", "Exercises"}}
    good = ("## Session 1 · One\n\n| minutes | notebook | section | what |\n|---|---|---|---|\n"
            "| 80 | 01 | The matrix | project it |\n| 10 | — | — | questions |\n")
    assert plan_problems(good.replace("Session 1", "Session 0"), nbs) == [
        "session 0: no handout docs/handouts/session_0.md"]
    clocked = good.replace("| project it |", "| 0:05 — project it |")
    assert plan_problems(clocked.replace("Session 1", "Session 0"), nbs)[0] == (
        "session 0: a block starts at 0:05, not at 0:00")
    bad = good.replace("| 80 |", "| 70 |").replace("The matrix", "The zoo")
    assert plan_problems(bad.replace("Session 1", "Session 0"), nbs) == [
        "session 0: the minutes add up to 80, not 90",
        "session 0: notebook 01 has no section 'The zoo'",
        "session 0: no handout docs/handouts/session_0.md"]
