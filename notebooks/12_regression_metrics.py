# %% [markdown]
# # 12 · Regression metrics
#
# How to score a model that predicts a number: the usual metrics, the plots
# that show where it errs, and a loss for errors whose two directions cost
# differently.
#
# **Time on your own:** about 75 minutes.
#
# **Learning goals**
#
# - compute R², MSE, RMSE, MAE, median absolute error and MAPE, and know what
#   scale each lives on and how each reacts to an outlier;
# - read a prediction plot and a residual plot, and tell regression to the
#   mean from miscalibration;
# - judge whether a trend in the residuals is more than noise;
# - handle asymmetric costs of over- and under-prediction with the pinball
#   loss and a quantile regression;
# - use regression metrics in cross-validation (`scoring="neg_mean_squared_error"`),
#   and read one test score against the spread of repeated splits.

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy.stats import binomtest, linregress
from scipy.stats import t as student_t
from sklearn.datasets import load_diabetes
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
from sklearn.model_selection import ShuffleSplit, cross_val_predict, cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.binned import binned_means
from helpers.plotting import PALETTE, use_course_style
from helpers.robust_se import slope_standard_error_hc3

use_course_style()

# %% [markdown]
# ## Data and model
#
# The rest of the course scores classifiers. When the target is a number
# there is no confusion matrix, but the questions come back: which mistakes
# matter, on what scale, and whether over- and under-estimates cost the same.
#
# We use the diabetes data that ships with scikit-learn: 442 patients, ten
# baseline measurements, and a number measuring disease progression one year
# later ([the lecture slides](00_start_here.ipynb#Sources) used the Boston
# housing data). The model is a ridge
# regression (least squares with a penalty on the squared size of the
# coefficients; Hoerl & Kennard, 1970) behind a `StandardScaler`.

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
thirds = np.array_split(np.argsort(pred), 3)  # the test patients in thirds of the prediction
print("residuals per third of the prediction, low to high: mean",
      [round(residuals[i].mean()) for i in thirds], " standard deviation", [round(residuals[i].std()) for i in thirds])

# %% [markdown]
# Read the residual plot first: the points scatter around 0 without a curve,
# and the band widens to the right. The residuals' standard deviation grows
# from 41 in the lowest third of the predictions to 66 in the highest, so
# RMSE and MAE average over patients with quite different errors
# ([the funnel over all patients: see Going deeper](#The-funnel-over-all-patients)).
#
# In the prediction plot the cloud looks tilted. The true value is on the
# vertical axis, so a patient above the diagonal is under-predicted: the
# patients with the largest true values mostly sit above it, those with the
# smallest below. That is **regression to the mean**, not in itself a flaw.
# A patient picked *for* an extreme true value is extreme partly by noise the
# model cannot predict, so the prediction is, on average, less extreme. A
# calibrated model ($E[y \mid \hat y] = \hat y$) with R² < 1 shows it too.
# Calibration is read by binning the other way: group the patients by their
# **prediction** and take the mean truth in each group. Both ways, in fifths
# (`helpers.binned.binned_means`):

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
# The blue line (bins of the prediction) stays near the diagonal; the orange
# one (bins of the truth) is much steeper: its five groups' mean predictions
# span 115 to 197, their mean truths 63 to 259. Two slopes put this in numbers. Regressing the truth on the
# prediction gives the **calibration slope**, 1 for a calibrated model (Cox,
# 1958, for predicted probabilities; the same regression serves any numeric
# prediction). Regressing the prediction on the truth gives the
# regression-to-the-mean slope, which equals R² for a calibrated model. The
# first gets a standard error and a 95 % interval from the usual
# least-squares formulas (`scipy.stats.linregress`):

# %%
fit = linregress(pred, y_test)
half = student_t.ppf(0.975, len(y_test) - 2) * fit.stderr
print(f"calibration slope (truth on prediction) {fit.slope:.3f}, standard error {fit.stderr:.3f}, "
      f"95 % interval {fit.slope - half:.2f} to {fit.slope + half:.2f}")
print(f"slope of prediction on truth {linregress(y_test, pred).slope:.3f}; R² {r2_score(y_test, pred):.3f}")

# %% [markdown]
# The slope of the prediction on the truth, 0.443, is far below 1:
# regression to the mean. It is not the ridge penalty shrinking the
# predictions: least squares without a penalty shows the same
# ([see Going deeper](#Regression-to-the-mean-is-not-shrinkage)). The
# calibration slope is 0.844, but its 95 % interval reaches above 1: 111 test
# patients cannot tell this model from a calibrated one. A slope below 1
# would mean the predictions are slightly too spread out: a model fitted on
# 331 rows partly fits their noise, and its predictions on new patients are
# more extreme than it can back up (*overfitting*).

# %% [markdown]
# ## Residuals against a feature
#
# Plotting against one input at a time shows what the model misses. Body mass
# index (`bmi`) has the largest correlation with the target, just ahead of
# `s5` (whether that order is settled:
# [see Going deeper](#Bootstrapping-the-order-of-bmi-and-s5)). The orange line is the
# mean within each tenth of the test patients' `bmi` values.

# %%
correlations = {name: np.corrcoef(X[:, j], y)[0, 1] for j, name in enumerate(feature_names)}
for name, r in sorted(correlations.items(), key=lambda item: -abs(item[1]))[:3]:
    print(f"{name:>4}: correlation with the target {r:+.3f}")
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
# The target rises with `bmi`. The residuals' binned means drift downwards:
# is the model missing part of the effect of `bmi`? Fit a line to the
# residuals, and test whether its slope is zero (a t-test: the slope over its
# standard error, compared with Student's t distribution). That standard
# error assumes one spread for all patients, which the funnel above denies;
# the robust HC3 standard error uses each patient's own squared residual,
# divided by $(1-h)^2$ for its leverage $h$, more reliable than the undivided
# HC0 in small samples (MacKinnon & White, 1985; Long & Ervin, 2000):

# %%
tenths = binned_means(bmi, residuals)[1]
trend = linregress(bmi, residuals)
train_trend = linregress(X_train[:, feature_names.index("bmi")], y_train - ridge.predict(X_train))
print(f"mean residual {tenths[0]:+.0f} in the lowest tenth of bmi, {tenths[-1]:+.0f} in the highest")
print(f"test rows: slope {trend.slope:.1f} per bmi unit, standard error {trend.stderr:.1f}, p = {trend.pvalue:.3f}")
se_hc3 = slope_standard_error_hc3(bmi, residuals)
p_hc3 = 2 * student_t.sf(abs(trend.slope) / se_hc3, len(bmi) - 2)
print(f"           robust (HC3) standard error {se_hc3:.2f}, p = {p_hc3:.3f}")
print(f"training rows: slope {train_trend.slope:.2f} per bmi unit")

# %% [markdown]
# On the training rows the fit leaves no linear trend against `bmi`: least
# squares makes the residuals uncorrelated with its inputs (the penalty
# barely changes that). On the test rows the binned means fall
# from +12 to −29, but the slope, −2.4 per unit, is less than two standard
# errors from 0 (p = 0.067; 0.049 with the robust 1.21): weak evidence, not
# clearly beyond noise for 111 patients, and in the direction of a
# calibration slope below 1. What would matter is a trend well
# beyond its standard error, a curve, a funnel, or a trend against a feature
# the model does not use.

# %% [markdown]
# ## Over- versus under-prediction
#
# Often the two directions of error do not cost the same. Staffing a clinic
# for the predicted number of visits: too many staff wastes money, too few
# leaves patients waiting. Say under-predicting costs three times as much as
# over-predicting, linearly in the size of the error. That is the **pinball
# loss** with $\alpha = 0.75$ (Koenker & Bassett, 1978):
#
# $$L_\alpha(y, \hat y) = \begin{cases} \alpha\,(y-\hat y) & y \ge \hat y \text{ (under-prediction)}\\
#   (1-\alpha)\,(\hat y - y) & y < \hat y \text{ (over-prediction)}\end{cases}$$
#
# Its minimiser is the $\alpha$-quantile of the target, not the mean. A
# **quantile regression** (the same authors) fits a linear model by
# minimising the pinball loss, so it predicts the $\alpha$-quantile of the
# target given the inputs. In scikit-learn the level $\alpha$ is `quantile=`
# in `QuantileRegressor` but `alpha=` in `mean_pinball_loss` (used below);
# the regressor's own `alpha=` is an L1 penalty on the coefficients (default
# 1.0), which we switch off with `alpha=0.0`:

# %%
ALPHA = 0.75
quantile = make_pipeline(StandardScaler(), QuantileRegressor(quantile=ALPHA, alpha=0.0)).fit(X_train, y_train)
pred_q = quantile.predict(X_test)
for name, p in [("ridge (mean)", pred), ("quantile 0.75", pred_q)]:
    under = np.mean(y_test > p)
    print(f"{name:>14}: pinball loss {mean_pinball_loss(y_test, p, alpha=ALPHA):6.2f}, "
          f"under-predicted {under:.0%}, MAE {mean_absolute_error(y_test, p):5.1f}")
se = np.sqrt((1 - ALPHA) * ALPHA / len(y_test))
print(f"standard error of a share of 0.25 among {len(y_test)} patients: {se:.3f}")

# %% [markdown]
# The quantile model has the lower asymmetric cost although its MAE is worse:
# it deliberately predicts high, so only 22 % of the test patients are
# under-predicted. The aim is 25 %; with 111 patients the share has a binomial
# standard error of 0.041, so the two agree within noise. A non-linear cost,
# written as a function of $y$ and $\hat y$, is used the same way (below).

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
# **One test split against the folds.** The test set gave R² 0.358, below
# every fold (0.482 on average). How unusual is that split? Repeat the random
# 331/111 split 200 times and look at the spread of the test R²:

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
# Our split is an unlucky one: only 3 of the 200 random splits score as low
# (a Monte Carlo share, with an exact binomial interval: Clopper & Pearson,
# 1934). Part of the gap comes from the test set itself: its targets vary
# less than the data's, and R² divides by that variance
# ([see Going deeper](#Why-this-test-split-scores-low)). A test split of about
# a hundred rows moves R² by about ±0.1: report the cross-validated mean, show
# the spread of the folds or of repeated splits, and treat one split's number
# as one draw. That spread is not a standard error of the cross-validated
# mean ([see Going deeper](#The-spread-of-the-folds-is-not-a-standard-error)).
#
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
# - MAPE measures relative error (a fraction in scikit-learn, per cent in the
#   slides); avoid it near 0.
# - The residual plot shows curves and funnels; residuals against a feature
#   show what the model misses.
# - Large true values under-predicted and small ones over-predicted is
#   regression to the mean, which a calibrated model shows too; calibration
#   is read by binning on the *prediction*.
# - When over- and under-prediction cost differently, use the pinball loss and
#   predict a quantile (`QuantileRegressor(quantile=...)`).
# - One test split of about a hundred rows is one draw: compare it with the
#   spread of folds.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/12_regression_metrics_solutions.ipynb](solutions/12_regression_metrics_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. A baseline.** What R², MAE and MAPE does a model get on the
# test set when it always predicts the training mean? (Hint:
# `sklearn.dummy.DummyRegressor`.) Give R² to four decimal places, MAE and
# MAPE (a fraction, as scikit-learn returns it) to three significant digits.
# How much does the ridge regression add?

# %% tags=["code-only"]
from helpers.exercises import nb12

ex1 = nb12.exercise_1(y_train, y_test, pred)
answer = ...  # the baseline's (R², MAE, MAPE) on the test set
ex1.check(answer)

# %% [markdown]
# **Exercise 2. A 90 % upper bound.** Fit a quantile regression for the 0.9
# quantile, without a penalty as above, on the training patients. What share
# of the test patients lies at or below its prediction? Give a fraction to
# three significant digits. Is that close to 90 %?

# %% tags=["code-only"]
ex2 = nb12.exercise_2(X_train, y_train, X_test, y_test)
answer = ...  # the share, a fraction between 0 and 1
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Five questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb12

quiz = nb12.quiz(cost_under=4, cost_over=1)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### Regression to the mean is not shrinkage
#
# On the rows a least-squares model was fitted on, it is calibrated: the
# slope of the truth on the prediction is exactly 1, and the slope of the
# prediction on the truth exactly R². The second slope is
# $b = \operatorname{corr}(y, \hat y)\cdot \operatorname{sd}(\hat y)/\operatorname{sd}(y)$;
# for a calibrated model $\operatorname{sd}(\hat y)/\operatorname{sd}(y) = \operatorname{corr}(y, \hat y)$,
# so $b = \operatorname{corr}^2 = R^2$. Ridge and plain least squares side by
# side, on the training and the test rows:

# %%
ols = make_pipeline(StandardScaler(), LinearRegression()).fit(X_train, y_train)
for name, model in [("ridge", ridge), ("least squares", ols)]:
    for part, X_part, y_part in [("train", X_train, y_train), ("test", X_test, y_test)]:
        p = model.predict(X_part)
        print(f"{name:>13}, {part:>5}: R² {r2_score(y_part, p):.3f}   slope of truth on prediction "
              f"{linregress(p, y_part).slope:.3f}   slope of prediction on truth {linregress(y_part, p).slope:.3f}")
corr, sd_ratio = np.corrcoef(y_test, pred)[0, 1], pred.std() / y_test.std()
print(f"ridge, test: corr {corr:.3f} x sd(prediction)/sd(truth) {sd_ratio:.3f} = {corr * sd_ratio:.3f}")
stretched = pred.mean() + 2.5 * (pred - pred.mean())
print(f"ridge stretched 2.5 times about its mean: R² {r2_score(y_test, stretched):.2f}, "
      f"slope of prediction on truth {linregress(y_test, stretched).slope:.2f}")

# %% [markdown]
# Both models tilt alike, so the penalty's shrinkage of the coefficients
# (slight here) is not the cause. On the test rows the formula for $b$ still
# holds, but the model is not exactly calibrated there, so $b$ is no longer
# R². And R² < 1 alone does not make $b < 1$: predictions stretched 2.5 times
# about their mean have R² below 0 and $b$ above 1.
#
# ### The funnel over all patients
#
# The residual plot's widening band rests on a third of the 111 test patients
# each. With 10-fold cross-validated predictions (`cross_val_predict`), every one of the
# 442 patients gets a prediction from a model that did not see them. For
# normal errors, a standard deviation estimated from $n$ residuals has a
# standard error of about $\operatorname{sd}/\sqrt{2n}$:

# %%
pred_cv = cross_val_predict(make_pipeline(StandardScaler(), Ridge()), X, y, cv=10)
for i, rows in enumerate(np.array_split(np.argsort(pred_cv), 3)):
    sd = (y - pred_cv)[rows].std()
    print(f"third {i + 1} of the predictions ({len(rows)} patients, mean prediction {pred_cv[rows].mean():.0f}): "
          f"residual sd {sd:.1f} ± {sd / np.sqrt(2 * len(rows)):.1f}")

# %% [markdown]
# The lowest third's residuals spread much less than the others', many
# standard errors apart: the funnel is a property of these data, not of one
# split. An interval for a patient's progression should therefore be wider
# for high predictions. Quantile regressions for a low and a high quantile
# can give such a band: each quantile gets its own coefficients.
#
# ### Bootstrapping the order of bmi and s5
#
# `bmi` correlates with the target at 0.586, `s5` at 0.566. Would another
# sample of patients keep that order? The **bootstrap** (Efron, 1979)
# answers without new data: draw 442 patients *with replacement* from the
# 442, recompute both correlations, and repeat; the resamples vary as new
# samples from the same population would, approximately. We count how often
# `bmi` stays ahead (2 000 resamples, a fixed random seed):

# %%
rows = np.random.default_rng(0).integers(0, len(y), size=(2_000, len(y)))


def row_corr(a, b):
    """Correlation of each row of a with the same row of b."""
    a, b = a - a.mean(axis=1, keepdims=True), b - b.mean(axis=1, keepdims=True)
    return np.sum(a * b, axis=1) / np.sqrt(np.sum(a * a, axis=1) * np.sum(b * b, axis=1))


boot = {name: row_corr(X[rows, feature_names.index(name)], y[rows]) for name in ["bmi", "s5"]}
print(f"bmi ahead of s5 in {np.mean(boot['bmi'] > boot['s5']):.0%} of the bootstrap resamples")

# %% [markdown]
# About two resamples in three: `bmi` is one of the two strongest single
# predictors, not clearly the strongest.
#
# ### Why this test split scores low
#
# Two things put the test R² (0.358) below every fold. The test MSE lies in
# the upper part of the folds' range: the 111 test patients are at most a
# little harder to predict. And R² divides by the variance of the target *in
# the set it is computed on*; this test set's targets vary less than the
# data's, so the same squared error is a larger share of it. Dividing the
# test MSE by the variance of all patients separates the two:

# %%
test_mse = mean_squared_error(y_test, pred)
print(f"test MSE {test_mse:.0f}; fold MSEs from {-neg_mse.max():.0f} to {-neg_mse.min():.0f}")
print(f"variance of the target: test set {y_test.var():.0f}, all {len(y)} patients {y.var():.0f}")
r2_all_var = 1 - test_mse / y.var()
print(f"test MSE over the variance of all patients: R² {r2_all_var:.3f}; of the gap {r2.mean() - metrics['R²']:.3f} "
      f"to the folds' mean, {r2_all_var - metrics['R²']:.3f} comes from the test set's lower variance")

# %% [markdown]
# ### The spread of the folds is not a standard error
#
# The five fold scores vary because each test fold holds other patients and
# each model is fitted on other rows. Their spread is a rough guide to how
# much one score moves between test sets of a fold's size. It is not the
# standard error of their mean: the folds share training rows, so their
# scores are correlated, and no unbiased estimate of the variance of the
# cross-validated mean exists (Bengio & Grandvalet, 2004).
#
# ### References
#
# - Bengio, Y. & Grandvalet, Y. (2004). No unbiased estimator of the variance
#   of K-fold cross-validation. *Journal of Machine Learning Research* 5,
#   1089–1105.
# - Clopper, C. J. & Pearson, E. S. (1934). The use of confidence or fiducial
#   limits illustrated in the case of the binomial. *Biometrika* 26, 404–413.
# - Cox, D. R. (1958). Two further applications of a model for binary
#   regression. *Biometrika* 45, 562–565.
# - Efron, B. (1979). Bootstrap methods: another look at the jackknife.
#   *The Annals of Statistics* 7, 1–26.
# - Hoerl, A. E. & Kennard, R. W. (1970). Ridge regression: biased estimation
#   for nonorthogonal problems. *Technometrics* 12, 55–67.
# - Koenker, R. & Bassett, G. (1978). Regression quantiles. *Econometrica* 46,
#   33–50.
# - Long, J. S. & Ervin, L. H. (2000). Using heteroscedasticity consistent
#   standard errors in the linear regression model. *The American
#   Statistician* 54, 217–224.
# - MacKinnon, J. G. & White, H. (1985). Some heteroskedasticity-consistent
#   covariance matrix estimators with improved finite sample properties.
#   *Journal of Econometrics* 29, 305–325.
