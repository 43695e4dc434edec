"""The arrows that must never exist between the parts of the house (docs/architecture.md), read
off every Python import (``ast``, those made for the type checker too): the engine imports
nothing of web/ or tools/; the shared package (web/shared) nothing of the game page's ``ui`` or
the boards' ``board``; ``board`` nothing of ``ui`` and ``ui`` nothing of ``board``; no module of
web/ imports tools/ or tests/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
# The folders Python imports web/'s code from: the name each package or module is imported by.
WEB_ROOTS = (WEB / "game", WEB / "boards", WEB, WEB / "content")
PARTS = {  # each part's Python files
    "engine": sorted((ROOT / "engine" / "chkobba").rglob("*.py")),
    "shared": sorted((WEB / "shared").glob("*.py")),
    "board": sorted((WEB / "boards" / "board").glob("*.py")),
    "ui": [WEB / "game" / "main.py", *sorted((WEB / "game" / "ui").glob("*.py"))],
    "content": sorted((WEB / "content").glob("*.py")),
}


def names_in(folder: Path, pattern: str = "*.py") -> set[str]:
    """The top-level names the Python in ``folder`` is imported by (stems and packages)."""
    found = {p.stem for p in folder.glob(pattern) if p.name != "__init__.py"}
    return found | {p.parent.name for p in folder.glob("*/__init__.py")}


WEB_NAMES = set().union(*(names_in(root) for root in WEB_ROOTS))  # ui, board, shared, main...
TOOL_NAMES = {"build"} | {p.stem for p in (ROOT / "tools").rglob("*.py")}
TEST_NAMES = {p.stem for p in (ROOT / "tests").rglob("*.py")}
OUTSIDE = TOOL_NAMES | TEST_NAMES  # what no module of web/ imports
NEVER = {  # each part: the top-level names it must never import
    "engine": WEB_NAMES | TOOL_NAMES,
    "shared": {"ui", "board"} | OUTSIDE,
    "board": {"ui"} | OUTSIDE,
    "ui": {"board"} | OUTSIDE,
    "content": OUTSIDE,
}


def imported(path: Path) -> set[str]:
    """The top-level names ``path`` imports (relative imports stay in its own package)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def forbidden(part: str) -> list[str]:
    """Each import of ``part`` that is an arrow it must never have: "file -> name"."""
    return [
        f"{path.relative_to(ROOT)} -> {name}"
        for path in PARTS[part]
        for name in sorted(imported(path) & NEVER[part])
    ]


def test_the_names_are_read_off_the_tree():
    """What the rules name exists, so no rule passes for want of anything to check."""
    assert {"ui", "board", "shared", "main", "lessons", "start_words"} <= WEB_NAMES
    assert {"build", "static_server", "loadtime"} <= TOOL_NAMES
    assert {"conftest", "engine_support", "app_support"} <= TEST_NAMES
    assert not (WEB_NAMES & (TOOL_NAMES | TEST_NAMES | {"chkobba"}))
    assert all(len(files) > 1 for files in PARTS.values()), PARTS
    assert "shared" in imported(WEB / "boards" / "board" / "frame.py")  # what is read is real


@pytest.mark.parametrize("part", sorted(PARTS))
def test_no_arrow_that_must_never_exist(part):
    assert forbidden(part) == []


def test_a_relative_import_stays_in_its_package():
    """``from .. import`` would reach out of a package unseen by the rules above."""
    deep = [
        f"{path.relative_to(ROOT)}: level {node.level}"
        for part in ("shared", "board", "ui", "content")
        for path in PARTS[part]
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.level > 1
    ]
    assert deep == []
