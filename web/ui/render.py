"""One function of (what the player may see + UI state) -> the table's HTML. No rule lives here:
legal moves and scores come from the engine, this only draws them."""

from __future__ import annotations

from html import escape

from chkobba import HAYYA, Card, DealResult, Move, View

from .model import COMPUTER, HUMAN, Settings, Ui

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "Ace", "Q": "Queen", "J": "Jack", "K": "King"}
NAMES = ("You", "Computer")
GEAR = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5'
    "-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0"
    " 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 "
    '2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"/></svg>'
)


def suit_svg(suit: str) -> str:
    return f'<svg aria-hidden="true"><use href="#suit-{suit}"/></svg>'


def card_name(card: Card) -> str:
    return f"{RANK_NAMES.get(card.rank, card.rank)} of {SUIT_NAMES[card.suit]}"


def card_html(card: Card, classes: str = "", button: bool = False, mini: bool = False) -> str:
    """A card face: corner indices, a big suit (or a court letter with its capture value)."""
    flags = ("red" if card.red else "", "hayya" if card is HAYYA else "", classes)
    cls = " ".join(["card face", *(c for c in flags if c)])
    idx = f"<b>{card.rank}</b>{suit_svg(card.suit)}"
    if card.rank in "QJK":
        middle = f'<span class="court">{card.rank}</span><i class="val">{card.value}</i>'
    else:
        middle = f'<svg class="pip" aria-hidden="true"><use href="#suit-{card.suit}"/></svg>'
    body = f'<span class="idx">{idx}</span>{middle}<span class="idx br">{idx}</span>'
    key = "data-mini" if mini else "data-card"  # data-card is unique on the page
    attrs = f'class="{cls}" {key}="{card.code}" aria-label="{card_name(card)}"'
    if button:
        return f'<button type="button" {attrs}>{body}</button>'
    return f"<div {attrs}>{body}</div>"


def back_html() -> str:
    return '<div class="card back"></div>'


def label(card: Card) -> str:
    return escape(card.label)


# ---------------------------------------------------------------------------------------------


def top_bar(view: View) -> str:
    you, them = view.scores
    return (
        '<header class="bar">'
        '<button type="button" class="icon" data-action="settings" aria-label="Settings">'
        f"{GEAR}</button>"
        f'<div class="score"><b>You</b><em data-score="0">{you}</em>'
        f'<span class="target">to {view.rules.target}</span>'
        f'<em data-score="1">{them}</em><b>Computer</b></div>'
        "</header>"
    )


def plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else word + ('es' if word.endswith('x') else 's')}"


def pile(view: View, side: int) -> str:
    """Captured cards face down with their count; each chkobba's sweeping card face up on top."""
    cards = view.piles[side]
    sweeps = "".join(card_html(c) for c in view.sweeps[side])
    title = f"{NAMES[side]}: {plural(len(cards), 'card')}, {plural(len(sweeps), 'chkobba')}"
    return (
        f'<div class="pile" data-zone="pile-{side}" title="{title}" aria-label="{title}">'
        f'<div class="stack{"" if cards else " none"}">{back_html()}'
        f'<span class="count" data-pile="{len(cards)}">{len(cards)}</span></div>'
        f'<div class="sweeps">{sweeps}</div></div>'
    )


def opponent(view: View, ui: Ui) -> str:
    count = view.hand_sizes[COMPUTER]
    if ui.pending and ui.pending[0] == COMPUTER:
        count -= 1
    turn = view.current == COMPUTER and view.phase != "over"
    dealer = " · dealer" if view.dealer == COMPUTER else ""
    return (
        '<section class="zone opp">'
        f'<div><div class="hand backs" data-zone="opp-hand">{back_html() * count}</div>'
        f'<div class="who{" turn" if turn else ""}">Computer{dealer}</div></div>'
        f"{pile(view, COMPUTER)}</section>"
    )


def hinted(ui: Ui) -> Move | None:
    """The move a hint suggests, if one is shown."""
    return Move.parse(ui.hint[0]) if ui.hint else None


def table(view: View, ui: Ui, choices: list[Move]) -> str:
    pending = ui.pending[1] if ui.pending else None
    taken = set(pending.captures) if pending else set()
    hint = hinted(ui)
    suggested = set(hint.captures) if hint else set()
    options = [set(m.captures) for m in choices]
    picked = {Card.parse(code) for code in ui.picked}
    open_options = [o for o in options if picked <= o]
    cards = []
    for card in view.table:
        classes, button = [], False
        if card in taken:
            classes.append("taken")
        elif options:
            button = any(card in o for o in options)
            if card in picked:
                classes.append("picked")
            elif any(card in o for o in open_options):
                classes.append("option")
            else:
                classes.append("dim")
        if card in suggested:
            classes.append("hint")
        cards.append(card_html(card, " ".join(classes), button))
    if pending:
        cards.append(card_html(pending.card, "incoming"))
    if not cards:
        cards.append('<span class="empty">The table is empty</span>')
    stock = view.stock_count
    return (
        '<section class="felt" data-zone="table">'
        '<div class="felt-head">'
        f'<div class="stock{"" if stock else " empty"}" data-zone="stock" '
        f'aria-label="{stock} cards in the stock">{back_html()}<span>{stock} left</span></div>'
        f'<span class="deal-no">Deal {view.deal_number}</span></div>'
        f'<div class="table-cards">{"".join(cards)}</div>'
        f"{choice_bar(ui, choices)}"
        f'<div class="status{" mine" if mine(view, ui) else ""}" data-status>'
        f"{escape(ui.status)}</div>"
        f"{announcement(ui)}</section>"
    )


def mine(view: View, ui: Ui) -> bool:
    return view.current == HUMAN and not ui.busy and view.phase == "play"


def choice_bar(ui: Ui, choices: list[Move]) -> str:
    if not choices:
        return ""
    card = choices[0].card
    picked = [Card.parse(code) for code in ui.picked]
    running = " + ".join(str(c.value) for c in picked)
    total = sum(c.value for c in picked)
    if picked:
        text = f"Your {label(card)} takes {card.value}: {running} = {total} of {card.value}"
    else:
        text = f"Tap table cards that make {card.value}"
    sums = f'<div class="sum" data-sum="{total}">{text}</div>'
    buttons = []
    for move in choices:
        minis = '<span class="plus">+</span>'.join(card_html(c, mini=True) for c in move.captures)
        buttons.append(
            f'<button type="button" class="choice" data-action="move" data-move="{move}" '
            f'aria-label="Take {" + ".join(card_name(c) for c in move.captures)}">{minis}</button>'
        )
    cancel = '<button type="button" class="cancel" data-action="cancel">Cancel</button>'
    return f'<div class="choices">{sums}{"".join(buttons)}{cancel}</div>'


def announcement(ui: Ui) -> str:
    if not ui.announce:
        return ""
    head, _, sub = ui.announce.partition("|")
    small = f"<small>{escape(sub)}</small>" if sub else ""
    return f'<div class="announce" role="alert">{escape(head)}{small}</div>'


def player(view: View, ui: Ui) -> str:
    hand = list(view.hand)
    if ui.pending and ui.pending[0] == HUMAN:
        hand.remove(ui.pending[1].card)
    active = mine(view, ui) and not ui.settings_open
    hint = hinted(ui)
    cards = "".join(card_html(c, hand_classes(c, ui, hint), button=True) for c in hand)
    dealer = " · dealer" if view.dealer == HUMAN else ""
    return (
        '<section class="zone you">'
        f'<div class="meta"><span class="who{" turn" if active else ""}">You{dealer}</span>'
        f"{hint_button(ui, active)}{pile(view, HUMAN)}</div>"
        f'<div class="hand{" active" if active else ""}" data-zone="you-hand">{cards}</div>'
        "</section>"
    )


def hand_classes(card: Card, ui: Ui, hint: Move | None) -> str:
    classes = ["selected" if card.code == ui.selected else ""]
    if hint and hint.card == card:
        classes.append("hint")
    return " ".join(c for c in classes if c)


def hint_button(ui: Ui, enabled: bool) -> str:
    """The hint button: the hard bot's move for the player, on the player's turn."""
    off = "" if enabled else " disabled"
    busy = ' aria-busy="true"' if ui.hinting else ""
    return (
        f'<button type="button" class="hint-btn" data-action="hint"{off}{busy} '
        'aria-label="Hint: suggest a move"><span aria-hidden="true">?</span>Hint</button>'
    )


# --- overlays ---------------------------------------------------------------------------------


def overlay(inner: str, kind: str) -> str:
    return f'<div class="overlay" data-overlay="{kind}"><div class="sheet">{inner}</div></div>'


def cut_panel(view: View, ui: Ui) -> str:
    card = view.cut_card
    assert card is not None
    hint = hinted(ui)

    def cls(kind: str) -> str:
        return " hint" if hint and hint.kind == kind else ""

    reason = (
        f'<p class="hint-reason" data-hint-reason>Hint: {escape(ui.hint[1])}</p>' if ui.hint else ""
    )
    return overlay(
        "<h2>Your cut</h2>"
        '<p class="sub">You cut the deck and looked at this card.</p>'
        f'<div class="cut-card">{card_html(card)}</div>'
        "<p>Keep it in your hand, or expose it on the table?</p>"
        '<div class="actions">'
        f'<button type="button" class="btn{cls("keep")}" data-action="move" data-move="keep">'
        "Keep</button>"
        f'<button type="button" class="btn alt{cls("expose")}" data-action="move" '
        'data-move="expose">Expose</button></div>'
        f'<div class="actions">{hint_button(ui, True)}</div>{reason}',
        "cut",
    )


def score_sheet(view: View, result: DealResult, number: int) -> str:
    you, them = result.scores
    rows = [
        (
            "Karta",
            "cards",
            you.karta,
            them.karta,
            plural(you.cards, "card"),
            plural(them.cards, "card"),
        ),
        ("Dinari", "diamonds", you.dinari, them.dinari, f"{you.diamonds} ♦", f"{them.diamonds} ♦"),
        (
            "Bermila",
            "sevens",
            you.bermila,
            them.bermila,
            f"{plural(you.sevens, 'seven')}, {plural(you.sixes, 'six')}",
            f"{plural(them.sevens, 'seven')}, {plural(them.sixes, 'six')}",
        ),
        ("7ayya", "hayya", you.hayya, them.hayya, "7♦", "7♦"),
        ("Chkobbas", "chkobba", you.chkobba, them.chkobba, "", ""),
    ]
    body = []
    for name, key, a, b, note_a, note_b in rows:
        note_a = f"<small>{escape(note_a)}</small>" if key != "hayya" or a else ""
        note_b = f"<small>{escape(note_b)}</small>" if key != "hayya" or b else ""
        body.append(
            f'<tr data-row="{key}"><td>{name}</td><td>{a}{note_a}</td><td>{b}{note_b}</td></tr>'
        )
    body.append(
        f'<tr class="total"><td>This deal</td><td>{you.total}</td><td>{them.total}</td></tr>'
    )
    body.append(
        f'<tr class="match"><td>Match<small>to {view.rules.target}</small></td>'
        f"<td>{result.totals[0]}</td><td>{result.totals[1]}</td></tr>"
    )
    left = ""
    if result.leftovers:
        who = NAMES[result.leftovers_side or 0]
        left = f'<p class="sub">{who} took the {len(result.leftovers)} cards left on the table.</p>'
    if view.phase == "over":
        if view.winner == HUMAN:
            head = '<h2 class="win">You won the match!</h2>'
        else:
            head = "<h2>The computer won the match</h2>"
        head += f'<p class="sub">Final score {result.totals[0]} &ndash; {result.totals[1]}</p>'
        action = '<button type="button" class="btn" data-action="new">New match</button>'
        kind = "over"
    else:
        head = f"<h2>Deal {number} scored</h2>"
        action = '<button type="button" class="btn" data-action="next">Next deal</button>'
        kind = "sheet"
    return overlay(
        f"{head}{left}<table><tr><th></th><th>You</th><th>Computer</th></tr>{''.join(body)}"
        f'</table><div class="actions">{action}</div>',
        kind,
    )


def settings_panel(view: View, settings: Settings) -> str:
    def seg(action: str, values: tuple, current: object) -> str:
        return "".join(
            f'<button type="button" data-action="{action}" data-value="{v}" '
            f'aria-pressed="{"true" if v == current else "false"}">{str(v).title()}</button>'
            for v in values
        )

    return overlay(
        "<h2>Settings</h2>"
        f'<h3>Computer level</h3><div class="seg">'
        f"{seg('level', ('easy', 'medium', 'hard'), settings.level)}</div>"
        f'<h3>Points to win</h3><div class="seg">{seg("target", (11, 21, 31), settings.target)}'
        f'</div><p class="sub">This match is played to {view.rules.target}; '
        "a new target applies from the next new game.</p>"
        '<p class="sub"><a href="./tutorial.html">Learn the rules by playing: nine lessons</a></p>'
        '<div class="actions">'
        '<button type="button" class="btn alt" data-action="new">New game</button>'
        '<button type="button" class="btn plain" data-action="close">Close</button></div>',
        "settings",
    )


def notice(ui: Ui) -> str:
    if not ui.notice:
        return ""
    return (
        f'<div class="notice" role="alert" data-notice><span>{escape(ui.notice)}</span>'
        '<button type="button" class="icon" data-action="dismiss" aria-label="Dismiss">'
        "&times;</button>"
        "</div>"
    )


def render(view: View, ui: Ui, settings: Settings, choices: list[Move]) -> str:
    """The whole table for the human seat's view."""
    parts = [top_bar(view), opponent(view, ui), table(view, ui, choices), player(view, ui)]
    if ui.settings_open:
        parts.append(settings_panel(view, settings))
    elif len(view.deal_results) > ui.seen_deals:
        parts.append(score_sheet(view, view.deal_results[-1], len(view.deal_results)))
    elif view.phase == "cut" and view.cut_card is not None and not ui.busy:
        parts.append(cut_panel(view, ui))
    parts.append(notice(ui))
    return "".join(parts)
