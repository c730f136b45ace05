"""Names: any script, emoji and accents are welcome; what shows nothing or spills over text is not."""
import re

import pytest
import yaml

from api.config import ROOT
from api.errors import Problem
from api.models import Match
from api.names import clean_name

from .play import Table
from .test_games import count

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl: one emoji, 5 code points
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"  # black flag + tags
ACCEPTED = [
    # (sent, stored)
    ("Ann", "Ann"),
    (" Ann ", "Ann"),
    ("\u3000Ann Lee\u00a0", "Ann Lee"),
    ("Zoe\u0308", "Zoë"),  # decomposed: stored composed (NFC)
    ("Nguye\u0302\u0303n", "Nguyễn"),
    (FAMILY, FAMILY),
    (ENGLAND + " Jo", ENGLAND + " Jo"),
    ("\U0001f1eb\U0001f1f7 Lou", "\U0001f1eb\U0001f1f7 Lou"),  # a flag: two regional indicators
    ("\U0001f44d\U0001f3fd Bo", "\U0001f44d\U0001f3fd Bo"),  # skin tone
    ("\U0001f469\U0001f3fd\u200d\U0001f4bb", "\U0001f469\U0001f3fd\u200d\U0001f4bb"),
    ("1\ufe0f\u20e3", "1\ufe0f\u20e3"),
    ("\U0001fae8 Kim", "\U0001fae8 Kim"),  # an emoji of Unicode 15, unknown to Python 3.11's unicodedata  # keycap: variation selector and enclosing mark on a digit
    ("مُحَمَّد", "مُحَمَّد"),
    ("می\u200cخواهم", "می\u200cخواهم"),  # Persian spells with the zero-width non-joiner
    ("क्षत्रिय", "क्षत्रिय"),
    ("สมชาย", "สมชาย"),
    ("น้ำ", "น้ำ"),
    ("小明", "小明"),
    ("홍길동", "홍길동"),
    ("\u1112\u1169\u11bc", "홍"),  # conjoining jamo, composed
    ("שָׁלוֹם", "שָׁלוֹם"),
    ("བསྒྲུབས", "བསྒྲུབས"),
    ("ကျွန်တော်", "ကျွန်တော်"),
    ("ශ්\u200dරී", "ශ්\u200dරී"),
    ("O'Brien-Smith 3.0", "O'Brien-Smith 3.0"),
    ("A" * 40, "A" * 40),
    (FAMILY * 8, FAMILY * 8),  # 40 code points, what the database column holds
]
REFUSED = [
    # (sent, the reason a client reads)
    ("", "A name must show something"),
    ("   ", "A name must show something"),
    ("\u3000", "A name must show something"),
    ("A" * 41, "A name may have at most 40 characters (an accent or an emoji can count as several); this one has 41."),
    (FAMILY * 8 + "A", "A name may have at most 40 characters"),
    ("\ufb2c" * 20, "this one has 60"),  # 20 code points as sent, 60 once normalized
    ("\U000e0041\U000e0042", "U+E0041 (TAG LATIN CAPITAL LETTER A): it is an invisible format character."),
    ("Ann\U000e0041", "U+E0041 (TAG LATIN CAPITAL LETTER A): it is an invisible format character."),
    ("\u3164", "U+3164 (HANGUL FILLER) there: it shows nothing on its own."),
    ("Ann\u3164Lee", "U+3164 (HANGUL FILLER) there: it shows nothing on its own."),
    ("\uffa0", "U+FFA0 (HALFWIDTH HANGUL FILLER) there: it shows nothing on its own."),
    ("\u2800\u2800", "U+2800 (BRAILLE PATTERN BLANK) there: it shows nothing on its own."),
    ("\u034f", "U+034F (COMBINING GRAPHEME JOINER) there: it shows nothing on its own."),
    ("\ufe0f", "U+FE0F (VARIATION SELECTOR-16) there: it shows nothing on its own."),
    ("\u0301Ann", "U+0301 (COMBINING ACUTE ACCENT) there: it shows nothing on its own."),
    ("\ufffc", "U+FFFC (OBJECT REPLACEMENT CHARACTER) there: it shows nothing on its own."),
    ("A\u2028B", "U+2028 (LINE SEPARATOR): it is a line break."),
    ("A\u2029B", "U+2029 (PARAGRAPH SEPARATOR): it is a paragraph break."),
    ("Ann\n", "U+000A: it is a control character."),
    ("Ann\x1b[31m", "U+001B: it is a control character."),
    ("Ann\x85", "U+0085: it is a control character."),
    ("Ann\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE): it is an invisible format character."),
    ("\u2066Ann\u2069", "U+2066 (LEFT-TO-RIGHT ISOLATE): it is an invisible format character."),
    ("\u200b", "U+200B (ZERO WIDTH SPACE): it is an invisible format character."),
    ("\u200dAnn", "U+200D (ZERO WIDTH JOINER): it is an invisible format character."),
    ("Ann\ufeff", "U+FEFF (ZERO WIDTH NO-BREAK SPACE): it is an invisible format character."),
    ("Ann\u00ad", "U+00AD (SOFT HYPHEN): it is an invisible format character."),
    ("\ue000", "U+E000: it is a private-use character."),
    ("\U0010fffd", "U+10FFFD: it is a private-use character."),
    ("Ann\u0378", "U+0378: it is not a character Unicode has assigned."),
    ("Z" + "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c" * 3,
     "A name may not stack more than 4 marks on one character."),  # a letter with 39 marks
    ("\u00e9\u0308\u0304\u0306\u0307", "A name may not stack more than 4 marks on one character."),
    ("e\u0308\u0308", "A name may not repeat a mark on one character (U+0308 (COMBINING DIAERESIS))."),
]


def create(client, name):
    return client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": name})


@pytest.mark.parametrize("sent, stored", ACCEPTED)
def test_names_in_any_script_with_emoji_and_accents_are_welcome(client, sent, stored):
    response = create(client, sent)
    assert response.status_code == 201, response.json
    assert response.json["game"]["seats"][0]["name"] == stored
    again = client.get(f"/api/v1/games/{response.json['game']['id']}").json  # as the database gave it back
    assert again["seats"][0]["name"] == stored


@pytest.mark.parametrize("sent, reason", REFUSED)
def test_names_that_show_nothing_or_spill_over_text_are_refused_with_a_reason(app, client, sent, reason):
    response = create(client, sent)
    assert (response.status_code, response.content_type) == (422, "application/problem+json")
    assert response.json["code"] == "bad_name" and reason in response.json["detail"], response.json
    assert count(app, Match) == 0


def test_every_name_field_takes_the_rule(app, client):
    table = Table.create(client, join=False)
    joined = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "\u3164"})
    listed = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Zoe\u0308 ", "\u2800"]})
    assert [r.json["code"] for r in (joined, listed)] == ["bad_name", "bad_name"]
    reserved = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", " Zoe\u0308 "]}).json
    assert [seat["name"] for seat in reserved["game"]["seats"]] == ["Ann", "Zoë"]
    assert count(app, Match) == 2


@pytest.mark.parametrize("sent", ["Ann", "ann", "ＡＮＮ", "A\u200dnn", "An\u200cn"])
def test_a_name_another_player_of_the_match_reads_as_is_refused(app, client, sent):
    """The turn line and the notifications must say who is meant: case, compatibility forms and
    characters that draw nothing do not tell two players apart."""
    table = Table.create(client, seats=3, join=False)
    joined = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": sent})
    assert (joined.status_code, joined.json["code"], joined.json["params"]) == (422, "name_taken", {"name": "Ann"})
    assert [seat["joined"] for seat in table.view()["seats"]] == [True, False, False]
    listed = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", sent]})
    assert (listed.status_code, listed.json["code"]) == (422, "name_taken")
    assert count(app, Match) == 1


def test_a_name_reserved_for_another_seat_is_taken_and_its_own_seat_takes_it(client):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cy"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    stranger = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "seat": 2, "name": "bob"})
    assert (stranger.status_code, stranger.json["code"]) == (422, "name_taken")
    assert table.join("Bob", seat=1)["seat"] == 1
    assert table.join("Anna", seat=2)["seat"] == 2, "a name that only starts like another's is another name"


@pytest.mark.parametrize("sent", ["Cat", "cat", "ＣＡＴ", "C\u200dat"])
def test_a_join_without_a_seat_takes_the_free_seat_reserved_for_its_name(client, sent):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cat"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    cat = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": sent})
    assert cat.status_code == 201, cat.json
    assert (cat.json["seat"], cat.json["game"]["seats"][2]["name"]) == (2, "Cat"), "the name as the creator wrote it (QA)"
    di = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "Di"})
    assert di.json["code"] == "seats_reserved", "a name no seat is kept for takes none kept for another"
    assert table.join("Di", seat=1)["seat"] == 1, "unless it names the seat"


@pytest.mark.parametrize("seat", [None, 2])
def test_a_seat_taken_under_its_reserved_name_keeps_it_as_the_creator_wrote_it(client, seat):
    """Found by tests/api/test_stateful.py: "cat" naming Cat's seat became "cat", where "cat" joining without a seat
    became "Cat" (the seat list of the join screen names the seat)."""
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cat"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    cat = table.join("cat", **({} if seat is None else {"seat": seat}))
    assert (cat["seat"], cat["game"]["seats"][2]["name"]) == (2, "Cat")


def test_a_name_reserved_for_a_taken_seat_is_still_refused(client):
    body = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob", "Cat"]}).json
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    assert table.join("Cat", seat=2)["seat"] == 2
    again = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "Cat"})
    assert (again.status_code, again.json["code"]) == (422, "name_taken")
    assert table.join("Bob")["seat"] == 1


def test_two_bots_of_one_level_and_a_rematch_keep_their_names(client):
    table = Table.create(client, seats=3, join=False, bots=[{"seat": 1, "level": "easy"}, {"seat": 2, "level": "easy"}])
    assert [seat["name"] for seat in table.view()["seats"]] == ["Ann", "Computer (easy)", "Computer (easy)"]
    client.post(f"/api/v1/games/{table.id}/resign", headers={"Authorization": f"Bearer {table.tokens[0]}"})
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers={"Authorization": f"Bearer {table.tokens[0]}"})
    assert rematch.status_code == 201, rematch.json


def test_the_contracts_pattern_is_a_necessary_condition():
    """The spec's pattern cannot say the whole rule; what it does say, the code keeps: every
    accepted name matches it, and every character it excludes is refused."""
    pattern = yaml.safe_load((ROOT / "openapi.yaml").read_text())["components"]["schemas"]["Name"]["pattern"]
    assert all(re.search(pattern, sent) for sent, _ in ACCEPTED)
    excluded = [f"A{chr(c)}B" for c in range(0x3000) if not re.search(pattern, f"A{chr(c)}B")]
    assert len(excluded) == 0x20 + 0x21 + 2  # C0 and C1 controls, U+2028 and U+2029
    for name in excluded:
        with pytest.raises(Problem):
            clean_name(name)
