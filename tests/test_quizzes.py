"""The quick self-tests cannot be gamed: the right answers are spread over the positions, the right option is
not the one that stands out by its length, and the answers travel only encoded.

Read from the committed notebooks: each quiz output carries its questions base64-encoded for jupyterquiz
(``helpers.exercises.quiz``). The position of an option is its place in the question as written (the letter a
student sees on GitHub's text view); jupyterquiz also shuffles the options on every display.
"""

from __future__ import annotations

import base64
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = course_notebooks(ROOT / "notebooks")
MAX_SHARE = 0.40


def quizzes(nb: dict) -> list[list[dict]]:
    """The jupyterquiz questions of every quiz output of ``nb``."""
    found = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if "course_quiz" not in out.get("metadata", {}):
                continue
            html = "".join(out["data"]["text/html"])
            m = re.search(r'<script type="text/plain" id="quiz\w+data">([A-Za-z0-9+/=]+)</script>', html)
            assert m, "a quiz output without its encoded questions"
            found.append(json.loads(base64.b64decode(m.group(1))))
    return found


def multiple_choice(notebooks) -> dict[str, list[dict]]:
    out = {}
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        out[path.name] = [q for quiz in quizzes(nb) for q in quiz if q["type"] == "multiple_choice"]
    return out


def _text(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text)


def spread_problems(questions_by_notebook: dict[str, list[dict]]) -> list[str]:
    """Positions of the right answers over the course and within each notebook; long right options."""
    problems = []
    every = [q for qs in questions_by_notebook.values() for q in qs]
    positions = Counter()
    for q in every:
        right = [i for i, a in enumerate(q["answers"]) if a["correct"]]
        if len(right) != 1:
            problems.append(f"a question has {len(right)} right options: {_text(q['question'])[:60]}")
            continue
        positions["abcdefgh"[right[0]]] += 1
    for letter, n in positions.items():
        if n > MAX_SHARE * len(every):
            problems.append(f"option {letter!r} is right in {n} of {len(every)} questions (at most 40 %)")
    for name, qs in questions_by_notebook.items():
        letters = {next(i for i, a in enumerate(q["answers"]) if a["correct"]) for q in qs
                   if sum(a["correct"] for a in q["answers"]) == 1}
        if len(qs) >= 2 and len(letters) == 1:
            problems.append(f"{name}: the right answer is at the same position in all {len(qs)} questions")
    longest = 0
    for q in every:
        lengths = [len(_text(a["answer"])) for a in q["answers"]]
        right = [len(_text(a["answer"])) for a in q["answers"] if a["correct"]]
        if right and right[0] == max(lengths) and lengths.count(max(lengths)) == 1:
            longest += 1
    if every and longest > MAX_SHARE * len(every):
        problems.append(f"the right option is the longest in {longest} of {len(every)} questions (at most 40 %)")
    for q in every:
        if any(not a.get("feedback") for a in q["answers"] if not a["correct"]):
            problems.append(f"a wrong option has no feedback: {_text(q['question'])[:60]}")
    return problems


def test_right_answers_are_spread_and_do_not_stand_out():
    by_notebook = multiple_choice(NOTEBOOKS)
    if not any(by_notebook.values()):
        pytest.skip("no quiz output in the committed notebooks yet")
    assert spread_problems(by_notebook) == []


def _q(right: int, lengths=(10, 10, 10)):
    return {"question": "q", "type": "multiple_choice",
            "answers": [{"answer": "x" * n, "correct": i == right, "feedback": "f"} for i, n in enumerate(lengths)]}


def test_the_spread_rule_can_fail():
    spread = {"a.ipynb": [_q(0), _q(1)], "b.ipynb": [_q(2), _q(1), _q(0)]}
    assert spread_problems(spread) == []
    all_a = {"a.ipynb": [_q(0), _q(0)], "b.ipynb": [_q(1), _q(2), _q(1), _q(2)]}
    assert spread_problems(all_a) == ["a.ipynb: the right answer is at the same position in all 2 questions"]
    mostly_b = {"a.ipynb": [_q(1), _q(0)], "b.ipynb": [_q(1), _q(1), _q(2)]}
    assert spread_problems(mostly_b) == ["option 'b' is right in 3 of 5 questions (at most 40 %)"]
    long = {"a.ipynb": [_q(0, (30, 5, 5)), _q(1, (5, 30, 5))], "b.ipynb": [_q(2, (5, 5, 30)), _q(1), _q(0)]}
    assert spread_problems(long) == ["the right option is the longest in 3 of 5 questions (at most 40 %)"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_quiz_answers_are_not_readable_in_the_saved_notebook(path):
    text = path.read_text(encoding="utf-8")
    assert '"correct": true' not in text and '\\"correct\\": true' not in text, (
        f"{path.name}: a quiz's answers are saved in the clear (they must travel base64-encoded)")
