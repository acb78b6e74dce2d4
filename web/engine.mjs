/* The engine worker: web/worker.py in Pyodide, started through PyScript's PyWorker.
 *
 * The game page starts it at its first paint (web/preload.js, data-engine), at the same time as
 * PyScript's MicroPython main thread rather than after it. A `<script type="py" worker>` tag is
 * only handled once PyScript has loaded its plugins and the worker's config, and its thread then
 * waited for the main thread, busy starting MicroPython and drawing the table: Pyodide's download
 * began 0.3 s later than it does from here, and Pyodide is the long pole of a first visit.
 *
 * Started this early, before PyScript's plugins have loaded, the worker gets none of PyScript's
 * hooks, so `import pyscript` is not available in it (web/worker.py never imports it); a worker
 * started later (an embed's, on first use) gets them. Either way it exports the same `call`.
 *
 * Pages reach it through this module (web/ui/engine.py imports it with PyScript's js_import):
 *   ready()   -> Promise of the running worker (started now if none); its exports are on `.sync`
 *   restart() -> a fresh worker, after a failure (the old one, if it ever started, is stopped)
 */
import { PyWorker } from "./runtime/pyscript/core.js";

const here = (path) => new URL(path, import.meta.url).href;
let running = null;

function start() {
  return PyWorker(here("worker.py"), {
    config: here("../pyscript.toml"),
    // PyWorker takes the interpreter module from here, not from the config's `interpreter`.
    version: here("pyodide-start.mjs"),
  });
}

export function ready() {
  running ??= start();
  return running;
}

export function restart() {
  const old = running;
  running = start();
  old?.then((worker) => worker.terminate(), () => {});
  return running;
}
