"""Lighthouse scores of the built site: the game, the rules page and the embed page.

Builds _site/ into a temporary folder (or takes `--dir`), serves it under /gongzhu/ as GitHub
Pages would (web/tools/serve.py, a free port), and runs the `lighthouse` npm package (pinned in
package.json) once per page (`--runs` times) with the same Chromium the browser tests use. Prints the four
category scores and the main timings per page. A benchmark: run it by hand, not in `make test`
(tests/e2e/test_site_lighthouse.py runs the Accessibility and Best Practices checks).

    .venv/bin/python web/tools/lighthouse_site.py [--preset mobile|desktop] [--pages index.html] [--runs 5]

The score moves from run to run on a busy machine (the game's mobile score by over ten points):
`--runs N` prints each run and then the medians, as Lighthouse's own guidance says to read it.

Lighthouse's default is a simulated mid-range phone on a slow 4G network ("mobile").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import SYSTEM_FLAGS, find_browser, playwright_chromium  # noqa: E402
from build_site import ROOT, build  # noqa: E402
from serve import start_server  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = ["index.html", "rules.html", "embed.html"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
TIMINGS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
    "interactive": "TTI",
}
PREFIX = "/gongzhu/"


def chromium_path() -> str:
    """The Chromium executable the browser tests use (Lighthouse launches it itself)."""
    choice = find_browser()
    path = (choice and choice.executable_path) or playwright_chromium()
    if not path:
        raise SystemExit("lighthouse: no Chromium found; run `make browser` (web/tools/browser.py --ensure)")
    return path


def run_lighthouse(
    url: str,
    categories: list[str],
    preset: str = "mobile",
    timeout_s: float = 300,
    fast: bool = False,
    chrome_path: str | None = None,
) -> dict[str, Any]:
    """One Lighthouse run of `url`; returns its JSON report (lhr).

    `fast`: no simulated throttling and no screenshots -- for the categories that do not
    measure speed (accessibility, best practices, SEO), whose scores it does not change.
    `chrome_path`: the Chromium to launch (default: the one web/tools/browser.py finds).
    """
    if not LIGHTHOUSE.exists():
        raise SystemExit("lighthouse: node_modules/.bin/lighthouse is missing; run `make tools` (the test tools)")
    flags = ["--headless=new", *SYSTEM_FLAGS]
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={' '.join(flags)}",
        "--max-wait-for-load=60000",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    if fast:
        command += ["--throttling-method=provided", "--disable-full-page-screenshot"]
    env = {**os.environ, "CHROME_PATH": chrome_path or chromium_path()}
    run = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, env=env, check=False)
    if run.returncode != 0 or not run.stdout.strip():
        raise RuntimeError(f"lighthouse failed on {url} (exit {run.returncode}):\n{run.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(run.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse could not load {url}: {report['runtimeError']}")
    return report


def scores(report: dict[str, Any]) -> dict[str, int]:
    """Category id -> score out of 100."""
    return {cid: round((cat.get("score") or 0) * 100) for cid, cat in report["categories"].items()}


def failed_audits(report: dict[str, Any], category: str) -> list[str]:
    """The audits of `category` that lost points, as 'id: title' lines."""
    lines = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
            lines.append(f"{ref['id']} ({audit['score']}): {audit['title']}")
    return lines


def figures_of(report: dict[str, Any]) -> dict[str, Any]:
    """The four scores and the main timings of one report."""
    audits = report["audits"]
    timings = {short: audits[aid].get("numericValue") for aid, short in TIMINGS.items() if aid in audits}
    return {"scores": scores(report), "timings": timings}


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each score's and each timing's median over several runs of one page."""
    first = runs[0]
    return {
        "scores": {c: statistics.median(r["scores"][c] for r in runs) for c in first["scores"]},
        "timings": {
            t: statistics.median(v for r in runs if (v := r["timings"].get(t)) is not None)
            for t in first["timings"]
        },
    }


def row(label: str, figures: dict[str, Any]) -> str:
    """One printed line: the label, the four scores, the timings (CLS unitless, the rest in ms)."""
    cells = "".join(f"{figures['scores'].get(c, 0):>15g}" for c in CATEGORIES)
    for short, v in figures["timings"].items():
        text = "-" if v is None else f"{v:.3f}" if short == "CLS" else f"{v:.0f}"
        cells += f"{text:>8}"
    return f"{label:<18}{cells}"


def serve_site(directory: Path | None) -> tuple[Any, str, Path]:
    """Build (unless `directory`) and serve the site under PREFIX; returns (server, base URL, folder)."""
    if directory is None:
        directory = Path(tempfile.mkdtemp(prefix="gongzhu-lh-")) / "_site"
        build(directory)
    server, url = start_server(port=0, directory=directory, prefix=PREFIX)
    return server, url, directory


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Lighthouse scores of the built site.")
    parser.add_argument("--dir", type=Path, help="a built site to serve (default: build one into a temporary folder)")
    parser.add_argument("--pages", nargs="+", default=PAGES, help=f"pages to audit (default: {' '.join(PAGES)})")
    parser.add_argument("--preset", choices=["mobile", "desktop"], default="mobile")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--reports", type=Path, help="also save each page's full Lighthouse report (JSON) here")
    parser.add_argument(
        "--runs", type=int, default=1, help="runs per page; with more than one, each run and then the medians"
    )
    args = parser.parse_args(argv)
    server, url, directory = serve_site(args.dir)
    results = {}
    try:
        header = (
            f"{'page':<18}"
            + "".join(f"{c[:13]:>15}" for c in CATEGORIES)
            + "".join(f"{t:>8}" for t in TIMINGS.values())
        )
        print(f"Lighthouse {args.preset}, {url}  (scores /100; timings in ms, CLS unitless)")
        print(header)
        for page in args.pages:
            if not (directory / page).is_file():
                print(f"{page:<18} (not in the site)")
                continue
            runs = []
            for n in range(1, args.runs + 1):
                report = run_lighthouse(url + page, CATEGORIES, args.preset)
                if args.reports:
                    args.reports.mkdir(parents=True, exist_ok=True)
                    name = page.replace("/", "_").removesuffix(".html") + f"-{args.preset}"
                    name += f"-{n}" if args.runs > 1 else ""
                    (args.reports / f"{name}.json").write_text(json.dumps(report), encoding="utf-8")
                figures = figures_of(report)
                runs.append(figures)
                print(row(page if args.runs == 1 else f"{page} #{n}", figures), flush=True)
                for category in CATEGORIES:
                    for line in failed_audits(report, category) if figures["scores"][category] < 100 else []:
                        print(f"    {category}: {line}")
            results[page] = {**median_of(runs), "runs": runs}
            if args.runs > 1:
                print(row(f"{page} median", results[page]), flush=True)
    finally:
        server.shutdown()
        server.server_close()
    if args.json:
        args.json.write_text(json.dumps({"preset": args.preset, "pages": results}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
