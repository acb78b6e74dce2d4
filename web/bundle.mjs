/* A MicroPython page's modules come as one bundle (web/tools/mpy_compile.py), gzipped: GitHub Pages
 * compresses no .bundle on the way, and gzip makes the game's 178 kB 100 kB. Whoever fetches it
 * writes it into the interpreter's file system as it came, then inflates it here with the browser's
 * own DecompressionStream (native code: MicroPython's `deflate`, in the page's start task, made the
 * table 0.15 s later), before web/unbundle.py unpacks it. web/pyscript.mjs does so on a page's
 * main thread, web/quick/worker.mjs in the quick engine worker.
 */

export const BUNDLE = "modules.bundle";

/** `bytes`, inflated if they are gzip (its two magic bytes: a bundle itself starts with a path).
 * A browser without DecompressionStream (Safari before 16.4) leaves them to web/unbundle.py, which
 * inflates them with MicroPython's `deflate`, more slowly. */
async function inflated(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || typeof DecompressionStream === "undefined") return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflate the bundle in an interpreter's file system `FS`, if there is one. */
export async function inflateBundle(FS) {
  let bytes;
  try {
    bytes = FS.readFile(BUNDLE);
  } catch {
    return; // no bundle: a page without one
  }
  FS.writeFile(BUNDLE, await inflated(bytes));
}
