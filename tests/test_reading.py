"""The strict JSON reader shared by saves, peer messages, the page's statistics and storage."""

from __future__ import annotations

import doctest

import pytest
from chkobba import ParseError, reading
from chkobba.reading import Misread, NotJson


def test_doctests() -> None:
    assert doctest.testmod(reading).failed == 0


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [
        ("{", NotJson, "match: not JSON"),
        (5, NotJson, "match: should be text, not int"),
        ("[" * 65 + "]" * 65, Misread, "match: nested too deeply (at most 64 levels)"),
        ('{"a":1,"a":2}', Misread, "match: the key 'a' is given twice"),
        ("[" + "9" * 21 + "]", Misread, "match: a number of 21 digits (at most 20)"),
        ("x" * 201, Misread, "match: too long: more than 200 characters"),
    ],
)
def test_a_document_is_refused_saying_why(text: object, error: type, says: str) -> None:
    with pytest.raises(error) as caught:
        reading.document(text, "match", limit=200, digits=20)
    assert says in str(caught.value)
    assert isinstance(caught.value, ParseError)


def test_a_document_reads_text_and_bytes() -> None:
    assert reading.document('{"a":[1,2]}', "match") == {"a": [1, 2]}
    assert reading.document('{"a":"é"}'.encode("utf-16"), "match") == {"a": "é"}


@pytest.mark.parametrize(
    ("read", "says"),
    [
        (lambda: reading.fields([], "view", ("a",)), "view: should be an object, not []"),
        (lambda: reading.fields({}, "view", ("a", "b")), "view: lacks a, b"),
        (lambda: reading.fields({"a": 1, "c": 2}, "view", ("a",), ("b",)), "has no field 'c'"),
        (lambda: reading.items({}, "log"), "log: should be a list, not {}"),
        (lambda: reading.items([1, 2, 3], "log", most=2), "log: 3 items (at most 2)"),
        (lambda: reading.each([1], "scores", 2, "2 sides"), "one for each of the 2 sides, not 1"),
        (lambda: reading.whole(True, "seat", 0, 3), "seat: should be a whole number from 0 to 3"),
        (lambda: reading.whole(-1, "seq"), "seq: should be a whole number >= 0, not -1"),
        (lambda: reading.whole(10**100, "n", 0, 10**100 - 1), ">= 0 of at most 100 digits"),
        (lambda: reading.flag(1, "won"), "won: should be true or false, not 1"),
        (lambda: reading.text(1, "name"), "name: should be text, not 1"),
        (lambda: reading.text("abcd", "name", most=3), "name: 'abcd': at most 3 characters"),
        (lambda: reading.one_of(1, "side", (None, 0)), "side: should be null or 0, not 1"),
        (lambda: reading.one_of(True, "n", (1, 2)), "n: should be 1 or 2, not True"),
    ],
)
def test_a_value_is_refused_saying_where_and_why(read, says: str) -> None:
    with pytest.raises(Misread) as caught:
        read()
    assert says in str(caught.value)


def test_a_refusal_quotes_a_short_part_and_names_its_document() -> None:
    with pytest.raises(Misread) as caught:
        reading.text(["x" * 1000] * 1000, "names")
    assert len(str(caught.value)) < 80
    assert str(caught.value.within("hello")) == f"hello: {caught.value}"


def test_the_values_read_are_returned() -> None:
    assert reading.fields({"a": 1}, "", ("a",), ("b",)) == {"a": 1}
    assert reading.whole(3, "seat", 0, 3) == 3
    assert reading.one_of(0, "side", (None, 0, 1)) == 0
    assert reading.one_of(None, "side", (None, 0, 1)) is None
