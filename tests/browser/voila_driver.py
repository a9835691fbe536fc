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
import re
from pathlib import Path

from lab_driver import NOTEBOOK_DIR, LabServer

from helpers.classroom import TEMPLATE_ROOT, classroom_command

AXE_JS = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("critical", "serious")


class ClassroomServer(LabServer):
    """Voila in classroom mode on a free port over a temporary copy of notebooks/ and data/."""

    ready_path = "/voila/tree"

    def __init__(self, *, startup_timeout: float = 120.0, notebooks: Path = NOTEBOOK_DIR,
                 ready: tuple[str, ...] = ()) -> None:
        super().__init__(startup_timeout=startup_timeout, notebooks=notebooks)
        self.ready = tuple(ready)  # notebooks' numbers whose pages are ready at once (pre-heated kernels)

    def _command(self, home: Path) -> list[str]:
        pages = {"ready": self.ready} if self.ready else {}
        return classroom_command(port=self.port, notebooks_dir=self.root, **pages)

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


# --- scrolling, kernels, fitting the screen -----------------------------------------------------------

# Where the page's content is now: the top and bottom of what <main> holds, in the viewport (whichever
# element scrolls it: the page, or <main> itself, which may also clip it).
CONTENT_POSITION_JS = """
() => { const main = document.querySelector('main');
        const r = (main.firstElementChild || main).getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: window.innerHeight}; }
"""


def _settled(page, js: str, key: str, timeout_ms: float = 3_000) -> dict:
    """What ``js`` reads once a (possibly smooth) scroll has stopped moving its ``key``."""
    last = page.evaluate(js)
    waited = 0.0
    while waited < timeout_ms:
        page.wait_for_timeout(150)
        waited += 150
        now = page.evaluate(js)
        if abs(now[key] - last[key]) < 0.5:
            return now
        last = now
    return last


def _settled_position(page) -> dict:
    """The content's position once a (possibly smooth) scroll has stopped moving it."""
    return _settled(page, CONTENT_POSITION_JS, "top")


def scroll_problems(page) -> list[str]:
    """Scroll a freshly loaded page as a reader does, with no click first; say what did not move it.

    The mouse rests over the middle of the page (no click); then a wheel turn (``page.mouse.wheel``) and
    PageDown, Space, End and Home (``page.keyboard.press``). Each must move the content: the wheel by most of
    its 400 px, PageDown and Space by at least half a screen, End to the bottom of the content, Home back to
    its top.
    """
    problems: list[str] = []
    start = _settled_position(page)
    if start["bottom"] - start["top"] <= start["height"]:
        return [f"the page is not taller than the screen ({start['bottom'] - start['top']:.0f} px): nothing to check"]
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 400)
    now = _settled_position(page)
    if start["top"] - now["top"] < 300:
        problems.append(f"the mouse wheel (400 px) moved the page by {start['top'] - now['top']:.0f} px")
    for key in ("PageDown", "Space"):
        before = now
        page.keyboard.press(key)
        now = _settled_position(page)
        if before["top"] - now["top"] < 0.5 * now["height"]:
            problems.append(f"{key} moved the page by {before['top'] - now['top']:.0f} px "
                            f"(a screen is {now['height']} px)")
    page.keyboard.press("End")
    now = _settled_position(page)
    if now["bottom"] > now["height"] + 2:
        problems.append(f"End left the content's bottom {now['bottom'] - now['height']:.0f} px below the screen")
    page.keyboard.press("Home")
    now = _settled_position(page)
    if abs(now["top"] - start["top"]) > 2:
        problems.append(f"Home left the content's top {start['top'] - now['top']:.0f} px above where it started")
    return problems


def page_kernel_id(page) -> str:
    """The id of the kernel Voila started for the page shown (its page config)."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def kernel_alive(server: ClassroomServer, kernel_id: str) -> bool:
    """Does the server still run this kernel? (Voila answers GET /api/kernels/<id>, 404 once it is gone.)"""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=10) as r:
            return r.status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


# Each widget on the page: its size, its figures (natural and shown size, smallest text), readouts and
# dropdowns whose text does not fit their box.
WIDGET_FIT_JS = """
() => {
  const roots = [...document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')];
  const measure = document.createElement('canvas').getContext('2d');
  const textWidth = (el, text) => { const s = getComputedStyle(el);
    measure.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return measure.measureText(text).width; };
  const label = el => { const w = el.closest('.widget-inline-hbox');
    const l = w && w.querySelector('.widget-label'); return l ? l.textContent.trim() : ''; };
  return roots.map((root, i) => {
    const r = root.getBoundingClientRect();
    const figures = [...root.querySelectorAll('.course-figure img')].map(img => ({
      natural: [img.naturalWidth, img.naturalHeight], shown: [img.clientWidth, img.clientHeight],
      textPx: parseFloat(img.getAttribute('data-text-px') || 'NaN')}));
    const cut = [];
    root.querySelectorAll('.widget-readout').forEach(el => {
      if (el.scrollWidth > el.clientWidth + 1 || textWidth(el, el.textContent.trim()) > el.clientWidth + 1)
        cut.push(`readout of ${label(el)} (${el.textContent.trim()})`); });
    root.querySelectorAll('select:not([multiple])').forEach(el => {
      const text = el.options[el.selectedIndex] ? el.options[el.selectedIndex].text : '';
      const s = getComputedStyle(el);
      const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (textWidth(el, text) > room + 1) cut.push(`dropdown ${label(el)} (${text})`); });
    root.querySelectorAll('.widget-label').forEach(el => {
      if (el.textContent.trim() && el.offsetParent && el.scrollWidth > el.clientWidth + 1)
        cut.push(`label ${el.textContent.trim()}`); });
    root.querySelectorAll('.widget-readout, select').forEach(el => {  // clipped by a box around it
      const r = el.getBoundingClientRect();
      for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' && r.right > a.getBoundingClientRect().right + 1) {
          cut.push(`${el.tagName === 'SELECT' ? 'dropdown' : 'readout'} of ${label(el)} (clipped by its box)`);
          break; } } });
    root.querySelectorAll('input[type=text], input[type=number]').forEach(el => {
      if (el.clientWidth < 60) cut.push(`text box ${label(el)} is ${el.clientWidth} px wide`); });
    return {index: i, width: r.width, height: r.height, figures, cut};
  });
}
"""

# Inline figures (outside the widgets): natural and shown width.
INLINE_IMAGES_JS = """
() => [...document.querySelectorAll('.jp-RenderedImage img')].filter(i => !i.closest('.course-figure'))
        .map(i => ({natural: i.naturalWidth, shown: i.clientWidth}))
"""

MIN_FIGURE_TEXT_PX = 18.0


def widget_fit_problems(page) -> list[str]:
    """What keeps a widget from being projected whole at this window size (run it at 1280x720).

    Each widget (controls, numbers, figure) must fit one screen; every widget figure must be shown at most
    at its natural size; no readout, dropdown or text box may cut its text; no inline figure may be stretched.
    (The size of every figure's text: :func:`figure_text_problems`.)
    """
    problems: list[str] = []
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for w in page.evaluate(WIDGET_FIT_JS):
        name = f"widget {w['index']}"
        if w["height"] > height or w["width"] > width:
            problems.append(f"{name} is {w['width']:.0f} x {w['height']:.0f} px: it does not fit a "
                            f"{width} x {height} screen")
        for j, f in enumerate(w["figures"]):
            (nw, nh), (sw, sh) = f["natural"], f["shown"]
            if sw > nw + 1 or sh > nh + 1:
                problems.append(f"{name}, figure {j}: stretched from {nw} x {nh} to {sw} x {sh} px")
        problems += [f"{name}: {c} is cut off" for c in w["cut"]]
    for i, img in enumerate(page.evaluate(INLINE_IMAGES_JS)):
        if img["shown"] > img["natural"] + 1:
            problems.append(f"inline figure {i}: stretched from {img['natural']} to {img['shown']} px wide")
    return problems


# --- issue 37: every figure's text, the keys after a slider, every situation and control end, code-only text

# Every figure of the page, widget or inline: its natural and shown width and its smallest text in pixels of
# the PNG (data-text-px: FigureView writes it for a widget's figure, the classroom template for an inline one,
# from helpers.plotting.fit_figures_to_the_page).
FIGURES_JS = """
() => [...document.querySelectorAll('main .course-figure img, main .jp-RenderedImage img')].map((img, i) => ({
  kind: img.closest('.course-figure') ? 'widget' : 'inline', index: i,
  natural: img.naturalWidth, shown: img.clientWidth,
  textPx: img.hasAttribute('data-text-px') ? parseFloat(img.getAttribute('data-text-px')) : null,
  alt: (img.getAttribute('alt') || '').slice(0, 80)}))
"""


def figure_text_problems(page, min_px: float = MIN_FIGURE_TEXT_PX) -> list[str]:
    """Every figure of the page, widget or inline, shows its smallest text at ``min_px`` pixels or more on screen,
    measured as the widgets' own mark does: its font size in pixels of the PNG (``data-text-px``) times the
    width it is shown at over its natural width. A figure that does not say its text size fails too."""
    problems = []
    for f in page.evaluate(FIGURES_JS):
        name = f"{f['kind']} figure {f['index']} ({f['alt']!r}...)"
        if f["textPx"] is None:
            problems.append(f"{name}: no data-text-px, its text size on screen is unknown")
            continue
        shown = f["textPx"] * f["shown"] / f["natural"] if f["natural"] else float("nan")
        if not shown >= min_px - 0.05:
            problems.append(f"{name}: smallest text {shown:.1f} px on screen ({f['textPx']:.1f} px in the PNG, "
                            f"shown {f['shown']} of {f['natural']} px wide); needs {min_px:g}")
    return problems


SCROLL_JS = """() => ({y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight,
                      h: window.innerHeight})"""


def _settled_scroll(page) -> dict:
    """The page's scroll position once it has stopped moving."""
    return _settled(page, SCROLL_JS, "y")


# The value of the dropdown "situation" of the widget holding a slider's handle (None if it has none).
SITUATION_JS = """
h => { const r = h.closest('.jp-OutputArea-output');
       const s = r && [...r.querySelectorAll('.widget-dropdown')].find(d => /situation/.test(d.innerText));
       return s ? s.querySelector('select').value : null; }
"""


def slider_key_problems(page) -> list[str]:
    """A teacher clicks a slider, then pages through the page: PageDown, PageUp, Space, End and Home must scroll
    the page and leave the slider's value (and the widget's situation) as it was; the arrow keys still move it.

    Real events: a mouse click on each slider's handle, then ``page.keyboard.press`` for each key."""
    problems: list[str] = []
    handles = page.locator("main .widget-slider .noUi-handle")
    for i in range(handles.count()):
        handle = handles.nth(i)
        label = handle.get_attribute("aria-label") or f"slider {i}"
        handle.evaluate("el => el.scrollIntoView({block: 'center'})")
        _settled_scroll(page)
        situation = handle.evaluate(SITUATION_JS)
        # what the room reads: the slider's readout (noUiSlider leaves aria-valuenow behind on arrow keys)
        readout = handles.nth(i).locator("xpath=ancestor::*[contains(@class, 'widget-slider')][1]") \
                             .locator(".widget-readout").first

        def shown(readout=readout) -> str:
            return readout.inner_text().strip()

        box = handle.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(600)  # a click that moved the slider would have been answered by now
        value = shown()
        if not handle.evaluate("h => document.activeElement === h"):
            problems.append(f"slider {label!r}: a click on its handle did not give it the focus")
            continue
        for key in ("PageDown", "PageUp", "Space", "End", "Home"):
            before = _settled_scroll(page)
            page.keyboard.press(key)
            after = _settled_scroll(page)
            page.wait_for_timeout(300)
            now = shown()
            if now != value:
                problems.append(f"slider {label!r}: {key} moved the slider from {value} to {now} instead of the page")
                value = now
            down, room_down, room_up = after["y"] - before["y"], before["max"] - before["y"], before["y"]
            if key in ("PageDown", "Space") and room_down > 2 and down < min(0.5 * before["h"], room_down) - 2:
                problems.append(f"slider {label!r}: {key} scrolled the page by {down:.0f} px "
                                f"(a screen is {before['h']})")
            if key == "PageUp" and room_up > 2 and -down < min(0.5 * before["h"], room_up) - 2:
                problems.append(f"slider {label!r}: PageUp scrolled the page by {-down:.0f} px up")
            if key == "End" and after["y"] < after["max"] - 2:
                problems.append(f"slider {label!r}: End left the page {after['max'] - after['y']:.0f} px above its end")
            if key == "Home" and after["y"] > 2:
                problems.append(f"slider {label!r}: Home left the page {after['y']:.0f} px below its top")
        now_situation = handle.evaluate(SITUATION_JS)
        if now_situation != situation:
            problems.append(f"slider {label!r}: the paging keys turned the situation {situation!r} "
                            f"into {now_situation!r}")
        # the arrow keys still move the slider (one way or the other: it may sit at an end)
        start = shown()
        for key, back in (("ArrowRight", "ArrowLeft"), ("ArrowLeft", "ArrowRight")):
            page.keyboard.press(key)
            page.wait_for_timeout(500)
            if shown() != start:
                page.keyboard.press(back)
                page.wait_for_timeout(800)
                break
        else:
            problems.append(f"slider {label!r}: the arrow keys no longer move it")
    return problems


def _root_fit(page, root: str) -> dict:
    return page.evaluate(f"() => ({WIDGET_FIT_JS})().find(w => w.index === {int(root)})")


def extreme_problems(page, roots: list[dict], *, wait_ms: float = 8_000) -> list[str]:
    """Every situation of every widget, and both ends of every control, fit one screen with nothing cut.

    ``roots`` is what lab_driver's TAG_CONTROLS_JS returns. For each widget: each entry of its dropdown
    "situation"; then, one control at a time, a slider dragged to its left end and to its right end with the
    mouse (PageUp, Home and End scroll the page now), a number box given its minimum and its maximum (type +
    Enter), a dropdown or toggle buttons set to their first and last option. In the rare-disease situation, the
    widget names no tumour class ("benign", "malignant")."""
    from lab_driver import snapshot, wait_changed

    width, height = page.viewport_size["width"], page.viewport_size["height"]
    problems: list[str] = []

    def measure(r: str, what: str, before: str | None) -> None:
        if before is not None:
            wait_changed(page, r, before, wait_ms)
        page.wait_for_timeout(300)
        fit = _root_fit(page, r)
        if fit is None:
            problems.append(f"widget {r}, {what}: the widget is gone")
            return
        if fit["height"] > height or fit["width"] > width:
            problems.append(f"widget {r}, {what}: {fit['width']:.0f} x {fit['height']:.0f} px, taller or wider "
                            f"than the {width} x {height} screen")
        problems.extend(f"widget {r}, {what}: {c} is cut off" for c in fit["cut"])

    for entry in roots:
        if "skipped" in entry:
            continue
        r = str(entry["root"])
        root = page.locator(f'[data-bt-root="{r}"]')
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        for ctl in entry["controls"]:
            if ctl["disabled"]:
                continue
            loc = page.locator(f'[data-bt-ctl="{ctl["id"]}"]')
            name = f"{ctl['kind']} {ctl['label']!r}"
            if ctl["kind"] == "dropdown":
                select = loc.locator("select")
                options = select.locator("option").evaluate_all("os => os.map(o => [o.value, o.text])")
                chosen = options if ctl["label"] == "situation" else [options[0], options[-1]]
                for value, text in chosen:
                    if text == "custom":
                        continue
                    before = snapshot(page, r)
                    select.select_option(value)
                    measure(r, f"{name} = {text!r}", before)
                    if re.search(r"rare disease|sick", " ".join(text.split())):
                        # what the views say (their text and their figures' text alternatives), not the controls
                        shown = root.evaluate("el => [...el.querySelectorAll('.widget-html, .widget-htmlmath')]"
                                              ".filter(v => !v.closest('[data-bt-ctl]')).map(v => v.innerText)"
                                              ".concat([...el.querySelectorAll('img')].map(i => i.alt)).join(' ')")
                        for word in ("benign", "malignant"):
                            if word in shown:
                                problems.append(f"widget {r}, situation {text!r}: the classes are called {word!r}")
            elif ctl["kind"] == "slider":
                track = loc.locator(".noUi-target").first
                handle = loc.locator(".noUi-handle").first
                for end in ("left", "right"):
                    t, h = track.bounding_box(), handle.bounding_box()
                    before = snapshot(page, r)
                    page.mouse.move(h["x"] + h["width"] / 2, h["y"] + h["height"] / 2)
                    page.mouse.down()
                    x = t["x"] - 60 if end == "left" else t["x"] + t["width"] + 60
                    page.mouse.move(x, h["y"] + h["height"] / 2, steps=8)
                    page.mouse.up()
                    measure(r, f"{name} at its {end} end", before)
            elif ctl["kind"] == "number":
                box = loc.locator("input").first
                lo, hi = box.get_attribute("min"), box.get_attribute("max")
                if not lo or not hi:
                    continue  # an unbounded number has no ends
                for value in (lo, hi):
                    before = snapshot(page, r)
                    box.fill(value)
                    box.press("Enter")
                    measure(r, f"{name} = {value}", before)
            elif ctl["kind"] == "toggle-buttons":
                buttons = loc.locator("button")
                for b in (buttons.first, buttons.last):
                    before = snapshot(page, r)
                    b.click()
                    measure(r, f"{name} = {b.inner_text().strip()!r}", before)
    return problems


# Each inline code element written between backticks, as in the markdown, while the page's text is read.
MAIN_TEXT_WITH_CODE_JS = """
() => {
  const codes = [...document.querySelectorAll('main code')].filter(c => !c.closest('pre'));
  const kept = codes.map(c => c.textContent);
  codes.forEach(c => { c.textContent = '`' + c.textContent + '`'; });
  const text = document.querySelector('main').innerText;
  codes.forEach((c, i) => { c.textContent = kept[i]; });
  return text;
}
"""


def code_only_text_problems(page) -> list[str]:
    """Text of the page that only makes sense beside the code (tests/code_only_text.py)."""
    from code_only_text import code_only_phrases

    return [f"code-only text shows: {p}" for p in code_only_phrases(page.evaluate(MAIN_TEXT_WITH_CODE_JS))]
