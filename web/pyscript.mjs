/* PyScript (its core.js) with this site's one plugin: before a page's MicroPython script runs, the
 * page's gzipped modules bundle that its config's [files] copied is unpacked (web/bundle.mjs).
 *
 * The bundle also holds PyScript's own Python package, precompiled (web/tools/mpy_compile.py).
 * PyScript would otherwise write that package into the file system as source and import it before
 * the page's script, which MicroPython compiles on the main thread at every start. The vendored
 * core asks the function registered below for the code to run instead (web/tools/runtime.py,
 * REWRITES) and hands it its own; the page then only imports the package, and runs PyScript's own
 * code where the bundle did not bring it (a browser that leaves the bundle to web/unbundle.py).
 *
 * Every MicroPython page loads this module instead of core.js (index.html through web/preload.js),
 * so that the hook is in place before PyScript can run a script: it is added as soon as core.js has
 * been evaluated, in the same task. PyScript waits for it only before an `async` script
 * (onBeforeRunAsync), so the pages' MicroPython scripts are `async`.
 */
import { hooks } from "./runtime/pyscript/core.js";
import { unpackBundle } from "./bundle.mjs";

const PACKAGE = "pyscript/__init__.mpy";
let pyscriptsOwn = "";

globalThis[Symbol.for("gongzhu.pyscript-stdlib")] = (code) => {
  pyscriptsOwn = code;
  return "import pyscript as _pyscript\ndel _pyscript\n";
};

function has(FS, path) {
  try {
    FS.stat(path);
    return true;
  } catch {
    return false;
  }
}

// <html data-pyscript="bytecode"> (or "source": PyScript's own code ran) tells the tests which it was.
hooks.main.onBeforeRunAsync.add(async ({ interpreter }) => {
  await unpackBundle(interpreter.FS);
  const bytecode = has(interpreter.FS, PACKAGE);
  if (pyscriptsOwn && !bytecode) interpreter.runPython(pyscriptsOwn);
  document.documentElement.dataset.pyscript = bytecode ? "bytecode" : "source";
});
