"""The tutorial's lessons (web/content/lessons.py) played through the boards' own code and the
engine: every board loads, every answer is a move the board takes by taps and solves, and the page
written from them speaks each language with every text translated."""

from __future__ import annotations

import importlib.util
import json
import re

import lessons
import pytest
from board.frame import frame
from board.spec import parse_spec
from board.state import Board, start, tap
from chkobba import Move, MoveKind
from conftest import ROOT
from shared import i18n

BOARDS = [
    pytest.param(board, id=f"{lesson.id}-{index}")
    for lesson in lessons.LESSONS
    for index, board in enumerate(lesson.boards)
]


def spec_of(board: lessons.Board, lang: str = "en"):
    values = {
        "mode": board.mode,
        "position": board.position,
        "moves": board.moves,
        "caption": board.caption,
        "explain": board.explain,
        "captions": " | ".join(board.captions),
        "lang": lang,
    }
    return parse_spec({name: value for name, value in values.items() if value})


def taps_for(move: Move) -> list[tuple[str, str]]:
    """The taps a reader makes for ``move``: the cut's button, or a hand card, what it takes,
    Play."""
    if move.kind != MoveKind.PLAY:
        return [("move", str(move))]
    assert move.card is not None
    return [
        ("hand", move.card.code),
        *(("table", card.code) for card in move.captures),
        ("play", ""),
    ]


def solve(board: Board) -> tuple[Board, list[dict]]:
    """Play each of the reader's steps (the first answer) by taps, as a reader would."""
    events: list[dict] = []
    while not board.solved:
        move = board.spec.steps[board.step][0]
        for action, value in taps_for(move):
            board, more = tap(board, action, value)
            events += more
        assert board.feedback is not None and board.feedback.kind in ("right", "solved")
    return board, events


@pytest.mark.parametrize("lesson", BOARDS)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_answer_is_taken_by_taps_and_solves_the_board(lesson, lang):
    board, _ = start(spec_of(lesson, lang))
    shown = frame(board)
    assert shown.status and shown.caption and shown.buttons
    solved, events = solve(board)
    assert [e["type"] for e in events][-1] == "solved"
    final = frame(solved)
    assert final.tone == "good" and final.feedback and final.status


@pytest.mark.parametrize("lesson", BOARDS)
def test_a_lesson_that_explains_refuses_every_other_move(lesson):
    """Each allowed move that is not the answer is refused with the lesson's reason; each move
    the rules forbid, with the engine's."""
    board, _ = start(spec_of(lesson))
    game = board.game
    answers = board.spec.steps[board.step]
    for move in game.legal_moves():
        if move in answers:
            continue
        after, events = tap(board, "move", str(move))
        assert after.game is game and events[0]["type"] == "failed"
        said = frame(after).feedback
        assert lesson.explain and lesson.explain in said, said


def test_the_lessons_are_the_ones_the_page_promises():
    ids = [lesson.id for lesson in lessons.LESSONS]
    assert len(ids) == len(set(ids)) == 10
    assert "cut" in ids and "last" in ids and "score" in ids


def test_the_score_lesson_shows_the_match_totals_its_caption_speaks_of():
    lesson = next(lesson for lesson in lessons.LESSONS if lesson.id == "score")
    board, _ = solve(start(spec_of(lesson.boards[0]))[0])
    rows = {name: (you, them) for name, you, them in frame(board).score}
    assert rows["This deal"] == ("5", "0")
    assert rows["Match"] == ("17 + 5 = 22", "12 + 0 = 12")
    assert "17 points become 22" in lesson.boards[0].caption
    assert rows["Bermila"][0] == "1 (2 sevens, 3 sixes)"


def load_tool():
    path = ROOT / "tools" / "tutorial_page.py"
    module_spec = importlib.util.spec_from_file_location("tutorial_page", path)
    assert module_spec and module_spec.loader
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def test_the_page_carries_every_text_in_every_language():
    tool = load_tool()
    page = tool.page((ROOT / "web" / "boards" / "tutorial.html").read_text(), i18n.LOCALEDIR)
    assert "__" not in re.sub(
        r"<script type=\"application/json\".*?</script>", "", page, flags=re.S
    )
    found = re.search(r'<script type="application/json" id="tutorial-words">(.*?)</script>', page)
    assert found
    words = json.loads(found.group(1))
    assert set(words) == set(i18n.LANGUAGES)
    keys = set(re.findall(r'data-t(?:-[a-z]+)?="([^"]+)"', page))
    for lang, entry in words.items():
        assert keys <= set(entry["texts"]), lang
        assert all(entry["texts"][key] for key in keys), lang
        assert len(entry["progress"]) == len(lessons.LESSONS) + 1
    assert words["ar"]["dir"] == "rtl" and words["fr"]["dir"] == "ltr"
    english, arabic = words["en"]["texts"], words["ar"]["texts"]
    assert all(arabic[key] != english[key] for key in keys if key.endswith(".text")), "untranslated"
    assert words["en"]["progress"][1] == "1 of 10 lessons done"
    assert words["fr"]["progress"][0] != words["fr"]["progress"][2]
    # the boards' captions keep one caption per step in every language
    for entry in words.values():
        for key, text in entry["texts"].items():
            if key.endswith(".captions"):
                assert text.count("|") == english[key].count("|")
