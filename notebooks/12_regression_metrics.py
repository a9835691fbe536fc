# %% [markdown]
# # 12 · Regression metrics
#
# The rest of the course is about classifiers. When the target is a number,
# there is no confusion matrix, but the same questions come back: which
# mistakes matter, how to put them on a scale a user understands, and whether
# over- and under-estimates cost the same. This short notebook goes through
# the usual regression metrics and the plots that show *where* a model errs.
#
# **Learning goals**
#
# - compute R², MSE, RMSE, MAE, median absolute error and MAPE, and know what
#   scale each lives on and how each reacts to outliers;
# - read a prediction plot, a residual plot and residuals against a feature,
#   and tell regression to the mean from miscalibration;
# - handle asymmetric costs of over- and under-prediction with the pinball
#   (quantile) loss and a quantile regression;
# - use regression metrics in cross-validation (`scoring="neg_mean_squared_error"`),
#   and read one test score against the spread of the folds.

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy.stats import binomtest, linregress
from scipy.stats import t as student_t
from sklearn.datasets import load_diabetes
from sklearn.dummy import DummyRegressor
from sklearn.linear_model import LinearRegression, QuantileRegressor, Ridge
from sklearn.metrics import (
    PredictionErrorDisplay,
    make_scorer,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_pinball_loss,
    mean_squared_error,
    median_absolute_error,
    r2_score,
    root_mean_squared_error,
)
from sklearn.model_selection import ShuffleSplit, cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.binned import binned_means
from helpers.plotting import PALETTE, use_course_style

use_course_style()

# %% [markdown]
# ## Data and model
#
# [The lecture slides](00_start_here.ipynb#Sources) used the Boston housing
# data and `Ridge(normalize=True)`; both are gone from scikit-learn (the data
# set for ethical problems with one of its columns, the argument in favour of
# an explicit scaling step). We use
# the diabetes data that ships with scikit-learn: 442 patients, ten baseline
# measurements, and a number measuring disease progression one year later.
# Scaling is a `StandardScaler` in a pipeline in front of the ridge regression.

# %%
diabetes = load_diabetes(scaled=False)
X, y = diabetes.data, diabetes.target
feature_names = diabetes.feature_names
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
ridge = make_pipeline(StandardScaler(), Ridge()).fit(X_train, y_train)
pred = ridge.predict(X_test)
print(f"{X.shape[0]} patients, {X.shape[1]} features; target from {y.min():.0f} to {y.max():.0f}")
print(f"{len(y_train)} training and {len(y_test)} test patients")

# %% [markdown]
# ## The standard metrics
#
# With residuals $e_i = y_i - \hat y_i$:
#
# | metric | formula | scale |
# |---|---|---|
# | MSE | $\frac1n\sum e_i^2$ | squared target units |
# | RMSE | $\sqrt{\text{MSE}}$ | target units |
# | MAE | $\frac1n\sum \lvert e_i\rvert$ | target units |
# | median AE | $\operatorname{median}\lvert e_i\rvert$ | target units |
# | R² | $1 - \sum e_i^2 / \sum (y_i-\bar y)^2$ | 1 = perfect, 0 = predicting the mean |

# %%
metrics = {
    "R²": r2_score(y_test, pred),
    "MSE": mean_squared_error(y_test, pred),
    "RMSE": root_mean_squared_error(y_test, pred),
    "MAE": mean_absolute_error(y_test, pred),
    "median AE": median_absolute_error(y_test, pred),
}
for name, value in metrics.items():
    print(f"{name:>10}: {value:8.3f}")

# %% [markdown]
# R² by hand, to see what it compares: the squared error of the model against
# the squared error of always predicting the test mean.

# %%
residuals = y_test - pred
r2_by_hand = 1 - np.sum(residuals**2) / np.sum((y_test - y_test.mean()) ** 2)
print(f"R² by hand {r2_by_hand:.4f}   r2_score {r2_score(y_test, pred):.4f}")

# %% [markdown]
# **Robustness.** Squares let a few large errors dominate. Suppose one
# prediction goes badly wrong (off by 500). MSE jumps, MAE moves a little,
# the median absolute error hardly at all:

# %%
broken = pred.copy()
broken[0] += 500
for name, fn in [("MSE", mean_squared_error), ("MAE", mean_absolute_error), ("median AE", median_absolute_error)]:
    print(f"{name:>10}: {fn(y_test, pred):8.1f} -> {fn(y_test, broken):8.1f}")

# %% [markdown]
# ## Absolute or relative: MAPE
#
# An error of 30 is small for a target of 300 and large for a target of 30.
# The mean absolute percentage error scales each error by the true value. The
# slides write it in per cent:
#
# $$\text{MAPE} = \frac{100}{n}\sum_{i=1}^{n}\left|\frac{y_i-\hat y_i}{y_i}\right|$$
#
# scikit-learn's `mean_absolute_percentage_error` leaves out the 100: it
# returns a fraction (0.38 means 38 %).

# %%
mape_percent = 100 / len(y_test) * np.sum(np.abs((y_test - pred) / y_test))
mape_sklearn = mean_absolute_percentage_error(y_test, pred)
print(f"MAPE by the slides' formula: {mape_percent:.2f} (per cent)")
print(f"mean_absolute_percentage_error: {mape_sklearn:.4f} (fraction) = {100 * mape_sklearn:.2f} %")

# %% [markdown]
# MAPE explodes when true values are near 0 and punishes over-prediction of
# small targets hardest; it only makes sense for targets far from zero, like
# this one (smallest value 25).

# %% [markdown]
# ## Prediction and residual plots
#
# One number hides *where* the errors are. The prediction plot puts the truth
# against the prediction (a perfect model sits on the diagonal); the residual
# plot shows $y - \hat y$ against the prediction, which should look like
# structureless noise around 0. `PredictionErrorDisplay` draws both.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
PredictionErrorDisplay.from_predictions(
    y_test, pred, kind="actual_vs_predicted", ax=axes[0], scatter_kwargs={"color": PALETTE["blue"], "alpha": 0.6}
)
axes[0].set_title("Prediction plot (test set)")
PredictionErrorDisplay.from_predictions(
    y_test, pred, kind="residual_vs_predicted", ax=axes[1], scatter_kwargs={"color": PALETTE["blue"], "alpha": 0.6}
)
axes[1].set_title("Residual plot (test set)")
plt.show()

# %% [markdown]
# The points scatter widely around the diagonal, and the cloud looks tilted.
# The true value is on the vertical axis, so a patient above the diagonal is
# under-predicted ($y > \hat y$): the patients with the largest true values
# mostly sit above the diagonal (under-predicted), those with the smallest
# below it (over-predicted). That is **regression to the mean**, not in itself
# a flaw of this model and not a sign of shrinkage. A calibrated model that
# explains only part of the variance (R² < 1) shows it: a patient picked *for*
# an extreme true value is extreme partly by the noise the model cannot
# predict, so the prediction is, on average, less extreme than the truth.
#
# Which way we bin decides what we see. Group the test patients by their
# **prediction** and take the mean true value in each group: for a
# well-calibrated model, $E[y \mid \hat y] = \hat y$, these points lie on the
# diagonal. Group them by their **true value** and take the mean prediction:
# these points follow $E[\hat y \mid y]$, whose slope against $y$ is
# $b = \operatorname{corr}(y, \hat y)\cdot \operatorname{sd}(\hat y)/\operatorname{sd}(y)$.
# For a calibrated model $\operatorname{sd}(\hat y)/\operatorname{sd}(y) = \operatorname{corr}(y, \hat y)$,
# so $b = \operatorname{corr}^2 = R^2$, below 1 whenever R² < 1. In the figure
# below the prediction is on the horizontal axis, so this second line (orange)
# looks *steeper* than the diagonal, with slope $1/b$ in the picture. Both from
# the same 111 points, in fifths (`helpers.binned.binned_means`):

# %%
BINS = 5
by_prediction = binned_means(pred, y_test, bins=BINS)  # (mean prediction, mean truth) per bin of the prediction
by_truth = binned_means(y_test, pred, bins=BINS)  # (mean truth, mean prediction) per bin of the truth

fig, ax = plt.subplots(figsize=(5.6, 5.2))
ax.scatter(pred, y_test, color=PALETTE["sky"], alpha=0.5, s=16, label="test patients")
ax.plot(*by_prediction, color=PALETTE["blue"], marker="o", label="mean truth per fifth of the prediction")
ax.plot(by_truth[1], by_truth[0], color=PALETTE["orange"], marker="s", label="mean prediction per fifth of the truth")
lims = [min(pred.min(), y_test.min()), max(pred.max(), y_test.max())]
ax.plot(lims, lims, color="black", linestyle="--", linewidth=0.8, label="diagonal")
ax.set_xlabel("predicted progression")
ax.set_ylabel("true progression")
ax.set_title("Two ways to bin one scatter")
ax.legend(fontsize="small")
plt.show()
print("bins of the prediction: mean prediction", np.round(by_prediction[0]).astype(int).tolist(),
      " mean truth", np.round(by_prediction[1]).astype(int).tolist())
print("bins of the truth:      mean truth     ", np.round(by_truth[0]).astype(int).tolist(),
      " mean prediction", np.round(by_truth[1]).astype(int).tolist())

# %% [markdown]
# The two slopes in numbers: regress the truth on the prediction (the
# calibration slope, 1 for a calibrated model) and the prediction on the
# truth (the regression-to-the-mean slope). On the training rows, least
# squares makes the first exactly 1 and the second exactly R². Plain least
# squares without any penalty shows the same, so the tilt is not the ridge
# penalty's shrinkage of the coefficients (which is slight here):

# %%
ols = make_pipeline(StandardScaler(), LinearRegression()).fit(X_train, y_train)
for name, model in [("ridge", ridge), ("least squares", ols)]:
    for part, X_part, y_part in [("train", X_train, y_train), ("test", X_test, y_test)]:
        p = model.predict(X_part)
        calibration = np.polyfit(p, y_part, 1)[0]
        to_the_mean = np.polyfit(y_part, p, 1)[0]
        print(f"{name:>13}, {part:>5}: R² {r2_score(y_part, p):.3f}   slope of truth on prediction {calibration:.3f}   "
              f"slope of prediction on truth {to_the_mean:.3f}")

# %% [markdown]
# On the training rows the least-squares fit is calibrated, and the slope of
# the prediction on the truth equals R². On the test patients it does not: the
# formula for $b$ holds, but the model is not exactly calibrated there. And
# R² < 1 alone does not make $b < 1$: stretch the ridge predictions 2.5 times
# about their mean and R² falls below 0 while $b$ rises above 1. The slope of
# the truth on the prediction gets a standard error and a 95 % interval from
# the usual least-squares formulas (`scipy.stats.linregress`):

# %%
corr = np.corrcoef(y_test, pred)[0, 1]
sd_ratio = pred.std() / y_test.std()
print(f"ridge, test: corr {corr:.3f} x sd(prediction)/sd(truth) {sd_ratio:.3f} = {corr * sd_ratio:.3f} "
      f"(slope of prediction on truth {np.polyfit(y_test, pred, 1)[0]:.3f}; R² {r2_score(y_test, pred):.3f})")
stretched = pred.mean() + 2.5 * (pred - pred.mean())
print(f"stretched 2.5 times: R² {r2_score(y_test, stretched):.2f}, "
      f"slope of prediction on truth {np.polyfit(y_test, stretched, 1)[0]:.2f}")
fit = linregress(pred, y_test)
half = student_t.ppf(0.975, len(y_test) - 2) * fit.stderr
print(f"calibration slope {fit.slope:.3f}, standard error {fit.stderr:.3f}, "
      f"95 % interval {fit.slope - half:.2f} to {fit.slope + half:.2f}")

# %% [markdown]
# On the test patients the slope of the prediction on the truth is about
# 0.44, far below 1, for both models: regression to the mean. The calibration
# slope is 0.84, but its 95 % interval reaches above 1: 111 test patients
# cannot tell this model from a calibrated one. A slope below 1 would mean the
# predictions vary more than the mean truth at each prediction,
# $E[y \mid \hat y]$ (the usual mild optimism of a model fitted on 331 rows,
# and the opposite of over-shrinking); they still vary *less* than the truth
# itself, as the ratio of standard deviations shows. The actual-vs-predicted
# plot answers "is the model calibrated?" only when binned on the prediction.

# %% [markdown]
# ## Target and residuals against a feature
#
# Plotting against one input at a time shows what the model misses. Body mass
# index (`bmi`) has the largest correlation with the target over all 442
# patients, just ahead of `s5`. Whether that order is settled, a bootstrap
# over the patients shows (2 000 resamples, a fixed random seed):

# %%
correlations = {name: np.corrcoef(X[:, j], y)[0, 1] for j, name in enumerate(feature_names)}
for name, r in sorted(correlations.items(), key=lambda item: -abs(item[1]))[:3]:
    print(f"{name:>4}: correlation with the target {r:+.3f}")
rows = np.random.default_rng(0).integers(0, len(y), size=(2_000, len(y)))


def row_corr(a, b):
    """Correlation of each row of a with the same row of b."""
    a, b = a - a.mean(axis=1, keepdims=True), b - b.mean(axis=1, keepdims=True)
    return np.sum(a * b, axis=1) / np.sqrt(np.sum(a * a, axis=1) * np.sum(b * b, axis=1))


boot = {name: row_corr(X[rows, feature_names.index(name)], y[rows]) for name in ["bmi", "s5"]}
print(f"bmi ahead of s5 in {np.mean(boot['bmi'] > boot['s5']):.0%} of the bootstrap resamples")

# %% [markdown]
# The orange line is the mean within each tenth of the test patients' `bmi`
# values (by quantile).

# %%
bmi = X_test[:, feature_names.index("bmi")]
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
for ax, values, label in [(axes[0], y_test, "target (progression)"), (axes[1], residuals, "residual y − ŷ")]:
    ax.scatter(bmi, values, color=PALETTE["blue"], alpha=0.6, s=18)
    ax.plot(*binned_means(bmi, values), color=PALETTE["orange"], marker="o")
    ax.set_xlabel("body mass index")
    ax.set_ylabel(label)
axes[0].set_title("Target against bmi")
axes[1].axhline(0, color="black", linewidth=0.8)
axes[1].set_title("Residual against bmi")
plt.show()

# %% [markdown]
# So `bmi` is one of the two strongest single predictors, not clearly the
# strongest. The target rises with it; after the model, the residuals scatter around 0
# without a clear trend. A linear model leaves (almost) no *linear* trend in
# the residuals against a feature it uses; what to look for is curvature, a
# funnel shape, or a trend against a feature the model does not use.

# %% [markdown]
# ## Over- versus under-prediction
#
# Often the two directions of error do not cost the same. Staffing a clinic
# for the predicted number of visits: too many staff wastes money, too few
# leaves patients waiting. Say under-predicting costs three times as much as
# over-predicting, linearly in the size of the error. That is the **pinball
# loss** with $\alpha = 0.75$:
#
# $$L_\alpha(y, \hat y) = \begin{cases} \alpha\,(y-\hat y) & y \ge \hat y \text{ (under-prediction)}\\
#   (1-\alpha)\,(\hat y - y) & y < \hat y \text{ (over-prediction)}\end{cases}$$
#
# Its minimiser is the $\alpha$-quantile of the target, not the mean, so the
# model to fit is a quantile regression.

# %%
ALPHA = 0.75
quantile = make_pipeline(StandardScaler(), QuantileRegressor(quantile=ALPHA, alpha=0.0)).fit(X_train, y_train)
pred_q = quantile.predict(X_test)
for name, p in [("ridge (mean)", pred), ("quantile 0.75", pred_q)]:
    under = np.mean(y_test > p)
    print(f"{name:>14}: pinball loss {mean_pinball_loss(y_test, p, alpha=ALPHA):6.2f}, "
          f"under-predicted {under:.0%}, MAE {mean_absolute_error(y_test, p):5.1f}")

# %%
se = np.sqrt((1 - ALPHA) * ALPHA / len(y_test))
print(f"standard error of a share of 0.25 among {len(y_test)} patients: {se:.3f}")

# %% [markdown]
# The quantile model has the lower asymmetric cost although its MAE is worse:
# it deliberately predicts high, so only about one patient in five is
# under-predicted (the aim is one in four; with 111 test patients the share
# has a binomial standard error of about four percentage points, printed in
# the cell above, so the two agree within noise). Cost need not be linear either (e.g. a fixed penalty for any
# shortage); write it as a function of $y$ and $\hat y$ and use it as below.

# %% [markdown]
# ## Regression metrics in cross-validation
#
# Scorers follow "higher is better", so losses come negated:
# `scoring="neg_mean_squared_error"` returns $-\text{MSE}$. Flip the sign to report it.

# %%
neg_mse = cross_val_score(make_pipeline(StandardScaler(), Ridge()), X, y, scoring="neg_mean_squared_error")
print("scores:       ", np.round(neg_mse, 1))
print(f"mean CV MSE:   {-neg_mse.mean():.1f}")
r2 = cross_val_score(make_pipeline(StandardScaler(), Ridge()), X, y, scoring="r2")
print("R² per fold:  ", np.round(r2, 3))
print(f"mean CV R²:    {r2.mean():.3f}")

# %% [markdown]
# **One test split against the folds.** The test set gave R² 0.358, the five
# folds 0.482 on average. The test R² is below every fold. Two things are
# behind it. The test MSE lies in the upper part of the folds' range, below
# the worst fold: the 111 test patients are at most a little harder to
# predict. And R² divides by the variance of the target *in the set it is
# computed on*; this test set's targets vary less than the data's, so the same
# squared error is a larger share of it. Dividing the test MSE by the variance
# of all patients instead separates the two:

# %%
test_mse = mean_squared_error(y_test, pred)
print(f"test MSE {test_mse:.0f}; fold MSEs from {-neg_mse.max():.0f} to {-neg_mse.min():.0f}")
print(f"variance of the target: test set {y_test.var():.0f}, all {len(y)} patients {y.var():.0f}")
r2_all_var = 1 - test_mse / y.var()
print(f"test MSE over the variance of all patients: R² {r2_all_var:.3f}; of the gap {r2.mean() - metrics['R²']:.3f} "
      f"to the folds' mean, {r2_all_var - metrics['R²']:.3f} comes from the test set's lower variance")

# %% [markdown]
# How unusual is that split? Repeat the random 331/111 split 200 times and
# look at the spread of the test R²:

# %%
splits = ShuffleSplit(n_splits=200, test_size=len(y_test), random_state=0)
r2_splits = cross_val_score(make_pipeline(StandardScaler(), Ridge()), X, y, scoring="r2", cv=splits)
low, mid, high = np.percentile(r2_splits, [2.5, 50, 97.5])
print(f"test R² over 200 random splits: median {mid:.3f}, 95 % of them between {low:.3f} and {high:.3f}")
n_low = int(np.sum(r2_splits <= r2_score(y_test, pred)))
ci = binomtest(n_low, len(r2_splits)).proportion_ci(confidence_level=0.95, method="exact")
print(f"splits with a test R² at or below {r2_score(y_test, pred):.3f}: {n_low} of {len(r2_splits)} "
      f"({n_low / len(r2_splits):.1%}; exact 95 % interval {ci.low:.1%} to {ci.high:.1%})")

# %% [markdown]
# Our split is an unlucky one, below the middle 95 % of the range: only 3 of
# the 200 random splits score as low (a Monte Carlo share, so it comes with an
# interval: a few per cent at most). A single test split of about a hundred
# rows moves R² by about ±0.1; report the cross-validated mean, show the
# spread of the folds or of repeated splits as a picture of how much one split
# moves, and treat one split's number as one draw. The folds' spread is not a
# standard error of the cross-validated mean: the folds share training rows,
# so their scores are correlated, and no unbiased estimate of that variance
# exists (Bengio & Grandvalet, 2004).

# %% [markdown]
# An asymmetric cost becomes a scorer with `make_scorer`:

# %%
pinball = make_scorer(mean_pinball_loss, alpha=ALPHA, greater_is_better=False)
for name, model in [("ridge", make_pipeline(StandardScaler(), Ridge())), ("quantile 0.75", quantile)]:
    scores = cross_val_score(model, X, y, scoring=pinball)
    print(f"{name:>14}: mean CV pinball loss {-scores.mean():.2f}")

# %% [markdown]
# ## Summary
#
# - R² is unit-free (1 perfect, 0 = the mean); MSE is in squared units,
#   RMSE and MAE in target units; the median absolute error ignores outliers.
# - MAPE measures relative error; the slides' formula is in per cent,
#   `mean_absolute_percentage_error` returns a fraction; avoid it near 0.
# - Prediction, residual and residual-vs-feature plots show where a model fails.
#   In an actual-vs-predicted plot, large true values under-predicted (above
#   the diagonal) and small ones over-predicted is regression to the mean
#   (slope $\operatorname{corr}\cdot\operatorname{sd}(\hat y)/\operatorname{sd}(y)$
#   of the prediction on the truth, equal to R² for a calibrated model);
#   calibration is read by binning on the *prediction*, with an interval for
#   its slope.
# - One test split of about a hundred rows is one draw: compare it with the
#   spread of cross-validation folds or of repeated splits before reading it
#   (that spread is not a standard error of the cross-validated mean).
# - When over- and under-prediction cost differently, use the pinball loss and
#   predict a quantile instead of the mean.
# - In `scoring=`, losses are negated: `"neg_mean_squared_error"`.

# %% [markdown]
# ## Exercises
#
# **1. A baseline.** What R², MAE and MAPE does a model get that always
# predicts the training mean? (Hint: `sklearn.dummy.DummyRegressor`.) How
# much does the ridge regression add?
#
# Each exercise has a checker built from this notebook's data: put your
# answer in place of `...` and run the cell. `ex1.hint()` gives a hint (two at
# most), `ex1.solution()` the answer.

# %%
from helpers.exercises import nb12

ex1 = nb12.exercise_1(y_train, y_test, pred)
answer = ...  # the baseline's (R², MAE, MAPE) on the test set
ex1.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 1
base = DummyRegressor().fit(X_train, y_train).predict(X_test)
for name, p in [("mean baseline", base), ("ridge", pred)]:
    print(f"{name:>13}: R² {r2_score(y_test, p):7.4f}  MAE {mean_absolute_error(y_test, p):5.1f}  "
          f"MAPE {mean_absolute_percentage_error(y_test, p):.3f}")
print(f"ridge cuts the MAE by {1 - mean_absolute_error(y_test, pred) / mean_absolute_error(y_test, base):.0%} "
      f"and MAPE by {1 - mean_absolute_percentage_error(y_test, pred) / mean_absolute_percentage_error(y_test, base):.0%}")
# The training mean scores R² just below 0 on the test set (0 would need the
# test mean itself); ridge cuts the MAE by about a fifth and MAPE by more than a quarter.
answer = (r2_score(y_test, base), mean_absolute_error(y_test, base), mean_absolute_percentage_error(y_test, base))
ex1.check(answer)

# %% [markdown]
# **2. A 90 % upper bound.** Fit a quantile regression for the 0.9 quantile.
# What share of test patients lies below its prediction? Is that close to 90 %?

# %%
ex2 = nb12.exercise_2(X_train, y_train, X_test, y_test)
answer = ...  # the share, a fraction between 0 and 1
ex2.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 2
q90 = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)
covered = np.mean(y_test <= q90.predict(X_test))
print(f"share of test targets at or below the 0.9-quantile prediction: {covered:.1%}")
print(f"binomial standard error of a share of 0.9 among {len(y_test)} patients: {np.sqrt(0.9 * 0.1 / len(y_test)):.1%}")
# Close to 90 %, up to sampling noise with 111 test patients (a binomial
# standard error of about 3 percentage points).
answer = covered
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q1.check("b")` (a letter) or `quiz.q4.check(12.3)` (a number).

# %%
quiz = nb12.quiz(y_test, pred)
quiz.show()

# %%
quiz.q1.check(...)  # your letter, e.g. "a"

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check("b")
quiz.q2.check("a")
quiz.q3.check("a")
quiz.q4.check(mean_absolute_error(y_test, pred))
