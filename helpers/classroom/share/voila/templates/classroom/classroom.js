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
})();
