/* A MicroPython page's modules come as one bundle (web/tools/mpy_compile.py), gzipped: GitHub Pages
 * compresses no .bundle on the way, and gzip makes the game's 194 kB 110 kB. Whoever fetches it
 * writes it into the interpreter's file system as it came; `unpackBundle` then inflates it with the
 * browser's own DecompressionStream (native code: MicroPython's `deflate`, in the page's start task,
 * made the table 0.15 s later) and writes its files. web/pyscript.mjs does so on a page's main
 * thread before PyScript loads its own package (which the bundle holds), web/quick/worker.mjs in
 * the quick engine worker.
 *
 * A bundle is a line of `path:size` entries separated by spaces, then the files' bytes in that
 * order (web/tools/mpy_compile.py's `bundle_bytes`). A browser without DecompressionStream (Safari
 * before 16.4) leaves it to web/unbundle.py, which every script loads first: it reads the same
 * format in Python and inflates it with MicroPython's `deflate`, more slowly (16–33 ms to unpack the
 * game's the first time, in node: docs/PERFORMANCE.md, "each page's modules in one bundle").
 */

export const BUNDLE = "modules.bundle";

/** `bytes`, inflated if they are gzip (its two magic bytes: a bundle itself starts with a path);
 * null when they are gzip and the browser cannot inflate them. */
async function inflated(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  if (typeof DecompressionStream === "undefined") return null;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Write the files of the bundle in an interpreter's file system `FS` (folders made as needed) and
 * remove it. False when there is no bundle, or when it is left for web/unbundle.py. */
export async function unpackBundle(FS) {
  let bytes;
  try {
    bytes = FS.readFile(BUNDLE);
  } catch {
    return false; // no bundle: a page without one
  }
  const data = await inflated(bytes);
  if (!data) return false;
  const end = data.indexOf(10); // the index ends at the first newline
  const entries = new TextDecoder().decode(data.subarray(0, end)).split(" ").filter(Boolean);
  let at = end + 1;
  for (const entry of entries) {
    const colon = entry.lastIndexOf(":");
    const path = entry.slice(0, colon);
    const stop = at + Number(entry.slice(colon + 1));
    const slash = path.lastIndexOf("/");
    if (slash > 0) FS.mkdirTree(path.slice(0, slash));
    FS.writeFile(path, data.subarray(at, stop));
    at = stop;
  }
  FS.unlink(BUNDLE);
  return true;
}
