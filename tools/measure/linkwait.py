"""Whether a friend's link (dist/static/peer.js) waits for a person: for each pairing of engines
(host → guest, Chromium or Firefox ESR) and each wait between the guest's answer being made and
the host entering it, whether the link opens and a text goes each way, when, and what each
side's connections went through (ICE, DTLS, connection states, seconds after the answer).

Run by `python3 build.py linkwait [--waits 0,30,60,300] [--pairs chromium>firefox,...]
[--states]`: tools/measure/linkwait.mjs drives Debian's /usr/bin/chromium and
/usr/bin/firefox-esr (WebDriver BiDi) with puppeteer-core, every case at once (the waits are
idle), on this machine's addresses with no STUN server.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAIRS = "chromium>chromium,chromium>firefox,firefox>chromium,firefox>firefox"
SHORT = {"chromium": "Chromium", "firefox": "Firefox ESR"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waits", default="0,30,60,300", help="seconds, comma-separated")
    parser.add_argument("--pairs", default=PAIRS, help="host>guest, comma-separated")
    parser.add_argument("--states", action="store_true", help="each side's states, in time")
    args = parser.parse_args()
    script = ROOT / "tools" / "measure" / "linkwait.mjs"
    command = ["node", str(script), str(ROOT / "dist"), args.waits, args.pairs]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if not rows:
        print(done.stderr[-2000:], file=sys.stderr)
        return 1
    rows.sort(key=lambda r: (args.pairs.split(",").index(f"{r['host']}>{r['guest']}"), r["wait"]))
    print("| host | guest | wait before the answer is entered | result | open after it |")
    print("|---|---|---|---|---|")
    for row in rows:
        opened = f"{row['opened_after']:.1f} s" if row.get("opened_after") is not None else "-"
        host, guest = SHORT[row["host"]], SHORT[row["guest"]]
        print(f"| {host} | {guest} | {row['wait']} s | {row['result']} | {opened} |")
    if args.states:
        for row in rows:
            sizes, found = row.get("sizes"), row.get("candidates")
            print(
                f"\n{row['host']} > {row['guest']}, {row['wait']} s: codes {sizes}, {found} cand."
            )
            for side in ("host", "guest"):
                print(f"  {side}: {' '.join(row.get(side + '_log', []))}")
    return 0 if all(r["result"].startswith("connects") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
