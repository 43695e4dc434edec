"""The same sources build the same bytes, on any machine: dist/ built again in another folder,
with caches of its own, equals this checkout's dist/ file by file (so a deploy from another
machine never makes every player download the game again)."""

import os
import subprocess
import sys

from conftest import ROOT, load_build


def sources() -> list[str]:
    """The checkout's files as git sees them (committed or not, ignored ones left out)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def tree(folder) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_another_folder_builds_the_same_bytes(tmp_path):
    build = load_build()
    if not (build.DIST / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True)
    other = tmp_path / "checkout"
    for name in sources():
        target = other / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / name).read_bytes())
    for shared in ("node_modules", ".venv"):  # installed tools, not outputs: .cache is its own
        os.symlink(ROOT / shared, other / shared)
    # ... but for the compressed copies, keyed by the digest of what they compress: a byte
    # that depends on the folder shows in the uncompressed file, compared as well (brotli at
    # quality 11 over 16 MB was most of this test's minute).
    (ROOT / ".cache" / "compressed").mkdir(parents=True, exist_ok=True)
    (other / ".cache").mkdir()
    os.symlink(ROOT / ".cache" / "compressed", other / ".cache" / "compressed")
    subprocess.run(
        [sys.executable, str(other / "build.py"), "build"], cwd=other, check=True, timeout=900
    )
    ours, theirs = tree(build.DIST), tree(other / "dist")
    assert sorted(ours) == sorted(theirs)
    assert [name for name in ours if ours[name] != theirs[name]] == []
