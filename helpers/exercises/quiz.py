"""The quick self-test at the end of a notebook: clickable questions that work without a kernel.

A :class:`Quiz` holds :class:`Question` (multiple choice, every wrong option explained: each is a
misconception a student really holds) and :class:`NumberQuestion` (a number computed from the
notebook's data, right to the digits the question asks for). The questions are built by the
notebook's factory (``helpers.exercises.nb02.quiz(...)``), so every number in them is computed.

``quiz.show()`` displays them with `jupyterquiz <https://pypi.org/project/jupyterquiz/>`_ (John M.
Shea): the student clicks an option or types a number and gets the feedback for that answer, in
JupyterLab, in classroom mode (Voila) and on the static course site, where no kernel runs. The
options are shuffled on every display. The answers travel base64-encoded inside a script, so no
viewer shows them (GitHub and nbviewer, which run no script, show a line saying the quiz needs
JavaScript); the text output that nbval compares lists the questions without their answers.
``quiz.answers()`` prints the answers with their reasons: the solutions notebook calls it.

``quiz.q1.check("b")`` checks one answer in code (the tests use it), and :meth:`Quiz.audit` checks
the quiz itself: each right answer is accepted, each wrong option gets its own explanation, each
number's known mistake its own message, and no text holds ``$`` (jupyterquiz would try to typeset it
as math, which JupyterLab 4 does not do in outputs).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from numbers import Real

from .core import (
    ROUND,
    Exercise,
    Mistake,
    _resolve,
    agreeing_digits,
    choice,
    describe,
    digits_text,
    fmt,
    half_unit,
    number,
    round_significant,
    written,
)

__all__ = ["NumberQuestion", "Question", "Quiz"]


def _wrap(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, width=100, subsequent_indent=indent) or [""]


def _html_text(text: str) -> str:
    """Plain question text as jupyterquiz's HTML: escaped, with `code` in <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


class Question(Exercise):
    """A multiple-choice question: ``options`` maps letters to texts; ``explain`` says why each wrong one is wrong.

    ``explain`` may also explain the correct option (shown after "Correct.").
    """

    def __init__(self, prompt: str, options: Mapping[str, str], correct: str,
                 explain: Mapping[str, str] | None = None) -> None:
        if not isinstance(prompt, str) or not prompt:
            raise ValueError(f"prompt must be the question as text, got {describe(prompt)}")
        if not isinstance(options, Mapping) or len(options) < 2:
            raise ValueError(f"options must be a dict of at least two letter: text pairs, got {describe(options)}")
        if correct not in options:
            raise ValueError("correct must be one of the letters of options")
        explain = dict(explain or {})
        super().__init__("Question", correct, compare=choice(list(options)), why=explain.get(correct, ""))
        self.prompt, self.options, self.explain = prompt, dict(options), explain

    def verdict(self, answer: object) -> tuple[bool, str]:
        ok, message = super().verdict(answer)
        if not ok and message == "not yet":
            key = answer.strip().lower()
            return False, "not quite" + (f": {self.explain[key]}" if key in self.explain else ".")
        return ok, message

    def text(self) -> str:
        """The question and its options, without the answer."""
        lines = _wrap(self.prompt)
        for v in self.options.values():
            lines += _wrap(f"   - {v}", "     ")
        return "\n".join(lines)

    def to_jupyterquiz(self) -> dict:
        """The question in jupyterquiz's format (``type: multiple_choice``, one feedback per option)."""
        answers = []
        for key, text in self.options.items():
            right = key == self.expected
            feedback = ("Correct. " + self.why).strip() if right else "Not quite: " + self.explain.get(key, "")
            answers.append({"answer": _html_text(text), "correct": right, "feedback": _html_text(feedback)})
        return {"question": _html_text(self.prompt), "type": "multiple_choice", "answers": answers}

    def answer_text(self) -> str:
        """The right option and why, then why each wrong option is wrong (for the solutions notebook)."""
        lines = _wrap(f"Answer: {self.options[self.expected]}." + (f" {self.why}" if self.why else ""))
        for key, text in self.options.items():
            if key != self.expected:
                lines += _wrap(f"   Not \"{text}\": {self.explain.get(key, '')}", "     ")
        return "\n".join(lines)

    def audit(self) -> list[str]:
        problems = []
        if not self.verdict(self.expected)[0]:
            problems.append(f"{self.name}: the right option is not accepted")
        for key in self.options:
            if key == self.expected:
                continue
            if not self.explain.get(key):
                problems.append(f"{self.name}: the wrong option {key!r} has no explanation")
        texts = [self.prompt, *self.options.values(), *self.explain.values()]
        if any("$" in t for t in texts):
            problems.append(f"{self.name}: a text holds '$' (jupyterquiz would read it as math)")
        return problems


class NumberQuestion(Exercise):
    """A question whose answer is a number computed from the data (``expected()``).

    ``digits`` asks for that many significant digits (the prompt says so, and an answer right to them is
    right); otherwise ``tol`` is an absolute tolerance and ``rel`` a relative one (either suffices).
    ``mistakes`` are :meth:`Mistake.if_equals` values, each with its message.
    """

    def __init__(self, prompt: str, expected: Callable[[], object] | object, tol: float = 0.0, *, rel: float = 0.0,
                 digits: int | None = None, mistakes: Sequence[Mistake] = (), why: str = "",
                 solution: str = "") -> None:
        if not isinstance(prompt, str) or not prompt:
            raise ValueError(f"prompt must be the question as text, got {describe(prompt)}")
        if isinstance(tol, bool) or not isinstance(tol, Real) or tol < 0:
            raise ValueError(f"tol must be a number >= 0, got {describe(tol)}")
        if any(m.matches is not None or m.part is not None for m in mistakes):
            raise ValueError("mistakes of a NumberQuestion must be Mistake.if_equals(value, message)")
        mistakes = list(mistakes)
        if not re.search(r"%|percent", prompt):  # a share typed as a percentage (41 for 0.41) gets its own message
            mistakes.append(Mistake.if_equals(
                lambda: 100 * float(self.expected) if 0 < float(self.expected) < 1 else math.nan,
                "that is the share as a percentage: give it as a share between 0 and 1"))
        super().__init__("Question", expected, compare=number(abs=tol, rel=rel, digits=digits), mistakes=mistakes,
                         why=why, solution=solution)
        self.prompt, self.digits = prompt, digits

    def full_prompt(self) -> str:
        """The prompt, with the digits asked for."""
        return self.prompt + (f" Give {digits_text(self.digits)}." if self.digits else "")

    def text(self) -> str:
        """The question, without the answer."""
        return "\n".join(_wrap(self.full_prompt()) + ["   (answer with a number)"])

    def _window(self, value: float) -> tuple[float, float]:
        cmp = self.compare
        half = (half_unit(value, cmp.digits) + half_unit(value, cmp.digits + 1) if cmp.digits is not None
                else max(cmp.rel * abs(value), cmp.abs))
        half *= 1 + 1e-9
        return value - half, value + half + 1e-15 * max(1.0, abs(value))

    def to_jupyterquiz(self) -> dict:
        """The question in jupyterquiz's format: the right window, the right value cut off after the asked digits
        (where rounding raises its last digit), each mistake's window, then too few digits.

        jupyterquiz gives the first entry that holds the answer, so each entry says what :meth:`verdict` says of
        the same number. The right value written with too few digits that also reads as a known mistake gets, as
        in :meth:`check`, both messages: its entry comes before the mistakes' windows (0.28 for 0.2773 asked to
        three digits, next to a mistake of 0.2801).
        """
        e = float(self.expected)
        answers = [{"type": "range", "range": list(self._window(e)), "correct": True,
                    "feedback": _html_text(("Correct. " + self.why).strip())}]
        cut = self.cut_answer()
        if cut is not None:
            message = self.verdict(cut)[1]
            feedback = message[0].upper() + message[1:] + "." if message.startswith(ROUND) else "Not quite: " + message
            answers.append({"type": "value", "value": cut, "correct": False, "feedback": _html_text(feedback)})
        shorts = []
        for short in self._shorts(e):
            ok, message = self.verdict(short)
            if not ok and " (or, if you meant the answer itself: " in message:
                answers.append({"type": "value", "value": short, "correct": False,
                                "feedback": _html_text("Not quite: " + message)})
            else:
                shorts.append(short)
        for m in self.mistakes:
            value = float(_resolve(m.value))
            if math.isfinite(value):
                answers.append({"type": "range", "range": list(self._window(value)), "correct": False,
                                "feedback": _html_text("Not quite: " + m.message)})
        if self.digits:
            answers += [{"type": "value", "value": short, "correct": False,
                         "feedback": f"Give {digits_text(self.digits)}: that agrees with the answer to only "
                                     f"{digits_text(agreeing_digits(short, e, self.digits))}."} for short in shorts]
        answers.append({"type": "default", "feedback": "Not yet: that is not the answer. Try again."})
        return {"question": _html_text(self.full_prompt()), "type": "numeric", "answers": answers}

    def _shorts(self, e: float) -> list[float]:
        """The right value written with fewer digits than asked, rounded either way at .5 (none without digits)."""
        shorts: list[float] = []
        for k in range(1, self.digits or 1):
            step = 2 * half_unit(e, k)
            for short in (math.floor(e / step) * step, math.ceil(e / step) * step):
                short = round_significant(short, k) if short else short
                if self.compare.too_few_digits(short, e) and not self.compare.same(short, e) and short not in shorts:
                    shorts.append(short)
        return shorts

    def answer_text(self) -> str:
        """The right value and how it is found (for the solutions notebook).

        A whole number (a count) is shown whole, 17640000 and not 17600000: the digits asked for say how
        close an answer must be, not what the answer is. Any other value is shown to the digits asked for, with
        all of them (0.900 for 0.8998 asked to three digits, not 0.9).
        """
        e = self.expected
        whole = math.isfinite(float(e)) and float(e).is_integer()
        shown = written(float(e), self.digits) if self.digits and not whole else fmt(e)
        how = f" ({self.solution_text})" if self.solution_text else ""
        return "\n".join(_wrap(f"Answer: {shown}{how}." + (f" {self.why}" if self.why else "")))

    def audit(self) -> list[str]:
        problems = super().audit()
        if "$" in self.prompt or any("$" in m.message for m in self.mistakes):
            problems.append(f"{self.name}: a text holds '$' (jupyterquiz would read it as math)")
        return problems


class Quiz:
    """The quick self-test at the end of a notebook: ``quiz.show()`` displays it, ``quiz.q1.check("b")`` checks one.

    The questions are numbered in order; ``quiz.q1`` is the first.
    """

    def __init__(self, questions: Sequence[Question | NumberQuestion], handle: str = "quiz") -> None:
        if isinstance(questions, str) or not questions or not all(isinstance(q, Exercise) for q in questions):
            raise ValueError("questions must be a list of Question and NumberQuestion")
        self.questions = list(questions)
        self.handle = handle
        for i, q in enumerate(self.questions, start=1):
            q.name, q.handle = f"Question {i}", f"{handle}.q{i}"
            setattr(self, f"q{i}", q)

    def __len__(self) -> int:
        return len(self.questions)

    def text(self) -> str:
        """Every question with its options, without the answers (what a text-only viewer shows)."""
        parts = ["Quick self-test: click an option, or type a number and press Enter (run this cell first if "
                 "the questions do not show)."]
        parts += [f"{q.name}. {q.text()}" for q in self.questions]
        return "\n\n".join(parts)

    def to_jupyterquiz(self) -> list[dict]:
        """The questions in jupyterquiz's format."""
        return [q.to_jupyterquiz() for q in self.questions]

    def _html(self) -> str:
        from jupyterquiz.dynamic.loader import load_questions_script
        from jupyterquiz.dynamic.renderer import build_script, build_styles, render_div

        data = json.dumps(self.to_jupyterquiz(), ensure_ascii=True, sort_keys=True)
        div_id = "quiz" + hashlib.sha1(data.encode()).hexdigest()[:12]  # a JS name: jupyterquiz uses it as one
        encoded = base64.b64encode(data.encode("ascii")).decode("ascii")
        prefix, static, url = load_questions_script(f"#{div_id}data", div_id)
        script = build_script(prefix, static, url, div_id, True)
        palette = {  # jupyterquiz's colour variables, dark blue and a readable contrast everywhere
            "--jq-multiple-choice-bg": "#1f3b73", "--jq-mc-button-bg": "#fafafa", "--jq-mc-button-border": "#e0e0e0e0",
            "--jq-mc-button-inset-shadow": "#555555", "--jq-many-choice-bg": "#1f3b73", "--jq-numeric-bg": "#1f3b73",
            "--jq-numeric-input-bg": "#ffffff", "--jq-numeric-input-label": "#101010",
            "--jq-numeric-input-shadow": "#999999", "--jq-string-bg": "#1f3b73", "--jq-incorrect-color": "#a31515",
            "--jq-correct-color": "#0a6b1d", "--jq-text-color": "#fafafa", "--jq-link-color": "#cfe0ff",
        }
        fallback = (f'<p id="{div_id}fallback" class="course-quiz-fallback">Quick self-test: {len(self)} questions. '
                    "They need JavaScript: run this cell in JupyterLab, or open the page in classroom mode or on the "
                    "course site.</p>")
        # jupyterquiz puts "Type numeric answer here:" in a <label> not tied to its input (axe: "label");
        # tie each one as the questions are drawn, so a screen reader names the field.
        hide = (f'<script>var e = document.getElementById("{div_id}fallback"); '
                'if (e) { e.style.display = "none"; }\n'
                f'(function () {{ var q = document.getElementById("{div_id}"); if (!q) return;\n'
                '  function tie() { q.querySelectorAll("input.Input-text").forEach(function (i) {\n'
                '    var l = i.previousElementSibling;\n'
                '    if (l && l.tagName === "LABEL" && !l.htmlFor) { l.htmlFor = i.id; } }); }\n'
                '  tie(); new MutationObserver(tie).observe(q, { childList: true, subtree: true }); })();</script>')
        return (fallback + render_div(div_id, False, True, False, 1_000_000, 700, 10, "left") + "</div>"
                + build_styles(div_id, palette)
                + f'<script type="text/plain" id="{div_id}data">{encoded}</script>'
                + f"<script>{script}</script>" + hide)

    def mimebundle(self) -> tuple[dict, dict]:
        """``(data, metadata)`` of the quiz's output: text without answers, and the clickable HTML."""
        return ({"text/plain": self.text(), "text/html": self._html()},
                {"course_quiz": {"questions": len(self)}})

    def show(self) -> None:
        """Display the quiz (clickable where JavaScript runs; the questions as text elsewhere)."""
        from IPython.display import display

        data, metadata = self.mimebundle()
        display(data, raw=True, metadata=metadata)

    def answers(self) -> None:
        """Print every question's answer and why each wrong option is wrong (the solutions notebook calls it)."""
        for q in self.questions:
            print(f"{q.name}. {q.prompt}")
            print(q.answer_text())
            print()

    def audit(self) -> list[str]:
        """What is wrong with the quiz's questions, checked on their own data (empty when nothing is)."""
        return [p for q in self.questions for p in q.audit()]
