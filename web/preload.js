/* Preload what the game's MicroPython main thread fetches at start — the interpreter, web/mpy.toml
 * and the UI's modules (the list is this tag's data-preload, kept in step with web/mpy.toml by
 * tests/test_skeleton.py) — so they download while PyScript itself starts.
 *
 * The <link rel="preload"> tags are added by this deferred script rather than written in the HTML:
 * the downloads begin once the page's first frame is painted, not while that paint still waits for
 * the stylesheets, so on a slow network the table's frame shows first.
 */
(() => {
  "use strict";

  function preload(href) {
    const link = document.createElement("link");
    if (href.endsWith(".mjs")) {
      link.rel = "modulepreload";
    } else {
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous"; // as PyScript's fetch() asks for them, so the preload is used
      if (href.endsWith(".wasm")) link.type = "application/wasm";
    }
    link.href = href;
    document.head.append(link);
  }

  const me = document.currentScript;
  const files = ((me && me.dataset.preload) || "").split(/\s+/).filter(Boolean);
  // A timer set from an animation frame runs once that frame is painted.
  requestAnimationFrame(() => setTimeout(() => files.forEach(preload), 0));
})();
