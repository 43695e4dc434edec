"""No import circle anywhere in the shipped Python (the engine, the page's, the boards'), counting
the imports made for the type checker only (``if TYPE_CHECKING:``) and those inside functions:
each module can be read after the ones it imports. The modules are those mypy checks
(pyproject.toml's ``[tool.mypy]``: ``files``, named from the ``mypy_path`` roots).

Run as a script, it prints each circle found (or that there is none)."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    """Each module mypy checks, by its import name."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    bases = [ROOT / p for p in config["mypy_path"].split(":")]
    found: dict[str, Path] = {}
    for entry in config["files"]:
        path = ROOT / entry
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            base = max((b for b in bases if b in file.parents), key=lambda b: len(b.parts))
            parts = file.relative_to(base).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return found


def imported(name: str, source: str, known: set[str], package: bool = False) -> Iterator[str]:
    """The modules of ``known`` that module ``name`` (a package's ``__init__`` if ``package``)
    imports anywhere in its ``source``: ``from a import b`` is an arrow to ``a.b`` when that is
    a module, else to ``a``."""
    here = name if package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                prefixes = (".".join(parts[:n]) for n in range(len(parts), 0, -1))
                yield from [p for p in prefixes if p in known][:1]
        elif isinstance(node, ast.ImportFrom):
            base = here.rsplit(".", node.level - 1)[0] if node.level else ""
            origin = ".".join(part for part in (base, node.module) if part)
            for alias in node.names:
                whole = f"{origin}.{alias.name}"
                if whole in known:
                    yield whole
                elif origin in known:
                    yield origin


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules of each circle of ``graph``, sorted (Tarjan's strongly connected components:
    modules each of which imports the others, directly or not)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in sorted(graph[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(part) > 1 or node in graph[node]:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def way_round(graph: dict[str, set[str]], part: list[str]) -> str:
    """One way round the circle ``part``, from its first module back to it."""
    start = part[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for after in sorted(graph[node] & set(part)):
            if after == start:
                return " -> ".join([*paths[node], start])
            if after not in paths:
                paths[after] = [*paths[node], after]
                todo.append(after)
    raise AssertionError(f"{start} is not on a circle")


def import_graph() -> dict[str, set[str]]:
    """Each module mypy checks, and the modules of its own it imports."""
    found = modules()
    known = set(found)
    return {
        name: set(imported(name, file.read_text(encoding="utf-8"), known, file.stem == "__init__"))
        for name, file in found.items()
    }


def test_the_graph_holds_the_engine_the_page_and_the_boards() -> None:
    graph = import_graph()
    assert {"chkobba.game", "chkobba.view", "chkobba.bots.core"} <= graph.keys()
    page = [name for name in graph if name.endswith(".controller")]
    boards = [name for name in graph if name.endswith("board.glue")]
    assert len(page) == len(boards) == 1
    # relative imports, resolved: ".view", "..kernel", ".taps"
    assert "chkobba.view" in graph["chkobba.game"]
    assert "chkobba.kernel" in graph["chkobba.bots.core"]
    assert any(name.endswith(".taps") for name in graph[page[0]])


def told(graph: dict[str, set[str]]) -> str:
    """Each circle of ``graph``: its modules, and one way round it."""
    found = circles(graph)
    return "\n".join(f"{', '.join(c)}\n  {way_round(graph, c)}" for c in found) or "no circle"


def test_no_import_circle() -> None:
    graph = import_graph()
    assert not circles(graph), f"import circles:\n{told(graph)}"


def test_a_circle_is_found() -> None:
    """The check sees a circle made of type-only imports, and a module importing itself."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert circles(graph) == [["a", "b", "c"], ["e"]]
    assert told(graph) == "a, b, c\n  a -> b -> c -> a\ne\n  e -> e"
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
    assert list(imported("p.a", source, {"p.a", "p.b"})) == ["p.b"]


if __name__ == "__main__":
    graph = import_graph()
    print(told(graph))
    sys.exit(1 if circles(graph) else 0)
