/* Start PyScript (this tag's data-start: web/pyscript.mjs, its core.js with the site's plugin) and
 * preload what the game's MicroPython main thread fetches at start — core.js, the plugin's inflater
 * and PyScript's chunks that core.js imports before it starts MicroPython, the interpreter,
 * web/mpy.toml and the UI's modules (data-preload, kept in step with the vendored
 * PyScript and web/mpy.toml by tests/test_skeleton.py) — so they download while PyScript starts,
 * rather than one after another as each import is reached; and start the quick engine worker with
 * them (data-engine: web/engine.mjs, whose ready("quick") starts MicroPython in a worker).
 *
 * Both are added by this deferred script, as soon as the page is parsed, rather than written in
 * the HTML, where the parser would fetch them before the stylesheets the first paint waits for.
 * They do not wait for the first frame: so the table with the player's cards and the first
 * decision come sooner on every line, and the first frame slightly later on a slow one
 * (docs/PERFORMANCE.md, "Started as the page is parsed").
 */
(() => {
  "use strict";

  function preload(href) {
    const link = document.createElement("link");
    if (/\.m?js$/.test(href)) {
      link.rel = "modulepreload"; // PyScript's own chunks and MicroPython's loader: fetched and compiled
    } else {
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous"; // as PyScript's fetch() asks for them, so the preload is used
      if (href.endsWith(".wasm")) link.type = "application/wasm";
    }
    link.href = href;
    document.head.append(link);
  }

  function start(src) {
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  }

  const me = document.currentScript;
  const files = ((me && me.dataset.preload) || "").split(/\s+/).filter(Boolean);
  const core = me && me.dataset.start;
  const engine = me && me.dataset.engine;
  if (core) start(core);
  // The quick engine worker starts with PyScript, not once the files above have arrived: it loads
  // its interpreter and modules on its own (web/quick/worker.mjs) while the main thread still waits
  // for its files, and its share of the line is small (its modules; the interpreter comes from the
  // same download as the page's). (Pyodide, the full worker, starts only once the game is playable:
  // web/ui/controller.py.) A failure shows when the page asks web/engine.mjs for it.
  if (engine) import(new URL(engine, document.baseURI).href).then((module) => module.ready("quick"), () => {});
  // Each link in a task of its own: a phone spends a few milliseconds on each, and twenty in one
  // task would block a tap for a tenth of a second.
  files.forEach((href) => setTimeout(() => preload(href), 0));
})();
