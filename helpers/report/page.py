"""The analysis written as one self-contained HTML page for someone deciding whether to deploy.

:func:`write_page` turns an :class:`helpers.report.analysis.Analysis` and its
provenance into HTML: the verdict and the warnings first, then per model the
expected confusion matrix per 1000 cases at deployment, the counts behind every
rate, the spread of the threshold across resampled files, calibration at the
deployment prevalence and, with the user's prices, the cost; then the
comparison of models, the figures (PNG embedded, each with its text
alternative), what to do next, how the numbers were computed and where they
came from. No script and no stylesheet is fetched: the page opens offline and
can be mailed. :func:`figures` draws the page's figures (notebook 13 shows the
same ones).
"""

from __future__ import annotations

import base64
import html
import io
import math

import numpy as np
import pandas as pd

from ..rare_rates import decimals_for, fixed_percent
from ..threshold_rules import ThresholdRule
from .analysis import (
    AUC_INTERVAL_SMALL,
    Analysis,
    ModelAnalysis,
    exact_threshold,
    next_steps,
    percent_decimals_against,
    precision_undetermined,
    recommendation,
    verdict,
)

__all__ = ["decision_frame", "figures", "matrix_frame", "method_notes", "page_html"]

_CSS = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5;
       color: #1a1a1a; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: 0.6rem 0; } caption { text-align: left; font-weight: 600; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.6rem; text-align: right; } th { background: #f0f0f0; }
th[scope=row] { text-align: left; } td.text { text-align: left; }
.warnings { background: #fff4e5; border-left: 5px solid #d55e00; padding: 0.5rem 1rem; }
.verdict { font-size: 1.08rem; background: #eef6fb; border-left: 5px solid #0072b2; padding: 0.5rem 1rem; }
img { max-width: 100%; } .small { font-size: 0.9rem; color: #444; } code { font-size: 0.92em; }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _num(x: float, k: int = 3) -> str:
    return "–" if x is None or not math.isfinite(x) else f"{x:,.{k}f}"


def _trio_decimals(values: tuple[float, float, float], least: int = 3) -> int:
    """:func:`decimals_for` decimals of ``(est, low, high)``, more where the two ends would read the same."""
    est, low, high = values
    k = decimals_for(est, low, high, least=least)
    while k < 8 and low != high and f"{low:.{k}f}" == f"{high:.{k}f}":
        k += 1
    return k


def _trio(values: tuple[float, float, float], least: int = 3) -> str:
    """``"est [low, high]"`` with :func:`decimals_for` decimals, more where the two ends would read the same."""
    est, low, high = values
    if not all(math.isfinite(v) for v in values):
        return "–"
    k = _trio_decimals(values, least)
    return f"{est:,.{k}f} [{low:,.{k}f}, {high:,.{k}f}]"


def _table(frame: pd.DataFrame, caption: str, index_name: str | None = None, text: bool = False) -> str:
    head = "".join(f'<th scope="col">{_e(c)}</th>' for c in ([index_name or ""] + list(frame.columns)))
    rows = []
    for idx, row in frame.iterrows():
        opening = '<td class="text">' if text else "<td>"
        cells = "".join(f"{opening}{_e(v)}</td>" for v in row.tolist())
        rows.append(f'<tr><th scope="row">{_e(idx)}</th>{cells}</tr>')
    body = "".join(rows)
    return f"<table><caption>{_e(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _pct(rate: float) -> str:
    return fixed_percent(rate).replace(".00%", "%")


def _share(count: int, total: int) -> str:
    return f"{count:,} of {total:,} ({100 * count / total:.{decimals_for(100 * count / total, least=1)}f} %)"


def _checked(analysis: object) -> Analysis:
    if not isinstance(analysis, Analysis):
        raise TypeError(f"analysis must be an Analysis (helpers.report.analysis.analyse), got "
                        f"{type(analysis).__name__}")
    return analysis


def decision_frame(analysis: Analysis) -> pd.DataFrame:
    """The decision at a glance, one row per model: AUC, threshold, recall, precision at deployment, flagged.

    The threshold is written exactly (:func:`helpers.report.analysis.exact_threshold`): a case is flagged when its
    score is at least it. Recall and precision are estimates for new cases, with their 95 % intervals.
    """
    a = _checked(analysis)
    rows = {}
    for m in a.models:
        row = {"ROC AUC [95 % interval]": _trio(m.auc)}
        if m.choice is not None:
            c = m.choice
            row.update({
                "flag a case if its score is ≥": "none (nobody flagged)" if c.nobody_flagged
                else exact_threshold(c.threshold) + (" (everyone flagged)" if c.everyone_flagged else ""),
                "recall on new cases [95 % interval]": "0 (nobody is flagged)" if c.nobody_flagged and c.recall[2] == 0
                else _trio(c.recall, _recall_decimals(a, c.recall)),
                f"precision on new cases at {_pct(a.deploy_prevalence)} prevalence [95 % interval]": "nobody is flagged"
                if c.nobody_flagged
                else _bounds_first(c.precision, 2) if precision_undetermined(c) else _trio(c.precision, 2),
                "expected flagged per 1000 [95 % interval]": "0 (nobody is flagged)" if c.nobody_flagged
                else _bounds_first(m.flagged_interval, 1) if precision_undetermined(c)
                else _trio(m.flagged_interval, 1),
            })
        rows[m.name] = row
    return pd.DataFrame(rows).T.rename_axis(index=None, columns="model")  # one header row


def _bounds_first(values: tuple[float, float, float], least: int = 3) -> str:
    """``"low to high (estimate est)"``: an interval too wide for its estimate to lead
    (:func:`helpers.report.analysis.precision_undetermined`)."""
    est, low, high = values
    k = _trio_decimals(values, least)
    return f"{low:,.{k}f} to {high:,.{k}f} (estimate {est:,.{k}f})"


def _recall_decimals(a: Analysis, recall: tuple[float, float, float]) -> int:
    """Decimals of a recall that keep its estimate and lower end on their side of a recall target (0.797, not 0.80,
    against 0.8); two otherwise."""
    if a.rule is None or a.rule.kind != "recall":
        return 2
    return max(2, *(2 + percent_decimals_against(v, a.rule.at_recall) for v in recall[:2]))


def _decision_table(a: Analysis) -> str:
    out = _table(decision_frame(a), "The decision at a glance (intervals: 95 %)", "model")
    chosen = [m.choice for m in a.models if m.choice is not None and not m.choice.nobody_flagged]
    if a.rule is not None and a.rule.kind == "recall" and len(chosen) > 1 and len({c.recall for c in chosen}) == 1:
        out += (f"<p class='small'>Every model has the same recall and interval: a recall rule fixes how many of the "
                f"{a.positives:,} real cases each threshold flags on the file, and the correction for choosing the "
                "threshold depends on that number, not on the scores.</p>")
    return out


def matrix_frame(model: ModelAnalysis, deploy_prevalence: float) -> pd.DataFrame:
    """The expected confusion matrix per 1000 cases at deployment, in words, as a table.

    When the file cannot pin precision within a factor of two
    (:func:`helpers.report.analysis.precision_undetermined`), the false alarms and the cases left alone give the
    ends of their interval (:attr:`ModelAnalysis.per_1000_interval`), not an estimate the file cannot back."""
    from .._validate import check_probability_open

    if not isinstance(model, ModelAnalysis) or model.choice is None:
        raise TypeError(f"model must be a ModelAnalysis with a threshold (Analysis.models[i]), got "
                        f"{type(model).__name__}")
    m, pi = model, check_probability_open(deploy_prevalence, "deploy_prevalence")
    per = {key: _clean_count(v) for key, v in m.per_1000.items()}
    undetermined = precision_undetermined(m.choice)
    shown = ("tp", "fn") if undetermined else tuple(per)  # the decimals of the cells written as estimates
    k = min(decimals_for(*(per[key] for key in shown if per[key] > 0), least=1), 4)
    false_alarms, negatives = f"{per['fp']:,.{k}f}", f"{per['tn']:,.{k}f}"
    if undetermined:  # the estimate says nothing the file can back: the cells give their ends
        (fp_low, fp_high), (tn_low, tn_high) = m.per_1000_interval["fp"], m.per_1000_interval["tn"]
        kw = 0 if fp_high - fp_low >= 5 else 1
        false_alarms = f"{_clean_count(fp_low):,.{kw}f} to {_clean_count(fp_high):,.{kw}f}"
        negatives = f"{_clean_count(tn_low):,.{kw}f} to {_clean_count(tn_high):,.{kw}f}"
    frame = pd.DataFrame(
        {"flagged": [f"{per['tp']:,.{k}f} (found)", f"{false_alarms} (false alarms)"],
         "not flagged": [f"{per['fn']:,.{k}f} (missed)", negatives],
         "total": [f"{1000 * pi:,.{k}f}", f"{1000 * (1 - pi):,.{k}f}"]},
        index=["real cases", "not real cases"])
    return frame.rename_axis(columns="per 1000 cases")


def _clean_count(value: float) -> float:
    """A count per 1000 with floating-point dust removed: within 1e-9 of a whole number it is that number
    (9.9999999999999982 is 10, 2e-15 is 0)."""
    whole = round(value)
    return float(whole) if abs(value - whole) <= 1e-9 else float(value)


def _matrix(m: ModelAnalysis, pi: float) -> str:
    return _table(matrix_frame(m, pi), f"{m.name}: expected cases per 1000 at deployment ({_pct(pi)} real cases)",
                  "per 1000 cases")


def _model_section(a: Analysis, m: ModelAnalysis) -> str:
    out = [f"<h3>{_e(m.name)}</h3>"]
    c = m.choice
    if c is None:
        return "".join(out) + f"<p>ROC AUC {_trio(m.auc)}. No threshold was chosen.</p>"
    if c.nobody_flagged:
        out.append("<p>At this rule the threshold lies above every score: nobody is flagged, so there is no "
                   "precision to report and the model would change nothing.</p>")
    else:
        if c.everyone_flagged:
            out.append("<p>At this rule the threshold lies at or below every score: everyone is flagged, as without "
                       "a model, and the precision is the prevalence's.</p>")
        out.append(_matrix(m, a.deploy_prevalence))
    out.append(
        f"<p><strong>The counts behind the rates.</strong> On the file, flagging the scores ≥ "
        f"{exact_threshold(c.threshold)} flags "
        f"{_share(c.tp, c.tp + c.fn)} real cases and {_share(c.fp, c.fp + c.tn)} of the others. "
    )
    if c.resamples:
        low, mid, high = np.quantile(c.thresholds, [0.025, 0.5, 0.975], method="inverted_cdf")
        out.append(
            "These counts were taken on the rows the threshold was chosen on, which flatters it. The recall "
            f"{_trio(c.recall, _recall_decimals(a, c.recall))} and precision "
            f"{_bounds_first(c.precision, 2) if precision_undetermined(c) else _trio(c.precision, 2)} above are "
            f"corrected for that, and their intervals include how far the threshold itself could have moved: applied "
            f"to {c.resamples} resampled files, the rule chose thresholds from {low:.4g} to {high:.4g} (middle 95 %, "
            f"median {mid:.4g}). Each interval also holds the exact interval of these counts, so a file with few or "
            "no false alarms above the threshold still gets the width that new cases may need.</p>"
        )
    else:
        out.append("The threshold was fixed in advance, so these counts judge it fairly; the intervals are "
                   "Clopper–Pearson for recall and the MOVER-R interval for precision at deployment.</p>")
    if m.calibration is not None:
        cal = m.calibration.copy()
        cal["scores"] = [_score_range(lo, hi) for lo, hi in zip(cal["scores from"], cal["scores to"], strict=True)]
        cal["mean score"] = [_mean_range(lo, hi) for lo, hi in zip(cal["mean score from"], cal["mean score to"],
                                                                     strict=True)]
        cal["share positive"] = [f"{v:.3f}" for v in cal["share positive"]]
        cal = cal[["scores", "mean score", "cases", "positives", "share positive"]]
        cal.index = [f"{i + 1}" for i in range(len(cal))]
        text = ("<p><strong>Calibration.</strong> A score is a probability, if at all, at the file's prevalence "
                f"({_pct(a.file_prevalence)}), not at deployment ({_pct(a.deploy_prevalence)}). ")
        if m.threshold_probability is not None and m.calibrated:
            text += (f"A case scored exactly at the threshold ({exact_threshold(c.threshold)}) has, as the scores look "
                     f"calibrated on this file, a probability of about {m.threshold_probability:.3g} of being a real "
                     "case at deployment (Bayes' rule with the odds of the two prevalences). ")
        elif m.threshold_probability is not None:
            text += (f"A case scored exactly at the threshold ({exact_threshold(c.threshold)}) would have a "
                     f"probability of about {m.threshold_probability:.3g} of being a real case at deployment if the "
                     "scores were calibrated (Bayes' rule with the odds of the two prevalences); they are not "
                     "(below), so do not read it as one. ")
        groups = len(cal)
        if groups >= 10:
            how = "in groups of about a tenth of the cases each"
            caption = "groups of about a tenth of the cases by score"
        else:
            how = (f"in {'one group' if groups == 1 else f'{groups} groups'} (fewer than ten: a run of tied scores, "
                   "or of scores without real cases, is never split, and this file has few of them)")
            caption = f"{'one group' if groups == 1 else f'{groups} groups'} of cases by score"
        text += (f"The table checks calibration on the file: the cases sorted by score, {how}, a calibrated model's "
                 "share of real cases equals the group's mean score (a range where the count table keeps a run of "
                 f"scores without real cases as one row at its lowest score). {m.calibration_note}</p>")
        out.append(text + _table(cal, f"{m.name}: reliability on the file, {caption}", "group"))
    elif m.calibration is None:
        score = m.table["score"].to_numpy()
        out.append(f"<p><strong>Calibration.</strong> Not checked: the scores run from {score.min():.4g} to "
                   f"{score.max():.4g}, outside 0 to 1, so they are not probabilities to compare with the share of "
                   "real cases. Only their order matters to every number above; to read them as probabilities, fit a "
                   "monotone recalibration (Platt's logistic or an isotonic regression) on other labelled rows "
                   "first.</p>")
    if m.cost is not None:
        cost = m.cost
        k = decimals_for(*cost.values(), least=1)
        out.append(
            f"<p><strong>Cost at your prices</strong> (a false alarm costs {a.rule.cost_fp:g}, a missed case "
            f"{a.rule.cost_fn:g}), expected per 1000 cases at deployment: {cost['at_threshold']:,.{k}f} at this "
            f"threshold, {cost['flag_nobody']:,.{k}f} flagging nobody, {cost['flag_everybody']:,.{k}f} flagging "
            "everybody.</p>"
        )
    return "".join(out)


def _mean_range(low: float, high: float) -> str:
    """A group's mean score: ``"0.0381"``, or ``"0.0005 to 0.0010"`` when its bounds differ at three digits."""
    one, two = f"{low:.3g}", f"{high:.3g}"
    return one if one == two else f"{one} to {two}"


def _score_range(low: float, high: float) -> str:
    """A group's scores: ``"0.21 to 0.47"``, or one value when every score of the group is the same."""
    if low == high:
        return f"{low:.4g} (every score)"
    k = 3
    while k < 12 and (f"{low:.{k}g}" == f"{high:.{k}g}" or (high != 1 and float(f"{high:.{k}g}") == 1)):
        k += 1  # the two ends apart, and no "1" for a score below 1
    return f"{low:.{k}g} to {high:.{k}g}"


def _comparisons(a: Analysis) -> str:
    frame = a.comparisons
    n = len(frame)
    rows = {}
    for pair, r in frame.iterrows():
        rows[pair] = {
            "AUC difference [95 %]": _trio((r.auc_difference, r.auc_low, r.auc_high)),
            "p (AUC difference)": f"{r.p_value:.3g}", "p (Holm)": f"{r.p_holm:.3g}",
            "recall": f"{r.recall:.3f}",
            "precisions at deployment, counted on the file": _pair(r.precision_a, r.precision_b),
            "LR+ ratio [95 %]": _trio((r.lr_ratio, r.lr_low, r.lr_high), 2),
        }
    newcombe = ("" if a.auc_method != AUC_INTERVAL_SMALL else
                " Each model's own AUC interval above is Newcombe's (for few real cases), but Newcombe's method has no "
                "form for the difference of two AUCs measured on the same cases, so the difference uses DeLong's "
                "paired interval, which can be too narrow with so few real cases: read it with care.")
    text = (
        "<p>Every pair of models, compared on the same rows. The AUC difference is paired (DeLong's interval)."
        f"{newcombe} "
        f"At equal recall (both models at the threshold that finds the same {frame['recall'].iloc[0]:.1%} of the real "
        "cases on the file), the ratio of their positive likelihood ratios LR+ = recall / false positive rate, "
        "paired and corrected for the choice of both thresholds: above 1, the first model raises fewer false "
        "alarms at that recall, so its precision is higher at any prevalence.</p>"
        f"<p><strong>Multiple comparisons.</strong> {n} pair{'s' if n != 1 else ''} {'are' if n != 1 else 'is'} "
        "compared. Each interval and p-value holds for its pair alone; among many pairs some will look different by "
        "chance. Holm's method (Holm 1979) adjusts each p-value for the number of pairs compared: the adjusted "
        "p-value controls the chance of any false finding over all pairs; trust a "
        "difference whose adjusted p-value is small, and treat the others as not shown.</p>"
    )
    note = ("<p class='small'>The precisions in this table are counted on the rows the thresholds were chosen on "
            "(not corrected), so they can differ from the corrected ones above; they serve only to compare the models "
            "at the same recall.</p>")
    return text + _table(pd.DataFrame(rows).T, "Pairs of models", "pair") + note


def _pair(a: float, b: float) -> str:
    """Two precisions side by side with the same decimals: ``"0.0462 vs 0.0250"``, not ``"0.0462 vs 0.025"``."""
    if not (math.isfinite(a) and math.isfinite(b)):
        return f"{_num(a, 4)} vs {_num(b, 4)}"
    k = decimals_for(a, b, least=3)
    return f"{a:.{k}f} vs {b:.{k}f}"


def _png(fig) -> str:  # noqa: ANN001
    from ..figure_text import describe_figure

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    alt = describe_figure(fig)
    import matplotlib.pyplot as plt

    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<p><img src="data:image/png;base64,{data}" alt="{_e(alt)}"></p>'


def figures(analysis: Analysis) -> list:
    """The page's figures (matplotlib): ROC curves, precision–recall at deployment, and the cost with prices."""
    a = _checked(analysis)
    import matplotlib.pyplot as plt  # the caller's backend: a notebook's inline one shows them (the command uses Agg)

    from ..plotting import PALETTE
    from .metrics import thin_indices

    colours = [PALETTE[c] for c in ("blue", "orange", "green", "vermillion", "purple", "sky")]
    pi = a.deploy_prevalence
    out = []
    fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(11, 4.4))
    fig.subplots_adjust(left=0.06, right=0.985, bottom=0.12, top=0.92, wspace=0.22)
    lowest = 1.0
    curves = []
    for m, colour in zip(a.models, colours, strict=False):
        tp = np.concatenate(([0], np.cumsum(m.table["n_pos"].to_numpy())))
        fp = np.concatenate(([0], np.cumsum(m.table["n_neg"].to_numpy())))
        tpr, fpr = tp / a.positives, fp / a.negatives
        keep = thin_indices(tpr.size)
        ax_roc.plot(fpr[keep], tpr[keep], color=colour, label=f"{m.name}, AUC {m.auc[0]:.3f}")
        with np.errstate(invalid="ignore", divide="ignore"):
            precision = pi * tpr / (pi * tpr + (1 - pi) * fpr)
        ok = tp > 0
        curves.append((m, colour, tpr[ok], precision[ok], fpr, tp, fp))
        lowest = min(lowest, float(np.nanmin(precision[ok])))
        if m.choice is not None and not m.choice.nobody_flagged:
            lowest = min(lowest, m.choice.precision[1])
    for m, colour, tpr, precision, *_ in curves:
        keep = thin_indices(tpr.size)
        ax_pr.plot(tpr[keep], precision[keep], color=colour, label=m.name)
        c = m.choice
        if c is not None and not c.nobody_flagged:
            p, lo, hi = c.precision
            ax_pr.errorbar([c.recall[0]], [p], yerr=[[p - lo], [hi - p]], fmt="o", color=colour, ms=7,
                           markeredgecolor=PALETTE["black"], capsize=4, label=f"{m.name} at its threshold")
    ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
    ax_roc.set(xlabel="false positive rate", ylabel="recall (true positive rate)", title="ROC curves")
    ax_roc.legend(loc="lower right", fontsize="small")
    if lowest < 0.1:
        from matplotlib.ticker import FuncFormatter, NullFormatter

        ax_pr.set_yscale("log")
        ax_pr.set_ylim(max(lowest / 2, 1e-6), 1.05)
        ax_pr.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))  # 0.01, not mathtext's 10^-2
        ax_pr.yaxis.set_minor_formatter(NullFormatter())
        scale = ", log scale"
    else:
        ax_pr.set_ylim(0, 1.02)
        scale = ""
    ax_pr.set(xlabel="recall", ylabel=f"precision at deployment{scale}",
              title=f"Precision–recall at {_pct(pi)} prevalence")
    ax_pr.legend(loc="best", fontsize="small")
    out.append(fig)
    if a.rule is not None and a.rule.kind == "cost":
        fig, ax = plt.subplots(figsize=(7.5, 4.2))
        fig.subplots_adjust(left=0.11, right=0.98, bottom=0.13, top=0.92)
        for m, colour, _, _, fpr, tp, _ in curves:
            tpr = tp / a.positives
            share = 1000 * (pi * tpr + (1 - pi) * fpr)
            cost = a.rule.cost_fp * 1000 * (1 - pi) * fpr + a.rule.cost_fn * 1000 * pi * (1 - tpr)
            keep = thin_indices(share.size)
            ax.plot(share[keep], cost[keep], color=colour, label=f"{m.name} (counted on the file)")
            if m.cost is not None and not m.choice.nobody_flagged:
                ax.plot([m.flagged_per_1000], [m.cost["at_threshold"]], "o", color=colour, ms=8,
                        markeredgecolor=PALETTE["black"], label=f"{m.name} at its threshold (corrected)")
        ax.set_xscale("symlog", linthresh=1)
        ax.set(xlabel="cases flagged per 1000 at deployment (symmetric log scale)",
               ylabel="expected cost per 1000 cases",
               title=f"Cost at {_pct(pi)} prevalence (false alarm {a.rule.cost_fp:g}, missed case "
                     f"{a.rule.cost_fn:g})")
        ax.legend(loc="best", fontsize="small")
        out.append(fig)
    return out


def page_html(analysis: Analysis, provenance: dict) -> str:
    """The whole page as HTML text (see the module docstring)."""
    a = _checked(analysis)
    if not isinstance(provenance, dict):
        raise TypeError(f"provenance must be a dict of the page's origins, got {type(provenance).__name__}")
    title = f"Deployment report: {provenance.get('file', 'predictions')}"
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{_e(title)}</title>"
             f"<meta name='viewport' content='width=device-width, initial-scale=1'><style>{_CSS}</style></head>"
             f"<body><main><h1>{_e(title)}</h1>"]
    rule = ("threshold rule: none (no threshold chosen)" if a.rule is None
            else f"threshold rule: {a.rule.describe()}, applied to all rows")
    parts.append(f"<p class='small'>{a.rows:,} cases, {a.positives:,} real ({_pct(a.file_prevalence)}); deployment "
                 f"prevalence {_pct(a.deploy_prevalence)}; {_e(rule)}; seed {a.seed}.</p>")
    if a.warnings:
        items = "".join(f"<li>{_e(w)}</li>" for w in a.warnings)
        parts.append(f"<section class='warnings' aria-label='Warnings'><h2>Warnings</h2><ul>{items}</ul></section>")
    parts.append("<section class='verdict' aria-label='Verdict'><h2>Verdict</h2>"
                 + "".join(f"<p>{_e(line)}</p>" for line in verdict(a))
                 + f"<p><strong>{_e(recommendation(a))}</strong></p></section>")
    parts.append(_decision_table(a))
    parts.append("<h2>Each model at deployment</h2>")
    parts += [_model_section(a, m) for m in a.models]
    if a.comparisons is not None:
        parts.append("<h2>Comparing the models</h2>" + _comparisons(a))
    markers = ("" if a.rule is None else " Markers: each model at its threshold, with its corrected estimate (and, "
               "for precision, its 95 % interval).")
    parts.append("<h2>Figures</h2><p class='small'>Curves: counted on every row of the file, not corrected for "
                 f"choosing a threshold.{markers} Precision is at {_pct(a.deploy_prevalence)} prevalence.</p>")
    parts += [_png(f) for f in figures(a)]
    steps = next_steps(a)
    if steps:
        parts.append("<h2>What to do next</h2><ul>" + "".join(f"<li>{_e(s)}</li>" for s in steps) + "</ul>")
    parts.append("<h2>How these numbers were computed</h2>" + "".join(f"<p>{_e(p)}</p>" for p in method_notes(a)))
    parts.append("<h2>Provenance</h2>" + _table(
        pd.DataFrame({"value": [_provenance_value(v) for v in provenance.values()]}, index=list(provenance)),
        "Where this page "
        "came from", "item", text=True))
    parts.append("</main></body></html>")
    return "".join(parts)


def _provenance_value(value: object) -> str:
    """A provenance item as the page shows it: whole numbers with thousands separators, the rest as text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def coverage_grid() -> pd.DataFrame | None:
    """The coverage grid's table (``data/report_coverage_grid.csv``, written by ``bench/coverage_grid.py``), or None
    when the course's data folder is not there."""
    try:
        from ..course_files import data_file

        return pd.read_csv(data_file("report_coverage_grid.csv"))
    except (ValueError, OSError):  # not shipped (an old wheel) or no data folder
        return None


def _grid_sentence(rule: ThresholdRule | None = None) -> str:
    grid = coverage_grid()
    if grid is None:
        return "Their coverage is measured by simulation in the course's coverage grid (bench/coverage_grid.py)."
    lows = {}
    for key in ("recall", "precision", "flagged"):
        worst = grid.loc[grid[f"{key}_coverage"].idxmin()]
        lows[key] = (100 * worst[f"{key}_coverage"], 200 * worst[f"{key}_se"])
    text = (
        f"Their coverage was measured on {len(grid)} simulated scenarios with a known truth "
        f"({int(grid['files'].min()):,} files each, {grid['positives_median'].min():g} to "
        f"{grid['positives_median'].max():g} real cases, files with "
        f"no false alarm at the threshold, heavy ties, and a 20 000-case file): at the rule --at-recall 0.8 the "
        f"95 % intervals held the true recall in at least {lows['recall'][0]:.1f} % of the files of every scenario "
        f"(± {lows['recall'][1]:.1f} points, twice the simulation's standard error), the true precision in at least "
        f"{lows['precision'][0]:.1f} % (± {lows['precision'][1]:.1f}) and the true share flagged in at least "
        f"{lows['flagged'][0]:.1f} % (± {lows['flagged'][1]:.1f}). Fewer real cases than that were not measured."
    )
    if rule is not None and rule.kind != "recall":
        what = "a cost rule" if rule.kind == "cost" else "the highest-F1 rule"
        text += (f" This page's rule, {what}, was not in the grid: the intervals are built the same way, but their "
                 "coverage under it was not measured.")
    return text


def method_notes(analysis: Analysis) -> list[str]:
    """The page's account of its methods, in a few sentences each."""
    a = _checked(analysis)
    notes = [
        "Deployment prevalence: recall and the false positive rate are measured on the file and carried over to "
        f"deployment, where {_pct(a.deploy_prevalence)} of cases are real (Bayes' rule: precision = prevalence × "
        "recall / (prevalence × recall + (1 − prevalence) × false positive rate)). This assumes that only the share "
        "of real cases changes, and takes the deployment prevalence as known exactly.",
        "ROC AUC: the chance that a random real case scores above a random other one. Its interval is DeLong's "
        "(DeLong, DeLong & Clarke-Pearson 1988), a normal approximation whose variance comes from each case's "
        "placement among the other class.",
    ]
    if a.auc_method == AUC_INTERVAL_SMALL:
        notes[-1] = (
            "ROC AUC: the chance that a random real case scores above a random other one. With fewer than 50 real "
            "cases (or other cases), or when DeLong's variance is zero (every score tied, or the two classes fully "
            "apart), its interval is Newcombe's (2006) score interval rather than DeLong's, whose variance estimate "
            "is undefined with one real case, far too small with a few, and zero in those two cases. Newcombe takes "
            "the "
            "AUC's standard error from Hanley & McNeil's (1982) formula, written as a function of the true AUC, and "
            "keeps every AUC that lies within 1.96 standard errors of the estimate, each judged by the standard error "
            "it would itself have. The interval so stays inside 0 to 1 without being cut off there, and never "
            "shrinks to a single point."
        )
    if a.rule is not None and a.rule.looks_at_rows:
        notes.append(
            "The threshold is the rule applied to every row of the file: the one to deploy. Counted on the same rows "
            "it would look better than it is, because the rule picked it where these rows happened to look good. So "
            f"recall and precision are estimated by the optimism-corrected bootstrap (Efron 1983; Harrell, Lee & Mark "
            f"1996): {a.resamples} files are resampled from this one (real cases and others separately), the rule "
            "chooses a threshold on each, and that threshold is counted both on its resampled file and on this file. "
            "The average gap is the optimism, removed from the counts on the file. The interval is the basic "
            "bootstrap interval (Davison & Hinkley 1997): the value on the file less the 2.5 % and 97.5 % quantiles "
            "of the gaps (on the logit scale for recall, the log scale for the likelihood ratio behind precision), "
            "so it includes how far the threshold could have moved. A file with no false alarm above "
            "the threshold gives resamples with none either, and that interval no width; so each interval shown is "
            "the union of it with the exact interval of the counts at the threshold (Clopper–Pearson for recall, "
            "exact; for precision, Clopper–Pearson rates combined by the MOVER-R of Donner & Zou 2012, an "
            "approximation; for the share flagged, the MOVER for a sum, Zou & Donner 2008). "
            + _grid_sentence(a.rule)
        )
    if a.rule is not None and a.rule.kind == "recall":
        notes.append(
            "Chance of reaching the recall target: the rule flags the k highest-scoring of the file's P real cases, "
            "and the true recall of the k-th highest of P scores is distributed as Beta(k, P − k + 1) whatever the "
            "scores' distribution (the order statistics of uniforms; David & Nagaraja 2003). So the chance is "
            "P(Beta(k, P − k + 1) ≥ target): over files with as many real cases as this one, the share in which the "
            "rule's threshold reaches the target on new cases. It is exact when no two real cases tie at the "
            "threshold and a lower bound when they do; it is 0 for a target of 100 %. Meeting the target on the file "
            "says little: the threshold was chosen to meet it there, so it is met on every file; on new cases recall "
            "falls short about half the time unless a margin is taken (--recall-confidence)."
        )
    return notes
