/* The full engine worker: Pyodide (without PyScript) running web/worker.py.
 *
 * Started by web/engine.mjs (`ready("full")`) as a plain module worker, as the quick one is
 * (web/quick/worker.mjs): the page's main thread only creates it and exchanges messages with it,
 * and no PyScript is loaded or started in here.
 *
 * Pyodide comes from web/pyodide-start.mjs (restored from a memory snapshot after the first visit);
 * meanwhile pyscript.toml and the files of its [files] table are downloaded: an archive (`"./*"`)
 * is unpacked into the working directory, any other file written where it says. Then worker.py
 * runs, and the page's calls are answered as the quick worker answers them (web/worker-calls.mjs).
 */
import { loadPyodide } from "./pyodide-start.mjs";
import { answerCalls } from "./worker-calls.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function download(path, as) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return as === "text" ? response.text() : response.arrayBuffer();
}

/** pyscript.toml's [files] as [source, destination] pairs (paths relative to pyscript.toml). It holds
 * only `"source" = "destination"` lines there; anything else in that table is refused. */
function filesOf(toml) {
  const files = [];
  let inFiles = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.startsWith("[")) inFiles = line === "[files]";
    else if (inFiles) {
      const pair = line.match(/^"([^"]+)"\s*=\s*"([^"]+)"$/);
      if (!pair) throw new Error(`pyscript.toml: a [files] line this worker cannot read: ${line}`);
      files.push([pair[1], pair[2]]);
    }
  }
  return files;
}

async function start() {
  const config = "../pyscript.toml";
  const relative = (path) => new URL(path, here(config)).href;
  let files = [];
  const [pyodide, script, contents] = await Promise.all([
    loadPyodide(),
    download("worker.py", "text"),
    download(config, "text").then((toml) => {
      files = filesOf(toml);
      return Promise.all(files.map(([source]) => download(relative(source))));
    }),
  ]);
  files.forEach(([source, destination], i) => {
    if (destination === "./*") pyodide.unpackArchive(contents[i], source.split(".").pop());
    else pyodide.FS.writeFile(destination, new Uint8Array(contents[i]));
  });
  pyodide.runPython(script);
  return pyodide.globals.get("call");
}

answerCalls(start());
