"""Drive the classroom pages (``python -m helpers.classroom``: Voila) in Chromium, and run axe-core on a page.

:class:`ClassroomServer` is :class:`lab_driver.LabServer` serving the same temporary
copy of ``notebooks/`` and ``data/`` with the classroom command
(:func:`helpers.classroom.classroom_command`) instead of JupyterLab. The control
tagging and moving code is lab_driver's (its in-page snippets look in the whole
page when there is no JupyterLab). axe-core is vendored in ``vendor/axe.min.js``
(see ``vendor/README.md``) and injected into the page; nothing is fetched from a CDN.
"""

from __future__ import annotations

import json
from pathlib import Path

from lab_driver import LabServer

from helpers.classroom import TEMPLATE_ROOT, classroom_command

AXE_JS = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("critical", "serious")


class ClassroomServer(LabServer):
    """Voila in classroom mode on a free port over a temporary copy of notebooks/ and data/."""

    ready_path = "/voila/tree"

    def __init__(self, *, startup_timeout: float = 120.0) -> None:
        super().__init__(startup_timeout=startup_timeout)

    def _command(self, home: Path) -> list[str]:
        return classroom_command(port=self.port, notebooks_dir=self.root)

    def _extra_env(self) -> dict[str, str]:
        return {"JUPYTER_PATH": str(TEMPLATE_ROOT)}

    def index_url(self) -> str:
        return f"{self.url}/voila/tree"

    def page_url(self, name: str) -> str:
        return f"{self.url}/voila/render/{name}"


def widget_outputs(notebook: Path) -> int:
    """How many widget outputs the committed notebook shows (Voila re-runs it and shows as many)."""
    nb = json.loads(notebook.read_text())
    return sum(
        1
        for cell in nb["cells"] if cell["cell_type"] == "code"
        for out in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in out.get("data", {})
    )


def saved_figure_texts(notebook: Path) -> list[str]:
    """The text alternatives the committed notebook saved with its inline figures (PNG outputs), in order."""
    nb = json.loads(notebook.read_text())
    return [
        (out.get("metadata", {}).get("image/png") or {}).get("alt", "")
        for cell in nb["cells"] if cell["cell_type"] == "code"
        for out in cell.get("outputs", [])
        if "image/png" in out.get("data", {})
    ]


def wait_page_ready(page, expected_widgets: int, *, timeout_ms: float = 300_000) -> None:
    """Wait until Voila has run every cell (its ``<main>`` shows) and ``expected_widgets`` widgets rendered."""
    page.wait_for_function(
        "() => { const m = document.querySelector('#rendered_cells'); return !!m && m.style.display !== 'none'; }",
        timeout=timeout_ms,
    )
    page.wait_for_function(
        """(n) => document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length >= n
                  || [...document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])')]
                     .some(o => /Error displaying widget/.test(o.innerText))""",
        arg=expected_widgets, timeout=60_000,
    )
    page.wait_for_timeout(500)


def run_axe(page) -> list[dict]:
    """axe-core's violations on the page now: ``[{id, impact, help, nodes: [target, ...]}]``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(
        """async () => {
             const r = await axe.run(document, {resultTypes: ['violations']});
             return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                            nodes: v.nodes.map(n => n.target.join(' '))}));
           }"""
    )


# The page's landmarks, code left visible, sliders' names, figures' text, and horizontal scrolling.
PAGE_FACTS_JS = """
() => {
  const visible = el => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const sliders = [...document.querySelectorAll('.widget-slider')].map(s => {
    const label = s.querySelector('.widget-label');
    const handle = s.querySelector('.noUi-handle');
    return {label: label ? label.textContent.trim() : '', name: handle ? handle.getAttribute('aria-label') : null};
  });
  return {
    main: document.querySelectorAll('main').length,
    nav: document.querySelectorAll('nav').length,
    code: [...document.querySelectorAll('.jp-InputArea-editor, .jp-CodeMirrorEditor, .cm-editor, .highlight')]
          .filter(el => visible(el) && el.innerText.trim() && !el.closest('.jp-RenderedMarkdown, .jp-MarkdownOutput'))
          .length,
    sliders,
    figures: [...document.querySelectorAll('.course-figure img')].map(i => i.getAttribute('alt') || ''),
    inlineFigures: [...document.querySelectorAll('.jp-RenderedImage img')]
                   .filter(i => !i.closest('.course-figure')).map(i => i.getAttribute('alt') || ''),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    errors: [...document.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"], '
                                          + '[data-mime-type="application/vnd.jupyter.error"]')]
            .map(e => e.innerText.slice(0, 300)),
    // only in the outputs of the widget renderer (no data-mime-type), not in prose that names the message
    widgetErrors: [...document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])')]
                  .flatMap(o => o.innerText.match(/Error displaying widget[^\\n]*/g) || []),
  };
}
"""

# Which tagged control holds the focus, and does the focused element show a focus indicator?
FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const ctl = el.closest('[data-bt-ctl]');
  const s = getComputedStyle(el);
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
               || (s.boxShadow && s.boxShadow !== 'none');
  return {ctl: ctl ? ctl.getAttribute('data-bt-ctl') : null, tag: el.tagName, ring,
          outline: s.outlineStyle + ' ' + s.outlineWidth};
}
"""


def tab_walk(page, wanted: set[str], *, max_presses: int = 200) -> dict:
    """Press Tab from the top of the page until every control in ``wanted`` was focused (or ``max_presses``).

    Returns ``{'reached': set, 'no_ring': set}``: the controls that got the focus, and those whose focused
    element showed no focus indicator (an outline of 2 px or more, or a box shadow).
    """
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.locator("body").focus()
    reached: set[str] = set()
    no_ring: set[str] = set()
    for _ in range(max_presses):
        page.keyboard.press("Tab")
        f = page.evaluate(FOCUS_JS)
        if f and f["ctl"]:
            reached.add(f["ctl"])
            if not f["ring"]:
                no_ring.add(f["ctl"])
        if wanted <= reached:
            break
    return {"reached": reached, "no_ring": no_ring}
