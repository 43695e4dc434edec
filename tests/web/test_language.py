"""One rule for the language a page speaks: web/shared/language.js (host.js, tutorial.js,
embed.js) and web/shared/i18n.py (the game, the boards' Python) answer the same for one table of
tags."""

from __future__ import annotations

import json
import shutil
import subprocess

from conftest import ROOT
from shared.i18n import LANGUAGES, pick_language

# Each row: a page's candidates in its order (?lang=, a setting, the browser's...), and the answer.
TABLE: list[tuple[list[str | None], str]] = [
    (["fr"], "fr"),
    (["fr-TN"], "fr"),
    (["FR"], "fr"),
    (["Fr-fr"], "fr"),
    (["AR"], "ar"),
    (["ar_TN"], "ar"),
    (["ar-TN"], "ar"),
    (["ar-Arab-TN"], "ar"),
    (["en-GB"], "en"),
    (["en_US"], "en"),
    (["de-DE", "ar-TN", "fr"], "ar"),  # the first we speak, not the best known
    ([None, "", "xx", "fr_FR"], "fr"),  # missing or unknown ones are passed over
    (["french", "frr", "x-fr", "-fr", "fr-"], "fr"),  # only the last's base is "fr"
    (["constructor", "__proto__", "toString"], "en"),  # no object's own names
    (["de", "es"], "en"),
    ([], "en"),
]


def test_the_page_scripts_and_python_pick_the_same_language_from_the_same_tags():
    node = shutil.which("node")
    assert node, "Node.js is needed to run web/shared/language.js here"
    script = (ROOT / "web" / "shared" / "language.js").read_text() + (
        "\nconst [rows, known] = JSON.parse(process.argv[1]);"
        "\nprocess.stdout.write(JSON.stringify(rows.map((tags) => pickLanguage(tags, known))));\n"
    )
    rows = [tags for tags, _ in TABLE]
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, json.dumps([rows, list(LANGUAGES)])],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    expected = [lang for _, lang in TABLE]
    assert json.loads(done.stdout) == expected
    assert [pick_language(tags) for tags in rows] == expected
