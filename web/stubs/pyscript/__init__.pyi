# The parts of PyScript the page uses: the browser's document and window, as JavaScript proxies.
from typing import Any

document: Any
window: Any
