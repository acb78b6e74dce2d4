"""bench.html's main thread (MicroPython): run the benchmarks in the engine worker, show the figures.

Reads ?seconds=&hands=&levels=&seed=&rules=&scale=&pace= from the address (scale multiplies
every search bot's time budget, as the arena's --budget-scale: 0.25 gives the worlds a phone's
clock buys; pace, in seconds, is the time a paced decision may take, as the arena's --pace), calls
the worker's `bench_engine` (random playouts per second, `gongzhu.core.fast.bench`)
and `bench_bots` (bot-only hands per level, `gongzhu.arena.bench_levels`), writes one table row
per result and prints the same figures to the console; marks `<html class="done">` when finished.
"""

from pyscript import document, window
from ui.engine import Engine


def params():
    """The benchmark's parameters from the query string, with small defaults."""
    out = {"seconds": "2", "hands": "3", "levels": "easy,normal,hard,expert", "seed": "1", "rules": "classic",
           "scale": "1", "pace": "0"}
    query = str(window.location.search or "")
    for part in query.lstrip("?").split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            if key in out and value:
                out[key] = value
    return out


def status(text):
    document.getElementById("status").textContent = text


def row(cells, name):
    tr = document.createElement("tr")
    tr.setAttribute("data-row", name)
    for text in cells:
        td = document.createElement("td")
        td.textContent = str(text)
        tr.appendChild(td)
    document.querySelector("#results tbody").appendChild(tr)


async def run():
    p = params()
    status("Starting the engine worker (Pyodide)…")
    engine = await Engine.connect()
    seconds = float(p["seconds"])
    status("Random playouts for {} s…".format(seconds))
    eng = await engine.call("bench_engine", seconds, p["rules"])
    hps = round(eng["hands_per_second"])
    row(["engine: random playouts", eng["hands"], "", "", "", "", "{} hands/s".format(hps)], "engine")
    print("bench engine: {} hands/s ({} hands in {:.2f} s)".format(hps, eng["hands"], eng["seconds"]))
    for level in [name for name in p["levels"].split(",") if name]:  # levels= : the engine alone
        status("Bot-only hands: {}…".format(level))
        res = (await engine.call("bench_bots", [level], int(p["hands"]), int(p["seed"]), p["rules"],
                                 float(p["scale"]), float(p["pace"])))[level]
        row([level, res["hands"], res["decisions"], "{:.1f}".format(res["p50"]), "{:.1f}".format(res["p95"]),
             "{:.1f}".format(res["max"]), "{:.1f} s".format(res["seconds"])], level)
        print("bench {}: p50 {:.1f} ms, p95 {:.1f} ms, max {:.1f} ms ({} decisions, {} hands, budget scale {}, "
              "pace {} s)".format(level, res["p50"], res["p95"], res["max"], res["decisions"], res["hands"],
                                  p["scale"], p["pace"]))
    status("Done.")
    document.documentElement.classList.add("done")


await run()  # noqa: F704  (PyScript runs this script with top-level await)
