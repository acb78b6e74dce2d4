/* The quick engine worker: MicroPython (the interpreter alone, without PyScript) running web/quick/worker.py.
 *
 * Started by web/engine.mjs (`ready("quick")`). A plain module worker rather than PyScript's MPWorker:
 * it starts loading the interpreter and its modules as soon as its script runs. (A new worker gets the
 * page's first message only once the page's main thread has handled the notice that the worker's
 * script has run; a PyScript worker waits for that message to begin, and the main thread is busy
 * starting PyScript and drawing the table then. This one needs no message to begin.)
 *
 * It writes worker.py's files into MicroPython's file system, runs worker.py and answers the page's
 * calls as the full worker does (web/worker-calls.mjs).
 */
import { unpackBundle } from "../bundle.mjs";
import { loadMicroPython } from "../runtime/micropython/micropython.mjs";
import { answerCalls } from "../worker-calls.mjs";

const here = (path) => new URL(path, import.meta.url).href;

// What worker.py finds in its file system: web/quick/mpy.toml's [files] (`make files`; a test
// keeps the two in step): the unbundler (web/unbundle.py) and the portable core's modules in one
// bundle, gzipped (unpacked by web/bundle.mjs, or by worker.py's first line where it cannot be).
const FILES = {
  "../runtime/mpy/unbundle.mpy": "unbundle.mpy",
  "../runtime/mpy/quick.bundle": "modules.bundle",
};

async function download(path, as) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return as === "text" ? response.text() : new Uint8Array(await response.arrayBuffer());
}

async function start() {
  // The interpreter first (the page's main thread downloads the same file at the same time, and the
  // browser fetches it once), then this worker's own files: on a slow line they would otherwise
  // share it with the files the table is waiting for.
  const mp = await loadMicroPython({
    url: here("../runtime/micropython/micropython.wasm"),
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const sources = Object.keys(FILES);
  const [script, ...files] = await Promise.all([
    download("worker.py", "text"),
    ...sources.map((path) => download(path)),
  ]);
  sources.forEach((path, i) => mp.FS.writeFile(FILES[path], files[i]));
  await unpackBundle(mp.FS);
  mp.runPython(script);
  return mp.globals.get("call");
}

answerCalls(start());
