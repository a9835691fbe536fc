"""Read a practitioner's predictions from a CSV file, refusing anything doubtful.

The course's last notebook reruns every analysis on *your* predictions: a CSV
file with one row per example, a column of true labels (0 or 1) and a column
of scores.  :func:`load_predictions` reads such a file with ``pandas.read_csv``
and checks it thoroughly first, because a silently misread file (a shifted
column, a label read as a score, a ``NaN`` turned into a zero) would make
every number downstream wrong without anyone noticing.

Every problem raises :class:`PredictionFileError` (a ``ValueError``) with a
one-line message naming the file, where it applies the column and the data
row, and what is wrong, e.g.::

    preds.csv: row 3 (line 4 of the file), column 'y_score': the score is NaN
    (not a number); every row needs a finite score

(printed here on two lines, but it is one line.)  Data rows are numbered from 1,
the first row after the header; the line number counts every physical line of
the file, the header being line 1.
"""

from __future__ import annotations

import csv
import io
import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import numpy as np
import pandas as pd

__all__ = ["PredictionFileError", "load_predictions"]

PathOrBuffer = str | os.PathLike[str] | IO[str] | IO[bytes]

# Files that are clearly something else, recognised by their first bytes.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"PK\x03\x04", "a zip archive or an Excel workbook (.xlsx), not a CSV file; in Excel use 'Save As' > 'CSV UTF-8'"),
    (b"\xd0\xcf\x11\xe0", "an old Excel workbook (.xls), not a CSV file; in Excel use 'Save As' > 'CSV UTF-8'"),
    (b"\x1f\x8b", "gzip-compressed; decompress it first"),
    (b"PAR1", "a Parquet file, not a CSV file"),
    (b"\xff\xfe", "UTF-16 text, not UTF-8; save it again as 'CSV UTF-8'"),
    (b"\xfe\xff", "UTF-16 text, not UTF-8; save it again as 'CSV UTF-8'"),
)
_NAN_WORDS = frozenset({"nan", "+nan", "-nan"})
_MISSING_WORDS = frozenset({"na", "n/a", "#n/a", "null", "none", "nil", "missing", "?", "-"})
_INF_WORDS = frozenset({"inf", "infinity"})
_DECIMAL_COMMA = re.compile(r"[+-]?\d*,\d+")
# Bytes allowed in a text file: printable ASCII, tab, LF, CR and all bytes >= 128
# (UTF-8 is checked separately); the other control bytes mean binary data.
_TEXT_BYTES = bytes(range(32, 127)) + b"\t\n\r" + bytes(range(128, 256))
_NUL = b"\x00"
_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class PredictionFileError(ValueError):
    """A predictions file that :func:`load_predictions` refuses to read.

    ``str(error)`` is a single line naming the file, the place and the problem.
    The parts are also available as attributes (``None`` where they do not
    apply): ``file`` (the path as given, or ``"<buffer>"``), ``column`` (a
    column name), ``row`` (1-based data row, the header not counted) and
    ``line`` (1-based physical line of the file, the header being line 1).
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        column: str | None = None,
        row: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.file = file
        self.column = column
        self.row = row
        self.line = line


def _fail(
    file: str,
    problem: str,
    *,
    column: str | None = None,
    row: int | None = None,
    line: int | None = None,
) -> PredictionFileError:
    """Build the error: ``file: row R (line L of the file), column 'c': problem``."""
    where = []
    if row is not None:
        where.append(f"row {row} (line {line} of the file)" if line is not None else f"row {row}")
    elif line is not None:
        where.append(f"line {line}")
    if column is not None:
        where.append(f"column {_show(column)}")
    message = f"{file}: " + (", ".join(where) + ": " if where else "") + problem
    message = " ".join(message.splitlines())  # one line, whatever went in
    return PredictionFileError(message, file=file, column=column, row=row, line=line)


def _show(text: str, limit: int = 40) -> str:
    """Quote a piece of the file for a message (escaped, shortened)."""
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text)


def _display_name(name: str) -> str:
    if len(name) > 80:
        name = name[:77] + "..."
    return name if name.isprintable() else repr(name)


# --------------------------------------------------------------------------- reading bytes


def _read_source(source: object) -> tuple[str, bytes]:
    """Return ``(name for messages, raw bytes)`` of a path or a file-like object."""
    if isinstance(source, (bytes, bytearray)):
        raise TypeError(
            "path_or_buffer must be a path or a file-like object, got raw bytes; wrap them in io.BytesIO(...)"
        )
    if isinstance(source, (str, os.PathLike)):
        path = Path(os.fsdecode(source))
        name = _display_name(os.fsdecode(source))
        if path.is_dir():
            raise _fail(name, "is a directory, not a file; give the path of the CSV file itself")
        try:
            return name, path.read_bytes()
        except FileNotFoundError:
            hint = ""
            if isinstance(source, str) and ("\n" in source or "," in source):
                hint = "; to read CSV text held in a string, pass io.StringIO(text)"
            raise _fail(
                name,
                f"no such file (looked for {path.absolute()}); check the name and the current folder{hint}",
            ) from None
        except PermissionError:
            raise _fail(name, "cannot be read: permission denied") from None
        except OSError as exc:
            raise _fail(name, f"cannot be read: {exc.strerror or exc}") from None
        except ValueError:  # e.g. a NUL character in the path
            raise _fail(name, "is not a valid file name") from None

    read = getattr(source, "read", None)
    if not callable(read):
        raise TypeError(
            "path_or_buffer must be a file path (str or pathlib.Path) or a file-like "
            f"object with .read(), got {type(source).__name__}"
        )
    raw_name = getattr(source, "name", None)
    name = _display_name(raw_name) if isinstance(raw_name, str) else "<buffer>"
    try:
        data = read()
    except UnicodeDecodeError as exc:
        raise _fail(
            name,
            f"is not UTF-8 text ({exc.reason}); open it in binary mode ('rb') or save it again as 'CSV UTF-8'",
        ) from None
    except OSError as exc:
        raise _fail(name, f"cannot be read: {exc.strerror or exc}") from None
    if isinstance(data, str):
        try:
            return name, data.encode("utf-8")
        except UnicodeEncodeError:
            raise _fail(name, "contains characters that are not valid Unicode text") from None
    if isinstance(data, (bytes, bytearray, memoryview)):
        return name, bytes(data)
    raise TypeError(f"{name}: .read() returned {type(data).__name__}, expected str or bytes")


def _line_of(data: bytes, position: int) -> int:
    return data.count(b"\n", 0, position) + 1


def _decode(name: str, data: bytes) -> str:
    """Check the bytes are UTF-8 text (not binary, not another format) and decode them."""
    if not data:
        raise _fail(name, "is empty (0 bytes); it needs a header line and data rows")
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise _fail(name, f"is {what}")
    nul = data.find(_NUL)
    if nul >= 0:
        raise _fail(
            name,
            f"contains NUL bytes ({data.count(_NUL)} in all), so it is binary data or UTF-16 "
            "text, not a UTF-8 CSV file",
            line=_line_of(data, nul),
        )
    if data.translate(None, _TEXT_BYTES):  # something left: a control byte
        first = _CONTROL.search(data)
        assert first is not None
        raise _fail(
            name,
            f"contains binary data (control byte 0x{data[first.start()]:02X}), so it is not a CSV text file",
            line=_line_of(data, first.start()),
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(
            name,
            f"is not UTF-8 text (byte 0x{data[exc.start]:02X} is not valid UTF-8; the file "
            "was probably saved as Latin-1 or Windows-1252); save it again as 'CSV UTF-8'",
            line=_line_of(data, exc.start),
        ) from None
    return text.removeprefix("\ufeff")


# --------------------------------------------------------------------------- structure


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` with their ends, lazily (reading the header needs only one)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


def _parse_header(name: str, text: str) -> list[str]:
    reader = csv.reader(_lines(text), skipinitialspace=True)
    try:
        header = next(reader)
    except (csv.Error, StopIteration) as exc:
        raise _fail(name, f"the header line cannot be parsed as CSV ({exc})", line=1) from None
    names = [field.strip() for field in header]
    if not any(names):
        raise _fail(
            name,
            "the first line must be the header naming the columns (e.g. 'y_true,y_score'), but it is blank",
            line=1,
        )
    seen: dict[str, int] = {}
    for position, column in enumerate(names, start=1):
        if column and column in seen:
            raise _fail(
                name,
                f"this name appears twice in the header (columns {seen[column]} and "
                f"{position}); column names must be unique",
                column=column,
            )
        seen.setdefault(column, position)
    return names


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _check_columns(name: str, names: list[str], wanted: tuple[str, str]) -> None:
    missing = [column for column in wanted if column not in names]
    if not missing:
        return
    quoted = " and ".join(_show(column) for column in missing)
    shown = ", ".join(_show(column) for column in names[:10])
    if len(names) > 10:
        shown += f", ... ({len(names)} in all)"
    problem = f"has no column{'s' if len(missing) > 1 else ''} {quoted}; the header line names {shown}"
    if len(names) == 1 and (";" in names[0] or "\t" in names[0]):
        separator = "';'" if ";" in names[0] else "a tab"
        problem += f"; the file seems to use {separator} between values, save it comma-separated"
    elif all(_looks_numeric(column) for column in names if column):
        problem += "; that first line looks like data: add a header line naming the columns, e.g. 'y_true,y_score'"
    else:
        lowered = {column.lower(): column for column in names}
        guesses = [lowered[c.lower()] for c in missing if c.lower() in lowered]
        if guesses:
            problem += f"; did you mean {_show(guesses[0])}? names are case-sensitive"
        else:
            problem += "; pass y_true=... and y_score=... to load_predictions to use other column names"
    raise _fail(name, problem)


class _Records:
    """Records of the CSV text: fields per record (the header is record 0) and their lines.

    Without any double quote in the file, records are lines and values are
    separated by commas, so counting is vectorised (numpy on the bytes) and
    data row ``r`` starts on line ``r + 1``.  With quotes, a value may hold
    commas or line breaks, so the stdlib ``csv`` module (the quoting rules of
    pandas) counts the fields, and where each record starts is found only
    when a message needs it.  A record holding nothing but spaces counts 0
    fields, so that it can be called blank.
    """

    def __init__(self, name: str, text: str, data: bytes) -> None:
        self.name = name
        self.text = text
        self.quoted = '"' in text
        self._starts: list[int] | None = None
        self._blank: list[bool] | None = None
        self.counts = self._count_quoted() if self.quoted else self._count_plain(data)

    @staticmethod
    def _count_plain(data: bytes) -> np.ndarray:
        codes = np.frombuffer(data, dtype=np.uint8)
        ends = np.append(np.flatnonzero(codes == 10), codes.size)
        commas = np.flatnonzero(codes == 44)
        counts = np.diff(np.searchsorted(commas, ends), prepend=0) + 1
        single = np.flatnonzero(counts == 1)
        if single.size:  # a line without comma: blank if it holds only spaces
            starts = np.concatenate(([0], ends[:-1] + 1))[single]
            blank = [not data[s:e].strip() for s, e in zip(starts, ends[single], strict=True)]
            counts[single[np.asarray(blank, dtype=bool)]] = 0
        return counts

    def _reader(self, strict: bool) -> Iterator[list[str]]:
        return csv.reader(io.StringIO(self.text), skipinitialspace=True, strict=strict)

    def _count_quoted(self) -> np.ndarray:
        try:
            return np.fromiter(map(len, self._reader(strict=True)), dtype=np.int64)
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                raise _fail(
                    self.name,
                    'a double quote (") opens a quoted value that is never closed; check the quotes from this line on',
                    line=self.line(len(self._scan()[0]) - 1),
                ) from None
        try:  # e.g. text after a closing quote: pandas reads that, so we do too
            return np.fromiter(map(len, self._reader(strict=False)), dtype=np.int64)
        except csv.Error as exc:
            raise _fail(self.name, f"cannot be parsed as CSV ({exc})") from None

    def _scan(self) -> tuple[list[int], list[bool]]:
        """Start line and blankness of every record (a Python loop: only for messages)."""
        if self._starts is None or self._blank is None:
            reader = csv.reader(io.StringIO(self.text), skipinitialspace=True, strict=False)
            starts: list[int] = []
            blank: list[bool] = []
            start = 1
            for record in reader:
                starts.append(start)
                blank.append(not record or (len(record) == 1 and not record[0].strip()))
                start = reader.line_num + 1
            self._starts, self._blank = starts, blank
        return self._starts, self._blank

    def line(self, row: int) -> int:
        """Physical line (1-based) where record ``row`` starts; data rows are records 1, 2..."""
        return self._scan()[0][row] if self.quoted else row + 1

    def blank(self, row: int) -> bool:
        return bool(self.counts[row] == 0) or (self.quoted and self._scan()[1][row])

    def check_shape(self) -> int:
        """Refuse ragged or blank rows and too few rows; return the number of data rows."""
        counts, name = self.counts, self.name
        n_columns = int(counts[0])
        n_rows = counts.size - 1
        if n_rows == 0:
            raise _fail(name, "has a header line but no data rows")
        bad = np.flatnonzero(counts[1:] != n_columns)
        if bad.size:
            row = int(bad[0]) + 1
            found = int(counts[row])
            more = f" ({bad.size} such rows in all)" if bad.size > 1 else ""
            if self.blank(row):
                problem = f"is blank; delete empty lines inside the file{more}"
            else:
                problem = (
                    f"has {found} value{'s' if found != 1 else ''} but the header has "
                    f"{n_columns} columns; every row needs exactly {n_columns} comma-separated "
                    f"values{more}"
                )
            raise _fail(name, problem, row=row, line=self.line(row))
        if n_rows == 1:
            raise _fail(
                name,
                "has only one data row; the analyses need many rows, with both classes (0 and 1)",
            )
        return n_rows


def _read_csv(name: str, data: bytes, columns: list[int], dtype: type, n_rows: int) -> pd.DataFrame:
    """``pandas.read_csv`` of two columns, any parser complaint turned into an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", pd.errors.ParserWarning)
        warnings.simplefilter("error", pd.errors.DtypeWarning)
        try:
            frame = pd.read_csv(
                io.BytesIO(data),
                encoding="utf-8",
                header=0,
                usecols=columns,
                index_col=False,
                dtype=dtype,
                na_filter=False,
                skipinitialspace=True,
                skip_blank_lines=False,
                engine="c",
            )
        except (ValueError, csv.Error, pd.errors.ParserWarning, pd.errors.DtypeWarning) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise _fail(name, f"cannot be read as CSV ({first})") from None
    if len(frame) != n_rows:
        raise _fail(
            name,
            f'has {n_rows} data rows but pandas read {len(frame)}; check for stray double quotes (")',
        )
    return frame


# --------------------------------------------------------------------------- values


def _describe_label(token: str, value: float) -> str:
    if not token.strip():
        return "the label is blank; every row needs a label, 0 or 1"
    if np.isfinite(value):
        if value == -1:
            hint = "; for -1/+1 labels write 0 for the negatives"
        elif value != np.floor(value):
            hint = "; labels are the true classes, not scores: are the columns swapped?"
        else:
            hint = "; labels must be 1 (positive) or 0 (negative)"
        return f"label {_show(token)} is not 0 or 1{hint}"
    return f"label {_show(token)} is not 0 or 1; recode the classes as 1 (positive) and 0 (negative)"


def _describe_score(token: str, value: float) -> str:
    word = token.strip().lower()
    if not word:
        return "the score is blank; every row needs a score"
    if word in _NAN_WORDS:
        return "the score is NaN (not a number); every row needs a finite score"
    if word in _MISSING_WORDS:
        return f"the score is missing ({_show(token)}); every row needs a finite score"
    if word.lstrip("+-") in _INF_WORDS:
        return f"the score is infinite ({_show(token)}); scores must be finite numbers"
    if np.isinf(value):
        return (
            f"the score {_show(token)} is too large for a 64-bit float (it overflows to infinity); rescale the scores"
        )
    if _DECIMAL_COMMA.fullmatch(word):
        return f"the score {_show(token)} uses a comma as decimal mark; write {word.replace(',', '.')} instead"
    return f"the score {_show(token)} is not a number"


def _to_float(tokens: np.ndarray) -> np.ndarray:
    """Parse text to float64, vectorised; anything unparsable becomes NaN."""
    return np.asarray(pd.to_numeric(pd.Series(tokens, dtype=object), errors="coerce"), dtype=float)


def _read_values(
    name: str,
    text: str,
    data: bytes,
    records: _Records,
    positions: tuple[int, int],
    wanted: tuple[str, str],
) -> tuple[np.ndarray, np.ndarray]:
    """Labels (int64, 0/1) and scores (finite float64) of the file, or an error.

    Fast path: pandas parses both columns as float64 and all values pass.  It
    is skipped when the data mention ``true`` or ``false`` anywhere, because
    pandas' float parser would read those as 1.0 and 0.0.  Otherwise, or when
    a value fails, the columns are read again as text to say which row is
    wrong and why (the first problem in file order).
    """
    n_rows = records.counts.size - 1
    columns = sorted(positions)
    which = [columns.index(position) for position in positions]
    body = text[text.find("\n") :].lower()
    if "true" not in body and "false" not in body:
        try:
            frame = _read_csv(name, data, columns, np.float64, n_rows)
        except PredictionFileError:
            pass  # a value is not a number: the text reading below says which
        else:
            values = frame.iloc[:, which[0]].to_numpy(dtype=np.float64)
            scores = frame.iloc[:, which[1]].to_numpy(dtype=np.float64)
            is_one = values == 1
            if np.all(is_one | (values == 0)) and np.all(np.isfinite(scores)):
                return is_one.astype(np.int64), scores

    frame = _read_csv(name, data, columns, object, n_rows)
    label_tokens = frame.iloc[:, which[0]].to_numpy(dtype=object)
    score_tokens = frame.iloc[:, which[1]].to_numpy(dtype=object)
    values = _to_float(label_tokens)
    scores = _to_float(score_tokens)
    bad_label = ~((values == 0) | (values == 1))
    bad_score = ~np.isfinite(scores)
    first_label = int(np.argmax(bad_label)) if bad_label.any() else n_rows
    first_score = int(np.argmax(bad_score)) if bad_score.any() else n_rows
    if first_label < n_rows and first_label <= first_score:
        row, column, count, noun = first_label, wanted[0], int(bad_label.sum()), "labels"
        problem = _describe_label(label_tokens[row], values[row])
    elif first_score < n_rows:
        row, column, count, noun = first_score, wanted[1], int(bad_score.sum()), "scores"
        problem = _describe_score(score_tokens[row], scores[row])
    else:
        return (values == 1).astype(np.int64), scores
    if count > 1:
        problem += f" ({count} bad {noun} in this column)"
    raise _fail(name, problem, column=column, row=row + 1, line=records.line(row + 1))


# --------------------------------------------------------------------------- public


def load_predictions(
    path_or_buffer: PathOrBuffer,
    *,
    y_true: str = "y_true",
    y_score: str = "y_score",
) -> pd.DataFrame:
    """Read a CSV file of true labels and scores, after checking it thoroughly.

    Parameters
    ----------
    path_or_buffer : str, pathlib.Path or file-like object
        The CSV file: a path, or an object with ``.read()`` returning ``str``
        or ``bytes`` (``io.StringIO``, ``io.BytesIO``, an open file).
    y_true, y_score : str
        Names of the label column and of the score column in the header line.

    Returns
    -------
    pandas.DataFrame
        Exactly two columns, named ``y_true`` and ``y_score`` as given: the
        labels as ``int64`` (0 or 1) and the scores as ``float64``, one row
        per data row in file order, with a fresh ``RangeIndex`` (0, 1, ...).
        Other columns of the file are ignored.

    Raises
    ------
    PredictionFileError
        (a ``ValueError``) for any problem with the file, with a one-line
        message naming the file (its path, or ``"<buffer>"``), and where it
        applies the column and the row: ``row 3 (line 4 of the file)``, data
        rows being numbered from 1 after the header and lines from 1 at the
        header.  Problems of the whole file (encoding, header, shape) come
        first; among bad values, the first in file order is reported.
    TypeError, ValueError
        For bad arguments (not a path nor a buffer, empty or equal column names).

    What is checked
    ---------------
    * The file exists, is not a directory, and is not empty.
    * It is UTF-8 text (a byte-order mark is fine): no NUL or other control
      bytes, no invalid UTF-8 (e.g. Latin-1), not UTF-16, not a zip/Excel,
      gzip or Parquet file, not JSON, not HTML/XML.
    * The first line is a header; its names are unique (pandas would
      silently rename a duplicate to ``name.1``) and include ``y_true`` and
      ``y_score`` (other columns are allowed and ignored). Names are compared
      after trimming spaces, and case matters.
    * Every row has as many comma-separated values as the header (no ragged
      rows, no blank lines inside the file; blank lines at the end are fine).
    * There are at least two data rows.
    * Every label is a number equal to 0 or 1: ``0``, ``1``, ``0.0``, ``1.0``
      (and other spellings of those numbers such as ``1.00``) are accepted;
      text (``yes``, ``True``), other numbers (``2``, ``0.5``, ``-1``) and
      blanks are refused.
    * Every score is a finite number in any range (probabilities or
      decision-function values such as ``-3.2`` or ``17``); blanks, text,
      ``NaN``, ``NA``, ``inf``, ``-inf`` and values too large for a float
      (``1e999``) are refused.
    * Both classes occur: at least one 0 and one 1.

    Accepted too: Windows (CRLF) or old Mac (CR) line ends, quoted values,
    spaces around values, a missing final newline.

    Scores are parsed exactly (a frame written with ``DataFrame.to_csv``
    reads back bit for bit).  The checks are vectorised: a million rows take
    about a second; files containing double quotes take a little longer, as
    their rows are counted with the ``csv`` module.

    Examples
    --------
    >>> import io
    >>> load_predictions(io.StringIO("y_true,y_score\\n1,0.9\\n0,-1.5\\n"))
       y_true  y_score
    0       1      0.9
    1       0     -1.5
    """
    for argument, value in (("y_true", y_true), ("y_score", y_score)):
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{argument} must be a non-empty column name, got {value!r}")
    if y_true.strip() == y_score.strip():
        raise ValueError(f"y_true and y_score must name two different columns, both are {y_true!r}")
    wanted = (y_true.strip(), y_score.strip())

    name, raw = _read_source(path_or_buffer)
    text = _decode(name, raw)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.rstrip(" \t\n")  # trailing blank lines are harmless
    start = text.lstrip()[:1]
    if not start:
        raise _fail(name, "is empty (it holds only blank lines or spaces)")
    if start in "{[":
        raise _fail(
            name,
            f"looks like JSON (it starts with {start!r}), not CSV; export the predictions "
            "as a CSV file with a header line such as 'y_true,y_score'",
        )
    if start == "<":
        raise _fail(
            name,
            "looks like an HTML or XML page (it starts with '<'), not CSV; if you "
            "downloaded it, download the raw CSV file instead of the web page",
        )

    names = _parse_header(name, text)
    _check_columns(name, names, wanted)
    data = text.encode("utf-8")
    records = _Records(name, text, data)
    n_rows = records.check_shape()
    positions = (names.index(wanted[0]), names.index(wanted[1]))
    labels, scores = _read_values(name, text, data, records, positions, wanted)

    n_pos = int(labels.sum())
    if n_pos in (0, n_rows):
        only, other = ("0s (negatives)", "1 (positive)") if n_pos == 0 else ("1s (positives)", "0 (negative)")
        raise _fail(
            name,
            f"holds only {only} in its {n_rows} rows; the analyses need both classes, add at least one {other}",
            column=wanted[0],
        )
    return pd.DataFrame({wanted[0]: labels, wanted[1]: scores})
