/* Pyodide for the engine worker, restored from a memory snapshot after the first visit.
 *
 * The engine worker (web/worker.mjs) imports this module rather than the vendored pyodide.mjs and
 * calls `loadPyodide(options)` as it would Pyodide's own. Most of a return visit's wait was CPython
 * initialising itself inside Pyodide (1.55 s of 2.3 s here), and that work comes out the same on
 * every visit. So the started interpreter's memory is saved once (Pyodide's `_makeSnapshot` /
 * `makeMemorySnapshot`) in Cache Storage, and later starts restore it (`_loadSnapshot`) instead of
 * initialising CPython again.
 *
 * - The snapshot is made by a separate short-lived worker (this module again, named MAKER), a few
 *   seconds after a start that found none, one at a time across tabs and embeds (a Web Lock): the
 *   game's own interpreter is always a plain start or a restore, never one in snapshot-making mode
 *   (which wraps every JS object Python touches in a recording Proxy).
 * - It holds Pyodide and the standard library it imports while starting, nothing of ours, so a new
 *   deploy of gongzhu/ keeps using it; a new Pyodide is another KEY (and Pyodide itself refuses a
 *   snapshot of another build).
 * - A snapshot that cannot be read or restored is deleted and Pyodide starts as usual, with a
 *   console warning: a bad cache never stops the game. Where Cache Storage does not exist (a page
 *   over plain http from another machine), Pyodide starts as usual.
 * - After a restore `random` is reseeded: its state would otherwise be the snapshot's every time.
 *
 * `loadPyodide` leaves how it started in `globalThis.gongzhuPyodideStart` for web/worker.py:
 * {how: "restored" | "plain" | "fallback" | "no-cache", ms}.
 */
import { loadPyodide as startPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./runtime/pyodide/", import.meta.url).href;
const CACHE = "pyodide-snapshot"; // not "gongzhu-…": web/sw.js deletes those of older builds
const RECIPE = 2; // bump when what the snapshot holds changes (2: the trimmed standard library)
const KEY = new URL(`snapshot-${version}-${RECIPE}.bin`, INDEX_URL).href; // a cache key, never fetched
const SIZE_HEADER = "x-snapshot-bytes";
const MAKER = "pyodide-snapshot-maker";
const MAKER_DELAY_MS = 3000; // let the first deal's start and bot moves have the CPU first

async function openCache() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(CACHE);
  } catch {
    return null; // e.g. storage blocked by the browser's settings
  }
}

/** The saved snapshot's bytes, null when there is none; throws when it is unreadable or cut short. */
async function readSnapshot(cache) {
  const hit = await cache.match(KEY);
  if (!hit) return null;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const expected = Number(hit.headers.get(SIZE_HEADER));
  if (bytes.length !== expected) throw new Error(`it has ${bytes.length} bytes instead of ${expected}`);
  return bytes;
}

/** Restore, or start as usual; `options` are Pyodide's (stdout, stderr, …). */
export async function loadPyodide(options = {}) {
  const started = performance.now();
  const settings = { ...options, indexURL: INDEX_URL };
  const done = (pyodide, how) => {
    globalThis.gongzhuPyodideStart = { how, ms: Math.round(performance.now() - started) };
    return pyodide;
  };
  const cache = await openCache();
  if (!cache) return done(await startPyodide(settings), "no-cache");
  let problem = null;
  try {
    const bytes = await readSnapshot(cache);
    if (bytes) {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: bytes });
      // Checks that the restored interpreter runs, reseeds random, drops the second "" that the
      // restore's set-up put on sys.path.
      pyodide.runPython("import random, sys\nrandom.seed()\nif sys.path[:2] == ['', '']: del sys.path[0]");
      return done(pyodide, "restored");
    }
  } catch (error) {
    problem = error;
  }
  if (problem) {
    console.warn(`gongzhu: the saved Pyodide snapshot could not be used (${problem.message || problem}); `
      + "starting Pyodide as usual and saving a new one");
    await cache.delete(KEY).catch(() => {});
  }
  const pyodide = await startPyodide(settings);
  setTimeout(startMaker, MAKER_DELAY_MS);
  return done(pyodide, problem ? "fallback" : "plain");
}

function startMaker() {
  try {
    new Worker(import.meta.url, { type: "module", name: MAKER });
  } catch (error) {
    console.warn(`gongzhu: no Pyodide snapshot this time (${error.message || error})`);
  }
}

/** In the MAKER worker: start Pyodide in snapshot-making mode, save its memory, close. */
async function makeSnapshot() {
  const cache = await openCache();
  if (!cache || (await cache.match(KEY))) return; // another tab saved one meanwhile
  const pyodide = await startPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const bytes = pyodide.makeMemorySnapshot();
  await caches.delete(CACHE); // snapshots of other Pyodide versions or recipes
  const fresh = await caches.open(CACHE);
  await fresh.put(KEY, new Response(bytes, { headers: { [SIZE_HEADER]: String(bytes.length) } }));
}

if (globalThis.name === MAKER) {
  const run = async () => {
    try {
      await (navigator.locks
        ? navigator.locks.request(MAKER, { ifAvailable: true }, (lock) => lock && makeSnapshot())
        : makeSnapshot());
    } catch (error) {
      console.warn(`gongzhu: could not save a Pyodide snapshot (${error.message || error})`);
    } finally {
      globalThis.close();
    }
  };
  run();
}
