"""The report command, ``rare-report`` (``python -m helpers.report``), driven in process and as a subprocess.

Bad input (every file of tests/malformed/, a missing file, bad options) must
stop at once: exit status != 0, exactly one line on stderr naming the file and
the problem, no traceback, nothing written. Every case goes through the
command's entry point ``main(argv)`` in process, and a sample of them through
a real subprocess. The pages: written for a deployment decision (verdict,
warnings, the counts behind every rate, no word of notebooks), the same page
and JSON on every engine for the same file, rule and seed, and the numbers
checked against scikit-learn.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score, roc_curve

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


# ------------------------------------------------------------------ bad input: one line, nothing written

# case id -> (arguments, text the one stderr line must contain (case-insensitive))
BAD_OPTIONS: dict[str, tuple[list[str], list[str]]] = {
    "missing file": (["no_such_file.csv", "--prevalence", "0.01"], ["no_such_file.csv", "no such file"]),
    "a directory": ([str(MALFORMED), "--prevalence", "0.01"], ["malformed", "is a folder"]),
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
    from helpers.report import cli as report

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
    lowered = _text(page).lower()
    for word in ("notebook", " cell", "exercise", "parameters", "deployment_table", "at_recall", "recall_confidence"):
        assert word not in lowered, f"the page mentions {word!r}"
    # each figure says in words what it draws (helpers.figure_text), not nbconvert's "No description ..."
    alts = re.findall(r'<img\b[^>]*\balt="([^"]*)"', page)
    assert len(alts) == figures and all(alt.startswith("Figure") for alt in alts), alts


def _text(page: str) -> str:
    body = page[page.index("<body") :]
    body = re.sub(r"<style.*?</style>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_main_in_process_refuses_bad_values(tmp_path, monkeypatch, capsys):
    """`report.main` returns the exit status and writes one line, without starting a kernel."""
    from helpers.report import cli as report

    monkeypatch.chdir(tmp_path)
    assert report.main([str(MALFORMED / "score_nan.csv"), "--prevalence", "0.5"]) == 1
    assert report.main([str(EXAMPLE), "--prevalence", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "NaN" in err[0] and "--prevalence" in err[1]
    assert list(tmp_path.iterdir()) == []


# case -> (file, extra options, text the one line must hold from every engine)
ENGINE_BAD = {
    "missing file": (Path("no_such_file.csv"), [], ["no_such_file.csv", "no such file"]),
    "no such label column": (EXAMPLE, ["--y-true", "label"], ["example_predictions.csv", "has no column 'label'"]),
    "pos-label not a label": (FRAUD_LEGIT, ["--pos-label", "spam"], ["--pos-label 'spam' is not one of the labels"]),
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


# ------------------------------------------------------------------ the page and the JSON


def _report(tmp_path: Path, source: Path, name: str = "r", **kwargs) -> tuple[str, dict]:
    """build_report in process: the page's text and the JSON."""
    from helpers.report.cli import build_report

    kwargs.setdefault("prevalence", 0.01)
    build_report(source, out=tmp_path / f"{name}.html", json_path=tmp_path / f"{name}.json", **kwargs)
    return (tmp_path / f"{name}.html").read_text("utf-8"), json.loads((tmp_path / f"{name}.json").read_text())


def _numbers(data: dict) -> dict:
    """The JSON without what may differ between engines and runs: the engine's name and the provenance."""
    return {k: v for k, v in data.items() if k not in ("engine", "provenance")}


def _two_models(path: Path, n: int = 20_000, rate: float = 0.02, seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < rate).astype(int)
    frame = pd.DataFrame({"y_true": y, "a": np.round(rng.normal(1.5 * y, 1), 4), "b": np.round(rng.normal(y, 1), 3)})
    if path.suffix == ".parquet":
        frame.to_parquet(path)
    elif path.suffix == ".feather":
        frame.to_feather(path)
    else:
        frame.to_csv(path, index=False)
    return frame


def test_the_page_is_for_a_decision_and_its_numbers_are_scikit_learns(tmp_path):
    """Verdict first, the counts behind the rates, the threshold = the rule on all rows, AUC = scikit-learn's."""
    frame = load_predictions(SCREENING)
    page, data = _report(tmp_path, SCREENING, at_recall=0.8)
    _check_page(page, figures=1)
    text = _text(page)
    assert text.index("Verdict") < text.index("Each model at deployment") < text.index("Provenance")
    model = data["models"][0]
    assert model["auc"]["estimate"] == pytest.approx(roc_auc_score(frame.y_true, frame.y_score), abs=1e-12)
    positives = np.sort(frame.y_score[frame.y_true == 1].to_numpy())[::-1]
    k = int(np.ceil(0.8 * positives.size))
    assert model["threshold"] == positives[k - 1]  # the rule applied to every row
    flagged = frame.y_score >= model["threshold"]
    tp, fp = int((flagged & (frame.y_true == 1)).sum()), int((flagged & (frame.y_true == 0)).sum())
    assert model["counts_on_file"] == {"tp": tp, "fn": positives.size - tp, "fp": fp,
                                       "tn": int((frame.y_true == 0).sum()) - fp}
    assert f"flags {tp:,} of {positives.size:,}" in text  # the counts behind every rate
    for key in ("recall", "precision"):
        assert model[key]["low"] <= model[key]["estimate"] <= model[key]["high"]
    per = model["per_1000"]
    assert sum(per.values()) == pytest.approx(1000)
    assert per["tp"] + per["fn"] == pytest.approx(1000 * 0.01)
    assert model["flagged_per_1000"] == pytest.approx(per["tp"] + per["fp"])
    assert data["rows"] == len(frame) and data["positives"] == int(frame.y_true.sum()) and data["seed"] == 0
    assert data["auc_interval"].startswith("DeLong")
    assert "cost" not in text.lower().replace("costs", "")  # no prices given: no cost anywhere
    assert "--recall-confidence 0.95" in text  # what to do next: the recall margin


def test_pandas_and_duckdb_give_the_same_page_and_json(tmp_path):
    """Two models, a rule: the same numbers, comparisons included, and the same page but for the provenance."""
    source = tmp_path / "two.csv"
    _two_models(source)
    pages, datas = {}, {}
    for engine in ("pandas", "duckdb"):
        pages[engine], datas[engine] = _report(tmp_path, source, engine, engine=engine, y_score=["a", "b"],
                                               at_recall=0.8, prevalence=0.005, seed=7)
    assert _numbers(datas["pandas"]) == _numbers(datas["duckdb"])
    assert datas["duckdb"]["engine"] == "duckdb" and datas["duckdb"]["seed"] == 7
    body = [re.sub(r"<h2>Provenance</h2>.*", "", p, flags=re.S) for p in pages.values()]
    assert body[0] == body[1]
    pair = datas["pandas"]["comparisons"][0]
    assert pair["pair"] == "a - b" and pair["auc_low"] <= pair["auc_difference"] <= pair["auc_high"]
    assert pair["lr_low"] <= pair["lr_ratio"] <= pair["lr_high"]
    assert "Multiple comparisons" in _text(pages["pandas"])


def test_paired_auc_difference_is_delongs(tmp_path):
    """The pair table's DeLong difference equals helpers.delong's on the rows."""
    from helpers.delong import delong_auc_difference

    source = tmp_path / "two.csv"
    frame = _two_models(source, n=5000, rate=0.05)
    _, data = _report(tmp_path, source, y_score=["a", "b"], engine="pandas")
    diff, low, high, p = delong_auc_difference(frame.y_true, frame.a, frame.b)
    pair = data["comparisons"][0]
    assert pair["auc_difference"] == pytest.approx(diff, abs=1e-12)
    assert (pair["auc_low"], pair["auc_high"]) == pytest.approx((low, high), abs=1e-9)
    assert pair["p_value"] == pytest.approx(p, rel=1e-6)


def test_five_seeds_move_the_headline_precision_by_less_than_its_interval(tmp_path):
    source = tmp_path / "one.csv"
    _two_models(source, n=10_000, rate=0.023)
    results = [_report(tmp_path, source, f"s{seed}", y_score="a", at_recall=0.8, seed=seed)[1]["models"][0]
               for seed in range(5)]
    thresholds = {r["threshold"] for r in results}
    assert len(thresholds) == 1  # the deployed threshold is the rule on all rows: no seed moves it
    estimates = [r["precision"]["estimate"] for r in results]
    width = min(r["precision"]["high"] - r["precision"]["low"] for r in results)
    assert max(estimates) - min(estimates) < width / 4


def test_reversed_labels_and_few_positives_warn_first(tmp_path):
    """Breast cancer's target (0 = malignant) scored by P(malignant): the AUC's interval lies below 0.5."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_breast_cancer(return_X_y=True)
    p_malignant = cross_val_predict(make_pipeline(StandardScaler(), LogisticRegression()), X, y, cv=5,
                                    method="predict_proba")[:, 0]
    source = tmp_path / "cancer.csv"
    pd.DataFrame({"y_true": y, "y_score": p_malignant}).to_csv(source, index=False)
    page, data = _report(tmp_path, source, "cancer", at_recall=0.9)
    assert any("look reversed" in w and "--pos-label" in w for w in data["warnings"])
    text = _text(page)
    assert text.index("look reversed") < text.index("Verdict")
    rng = np.random.default_rng(0)
    few = tmp_path / "few.csv"
    y = np.zeros(5000, dtype=int)
    y[:3] = 1
    pd.DataFrame({"y_true": y, "y_score": rng.random(5000)}).to_csv(few, index=False)
    page, data = _report(tmp_path, few, "few", at_recall=0.8)
    assert any("Only 3 positives" in w for w in data["warnings"])
    assert data["auc_interval"].startswith("Newcombe")  # not DeLong's normal approximation clipped at 0 and 1
    from helpers.small_sample_auc import newcombe_auc_interval

    frame = pd.read_csv(few)
    auc = data["models"][0]["auc"]
    assert (auc["estimate"], auc["low"], auc["high"]) == pytest.approx(newcombe_auc_interval(frame.y_true,
                                                                                           frame.y_score))
    assert "Newcombe" in _text(page)
    assert _text(page).index("Only 3 positives") < _text(page).index("Verdict")


def test_nobody_flagged_is_said_in_words(tmp_path):
    source = tmp_path / "one.csv"
    _two_models(source, n=5000)
    page, data = _report(tmp_path, source, y_score="a", cost_fp=1000, cost_fn=1)
    model = data["models"][0]
    assert model["nobody_flagged"] and model["threshold"] is None and model["precision"]["estimate"] is None
    text = _text(page)
    assert "nobody is flagged" in text and "nan" not in text.split("Provenance")[0].lower().split()


def test_costs_appear_only_with_prices_and_are_plotted_against_the_share_flagged(tmp_path):
    source = tmp_path / "one.csv"
    _two_models(source, n=8000)
    page, data = _report(tmp_path, source, y_score=["a", "b"], cost_fp=1, cost_fn=60)
    _check_page(page, figures=2)
    cost = data["models"][0]["cost_per_1000"]
    per = data["models"][0]["per_1000"]
    assert cost["at_threshold"] == pytest.approx(1 * per["fp"] + 60 * per["fn"])
    assert cost["flag_nobody"] == pytest.approx(1000 * 0.01 * 60)
    alts = re.findall(r'alt="([^"]*)"', page)
    assert "cases flagged per 1000" in html.unescape(alts[1])


def test_a_small_precision_gets_a_log_axis(tmp_path):
    source = tmp_path / "one.csv"
    _two_models(source, n=8000)
    page, _ = _report(tmp_path, source, y_score="a", at_recall=0.8, prevalence=0.001)
    alt = html.unescape(re.findall(r'alt="([^"]*)"', page)[0])
    assert "log scale" in alt


def test_feather_glob_of_a_spark_folder_and_a_label_in_another_case(tmp_path):
    frame = _two_models(tmp_path / "two.feather", n=4000)
    _, from_feather = _report(tmp_path, tmp_path / "two.feather", "f", y_score="a", at_recall=0.8, engine="duckdb")
    frame.to_csv(tmp_path / "two.csv", index=False)
    _, from_csv = _report(tmp_path, tmp_path / "two.csv", "c", y_score="a", at_recall=0.8, engine="pandas")
    assert _numbers(from_feather) == _numbers(from_csv)
    _, pandas_feather = _report(tmp_path, tmp_path / "two.feather", "pf", y_score="a", at_recall=0.8,
                                engine="pandas")
    assert _numbers(pandas_feather) == _numbers(from_csv)
    folder = tmp_path / "spark_out"
    folder.mkdir()
    texts = frame.assign(y_true=frame.y_true.map({1: "Positive", 0: "negative"}))
    for k in range(3):
        part = texts.iloc[k * len(texts) // 3:(k + 1) * len(texts) // 3]
        part.to_csv(folder / f"part-0000{k}.csv", index=False)
        (folder / f".part-0000{k}.csv.crc").write_bytes(b"\x00crc")
    (folder / "_SUCCESS").write_text("")
    _, from_glob = _report(tmp_path, f"{folder}/*", "g", y_score="a", at_recall=0.8, pos_label="positive")
    assert _numbers(from_glob) == _numbers(from_csv)


def test_drop_missing_says_how_many_on_every_engine(tmp_path):
    source = tmp_path / "gaps.csv"
    frame = _two_models(tmp_path / "whole.csv", n=3000).astype({"y_true": object, "a": object})
    frame.loc[[3, 10], "a"] = "NA"
    frame.loc[[20], "y_true"] = ""
    frame.to_csv(source, index=False)
    results = {engine: _report(tmp_path, source, engine, y_score="a", at_recall=0.8, drop_missing=True,
                               engine=engine) for engine in ("pandas", "duckdb")}
    assert _numbers(results["pandas"][1]) == _numbers(results["duckdb"][1])
    data = results["pandas"][1]
    assert data["dropped_rows"] == 3 and data["rows"] == 2997
    assert "3 rows with a missing label or score were left out" in _text(results["pandas"][0])


def test_table_header_warns_of_the_same_rows_bias(tmp_path):
    from helpers.report.cli import build_report

    build_report(EXAMPLE, prevalence=0.01, at_recall=0.8, out=tmp_path / "r.html", table=tmp_path / "t.csv")
    first = (tmp_path / "t.csv").read_text().splitlines()[0]
    assert first.startswith("#") and "same-rows bias" in first
    table = pd.read_csv(tmp_path / "t.csv", comment="#")
    frame = load_predictions(EXAMPLE)
    fpr, tpr, thresholds = roc_curve(frame.y_true, frame.y_score, drop_intermediate=False)
    for t in table.threshold.to_numpy()[:50]:
        i = np.flatnonzero(thresholds >= t)[-1]  # scikit-learn's vertex at that threshold
        row = table[table.threshold == t].iloc[0]
        assert row.recall == pytest.approx(tpr[i]) and row.fpr == pytest.approx(fpr[i])


def test_auto_engine_chooses_by_the_work(tmp_path, monkeypatch):
    from helpers.report import cli

    small = tmp_path / "small.csv"
    small.write_text("y_true,y_score\n1,0.9\n0,0.1\n")
    assert cli.pick_engine(small) == "pandas"
    assert cli.pick_engine(tmp_path) == "duckdb"
    assert cli.pick_engine(str(tmp_path / "*.parquet")) == "duckdb"
    assert cli.pick_engine(small, "spark") == "spark"
    pd.DataFrame({"y_true": [1, 0] * 10, "y_score": np.arange(20.0)}).to_parquet(tmp_path / "p.parquet")
    monkeypatch.setattr(cli, "AUTO_PANDAS_VALUES", 30)
    assert cli.pick_engine(tmp_path / "p.parquet") == "pandas"
    assert cli.pick_engine(tmp_path / "p.parquet", columns=2) == "duckdb"  # 40 values
    monkeypatch.setattr(cli, "_available_memory", lambda: 1, raising=False)  # free memory plays no part
    assert cli.pick_engine(small) == "pandas"
    with pytest.raises(ValueError, match="engine"):
        cli.pick_engine(small, "polars")


def test_user_text_is_escaped(tmp_path):
    source = tmp_path / "x.csv"
    frame = _two_models(source, n=3000)
    frame.rename(columns={"a": SCRIPT}).to_csv(source, index=False)
    page, _ = _report(tmp_path, source, y_score=SCRIPT, at_recall=0.8)
    assert SCRIPT not in page and html.escape(SCRIPT) in page


@pytest.mark.slow
def test_the_command_writes_page_json_and_provenance(tmp_path):
    result = _run([str(EXAMPLE), "--prevalence", "0.01", "--at-recall", "0.8", "--seed", "3", "--json", "r.json"],
                  tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["seed"] == 3 and data["engine"] == "pandas" and data["version"]
    prov = data["provenance"]
    import hashlib

    assert prov["sha256"] == hashlib.sha256(EXAMPLE.read_bytes()).hexdigest()
    assert prov["command"].startswith("rare-report ") and "--seed 3" in prov["command"]
    page = (tmp_path / "example_predictions_report.html").read_text("utf-8")
    for key in ("command", "version", "sha256", "rows", "positives", "seed", "engine", "date"):
        assert f">{key}<" in page


@pytest.mark.slow
def test_spark_gives_the_same_json(tmp_path, spark):
    source = tmp_path / "two.parquet"
    _two_models(source, n=6000)
    results = {engine: _report(tmp_path, source, engine, engine=engine, y_score=["a", "b"], at_recall=0.8)[1]
               for engine in ("pandas", "spark")}
    assert _numbers(results["pandas"]) == _numbers(results["spark"])


# ------------------------------------------------------------------ the decision follows the numbers, not the order


def _weak_and_strong(path: Path, seed: int, positives: int = 30, n: int = 3000) -> pd.DataFrame:
    """A file with few positives scored by a weak model (AUC near 0.6) and a strong one (AUC near 0.85)."""
    rng = np.random.default_rng(seed)
    y = np.zeros(n, dtype=int)
    y[:positives] = 1
    frame = pd.DataFrame({"y_true": y, "weak": np.round(rng.normal(0.45 * y, 1), 6),
                          "strong": np.round(rng.normal(1.5 * y, 1), 6)})
    frame.to_csv(path, index=False)
    return frame


def _section(page: str, heading: str) -> str:
    """The text of one h2 section of the page."""
    part = re.search(rf"<h2>{heading}</h2>(.*?)(<h2>|</section>|$)", page, flags=re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", " ", part))


@pytest.mark.parametrize(("seed", "branch"), [(0, "close to chance"), (4, "includes chance")])
def test_few_positives_name_the_clearly_better_model_whatever_the_order(tmp_path, seed, branch):
    """30 positives: do not decide, but name the model that ranks clearly better (Holm), in either --y-score order;
    what to do next speaks of it, and monitoring waits for a model to be chosen."""
    source = tmp_path / "few.csv"
    frame = _weak_and_strong(source, seed)
    runs = {order: _report(tmp_path, source, "_".join(order), y_score=list(order), at_recall=0.8, prevalence=0.002)
            for order in (("weak", "strong"), ("strong", "weak"))}
    assert roc_auc_score(frame.y_true, frame.strong) > roc_auc_score(frame.y_true, frame.weak)
    for page, data in runs.values():
        pair = data["comparisons"][0]
        assert pair["p_holm"] < 0.05  # the page's own comparison: a clear difference
        decision = data["recommendation"]
        assert decision["decision"] == "do_not_decide" and decision["model"] is None
        assert decision["better_model"] == "strong"
        auc = {m["name"]: m["auc"] for m in data["models"]}
        diff = abs(pair["auc_difference"])
        low, high = sorted(abs(v) for v in (pair["auc_low"], pair["auc_high"]))
        said = (f"strong ranks the real cases clearly better than weak: ROC AUC {auc['strong']['estimate']:.3f} "
                f"against {auc['weak']['estimate']:.3f}, a difference of {diff:.3f} (95 % interval {low:.3f} to "
                f"{high:.3f}, Holm-adjusted p = {pair['p_holm']:.3g})")
        text = _text(page)
        assert said in decision["text"] and said in text
        weak_low, weak_high = auc["weak"]["low"], auc["weak"]["high"]
        chance = f"weak's ROC AUC interval ({weak_low:.3f} to {weak_high:.3f})"
        assert (weak_low <= 0.5) == (branch == "includes chance")  # each seed exercises one branch
        if weak_low <= 0.5:
            assert f"{chance} includes 0.5" in decision["text"]
        else:
            assert f"{chance} reaches down to {weak_low:.3f}, close to 0.5" in decision["text"]
        assert "strong's ROC AUC interval" not in decision["text"]  # said only of the model the numbers point at
        steps = _section(page, "What to do next")
        assert "strong's precision" in steps and "weak" not in steps
        assert "Monitoring: not applicable until a model is chosen" in steps and "expect about" not in steps
    first, second = (data["recommendation"] for _, data in runs.values())
    assert first == second  # the order of --y-score changes nothing the page recommends


def test_what_to_do_next_follows_the_recommended_model_not_the_first_column(tmp_path):
    """Enough positives to decide: the deployed model is the more precise one, and the steps monitor it, in
    either order of the score columns."""
    source = tmp_path / "two.csv"
    _two_models(source, n=20_000, rate=0.02)
    for order in (["a", "b"], ["b", "a"]):
        page, data = _report(tmp_path, source, "_".join(order), y_score=order, at_recall=0.8)
        models = {m["name"]: m for m in data["models"]}
        best = max(models, key=lambda name: models[name]["precision"]["estimate"])
        assert data["recommendation"]["decision"] == "deploy_if_workable"
        assert data["recommendation"]["model"] == best == "a"
        assert data["recommendation"]["flag_if"] == models[best]["flag_if"]
        steps = _section(page, "What to do next")
        assert f"Monitor {best} after deployment: expect about {models[best]['flagged_per_1000']:,.1f}" in steps
        assert f"{best}'s precision" in steps and "b's" not in steps


def _flag_count(scores: np.ndarray, labels: np.ndarray, rule: str) -> dict[str, int]:
    match = re.fullmatch(r"score >= (\S+)", rule)
    assert match, rule
    flagged = scores >= float(match.group(1))
    pos = labels == 1
    return {"tp": int((flagged & pos).sum()), "fn": int((~flagged & pos).sum()),
            "fp": int((flagged & ~pos).sum()), "tn": int((~flagged & ~pos).sum())}


@pytest.mark.parametrize("rule", [{"at_recall": 0.8}, {"cost_fp": 1, "cost_fn": 50}])
def test_the_rule_to_deploy_is_exact_and_reproduces_the_counts(tmp_path, rule):
    """The page and the JSON state "flag a case when its score is >= T" with T exact: applied with numpy to the
    file's scores (parsed by Python, not by the report's reader), it gives the counts on the file; the threshold
    rounded to 6 significant digits, as the page used to print it, does not."""
    import csv

    source = tmp_path / "digits.csv"
    rng = np.random.default_rng(1)
    y = (rng.random(30_000) < 0.01).astype(int)
    draws = rng.integers(0, 10**9, size=(3, y.size))  # scores with 9 decimals; a positive's is the best of 3 draws
    pd.DataFrame({"y_true": y, "y_score": np.where(y == 1, draws.max(axis=0), draws[0]) / 1e9}).to_csv(
        source, index=False)
    with source.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    labels = np.array([int(r["y_true"]) for r in rows])
    scores = np.array([float(r["y_score"]) for r in rows])
    page, data = _report(tmp_path, source, **rule)
    model = data["models"][0]
    assert _flag_count(scores, labels, model["flag_if"]) == model["counts_on_file"]
    assert data["recommendation"]["flag_if"] == model["flag_if"]
    exact = model["flag_if"].split(">= ")[1]
    text = _text(page)
    verdict_text = _section(page, "Verdict")
    assert f"flagging a case when its score is ≥ {exact}:" in verdict_text
    assert f"flag a case when its score is ≥ {exact} (this exact value" in verdict_text
    assert f"scores ≥ {exact} flags {model['counts_on_file']['tp']:,} of" in text
    rounded = f"score >= {float(exact):.6g}"
    assert _flag_count(scores, labels, rounded) != model["counts_on_file"]  # the digits matter on this file


def test_recall_met_on_the_file_but_estimated_below_for_new_cases_is_said_in_one_sentence(tmp_path):
    """The screening file: 240 of 300 found (the target, 0.8, met on the file) but the corrected estimate is below
    0.8, so the verdict says both, with enough digits to show it is below; with a margin or another rule, not."""
    page, data = _report(tmp_path, SCREENING, "target", at_recall=0.8)
    model = data["models"][0]
    tp, fn = model["counts_on_file"]["tp"], model["counts_on_file"]["fn"]
    est, low, high = (model["recall"][k] for k in ("estimate", "low", "high"))
    assert tp / (tp + fn) >= 0.8 > est and model["recall_target_met_on_file"] is True
    k = next(k for k in range(5) if round(100 * est, k) < 80)
    sentence = (f"Recall target 80 %: met on this file ({tp:,} of {tp + fn:,} real cases found, "
                f"{100 * tp / (tp + fn):.1f} %); for new cases the estimate is {100 * est:.{k}f} % (95 % interval "
                f"{100 * low:.{k}f} % to {100 * high:.{k}f} %), which may fall short of it. The chance that recall on "
                f"new cases reaches the 80 % target is {100 * model['recall_target_chance']:.0f} %: of files with "
                f"{tp + fn} real cases scored like this one, the share in which this rule's threshold reaches it.")
    assert sentence in _section(page, "Verdict")
    assert round(100 * est, k) < 80 and f"{round(100 * est):.0f} % of the real cases" not in _text(page)
    for name, rule in (("margin", {"at_recall": 0.8, "recall_confidence": 0.95}), ("cost", {"cost_fp": 1,
                                                                                           "cost_fn": 50})):
        page, data = _report(tmp_path, SCREENING, name, **rule)
        model = data["models"][0]
        if "recall_confidence" in rule:
            assert model["recall"]["estimate"] >= 0.8 and model["recall_target_met_on_file"] is True
        else:
            assert model["recall_target_met_on_file"] is None
        assert "met on this file" not in _text(page) and "It would find" in _section(page, "Verdict")
