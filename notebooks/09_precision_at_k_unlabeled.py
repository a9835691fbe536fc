# %% [markdown]
# # 09 · Precision@k on unlabeled data
#
# A model can look excellent on its test set and disappoint in production,
# and it is usually **precision** that collapses. This notebook explains why,
# and builds an estimate of the real precision from two things you often
# have: the unlabeled data the model will run on, and a rough idea of how many
# members of the class it contains (the *class size*).
#
# **Learning goals**
#
# - state which assumption lets recall, and which lets precision, carry over
#   from a test set to real data, and why the first is much weaker;
# - compute recall@k and precision@k on unlabeled data from a known class size
#   (`helpers.recall_at_k_unlabeled`, `helpers.precision_at_k_unlabeled`);
# - read recall@k-vs-k curves: ideal, overfit (precision@k above 1), underfit;
# - compare two models without knowing the class size;
# - choose a threshold by maximising an estimated F1, and compare it with the
#   default 0.5 and with the best threshold the hidden labels allow.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix_at_thresholds, f1_score, precision_score, recall_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.open_set import open_set_split, simulate_recall_curve_scores
from helpers.plotting import PALETTE, use_course_style
from helpers.unlabeled import f1_at_k_unlabeled

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
# It needs no pool labels and only the recall assumption. Here $C$ is taken
# from the hidden labels, standing in for the domain knowledge of the article
# ("about 90 images of each digit").

# %%
def unlabeled_estimate(c, threshold=0.5):
    """recall@k and precision@k unlabeled of digit c at the k the threshold gives."""
    j = list(model.classes_).index(c)
    recall_k = recall_at_k_unlabeled(proba_test[y_test == c, j], proba_pool[:, j])
    class_size = int(np.sum(y_pool == c))  # the prior knowledge
    k = int(np.sum(proba_pool[:, j] >= threshold))
    precision_k = precision_at_k_unlabeled(recall_k, class_size=class_size)
    return {"k": k, "class size": class_size, "recall@k": recall_k[k - 1], "precision@k estimate": precision_k[k - 1]}


table = pd.DataFrame({c: {**at_threshold(c), **unlabeled_estimate(c)} for c in LABELED}).T.rename_axis("digit")
table = table.astype({"k": int, "class size": int})
table[["k", "class size", "test precision", "real precision", "precision@k estimate"]].round(3)

# %% [markdown]
# The estimate lands close to the real precision for every digit, while the
# test precision is far off. Averaged over the six digits:

# %%
gap_test = (table["test precision"] - table["real precision"]).abs().mean()
gap_est = (table["precision@k estimate"] - table["real precision"]).abs().mean()
print(f"mean |test precision - real precision|       = {gap_test:.3f}")
print(f"mean |precision@k estimate - real precision| = {gap_est:.3f}")

# %%
fig, ax = plt.subplots()
x = np.arange(len(LABELED))
ax.bar(x - 0.25, table["test precision"], width=0.25, label="test precision", color=PALETTE["sky"])
ax.bar(x, table["real precision"], width=0.25, label="real precision (hidden labels)", color=PALETTE["blue"])
ax.bar(x + 0.25, table["precision@k estimate"], width=0.25, label="precision@k estimate", color=PALETTE["orange"])
ax.set_xticks(x, [str(c) for c in LABELED])
ax.set_xlabel("digit (threshold 0.5)")
ax.set_ylabel("precision")
ax.set_ylim(0, 1.25)
ax.legend(loc="upper right", fontsize="small", ncols=2)
ax.set_title("The test set flatters precision; precision@k does not")
plt.show()

# %% [markdown]
# If the class size is only known within a range, the estimate becomes a
# range too: it is proportional to $C$ (exercise 1).

# %% [markdown]
# ## Reading recall@k-vs-k curves
#
# Plotting recall@k against $k$, with a vertical line at the class size,
# shows much more than one threshold. Three textbook shapes, simulated with
# `helpers.open_set.simulate_recall_curve_scores` (a pool of 10 000 with 2 000
# members of the class):
#
# - **ideal**: the pool's members rank first and, because test and pool
#   members come from one distribution, they interleave at random: a straight
#   line reaching recall 1 exactly at $k = C$;
# - **overfit**: the labeled members show only part of the class (a cat
#   detector trained without black cats). The model finds that part, so test
#   recall hits 1 *before* $k = C$ — impossible for a real recall, since the
#   top $k$ cannot hold more than $k$ members. Precision@k exceeds 1;
# - **underfit**: other things in the pool look like the class to the model;
#   recall at $k = C$ is only about one half, and so is precision there.

# %%
CLASS_SIZE = 2_000
curves = {}
for kind in ["ideal", "overfit", "underfit"]:
    test_pos, pool_scores, _ = simulate_recall_curve_scores(kind, n_pool=10_000, class_size=CLASS_SIZE)
    curves[kind] = recall_at_k_unlabeled(test_pos, pool_scores)
k = np.arange(1, 10_001)

fig, ax = plt.subplots()
for (kind, r), colour in zip(curves.items(), [PALETTE["blue"], PALETTE["orange"], PALETTE["green"]], strict=True):
    ax.plot(k, r, label=kind, color=colour)
ax.axvline(CLASS_SIZE, color=PALETTE["vermillion"], linestyle="--", label="class size")
ax.set_xlim(0, 6_000)
ax.set_xlabel("k (top k of the unlabeled pool)")
ax.set_ylabel("recall@k unlabeled")
ax.set_title("Three shapes of the recall@k curve (simulated)")
ax.legend()
plt.show()

# %% [markdown]
# The numbers behind the overfit warning: at $k = 1\,200$ the "overfit" model
# already claims full recall, so precision@k would be $2\,000/1\,200 > 1$.

# %%
for kind, r in curves.items():
    p = precision_at_k_unlabeled(r, class_size=CLASS_SIZE)
    print(f"{kind:>8}: recall@1200 {r[1199]:.3f}  precision@1200 {p[1199]:.3f}  "
          f"recall@2000 {r[1999]:.3f}  precision@2000 {p[1999]:.3f}")

# %% [markdown]
# Precision@k above 1 does not mean the
# model is better than perfect; it means the labeled members do not represent
# the whole class, and neither test recall nor test precision can be trusted.

# %% [markdown]
# ## Real curves, and comparing two models without the class size
#
# On the digits, the curves of our logistic regression (blue) and of a random
# forest (orange), also trained with balanced class weights, with the ideal
# line $k/C$ (dotted) and the class size (dashed). With only 18 test images per
# digit the curves move in steps of 1/18.

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
# column `k` of the table above with the class sizes). Digits 1 and 3 show a
# mild underfit shape: a few members rank below unseen digits.
#
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
# top $C$ is higher too; small differences (one test image = 0.056 of
# recall) are within noise. Summaries such as the area under the recall@k
# curve can rank models or tune hyper-parameters, with one caveat: they
# reward the overfit shape, which looks *better* than ideal.

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
# - **estimated**: the maximiser of $\widehat{F1}@k$ (no pool labels used);
# - **optimal**: the best threshold on the pool, found with the hidden labels
#   (unreachable in practice; an upper bound).

# %%
def three_thresholds(c):
    j = list(model.classes_).index(c)
    score, member = proba_pool[:, j], y_pool == c
    recall_k = recall_at_k_unlabeled(proba_test[y_test == c, j], score)
    f1_hat = f1_at_k_unlabeled(recall_k, class_size=int(member.sum()))
    t_est = np.sort(score)[::-1][int(np.argmax(f1_hat))]
    _, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(member, score)
    f1_all = 2 * tps / (2 * tps + fps + fns)
    return {
        "threshold estimated": t_est,
        "threshold optimal": thresholds[int(np.argmax(f1_all))],
        "F1 default 0.5": f1_score(member, score >= 0.5),
        "F1 estimated": f1_score(member, score >= t_est),
        "F1 optimal": f1_all.max(),
    }


f1_table = pd.DataFrame({c: three_thresholds(c) for c in LABELED}).T.rename_axis("digit")
f1_table.round(3)

# %%
means = f1_table[["F1 default 0.5", "F1 estimated", "F1 optimal"]].mean()
print("mean real F1 over the six digits:", ", ".join(f"{name} {v:.3f}" for name, v in means.items()))

# %% [markdown]
# The estimated threshold sits far above 0.5 for most digits, cutting out
# the unseen digits the default lets in, and it closes most of the gap to the
# optimal threshold without a single pool label. It is not a guarantee: for
# digit 2 it loses to the default, because 18 test images give a coarse
# recall curve.
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
#   estimates real precision under the recall assumption only.
# - Recall@k curves: straight to 1 at $k = C$ (ideal), reaching 1 before $C$
#   with precision@k $> 1$ (labeled data cover only part of the class), far
#   below the line (other things in the pool look like the class).
# - A curve above another over the plausible class sizes means higher
#   estimated precision there, whatever $C$ is.
# - Maximising $\widehat{F1}@k = 2RC/(k+C)$ picks a threshold much closer to
#   the best real one than the default 0.5.

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
          f"with C = 90: {guess:.3f}")
# The estimate is proportional to C: a class size off by 5 % moves the
# precision estimate by 5 %, in the same direction.

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
