# %% [markdown]
# # 09 · Precision@k on unlabeled data
#
# A model can look excellent on its test set and disappoint in production,
# and it is usually **precision** that collapses. This notebook explains why,
# and builds an estimate of the real precision from two things you often
# have: the unlabeled data the model will run on, and a rough idea of how many
# members of the class it contains (the *class size*). The estimate is a ratio
# of noisy counts, so we also measure how much it moves by chance, and what it
# costs when the class size itself must be estimated.
#
# **Learning goals**
#
# - state which assumption lets recall, and which lets precision, carry over
#   from a test set to real data, and why the first is much weaker;
# - compute recall@k and precision@k on unlabeled data from a known class size
#   (`helpers.recall_at_k_unlabeled`, `helpers.precision_at_k_unlabeled`), with
#   an exact interval for the noise of the few labeled test positives;
# - read recall@k-vs-k curves (ideal, *narrow labels*, *look-alikes*), and tell
#   a shape from sampling noise before reading anything into it;
# - estimate the class size from a labeled audit sample, and see what that costs;
# - compare two models without knowing the class size;
# - choose a threshold by maximising an estimated F1, and compare it with the
#   default 0.5 and with the best threshold the hidden labels allow.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import binomtest
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix_at_thresholds, f1_score, precision_score, recall_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.open_set import open_set_split, simulate_recall_curve_scores
from helpers.plotting import PALETTE, use_course_style
from helpers.unlabeled import class_size_from_audit, f1_at_k_unlabeled, precision_at_k_interval

use_course_style()

# %% [markdown]
# ## Test data, real data, and what each metric assumes
#
# Three nested sets: the **labeled** data (of which the **test set** was used
# neither for training nor for choosing the model) and the **unlabeled** data
# the model is meant for. Write $P_{test}$ and $P_{real}$ for the distributions
# of $(x, y)$ in the test set and in the unlabeled data.
#
# **Recall** of class $c$ is a probability *given the true class*:
#
# $$\text{recall}_{test} = P_{test}(\hat y = c \mid y = c), \qquad
#   \text{recall}_{real} = P_{real}(\hat y = c \mid y = c)$$
#
# The two are equal as soon as **the examples of class $c$ alone** look the
# same in both sets: $P_{test}(x \mid y=c) = P_{real}(x \mid y=c)$. Nothing is
# assumed about the other classes, nor about how common $c$ is.
#
# **Precision** is a probability *given the prediction*:
#
# $$\text{precision}_{test} = P_{test}(y = c \mid \hat y = c), \qquad
#   \text{precision}_{real} = P_{real}(y = c \mid \hat y = c)$$
#
# The examples predicted as $c$ can come from *any* class. For the two to be
# equal, in general the **whole** test distribution, every class and in the
# right proportions, must match the real one. That is rarely true: a test set
# for a cat detector would need every animal (and object) the detector will
# meet, weighted as in the real stream, including the dogs it confuses with cats.
#
# So test recall is a fair guess of real recall much more often than test
# precision is a fair guess of real precision.

# %% [markdown]
# ## The experiment: classes the labels never showed
#
# We rebuild the design of [the precision@k article](00_start_here.ipynb#Sources)
# on the digits data that ships with scikit-learn (the article used a data set
# of the 26 letters of the English alphabet, which is not bundled):
#
# - digits 0–5 are **labeled**: half of each goes to the labeled part, the
#   other half to the unlabeled **pool**; 20 % of the labeled part is the test set;
# - digits 6–9 are **only in the pool**: the model never sees them.
#
# The pool's labels are hidden from every estimate below and used only to
# check it. `helpers.open_set.open_set_split` makes the split.

# %%
digits = load_digits()
X, y = digits.data, digits.target
LABELED = [0, 1, 2, 3, 4, 5]
split = open_set_split(y, labeled_classes=LABELED, labeled_fraction=0.5, test_fraction=0.2, rng=0)
for name, idx in split._asdict().items():
    print(f"{name:>5}: {len(idx):4d} images, per digit {np.bincount(y[idx], minlength=10).tolist()}")

# %% [markdown]
# The model: a logistic regression on standardised pixels with balanced class
# weights (the article used LightGBM, which is not a scikit-learn estimator;
# the phenomenon does not depend on the learner). It only knows six classes,
# so every image of a 6, 7, 8 or 9 is forced to look like one of them.
#
# `tol=1e-10` lets the solver run until the fit stops improving. With the
# default `tol=1e-4` it stops earlier, at a point that depends on its path
# (the rounding of the machine, the version of SciPy), and the probabilities
# near 1 that decide the thresholds below would differ in their third decimal.

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
# For each labeled digit $c$, flag an image when its probability of $c$ is at
# least 0.5, and measure precision and recall on the test set and on the pool
# (with the hidden labels).

# %%
def at_threshold(c, threshold=0.5):
    """Test and real (pool) precision and recall of digit c at a threshold."""
    j = list(model.classes_).index(c)
    flag_test, flag_pool = proba_test[:, j] >= threshold, proba_pool[:, j] >= threshold
    return {
        "test precision": precision_score(y_test == c, flag_test),
        "real precision": precision_score(y_pool == c, flag_pool),
        "test recall": recall_score(y_test == c, flag_test),
        "real recall": recall_score(y_pool == c, flag_pool),
    }


pd.DataFrame({c: at_threshold(c) for c in LABELED}).T.rename_axis("digit").round(3)

# %% [markdown]
# Recall carries over: the pool's sixes-to-nines do not change how many of
# the real 3s are found. Precision does not: on the test set almost every
# flagged image is right, in the pool the unseen digits flood in (an 8 or 9
# "looks like" a 3 more than like anything else the model knows).

# %% [markdown]
# ## Recall@k and precision@k on unlabeled data
#
# Rank the pool by the score of class $c$, highest first. For each $k$, use
# the score of the $k$-th pool image as the threshold and measure recall on
# the test positives: that is **recall@k unlabeled**. If the class-$c$
# examples of the pool look like those of the test set (the *recall*
# assumption), it estimates the share of the pool's class-$c$ members that are
# among the top $k$.
#
# If we also know the **class size** $C$ (how many members of $c$ the pool
# holds), recall@k × $C$ estimates how many of the top $k$ are real members,
# and dividing by $k$ gives **precision@k unlabeled**:
#
# $$\widehat{\text{precision}}@k = \frac{\text{recall@}k \cdot C}{k}$$
#
# What it estimates: the share of class-$c$ members among the top $k$ images of
# *this* pool. It needs only the recall assumption and one number about the
# pool, $C$. Here $C$ is **assumed known**: it is counted from the hidden
# labels, standing in for the domain knowledge of the article ("about 90 images
# of each digit"). That is hidden information; the section
# [Where the class size comes from](#Where-the-class-size-comes-from) estimates
# $C$ instead and shows what that costs.
#
# **How noisy is it?** recall@k is a count: $x_k$ of the 18 test images of the
# digit score at least the $k$-th pool score. Its exact interval (Clopper &
# Pearson, 1934) inverts the binomial distribution: the lowest recall under
# which $x_k$ or more hits out of 18 still have probability 2.5 %, and the
# highest under which $x_k$ or fewer do. Times $C/k$ it is a 95 % interval for
# precision@k (`helpers.unlabeled.precision_at_k_interval`). It holds the pool
# and $C$ fixed and covers the noise of the 18 test images, by far the smaller
# sample (the pool holds about 90 of each digit).

# %%
def unlabeled_estimate(c, threshold=0.5):
    """recall@k and precision@k unlabeled of digit c at the k the threshold gives."""
    j = list(model.classes_).index(c)
    recall_k = recall_at_k_unlabeled(proba_test[y_test == c, j], proba_pool[:, j])
    class_size = int(np.sum(y_pool == c))  # the prior knowledge
    k = int(np.sum(proba_pool[:, j] >= threshold))
    precision_k = precision_at_k_unlabeled(recall_k, class_size=class_size)
    low, high = precision_at_k_interval(proba_test[y_test == c, j], proba_pool[:, j], class_size=class_size)
    return {"k": k, "class size": class_size, "recall@k": recall_k[k - 1],
            "precision@k estimate": precision_k[k - 1], "95 % low": low[k - 1], "95 % high": high[k - 1]}


table = pd.DataFrame({c: {**at_threshold(c), **unlabeled_estimate(c)} for c in LABELED}).T.rename_axis("digit")
table = table.astype({"k": int, "class size": int})
table[["k", "class size", "test precision", "real precision", "precision@k estimate", "95 % low", "95 % high"]].round(3)

# %% [markdown]
# The estimate lands close to the real precision for every digit, while the
# test precision is far off. The intervals are wide (18 test images per
# digit); where all 18 score above the threshold, the estimate is the
# interval's upper end. Does each interval contain the real precision, and
# how far are the two estimates from it on average over the six digits?

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
# ## Reading recall@k-vs-k curves
#
# Plotting recall@k against $k$, with a vertical line at the class size,
# shows much more than one threshold. Three textbook shapes, simulated with
# `helpers.open_set.simulate_recall_curve_scores` (a pool of 10 000 with 2 000
# members of the class, and 500 labeled test positives):
#
# - **ideal**: the pool's members rank first and, because test and pool
#   members come from one distribution, they interleave at random: a straight
#   line reaching recall 1 exactly at $k = C$;
# - **narrow labels**: the labeled members show only part of the class (a cat
#   detector trained without black cats). The model finds that part, so test
#   recall hits 1 *before* $k = C$ — impossible for a real recall, since the
#   top $k$ cannot hold more than $k$ members. Precision@k exceeds 1;
# - **look-alikes**: other things in the pool look like the class to the
#   model, whose idea of the class is broader than the class; recall at
#   $k = C$ is only about one half, and so is precision there.
#
# The precision@k article calls the last two shapes "overfit" and "underfit".
# We do not use those words: in machine learning they describe how a model
# fits its *training* data (fitting its noise, or missing its signal), seen as
# a gap between training and test error. Here the test recall can be perfect
# in both cases; what differs is how the labeled data and the pool relate.

# %%
CLASS_SIZE = 2_000
SHAPES = {"ideal": "ideal", "narrow": "narrow labels", "broad": "look-alikes"}
curves = {}
for kind in SHAPES:
    test_pos, pool_scores, _ = simulate_recall_curve_scores(kind, n_pool=10_000, class_size=CLASS_SIZE)
    curves[kind] = recall_at_k_unlabeled(test_pos, pool_scores)
k = np.arange(1, 10_001)

fig, ax = plt.subplots()
COLOURS = {"ideal": PALETTE["blue"], "narrow": PALETTE["orange"], "broad": PALETTE["green"]}
for kind, r in curves.items():
    ax.plot(k, r, label=SHAPES[kind], color=COLOURS[kind])
ax.axvline(CLASS_SIZE, color=PALETTE["vermillion"], linestyle="--", label="class size")
ax.set_xlim(0, 6_000)
ax.set_xlabel("k (top k of the unlabeled pool)")
ax.set_ylabel("recall@k unlabeled")
ax.set_title("Three shapes of the recall@k curve (simulated)")
ax.legend()
plt.show()

# %% [markdown]
# The numbers behind the narrow-labels warning: at $k = 1\,200$ that model
# already claims nearly full recall, so precision@k is close to
# $2\,000/1\,200 > 1$.

# %%
precision_curves = {kind: precision_at_k_unlabeled(r, class_size=CLASS_SIZE) for kind, r in curves.items()}
for kind, r in curves.items():
    p = precision_curves[kind]
    print(f"{SHAPES[kind]:>13}: recall@1200 {r[1199]:.3f}  precision@1200 {p[1199]:.3f}  "
          f"recall@2000 {r[1999]:.3f}  precision@2000 {p[1999]:.3f}")

# %% [markdown]
# ## Above 1 by chance, or a shape?
#
# Precision@k is a ratio of noisy counts, and it can exceed 1 by chance. An
# ideal ranking has a real precision of exactly 1 for every $k \le C$; its
# estimate scatters around 1, so it lands above 1 about half the time. Before
# reading a shape into a curve, we need its sampling spread: redraw the ideal
# study (test positives and pool) 200 times with a fixed random seed, and keep
# the middle 95 % of the estimates at each $k$.

# %%
N_REDRAWS = 200
gen = np.random.default_rng(1)
redraws = np.empty((N_REDRAWS, 10_000))
for i in range(N_REDRAWS):
    test_pos, pool_scores, _ = simulate_recall_curve_scores("ideal", class_size=CLASS_SIZE, rng=gen)
    redraws[i] = precision_at_k_unlabeled(recall_at_k_unlabeled(test_pos, pool_scores), class_size=CLASS_SIZE)
band_low, band_high = np.percentile(redraws, [2.5, 97.5], axis=0)
for k_ in [50, 1_200, 2_000]:
    print(f"k = {k_:4d} (about {500 * k_ / CLASS_SIZE:3.0f} of the 500 test positives above the k-th score): "
          f"ideal precision@k between {band_low[k_ - 1]:.2f} and {band_high[k_ - 1]:.2f} in 95 % of the redraws, "
          f"above 1 in {np.mean(redraws[:, k_ - 1] > 1):.0%};  narrow labels: {precision_curves['narrow'][k_ - 1]:.2f}")

# %%
fig, ax = plt.subplots()
ax.fill_between(k, band_low, band_high, color=PALETTE["sky"], alpha=0.5, label="ideal: 95 % of 200 redraws")
for kind, p in precision_curves.items():
    ax.plot(k, p, label=SHAPES[kind], color=COLOURS[kind])
ax.axhline(1, color="black", linewidth=0.8)
ax.axvline(CLASS_SIZE, color=PALETTE["vermillion"], linestyle="--", label="class size")
ax.set_xlim(0, 6_000)
ax.set_ylim(0, 2)
ax.set_xlabel("k (top k of the unlabeled pool)")
ax.set_ylabel("precision@k unlabeled")
ax.set_title("Precision@k of the three shapes, and the ideal one's sampling spread")
ax.legend(fontsize="small")
plt.show()

# %% [markdown]
# At small $k$ the estimate rests on a handful of test positives (at
# $k = 50$, about a dozen of the 500), so the ideal model's estimate ranges
# widely around 1, and the narrow-labels model's value there lies inside that
# range: no evidence of anything. At $k = 1\,200$ the band is narrow and the
# narrow-labels model's value lies far above it. At $k = C$ the ideal ranking
# has passed every member, and the band closes at 1.
#
# So precision@k above 1 *beyond its sampling spread* means the labeled
# members do not represent the whole class, and neither test recall nor test
# precision can be trusted; above 1 inside the spread is no evidence either way.

# %% [markdown]
# ## Real curves, and comparing two models without the class size
#
# On the digits, the curves of our logistic regression (blue) and of a random
# forest (orange), also trained with balanced class weights, with the ideal
# line $k/C$ (dotted) and the class size (dashed). With only 18 test images per
# digit the curves move in steps of 1/18; the shaded band is the logistic
# model's 95 % interval of recall@k (the interval above, times $k/C$).

# %%
forest = RandomForestClassifier(n_estimators=100, class_weight="balanced", random_state=0).fit(
    X[split.train], y[split.train]
)
proba_test_rf, proba_pool_rf = forest.predict_proba(X[split.test]), forest.predict_proba(X[split.pool])

models = {
    "logistic": (proba_test, proba_pool, PALETTE["blue"]),
    "forest": (proba_test_rf, proba_pool_rf, PALETTE["orange"]),
}
fig, axes = plt.subplots(2, 3, figsize=(11, 6), sharex=True, sharey=True)
k = np.arange(1, len(split.pool) + 1)
for ax, c in zip(axes.ravel(), LABELED, strict=True):
    size = int(np.sum(y_pool == c))
    low, high = precision_at_k_interval(proba_test[y_test == c, c], proba_pool[:, c], class_size=size)
    ax.fill_between(k, low * k / size, high * k / size, color=PALETTE["sky"], alpha=0.5)
    for name, (pt, pp, colour) in models.items():
        ax.plot(k, recall_at_k_unlabeled(pt[y_test == c, c], pp[:, c]), color=colour, label=name)
    ax.plot(k, np.minimum(k / size, 1), ":", color="black", label="ideal")
    ax.axvline(size, color=PALETTE["vermillion"], linestyle="--")
    ax.set_title(f"digit {c} (class size {size})")
    ax.set_xlim(0, 400)
for ax in axes[1]:
    ax.set_xlabel("k")
for ax in axes[:, 0]:
    ax.set_ylabel("recall@k unlabeled")
axes[0, 0].legend(fontsize="small")
fig.suptitle("recall@k on the pool: two models, six digits")
plt.show()

# %% [markdown]
# Both rankings are good: the curves follow the ideal line up to the class
# size, so the pool's real members mostly come first. The poor precision at
# 0.5 came from the *threshold*, which let $k$ run far past $C$ (compare the
# column `k` of the table above with the class sizes).
#
# Noise first, shapes second. At the far left the curves rise above the ideal
# line: there precision@k exceeds 1 for dozens of $k$, by chance. With 18 test
# images, one of them above the top pool score already gives
# precision@1 $= C/18$, about 5, as for digit 5 (two of them, as for digit 2,
# give about 10):

# %%
for c in LABELED:
    size = int(np.sum(y_pool == c))
    p = precision_at_k_unlabeled(recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c]), class_size=size)
    print(f"digit {c}: precision@1 estimate {p[0]:.2f}, above 1 for {np.sum(p > 1)} values of k, "
          f"all of them k <= {np.flatnonzero(p > 1).max() + 1}")

# %% [markdown]
# Further right the band matters. For digits 1 and 3 the logistic curve stays
# below the ideal line near $k = C$: 15 of 18 test images at $k = C$, where an
# ideal ranking would have nearly all. The 95 % interval of 15/18 ends below
# 1, so this is a mild *look-alikes* shape (a few members rank below unseen
# digits) and not only noise:

# %%
for c in [1, 3]:
    size = int(np.sum(y_pool == c))
    r = recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c])[size - 1]
    low, high = precision_at_k_interval(proba_test[y_test == c, c], proba_pool[:, c], class_size=size)
    print(f"digit {c}: recall@C {r:.3f} = {round(18 * r)}/18, 95 % interval "
          f"{low[size - 1]:.3f} to {high[size - 1]:.3f} (precision@C has the same numbers, as k = C)")

# %% [markdown]
# **Comparing without $C$.** For any class size, precision@k $=$ recall@k
# $\cdot C/k$ rises with recall@k. So where one model's curve lies above the
# other's over the whole range of plausible class sizes, that model has the
# higher estimated precision at every $k$ there, whatever $C$ is, and the
# vertical gap (times $C/k$) says by how much. The check with the hidden
# labels: real precision of the top $k = C$ pool images, for both models.

# %%
def real_precision_at(proba_p, c, k):
    """Share of class-c images among the k pool images with the highest score for c (hidden labels)."""
    top = np.argsort(-proba_p[:, c], kind="stable")[:k]
    return np.mean(y_pool[top] == c)


rows = {}
for c in LABELED:
    size = int(np.sum(y_pool == c))
    rows[c] = {
        "recall@C logistic": recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c])[size - 1],
        "recall@C forest": recall_at_k_unlabeled(proba_test_rf[y_test == c, c], proba_pool_rf[:, c])[size - 1],
        "real precision@C logistic": real_precision_at(proba_pool, c, size),
        "real precision@C forest": real_precision_at(proba_pool_rf, c, size),
    }
pd.DataFrame(rows).T.rename_axis("digit").round(3)

# %% [markdown]
# Where one model's recall@C is clearly higher, its real precision at the
# top $C$ is higher too. Small differences are within noise: one test image
# moves recall by 1/18, and the interval of a single recall is wide (the two
# models share the test images, so their *difference* is less noisy than
# this, but a gap of one or two images is still no evidence):

# %%
low, high = binomtest(16, 18).proportion_ci(confidence_level=0.95, method="exact")
print(f"one test image = {1 / 18:.3f} of recall;  95 % interval of recall 16/18: {low:.3f} to {high:.3f}")

# %% [markdown]
# Summaries such as the area under the recall@k curve can rank models or tune
# hyper-parameters, with one caveat: they reward the narrow-labels shape,
# which looks *better* than ideal.

# %% [markdown]
# ## Where the class size comes from
#
# Every estimate so far used the true $C$, counted from the hidden labels.
# In practice it must come from somewhere, and precision@k is proportional to
# it: a class size some per cent too high gives a precision estimate the same
# per cent too high (exercise 1).
#
# **Not from the labeled data.** Scaling the labeled share of a digit to the
# pool, $\tfrac16$ of the pool for each of six labeled digits, is wrong here
# exactly because the pool holds classes the labels never showed:

# %%
n_pool = len(split.pool)
naive = n_pool / len(LABELED)
print(f"pool size {n_pool}; labeled share scaled to the pool: C = {naive:.0f} per digit, "
      f"{naive / np.mean([np.sum(y_pool == c) for c in LABELED]):.1f} times the true mean class size")

# %% [markdown]
# **From an audit.** Label a random sample of the pool, count the members of
# each class, and scale up: $\hat C = N \cdot m/n$ for $m$ members among $n$
# audited images of a pool of $N$, with the Clopper–Pearson interval of $m/n$
# times $N$ (`helpers.unlabeled.class_size_from_audit`). This uses pool
# labels, 200 of them here, and buys a rough $C$:

# %%
AUDITED = 200
audit = np.random.default_rng(0).choice(n_pool, size=AUDITED, replace=False)  # the images an expert labels
audit_rows = {}
for c in LABELED:
    est = unlabeled_estimate(c)
    c_hat, c_low, c_high = class_size_from_audit(int(np.sum(y_pool[audit] == c)), AUDITED, pool_size=n_pool)
    scale = est["recall@k"] / est["k"]
    audit_rows[c] = {
        "members in audit": int(np.sum(y_pool[audit] == c)), "C true": est["class size"], "C audit": c_hat,
        "C low": c_low, "C high": c_high, "C error %": 100 * (c_hat / est["class size"] - 1),
        "precision@k, audit C": scale * c_hat,
        "low (both)": est["95 % low"] / est["class size"] * c_low, "high (both)": est["95 % high"] / est["class size"] * c_high,
        "real precision": table.loc[c, "real precision"],
    }
audit_table = pd.DataFrame(audit_rows).T.rename_axis("digit").astype({"members in audit": int, "C true": int})
audit_table.round(3)

# %% [markdown]
# The audit's class sizes miss by a few per cent to more than half, and the
# precision estimates with them. "low (both)" and "high (both)" combine the
# two sources of noise by taking the interval's ends over both intervals (the
# recall interval of the test images and the class-size interval of the
# audit). They are wide, and they can still miss: each interval behind them
# misses its target at most one time in twenty, so among six digits one
# unlucky audit count is not rare. How often they hold here, and the average
# error:

# %%
c_abs_err = audit_table["C error %"].abs()
print(f"audit C off by {c_abs_err.min():.0f} % to {c_abs_err.max():.0f} % of the true class size")
holds = (audit_table["C low"] <= audit_table["C true"]) & (audit_table["C true"] <= audit_table["C high"])
print(f"class-size interval contains the true C: {holds.sum()} of {len(holds)} digits "
      f"(digit {', '.join(str(c) for c in audit_table.index[~holds])} not: "
      f"{', '.join(str(m) for m in audit_table.loc[~holds, 'members in audit'])} members in the audit, "
      f"about {', '.join(f'{AUDITED * n / n_pool:.0f}' for n in audit_table.loc[~holds, 'C true'])} expected)")
both = (audit_table["low (both)"] <= audit_table["real precision"]) & (
    audit_table["real precision"] <= audit_table["high (both)"])
print(f"combined precision interval contains the real precision: {both.sum()} of {len(both)} digits")
print(f"(chance that at least one of six independent 95 % intervals misses: {1 - 0.95**6:.0%})")
gap_audit = (audit_table["precision@k, audit C"] - audit_table["real precision"]).abs().mean()
print(f"mean |precision@k estimate - real precision|: known C {gap_est:.3f}, audit C {gap_audit:.3f}, "
      f"test precision {gap_test:.3f}")

# %% [markdown]
# How many images would an audit need to pin down $C$ to within ±10 % (a 95 %
# interval half-width of a tenth of $C$)? For a class that makes up a share
# $q$ of the pool, about $n_0 = 1.96^2 (1-q)/(q \cdot 0.1^2)$ for an endless
# pool, and $n_0 / (1 + (n_0 - 1)/N)$ for a pool of $N$ images drawn without
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
# audit gives a rough class size; domain knowledge of $C$ (a census, a
# register, a physical count) is what makes precision@k sharp, and an
# interval for the precision must carry the uncertainty of $C$ with it.

# %% [markdown]
# ## Choosing the threshold from an estimated F1
#
# Precision@k and recall@k give an F1 estimate for flagging the top $k$:
#
# $$\widehat{F1}@k = \frac{2\,\hat P\,R}{\hat P + R} = \frac{2\,R\,C}{k + C}$$
#
# ($2\times$ estimated true positives over flagged plus actual members).
# Take the $k$ that maximises it and use the $k$-th pool score as the
# threshold. We compare the real F1 on the pool (hidden labels) of three
# thresholds per digit:
#
# - **default**: 0.5;
# - **estimated**: the maximiser of $\widehat{F1}@k$, with the known $C$ (no
#   pool label used but the class size), and again with the audit's $\hat C$;
# - **optimal**: the best threshold on the pool, found with the hidden labels
#   and scored on them (unreachable in practice; an upper bound, optimistic
#   because it is chosen and scored on the same images).
#
# All three are F1-best thresholds *for this pool*, where each digit makes up
# about 7 % of the images. An F1-best threshold depends on that share in
# general; exercise 3 checks how much it moves here when the share is halved
# or doubled.

# %%
def estimated_f1_threshold(test_pos, score, class_size):
    """The pool score at the k that maximises the estimated F1."""
    f1_hat = f1_at_k_unlabeled(recall_at_k_unlabeled(test_pos, score), class_size=class_size)
    return np.sort(score)[::-1][int(np.argmax(f1_hat))]


def three_thresholds(c):
    j = list(model.classes_).index(c)
    score, member = proba_pool[:, j], y_pool == c
    t_est = estimated_f1_threshold(proba_test[y_test == c, j], score, int(member.sum()))
    t_audit = estimated_f1_threshold(proba_test[y_test == c, j], score, audit_table.loc[c, "C audit"])
    _, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(member, score)
    f1_all = 2 * tps / (2 * tps + fps + fns)
    return {
        "threshold estimated": t_est,
        "threshold optimal": thresholds[int(np.argmax(f1_all))],
        "F1 default 0.5": f1_score(member, score >= 0.5),
        "F1 estimated": f1_score(member, score >= t_est),
        "F1 estimated, audit C": f1_score(member, score >= t_audit),
        "F1 optimal": f1_all.max(),
    }


f1_table = pd.DataFrame({c: three_thresholds(c) for c in LABELED}).T.rename_axis("digit")
f1_table.round(3)

# %%
means = f1_table[["F1 default 0.5", "F1 estimated", "F1 estimated, audit C", "F1 optimal"]].mean()
print("mean real F1 over the six digits:", ", ".join(f"{name} {v:.3f}" for name, v in means.items()))

# %% [markdown]
# The estimated threshold sits far above 0.5 for most digits, cutting out
# the unseen digits the default lets in, and it closes most of the gap to the
# optimal threshold with no pool label but the class size. With the audit's
# rough $\hat C$ it still beats the default on average. It is not a
# guarantee: for digit 2 it loses to the default, because 18 test images give
# a coarse recall curve.
#
# A check of the identity $\widehat{F1}@k = 2RC/(k+C)$ against the harmonic
# mean of the two estimates:

# %%
r = recall_at_k_unlabeled(proba_test[y_test == 3, 3], proba_pool[:, 3])
size = int(np.sum(y_pool == 3))
p = precision_at_k_unlabeled(r, class_size=size)
with np.errstate(invalid="ignore"):
    harmonic = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
print("equal up to rounding (1e-12):", np.allclose(harmonic, f1_at_k_unlabeled(r, class_size=size), rtol=0, atol=1e-12))

# %% [markdown]
# ## Summary
#
# - Test recall carries over to real data if the class itself looks the same
#   in both; test precision needs the whole distribution to match, all classes
#   in the right proportions. With unseen classes in production, test
#   precision is an optimistic upper bound.
# - recall@k unlabeled = test recall at the score of the $k$-th ranked unlabeled
#   example; with a class size $C$, precision@k $=$ recall@k $\cdot C / k$
#   estimates the share of members among the top $k$ of the pool, under the
#   recall assumption only.
# - It is a ratio of noisy counts: with few test positives, or small $k$, it
#   exceeds 1 by chance. Its exact interval (Clopper–Pearson on the test
#   count), or redrawing the study, shows the spread; read a shape only where
#   the curve leaves that spread.
# - Recall@k curves: straight to 1 at $k = C$ (ideal), reaching 1 before $C$
#   with precision@k $> 1$ (narrow labels: the labeled data cover only part of
#   the class), far below the line (look-alikes: other things in the pool look
#   like the class). The precision@k article calls the last two "overfit" and
#   "underfit", which mean something else in machine learning.
# - $C$ is information about the pool. Scaling the labeled share fails when the
#   pool holds unseen classes; an audit sample gives a rough $\hat C$, and its
#   error passes one to one into precision@k.
# - A curve above another over the plausible class sizes means higher
#   estimated precision there, whatever $C$ is.
# - Maximising $\widehat{F1}@k = 2RC/(k+C)$ picks a threshold much closer to
#   the best real one than the default 0.5; like every F1-best threshold it
#   belongs to the class's share in this pool.

# %% [markdown]
# ## Exercises
#
# **1. A wrong class size.** The domain expert says "about 90 of each digit"
# but the truth is the pool's count. Recompute the precision@k estimates at
# threshold 0.5 with $C = 90$ for every digit. How much do they move, and in
# which direction?

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 1
for c in LABELED:
    est = unlabeled_estimate(c)
    guess = est["recall@k"] * 90 / est["k"]
    print(f"digit {c}: true C {est['class size']:3d}  estimate {est['precision@k estimate']:.3f}  "
          f"with C = 90: {guess:.3f}  (C off by {90 / est['class size'] - 1:+.1%}, "
          f"estimate off by {guess / est['precision@k estimate'] - 1:+.1%})")
# The estimate is proportional to C: a class size off by some per cent moves
# the precision estimate by the same per cent, in the same direction.

# %% [markdown]
# **2. No unseen classes.** Rebuild the split with all ten digits labeled
# (`labeled_classes=range(10)`). Is test precision now a good guess of real
# precision? What does that tell you about when the test set can be trusted?

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 2
full = open_set_split(y, labeled_classes=range(10), rng=0)
full_model = make_model().fit(X[full.train], y[full.train])
pt_full, pp_full = full_model.predict_proba(X[full.test]), full_model.predict_proba(X[full.pool])
for c in LABELED:
    tp_ = precision_score(y[full.test] == c, pt_full[:, c] >= 0.5)
    rp_ = precision_score(y[full.pool] == c, pp_full[:, c] >= 0.5)
    print(f"digit {c}: test precision {tp_:.3f}   real precision {rp_:.3f}")
# With every class labeled in the same proportions as the pool, the test set
# represents the whole distribution and precision carries over (up to the
# noise of ~18 test images per digit).

# %% [markdown]
# **3. The share of the class in the pool.** The F1-best threshold belongs to
# a pool in which each digit makes up about 7 % of the images. For digit 3,
# make a pool with half its 3s (drop every second one) and a pool with half
# of its other images (drop every second one), so that the share of 3s is
# about halved and doubled. Find the estimated F1-best threshold in each pool
# (with its true $C$), the number $k$ of images it flags, and its real F1.
# Compare with keeping the threshold chosen on the pool as given.

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 3
is3 = y_pool == 3
every_second = np.zeros(n_pool, bool)
every_second[np.flatnonzero(is3)[::2]] = True  # keeps half of the 3s
pools = {
    "half the 3s": ~is3 | every_second,
    "as given": np.ones(n_pool, bool),
    "half the others": is3 | np.isin(np.arange(n_pool), np.flatnonzero(~is3)[::2]),
}
t_given = estimated_f1_threshold(proba_test[y_test == 3, 3], proba_pool[:, 3], int(is3.sum()))
for name, keep in pools.items():
    score, member = proba_pool[keep, 3], is3[keep]
    t = estimated_f1_threshold(proba_test[y_test == 3, 3], score, int(member.sum()))
    print(f"{name:>15}: share of 3s {member.mean():.3f}, estimated F1-best threshold {t:.4f}, "
          f"flags k = {np.sum(score >= t)}, real F1 {f1_score(member, score >= t):.3f} "
          f"(with the threshold of the pool as given: {f1_score(member, score >= t_given):.3f})")
# Here the threshold hardly moves: the 3s and their look-alikes are well
# separated from the rest, and the estimated F1 jumps where one of the 18 test
# images does. The real F1 falls as the 3s get rarer, since the same
# look-alikes weigh more against fewer 3s. In general the F1-best threshold
# depends on the share of the class; check it at the share where the model is used.
