"""Tests of helpers.load_predictions on the file corpus and on random frames.

The corpus lives in tests/malformed/ (every file must be refused) and
tests/wellformed/ (every file must load); each folder's README.md has one line
per file, and the malformed README's table says which column, row and line the
error message must name.  Other file kinds (compressed, Parquet) and label
codings are also written by the tests from random frames, and must load to the
same arrays as the plain CSV file.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import lzma
import re
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from hypothesis import given
from hypothesis import strategies as st

from helpers import PredictionFileError, load_predictions

HERE = Path(__file__).parent
MALFORMED = HERE / "malformed"
WELLFORMED_DIR = HERE / "wellformed"

_LABELS = [1, 0, 1, 0]
_SCORES = [0.91, 0.12, 0.77, 0.33]
_TWO = ([1, 0], [0.91, 0.12])
# file -> (keyword arguments, expected labels, expected scores)
WELLFORMED: dict[str, tuple[dict[str, object], list[int], list[float]]] = {
    "basic.csv": ({}, _LABELS, _SCORES),
    "bom.csv": ({}, _LABELS, _SCORES),
    "crlf.csv": ({}, _LABELS, _SCORES),
    "cr_only.csv": ({}, _LABELS, _SCORES),
    "no_final_newline.csv": ({}, _LABELS, _SCORES),
    "trailing_blank_lines.csv": ({}, _LABELS, _SCORES),
    "whitespace.csv": ({}, _LABELS, _SCORES),
    "quoted.csv": ({}, _LABELS, _SCORES),
    "extra_columns.csv": ({}, _LABELS, _SCORES),
    "index_column.csv": ({}, _LABELS, _SCORES),
    "float_labels.csv": ({}, _LABELS, _SCORES),
    "decision_function.csv": ({}, [1, 0, 1, 0, 0, 1, 0], [2.75, -1.5, 13.0, -0.25, 0.0, 1e-07, -320.0]),
    "other_column_names.csv": ({"y_true": "truth", "y_score": "prob"}, _LABELS, _SCORES),
    "tab_separated.tsv": ({}, _LABELS, _SCORES),
    "semicolon_separated.csv": ({}, *_TWO),
    "semicolon_decimal_point.csv": ({}, _LABELS, _SCORES),
    "basic.csv.gz": ({}, _LABELS, _SCORES),
    "basic.csv.bz2": ({}, _LABELS, _SCORES),
    "basic.csv.xz": ({}, _LABELS, _SCORES),
    "basic.csv.zst": ({}, _LABELS, _SCORES),
    "basic.csv.zip": ({}, _LABELS, _SCORES),
    "gzipped.csv": ({}, *_TWO),
    "basic.parquet": ({}, _LABELS, _SCORES),
    "label_bool.csv": ({}, *_TWO),
    "labels_fraud_legit.csv": ({"pos_label": "fraud"}, _LABELS, _SCORES),
    "labels_plus_minus_one.csv": ({"pos_label": 1}, _LABELS, _SCORES),
    "labels_yes_no.csv": ({"pos_label": "yes"}, _LABELS, _SCORES),
}


def corpus_files(folder: Path) -> list[Path]:
    """Every file of a corpus folder except its README."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.name != "README.md")


def readme_table(folder: Path) -> dict[str, dict[str, str]]:
    """The README's table as {file name: {header: cell}}, cells stripped of backticks."""
    lines = [line for line in (folder / "README.md").read_text("utf-8").splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    table = {}
    for line in lines[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        table[cells[0]] = dict(zip(header, cells, strict=True))
    return table


MALFORMED_TABLE = readme_table(MALFORMED)


# --------------------------------------------------------------------------- the corpus


def test_corpus_folders_match_their_documentation():
    assert sorted(p.name for p in corpus_files(MALFORMED)) == sorted(MALFORMED_TABLE)
    assert sorted(p.name for p in corpus_files(WELLFORMED_DIR)) == sorted(readme_table(WELLFORMED_DIR))
    assert sorted(p.name for p in corpus_files(WELLFORMED_DIR)) == sorted(WELLFORMED)
    for name, row in readme_table(WELLFORMED_DIR).items():  # the README says what the tests pass
        kwargs = WELLFORMED[name][0]
        assert row["pos_label"] == str(kwargs.get("pos_label", "-")), name
        assert (row["y_true"], row["y_score"]) == (kwargs.get("y_true", "y_true"), kwargs.get("y_score", "y_score"))


_UNPACK = {".gz": gzip.decompress, ".bz2": bz2.decompress, ".xz": lzma.decompress}


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz", ".zst", ".zip"])
def test_compressed_corpus_files_hold_basic_csv(suffix: str):
    """Checked with each format's own library, so the binary corpus files are what the README says."""
    packed = (WELLFORMED_DIR / f"basic.csv{suffix}").read_bytes()
    if suffix == ".zst":
        unpacked = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(packed)).read()
    elif suffix == ".zip":
        with zipfile.ZipFile(io.BytesIO(packed)) as archive:
            assert archive.namelist() == ["basic.csv"]
            unpacked = archive.read("basic.csv")
    else:
        unpacked = _UNPACK[suffix](packed)
    assert unpacked == (WELLFORMED_DIR / "basic.csv").read_bytes()
    assert gzip.decompress((WELLFORMED_DIR / "gzipped.csv").read_bytes()).startswith(b"y_true,y_score\n")
    table = pq.read_table(WELLFORMED_DIR / "basic.parquet")
    pd.testing.assert_frame_equal(table.to_pandas(), pd.read_csv(WELLFORMED_DIR / "basic.csv"))


def assert_names_place(error: PredictionFileError, expected: dict[str, str], file_name: str) -> None:
    message = str(error)
    assert "\n" not in message and "\r" not in message
    assert message.startswith(f"{file_name}: ")
    assert expected["message mentions"].lower() in message.lower()
    column, row, line = expected["column"], expected["row"], expected["line"]
    if column != "-":
        assert f"column '{column}'" in message
        assert error.column == column
    else:
        assert error.column is None
    if row != "-":
        assert f"row {row} (line {line} of the file)" in message
        assert (error.row, error.line) == (int(row), int(line))
    else:
        assert error.row is None and not re.search(r"row \d+ \(line", message)
        if line != "-":
            assert f": line {line}: " in message
            assert error.line == int(line)
        else:
            assert error.line is None


@pytest.mark.parametrize("path", corpus_files(MALFORMED), ids=lambda p: p.name)
def test_every_malformed_file_is_refused(path: Path):
    with pytest.raises(PredictionFileError) as info:
        load_predictions(path)
    assert isinstance(info.value, ValueError)
    assert info.value.file == str(path)
    assert_names_place(info.value, MALFORMED_TABLE[path.name], str(path))


@pytest.mark.parametrize("path", corpus_files(MALFORMED), ids=lambda p: p.name)
def test_every_malformed_buffer_is_refused_the_same_way(path: Path):
    with pytest.raises(PredictionFileError) as from_bytes:
        load_predictions(io.BytesIO(path.read_bytes()))
    assert_names_place(from_bytes.value, MALFORMED_TABLE[path.name], "<buffer>")
    with pytest.raises(PredictionFileError) as from_path:
        load_predictions(str(path))
    assert str(from_path.value).split(": ", 1)[1] == str(from_bytes.value).split(": ", 1)[1]


def test_specific_messages():
    with pytest.raises(PredictionFileError) as info:
        load_predictions(MALFORMED / "score_nan.csv")
    assert str(info.value) == (
        f"{MALFORMED / 'score_nan.csv'}: row 3 (line 4 of the file), column 'y_score': "
        "the score is NaN (not a number); every row needs a finite score"
    )
    with pytest.raises(PredictionFileError, match=r"the header line names 'y_true', 'score'"):
        load_predictions(MALFORMED / "missing_column.csv")
    with pytest.raises(PredictionFileError, match=r"columns 2 and 3"):
        load_predictions(MALFORMED / "duplicate_columns.csv")
    with pytest.raises(PredictionFileError, match=r"has 3 values but the header has 2 columns"):
        load_predictions(MALFORMED / "ragged_more.csv")
    with pytest.raises(PredictionFileError, match=r"byte 0xE9"):
        load_predictions(MALFORMED / "latin1.csv")


def test_missing_file_and_directory(tmp_path: Path):
    missing = tmp_path / "nope.csv"
    with pytest.raises(PredictionFileError, match=r"nope\.csv: no such file") as info:
        load_predictions(missing)
    assert "\n" not in str(info.value)
    with pytest.raises(PredictionFileError, match=r"no such file"):
        load_predictions(str(missing))
    with pytest.raises(PredictionFileError, match=r"is a directory") as info:
        load_predictions(tmp_path)
    assert str(info.value).startswith(f"{tmp_path}: ")


def test_csv_text_passed_as_a_path_gets_a_hint():
    with pytest.raises(PredictionFileError, match=r"io\.StringIO") as info:
        load_predictions("y_true,y_score\n1,0.5\n0,0.2\n")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", sorted(WELLFORMED))
def test_every_wellformed_file_loads(name: str):
    kwargs, labels, scores = WELLFORMED[name]
    for source in (WELLFORMED_DIR / name, str(WELLFORMED_DIR / name), io.BytesIO((WELLFORMED_DIR / name).read_bytes())):
        frame = load_predictions(source, **kwargs)
        y_true, y_score = kwargs.get("y_true", "y_true"), kwargs.get("y_score", "y_score")
        assert list(frame.columns) == [y_true, y_score]
        assert frame[y_true].dtype == np.int64 and frame[y_score].dtype == np.float64
        assert frame[y_true].tolist() == labels
        assert frame[y_score].tolist() == scores
        assert frame.index.equals(pd.RangeIndex(len(labels)))


# --------------------------------------------------------------------------- buffers and arguments

TEXT = "y_true,y_score\n1,0.9\n0,-2.5\n1,17\n"


def test_buffers_of_text_and_bytes_and_open_files(tmp_path: Path):
    expected = pd.DataFrame({"y_true": [1, 0, 1], "y_score": [0.9, -2.5, 17.0]})
    pd.testing.assert_frame_equal(load_predictions(io.StringIO(TEXT)), expected)
    pd.testing.assert_frame_equal(load_predictions(io.BytesIO(TEXT.encode())), expected)
    pd.testing.assert_frame_equal(load_predictions(io.StringIO("\ufeff" + TEXT)), expected)
    path = tmp_path / "p.csv"
    path.write_text(TEXT, encoding="utf-8")
    with path.open("rb") as handle:
        pd.testing.assert_frame_equal(load_predictions(handle), expected)
    with path.open(encoding="utf-8") as handle:
        pd.testing.assert_frame_equal(load_predictions(handle), expected)


def test_errors_from_buffers_name_the_buffer_or_the_open_file(tmp_path: Path):
    with pytest.raises(PredictionFileError, match=r"^<buffer>: row 2 \(line 3 of the file\), column 'y_score'"):
        load_predictions(io.StringIO("y_true,y_score\n1,0.9\n0,oops\n"))
    path = tmp_path / "bad.csv"
    path.write_bytes(b"y_true,y_score\n1,0.9\n0,oops\n")
    with path.open("rb") as handle, pytest.raises(PredictionFileError, match=rf"^{path}: row 2"):
        load_predictions(handle)


def test_a_file_opened_with_the_wrong_encoding_is_refused(tmp_path: Path):
    path = tmp_path / "latin.csv"
    path.write_bytes((MALFORMED / "latin1.csv").read_bytes())
    with path.open(encoding="utf-8") as handle, pytest.raises(PredictionFileError, match="not UTF-8"):
        load_predictions(handle)


def test_bad_arguments():
    with pytest.raises(ValueError, match="two different columns"):
        load_predictions(io.StringIO(TEXT), y_true="y_true", y_score="y_true")
    with pytest.raises(ValueError, match="non-empty column name"):
        load_predictions(io.StringIO(TEXT), y_score="")
    with pytest.raises(TypeError, match="BytesIO"):
        load_predictions(TEXT.encode())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        load_predictions(42)  # type: ignore[arg-type]


def test_messages_stay_on_one_line_with_hostile_values():
    text = 'y_true,y_score,note\n1,0.9,x\n0,"0.\n5",y\n'
    with pytest.raises(PredictionFileError) as info:
        load_predictions(io.StringIO(text))
    message = str(info.value)
    assert "\n" not in message
    assert "row 2 (line 3 of the file), column 'y_score'" in message
    assert "'0.\\n5'" in message  # shown escaped


def test_the_first_bad_value_in_file_order_is_reported():
    text = "y_true,y_score\n1,0.9\n0,nan\nmaybe,0.4\n"
    with pytest.raises(PredictionFileError, match=r"row 2 .*'y_score'"):
        load_predictions(io.StringIO(text))
    text = "y_true,y_score\n1,0.9\n0,0.5\nmaybe,nan\n"  # same row: the label is named first
    with pytest.raises(PredictionFileError, match=r"row 3 .*'y_true': label 'maybe' is neither '0' nor '1'"):
        load_predictions(io.StringIO(text))
    text = "y_true,y_score\n1,0.9\nmaybe,nan\n"  # two labels: a pair to name, but first the bad score
    with pytest.raises(PredictionFileError, match=r"row 2 .*'y_score'"):
        load_predictions(io.StringIO(text))


def test_true_and_false_elsewhere_do_not_disturb_the_values():
    text = "y_true,y_score,flag\n1,0.9,true\n0,0.25,False\n"
    frame = load_predictions(io.StringIO(text))
    assert frame["y_true"].tolist() == [1, 0] and frame["y_score"].tolist() == [0.9, 0.25]
    with pytest.raises(PredictionFileError, match=r"row 1 .*'y_score': the score 'TRUE' is not a number"):
        load_predictions(io.StringIO("y_true,y_score\n1,TRUE\n0,0.2\n"))


def test_a_large_file_reports_the_right_row():
    n = 100_000
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y_true": rng.integers(0, 2, n), "y_score": rng.normal(size=n)})
    text = frame.to_csv(index=False, quoting=csv.QUOTE_ALL)
    loaded = load_predictions(io.StringIO(text))
    np.testing.assert_array_equal(loaded["y_score"].to_numpy(), frame["y_score"].to_numpy())
    lines = text.split("\n")
    lines[n - 4] = '"1","x"'  # data row n - 4, on line n - 3 (the header is line 1)
    bad = "\n".join(lines)
    with pytest.raises(PredictionFileError, match=rf"row {n - 4} \(line {n - 3} of the file\)"):
        load_predictions(io.StringIO(bad))


# --------------------------------------------------------------------------- properties

finite_scores = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),  # any finite double, huge and tiny
    st.floats(min_value=0.0, max_value=1.0),  # probabilities
    st.floats(min_value=-20.0, max_value=20.0),  # decision-function values
)
rows = st.lists(st.tuples(st.sampled_from([0, 1]), finite_scores), min_size=2, max_size=60).filter(
    lambda pairs: len({label for label, _ in pairs}) == 2
)
layouts = st.fixed_dictionaries(
    {
        "names": st.sampled_from([("y_true", "y_score"), ("truth", "prob"), ("label, final", 'score "v2"')]),
        "quoting": st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC]),
        "lineterminator": st.sampled_from(["\n", "\r\n"]),
        "extra_first": st.booleans(),
        "bom": st.booleans(),
    }
)


def write(pairs: list[tuple[int, float]], layout: dict) -> tuple[bytes, str, str]:
    y_true, y_score = layout["names"]
    frame = pd.DataFrame({y_true: [p[0] for p in pairs], y_score: [p[1] for p in pairs]})
    if layout["extra_first"]:
        frame.insert(0, "note", ["a, b"] * len(pairs))
    text = frame.to_csv(index=False, quoting=layout["quoting"], lineterminator=layout["lineterminator"])
    data = text.encode("utf-8-sig" if layout["bom"] else "utf-8")
    return data, y_true, y_score


@given(pairs=rows, layout=layouts)
def test_a_frame_written_with_to_csv_reads_back_exactly(pairs, layout):
    data, y_true, y_score = write(pairs, layout)
    loaded = load_predictions(io.BytesIO(data), y_true=y_true, y_score=y_score)
    assert list(loaded.columns) == [y_true, y_score]
    assert loaded[y_true].tolist() == [p[0] for p in pairs]
    expected = np.array([p[1] for p in pairs], dtype=np.float64)
    # bit for bit, so -0.0 and the last digit of every double survive
    np.testing.assert_array_equal(loaded[y_score].to_numpy().view(np.int64), expected.view(np.int64))


bad_scores = st.sampled_from(["", "nan", "NaN", "NA", "inf", "-inf", "1e999", "-1e400", "abc", "0,5", "TRUE", "1.2.3"])


@given(pairs=rows, layout=layouts, bad=bad_scores, data=st.data())
def test_a_bad_score_is_reported_at_its_row(pairs, layout, bad, data):
    index = data.draw(st.integers(0, len(pairs) - 1), label="bad row")
    text, y_true, y_score = write(pairs, layout)
    lines = text.decode("utf-8-sig").split(layout["lineterminator"])
    header = next(csv.reader([lines[0]]))
    fields = next(csv.reader([lines[index + 1]]))
    fields[header.index(y_score)] = bad
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow(fields)
    lines[index + 1] = buffer.getvalue()
    with pytest.raises(PredictionFileError) as info:
        load_predictions(io.StringIO(layout["lineterminator"].join(lines)), y_true=y_true, y_score=y_score)
    assert (info.value.column, info.value.row, info.value.line) == (y_score, index + 1, index + 2)
    assert f"row {index + 1} (line {index + 2} of the file), column {y_score!r}" in str(info.value)
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------------- file kinds


def _frame(n: int = 300, rng: int = 0) -> pd.DataFrame:
    generator = np.random.default_rng(rng)
    labels = generator.integers(0, 2, n)
    labels[:2] = [0, 1]
    return pd.DataFrame(
        {
            "id": np.arange(n),
            "y_true": labels,
            "y_score": generator.normal(size=n) * 10.0 ** generator.integers(-8, 8, n),
        }
    )


def _write(frame: pd.DataFrame, path: Path, kind: str) -> None:
    """Write ``frame`` as a practitioner would: each kind with its usual tool."""
    if kind == "parquet":
        pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), path)
    elif kind == "tsv":
        frame.to_csv(path, sep="\t", index=False)
    elif kind == "semicolon":  # a German or French Excel export
        frame.to_csv(path, sep=";", decimal=",", index=False)
    else:  # csv, csv.gz, csv.bz2, csv.xz, csv.zst, csv.zip: pandas compresses by the extension
        frame.to_csv(path, index=False)


KINDS = {
    "csv": "p.csv", "tsv": "p.tsv", "semicolon": "p.csv", "csv.gz": "p.csv.gz", "csv.bz2": "p.csv.bz2",
    "csv.xz": "p.csv.xz", "csv.zst": "p.csv.zst", "csv.zip": "p.csv.zip", "parquet": "p.parquet",
}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_file_kind_loads_to_the_same_arrays_as_the_plain_csv(kind: str, tmp_path: Path):
    frame = _frame()
    plain, path = tmp_path / "plain.csv", tmp_path / KINDS[kind]
    frame.to_csv(plain, index=False)
    _write(frame, path, kind)
    expected = load_predictions(plain)
    for source in (path, io.BytesIO(path.read_bytes())):
        pd.testing.assert_frame_equal(load_predictions(source), expected)
    np.testing.assert_array_equal(expected["y_score"].to_numpy(), frame["y_score"].to_numpy())


def test_a_bad_value_is_found_in_a_compressed_file_at_its_line(tmp_path: Path):
    path = tmp_path / "p.csv.gz"
    path.write_bytes(gzip.compress(b"y_true,y_score\n1,0.9\n0,0.2\n1,oops\n"))
    with pytest.raises(PredictionFileError, match=r"p\.csv\.gz: row 3 \(line 4 of the file\), column 'y_score'"):
        load_predictions(path)


def test_parquet_problems_are_named_by_row(tmp_path: Path):
    def refused(table: pa.Table, **kwargs) -> PredictionFileError:
        path = tmp_path / "p.parquet"
        pq.write_table(table, path)
        with pytest.raises(PredictionFileError) as info:
            load_predictions(path, **kwargs)
        assert "\n" not in str(info.value) and "line" not in str(info.value)
        return info.value

    labels = pa.array([1, 0, 1])
    error = refused(pa.table({"y_true": labels, "y_score": pa.array([0.5, None, 0.2])}))
    assert (error.column, error.row, error.line) == ("y_score", 2, None)
    assert "row 2, column 'y_score': the score is missing ('null')" in str(error)
    error = refused(pa.table({"y_true": labels, "y_score": pa.array([0.5, 0.1, float("nan")])}))
    assert "row 3, column 'y_score': the score is NaN" in str(error)
    error = refused(pa.table({"y_true": labels, "y_score": pa.array(["0.5", "high", "0.1"])}))
    assert "row 2, column 'y_score': the score 'high' is not a number" in str(error)
    assert "bool values, not numbers" in str(refused(pa.table({"y_true": labels, "y_score": [True, False, True]})))
    error = refused(pa.table({"y_true": pa.array([1, None, 0]), "y_score": [0.5, 0.1, 0.2]}))
    assert "row 2, column 'y_true': the label is blank" in str(error)
    assert "its columns are 'y_true', 'score'" in str(refused(pa.table({"y_true": labels, "score": [0.5, 0.1, 0.2]})))
    assert "no data rows" in str(
        refused(pa.table({"y_true": pa.array([], pa.int64()), "y_score": pa.array([], pa.float64())}))
    )
    path = tmp_path / "p.parquet"
    path.write_bytes(path.read_bytes()[:40])  # PAR1 and then nonsense
    with pytest.raises(PredictionFileError, match=r"is a Parquet file that cannot be read"):
        load_predictions(path)


def test_parquet_labels_of_any_type(tmp_path: Path):
    path = tmp_path / "p.parquet"
    for labels, pos_label in (([True, False, True], None), (["fraud", "legit", "fraud"], "fraud"), ([1, -1, 1], "1")):
        pq.write_table(pa.table({"y_true": labels, "y_score": [0.5, 0.1, 0.2]}), path)
        assert load_predictions(path, pos_label=pos_label)["y_true"].tolist() == [1, 0, 1]


def test_zip_archives(tmp_path: Path):
    def zipped(members: dict[str, bytes]) -> io.BytesIO:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for name, data in members.items():
                archive.writestr(name, data)
        return io.BytesIO(buffer.getvalue())

    basic = (WELLFORMED_DIR / "basic.csv").read_bytes()
    assert load_predictions(zipped({"__MACOSX/._p.csv": b"junk", "p.csv": basic}))["y_true"].tolist() == _LABELS
    with pytest.raises(PredictionFileError, match=r"is an Excel workbook \(\.xlsx\)"):
        load_predictions(zipped({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<workbook/>"}))
    with pytest.raises(PredictionFileError, match=r"zip archive of 0 files"):
        load_predictions(zipped({}))


def test_the_separator_is_found_from_the_first_lines():
    tsv = "y_true\tscore, calibrated\n1\t0.9\n0\t0.2\n"  # a comma in a name: still tab-separated
    assert load_predictions(io.StringIO(tsv), y_score="score, calibrated")["score, calibrated"].tolist() == [0.9, 0.2]
    text = "y_true,y_score,note\n1,0.9,a;b\n0,0.2,c;d\n"  # semicolons inside values: still comma-separated
    assert load_predictions(io.StringIO(text))["y_score"].tolist() == [0.9, 0.2]
    text = "y_true;y_score\n1;0,5\n0;1,25e-3\n1;-2\n"  # decimal commas, exponent, integers
    assert load_predictions(io.StringIO(text))["y_score"].tolist() == [0.5, 0.00125, -2.0]


# --------------------------------------------------------------------------- label codings


@pytest.mark.parametrize(
    ("labels", "pos_label", "expected"),
    [
        (["1", "0", "1"], None, [1, 0, 1]),
        (["1.0", "0", "+1"], None, [1, 0, 1]),
        (["True", "False", "TRUE"], None, [1, 0, 1]),
        (["true", "false", "false"], None, [1, 0, 0]),
        (["1", "0", "1"], 0, [0, 1, 0]),  # pos_label=0 swaps the roles
        (["1", "0", "1"], "0.0", [0, 1, 0]),
        (["-1", "1", "+1"], 1, [0, 1, 1]),
        (["-1", "1", "+1"], "-1", [1, 0, 0]),
        (["fraud", "legit", "fraud"], "fraud", [1, 0, 1]),
        (["fraud ", " legit", "fraud"], " fraud", [1, 0, 1]),  # spaces around do not count
        (["Yes", "no", "YES"], "yes", [1, 0, 1]),
        (["True", "False", "True"], True, [1, 0, 1]),
        (["True", "False", "True"], "false", [0, 1, 0]),
        (["0", "1", "1"], True, None),  # True is not the label 1
        (["Fraud", "legit", "Fraud"], "fraud", [1, 0, 1]),  # case-insensitive where that is unambiguous
        (["Fraud", "fraud", "Fraud"], "FRAUD", None),  # two labels that differ only in case: give one exactly
    ],
)
def test_label_codings(labels: list[str], pos_label, expected: list[int] | None):
    text = "y_true,y_score\n" + "".join(f"{label},0.{i}\n" for i, label in enumerate(labels))
    if expected is None:
        with pytest.raises(PredictionFileError, match=r"column 'y_true': pos_label .* is not one of the labels"):
            load_predictions(io.StringIO(text), pos_label=pos_label)
    else:
        frame = load_predictions(io.StringIO(text), pos_label=pos_label)
        assert frame["y_true"].dtype == np.int64 and frame["y_true"].tolist() == expected


def test_two_other_labels_without_pos_label_are_refused_with_the_fix():
    with pytest.raises(PredictionFileError) as info:
        load_predictions(WELLFORMED_DIR / "labels_fraud_legit.csv")
    message = str(info.value)
    assert "column 'y_true': the labels are 'fraud' and 'legit', not 0/1 or True/False" in message
    assert "pos_label=" in message and "--pos-label" in info.value.command_line and "pos_label=" not in (
        info.value.command_line)
    assert info.value.row is None


def test_pos_label_not_among_the_labels_names_it_and_them():
    with pytest.raises(
        PredictionFileError, match=r"pos_label 'spam' is not one of the labels in this column: 'fraud', 'legit'"
    ):
        load_predictions(WELLFORMED_DIR / "labels_fraud_legit.csv", pos_label="spam")
    with pytest.raises(PredictionFileError, match=r"holds only the label 'fraud' in its 2 rows"):
        load_predictions(io.StringIO("y_true,y_score\nfraud,0.5\nfraud,0.2\n"), pos_label="fraud")


def test_more_than_two_labels_are_named_a_few_at_most():
    text = "y_true,y_score\n" + "".join(f"{label},0.5\n" for label in ["a", "b", "c", "d", "e", "f", "g"])
    with pytest.raises(PredictionFileError) as info:
        load_predictions(io.StringIO(text))
    assert "row 3 (line 4 of the file), column 'y_true': label 'c' is neither 'a' nor 'b'" in str(info.value)
    assert "this column has 7: 'a', 'b', 'c', 'd', 'e', ..." in str(info.value)
    rng = np.random.default_rng(1)
    swapped = pd.DataFrame({"y_true": rng.random(5000), "y_score": rng.integers(0, 2, 5000)})
    with pytest.raises(PredictionFileError, match=r"this column has more than 1000: .*are the columns swapped\?"):
        load_predictions(io.StringIO(swapped.to_csv(index=False)))


def test_bad_pos_label_arguments():
    for bad in ([1], None.__class__, " ", float("nan")):
        with pytest.raises(TypeError, match=r"pos_label must be a label"):
            load_predictions(io.StringIO(TEXT), pos_label=bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- round trip in every kind

codings = st.sampled_from(
    [((0, 1), None), ((False, True), None), (("legit", "fraud"), "fraud"), ((-1, 1), "1"), (("no", "yes"), "YES")]
)


@given(pairs=rows, kind=st.sampled_from(sorted(KINDS)), coding=codings)
def test_a_frame_in_any_kind_and_coding_reads_back_exactly(tmp_path_factory, pairs, kind, coding):
    (negative, positive), pos_label = coding
    frame = pd.DataFrame({"y_true": [positive if p[0] else negative for p in pairs], "y_score": [p[1] for p in pairs]})
    path = tmp_path_factory.mktemp("kind") / KINDS[kind]
    _write(frame, path, kind)
    loaded = load_predictions(path, pos_label=pos_label)
    assert loaded["y_true"].tolist() == [p[0] for p in pairs]
    expected = np.array([p[1] for p in pairs], dtype=np.float64)
    np.testing.assert_array_equal(loaded["y_score"].to_numpy().view(np.int64), expected.view(np.int64))


def test_a_long_path_keeps_the_file_name_in_the_message(tmp_path):
    """However deep the folder, the one-line message ends the path with the file's own name."""
    deep = tmp_path.joinpath(*["a_rather_long_folder_name"] * 6)
    deep.mkdir(parents=True)
    expected = r"\.\.\..*/a_rather_long_folder_name/missing_file\.csv: no such file"
    with pytest.raises(PredictionFileError, match=expected):
        load_predictions(deep / "missing_file.csv")


# --------------------------------------------------------------------------- several score columns, read once


def _per_column(source, columns, **kwargs):
    """What load_predictions gives column by column: (labels, scores...) or the message of the first error."""
    try:
        frames = [load_predictions(source, y_score=c, **kwargs) for c in columns]
    except PredictionFileError as exc:
        return str(exc)
    return [frames[0]["y_true"].to_numpy(), *(f[c].to_numpy() for f, c in zip(frames, columns, strict=True))]


def _at_once(source, columns, **kwargs):
    from helpers.report.read import _load_columns

    try:
        labels, scores = _load_columns(source, y_true="y_true", y_scores=columns, **kwargs)
    except PredictionFileError as exc:
        return str(exc)
    return [labels, *scores]


@pytest.mark.parametrize("kind", ["csv", "semicolon", "gz", "parquet"])
def test_several_score_columns_read_once_give_what_each_read_gives(kind: str, tmp_path: Path):
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"a": rng.random(300), "y_true": rng.choice(["fraud", "legit"], 300),
                          "b": np.round(rng.normal(size=300), 4), "c": rng.integers(0, 9, 300)})
    path = tmp_path / {"csv": "p.csv", "semicolon": "p.csv", "gz": "p.csv.gz", "parquet": "p.parquet"}[kind]
    if kind == "parquet":
        frame.to_parquet(path)
    else:
        frame.to_csv(path, index=False, sep=";" if kind == "semicolon" else ",",
                     decimal="," if kind == "semicolon" else ".")
    columns = ["b", "a", "c"]
    expected, got = _per_column(path, columns, pos_label="fraud"), _at_once(path, columns, pos_label="fraud")
    assert not isinstance(got, str) and len(got) == 4
    for e, g in zip(expected, got, strict=True):
        assert e.dtype == g.dtype and np.array_equal(e, g)


@pytest.mark.parametrize(
    "rows",
    [
        ["y_true,a,b", "1,0.5,0.2", "0,0.4,x", "1,0.3,0.1"],  # a bad score in the second column only
        ["y_true,a,b", "1,0.5,0.2", "0,x,y", "1,0.3,0.1"],  # bad in both: the first column's message
        ["y_true,a,b", "1,0.5,0.2", "2,0.4,nan", "1,0.3,0.1"],  # a third label before the second column's NaN
        ["y_true,a", "1,0.5", "0,x", "1,0.3"],  # the second column missing, the first one bad
        ["y_true,a", "1,0.5", "0,0.4", "1,0.3"],  # the second column missing
        ["y_true,a,b", "1,0.5,0.2", "1,0.4,0.3"],  # one class only
    ],
)
def test_several_score_columns_refused_with_the_message_the_first_bad_column_gives(rows: list[str]):
    text = "\n".join(rows) + "\n"
    expected = _per_column_text(text, ["a", "b"])  # a fresh buffer for each column
    assert isinstance(expected, str)
    assert _at_once(io.StringIO(text), ["a", "b"]) == expected


def _per_column_text(text: str, columns: list[str]):
    try:
        for c in columns:
            load_predictions(io.StringIO(text), y_score=c)
    except PredictionFileError as exc:
        return str(exc)
    return None
