/* PyScript (its core.js) with this site's one plugin: before a page's MicroPython script runs, the
 * page's gzipped modules bundle that its config's [files] copied is inflated (web/bundle.mjs).
 *
 * Every MicroPython page loads this module instead of core.js (index.html through web/preload.js),
 * so that the hook is in place before PyScript can run a script: it is added as soon as core.js has
 * been evaluated, in the same task. PyScript waits for it only before an `async` script
 * (onBeforeRunAsync), so the pages' MicroPython scripts are `async`.
 */
import { hooks } from "./runtime/pyscript/core.js";
import { inflateBundle } from "./bundle.mjs";

hooks.main.onBeforeRunAsync.add(({ interpreter }) => inflateBundle(interpreter.FS));
