/* The engine workers, started through PyScript: "quick" (MicroPython) and "full" (Pyodide).
 *
 * quick: web/quick/worker.py on MicroPython (0.2 MB, starts in a fraction of a second). The game
 *   page starts it with PyScript, once its first frame is painted (web/preload.js, data-engine), so
 *   a first visit plays its first card long before Pyodide could have loaded. It plays the portable
 *   levels (beginner, easy, normal).
 * full: web/worker.py on Pyodide (13 MB, several seconds on a first visit), for what needs
 *   CPython's speed: the hard and expert bots, the hint, the puzzles and the replays' checks. The
 *   game asks for it only once its first decision is playable, so it never competes with the bytes
 *   the first move needs.
 *
 * Either is started the first time a page asks for it (`ready(kind)`), once per page. Started
 * before PyScript's plugins have loaded, a worker gets none of PyScript's hooks, so `import
 * pyscript` is not available in it (neither worker imports it). Both export the same `call`.
 *
 * Pages reach them through this module (web/ui/engine.py imports it with PyScript's js_import):
 *   ready(kind)   -> Promise of the running worker (started now if none); its exports are on `.sync`
 *   restart(kind) -> a fresh worker, after a failure (the old one, if it ever started, is stopped)
 */
import { MPWorker, PyWorker } from "./runtime/pyscript/core.js";

const here = (path) => new URL(path, import.meta.url).href;
const running = { quick: null, full: null };

const STARTERS = {
  quick: () =>
    MPWorker(here("quick/worker.py"), {
      config: here("quick/mpy.toml"),
      // PyScript takes the interpreter module from here, not from the config's `interpreter`.
      version: here("runtime/micropython/micropython.mjs"),
    }),
  full: () =>
    PyWorker(here("worker.py"), {
      config: here("../pyscript.toml"),
      version: here("pyodide-start.mjs"), // Pyodide, restored from a snapshot after the first visit
    }),
};

function known(kind) {
  if (!(kind in STARTERS)) throw new Error(`no engine worker named ${kind}`);
  return kind;
}

export function ready(kind = "full") {
  running[known(kind)] ??= STARTERS[kind]();
  return running[kind];
}

export function restart(kind = "full") {
  const old = running[known(kind)];
  running[kind] = STARTERS[kind]();
  old?.then((worker) => worker.terminate(), () => {});
  return running[kind];
}
