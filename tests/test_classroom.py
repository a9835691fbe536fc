"""Classroom mode's command line and template (the pages themselves: tests/browser/test_classroom_in_browser.py)."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest
from classroom_notebooks import write_course

from helpers.classroom import (
    NOTEBOOKS,
    SESSION_PLANS,
    TEMPLATE_ROOT,
    classroom_command,
    main,
    notebook_path,
    session_notebooks,
)
from helpers.classroom.serve import class_minutes, index_entries, kernel_pools, page_handler, ready_pages
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
    assert cmd[:4] == [sys.executable, "-m", "helpers.classroom.serve", str(NOTEBOOKS)]
    assert "--template=classroom" in cmd and "--port=8999" in cmd and "--no-browser" in cmd


def test_template_ships_its_pages_and_has_landmarks():
    folder = TEMPLATE_ROOT / "voila" / "templates" / "classroom"
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    index = (folder / "index.html.j2").read_text()
    assert "<main" in index and "<nav" in index and "https://" not in index  # nothing from a CDN
    text = (folder / "tree.html").read_text()
    assert '<html lang="en">' in text and "<main" in text and "<nav" in text and "https://" not in text
    # Voila shows tree-lab.html, or tree.html with --classic_tree: the same page
    assert '{% include "tree.html" %}' in (folder / "tree-lab.html").read_text()


def _render_index(course_index) -> str:
    """The index page as Voila renders it, with ``course_index`` as helpers.classroom.serve gives it."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATE_ROOT / "voila" / "templates" / "classroom"),
                             autoescape=True)
    return env.get_template("tree-lab.html").render(base_url="/", course_index=course_index,
                                                    contents={"content": []})


def test_index_lists_each_course_notebook_with_its_card(tmp_path):
    """Title, time and one line per course notebook, in course order; no solutions, no other notebook."""
    expected = write_course(tmp_path)
    entries = index_entries(tmp_path)
    assert [e.name for e in entries] == [e["name"] for e in expected]
    for entry, e in zip(entries, expected, strict=True):
        assert (entry.number, entry.title, entry.minutes) == (e["number"], e["title"], e["minutes"])
        assert entry.class_minutes == e["class_minutes"]
        assert re.sub(r"<[^>]+>", "", entry.lead_html) == e["lead"]
    page = _render_index(lambda: entries)
    items = re.findall(r"<li>(.*?)</li>", page, flags=re.S)
    assert len(items) == len(expected)
    for item, e in zip(items, expected, strict=True):
        assert f'href="/voila/render/{e["name"]}"' in item and e["title"] in item and e["lead"] in item
        assert (f"about {e['minutes']} minutes on your own" in item) == (e["minutes"] is not None)
        assert (f">{e['class_minutes']} minutes in class<" in item) == (e["class_minutes"] is not None)
    assert "solutions" not in page and "scratch" not in page


def test_the_index_gives_each_notebook_its_time_in_class_as_the_guide_does():
    """The course's index: each notebook's time in class next to its time on one's own, both as the teacher's
    guide's heading gives them (TEACHING.md: "— 35 minutes in class (estimate; about 60 minutes on your own)")."""
    guide = (NOTEBOOKS / "TEACHING.md").read_text(encoding="utf-8")
    headings = {m[1]: (int(m[2]), int(m[3])) for m in re.finditer(
        r"^## (\d\d[a-z]?) · .*? — (\d+) minutes in class \(estimate; about (\d+) minutes on your own\)$", guide, re.M)}
    entries = index_entries(NOTEBOOKS)
    assert {e.number for e in entries} <= set(headings), "a notebook without a heading in TEACHING.md"
    for e in entries:
        assert (e.class_minutes, e.minutes) == headings[e.number], e.name
    page = _render_index(lambda: entries)
    for e in entries:
        assert f"{e.class_minutes} minutes in class</span><span class=\"classroom-time classroom-own\">about " \
               f"{e.minutes} minutes on your own" in page, e.name


def test_class_minutes_reads_the_guide_headings(tmp_path):
    assert class_minutes(tmp_path) == {}  # no guide: no times
    (tmp_path / "TEACHING.md").write_text("## 04 · ROC AUC by hand — 45 minutes in class (estimate)\n"
                                          "## 11b · Split off — 20 minutes in class\n"
                                          "Not a heading: 07 · x — 30 minutes in class\n")
    assert class_minutes(tmp_path) == {"04": 45, "11b": 20}


def test_index_lead_keeps_its_markdown_but_not_its_links(tmp_path):
    """The lead is rendered (emphasis, code), its links keep only their text (their targets are relative to
    the notebook, not to the index), and text that looks like HTML is escaped."""
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source":
                     "# 04 · ROC AUC by hand\n\n`roc_auc_score` from *nine* scores (see [the cheat sheet]"
                     "(00_start_here.ipynb#Sources)), a < b.\n\n**Time on your own:** about 40 minutes."}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "04_roc_auc_by_hand.ipynb").write_text(json.dumps(nb))
    [entry] = index_entries(tmp_path)
    assert entry.minutes == 40 and entry.title == "ROC AUC by hand"
    assert "<code>roc_auc_score</code>" in entry.lead_html and "<em>nine</em>" in entry.lead_html
    assert "<a" not in entry.lead_html and "the cheat sheet" in entry.lead_html and "a &lt; b" in entry.lead_html


def test_index_of_the_course_lists_the_course_notebooks():
    assert [e.name for e in index_entries(NOTEBOOKS)] == [p.name for p in course_notebooks(NOTEBOOKS)]


def test_pages_leave_out_code_only_cells_and_set_their_xsrf_cookie(monkeypatch):
    """The page template drops cells tagged "code-only" before they run; the page's handler reads the request's
    XSRF token (which makes tornado send the cookie that the page's shutdown request needs) before Voila
    renders the page."""
    import asyncio

    from voila.tornado.handler import TornadoVoilaHandler

    index = (TEMPLATE_ROOT / "voila" / "templates" / "classroom" / "index.html.j2").read_text()
    assert "'code-only' not in" in index and "nb.update({'cells': kept})" in index

    calls = []

    async def voila_get(self, path=None):
        calls.append(("page", path))

    monkeypatch.setattr(TornadoVoilaHandler, "get", voila_get)
    handler = page_handler()
    assert issubclass(handler, TornadoVoilaHandler)

    class Probe(handler):
        def __init__(self):  # no tornado application: only the order of the calls matters
            pass

        @property
        def xsrf_token(self):
            calls.append("cookie")
            return b"token"

    asyncio.run(Probe().get("05_simulated_rare_disease.ipynb"))
    assert calls == ["cookie", ("page", "05_simulated_rare_disease.ipynb")]


def test_session_notebooks_are_the_plans_notebooks_in_order():
    assert session_notebooks(2) == ["05", "03b", "06", "07"]  # session 2: the 05 -> 03b -> 06 -> 07
    plans = SESSION_PLANS.read_text(encoding="utf-8")
    for n in (1, 2, 3):
        numbers = session_notebooks(n)
        assert numbers and all(notebook_path(x) for x in numbers)  # each names a notebook that exists
        assert all(f"| {x} |" in plans for x in numbers)


def test_session_notebooks_reads_a_plan_of_its_own(tmp_path):
    plan = tmp_path / "sessions.md"
    plan.write_text("# Plans\n\n## Session 1 · One\n\n| minutes | notebook | section | what |\n|---|---|---|---|\n"
                    "| 10 | 04 | A | x |\n| 5 | 02 | B | y |\n| 5 | 04 | C | z |\n| 15 | — | — | questions |\n\n"
                    "## Session 2 · Two\n\n| 10 | 11b | D | w |\n")
    assert session_notebooks(1, plan) == ["04", "02"] and session_notebooks(2, plan) == ["11b"]


def test_pages_ready_at_once_use_a_pool_of_one_kernel_for_each_named_notebook():
    cmd = classroom_command(port=8999, ready=["05", "03b"])
    assert "--ready=05_simulated_rare_disease.ipynb,03b_choosing_a_threshold.ipynb" in cmd
    assert not any(a.startswith("--ready") for a in classroom_command(port=8999))
    assert kernel_pools(["05_x.ipynb"]) == {"default": {"pool_size": 0}, "05_x.ipynb": {"pool_size": 1}}


def test_ready_pages_reads_voilas_pools():
    """A page is ready when a task of its pool is done and the rendering that task started is done too."""
    import asyncio

    class Manager:
        _pools: dict

    async def state():
        loop = asyncio.get_running_loop()
        rendering, rendered = loop.create_future(), loop.create_future()
        rendered.set_result(([], None))
        started_a, started_b, starting = loop.create_future(), loop.create_future(), loop.create_future()
        started_a.set_result({"task": rendered, "kernel_id": "a"})
        started_b.set_result({"task": rendering, "kernel_id": "b"})
        m = Manager()
        m._pools = {"a.ipynb": [started_a], "b.ipynb": [started_b], "c.ipynb": [starting]}
        out = ready_pages(m, ["a.ipynb", "b.ipynb", "c.ipynb", "d.ipynb"])
        rendering.cancel()
        starting.cancel()
        return out

    assert asyncio.run(state()) == {"a.ipynb": True, "b.ipynb": False, "c.ipynb": False, "d.ipynb": False}
    assert ready_pages(object(), ["a.ipynb"]) == {"a.ipynb": False}  # no pools: nothing is ready


@pytest.mark.parametrize("argv", [["5"], ["99"], ["--port", "70000"], ["--notebooks", "no/such/folder"],
                                  ["--session", "9"], ["--ready", "99"], ["--session", "2", "--ready", "05"]])
def test_bad_arguments_exit_with_status_2_naming_them(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert any(word in err for word in ("number", "port", "notebooks_dir", "session", "--ready"))


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


def guide_problems(text: str, numbers: list[str], own: dict[str, int] | None = None) -> list[str]:
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
        times = re.search(r"— (\d+) minutes in class \(estimate; about (\d+) minutes on your own\)", head)
        if not times:
            problems.append(f"{number}: no times ('— N minutes in class (estimate; about M minutes on your own)')")
        elif own is not None and int(times.group(2)) != own.get(number):
            problems.append(f"{number}: the guide says {times.group(2)} minutes on your own, the card "
                            f"{own.get(number)}")
        elif int(times.group(1)) > int(times.group(2)):
            problems.append(f"{number}: more minutes in class than on your own")
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
    from helpers.course_map import main_line

    own = {nb.name.split("_")[0]: main_line(nb).minutes for nb in course_notebooks(NOTEBOOKS)}
    assert guide_problems(GUIDE.read_text(encoding="utf-8"), _numbers(), own) == []


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
    assert any(p.startswith("00: the guide says 35 minutes on your own, the card 60")
               for p in guide_problems(text, numbers, dict.fromkeys(numbers, 60)))


def _figure_png_size(monkeypatch, jupyter_path: str | None) -> tuple[int, int]:
    """The size of the PNG a course figure (6.4 x 4.0 inches at 80 dpi) gets from the python3 kernel found on
    ``jupyter_path`` (None: the environment's own)."""
    import base64
    import io

    import nbformat
    import PIL.Image
    from nbclient import NotebookClient

    if jupyter_path is None:
        monkeypatch.delenv("JUPYTER_PATH", raising=False)
    else:
        monkeypatch.setenv("JUPYTER_PATH", jupyter_path)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import matplotlib.pyplot as plt\nfrom helpers.plotting import use_course_style\nuse_course_style()\n"
        "fig, ax = plt.subplots()\nax.plot([0, 1], [0, 1]);"
    )])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    [png] = [o["data"]["image/png"] for o in nb.cells[0].outputs if "image/png" in o.get("data", {})]
    return PIL.Image.open(io.BytesIO(base64.b64decode(png))).size


@pytest.mark.slow
def test_classroom_kernel_draws_inline_figures_larger(monkeypatch):
    """The classroom's python3 kernel (share/kernels/python3, first on JUPYTER_PATH) draws the notebooks' inline
    figures at 144 dpi instead of 80: 1.8 times as large in pixels, so the page shows them large without
    stretching them."""
    spec = json.loads((TEMPLATE_ROOT / "kernels" / "python3" / "kernel.json").read_text())
    assert spec["argv"][0] == "python"  # jupyter_client runs it with the server's own interpreter
    plain = _figure_png_size(monkeypatch, None)
    classroom = _figure_png_size(monkeypatch, str(TEMPLATE_ROOT))
    assert classroom[0] / plain[0] == pytest.approx(144 / 80, rel=0.05)
    assert classroom[1] / plain[1] == pytest.approx(144 / 80, rel=0.05)


@pytest.mark.slow
def test_stopping_the_launcher_stops_its_server(tmp_path):
    """SIGTERM to ``python -m helpers.classroom`` stops the Voila server it started (it was left running)."""
    import signal
    import socket
    import subprocess
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    launcher = subprocess.Popen([sys.executable, "-m", "helpers.classroom", "--no-browser", "--port", str(port)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def answers() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=2):
                return True
        except OSError:
            return False

    try:
        deadline = time.monotonic() + 90
        while not answers() and time.monotonic() < deadline and launcher.poll() is None:
            time.sleep(0.5)
        assert answers(), "the classroom server did not start"
        launcher.send_signal(signal.SIGTERM)
        launcher.wait(timeout=30)
        deadline = time.monotonic() + 30
        while answers() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not answers(), "the server still answers after its launcher was stopped"
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
