# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 14 · At scale: the ROC table is a GROUP BY
#
# Fraud checks, ad clicks and screening logs produce the most predictions
# exactly where positives are rarest: 10⁸ to 10¹⁰ scored rows, with one
# positive in a thousand. Such a file does not fit in a pandas DataFrame, and
# it does not need to. Every metric of this course is a function of one small
# object, the ROC table of notebook 04, and that table is a `GROUP BY score`
# with two counts followed by a running sum: a query that every data engine
# runs, on a laptop or on a cluster, where the data lives.
#
# **Learning goals**
#
# - say how much memory a file of predictions needs in a DataFrame, and what
#   is small enough to bring back instead: one row per distinct score;
# - write the ROC table in SQL, one line per idea: a `GROUP BY` with two
#   counts, running sums with a window function, the rates and the trapezoids
#   of the area;
# - run that query with DuckDB on a Parquet file (and with Spark, the same
#   text), and check it against scikit-learn and `helpers`;
# - bin the scores when there are too many distinct ones, and state the error
#   that binning can add to the ROC AUC;
# - compute precision at a deployment prevalence from the grouped table.
#
# Positives are the label 1 (`pos_label=1`) throughout.

# %%
import importlib.util
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

import duckdb
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score, roc_curve

from helpers import corrected_pr_curve, negative_weight, roc_table
from helpers.plotting import PALETTE, use_course_style
from helpers.report.count import binning_auc_error_bound, roc_from_score_counts, score_count_table
from helpers.report.metrics import thin_indices

use_course_style()
pd.set_option("display.float_format", "{:.6g}".format)

# %% [markdown]
# ## 1. Why not a DataFrame?
#
# A prediction needs its score (a float64, 8 bytes) and its label (1 byte at
# best). The two columns alone, before pandas adds an index or makes a copy,
# and what sorting them adds (an 8-byte index per row and a sorted copy):

# %%
for n in (10**8, 10**9, 10**10):
    print(f"{n:.0e} rows: columns {n * 9 / 1e9:6,.1f} GB; with a sort's index and sorted copy "
          f"{n * (9 + 8 + 9) / 1e9:6,.1f} GB")

# %% [markdown]
# A ROC curve computed in memory sorts all the rows, so it needs a few times
# the columns' size (`bench/README.md` records what scikit-learn's
# `roc_curve` and the other paths take on this project's machine). The first
# line fits on a laptop, if only just once the copies are made; the second
# does not, and the third is beyond a laptop and most single servers.
#
# What a ROC curve needs is much smaller. Take the *distinct* scores from the
# highest down, and keep for each one two counts: how many positives and how
# many negatives have exactly that score. Call it the **score-count table**
# (`score, n_pos, n_neg`). Every metric of the course follows from it by
# running sums (notebook 04):
#
# - at the threshold `t` (flag every score `>= t`): `TP(t)` is the sum of
#   `n_pos` over the scores `>= t`, `FP(t)` likewise with `n_neg`; then
#   `FN = P - TP` and `TN = N - FP`, so the whole confusion matrix, and the
#   metric zoo of notebook 01, at every threshold;
# - the ROC curve (`TP/P`, `FP/N`) and its area, a sum of trapezoids;
# - precision and average precision, as tested and at a deployment
#   prevalence (every `FP` times the weight `w` of notebook 06);
# - the expected cost at every threshold (notebook 11) and the intervals of
#   notebooks 07 and 13, which take counts.
#
# The table has one row per distinct score however many rows share it: with
# scores rounded to three digits it has about a thousand rows, whether the
# file holds a million predictions or ten billion.

# %% [markdown]
# ## 2. A file of 2 million predictions
#
# A stand-in for a log too big for memory: 2 million rows, written as
# Parquet (the column format of data lakes) to a temporary folder. About one
# row in 200 is a positive; the score is a logistic function of a normal
# variable that is shifted upwards for positives, stored with six decimals
# as many prediction logs store it: many distinct scores, and some ties.

# %%
rng = np.random.default_rng(14)
n_rows = 2_000_000
labels = (rng.random(n_rows) < 0.005).astype(np.int8)
scores = np.round(1 / (1 + np.exp(3.0 - rng.normal(size=n_rows) - 1.8 * labels)), 6)
folder = Path(tempfile.mkdtemp())
parquet_path = folder / "predictions.parquet"
pd.DataFrame({"y_true": labels, "y_score": scores}).to_parquet(parquet_path, index=False)
del labels, scores  # from here on the data lives in the file
print(f"written: {n_rows:,} rows, columns y_true (0/1) and y_score, to predictions.parquet")

# %% [markdown]
# ## 3. The ROC table in SQL
#
# The query below is the whole method, one line per idea:
#
# 1. `counts`: one row per distinct score, with its positives and its
#    negatives. This is the only step that reads every row; engines spread
#    it over cores or machines and add up partial counts.
# 2. `totals`: `P` and `N`, summed from that small table.
# 3. `running`: the running sums from the highest score down, a **window
#    function** (`SUM(...) OVER (ORDER BY score DESC ...)`): `tp` and `fp`
#    at the threshold `score`, everything scoring at least that much
#    flagged.
# 4. the rates `tpr = tp / P`, `fpr = fp / N`, and each row's trapezoid of
#    area: its width is the row's share of the negatives, `n_neg / N`, its
#    height the mean of the TPR before the row and after it,
#    `(tp - n_pos / 2) / P` (a tied positive-negative pair counts one half,
#    as in notebook 04).
#
# `{source}` is the table or view to read; the same text runs on DuckDB and
# on Spark SQL.

# %%
ROC_SQL = """
WITH counts AS (
    SELECT y_score AS score,
           COUNT(*) FILTER (WHERE y_true = 1) AS n_pos,     -- positives with exactly this score
           COUNT(*) FILTER (WHERE y_true = 0) AS n_neg      -- negatives with exactly this score
    FROM {source}
    GROUP BY y_score                                        -- one row per distinct score
),
totals AS (SELECT SUM(n_pos) AS p, SUM(n_neg) AS n FROM counts),
running AS (
    SELECT score, n_pos, n_neg,
           CAST(SUM(n_pos) OVER w AS BIGINT) AS tp,         -- positives scoring >= score
           CAST(SUM(n_neg) OVER w AS BIGINT) AS fp          -- negatives scoring >= score
    FROM counts
    WINDOW w AS (ORDER BY score DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
SELECT score AS threshold, n_pos, n_neg, tp, fp,
       tp / p AS tpr,
       fp / n AS fpr,
       (n_neg / n) * (tp - n_pos / 2) / p AS auc_piece      -- trapezoid: width x mean height
FROM running CROSS JOIN totals
ORDER BY threshold DESC
"""

# %% [markdown]
# DuckDB runs inside this Python process. It reads the Parquet file itself
# (only the two columns, in chunks, on every core) and hands the result to
# pandas; on a file larger than memory it spills to disk instead of failing.

# %%
con = duckdb.connect()
con.execute("SET enable_progress_bar = false")  # no progress bar in the notebook
con.execute(f"CREATE VIEW predictions AS SELECT * FROM read_parquet('{parquet_path.as_posix()}')")
sql_table = con.sql(ROC_SQL.format(source="predictions")).df()
sql_auc = sql_table["auc_piece"].sum()
print(f"{len(sql_table):,} distinct scores; P = {sql_table['tp'].iat[-1]:,}, N = {sql_table['fp'].iat[-1]:,}; "
      f"ROC AUC = {sql_auc:.6f}")
pd.concat([sql_table.head(4), sql_table.tail(3)]).rename_axis(columns="row")

# %% [markdown]
# The table has one row per distinct score: far fewer rows than the file,
# but still hundreds of thousands, and on 10⁹ rows of float64 scores it
# would be nearly as long as the file. Section 5 makes it short. First, is
# it right?
#
# ## 4. The same numbers from scikit-learn and from `helpers`
#
# This file still fits in memory, so we can check the query row by row.
# scikit-learn's `roc_curve` (with `drop_intermediate=False`: every distinct
# score) gives the rates, `roc_auc_score` the area. `helpers` counts the
# file with the same engine (`score_count_table`) and turns the counts into
# `roc_table`'s frame (`roc_from_score_counts`), which we compare with
# `roc_table` on the rows. Counts are integers and must be equal. Rates and
# areas are sums of floating-point numbers, which engines add in different
# orders, so they are compared with a tolerance of 10⁻¹² and printed rounded.

# %%
rows = pd.read_parquet(parquet_path)
y_true, y_score = rows["y_true"].to_numpy(), rows["y_score"].to_numpy()
n_pos, n_neg = int(y_true.sum()), int(y_true.size - y_true.sum())
fpr, tpr, thresholds = roc_curve(y_true, y_score, drop_intermediate=False)
exact_auc = roc_auc_score(y_true, y_score)
print(f"thresholds equal to scikit-learn's: {np.array_equal(thresholds[1:], sql_table['threshold'])}")
print(f"tp = tpr * P and fp = fpr * N equal to scikit-learn's: {np.array_equal(np.rint(tpr[1:] * n_pos), sql_table['tp'])}"
      f" and {np.array_equal(np.rint(fpr[1:] * n_neg), sql_table['fp'])}")
print(f"ROC AUC: SQL {sql_auc:.6f}, roc_auc_score {exact_auc:.6f}; within 1e-12: {abs(sql_auc - exact_auc) < 1e-12}")

# %%
counted = score_count_table(parquet_path, label="y_true", score="y_score", engine="duckdb")
grouped = sql_table[["threshold", "n_pos", "n_neg"]].rename(columns={"threshold": "score"})
print(f"score_count_table equals the query's GROUP BY: {counted.equals(grouped)}")
from_counts, from_rows = roc_from_score_counts(counted), roc_table(y_true, y_score)
same_counts = all(np.array_equal(from_counts[c], from_rows[c]) for c in ["threshold", "n_pos", "n_neg", "tp", "fp"])
close = np.allclose(from_counts[["tpr", "fpr", "auc_piece"]], from_rows[["tpr", "fpr", "auc_piece"]], rtol=0, atol=1e-12)
print(f"roc_from_score_counts vs roc_table on the rows: thresholds and counts equal: {same_counts}; "
      f"rates and pieces within 1e-12: {close}")

# %% [markdown]
# ## 5. Too many distinct scores: binning
#
# On 10⁹ rows of float64 scores the exact table has about 10⁹ rows too, and
# brings nothing home that is smaller than the file. Two ways out:
#
# - **round** the scores to `d` digits before the `GROUP BY` (here
#   `floor(score * 10^d + 0.5) / 10^d`, the formula `helpers` uses on every
#   engine, so all engines round alike): at most `10^d + 1` rows for scores
#   in [0, 1]. A row labelled `t` holds the scores from `t - 0.5·10^-d` up to
#   just below `t + 0.5·10^-d`: the label is the bin's centre, not its lower
#   edge;
# - **quantile bins**: cut the scores at their `j/k` quantiles into `k` bins
#   of about equal size, each labelled by its lowest score.
#
# Either way, the counts at a bin's lower edge are exact: flagging
# everything from that edge up flags exactly the rows of that bin and of the
# bins above. What binning loses is the order *inside* a bin: a positive and
# a negative in the same bin become a tie, worth one half, where they were
# worth 1 (ranked right) or 0 (ranked wrong). So the AUC moves by at most
# half the share of positive-negative pairs that share a bin:
#
# $$|\text{AUC}_\text{binned} - \text{AUC}| \le \frac{\sum_b n_{\text{pos},b}\, n_{\text{neg},b}}{2PN}.$$
#
# In SQL, rounding is one more line: a view of the file with rounded scores,
# read by the same query.

# %%
con.execute("CREATE VIEW rounded AS SELECT y_true, FLOOR(y_score * 1000 + 0.5) / 1000 AS y_score FROM predictions")
binned_sql = con.sql(ROC_SQL.format(source="rounded")).df()
binned = score_count_table(parquet_path, label="y_true", score="y_score", engine="duckdb", digits=3)
binned_auc = roc_from_score_counts(binned)["auc_piece"].sum()
bound = binning_auc_error_bound(binned)
print(f"scores rounded to 3 digits: {len(binned):,} rows instead of {len(counted):,}; the same as the SQL view's: "
      f"{binned.equals(binned_sql[['threshold', 'n_pos', 'n_neg']].set_axis(['score', 'n_pos', 'n_neg'], axis=1))}")
print(f"binned AUC {binned_auc:.6f} ± {bound:.6f} (bound sum n_pos n_neg / 2PN), i.e. {binned_auc - bound:.6f} "
      f"to {binned_auc + bound:.6f}; exact AUC {exact_auc:.6f}, inside: {abs(exact_auc - binned_auc) <= bound}")

# %%
quantiles = score_count_table(parquet_path, label="y_true", score="y_score", engine="duckdb", quantile_bins=1000)
q_auc, q_bound = roc_from_score_counts(quantiles)["auc_piece"].sum(), binning_auc_error_bound(quantiles)
print(f"{len(quantiles):,} quantile bins: AUC {q_auc:.6f} ± {q_bound:.6f}; exact AUC inside: "
      f"{abs(exact_auc - q_auc) <= q_bound}")

# %% [markdown]
# The bound is a worst case: it assumes that inside every bin all positives
# rank above all negatives, or all below. The actual error is far smaller,
# because inside a narrow bin the scores say little and the pairs fall both
# ways. Quantile bins put the same number of rows in every bin, so they cut
# finely where the scores crowd, which is where most of the tied pairs are
# (exercise 3).
#
# The picture: the exact ROC curve (thinned to 2000 points for drawing), and
# the binned one, whose corners are the bins' lower edges (half a unit of the
# last digit below the labels).

# %%
binned_roc = roc_from_score_counts(binned)
keep = thin_indices(len(from_rows))
fig, ax = plt.subplots(figsize=(5, 4.4))
ax.plot(from_rows["fpr"].to_numpy()[keep], from_rows["tpr"].to_numpy()[keep], color=PALETTE["blue"],
        label=f"exact ({len(from_rows) - 1:,} scores)")
ax.plot(binned_roc["fpr"], binned_roc["tpr"], ".", ms=3, color=PALETTE["vermillion"],
        label=f"3 digits ({len(binned):,} bins)")
ax.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
ax.set(xlabel="false positive rate", ylabel="true positive rate (recall)", title="ROC curve: exact and binned")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# ## 6. The same query on Spark
#
# Spark runs the same SQL text on a cluster: `spark.read.parquet` makes the
# files a table, and only the small result comes back to the driver. Here it
# runs in `local[2]` mode (one machine, two cores) on the rounded scores, and
# its table is compared with DuckDB's. Spark needs PySpark and Java 17 or
# newer; when they are missing, the cell says so and does nothing else. To
# get them:
#
# ```bash
# .venv/bin/python -m pip install -e ".[spark]"     # PySpark, the course's optional extra
# sudo apt-get install -y openjdk-17-jre-headless   # Java 17 on Debian/Ubuntu (or any JDK 17+)
# ```
#
# Starting Spark takes several seconds, and the Java process writes its
# start-up log to its own output, which we send to `/dev/null` (the query's
# errors still come back to Python as exceptions).

# %% tags=["nbval-ignore-output"]
# nbval-ignore-output: the printed line depends on whether PySpark and Java are installed; the assert checks
# Spark's table whenever Spark runs (the tests of helpers.report.count check Spark in CI).
if importlib.util.find_spec("pyspark") is None or shutil.which("java") is None:
    print("Spark skipped: PySpark or Java is not installed (see the commands above)")
else:
    warnings.filterwarnings("ignore", "PySpark does not yet fully support pandas", FutureWarning)
    from pyspark import SparkConf, SparkContext
    from pyspark.java_gateway import launch_gateway
    from pyspark.sql import SparkSession

    conf = (SparkConf().setMaster("local[2]").setAppName("roc-table").set("spark.ui.enabled", "false")
            .set("spark.ui.showConsoleProgress", "false").set("spark.sql.shuffle.partitions", "2"))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # the JVM's start-up log
    spark = SparkSession(SparkContext(conf=conf, gateway=launch_gateway(conf, popen_kwargs=quiet)))
    spark.read.parquet(str(parquet_path)).createOrReplaceTempView("predictions")
    spark.sql("SELECT y_true, FLOOR(y_score * 1000 + 0.5) / 1000 AS y_score FROM predictions"
              ).createOrReplaceTempView("rounded")
    result = spark.sql(ROC_SQL.format(source="rounded"))
    spark_table = pd.DataFrame([r.asDict() for r in result.collect()], columns=result.columns)
    spark.stop()
    integers = ["threshold", "n_pos", "n_neg", "tp", "fp"]
    same = all(np.array_equal(spark_table[c], binned_sql[c]) for c in integers)
    assert same and np.allclose(spark_table[["tpr", "fpr", "auc_piece"]], binned_sql[["tpr", "fpr", "auc_piece"]],
                                rtol=0, atol=1e-12), "Spark's table differs from DuckDB's"
    print(f"Spark (local[2]): {len(spark_table):,} rows, the same thresholds and counts as DuckDB's, "
          f"AUC {spark_table['auc_piece'].sum():.6f}")

# %% [markdown]
# ## 7. Precision at the deployment prevalence, from the grouped table
#
# The file has about 0.5 % positives; suppose the model is deployed where
# 0.1 % are positive. Notebook 06 rescales every false positive by the weight
# `w` (`helpers.negative_weight`, the course's one definition), so precision
# at the deployment prevalence is, at every threshold,
#
# $$\text{precision}_\pi = \frac{TP}{TP + w\,FP}, \qquad w = \frac{(1-\pi)/\pi}{N/P},$$
#
# a weighted sum of the same running counts: one more column of the small
# table, no pass over the rows. It agrees with `corrected_pr_curve` run on
# the 2 million rows.

# %%
deploy_prevalence = 0.001
w = negative_weight(n_pos, n_neg, deploy_prevalence)
tp, fp = sql_table["tp"].to_numpy(), sql_table["fp"].to_numpy()
precision_grouped = tp / (tp + w * fp)
precision_rows, recall_rows, thresholds_rows = corrected_pr_curve(y_true, y_score, deploy_prevalence=deploy_prevalence)
print(f"prevalence in the file {n_pos / (n_pos + n_neg):.3%}, at deployment {deploy_prevalence:.1%}: w = {w:.4f}")
print(f"thresholds equal: {np.array_equal(thresholds_rows[::-1], sql_table['threshold'])}; precision at "
      f"{deploy_prevalence:.1%} within 1e-12 of corrected_pr_curve's at all {len(tp):,} thresholds: "
      f"{np.allclose(precision_grouped, precision_rows[-2::-1], rtol=0, atol=1e-12)}")

# %% [markdown]
# The binned table gives the exact numbers at its bins' lower edges, since
# its counts there are exact: flagging the bin labelled 0.3 and every bin
# above is flagging every score from that bin's lower edge up, and with
# rounding that edge is half a unit of the last digit below the label. At a
# few bins, as tested and at deployment (each line says the cut on the raw
# scores that its counts are exact for):

# %%
edges = binned_roc.set_index("threshold")
for t in (0.5, 0.3, 0.1):
    tp_t, fp_t = int(edges.loc[t, "tp"]), int(edges.loc[t, "fp"])  # everything in the bin of t or above
    print(f"bins labelled >= {t} (scores >= {t - 0.0005:.4f}): TP {tp_t:,}, FP {fp_t:,}; recall {tp_t / n_pos:.3f}, precision as tested "
          f"{tp_t / (tp_t + fp_t):.3f}, at {deploy_prevalence:.1%} {tp_t / (tp_t + w * fp_t):.3f}")

# %% [markdown]
# Only thresholds at the bins' edges can be read off a binned table. If a
# rule will pick a threshold from it (a recall target, costs), bin finely
# enough near where the threshold will fall, and, as always, pick the
# threshold on one part of the data and judge it on another, at the
# prevalence where it will be used.

# %%
con.close()
shutil.rmtree(folder)  # the temporary Parquet file

# %% [markdown]
# ## Summary
#
# - A file of predictions too big for memory does not need to be loaded:
#   every metric of the course is a function of the score-count table, one
#   row per distinct score with its positives and negatives.
# - In SQL that table is a `GROUP BY score` with two counts; the ROC table
#   adds running sums (a window function), the rates and the trapezoids.
#   DuckDB runs it on files on one machine, Spark on a cluster, with the same
#   text, and both agree with scikit-learn and with `helpers`
#   (`score_count_table`, `roc_from_score_counts`) to the last count.
# - When nearly every score is distinct, the table is as long as the file.
#   Rounding the scores or cutting them into quantile bins makes it short;
#   counts at the bins' edges stay exact, and the ROC AUC moves by at most
#   the share of positive-negative pairs inside a bin, halved
#   (`binning_auc_error_bound`). Print that bound with the AUC.
# - Precision at a deployment prevalence is one more column of the small
#   table, `TP / (TP + w FP)`, equal to `corrected_pr_curve` on the rows.

# %% [markdown]
# ## Exercises
#
# **1. How many digits?** Round the scores to 1, 2, 3 and 4 digits
# (`score_count_table(..., digits=d)` on a DataFrame of `y_true` and
# `y_score`, or `count_scores(y_true, y_score, digits=d)`). For each, how
# many rows does the table have, what is the bound on the AUC's error, and
# how far is the binned AUC from the exact one? How many digits keep the
# bound below 0.001?
#
# <details><summary>Solution</summary>
#
# The hidden cell prints the four lines. Each extra digit makes the table up
# to ten times longer and the bound roughly ten times smaller, because about
# ten times fewer positive-negative pairs share a bin. The actual error is
# smaller than the bound every time, and far smaller from two digits on:
# inside a narrow bin the pairs fall both ways. Three digits are the first
# to keep the bound below 0.001, with a table of 826 rows (printed below).
#
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
from helpers.report.count import count_scores

for d in (1, 2, 3, 4):
    table_d = count_scores(y_true, y_score, digits=d)
    auc_d = roc_from_score_counts(table_d)["auc_piece"].sum()
    bound_d = binning_auc_error_bound(table_d)
    print(f"{d} digits: {len(table_d):,} rows, bound {bound_d:.6f}, binned AUC {auc_d:.6f}, "
          f"|binned - exact| {abs(auc_d - exact_auc):.6f}, bound below 0.001: {bound_d < 0.001}")

# %% [markdown]
# **2. Average precision from the grouped table.** Average precision is
# `AP = sum over thresholds of (recall_k - recall_(k-1)) * precision_k`.
# Compute it from `sql_table` (the exact grouped table), as tested and at
# the deployment prevalence of 0.1 %, and compare with scikit-learn's
# `average_precision_score` on the rows (at deployment: with
# `sample_weight` equal to `w` for every negative, notebook 06).
#
# <details><summary>Solution</summary>
#
# Each row of the table adds `n_pos / P` to the recall, so
# `AP = sum(n_pos / P * TP / (TP + FP))`, and at deployment the same sum with
# `w FP`. Both agree with scikit-learn within `1e-12` (printed below). Average
# precision falls at deployment, where positives are five times rarer; the
# ROC AUC does not move.
#
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
step = sql_table["n_pos"].to_numpy() / n_pos
ap_tested, ap_deployed = np.sum(step * tp / (tp + fp)), np.sum(step * tp / (tp + w * fp))
sk_tested = average_precision_score(y_true, y_score)
sk_deployed = average_precision_score(y_true, y_score, sample_weight=np.where(y_true == 1, 1.0, w))
print(f"AP as tested: table {ap_tested:.6f}, scikit-learn {sk_tested:.6f}, within 1e-12: "
      f"{abs(ap_tested - sk_tested) < 1e-12}")
print(f"AP at {deploy_prevalence:.1%}: table {ap_deployed:.6f}, scikit-learn {sk_deployed:.6f}, within 1e-12: "
      f"{abs(ap_deployed - sk_deployed) < 1e-12}")
print(f"positives are {(n_pos / (n_pos + n_neg)) / deploy_prevalence:.1f} times rarer at deployment")

# %% [markdown]
# **3. Where do the tied pairs sit?** With two digits, which bin holds the
# largest share of the bound, and why there? Would quantile bins with the
# same number of rows do better?
#
# <details><summary>Solution</summary>
#
# Most rows score low, so the low bins hold most of the negatives, and the
# positives that score low share those bins with them: the bins with the
# most pairs, and the largest shares of the bound, are in the crowded low
# range around 0.05 (the hidden cell prints the top three). Quantile bins
# with as many rows cut that crowded range finely, and give a smaller bound
# (printed below).
#
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
two = count_scores(y_true, y_score, digits=2)
share = two["n_pos"] * two["n_neg"] / (2 * n_pos * n_neg) / binning_auc_error_bound(two)
for i in share.sort_values(ascending=False).index[:3]:
    print(f"bin {two.score[i]:.2f}: {two.n_pos[i]:,} positives, {two.n_neg[i]:,} negatives, "
          f"{share[i]:.1%} of the bound")
same_size = count_scores(y_true, y_score, quantile_bins=len(two))
print(f"{len(two)} rows rounded to 2 digits: bound {binning_auc_error_bound(two):.6f}; "
      f"{len(same_size)} quantile bins: bound {binning_auc_error_bound(same_size):.6f}")
