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
# - read a prediction plot, a residual plot and residuals against a feature;
# - handle asymmetric costs of over- and under-prediction with the pinball
#   (quantile) loss and a quantile regression;
# - use regression metrics in cross-validation (`scoring="neg_mean_squared_error"`).

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_diabetes
from sklearn.dummy import DummyRegressor
from sklearn.linear_model import QuantileRegressor, Ridge
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
from sklearn.model_selection import cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

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
print(f"{len(y_train)} training and {len(y_test)} test patients; target from {y.min():.0f} to {y.max():.0f}")

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
# The points fan out along the diagonal: large true values are under-predicted
# and small ones over-predicted, a sign of a model that explains only part of
# the variance (R² about 0.36) and shrinks towards the mean.

# %% [markdown]
# ## Target and residuals against a feature
#
# Plotting against one input at a time shows what the model misses. Body mass
# index (`bmi`) is the strongest single predictor here. The orange line is the
# mean within each tenth of the `bmi` range (by quantile).

# %%
def binned_means(x, v, bins=10):
    """Mean of v within each quantile bin of x; returns bin centres and means."""
    edges = np.quantile(x, np.linspace(0, 1, bins + 1))
    which = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, bins - 1)
    centres = np.array([x[which == b].mean() for b in range(bins)])
    means = np.array([v[which == b].mean() for b in range(bins)])
    return centres, means


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
# The target rises with `bmi`; after the model, the residuals scatter around 0
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

# %% [markdown]
# The quantile model has the lower asymmetric cost although its MAE is worse:
# it deliberately predicts high, so only about one patient in five is
# under-predicted (the aim is one in four). Cost need not be linear either (e.g. a fixed penalty for any
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
print(f"mean CV R²:    {r2.mean():.3f}")

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
# - When over- and under-prediction cost differently, use the pinball loss and
#   predict a quantile instead of the mean.
# - In `scoring=`, losses are negated: `"neg_mean_squared_error"`.

# %% [markdown]
# ## Exercises
#
# **1. A baseline.** What R², MAE and MAPE does a model get that always
# predicts the training mean? (Hint: `sklearn.dummy.DummyRegressor`.) How
# much does the ridge regression add?

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 1
base = DummyRegressor().fit(X_train, y_train).predict(X_test)
for name, p in [("mean baseline", base), ("ridge", pred)]:
    print(f"{name:>13}: R² {r2_score(y_test, p):7.4f}  MAE {mean_absolute_error(y_test, p):5.1f}  "
          f"MAPE {mean_absolute_percentage_error(y_test, p):.3f}")
# The training mean scores R² just below 0 on the test set (0 would need the
# test mean itself); ridge cuts the MAE by about a fifth and MAPE by a quarter.

# %% [markdown]
# **2. A 90 % upper bound.** Fit a quantile regression for the 0.9 quantile.
# What share of test patients lies below its prediction? Is that close to 90 %?

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 2
q90 = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)
covered = np.mean(y_test <= q90.predict(X_test))
print(f"share of test targets at or below the 0.9-quantile prediction: {covered:.1%}")
# Close to 90 %, up to sampling noise with 111 test patients (a binomial
# standard error of about 3 percentage points).
