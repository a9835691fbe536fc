// Loaded before require.js, the widget manager and MathJax (docs/conf.py gives it a lower priority).
//
// 1. The widget manager finds its icon fonts next to its AMD modules' address, by default
//    <page folder>/@jupyter-widgets/...; this configuration of require.js (a global `require` read when
//    require.js loads) maps those names to _static/js/, where the fonts are vendored.
var require = {
  paths: {
    "@jupyter-widgets/html-manager/dist": new URL("js", document.currentScript.src).href,
    "@jupyter-widgets": new URL("js", document.currentScript.src).href,
  },
};
window.__jupyter_widgets_assets_path__ = new URL("js/", document.currentScript.src).href;

// 2. The widget manager typesets its labels with MathJax 2's `MathJax.Hub.Queue`; the site loads MathJax 3,
//    which has no Hub. Whatever object becomes `window.MathJax` gets a Hub whose Queue typesets the page again.
(function () {
  let mathjax;
  const withHub = (value) => {
    if (value && typeof value === "object" && !value.Hub) {
      value.Hub = { Queue() { if (typeof value.typesetPromise === "function") { value.typesetPromise(); } } };
    }
    return value;
  };
  Object.defineProperty(window, "MathJax", {
    configurable: true,
    get() { return mathjax; },
    set(value) { mathjax = withHub(value); },
  });
})();

// 3. Accessible names that include the visible text (axe: label-content-name-mismatch, aria-input-field-name).
//    The theme's search buttons read "Search Ctrl+K" but are named "Search"; myst-nb's "Show code cell
//    source" toggles are named "Toggle hidden content"; ipywidgets' slider handles (noUiSlider) get no name.
//    Dropping the first two aria-labels lets the visible text be the name; a handle is named after its
//    slider's visible label. The widgets render after load, so slider handles are named as they appear.
(function () {
  const nameThings = (root) => {
    root.querySelectorAll(".search-button__button[aria-label], details.hide > summary[aria-label]")
      .forEach((el) => el.removeAttribute("aria-label"));
    root.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])").forEach((handle) => {
      const label = handle.closest(".widget-slider").querySelector(".widget-label");
      const text = label ? label.textContent.trim() : "";
      if (text) { handle.setAttribute("aria-label", text); }
    });
  };
  document.addEventListener("DOMContentLoaded", () => {
    nameThings(document);
    new MutationObserver(() => nameThings(document)).observe(document.body, { childList: true, subtree: true });
  });
})();

// 4. A widget box or an output wider (or taller) than its room scrolls inside it: make it a keyboard stop, so the
//    arrow keys scroll it (axe: scrollable-region-focusable), named for a screen reader.
(function () {
  const scrolls = (el) => {
    const cs = getComputedStyle(el);
    return (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(cs.overflowX)) ||
      (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(cs.overflowY));
  };
  const focusable = () => {
    document.querySelectorAll(".jupyter-widgets, .cell_output .output").forEach((el) => {
      if (!el.hasAttribute("tabindex") && scrolls(el)) {
        el.setAttribute("tabindex", "0");
        if (!el.hasAttribute("role")) { el.setAttribute("role", "region"); }
        el.setAttribute("aria-label", "scrollable output: scroll it with the arrow keys");
      }
    });
  };
  let pending = null;
  const soon = () => { if (pending === null) { pending = setTimeout(() => { pending = null; focusable(); }, 100); } };
  document.addEventListener("DOMContentLoaded", () => {
    focusable();
    new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", soon);
  });
})();
