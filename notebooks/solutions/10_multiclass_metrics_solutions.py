# %% [markdown]
# # 10 · Multiclass metrics: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 10](../10_multiclass_metrics.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 10 quietly, so the data, the model and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("10_multiclass_metrics")

# %% [markdown]
# ## Exercise 1
#
# *Make the eights rare: keep every test image that is not an 8, and only the
# first five eights. Recompute macro and micro F1. The eights are one of the
# classes the model handles worst, so why does micro F1 not fall?*
#
# `np.cumsum(y_test == 8)` numbers the eights in order, so
# `np.cumsum(y_test == 8) <= 5` is true up to the fifth eight. The same with a
# single eight, and the F1 of class 8 beside the averages:

# %%
print(f"all eights: macro {f1_score(y_test, pred, average='macro'):.4f}, "
      f"micro {f1_score(y_test, pred, average='micro'):.4f}")
for n_eights in [5, 1]:
    kept = (y_test != 8) | (np.cumsum(y_test == 8) <= n_eights)
    macro = f1_score(y_test[kept], pred[kept], average="macro")
    micro = f1_score(y_test[kept], pred[kept], average="micro")
    f1_8 = f1_score(y_test[kept], pred[kept], average=None)[8]
    print(f"{n_eights} eight(s): macro {macro:.4f}, micro {micro:.4f}, gap {micro - macro:.4f}; "
          f"F1 of class 8 {f1_8:.3f}")
keep = (y_test != 8) | (np.cumsum(y_test == 8) <= 5)
print(f"the removed eights hold {np.sum(pred[~keep] != y_test[~keep])} of the {np.sum(pred != y_test)} "
      f"mistakes; images wrongly called 8, all kept: {np.sum((pred == 8) & (y_test != 8))}")
answer = (f1_score(y_test[keep], pred[keep], average="macro"), f1_score(y_test[keep], pred[keep], average="micro"))
ex1.check(answer)

# %% [markdown]
# The two move in opposite directions. Micro F1 is the accuracy on the
# images kept, and it goes up a little: the removed eights held 5 of the 21
# mistakes, a larger share than their share of the images. Macro F1 goes down:
# the three images wrongly called 8 stay as false positives of class 8 while
# its true positives shrink to at most five, so class 8's F1 falls (0.769
# with five eights, 0.400 with one), and in a macro average that one small
# class weighs as much as any other, one tenth. The gap grows from under a
# thousandth to 0.0159 with five eights and 0.0525 with one: the rarer and
# the worse handled a class, the further apart the two averages.

# %% [markdown]
# ## Exercise 2
#
# *Find the pair of classes where A(j|k) and A(k|j) differ most. Why can they
# differ at all?*
#
# Take the absolute difference of the two columns of `pairs` and its largest
# row:

# %%
gap = (pairs["A(j|k)"] - pairs["A(k|j)"]).abs()
row = pairs.loc[gap.idxmax()]
print(f"pair ({int(row['j'])}, {int(row['k'])}): A(j|k) = {row['A(j|k)']:.4f}, A(k|j) = {row['A(k|j)']:.4f}")
answer = (int(row["j"]), int(row["k"]))
ex2.check(answer)

# %% [markdown]
# A(1|7) ranks the ones above the sevens by the probability of a 1, A(7|1)
# ranks the sevens above the ones by the probability of a 7: two columns of
# `proba`, fitted by two different binary models (one-vs-rest), and with ten
# classes they do not sum to 1 (the other eight classes take some
# probability). So one image can upset one ranking and not the other. Count
# the (one, seven) pairs ranked the wrong way round in each column:

# %%
ones, sevens = y_test == 1, y_test == 7
wrong_1 = np.sum(proba[ones, 1][:, None] < proba[sevens, 1][None, :])
wrong_7 = np.sum(proba[sevens, 7][:, None] < proba[ones, 7][None, :])
print(f"{ones.sum() * sevens.sum()} (one, seven) pairs; ranked wrong by the probability of a 1: {wrong_1}, "
      f"by the probability of a 7: {wrong_7}")
for i in np.flatnonzero(sevens & (pred == 1)):
    print(f"the seven taken for a one: probability of a 1 {proba[i, 1]:.3f}, above "
          f"{np.sum(proba[ones, 1] < proba[i, 1])} of the {ones.sum()} ones; probability of a 7 {proba[i, 7]:.4f}, "
          f"below {np.sum(proba[ones, 7] > proba[i, 7])} of the ones")

# %% [markdown]
# One seven, which the model takes for a one, gets a probability of being a 1
# above 25 of the 43 ones: most of the 28 wrong pairs of A(1|7) come from that
# single image. The model for "7 against the rest" gives the same image a low
# probability of a 7, but the ones get even lower ones, nearly all of them:
# it ranks below only 3 ones, and that ranking has only 4 wrong pairs.

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
