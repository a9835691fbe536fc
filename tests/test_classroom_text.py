"""No code-only text on a classroom page (issue 37, item 5): what the committed notebooks show in classroom mode
(the markdown and the plain-text outputs of the cells not tagged ``code-only``) holds none of the phrases of
``tests/code_only_text.py``. The browser test checks each page's visible text the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from code_only_text import code_only_phrases

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = course_notebooks(ROOT / "notebooks")
RICHER = ("text/html", "text/markdown", "image/png", "application/vnd.jupyter.widget-view+json")


def classroom_texts(nb: dict) -> list[tuple[int, str]]:
    """``(cell index, text)`` for what classroom mode shows as text: each markdown cell's source, each printed
    stream and each output shown as plain text (one with no richer form, which the page would show instead),
    of the cells not tagged ``code-only``."""
    out = []
    for i, cell in enumerate(nb["cells"]):
        if "code-only" in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            out.append((i, "".join(cell["source"])))
            continue
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append((i, "".join(o["text"])))
            data = o.get("data", {})
            if "text/plain" in data and not any(k in data for k in RICHER):
                out.append((i, "".join(data["text/plain"])))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_classroom_pages_show_no_code_only_text(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = [f"cell {i}: {p}" for i, text in classroom_texts(nb) for p in code_only_phrases(text)]
    assert not found, f"{path.name} shows code-only text in classroom mode (reword it for both readers, or tag " \
                      f"its cell code-only):\n  " + "\n  ".join(found)


def test_the_check_finds_the_code_only_text_issue_37_lists():
    """Each sentence the issue names, as it stood, is found; the rewordings are not."""
    found = [
        'if you see a static picture or "Error displaying widget", run the cell again, and check',  # 00
        "no error\nthreshold 0.5: TN 960, FP 44",  # 03, 03b, 04: a check's output line
        "or explain why you cannot. Your answer: its\n`Counts`.",  # 02
        "Your answer: the\nthreshold *as the variable you computed* (not a number typed from a printout)",  # 03b
        "(deployed precision 0.5)? Check your answer with `corrected_precision`.",  # 06
        "just right of our cap at 0.1 %; so the cell below widens the FPR axis",  # 04
        "0.68–0.70 with two (the cell above).",  # 07
        "The next cell draws 200 splits and summarises them.",  # 07
        "Replace ... with your answer, then run this cell again.",
    ]
    for text in found:
        assert code_only_phrases(text), text
    kept = [
        "Your answer: its four counts.",
        "Your answer: the threshold, then the test precision and the test recall to three significant digits.",
        "Check your answer by correcting it back to the factory's class ratio.",
        "so the figure below widens the FPR axis; 0.68–0.70 with two (printed above).",
        "Leaving out digit 0 removes 37 correct answers and\nno error:",  # 10's prose: not a bare check line
        "The cell's output: precision 0.074",
    ]
    for text in kept:
        assert not code_only_phrases(text), text


def test_only_what_classroom_mode_shows_is_read():
    nb = {"cells": [
        {"cell_type": "markdown", "metadata": {"tags": ["code-only"]}, "source": ["Run this cell again."]},
        {"cell_type": "code", "metadata": {}, "source": [], "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["no error\n"]},
            {"output_type": "display_data", "metadata": {}, "data": {
                "text/plain": ["run this cell first"], "text/html": ["<div>quiz</div>"]}},
        ]},
        {"cell_type": "markdown", "metadata": {}, "source": ["See the cell below."]},
    ]}
    assert classroom_texts(nb) == [(1, "no error\n"), (2, "See the cell below.")]
