# cython: language_level=3
"""The hand state as a C extension type: the compiled build's ``HandState``.

Only the compiled build has this module (``tools/build_engine.py`` builds it with the
hot modules; ``engine.native`` loads them together). The plain sources use the named
tuple in ``engine/state.py``, and this type reads the same: the same sixteen fields, in
the same order, the same properties, equality, hashing, slicing, ``_replace`` and
pickling. What differs is the play of the cards. A state in play keeps the hands, the
trick, the finished tricks and the plays in small C arrays, and ``apply`` and
``legal_actions`` below work on those: a play copies one C struct instead of building
five tuples. The tuples a reader asks for (``state.hands``, ``state.trick``,
``state.tricks``, ``state.actions``) are built on first reading and kept.

The rules of play are the ones in ``engine.legality`` and ``engine.tricks``, on the same
integer tables (``engine.tables``). Every other phase, and any state this module cannot
hold in C, runs that plain code. What holds the two together: test_fast_path.py (every
play against ``engine.reference``'s plain words), test_compiled_path.py (3,000 hands
through this build and through the plain sources, every field compared) and
test_native_state.py (the named tuple's manners, and states rebuilt from their fields
mid-hand playing on the same), all in tests/engine/.
"""

cimport cython
from cpython.ref cimport PyObject
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF

from engine.actions import PLAY as _PLAY_ACTIONS
from engine.cards import ALL_CARDS as _ALL_CARDS
from engine.seats import SEATS as _SEATS, Team
# engine.state imports this module at its end: what is read here is defined by then.
from engine.state import HandState as PlainHandState, Phase, Trick
from engine.tables import STRENGTH as _STRENGTH, SUIT_NUMBER as _SUIT_NUMBER, TRUMP_NUMBER as _TRUMP_NUMBER

cdef enum:
    HAND_SIZE = 5
    CARDS = 25  # card indices 0..24, the Joker 24
    TRUMP_KEYS = 6  # None, the four suits, no trump

cdef object PLAY = Phase.PLAY
cdef object OVER = Phase.OVER
cdef tuple ALL_CARDS = tuple(_ALL_CARDS)
cdef tuple PLAY_ACTIONS = tuple(_PLAY_ACTIONS)
cdef tuple SEATS = tuple(_SEATS)
cdef object _tuple_new = tuple.__new__
# The (seat, card) pair a play adds to the trick and the (seat, action) pair it adds to the
# history, shared, by seat index and card index (as engine.tricks shares them).
cdef tuple PAIRS = tuple(
    tuple(((seat, card), (seat, _PLAY_ACTIONS[card.index])) for card in _ALL_CARDS) for seat in _SEATS
)
cdef tuple WON = tuple(tuple((ns, ew) for ew in range(HAND_SIZE + 1)) for ns in range(HAND_SIZE + 1))
cdef bint SEAT_IS_NS[4]
for _seat in _SEATS:
    SEAT_IS_NS[_seat.index] = _seat.team is Team.NS

# engine.tables as C arrays, by trump key: the place of the trump in TRUMP_KEYS.
cdef tuple TRUMP_OBJECTS = tuple(_SUIT_NUMBER)
cdef signed char SUIT_OF[TRUMP_KEYS][CARDS]
cdef signed char TRUMP_NO[TRUMP_KEYS]
cdef int STRENGTH[TRUMP_KEYS][5][CARDS]
for _key, _trump in enumerate(TRUMP_OBJECTS):
    TRUMP_NO[_key] = _TRUMP_NUMBER[_trump]
    for _card in range(CARDS):
        SUIT_OF[_key][_card] = _SUIT_NUMBER[_trump][_card]
        for _led in range(5):
            STRENGTH[_key][_led][_card] = _STRENGTH[_trump][_led][_card]

# A card object's index by its address: an open-addressed table, so that bringing a hand
# into C reads no attribute (cards are interned: one object per card).
cdef enum:
    CARD_SLOTS = 256
cdef PyObject* CARD_AT[CARD_SLOTS]
cdef signed char CARD_INDEX[CARD_SLOTS]
for _card in _ALL_CARDS:
    _slot = (<size_t><PyObject*>_card >> 4) % CARD_SLOTS
    while CARD_AT[_slot] != NULL:
        _slot = (_slot + 1) % CARD_SLOTS
    CARD_AT[_slot] = <PyObject*>_card
    CARD_INDEX[_slot] = _card.index

FIELDS = PlainHandState._fields


cdef struct Play:
    # What each seat holds, in the order of their hand.
    signed char held[4][HAND_SIZE]
    signed char held_count[4]
    # The trick on the table.
    signed char trick_seat[4]
    signed char trick_card[4]
    signed char trick_count
    # Tricks finished since the state came into C (the earlier ones are a tuple).
    signed char done_seat[HAND_SIZE][4]
    signed char done_card[HAND_SIZE][4]
    signed char done_count[HAND_SIZE]
    signed char done_leader[HAND_SIZE]
    signed char done_winner[HAND_SIZE]
    signed char done
    signed char tricks_before  # finished tricks when the state came into C
    # Plays since the state came into C (the earlier actions are a tuple).
    signed char played_seat[4 * HAND_SIZE]
    signed char played_card[4 * HAND_SIZE]
    signed char played
    signed char turn
    signed char leader
    signed char ns
    signed char ew
    signed char players  # 4, or 3 when someone plays alone
    signed char next_seat[4]  # the next to play after each seat (partners of lone players sit out)
    signed char trump_key
    bint no_first_blood


# No reference cycle runs through a state (its fields are the engine's immutable values,
# which never hold a state), so the garbage collector need not track states: cheaper to
# make and to free.
@cython.no_gc
@cython.freelist(64)
cdef class HandState:
    """Everything about a hand in progress (see ``engine.state.HandState``, which this
    reads the same as). Build with ``new_hand``; change with ``apply``."""

    cdef readonly object rules, deal, phase, turn, trump, maker, alone, dealer_took_upcard
    cdef readonly object discarded, leader, tricks_won, result
    # The four fields kept in C during play: None until first read.
    cdef object _hands, _trick, _tricks, _actions
    # Finished tricks and actions from before the state came into C.
    cdef object _tricks_before, _actions_before
    cdef bint in_c
    cdef Play c

    _fields = FIELDS
    _field_defaults = {}

    def __init__(self, *args, **kwargs):
        fields = list(args) + [None] * (len(FIELDS) - len(args))
        if len(args) > len(FIELDS):
            raise TypeError(f"HandState takes {len(FIELDS)} fields, not {len(args)}")
        for name, value in kwargs.items():
            if name not in FIELDS:
                raise TypeError(f"HandState has no field {name!r}")
            fields[FIELDS.index(name)] = value
        _fill(self, fields)

    # ---- the four fields kept in C ---------------------------------------------------
    @property
    def hands(self):
        if self._hands is None and self.in_c:
            self._hands = _hands_of(&self.c)
        return self._hands

    @property
    def trick(self):
        if self._trick is None and self.in_c:
            self._trick = _pairs_of(self.c.trick_seat, self.c.trick_card, self.c.trick_count, 0)
        return self._trick

    @property
    def tricks(self):
        if self._tricks is None and self.in_c:
            self._tricks = self._tricks_before + _tricks_of(&self.c)
        return self._tricks

    @property
    def actions(self):
        if self._actions is None and self.in_c:
            self._actions = self._actions_before + _pairs_of(
                self.c.played_seat, self.c.played_card, self.c.played, 1
            )
        return self._actions

    @property
    def is_over(self):
        return self.phase is OVER

    # ---- what players say about the state: the plain class's own code ----------------
    dealer = property(PlainHandState.dealer.fget)
    upcard = property(PlainHandState.upcard.fget)
    trump_suit = property(PlainHandState.trump_suit.fget)
    makers = property(PlainHandState.makers.fget)
    defenders = property(PlainHandState.defenders.fget)
    sitting_out = property(PlainHandState.sitting_out.fget)
    active_seats = property(PlainHandState.active_seats.fget)
    turned_down = property(PlainHandState.turned_down.fget)
    led_suit = property(PlainHandState.led_suit.fget)

    def hand_of(self, seat):
        return self.hands[seat.index]

    def team_tricks(self, team):
        return self.tricks_won[0 if team is Team.NS else 1]

    def _repr_svg_(self):
        from engine.svg import state_svg

        return state_svg(self)

    # ---- a named tuple's manners -----------------------------------------------------
    cdef tuple as_tuple(self):
        if self.in_c:  # build what has not been read yet
            self.hands, self.trick, self.tricks, self.actions
        return (
            self.rules, self.deal, self.phase, self.turn, self._hands, self.trump, self.maker,
            self.alone, self.dealer_took_upcard, self.discarded, self.leader, self._trick,
            self._tricks, self.tricks_won, self._actions, self.result,
        )

    def __len__(self):
        return len(FIELDS)

    def __getitem__(self, index):
        cdef slice every
        if type(index) is slice:
            every = <slice>index
            if every.start is None and every.stop is None and every.step is None:
                return self.as_tuple()  # state[:], as the engine reads it: a new exact tuple
        return self.as_tuple()[index]

    def __iter__(self):
        return iter(self.as_tuple())

    def __eq__(self, other):
        if isinstance(other, HandState):
            return self.as_tuple() == (<HandState>other).as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash(self.as_tuple())

    def __repr__(self):
        return "HandState(" + ", ".join(
            [f"{name}={value!r}" for name, value in zip(FIELDS, self.as_tuple())]
        ) + ")"

    def __reduce__(self):
        return (make_state, (self.as_tuple(),))

    def _replace(self, **changes):
        fields = list(self.as_tuple())
        for name, value in changes.items():
            if name not in FIELDS:
                raise ValueError(f"Got unexpected field names: {[name]!r}")
            fields[FIELDS.index(name)] = value
        return make_state(fields)

    def _asdict(self):
        return dict(zip(FIELDS, self.as_tuple()))

    @classmethod
    def _make(cls, iterable):
        return make_state(tuple(iterable))


cpdef HandState make_state(fields):
    """A state from its sixteen fields, in ``HandState._fields`` order."""
    cdef HandState state = HandState.__new__(HandState)
    _fill(state, fields)
    return state


cdef void _fill(HandState state, fields) except *:
    (
        state.rules, state.deal, state.phase, state.turn, state._hands, state.trump,
        state.maker, state.alone, state.dealer_took_upcard, state.discarded, state.leader,
        state._trick, state._tricks, state.tricks_won, state._actions, state.result,
    ) = fields
    state.in_c = state.phase is PLAY and _into_c(state)


cdef bint _into_c(HandState state) except -1:
    """Copy a state in play into C; False (the plain code plays it) when it does not fit."""
    cdef Play* c = &state.c
    cdef Py_ssize_t i, j
    cdef int index, key = _trump_key(state.trump)
    cdef int turn = _seat_index(state.turn), leader = _seat_index(state.leader)
    if key < 0 or turn < 0 or leader < 0:
        return False
    hands, trick, tricks, tricks_won = state._hands, state._trick, state._tricks, state.tricks_won
    if not (type(hands) is tuple and len(hands) == 4 and type(trick) is tuple
            and type(tricks) is tuple and len(tricks) < HAND_SIZE
            and type(state._actions) is tuple and type(state.alone) is tuple
            and type(tricks_won) is tuple and len(tricks_won) == 2):
        return False
    for i in range(4):
        hand = (<tuple>hands)[i]
        if type(hand) is not tuple or len(<tuple>hand) > HAND_SIZE:
            return False
        c.held_count[i] = len(<tuple>hand)
        for j in range(c.held_count[i]):
            index = _card_index((<tuple>hand)[j])
            if index < 0:
                return False
            c.held[i][j] = index
    if state.alone:
        if any(_seat_index(seat) < 0 for seat in state.alone):
            return False
        out = [seat.partner for seat in state.alone]
        c.players = 4 - len(out)
        if c.players < 2:
            return False
        for seat in SEATS:
            after = seat.next
            while after in out:
                after = after.next
            c.next_seat[seat.index] = after.index
    else:
        c.players = 4
        for i in range(4):
            c.next_seat[i] = (i + 1) % 4
    if len(trick) >= c.players:
        return False
    c.trick_count = len(trick)
    for i, pair in enumerate(trick):
        if type(pair) is not tuple or len(pair) != 2:
            return False
        c.trick_seat[i] = _seat_index(pair[0])
        c.trick_card[i] = _card_index(pair[1])
        if c.trick_seat[i] < 0 or c.trick_card[i] < 0:
            return False
    ns, ew = tricks_won
    if type(ns) is not int or type(ew) is not int or not (0 <= ns <= HAND_SIZE and 0 <= ew <= HAND_SIZE):
        return False
    c.ns, c.ew = ns, ew
    c.done = 0
    c.tricks_before = len(tricks)
    c.played = 0
    c.turn = turn
    c.leader = leader
    c.trump_key = key
    c.no_first_blood = bool(state.rules.no_first_blood)
    state._tricks_before = tricks
    state._actions_before = state._actions
    return True


cdef inline int _card_index(object card) noexcept:
    """A card's index when it is one of the engine's cards, else -1."""
    cdef size_t slot = (<size_t><PyObject*>card >> 4) % CARD_SLOTS
    while CARD_AT[slot] != NULL:
        if CARD_AT[slot] == <PyObject*>card:
            return CARD_INDEX[slot]
        slot = (slot + 1) % CARD_SLOTS
    return -1


cdef inline int _seat_index(object seat) noexcept:
    cdef Py_ssize_t i
    for i in range(4):
        if SEATS[i] is seat:
            return i
    return -1


cdef inline int _trump_key(object trump) noexcept:
    cdef Py_ssize_t key
    for key in range(TRUMP_KEYS):
        if TRUMP_OBJECTS[key] is trump:
            return key
    return -1


# ---- the tuples a reader asks for ---------------------------------------------------------


cdef tuple _hands_of(Play* c):
    cdef tuple hands = PyTuple_New(4)
    cdef tuple hand
    cdef Py_ssize_t i, j
    for i in range(4):
        hand = PyTuple_New(c.held_count[i])
        for j in range(c.held_count[i]):
            card = ALL_CARDS[c.held[i][j]]
            Py_INCREF(card)
            PyTuple_SET_ITEM(hand, j, card)
        Py_INCREF(hand)
        PyTuple_SET_ITEM(hands, i, hand)
    return hands


cdef tuple _pairs_of(signed char* seats, signed char* cards, Py_ssize_t count, int which):
    """Plays as shared pairs: (seat, card) for a trick (which 0), (seat, action) for the
    history (which 1)."""
    cdef tuple pairs = PyTuple_New(count)
    cdef Py_ssize_t i
    for i in range(count):
        pair = PAIRS[seats[i]][cards[i]][which]
        Py_INCREF(pair)
        PyTuple_SET_ITEM(pairs, i, pair)
    return pairs


cdef tuple _tricks_of(Play* c):
    cdef Py_ssize_t k
    tricks = []
    for k in range(c.done):
        cards = _pairs_of(c.done_seat[k], c.done_card[k], c.done_count[k], 0)
        tricks.append(_tuple_new(Trick, (SEATS[c.done_leader[k]], cards, SEATS[c.done_winner[k]])))
    return tuple(tricks)


# ---- play in C -----------------------------------------------------------------------------


cdef int _legal_cards(Play* c, signed char* legal) noexcept:
    """The cards the seat to play may play, in the order of their hand (engine.legality's
    rule, on the same tables): how many, written to ``legal``."""
    cdef Py_ssize_t i
    cdef int count = 0
    cdef int led, trump
    cdef signed char* held = c.held[c.turn]
    cdef int held_count = c.held_count[c.turn]
    cdef signed char* suit_of = SUIT_OF[c.trump_key]
    if c.trick_count:  # follow the suit led, if you can
        led = suit_of[c.trick_card[0]]
        for i in range(held_count):
            if suit_of[held[i]] == led:
                legal[count] = held[i]
                count += 1
    elif c.no_first_blood and c.tricks_before + c.done == 0:  # no trump led to the first trick
        trump = TRUMP_NO[c.trump_key]
        if trump >= 0:
            for i in range(held_count):
                if suit_of[held[i]] != trump:
                    legal[count] = held[i]
                    count += 1
    if count == 0:  # leading, void in the suit led, or holding only trumps: any card
        for i in range(held_count):
            legal[i] = held[i]
        count = held_count
    return count


cdef int _trick_winner(Play* c) noexcept:
    """The seat that wins the trick on the table (engine.tricks.trick_winner)."""
    cdef int* strength = STRENGTH[c.trump_key][SUIT_OF[c.trump_key][c.trick_card[0]]]
    cdef int winner = c.trick_seat[0]
    cdef int best = strength[c.trick_card[0]]
    cdef Py_ssize_t i
    for i in range(1, c.trick_count):
        if strength[c.trick_card[i]] > best:
            best = strength[c.trick_card[i]]
            winner = c.trick_seat[i]
    return winner


cdef HandState _played(HandState state, int card):
    """The state after the seat to play plays ``card`` (checked legal): engine.tricks.play_card."""
    cdef HandState after = HandState.__new__(HandState)
    cdef Play* c = &after.c
    cdef Py_ssize_t i, k
    cdef int seat, winner, count
    after.c = state.c
    after.in_c = True
    after.rules = state.rules
    after.deal = state.deal
    after.phase = state.phase
    after.trump = state.trump
    after.maker = state.maker
    after.alone = state.alone
    after.dealer_took_upcard = state.dealer_took_upcard
    after.discarded = state.discarded
    after.leader = state.leader
    after.tricks_won = state.tricks_won
    after.result = state.result
    after._tricks_before = state._tricks_before
    after._actions_before = state._actions_before
    seat = c.turn
    count = c.held_count[seat]
    for i in range(count):  # take the card out of the hand, keeping the order
        if c.held[seat][i] == card:
            for k in range(i, count - 1):
                c.held[seat][k] = c.held[seat][k + 1]
            break
    c.held_count[seat] = count - 1
    c.trick_seat[c.trick_count] = seat
    c.trick_card[c.trick_count] = card
    c.trick_count += 1
    c.played_seat[c.played] = seat
    c.played_card[c.played] = card
    c.played += 1
    if c.trick_count < c.players:
        c.turn = c.next_seat[seat]
        after.turn = SEATS[c.turn]
        after._tricks = state._tricks  # unchanged: share what was built
        return after
    winner = _trick_winner(c)
    if SEAT_IS_NS[winner]:
        c.ns += 1
    else:
        c.ew += 1
    k = c.done
    for i in range(c.trick_count):
        c.done_seat[k][i] = c.trick_seat[i]
        c.done_card[k][i] = c.trick_card[i]
    c.done_count[k] = c.trick_count
    c.done_leader[k] = c.leader
    c.done_winner[k] = winner
    c.done += 1
    c.trick_count = 0
    after._trick = ()
    if c.tricks_before + c.done < HAND_SIZE:
        c.turn = c.leader = winner
        after.turn = after.leader = SEATS[winner]
        after.tricks_won = WON[c.ns][c.ew]
        return after
    after.phase = OVER
    after.turn = None
    after.tricks_won = (c.ns, c.ew)
    after.result = _hand_result(state.maker.team, c.ns, c.ew, state.alone)
    return after


# ---- the engine's apply and legal_actions, with play in C ---------------------------------

cdef object _plain_apply = None
cdef object _plain_legal_actions = None
cdef object _hand_result = None
# The last state asked about in play and its answer, as legal_actions' own cache does: a
# player asks for the legal actions and then applies one of them.
cdef HandState _last_asked = None
cdef tuple _last_legal = ()


def install(plain_apply, plain_legal_actions, hand_result):
    """Called by engine.hand and engine.legality: the plain functions every phase but play
    (and any state not held in C) still runs, and the result of a hand played out."""
    global _plain_apply, _plain_legal_actions, _hand_result
    if plain_apply is not None:
        _plain_apply = plain_apply
    if plain_legal_actions is not None:
        _plain_legal_actions = plain_legal_actions
    if hand_result is not None:
        _hand_result = hand_result


def legal_actions(state):
    """Every action the seat to act may take now, in a fixed order; () when over.

    In play: the cards the seat may play, as actions, in the order of their hand.
    """
    global _last_asked, _last_legal
    cdef HandState held
    cdef signed char legal[HAND_SIZE]
    cdef int count
    cdef Py_ssize_t i
    if type(state) is HandState:
        held = <HandState>state
        if held.in_c and held.phase is PLAY:
            if held is _last_asked:
                return _last_legal
            count = _legal_cards(&held.c, legal)
            answer = PyTuple_New(count)
            for i in range(count):
                action = PLAY_ACTIONS[legal[i]]
                Py_INCREF(action)
                PyTuple_SET_ITEM(answer, i, action)
            _last_asked = held
            _last_legal = answer
            return answer
    return _plain_legal_actions(state)


def apply(state, action, seat=None):
    """The state after ``action`` by the seat to act; raises IllegalActionError.

    Give ``seat`` to have it checked against whose turn it is.
    """
    cdef HandState held
    cdef signed char legal[HAND_SIZE]
    cdef int count
    cdef Py_ssize_t i
    if type(state) is HandState:
        held = <HandState>state
        if held.in_c and held.phase is PLAY and (seat is None or seat is held.turn):
            if held is _last_asked:
                for candidate in _last_legal:
                    if candidate is action:
                        return _played(held, action.card.index)
            else:
                count = _legal_cards(&held.c, legal)
                for i in range(count):
                    if PLAY_ACTIONS[legal[i]] is action:
                        return _played(held, legal[i])
    # Another phase, or not legal (the plain code raises the error that says why).
    return _plain_apply(state, action, seat)
