"""What a player's name may be: text that shows what it says, decided by Unicode properties.

A name is normalized (NFC, then spaces around it removed), then read as grapheme clusters
(what a reader sees as one character: a letter with its accents, a flag, a family emoji joined
with zero-width joiners), with the `regex` module's `\\X` (UAX #29, a newer Unicode than the
standard library's). It is refused when:

- it is empty or longer than MAX_LENGTH code points (the database column's size);
- a code point is a control, a format character, private use, a surrogate, unassigned, or a
  line or paragraph separator. Format characters that build what a reader sees are kept: the
  zero-width joiners (emoji sequences, Indic and Persian spelling) and the tag characters of a
  subdivision flag (U+1F3F4 followed by tags);
- a cluster shows nothing: it starts with a combining mark (an accent with no letter), a
  default-ignorable code point (U+3164 HANGUL FILLER) or one of BLANK_SYMBOLS;
- marks are stacked to spill over other text: more than MAX_MARKS nonspacing marks in a row or
  the same one twice in a row, counted decomposed (UTS #39, section 5.4).
"""
import unicodedata
from collections.abc import Iterable

import regex

from .errors import Problem

MAX_LENGTH = 40  # code points, as PostgreSQL counts a varchar(40)
MAX_MARKS = 4
# Symbols (gc=So) that draw nothing although no Unicode property says so: the braille cell with
# no dots, and the stand-in for an embedded object that a name cannot have.
BLANK_SYMBOLS = {"\u2800", "\ufffc"}
JOINERS = {"\u200c", "\u200d"}  # ZWNJ, ZWJ
FLAG, TAGS = "\U0001f3f4", regex.compile(r"[\U000e0020-\U000e007f]")
EDGES = regex.compile(r"^\p{Zs}+|\p{Zs}+$")  # spaces; a tab or a line break is refused, not trimmed
FORBIDDEN = {  # general categories no name may hold, and why
    "Cc": "a control character", "Cf": "an invisible format character", "Co": "a private-use character",
    "Cs": "a surrogate", "Cn": "not a character Unicode has assigned", "Zl": "a line break",
    "Zp": "a paragraph break"}
CATEGORY = regex.compile("|".join(rf"(?P<{category}>\p{{{category}}})" for category in FORBIDDEN))
INVISIBLE_BASE = regex.compile(r"[\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]")
MARKS = regex.compile(r"[\p{Mn}\p{Me}]+")  # nonspacing and enclosing: they stack on their base
IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def clean_name(value: str) -> str:
    """The name as stored (NFC, trimmed), or a 422 `bad_name` saying what is wrong with it."""
    name = EDGES.sub("", unicodedata.normalize("NFC", value))
    if not name:
        _refuse("A name must show something: it cannot be empty or only spaces.")
    if max(len(value), len(name)) > MAX_LENGTH:
        _refuse(f"A name may have at most {MAX_LENGTH} characters (an accent or an emoji can count as several); "
                f"this one has {max(len(value), len(name))}.")
    for cluster in regex.findall(r"\X", name):
        _check_cluster(cluster)
    return name


def check_unlike(name: str, others: Iterable[str | None]) -> None:
    """A 422 `name_taken` when `name` reads as one of `others` (the names of the other players of a
    match): the same letters once case, compatibility forms (ｆｕｌｌ width) and characters that draw
    nothing (joiners) are set aside, so that the turn line and the notifications say who is meant."""
    for other in others:
        if other and reads_as(name, other):
            raise Problem(422, "name_taken", f"Another player of this match is called {other}: "
                          "pick a name the others can tell apart (add an initial, say).", params={"name": other})


def reads_as(name: str, other: str) -> bool:
    """Whether `name` reads as `other`, as `check_unlike` compares them."""
    return _read_as(name) == _read_as(other)


def _read_as(name: str) -> str:
    return IGNORABLE.sub("", unicodedata.normalize("NFKC", name)).casefold()


def _check_cluster(cluster: str) -> None:
    base = cluster[0]
    for position, char in enumerate(cluster):
        forbidden = CATEGORY.match(char)
        builds = position > 0 and (char in JOINERS or (base == FLAG and TAGS.match(char)))
        if forbidden and not builds:
            _refuse(f"A name may not contain {_named(char)}: it is {FORBIDDEN[forbidden.lastgroup]}.")
    if INVISIBLE_BASE.match(base) or base in BLANK_SYMBOLS:
        _refuse(f"A name may not contain {_named(base)} there: it shows nothing on its own.")
    for run in MARKS.findall(unicodedata.normalize("NFD", cluster)):  # as UTS #39 counts them: decomposed
        if len(run) > MAX_MARKS:
            _refuse(f"A name may not stack more than {MAX_MARKS} marks on one character.")
        if any(a == b for a, b in zip(run, run[1:])):
            _refuse(f"A name may not repeat a mark on one character ({_named(run[0])}).")


def _named(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def _refuse(detail: str):
    raise Problem(422, "bad_name", detail)
