"""The shortcuts of helpers.report.read for the usual file give what the general path gives.

``helpers.report.read._FAST`` switches them on (the default) or off:
no decode-encode copy of ASCII text, no ``skipinitialspace`` without spaces,
``read_csv(low_memory=True)`` kept only for integer or bool labels, and 0/1 or
bool labels classed without ``pandas.factorize``.  On generated files, good and
bad, both ways must return the same arrays bit for bit, or the same error.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import helpers.report.read as predictions_file
from helpers.report.read import PredictionFileError, _load_columns


@contextlib.contextmanager
def _fast(on: bool) -> Iterator[None]:
    before = predictions_file._FAST
    predictions_file._FAST = on
    try:
        yield
    finally:
        predictions_file._FAST = before


def _outcome(data: bytes, on: bool, **kwargs: object) -> tuple:
    """The arrays (as dtype and bytes) or the error (type, message, place) of reading ``data``."""
    kwargs = {"y_true": "y_true", "y_scores": ["y_score"], **kwargs}
    with _fast(on):
        try:
            labels, scores = _load_columns(io.BytesIO(data), **kwargs)  # type: ignore[arg-type]
        except (PredictionFileError, ValueError, TypeError) as exc:
            where = (exc.column, exc.row, exc.line) if isinstance(exc, PredictionFileError) else None
            return type(exc).__name__, str(exc), where
    return tuple((a.dtype.str, a.shape, a.tobytes()) for a in (labels, *scores))


def _same_both_ways(data: bytes, **kwargs: object) -> tuple:
    fast, general = _outcome(data, True, **kwargs), _outcome(data, False, **kwargs)
    assert fast == general
    return fast


labels = st.sampled_from(["0", "1", "1", "0", "True", "false", "TRUE", "2", "-1", "+1", "0.0", "1.0", "yes", "",
                          " 1", "1 ", "01", "9223372036854775808", "nan", "NA", ' "1"', '"0"'])  # fmt: skip
scores = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.floats(min_value=-5, max_value=5).map(lambda x: f"{x:.6f}"),
    st.sampled_from(["", " 0.25", "0.5 ", "nan", "NA", "inf", "1e999", "abc", "0,5", "-0.0", '"0.75"', ' "0.75"']),
)
usual = st.lists(st.tuples(st.integers(0, 1), st.floats(-5, 5).map(lambda x: f"{x:.6f}")), min_size=1, max_size=40)
codings = st.sampled_from([("0", "1"), ("False", "True"), ("false", "TRUE")])  # labels pandas reads as int or bool


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """CSV bytes, mostly of the usual kind (0/1 labels, finite scores), with one or two oddities at times."""
    coding = draw(codings)
    rows = [[coding[label], score] for label, score in draw(usual)]
    for _ in range(draw(st.integers(0, 3))):
        row = draw(st.integers(0, len(rows) - 1))
        rows[row][draw(st.integers(0, 1))] = draw(labels) if draw(st.booleans()) else draw(scores)
    header = draw(st.sampled_from(["y_true,y_score", "y_true, y_score", "y_score,y_true", "id,y_true,y_score"]))
    names = [name.strip() for name in header.split(",")]
    lines = [header] + [
        ",".join({"y_true": row[0], "y_score": row[1], "id": str(k)}[name] for name in names)
        for k, row in enumerate(rows)
    ]
    if draw(st.booleans()):  # a ragged or blank line
        lines.insert(draw(st.integers(1, len(lines))), draw(st.sampled_from(["", "1", "1,0.5,7", " "])))
    end = draw(st.sampled_from(["\n", "\r\n"]))
    text = end.join(lines) + draw(st.sampled_from(["", end, end * 2, end + " " + end]))
    return draw(st.sampled_from([b"", b"\xef\xbb\xbf"])) + text.encode()


@given(data=files(), pos_label=st.sampled_from([None, None, 1, "0", True]))
@example(data=b'y_true,y_score\n1, "0.75"\n0,0.5\n', pos_label=None)  # a quoted value after a space
@example(data=b'y_true,y_score\n "1",0.75\n0,0.5\n', pos_label=None)
def test_the_shortcuts_give_what_the_general_path_gives(data: bytes, pos_label: object):
    _same_both_ways(data, pos_label=pos_label)


@given(data=files())
def test_the_shortcuts_give_what_the_general_path_gives_with_two_score_columns(data: bytes):
    text = data.decode("utf-8-sig").replace("y_score", "a", 1)
    lines = text.split("\n")
    lines = [line + (",b" if k == 0 else ",0.5" if line.strip() else "") for k, line in enumerate(lines)]
    _same_both_ways("\n".join(lines).encode(), y_scores=["a", "b"])


_CHUNKED = 300_000  # more rows than one chunk of read_csv(low_memory=True) on two columns


@pytest.mark.parametrize("late", ["1", "yes", "0.5", "2", "True", "9223372036854775808", "", "0.50,0.5\n{body}yes"])
def test_a_label_of_another_type_after_the_first_chunk_is_read_as_without_chunks(late: str):
    """``low_memory=True`` reads each chunk's labels on their own (ints in one, text in another): not kept then.

    The last case has ints in the first chunk, ``0.50`` in the second (read
    there as the float 0.5) and ``yes`` in the third: the labels read in
    chunks would name ``'0.5'`` in the message, read whole ``'0.50'``.
    """
    body = "0,0.25\n1,0.75\n" * (_CHUNKED // 2)
    data = f"y_true,y_score\n{body}{late.format(body=body)},0.5\n1,0.125\n".encode()
    outcome = _same_both_ways(data)
    if late == "1":  # the usual file: read, with 0/1 labels
        assert outcome[0][0] == np.dtype(np.int64).str and outcome[0][1] == (_CHUNKED + 2,)
    else:
        assert outcome[0] == "PredictionFileError"
