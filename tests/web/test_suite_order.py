"""The order the suite's files start in (conftest's ``LONGEST_FIRST``): each file it names is a
test file of tests/web, so that one renamed or removed does not silently start last again."""

from pathlib import Path

from conftest import LONGEST_FIRST


def test_the_longest_files_named_first_are_the_suites():
    here = Path(__file__).resolve().parent
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
    assert [name for name in LONGEST_FIRST if not (here / name).is_file()] == []
