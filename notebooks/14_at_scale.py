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
# How to get the ROC curve, its AUC, precision at deployment and an honestly judged threshold from a file too big for memory: count it by score where it lies, then work on that small table.
#
# **Time on your own:** about 85 minutes.
#
# **Learning goals**
#
# - say what a ROC curve of 10⁸ predictions costs in memory (as measured),
#   and what to bring back instead: one row per distinct score;
# - write the ROC table in SQL (a `GROUP BY` and running sums), run it with
#   DuckDB on a Parquet file and check it against scikit-learn;
# - shrink that table exactly, by merging the runs of scores without
#   positives, or approximately, by binning, with a bound on the AUC's error;
# - choose a threshold on one half of the counts and judge it on the other,
#   with an interval for precision at the deployment prevalence;
# - tell which metrics follow from one model's score-count table and which
#   do not.

# %%
import tempfile
from pathlib import Path

import duckdb
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score, roc_curve

from helpers import negative_weight
from helpers.course_files import data_file
from helpers.plotting import PALETTE, use_course_style
from helpers.report.count import binning_auc_error_bound, roc_from_score_counts, score_count_table
from helpers.report.metrics import (
    counts_auc_interval,
    counts_rule_table,
    merge_negative_runs,
    split_counts,
    thin_indices,
)
from helpers.report.optimism import optimism_bootstrap
from helpers.threshold_rules import threshold_rule

use_course_style()
pd.set_option("display.float_format", "{:.6g}".format)

# %% [markdown]
# ## 1. Why not a DataFrame?
#
# Fraud checks, ad clicks and screening logs produce the most predictions
# where positives are rarest: 10⁸ to 10¹⁰ scored rows, one positive in a
# thousand. A prediction needs its score (a float64, 8 bytes) and its label
# (1 byte). A ROC curve computed in memory needs much more: sorted copies and
# result arrays as long as the file. The
# peak memory of scikit-learn's `roc_curve`, measured on a 2-core, 24 GiB
# machine (`data/scale_measurements.csv`):

# %%
measured = pd.read_csv(data_file("scale_measurements.csv"))
curve = measured[measured["path"] == "sklearn"]  # read the Parquet file into numpy, then roc_curve
per_row = (curve["peak_gib"] * 2**30 / curve["rows"]).round()
print(f"the two columns alone: 9 bytes a row, {1e8 * 9 / 2**30:.2f} GiB for 10^8 rows")
for rows, runs in curve.assign(per_row=per_row).groupby("rows"):  # every run of each size, as a range
    print(f"roc_curve on 10^{np.log10(rows):.0f} rows: peak {runs.peak_gib.min():.2f}-{runs.peak_gib.max():.2f} GiB, "
          f"{runs.per_row.min():.0f}-{runs.per_row.max():.0f} bytes a row ({len(runs)} runs)")
print(f"at {per_row.min():.0f} bytes a row: 10^9 rows need about {1e9 * per_row.min() / 2**30:,.0f} GiB, "
      f"10^10 rows {1e10 * per_row.min() / 2**30:,.0f} GiB")

# %% [markdown]
# Every run needs about ten times the columns' size or more: 10⁸ rows fill half a
# laptop's memory, 10⁹ rows need a large server, and 10¹⁰ more than one
# machine usually has.
#
# What a ROC curve needs is much smaller. Take the *distinct* scores from
# the highest down, and keep for each how many positives and how many
# negatives have exactly that score: the **score-count table** (`score,
# n_pos, n_neg`). Running sums from the top give `TP` and `FP` at every
# threshold (flag every score `>= t`), hence `FN` and `TN` (notebook 04).
# For **one model's scores against binary
# labels**, what follows from it:
#
# - the confusion matrix and its metrics (notebook 01) at every threshold;
# - the ROC and precision–recall curves with their areas;
# - precision at a deployment prevalence (notebook 06), costs (notebook 11);
# - DeLong's interval for one AUC, intervals of the rates, resampling from
#   the counts (notebook 13).
#
# What does not:
#
# - comparing two models on the same rows (DeLong's paired difference
#   needs each row's two scores together);
# - the regression metrics of notebook 12 (every residual);
# - multiclass metrics (notebook 10) beyond one class against the rest.

# %% [markdown]
# ## 2. A file of 2 million predictions
#
# A stand-in for a log too big for memory: 2 million rows, written as
# Parquet to a temporary folder. About one
# row in 200 is a positive; the score, a logistic function of a normal
# variable shifted upwards for positives, is stored with six decimals: many
# distinct scores, and some ties.

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
#    function**: `tp` and `fp` at the threshold `score`.
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
# pandas; on a file larger than memory it spills to disk.

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
# Far fewer rows than the file, but on 10⁹ rows of float64 scores the table
# would be nearly as long as the file. Sections 5 and 6 make it short.
# First, is it right?
#
# ## 4. The same numbers from scikit-learn
#
# This file still fits in memory, so we check the query row by row against
# scikit-learn's `roc_curve` (with `drop_intermediate=False`: every distinct
# score) and `roc_auc_score`. Counts must be equal; rates and areas, sums
# added in other orders, within 10⁻¹².

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

# %% [markdown]
# `helpers` counts a file on any engine with `score_count_table` (here
# DuckDB): the query's `GROUP BY`, to the last count.

# %%
counted = score_count_table(parquet_path, label="y_true", score="y_score", engine="duckdb")
grouped = sql_table[["threshold", "n_pos", "n_neg"]].rename(columns={"threshold": "score"})
print(f"score_count_table equals the query's GROUP BY: {counted.equals(grouped)}")

# %% [markdown]
# ## 5. Runs without positives: the exact compression
#
# With one positive in 200, most rows of the table hold negatives only,
# often many in a row. Along such a run `TP` does not move: the ROC curve
# runs flat, its area one rectangle. So each run can be merged into one row
# (its lowest score, the sum of its negatives) without changing the corners
# of the ROC and precision–recall curves, the AUC, DeLong's interval, or any
# threshold that a recall target, a cost or F1 chooses: each lies on a score
# that has positives. At most `2P + 1` rows are left.
# `merge_negative_runs` does it; the report (`rare-report`, notebook 13)
# merges while reading the file.

# %%
merged = merge_negative_runs(counted)
merged_auc = roc_from_score_counts(merged)["auc_piece"].sum()
print(f"{len(counted):,} rows -> {len(merged):,} rows ({n_pos:,} positives)")
print(f"ROC AUC: merged {merged_auc:.6f}, exact {exact_auc:.6f}; within 1e-12: {abs(merged_auc - exact_auc) < 1e-12}")
auc_m, auc_c = counts_auc_interval(merged), counts_auc_interval(counted)
print(f"DeLong's 95 % interval from the merged table {auc_m[1]:.6f} to {auc_m[2]:.6f}, "
      f"from the full one {auc_c[1]:.6f} to {auc_c[2]:.6f}")
report = measured[measured["path"] == "report"].iloc[-1]  # the latest run of the report on 10^8 rows
same_run = curve[(curve["date"] == report["date"]) & (curve["rows"] == report["rows"])].iloc[0]
print(f"on 10^{np.log10(report['rows']):.0f} rows, in one run: the report's peak {report['peak_gib']:.2f} GiB, "
      f"roc_curve's {same_run['peak_gib']:.2f} GiB")

# %% [markdown]
# The merged table gives the same AUC and the same interval from far fewer
# rows, and on 10⁸ rows the report needs a small part of `roc_curve`'s
# memory. One thing is lost: the counts at a threshold *inside* a run;
# `merge_negative_runs(table, keep=(t,))` cuts the runs there. The merge is one more window function in
# SQL ([see Going deeper](#The-merge-in-SQL)).
#
# ## 6. Many positives too: binning
#
# With 10⁸ positives the merged table can still be long. Then **round** the
# scores to `d` digits before the `GROUP BY` (half up, as `helpers` does on
# every engine): at most `10^d + 1` rows for scores in [0, 1]. A row
# labelled `t` holds the scores within half a unit of `t`.
#
# Binning loses the order *inside* a bin: a positive and a negative in the
# same bin become a tie, worth one half, where they were worth 1 (ranked
# right) or 0 (ranked wrong). So the AUC moves by at most half the share of
# positive-negative pairs that share a bin:
#
# $$|\text{AUC}_\text{binned} - \text{AUC}| \le \frac{\sum_b n_{\text{pos},b}\, n_{\text{neg},b}}{2PN}.$$
#
# In SQL, rounding is a view of the file read by the same query.

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

# %% [markdown]
# The bound is a worst case: it assumes that inside every bin all positives
# rank above all negatives, or all below. Inside a narrow bin the pairs fall
# both ways, so the actual error is far smaller. Bins cut at the scores'
# quantiles give a smaller bound ([see Going deeper](#Quantile-bins)).
#
# The figure draws the exact ROC curve (thinned to 2000 points) and the
# binned one, whose corners are the bins' lower edges. At this scale the
# dots never leave the line.

# %%
exact_roc, binned_roc = roc_from_score_counts(counted), roc_from_score_counts(binned)
keep = thin_indices(len(exact_roc))
fig, ax = plt.subplots(figsize=(5, 4.4))
ax.plot(exact_roc["fpr"].to_numpy()[keep], exact_roc["tpr"].to_numpy()[keep], color=PALETTE["blue"],
        label=f"exact ({len(exact_roc) - 1:,} scores)")
ax.plot(binned_roc["fpr"], binned_roc["tpr"], ".", ms=3, color=PALETTE["vermillion"],
        label=f"3 digits ({len(binned):,} bins)")
ax.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
ax.set(xlabel="false positive rate", ylabel="true positive rate (recall)", title="ROC curve: exact and binned")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# ## 7. A threshold chosen and judged from the counts
#
# The file has about 0.5 % positives; suppose the model is deployed where
# 0.1 % are. Notebook 06 rescales every false positive by the weight `w`, so
# precision at the deployment prevalence is one more column of the table:
#
# $$\text{precision}_\pi = \frac{TP}{TP + w\,FP}, \qquad w = \frac{(1-\pi)/\pi}{N/P}.$$
#
# A threshold chosen from a table is still chosen on data, so it must be
# judged on other data (notebook 03b). That needs no rows either: rows that
# share a score and a class are interchangeable, so a random half of each
# class is a random draw from its counts. `split_counts` draws it, class by
# class (from the multivariate hypergeometric distribution). We choose the
# threshold for "recall at least 0.8" on the first half and count it on the
# second: recall with its Clopper–Pearson interval and precision at 0.1 %
# with its MOVER-R interval (notebook 07; the methods:
# [see Going deeper](#The-methods-named-here)).

# %%
deploy_prevalence = 0.001
w = negative_weight(n_pos, n_neg, deploy_prevalence)
rule = threshold_rule(at_recall=0.8)
first, second = split_counts(merged, rng=14)
judged = counts_rule_table([(rule, deploy_prevalence)], choose=first, count=second).iloc[0]
print(f"w = {w:.4f}; threshold {judged.threshold:.6g}, chosen on the first half "
      f"({first.n_pos.sum():,} positives, {first.n_neg.sum():,} negatives)")
print(f"on the second half: recall {judged.recall:.4f} ({judged.tp:,} of {judged.tp + judged.fn:,}), "
      f"95 % interval {judged.recall_low:.4f} to {judged.recall_high:.4f}")
print(f"precision at {deploy_prevalence:.1%}: {judged.precision:.5f} (1 real case in {1 / judged.precision:.0f} flags), "
      f"95 % interval {judged.low:.5f} to {judged.high:.5f} ({judged.low / judged.precision - 1:+.1%}, "
      f"{judged.high / judged.precision - 1:+.1%})")

# %% [markdown]
# At deployment almost every flagged case is a false alarm, and that
# precision is known to within a few per cent. The interval is valid for the
# threshold chosen on the first half; but that is not the threshold chosen on
# all rows, which one would deploy (another split moves it: exercise 3), and
# it is judged on half the data. The report
# therefore applies the rule to **all** rows and corrects its counts for the
# choice with the optimism-corrected bootstrap of notebook 13, whose
# resampled files are drawn from the counts too:

# %%
est = optimism_bootstrap(merged, rule, deploy_prevalence=deploy_prevalence, rng=0)
print(f"threshold on all rows {est.threshold:.6g}; {est.resamples} resampled files drawn from {len(merged):,} "
      "table rows")
print(f"corrected recall {est.recall[0]:.4f} ({est.recall[1]:.4f} to {est.recall[2]:.4f}); precision at "
      f"{deploy_prevalence:.1%} {est.precision[0]:.5f} ({est.precision[1]:.5f} to {est.precision[2]:.5f})")

# %% [markdown]
# This interval covers the choice too, and is still narrow: it uses every
# row.
#
# ## Summary
#
# - A file of predictions too big for memory need not be loaded: every
#   metric of one model's scores against binary labels follows from the
#   score-count table, one row per distinct score. Paired comparisons of
#   models, regression and multiclass metrics need more.
# - In SQL that table is a `GROUP BY score`; the ROC table adds running
#   sums (a window function). DuckDB and Spark run the same text.
# - Merging the runs of scores without positives is exact and leaves at
#   most `2P + 1` rows. Rounding or quantile bins make any table short:
#   print the AUC with its binning bound.
# - Precision at deployment is one more column, `TP / (TP + w FP)`. Choose
#   the threshold on one half of the counts and judge it on the other, or
#   choose on all and correct with the bootstrap: both run on the table.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/14_at_scale_solutions.ipynb](solutions/14_at_scale_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. Average precision from the merged table.** Average precision
# is `AP = sum over thresholds of (recall_k - recall_(k-1)) * precision_k`.
# Compute it from `merged` alone, as tested and at the deployment prevalence
# of 0.1 % (with `w FP`), and check the first against scikit-learn's
# `average_precision_score` on the rows. Give both, to four significant
# digits.

# %% tags=["code-only"]
from helpers.exercises import nb14

ex1 = nb14.exercise_1(y_true, y_score, merged, deploy_prevalence=deploy_prevalence)
answer = ...  # (AP as tested, AP at 0.1 %)
ex1.check(answer)

# %% [markdown]
# **Exercise 2. The bound and the actual error.** Round the scores to 2
# digits instead of 3 (`score_count_table(..., digits=2)`). Give the bound
# on the AUC's error and the actual error, `|binned AUC - exact AUC|`, each
# to two significant digits. How many times smaller than the bound is the
# error?

# %% tags=["code-only"]
ex2 = nb14.exercise_2(y_true, y_score, digits=2)
answer = ...  # (bound, actual error)
ex2.check(answer)

# %% [markdown]
# **Exercise 3. The other way round.** Swap the halves of section 7: choose
# the threshold for recall at least 0.8 on `second` and count it on `first`.
# Give recall and precision at 0.1 % on the judging half, to three
# significant digits. Is the new precision inside the interval of section 7?

# %% tags=["code-only"]
ex3 = nb14.exercise_3(first, second, at_recall=0.8, deploy_prevalence=deploy_prevalence)
answer = ...  # (recall, precision at 0.1 %), both counted on `first`
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb14

quiz = nb14.quiz(n_pos=n_pos, bound=bound, digits=3, merged_rows=len(merged))
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it where it
# states the caveat.

# %% [markdown]
# ### The merge in SQL
#
# Number the rows from the highest score down, and give each row a group:
# every row with positives starts a group of its own, and the rows without
# positives after it share the next one. A running count of the rows with
# positives does it, `g = 2 * (rows with positives so far) - (1 if this row
# has positives)`: 0 for the run above the first positive score, then 1, 2,
# 3... A second `GROUP BY g` keeps each group's lowest score and sums its
# counts. It runs on the grouped table, so on any engine that ran the first
# query; the result is `merge_negative_runs`'s.

# %%
MERGE_SQL = """
WITH counts AS (
    SELECT y_score AS score,
           COUNT(*) FILTER (WHERE y_true = 1) AS n_pos,
           COUNT(*) FILTER (WHERE y_true = 0) AS n_neg
    FROM {source}
    GROUP BY y_score
),
grouped AS (
    SELECT score, n_pos, n_neg,
           2 * SUM(CASE WHEN n_pos > 0 THEN 1 ELSE 0 END) OVER w
             - CASE WHEN n_pos > 0 THEN 1 ELSE 0 END AS g        -- a positive's row alone; a run shares one g
    FROM counts
    WINDOW w AS (ORDER BY score DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
SELECT MIN(score) AS score, CAST(SUM(n_pos) AS BIGINT) AS n_pos, CAST(SUM(n_neg) AS BIGINT) AS n_neg
FROM grouped
GROUP BY g
ORDER BY score DESC
"""
merged_sql = con.sql(MERGE_SQL.format(source="predictions")).df()
print(f"{len(merged_sql):,} rows; equal to merge_negative_runs: {merged_sql.equals(merged)}")

# %% [markdown]
# ### Quantile bins
#
# Rounding cuts the scores at fixed steps. **Quantile bins** cut them at their
# `j/k` quantiles into `k` bins of about equal size, each labelled by its
# lowest score (`score_count_table(..., quantile_bins=k)`; DuckDB and Spark
# compute the quantiles where the data lies). Most rows score low, so the
# low bins of a rounded table hold most of the negatives, and the positives
# that score low share those bins with them: that is where most of the tied
# pairs, and most of the bound, sit. Quantile bins put the same number of
# rows in every bin, so they cut that crowded range finely, and their bound
# is smaller. The actual error need not be: both are far inside their bounds,
# and which is closer depends on how the pairs fall inside the bins. With as
# many bins as the 3-digit table has rows:

# %%
quantiles = score_count_table(parquet_path, label="y_true", score="y_score", engine="duckdb",
                              quantile_bins=len(binned))
q_auc, q_bound = roc_from_score_counts(quantiles)["auc_piece"].sum(), binning_auc_error_bound(quantiles)
print(f"{len(quantiles):,} quantile bins: AUC {q_auc:.6f} ± {q_bound:.6f}, actual error {abs(q_auc - exact_auc):.6f}")
print(f"{len(binned):,} rounded bins:  AUC {binned_auc:.6f} ± {bound:.6f}, actual error "
      f"{abs(binned_auc - exact_auc):.6f}")

# %% [markdown]
# ### The same query on Spark
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
import importlib.util
import shutil
import subprocess

if importlib.util.find_spec("pyspark") is None or shutil.which("java") is None:
    print("Spark skipped: PySpark or Java is not installed (see the commands above)")
else:
    import warnings

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
# ### Precision at deployment, checked row by row and read at bin edges
#
# The column `TP / (TP + w FP)` of the exact table agrees with
# `corrected_pr_curve` run on the 2 million rows, at every threshold:

# %%
from helpers import corrected_pr_curve

tp, fp = sql_table["tp"].to_numpy(), sql_table["fp"].to_numpy()
precision_grouped = tp / (tp + w * fp)
precision_rows, recall_rows, thresholds_rows = corrected_pr_curve(y_true, y_score, deploy_prevalence=deploy_prevalence)
print(f"thresholds equal: {np.array_equal(thresholds_rows[::-1], sql_table['threshold'])}; precision at "
      f"{deploy_prevalence:.1%} within 1e-12 of corrected_pr_curve's at all {len(tp):,} thresholds: "
      f"{np.allclose(precision_grouped, precision_rows[-2::-1], rtol=0, atol=1e-12)}")

# %% [markdown]
# A binned table gives exact counts at its bins' lower edges only: flagging
# the bin labelled 0.3 and every bin above is flagging every score from that
# bin's lower edge up, half a unit of the last digit below the label. So a
# rule can only pick a threshold at an edge: bin finely near where the
# threshold will fall. At a few edges, as tested and at deployment:

# %%
edges = binned_roc.set_index("threshold")
for t in (0.5, 0.3, 0.1):
    tp_t, fp_t = int(edges.loc[t, "tp"]), int(edges.loc[t, "fp"])  # everything in the bin of t or above
    print(f"bins labelled >= {t} (scores >= {t - 0.0005:.4f}): TP {tp_t:,}, FP {fp_t:,}; recall {tp_t / n_pos:.3f}, "
          f"precision as tested {tp_t / (tp_t + fp_t):.3g}, at {deploy_prevalence:.1%} {tp_t / (tp_t + w * fp_t):.3g}")

# %% [markdown]
# ### The methods named here
#
# - **DeLong's interval** for the AUC (DeLong, DeLong & Clarke-Pearson,
#   1988) estimates the AUC's variance from each case's *placement*: the
#   share of the other class it outranks. A positive's placement depends only
#   on its score, so the score-count table gives every placement
#   (`counts_auc_interval`), and a merged run gives its negatives one shared
#   placement.
# - **Clopper–Pearson** (Clopper & Pearson, 1934) is the exact interval for
#   a proportion such as recall, `TP` of `P`: the range of true rates under
#   which the observed count is not too unlikely, from the binomial
#   distribution.
# - **MOVER-R** (Donner & Zou, 2012) builds an interval for the ratio
#   `TPR / FPR` from the intervals of the two rates, each asymmetric as a rate
#   near 0 is; precision at π is an increasing function of that ratio, so its
#   interval follows (notebook 07).
# - **The split from the counts.** Rows that share a score and a class are
#   interchangeable, so a random half of `P` positives spread over cells of
#   sizes `n_pos` is a draw from the multivariate hypergeometric distribution:
#   how many of each cell's units fall in a sample of `P // 2` drawn without
#   replacement. The same for the negatives; `split_counts` draws both.
# - **The optimism-corrected bootstrap** (Efron, 1983; Harrell, Lee & Mark,
#   1996) draws resampled files, applies the rule in each, and compares the
#   threshold's counts where it was chosen with its counts on the original
#   file: the mean gap is the optimism, subtracted from the counts on all rows,
#   and the spread of the gaps gives the interval (notebook 13).

# %% [markdown]
# ### Cleaning up
#
# The DuckDB connection and the temporary Parquet file are no longer needed.

# %%
con.close()
shutil.rmtree(folder)  # the temporary Parquet file
