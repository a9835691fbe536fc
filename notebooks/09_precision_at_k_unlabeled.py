# %% [markdown]
# # 09 · Precision@k on unlabeled data
#
# Why test precision collapses on data with classes the labels never showed,
# how to estimate the real precision from test recall and the class size,
# and how to compare two models without knowing it.
#
# **Time on your own:** about 65 minutes.
#
# **Learning goals**
#
# - say why test recall carries over to real data more often than test precision;
# - estimate precision@k on unlabeled data from a known class size $C$, with
#   an exact interval;
# - estimate $C$ from an audit of the pool, and see what its error does;
# - compare two models on unlabeled data without knowing $C$.
#
# Reading the whole precision@k curve, its noise and the threshold it
# suggests, is [notebook 09b](09b_reading_the_precision_at_k_curve.ipynb).

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import hypergeom
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import precision_score, recall_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.open_set import open_set_split
from helpers.paired import mcnemar_exact
from helpers.plotting import PALETTE, use_course_style
from helpers.unlabeled import (
    class_size_from_audit,
    class_size_interval_coverage,
    precision_at_k_coverage,
    precision_at_k_interval,
)

use_course_style()

# %% [markdown]
# ## Test data, real data, and what each metric assumes
#
# Write $P_{test}$ and $P_{real}$ for the distributions of $(x, y)$ in the
# labeled test set and in the unlabeled data the model is meant for.
#
# **Recall** of class $c$ is a probability *given the true class*:
#
# $$\text{recall}_{test} = P_{test}(\hat y = c \mid y = c), \qquad
#   \text{recall}_{real} = P_{real}(\hat y = c \mid y = c)$$
#
# The two are equal as soon as **the examples of class $c$ alone** look the
# same in both: $P_{test}(x \mid y=c) = P_{real}(x \mid y=c)$, whatever the
# other classes and however common $c$ is. Taking test recall as real recall
# is the *recall assumption*.
#
# **Precision** is a probability *given the prediction*:
#
# $$\text{precision}_{test} = P_{test}(y = c \mid \hat y = c), \qquad
#   \text{precision}_{real} = P_{real}(y = c \mid \hat y = c)$$
#
# The examples predicted as $c$ can come from *any* class, so the **whole**
# distribution must match, every class in the right proportions: a test set
# for a cat detector would need every animal it will meet, including the dogs
# it confuses with cats.

# %% [markdown]
# ## The experiment: classes the labels never showed
#
# The design of [the precision@k article](00_start_here.ipynb#Sources), on
# scikit-learn's digits: half of each digit 0–5 is **labeled** (20 % of it is
# the test set), the other half goes to the unlabeled **pool**, with all the
# 6–9s. The pool's labels only check the estimates.

# %%
digits = load_digits()
X, y = digits.data, digits.target
LABELED = [0, 1, 2, 3, 4, 5]
split = open_set_split(y, labeled_classes=LABELED, labeled_fraction=0.5, test_fraction=0.2, rng=0)
for name, idx in split._asdict().items():
    print(f"{name:>5}: {len(idx):4d} images, per digit {np.bincount(y[idx], minlength=10).tolist()}")
n_pool = len(split.pool)
shares = [np.mean(y[split.pool] == c) for c in LABELED]
print(f"each labeled digit makes up {min(shares):.1%} to {max(shares):.1%} of the pool")

# %% [markdown]
# The model, a logistic regression with balanced class weights (`tol=1e-10`
# runs the fit to convergence), knows six classes:
# every 6, 7, 8 or 9 is forced to look like one of them.

# %%
def make_model():
    return make_pipeline(StandardScaler(), LogisticRegression(class_weight="balanced", tol=1e-10, max_iter=1000))


model = make_model().fit(X[split.train], y[split.train])
proba_test = model.predict_proba(X[split.test])  # columns = the six labeled digits
proba_pool = model.predict_proba(X[split.pool])
y_test, y_pool = y[split.test], y[split.pool]  # y_pool: hidden, only for checking
print("classes the model knows:", model.classes_.tolist())

# %% [markdown]
# ## Test precision versus real precision
#
# Flag an image as digit $c$ when its probability of $c$ is at least 0.5, and
# measure on the test set and on the pool (with the hidden labels):

# %%
def at_threshold(c, threshold=0.5):
    """Test and real (pool) precision and recall of digit c at a threshold."""
    flag_test, flag_pool = proba_test[:, c] >= threshold, proba_pool[:, c] >= threshold
    return {
        "test precision": precision_score(y_test == c, flag_test),
        "real precision": precision_score(y_pool == c, flag_pool),
        "test recall": recall_score(y_test == c, flag_test),
        "real recall": recall_score(y_pool == c, flag_pool),
    }


pd.DataFrame({c: at_threshold(c) for c in LABELED}).T.rename_axis(columns="digit").round(3)

# %% [markdown]
# Read the columns in pairs. Recall carries over, within the noise of 18 test
# images per digit (digit 3: 0.889, against 0.978 in the pool). Precision does
# not: in the pool the unseen digits flood in (an 8 "looks like" a 3 more than
# like anything else the model knows).

# %% [markdown]
# ## Precision@k with a known class size
#
# Rank the pool by the score of class $c$. Use the $k$-th pool score as the
# threshold and measure recall on the test positives: **recall@k unlabeled**.
# Under the recall assumption it estimates the share of the pool's members
# of $c$ among the top $k$. With the **class size** $C$ (members of $c$ in
# the pool), recall@k × $C$ estimates the members among the top $k$, and
#
# $$\widehat{\text{precision}}@k = \frac{\text{recall@}k \cdot C}{k}$$
#
# It estimates $r_k C/k$, with $r_k$ the class's recall at the $k$-th pool
# score. Here $C$ is **counted from the hidden labels**, standing in for the
# domain knowledge the article assumes (a good estimate of each class's size);
# [a later section](#Where-the-class-size-comes-from) estimates it.
#
# **How noisy?** $x_k$ of the 18 test images score at least the $k$-th pool
# score. The exact interval of Clopper & Pearson (1934) inverts the binomial
# distribution: from the lowest recall under which $x_k$ or more hits out of
# 18 still have probability 2.5 % to the highest under which $x_k$ or fewer
# do. Times $C/k$, it is a 95 % interval for $r_k C/k$
# (`helpers.unlabeled.precision_at_k_interval`).

# %%
def unlabeled_estimate(c, threshold=0.5):
    """recall@k and precision@k unlabeled of digit c at the k the threshold gives."""
    recall_k = recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c])
    class_size = int(np.sum(y_pool == c))  # the prior knowledge
    k = int(np.sum(proba_pool[:, c] >= threshold))
    precision_k = precision_at_k_unlabeled(recall_k, class_size=class_size)
    low, high = precision_at_k_interval(proba_test[y_test == c, c], proba_pool[:, c], class_size=class_size)
    return {"k": k, "class size": class_size, "recall@k": recall_k[k - 1],
            "precision@k estimate": precision_k[k - 1], "95 % low": low[k - 1], "95 % high": high[k - 1]}


table = pd.DataFrame({c: {**at_threshold(c), **unlabeled_estimate(c)} for c in LABELED}).T.rename_axis(columns="digit")
table = table.astype({"k": int, "class size": int})
table[["k", "class size", "test precision", "real precision", "precision@k estimate", "95 % low", "95 % high"]].round(3)

# %%
inside = (table["95 % low"] <= table["real precision"]) & (table["real precision"] <= table["95 % high"])
print(f"real precision inside the 95 % interval for {inside.sum()} of {len(inside)} digits")
gap_test = (table["test precision"] - table["real precision"]).abs().mean()
gap_est = (table["precision@k estimate"] - table["real precision"]).abs().mean()
print(f"mean |test precision - real precision|       = {gap_test:.3f}")
print(f"mean |precision@k estimate - real precision| = {gap_est:.3f}")

# %%
fig, ax = plt.subplots()
x = np.arange(len(LABELED))
ax.bar(x - 0.25, table["test precision"], width=0.25, label="test precision", color=PALETTE["sky"])
ax.bar(x, table["real precision"], width=0.25, label="real precision (hidden labels)", color=PALETTE["blue"])
est_err = [table["precision@k estimate"] - table["95 % low"], table["95 % high"] - table["precision@k estimate"]]
ax.bar(x + 0.25, table["precision@k estimate"], width=0.25, yerr=est_err, capsize=3,
       label="precision@k estimate (95 % interval)", color=PALETTE["orange"])
ax.set_xticks(x, [str(c) for c in LABELED])
ax.set_xlabel("digit (threshold 0.5)")
ax.set_ylabel("precision")
ax.set_ylim(0, 1.25)
ax.legend(loc="upper right", fontsize="small", ncols=2)
ax.set_title("The test set flatters precision; precision@k does not")
plt.show()

# %% [markdown]
# Compare the bars: the test precision (light) stands near 1, while the
# estimate (orange) follows the real precision (dark blue), missing it by
# 0.011 on average against the test precision's 0.429. Every interval holds
# the real precision, weaker evidence than it looks
# ([see Going deeper](#Which-share-the-interval-covers)).

# %% [markdown]
# ## Where the class size comes from
#
# So far $C$ came from the hidden labels. **Not from the labeled data:**
# scaling the labeled share to the pool, $\tfrac16$ of it for each of six
# digits, fails exactly because the pool holds classes the labels never showed:

# %%
naive = n_pool / len(LABELED)
print(f"pool size {n_pool}; labeled share scaled to the pool: C = {naive:.0f} per digit, "
      f"{naive / np.mean([np.sum(y_pool == c) for c in LABELED]):.1f} times the true mean class size")

# %% [markdown]
# **From an audit:** label a random sample of the pool and scale up,
# $\hat C = N \cdot m/n$ for $m$ members among $n$ audited images of a pool
# of $N$, with the Clopper–Pearson interval of $m/n$ times $N$
# (`helpers.unlabeled.class_size_from_audit`). "low (both)" and "high (both)"
# take the interval's ends over both noises (test images and audit).

# %%
AUDITED = 200
audit_sample = np.random.default_rng(0).choice(n_pool, size=AUDITED, replace=False)  # the images an expert labels
audit_rows = {}
for c in LABELED:
    est = unlabeled_estimate(c)
    c_hat, c_low, c_high = class_size_from_audit(int(np.sum(y_pool[audit_sample] == c)), AUDITED, pool_size=n_pool)
    audit_rows[c] = {
        "members in audit": int(np.sum(y_pool[audit_sample] == c)), "C true": est["class size"], "C audit": c_hat,
        "C low": c_low, "C high": c_high, "C error %": 100 * (c_hat / est["class size"] - 1),
        "precision@k, audit C": est["recall@k"] / est["k"] * c_hat,
        "low (both)": est["95 % low"] / est["class size"] * c_low,
        "high (both)": min(1.0, est["95 % high"] / est["class size"] * c_high),
        "real precision": table.loc[c, "real precision"],
    }
audit_table = pd.DataFrame(audit_rows).T.rename_axis(columns="digit").astype({"members in audit": int, "C true": int})
audit_table.round(3)

# %%
c_abs_err = audit_table["C error %"].abs()
print(f"audit C off by {c_abs_err.min():.0f} % to {c_abs_err.max():.0f} % of the true class size")
both = (audit_table["low (both)"] <= audit_table["real precision"]) & (
    audit_table["real precision"] <= audit_table["high (both)"])
print(f"combined precision interval contains the real precision: {both.sum()} of {len(both)} digits")
gap_audit = (audit_table["precision@k, audit C"] - audit_table["real precision"]).abs().mean()
print(f"mean |precision@k estimate - real precision|: known C {gap_est:.3f}, audit C {gap_audit:.3f}, "
      f"test precision {gap_test:.3f}")

# %% [markdown]
# 200 audited images give class sizes off by 6 % to 58 %, and the precision
# estimates move with them: their average error grows tenfold. Digit 0's
# audit found 6 of its 89 images, and both its intervals miss
# ([see Going deeper](#How-far-the-audit-intervals-hold)). Pinning $C$ to
# ±10 % would take most of the pool
# ([see Going deeper](#How-many-images-an-audit-needs)): domain knowledge of
# $C$ (a census, a register) is what makes precision@k sharp.

# %% [markdown]
# ## Comparing two models without the class size
#
# At a given $k$, precision@k $=$ recall@k $\cdot C/k$ for both models, with
# the same $C$ and $k$: $C$ cancels from the comparison. The model with the
# higher recall@k has the higher estimated precision at that $k$, whatever
# $C$ is; the plausible range of $C$ only says which $k$ to look at. A
# random forest, also with balanced class weights, against our logistic
# regression at $k = C$, with the real precision of each model's top $C$
# pool images (hidden labels) as the check:

# %%
forest = RandomForestClassifier(n_estimators=100, class_weight="balanced", random_state=0).fit(
    X[split.train], y[split.train]
)
proba_test_rf, proba_pool_rf = forest.predict_proba(X[split.test]), forest.predict_proba(X[split.pool])
models = {"logistic": (proba_test, proba_pool), "forest": (proba_test_rf, proba_pool_rf)}


def real_precision_at(proba_p, c, k_):
    """Share of class-c images among the k_ pool images with the highest score for c (hidden labels)."""
    top = np.argsort(-proba_p[:, c], kind="stable")[:k_]
    return np.mean(y_pool[top] == c)


rows = {}
for c in LABELED:
    size = int(np.sum(y_pool == c))
    rows[c] = {f"recall@C {name}": recall_at_k_unlabeled(pt[y_test == c, c], pp[:, c])[size - 1]
               for name, (pt, pp) in models.items()}
    rows[c] |= {f"real precision@C {name}": real_precision_at(pp, c, size) for name, (_, pp) in models.items()}
pd.DataFrame(rows).T.rename_axis(columns="digit").round(3)

# %% [markdown]
# The forest's recall@C is the higher for four digits and its real
# precision@C for five. But both models share the 18 test images of each
# digit, so only the images one model finds at $k = C$ and the other misses
# say which is better. McNemar's exact test (McNemar, 1947) asks whether
# these disagreements split more unevenly than a fair coin would split them
# (`helpers.paired.mcnemar_exact`):

# %%
for c in LABELED:
    size = int(np.sum(y_pool == c))
    hits = {name: pt[y_test == c, c] >= np.sort(pp[:, c])[::-1][size - 1] for name, (pt, pp) in models.items()}
    only_lr, only_rf, p_value = mcnemar_exact(hits["logistic"], hits["forest"])
    print(f"digit {c}: logistic {hits['logistic'].sum()}/18, forest {hits['forest'].sum()}/18; "
          f"found only by logistic {only_lr}, only by forest {only_rf}: McNemar p = {p_value:.2f}")

# %% [markdown]
# The gaps are zero to two test images, and none comes near significance.
# For digit 5 recall@C even points the wrong way (logistic 18 of 18, forest
# 17, while the forest's real precision@C is the higher). Eighteen test
# positives per class cannot rank two good models; more labeled positives,
# not a finer reading of the curves, would
# ([tuning on such summaries](#Ranking-models-by-a-summary-of-the-curve)).

# %% [markdown]
# ## Summary
#
# - Test recall carries over if the class looks the same in both sets; test
#   precision needs the whole distribution to match. With unseen classes in
#   production, test precision is optimistic on average.
# - precision@k $=$ recall@k $\cdot C / k$ estimates the share of members
#   among the top $k$ under the recall assumption, with an exact interval for
#   the few test positives.
# - $C$ is information about the pool: not from the labeled share; an audit
#   gives a rough $\hat C$, whose error precision@k inherits.
# - At one $k$, $C$ cancels when two models are compared: the higher
#   recall@k wins, if the test positives can tell the two apart.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/09_precision_at_k_unlabeled_solutions.ipynb](solutions/09_precision_at_k_unlabeled_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. A wrong class size.** The expert says "about 110 images of
# each digit". Compute the precision@k estimates at threshold 0.5 with
# $C = 110$ for every digit: six numbers, in the order of `LABELED`, to three
# significant digits. What do they tell you about the expert's $C$?

# %% tags=["code-only"]
from helpers.exercises import nb09

ex1 = nb09.exercise_1(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, class_size=110)
answer = ...  # six estimates, one per digit of LABELED, with C = 110
ex1.check(answer)

# %% [markdown]
# **Exercise 2. No unseen classes.** Rebuild the split with all ten digits
# labeled (`open_set_split(y, labeled_classes=range(10), rng=0)`), fit
# `make_model()` on its training part, and give the mean of |test precision −
# real precision| at threshold 0.5 over digits 0–5, to two significant
# digits. Compare it with this notebook's: when can a test set be trusted?

# %% tags=["code-only"]
ex2 = nb09.exercise_2(X, y, make_model, proba_test, y_test, proba_pool, y_pool, labeled=LABELED)
answer = ...  # the mean |test precision - real precision| over digits 0-5, all ten digits labeled
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb09

quiz = nb09.quiz()
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it where it
# states the caveat.

# %% [markdown]
# ### Which share the interval covers
#
# The interval of precision@k holds the pool and $C$ fixed and covers the
# noise of the 18 test images: it is an interval for $r_k C/k$, where $r_k$ is
# the chance that a member of the class scores at least the $k$-th pool
# score. The share of members among the top $k$ of *this* pool, $TP_k/k$, is
# a different target: each of the pool's $C$ members passes the score or not
# by chance too, which adds about a fifth more variance ($18/90$, with
# $C \approx 90$ against 18 test images).
#
# The check "real precision inside the interval for every digit" is also
# weaker than it looks. Where all 18 test images score above the threshold,
# the upper end is $C/k$, the largest share of members the top $k$ can hold:
# the real precision can never lie above it, so only the lower end is tested.

# %%
all_18 = table.index[table["recall@k"] == 1].tolist()
print(f"digits with all 18 test images above the threshold (upper end = C/k): {all_18}")
print(f"digit 0: real precision {table.loc[0, 'real precision']:.3f}, upper end {table.loc[0, '95 % high']:.3f}")

# %% [markdown]
# Digit 0's 89 members all score above 0.5, and its real precision equals
# the upper end. The exact coverage of the interval against each of the two
# targets, with 18 test images and $C = 90$
# (`helpers.unlabeled.precision_at_k_coverage`):

# %%
for r_ in [0.5, 0.8, 0.9, 0.95, 0.97, 0.99]:
    cover_expected = precision_at_k_coverage(r_, n_test_pos=18, class_size=90)
    cover_realised = precision_at_k_coverage(r_, n_test_pos=18, class_size=90, target="realised")
    print(f"recall {r_:.2f}: covers r C/k {cover_expected:.3f}, covers this pool's TP/k {cover_realised:.3f}")
print(f"real recall at 0.5 of the six digits: {table['real recall'].min():.3f} to {table['real recall'].max():.3f}")

# %% [markdown]
# Against $r_k C/k$ the interval holds at least 95 % (it is exact, so a
# little more). Against the pool's own share it holds 95 % or more for
# moderate recalls but drops below it near recall 1, where our digits sit.
# Read it as an interval for $r_k C/k$; an interval for one pool's share
# would have to be wider.

# %% [markdown]
# ### Ranking models by a summary of the curve
#
# Summaries such as the area under the recall@k curve can rank models. To
# tune hyper-parameters with them, compute them on the labeled positives of a
# validation split and keep the test positives untouched for the final
# report: tuned on the test positives, the summary is optimistic, and the
# test set becomes one more selection set. One caveat either way: they reward
# the narrow-labels shape (labeled members that show only part of the
# class), which looks *better* than ideal
# ([notebook 09b](09b_reading_the_precision_at_k_curve.ipynb)).

# %% [markdown]
# ### How far the audit intervals hold
#
# The audit draws without replacement, and 200 images are a sizeable share of
# this pool; the binomial interval ignores that (no finite-population
# correction), so it is wider than it needs to be: an exact hypergeometric
# interval would be about $\sqrt{1 - n/N}$ times as wide.
#
# "low (both)" and "high (both)" take the interval's ends over both
# intervals. That is not a 95 % interval. If both intervals hold, so does the
# combination, so it holds at least 90 % of the time (each of the two misses
# at most 5 %); its exact coverage for $r_k C/k$ is higher still
# (`helpers.unlabeled.precision_at_k_coverage` with the audit). The six digits'
# class-size intervals all come from **one** shared audit sample, so they are
# not independent; the chance that at least one of the six misses is at most
# six times one interval's miss rate (the union bound, as in Bonferroni's
# correction). The combined interval's upper end is clipped at 1, since a
# precision is at most 1.

# %%
print(f"audited share of the pool n/N = {AUDITED / n_pool:.2f}; "
      f"finite-population factor sqrt(1 - n/N) = {np.sqrt(1 - AUDITED / n_pool):.2f}")
holds = (audit_table["C low"] <= audit_table["C true"]) & (audit_table["C true"] <= audit_table["C high"])
print(f"class-size interval contains the true C: {holds.sum()} of {len(holds)} digits "
      f"(digit {', '.join(str(c) for c in audit_table.index[~holds])} not: "
      f"{', '.join(str(m) for m in audit_table.loc[~holds, 'members in audit'])} members in the audit, "
      f"about {', '.join(f'{AUDITED * n / n_pool:.1f}' for n in audit_table.loc[~holds, 'C true'])} expected)")
combined = [precision_at_k_coverage(r_, n_test_pos=18, class_size=90, pool_size=n_pool, audited=AUDITED)
            for r_ in [0.8, 0.9, 0.95, 1.0]]
print(f"exact coverage of the combined interval (C = 90, recall 0.8 to 1.0): {min(combined):.3f} to {max(combined):.3f}")
c_cover = class_size_interval_coverage(90, pool_size=n_pool, audited=AUDITED)
print(f"exact coverage of one class-size interval (C = 90): {c_cover:.3f}; "
      f"chance that some of six miss: at most {6 * (1 - c_cover):.0%}")
p_digit0 = hypergeom.cdf(audit_table.loc[0, "members in audit"], n_pool, audit_table.loc[0, "C true"], AUDITED)
print(f"digit 0: chance of {audit_table.loc[0, 'members in audit']} or fewer in a random audit: {p_digit0:.4f}; "
      f"chance that the unluckiest of six digits looks this bad: at most 6 x {p_digit0:.4f} = {6 * p_digit0:.1%}")

# %% [markdown]
# The combined interval is conservative: it holds about 99 % of the time, not
# 95 %. Digit 0's count is unlucky, but less so than its own chance, 0.0065,
# suggests: we looked at digit 0 *because* it missed, the worst of six. The
# chance that one of six digits has an audit count this unlikely is at most
# 3.9 %: rare, not extraordinary. It shows what a single unlucky audit count
# does: the class size and every precision built on it miss together.

# %% [markdown]
# ### How many images an audit needs
#
# To pin down $C$ to within ±10 % (a 95 % interval half-width of a tenth of
# $C$) for a class that makes up a share $q$ of the pool, an audit needs about
# $n_0 = 1.96^2 (1-q)/(q \cdot 0.1^2)$ images for an endless pool, and
# $n_0 / (1 + (n_0 - 1)/N)$ for a pool of $N$ images drawn without
# replacement:

# %%
q = np.mean([np.sum(y_pool == c) for c in LABELED]) / n_pool
n0 = 1.96**2 * (1 - q) / (q * 0.1**2)
n_needed = n0 / (1 + (n0 - 1) / n_pool)
print(f"class share q = {q:.3f}: n0 = {n0:.0f}; with the pool of {n_pool}: {n_needed:.0f} images, "
      f"{n_needed / n_pool:.0%} of the pool")

# %% [markdown]
# For a class of 7 % the audit would have to label most of the pool, and the
# rarer the class, the more labels it takes ($n_0$ grows like $1/q$). So an
# audit gives a rough class size; domain knowledge of $C$ is what makes
# precision@k sharp, and an interval for the precision must carry the
# uncertainty of $C$ with it.
