"""data/scale_measurements.csv holds what bench/bench_backends.py measured, as bench/README.md logs it.

Notebook 14 prints the measured peak memory of scikit-learn's ``roc_curve`` and of the report from this file,
so that no figure of memory is typed into its text. Each row must be a line that ``bench_backends.py`` printed in
the named section of bench/README.md (``--record`` appends the rows as it prints them).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """Each heading's text (without the ``#`` marks and a trailing parenthesis) -> the section's body."""
    found, heading, body = {}, None, []
    for line in text.splitlines():
        m = re.match(r"^#{2,4}\s+(.*?)\s*(\(.*\))?\s*$", line)
        if m:
            if heading is not None:
                found[heading] = "\n".join(body)
            heading, body = m.group(1), []
        elif heading is not None:
            body.append(line)
    if heading is not None:
        found[heading] = "\n".join(body)
    return found


def unlogged(table: pd.DataFrame, readme: str) -> list[str]:
    """Rows of ``table`` whose printed line (path, seconds, peak) is not in their section of ``readme``."""
    parts = sections(readme)
    missing = []
    for row in table.itertuples():
        body = parts.get(row.bench_readme_section)
        line = rf"\b{re.escape(row.path)}\s+{row.seconds:.1f} s\s+peak\s+{row.peak_gib:.2f} GiB"
        if body is None or not re.search(line, body):
            missing.append(f"{row.rows} rows, {row.path}: {row.seconds} s, {row.peak_gib} GiB "
                           f"in {row.bench_readme_section!r}")
    return missing


def test_every_measurement_is_logged_in_bench_readme():
    table = pd.read_csv(ROOT / "data" / "scale_measurements.csv")
    assert list(table.columns) == ["date", "rows", "path", "seconds", "peak_gib", "table_rows",
                                   "bench_readme_section"]
    assert set(table["path"]) <= {"sklearn", "numpy", "scored", "duckdb", "spark", "report"}
    assert (table["rows"] >= 10**7).all() and (table["peak_gib"] > 0).all()
    assert unlogged(table, README) == []
    assert {10**7, 10**8} <= set(table.loc[table["path"] == "sklearn", "rows"])  # notebook 14 prints both sizes


def test_the_check_can_fail():
    readme = "## A run (2026-11-23)\n\n```\n  sklearn     149.0 s   peak  8.48 GiB   99 rows\n```\n## Another\n"
    good = pd.DataFrame([{"rows": 10**8, "path": "sklearn", "seconds": 149.0, "peak_gib": 8.48,
                          "bench_readme_section": "A run"}])
    assert unlogged(good, readme) == []
    assert len(unlogged(good.assign(peak_gib=8.5), readme)) == 1
    assert len(unlogged(good.assign(bench_readme_section="Another"), readme)) == 1
