"""Every table the committed notebooks show has a header in every header cell (issue 18, item 3).

axe-core's `empty-table-header` rule flags a `<th>` with no text: a screen reader then announces a column
or row with no name. pandas emits one over an unnamed index (the top-left corner of `to_html`) and a row
of them when the index is named. This reads the committed notebooks as plain JSON (no nbformat, so
collection stays quick) and fails on any empty header cell in a text/html output, and on a markdown
table whose first header cell is empty.
"""

import html
import json
import re
from pathlib import Path

import pytest

from helpers.course_map import all_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = all_notebooks(ROOT / "notebooks")

_TABLE = re.compile(r"<table\b.*?</table>", re.S | re.I)
_TH = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_NOT_DISPLAYED = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)


def _text(cell_html: str) -> str:
    """What a screen reader reads of a cell: tags, entities (&nbsp;) and whitespace dropped."""
    return html.unescape(_TAG.sub("", cell_html)).replace("\xa0", " ").strip()


def empty_html_headers(page: str) -> list[tuple[int, int]]:
    """(table number, header cell number), from 1, of every `<th>` with no text in an HTML fragment."""
    page = _NOT_DISPLAYED.sub("", page)
    return [
        (t, h)
        for t, table in enumerate(_TABLE.findall(page), start=1)
        for h, th in enumerate(_TH.findall(table), start=1)
        if not _text(th)
    ]


def empty_markdown_headers(markdown: str) -> list[int]:
    """Line numbers, from 1, of markdown table header rows that have an empty cell."""
    lines = markdown.splitlines()
    bad = []
    for i in range(len(lines) - 1):
        header, rule = lines[i].strip(), lines[i + 1].strip()
        if "|" in header and re.fullmatch(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?", rule):
            cells = header.strip("|").split("|")
            if any(not _text(c) for c in cells):
                bad.append(i + 1)
    return bad


def _html_outputs(cell):
    for out in cell.get("outputs", []):
        page = out.get("data", {}).get("text/html")
        if page is not None:
            yield page if isinstance(page, str) else "".join(page)


def problems(nb: dict, name: str) -> list[str]:
    found = []
    for n, cell in enumerate(nb["cells"], start=1):
        if cell["cell_type"] == "markdown":
            for line in empty_markdown_headers("".join(cell["source"])):
                found.append(f"{name} cell {n} (markdown), table header on line {line} has an empty cell")
        for page in _html_outputs(cell):
            for table, th in empty_html_headers(page):
                found.append(f"{name} cell {n}, table {table}: header cell {th} (<th>) is empty")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_empty_table_header_cells(path):
    found = problems(json.loads(path.read_text()), path.name)
    assert not found, f"{len(found)} empty table header cells:\n" + "\n".join(found)


def test_the_check_finds_what_pandas_leaves_empty():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"a": [1, 2]}, index=["x", "y"])
    assert empty_html_headers(df.to_html()) == [(1, 1)]  # the corner over an unnamed index
    named = df.rename_axis("metric")
    assert len(empty_html_headers(named.to_html())) == 2  # a second header row: "metric" then an empty cell
    fixed = df.rename_axis(index=None, columns="metric")
    assert empty_html_headers(fixed.to_html()) == []
    styled = fixed.style.hide(axis="index", names=True)
    assert empty_html_headers(styled.to_html()) == []
    assert empty_html_headers("<table><tr><th>&nbsp;</th><th> <b></b> </th><th>x</th></tr></table>") == [(1, 1), (1, 2)]


def test_the_check_finds_an_empty_markdown_header():
    assert empty_markdown_headers("| | sick | healthy |\n|---|---|---|\n| test + | 8 | 100 |") == [1]
    assert empty_markdown_headers("| truth | sick |\n|:--|--:|\n| x | 1 |") == []
    assert empty_markdown_headers("a | b\n--- | ---\n1 | 2") == []


def test_the_check_names_notebook_cell_and_table():
    nb = {
        "cells": [
            {"cell_type": "markdown", "source": ["| | a |\n", "|---|---|\n"]},
            {"cell_type": "code", "outputs": [{"data": {"text/html": ["<table><tr><th></th></tr></table>"]}}]},
        ]
    }
    assert problems(nb, "x.ipynb") == [
        "x.ipynb cell 1 (markdown), table header on line 1 has an empty cell",
        "x.ipynb cell 2, table 1: header cell 1 (<th>) is empty",
    ]


def test_the_helpers_tables_have_a_header_over_their_row_labels():
    import numpy as np

    from helpers.counts import Counts
    from helpers.metric_table import zoo_table
    from helpers.multiclass import ovr_auc_table, per_class_counts

    rng = np.random.default_rng(0)
    y = np.repeat([0, 1, 2], 20)
    proba = rng.dirichlet(np.ones(3), size=y.size)
    tables = {
        "zoo_table": (zoo_table(Counts(tp=8, fn=2, fp=100, tn=890)), "metric"),
        "per_class_counts": (per_class_counts([[5, 1, 0], [2, 6, 1], [0, 1, 7]]), "class"),
        "ovr_auc_table": (ovr_auc_table(y, proba), "class"),
    }
    for name, (table, heading) in tables.items():
        page = table.to_html()
        assert empty_html_headers(page) == [], name
        assert re.search(rf"<thead>\s*<tr[^>]*>\s*<th>{heading}</th>", page), name
        assert page.count("<tr") == len(table) + 1, f"{name}: one header row"
        shown = table.iloc[:2, :2].to_html()  # a selection keeps the heading
        assert empty_html_headers(shown) == [] and f"<th>{heading}</th>" in shown, name


def test_a_styled_table_prints_its_numbers_not_an_address():
    import pandas as pd

    from helpers.tables import styled

    frame = pd.DataFrame({"rule": ["recall 0.8", "cost 1:50"], "precision": [0.047781, 0.123456]})
    styler = frame.style.hide(axis="index").format("{:.3g}", subset=["precision"]).set_uuid("t")
    table = styled(styler)
    assert "0x" not in repr(table) and "0.0478" in repr(table) and "0.123" in repr(table)
    assert table._repr_html_() == styler.to_html()
    assert "0.0478" in table._repr_html_() and "<th" in table._repr_html_()
