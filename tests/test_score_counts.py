"""The score-count table: the same table from every engine, the ROC table from it, and binning's AUC bound.

References are independent of the module: a Python dictionary that counts
rows one by one, ``math.floor`` for the rounding, a sorted list for the
quantile edges, and scikit-learn's ``roc_curve`` / ``roc_auc_score``.
Every engine present (pandas, DuckDB on a CSV and on a Parquet file, Spark)
must give a table identical to ``count_scores``.  The Spark tests are ``slow``
and share one ``local[2]`` session (the ``spark`` fixture in tests/conftest.py).
"""

from __future__ import annotations

import io
import math
import re
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score, roc_curve

from helpers.report.count import (
    SCORE_COUNT_SQL,
    binning_auc_error_bound,
    count_scores,
    roc_from_score_counts,
    score_count_table,
)
from helpers.report.read import PredictionFileError
from helpers.roc import ROC_COLUMNS, roc_table

# Scores with many ties, both zeros, negatives and values that sit on a rounding half.
SCORE_VALUES = [-1.5, -0.25, -0.0, 0.0, 0.05, 0.125, 0.15, 0.25, 0.285, 0.5, 0.625, 0.95, 1.0, 2.5, 1e-9, 123.456]


@st.composite
def labelled_scores(draw, max_n: int = 80) -> tuple[np.ndarray, np.ndarray]:
    """Labels with both classes, scores with ties (a few values, or any finite floats)."""
    n = draw(st.integers(2, max_n))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    assume(0 < y.sum() < n)
    values = st.sampled_from(SCORE_VALUES) | st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
    pool = draw(st.lists(values, min_size=1, max_size=8))
    s = np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)), dtype=np.float64)
    return y, s


def _reference(y, s, key=lambda v: v) -> pd.DataFrame:
    """Count row by row into a dictionary: the obvious way."""
    counts: dict[float, list[int]] = defaultdict(lambda: [0, 0])
    for label, score in zip(y, s, strict=True):
        counts[key(float(score)) + 0.0][0 if label == 1 else 1] += 1
    rows = sorted(counts.items(), reverse=True)
    return pd.DataFrame(
        {
            "score": np.array([r[0] for r in rows], dtype=np.float64),
            "n_pos": np.array([r[1][0] for r in rows], dtype=np.int64),
            "n_neg": np.array([r[1][1] for r in rows], dtype=np.int64),
        }
    )


def _half_up(digits: int):
    p = float(10**digits)
    return lambda v: math.floor(v * p + 0.5) / p if abs(v * p) < 2.0**52 else v


def _quantile_reference(y, s, k: int) -> pd.DataFrame:
    """Bins cut at the values of 0-based sorted positions ceil(j/k * n) - 1, labelled by their lowest score."""
    ordered = sorted(float(v) + 0.0 for v in s)
    edges = sorted({ordered[max(math.ceil((j / k) * len(ordered)) - 1, 0)] for j in range(1, k)})
    bins: dict[int, list] = defaultdict(lambda: [math.inf, 0, 0])
    for label, score in zip(y, s, strict=True):
        b = sum(e <= score + 0.0 for e in edges)
        bins[b][0] = min(bins[b][0], float(score) + 0.0)
        bins[b][1 if label == 1 else 2] += 1
    rows = sorted(bins.values(), reverse=True)
    return pd.DataFrame(
        {
            "score": np.array([r[0] for r in rows], dtype=np.float64),
            "n_pos": np.array([r[1] for r in rows], dtype=np.int64),
            "n_neg": np.array([r[2] for r in rows], dtype=np.int64),
        }
    )


def _same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a, b, check_exact=True)
    # bit for bit, -0.0 and 0.0 apart
    assert a["score"].to_numpy().tobytes() == b["score"].to_numpy().tobytes()


BINNINGS = [{}, {"digits": 0}, {"digits": 1}, {"digits": 2}, {"quantile_bins": 2}, {"quantile_bins": 5}]


# --------------------------------------------------------------------------- in memory


@given(labelled_scores())
def test_count_scores_is_the_row_by_row_count(data):
    y, s = data
    _same(count_scores(y, s), _reference(y, s))
    _same(count_scores(y.astype(bool), s), _reference(y, s))


@given(labelled_scores(), st.integers(0, 4))
def test_digits_round_halves_up_like_math_floor(data, digits):
    y, s = data
    _same(count_scores(y, s, digits=digits), _reference(y, s, _half_up(digits)))


def test_digits_rounding_mode_on_halves():
    table = count_scores([1, 0, 1, 0, 1, 0], [0.5, 1.5, 2.5, -0.5, -1.5, 0.125], digits=0)
    assert table.score.tolist() == [3.0, 2.0, 1.0, 0.0, -1.0]  # 0.5 -> 1, 1.5 -> 2, 2.5 -> 3, -0.5 -> 0, -1.5 -> -1
    assert count_scores([1, 0], [0.125, 0.375], digits=2).score.tolist() == [0.38, 0.13]


@given(labelled_scores(), st.integers(2, 9))
def test_quantile_bins_match_the_sorted_list(data, k):
    y, s = data
    table = count_scores(y, s, quantile_bins=k)
    _same(table, _quantile_reference(y, s, k))
    assert len(table) <= k


@given(labelled_scores())
def test_roc_from_score_counts_is_roc_table_and_sklearn(data):
    y, s = data
    roc = roc_from_score_counts(count_scores(y, s))
    expected = roc_table(y, s)
    assert list(roc.columns) == ROC_COLUMNS
    pd.testing.assert_frame_equal(roc, expected, check_exact=True)
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_array_equal(roc.fpr.to_numpy(), fpr)
    np.testing.assert_array_equal(roc.tpr.to_numpy(), tpr)
    np.testing.assert_array_equal(roc.threshold.to_numpy()[1:], thresholds[1:])
    assert roc.auc_piece.sum() == pytest.approx(roc_auc_score(y, s), abs=1e-12)


@given(labelled_scores(), st.sampled_from(BINNINGS[1:]))
def test_binned_auc_stays_within_the_bound(data, binning):
    y, s = data
    exact = roc_auc_score(y, s)
    table = count_scores(y, s, **binning)
    binned = roc_from_score_counts(table).auc_piece.sum()
    bound = binning_auc_error_bound(table)
    assert abs(binned - exact) <= bound + 1e-12
    assert 0.0 <= bound <= 0.5


def test_the_bound_is_reached_when_every_bin_orders_its_pairs():
    """In each 0.1-wide bin the positives score 0.04 above the bin, the negatives 0.01: binning ties every pair."""
    rng = np.random.default_rng(7)
    bins = rng.integers(0, 10, 400) / 10
    y = rng.integers(0, 2, 400)
    y[:2] = [0, 1]
    s = np.round(bins + np.where(y == 1, 0.04, 0.01), 2)
    table = count_scores(y, s, digits=1)
    gap = roc_auc_score(y, s) - roc_from_score_counts(table).auc_piece.sum()
    assert gap == pytest.approx(binning_auc_error_bound(table), abs=1e-12)
    assert gap > 0.01


def test_the_bound_of_an_exact_table_is_half_the_tied_pairs():
    y, s = np.array([1, 0, 1, 0, 0]), np.array([0.9, 0.9, 0.4, 0.4, 0.4])
    tied = sum(1 for i in range(5) for j in range(5) if y[i] == 1 and y[j] == 0 and s[i] == s[j])
    assert binning_auc_error_bound(count_scores(y, s)) == pytest.approx(tied / (2 * 2 * 3))


def test_the_sql_template_is_the_query():
    sql = SCORE_COUNT_SQL.format(pos=1, source="predictions")
    for part in ("GROUP BY score", "ORDER BY score DESC", "n_pos", "n_neg", "FROM predictions"):
        assert part in sql
    assert all(len(line) <= 100 for line in sql.splitlines())


# --------------------------------------------------------------------------- DuckDB and pandas


def _files(folder: Path, y, s, label="y_true", score="y_score") -> dict[str, Path]:
    frame = pd.DataFrame({label: y, score: s})
    frame.to_csv(folder / "p.csv", index=False)
    frame.to_parquet(folder / "p.parquet")
    return {"csv": folder / "p.csv", "parquet": folder / "p.parquet"}


@settings(max_examples=min(25, settings.default.max_examples // 2))  # files and queries: 0.4 s an example
@given(labelled_scores(max_n=60), st.sampled_from(BINNINGS))
def test_every_local_engine_gives_the_same_table(data, binning):
    y, s = data
    expected = count_scores(y, s, **binning)
    frame = pd.DataFrame({"y_true": y, "y_score": s})
    _same(score_count_table(frame, engine="pandas", **binning), expected)
    _same(score_count_table(frame, engine="duckdb", **binning), expected)
    with tempfile.TemporaryDirectory() as folder:
        for path in _files(Path(folder), y, s).values():
            _same(score_count_table(path, **binning), expected)


def test_folders_globs_and_label_codings(tmp_path):
    rng = np.random.default_rng(1)
    y, s = rng.integers(0, 2, 300), np.round(rng.random(300), 2)
    expected = count_scores(y, s)
    for i in range(3):
        part = pd.DataFrame({"y_true": y[i::3], "y_score": s[i::3]})
        part.to_parquet(tmp_path / f"part-{i}.parquet")
    _same(score_count_table(tmp_path), expected)
    _same(score_count_table(str(tmp_path / "part-*.parquet")), expected)
    words = pd.DataFrame({"truth": np.where(y == 1, "fraud", "legit"), "p": s})
    words.to_csv(tmp_path / "words.csv", index=False)
    _same(score_count_table(tmp_path / "words.csv", label="truth", score="p", pos_label="fraud"), expected)
    _same(score_count_table(words, label="truth", score="p", pos_label="fraud"), expected)
    flags = pd.DataFrame({"y_true": y == 1, "y_score": s})
    flags.to_parquet(tmp_path / "flags.parquet")
    _same(score_count_table(tmp_path / "flags.parquet"), expected)
    _same(score_count_table(flags), expected)
    signs = pd.DataFrame({"y_true": np.where(y == 1, 1, -1), "y_score": s})
    _same(score_count_table(signs, engine="duckdb"), expected)


def test_auto_picks_the_engine_by_the_source(tmp_path, monkeypatch):
    import helpers.report.count as module

    used = []
    for engine in ("pandas", "duckdb"):
        real = getattr(module, f"_table_{engine}")
        monkeypatch.setattr(module, f"_table_{engine}", lambda *a, _e=engine, _r=real: used.append(_e) or _r(*a))
    frame = pd.DataFrame({"y_true": [1, 0], "y_score": [0.8, 0.2]})
    score_count_table(frame)
    score_count_table(_files(tmp_path, [1, 0], [0.8, 0.2])["parquet"])
    assert used == ["pandas", "duckdb"]


# --------------------------------------------------------------------------- bad input, every engine


def _bad_sources(tmp_path: Path) -> dict[str, pd.DataFrame]:
    return {
        "missing column": pd.DataFrame({"label": [1, 0], "y_score": [0.5, 0.2]}),
        "three labels": pd.DataFrame({"y_true": [1, 0, 2, 0], "y_score": [0.5, 0.2, 0.3, 0.1]}),
        "one class": pd.DataFrame({"y_true": [0, 0, 0], "y_score": [0.5, 0.2, 0.3]}),
        "no such label": pd.DataFrame({"y_true": ["a", "b"], "y_score": [0.5, 0.2]}),
        "NaN score": pd.DataFrame({"y_true": [1, 0, 1], "y_score": [0.5, np.nan, 0.3]}),
        "infinite score": pd.DataFrame({"y_true": [1, 0, 1], "y_score": [0.5, np.inf, 0.3]}),
        "text score": pd.DataFrame({"y_true": [1, 0], "y_score": ["high", "low"]}),
    }


EXPECTED = {
    "missing column": r"has no column 'y_true'; its columns are 'label', 'y_score'",
    "three labels": r"column 'y_true': label '2' is neither '1' nor '0'; the labels must name two classes",
    "one class": r"column 'y_true': holds only 0s \(negatives\) in its 3 rows; the analyses need both classes",
    "no such label": r"column 'y_true': pos_label 1 is not one of the labels in this column: 'a', 'b'",
    "NaN score": r"column 'y_score': the score is (NaN \(not a number\)|blank); every row needs a",
    "infinite score": r"column 'y_score': the score is infinite; scores must be finite numbers",
    "text score": r"column 'y_score': holds \w+ values, not numbers; scores must be numbers",
}


@pytest.mark.parametrize("case", sorted(EXPECTED))
@pytest.mark.parametrize("where", ["pandas", "duckdb", "big csv", "big parquet"])
def test_bad_input_gets_one_line_naming_file_column_and_problem(tmp_path, monkeypatch, case, where):
    """DataFrames, and files above EXPLAIN_BYTES (set to 0 here), get the engine's own count-in-bulk message."""
    import helpers.report.count as module

    monkeypatch.setattr(module, "EXPLAIN_BYTES", 0)
    frame = _bad_sources(tmp_path)[case]
    if where.startswith("big"):
        kind = where.split()[1]
        path = tmp_path / f"bad.{kind}"
        frame.to_csv(path, index=False) if kind == "csv" else frame.to_parquet(path)
        source, engine, name = path, "duckdb", f"bad.{kind}"  # (a long path is shortened in the middle)
    else:
        source, engine, name = frame, where, "<DataFrame>"
    with pytest.raises(PredictionFileError) as caught:
        score_count_table(source, engine=engine)
    message = str(caught.value)
    assert "\n" not in message
    assert message.split(": ")[0].endswith(name), message
    assert re.search(EXPECTED[case], message), message


def _bad_files(folder: Path) -> dict[str, Path]:
    """The brief's bad files, as CSV and as Parquet: each case is refused by load_predictions."""
    files = {}
    for case, frame in _bad_sources(folder).items():
        files[f"{case} (csv)"] = folder / f"{case.replace(' ', '_')}.csv"
        frame.to_csv(files[f"{case} (csv)"], index=False)
        files[f"{case} (parquet)"] = folder / f"{case.replace(' ', '_')}.parquet"
        frame.to_parquet(files[f"{case} (parquet)"])
    files["empty file"] = folder / "empty.csv"
    files["empty file"].write_bytes(b"")
    files["header only"] = folder / "header.csv"
    files["header only"].write_text("y_true,y_score\n")
    files["text label, no pos_label"] = folder / "words.csv"
    files["text label, no pos_label"].write_text("y_true,y_score\nyes,0.9\nno,0.2\nno,0.4\n")
    files["text score late"] = folder / "late.csv"
    files["text score late"].write_text("y_true,y_score\n1,0.9\n0,0.2\n0,high\n1,0.4\n")
    files["third label late"] = folder / "third.parquet"
    third = pd.DataFrame({"y_true": [1, 0, 0, 2, 1], "y_score": [0.9, 0.2, 0.4, 0.5, 0.3]})
    third.to_parquet(files["third label late"])
    files["bad path"] = folder / "no_such_file.parquet"
    return files


BAD_FILES = sorted(_bad_files(Path(tempfile.mkdtemp(prefix="bad_files_names_"))))
ENGINES = ["duckdb", pytest.param("spark", marks=pytest.mark.slow)]


@pytest.mark.parametrize("case", BAD_FILES)
@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_says_what_load_predictions_says(tmp_path, request, engine, case):
    """The same file gets the same one line from every engine as from load_predictions (no normalisation:
    the same file name, column, first bad row and wording). pos_label as in load_predictions' call."""
    from helpers.report.read import load_predictions

    if engine == "spark":
        request.getfixturevalue("spark")
    path = _bad_files(tmp_path)[case]
    pos_label = None if "no pos_label" in case else 1
    with pytest.raises(PredictionFileError) as expected:
        load_predictions(str(path), pos_label=pos_label)
    with pytest.raises(PredictionFileError) as caught:
        score_count_table(str(path), engine=engine, pos_label=pos_label)
    assert str(caught.value) == str(expected.value)
    assert "\n" not in str(caught.value)


def test_bad_paths(tmp_path):
    with pytest.raises(PredictionFileError, match=r"nope\.parquet: no such file \(looked for .*\); check the name"):
        score_count_table(tmp_path / "nope.parquet")
    with pytest.raises(PredictionFileError, match=r"no file matches this pattern"):
        score_count_table(str(tmp_path / "*.parquet"))
    with pytest.raises(PredictionFileError, match=r"is a folder without data files"):
        score_count_table(tmp_path)
    (tmp_path / "garbage.parquet").write_bytes(b"PAR1 this is not parquet")
    with pytest.raises(PredictionFileError, match=r"garbage\.parquet: is a Parquet file that cannot be read"):
        score_count_table(tmp_path / "garbage.parquet")


def test_bad_arguments():
    frame = pd.DataFrame({"y_true": [1, 0], "y_score": [0.5, 0.2]})
    with pytest.raises(ValueError, match=r"^engine must be one of"):
        score_count_table(frame, engine="polars")
    with pytest.raises(ValueError, match=r"^digits and quantile_bins are two ways"):
        score_count_table(frame, digits=1, quantile_bins=3)
    with pytest.raises(ValueError, match=r"^engine='pandas' takes a pandas DataFrame"):
        score_count_table("x.csv", engine="pandas")
    with pytest.raises(ValueError, match=r"^label and score must name two different columns"):
        score_count_table(frame, label="y_true", score="y_true")
    with pytest.raises(ValueError, match=r"^table.score must be distinct and in decreasing order"):
        roc_from_score_counts(count_scores([1, 0], [0.5, 0.2]).iloc[::-1])
    with pytest.raises(ValueError, match=r"^y_score must be finite numbers"):
        count_scores([1, 0], [0.5, np.inf])


# --------------------------------------------------------------------------- Spark


def _spark_frame(spark, y, s, label="y_true", score="y_score"):
    rows = [(int(a), float(b)) for a, b in zip(y, s, strict=True)]
    return spark.createDataFrame(rows, f"{label} long, {score} double")


@pytest.mark.slow
def test_spark_gives_the_same_table_on_data_with_ties(spark, tmp_path):
    """One data set with ties (and -0.0, 0.0, rounding halves), exact and binned, from a Spark DataFrame and from
    files Spark reads. (A second or two a call on an idle machine; hypothesis would make it minutes.)"""
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 500)
    s = rng.choice(np.array(SCORE_VALUES + list(np.round(rng.normal(size=40), 3))), 500)
    frame = _spark_frame(spark, y, s).cache()
    for binning in ({}, {"digits": 1}, {"digits": 2}, {"quantile_bins": 5}):
        _same(score_count_table(frame, **binning), count_scores(y, s, **binning))
    files = _files(tmp_path, y, s)
    _same(score_count_table(files["parquet"], engine="spark", digits=2), count_scores(y, s, digits=2))
    _same(score_count_table(files["csv"], engine="spark"), count_scores(y, s))
    lines = ["y_true;y_score"] + [f"{a};{float(b)!r}".replace(".", ",") for a, b in zip(y, s, strict=True)]
    (tmp_path / "commas.csv").write_text("\n".join(lines) + "\n")  # decimal commas, as load_predictions reads
    _same(score_count_table(tmp_path / "commas.csv", engine="spark"), count_scores(y, s))


@pytest.mark.slow
def test_spark_refuses_bad_input_with_the_same_messages(spark, tmp_path):
    kinds = {"f": "double", "i": "long"}
    for case, frame in _bad_sources(tmp_path).items():
        rows = [tuple(v.item() if hasattr(v, "item") else v for v in r) for r in frame.itertuples(index=False)]
        schema = ", ".join(f"{c} {kinds.get(frame[c].dtype.kind, 'string')}" for c in frame.columns)
        with pytest.raises(PredictionFileError) as caught:
            score_count_table(spark.createDataFrame(rows, schema))
        message = str(caught.value)
        assert message.startswith("<Spark DataFrame>: ") and "\n" not in message
        assert re.search(EXPECTED[case], message), message
    frame = _bad_sources(tmp_path)["three labels"]
    frame.to_parquet(tmp_path / "three.parquet")
    with pytest.raises(PredictionFileError, match=r"^\S*three\.parquet: row 3, column 'y_true'"):
        score_count_table(tmp_path / "three.parquet", engine="spark")


# --------------------------------------------------------------------------- DuckDB: progress bar, decimal commas


def test_duckdb_progress_bar_is_off_unless_asked_for(monkeypatch, tmp_path):
    """The setting on the connection that runs the GROUP BY: off by default (never in a notebook), on if asked."""
    import helpers.report.count as module

    seen: list[bool] = []
    real = module._duckdb_connection

    def spying(memory_limit, progress=False):
        con = real(memory_limit, progress)
        seen.append(con.execute("SELECT current_setting('enable_progress_bar')").fetchall()[0][0])
        return con

    monkeypatch.setattr(module, "_duckdb_connection", spying)
    path = _files(tmp_path, [1, 0, 1], [0.8, 0.2, 0.4])["parquet"]
    score_count_table(path)
    score_count_table(path, progress=True)
    score_count_table(pd.DataFrame({"y_true": [1, 0], "y_score": [0.8, 0.2]}), engine="duckdb")
    assert seen == [False, True, False]


def test_duckdb_reads_decimal_commas_as_load_predictions_does(tmp_path):
    from helpers.report.read import load_predictions

    rng = np.random.default_rng(5)
    y, s = rng.integers(0, 2, 200), np.round(rng.normal(size=200), 3)
    y[:2] = [0, 1]
    lines = ["truth;p"] + [f"{'fraud' if a else 'legit'};{b:.3f}".replace(".", ",") for a, b in zip(y, s, strict=True)]
    path = tmp_path / "excel.csv"
    path.write_text("\n".join(lines) + "\n")
    loaded = load_predictions(str(path), y_true="truth", y_score="p", pos_label="fraud")
    expected = count_scores(loaded["truth"], loaded["p"])
    _same(expected, count_scores(y, s))  # load_predictions reads the commas (the premise of the test)
    _same(score_count_table(path, label="truth", score="p", pos_label="fraud", engine="duckdb"), expected)


# --------------------------------------------------------------------------- the report's vertex table


@settings(max_examples=min(25, settings.default.max_examples // 2))
@given(labelled_scores(max_n=60), st.lists(st.sampled_from(SCORE_VALUES), max_size=2), st.integers(1, 7))
def test_vertex_table_is_the_merged_score_count_table(data, keep, batch_rows):
    """DuckDB + numpy's streamed vertices equal merge_negative_runs on the full table (small batches: many)."""
    from helpers.report.count import _vertex_table
    from helpers.report.metrics import merge_negative_runs

    y, s = data
    with tempfile.TemporaryDirectory() as folder:
        path = _files(Path(folder), y, s)["parquet"]
        table, n_rows = _vertex_table(path, keep=tuple(keep), batch_rows=batch_rows)
    assert n_rows == len(y)
    _same(table, merge_negative_runs(count_scores(y, s), keep=tuple(keep)))


@pytest.mark.slow
def test_spark_session_of_its_own_is_quiet(spark, tmp_path):
    """With no active session, score_count_table starts a local one: its JVM writes nothing on stderr (the
    log level, the native-hadoop warning, the progress bar), and the table is right. (The fixture is asked
    for only so that the test is skipped where Spark cannot run; the child process starts its own JVM.)"""
    import subprocess
    import sys

    path = _files(tmp_path, [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1])["parquet"]
    code = ("from helpers.report.count import score_count_table; "
            f"print(score_count_table({str(path)!r}, engine='spark').to_json())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert pd.read_json(io.StringIO(done.stdout)).n_pos.tolist() == [1, 0, 1, 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-30, 30)), min_size=2, max_size=200), st.booleans())
def test_merged_table_is_the_merged_score_count_table(rows, negative_zero):
    """helpers.report.count.merged_table (one sort, bisection) = merge_negative_runs(count_scores(...))."""
    from helpers.report.count import merged_table
    from helpers.report.metrics import merge_negative_runs

    y = np.array([r[0] for r in rows])
    assume(y.any() and not y.all())
    s = np.array([r[1] / 4 for r in rows], dtype=float)
    if negative_zero:
        s[s == 0] = -0.0
    got = merged_table(y, s)
    want = merge_negative_runs(count_scores(y, s))
    pd.testing.assert_frame_equal(got.reset_index(drop=True), want.reset_index(drop=True))
