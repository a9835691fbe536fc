"""The HTML report command, ``python -m helpers.report``, driven as a subprocess.

Bad input (every file of tests/malformed/, a missing file, bad options) must
stop before any kernel starts: exit status != 0, exactly one line on stderr
naming the file and the problem, no traceback, no HTML written. Every case
goes through the command's entry point ``main(argv)`` in process, and a
sample of them through a real subprocess (an interpreter start costs more
than a second, importing scikit-learn, so not all 50 of them). The
success cases start a kernel each (a few seconds), so there are only a few:
the example file, other column names, hostile names (escaping), the papermill
command of notebook 13, and a notebook that fails mid-run.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import precision_recall_curve, roc_auc_score, roc_curve

from helpers import load_predictions

ROOT = Path(__file__).resolve().parents[1]
MALFORMED = ROOT / "tests" / "malformed"
EXAMPLE = ROOT / "data" / "example_predictions.csv"
SCREENING = ROOT / "data" / "screening_predictions.csv"  # the default example of notebook 13
OTHER_NAMES = ROOT / "tests" / "wellformed" / "other_column_names.csv"
FRAUD_LEGIT = ROOT / "tests" / "wellformed" / "labels_fraud_legit.csv"
NOTEBOOK = ROOT / "notebooks" / "13_your_own_predictions.ipynb"
SCRIPT = "<script>alert(1)</script>"


def _malformed_table() -> dict[str, dict[str, str]]:
    lines = [line for line in (MALFORMED / "README.md").read_text("utf-8").splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    table = {}
    for line in lines[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        table[cells[0]] = dict(zip(header, cells, strict=True))
    return table


MALFORMED_TABLE = _malformed_table()
MALFORMED_FILES = sorted(p.name for p in MALFORMED.iterdir() if p.is_file() and p.name != "README.md")


def _run(args: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONWARNINGS="", MPLBACKEND="Agg")  # the report must still draw inline PNGs
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, "-m", "helpers.report", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ------------------------------------------------------------------ bad input: never reaches papermill

# case id -> (arguments, text the one stderr line must contain (case-insensitive))
BAD_OPTIONS: dict[str, tuple[list[str], list[str]]] = {
    "missing file": (["no_such_file.csv", "--prevalence", "0.01"], ["no_such_file.csv", "no such file"]),
    "a directory": ([str(MALFORMED), "--prevalence", "0.01"], ["malformed", "is a directory"]),
    "prevalence 0": ([str(EXAMPLE), "--prevalence", "0"], ["--prevalence", "between 0 and 1"]),
    "prevalence 1": ([str(EXAMPLE), "--prevalence", "1"], ["--prevalence", "between 0 and 1"]),
    "prevalence -0.5": ([str(EXAMPLE), "--prevalence", "-0.5"], ["--prevalence", "between 0 and 1"]),
    "prevalence 2": ([str(EXAMPLE), "--prevalence", "2"], ["--prevalence", "between 0 and 1"]),
    "prevalence abc": ([str(EXAMPLE), "--prevalence", "abc"], ["--prevalence", "'abc'", "number"]),
    "prevalence nan": ([str(EXAMPLE), "--prevalence", "nan"], ["--prevalence", "finite"]),
    "prevalence missing": ([str(EXAMPLE)], ["--prevalence", "required"]),
    "threshold abc": ([str(EXAMPLE), "--prevalence", "0.01", "--threshold", "abc"], ["--threshold", "'abc'"]),
    "threshold inf": ([str(EXAMPLE), "--prevalence", "0.01", "--threshold", "inf"], ["--threshold", "finite"]),
    "at-recall abc": ([str(EXAMPLE), "--prevalence", "0.01", "--at-recall", "abc"], ["--at-recall", "'abc'"]),
    "at-recall 1.5": ([str(EXAMPLE), "--prevalence", "0.01", "--at-recall", "1.5"], ["--at-recall", "(0, 1]"]),
    "cost-fp alone": ([str(EXAMPLE), "--prevalence", "0.01", "--cost-fp", "1"], ["--cost-fn", "both errors"]),
    "cost-fn 0": (
        [str(EXAMPLE), "--prevalence", "0.01", "--cost-fp", "1", "--cost-fn", "0"], ["--cost-fn", "> 0"]
    ),
    "two rules": (
        [str(EXAMPLE), "--prevalence", "0.01", "--at-recall", "0.9", "--threshold", "0.5"],
        ["one way", "--at-recall and --threshold"],
    ),
    "no such label column": (
        [str(EXAMPLE), "--prevalence", "0.01", "--y-true", "label"],
        ["example_predictions.csv", "'label'"],
    ),
    "no such score column": (
        [str(OTHER_NAMES), "--prevalence", "0.01", "--y-true", "truth"],
        ["other_column_names.csv", "'y_score'"],
    ),
    "same column twice": (
        [str(EXAMPLE), "--prevalence", "0.01", "--y-true", "y_score"],
        ["two different columns"],
    ),
    "pos-label not a label": (
        [str(FRAUD_LEGIT), "--prevalence", "0.01", "--pos-label", "spam"],
        ["labels_fraud_legit.csv", "'spam'", "'fraud'", "'legit'"],
    ),
    "text labels without pos-label": (
        [str(FRAUD_LEGIT), "--prevalence", "0.01"],
        ["labels_fraud_legit.csv", "'fraud'", "'legit'", "--pos-label"],
    ),
    "unknown option": ([str(EXAMPLE), "--prevalence", "0.01", "--colour", "red"], ["unrecognized", "--colour"]),
    "table folder missing": (
        [str(EXAMPLE), "--prevalence", "0.01", "--table", "nowhere/table.csv"],
        ["--table", "does not exist"],
    ),
    "same score column twice": (
        [str(EXAMPLE), "--prevalence", "0.01", "--y-score", "y_score", "--y-score", "y_score"],
        ["y_score", "twice"],
    ),
    "no such second score column": (
        [str(EXAMPLE), "--prevalence", "0.01", "--y-score", "y_score", "--y-score", "model_b"],
        ["example_predictions.csv", "'model_b'"],
    ),
    "out folder missing": (
        [str(EXAMPLE), "--prevalence", "0.01", "--out", "nowhere/report.html"],
        ["--out", "does not exist"],
    ),
}


def _bad_args(case: str) -> list[str]:
    if case in BAD_OPTIONS:
        return BAD_OPTIONS[case][0]
    return [str(MALFORMED / case), "--prevalence", "0.01"]  # a malformed file, the default --out (in cwd)


def _check_line(case: str, line: str, status: int) -> None:
    if case in BAD_OPTIONS:
        for text in BAD_OPTIONS[case][1]:
            assert text.lower() in line.lower(), f"{text!r} not in {line!r}"
        return
    expected = MALFORMED_TABLE[case]
    assert status == 1
    assert line.startswith(str(MALFORMED / case) + ":"), "the line starts with the file"
    assert expected["message mentions"].lower() in line.lower()
    if expected["column"] != "-":
        assert f"column '{expected['column']}'" in line
    if expected["row"] != "-":
        assert f"row {expected['row']} (line {expected['line']} of the file)" in line
    elif expected["line"] != "-":
        assert f"line {expected['line']}" in line


def test_every_malformed_file_is_listed():
    assert set(MALFORMED_FILES) == set(MALFORMED_TABLE)


@pytest.mark.parametrize("case", MALFORMED_FILES + list(BAD_OPTIONS))
def test_bad_input_refused_in_one_line(case, tmp_path, monkeypatch, capfd):
    """Every case through the command's own entry point, ``main(argv)``, in process (fast)."""
    import helpers.report as report

    monkeypatch.chdir(tmp_path)
    status = report.main(_bad_args(case))
    captured = capfd.readouterr()
    assert status != 0
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, f"expected one stderr line, got {captured.err!r}"
    assert "Traceback" not in captured.err
    assert list(tmp_path.iterdir()) == [], "nothing may be written"
    _check_line(case, lines[0], status)


# A sample of the same cases as real subprocesses (each costs an interpreter start).
SUBPROCESS_CASES = [
    "binary_junk.csv",
    "label_text.csv",
    "unclosed_quote.csv",
    "utf16.csv",
    "missing file",
    "prevalence abc",
    "prevalence -0.5",
    "threshold abc",
    "two rules",
    "no such label column",
    "unknown option",
]


@pytest.fixture(scope="module")
def bad_runs(tmp_path_factory):
    """The subprocess sample, run in parallel threads."""
    tmp = tmp_path_factory.mktemp("bad")

    def run(case: str) -> tuple[Path, subprocess.CompletedProcess[str]]:
        cwd = tmp / re.sub(r"\W", "_", case)
        cwd.mkdir()
        return cwd, _run(_bad_args(case), cwd, timeout=120)

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(zip(SUBPROCESS_CASES, pool.map(run, SUBPROCESS_CASES), strict=True))


@pytest.mark.parametrize("case", SUBPROCESS_CASES)
@pytest.mark.slow
def test_bad_input_refused_by_the_command(bad_runs, case):
    cwd, result = bad_runs[case]
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, f"expected one stderr line, got {result.stderr!r}"
    assert result.stdout == ""
    assert list(cwd.iterdir()) == [], "nothing may be written"
    _check_line(case, lines[0], result.returncode)


@pytest.mark.slow
def test_help_exits_zero(tmp_path):
    result = _run(["--help"], tmp_path, timeout=60)
    assert result.returncode == 0
    assert "--prevalence" in result.stdout and "--out" in result.stdout


# ------------------------------------------------------------------ success: one kernel start each


def _check_page(page: str, figures: int) -> None:
    assert page.lstrip().lower().startswith("<!doctype html>")
    # offline: nothing is loaded from the network (links inside CSS comments are harmless)
    assert not re.search(r"<script[^>]*\bsrc=", page, flags=re.I)
    assert not re.search(r"<link[^>]*\bhref=[\"']?https?:", page, flags=re.I)
    assert not re.search(r"@import", page)
    assert not re.search(r"url\([\"']?https?:", page)
    assert "<script" not in page.lower()
    # figures are embedded, and there is no code
    assert page.count('src="data:image/png;base64,') == figures
    assert "load_predictions(" not in page and "import " not in page
    # each figure says in words what it draws (helpers.figure_text), not nbconvert's "No description ..."
    alts = re.findall(r'<img\b[^>]*\balt="([^"]*)"', page)
    assert len(alts) == figures and all(alt.startswith("Figure") for alt in alts), alts


def _split_remarks(text: str) -> list[tuple[str, str]]:
    """Section 4's rules, counted on the half that chose them and on the other: where the other came out higher
    in a number the rule adapts to (precision and recall for the highest F1, recall for a recall target), the page
    must say so, and only there. Returns the (rule's line, metric) pairs it said so for."""
    pattern = (r"precision at [\d.]+% ([\d.]+) counted on the half that chose it, ([\d.]+) on the other; "
               r"recall ([\d.]+) and ([\d.]+)(\s+higher on the other half: ([a-z ]+) \()?")
    found = re.findall(pattern, text)
    assert len(found) == 2, found  # the highest-F1 rule and the user's recall target
    remarks = []
    for k, (same_p, other_p, same_r, other_r, _, higher) in enumerate(found):
        pairs = (("precision", same_p, other_p), ("recall", same_r, other_r))
        for metric, same, other in pairs if k == 0 else pairs[1:]:  # line 1: a recall target adapts recall only
            if float(other) != float(same):
                assert (metric in higher) == (float(other) > float(same)), (metric, same, other, higher)
            if metric in higher:
                remarks.append((k, metric))
    return remarks


def _text(page: str) -> str:
    body = page[page.index("<body") :]
    body = re.sub(r"<style.*?</style>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.slow
def test_report_on_the_example_file_without_a_rule(tmp_path):
    """No rule given: the page shows the trade-off and chooses no threshold (so prints no interval for one)."""
    result = _run([str(SCREENING), "--prevalence", "0.01"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = tmp_path / "screening_predictions_report.html"  # the default: <name>_report.html, here
    assert [p.name for p in tmp_path.iterdir()] == [out.name]
    assert "report written to" in result.stdout and str(out) in result.stdout
    assert "running notebook 13" in result.stderr  # progress
    page = out.read_text("utf-8")
    _check_page(page, figures=5)  # overview, ROC, PR, precision band, cost; no confusion matrix without a threshold
    text = _text(page)
    frame = load_predictions(SCREENING)
    auc = roc_auc_score(frame.y_true, frame.y_score)
    assert "rows: 20,000" in text
    assert f"prevalence in the file: {frame.y_true.mean():.2%}" in text and "1.50%" in text
    assert f"ROC AUC from the table: {auc:.6f}" in text
    assert "No rule given: no threshold is chosen" in text and "--at-recall" in text
    assert "recall target" in text and "judging half: 10,000 rows (150 positives)" in text
    assert "95 % interval:" not in text  # no interval for a threshold nobody chose
    assert "none chosen" in text
    assert "Summary" in text
    assert "Three ways to run it" not in text and "Exercises" not in text  # how-to-run and exercises left out


@pytest.mark.slow
def test_report_with_other_column_names_and_a_threshold(tmp_path):
    out = tmp_path / "sub" / "mine.html"
    out.parent.mkdir()
    result = _run(
        [str(OTHER_NAMES), "--prevalence", "0.001", "--y-true", "truth", "--y-score", "prob",
         "--threshold", "0.5", "--out", str(out)],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert [p.name for p in out.parent.iterdir()] == ["mine.html"]
    page = out.read_text("utf-8")
    _check_page(page, figures=6)
    text = _text(page)
    assert "columns: labels 'truth', scores 'prob'" in text
    assert "threshold: 0.5, set by you before the file was seen" in text
    assert "counted on all 4 rows" in text and "95 % interval:" in text
    assert "rows: 4" in text and "at deployment: 0.1000%" in text


@pytest.mark.slow
def test_report_on_a_compressed_tsv_with_text_labels(tmp_path):
    """A gzipped TSV whose labels are 'fraud'/'legit': --pos-label says which is positive; the AUC is scikit-learn's."""
    frame = load_predictions(SCREENING)
    source = tmp_path / "scores.tsv.gz"
    labels = np.where(frame.y_true == 1, "fraud", "legit")
    pd.DataFrame({"label": labels, "score": frame.y_score}).to_csv(source, sep="\t", index=False)
    out = tmp_path / "page.html"
    result = _run(
        [str(source), "--prevalence", "0.01", "--y-true", "label", "--y-score", "score", "--pos-label", "fraud",
         "--at-recall", "0.8", "--out", str(out)],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    text = _text(out.read_text("utf-8"))
    auc = roc_auc_score(labels == "fraud", frame.y_score)
    assert f"ROC AUC from the table: {auc:.6f}" in text
    assert f"rows: {len(frame):,}  positives: {int(frame.y_true.sum()):,}" in text


def _two_models(tmp_path: Path) -> tuple[Path, pd.DataFrame]:
    """The screening file with a second, weaker model: the first one's score plus noise, as a ';' CSV."""
    frame = load_predictions(SCREENING)
    rng = np.random.default_rng(0)
    weaker = np.clip(frame.y_score + rng.normal(0.0, 0.05, len(frame)), 0, 1).round(6)
    two = pd.DataFrame({"truth": frame.y_true, "model_a": frame.y_score, "model_b": weaker})
    source = tmp_path / "two.csv"
    two.to_csv(source, index=False)
    return source, two


@pytest.mark.slow
def test_two_score_columns_give_one_page_comparing_them(tmp_path):
    """Two --y-score columns: one page, each model's AUC (sklearn's) with DeLong's interval, the paired difference."""
    from helpers.delong import delong_auc_difference, delong_auc_interval

    source, two = _two_models(tmp_path)
    out = tmp_path / "compare.html"
    result = _run(
        [str(source), "--prevalence", "0.01", "--y-true", "truth", "--y-score", "model_a", "--y-score", "model_b",
         "--at-recall", "0.8", "--out", str(out), "--table", "table.csv"],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "2 models" in result.stderr
    page = out.read_text("utf-8")
    _check_page(page, figures=6)
    text = _text(page)
    for name in ("model_a", "model_b"):
        auc, low, high = delong_auc_interval(two.truth, two[name])
        assert auc == pytest.approx(roc_auc_score(two.truth, two[name]), abs=1e-12)
        assert f"{auc:.3f} [{low:.3f}, {high:.3f}]" in text
    table = pd.read_csv(tmp_path / "table.csv")
    assert list(table.columns) == ["model", "threshold", "tp", "fp", "recall", "fpr", "precision", "f1",
                                   "flagged_per_1000"]
    w = (two.truth.sum() / (len(two) - two.truth.sum())) * 0.99 / 0.01  # a negative's weight at 1 %
    for name in ("model_a", "model_b"):
        part = table[table.model == name]
        fpr, tpr, thr = roc_curve(two.truth, two[name], drop_intermediate=False)
        np.testing.assert_allclose(part.threshold, thr[1:])
        np.testing.assert_allclose(part.recall, tpr[1:])
        np.testing.assert_allclose(part.fpr, fpr[1:])
        precision, _, pr_thr = precision_recall_curve(two.truth, two[name], sample_weight=np.where(two.truth, 1.0, w))
        at = dict(zip(pr_thr, precision[:-1], strict=True))
        np.testing.assert_allclose(part.precision, [at[t] for t in part.threshold], rtol=1e-9)
    assert "per-threshold table at deployment written" in text
    diff, low, high, _ = delong_auc_difference(two.truth, two.model_a, two.model_b)
    assert diff > 0 and low > 0  # the noisy copy ranks worse, and 300 positives show it
    assert f"AUC model_a - model_b: {diff:+.4f}, 95 % interval {low:+.4f} to {high:+.4f}" in text
    assert "model_a ranks better" in text
    # the summary comes first: before the details of section 1
    assert text.index("At a glance") < text.index("1. The data")


@pytest.mark.slow
def test_user_text_is_escaped(tmp_path):
    name = "a&<b>bold.csv"
    source = tmp_path / name
    source.write_text(f"y_true,{SCRIPT}\n" + OTHER_NAMES.read_text().split("\n", 1)[1])
    out = tmp_path / "report.html"
    result = _run(
        [name, "--prevalence", "0.01", "--y-score", SCRIPT, "--cost-fp", "1", "--cost-fn", "20",
         "--out", "report.html"],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    page = out.read_text("utf-8")
    _check_page(page, figures=6)
    text = _text(page)
    assert "rule: lowest expected cost at deployment (a false positive costs 1, a false negative 20)" in text
    assert "chosen on the choosing half" in text and "counted on the judging half" in text
    assert SCRIPT not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "a&amp;&lt;b&gt;bold.csv" in page
    assert f"file: {name}" in text


@pytest.mark.slow
def test_papermill_command_with_other_column_names(tmp_path):
    shutil.copy(OTHER_NAMES, tmp_path / "my.csv")
    env = dict(os.environ, MPLBACKEND="Agg")  # the notebook still draws inline PNGs
    result = subprocess.run(
        [sys.executable, "-m", "papermill", str(NOTEBOOK), "out.ipynb",
         "-p", "predictions_path", "my.csv", "-p", "y_true_column", "truth",
         "-p", "y_score_column", "prob", "-p", "deploy_prevalence", "0.001"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Unable to parse" not in result.stderr
    nb = json.loads((tmp_path / "out.ipynb").read_text())
    text = "".join(
        "".join(out.get("text", "")) for cell in nb["cells"] for out in cell.get("outputs", []) if "text" in out
    )
    assert "file: my.csv" in text
    assert "columns: labels 'truth', scores 'prob'" in text
    assert "at deployment: 0.1000%" in text
    assert "rule: recall at least 0.8" in text  # the notebook's own default rule, shown by name
    outputs = [out for cell in nb["cells"] for out in cell.get("outputs", [])]
    assert not [out for out in outputs if out["output_type"] == "error"]
    assert sum("image/png" in out.get("data", {}) for out in outputs) == 6


def _page_text_without_ids(path: Path) -> str:
    return re.sub(r'id="cell-id=[^"]*"', "", path.read_text("utf-8"))


@pytest.mark.slow
def test_starting_the_kernel_while_the_file_is_read_gives_the_same_page(tmp_path, monkeypatch, capfd):
    """A big file starts the notebook's process before it is read: the page is byte for byte the one made after."""
    import helpers.report as report

    monkeypatch.chdir(tmp_path)
    pages = {}
    for name, early_from in [("after", 10**15), ("while", 0)]:
        monkeypatch.setattr(report, "EARLY_START_BYTES", early_from)
        status = report.main([str(SCREENING), "--prevalence", "0.01", "--at-recall", "0.8", "--out", f"{name}.html"])
        assert status == 0, capfd.readouterr().err
        pages[name] = _page_text_without_ids(tmp_path / f"{name}.html")
    assert pages["while"] == pages["after"]  # the figures' PNG bytes included
    assert sorted(p.name for p in tmp_path.iterdir()) == ["after.html", "while.html"]


@pytest.mark.slow
@pytest.mark.parametrize("case", ["label_text.csv", "score_inf.csv", "ragged_more.csv"])
def test_a_bad_file_stops_the_kernel_started_while_it_was_read(case, tmp_path, monkeypatch, capfd):
    """The same one line as when the file is read first; the notebook's process and its kernel end at once."""
    import helpers.report as report

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(report, "EARLY_START_BYTES", 0)
    stopped = []
    original = report._Runner.stop

    def stop(self):
        original(self)
        stopped.append(self.process.returncode)

    monkeypatch.setattr(report._Runner, "stop", stop)
    status = report.main(_bad_args(case))
    lines = capfd.readouterr().err.splitlines()
    assert len(lines) == 1 and "Traceback" not in lines[0]
    _check_line(case, lines[0], status)
    assert len(stopped) == 1 and stopped[0] is not None  # the process has ended (its exit status is known)
    assert list(tmp_path.iterdir()) == []


def test_printed_lines_make_one_block_however_the_kernel_flushed_them():
    """Two stream outputs of a cell (two flushes) give the page of one: one <pre>, the same bytes."""
    import nbformat

    from helpers import report
    from helpers.report_runner import to_html

    def page(texts):
        cell = nbformat.v4.new_code_cell("print('a'); print('b')")
        cell.id = "printing"  # the same id in both pages
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=t) for t in texts]
        nb = nbformat.v4.new_notebook(cells=[cell])
        return to_html(nb, "t", report._TEMPLATE, report.HIDE_TAG)

    one, two = page(["a\nb\n"]), page(["a\n", "b\n"])
    assert two.count("<pre>") == 1 and "a\nb\n" in two
    assert one == two


@pytest.mark.slow
def test_failure_mid_run_leaves_no_html(tmp_path, monkeypatch, capfd):
    """If the notebook fails after validation: one line, no traceback, no page."""
    import nbformat

    import helpers.report as report

    broken = nbformat.v4.new_notebook()
    params = nbformat.v4.new_code_cell("predictions_path = ''\ndeploy_prevalence = 0.5")
    params.metadata["tags"] = ["parameters"]
    broken.cells = [params, nbformat.v4.new_code_cell("raise RuntimeError('boom in the notebook')")]
    broken.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "broken.ipynb"
    nbformat.write(broken, path)
    monkeypatch.setattr(report, "NOTEBOOK", path)
    monkeypatch.chdir(tmp_path)
    status = report.main([str(EXAMPLE), "--prevalence", "0.01", "--out", "r.html"])
    captured = capfd.readouterr()
    assert status == 1
    last = captured.err.splitlines()[-1]
    assert "notebook 13 failed" in last and "boom in the notebook" in last
    assert "Traceback" not in captured.err
    assert not list(tmp_path.glob("*.html*")) and not list(tmp_path.glob(".report-*"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.ipynb"]


def test_main_in_process_refuses_bad_values(tmp_path, monkeypatch, capsys):
    """`report.main` returns the exit status and writes one line, without starting a kernel."""
    import helpers.report as report

    monkeypatch.chdir(tmp_path)
    assert report.main([str(MALFORMED / "score_nan.csv"), "--prevalence", "0.5"]) == 1
    assert report.main([str(EXAMPLE), "--prevalence", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "NaN" in err[0] and "--prevalence" in err[1]
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ on an engine (issue 17): the page from the counts

# case -> (file, extra options, text the one line must hold from every engine)
ENGINE_BAD = {
    "missing file": (Path("no_such_file.csv"), [], ["no_such_file.csv", "no such file"]),
    "no such label column": (EXAMPLE, ["--y-true", "label"], ["example_predictions.csv", "has no column 'label'"]),
    "pos-label not a label": (FRAUD_LEGIT, ["--pos-label", "spam"], ["pos_label 'spam' is not one of the labels"]),
    "third label": (MALFORMED / "label_third_class.csv", [], ["column 'y_true'", "label 'unknown' is neither"]),
    "single class": (MALFORMED / "single_class.csv", [], ["column 'y_true'", "holds only 0s (negatives)"]),
    "NaN score": (MALFORMED / "score_nan.csv", [], ["column 'y_score'", "the score is NaN"]),
    "blank score": (MALFORMED / "score_blank.csv", [], ["column 'y_score'", "the score is blank"]),
}


@pytest.fixture(scope="module")
def engine_bad_runs(tmp_path_factory):
    """Every case of ENGINE_BAD with --engine pandas and --engine duckdb, in parallel threads."""
    folder = tmp_path_factory.mktemp("engines")

    def run(key: tuple[str, str]) -> subprocess.CompletedProcess[str]:
        case, engine = key
        path, extra, _ = ENGINE_BAD[case]
        return _run([str(path), "--prevalence", "0.01", "--engine", engine, *extra], folder)

    keys = [(case, engine) for case in ENGINE_BAD for engine in ("pandas", "duckdb")]
    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(zip(keys, pool.map(run, keys), strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("case", sorted(ENGINE_BAD))
def test_bad_input_gets_one_line_from_every_engine(engine_bad_runs, case, engine):
    """A bad path, column or label: exit status 1 and one line naming the file, the column and the problem."""
    result = engine_bad_runs[case, engine]
    lines = [line for line in result.stderr.splitlines() if not line.startswith("report: ")]
    assert result.returncode == 1, result.stderr
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for text in ENGINE_BAD[case][2]:
        assert text in lines[0], f"{text!r} not in {lines[0]!r}"


@pytest.mark.slow
def test_report_on_duckdb_from_a_parquet_file(tmp_path):
    """--engine duckdb: progress per step, a page from the count tables, its AUC and its table scikit-learn's."""
    frame = load_predictions(SCREENING)
    rng = np.random.default_rng(3)
    frame["model_b"] = np.round(frame.y_score + rng.normal(0, 0.05, len(frame)), 3)  # ties
    source = tmp_path / "preds.parquet"
    frame.to_parquet(source)
    result = _run([str(source), "--prevalence", "0.01", "--at-recall", "0.8", "--engine", "duckdb", "--y-score",
                   "y_score", "--y-score", "model_b", "--table", "t.csv"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "counting 'y_score' by score with duckdb" in result.stderr
    assert "'model_b': 20,000 rows, 300 positives" in result.stderr
    page = (tmp_path / "preds_report.html").read_text("utf-8")  # the default name, extension dropped
    _check_page(page, figures=2)
    text = _text(page)
    assert "counted by duckdb" in text and "chosen on one half, counted on the other" in text
    for column in ("y_score", "model_b"):
        assert f"{roc_auc_score(frame.y_true, frame[column]):.3f} [" in text
    table = pd.read_csv(tmp_path / "t.csv")
    part = table[table["model"] == "model_b"]
    fpr, tpr, thresholds = roc_curve(frame.y_true, frame.model_b, drop_intermediate=False)
    np.testing.assert_allclose(part["threshold"], thresholds[1:])
    np.testing.assert_allclose(part["recall"], tpr[1:])
    np.testing.assert_allclose(part["fpr"], fpr[1:])


@pytest.mark.slow
def test_duckdb_report_is_the_same_with_or_without_every_score(tmp_path):
    """Without --table DuckDB hands over only the ROC vertices; every number of the page must stay the same."""
    frame = load_predictions(SCREENING)
    source = tmp_path / "preds.parquet"
    frame.to_parquet(source)
    texts = []
    for extra in ([], ["--table", "t.csv"]):
        out = tmp_path / f"page{len(extra)}.html"
        result = _run([str(source), "--prevalence", "0.01", "--at-recall", "0.8", "--engine", "duckdb",
                       "--out", str(out), *extra], tmp_path)
        assert result.returncode == 0, result.stderr
        text = re.sub(r"<img[^>]*>", "", out.read_text("utf-8"))
        texts.append(" ".join(_text(text).replace("per-threshold table at deployment written", "").split()))
    assert texts[0] == texts[1]
    assert f"{roc_auc_score(frame.y_true, frame.y_score):.3f} [" in texts[0]


@pytest.mark.slow
def test_duckdb_report_prices_each_models_threshold(tmp_path):
    """A cost rule on --engine duckdb: the expected cost per 1000 cases at each model's chosen threshold, next to
    flagging nobody and everybody, and marked on the chart; the first model's cost is recomputed here from the
    counts the page prints. The page says how its halves differ from the pandas engine's, and what it assumes."""
    frame = load_predictions(SCREENING)
    rng = np.random.default_rng(3)
    frame["model_b"] = np.round(frame.y_score + rng.normal(0, 0.05, len(frame)), 3)  # ties
    source = tmp_path / "preds.parquet"
    frame.to_parquet(source)
    pi, cost_fp, cost_fn = 0.005, 1.0, 100.0
    result = _run([str(source), "--prevalence", str(pi), "--cost-fp", str(cost_fp), "--cost-fn", str(cost_fn),
                   "--engine", "duckdb", "--y-score", "y_score", "--y-score", "model_b", "--out", "r.html"], tmp_path)
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "r.html").read_text("utf-8")
    _check_page(page, figures=2)
    text = " ".join(_text(page).split())

    def number(printed: str) -> tuple[float, float]:  # the value and half a unit of its last printed decimal
        decimals = len(printed.partition(".")[2])
        return float(printed.replace(",", "")), 0.5 * 10.0**-decimals + 1e-9

    line = re.search(r"flagging nobody ([\d,.]+), flagging everybody ([\d,.]+)", text)
    assert line, "no cost of flagging nobody and everybody on the page"
    (nobody, tol_nobody), (everybody, tol_everybody) = number(line[1]), number(line[2])
    assert abs(nobody - 1000 * pi * cost_fn) <= tol_nobody
    assert abs(everybody - 1000 * (1 - pi) * cost_fp) <= tol_everybody
    costs = {name: (float(t), *number(c)) for name, t, c in
             re.findall(r"(\w+) at its threshold (\S+): ([\d,.]+) \(counted on the judging half", text)}
    assert set(costs) == {"y_score", "model_b"}, costs
    counts = re.search(r"y_score at threshold (\S+): TP ([\d,]+), FN ([\d,]+), FP ([\d,]+), TN ([\d,]+)", text)
    threshold = float(counts[1])
    tp, fn, fp, tn = (int(g.replace(",", "")) for g in counts.groups()[1:])  # on the judging half, as the cost
    expected = 1000 * ((1 - pi) * fp / (fp + tn) * cost_fp + pi * fn / (tp + fn) * cost_fn)
    chosen, cost, tol = costs["y_score"]
    assert chosen == float(f"{threshold:.4g}") and abs(cost - expected) <= tol, (costs, expected)
    assert cost < min(nobody, everybody)  # the cheapest threshold of one half beats both extremes on the other
    alt = html.unescape([a for a in re.findall(r'<img\b[^>]*\balt="([^"]*)"', page) if "expected cost" in a][0])
    for name, (chosen, cost, _) in costs.items():  # each model's threshold marked on the chart, at its cost
        point = re.search(rf"'{name} at its threshold {chosen:.4g}' point at \(([\d.]+), ([\d.,]+)\)", alt)
        assert point, alt
        assert float(point[1]) == pytest.approx(chosen, rel=5e-3)
        assert float(point[2].replace(",", "")) == pytest.approx(cost, rel=5e-3, abs=0.05)
    # the halves, and the assumptions of the correction to the deployment prevalence
    for sentence in ("left out when your rule is a cost rule",
                     "They are drawn per model, from each model's own table, so two models are not judged on the same "
                     "rows",
                     "draws one split of the rows, shared by all models",
                     "differ from these by the luck of the split: the gap between the two pages is a measure of how "
                     "much the split moves the threshold",
                     "The deployment prevalence is taken as known exactly",
                     "assumes prior shift only: only the share of positives changes between the file and deployment",
                     "so recall and FPR carry over",
                     '"Flagged per 1000" is the expected number of cases flagged per 1000 at deployment, '
                     "1000 (π recall + (1 − π) FPR)"):
        assert sentence in text, sentence
    assert re.search(r"y_score 20,000 300 ", text)  # rows and positives with thousands separators
    for head in re.findall(r"<thead>.*?</thead>", page, flags=re.S):  # every table: one header row
        assert head.count("<tr") == 1, head


def test_auto_engine_picks_duckdb_for_folders_and_big_files(tmp_path, monkeypatch):
    from helpers import report

    small = tmp_path / "small.csv"
    small.write_text("y_true,y_score\n1,0.9\n0,0.1\n")
    assert report.pick_engine(small) == "pandas"
    assert report.pick_engine(tmp_path) == "pandas"  # a folder without Parquet files: refused by the reader
    (tmp_path / "part").mkdir()
    pd.DataFrame({"y_true": [1, 0], "y_score": [0.9, 0.1]}).to_parquet(tmp_path / "part" / "a.parquet")
    assert report.pick_engine(tmp_path) == "duckdb"
    assert report.pick_engine(str(tmp_path / "*.parquet")) == "duckdb"
    assert report.pick_engine(small, "spark") == "spark"
    monkeypatch.setattr(report, "_available_memory", lambda: 100)  # 5 % of 100 bytes: the file is bigger
    assert report.pick_engine(small) == "duckdb"
    with pytest.raises(ValueError, match="engine"):
        report.pick_engine(small, "polars")


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_small_precision_at_deployment_keeps_its_interval(tmp_path, engine):
    """At 0.1 % precision is near 0.005: the summary prints it and its interval with two significant digits,
    so the interval shows (three decimals printed 0.005 [0.004, 0.005]), and the numbers are in order."""
    result = _run([str(SCREENING), "--prevalence", "0.001", "--at-recall", "0.8", "--engine", engine,
                   "--out", "r.html"], tmp_path)
    assert result.returncode == 0, result.stderr
    text = _text((tmp_path / "r.html").read_text("utf-8"))
    glance = text[text.index("At a glance") : text.index("1. The data" if engine == "pandas" else "ROC curves")]
    triples = re.findall(r"(\d\.\d+) \[(\d\.\d+), (\d\.\d+)\]", glance)
    assert len(triples) == 3, triples  # ROC AUC, recall, precision at deployment
    value, low, high = triples[2]
    assert 0 < float(low) < float(value) < float(high) < 0.01
    for number in (value, low, high):
        assert len(number.replace(".", "").lstrip("0")) >= 2, number
    if engine == "pandas":  # section 7 at the example prices: its cost from the page's own counts, and the verdict
        tp, fn, fp, tn = (int(x.replace(",", "")) for x in re.search(
            r"at threshold [\d.]+: TP ([\d,]+), FN ([\d,]+), FP ([\d,]+), TN ([\d,]+)", text).groups())
        cost = 1000 * ((1 - 0.001) * fp / (fp + tn) * 1 + 0.001 * fn / (tp + fn) * 50)
        printed = re.search(r"y_score: at its threshold [\d.]+, ([\d.]+) per 1000 cases at deployment, at the "
                            r"example prices .*?flagging nobody costs ([\d.]+), flagging everybody ([\d.]+)", text)
        assert float(printed[1]) == pytest.approx(cost, abs=0.051)
        assert (float(printed[2]), float(printed[3])) == (50.0, 999.0)
        assert cost > 50 and "at these prices flagging nobody is cheaper" in text  # 0.1 %: a costly threshold
        assert _split_remarks(text) == []  # on this file both rules look better on the half that chose them


@pytest.mark.slow
def test_the_page_says_when_the_judging_half_was_the_luckier_one(tmp_path):
    """A split where the recall target's judging half beats the choosing half (0.870 against 0.802): the page
    must not leave "a rule looks better on its own half" uncontradicted; it says which numbers came out higher."""
    rng = np.random.default_rng(3)
    y = (rng.random(20_000) < 0.05).astype(int)
    score = np.round(1 / (1 + np.exp(-(rng.normal(size=y.size) + 1.5 * y - 2))), 4)
    pd.DataFrame({"y_true": y, "y_score": score}).to_csv(tmp_path / "lucky.csv", index=False)
    result = _run(["lucky.csv", "--prevalence", "0.001", "--at-recall", "0.8", "--out", "r.html"], tmp_path)
    assert result.returncode == 0, result.stderr
    text = _text((tmp_path / "r.html").read_text("utf-8"))
    assert (1, "recall") in _split_remarks(text)  # the user's recall target, counted on the other half
