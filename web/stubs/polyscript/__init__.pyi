"""PyScript's `polyscript` module, as the page's worker uses it (main.py)."""

from typing import Any

xworker: Any  # this worker's side of the page's XWorker: postMessage, onmessage
