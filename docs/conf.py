"""Sphinx configuration of the course's static website (Sphinx + MyST-NB + sphinx-book-theme).

Build it from the repository's root, with the ``[site]`` extra installed::

    python tools/build_site.py                     # into build/site
    python -m sphinx -b html -c docs . build/site  # the same command by hand

The source folder is the repository's root (``.``) and this folder holds only the configuration, the index pages,
the handouts and the vendored JavaScript: the notebooks are read where they are, ``notebooks/NN_topic.ipynb`` and
their worked solutions ``notebooks/solutions/NN_topic_solutions.ipynb``, with their committed outputs and never
re-executed (``nb_execution_mode = "off"``), so the pages show exactly what nbval checks. A page lands at
``notebooks/NN_topic.html``, so the links between notebooks work unchanged.

Two builds from the same sources: the students' site (the default: the notebooks, the solutions in their own
section, the handouts) and, with the Sphinx tag ``teachers`` (``python tools/build_site.py --teachers``), the
teachers' site, which adds the teacher's guide (``notebooks/TEACHING.md``, with the usual answers) and the session
plans; the guide is never on the students' site.

Launch buttons (Binder, Colab) need the repository's public address: it is read from the environment variable
``COURSE_REPOSITORY_URL`` (``COURSE_REPOSITORY_BRANCH``, default ``main``); without it the placeholder below is
used and the launch links lead nowhere until the course is published.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

project = "Evaluating classifiers when positives are rare"
author = "the course's authors"
copyright = "the course's authors, BSD-3-Clause"  # noqa: A001 (Sphinx's name)
language = "en"

# docs/course_site.py: collapses the solutions, adds the note on live widgets, fills in the course map.
sys.path.insert(0, str(Path(__file__).resolve().parent))
extensions = ["myst_nb", "course_site"]

TEACHERS = tags.has("teachers")  # noqa: F821 (Sphinx puts ``tags`` in this file's namespace)
root_doc = "docs/teachers/index" if TEACHERS else "docs/index"
# Only these are pages; everything else under the root (the venv, data, tests) is left alone.
include_patterns = ["docs/handouts/*.md", "notebooks/[0-9][0-9]*_*.ipynb", "notebooks/solutions/*_solutions.ipynb"]
include_patterns += ["docs/teachers/*.md", "notebooks/TEACHING.md"] if TEACHERS else ["docs/index.md"]
exclude_patterns = [".venv", "build", ".git", "test-artifacts", "node_modules", "**/.ipynb_checkpoints",
                    "jupyter_execute", "**/jupyter_execute"]

# The committed outputs are the truth: never run a notebook here.
nb_execution_mode = "off"
nb_merge_streams = True
# The widget manager, vendored from npm (@jupyter-widgets/html-manager 1.x for ipywidgets 8, and requirejs):
# no CDN, so the saved widget state renders offline. Paths are relative to _static/.
nb_ipywidgets_js = {"js/require.js": {}, "js/embed-amd.js": {}}
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3

# Anchors as JupyterLab makes them, so the notebooks' links (``00_start_here.ipynb#Sources``) work on the site too.
myst_heading_slug_func = "course_site.jupyter_anchor"

REPOSITORY_URL = os.environ.get("COURSE_REPOSITORY_URL", "https://github.com/OWNER/rare-positives-course")
REPOSITORY_BRANCH = os.environ.get("COURSE_REPOSITORY_BRANCH", "main")

html_theme = "sphinx_book_theme"
html_title = "Rare positives: a course"
html_static_path = ["_static"]
templates_path = ["_templates"]
# The theme's sidebar (theme.conf), with its title link inside a <nav> (docs/_templates/course-logo.html).
html_sidebars = {"**": ["course-logo.html", "icon-links.html", "search-button-field.html", "sbt-sidebar-nav.html"]}
html_extra_path = ["_extra_teachers" if TEACHERS else "_extra"]  # index.html, a redirect to the home page
html_css_files = ["course.css"]
html_js_files = [("course.js", {"priority": 200})]  # before the widget manager (500)
# MathJax 3, vendored from npm: no CDN.
mathjax_path = "mathjax/tex-mml-chtml.js"
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "repository_url": REPOSITORY_URL,
    "repository_branch": REPOSITORY_BRANCH,
    "path_to_docs": "",
    "use_repository_button": True,
    "launch_buttons": {
        "binderhub_url": "https://mybinder.org",
        "colab_url": "https://colab.research.google.com",
        "notebook_interface": "jupyterlab",
    },
    "show_toc_level": 2,
    "home_page_in_toc": True,
}
