"""Cards, seats and hand-record notation (RULES.md 'Table, seats, deck';
HAND_RECORD.md 'Notation')."""

import itertools

import pytest

from engine import (
    BENNY_DECK,
    JOKER,
    NO_TRUMP,
    SEATS,
    STANDARD_DECK,
    Action,
    Card,
    Colour,
    NotationError,
    Rank,
    Seat,
    Suit,
    Team,
    deck,
    format_card,
    format_seat,
    format_suit,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit,
    parse_team,
)

ALL_CODES_24 = [r + s for s in "CDHS" for r in "9TJQKA"]

# ---- the deck ----------------------------------------------------------------------------------


def test_standard_deck_is_the_24_euchre_cards():
    assert len(deck()) == 24 == len(set(deck()))
    assert sorted(c.code for c in deck()) == sorted(ALL_CODES_24)
    assert deck() == deck(benny=False) == STANDARD_DECK
    assert JOKER not in deck()


def test_benny_deck_adds_the_joker():
    assert len(deck(benny=True)) == 25 == len(set(deck(benny=True)))
    assert set(deck(benny=True)) == set(deck()) | {JOKER}
    assert deck(benny=True) == BENNY_DECK
    assert JOKER.is_joker and JOKER.suit is None and JOKER.code == "JOKER"


@pytest.mark.parametrize(
    "suit,colour", [("C", Colour.BLACK), ("S", Colour.BLACK), ("D", Colour.RED), ("H", Colour.RED)]
)
def test_suit_colours(suit, colour):
    s = parse_suit(suit)
    assert s.colour is colour
    assert all(c.colour is colour for c in deck() if c.suit is s)


@pytest.mark.parametrize("suit,next_suit", [("C", "S"), ("S", "C"), ("D", "H"), ("H", "D")])
def test_same_colour_suit_is_next(suit, next_suit):
    assert parse_suit(suit).same_colour is parse_suit(next_suit)


@pytest.mark.parametrize("code", ALL_CODES_24 + ["JOKER"])
def test_cards_are_interned_and_immutable(code):
    card = parse_card(code)
    assert parse_card(code) is card
    assert Card(card.rank, card.suit) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    # a repr you can paste back into Python
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize(
    "code,name",
    [
        ("TH", "ten of hearts"),
        ("JD", "jack of diamonds"),
        ("9C", "nine of clubs"),
        ("AS", "ace of spades"),
        ("JOKER", "the Joker"),
    ],
)
def test_card_names_in_plain_words(code, name):
    assert parse_card(code).name == name


# ---- seats -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seat,nxt,partner,team",
    [("N", "E", "S", "NS"), ("E", "S", "W", "EW"), ("S", "W", "N", "NS"), ("W", "N", "E", "EW")],
)
def test_seats_clockwise_partners_opposite(seat, nxt, partner, team):
    s = Seat(seat)
    assert s.next is Seat(nxt)
    assert s.partner is Seat(partner)
    assert s.team is Team(team)
    assert s in s.team.seats and s.partner in s.team.seats
    assert s.after(4) is s and s.after(1) is s.next and s.after(2) is s.partner


def test_play_goes_n_e_s_w():
    assert [s.value for s in SEATS] == ["N", "E", "S", "W"]
    assert Team.NS.other is Team.EW and Team.EW.other is Team.NS


# ---- card notation -----------------------------------------------------------------------------

RANK_SPELLINGS = {
    "9": ["9"],
    "T": ["T", "t", "10"],
    "J": ["J", "j"],
    "Q": ["Q", "q"],
    "K": ["K", "k"],
    "A": ["A", "a"],
}
SUIT_SPELLINGS = {
    "C": ["C", "c", "♣"],
    "D": ["D", "d", "♦"],
    "H": ["H", "h", "♥"],
    "S": ["S", "s", "♠"],
}
SPELLINGS = [
    (rank + suit, r + s)
    for rank, rs in RANK_SPELLINGS.items()
    for suit, ss in SUIT_SPELLINGS.items()
    for r, s in itertools.product(rs, ss)
]


@pytest.mark.parametrize("canonical,text", SPELLINGS, ids=[t for _, t in SPELLINGS])
def test_every_accepted_spelling_reads_to_the_card(canonical, text):
    card = parse_card(text)
    assert card.code == canonical
    assert format_card(card) == canonical


@pytest.mark.parametrize("text", ["JOKER", "joker", "Joker"])
def test_joker_spellings(text):
    assert parse_card(text) is JOKER
    assert format_card(JOKER) == "JOKER"


@pytest.mark.parametrize("card", BENNY_DECK, ids=lambda c: c.code)
def test_round_trip_every_card(card):
    assert parse_card(format_card(card)) is card
    assert format_card(parse_card(format_card(card))) == card.code


def test_canonical_forms_from_the_record_doc():
    assert format_card(parse_card("10D")) == "TD"
    assert format_card(parse_card("jh")) == "JH"
    assert format_card(parse_card("J♦")) == "JD"


def test_parse_cards_reads_spaces_and_commas():
    assert [c.code for c in parse_cards("JH, jd 10♠,AS")] == ["JH", "JD", "TS", "AS"]
    assert parse_cards("") == ()


BAD_CARDS = [
    ("HJ", "write rank then suit, e.g. JH"),
    ("DT", "write rank then suit, e.g. TD"),
    ("♥J", "write rank then suit, e.g. JH"),
    ("1H", "rank then suit"),
    ("11H", "rank then suit"),
    ("8H", "ranks 9 T J Q K A"),
    ("JX", "suits C D H S"),
    ("S9X", "rank then suit"),  # a whole token is read: no lenient prefix match
    ("JHH", "rank then suit"),
    ("J", "rank then suit"),
    ("JOKERS", "JOKER"),
    ("J H", "rank then suit"),
]


@pytest.mark.parametrize("text,says", BAD_CARDS, ids=[t for t, _ in BAD_CARDS])
def test_bad_card_names_the_token_and_what_is_accepted(text, says):
    with pytest.raises(NotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message or text in message
    assert says in message
    assert isinstance(info.value, ValueError)


def test_hj_message_exactly():
    message = r"^'HJ' is not a card: write rank then suit, e\.g\. JH$"
    with pytest.raises(NotationError, match=message):
        parse_card("HJ")


@pytest.mark.parametrize("value", ["", None, 5, 9.0, ["JH"], {"card": "JH"}])
def test_non_card_values_are_notation_errors(value):
    with pytest.raises(NotationError) as info:
        parse_card(value)
    assert "card" in str(info.value)


def test_parse_cards_names_the_bad_token():
    with pytest.raises(NotationError, match="'XX'"):
        parse_cards("JH XX AS")


# ---- suits, seats and teams ------------------------------------------------------------------


@pytest.mark.parametrize("text,letter", [(t, s) for s, ts in SUIT_SPELLINGS.items() for t in ts])
def test_suit_spellings(text, letter):
    suit = parse_suit(text)
    assert isinstance(suit, Suit) and format_suit(suit) == letter
    assert parse_suit(format_suit(suit)) is suit


def test_no_trump_only_when_allowed():
    assert parse_suit("NT", allow_no_trump=True) is NO_TRUMP
    assert parse_suit("nt", allow_no_trump=True) is NO_TRUMP
    assert format_suit(NO_TRUMP) == "NT"
    with pytest.raises(NotationError, match="'NT'.*C D H S"):
        parse_suit("NT")


@pytest.mark.parametrize("text", ["X", "hearts", "", "HH", None, 3])
def test_bad_suit_names_token_and_accepted(text):
    with pytest.raises(NotationError) as info:
        parse_suit(text)
    assert "C D H S" in str(info.value)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text,seat", [("N", Seat.N), ("e", Seat.E), ("S", Seat.S), ("w", Seat.W)])
def test_seat_round_trip(text, seat):
    assert parse_seat(text) is seat
    assert format_seat(seat) == text.upper()
    assert parse_seat(format_seat(seat)) is seat


@pytest.mark.parametrize("text", ["X", "North", "", "NS", None, 0])
def test_bad_seat_names_token_and_accepted(text):
    with pytest.raises(NotationError) as info:
        parse_seat(text)
    assert "N E S W" in str(info.value)
    assert repr(text) in str(info.value)


def test_teams():
    assert parse_team("NS") is Team.NS and parse_team("ew") is Team.EW
    with pytest.raises(NotationError, match="'NE'.*NS or EW"):
        parse_team("NE")


# ---- actions in record form --------------------------------------------------------------------

ACTION_DICTS = [
    {"do": "pass"},
    {"do": "order_up"},
    {"do": "alone"},
    {"do": "with_partner"},
    {"do": "call", "suit": "H"},
    {"do": "call", "suit": "NT"},
    {"do": "name", "suit": "C"},
    {"do": "discard", "card": "9S"},
    {"do": "play", "card": "TD"},
    {"do": "play", "card": "JOKER"},
]


@pytest.mark.parametrize("data", ACTION_DICTS, ids=lambda d: " ".join(d.values()))
def test_action_round_trip(data):
    a = Action.from_dict(data)
    assert a.to_dict() == data
    assert Action.from_dict(a.to_dict()) == a
    assert hash(Action.from_dict(dict(data))) == hash(a)


def test_action_reads_other_spellings_and_writes_canonical():
    assert Action.from_dict({"do": "play", "card": "10♦"}).to_dict() == {"do": "play", "card": "TD"}
    assert Action.from_dict({"do": "call", "suit": "h"}).to_dict() == {"do": "call", "suit": "H"}
    assert Action.from_dict({"seat": "N", "do": "pass"}).to_dict() == {"do": "pass"}


BAD_ACTIONS = [
    ({"do": "bid"}, "'bid'"),
    ({"do": "play"}, "card"),
    ({"do": "discard"}, "card"),
    ({"do": "call"}, "suit"),
    ({"do": "name", "suit": "NT"}, "'NT'"),
    ({"do": "play", "card": "HJ"}, "write rank then suit"),
    ({"do": "pass", "card": "9S"}, "'card'"),
    ({"do": "call", "suit": "H", "card": "9S"}, "'card'"),
    ("pass", "object"),
    (None, "object"),
]


@pytest.mark.parametrize("data,says", BAD_ACTIONS, ids=[repr(d) for d, _ in BAD_ACTIONS])
def test_bad_actions_say_what_is_wrong(data, says):
    with pytest.raises(NotationError) as info:
        Action.from_dict(data)
    assert says in str(info.value)
