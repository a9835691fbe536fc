"""Tests of helpers.load_predictions on the file corpus and on random frames.

The corpus lives in tests/malformed/ (every file must be refused) and
tests/wellformed/ (every file must load); each folder's README.md has one line
per file, and the malformed README's table says which column, row and line the
error message must name.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import PredictionFileError, load_predictions

HERE = Path(__file__).parent
MALFORMED = HERE / "malformed"
WELLFORMED_DIR = HERE / "wellformed"

_LABELS = [1, 0, 1, 0]
_SCORES = [0.91, 0.12, 0.77, 0.33]
# file -> (keyword arguments, expected labels, expected scores)
WELLFORMED: dict[str, tuple[dict[str, str], list[int], list[float]]] = {
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
    text = "y_true,y_score\n1,0.9\nmaybe,nan\n"  # same row: the label is named first
    with pytest.raises(PredictionFileError, match=r"row 2 .*'y_true'"):
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
