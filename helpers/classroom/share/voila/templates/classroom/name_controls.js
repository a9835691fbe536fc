// Give every ipywidgets slider handle (noUiSlider, role="slider") its visible label as accessible name.
// ipywidgets 8 writes the description into a <label> that points at nothing the handle uses, so a screen
// reader says "slider, 0.8" instead of "sensitivity, 80%". Works on any page that shows ipywidgets
// (Voila, a page built with the saved widget state); the fix upstream is in tests/README.md.
(function () {
  "use strict";
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
  // Inline figures of the notebooks carry no text yet (issue 18): say so, as nbconvert's own pages do,
  // rather than leave a screen reader to read out the file name.
  function markFigures(root) {
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
