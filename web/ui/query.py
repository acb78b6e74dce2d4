"""A page's query string, read the same way by the game, the tutorial and the embeds.

Pure Python over plain strings (MicroPython and CPython alike), with no call into the browser:
JavaScript's `decodeURIComponent` throws on a lone "%", and its error does not come back to
MicroPython as an exception a page can catch.
"""


def unquote(text):
    """Percent-decoding of a query name or value ("+" is a space, the escapes' bytes are UTF-8).

    Whatever is not a valid escape (a lone "%", bytes that are not UTF-8) is kept as it was
    written: a value is only ever shown as text or refused, so nothing is lost by keeping it.

    >>> unquote("100%25+sure"), unquote("%E7%8C%AA"), unquote("50%"), unquote("%E7%8C")
    ('100% sure', '猪', '50%', '%E7%8C')
    """
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "%":
            run = bytearray()  # consecutive escapes: the bytes of one or more UTF-8 characters
            j = i
            while j + 2 < n and text[j] == "%" and _is_hex(text[j + 1:j + 3]):
                run.append(int(text[j + 1:j + 3], 16))
                j += 3
            if run:
                try:
                    out.append(bytes(run).decode("utf-8"))
                except UnicodeError:
                    out.append(text[i:j])
                i = j
                continue
        out.append(" " if ch == "+" else ch)
        i += 1
    return "".join(out)


def _is_hex(pair):
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def pairs(search):
    """`?a=1&b` -> [("a", "1"), ("b", "")]: each name and value, decoded, in order."""
    out = []
    for part in search.lstrip("?").split("&"):
        if part:
            name, value = part.split("=", 1) if "=" in part else (part, "")
            out.append((unquote(name), unquote(value)))
    return out


def parse_query(search):
    """`?a=1&b=2` -> {"a": "1", "b": "2"} (the first value of each name).

    >>> parse_query("?seed=7&lang=zh&seed=8")
    {'seed': '7', 'lang': 'zh'}
    """
    out = {}
    for name, value in pairs(search):
        if name not in out:
            out[name] = value
    return out
