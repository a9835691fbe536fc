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
# # 06 · Correcting precision for the deployment class balance
#
# Test sets are often far more balanced than the world a model is deployed
# in: one defective chip per ten good ones in the test set, one per ten
# thousand on the factory floor. Recall carries over from the test set;
# precision does not. This notebook shows how to move precision, the whole
# precision–recall curve, F1 and average precision to the deployment
# prevalence, and when that correction can be trusted.
#
# The rescaling of false positives, the microchip and earthquake examples and
# the list of assumptions come from
# [the prior-shift blog post](00_start_here.ipynb#Sources); the checks against
# a deployment sample and the broken assumptions are ours.
#
# **Learning goals**
#
# - rescale false positives by the fold change of the negative-to-positive
#   ratio, and see that this is Bayes' rule with TPR, FPR and the prevalence;
# - draw the corrected precision–recall curve, two ways (FP rescaling and
#   `sample_weight`), and check it against a real deployment sample;
# - compute F1 and average precision at the deployment prevalence;
# - work through the microchip and earthquake examples (and fix an algebra
#   slip in the blog post);
# - list the method's assumptions and watch it fail when one breaks.
#
# Positive class (`pos_label=1`): the rare event (a defect, a quake).

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    average_precision_score,
    class_likelihood_ratios,
    f1_score,
    precision_recall_curve,
    precision_score,
    recall_score,
    roc_auc_score,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import (
    confusion_counts,
    corrected_pr_curve,
    corrected_precision,
    metric_zoo,
    negative_weight,
    precision_at_prevalence,
    precision_interval,
    wilson_interval,
)
from helpers.plotting import PALETTE, use_course_style
from helpers.synthetic_data import prior_shift_example, shifted_negatives
from helpers.widgets.prior_shift import metrics_at_threshold, prior_shift_dashboard

use_course_style()

# %% [markdown]
# ## 1. Why recall travels and precision does not
#
# Recall is $P(\hat y = 1 \mid y = 1)$: it looks at the positives only, so it
# does not care how many negatives there are. Precision is
# $P(y = 1 \mid \hat y = 1)$: it compares the positives the model flags with
# the negatives it flags, so it depends on how many negatives there are to
# flag. Add ten times more negatives and, at the same threshold, you get ten
# times more false positives and the same true positives.
#
# ## 2. Rescaling the false positives
#
# Let each class ratio be negatives per positive, $r = n_\text{neg}/n_\text{pos}$.
# Keep TP, multiply FP by the fold change of the ratio:
#
# $$\text{FP}_\text{deploy} = \text{FP}_\text{test}\cdot\frac{r_\text{deploy}}{r_\text{test}},\qquad
#   \text{precision}_\text{deploy} = \frac{\text{TP}_\text{test}}{\text{TP}_\text{test} + \text{FP}_\text{deploy}}.$$
#
# A small example: a test set with 100 positives and 1 000 negatives (1:10), a
# model with TP = 90 and FP = 10, deployed where the ratio is 1:10 000.

# %%
tp, fn, fp, tn = 90, 10, 10, 990
r_test, r_deploy = (fp + tn) / (tp + fn), 10_000
fp_deploy = fp * r_deploy / r_test
print(f"test precision {tp / (tp + fp):.4f}; FP rescaled by {r_deploy / r_test:,.0f}: {fp_deploy:,.0f}")
print(f"by hand:             {tp / (tp + fp_deploy):.6f}")
print(f"corrected_precision: {corrected_precision(tp=tp, fp=fp, test_ratio=r_test, deploy_ratio=r_deploy):.6f}")

# %% [markdown]
# **The same number from Bayes' rule.** Divide the numerator and denominator by
# the number of positives: TP becomes TPR, and the rescaled FP becomes
# FPR times the deployment ratio. With the prevalence $\pi = 1/(1 + r)$,
#
# $$\text{precision} = \frac{\text{TPR}\,\pi}{\text{TPR}\,\pi + \text{FPR}\,(1-\pi)} .$$

# %%
tpr, fpr = tp / (tp + fn), fp / (fp + tn)
pi_deploy = 1 / (1 + r_deploy)
print(f"TPR {tpr:.3f}, FPR {fpr:.5f}, deployment prevalence {pi_deploy:.4%} (1 in {1 / pi_deploy:,.0f})")
print(f"precision_at_prevalence: {precision_at_prevalence(tpr, fpr, pi_deploy):.6f}")

# %% [markdown]
# Both routes agree: a test precision of 0.90 becomes less than 1 % in
# deployment.
#
# **The same number as odds.** Bayes' rule is simplest with odds. The
# pre-test odds of being positive are $\pi/(1-\pi)$; a positive prediction
# multiplies them by the positive likelihood ratio $\text{LR+} =
# \text{TPR}/\text{FPR}$ (notebook 01), which gives the post-test odds;
# odds $o$ are the probability $o/(1+o)$, here the deployment precision. LR+
# is the cell below's check against scikit-learn's `class_likelihood_ratios`
# on the same counts.

# %%
lr_plus = tpr / fpr
y_true_ex = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])  # the example's 1 100 rows
y_pred_ex = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
assert np.isclose(class_likelihood_ratios(y_true_ex, y_pred_ex)[0], lr_plus)
pre_odds = pi_deploy / (1 - pi_deploy)
post_odds = pre_odds * lr_plus
print(f"LR+ = TPR / FPR = {lr_plus:.1f}; pre-test odds {pre_odds:.6f} (1 : {1 / pre_odds:,.0f})")
print(f"post-test odds = pre-test odds x LR+ = {post_odds:.6f}; as a probability {post_odds / (1 + post_odds):.6f}")

# %% [markdown]
# The post-test probability is the precision printed above. A positive
# prediction multiplies the odds by LR+, 90.0 here, and that is still far from
# a likely positive when the pre-test odds are as small as a deployment's.
#
# ## 3. A model, a 1:10 test set and a deployment sample
#
# We simulate a problem with `make_classification`: 60 000 rows, of which
# 2 400 (4 %) are positive. We split it three ways: a training set and a test
# set, each with 800 positives and 8 000 negatives (1:10), and everything
# else as the "deployment" sample. Training and test take 1 600 of the 2 400
# positives but only 16 000 of the 57 600 negatives, so what is left, 800
# positives and 41 600 negatives, is at about 1:52 (1.9 %), not at the 4 % the
# data were generated with. That is the point: the deployment sample has a
# class balance the test set does not share. It is what we normally do not
# have; here it lets us check the correction.

# %%
X, y, train, test, deploy = prior_shift_example(np.random.default_rng(0))  # the split above (helpers/synthetic_data.py)
for name, idx in (("train", train), ("test", test), ("deploy", deploy)):
    n_pos, n_neg = y[idx].sum(), (y[idx] == 0).sum()
    print(f"{name:>6}: {n_pos:,} positives, {n_neg:,} negatives (1:{n_neg / n_pos:.0f}), prevalence {y[idx].mean():.4f}")
print(f"generated: {y.sum():,} positives in {y.size:,} rows, prevalence {y.mean():.2f}")

# %% [markdown]
# The model is a logistic regression. Two of the 20 features are exact linear
# combinations of others (`make_classification`'s redundant features), so
# without its L2 penalty the fit would not even be unique. We standardise the
# features and let `lbfgs` run to a tight tolerance: then the coefficients are
# the unique optimum, not wherever the solver happened to stop, and the
# printed scores do not depend, to the printed digits, on the machine's
# arithmetic.

# %%
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1_000)).fit(X[train], y[train])
print(f"lbfgs converged in {model[-1].n_iter_[0]} iterations (limit 1 000)")
y_test, s_test = y[test], model.predict_proba(X[test])[:, 1]
y_dep, s_dep = y[deploy], model.predict_proba(X[deploy])[:, 1]
pi_dep = y_dep.mean()
print(f"ROC AUC  test {roc_auc_score(y_test, s_test):.3f}   deployment {roc_auc_score(y_dep, s_dep):.3f}")

# %% [markdown]
# ROC AUC is about the same on both: it is built from TPR and FPR only.
#
# ### At one threshold
#
# At the default threshold 0.5 we compare the precision measured on the test
# set, the corrected precision, and the precision we would really see on the
# deployment sample.

# %%
c_test = confusion_counts(y_test, s_test >= 0.5)
r_test = c_test.n_neg / c_test.n_pos
r_dep = (1 - pi_dep) / pi_dep
m_test = metric_zoo(c_test)
rows = {
    "test set": (m_test["precision"], m_test["recall"]),
    "corrected to deployment": (
        corrected_precision(tp=c_test.tp, fp=c_test.fp, test_ratio=r_test, deploy_ratio=r_dep), m_test["recall"]),
    "Bayes' rule": (precision_at_prevalence(m_test["recall"], m_test["fpr"], pi_dep), m_test["recall"]),
    "true, on the deployment sample": (precision_score(y_dep, s_dep >= 0.5), recall_score(y_dep, s_dep >= 0.5)),
}
se_diff = np.sqrt(sum(r * (1 - r) / 800 for r in (rows["test set"][1], rows["true, on the deployment sample"][1])))
print(c_test, f" fold change of the ratio: {r_dep / r_test:.3f}; standard error of a recall difference: {se_diff:.3f}")
pd.DataFrame(rows, index=["precision", "recall"]).T.round(3).rename_axis(columns="estimate")

# %% [markdown]
# The test set says 0.94; the corrected value 0.76 is close to the 0.75 the
# deployment sample really gives. How close is close? Both are estimates. The
# corrected value rests on the test set's TPR and FPR, and so on only 18 false
# positives; `precision_interval` gives its 95 % interval (it takes the
# deployment prevalence as exact). The deployment figure is a share of the
# people flagged, with a Wilson interval:

# %%
low, high = precision_interval(c_test, deploy_prevalence=pi_dep)
c_dep = confusion_counts(y_dep, s_dep >= 0.5)
dep_low, dep_high = wilson_interval(c_dep.tp, c_dep.tp + c_dep.fp)
print(f"corrected from the test set ({c_test.fp} false positives): {rows['corrected to deployment'][0]:.2f}, "
      f"95 % interval {low:.2f} to {high:.2f}")
print(f"deployment sample ({c_dep.tp} of {c_dep.tp + c_dep.fp} flagged are positive): "
      f"{c_dep.tp / (c_dep.tp + c_dep.fp):.2f}, Wilson interval {dep_low:.2f} to {dep_high:.2f}")

# %% [markdown]
# The two agree well within their uncertainty; the correction's interval is
# the wider one, because it rests on a few false positives. Recall needs no correction: 0.38 on the
# test set and 0.40 on the deployment sample differ by about one standard
# error of their difference (each is measured on only 800 positives).
#
# ## 4. The corrected precision–recall curve
#
# Applying the correction at every threshold gives the deployment PR curve.
# `corrected_pr_curve` counts TP and FP at each threshold and rescales FP.
# The same curve comes from scikit-learn by giving each negative the weight
# $w = r_\text{deploy}/r_\text{test}$ (`negative_weight`): a weighted negative
# counts as $w$ negatives.

# %%
w = negative_weight(c_test.n_pos, c_test.n_neg, pi_dep)
weights = np.where(y_test == 1, 1.0, w)
p_corr, r_corr, t_corr = corrected_pr_curve(y_test, s_test, deploy_prevalence=pi_dep)
p_sk, r_sk, t_sk = precision_recall_curve(y_test, s_test, sample_weight=weights)
print(f"weight of a negative: {w:.4f}")
print("same thresholds:", np.array_equal(t_corr, t_sk),
      "| same precision:", np.allclose(p_corr, p_sk), "| same recall:", np.allclose(r_corr, r_sk))

# %%
p_test, r_test_curve, _ = precision_recall_curve(y_test, s_test)
p_true, r_true, _ = precision_recall_curve(y_dep, s_dep)
fig, ax = plt.subplots()
ax.plot(r_test_curve, p_test, drawstyle="steps-post", color=PALETTE["blue"], label="test set (1:10)")
ax.plot(r_corr, p_corr, drawstyle="steps-post", color=PALETTE["vermillion"], label="test set, corrected")
ax.plot(r_true, p_true, drawstyle="steps-post", color=PALETTE["black"], ls=":", label="deployment sample (true)")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.05),
       title=f"PR curves: test prevalence {y_test.mean():.3f}, deployment {pi_dep:.3f}")
ax.legend()
plt.show()

# %% [markdown]
# The corrected curve follows the true deployment curve closely (the residual
# wiggles are sampling noise: 800 positives in each set). At high thresholds
# the test set has almost no false positives, so the corrected precision
# there rests on a handful of counts; notebook 07 puts intervals on it.
#
# ## 5. F1 and average precision at the deployment prevalence
#
# F1 combines precision and recall, so it moves with precision. Average
# precision (AP) summarises the PR curve, so it moves too. Both come from the
# test set with the negatives weighted by $w$.

# %%
f1_by_hand = metrics_at_threshold(y_test, s_test, 0.5, pi_dep)["f1_deploy"]
summary = pd.DataFrame({
    "test set": [f1_score(y_test, s_test >= 0.5), average_precision_score(y_test, s_test)],
    "corrected (weighted test set)": [f1_score(y_test, s_test >= 0.5, sample_weight=weights),
                                      average_precision_score(y_test, s_test, sample_weight=weights)],
    "true (deployment sample)": [f1_score(y_dep, s_dep >= 0.5), average_precision_score(y_dep, s_dep)],
}, index=["F1 at 0.5", "average precision"])
print(f"F1 from the corrected precision and recall, 2PR/(P+R): {f1_by_hand:.4f}")
summary.round(4).rename_axis(columns="metric")

# %% [markdown]
# Both fall at the deployment prevalence, and the weighted test set predicts
# the deployment sample's values, up to the sampling noise of two sets of 800
# positives. F1 falls less than precision did, because the harmonic mean is
# held down by the low recall, which does not move.

# %% [markdown]
# ## 6. The microchip example
#
# A factory expects one defective chip in 10 000. We have images of 300
# defective chips. A test set with the factory's balance would need
# 300 × 10 000 good-chip images, each checked by hand; instead the test set
# is built at 1:10.

# %%
n_defective, ratio_factory, ratio_test = 300, 10_000, 10
print(f"good chips needed for a realistic test set: {n_defective * ratio_factory:,}")
print(f"fold change of the negative-to-positive ratio: {ratio_factory // ratio_test:,}")

# %% [markdown]
# **Which test precision do we need for a deployed precision of 0.33?** Write
# $f = 1000$ for the fold change and solve $0.33 = \text{TP}/(\text{TP} + f\,\text{FP})$
# for FP:
#
# $$0.33\,(\text{TP} + 1000\,\text{FP}) = \text{TP}
#   \;\Rightarrow\; 330\,\text{FP} = (1 - 0.33)\,\text{TP} = 0.67\,\text{TP}
#   \;\Rightarrow\; \text{FP} = \frac{0.67\,\text{TP}}{330}.$$
#
# The blog post writes $\text{FP} = 1.33\,\text{TP}/330$: it added $0.33\,\text{TP}$
# where it should have subtracted it ($1 + 0.33$ instead of $1 - 0.33$). That
# turns the test precision $1/(1 + \text{FP}/\text{TP})$ into 0.996 instead of
# 0.998. We compute both, and plug each FP back in to see which one really
# gives 0.33 in deployment.

# %%
target, fold = 0.33, ratio_factory / ratio_test
fp_per_tp = {"correct: (1 - 0.33) / 330": (1 - target) / (target * fold),
             "blog post: (1 + 0.33) / 330": (1 + target) / (target * fold)}
for label, k in fp_per_tp.items():
    test_precision = 1 / (1 + k)
    deployed = corrected_precision(tp=1.0, fp=k, test_ratio=ratio_test, deploy_ratio=ratio_factory)
    print(f"{label}: FP/TP = {k:.6f}, test precision {test_precision:.4f}, deployed precision {deployed:.4f}")

# %% [markdown]
# Only the corrected algebra reproduces 0.33 after deployment; the blog post's FP
# would give about 0.20. The lesson of the example stands, and is even
# starker: a test precision of about **0.998** (not 0.996) shrinks to 0.33 on
# the factory floor.
#
# ## 7. The earthquake example
#
# An early-warning model looks at 10-second windows of seismic data. How many
# windows are there in a year, and what is the prevalence if 2–3 significant
# quakes happen per year?

# %%
windows_per_year = 365 * 24 * 3600 // 10
quakes_per_year = 2.5
pi_quake = quakes_per_year / windows_per_year
print(f"10-second windows per year: {windows_per_year:,}")
print(f"prevalence: {quakes_per_year} / {windows_per_year:,} = {pi_quake:.3e} (1 in {1 / pi_quake:,.0f})")

# %% [markdown]
# Suppose a model catches 90 % of quakes (TPR 0.9) and raises a false alarm on
# 0.1 % of quiet windows (FPR 0.001), which would look excellent on a
# balanced test set.

# %%
tpr_q, fpr_q = 0.9, 0.001
prec_q = precision_at_prevalence(tpr_q, fpr_q, pi_quake)
false_alarms = fpr_q * (windows_per_year - quakes_per_year)
fpr_needed = tpr_q * pi_quake / (1 - pi_quake)  # FPR at which precision is 0.5
print(f"precision at deployment: {prec_q:.3%}  (about 1 true alarm in {1 / prec_q:,.0f})")
print(f"false alarms per year: {false_alarms:,.0f}, true alarms per year: {tpr_q * quakes_per_year:.2f}")
print(f"FPR needed for precision 0.5: 1 in {1 / fpr_needed:,.0f} quiet windows, "
      f"i.e. {fpr_needed * (windows_per_year - quakes_per_year):.2f} false alarms a year")

# %% [markdown]
# About 3 154 false alarms a year for 2.25 true ones. And every station you
# monitor scores its own 3 153 600 quiet windows a year: the number of
# negatives, and with it the false alarms, multiplies with the stations,
# while the quakes to catch stay the same 2–3. Nobody could label a test set
# at such a prevalence; the correction is the only way to see these numbers
# before deployment.
#
# ## 8. Assumptions, and what happens when they fail
#
# The blog post lists three assumptions:
#
# 1. the training and test sets are random samples of the deployment
#    situation — more exactly, each class looks the same in the test set and
#    in deployment (the *prior-shift* assumption: only the class balance
#    changes, so TPR and FPR at every threshold carry over);
# 2. we know the true class balance in deployment;
# 3. the model's probabilities are calibrated (among the cases scored 0.3,
#    about 30 % are positive).
#
# The first is what the literature calls *prior shift* or *label shift*
# (Saerens, Latinne & Decaestecker, 2002; Moreno-Torres et al., 2012, who
# classify the kinds of dataset shift).
#
# **Assumption 1 broken.** Suppose the deployment negatives are not like the
# test negatives: the factory brings in a new supplier whose good chips look a
# bit more like defective ones. We mimic this by resampling the deployment
# negatives, favouring those with a high value of the feature that most
# raises the model's score: row $i$ is drawn with probability proportional to
# $\exp(\text{strength}\cdot x_{ik})$ (`shifted_negatives`). The prevalence
# stays the same. The function below draws with a fresh generator, so it
# gives the same sample every time it is called.

# %%
k = int(np.argmax(model[-1].coef_[0]))  # the feature that raises the score most (per standard deviation)


def deployment_with_new_negatives(strength):
    """The deployment positives, and its negatives resampled towards high values of feature k."""
    new_neg = shifted_negatives(X, deploy[y_dep == 0], feature=k, strength=strength, rng=np.random.default_rng(1))
    idx = np.r_[deploy[y_dep == 1], new_neg]
    return y[idx], model.predict_proba(X[idx])[:, 1]


y_sh, s_sh = deployment_with_new_negatives(strength=0.5)
c_sh = confusion_counts(y_sh, s_sh >= 0.5)
print(f"prevalence {y_sh.mean():.4f} (unchanged); FPR at 0.5: test {m_test['fpr']:.4f}, "
      f"new negatives {metric_zoo(c_sh)['fpr']:.4f} ({metric_zoo(c_sh)['fpr'] / m_test['fpr']:.1f} times as high)")
print(f"corrected precision (from the test set): {rows['corrected to deployment'][0]:.3f}; "
      f"true precision with the new negatives: {metric_zoo(c_sh)['precision']:.3f}")

# %%
p_sh, r_sh, _ = precision_recall_curve(y_sh, s_sh)
fig, ax = plt.subplots()
ax.plot(r_corr, p_corr, drawstyle="steps-post", color=PALETTE["vermillion"], label="corrected from the test set")
ax.plot(r_true, p_true, drawstyle="steps-post", color=PALETTE["black"], ls=":", label="deployment, same negatives")
ax.plot(r_sh, p_sh, drawstyle="steps-post", color=PALETTE["purple"], label="deployment, new kind of negatives")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.05), title="Prior-shift correction when negatives change")
ax.legend()
plt.show()

# %% [markdown]
# The correction only knows how many negatives there are, not what they look
# like. When the negatives change, FPR changes, and the corrected curve is too
# optimistic. Check for this by comparing the score distribution of unlabeled
# deployment data with the test set's (notebook 08).
#
# **Assumption 2 broken.** Precision is only as good as the prevalence we plug
# in. If the real prevalence were half or twice what we assumed:

# %%
for factor in (0.5, 1, 2):
    p = precision_at_prevalence(m_test["recall"], m_test["fpr"], factor * pi_dep)
    print(f"prevalence {factor:>3} x {pi_dep:.4f}: precision at 0.5 = {p:.3f}")

# %% [markdown]
# **Assumption 3 is not needed for this correction.** FP rescaling uses only
# counts above a threshold, so any order-preserving change of the scores gives
# the same corrected curve (just with different threshold values). Calibration
# matters when the scores are read as probabilities, for instance when a
# threshold is chosen as "probability > 0.5" at the new prior (see
# `adjust_posteriors` in notebook 08), not for the precision–recall trade-off
# itself. Here the scores are cubed, which ruins calibration:

# %%
p_cubed, r_cubed, _ = corrected_pr_curve(y_test, s_test**3, deploy_prevalence=pi_dep)
print("same corrected curve after cubing the scores:", np.allclose(p_cubed, p_corr) and np.allclose(r_cubed, r_corr))

# %% [markdown]
# ## 9. Try it: slide the deployment prevalence
#
# The dashboard draws the test set's PR curve and the curve corrected to a
# deployment prevalence set on a log scale (from 1 in a million to 1 in 2,
# shown as a percentage), and marks one threshold on both. Its starting point
# is the deployment prevalence of our sample (1 in 53, 1.9 %) and threshold
# 0.5; the numbers it shows are these:

# %%
start = metrics_at_threshold(y_test, s_test, 0.5, pi_dep)
print(", ".join(f"{key} {value}" if isinstance(value, int) else f"{key} {value:.4f}" for key, value in start.items()))

# %% tags=["nbval-ignore-output"]
prior_shift_dashboard(y_test, s_test, deploy_prevalence=pi_dep, threshold=0.5)

# %% [markdown]
# Things to try: move the prevalence to 0.01 % (1 in 10 000, the microchip factory) and watch
# the corrected curve sink; raise the threshold until the test set has no
# false positives and see the corrected precision jump to 1 — a sign that the
# test set is too small to say anything there.
#
# ## Summary
#
# - Recall carries over from test to deployment; precision, F1 and average
#   precision do not.
# - Correct precision by multiplying FP by the fold change of the
#   negative-to-positive ratio; this is Bayes' rule with TPR, FPR and the
#   deployment prevalence. At every threshold it gives the corrected PR curve,
#   the same as scikit-learn's curve with `sample_weight` = `negative_weight`
#   on the negatives; F1 and AP follow with the same weights.
# - Microchips: 1:10 in test, 1:10 000 in the factory is a 1000-fold change;
#   a deployed precision of 0.33 needs a test precision of about 0.998 (the
#   blog post's 0.996 comes from an algebra slip, 1 + 0.33 for 1 − 0.33).
# - Earthquakes: 3 153 600 windows a year and 2–3 quakes give a prevalence
#   near 8 × 10⁻⁷; a model with TPR 0.9 and FPR 0.001 would raise about 3 154
#   false alarms a year for 2.25 true ones, and more stations multiply the
#   false alarms, not the quakes.
# - The correction assumes each class looks the same in test and deployment
#   and that the prevalence is known. If the negatives change, it is wrong.
#   It does not need calibrated scores.
# - In odds, Bayes' rule is one product: post-test odds = pre-test odds ×
#   LR+, and the post-test probability is the deployment precision.
#
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell. `ex1.hint()` gives a hint (two at most),
# `ex1.solution()` the answer.
#
# **Exercise 1.** In the microchip factory (fold change 1000), which test
# precision is needed for a deployed precision of 0.9? Use
# `corrected_precision` to check your answer. Give five decimals.

# %%
from helpers.exercises import nb06

ex1 = nb06.exercise_1(fold_change=1000, target=0.9)
answer = ...  # the test precision
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# $0.9 = \text{TP}/(\text{TP} + 1000\,\text{FP})$ gives
# $\text{FP}/\text{TP} = (1 - 0.9)/(0.9 \cdot 1000) = 1/9000$, so the test
# precision must be $1/(1 + 1/9000) \approx 0.99989$. Plugged back into
# `corrected_precision`, this FP per TP gives exactly 0.9 in the factory.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
fp_per_tp = (1 - 0.9) / (0.9 * 1000)
print(f"target 0.9, fold change 1000: FP/TP = 1/{1 / fp_per_tp:.0f}, test precision {1 / (1 + fp_per_tp):.5f}")
print(f"deployed: {corrected_precision(tp=1.0, fp=fp_per_tp, test_ratio=10, deploy_ratio=10_000):.1f}")
answer = 1 / (1 + fp_per_tp)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Compute the average precision of our model at the
# microchip prevalence (1 in 10 000) and at the earthquake prevalence. Does
# ROC AUC change? Your answer: the two APs, then the ROC AUC at 1 in 10 000.

# %%
ex2 = nb06.exercise_2(y_test, s_test, prevalences=[1e-4, pi_quake])
answer = ...  # (AP at 1 in 10 000, AP at the earthquake prevalence, ROC AUC at 1 in 10 000)
ex2.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Weight every test negative with `negative_weight(800, 8000, prevalence)`
# and pass the weights to `average_precision_score` and `roc_auc_score`.
# AP falls from 0.65 on the test set to about 0.28 at 1 in 10 000, and
# hardly further (0.27) at the earthquake prevalence. Why so little? At
# the highest scores the test set has no false positives at all (its 215
# highest-scored rows are all positives), so the corrected precision there
# stays 1 whatever the weight: 8 000 test
# negatives cannot measure an FPR of one in a million, and the corrected AP
# is optimistic. The weighted ROC AUC equals the unweighted one (0.821),
# because TPR and FPR are ratios within each class and a common weight on all
# negatives cancels.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
print(f"test set: AP {average_precision_score(y_test, s_test):.2f}, ROC AUC {roc_auc_score(y_test, s_test):.3f}")
for name, prev in (("microchips, 1 in 10 000", 1e-4), ("earthquakes", pi_quake)):
    wt = np.where(y_test == 1, 1.0, negative_weight(800, 8000, prev))
    print(f"{name}: AP {average_precision_score(y_test, s_test, sample_weight=wt):.2f}, "
          f"ROC AUC {roc_auc_score(y_test, s_test, sample_weight=wt):.3f}")
first_fp = int(np.argmax(y_test[np.argsort(-s_test)] == 0))  # positives ranked above the first negative
print(f"the {first_fp} highest test scores are all positives: no false positive there, whatever the weight")
weight_microchips = np.where(y_test == 1, 1.0, negative_weight(800, 8000, 1e-4))
weight_quakes = np.where(y_test == 1, 1.0, negative_weight(800, 8000, pi_quake))
answer = (average_precision_score(y_test, s_test, sample_weight=weight_microchips),
          average_precision_score(y_test, s_test, sample_weight=weight_quakes),
          roc_auc_score(y_test, s_test, sample_weight=weight_microchips))
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** In section 8, make the shift milder: call
# `deployment_with_new_negatives(strength=0.2)`. How far is the corrected
# precision at 0.5 from the truth now? Your answer: corrected minus true
# precision.

# %%
ex3 = nb06.exercise_3(deployment_with_new_negatives, strength=0.2, y_test=y_test, s_test=s_test,
                      deploy_prevalence=pi_dep)
answer = ...  # corrected precision minus true precision, at threshold 0.5
ex3.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# With strength 0.2, the FPR of the new negatives at 0.5 is 0.0041 instead
# of 0.0093 (test set: 0.0022, so 1.8 times the test FPR instead of 4.1 times), and the true precision 0.65 instead
# of 0.45, against the corrected 0.76. The correction is exactly as
# wrong as the FPR it borrows from the test set. (The function draws with a
# fresh generator, `np.random.default_rng(1)`, so these numbers come out the
# same on every run.)
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
for strength in (0.2, 0.5):
    y_new, s_new = deployment_with_new_negatives(strength)
    m_new = metric_zoo(confusion_counts(y_new, s_new >= 0.5))
    print(f"strength {strength}: FPR of the new negatives {m_new['fpr']:.4f} (test {m_test['fpr']:.4f}), "
          f"= {m_new['fpr'] / m_test['fpr']:.1f} times the test FPR, true precision {m_new['precision']:.2f}, "
          f"corrected {rows['corrected to deployment'][0]:.2f}")
y_new, s_new = deployment_with_new_negatives(0.2)
answer = rows["corrected to deployment"][0] - precision_score(y_new, s_new >= 0.5)
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q1.check("b")` (a letter) or `quiz.q2.check(12)` (a number).

# %%
quiz = nb06.quiz(y_test, s_test, deploy_prevalence=pi_dep)
quiz.show()

# %%
quiz.q1.check(...)  # your letter, e.g. "a"

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check("b")
quiz.q2.check(r_dep / r_test)
quiz.q3.check("b")
quiz.q4.check("b")
