/* The engine workers: "quick" (MicroPython) and "full" (Pyodide).
 *
 * quick: web/quick/worker.py on MicroPython (0.2 MB, starts in a fraction of a second), in a plain
 *   module worker (web/quick/worker.mjs) that begins loading as soon as it exists. The game page
 *   starts it as soon as it is parsed (web/preload.js, data-engine), so a first visit plays
 *   its first card long before Pyodide could have loaded. It plays the portable levels (beginner,
 *   easy, normal).
 * full: web/worker.py on Pyodide (13 MB, several seconds on a first visit), in a plain module worker
 *   too (web/worker.mjs, with pyscript.toml's files), for what needs CPython's speed: the hard and
 *   expert bots, the hint, the puzzles and the replays' checks. The game asks for it only once its
 *   first decision is playable, so it never competes with the bytes the first move needs. PyScript
 *   has no part in it (worker.py imports no `pyscript`), so starting it costs the page's main thread
 *   no more than creating a worker.
 *
 * Either is started the first time a page asks for it (`ready(kind)`), once per page. Both answer
 * the same `call(name, argsJson)` with JSON text (web/worker-calls.mjs).
 *
 * Pages reach them through this module (web/ui/engine.py imports it with PyScript's js_import):
 *   ready(kind)   -> Promise of the running worker (started now if none); `call` is on its `.sync`
 *   restart(kind) -> a fresh worker, after a failure (the old one, if it ever started, is stopped)
 */
const here = (path) => new URL(path, import.meta.url).href;
const running = { quick: null, full: null };

/* The worker `script` (a module; `label` names it in the browser's tools, `kind` in errors): a
 * promise of `{sync: {call}, terminate}` once its Python has run, `call(name, argsJson)` answering a
 * promise of JSON text; rejected if it fails to start. */
function engineWorker(kind, script, label) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(here(script), { type: "module", name: label });
    const waiting = new Map();
    let next = 0;
    const call = (name, args = "[]") =>
      new Promise((answer, refuse) => {
        waiting.set(next, { answer, refuse });
        worker.postMessage({ id: next++, name, args });
      });
    const fail = (message) => {
      const error = new Error(message);
      for (const { refuse } of waiting.values()) refuse(error);
      waiting.clear();
      reject(error);
    };
    worker.addEventListener("message", ({ data }) => {
      if (data.ready) return resolve({ sync: { call }, terminate: () => worker.terminate() });
      if ("failed" in data) return fail(`the ${kind} engine did not start: ${data.failed}`);
      const pending = waiting.get(data.id);
      waiting.delete(data.id);
      if (!pending) return;
      if ("error" in data) pending.refuse(new Error(data.error));
      else pending.answer(data.reply);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      fail(`the ${kind} engine worker failed: ${event.message || "its script did not load"}`);
    });
  });
}

const STARTERS = {
  quick: () => engineWorker("quick", "quick/worker.mjs", "Gong Zhu quick engine"),
  full: () => engineWorker("full", "worker.mjs", "Gong Zhu engine"),
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
