"""The bots: legal, deterministic, blind to hidden cards, and their hints in words."""
import itertools
import random
from dataclasses import replace

import pytest

from engine import GAMES, NotYourTurn, addem, addit, addtoo, addup, plusminus
from engine.addem_sums import ONE_PACK
from engine.bots import LEVELS, TACTICS, choose, hint
from engine.bots.search import BETTER_LATER
from engine.bots.worlds import information_set, sample
from engine.options import normalize
from engine.replay import start
from engine.shuffle import Stream

from .sweep import hidden_from, play_random_match, strings_in
from .test_addem import expose, replacing
from .test_addem import play as addem_play
from .test_addem import start as addem_start
from .test_addtoo import d
from .test_addtoo import table as addtoo_table
from .test_addup import deal as addup_deal

PAD_TWO = ["F6c", "M4b", "F0c"]  # seat 0's cards beyond those it exposes and lays
SHORT = {"addit": {"length": "short"}, "plusminus": {"games": 1}, "addtoo": {"target": 50}}


def positions(game, seats: int, seed: int, count: int, every: int = 7):
    """`count` positions of a seeded random match, `every` moves apart: (state, seat to move)."""
    setup, moves, _ = play_random_match(game, seats, seed)
    state = start(game, seats, None, setup.seed)[1]
    found = []
    for n, (seat, move) in enumerate(moves):
        if n % every == 0:
            found.append((state, seat))
        state = game.apply(state, seat, move)
    return found[:count]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_bots_of_every_level_finish_matches_with_legal_moves(key):
    game = GAMES[key]
    options = normalize(game, SHORT.get(key))
    for levels in (["hard", "medium"], ["easy", "medium"] * (game.MAX_SEATS // 2)):
        _, _, final = play_random_match(game, len(levels), seed=len(levels), options=options, bots=levels)
        assert game.is_over(final) and game.winners(final)


def versions(game, options=None, seed: int = 0, every: int = 5):
    """For every rules version the engine still plays (a match keeps the one it began with) and the fewest and the
    most seats: positions of a seeded match, `every` moves apart, as (state, seat). Each move is of a random type,
    then a random candidate of it, so that a rare kind comes up often (ADD'EM's replaces, closing a circle)."""
    for version in range(1, game.RULES_VERSION + 1):
        for seats in (game.MIN_SEATS, game.MAX_SEATS):
            rng, n = random.Random(seed), 0
            state = game.initial_state(seats, normalize(game, options), f"versions-{seed}", None, version)
            while not game.is_over(state):
                seat = game.to_move(state)
                if n % every == 0:
                    yield state, seat
                moves = game.candidate_moves(state, seat)
                kind = rng.choice(sorted({move["type"] for move in moves}))
                state, n = game.apply(state, seat, rng.choice([m for m in moves if m["type"] == kind])), n + 1


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_level_and_every_hint_play_legal_moves_under_every_rules_version_and_seat_count(key):
    """ADD'EM's hard bot and its hints played a replace that rules version 2 refuses once replacing is closed: at
    positions of every rules version and seat count, the easy and medium moves and the hinted move (the hard one)
    are legal (applied to the position: no RuleError), and the hint names no card the seat cannot see."""
    game = GAMES[key]
    for n, (state, seat) in enumerate(itertools.islice(versions(game, SHORT.get(key), every=9), 0, None, 3)):
        given = hint(game, state, seat, f"v{n}")
        game.apply(state, seat, given["move"])
        assert not hidden_from(game, state, seat) & strings_in(given), given
        for level in ("easy", "medium"):
            game.apply(state, seat, choose(game, state, seat, level, f"v{n}"))


def test_where_random_addem_matches_close_replacing_the_hard_bot_and_hints_play_legal_moves():
    """What the built position below stands for (replacing closed, a replace laying more cards than it takes in the
    hand), as play reaches it: every position where replacing is closed in random matches of two and of eight seats,
    replaces often chosen. Before b55191a a third of them had the hard bot and the hint refused a replace."""
    closed = [(state, seat) for state, seat in versions(addem, every=1)
              if addem.legal_moves(state, seat)["replace_closed"]]
    assert len(closed) >= 5, "the matches close replacing too seldom: the test shows little"
    for n, (state, seat) in enumerate(closed):
        for move in (hint(addem, state, seat, str(n))["move"], choose(addem, state, seat, "hard", str(n))):
            addem.apply(state, seat, move)


@pytest.mark.parametrize("version", range(1, addem.RULES_VERSION + 1))
def test_addem_bots_of_every_level_finish_a_match_of_every_rules_version(version):
    """Rules version 1 (matches begun before replace circles ended) lets a replace follow a replace for ever: the
    bots' replaces shed cards, so their matches still end."""
    levels = ["hard", "medium", "easy"]
    state, moves = addem.initial_state(len(levels), {"penalties": False}, f"rules-{version}", None, version), 0
    while not addem.is_over(state):
        assert moves < 2000, "the bots did not end the match"
        seat = addem.to_move(state)
        state, moves = addem.apply(state, seat, choose(addem, state, seat, levels[seat], str(moves))), moves + 1
    assert addem.winners(state)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_bot_never_reads_a_hidden_card(key):
    """Deal the cards the seat cannot see differently (another world it could be in, another
    future seed): its view is the same, and so is every level's move."""
    game = GAMES[key]
    seats = game.MAX_SEATS
    for n, (state, seat) in enumerate(positions(game, seats, seed=3, count=3, every=11)):
        other = sample(game, state, seat, Stream("permute", key), str(n))
        assert game.view(other, seat) == game.view(state, seat)
        assert information_set(game, other, seat) == information_set(game, state, seat)
        for level in LEVELS:
            assert choose(game, other, seat, level, "s") == choose(game, state, seat, level, "s")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_games_faster_look_ahead_move_is_the_greedy_move(key):
    """A game's `rollout` (the other seats' play in hard's look-ahead) plays what search.greedy
    would list and pick: the first candidate gaining the most."""
    game, tactics = GAMES[key], TACTICS[key]
    for seats in (2, game.MAX_SEATS):
        for state, seat in positions(game, seats, seed=seats, count=60, every=1):
            moves = tactics.candidates(state, seat)
            assert tactics.rollout(state, seat) == max(moves, key=lambda move: tactics.gain(state, seat, move))


def test_the_worlds_differ_only_in_what_the_seat_cannot_see():
    game = addup
    _, state = start(game, 3, None, "worlds")
    known = information_set(game, state, 0)
    world = sample(game, known, 0, Stream("w", "x"), "1")
    assert world.hands[0] == state.hands[0] and world.rows == state.rows
    assert sorted(world.hands[1] + world.hands[2] + world.pile) == sorted(state.hands[1] + state.hands[2] + state.pile)
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_position_and_seed_give_the_same_move(level):
    game = plusminus
    for state, seat in positions(game, 4, seed=5, count=4, every=13):
        assert choose(game, state, seat, level, "seed") == choose(game, state, seat, level, "seed")


def test_a_bot_moves_only_for_the_seat_to_move():
    _, state = start(addup, 2, None, "turn")
    with pytest.raises(NotYourTurn):
        choose(addup, state, 1, "easy", "s")


def addit_table(*values, hand=(8,)):
    """An ADD-IT position: seat 0 holds `hand` (suit soccer), the table holds `values`."""
    table = tuple(f"{suit}-{v}" for suit, v in zip(("tennis", "hockey", "baseball", "football", "basketball"), values))
    _, state = start(addit, 2, None, "table")
    return replace(state, hands=(tuple(f"soccer-{v}" for v in hand), ("soccer-10",)), table=table,
                   stock=(), turn=0)


def test_medium_takes_the_group_with_the_most_cards():
    state = addit_table(8, 5, 3, 2, 1)  # 8 = 8, 5 + 3, 5 + 2 + 1
    move = choose(addit, state, 0, "medium", "s")
    assert move == {"type": "play", "card": "soccer-8", "capture": ["hockey-5", "football-2", "basketball-1"]}


def addem_hand(*mine):
    """A two-seat ADD'EM position, nothing exposed: seat 0 to move holds `mine`, in that order."""
    _, state = start(addem, 2, None, "hand")
    rest = tuple(card for card in ONE_PACK if card not in mine)
    return replace(state, hands=(mine, rest[:6]), pool=rest[6:], exposed=(), turn=0)


def test_hard_lays_the_sum_that_sheds_an_addem_card_where_medium_keeps_it():
    state = addem_hand("F1b", "AEa", "F6c", "T1a", "M2a", "F2b")
    # the first sum found: 1 - 2 + 2 = 1, keeping the Even Add-Em (10 points) and the 6
    assert choose(addem, state, 0, "medium", "s") == {"type": "sum", "cards": ["T1a", "F1b", "M2a", "F2b"]}
    # 1 + (-4) + 6 - 2 = 1 keeps only the 2, which a later expose empties the hand with
    assert choose(addem, state, 0, "hard", "s") == {"type": "sum", "cards": ["T1a", "F1b", "AEa", "F6c", "M2a"],
                                                    "values": {"AEa": -4}}


def test_hard_sheds_cards_rather_than_draw_in_addem():
    state = addem_hand("F1b", "F2b", "F3c", "T12a", "M2a", "F0a")  # no sum: expose one of five values, or draw
    moves = {str(choose(addem, state, 0, "hard", seed)) for seed in "abcdef"}
    assert all("expose" in move for move in moves)


def test_a_hint_shows_the_arithmetic_of_an_addit_capture():
    state = addit_table(3, 5, hand=(8,))
    given = hint(addit, state, 0, "s")
    assert given["move"] == {"type": "play", "card": "soccer-8", "capture": ["tennis-3", "hockey-5"]}
    assert given["explanation"] == {"code": "addit.capture", "params": {"card": 8, "parts": [3, 5], "total": 8,
                                                                        "cards": 3},
                                    "text": "3 + 5 = 8: play your 8 and take the 3 and the 5 (3 cards)."}


def test_a_hint_shows_the_arithmetic_of_an_addup_capture():
    _, state = start(addup, 2, None, "hint")
    state = replace(state, hands=(("5a", "9a", "9b"), state.hands[1]), rows=((("7a", 7),), (("3a", 3), ("9c", 9))))
    given = hint(addup, state, 0, "s")
    assert given["move"] == {"type": "play", "card": "5a", "row": "top"}
    assert given["explanation"]["code"] == "addup.capture"
    assert given["explanation"]["text"] == ("7 + 5 = 12, the same as the bottom row: play your 5 on the top row to "
                                            "capture 4 cards.")


def test_a_hint_that_passes_up_an_addup_capture_says_the_capture_was_there():
    state = addup_deal([["w3", "1b", "6c"], ["2a", "4a", "7a"]], openings=("3d", "5b"))  # the joker as 2 balances
    given = hint(addup, state, 0, "s")
    assert given["move"] == {"type": "play", "card": "1b", "row": "bottom"}  # the look-ahead keeps the joker
    assert given["explanation"]["code"] == "addup.hold"
    assert given["explanation"]["params"] == {
        "card": "1", "value": 1, "joker": None, "row": "bottom", "parts": [5, 1], "total": 6, "other_row": "top",
        "other_total": 3, "captured": 0, "capture_card": "white joker as 2", "capture_value": 2, "capture_joker": "white",
        "capture_row": "top", "could_capture": 3}
    assert given["explanation"]["text"] == (
        "Play your 1 on the bottom row (5 + 1 = 6; the top row has 3). The computer thinks this is better for later, "
        "even though your white joker as 2 on the top row would capture 3 cards now.")


def test_a_hint_that_gains_nothing_says_so_in_a_child_s_words():
    """Maya (8) read "No card of yours makes both rows equal now" and "it fits, though it scores nothing"."""
    no_capture = hint(addup, addup_deal([["1b", "2a", "4a"], ["5a", "6a", "7a"]], openings=("3d", "9b")), 0, "s")
    assert no_capture["explanation"]["text"] == (
        "None of your cards makes both rows equal now: play your 4 on the top row (3 + 4 = 7; the bottom row has 9).")
    first = hint(addtoo, addtoo_table((), [[d(1, 2)], [d(3, 4)]]), 0, "s")
    assert first["explanation"]["text"] == "Place the orange 1 / blue 2 diamond at (0, 0): it fits, but it scores nothing."


def test_an_addem_hand_of_totals_and_addem_cards_is_told_it_must_draw_not_that_no_sum_exists():
    state = addem_hand("T3a", "AOa", "AEa")  # Odd 1 + Even 2 = Total 3, but such a hand must draw
    given = hint(addem, state, 0, "s")
    assert given["move"] == {"type": "draw"}
    assert given["explanation"] == {"code": "addem.must_draw", "params": {},
                                    "text": "Your hand holds only Total and Add-Em cards, so you must draw a card."}


def test_an_addem_sum_hint_counts_the_cards_from_the_hand_in_the_singular_too():
    """Two exposed cards and a Total from the hand make a sum of one card from the hand: once "(1 cards ...)"."""
    state = replace(addem_hand("T7a", "F8b", "M5a"), exposed=("F3b", "F4c"))
    given = hint(addem, state, 0, "s")
    assert given["move"] == {"type": "sum", "cards": ["T7a"]}
    assert given["explanation"]["params"]["cards"] == 1
    assert given["explanation"]["text"] == "3 + 4 = 7: lay down your Total 7 and the exposed 3 and 4 (1 card from your hand)."


def _worth(square: int) -> int:
    """What a Plus and Minus man scores on `square`: 50 home, -20 on the stars."""
    return {25: 50, 0: -20}.get(square, square)


def _gaining(key: str, legal: dict) -> bool:
    """Whether some legal move gains at once: captures (ADD UP, ADD-IT), lays a sum (ADD'EM), scores
    (ADD-TOO), or moves a man to a square worth more (Plus and Minus), read from `legal_moves`."""
    if key in ("addup", "addit"):
        return any(entry["captures"] for entry in legal["play"])
    if key == "addem":
        return bool(legal["sums"])
    if key == "addtoo":
        return any(place["points"] for place in legal.get("place", ()))
    return any(_worth(man["to"]) > _worth(man["from"]) for entry in legal["play"] for man in entry["men"])


def _gains(key: str, code: str, params: dict) -> bool:
    """Whether the hinted move gains at once, by its explanation."""
    if key == "plusminus":
        return params["man"] is not None and _worth(params["to"]) > _worth(params["from"])
    return code.endswith((".capture", ".sum", ".score"))


HOLD = {"addup": "addup.hold", "addem": "addem.hold", "addit": "addit.hold", "addtoo": "addtoo.hold",
        "plusminus": "plusminus.hold_"}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_hint_that_passes_up_a_gain_says_so_and_names_it(key):
    """Whichever move the look-ahead prefers: a hinted move that gains nothing at once (captures,
    lays, scores nothing; a Plus and Minus move that loses points) while another move gains says
    that it passes it up (`hold`), names it, and says why, after the move to make (Maya, 8, read the
    move last, after "looking a few turns ahead the computer rates this play higher"); ADD UP's "none
    of your cards makes both rows equal" and ADD'EM's "no sum to make" are never said then. An
    ADD'EM expose or draw is never hinted while a sum is there at all."""
    game, held = GAMES[key], 0
    for seed in range(4):
        for state, seat in positions(game, 2, seed=seed, count=40, every=2):
            given = hint(game, state, seat, "s")
            code, params = given["explanation"]["code"], given["explanation"]["params"]
            gaining = _gaining(key, game.legal_moves(state, seat))
            if code.startswith(HOLD[key]):
                held += 1
                move, why = given["explanation"]["text"].split(BETTER_LATER)  # the move first, then why
                assert gaining and move.endswith(". ") and why.startswith(", even though "), given
                assert {"capture_card", "better_card", "better_total", "better_x"} & set(params), given
            elif gaining and code != "addem.replace":
                assert _gains(key, code, params), given
    assert held, "no position of these matches passes a gain up: the test shows nothing"
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_hint_is_the_hard_move_with_words_and_parameters(key):
    game = GAMES[key]
    for state, seat in positions(game, 2, seed=9, count=5, every=17):
        given = hint(game, state, seat, "s")
        assert given["move"] == choose(game, state, seat, "hard", "s")
        explanation = given["explanation"]
        assert explanation["code"].startswith(f"{key}.") and explanation["text"].endswith(".")
        assert isinstance(explanation["params"], dict)


def stars_bust():
    """A Plus and Minus position where seat 0's men are on the stars or home, and its only card busts (15 + 13 = 28):
    the play, and the move that leaves the man on the stars."""
    _, state = start(plusminus, 2, None, "stars")
    state = replace(state, hands=(("plus-13a",), ("plus-3a",)), played=("plus-15a",), boards=((0, 0, 0, 25), (0,) * 4),
                    turn=0)
    return state, {"type": "play", "card": "plus-13a", "man": 0}


def test_a_hint_for_a_man_on_the_stars_that_busts_says_it_stays_there():
    """A man on the stars may bust only while no man of the seat is out (RULES.md), and stays where it is: the hint
    said "move your man from the stars to the stars (past home: a bust)"."""
    state, move = stars_bust()
    assert plusminus.apply(state, 0, move).boards[0] == (0, 0, 0, 25)
    code, params, text = TACTICS["plusminus"].explain(state, 0, move, None)
    assert (code, params["from"], params["to"], params["bust"]) == ("plusminus.move", 0, 0, True)
    assert text == "15 + 13 = 28: play your Plus 13 and move your man from the stars past home: a bust, so it stays on the stars."


def test_once_every_player_has_replaced_in_turn_the_hard_bot_and_its_hints_weigh_no_replace():
    """Rules version 2 closes a replace circle; the hard bot's shortlist added the replace that lays most cards
    without asking, so in a match (Priya's client, 600 hints) a hint was refused `422 replace_circle` and, with
    nothing else to shed, the bot would play it: its seat's move refused, the match stuck."""
    state = addem_play(addem_start(["F8a", "F7b", "F1a", *PAD_TWO], ["F5a", "F3a", "F4a", "F6a", "M2a", "F2a"]),
                       (0, expose("F8a")), (1, replacing("F5a", "F3a")), (0, replacing("F7b", "F1a")))
    assert addem.legal_moves(state, 1)["replace_closed"] == "replace_circle"
    for move in (hint(addem, state, 1, "s")["move"], choose(addem, state, 1, "hard", "s")):
        addem.apply(state, 1, move)  # legal: no IllegalMove
