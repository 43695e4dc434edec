# JavaScript's global scope as Pyodide shows it: any name, any value.
from typing import Any

def __getattr__(name: str) -> Any: ...
