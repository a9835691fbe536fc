// Give every ipywidgets slider handle (noUiSlider, role="slider") its visible label as accessible name.
// In JupyterLab it runs as a dashboard's script output (live outputs are trusted); in Voila, from the template.
// ipywidgets 8 writes the description into a <label> that points at nothing the handle uses, so a screen
// reader says "slider, 0.8" instead of "sensitivity, 80%". Works on any page that shows ipywidgets
// (Voila, a page built with the saved widget state); the fix upstream is in tests/browser/README.md.
(function () {
  "use strict";
  // Once per page: the classroom template includes this file, and every dashboard shown in JupyterLab
  // sends it too (helpers.widgets.dashboard.Dashboard._ipython_display_).
  if (window.__courseNameControls) return;
  window.__courseNameControls = true;
  function nameControls(root) {
    root.querySelectorAll(".widget-slider, .jupyter-widget-slider").forEach(function (slider) {
      var label = slider.querySelector(".widget-label");
      var text = label ? label.textContent.trim() : "";
      if (!text) return;
      slider.querySelectorAll(".noUi-handle").forEach(function (handle) {
        if (handle.getAttribute("aria-label") !== text) handle.setAttribute("aria-label", text);
      });
      var readout = slider.querySelector(".widget-readout");
      if (readout && readout.getAttribute("aria-label") !== text + " (value)") {
        readout.setAttribute("aria-label", text + " (value)");
      }
    });
  }
  // Inline figures: the template puts each output's text alternative (written by helpers.figure_text from
  // what the figure draws) on the output's wrapper; Voila renders the <img> inside it without one.
  // Their smallest text in pixels of the PNG goes on the <img> too (data-text-px, as on the widgets' figures).
  function markFigures(root) {
    root.querySelectorAll(".classroom-output[data-alt], .classroom-output[data-text-px]").forEach(function (wrapper) {
      var alt = wrapper.getAttribute("data-alt"), px = wrapper.getAttribute("data-text-px");
      wrapper.querySelectorAll(".jp-RenderedImage img").forEach(function (img) {
        if (alt && img.getAttribute("alt") !== alt) img.setAttribute("alt", alt);
        if (px && img.getAttribute("data-text-px") !== px) img.setAttribute("data-text-px", px);
      });
    });
    root.querySelectorAll(".jp-RenderedImage img:not([alt])").forEach(function (img) {
      img.setAttribute("alt", "No description has been provided for this image");
    });
  }
  var pending = false;
  var observer = new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; nameControls(document); markFigures(document); });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  nameControls(document);
  markFigures(document);
})();
