"""Small synthetic notebooks for the classroom's tests: an index's cards, code-only cells, a quiz, a widget.

:func:`write_course` writes a folder that looks like the course's ``notebooks/`` (course notebooks named
``NN_topic.ipynb`` / ``NNb_topic.ipynb``, one with a card that states no time, one with no card at all, a
solutions notebook in ``solutions/`` and a notebook that is not a course notebook) and returns what the index
must show. Each page is quick to run: a slider, a few cells, no data.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

QUIZ_QUESTION = {
    "question": "Which metric ignores the prevalence?",
    "type": "multiple_choice",
    "answers": [
        {"answer": "precision", "correct": False, "feedback": "Precision mixes the two classes."},
        {"answer": "TPR", "correct": True, "feedback": "TPR looks at the positives only."},
    ],
}
"""One multiple-choice question in jupyterquiz's format (the second answer is right)."""

CODE_ONLY_TEXT = "Replace ... with your answer, then run this cell again."
CODE_ONLY_RAN = "THIS CODE-ONLY CELL RAN"
AFTER_CODE_ONLY = "The cell after the exercise ran."

_SLIDER = (
    "import ipywidgets as widgets\n"
    "slider = widgets.IntSlider(value=3, min=0, max=10, description='count')\n"
    "label = widgets.Label(value='count is 3')\n"
    "slider.observe(lambda c: setattr(label, 'value', f\"count is {c['new']}\"), names='value')\n"
    "widgets.VBox([slider, label])"
)
_TALL = "\n\n".join(f"Paragraph {i}: text between the top of the page and its widget." for i in range(40))


def _card(number: str, title: str, lead: str | None, minutes: int | None) -> str:
    parts = [f"# {number} · {title}"]
    if lead:
        parts.append(lead)
    if minutes is not None:
        parts.append(f"**Time on your own:** about {minutes} minutes.")
    parts.append("**Learning goals**\n\n- one\n- two\n- three")
    return "\n\n".join(parts)


def _write(path: Path, cells: list) -> None:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def _tagged(cell, *tags: str):
    cell.metadata["tags"] = list(tags)
    return cell


def write_course(folder: Path) -> list[dict]:
    """Write the synthetic course into ``folder``; return the index's expected entries, in order.

    Each entry: ``name``, ``number``, ``title``, ``lead`` (plain text, or ""), ``minutes`` (on one's own, from
    the card, or None) and ``class_minutes`` (in class, from the teacher's guide ``TEACHING.md``, or None).
    """
    folder = Path(folder)
    expected = [
        {"name": "01_alpha.ipynb", "number": "01", "title": "Alpha and the confusion matrix",
         "lead": "Four counts, and every metric read off them.", "minutes": 25, "class_minutes": 20},
        {"name": "02_beta.ipynb", "number": "02", "title": "Beta without a stated time",
         "lead": "A card that states no time yet.", "minutes": None, "class_minutes": None},
        {"name": "02b_beta_split.ipynb", "number": "02b", "title": "A split-off notebook",
         "lead": "Split off notebook 02, with a quiz.", "minutes": 15, "class_minutes": 10},
        {"name": "03_no_card.ipynb", "number": "03", "title": "no card", "lead": "", "minutes": None,
         "class_minutes": 5},
    ]
    # the teacher's guide gives a time in class to 01, 02b and 03 (not 02), in its headings' words
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "TEACHING.md").write_text(
        "# Teacher's guide\n\nEach heading gives two times: 99 minutes in class is not a heading.\n\n"
        "## 01 · Alpha and the confusion matrix — 20 minutes in class (estimate; about 25 minutes on your own)\n\n"
        "Text.\n\n## 02b · A split-off notebook — 10 minutes in class (estimate; about 15 minutes on your own)\n\n"
        "## 03 · No card — 5 minutes in class (estimate)\n", encoding="utf-8")
    a, b, c, _ = expected
    # 01: a tall page (text above the widget), an exercise with code-only cells, and a widget
    _write(folder / a["name"], [
        new_markdown_cell(_card("01", a["title"], a["lead"], a["minutes"])),
        new_markdown_cell(_TALL),
        new_code_cell(_SLIDER),
        new_markdown_cell("**Exercise 1.** How many false positives are there?"),
        _tagged(new_markdown_cell(CODE_ONLY_TEXT), "code-only"),
        _tagged(new_code_cell(f"answer = ...\nraise RuntimeError({CODE_ONLY_RAN!r})"), "code-only"),
        new_code_cell(f"print({AFTER_CODE_ONLY!r})"),
        new_markdown_cell(_TALL),
    ])
    # 02: a card with no time; a widget
    _write(folder / b["name"], [
        new_markdown_cell(_card("02", b["title"], b["lead"], None)),
        new_code_cell(_SLIDER),
    ])
    # 02b: jupyterquiz's own output (HTML + JavaScript), and the same quiz as one HTML output with its script
    _write(folder / c["name"], [
        new_markdown_cell(_card("02b", c["title"], c["lead"], c["minutes"])),
        new_code_cell(f"import jupyterquiz\njupyterquiz.display_quiz([{QUIZ_QUESTION!r}])"),
        new_code_cell(
            "import base64, json\n"
            "from IPython.display import HTML, display\n"
            "from IPython.utils.capture import capture_output\n"
            "with capture_output() as cap:\n"
            "    jupyterquiz.display_quiz('#quiz_data')\n"
            "html = ''.join(o.data.get('text/html', '') for o in cap.outputs)\n"
            "script = ''.join(o.data.get('application/javascript', '') for o in cap.outputs)\n"
            f"data = base64.b64encode(json.dumps([{QUIZ_QUESTION!r}]).encode()).decode()\n"
            "display(HTML(f'<span id=\"quiz_data\" style=\"display:none\">{data}</span>' + html"
            " + f'<script>{script}</script>'))"
        ),
        new_code_cell(_SLIDER),
    ])
    # 03: no card at all (the index falls back to the file name)
    _write(folder / "03_no_card.ipynb", [new_markdown_cell("Just text, no title."), new_code_cell(_SLIDER)])
    # not listed: a solutions notebook and a notebook that is not a course notebook
    _write(folder / "solutions" / "01_alpha_solutions.ipynb", [
        new_markdown_cell(_card("01", "Alpha: worked solutions", "The answers.", 10)),
    ])
    _write(folder / "scratch.ipynb", [new_markdown_cell("# scratch")])
    return expected
