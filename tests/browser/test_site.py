"""The course's static website (tools/build_site.py) built into a temporary folder and opened in Chromium.

One build for the module (Sphinx + myst-nb, about half a minute here), served over a loopback HTTP server.
Every page is checked statically (every internal link leads to a page that exists, and to an anchor on it) and
in Chromium with every non-loopback request blocked: no failed request (a missing image, font or script), no
broken image, no request leaving the machine, no error text, no answer on a notebook's page (the worked
solutions have their own section), the quick self-tests answering clicks, the saved widgets rendered,
landmarks, and axe-core (vendored by the classroom tests in ``vendor/axe.min.js``) with no critical or serious
violation, in the theme's light mode and in its dark mode (colour contrast included). Every figure
has, as its ``alt``, the text its notebook saved with it (helpers.figure_text).
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

import pytest

from helpers.course_map import course_notebooks

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
# Words that say a page shows a failure: a Python traceback, an exception line, a widget that did not render.
ERROR_TEXT = re.compile(r"Traceback|(?<!“)Error displaying widget|\b\w*Error: |\bmodel not found\b")


# The theme fades colours over 0.15 s: switch transitions off first, so axe-core reads the final colours.
_THEME_JS = (
    "() => {{ if (!document.getElementById('no-transitions')) {{ const s = document.createElement('style');"
    " s.id = 'no-transitions'; s.textContent = '*, *::before, *::after {{ transition: none !important; }}';"
    " document.head.appendChild(s); }}"
    " document.documentElement.dataset.theme = '{0}'; document.documentElement.dataset.mode = '{0}'; }}"
)
DARK_JS, LIGHT_JS = _THEME_JS.format("dark"), _THEME_JS.format("light")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.srcs: list[str] = []
        self.ids: set[str] = set()
        self.images: list[tuple[str, str | None]] = []  # (src, alt) of every <img>

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])
        if tag in ("img", "script") and a.get("src"):
            self.srcs.append(a["src"])
        if tag == "img":
            self.images.append((a.get("src") or "", a.get("alt")))
        if tag == "link" and a.get("href"):
            self.srcs.append(a["href"])


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _build(out: Path, *flags: str) -> Path:
    pytest.importorskip("sphinx", reason="the site needs the [site] extra: pip install -e '.[site]'")
    done = subprocess.run([sys.executable, str(REPO / "tools" / "build_site.py"), *flags, str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"site build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("site") / "html")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # no line per request on the test's output
        pass


@pytest.fixture(scope="module")
def site_url(site):
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.parts)


def test_every_notebook_and_its_solutions_are_pages_and_the_guide_is_not(site):
    names = {p.relative_to(site).as_posix() for p in _pages(site)}
    notebooks = [p.stem for p in course_notebooks(REPO / "notebooks")]
    solutions = [p.stem for p in sorted((REPO / "notebooks" / "solutions").glob("*_solutions.ipynb"))]
    assert {f"notebooks/{n}.html" for n in notebooks} | {f"notebooks/solutions/{n}.html" for n in solutions} | {
        "docs/index.html", "search.html", "index.html"} <= names
    assert "notebooks/TEACHING.html" not in names, "the teacher's guide (with the answers) is on the students' site"
    index = (site / "docs" / "index.html").read_text(encoding="utf-8")
    for n in notebooks + solutions:
        assert f"{n}.html" in index, f"the index page does not link {n}"
    assert "TEACHING" not in index


def test_the_teachers_site_has_the_guide(tmp_path):
    teachers = _build(tmp_path / "teachers", "--teachers")
    assert (teachers / "notebooks" / "TEACHING.html").exists()
    assert "TEACHING.html" in (teachers / "docs" / "teachers" / "index.html").read_text(encoding="utf-8")
    assert "docs/teachers/index.html" in (teachers / "index.html").read_text(encoding="utf-8")


def test_no_broken_internal_link_or_missing_file(site):
    """Every link and every src/href to this site points to a file that exists, and its #anchor is on that page."""
    parsed = {p: _parse(p) for p in _pages(site)}
    broken = []
    for page, links in parsed.items():
        base = page.relative_to(site).as_posix()
        for ref in links.hrefs + links.srcs:
            if urlparse(ref).scheme or ref.startswith(("//", "mailto:", "javascript:")):
                continue
            target, anchor = urldefrag(urljoin(base, ref))
            path = site / unquote(urlparse(target).path) if target else page
            if not path.exists():
                broken.append(f"{base}: {ref} (no file {path.relative_to(site)})")
            elif anchor and path.suffix == ".html" and path in parsed and unquote(anchor) not in parsed[path].ids:
                broken.append(f"{base}: {ref} (no id {anchor!r} on {path.relative_to(site)})")
    assert not broken, "\n".join(broken[:40])


def test_no_notebook_page_says_an_answer_is_correct(site):
    """The verdicts live on the solutions' pages only (tests/test_answers_not_rendered.py checks the answers)."""
    for nb in course_notebooks(REPO / "notebooks"):
        html = (site / "notebooks" / f"{nb.stem}.html").read_text(encoding="utf-8")
        assert not re.search(r"(Exercise \w+|Question \d+): correct\.", html), nb.name


def test_a_quick_self_test_answers_clicks_on_the_static_page(site, site_url, chromium):
    """Notebook 02's quiz, on the static page (no kernel): the right option says Correct, a wrong one explains."""
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url) else route.abort())
    try:
        page.goto(site_url + "notebooks/02_accuracy_and_imbalance.html")
        page.wait_for_selector("label.MCButton", timeout=30_000)
        options = page.locator("label.MCButton")
        assert options.count() >= 4
        page.locator("label.MCButton", has_text="MCC, or balanced accuracy").first.click()
        feedback = page.locator(".Feedback").first
        assert feedback.inner_text().startswith("Correct.")
        page.locator("label.MCButton", has_text="printed with more decimals").first.click()
        assert feedback.inner_text().startswith("Not quite:")
        number = page.locator("input.Input-text").first
        number.fill("0.9")
        number.press("Enter")
        assert "that is its accuracy" in page.locator(".Feedback").nth(1).inner_text()
        number.fill("0.58")  # the answer 0.589 cut off, not rounded (the cold read after issue 36)
        number.press("Enter")
        assert page.locator(".Feedback").nth(1).inner_text().startswith("Round, don't truncate:")
        assert not page.locator(".course-quiz-fallback").first.is_visible()
    finally:
        context.close()


def test_every_figure_says_what_it_shows(site):
    """Each figure of a notebook page has, as its alt, the text the notebook saved with it (helpers.figure_text).

    myst-nb names a figure's file by the SHA-256 of its PNG bytes; docs/course_site.py maps it to the text.
    """
    sys.path.insert(0, str(REPO / "docs"))
    from course_site import figure_texts

    missing = []
    for nb in course_notebooks(REPO / "notebooks"):
        texts = figure_texts(json.loads(nb.read_text(encoding="utf-8")))
        images = _parse(site / "notebooks" / f"{nb.stem}.html").images
        shown = {Path(unquote(src)).stem: alt for src, alt in images if "_images/" in src}
        for digest, text in texts.items():
            if shown.get(digest) != text:
                missing.append(f"{nb.stem}: figure {digest[:12]} has alt {shown.get(digest)!r:.80}, saved {text!r:.80}")
        for src, alt in images:
            if not alt or not alt.strip() or Path(unquote(src)).name in alt:
                missing.append(f"{nb.stem}: image {src} has no text alternative (alt={alt!r})")
    assert not missing, "\n".join(missing[:40])


def _open(page, url: str, problems: list[str]) -> None:
    page.goto(url)
    page.wait_for_load_state("load")
    # The widget manager renders the saved state after load; MathJax typesets after load.
    page.wait_for_function(
        """() => document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length
                 <= document.querySelectorAll('.jupyter-widgets').length""", timeout=60_000)
    page.wait_for_timeout(300)


def test_every_page_renders_in_chromium_without_errors(site, site_url, chromium, screenshot_dir):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from voila_driver import run_axe

    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    problems: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url)
               else (problems.append(f"request leaving the machine: {route.request.url}"), route.abort()))
    page.on("requestfailed", lambda r: r.url.startswith(site_url) and problems.append(f"failed: {r.url}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"JavaScript error: {e}"))
    serious = []
    try:
        for path in _pages(site):
            rel = path.relative_to(site).as_posix()
            _open(page, site_url + rel, problems)
            if rel == "index.html":  # the redirect to docs/index.html
                assert page.url.endswith("docs/index.html")
                continue
            text = page.inner_text("body")
            for match in ERROR_TEXT.finditer(text):
                problems.append(f"{rel}: error text {text[max(0, match.start() - 60):match.end() + 60]!r}")
            broken_images = page.evaluate(
                "() => [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
            problems += [f"{rel}: broken image {src}" for src in broken_images]
            assert page.locator("main").count() >= 1, f"{rel}: no <main> landmark"
            assert page.locator("nav").count() >= 1, f"{rel}: no <nav> landmark"
            if rel.startswith("notebooks/0") or rel.startswith("notebooks/1"):
                expected = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
                assert page.locator(".jupyter-widgets.widget-container, .jupyter-widgets").count() >= expected
                if expected:
                    assert "show their saved state" in text, f"{rel}: no note on making the widgets live"
            if rel.startswith(("notebooks/05", "docs/index")):
                page.screenshot(path=str(screenshot_dir / f"site_{rel.replace('/', '_')}.png"))
            for mode in ("light", "dark"):  # the book theme's switch sets data-theme on <html>
                page.evaluate(DARK_JS if mode == "dark" else LIGHT_JS)
                page.wait_for_timeout(100)
                violations = run_axe(page)
                axe_dir = screenshot_dir.parent / "axe"  # every finding, for tests/browser/README.md's list
                axe_dir.mkdir(parents=True, exist_ok=True)
                (axe_dir / f"site-{rel.replace('/', '_')}-{mode}.json").write_text(json.dumps(violations, indent=1))
                for violation in violations:
                    if violation["impact"] in ("critical", "serious"):
                        serious.append(f"{rel} ({mode}): {violation['impact']} {violation['id']} "
                                       f"({violation['help']}): {len(violation['nodes'])} elements, "
                                       f"e.g. {violation['nodes'][:3]}")
                if mode == "dark" and rel.startswith("notebooks/05"):
                    page.screenshot(path=str(screenshot_dir / f"site_{rel.replace('/', '_')}_dark.png"))
            page.evaluate(LIGHT_JS)
    finally:
        context.close()
    assert not problems, "\n".join(problems[:40])
    assert not serious, "axe-core, critical or serious:\n" + "\n".join(serious)


def test_each_handout_prints_on_one_page(site, site_url, chromium):
    """Issue 31: one printable page per session. Chromium prints each handout to A4: one page each."""
    handouts = sorted((site / "docs" / "handouts").glob("session_*.html"))
    assert len(handouts) >= 3
    context = chromium.new_context()
    page = context.new_page()
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url) else route.abort())
    try:
        for handout in handouts:
            page.goto(site_url + handout.relative_to(site).as_posix())
            page.wait_for_load_state("load")
            pdf = page.pdf(format="A4")
            pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
            assert pages == 1, f"{handout.name} prints on {pages} pages"
    finally:
        context.close()
