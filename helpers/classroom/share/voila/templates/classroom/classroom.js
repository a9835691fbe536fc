// The classroom page's own behaviour (included by index.html.j2).
(function () {
  "use strict";
  // Leaving the page stops its kernel (Voila's widget manager asks the server on "beforeunload"). A page the
  // browser kept in its back-forward cache comes back with that kernel gone: load it again, with a new one.
  window.addEventListener("pageshow", function (event) { if (event.persisted) window.location.reload(); });

  // The quick self-tests (jupyterquiz) call MathJax.typeset() after each answer when a global MathJax exists.
  // Voila's MathJax (JupyterLab's typesetter) puts a global MathJax without typeset(): the call would throw
  // on every click. Give it one that leaves the quiz's text as it is (the notebook's own math is typeset by
  // Voila as usual).
  function quizSafeMathJax() {
    var mj = window.MathJax;
    if (mj && typeof mj === "object" && typeof mj.typeset !== "function") {
      mj.typeset = function () {};
    }
  }
  quizSafeMathJax();
  new MutationObserver(quizSafeMathJax).observe(document.documentElement, { childList: true, subtree: true });

  // The keys that page through the page scroll it, also after a slider had the focus: noUiSlider (the sliders
  // of ipywidgets) takes PageDown, PageUp, Home and End to jump the slider's value, so a teacher who clicked a
  // slider and then paged down changed the number on screen. A slider keeps the arrow keys. Caught on the way
  // down (capture), before the handle's own listener, and the page itself is scrolled: left to the browser, the
  // keys would scroll the nearest box that scrolls, such as a widget's column a few pixels too short.
  var PAGE_KEYS = { PageDown: 1, PageUp: -1, " ": 1, Home: 0, End: 0 };
  window.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!(event.key in PAGE_KEYS) || event.ctrlKey || event.altKey || event.metaKey) return;
    if (!(target && target.closest && target.closest(".noUi-target"))) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    var page = document.scrollingElement || document.documentElement;
    if (event.key === "Home") { page.scrollTop = 0; return; }
    if (event.key === "End") { page.scrollTop = page.scrollHeight; return; }
    var down = PAGE_KEYS[event.key] * (event.key === " " && event.shiftKey ? -1 : 1);
    page.scrollTop += down * Math.max(window.innerHeight * 0.875, window.innerHeight - 80);
  }, true);

  // An output or widget box wider (or taller) than its room scrolls inside it: make it a keyboard stop, so
  // the arrow keys scroll it (axe: scrollable-region-focusable), named for a screen reader.
  function scrolls(el) {
    var cs = getComputedStyle(el);
    return (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(cs.overflowX)) ||
      (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(cs.overflowY));
  }
  function scrollableOutputsFocusable() {
    document.querySelectorAll(".jp-OutputArea-output, .jupyter-widgets").forEach(function (el) {
      if (!el.hasAttribute("tabindex") && scrolls(el)) {
        el.setAttribute("tabindex", "0");
        if (!el.hasAttribute("role")) el.setAttribute("role", "region");
        el.setAttribute("aria-label", "scrollable output: scroll it with the arrow keys");
      }
    });
  }
  var pending = null;
  function soon() { if (pending === null) pending = setTimeout(function () { pending = null; scrollableOutputsFocusable(); }, 100); }
  new MutationObserver(soon).observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener("resize", soon);
})();
