"""The tutorial's lessons (tutorial.html): each a real position on a board and the words around
it, in English, marked for the message catalogs. ``build.py`` writes the page from them, with
their translations, and ``tests/web/test_lessons.py`` plays every answer through the engine.

Only the standard library here: ``build.py`` reads this file before anything is installed.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:
    """Marks a message for the catalogs (``python3 build.py catalogs``); returns it as is."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for the catalogs (``ngettext`` later)."""
    return singular, plural


@dataclass(frozen=True)
class Board:
    """A lesson's board: the attributes of its ``<chkobba-board>`` (words in English)."""

    position: str
    moves: str
    caption: str
    explain: str = ""
    captions: tuple[str, ...] = ()  # shown after each step ("" for none)
    mode: str = "puzzle"


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    text: str
    boards: tuple[Board, ...]


PAGE = {
    "title": N_("Learn Chkobba by playing"),
    "lead": N_(
        "Ten short lessons, each a real position: do what the board asks. Tap a card of your "
        "hand, then the table cards it should take, then Play. A wrong move is explained and "
        "taken back."
    ),
    "forget": N_("Start the lessons over"),
    "nav": N_("Lessons"),
    "done": N_("done"),
    "back": N_("Play a match against the computer →"),
    "language": N_("Language"),
    "unreadable": N_(
        "Your progress in the lessons could not be read. A copy was kept aside; the lessons "
        "begin again from here."
    ),
    "dismiss": N_("Dismiss"),
}
# The plural form follows the lessons done ({n}): "1 leçon terminée sur 10" in French; English
# says "lessons" in both forms ("1 of 10 lessons done").
PROGRESS = Nn_("{n} of {total} lessons done", "{n} of {total} lessons done")
ALL_DONE = N_("{progress} — well played!")

# Positions: see the README's notation. The two cut positions are whole shuffles (seeds 36 and
# 88 of a two-player match), the cut card first.
KEEP_7D = (
    "- -/- c0 -/- 7D2DJD3D4H7SQCQS4D3H3S7C5SKCQDJH2HKD2C6S2SKSADJS4SAHQH5D7H4C6C6H3C5CACJCKHAS"
    "6D5H 0-0/21 1 -"
)
EXPOSE_AS = (
    "- -/- c0 -/- AS2SAH3D6H6D7H4H4C3SQHKS6CJC5CKDJSKC2HQC5D6SADQD2CJH7S7C4D5SAC2D7D4S5H3HQSJD"
    "KH3C 0-0/21 1 -"
)
SCORE = (
    "6C2H 6D/- 0 AD2D3D4D7D7SASKS*2S3S4S5SQSJS6HAH3H4H5H/5DQDJDKD7H7C6SQHJHKHAC2C3C4C5CQCJCKC "
    "- 17-12/21 0 1"
)

LESSONS = (
    Lesson(
        "values",
        N_("Card values"),
        N_(
            "Forty cards: ace to seven count 1 to 7; the queen counts 8, the jack 9 and the "
            "king 10."
        ),
        (
            Board(
                "4C6H2S KSQD/5S3D 0 -/- - 0-0/21 1 -",
                "KSx4C+6H",
                N_("Your king is worth 10: take two cards that make 10 with it."),
                N_("the king (10) is the card asked for"),
            ),
        ),
    ),
    Lesson(
        "equal",
        N_("Taking an equal card"),
        N_("A card takes a card of the same value from the table."),
        (
            Board(
                "3C6DKS 6H2C/4S5H 0 -/- - 0-0/21 1 -",
                "6Hx6D",
                N_("The table holds 3, 6 and K. Take the 6 with your 6♥."),
                N_("your 6 can take the 6"),
            ),
        ),
    ),
    Lesson(
        "sum",
        N_("Taking a sum"),
        N_("With no equal card, a card takes a group whose values add up to it."),
        (
            Board(
                "4S3CKD 7H5D/2H6C 0 -/- - 0-0/21 1 -",
                "7Hx3C+4S",
                N_("Take 4 + 3 with your 7♥."),
                N_("your 7 can make 4 + 3"),
            ),
        ),
    ),
    Lesson(
        "priority",
        N_("The equal card first"),
        N_(
            "An equal card comes before any sum. Try taking 4 + 3 with the 7 and see what the "
            "rules say."
        ),
        (
            Board(
                "7D4S3C 7HKC/2H6C 0 -/- - 0-0/21 1 -",
                "7Hx7D",
                N_("The table holds 7♦, 4♠ and 3♣. Play your 7♥ the way the rules allow."),
                N_("the 7 is the card to play"),
            ),
        ),
    ),
    Lesson(
        "chkobba",
        N_("The chkobba"),
        N_("Clearing the whole table in one play is a chkobba, a sweep: one point."),
        (
            Board(
                "5S3HAC JD2C/4D6S 0 -/- - 0-0/21 1 -",
                "JDxAC+3H+5S",
                N_("The table holds 5, 3 and A. Sweep it with your jack (9)."),
                N_("the jack can take the whole table"),
            ),
        ),
    ),
    Lesson(
        "queen",
        N_("The queen's sum"),
        N_("Courts take sums too. The rules' own example: the table holds only 2♦ and 6♠."),
        (
            Board(
                "2D6S QHJC/KC5H 0 -/- - 0-0/21 1 -",
                "QHx2D+6S",
                N_("Take both cards with one of yours. Try the jack first: why can it not?"),
                N_("the queen is the card that makes 8"),
            ),
        ),
    ),
    Lesson(
        "compulsory",
        N_("Capture is compulsory"),
        N_("If the card you play can take, it must: you cannot just lay it down."),
        (
            Board(
                "3C5H 3DKS/2C4D 0 -/- - 0-0/21 1 -",
                "3Dx3C",
                N_("Play your 3♦. Try laying it on the table first."),
                N_("the lesson asks you to play the 3♦"),
            ),
        ),
    ),
    Lesson(
        "cut",
        N_("The cut: keep or expose"),
        N_(
            "Before each deal, the player on the dealer's right cuts the deck and sees one card. "
            "Keep: it becomes one of your three cards. Expose: it is laid face up as one of the "
            "four table cards. You play first, so an exposed card is yours to take first; a card "
            "that scores, a seven or the 7♦, is safer in your hand."
        ),
        (
            Board(
                KEEP_7D,
                "keep",
                N_("You cut the deck and see the 7♦, a point on its own. Keep it or expose it?"),
                N_(
                    "exposed, the 7♦ lies on the table, where any 7 or sum of 7 can take it: "
                    "keep a card that scores"
                ),
                (N_("The 7♦ is one of your three cards, and you play first: it takes 3♥ + 4♦."),),
            ),
            Board(
                EXPOSE_AS,
                "expose",
                N_("Another deal: you see the A♠. Keep it or expose it?"),
                N_(
                    "in your hand an ace takes only another ace; on the table it joins the sums "
                    "you take, and you play first"
                ),
                (
                    N_(
                        "The A♠ is one of the four table cards, and you play first: your A♥ "
                        "takes it."
                    ),
                ),
            ),
        ),
    ),
    Lesson(
        "last",
        N_("Last cards and leftovers"),
        N_(
            "When the last card of the deal is played, the cards left on the table go to the last "
            "player who captured, with no chkobba for them."
        ),
        (
            Board(
                "5C2DQS 7S/4H 0 AS2S3SKD/KC - 0-0/21 1 1",
                "7Sx2D+5C 4H",
                N_("Your last card: take what you can, then watch where the leftovers go."),
                N_("your 7 can take 5 + 2"),
                (
                    "",
                    N_(
                        "The opponent's 4♥ was the last card: Q♠ and 4♥, left on the table, are "
                        "yours, because you captured last."
                    ),
                ),
            ),
        ),
    ),
    Lesson(
        "score",
        N_("Scoring a deal"),
        N_(
            "After the deal each side counts its pile: karta for more cards, dinari for more "
            "diamonds, bermila for more sevens (sixes break a tie), 7ayya for the 7♦, and one per "
            "chkobba. The deal's points add to the match's, played to 21."
        ),
        (
            Board(
                SCORE,
                "6Dx6C",
                N_("Play the deal's last card, then read the score: your 17 points become 22."),
                N_("the 6 can take the 6"),
                (
                    N_(
                        "Sevens are tied two all, so your three sixes win the bermila: 5 points "
                        "this deal, 22 in the match, and the match is yours."
                    ),
                ),
            ),
        ),
    ),
)
