"""How fast every course widget updates after a change: in Python, and in JupyterLab in Chromium.

    .venv/bin/python bench/bench_widgets.py                   # both parts (about two minutes)
    .venv/bin/python bench/bench_widgets.py --python-only     # part (a) only, a few seconds
    .venv/bin/python bench/bench_widgets.py --markdown bench/WIDGETS.md   # also write the figures

(a) Python side. Every module of ``helpers/widgets`` is imported and every
public function annotated to return a ``Dashboard`` is called: with its
defaults when it has no required argument, otherwise with the data its
notebook gives it (``RECIPES`` below reproduces those cells: 03 for
``threshold_dashboard``, 06 for ``prior_shift_dashboard``, 11 for
``cost_dashboard``; a new factory with required arguments is listed as
skipped until it gets a recipe). Each control is set ``--repeat`` times,
alternating between a new valid value and its first value; the time of the
assignment is the time of the callback (``Dashboard.refresh`` runs inside it,
synchronously). Reported: median and max per widget, and per control.

(b) Browser. A JupyterLab server (tests/browser/lab_driver.py: the same
setup as the browser tests) runs every ``notebooks/NN_*.ipynb`` in Chromium;
for every control of every rendered widget, ``--presses`` key presses are
timed in the page: ``performance.now()`` at the keydown (capture listener)
to the first and to the last mutation of the widget's views (HTML text, image
``src``) seen by a ``MutationObserver``, waiting for the kernel to go idle in
between. Sliders: ArrowRight/ArrowLeft on the handle (one step there and
back); dropdowns: another option picked, timed from the select's ``input``
event (headless Chromium does not change a closed select on arrow keys);
toggle buttons: Enter on the other button; text and number boxes: a new
valid value and the first one typed in turn, the Enter key timed.
Targets: < 50 ms Python-side and < 300 ms in the browser (to the last view
change) for every widget.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import inspect
import math
import os
import pkgutil
import platform
import statistics
import sys
import time
from pathlib import Path

import ipywidgets as widgets
import matplotlib

matplotlib.use("Agg")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

PY_TARGET_MS = 50.0
BROWSER_TARGET_MS = 300.0


# --- (a) Python side ----------------------------------------------------------------------------

def recipe_thresholds():
    """notebooks/03: logistic regression on degree-2 features of the blobs (11 % positives), test probabilities."""
    from sklearn.datasets import make_blobs
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import PolynomialFeatures, StandardScaler

    X, y = make_blobs(n_samples=(4000, 500), cluster_std=[7.0, 2], random_state=22)
    X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
    lr = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), LogisticRegression()).fit(X_train, y_train)
    return (y_test, lr.predict_proba(X_test)[:, 1]), {"threshold": 0.5}


def recipe_prior_shift():
    """notebooks/06: its synthetic problem (helpers.synthetic_data), 1:10 test set, deployment at the rest."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from helpers.synthetic_data import prior_shift_example

    X, y, train, test, deploy = prior_shift_example(np.random.default_rng(0))
    model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1_000)).fit(X[train], y[train])
    return (y[test], model.predict_proba(X[test])[:, 1]), {"deploy_prevalence": y[deploy].mean(), "threshold": 0.5}


def recipe_costs():
    """notebooks/11: breast cancer (1 = malignant), validation and test probabilities, costs 10 and 100, 1 %."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, target = load_breast_cancer(return_X_y=True)
    y = (target == 0).astype(int)
    X_dev, X_test, y_dev, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
    X_train, X_val, y_train, y_val = train_test_split(X_dev, y_dev, test_size=0.4, stratify=y_dev, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
    test = (y_test, model.predict_proba(X_test)[:, 1])
    return (y_val, model.predict_proba(X_val)[:, 1]), {
        "cost_fp": 10, "ratio": 10.0, "train_prevalence": y_train.mean(), "deploy_prevalence": 0.01, "test": test,
    }


def recipe_confusion():
    """notebooks/01: default counts with the notebook's class names"""
    return (), {"labels": ("malignant", "benign")}


RECIPES = {
    "threshold_dashboard": recipe_thresholds,
    "prior_shift_dashboard": recipe_prior_shift,
    "cost_dashboard": recipe_costs,
    "confusion_dashboard": recipe_confusion,
}


def discover_factories():
    """(module, name, function) for every public function of helpers.widgets.* returning a Dashboard."""
    import helpers.widgets as pkg

    found = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if info.name in ("dashboard",):
            continue
        mod = importlib.import_module(f"helpers.widgets.{info.name}")
        names = getattr(mod, "__all__", [n for n in dir(mod) if not n.startswith("_")])
        for name in names:
            fn = getattr(mod, name, None)
            if not inspect.isfunction(fn) or fn.__module__ != mod.__name__:
                continue
            ret = inspect.signature(fn).return_annotation
            if ret is pkg.Dashboard or (isinstance(ret, str) and ret.split(".")[-1] == "Dashboard"):
                found.append((info.name, name, fn))
    return found


def needs_arguments(fn) -> bool:
    return any(
        p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        for p in inspect.signature(fn).parameters.values()
    )


def new_value(control: widgets.Widget, first):
    """A valid value different from ``first``, the way a user would pick one (one step, another option)."""
    if isinstance(control, widgets.FloatLogSlider):
        exponent = math.log(first, control.base) + control.step
        if exponent > control.max:
            exponent = math.log(first, control.base) - control.step
        return control.base ** exponent
    if hasattr(control, "options") and not isinstance(control, widgets.Text):
        values = [v for _, v in control._options_full] if hasattr(control, "_options_full") else list(control.options)
        others = [v for v in values if v != first]
        return others[0] if others else None
    if isinstance(control, widgets.Checkbox | widgets.ToggleButton):
        return not first
    if isinstance(control, widgets.Text | widgets.Textarea):
        parts = [p.strip() for p in first.split(",")]
        return ", ".join(reversed(parts)) if len(parts) > 1 else first + " "
    if isinstance(first, bool):
        return not first
    if isinstance(first, int | float):
        step = getattr(control, "step", None) or 1
        if isinstance(control, widgets.IntText | widgets.BoundedIntText | widgets.FloatText | widgets.BoundedFloatText):
            step = 1 if isinstance(first, int) else max(step, 1)  # the browser test types value + 1
        hi, lo = getattr(control, "max", math.inf), getattr(control, "min", -math.inf)
        value = first + step if first + step <= hi else first - step
        if value < lo:
            return None
        return type(first)(value) if isinstance(first, int) else value
    return None


def bench_python(repeat: int) -> list[dict]:
    rows = []
    for module, name, fn in discover_factories():
        row = {"widget": f"{module}.{name}", "controls": {}, "times": [], "build_ms": None, "note": ""}
        if name in RECIPES:
            args, kwargs = RECIPES[name]()
            row["note"] = (RECIPES[name].__doc__ or "").split(":")[0]
        elif needs_arguments(fn):
            row["note"] = "skipped: needs arguments, add a recipe to RECIPES"
            rows.append(row)
            continue
        else:
            args, kwargs = (), {}
            row["note"] = "defaults"
        t0 = time.perf_counter()
        d = fn(*args, **kwargs)
        row["build_ms"] = (time.perf_counter() - t0) * 1000
        errors = []
        for cname, control in d.controls.items():
            if getattr(control, "disabled", False):
                continue
            first = control.value
            second = new_value(control, first)
            if second is None or second == first:
                continue
            times = []
            for i in range(repeat):
                value = second if i % 2 == 0 else first
                t0 = time.perf_counter()
                control.value = value
                times.append((time.perf_counter() - t0) * 1000)
                if d.status.value:
                    errors.append(f"{cname}={value!r}: {d.status.value}")
            control.value = first
            row["controls"][cname] = times
            row["times"] += times
        t_refresh = []
        for _ in range(max(3, repeat // 2)):
            t0 = time.perf_counter()
            d.refresh()
            t_refresh.append((time.perf_counter() - t0) * 1000)
        row["refresh"] = t_refresh
        row["errors"] = errors[:3]
        rows.append(row)
    return rows


def print_python(rows) -> None:
    print(f"\n(a) Python side: time of `control.value = new` (the whole callback), target < {PY_TARGET_MS:.0f} ms")
    print(f"{'widget':44} {'median ms':>9} {'max ms':>8} {'refresh':>8}  {'slowest control (median)':28} ok")
    for r in rows:
        if not r["times"]:
            print(f"{r['widget']:44} {'-':>9} {'-':>8} {'-':>8}  {r['note']}")
            continue
        slow = max(r["controls"], key=lambda c: statistics.median(r["controls"][c]))
        ok = "yes" if max(r["times"]) < PY_TARGET_MS else "NO"
        slow_text = f"{slow} ({statistics.median(r['controls'][slow]):.1f})"
        print(f"{r['widget']:44} {statistics.median(r['times']):9.1f} {max(r['times']):8.1f} "
              f"{statistics.median(r['refresh']):8.1f}  {slow_text:28} {ok}")
        for e in r.get("errors", []):
            print(f"    status error: {e}")


# --- (b) browser ----------------------------------------------------------------------------------

def bench_browser(presses: int, only: str = "") -> list[dict]:
    from lab_driver import (
        TAG_CONTROLS_JS,
        LabServer,
        discover_notebooks,
        launch_chromium,
        open_notebook,
        run_all,
        shutdown_kernel,
        time_key_presses,
        time_text_entry,
        wait_widgets_rendered,
    )
    from playwright.sync_api import sync_playwright

    rows = []
    with LabServer() as lab, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for nb in [p for p in discover_notebooks() if only in p.name]:
                print(f"  browser: {nb.name}", file=sys.stderr, flush=True)
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                page = context.new_page()
                try:
                    open_notebook(page, lab, nb.name)
                    state = run_all(page)
                    if not state["widgets"]:
                        continue
                    wait_widgets_rendered(page, state["widgets"])
                    for root in page.evaluate(TAG_CONTROLS_JS):
                        if "skipped" in root:
                            continue
                        r = str(root["root"])
                        title = page.evaluate(
                            "(r) => document.querySelector(`[data-bt-root=\"${r}\"] .widget-html`)?.innerText ?? ''", r
                        ).strip().splitlines()
                        for ctl in root["controls"]:
                            if ctl["disabled"]:
                                continue
                            if ctl["kind"] == "slider":
                                t = time_key_presses(page, ctl, r, presses)
                            elif ctl["kind"] in ("text", "number"):
                                t = time_text_entry(page, ctl, r, presses)
                            elif ctl["kind"] in ("dropdown", "toggle-buttons"):
                                t = time_focus_keys(page, ctl, r, presses)
                            else:
                                continue
                            rows.append({
                                "notebook": nb.stem, "widget": int(r), "title": (title[0] if title else "")[:40],
                                "control": f"{ctl['kind']} {ctl['label']!r}" + (
                                    " (PageUp/PageDown)" if any(x.get("key", "").startswith("Page") for x in t)
                                    else ""),
                                "presses": presses,
                                "first": [x["first"] for x in t], "last": [x["last"] for x in t],
                                "keys": sorted({x.get("key", "") for x in t} - {""}),
                            })
                finally:
                    shutdown_kernel(page)
                    context.close()
        finally:
            browser.close()
    return rows


def time_focus_keys(page, ctl, root: str, presses: int) -> list[dict]:
    """Dropdown: another option picked (timed from the select's input event). Toggle buttons: Enter on the other."""
    from lab_driver import ARM_TIMER_JS, READ_TIMER_JS, snapshot, wait_changed

    loc = page.locator(f'[data-bt-ctl="{ctl["id"]}"]')
    out = []
    for _ in range(presses):
        if ctl["kind"] == "dropdown":
            select = loc.locator("select")
            values = select.evaluate("s => [...s.options].map(o => o.value)")
            current = values.index(select.input_value())
            before = snapshot(page, root)
            page.evaluate(ARM_TIMER_JS, root)
            select.select_option(values[(current + 1) % len(values)])  # timed from the select's input event
            changed = wait_changed(page, root, before, 3_000)  # an option may show what is already shown
            t = page.evaluate(READ_TIMER_JS)
            if changed and t is not None:
                out.append(t)
            continue
        else:
            buttons = loc.locator("button")
            states = buttons.evaluate_all("bs => bs.map(b => b.classList.contains('mod-active'))")
            target = next(j for j, on in enumerate(states) if not on)
            buttons.nth(target).focus()
            key = "Enter"
        before = snapshot(page, root)
        page.evaluate(ARM_TIMER_JS, root)
        page.keyboard.press(key)
        changed = wait_changed(page, root, before, 8_000)
        t = page.evaluate(READ_TIMER_JS)
        if changed and t is not None:
            out.append(t)
    return out


def print_browser(rows) -> None:
    print(f"\n(b) Browser: keydown to the views' first / last change, in the page, target < {BROWSER_TARGET_MS:.0f} ms")
    print(f"{'notebook':28} {'w':>1} {'control':34} {'n':>2} {'first med':>9} {'last med':>9} {'last max':>9} ok")
    for r in rows:
        if not r["last"]:
            print(f"{r['notebook']:28} {r['widget']:1d} {r['control'][:34]:34} {0:2d} {'-':>9} {'-':>9} {'-':>9} "
                  "NO CHANGE")
            continue
        ok = "yes" if statistics.median(r["last"]) < BROWSER_TARGET_MS else "NO"
        print(f"{r['notebook']:28} {r['widget']:1d} {r['control'][:34]:34} {len(r['last']):2d} "
              f"{statistics.median(r['first']):9.0f} {statistics.median(r['last']):9.0f} {max(r['last']):9.0f} {ok}")


# --- report ---------------------------------------------------------------------------------------

def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import ipywidgets
    import jupyterlab

    chromium = ""
    try:
        import subprocess

        chromium = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True,
                                  timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return (f"{os.cpu_count()} cores ({model or platform.processor()}), {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, JupyterLab {jupyterlab.__version__}, ipywidgets "
            f"{ipywidgets.__version__}, {chromium or 'Chromium ?'}")


def markdown(py_rows, br_rows, args) -> str:
    lines = [
        "## Widget update times (`bench/bench_widgets.py`)",
        "",
        f"Measured {dt.date.today().isoformat()} on {machine()}.",
        f"Command: `.venv/bin/python bench/bench_widgets.py --repeat {args.repeat} --presses {args.presses}`.",
        "",
    ]
    if py_rows:
        lines += [
            f"**(a) Python side**: time of `control.value = new` (the observer runs `Dashboard.refresh`), "
            f"{args.repeat} changes per control alternating a new valid value and the first one. "
            f"Target < {PY_TARGET_MS:.0f} ms.",
            "",
            "| widget factory | called with | median ms | max ms | slowest control (median ms) | < 50 ms |",
            "|---|---|---:|---:|---|---|",
        ]
        for r in py_rows:
            if not r["times"]:
                lines.append(f"| `{r['widget']}` | {r['note']} | – | – | – | – |")
                continue
            slow = max(r["controls"], key=lambda c: statistics.median(r["controls"][c]))
            ok = "yes" if max(r["times"]) < PY_TARGET_MS else "**no**"
            lines.append(
                f"| `{r['widget']}` | {r['note']} | {statistics.median(r['times']):.1f} | {max(r['times']):.1f} | "
                f"{slow} ({statistics.median(r['controls'][slow]):.1f}) | {ok} |"
            )
        lines.append("")
    if br_rows:
        lines += [
            f"**(b) In JupyterLab in Chromium** (headless): time from the keydown to the first and to the last "
            f"change of the widget's views (HTML text, image `src`), measured in the page with `performance.now()` "
            f"and a `MutationObserver`; {args.presses} presses per control. Target < {BROWSER_TARGET_MS:.0f} ms "
            "(median, to the last change).",
            "",
            "| notebook | control | presses | first change, median ms | last change, median ms | "
            "last change, max ms | < 300 ms |",
            "|---|---|---:|---:|---:|---:|---|",
        ]
        for r in br_rows:
            if not r["last"]:
                lines.append(f"| {r['notebook']} | {r['control']} | 0 | – | – | – | **no change** |")
                continue
            ok = "yes" if statistics.median(r["last"]) < BROWSER_TARGET_MS else "**no**"
            lines.append(
                f"| {r['notebook']} | {r['control']} | {len(r['last'])} | {statistics.median(r['first']):.0f} | "
                f"{statistics.median(r['last']):.0f} | {max(r['last']):.0f} | {ok} |"
            )
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="changes per control, Python side (default 20)")
    parser.add_argument("--presses", type=int, default=5, help="key presses per control in the browser (default 5)")
    parser.add_argument("--python-only", action="store_true")
    parser.add_argument("--browser-only", action="store_true")
    parser.add_argument("--markdown", type=Path, help="write the figures as a markdown section to this file")
    parser.add_argument("--only", default="", help="browser part: only notebooks whose name contains this")
    args = parser.parse_args()
    py_rows = [] if args.browser_only else bench_python(args.repeat)
    if py_rows:
        print_python(py_rows)
        sys.stdout.flush()
    br_rows = [] if args.python_only else bench_browser(args.presses, args.only)
    if br_rows:
        print_browser(br_rows)
    if args.markdown:
        args.markdown.write_text(markdown(py_rows, br_rows, args) + "\n")
        print(f"\nwrote {args.markdown}")


if __name__ == "__main__":
    main()
