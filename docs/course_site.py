"""The course's own Sphinx extension (used by docs/conf.py).

- A page whose notebook saved widget state says, under its title, that the widgets show their saved state
  and how to make them live.
- The index page's course map is the README's, so the map has one source.
- Heading anchors are made as JupyterLab makes them (:func:`jupyter_anchor`).
- Every figure's ``<img>`` gets the text alternative the notebook saved with it (``alt`` in the PNG output's
  metadata, written by :mod:`helpers.figure_text`): myst-nb names a figure's file by the SHA-256 of its bytes
  and reads only width and height from an output's metadata, so :func:`figure_texts` maps hash to text.

Only the text Sphinx parses is changed, never a file on disk.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LIVE_NOTE = (
    "```{admonition} The widgets on this page show their saved state\n"
    ":class: note\n\n"
    "The sliders and dropdowns below show the values the notebook was saved with; moving them here does not "
    "recompute anything. To make them live, run the notebook: in class, `python -m helpers.classroom {nn}` "
    "shows it without code in large type (needs the `[classroom]` extra); on your own, open "
    "`notebooks/{name}` in JupyterLab after the README's install command, or use the Binder launch button "
    "above (Colab does not render these widgets).\n"
    "```\n"
)


def _prepare_notebook(app, docname: str, source: list[str]) -> None:
    """Add the "how to make the widgets live" note, in the text Sphinx parses.

    Only the copy that Sphinx reads is changed; the notebook on disk is not.
    """
    if not docname.startswith("notebooks/") or docname.endswith("TEACHING"):
        return
    nb = json.loads(source[0])
    if nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state"):
        name = docname.split("/")[-1]
        note = LIVE_NOTE.replace("{nn}", name.split("_")[0]).replace("{name}", name + ".ipynb")
        # After the title cell, so that the page's title stays its first heading.
        nb["cells"].insert(1, {"cell_type": "markdown", "id": "site-live-widgets", "metadata": {}, "source": note})
    source[0] = json.dumps(nb)


COURSE_MAP_MARKER = "<!-- course-map:"


def course_map(readme: str, up: str = "../") -> str:
    """The course map table of the README (the section "## The course map"), with links made relative to the
    page (``up`` leads from the page's folder to the repository's root: ``../`` from docs/)."""
    section = readme.split("## The course map", 1)[1]
    lines = []
    for line in section.splitlines()[1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            lines.append(line.replace("](notebooks/", f"]({up}notebooks/"))
    return "\n".join(lines) + "\n"


def _fill_course_map(app, docname: str, source: list[str]) -> None:
    """Replace the marker line of an index page with the README's course map, so the map has one source."""
    if not docname.endswith("index") or COURSE_MAP_MARKER not in source[0]:
        return
    readme = (Path(app.srcdir) / "README.md").read_text(encoding="utf-8")
    text = source[0]
    start = text.index(COURSE_MAP_MARKER)
    end = text.index("-->", start) + len("-->")
    source[0] = text[:start] + course_map(readme, "../" * docname.count("/")) + text[end:]


def jupyter_anchor(text: str) -> str:
    """A heading's anchor as JupyterLab makes it: spaces become "-", case and punctuation are kept."""
    return text.strip().replace(" ", "-")


def figure_texts(nb: dict) -> dict[str, str]:
    """The text alternative of each PNG output of notebook ``nb`` (its JSON), keyed by the SHA-256 of its bytes."""
    texts = {}
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            alt = (output.get("metadata", {}).get("image/png") or {}).get("alt")
            if png and alt:
                png = "".join(png) if isinstance(png, list) else png
                texts[hashlib.sha256(base64.b64decode(png)).hexdigest()] = alt
    return texts


def _figure_alt(app, doctree, docname: str) -> None:
    """Give each figure of a notebook page the text alternative saved in the notebook."""
    path = Path(app.env.doc2path(docname))
    if path.suffix != ".ipynb":
        return
    texts = figure_texts(json.loads(path.read_text(encoding="utf-8")))
    for node in doctree.findall(lambda n: n.tagname == "image"):  # docutils' image nodes
        alt = texts.get(Path(node["uri"]).stem)
        if alt:
            node["alt"] = alt


def setup(app):
    app.connect("doctree-resolved", _figure_alt)
    app.connect("source-read", _prepare_notebook)
    app.connect("source-read", _fill_course_map)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
