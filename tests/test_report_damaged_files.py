"""Damaged Parquet/Feather files, folders and patterns on the command line: one line naming the file, on every engine.

A cold reader found tracebacks (DuckDB's ``No magic bytes found``, with its
SQL) for a truncated Parquet file read alone or as a part of a folder or a
pattern, pyarrow's message without the file's name on ``--engine auto``, a
folder whose CSV part was silently left out (10 000 of 20 000 rows read), and
a ``.parquet`` file of text parsed as CSV. Each case drives the real command,
``main(argv)`` in process (a traceback would be an exception here) and, for
a sample, ``python -m helpers.report`` in a subprocess; each checks the exit
status, exactly one line on stderr naming the file and the problem, and that
no page was written.

The Spark cases that fail while the source is resolved (before Spark starts)
run without PySpark too; the ones that need Spark to read take the ``spark``
fixture (skipped here without PySpark and Java, run in CI).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from helpers.report import cli

DAMAGED = "; the file is damaged or incomplete"
ENGINES = ["auto", "pandas", "duckdb", "spark"]
MANY = ["auto", "duckdb", "spark"]  # the engines that read a folder or a pattern


def _frame(n: int = 10_000, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.05).astype(int)
    return pd.DataFrame({"y_true": y, "y_score": np.round(rng.normal(1.5 * y, 1), 4)})


def _truncate(good: Path, target: Path) -> Path:
    """A copy of a good file cut to half its bytes, as an interrupted copy or download leaves it."""
    data = good.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    return target


def _scramble_pages(good: Path, target: Path) -> Path:
    """A Parquet file whose footer is intact but whose data pages are garbage (a disk error)."""
    data = bytearray(good.read_bytes())
    for i in range(100, len(data) // 2):
        data[i] = (data[i] * 7 + 3) % 256
    target.write_bytes(bytes(data))
    return target


def _cli(capsys, tmp_path: Path, source: str, engine: str) -> tuple[int, list[str]]:
    """``rare-report SOURCE --engine ENGINE`` in process: the exit status and stderr's lines (progress aside)."""
    out = tmp_path / "page.html"
    status = cli.main([source, "--prevalence", "0.01", "--engine", engine, "--out", str(out), "--json",
                       str(tmp_path / "page.json")])
    lines = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("report: ")]
    if status != 0:
        assert not out.exists(), "a page was written for bad input"
    return status, lines


def _one_line(capsys, tmp_path: Path, source: str, engine: str) -> str:
    status, lines = _cli(capsys, tmp_path, source, engine)
    assert status == 1, lines
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0] and "SELECT" not in lines[0] and "_duckdb" not in lines[0], lines[0]
    assert lines[0].isprintable(), repr(lines[0])  # no control byte of a library's message (pyarrow's thrift errors)
    return lines[0]


def _needs_spark_to_read(engine: str, request) -> None:
    if engine == "spark":
        request.getfixturevalue("spark")


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    """Run in the test's folder and name files relatively, as a user does (a long path is shortened in messages)."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def good(tmp_path) -> Path:
    path = Path("good.parquet")
    _frame().to_parquet(path)
    return path


# ------------------------------------------------------------------ a truncated or damaged Parquet file


@pytest.mark.parametrize("engine", ENGINES)
def test_a_truncated_parquet_file_is_named_as_damaged(capsys, tmp_path, good, engine):
    _truncate(good, Path("cut.parquet"))
    line = _one_line(capsys, tmp_path, "cut.parquet", engine)
    assert line.startswith("cut.parquet: is a Parquet file that cannot be read ("), line
    assert line.endswith(DAMAGED), line


@pytest.mark.parametrize("engine", MANY)
@pytest.mark.parametrize("as_pattern", [False, True], ids=["folder", "pattern"])
def test_a_truncated_part_of_a_folder_or_pattern_is_named(capsys, tmp_path, good, engine, as_pattern):
    folder = Path("parts")
    folder.mkdir()
    _frame(seed=1).to_parquet(folder / "part-0.parquet")
    _truncate(good, folder / "part-1.parquet")
    source = str(folder / "*.parquet") if as_pattern else str(folder)
    line = _one_line(capsys, tmp_path, source, engine)
    assert line.startswith(f"{folder / 'part-1.parquet'}: is a Parquet file that cannot be read ("), line
    assert line.endswith(DAMAGED), line


@pytest.mark.parametrize("engine", ["auto", "pandas", "duckdb"])
def test_a_parquet_file_damaged_past_its_footer_is_named(capsys, tmp_path, good, engine):
    """The footer reads (so the file passes the first check) but the pages do not: DuckDB's error, named."""
    damaged = _scramble_pages(good, Path("pages.parquet"))
    line = _one_line(capsys, tmp_path, str(damaged), engine)
    assert line.startswith(f"{damaged}: is a Parquet file that cannot be read ("), line
    assert line.endswith(DAMAGED), line


def test_a_folder_with_a_part_damaged_past_its_footer_names_that_part(capsys, tmp_path, good):
    folder = Path("parts")
    folder.mkdir()
    _frame(seed=1).to_parquet(folder / "part-0.parquet")
    _scramble_pages(good, folder / "part-1.parquet")
    line = _one_line(capsys, tmp_path, str(folder), "duckdb")
    assert line.startswith(f"{folder / 'part-1.parquet'}: is a Parquet file that cannot be read ("), line


@pytest.mark.parametrize("engine", ENGINES)
def test_a_truncated_feather_file_is_named_as_damaged(capsys, tmp_path, engine):
    good = Path("good.feather")
    _frame().to_feather(good)
    cut = _truncate(good, Path("cut.feather"))
    line = _one_line(capsys, tmp_path, str(cut), engine)
    assert line.startswith(f"{cut}: is a Feather/Arrow file that cannot be read ("), line
    assert line.endswith(DAMAGED), line


def test_the_subprocess_prints_one_line_for_a_truncated_part(tmp_path, good):
    """As a user runs it: no traceback, no SQL, exit status 1."""
    folder = Path("parts")
    folder.mkdir()
    _frame(seed=1).to_parquet(folder / "part-0.parquet")
    _truncate(good, folder / "part-1.parquet")
    env = dict(os.environ, MPLBACKEND="Agg")
    env.pop("PYTHONPATH", None)
    for source in ("parts", "parts/*", "parts/part-1.parquet"):
        result = subprocess.run([sys.executable, "-m", "helpers.report", source, "--prevalence", "0.01"],
                                cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        lines = [line for line in result.stderr.splitlines() if not line.startswith("report: ")]
        assert result.returncode == 1 and len(lines) == 1, result.stderr
        assert "part-1.parquet: is a Parquet file that cannot be read (" in lines[0], lines[0]
        assert not list(tmp_path.glob("*.html"))


# ------------------------------------------------------------------ a .parquet file that is not Parquet


@pytest.mark.parametrize("engine", ENGINES)
def test_a_parquet_file_of_text_is_not_read_as_csv(capsys, tmp_path, engine):
    fake = Path("fake.parquet")
    fake.write_text("garbage\n1\n2\n")
    line = _one_line(capsys, tmp_path, str(fake), engine)
    assert line.startswith(f"{fake}: is not a Parquet file, although its name ends in .parquet"), line
    assert "header" not in line, line


@pytest.mark.parametrize("engine", MANY)
def test_a_broken_parquet_file_next_to_good_ones_is_named_not_called_a_mix(capsys, tmp_path, engine):
    folder = Path("parts")
    folder.mkdir()
    for k in range(2):
        _frame(seed=k).to_parquet(folder / f"part-{k}.parquet")
    (folder / "part-2.parquet").write_bytes(b"\x00\x01 this is no Parquet \x02" * 10)
    line = _one_line(capsys, tmp_path, str(folder), engine)
    assert line.startswith(f"{folder / 'part-2.parquet'}: is not a Parquet file"), line
    assert "mixes" not in line, line


# ------------------------------------------------------------------ folders: every data file, of one kind


@pytest.mark.parametrize("engine", MANY)
def test_a_folder_mixing_parquet_and_csv_is_refused_naming_the_files(capsys, tmp_path, engine):
    """Before: the CSV part was silently left out and 10 000 of 20 000 rows were read."""
    folder = Path("parts")
    folder.mkdir()
    _frame(seed=0).to_parquet(folder / "part-0.parquet")
    _frame(seed=1).to_csv(folder / "part-1.csv", index=False)
    line = _one_line(capsys, tmp_path, str(folder), engine)
    assert line.startswith(f"{folder}: is a folder mixing files of different kinds"), line
    assert "'part-0.parquet'" in line and "'part-1.csv'" in line, line


def test_spark_reads_relative_paths_from_the_current_folder(capsys, tmp_path, monkeypatch, spark):
    """Spark's JVM keeps the working folder it started in: a relative file name is read from Python's current
    folder all the same, in two folders one after the other (CI read a CSV folder from the wrong one)."""
    for name in ("first", "second"):
        (tmp_path / name / "parts").mkdir(parents=True)
        monkeypatch.chdir(tmp_path / name)
        _frame(4_000).to_csv("parts/part-0.csv", index=False)
        _frame(4_000, seed=1).to_parquet("one.parquet")
        for path in ("parts", "one.parquet"):
            assert cli.main([path, "--prevalence", "0.01", "--engine", "spark", "--out", "r.html",
                             "--json", "r.json"]) == 0, capsys.readouterr().err
            assert json.loads(Path("r.json").read_text())["rows"] == 4_000


@pytest.mark.parametrize("engine", MANY)
def test_a_folder_of_csv_parts_is_read_whole(capsys, tmp_path, engine, request):
    """A Spark job's CSV output (parts in subfolders, _SUCCESS, .crc and hidden files): every row read, the
    numbers those of the same rows in one file."""
    _needs_spark_to_read(engine, request)
    frame = _frame(20_000)
    whole = Path("whole.csv")
    frame.to_csv(whole, index=False)
    folder = Path("out")
    (folder / "sub").mkdir(parents=True)
    (folder / "_temporary").mkdir()
    frame.iloc[:10_000].to_csv(folder / "part-0.csv", index=False)
    frame.iloc[10_000:].to_csv(folder / "sub" / "part-1.csv", index=False)
    (folder / "_SUCCESS").write_text("")
    (folder / ".part-0.csv.crc").write_bytes(b"\x00crc")
    (folder / "_temporary" / "part-9.csv").write_text("half a part")
    assert cli.main([str(whole), "--prevalence", "0.01", "--out", str(tmp_path / "w.html"),
                     "--json", str(tmp_path / "w.json")]) == 0
    assert cli.main([str(folder), "--prevalence", "0.01", "--engine", engine, "--out", str(tmp_path / "f.html"),
                     "--json", str(tmp_path / "f.json")]) == 0
    one, parts = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("w", "f"))
    assert parts["rows"] == 20_000
    assert {k: v for k, v in parts.items() if k not in ("engine", "provenance")} == {
        k: v for k, v in one.items() if k not in ("engine", "provenance")}


@pytest.mark.parametrize("engine", MANY)
def test_a_folder_without_data_files_gets_one_line(capsys, tmp_path, engine):
    folder = Path("empty")
    folder.mkdir()
    (folder / "_SUCCESS").write_text("")
    (folder / ".hidden").write_text("x")
    line = _one_line(capsys, tmp_path, str(folder), engine)
    assert line.startswith(f"{folder}: is a folder without data files"), line


@pytest.mark.parametrize("engine", MANY)
def test_a_folder_of_anything_like_tmp_gets_one_line(capsys, tmp_path, engine):
    """``rare-report /tmp``: nested folders of unrelated files, a socket-free mess: one line, not a traceback."""
    mess = Path("tmp")
    (mess / "a" / "b").mkdir(parents=True)
    (mess / "notes.txt").write_text("hello\n")
    (mess / "a" / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    _frame().to_parquet(mess / "a" / "b" / "preds.parquet")
    (mess / "a" / "b" / "link").symlink_to(tmp_path / "nowhere")
    line = _one_line(capsys, tmp_path, str(mess), engine)
    assert line.startswith(f"{mess}: is a folder mixing files of different kinds"), line
    assert "1 Parquet file ('a/b/preds.parquet')" in line and "'notes.txt'" in line and "'a/image.png'" in line, line


def test_the_help_says_what_a_folder_reads(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "A folder is read with its subfolders" in text and "must be of one kind" in text


def test_spark_without_pyspark_is_one_line(capsys, tmp_path, good):
    try:
        import pyspark  # noqa: F401
    except ImportError:
        status, lines = _cli(capsys, tmp_path, str(good), "spark")
        assert status == 2 and len(lines) == 1, lines
        assert lines[0].startswith("rare-report: error: --engine spark needs PySpark"), lines
    else:
        pytest.skip("PySpark is installed: the engine runs")


def test_spark_refuses_a_feather_file_instead_of_reading_it_as_csv(capsys, tmp_path):
    """Spark reads Parquet and CSV; a Feather file was handed to its CSV reader."""
    _frame().to_feather("preds.feather")
    line = _one_line(capsys, tmp_path, "preds.feather", "spark")
    assert line == ("preds.feather: is a Feather/Arrow file, which the Spark engine cannot read; use --engine duckdb "
                    "(or auto), or write it as Parquet"), line


@pytest.mark.parametrize("damage", [_truncate, _scramble_pages], ids=["truncated", "pages"])
def test_score_count_table_names_the_damaged_part(tmp_path, good, damage):
    """The Python API the report is built on: the same one line, as a PredictionFileError."""
    from helpers.report.count import score_count_table
    from helpers.report.read import PredictionFileError

    folder = Path("parts")
    folder.mkdir()
    _frame(seed=1).to_parquet(folder / "part-0.parquet")
    damage(good, folder / "part-1.parquet")
    with pytest.raises(PredictionFileError) as caught:
        score_count_table(str(folder), engine="duckdb")
    assert str(caught.value).startswith("parts/part-1.parquet: is a Parquet file that cannot be read (")
    assert str(caught.value).endswith(DAMAGED) and "\n" not in str(caught.value)


@pytest.mark.parametrize("engine", ["auto", "duckdb"])
def test_a_csv_part_without_the_label_column_is_named(capsys, tmp_path, engine):
    """Before: ``out: cannot be read as CSV (Binder Error: ...)``, which part not said."""
    folder = Path("out")
    folder.mkdir()
    frame = _frame(20_000)
    frame.iloc[:10_000].to_csv(folder / "part-0.csv", index=False)
    frame.iloc[10_000:].rename(columns={"y_true": "label"}).to_csv(folder / "part-1.csv", index=False)
    line = _one_line(capsys, tmp_path, str(folder), engine)
    assert line.startswith("out/part-1.csv: has no column 'y_true'; the header line names 'label', 'y_score'"), line


def test_csv_parts_for_spark_must_share_one_header(tmp_path):
    """Spark reads every CSV part in the first part's column order: a part whose header differs is refused."""
    from helpers.report.read import PredictionFileError, _check_csv_headers

    folder = Path("out")
    folder.mkdir()
    frame = _frame(100)
    frame.to_csv(folder / "part-0.csv", index=False)
    frame[["y_score", "y_true"]].to_csv(folder / "part-1.csv.gz", index=False)
    files = [str(folder / "part-0.csv"), str(folder / "part-1.csv.gz")]
    _check_csv_headers(files, ("y_true", "y_score"))  # DuckDB matches the columns by name
    with pytest.raises(PredictionFileError, match=r"^out/part-1\.csv\.gz: its header line names 'y_score', 'y_true', "
                       r"not the columns of out/part-0\.csv in their order"):
        _check_csv_headers(files, ("y_true", "y_score"), same_order=True)
