# %% [markdown]
# # 00 · Start here
#
# How the course is organised, how to run it, and the tools every notebook
# uses.
#
# **Time on your own:** about 35 minutes.
#
# **Learning goals**
#
# - install the course and check that your environment has everything the
#   notebooks need;
# - find the notebook that answers your question, and the sources the course
#   cites;
# - call the `helpers` package and read its results (`Counts`, `metric_zoo`,
#   `roc_table`, `precision_at_prevalence`);
# - move a widget, and read your own predictions file with
#   `load_predictions`.
#
# **Evaluating classifiers when positives are rare.** When one case in ten
# thousand is positive, a classifier that never says "positive" is 99.99 %
# accurate and useless. This course shows what to measure instead, how those
# measures move when the class balance moves, and how to estimate what your
# model will do at the prevalence it will meet in deployment.
#
# ## The course, in order
#
# | # | notebook | question it answers |
# |---|---|---|
# | 01 | confusion matrix | What are TP, FP, FN, TN, and which of the many metrics built from them says what? |
# | 02 | accuracy and imbalance | Why do three very different predictors all score 90 % accuracy? |
# | 03 | thresholds, PR and ROC curves | What changes when the threshold moves, and how do the PR and ROC curves show every threshold at once? |
# | 03b | prevalence and choosing a threshold | Which metrics move with the class balance, and how do we choose a threshold on one set and report it on another? |
# | 04 | ROC AUC by hand | How is the ROC curve built row by row, and why is its area a probability? |
# | 05 | simulated rare disease | What do 10 sick people in 100 000 do to precision, and how sure can we be? |
# | 06 | prior-shift correction | How do we turn test-set precision into deployment precision? |
# | 07 | prior shift on real data | Does the correction work on real data, and when does it break? |
# | 08 | unknown deployment prevalence | What if we do not know the deployment prevalence? |
# | 09 | precision@k on unlabeled data | Can we estimate precision without labels, from the size of the class? |
# | 09b | reading the precision@k curve | Is a bump in the curve a shape or noise, and which threshold does it suggest? |
# | 10 | multiclass metrics | Micro, macro, one-vs-one and one-vs-rest: what do they average? |
# | 11 | choosing a metric | How do costs pick the metric and the threshold? |
# | 11b | thresholds at the deployment prevalence | How does a cost-optimal threshold move to the share of positives where the model is used? |
# | 12 | regression metrics | The same questions for numbers instead of classes. |
# | 13 | your own predictions | Every analysis of the course on your CSV file. |
# | 14 | at scale | How do we evaluate 10⁹ predictions that do not fit in memory? |
#
# Notebooks 01–06 build on each other; 07–14 can be read in any order after
# them. Each notebook states its time on your own and its goals at the top,
# and ends with exercises (their worked solutions are in `solutions/`) and a
# quick self-test.

# %% [markdown]
# ## How to run the course
#
# From a clone of the repository, one command makes a virtual environment in
# `.venv`, installs the course (its `helpers` package, the libraries the
# notebooks use and JupyterLab) and opens this notebook in JupyterLab:
#
# ```bash
# python3 -m venv .venv && .venv/bin/python -m pip install -e . && .venv/bin/jupyter lab notebooks/00_start_here.ipynb --allow-root
# ```
#
# (`--allow-root` matters only where you work as root, as in many containers:
# JupyterLab refuses to start there without it; elsewhere it changes nothing.)
# With conda: `conda env create -f environment.yml`. Then run each notebook
# from the top (*Run → Run All Cells*). Once installed, nothing needs a
# network: the data ship with scikit-learn or in `data/`. On the project's
# 2-core test machine with nothing else running, the course's benchmark ran
# each notebook's cells in 4 to 13 seconds (notebook 14 in 31, most of them
# in its optional Spark part), plus a second or two to start the kernel; a
# busy or slower machine can take several times as long.

# %% [markdown]
# ## Environment check
#
# Every package the notebooks need, the version required and the version you
# have: each row must say OK. The last row checks that JupyterLab's widget
# front-end matches `ipywidgets`; when it does not, sliders show up as
# "Error displaying widget".

# %% tags=["nbval-ignore-output"]
from helpers.environment import check_environment
from helpers.tables import styled

env = check_environment()
styled(env.drop(columns="needed for").style.hide(axis="index").set_uuid("environment"))  # the package heads each row

# %%
failed = env[env.status != "OK"]
if failed.empty:
    print("Every check OK.")
else:
    print("FAIL for", ", ".join(failed.package), "- rerun the install command above.")

# %% [markdown]
# ## The `helpers` package
#
# Every computation the notebooks share lives once in `helpers`, is tested
# against scikit-learn, and is imported like any library. It follows
# scikit-learn's conventions: `y_true`, `y_pred`, `y_score`, the positive class
# is `1`, arrays in, numbers or pandas tables out. A few examples follow; each
# function's docstring (`help(name)` or `name?`) states its formula.

# %%
import helpers

print(", ".join(helpers.__all__))

# %% [markdown]
# **Counts and metrics.** `Counts` holds the confusion matrix in
# scikit-learn's order `(tn, fp, fn, tp)`; `metric_zoo` computes every metric
# from it (undefined ratios are `nan`, never an error). Here the second
# worked example of notebook 02: 90 negatives and 10 positives, 80 % right in
# each class. Read the precision line: with nine negatives per positive,
# fewer than a third of the alarms are real.

# %%
from helpers import Counts, metric_zoo

zoo = metric_zoo(Counts(tn=72, fp=18, fn=2, tp=8))
for name in ("accuracy", "recall", "specificity", "precision", "f1"):
    print(f"{name:>12}: {zoo[name]:.3f}")

# %% [markdown]
# **The ROC table** of notebook 04: one row per distinct score, the area
# added by each row, and their sum, the ROC AUC.

# %%
from helpers import roc_table

table = roc_table(y_true=[1, 1, 1, 0, 1, 0, 1, 0, 0], y_score=[0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
print(table.round(3).to_string(index=False))
print(f"ROC AUC = {table.auc_piece.sum():.2f}")

# %% [markdown]
# **Prior shift**: the same test (sensitivity TPR = 0.8, false-positive rate
# FPR = 0.001, that is 1 healthy person in 1 000 flagged) has very different
# precision at different prevalences; `precision_interval`
# gives a 95 % confidence interval for the test's precision (PPV) at a
# deployment prevalence, when TPR and FPR were measured on a test set (here
# 110 sick and 99 990 healthy people) and the prevalence is known exactly.

# %%
from helpers import precision_at_prevalence, precision_interval

for prevalence in (0.5, 0.01, 1e-4):
    print(f"prevalence {prevalence:>7.2%}: precision {precision_at_prevalence(0.8, 0.001, prevalence):.2%}")
rare = precision_at_prevalence(88 / 110, 100 / 99_990, 1e-4)  # the rates the counts below give
low, high = precision_interval(tp=88, fn=22, fp=100, tn=99_890, deploy_prevalence=1e-4)
print(f"95% interval at prevalence 0.01%: {low:.2%} to {high:.2%} "
      f"({low / rare - 1:+.0%} / {high / rare - 1:+.0%} of the precision {rare:.2%})")

# %% [markdown]
# ## Widgets
#
# Most notebooks have a widget: sliders or boxes that redraw numbers and
# plots as you move them. Teachers, this is the part to project. Try this one:
# move the prevalence slider to the left and watch precision fall, while
# sensitivity and the false-positive rate stay where they are.

# %% [markdown] tags=["code-only"]
# Widgets need a running kernel: if you see a static picture or "Error
# displaying widget", run the cell again, and check the environment table
# above.

# %% tags=["nbval-ignore-output"]
from helpers.widgets.start_here import prevalence_demo

prevalence_demo()

# %% [markdown]
# ## Data
#
# The notebooks use data that ships with scikit-learn
# (`sklearn.datasets.load_breast_cancer`, `load_digits`, `load_diabetes`)
# and simulated data with fixed random seeds, so nothing needs a network. The
# `data/` folder holds the small files the course makes itself; `data/README.md`
# describes every file and column and how to regenerate it.

# %%
from pathlib import Path

for path in sorted(Path("../data").glob("*.csv")):
    print(path.name)

# %% [markdown]
# ## Bring your own predictions
#
# Have a model of your own? Save its predictions on a labeled test set with
# one row per example: the true label and the score (a probability or any
# decision-function value), as CSV, TSV, Parquet or a compressed CSV.
# `load_predictions` reads and checks such a file (labels other than 0/1 or
# True/False need `pos_label=`, the label of the positive class); a problem
# (a missing column, a third label, a score that is not a number...) is
# reported in one line that names the file, the column and the row.

# %%
from helpers import load_predictions

predictions = load_predictions("../data/example_predictions.csv")
print(f"{len(predictions)} rows, prevalence in the file {predictions.y_true.mean():.1%}")
predictions.head().rename_axis(columns="row")  # the row numbers of the file

# %%
import io

from helpers import PredictionFileError

try:
    load_predictions(io.StringIO("y_true,y_score\n1,0.9\n0,high\n1,0.4\n"))
except PredictionFileError as error:
    print(error)

# %% [markdown]
# Notebook 13 runs every analysis of the course on such a file: set its path,
# the column names and your deployment prevalence in its first cell.
#
# ## Where the course's facts come from
#
# The course takes facts, formulas, worked examples and figures from five
# documents and recomputes every figure it takes. The notebooks cite them by
# short names: "the lecture slides", "the cheat sheet", "the rare-disease
# blog post", "the prior-shift blog post" and "the precision@k article".
# [Sources](#Sources), under "Going deeper", says what each one is; other
# methods are cited where they appear, with their authors and year.
#
# ## Summary
#
# - One command installs the course; the check above says whether your
#   environment is complete. Once installed, nothing needs a network.
# - `helpers` holds every shared computation, each with its formula in the
#   docstring and tests against scikit-learn.
# - Widgets redraw numbers and plots as you move them; they need a running kernel.
# - Your own predictions: a CSV with `y_true` and `y_score`, read by
#   `load_predictions`, analysed by notebook 13.
#
# Next: **01 · confusion matrix**.

# %% [markdown]
# ## Quick self-test
#
# Five questions on this notebook: click an option, or type a number and
# press Enter. Every notebook ends with such a test; the answers, with the
# reasons, are in
# [solutions/00_start_here_solutions.ipynb](solutions/00_start_here_solutions.ipynb).

# %%
from helpers.exercises import nb00

quiz = nb00.quiz(Counts(tn=80, fp=10, fn=3, tp=7), tpr=0.8, fpr=0.001, prevalence=0.002)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### Sources
#
# The course takes facts, formulas, worked examples and figures from five
# documents. It writes its own explanations and code, and it recomputes every
# figure it takes: where a source is wrong, the notebook says so and shows the
# right value. The notebooks refer to each document by the short name in the
# first column.
#
# | short name | document | kind and date | what the course takes from it |
# |---|---|---|---|
# | **the lecture slides** | Andreas Müller, *Model evaluation and class imbalance*, course W4995 Applied Machine Learning, Columbia University | lecture slides, 27 February 2017 | the confusion matrix and the metric zoo, three predictors with equal accuracy, thresholds, PR and ROC curves, average precision, multiclass averages, scoring in cross-validation, regression metrics (notebooks 01–03, 10–12) |
# | **the cheat sheet** | *Метрики моделей бинарной классификации* (Metrics of binary classification models); author not recorded | one-page cheat sheet in Russian, undated | the matrix in scikit-learn's order, how to read each ratio off a row or a column, two worked examples with 90 negatives and 10 positives, a ROC table built by hand (notebooks 01, 02, 04) |
# | **the rare-disease blog post** | a blog post on precision and recall for a very rare disease, part I; author and title not recorded | blog post, undated | the study of 10 sick people among 100 000, enriching the test set with treatment-centre patients, recovering real-world precision from the accuracy within each class (notebook 05; its promised part II on real data became notebook 07) |
# | **the prior-shift blog post** | a blog post on correcting precision when the class balance of deployment differs from the test set; author and title not recorded | blog post, undated | rescaling the false positives by the change in the ratio of negatives to positives, the microchip and earthquake examples, the assumptions of the method (notebooks 06, 07) |
# | **the precision@k article** | an article on why recall carries over from the test set to real data and precision does not; author not recorded | online article, undated | recall@k and precision@k on unlabeled data with a known class size, the shapes of the recall@k curve, choosing the threshold (notebooks 07, 09, 09b) |
#
# Other methods the course uses are cited where they appear, with their
# authors and year (for example Saerens et al., 2002, for estimating an
# unknown prevalence in notebook 08).
