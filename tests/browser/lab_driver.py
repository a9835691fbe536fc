"""Drive the course's notebooks in JupyterLab in a real Chromium (shared by the browser tests and bench/).

:class:`LabServer` starts ``python -m jupyter lab`` from this interpreter's
environment on a free loopback port, serving a temporary *copy* of the repo's
``notebooks/`` and ``data/`` folders (same relative layout, so ``../data/...``
paths work and the committed notebooks are never touched), with its own
config, data, runtime and workspace folders so no state leaks in or out.
:func:`launch_chromium` starts Chromium through Playwright: the one named by the
environment variable ``CHROMIUM_PATH``, else the first ``chromium``,
``chromium-browser`` or ``google-chrome`` on ``PATH`` (Debian's package puts
``chromium`` there), else the browser ``playwright install chromium`` downloaded.
The ``*_JS`` snippets run in the page: they find every widget control inside
the rendered widget outputs, snapshot the views a control drives (text of the
HTML views, ``src`` of the images) and time a key press to the first change.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = REPO / "notebooks"


def find_chromium() -> Path | None:
    """The Chromium to drive: ``$CHROMIUM_PATH``, a Chromium on ``PATH``, or Playwright's own; None if none."""
    if os.environ.get("CHROMIUM_PATH"):
        return Path(os.environ["CHROMIUM_PATH"])
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return Path(found)
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            bundled = Path(pw.chromium.executable_path)
        return bundled if bundled.exists() else None
    except Exception:  # no playwright, or no browser downloaded for it
        return None


CHROMIUM = find_chromium()
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

# Flags for a machine with no network but the loopback and a root user (as in containers and CI).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]

NOTEBOOK_NAME = re.compile(r"^\d\d[a-z]?_.+\.ipynb$")


def discover_notebooks() -> list[Path]:
    """Every ``NN_*.ipynb`` in notebooks/, sorted."""
    return sorted(p for p in NOTEBOOK_DIR.glob("*.ipynb") if NOTEBOOK_NAME.match(p.name))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A JupyterLab server on a free port over a temporary copy of notebooks/ and data/.

    Use as a context manager, or call :meth:`start` and then always :meth:`stop`
    (it kills the whole process group: the server and every kernel it started).
    """

    def __init__(self, *, startup_timeout: float = 90.0, notebooks: Path = NOTEBOOK_DIR) -> None:
        self.startup_timeout = startup_timeout
        self.notebooks = Path(notebooks)  # the folder copied and served (default: the course's notebooks/)
        self.port = 0
        self.tmp: Path | None = None
        self.proc: subprocess.Popen | None = None
        self.log_path: Path | None = None
        self._log = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def root(self) -> Path:
        assert self.tmp is not None
        return self.tmp / "repo" / "notebooks"

    def __enter__(self) -> LabServer:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="course-lab-"))
        repo_copy = self.tmp / "repo"
        ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        shutil.copytree(self.notebooks, repo_copy / "notebooks", ignore=ignore)
        # As in a fresh clone, each paired jupytext source is not older than its notebook: jupytext's
        # contents manager (notebooks/jupytext.toml pairs ipynb with py:percent) refuses to open an
        # .ipynb more than a second newer than its .py, which tools/build_notebooks.py leaves behind.
        for src in (repo_copy / "notebooks").glob("*.py"):
            twin = src.with_suffix(".ipynb")
            if twin.exists():
                t = max(src.stat().st_mtime, twin.stat().st_mtime)
                os.utime(src, (t, t))
        if (REPO / "data").is_dir():
            shutil.copytree(REPO / "data", repo_copy / "data", ignore=ignore)
        home = self.tmp / "jupyter"
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(home / "config"),
            JUPYTER_DATA_DIR=str(home / "data"),
            JUPYTER_RUNTIME_DIR=str(home / "runtime"),
            JUPYTER_PLATFORM_DIRS="1",
            IPYKERNEL_CELL_NAME="<IPY-INPUT>",
            PYDEVD_DISABLE_FILE_VALIDATION="1",
            PYTHONWARNINGS="",
        )
        env.pop("MPLBACKEND", None)  # the kernel chooses its inline backend itself
        for key in ("JUPYTER_PATH", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
            env.pop(key, None)
        # All cells attached to the DOM (no windowing), so every widget output renders and can be read.
        settings = home / "settings" / "@jupyterlab" / "notebook-extension"
        settings.mkdir(parents=True)
        (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        # no "Would you like to get notified about Jupyter news?" toast over the screenshots
        apputils = home / "settings" / "@jupyterlab" / "apputils-extension"
        apputils.mkdir(parents=True)
        (apputils / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
        self.port = free_port()
        env.update(self._extra_env())
        cmd = self._command(home) or [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LanguageServerManager.autodetect=False",
        ]
        self.log_path = self.tmp / "jupyter-lab.log"
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            cmd, cwd=self.root, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise

    def _command(self, home: Path) -> list[str] | None:
        """The server's command line; None: JupyterLab's (a subclass serves something else, e.g. Voila)."""
        return None

    def _extra_env(self) -> dict[str, str]:
        return {}

    ready_path = "/api/status"

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        delay = 0.05
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}{self.ready_path}", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(delay)
            delay = min(delay * 1.5, 0.5)
        raise RuntimeError(
            f"the server did not answer {self.ready_path} in {self.startup_timeout:.0f} s:\n{self.log_tail()}"
        )

    def log_tail(self, n: int = 40) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def _shutdown_kernels(self) -> None:
        """Ask the server to stop its kernels (they run in sessions of their own, not in its group)."""
        try:
            with urllib.request.urlopen(f"{self.url}/api/kernels", timeout=5) as r:
                kernels = json.loads(r.read())
            for k in kernels:
                req = urllib.request.Request(f"{self.url}/api/kernels/{k['id']}", method="DELETE")
                urllib.request.urlopen(req, timeout=10).close()
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError, ValueError):
            pass

    def _kill_leftovers(self) -> None:
        """Kill any process still using this server's private folder (a kernel that outlived it)."""
        if self.tmp is None or not Path("/proc").is_dir():
            return
        marker = str(self.tmp).encode()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                if marker in (entry / "cmdline").read_bytes():
                    os.kill(int(entry.name), signal.SIGKILL)
            except (OSError, ProcessLookupError):
                continue

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            self._shutdown_kernels()
            try:
                os.killpg(proc.pid, signal.SIGTERM)  # the server and its kernels share the group
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(timeout=10)
        if proc is not None:
            try:  # kernels that outlived the server (same group)
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self._kill_leftovers()
        if self._log is not None:
            self._log.close()
            self._log = None
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?reset"


def launch_chromium(playwright, **kwargs):
    """Debian's Chromium, headless, through Playwright (which cannot download browsers here)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, **kwargs)


# --- in-page JavaScript -------------------------------------------------------------------------

# Resolves when run-all has finished (or after `ms`); returns what the notebook model says.
RUN_ALL_JS = """
async (ms) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const run = app.commands.execute('notebook:run-all-cells');
  const timeout = new Promise(res => setTimeout(() => res('timeout'), ms));
  const result = await Promise.race([run, timeout]);
  return {result: result === 'timeout' ? 'timeout' : Boolean(result)};
}
"""

# The model's view of the notebook: execution counts, errors, stderr, widget outputs.
NOTEBOOK_STATE_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  const out = {code: 0, counted: 0, running: 0, errors: [], stderr: [], widgets: 0,
               kernel: panel.sessionContext.session?.kernel?.status ?? 'none'};
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    out.code += 1;
    if (cell.executionCount !== null && cell.executionCount !== undefined) out.counted += 1;
    if (cell.executionState === 'running') out.running += 1;
    const outputs = cell.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const o = outputs.get(j).toJSON();
      if (o.output_type === 'error') {
        out.errors.push({cell: i, text: `${o.ename}: ${o.evalue}`});
      } else if (o.output_type === 'stream' && o.name === 'stderr') {
        out.stderr.push({cell: i, text: String(Array.isArray(o.text) ? o.text.join('') : o.text).slice(0, 500)});
      } else if (o.data && o.data['application/vnd.jupyter.widget-view+json']) {
        out.widgets += 1;
      }
    }
  }
  return out;
}
"""

# Rendered state of the widget outputs: how many are rendered, and any "Error displaying widget".
WIDGET_RENDER_JS = """
() => {
  const lab = window.jupyterapp?.shell?.currentWidget;
  const panel = lab?.sessionContext ? lab.node : document;  // Voila: the whole page
  // the widget renderer's output node carries no data-mime-type; its child is the widget's root view
  const rendered = panel.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length;
  const outs = {length: rendered};
  // only in outputs of the widget renderer (no data-mime-type), not in prose or printed text
  const errors = [];
  for (const o of panel.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])')) {
    const m = o.innerText.match(/Error displaying widget[^\\n]*/);
    if (m) errors.push(m[0]);
  }
  const domErrors = [...panel.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
      .map(e => e.innerText.slice(0, 300));
  return {outputs: outs.length, rendered, errors, domErrors};
}
"""

# Tag every dashboard root and every user control in it; return their descriptions.
TAG_CONTROLS_JS = """
() => {
  const lab = window.jupyterapp?.shell?.currentWidget;
  const panel = lab?.sessionContext ? lab.node : document;  // Voila: the whole page
  const outs = [...panel.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')];
  const label = (el, i) => {
    const d = el.querySelector(':scope > .widget-label, :scope > .widget-label-basic');
    return (d && d.innerText.trim()) || el.getAttribute('title') || `#${i} (no description)`;
  };
  const isDisabled = el => el.matches('[disabled], .mod-disabled') ||
      !!el.querySelector('[disabled]:not(option)') || !!el.closest('[disabled], .mod-disabled');
  const roots = [];
  outs.forEach((root, r) => {
    if (root.querySelector('.widget-hprogress, .widget-vprogress, progress, .progress')) {
      roots.push({root: r, skipped: 'progress bar'});
      return;
    }
    root.setAttribute('data-bt-root', String(r));
    const controls = [];
    const add = (el, kind) => {
      if (el.closest('[data-bt-ctl]')) return;  // e.g. a button inside ToggleButtons
      const id = `${r}-${controls.length}`;
      el.setAttribute('data-bt-ctl', id);
      controls.push({id, kind, label: label(el, controls.length), disabled: isDisabled(el)});
    };
    root.querySelectorAll('.widget-slider').forEach(el => add(el, 'slider'));
    root.querySelectorAll('.widget-dropdown').forEach(el => add(el, 'dropdown'));
    root.querySelectorAll('.widget-text, .widget-textarea').forEach(el => {
      const input = el.querySelector('input, textarea');
      if (!input) return;
      add(el, input.type === 'number' ? 'number' : 'text');
    });
    root.querySelectorAll('.widget-toggle-buttons').forEach(el => add(el, 'toggle-buttons'));
    root.querySelectorAll('.widget-toggle-button').forEach(el => add(el, 'toggle-button'));
    root.querySelectorAll('.widget-checkbox').forEach(el => add(el, 'checkbox'));
    root.querySelectorAll('.widget-radio-box').forEach(el => add(el, 'radio'));
    roots.push({root: r, controls});
  });
  return roots;
}
"""

# Snapshot of what a dashboard shows: its HTML views' text and its images' src, outside the controls.
SNAPSHOT_JS = """
(r) => {
  const root = document.querySelector(`[data-bt-root="${r}"]`);
  if (!root) return null;
  const inControl = el => !!el.closest('[data-bt-ctl]');
  const texts = [...root.querySelectorAll('.widget-html, .widget-htmlmath, .widget-label')]
      .filter(el => !inControl(el)).map(el => el.innerText);
  const imgs = [...root.querySelectorAll('img')].filter(el => !inControl(el)).map(el => el.getAttribute('src'));
  return JSON.stringify([texts, imgs]);
}
"""

# The dashboard's status line (last child of the Dashboard VBox): the text of an error it reports.
STATUS_JS = """
(r) => {
  const root = document.querySelector(`[data-bt-root="${r}"]`);
  const last = root && root.lastElementChild;
  return last && last.classList.contains('widget-html') ? last.innerText.trim() : '';
}
"""

# Install a timer for one key press: time from keydown (capture phase) to the first and the last
# mutation of a view (HTML text or image src) outside the controls. Read back with READ_TIMER_JS.
ARM_TIMER_JS = """
(r) => {
  const root = document.querySelector(`[data-bt-root="${r}"]`);
  const t = {down: null, first: null, last: null, n: 0};
  window.__btTimer = t;
  // the user's action: a key press, or (for a dropdown picked from its list) the select's input event
  const onKey = () => { if (t.down === null) t.down = performance.now(); };
  for (const type of ['keydown', 'input', 'change']) {
    document.addEventListener(type, onKey, {capture: true, once: true});
  }
  if (window.__btObserver) window.__btObserver.disconnect();
  const obs = new MutationObserver(muts => {
    const now = performance.now();
    for (const m of muts) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      if (!el || el.closest('[data-bt-ctl]')) continue;
      if (m.type === 'attributes' && !(el.tagName === 'IMG' && m.attributeName === 'src')) continue;
      if (t.down === null) continue;
      if (t.first === null) t.first = now;
      t.last = now;
      t.n += 1;
    }
  });
  obs.observe(root, {subtree: true, childList: true, characterData: true, attributes: true,
                     attributeFilter: ['src']});
  window.__btObserver = obs;
}
"""

READ_TIMER_JS = """
() => {
  const t = window.__btTimer;
  if (window.__btObserver) { window.__btObserver.disconnect(); window.__btObserver = null; }
  if (!t || t.down === null || t.first === null) return null;
  return {first: t.first - t.down, last: t.last - t.down, n: t.n};
}
"""


# --- page actions (Playwright sync API) ---------------------------------------------------------

def _call(js: str, *args) -> str:
    """A JS expression that calls the function ``js`` with literal JSON ``args``."""
    return f"({js})(...{json.dumps(list(args))})"


def open_notebook(page, lab: LabServer, name: str, *, timeout_ms: float = 60_000) -> None:
    """Open ``name`` in a fresh workspace and wait for its kernel to be idle."""
    page.goto(lab.notebook_url(name))
    page.wait_for_function(
        """(name) => { const w = window.jupyterapp?.shell?.currentWidget;
                       return !!(w && w.context && w.context.path === name && w.content && w.sessionContext); }""",
        arg=name, timeout=timeout_ms,
    )
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'",
        timeout=timeout_ms,
    )


def run_all(page, *, timeout_ms: float = 240_000) -> dict:
    """Clear outputs, run every cell, wait for the kernel to be idle; return NOTEBOOK_STATE_JS's answer."""
    result = page.evaluate(RUN_ALL_JS, timeout_ms)
    if result["result"] == "timeout":
        raise TimeoutError(f"run-all did not finish in {timeout_ms / 1000:.0f} s")
    page.wait_for_function(
        _call("(js) => { const s = eval(js)(); return s.running === 0 && s.kernel === 'idle'; }", NOTEBOOK_STATE_JS),
        timeout=timeout_ms,
    )
    return page.evaluate(NOTEBOOK_STATE_JS)


def wait_widgets_rendered(page, expected: int, *, timeout_ms: float = 30_000) -> dict:
    """Wait until ``expected`` widget outputs hold a rendered widget (or show an error); return their state."""
    page.wait_for_function(
        "([js, n]) => { const s = eval(js)(); return s.errors.length > 0 || (s.outputs >= n && s.rendered >= n); }",
        arg=[WIDGET_RENDER_JS, expected], timeout=timeout_ms,
    )
    return page.evaluate(WIDGET_RENDER_JS)


def snapshot(page, root: str) -> str | None:
    return page.evaluate(SNAPSHOT_JS, root)


def wait_changed(page, root: str, before: str, timeout_ms: float) -> bool:
    """Wait until the dashboard's views differ from ``before``, then for the kernel to be idle again."""
    try:
        page.wait_for_function(
            "([js, r, before]) => { const now = eval(js)(r); return now !== null && now !== before; }",
            arg=[SNAPSHOT_JS, root, before], timeout=timeout_ms, polling="raf",
        )
    except Exception as exc:  # playwright TimeoutError
        if "Timeout" in type(exc).__name__ or "Timeout" in str(exc):
            return False
        raise
    wait_kernel_idle(page)
    return True


def wait_kernel_idle(page, timeout_ms: float = 30_000) -> None:
    if not page.evaluate("() => !!window.jupyterapp?.shell?.currentWidget?.sessionContext"):
        # Voila shows no kernel status in the page: let the last messages of the kernel land
        page.wait_for_timeout(400)
        return
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'",
        timeout=timeout_ms,
    )


def status_text(page, root: str) -> str:
    return page.evaluate(STATUS_JS, root)


def _numbers_list(text: str) -> list[str] | None:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 2:
        return None
    try:
        [float(p) for p in parts]
    except ValueError:
        return None
    return parts


def text_candidates(value: str) -> list[str]:
    """New values for a text box that keep it valid: a comma-separated list reordered, a number moved."""
    parts = _numbers_list(value)
    out: list[str] = []
    if parts is not None:
        out.append(", ".join(reversed(parts)))
        out.append(", ".join(parts[1:] + parts[:1]))
    else:
        try:
            x = float(value)
        except ValueError:
            out.append(value + " ")
        else:
            out += [f"{x + 1:g}", f"{x - 1:g}", f"{x / 2:g}"]
    return [c for c in dict.fromkeys(out) if c != value]


def number_candidates(value: str, lo: str, hi: str, step: str) -> list[str]:
    """New values for an IntText/FloatText: +1, -1, +step, -step, x2, /2, inside min/max."""
    x = float(value)
    is_int = re.fullmatch(r"-?\d+", value.strip()) is not None and step in ("", "1", "any")
    try:
        st = float(step)
    except ValueError:
        st = 1.0
    raw = [x + 1, x - 1, x + st, x - st, x * 2, x / 2]
    lo_f = float(lo) if lo not in ("", None) else -float("inf")
    hi_f = float(hi) if hi not in ("", None) else float("inf")
    out = []
    for v in raw:
        if not lo_f <= v <= hi_f:
            continue
        s = str(round(v)) if is_int else f"{v:.6g}"
        if s != value and (not is_int or float(s) == v):
            out.append(s)
    return list(dict.fromkeys(out))


def change_control(page, ctl: dict, root: str, *, timeout_ms: float = 8_000, restore: bool = True) -> dict:
    """Change one control the way a user would; return {'ok', 'action', 'ms'} (ms: Python-side wall time).

    Tries a few valid new values; ``ok`` is True as soon as the dashboard's views change. With
    ``restore``, the control is then set back the same way (so the next control starts from the
    notebook's own state); whether the views change back is not checked (a preset may have moved).
    """
    undo: list = []
    loc = page.locator(f'[data-bt-ctl="{ctl["id"]}"]')
    kind = ctl["kind"]
    tried: list[str] = []

    def attempt(action: str, do) -> bool:
        before = snapshot(page, root)
        t0 = time.perf_counter()
        do()
        # the first try waits long (a busy kernel), the next ones less: a live widget answers in < 0.3 s
        ok = wait_changed(page, root, before, timeout_ms if not tried else min(timeout_ms, 3_000))
        tried.append(action)
        if ok:
            result["ms"] = (time.perf_counter() - t0) * 1000
        else:
            wait_kernel_idle(page)
        return ok

    def back(do) -> None:
        before = snapshot(page, root)
        do()
        if not wait_changed(page, root, before, 3_000):
            wait_kernel_idle(page)

    result: dict = {"ok": False, "action": "", "ms": None}
    if kind == "slider":
        handle = loc.locator(".noUi-handle").first
        now, hi = float(handle.get_attribute("aria-valuenow")), float(handle.get_attribute("aria-valuemax"))
        keys = ["ArrowRight", "ArrowLeft"] if now < hi else ["ArrowLeft", "ArrowRight"]
        for key in keys + ["PageUp", "PageDown", "Home", "End"]:
            def press(key=key):
                handle.focus()
                page.keyboard.press(key)
            if attempt(f"{key} on the slider handle (from {now:g})", press):
                inverse = {"ArrowRight": "ArrowLeft", "ArrowLeft": "ArrowRight",
                           "PageUp": "PageDown", "PageDown": "PageUp"}.get(key)
                if inverse:
                    undo.append(lambda inverse=inverse: (handle.focus(), page.keyboard.press(inverse)))
                break
    elif kind == "dropdown":
        select = loc.locator("select")
        current = select.input_value()
        options = [o for o in select.locator("option").evaluate_all("os => os.map(o => o.value)") if o != current]
        for opt in options[:4]:
            label = select.locator(f'option[value="{opt}"]').inner_text()
            if attempt(f"select {label!r}", lambda opt=opt: select.select_option(opt)):
                undo.append(lambda: select.select_option(current))
                break
    elif kind in ("text", "number"):
        box = loc.locator("input, textarea").first
        value = box.input_value()
        if kind == "number":
            cands = number_candidates(value, box.get_attribute("min") or "", box.get_attribute("max") or "",
                                      box.get_attribute("step") or "")
        else:
            cands = text_candidates(value)
        for cand in cands[:4]:
            def type_it(cand=cand):
                box.fill(cand)
                box.press("Enter")
            if attempt(f"type {cand!r} + Enter (was {value!r})", type_it):
                undo.append(lambda: (box.fill(value), box.press("Enter")))
                break
    elif kind == "toggle-buttons":
        buttons = loc.locator("button")
        states = buttons.evaluate_all("bs => bs.map(b => b.classList.contains('mod-active'))")
        first = states.index(True) if True in states else None
        for i in [i for i, on in enumerate(states) if not on][:3]:
            b = buttons.nth(i)
            label = b.inner_text().strip() or b.get_attribute("title") or str(i)
            if attempt(f"click {label!r}", b.click):
                if first is not None:
                    undo.append(buttons.nth(first).click)
                break
    elif kind in ("toggle-button", "checkbox"):
        target = loc.locator("input[type=checkbox]").first if kind == "checkbox" else loc
        if attempt("click", target.click):
            undo.append(target.click)
    elif kind == "radio":
        radios = loc.locator("input[type=radio]:not(:checked)")
        for i in range(min(radios.count(), 3)):
            if attempt(f"choose option {i}", radios.nth(i).check):
                break
    if restore and undo:
        back(undo[0])
    result["ok"] = result["ms"] is not None
    result["action"] = tried[-1] if tried else "no action possible"
    result["tried"] = tried
    return result


def time_key_presses(page, ctl: dict, root: str, presses: int = 5, *, timeout_ms: float = 8_000) -> list[dict]:
    """In-page timing of ``presses`` key presses on one slider: keydown to first/last view mutation (ms)."""
    handle = page.locator(f'[data-bt-ctl="{ctl["id"]}"] .noUi-handle').first
    out = []
    now, hi = float(handle.get_attribute("aria-valuenow")), float(handle.get_attribute("aria-valuemax"))
    pairs = [("ArrowRight", "ArrowLeft"), ("PageUp", "PageDown")]
    if now >= hi:
        pairs = [(b, a) for a, b in pairs]
    i = 0
    while len(out) < presses and i < 2 * presses:
        # one step away and back, so the control stays in range; PageUp/PageDown (5 steps) when a
        # single step does not change what the widget shows
        there, back = pairs[0]
        key = there if len(out) % 2 == 0 else back
        i += 1
        handle.focus()
        before = snapshot(page, root)
        page.evaluate(ARM_TIMER_JS, root)
        page.keyboard.press(key)
        changed = wait_changed(page, root, before, timeout_ms if len(pairs) == 1 else 2_000)
        t = page.evaluate(READ_TIMER_JS)
        if changed and t is not None:
            out.append(t | {"key": key})
        elif len(pairs) > 1 and len(out) % 2 == 0:
            page.keyboard.press(back)  # undo the silent step
            wait_kernel_idle(page)
            pairs = pairs[1:]
    if len(out) % 2 == 1:  # back to where the notebook left it
        before = snapshot(page, root)
        handle.focus()
        page.keyboard.press(pairs[0][1])
        if not wait_changed(page, root, before, 3_000):
            wait_kernel_idle(page)
    return out


def time_text_entry(page, ctl: dict, root: str, presses: int = 5, *, timeout_ms: float = 8_000) -> list[dict]:
    """In-page timing for a text/number box: Enter keydown to first/last view mutation (ms)."""
    box = page.locator(f'[data-bt-ctl="{ctl["id"]}"]').locator("input, textarea").first
    out = []
    first = box.input_value()
    if ctl["kind"] == "number":
        cands = number_candidates(first, box.get_attribute("min") or "", box.get_attribute("max") or "",
                                  box.get_attribute("step") or "")
    else:
        cands = text_candidates(first)
    if not cands:
        return out
    for i in range(presses):
        box.fill(cands[0] if i % 2 == 0 else first)  # alternate a new value and the first one
        before = snapshot(page, root)
        page.evaluate(ARM_TIMER_JS, root)
        box.press("Enter")
        changed = wait_changed(page, root, before, timeout_ms)
        t = page.evaluate(READ_TIMER_JS)
        if changed and t is not None:
            out.append(t)
    if box.input_value() != first:  # back to where the notebook left it
        before = snapshot(page, root)
        box.fill(first)
        box.press("Enter")
        if not wait_changed(page, root, before, 3_000):
            wait_kernel_idle(page)
    return out


def screenshot_notebook(page, path: Path) -> None:
    """The whole notebook in one PNG: the viewport is made as tall as the notebook for the shot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate(
        """() => { const w = window.jupyterapp.shell.currentWidget;
                   const n = w.content.node;
                   const outer = n.querySelector('.jp-WindowedPanel-outer') || n;  // the scrolling element
                   outer.scrollTop = 0; n.scrollTop = 0;
                   return Math.max(outer.scrollHeight, n.scrollHeight) + 200; }"""
    )
    page.set_viewport_size({"width": size["width"], "height": int(min(max(height, size["height"]), 16_000))})
    try:
        page.wait_for_function(
            """() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => {
                   const n = window.jupyterapp.shell.currentWidget.content.node;
                   (n.querySelector('.jp-WindowedPanel-outer') || n).scrollTop = 0;
                   r(true); })))"""
        )
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(size)


def shutdown_kernel(page) -> None:
    try:
        page.evaluate("() => window.jupyterapp.shell.currentWidget?.sessionContext?.shutdown()")
    except Exception:  # the page may already be gone; the server's process group is killed at the end anyway
        pass
