"""Unpack a MicroPython page's modules from its one bundle, if the browser has not: `import unbundle` first.

A page's (or the quick worker's) precompiled modules reach the interpreter's file system as one
file, `modules.bundle` (web/tools/mpy_compile.py writes it, gzipped; the config's [files] copies it
and this module): one request instead of thirty-odd small ones, each of which the browser fetched
and PyScript waited for before it ran anything. The browser inflates and unpacks it before the
script runs (web/bundle.mjs); where it cannot inflate it (no DecompressionStream: Safari before
16.4), it leaves it here, and `inflate` does it with MicroPython's `deflate`. The bundle is a line
of `path:size` entries separated by spaces, then the files' bytes in that order; importing this
module writes each file under its path (folders made as needed) and removes the bundle. Without a
bundle (unpacked already, or CPython) it does nothing.
"""

import os

BUNDLE = "modules.bundle"
GZIP = b"\x1f\x8b"


def inflate(data):
    """The bundle a gzip member holds: what the browser does first (web/bundle.mjs), done here when it
    could not (no DecompressionStream: Safari before 16.4), with MicroPython's slower `deflate`."""
    try:
        import deflate
    except ImportError:  # CPython
        import gzip

        return gzip.decompress(data)
    import io

    size = int.from_bytes(data[-4:], "little")  # gzip's last four bytes: the size inflated
    return deflate.DeflateIO(io.BytesIO(data), deflate.GZIP).read(size)  # in one read, as below


def unpack(bundle=BUNDLE):
    """Write the files of `bundle`; return how many (0 when there is no bundle)."""
    try:
        size = os.stat(bundle)[6]
    except OSError:
        return 0
    with open(bundle, "rb") as f:
        # In one read of the known size: MicroPython's read() without one grows its buffer by small
        # steps (20 ms for a bundle of 180 kB, against under 1), and readline() reads byte by byte.
        data = f.read(size)
    if data[:2] == GZIP:
        data = inflate(data)
    end = data.index(b"\n")
    entries = data[:end].decode().split()
    view = memoryview(data)
    at = end + 1
    folders = set()
    for entry in entries:
        path, length = entry.rsplit(":", 1)
        parts = path.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if folder not in folders:
                folders.add(folder)
                try:
                    os.mkdir(folder)
                except OSError:  # already there
                    pass
        stop = at + int(length)
        with open(path, "wb") as out:
            out.write(view[at:stop])
        at = stop
    os.remove(bundle)
    return len(entries)


unpack()
