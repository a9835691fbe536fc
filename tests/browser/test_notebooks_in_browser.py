"""Every notebook works in a real browser: JupyterLab in Chromium runs it and every widget control responds.

For each ``notebooks/NN_*.ipynb`` (found when the tests are collected): open it
in JupyterLab, clear its outputs, run all cells, and check that every code cell
ran, no cell shows an error or stderr output, and no widget says "Error
displaying widget". Then, in every rendered widget, change every slider
(keyboard on its handle), dropdown, text and number box (type + Enter), toggle
button and checkbox as a user would, and check that the numbers or the picture
it drives change, and that the dashboard's status line shows no error. Every
slider handle must be named by its visible label (the script each dashboard
sends, helpers/classroom/.../name_controls.js: live outputs are trusted).
Screenshots of each notebook go to ``test-artifacts/screenshots/``.

All browser tests live in this one module so that ``pytest -n auto --dist
loadscope`` keeps them on one worker with one JupyterLab server.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_driver import (
    TAG_CONTROLS_JS,
    WIDGET_RENDER_JS,
    change_control,
    discover_notebooks,
    open_notebook,
    run_all,
    screenshot_notebook,
    shutdown_kernel,
    status_text,
    wait_widgets_rendered,
)

NOTEBOOKS = discover_notebooks()

SLIDER_NAMES_JS = """
() => [...document.querySelectorAll('.widget-slider')].map(s => {
  const label = s.querySelector('.widget-label');
  const handle = s.querySelector('.noUi-handle');
  return {label: label ? label.textContent.trim() : '', name: handle ? handle.getAttribute('aria-label') : null};
})
"""


@pytest.mark.browser
@pytest.mark.parametrize("notebook", [p.name for p in NOTEBOOKS] or ["<no notebooks>"])
def test_notebook_runs_and_widgets_respond(notebook, lab_page, lab_server, screenshot_dir: Path, record_property):
    if notebook == "<no notebooks>":
        pytest.skip("no NN_*.ipynb in notebooks/")
    page = lab_page
    stem = Path(notebook).stem
    problems: list[str] = []
    record_property("screenshots", str(screenshot_dir / f"{stem}-*.png"))
    try:
        open_notebook(page, lab_server, notebook)
        state = run_all(page)
        for err in state["errors"]:
            problems.append(f"cell {err['cell']}: error output {err['text']}")
        for err in state["stderr"]:
            problems.append(f"cell {err['cell']}: stderr output {err['text']!r}")
        if not state["errors"] and state["counted"] < state["code"]:
            problems.append(f"only {state['counted']} of {state['code']} code cells ran")
        rendered = wait_widgets_rendered(page, state["widgets"])
        problems += [f"widget: {e}" for e in rendered["errors"]]
        screenshot_notebook(page, screenshot_dir / f"{stem}-1-after-run.png")
        # Every slider handle is named by its visible label (the dashboard's script, name_controls.js)
        page.wait_for_timeout(300)
        for s in page.evaluate(SLIDER_NAMES_JS):
            if not s["label"] or s["name"] != s["label"]:
                problems.append(f"slider {s['label']!r}: its handle's accessible name is {s['name']!r}")

        roots = page.evaluate(TAG_CONTROLS_JS)
        n_controls = 0
        for root in roots:
            if "skipped" in root:
                continue
            r = str(root["root"])
            for ctl in root["controls"]:
                if ctl["disabled"]:
                    continue
                n_controls += 1
                name = f"widget {r}, {ctl['kind']} {ctl['label']!r}"
                res = change_control(page, ctl, r)
                if not res["ok"]:
                    problems.append(f"{name}: views did not change after {' / '.join(res['tried']) or 'no action'}")
                    continue
                status = status_text(page, r)
                if status:
                    problems.append(f"{name}: after {res['action']} the status line says {status!r}")
        record_property("controls_changed", n_controls)
        for err in page.evaluate(WIDGET_RENDER_JS)["errors"]:
            if f"widget: {err}" not in problems:
                problems.append(f"widget, after interacting: {err}")
        if n_controls:
            screenshot_notebook(page, screenshot_dir / f"{stem}-2-after-interacting.png")
            for root in roots:
                if "skipped" not in root:
                    loc = page.locator(f'[data-bt-root="{root["root"]}"]')
                    loc.screenshot(path=str(screenshot_dir / f"{stem}-3-widget-{root['root']}.png"))
    finally:
        shutdown_kernel(page)
    if page.errors:
        record_property("page_errors", " | ".join(page.errors)[:2000])
    assert not problems, f"{notebook} in JupyterLab/Chromium:\n  " + "\n  ".join(problems) + (
        f"\n  (page errors: {page.errors[:3]})" if page.errors else ""
    ) + f"\n  screenshots: {screenshot_dir}"
