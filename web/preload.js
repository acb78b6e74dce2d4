/* Start PyScript (this tag's data-start: its core.js) and preload what the game's MicroPython main
 * thread fetches at start — PyScript's chunks that core.js imports before it starts MicroPython,
 * the interpreter, web/mpy.toml and the UI's modules (data-preload, kept in step with the vendored
 * PyScript and web/mpy.toml by tests/test_skeleton.py) — so they download while PyScript starts,
 * rather than one after another as each import is reached;
 * once they are in, start the quick engine worker (data-engine: web/engine.mjs, whose ready("quick")
 * starts MicroPython in a worker: it finds the interpreter's files in the HTTP cache by then).
 *
 * Both are added by this deferred script rather than written in the HTML: the downloads begin once
 * the page's first frame (the table's static frame) is painted, not while that paint still waits
 * for the stylesheets, so on a slow network the table shows first and nothing competes with it.
 */
(() => {
  "use strict";

  function preload(href, done) {
    const link = document.createElement("link");
    link.onload = link.onerror = done;
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
  // A page the service worker answers (a return visit) reads every file from its cache.
  const cached = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // On a first visit the quick engine worker starts as soon as the files MicroPython needs have
  // arrived, beside the main thread's MicroPython rather than after it, and never sharing a slow
  // line with the table's files; on a return visit at once (go). (Pyodide, the full worker,
  // starts only once the game is playable: web/ui/controller.py.) A failure shows when the page
  // asks web/engine.mjs for the worker.
  let waiting = files.length;
  function startEngine() {
    if (engine) import(new URL(engine, document.baseURI).href).then((module) => module.ready("quick"), () => {});
  }
  function arrived() {
    waiting -= 1;
    if (waiting === 0 && !cached) startEngine();
  }

  let started = false;
  function go() {
    if (started) return;
    started = true;
    if (core) start(core);
    // From the cache no download competes, so the worker starts at once, beside PyScript.
    if (!files.length || cached) startEngine();
    // Each link in a task of its own: a phone spends a few milliseconds on each, and twenty in
    // one task would block a tap for a tenth of a second.
    files.forEach((href) => setTimeout(() => preload(href, arrived), 0));
  }

  // Nothing competes with the first frame either: start at once.
  if (cached) go();
  // Otherwise start once the first frame is on the screen: the browser reports the first
  // contentful paint after that frame is presented (an animation frame callback can run before it
  // is, and a download begun then counts as one the first paint waited for). A tab that paints
  // nothing yet (opened in the background) starts after a second all the same.
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(go, 0);
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    requestAnimationFrame(() => setTimeout(go, 0));
  }
  setTimeout(go, 1000);
})();
