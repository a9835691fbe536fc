"""No viewer shows an answer: each main notebook rendered by nbconvert's lab and classic templates (what Voila,
classroom mode and most static viewers use; GitHub's viewer, like them, ignores "hidden" flags) holds no verdict
"correct", no quiz answer and no exercise's answer in its visible text.

The answers are read from the solutions notebooks: their audit prints each exercise's answer
(``ex2: answer 25.7; ...``) and ``quiz.answers()`` prints the quiz's (``Answer: ...``).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers.course_map import course_notebooks, solutions_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = course_notebooks(ROOT / "notebooks")
AUDIT_ANSWER = re.compile(r"^(ex\d+): answer (.+?); the right answer", flags=re.M)
QUIZ_ANSWER = re.compile(r"^Answer: (.+?)\.(?: |$)", flags=re.M)
VERDICT = re.compile(r"(Exercise \w+|Question \d+): correct\.")


class _Visible(HTMLParser):
    """The text a reader sees: everything outside <script>, <style> and <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.skip, self.parts = 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def answers(solutions: Path) -> list[str]:
    """The answers the solutions notebook states: each exercise's (as its audit prints it) and the quiz's."""
    nb = json.loads(solutions.read_text(encoding="utf-8"))
    text = "\n".join("".join(out.get("text", "")) for c in nb["cells"] for out in c.get("outputs", []))
    found = [m.group(2) for m in AUDIT_ANSWER.finditer(text)]
    found += [f"Answer: {m.group(1)}" for m in QUIZ_ANSWER.finditer(text)]
    return found


def leaks(visible: str, stated: list[str]) -> list[str]:
    """The verdicts and stated answers that appear in ``visible``."""
    found = [m.group(0) for m in VERDICT.finditer(visible)]
    forms = []
    for answer in stated:
        answer = re.sub(r"\s*\(.*\)$", "", answer)  # "TN 81, ... (the only new matrix ...)": the answer itself
        forms.append(answer)
        m = re.fullmatch(r"TN (\d+), FP (\d+), FN (\d+), TP (\d+)", answer)
        if m:
            forms.append("Counts(tn={}, fp={}, fn={}, tp={})".format(*m.groups()))
    for answer in forms:
        single = re.fullmatch(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", answer)
        pattern = rf"(?<![\w.]){re.escape(answer)}(?![\w])" if single else re.escape(" ".join(answer.split()))
        if re.search(pattern, visible):
            found.append(answer)
    return found


def test_the_leak_check_can_fail():
    html = ("<html><head><title>Exercise 1: correct.</title></head><body><p>threshold 0.342</p>"
            "<script>var a = 'Exercise 2: correct.'</script><pre>Question 3: correct.</pre></body></html>")
    assert visible_text(html) == "threshold 0.342 Question 3: correct."
    assert leaks(visible_text(html), ["0.342", "Answer: MCC"]) == ["Question 3: correct.", "0.342"]
    assert leaks("threshold 0.3421", ["0.342"]) == []
    assert leaks("fourth: Counts(tn=81, fp=9, fn=1, tp=9)", ["TN 81, FP 9, FN 1, TP 9 (the only one)"]) == [
        "Counts(tn=81, fp=9, fn=1, tp=9)"]


@pytest.mark.slow
@pytest.mark.parametrize("template", ["lab", "classic"])
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_answer_shows_in_a_rendered_main_notebook(path, template):
    import nbformat
    from nbconvert import HTMLExporter

    sol = solutions_notebook(path)
    stated = answers(sol) if sol.exists() else []
    body, _ = HTMLExporter(template_name=template).from_notebook_node(nbformat.read(path, as_version=4))
    assert leaks(visible_text(body), stated) == [], f"{path.name} rendered with the {template} template"


def _parts(answer: str, min_digits: int = 3) -> list[str]:
    """The numbers of a several-part answer as the audit prints it ("AP at ... 0.282, AP at ... 0.269") that have
    at least ``min_digits`` significant digits (short ones, 0.5 or 1, turn up everywhere by chance)."""
    found = re.findall(r"(?<![\w.])(-?\d+\.\d+)(?![\w])", re.sub(r"\s*\(.*\)$", "", answer))
    if len(found) < 2:
        return []
    return [p for p in found if len(p.lstrip("-").replace(".", "").lstrip("0")) >= min_digits]


def test_06_shows_no_part_of_exercise_2s_answer():
    """06's Going deeper printed "TPR 0.269", the AP at the earthquake prevalence that exercise 2 asks for (issue
    36). The whole-answer check above cannot see one part of a two-part answer; this looks for each part, in the
    text of every output and every markdown cell of the main notebook."""
    path = ROOT / "notebooks" / "06_prior_shift_correction.ipynb"
    stated = [a for a in answers(solutions_notebook(path)) if a.startswith("AP at the first prevalence")]
    assert len(stated) == 1, "06's solutions no longer audit exercise 2 as this test expects"
    parts = _parts(stated[0])
    assert len(parts) == 2
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            text.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            text.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
    shown = [p for p in parts if re.search(rf"(?<![\w.]){re.escape(p)}(?![\w])", "\n".join(text))]
    assert shown == [], f"06 shows exercise 2's answer {shown}"
