"""Classroom mode's command line and template (the pages themselves: tests/browser/test_classroom_in_browser.py)."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from helpers.classroom import NOTEBOOKS, TEMPLATE_ROOT, classroom_command, main, notebook_path
from helpers.course_map import course_notebooks


def test_notebook_path_finds_each_notebook_by_its_number():
    for nb in course_notebooks(NOTEBOOKS):
        assert notebook_path(nb.name.split("_")[0]) == nb  # "11" and "11b" name different notebooks


def test_the_notebooks_are_found_in_a_checkout_and_in_an_installed_package(tmp_path, monkeypatch):
    """helpers.course_files: the package's own copy (a wheel) first, else the repository's notebooks/ folder."""
    import helpers.course_files as course_files

    repo = Path(course_files.__file__).resolve().parents[2]
    assert NOTEBOOKS == repo / "notebooks" == course_files.notebooks_dir()
    shipped = tmp_path / "helpers" / "course_files"
    (shipped / "notebooks").mkdir(parents=True)
    monkeypatch.setattr(course_files, "_HERE", shipped)
    assert course_files.notebooks_dir() == shipped / "notebooks"
    monkeypatch.setattr(course_files, "_HERE", tmp_path / "a" / "b" / "c")
    with pytest.raises(FileNotFoundError, match="notebooks"):
        course_files.notebooks_dir()


def test_command_serves_the_folder_with_the_classroom_template():
    cmd = classroom_command(port=8999)
    assert cmd[:4] == [sys.executable, "-m", "voila", str(NOTEBOOKS)]
    assert "--template=classroom" in cmd and "--port=8999" in cmd and "--no-browser" in cmd


def test_template_ships_its_pages_and_has_landmarks():
    folder = TEMPLATE_ROOT / "voila" / "templates" / "classroom"
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    index = (folder / "index.html.j2").read_text()
    assert "<main" in index and "<nav" in index and "https://" not in index  # nothing from a CDN
    for tree in ("tree.html", "tree-lab.html"):  # Voila picks one or the other by its classic_tree setting
        text = (folder / tree).read_text()
        assert '<html lang="en">' in text and "<main" in text and "<nav" in text


@pytest.mark.parametrize("argv", [["5"], ["99"], ["--port", "70000"], ["--notebooks", "no/such/folder"]])
def test_bad_arguments_exit_with_status_2_naming_them(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert any(word in err for word in ("number", "port", "notebooks_dir"))


# The teacher's guide (notebooks/TEACHING.md): one full section per notebook, and only presets that exist.

GUIDE = NOTEBOOKS / "TEACHING.md"
_SECTION = re.compile(r"^## (\d\d[a-z]?) · .*$", re.M)  # "## 11b · ..." for a split-off notebook
_PRESET = re.compile(r'\*\*"([^"]+)"\*\*')  # a preset is named in bold quotes: **"rare disease, 1 in 10 000"**
_WIDGET = re.compile(r"`(\w+)\(\)`")


def _widget_presets(function: str) -> dict | None:
    """The PRESETS of the helpers.widgets module that defines ``function``, or None if no module does."""
    for path in sorted((NOTEBOOKS.parent / "helpers" / "widgets").glob("*.py")):
        if re.search(rf"^def {function}\(", path.read_text(encoding="utf-8"), re.M):
            module = importlib.import_module(f"helpers.widgets.{path.stem}")
            return dict(getattr(module, "PRESETS", {}))
    return None


def guide_problems(text: str, numbers: list[str]) -> list[str]:
    """What the guide lacks: a section per notebook number with time, widget or figure, three questions with
    usual answers, misconceptions; every preset it names in a section is a key of that section's widgets' PRESETS."""
    problems = []
    heads = list(_SECTION.finditer(text))
    sections = {m.group(1): text[m.start() : (heads[i + 1].start() if i + 1 < len(heads) else len(text))]
                for i, m in enumerate(heads)}
    for number in numbers:
        body = sections.get(number)
        if body is None:
            problems.append(f"{number}: no section '## {number} · ...'")
            continue
        head = body.splitlines()[0]
        flat = " ".join(body.split())  # a part may be wrapped over two lines
        if not re.search(r"— \d+ minutes", head):
            problems.append(f"{number}: no time ('— N minutes') in the heading")
        for part, pattern in (("*Ask first:*", r"\*Ask first:\*"), ("*Usual answer:*", r"\*Usual answers?:\*")):
            if len(re.findall(pattern, flat)) < 3:
                problems.append(f"{number}: {len(re.findall(pattern, flat))} times {part}, not 3")
        if "Misconceptions" not in body:
            problems.append(f"{number}: no misconceptions")
        widget_lines = [line for line in body.splitlines() if line.startswith("Widget:")]
        named = _PRESET.findall(body)
        if widget_lines:
            presets: dict = {}
            for function in _WIDGET.findall(widget_lines[0]):
                found = _widget_presets(function)
                if found is None:
                    problems.append(f"{number}: no widget function {function}() in helpers/widgets")
                else:
                    presets |= found
            problems += [f"{number}: preset {name!r} is not in the widget's PRESETS" for name in named
                         if name not in presets]
        elif "Project:" not in body:
            problems.append(f"{number}: neither 'Widget:' nor 'Project:' (the figure or table to show)")
        elif named:
            problems.append(f"{number}: presets {named} named, but the section has no widget")
    return problems


def _numbers() -> list[str]:
    return sorted({nb.name.split("_")[0] for nb in course_notebooks(NOTEBOOKS)})


def test_guide_covers_every_notebook_and_names_only_existing_presets():
    assert _numbers(), "no notebooks found"
    assert guide_problems(GUIDE.read_text(encoding="utf-8"), _numbers()) == []


def test_guide_check_can_fail():
    text = GUIDE.read_text(encoding="utf-8")
    numbers = _numbers()
    renamed = text.replace('**"deployed where 1 in 100 is positive"**', '**"deployed where 1 in 99 is positive"**')
    assert renamed != text and any("1 in 99" in p for p in guide_problems(renamed, numbers))
    dropped = re.sub(r"^## 12 · .*$", "## Twelve", text, flags=re.M)
    assert any(p.startswith("12: no section") for p in guide_problems(dropped, numbers))
    start = text.index("## 14 · ")
    no_answer = text[:start] + re.sub(r"\*Usual\s+answer:\*", "", text[start:], count=1)
    assert any(p.startswith("14: 2 times *Usual answer:*") for p in guide_problems(no_answer, numbers))
