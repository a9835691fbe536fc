"""Text that only makes sense beside the code, and so must not show on a classroom page (issue 37).

Classroom mode (``python -m helpers.classroom``) shows a notebook's markdown and outputs without its code, and
leaves out the cells tagged ``code-only``. A sentence that tells the reader to run a cell, points at "the cell
below", asks for an answer as a Python object or a variable, names the function that checks it, or an output
line that only says a check found "no error", reads as nonsense there: reword it for both readers, or put it in
a cell tagged ``code-only``.

:func:`code_only_phrases` finds such text; ``tests/test_classroom_text.py`` runs it on what the committed
notebooks show in classroom mode, and the browser test on the text of each classroom page (with inline code
written between backticks, as in the markdown).
"""

from __future__ import annotations

import re

CODE_ONLY_PATTERNS: dict[str, str] = {
    "tells the reader to run a cell": r"(?i)\b(?:re-?)?run (?:the|this) cell\b",
    "points at a cell": r"(?i)\bthe (?:cell|code) (?:below|above)\b|\bthe (?:next|previous) cell\b",
    "an output line that only says 'no error'": r"(?im)^[ \t]*no error[ \t]*$",
    "asks for the answer as code (a Python object, a function)": r"(?i)\byour answer\b[^.?!]*`",
    "asks for the answer as a variable": r"(?i)\bas the variable you computed\b",
    "tells the reader to replace '...'": r"(?i)\breplace `?\.\.\.`?",
}
"""What code-only text looks like, by what it does (the regular expressions run on markdown-like text)."""


def code_only_phrases(text: str) -> list[str]:
    """Each code-only phrase in ``text``: ``"<what it does>: '<the text around it>'"``."""
    found = []
    for what, pattern in CODE_ONLY_PATTERNS.items():
        for m in re.finditer(pattern, text):
            around = " ".join(text[max(0, m.start() - 40): m.end() + 20].split())
            found.append(f"{what}: '...{around}...'")
    return found
