# %% [markdown]
# # 09 · Precision@k on unlabeled data: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 09](../09_precision_at_k_unlabeled.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 09 quietly, so the data, the model and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("09_precision_at_k_unlabeled")

# %% [markdown]
# ## Exercise 1
#
# *The domain expert says "about 110 images of each digit". Compute the
# precision@k estimates at threshold 0.5 with C = 110 for every digit. What
# do they tell you about the expert's C?*
#
# `unlabeled_estimate(c)` gives $k$ and recall@k at 0.5; the estimate is
# recall@k · 110 / k. Beside it, the estimate with the true class size:

# %%
answer = []
for c in LABELED:
    est = unlabeled_estimate(c)
    guess = est["recall@k"] * 110 / est["k"]
    answer.append(guess)
    print(f"digit {c}: true C {est['class size']:3d}  estimate {est['precision@k estimate']:.3f}  "
          f"with C = 110: {guess:.3f}  (C off by {110 / est['class size'] - 1:+.1%}, "
          f"estimate off by {guess / est['precision@k estimate'] - 1:+.1%})")
print(f"estimates above 1 with C = 110: digit {', '.join(str(c) for c, g in zip(LABELED, answer, strict=True) if g > 1)}")
ex1.check(answer)

# %% [markdown]
# The estimate is recall@k · C / k: proportional to C. A class size off by
# some per cent moves the precision estimate by the same per cent, in the
# same direction; here 110 is about a fifth too large, and so are the
# estimates. Digit 2's even exceeds 1, which no precision can: the top k
# cannot hold more than k members, so C is too large for that digit. An
# estimate below 1 gives no such warning: an error in C does not show by
# itself, so its uncertainty belongs in any interval for the precision (as
# the audit section of the notebook does).

# %% [markdown]
# ## Exercise 2
#
# *Rebuild the split with all ten digits labeled, refit the model, and give
# the mean of |test precision − real precision| at threshold 0.5 over digits
# 0–5.*

# %%
from sklearn.metrics import precision_score

full = open_set_split(y, labeled_classes=range(10), rng=0)
full_model = make_model().fit(X[full.train], y[full.train])
pt_full, pp_full = full_model.predict_proba(X[full.test]), full_model.predict_proba(X[full.pool])
gaps = []
for c in LABELED:
    test_p = precision_score(y[full.test] == c, pt_full[:, c] >= 0.5)
    real_p = precision_score(y[full.pool] == c, pp_full[:, c] >= 0.5)
    gaps.append(abs(test_p - real_p))
    print(f"digit {c}: test precision {test_p:.3f}   real precision {real_p:.3f}")
answer = sum(gaps) / len(gaps)
print(f"mean |test precision - real precision|: {answer:.3f} (with digits 6-9 unseen: {gap_test:.3f})")
ex2.check(answer)

# %% [markdown]
# With every class labeled, in the same proportions as in the pool, the test
# set represents the whole distribution, and test precision carries over, up
# to the noise of about 18 test images per digit. So a test set can be
# trusted for precision when it holds every kind of example the model will
# meet, weighted as in the real stream; for recall, the class itself must look
# the same, which is a much weaker demand.

# %% [markdown]
# ## Quick self-test: the answers

# %%
quiz.answers()

# %% [markdown]
# ## Every checker, checked on this notebook's data
#
# Each line says that the checker accepts the right answer and the answer as
# printed above, and gives each typical mistake its own message. A line
# starting with `PROBLEM` would mean a student is misled.

# %%
audit(ex1=ex1, ex2=ex2, quiz=quiz)
