"""Classroom mode works in a real browser: every notebook's Voila page, its widgets, the keyboard and axe-core.

``python -m helpers.classroom`` (Voila with the course's template) serves a
temporary copy of notebooks/ and data/. The index must list the fourteen
notebooks, one link each. Every notebook's page must show no code, no error
and no stderr, keep its content in ``main`` with a ``nav``, never scroll
sideways at 1920x1080, name every slider handle by its visible label, give
every widget figure a text alternative, and give every inline figure the text
the notebook saved with it (helpers.figure_text, written again by Voila's run). Every control of every widget is moved
(lab_driver's code: keyboard on slider handles, select, type + Enter, click)
and what it drives must change; then a keyboard-only walk presses Tab from the
top of the page and must reach every control, each with a visible focus ring.
axe-core (vendored, tests/browser/vendor) must find no critical or serious
violation on any page; the moderate and minor ones are written to
``test-artifacts/axe/`` and listed with their reasons in tests/browser/README.md.
Screenshots at 1920x1080 go to ``test-artifacts/screenshots/classroom-*.png``.

All classroom tests live in this one module so that ``--dist loadscope`` keeps
them on one worker with one Voila server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lab_driver import ARTIFACTS, TAG_CONTROLS_JS, change_control, discover_notebooks, status_text
from voila_driver import (
    BLOCKING,
    PAGE_FACTS_JS,
    ClassroomServer,
    run_axe,
    saved_figure_texts,
    tab_walk,
    wait_page_ready,
    widget_outputs,
)

NOTEBOOKS = discover_notebooks()
AXE_DIR = ARTIFACTS / "axe"
VIEWPORT = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def classroom_server(chromium):
    """Voila in classroom mode (the ``test`` extra installs it); stopped (process group killed) at the end."""
    server = ClassroomServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def classroom_page(chromium, classroom_server):
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(60_000)
    # nothing leaves the machine: a page that needs a CDN fails here
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(classroom_server.url)
                  or route.request.url.startswith("data:") else route.abort())
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()


def _axe_problems(page, name: str) -> list[str]:
    violations = run_axe(page)
    AXE_DIR.mkdir(parents=True, exist_ok=True)
    (AXE_DIR / f"classroom-{name}.json").write_text(json.dumps(violations, indent=1))
    return [
        f"axe {v['impact']}: {v['id']} ({v['help']}) on {len(v['nodes'])} elements, e.g. {v['nodes'][:2]}"
        for v in violations if v["impact"] in BLOCKING
    ]


@pytest.mark.browser
def test_classroom_index_lists_every_notebook(classroom_page, classroom_server, screenshot_dir: Path):
    page = classroom_page
    page.goto(classroom_server.index_url())
    links = page.locator("main a")
    hrefs = links.evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert [h.rsplit("/", 1)[-1] for h in hrefs] == [p.name for p in NOTEBOOKS]
    assert page.locator("nav").count() >= 1 and page.locator("main").count() == 1
    problems = _axe_problems(page, "index")
    page.screenshot(path=str(screenshot_dir / "classroom-index.png"), full_page=True)
    assert not problems, "\n".join(problems)


@pytest.mark.browser
@pytest.mark.parametrize("notebook", [p.name for p in NOTEBOOKS] or ["<no notebooks>"])
def test_classroom_page(notebook, classroom_page, classroom_server, screenshot_dir: Path, record_property):
    if notebook == "<no notebooks>":
        pytest.skip("no NN_*.ipynb in notebooks/")
    page = classroom_page
    stem = Path(notebook).stem
    expected = widget_outputs(classroom_server.root / notebook)
    # Voila streams the page while the kernel runs the cells: wait for its end in wait_page_ready, not in goto
    page.goto(classroom_server.page_url(notebook), wait_until="commit", timeout=120_000)
    wait_page_ready(page, expected)
    problems: list[str] = []

    facts = page.evaluate(PAGE_FACTS_JS)
    problems += [f"error or stderr output: {e!r}" for e in facts["errors"]]
    problems += [f"widget: {e}" for e in facts["widgetErrors"]]
    if facts["code"]:
        problems.append(f"{facts['code']} code cells are visible")
    if facts["main"] != 1 or facts["nav"] < 1:
        problems.append(f"landmarks: {facts['main']} main, {facts['nav']} nav")
    if facts["scrollWidth"] > facts["innerWidth"] + 1:
        problems.append(f"scrolls sideways: {facts['scrollWidth']} px wide at {facts['innerWidth']} px")
    for s in facts["sliders"]:
        if not s["label"] or s["name"] != s["label"]:
            problems.append(f"slider {s['label']!r}: its handle's accessible name is {s['name']!r}")
    problems += [f"widget figure without a text alternative ({i})" for i, a in enumerate(facts["figures"]) if not a]
    # Inline figures: the text written from what the figure draws (helpers.figure_text), as the notebook saved it
    saved = saved_figure_texts(classroom_server.root / notebook)
    if facts["inlineFigures"] != saved:
        problems.append(f"inline figures' text alternatives {facts['inlineFigures']!r:.300} differ from the texts the "
                        f"notebook saved {saved!r:.300}")
    problems += _axe_problems(page, stem)
    page.screenshot(path=str(screenshot_dir / f"classroom-{stem}-1-page.png"), full_page=True)

    roots = page.evaluate(TAG_CONTROLS_JS)
    controls = [(str(r["root"]), c) for r in roots if "skipped" not in r for c in r["controls"] if not c["disabled"]]
    for root, ctl in controls:
        name = f"widget {root}, {ctl['kind']} {ctl['label']!r}"
        res = change_control(page, ctl, root)
        if not res["ok"]:
            problems.append(f"{name}: views did not change after {' / '.join(res['tried']) or 'no action'}")
        elif status_text(page, root):
            problems.append(f"{name}: after {res['action']} the status line says {status_text(page, root)!r}")
    record_property("controls_changed", len(controls))

    if controls:
        walk = tab_walk(page, {c["id"] for _, c in controls})
        for root, ctl in controls:
            if ctl["id"] not in walk["reached"]:
                problems.append(f"keyboard: Tab never reaches widget {root}, {ctl['kind']} {ctl['label']!r}")
            elif ctl["id"] in walk["no_ring"]:
                problems.append(f"keyboard: widget {root}, {ctl['kind']} {ctl['label']!r} shows no focus ring")
        page.screenshot(path=str(screenshot_dir / f"classroom-{stem}-2-after-interacting.png"), full_page=True)
        for r in {root for root, _ in controls}:
            shot = screenshot_dir / f"classroom-{stem}-3-widget-{r}.png"
            page.locator(f'[data-bt-root="{r}"]').screenshot(path=str(shot))
    assert not problems, f"{notebook} in classroom mode (Voila/Chromium):\n  " + "\n  ".join(problems) + (
        f"\n  (page errors: {page.errors[:3]})" if page.errors else ""
    ) + f"\n  screenshots: {screenshot_dir}; axe results: {AXE_DIR}"
