# %% [markdown]
# # 09b · Reading the precision@k curve
#
# How to tell a shape of the precision@k curve from noise, at a k fixed in
# advance or against a simultaneous band, and how to choose a threshold from
# the estimated F1.
#
# **Time on your own:** about 60 minutes.
#
# **Learning goals**
#
# - say at which $k$ each of the three shapes of a recall@k curve can show;
# - tell a shape from noise: a pointwise band read at a $k$ fixed in advance,
#   or a simultaneous band read at every $k$;
# - read the digits' own curves at fixed $k$, with a correction for reading
#   six digits at once;
# - choose a threshold from the estimated F1, compare it with the default 0.5
#   and the optimal one, and say why its own estimate is optimistic.
#
# This notebook continues [notebook 09](09_precision_at_k_unlabeled.ipynb).
# Rank the unlabeled pool by a class's score: **recall@k unlabeled** is the
# share of the class's labeled test images that score at least the $k$-th
# highest pool score, and precision@k $=$ recall@k $\cdot C/k$ for a class
# of $C$ members in the pool.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import nhypergeom
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix_at_thresholds, f1_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import precision_at_k_unlabeled, recall_at_k_unlabeled
from helpers.open_set import open_set_split, simulate_recall_curve_scores
from helpers.plotting import PALETTE, use_course_style
from helpers.unlabeled import (
    class_size_from_audit,
    f1_at_k_unlabeled,
    ideal_ranking_p_value,
    precision_at_k_interval,
    simultaneous_band,
)

use_course_style()

# %% [markdown]
# ## The digits of notebook 09
#
# The same experiment in one cell: half of each digit 0–5 labeled (18 test
# images each), the other half in the unlabeled pool with every 6–9; the
# logistic regression; each digit's class size $C$ in the pool (from the
# hidden labels) and the estimate $\hat C$ of notebook 09's audit of 200
# pool images.

# %%
X, y = load_digits(return_X_y=True)
LABELED = [0, 1, 2, 3, 4, 5]
split = open_set_split(y, labeled_classes=LABELED, labeled_fraction=0.5, test_fraction=0.2, rng=0)
model = make_pipeline(StandardScaler(), LogisticRegression(class_weight="balanced", tol=1e-10, max_iter=1000))
model.fit(X[split.train], y[split.train])
proba_test, proba_pool = model.predict_proba(X[split.test]), model.predict_proba(X[split.pool])
y_test, y_pool = y[split.test], y[split.pool]  # y_pool: hidden, only for checking
n_pool = len(split.pool)
audit_sample = np.random.default_rng(0).choice(n_pool, size=200, replace=False)  # notebook 09's audit
class_size = {c: int(np.sum(y_pool == c)) for c in LABELED}
class_size_audit = {c: class_size_from_audit(int(np.sum(y_pool[audit_sample] == c)), 200, pool_size=n_pool)[0]
                    for c in LABELED}
print(f"pool: {n_pool} images; test images per digit: {np.bincount(y_test).tolist()}")
print("class size C:    ", class_size, f"(each {min(class_size.values()) / n_pool:.1%} to "
      f"{max(class_size.values()) / n_pool:.1%} of the pool)")
print("audit estimate:  ", {c: round(v, 1) for c, v in class_size_audit.items()})

# %% [markdown]
# ## Three shapes of the recall@k curve
#
# Three textbook shapes of recall@k against $k$, simulated with
# `helpers.open_set.simulate_recall_curve_scores` (a pool of 10 000 with
# $C$ = 2 000 members, 500 test positives):
#
# - **ideal**: the members rank first: a straight line to recall 1 at $k = C$;
# - **narrow labels**: the labeled members show only part of the class (a cat
#   detector trained without black cats). Test recall hits 1 *before*
#   $k = C$, impossible for a real recall, so precision@k exceeds 1;
# - **look-alikes**: other things in the pool look like the class to the
#   model; recall at $k = C$ is about one half.
#
# The precision@k article's names, "overfit" and "underfit", mean something
# else in machine learning ([see Going deeper](#Names-for-the-two-shapes)).

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
# Look where each curve reaches recall 1: narrow labels (orange) long before
# the dashed class size, look-alikes (green) long after. At $k = 1\,200$ and
# at $k = C$:

# %%
precision_curves = {kind: precision_at_k_unlabeled(r, class_size=CLASS_SIZE) for kind, r in curves.items()}
for kind, r in curves.items():
    p = precision_curves[kind]
    print(f"{SHAPES[kind]:>13}: recall@1200 {r[1199]:.3f}  precision@1200 {p[1199]:.3f}  "
          f"recall@2000 {r[1999]:.3f}  precision@2000 {p[1999]:.3f}")

# %% [markdown]
# At $k = C$, precision@k $=$ recall@$C \le 1$: narrow labels cannot show
# there (1.00), only look-alikes can. Narrow labels show well below $C$.

# %% [markdown]
# ## Above 1 by chance, or a shape?
#
# An ideal ranking has a real precision of 1 for every $k \le C$, but its
# estimate, a ratio of noisy counts, scatters around 1. Redraw the ideal study
# 1 000 times and keep the middle 95 % of the estimates at each $k$:

# %%
N_REDRAWS = 1_000
gen = np.random.default_rng(1)


def ideal_redraws(n, n_k):
    """precision@k, k = 1 .. n_k, of n redrawn ideal studies."""
    out = np.empty((n, n_k))
    for i in range(n):
        test_pos, pool_scores, _ = simulate_recall_curve_scores("ideal", class_size=CLASS_SIZE, rng=gen)
        out[i] = precision_at_k_unlabeled(recall_at_k_unlabeled(test_pos, pool_scores), class_size=CLASS_SIZE)[:n_k]
    return out


redraws = ideal_redraws(N_REDRAWS, 6_000)
band_low, band_high = np.percentile(redraws, [2.5, 97.5], axis=0)
for k_ in [50, 1_200, 2_000]:
    above = np.mean(redraws[:, k_ - 1] > 1)
    print(f"k = {k_:4d}: ideal between {band_low[k_ - 1]:.2f} and {band_high[k_ - 1]:.2f} in 95 % of the redraws, "
          f"above 1 in {above:.0%} (MC s.e. {np.sqrt(above * (1 - above) / N_REDRAWS):.0%});  "
          f"narrow labels: {precision_curves['narrow'][k_ - 1]:.2f}")

# %% [markdown]
# That band is **pointwise**: at one $k$ chosen in advance, an ideal curve
# lies inside it 95 % of the time; read at thousands of $k$, it is left
# somewhere far more often. A **simultaneous** band holds for every $k$ at
# once: take each redraw's largest deviation from the mean curve over
# $k = 50 \dots C$, in standard deviations, and widen the band to the 95 %
# quantile of these (`helpers.unlabeled.simultaneous_band`): a sup-t band
# (Montiel Olea & Plagborg-Møller, 2019, *Journal of Applied Econometrics*
# 34:1). Checked on 1 000 fresh ideal studies:

# %%
K_RANGE = slice(49, CLASS_SIZE)  # k = 50 .. C
sim_low_raw, sim_high = simultaneous_band(redraws[:, K_RANGE])
sim_low = np.maximum(sim_low_raw, 0)  # a precision is at least 0
fresh = ideal_redraws(N_REDRAWS, CLASS_SIZE)[:, K_RANGE]
for name, lo_, hi_ in [("pointwise", band_low[K_RANGE], band_high[K_RANGE]), ("simultaneous", sim_low, sim_high)]:
    leave = np.mean(np.any((fresh < lo_) | (fresh > hi_), axis=1))
    print(f"{name:>12} band: fresh ideal curves leaving it somewhere in k = 50..{CLASS_SIZE}: {leave:.1%} "
          f"(MC s.e. {np.sqrt(leave * (1 - leave) / N_REDRAWS):.1%})")
for k_ in [50, 1_200, 2_000]:
    print(f"k = {k_:4d}: simultaneous band {sim_low[k_ - 50]:.2f} to {sim_high[k_ - 50]:.2f};  "
          f"narrow labels {precision_curves['narrow'][k_ - 1]:.2f}")

# %%
fig, ax = plt.subplots()
ax.fill_between(k[:6_000], band_low, band_high, color=PALETTE["sky"], alpha=0.5, label="ideal: pointwise 95 % band")
k_range = k[K_RANGE]
ax.plot(k_range, sim_low, color=PALETTE["sky"], linestyle="--", label="ideal: simultaneous 95 % band")
ax.plot(k_range, sim_high, color=PALETTE["sky"], linestyle="--")
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
# Follow the orange curve. At $k = 50$ it lies inside both bands: no
# evidence. At $k = 1\,200$ it lies far above both. At
# $k = C$ it shows 1.00, inside: too late to see narrow labels.
#
# Two thirds of fresh ideal curves leave the pointwise band somewhere; one in
# fifteen leaves the simultaneous band, a little more than 5 %
# ([see Going deeper](#How-well-the-simultaneous-band-holds)). So read a
# shape at a $k$ fixed in advance, well below $C$ for narrow labels, or
# against the simultaneous band.

# %% [markdown]
# ## The digits' curves, read at a fixed k
#
# Fix two $k$ in advance, one per shape: $k = C/2$ for narrow labels
# (recall@k far above the ideal $k/C$) and $k = C$ for look-alikes (members
# ranked below other things leave recall@$C$ short of 1). Under an ideal
# ranking each reading has a known chance
# ([see Going deeper](#Why-a-fixed-k-has-a-known-chance)), so a small chance
# is evidence of the shape. Six digits are read at once, so one small chance
# in six could come by luck. The **Bonferroni** correction (Bonferroni,
# 1936) tests each of $m$ readings at level $\alpha / m$: the chance that any
# fires by luck is then at most $\alpha$ (at most the sum of the $m$
# chances).

# %%
for c in LABELED:
    size = class_size[c]
    r = recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c])
    half = size // 2
    above_half = round(18 * r[half - 1])
    below = 18 - round(18 * r[size - 1])
    c_th = np.sort(proba_pool[:, c])[::-1][size - 1]  # the C-th highest pool score
    print(f"digit {c}: at k = C/2 = {half}, {above_half}/18 above (ideal about {18 * half / (size + 1):.1f}), "
          f"chance of that many or more {nhypergeom.sf(above_half - 1, 18 + size, 18, half):.3f};  "
          f"at k = C = {size}, {below}/18 below the C-th pool score {c_th:.3f}, "
          f"chance {ideal_ranking_p_value(below, n_test_pos=18, class_size=size):.4f}")
print(f"Bonferroni level for six digits: {0.05 / 6:.4f}; for both checks of six digits: {0.05 / 12:.4f}")
print("lowest score of a pool member (hidden labels): "
      + ", ".join(f"digit {c} {proba_pool[y_pool == c, c].min():.3f}" for c in LABELED))
print("pool members below the C-th pool score (hidden labels): " + ", ".join(
    f"digit {c} {np.sum(proba_pool[y_pool == c, c] < np.sort(proba_pool[:, c])[::-1][class_size[c] - 1])} of "
    f"{class_size[c]}" for c in LABELED))

# %% [markdown]
# No digit shows narrow labels at $k = C/2$: every chance is large. At
# $k = C$, digits 1 and 3 leave three of 18 test images below the $C$-th
# pool score (0.949 and 0.957), where an ideal ranking puts its lowest
# member, with chance 0.0039 under an ideal ranking, below the Bonferroni
# level even for all twelve checks: a mild look-alikes shape, not only
# noise. The hidden labels agree: about a fifth of their members score
# below the $C$-th pool score, under images of other digits (17 of 91 for
# digit 1, 18 of 91 for digit 3; the lowest at 0.142 and 0.089). Digit 4
# (two below) is weaker evidence, not significant once six digits are read.

# %% [markdown]
# ## Choosing the threshold from an estimated F1
#
# Precision@k and recall@k give an F1 estimate for flagging the top $k$:
#
# $$\widehat{F1}@k = \frac{2\,\hat P\,R}{\hat P + R} = \frac{2\,R\,C}{k + C}$$
#
# Its maximiser's $k$-th pool score is the threshold. Below, the real F1 on
# the pool of the default 0.5, of the **estimated** threshold (known $C$, then
# the audit's $\hat C$) and of the **optimal** one (found with the hidden
# labels, unreachable in practice), in this pool where each digit makes up
# about 7 %.

# %%
def estimated_f1_threshold(test_pos, score, class_size):
    """The pool score at the k that maximises the estimated F1."""
    f1_hat = f1_at_k_unlabeled(recall_at_k_unlabeled(test_pos, score), class_size=class_size)
    return np.sort(score)[::-1][int(np.argmax(f1_hat))]


def three_thresholds(c):
    score, member = proba_pool[:, c], y_pool == c
    size = int(member.sum())
    t_est = estimated_f1_threshold(proba_test[y_test == c, c], score, size)
    t_audit = estimated_f1_threshold(proba_test[y_test == c, c], score, class_size_audit[c])
    _, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(member, score)
    f1_all = 2 * tps / (2 * tps + fps + fns)
    f1_hat = f1_at_k_unlabeled(recall_at_k_unlabeled(proba_test[y_test == c, c], score), class_size=size)
    return {
        "threshold estimated": t_est,
        "F1 default 0.5": f1_score(member, score >= 0.5),
        "F1 estimated": f1_score(member, score >= t_est),
        "F1 estimated, audit C": f1_score(member, score >= t_audit),
        "F1 optimal": f1_all.max(),
        "estimate of F1 at its own k": f1_hat.max(),
    }


f1_table = pd.DataFrame({c: three_thresholds(c) for c in LABELED}).T.rename_axis(columns="digit")
f1_table.round(3)

# %%
means = f1_table.drop(columns="threshold estimated").mean()
print("mean over the six digits:", ", ".join(f"{name} {v:.3f}" for name, v in means.items()))
score2, member2 = proba_pool[:, 2], y_pool == 2
r2 = recall_at_k_unlabeled(proba_test[y_test == 2, 2], score2)
k2 = int(np.argmax(f1_at_k_unlabeled(r2, class_size=int(member2.sum())))) + 1
top2 = np.argsort(-score2, kind="stable")[:k2]
print(f"digit 2: estimated F1 largest at k = {k2}, where {round(18 * r2[k2 - 1])} of 18 test images score higher: "
      f"precision@k estimate {r2[k2 - 1] * member2.sum() / k2:.2f}; real precision {member2[top2].mean():.3f}, "
      f"real recall {member2[top2].sum() / member2.sum():.3f}")
t0_audit = estimated_f1_threshold(proba_test[y_test == 0, 0], proba_pool[:, 0], class_size_audit[0])
print(f"digit 0: audit C {class_size_audit[0]:.1f} (true {class_size[0]}), threshold {t0_audit:.3f} against "
      f"{f1_table.loc[0, 'threshold estimated']:.3f} with the true C; real F1 {f1_table.loc[0, 'F1 estimated, audit C']:.3f},"
      f" at 0.5 {f1_table.loc[0, 'F1 default 0.5']:.3f}")
found0 = int(np.sum(y_pool[audit_sample] == 0))
c0, c0_low, c0_high = class_size_from_audit(found0, 200, pool_size=n_pool)
print(f"digit 0's audit: {found0} of 200, C {c0:.1f}, 95 % interval {c0_low:.1f} to {c0_high:.1f} "
      f"({c0_low / c0:.2f} to {c0_high / c0:.2f} times the estimate; true {class_size[0]})")

# %% [markdown]
# On average the estimated threshold beats 0.5 (real F1 0.866 against 0.692)
# and comes close to the optimal 0.906; with the audit's $\hat C$ it still
# beats 0.5 on average (0.810). $\hat C$ costs most for digit 0, whose audit
# $\hat C$ of 37.7 pulls its threshold up: real F1 0.672 against 0.802 at 0.5
# (digit 2 loses to 0.5 with either $C$). And $\hat C$ from 200 audited
# images is uncertain by about a factor of two: digit 0's audit found 6 of
# 200, a 95 % interval for $C$ of 13.9 to 80.6 that misses the true 89; the
# threshold does not carry that uncertainty. Moreover the 18 test positives
# of each digit chose $k$, so they became selection data: the largest of many
# noisy estimates is too high on average (the winner's curse): the estimated
# F1 at the chosen $k$ averages 0.971, the real F1 there 0.866. Digit 2 shows
# it: the estimate peaks where, by chance, 15 of its 18 test images already
# score higher, precision@k is estimated at 1.30, and the threshold drops a
# third of the real 2s, losing to 0.5. Report the chosen threshold on
# positives that did not choose it. It also belongs to the class's share in
# the pool (exercise 2).

# %% [markdown]
# ## Summary
#
# - Recall@k curves: straight to 1 at $k = C$ (ideal), 1 before $C$
#   (narrow labels), far below the line (look-alikes). Narrow labels show
#   only at $k$ well below $C$; at $k = C$ precision@k is recall@$C \le 1$.
# - A pointwise band holds at one $k$ fixed in advance; read at every $k$,
#   two thirds of ideal curves leave it somewhere. A simultaneous band holds
#   for every $k$ at once.
# - Read at fixed $k$ with Bonferroni's correction, the digits show no
#   narrow labels and a mild look-alikes shape.
# - Maximising $\widehat{F1}@k = 2RC/(k+C)$ beats 0.5 on average, but its own
#   estimate is optimistic (the test positives chose $k$), and the threshold
#   belongs to the class's share in the pool.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/09b_reading_the_precision_at_k_curve_solutions.ipynb](solutions/09b_reading_the_precision_at_k_curve_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. Fewer k, fewer false alarms.** Read the fresh ideal curves
# only at $k = 50 \dots 500$ instead of $50 \dots C$. What share of them
# leaves the pointwise band somewhere there? `fresh` holds one curve per
# row, its columns at $k = 50, 51, \dots$; `band_low` and `band_high` hold
# the band at $k = 1, 2, \dots$ Give a share between 0 and 1, to two
# significant digits. Why is it smaller than over $k = 50 \dots C$, and
# still far above 5 %?

# %% tags=["code-only"]
from helpers.exercises import nb09b

ex1 = nb09b.exercise_1(fresh, band_low, band_high, fresh_first_k=50, k_last=500)
answer = ...  # the share of fresh ideal curves that leave the pointwise band at some k = 50 .. 500
ex1.check(answer)

# %% [markdown]
# **Exercise 2. A ten times rarer class.** Make a pool with every image but
# the 5s, and every tenth 5 (the 1st, 11th, 21st... in pool order), so that
# 5s make up under 1 %. Find the estimated F1-best threshold for digit 5
# there, with that pool's class size. Pass the variable holding it.

# %% tags=["code-only"]
ex2 = nb09b.exercise_2(proba_test, y_test, proba_pool, y_pool, labeled=LABELED, digit=5, keep_every=10)
answer = ...  # the estimated F1-best threshold of digit 5 in the pool with every tenth 5
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb09b

quiz = nb09b.quiz()
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it where it
# states the caveat.

# %% [markdown]
# ### Names for the two shapes
#
# The precision@k article calls the narrow-labels shape "overfit" and the
# look-alikes shape "underfit". We do not use those words: in machine learning
# they describe how a model fits its *training* data (fitting its noise, or
# missing its signal), seen as a gap between training and test error. Here the
# test recall can be perfect in both cases; what differs is how the labeled
# data and the pool relate.

# %% [markdown]
# ### How well the simultaneous band holds
#
# The simultaneous band was built for 5 % of ideal curves to leave it, and
# 6.7 % of the 1 000 fresh curves did (Monte Carlo standard error 0.8 %).
# Three things are worth knowing about it.
#
# - **Its width is itself estimated.** The band's multiplier is the 95 %
#   quantile of the largest deviations of 1 000 redraws, a random number: two
#   bands built from two sets of 1 000 redraws leave different shares of
#   curves, by about $\sqrt{0.05 \cdot 0.95 / 1000}$ either way.
# - **Where the curves leave.** Near $k = C$ the estimate is pinned near 1 and
#   moves in steps of one test positive; a symmetric band, mean ± a multiple
#   of the standard deviation, fits such a lopsided spread badly, and many
#   exits happen there.
# - **Where it is clipped.** At $k = 50$ the spread is lopsided the other way:
#   the symmetric band's lower end falls below 0 and is clipped.
#
# Below: where the fresh curves leave, the unclipped lower end, and the rate
# of this band and of one built from 4 000 redraws, each checked on 4 000
# fresh curves.

# %%
out = (fresh < sim_low) | (fresh > sim_high)
leavers = out.any(axis=1)
late_only = leavers & ~out[:, k_range <= 1_950].any(axis=1)
print(f"{leavers.sum()} of {N_REDRAWS} fresh curves leave the band; {late_only.sum()} of them only at k > 1950")
print(f"lower end of the band at k = 50 before clipping: {sim_low_raw[0]:.3f}")
print(f"Monte Carlo error of a 95 % quantile of 1000 draws, as a share: {np.sqrt(0.05 * 0.95 / 1_000):.1%}")
more_redraws = np.vstack([redraws[:, K_RANGE], ideal_redraws(3_000, CLASS_SIZE)[:, K_RANGE]])
more_fresh = np.vstack([fresh, ideal_redraws(3_000, CLASS_SIZE)[:, K_RANGE]])
for n_built in [1_000, 4_000]:
    lo_, hi_ = simultaneous_band(more_redraws[:n_built])
    leave = np.mean(np.any((more_fresh < np.maximum(lo_, 0)) | (more_fresh > hi_), axis=1))
    print(f"band from {n_built} redraws: {leave:.2%} of 4000 fresh curves leave it "
          f"(MC s.e. {np.sqrt(leave * (1 - leave) / 4_000):.2%})")

# %% [markdown]
# So this band, from 1 000 redraws, happens to be on the narrow side: 6.55 %
# of 4 000 fresh curves leave it, about two Monte Carlo errors of its quantile
# above 5 %, while one from 4 000 redraws leaves 4.90 %. More redraws make a
# band's rate more reliable; they do not change what it aims at. Half of the exits (32 of 67)
# happen only in the last 50 of the 1 951 values of $k$, where the estimate
# is pinned near 1. A band shaped to the spread (from quantiles rather than
# mean and standard deviation) would fit both ends better; the simple one
# suffices for the point: pointwise bands read at every $k$ mislead.

# %% [markdown]
# ### Noise at the far left of real curves
#
# On the digits, the curves of our logistic regression (blue) and of a random
# forest (orange), also trained with balanced class weights, with the ideal
# line $k/C$ (dotted) and the class size (dashed). With only 18 test images per
# digit the curves move in steps of 1/18; the shaded band is the logistic
# model's pointwise 95 % interval of recall@k (the interval of precision@k
# times $k/C$).

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
k_pool = np.arange(1, n_pool + 1)
for ax, c in zip(axes.ravel(), LABELED, strict=True):
    size = int(np.sum(y_pool == c))
    low, high = precision_at_k_interval(proba_test[y_test == c, c], proba_pool[:, c], class_size=size)
    ax.fill_between(k_pool, low * k_pool / size, high * k_pool / size, color=PALETTE["sky"], alpha=0.5)
    for name, (pt, pp, colour) in models.items():
        ax.plot(k_pool, recall_at_k_unlabeled(pt[y_test == c, c], pp[:, c]), color=colour, label=name)
    ax.plot(k_pool, np.minimum(k_pool / size, 1), ":", color="black", label="ideal")
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
# Both rankings are good: the curves follow the dotted ideal line up to the
# dashed class size, so the pool's real members mostly come first. The poor
# precision at 0.5 in notebook 09 came from the *threshold*, which let $k$
# run far past $C$ (compare there the column `k` of the table at 0.5 with the
# class sizes).
#
# At the far left the curves rise above the ideal line: there precision@k
# exceeds 1 for dozens of $k$. With 18 test images, one of them above the top
# pool score already gives precision@1 $= C/18$, about 5, as for digit 5 (two
# of them, as for digit 2, give about 10). For some digits even the pointwise
# interval's lower end exceeds 1 at a few $k$:

# %%
for c in LABELED:
    size = int(np.sum(y_pool == c))
    p = precision_at_k_unlabeled(recall_at_k_unlabeled(proba_test[y_test == c, c], proba_pool[:, c]), class_size=size)
    low, _ = precision_at_k_interval(proba_test[y_test == c, c], proba_pool[:, c], class_size=size)
    over = np.flatnonzero(low > 1)
    extra = f", largest {low.max():.2f} at k = {low.argmax() + 1}" if over.size else ""
    print(f"digit {c}: precision@1 estimate {p[0]:.2f}, above 1 for {np.sum(p > 1)} values of k "
          f"(all k <= {np.flatnonzero(p > 1).max() + 1}); lower end above 1 for {over.size} values of k{extra}")

# %% [markdown]
# That is what a pointwise interval does when it is read at every $k$. How
# often does an *ideal* ranking with 18 test positives and $C = 90$ show a
# lower end above 1 at some $k \le C$? Simulated on 1 000 ideal studies of the
# size of ours:

# %%
def lower_end_above_one(n_studies, *, n_pool, n_test_pos=18, class_size=90, rng=2):
    """Share of ideal studies whose pointwise lower end of precision@k exceeds 1 at some k <= class_size."""
    g = np.random.default_rng(rng)
    hits = 0
    for _ in range(n_studies):
        test_pos, pool_scores, _ = simulate_recall_curve_scores(
            "ideal", n_pool=n_pool, class_size=class_size, n_test_pos=n_test_pos, rng=g)
        top = np.sort(pool_scores)[::-1][:class_size]  # k <= C needs only the top C pool scores
        hits += np.any(precision_at_k_interval(test_pos, top, class_size=class_size)[0] > 1)
    return hits / n_studies


share = lower_end_above_one(1_000, n_pool=n_pool)
print(f"ideal ranking: lower end above 1 at some k <= C in {share:.1%} of studies "
      f"(MC s.e. {np.sqrt(share * (1 - share) / 1_000):.1%})")

# %% [markdown]
# So a lower end above 1 at some $k$ is common by chance for a perfect
# ranking, and the digits' cases are that: the split put test and pool
# images of each digit at random, so they come from one distribution.

# %% [markdown]
# ### Why a fixed k has a known chance
#
# Under an ideal ranking the pool's $C$ members fill the top $C$ places, and
# the 18 test images and the $C$ members are **exchangeable**: their scores
# are independent draws from one distribution, so every ordering of the
# $18 + C$ scores is equally likely. The number of test images above the
# $k$-th member then follows the negative hypergeometric distribution
# (`scipy.stats.nhypergeom`), the number of test images drawn before the
# $k$-th member when the $18 + C$ are drawn in random order. At $k = C$, $j$
# or more test images fall below every member with chance
# $\binom{18}{j} / \binom{18+C}{j}$ (`helpers.unlabeled.ideal_ranking_p_value`).
# A small chance is evidence against the ideal ranking, in the direction of
# the shape. Neither check can show the other shape: at $k = C$ precision@k
# equals recall@$C \le 1$, so narrow labels cannot show there.

# %% [markdown]
# ### The estimated F1 as a harmonic mean
#
# $\widehat{F1}@k = 2RC/(k+C)$ is the harmonic mean of the two estimates,
# $2\hat P R/(\hat P + R)$ with $\hat P = RC/k$. A check on digit 3:

# %%
r = recall_at_k_unlabeled(proba_test[y_test == 3, 3], proba_pool[:, 3])
size = int(np.sum(y_pool == 3))
p = precision_at_k_unlabeled(r, class_size=size)
with np.errstate(invalid="ignore"):
    harmonic = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
print("equal up to rounding (1e-12):", np.allclose(harmonic, f1_at_k_unlabeled(r, class_size=size), rtol=0, atol=1e-12))
