"""Lighthouse 12's mobile scores for the served page (slow 4G and 4x CPU, simulated).

Run by `python3 build.py lighthouse` (which builds dist/ first). Lighthouse is installed apart,
in .cache/lighthouse/ (`npm i -E lighthouse@12.2.3`), not in the package-lock the build uses, and
runs Debian's chromium, headless, against build.py's server (precompressed files): cross-origin
isolated (COOP/COEP), or with --plain as a plain static host serves it (gzip, no COOP/COEP), or
--both. Measures the game, the tutorial and the boards' demo (--pages to choose); prints the
category scores and the main metrics of each of --runs runs and their medians.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
from static_server import start_server  # noqa: E402

HOME = ROOT / ".cache" / "lighthouse"
VERSION = "12.2.3"
CLI = HOME / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


def ensure_lighthouse() -> None:
    package = CLI.parents[1] / "package.json"
    if package.exists() and json.loads(package.read_text())["version"] == VERSION:
        return
    HOME.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["npm", "i", "-E", f"lighthouse@{VERSION}", "--no-audit", "--no-fund", "--prefix", HOME],
        check=True,
    )


def audit(url: str, keep: Path | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        report = keep or Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": shutil.which("chromium") or "/usr/bin/chromium"}
        subprocess.run(
            [
                "node",
                CLI,
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                f"--only-categories={','.join(CATEGORIES)}",
                "--chrome-flags=--headless=new --no-sandbox",
            ],
            check=True,
            env=env,
        )
        return json.loads(report.read_text())


def failing(report: dict) -> list[str]:
    """The scored audits of the categories that did not pass, with their weight."""
    out = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            score = report["audits"][ref["id"]]["score"]
            if ref["weight"] and score is not None and score < 1:
                items = report["audits"][ref["id"]].get("details", {}).get("items", [])
                what = "; ".join(
                    str(i.get("value") or i.get("source", {}).get("url", ""))[:120]
                    for i in items[:3]
                )
                out.append(f"{category}: {ref['id']} {score:.2f} (weight {ref['weight']}) {what}")
    return out


def figures(report: dict) -> dict[str, float]:
    out = {c: report["categories"][c]["score"] for c in CATEGORIES}
    for audit_id, name in METRICS.items():
        out[name] = report["audits"][audit_id]["numericValue"]
    out["transfer MB"] = report["audits"]["total-byte-weight"]["numericValue"] / 1e6
    return out


def show(label: str, row: dict[str, float]) -> str:
    scores = "  ".join(f"{c} {row[c]:.2f}" for c in CATEGORIES)
    times = "  ".join(
        f"{n} {row[n]:.3f}" if n == "CLS" else f"{n} {row[n] / 1000:.1f} s"
        for n in METRICS.values()
    )
    return f"  {label:7} {scores}  {times}  transfer {row['transfer MB']:.2f} MB"


PAGES = ("index.html", "tutorial.html", "embed-demo.html")


def measure(base: str, page: str, runs: int, keep: Path | None) -> dict[str, float]:
    """``runs`` audits of ``page``: each printed, their median returned."""
    rows = []
    for run in range(runs):
        path = keep / f"{page}-run{run + 1}.json" if keep else None
        report = audit(base + page, path)
        rows.append(figures(report))
        print(show(f"run {run + 1}", rows[-1]), flush=True)
    print("  not passed in the last run:", *failing(report), sep="\n    ")
    return {key: statistics.median(row[key] for row in rows) for key in rows[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write each run's JSON report there (a folder)")
    parser.add_argument("--plain", action="store_true", help="as a plain host: no COOP/COEP")
    parser.add_argument("--both", action="store_true", help="the isolated host, then the plain")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated pages")
    args = parser.parse_args()
    ensure_lighthouse()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    hosts = [False, True] if args.both else [args.plain]
    medians = []
    for plain in hosts:
        server, base = start_server(DIST, plain=plain)
        host = "plain host" if plain else "COOP/COEP"
        for page in args.pages.split(","):
            print(f"{page}, {host}:", flush=True)
            medians.append((f"{page}, {host}", measure(base, page, args.runs, args.keep)))
        server.shutdown()
    print(f"Lighthouse {VERSION}, mobile (simulated slow 4G, 4x CPU), median of {args.runs}:")
    for label, median in medians:
        print(f"{label}:")
        print(show("median", median))
    return 0


if __name__ == "__main__":
    sys.exit(main())
