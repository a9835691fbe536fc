# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 07 · Prior shift on real data
#
# How the prior-shift correction of precision does on a real classifier over
# 200 random splits, what its confidence interval covers, and how it fails
# when the test set holds the wrong kind of negatives.
#
# **Time on your own:** about 80 minutes.
#
# **Learning goals**
#
# - build an enriched test set and a low-prevalence pool from real digits,
#   and compare the naive, the corrected and the realised precision;
# - put a confidence interval on the corrected precision and name its
#   target, the population precision at the pool's prevalence;
# - read a coverage study: how often the interval covers its target over 200
#   splits, with its Monte Carlo error, and why it covers more than 95 %;
# - recognise when the correction cannot work: the negatives met in
#   deployment are not like the negatives of the test set.
#
# Notebooks 05 and 06 derived the correction on invented counts; here it
# meets a real classifier on real images.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import confusion_counts, corrected_precision, precision_at_prevalence, precision_interval
from helpers.enriched_pool import enriched_pool_splits, precision_estimates
from helpers.interval_coverage import binomial_coverage, finite_population_coverage, realised_precision_coverage
from helpers.intervals import clopper_pearson_interval, wilson_interval
from helpers.plotting import PALETTE, use_course_style

use_course_style()

# %% [markdown]
# ## The data: "is this digit a 9?"
#
# `load_digits` holds 1 797 handwritten digits as 8×8 images. We make it a
# binary problem: the positive class (`pos_label=1`) is "the digit is a 9",
# every other digit is negative. About one image in ten is a 9.

# %%
X, digit = load_digits(return_X_y=True)
y = (digit == 9).astype(int)
print(f"{y.size} images, {y.sum()} nines, prevalence {y.mean():.2%}")

# %% [markdown]
# ## Three parts: training, enriched test set, pool
#
# - **Training part** (30 %, stratified by digit): fits the model, once.
# - **Held-out part** (the other 70 %): never seen in training. Each random split
#   cuts it into
#   - an **enriched test set**: 80 nines and 240 other digits, a 1:3 ratio
#     (prevalence 25 %), like the test set topped up with patients from a
#     treatment centre in [the rare-disease blog post](00_start_here.ipynb#Sources), and
#   - a **pool** playing the deployment data: all other non-nines plus just
#     enough nines to make the prevalence 2 %. Its labels are known to us, so we
#     can check the correction against the precision actually reached there.

# %%
X_train, X_held, y_train, y_held, digit_train, digit_held = train_test_split(
    X, y, digit, train_size=0.3, stratify=digit, random_state=0
)
N_TEST_POS, N_TEST_NEG, POOL_PREVALENCE, N_SPLITS = 80, 240, 0.02, 200
print(f"training part: {y_train.size} images, {y_train.sum()} nines")
print(f"held-out part: {y_held.size} images, {y_held.sum()} nines, {(y_held == 0).sum()} others")

# %% [markdown]
# A small, quick model: standardised pixels and a logistic regression, fitted
# once and run to convergence. Its threshold stays at 0.5 in the whole
# notebook (`predict_proba >= 0.5`: as likely a 9 as not at the training
# prevalence, 54 in 539, printed above), so each split only re-counts who
# lands where.

# %%
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
y_pred_held = (model.predict_proba(X_held)[:, 1] >= 0.5).astype(int)
held = confusion_counts(y_held, y_pred_held)
tpr_held, fpr_held = held.tp / held.n_pos, held.fp / held.n_neg
print(held)
print(f"on the whole held-out part: TPR {tpr_held:.3f}, FPR {fpr_held:.4f}")

# %% [markdown]
# ## One split in detail
#
# We draw one split and compute three precisions:
#
# - **naive**: TP / (TP + FP) on the enriched test set;
# - **corrected**: the false positives scaled by the fold change of the
#   negatives-to-positives ratio, from 3 in the test set to about 50 in the pool
#   (`corrected_precision`); equivalently Bayes' rule with the test TPR and FPR
#   at the pool's prevalence (`precision_at_prevalence`);
# - **pool**: TP / (TP + FP) counted in the pool itself, which we could not
#   do in real life.

# %%
one = enriched_pool_splits(
    y_held, y_pred_held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG,
    pool_prevalence=POOL_PREVALENCE, n_splits=1, rng=0,
)  # fmt: skip
row = one.iloc[0]
pool_pi = (row.pool_tp + row.pool_fn) / (row.pool_tp + row.pool_fn + row.pool_fp + row.pool_tn)
print(one.to_string(index=False))
print(f"pool size {row.pool_tp + row.pool_fn + row.pool_fp + row.pool_tn}, pool prevalence {pool_pi:.4f}")
print(f"negatives per positive: test set {N_TEST_NEG / N_TEST_POS:.1f}, pool {(1 - pool_pi) / pool_pi:.1f}")

# %%
naive = row.test_tp / (row.test_tp + row.test_fp)
corrected = corrected_precision(
    tp=row.test_tp, fp=row.test_fp, test_ratio=N_TEST_NEG / N_TEST_POS, deploy_ratio=(1 - pool_pi) / pool_pi
)
via_bayes = precision_at_prevalence(row.test_tp / N_TEST_POS, row.test_fp / N_TEST_NEG, pool_pi)
low, high = precision_interval(
    tp=row.test_tp, fn=row.test_fn, fp=row.test_fp, tn=row.test_tn, deploy_prevalence=pool_pi
)
print(f"naive test precision     {naive:.3f}   (at prevalence {N_TEST_POS / (N_TEST_POS + N_TEST_NEG):.0%})")
print(f"corrected precision      {corrected:.3f}   (Bayes' rule gives {via_bayes:.3f})")
print(f"95% interval             [{low:.3f}, {high:.3f}]")
print(f"precision in the pool    {row.pool_tp / (row.pool_tp + row.pool_fp):.3f}   (at prevalence {pool_pi:.2%})")

# %% [markdown]
# The naive figure promises about 19 correct nines in 20 alarms; in the pool
# barely more than half the alarms are nines. The corrected figure lands close
# to the pool's value, and the interval is wide: the test set holds only four
# false positives, and at 2 % prevalence precision hinges on that count.

# %% [markdown]
# ## The interval and what it covers
#
# At a known prevalence π, precision depends on the test set only through
# LR+ = TPR / FPR, and increases with it. `precision_interval` takes three
# steps:
#
# 1. an exact **Clopper–Pearson** interval for TPR and one for FPR (Clopper &
#    Pearson, 1934), read off the binomial distribution itself, so that each
#    end errs at most 2.5 % of the time;
# 2. **MOVER-R** (Donner & Zou, 2012) combines them into an interval for the
#    ratio LR+: it reads each rate's uncertainty off its own interval, below
#    and above the estimate separately, and solves a quadratic equation for
#    each end ([by hand in Going deeper](#MOVER-R-by-hand));
# 3. both ends are mapped through PPV = π·LR+ / (π·LR+ + 1 − π).
#
# The interval is about the **model's rates**, not any one deployment
# sample. Its target is the **population precision at π**,
#
# $$\text{PPV}^{*} = \frac{\text{TPR}\,\pi}{\text{TPR}\,\pi + \text{FPR}\,(1-\pi)},$$
#
# with TPR and FPR the model's true rates: the precision of the *expected*
# counts, not the average of precisions over samples (the corrected
# precision's average differs from it, as the next table shows). We know the true rates exactly on the
# held-out part, which every test set and pool is drawn from, and take them
# as the truth. The precision one pool realises wobbles around PPV\*
# ([see Going deeper](#The-precision-one-pool-realises)).

# %%
ppv_star = precision_at_prevalence(tpr_held, fpr_held, pool_pi)
print(f"population precision at the pool's prevalence, PPV* = {ppv_star:.3f}")

# %% [markdown]
# ## 200 random splits
#
# Below, 200 splits are drawn and summarised. Each coverage is a share
# of 200 splits, so it carries a Monte Carlo standard error
# $\sqrt{c(1-c)/200}$, printed beside it.

# %%
def mc_se(hits) -> str:
    """A share of splits with its Monte Carlo standard error, sqrt(c (1 - c) / n)."""
    c = float(np.mean(hits))
    return f"{c:.1%} ± {np.sqrt(c * (1 - c) / len(hits)):.1%}"


counts = enriched_pool_splits(
    y_held, y_pred_held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG,
    pool_prevalence=POOL_PREVALENCE, n_splits=N_SPLITS, rng=1, progress=False,
)  # fmt: skip
est = precision_estimates(counts)
covers_star = (est.low <= ppv_star) & (ppv_star <= est.high)
covers_pool = (est.low <= est.pool) & (est.pool <= est.high)
summary = est[["naive", "corrected", "pool"]].agg(["mean", "median", "std"]).T
print(summary.round(3).to_string())
print(f"\nPPV* = {ppv_star:.3f};  splits whose test set has 0 false positives: {(counts.test_fp == 0).mean():.1%}")
print(f"coverage of PPV*:                 {mc_se(covers_star)}  (nominal 95%)")
print(f"coverage of the pool's precision: {mc_se(covers_pool)}")
print(f"mean interval width:              {(est.high - est.low).mean():.3f}")

# %% [markdown]
# Reading the table:
#
# - The **naive** precision is about 0.95 in every split: it describes a
#   world where one image in four is a 9.
# - The **corrected** precision is centred on PPV\* (its median is close) but
#   varies a lot, because each test set holds few false positives. Its mean
#   is higher: a ratio with a small count is skewed.
# - The interval covers PPV\* in more than 95 % of the splits (see below),
#   the precision each pool realises less often
#   ([see Going deeper](#The-precision-one-pool-realises)).

# %%
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
bins = np.linspace(0, 1, 41)
for col, colour, name in [("naive", "orange", "naive (test)"), ("corrected", "blue", "corrected"),
                          ("pool", "green", "pool (realised)")]:
    ax1.hist(est[col], bins=bins, alpha=0.6, color=PALETTE[colour], label=name)
ax1.axvline(ppv_star, color=PALETTE["black"], ls="--", label="PPV*")
ax1.set(title="Precision over 200 splits", xlabel="precision", ylabel="number of splits")
ax1.legend(loc="upper left")
first = est.iloc[:50]
hit = covers_star.iloc[:50].to_numpy()
for i, (lo, hi) in enumerate(zip(first.low, first.high, strict=True)):
    ax2.plot([i, i], [lo, hi], color=PALETTE["blue"] if hit[i] else PALETTE["vermillion"])
ax2.plot(range(50), first.corrected, "o", ms=3, color=PALETTE["black"])
ax2.axhline(ppv_star, color=PALETTE["black"], ls="--")
ax2.set(title="95% intervals, first 50 splits (red: misses PPV*)", xlabel="split", ylabel="precision at 2 %")
plt.show()

# %%
by_fp = est.corrected.groupby(counts.test_fp).agg(["count", "min", "max"])
print("test false positives:  " + "  ".join(f"{fp:>9d}" for fp in by_fp.index[:5]))
print("corrected precision:   " + "  ".join(f"{r['min']:.2f}-{r['max']:.2f}" for _, r in by_fp.head(5).iterrows()))
print("splits:                " + "  ".join(f"{n:>9d}" for n in by_fp["count"].head(5)))
missed = counts.test_fp.iloc[:50][~covers_star.iloc[:50]]
print(f"\nfirst 50 splits: {missed.size} intervals miss PPV*; their test false positives: {missed.tolist()}")
print(f"all 200 splits: {(~covers_star).sum()} miss, {(~covers_star & (counts.test_fp == 0)).sum()} of them "
      f"with no test false positive")

# %% [markdown]
# **Reading the figure.** Left: the naive precisions pile up near 0.95, far
# from PPV\* (dashed); the pool's cluster around it; the corrected ones
# spread widely, in separate bars. The bars are separate because with 80
# positives and 240 negatives fixed, the corrected precision depends mostly
# on the test set's count of false positives, a small whole number: 1.00
# with none, 0.81–0.82 with one, 0.68–0.70 with two (printed above).
# Right: each vertical line is one split's interval, the dot its corrected
# precision. The three red ones, the misses, all come from test sets with no
# false positive: the corrected precision is 1 and the interval lies above
# PPV\*.

# %% [markdown]
# ## Why more than 95 %?
#
# A coverage measured on 200 splits is itself an estimate. Here it can be
# computed exactly: a test set's TP and FP are its only random parts, so the
# coverage is a sum over every possible pair (TP, FP) of its probability,
# times 1 if that pair's interval contains PPV\* (`helpers.interval_coverage`).
# Two ways of drawing a test set: **binomial**, every case a fresh draw from
# an endless population with the held-out rates, which is what the interval
# is built for; and **without replacement** (hypergeometric), 80 of the 126
# held-out nines and 240 of the 1 132 other digits, as our splits do.

# %%
exact_fresh = binomial_coverage(n_pos=N_TEST_POS, n_neg=N_TEST_NEG, tpr=tpr_held, fpr=fpr_held,
                                deploy_prevalence=pool_pi)
exact_ours = finite_population_coverage(held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG, deploy_prevalence=pool_pi)
print(f"exact coverage of PPV*: {exact_fresh:.1%} with fresh binomial test sets, {exact_ours:.1%} for our splits")
print(f"simulated, 200 splits:  {mc_se(covers_star)}")
print(f"the test set takes {N_TEST_NEG / held.n_neg:.0%} of the held-out negatives, "
      f"{N_TEST_POS / held.n_pos:.0%} of the nines")

# %% [markdown]
# The 200 splits agree with the exact figure for our design, within their
# Monte Carlo error. The excess has two causes:
#
# - **The design.** Our test set takes a fifth of the held-out negatives and
#   nearly two-thirds of the nines, so its rates vary less than binomial counts
#   would, while the interval's width assumes binomial variation.
# - **The interval.** Even for fresh binomial test sets it covers more than
#   95 %: Clopper–Pearson intervals are conservative by construction. The
#   course pays that price because Wilson's intervals, the usual
#   alternative, can fall far below 95 % when a test set expects fewer than
#   one false positive ([see Going deeper](#When-false-positives-are-very-rare)).

# %% [markdown]
# ## When the assumptions break
#
# The correction trusts two things measured on the test set: the recall (the
# nines) and the false positive rate (the non-nines).
# [The precision@k article](00_start_here.ipynb#Sources) points out that
# the second is fragile. Recall only needs the *positives* of the test set to
# look like those met in deployment; precision needs the *negatives* to look
# alike too.
#
# We rebuild the article's situation on digits. Suppose the labelled data
# (training part and test set) contained, as negatives, only the digits 0, 2
# and 6, while deployment sees every digit. The model never met a 1, 3, 4, 5,
# 7 or 8, and the test set cannot show how often it mistakes them for a 9.

# %%
SEEN = [0, 2, 6]
keep = (y_train == 1) | np.isin(digit_train, SEEN)
narrow_model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000))
narrow_model.fit(X_train[keep], y_train[keep])
y_pred_narrow = (narrow_model.predict_proba(X_held)[:, 1] >= 0.5).astype(int)
flagged = pd.Series(y_pred_narrow[y_held == 0], index=digit_held[y_held == 0]).groupby(level=0).sum()
print("non-nines of the held-out part flagged as 9, by digit:")
print(flagged.to_frame("flagged").T.to_string())

# %%
narrow_counts = enriched_pool_splits(
    y_held, y_pred_narrow, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG, pool_prevalence=POOL_PREVALENCE,
    n_splits=N_SPLITS, rng=1, test_negative_mask=np.isin(digit_held, SEEN),
)  # fmt: skip
narrow = precision_estimates(narrow_counts)
narrow_rates = confusion_counts(y_held, y_pred_narrow)
narrow_tpr = narrow_rates.tp / narrow_rates.n_pos
narrow_star = precision_at_prevalence(narrow_tpr, narrow_rates.fp / narrow_rates.n_neg, pool_pi)
narrow_pool_fpr = narrow_counts.pool_fp / (narrow_counts.pool_fp + narrow_counts.pool_tn)
narrow_target = precision_at_prevalence(narrow_tpr, narrow_pool_fpr, pool_pi)  # held-out TPR, pool's FPR
recall_test = narrow_counts.test_tp / (narrow_counts.test_tp + narrow_counts.test_fn)
recall_pool = narrow_counts.pool_tp / (narrow_counts.pool_tp + narrow_counts.pool_fn)
print(f"mean recall:     test {recall_test.mean():.3f}   pool {recall_pool.mean():.3f}")
print(f"mean precision:  naive {narrow.naive.mean():.3f}   corrected {narrow.corrected.mean():.3f}"
      f"   pool {narrow.pool.mean():.3f}")
print(f"pool FPR {narrow_pool_fpr.mean():.3f} ({narrow_counts.pool_fp.iloc[0]} false positives among "
      f"{narrow_counts.pool_fp.iloc[0] + narrow_counts.pool_tn.iloc[0]} negatives, in every split) vs "
      f"{narrow_rates.fp / narrow_rates.n_neg:.3f} in the held-out part")
for name, target in [("precision at the held-out TPR and the pool's FPR", narrow_target),
                     ("PPV* of the whole held-out part", narrow_star)]:
    print(f"{name} {np.mean(target):.3f}: covered {mc_se((narrow.low <= target) & (target <= narrow.high))}")

# %% [markdown]
# Recall carries over from the test set to the pool, as the precision@k
# article says. Precision does not: the test set holds no false positive, so
# the corrected precision is 1, while in the pool about one alarm in twenty
# is a 9. The pool keeps every false positive of the narrow model, so its FPR
# is higher than the held-out part's; with the held-out TPR (recall carries
# over) and the pool's own FPR, the population precision is 0.049, below
# PPV\* (0.061). The interval covers neither, ever: it is honest about the
# test set's sampling noise and blind to what the test set never contained.
#
# The failure does not need a badly trained model. Keep the good model and
# only restrict the *test set's* negatives to 0, 2 and 6:

# %%
shy_counts = enriched_pool_splits(
    y_held, y_pred_held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG, pool_prevalence=POOL_PREVALENCE,
    n_splits=N_SPLITS, rng=1, test_negative_mask=np.isin(digit_held, SEEN),
)  # fmt: skip
shy = precision_estimates(shy_counts)
print(f"test false positives per split: mean {shy_counts.test_fp.mean():.2f}")
print(f"mean precision:  corrected {shy.corrected.mean():.3f}   pool {shy.pool.mean():.3f}   (PPV* {ppv_star:.3f})")

# %% [markdown]
# The digits 0, 2 and 6 are never confused with a 9, so the test set measures
# an FPR of zero and the corrected precision is 1, against about 0.48 in the
# pool. When the test set's negatives differ from the deployment's, the
# interval answers the wrong question well, and its width says nothing about
# that ([see Going deeper](#Which-truth-when-the-negatives-differ)).

# %% [markdown]
# ## Summary
#
# - Precision on a 1:3 test set (≈ 0.95) says little about precision at 2 %
#   prevalence (≈ 0.54). Rescaling the false positives brings the median
#   estimate close to PPV\* (0.528 against 0.539); the mean, 0.569, is pulled
#   up by the skew of a ratio of small counts.
# - The corrected precision rests on the test set's few false positives:
#   only more *negatives* make it less noisy, not more positives.
# - `precision_interval` (exact rate intervals, MOVER-R) is a confidence
#   interval for the population precision PPV\* at a known prevalence. It
#   covered PPV\* more often than promised (98.2 % exactly for our splits,
#   96.7 % for fresh test sets).
# - The correction assumes test negatives like the deployment's. When
#   deployment brings kinds of negatives the test set never had, precision
#   and its interval are wrong, and nothing in the test set warns you.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# Use the random seed `rng=1` of the 200 splits above. The worked solutions are in
# [solutions/07_prior_shift_real_data_solutions.ipynb](solutions/07_prior_shift_real_data_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. More negatives.** Run the 200 splits again with 480 test
# negatives instead of 240 (same 80 positives). Give the mean width of the
# 95 % interval, to two significant digits. Then compare it with the width
# above: what did doubling the negatives buy, and does coverage of PPV\*
# stay near 95 %?

# %% tags=["code-only"]
from helpers.exercises import nb07

design = dict(n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG, n_splits=N_SPLITS)
ex1 = nb07.exercise_1(y_held, y_pred_held, pool_prevalence=POOL_PREVALENCE, **design)
answer = ...  # the mean interval width with twice the test negatives
ex1.check(answer)

# %% [markdown]
# **Exercise 2. A rarer pool.** Set the pool's prevalence to 1 %. Give PPV\*
# at the new pool's prevalence (`precision_estimates(...).pool_prevalence`),
# to three significant digits. What happens to the mean corrected precision
# and to the interval width?

# %% tags=["code-only"]
ex2 = nb07.exercise_2(y_held, y_pred_held, pool_prevalence=0.01, old_prevalence=POOL_PREVALENCE, **design)
answer = ...  # PPV* in the pool at 1 %
ex2.check(answer)

# %% [markdown]
# **Exercise 3. Patch the test set.** In the broken case, let the test set's
# negatives also include the digits 3 and 8 (keep the narrow model). Give the
# mean corrected precision over the 200 splits, to two significant digits.
# Does it now match the pool's precision?

# %% tags=["code-only"]
ex3 = nb07.exercise_3(y_held, y_pred_narrow, digit_held, seen=SEEN, added=[3, 8], pool_prevalence=POOL_PREVALENCE,
                      y_pred_held=y_pred_held, **design)
answer = ...  # the mean corrected precision with 3 and 8 among the possible test negatives
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb07

quiz = nb07.quiz(tpr_held, fpr_held, prevalence=0.05, exact_coverage=exact_ours)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it where it
# states the caveat.

# %% [markdown]
# ### MOVER-R by hand
#
# An interval for a *ratio* does not follow from the intervals of its parts
# by arithmetic on their ends. Dividing them crosswise (lowest TPR over
# highest FPR, and the reverse) assumes both rates sit at their 2.5 %
# extremes at once, which happens far less often than 5 % of the time: the
# result is too wide. And "estimate ± 1.96 standard errors" on the ratio
# ignores that FPR, near 0, is skewed: its upper limit lies much further from
# the estimate than its lower one, and so must the ratio's limits.
#
# **MOVER-R** (method of variance estimates recovery, for a ratio; Donner &
# Zou, 2012, *Statistical Methods in Medical Research* 21:347) reads each
# rate's uncertainty off its own interval, on each side separately, and
# combines them as for a ratio of two independent estimates:
#
# $$L = \frac{p_1p_2 - \sqrt{(p_1p_2)^2 - l_1u_2(2p_1 - l_1)(2p_2 - u_2)}}{u_2(2p_2 - u_2)},\qquad
#   U = \frac{p_1p_2 + \sqrt{(p_1p_2)^2 - u_1l_2(2p_1 - u_1)(2p_2 - l_2)}}{l_2(2p_2 - l_2)},$$
#
# with $p_1$ = TPR in $[l_1, u_1]$ and $p_2$ = FPR in $[l_2, u_2]$, each an
# exact Clopper–Pearson interval (Clopper & Pearson, 1934, *Biometrika*
# 26:404). The lower end of the ratio uses the low side of TPR and the high
# side of FPR, the upper end the reverse. Here it is on the split of the main
# line, checked against `precision_interval`:

# %%
p1, p2 = row.test_tp / N_TEST_POS, row.test_fp / N_TEST_NEG
l1, u1 = clopper_pearson_interval(row.test_tp, N_TEST_POS)
l2, u2 = clopper_pearson_interval(row.test_fp, N_TEST_NEG)
q = p1 * p2
lr_low = (q - np.sqrt(q**2 - l1 * u2 * (2 * p1 - l1) * (2 * p2 - u2))) / (u2 * (2 * p2 - u2))
lr_high = (q + np.sqrt(q**2 - u1 * l2 * (2 * p1 - u1) * (2 * p2 - l2))) / (l2 * (2 * p2 - l2))
print(f"TPR {p1:.3f}  [{l1:.3f}, {u1:.3f}]      FPR {p2:.4f}  [{l2:.4f}, {u2:.4f}]")
print(f"LR+ = TPR / FPR = {p1 / p2:.1f}")
print(f"  ends divided crosswise: [{l1 / u2:.1f}, {u1 / l2:.1f}]")
print(f"  MOVER-R:                [{lr_low:.1f}, {lr_high:.1f}]")
ppv = lambda lr: pool_pi * lr / (pool_pi * lr + 1 - pool_pi)  # noqa: E731
print(f"MOVER-R mapped to precision at {pool_pi:.2%}: [{ppv(lr_low):.3f}, {ppv(lr_high):.3f}]"
      f"   (precision_interval: [{low:.3f}, {high:.3f}])")

# %% [markdown]
# ### The precision one pool realises
#
# The precision one pool realises is a ratio of two small counts (17 nines
# and 14 false alarms in the split of the main line), so it wobbles around
# PPV\* from one pool to the next. An interval for PPV\* is not a prediction
# interval for it. In our design the pool contains *every* held-out negative
# the test set did not take, so its false positives are those of the
# held-out part minus the test set's. Against a fresh, independent pool of
# the same size, drawn at the held-out FPR:

# %%
pool_fp = counts.pool_fp
pool_neg = int((counts.pool_fp + counts.pool_tn).iloc[0])  # the same in every split
fresh_sd = np.sqrt(pool_neg * fpr_held * (1 - fpr_held))  # binomial, pool_neg negatives
assert (pool_fp == held.fp - counts.test_fp).all()
print(f"pool false positives over the {N_SPLITS} splits: {held.fp} in the held-out part minus the test set's, "
      f"from {pool_fp.min()} to {pool_fp.max()}, standard deviation {pool_fp.std():.2f}")
print(f"a fresh pool of {pool_neg} negatives: standard deviation {fresh_sd:.2f} "
      f"({pool_fp.std() / fresh_sd:.2f} times as large for ours)")

# %% [markdown]
# So the pool's false positives vary about half as much as a fresh pool's,
# from 8 to 18, but they do vary, and that is what the next point rests on.
#
# The interval covers the realised precision less often than PPV\* because of a see-saw built
# into the design: a test set that happens to catch few false positives
# (corrected precision too high) leaves more of them in the pool (pool
# precision lower), and the two miss each other. The coverage of the
# realised precision can be computed exactly too: the pool's nines are drawn
# from those the test set left (`realised_precision_coverage`).

# %%
realised = {design: realised_precision_coverage(held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG,
                                                n_pool_pos=int(row.pool_tp + row.pool_fn), design=design)
            for design in ("finite", "fresh")}
print(f"coverage of the pool's realised precision, exact: {realised['finite']:.1%} in our design,"
      f" {realised['fresh']:.1%} with an independent binomial test set and pool of the same sizes")
print(f"simulated, 200 splits: {mc_se(covers_pool)};  coverage of PPV* in our design: {exact_ours:.1%}")
print(f"pool: {int(row.pool_tp + row.pool_fn)} nines among {int(row.pool_tp + row.pool_fn + row.pool_fp + row.pool_tn)}"
      f" images; std of its precision over the splits {est.pool.std():.3f}, mean interval width "
      f"{(est.high - est.low).mean():.3f}")

# %% [markdown]
# At these sizes, 18 nines in a pool of 910, the interval's excess width over
# PPV\* absorbs the pool's own noise: it covers the realised precision about
# 95 % of the time either way. That is a property of these sizes, not a
# guarantee: a smaller pool, whose precision wobbles more, would need a
# *prediction* interval.

# %% [markdown]
# ### Exact coverage: the design and the interval
#
# The main line computed the exact coverage with Clopper–Pearson intervals
# for the rates. Wilson's score interval (Wilson, 1927, *Journal of the
# American Statistical Association* 22:209) is the usual alternative: it
# inverts the normal approximation's test instead of the binomial
# distribution, and covers closer to 95 % on average. The same exact sums with
# both, for both ways of drawing a test set:

# %%
designs = {
    "binomial (fresh test cases)": lambda method: binomial_coverage(
        n_pos=N_TEST_POS, n_neg=N_TEST_NEG, tpr=tpr_held, fpr=fpr_held, deploy_prevalence=pool_pi,
        rate_interval=method),
    "without replacement (our splits)": lambda method: finite_population_coverage(
        held, n_test_pos=N_TEST_POS, n_test_neg=N_TEST_NEG, deploy_prevalence=pool_pi, rate_interval=method),
}
exact = pd.DataFrame({name: {method: f(method) for method in ("clopper-pearson", "wilson")}
                      for name, f in designs.items()})
print(exact.map(lambda c: f"{c:.1%}").to_string())
w_low, w_high = precision_interval(tp=counts.test_tp, fn=counts.test_fn, fp=counts.test_fp, tn=counts.test_tn,
                                   deploy_prevalence=pool_pi, rate_interval="wilson")
print(f"\nmean over the 200 splits, Clopper-Pearson: [{est.low.mean():.3f}, {est.high.mean():.3f}], "
      f"width {(est.high - est.low).mean():.3f}")
print(f"                          Wilson:          [{w_low.mean():.3f}, {w_high.mean():.3f}], "
      f"width {(w_high - w_low).mean():.3f}")

# %% [markdown]
# Under binomial sampling the Wilson-based interval covers close to its
# nominal 95 %; drawn without replacement, it covers more, for the reason of
# the main line. The Clopper–Pearson version covers more than 95 % in both.
# Each Clopper–Pearson interval for a rate errs at most 2.5 % of the time on
# each side, usually less; that guarantee is for TPR and FPR one at a time
# and does not carry over to the MOVER-R combination, whose coverage is
# measured, not guaranteed. It stayed at least 95 % on the grid of the next
# section. It is also wider, almost entirely at the upper end: that end
# rests on the *lower* limit of the FPR, a handful of false positives, the
# side on which Wilson's interval is too optimistic. The next section shows
# what that optimism costs.

# %% [markdown]
# ### When false positives are very rare
#
# Why not use Wilson's intervals, which cover closer to 95 % in this study?
# Because of what happens when a test set is expected to hold *fewer than
# one* false positive, e.g. a specificity of 0.9999 on 1 500 negatives. Most
# such test sets have no false positive; some have exactly one. After one
# false positive among $n$, Wilson's lower limit for the FPR is about
# $0.18/n$ (Brown, Cai & DasGupta, 2001, *Statistical Science* 16:101, show
# this dip of the Wilson interval near $x = 1$). If the true FPR is below
# that, a test set with one false positive tends to give an interval that
# misses; whether it does also depends on its TPR, which MOVER-R combines
# with the FPR. The exact lower limit, about $0.025/n$, does not have this
# problem. Below: a grid design, not this study's, with 50 positives (TPR
# 0.9), 2 000 negatives, π = 1 %, and an expected number of false positives
# from 0.02 to 20; coverage computed exactly.

# %%
n_neg_grid, expected_fp = 2_000, np.geomspace(0.02, 20, 49)
grid = pd.DataFrame({method: [binomial_coverage(n_pos=50, n_neg=n_neg_grid, tpr=0.9, fpr=e / n_neg_grid,
                                                deploy_prevalence=0.01, rate_interval=method) for e in expected_fp]
                     for method in ("wilson", "clopper-pearson")}, index=expected_fp)
one_fp = {"Wilson": wilson_interval(1, n_neg_grid)[0], "Clopper-Pearson": clopper_pearson_interval(1, n_neg_grid)[0]}
print("lower FPR limit after 1 false positive, times n: "
      + ", ".join(f"{name} {limit * n_neg_grid:.3f}" for name, limit in one_fp.items()))
print("\nlowest coverage on the grid:")
for method, col in grid.items():
    print(f"  {method:16s}{col.min():.1%} at {col.idxmin():.2f} expected false positives;"
          f" from 3 on: {col[col.index >= 3].min():.1%} to {col[col.index >= 3].max():.1%}")
dip = grid.index[(grid["wilson"] < 0.93) & (grid.index < 0.3)]
print(f"Wilson below 93 % on the grid from {dip.min():.2f} to {dip.max():.2f} expected false positives")
at = [0.02, 0.05, 0.15, 0.17, 0.19, 0.3, 0.5, 1, 3, 10, 20]
print("\n" + pd.DataFrame({m: [binomial_coverage(n_pos=50, n_neg=n_neg_grid, tpr=0.9, fpr=e / n_neg_grid,
                                                  deploy_prevalence=0.01, rate_interval=m) for e in at]
                           for m in ("wilson", "clopper-pearson")},
                          index=pd.Index(at, name="expected FP")).map(lambda c: f"{c:.1%}").to_string())

# %% [markdown]
# How often does a test set with exactly one false positive miss? Its TP
# still varies (binomial, 50 positives, TPR 0.9); weight each TP's interval
# by its probability:

# %%
from scipy.stats import binom

tp_values = np.arange(51)
p_tp = binom(50, 0.9).pmf(tp_values)
for e in (0.15, 0.17):
    truth = precision_at_prevalence(0.9, e / n_neg_grid, 0.01)
    lo1, hi1 = precision_interval(tp=tp_values, fn=50 - tp_values, fp=np.ones_like(tp_values),
                                  tn=np.full_like(tp_values, n_neg_grid - 1), deploy_prevalence=0.01,
                                  rate_interval="wilson")
    miss = ~((lo1 <= truth) & (truth <= hi1))
    print(f"{e:.2f} expected false positives: a test set with one false positive misses "
          f"with probability {np.sum(p_tp * miss):.0%} (Wilson)")

# %%
fig, ax = plt.subplots(figsize=(7, 3.6))
ax.plot(grid.index, grid["wilson"], color=PALETTE["vermillion"], label="Wilson rate intervals")
ax.plot(grid.index, grid["clopper-pearson"], color=PALETTE["blue"], label="Clopper–Pearson rate intervals")
ax.axhline(0.95, color=PALETTE["black"], ls="--", lw=1, label="nominal 95 %")
ax.axhline(0.93, color=PALETTE["black"], ls=":", lw=1, label="93 %")
ax.set_xscale("log")
ax.set(title="Exact coverage of precision_interval (50 positives, 2 000 negatives)",
       xlabel="expected number of false positives in the test set", ylabel="coverage", ylim=(0.8, 1.0))
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# On this grid the Wilson-based interval falls to 86 % in a narrow band
# around 0.15 expected false positives (below 93 % from about 0.07 to 0.17),
# is back at 97.5 % by 0.19, dips again to 91 % near 0.5, and stays near
# 95 % from about 3 expected false positives on. At 0.15 every test set with
# one false positive misses; at 0.17 three in four do. The exact one stays
# above 95 % on the whole grid, and pays with a wider interval. Whether a
# test set sits in a dip is not something it tells you in advance, so the
# course uses the interval that held on this whole grid.

# %% [markdown]
# ### Which truth when the negatives differ
#
# In the second broken case (the good model, test negatives only 0, 2 and
# 6), what should the interval be scored against? It estimates the
# population precision at π of the *deployment* data, assuming deployment
# negatives look like the test set's. Here the deployment is the pool, and it
# is not the whole held-out part: the test set took 240 harmless negatives
# and left every false positive in the pool, so the pool's FPR is higher than
# the held-out part's, and the precision the pool meets is lower than PPV\*.
# Three candidates, and how often the interval covers each:

# %%
shy_pool_fpr = shy_counts.pool_fp / (shy_counts.pool_fp + shy_counts.pool_tn)
shy_target = precision_at_prevalence(tpr_held, shy_pool_fpr, pool_pi)
seen_only = np.isin(digit_held, SEEN) & (y_held == 0)
targets = {
    "held-out TPR, the pool's FPR (the deployment)": shy_target,
    "PPV* of the whole held-out part": np.full(N_SPLITS, ppv_star),
    "precision if negatives were only 0, 2, 6": np.full(N_SPLITS, precision_at_prevalence(
        tpr_held, y_pred_held[seen_only].mean(), pool_pi)),
}
print(f"pool FPR {shy_pool_fpr.min():.4f} to {shy_pool_fpr.max():.4f} "
      f"({shy_counts.pool_fp.iloc[0]} false positives among {shy_counts.pool_fp.iloc[0] + shy_counts.pool_tn.iloc[0]}"
      f" negatives) vs {fpr_held:.4f} in the held-out part")
print(f"realised pool precision: mean {shy.pool.mean():.3f}\n")
for name, target in targets.items():
    print(f"{name:50s} {np.mean(target):.3f}   covered {mc_se((shy.low <= target) & (target <= shy.high))}")

# %% [markdown]
# The interval's real target is the first one, about 0.48, and it never
# covers it; it covers PPV\* only now and then. It covers the third one every
# time: the test set faithfully describes negatives like its own, which is
# exactly the problem.
