"""Which sentences of an exercise's question ask for a written answer, and which for the checked number.

A course exercise asks for something its checker judges (a number, several numbers, a function) and often
also for a reading in words ("Which estimates change from 0.5, and why does EM not?"). The graded edition
turns the checked part into an autograded test and the words into a task a teacher grades by hand, so it
has to tell them apart. The rule, sentence by sentence (the bold label ``**Exercise 2. A title.**`` left
out):

* an **ask** sentence says what to give: it holds *give*, *your answer*, *significant digit*, *decimal
  place*, *pass the variable* or *write a function*; it is the checked part (but a clause of it that starts
  with ``, and`` / ``, then`` / ``;`` and holds a word of the next rule is written);
* a sentence that holds *why*, *in words*, *explain*, *without code* or *compare* is **written** (unless,
  in a sentence that is not a question, only an alternative after ``, or`` holds it: "Build one, or explain
  why you cannot" asks for the thing built);
* a question (it ends with ``?``) is **written** when its last clause (after a colon) is a yes/no question
  (*Does ...?*, *Is ...?*), when it comes after the first ask sentence, or when an earlier question
  before the ask already stated what to compute; the first question before the ask (and one that goes on
  from it, *When ...?*, *Where ...?*) is the checked part, stated as a question;
* every other sentence (set-up, instructions such as "check it against ...") is neither.

:func:`written_part` returns the written sentences as they stand, joined by spaces, or ``""``.
``python -m helpers.instructor list`` prints what the rule finds for every exercise of the course.
"""

from __future__ import annotations

import re

__all__ = ["sentences", "written_part", "written_sentences"]

_LABEL = re.compile(r"^\s*\*\*Exercise\s+\w+[^*]*\*\*\s*")
_SPLIT = re.compile(r"(?<=[.?!])[*_)]*\s+(?=[A-Z(\"'“*])")
_ASK = re.compile(r"\b(give|your answer|significant digits?|decimal places?|pass the variable|write a function)\b",
                  re.I)
_WRITTEN = re.compile(r"\b(why|in words|explain|without code|compare)\b", re.I)
_YES_NO = re.compile(r"^\s*(does|do|did|is|are|was|were|can|could|would|should|has|have|will)\b", re.I)
_GOES_ON = re.compile(r"^\s*(when|where|and)\b", re.I)
_ALTERNATIVE = re.compile(r",\s+or\s+")
_CLAUSE = re.compile(r"(?:,\s+and\s+|,\s+then\s+|;\s+)")


def sentences(question: str) -> list[str]:
    """The sentences of an exercise's question (markdown), its bold label left out, each on one line.

    >>> sentences("**Exercise 2.** Give the AUC. Why is it 0.5?")
    ['Give the AUC.', 'Why is it 0.5?']
    """
    if not isinstance(question, str):
        raise ValueError(f"question must be the question's markdown text, got {type(question).__name__}")
    text = " ".join(_LABEL.sub("", question.strip(), count=1).split())
    return [s.strip() for s in _SPLIT.split(text) if s.strip()]


def written_sentences(question: str) -> list[str]:
    """The sentences (or clauses of an ask sentence) of ``question`` that ask for an answer in words.

    >>> written_sentences("**Exercise 1.** What is the precision? Give three significant digits. "
    ...                   "Which metric moved, and why?")
    ['Which metric moved, and why?']
    >>> written_sentences("**Exercise 4.** What is the AUC when all positives score higher? When all "
    ...                   "scores are equal? Give the two exact values.")
    []
    """
    parts = sentences(question)
    asks = [i for i, s in enumerate(parts) if _ASK.search(s)]
    first_ask = asks[0] if asks else len(parts)
    written: list[str] = []
    question_seen = False
    for i, s in enumerate(parts):
        if i in asks:
            clauses = _CLAUSE.split(s)
            written += [c.strip()[:1].upper() + c.strip()[1:] for c in clauses[1:] if _WRITTEN.search(c)]
            continue
        if _WRITTEN.search(s if s.endswith("?") else _ALTERNATIVE.split(s)[0]):
            written.append(s)
        elif s.endswith("?"):
            last = s.rsplit(":", 1)[-1]
            if _YES_NO.match(last) or i > first_ask:
                written.append(s)
            elif question_seen and not _GOES_ON.match(last):
                written.append(s)
            question_seen = True
    return written


def written_part(question: str) -> str:
    """What ``question`` asks to answer in words (its written sentences joined), or ``""`` when nothing.

    >>> written_part("**Exercise 1: another threshold.** Flag at 0.3. Give CC and EM, to three "
    ...              "significant digits. Which estimates change, and why does EM not?")
    'Which estimates change, and why does EM not?'
    """
    return " ".join(written_sentences(question))
