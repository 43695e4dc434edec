"""A friend's messages refused in bursts: one notice for them all, one answer to the burst.

A guest's page may send many messages the host refuses (a script, a page gone wrong): each
would be a notice to read and dismiss, and a whole position sent back. The host's page says it
once: a notice already waiting for the same friend counts one more refusal and tells the last
reason (``coalesced``); the friend is sent the position once the burst is over (``ANSWER_S``
after its first refusal). The page's link layer (web/game/guard.js) keeps bursts short: a
friend that sends far more than anyone plays is told and dropped before Python reads it.
"""

from __future__ import annotations

from .model import Notice, NoticeKind

ANSWER_S = 0.4  # a refused friend is sent the position this long after the burst's first


def coalesced(notices: tuple[Notice, ...], who: str, why: str) -> tuple[Notice, ...]:
    """``notices`` with the refusal of a message from ``who`` (``why``): counted in the notice
    for ``who`` still waiting to be read (detail: "refused", who, the last why, the count), or
    a new one at the end."""
    for number, notice in enumerate(notices):
        if notice.kind == NoticeKind.PEER and notice.detail[:2] == ("refused", who):
            count = int(notice.detail[3]) if len(notice.detail) > 3 else 1
            merged = Notice(NoticeKind.PEER, ("refused", who, why, str(count + 1)))
            return (*notices[:number], merged, *notices[number + 1 :])
    return (*notices, Notice(NoticeKind.PEER, ("refused", who, why)))
