# C types for engine/hand.py when tools/build_engine.py compiles it (Cython's pure Python
# mode): the .py stays the source of truth and runs as it is without a build. The helpers
# become C functions (called directly, not through Python); the appliers by phase stay
# Python-callable, since a dict dispatches to them.
cimport cython
# apply calls these two on every action: C calls into the other compiled modules (which
# engine.native only ever loads together with this one).
from engine.legality cimport is_legal
from engine.tricks cimport play_card

# apply is a def: the compiled build rebinds it to engine.native_state's.

cdef list _fields(state, tuple history)

cpdef _apply_bid1(state, turn, action, tuple history)
cpdef _apply_bid2(state, turn, action, tuple history)
cpdef _apply_name_trump(state, turn, action, tuple history)
cpdef _apply_alone(state, turn, action, tuple history)
cpdef _apply_discard(state, turn, action, tuple history)
cpdef _apply_defend_alone(state, turn, action, tuple history)

@cython.locals(at=Py_ssize_t)
cdef tuple _without(tuple hand, card)
@cython.locals(i=Py_ssize_t)
cdef tuple _with_hand(tuple hands, seat, tuple hand)
cdef _trump_made(state, maker, trump, tuple history)
cdef _after_alone(state, list fields)
cdef _after_discard(state, list fields)
cdef _start_play(state, list fields)

# Module constants: C variables, not module-dict lookups.
cdef object _PLAY, _OVER, _DO_ALONE, _DO_CALL, _DO_ORDER_UP, _ALONE_DECISION, _BID2
cdef object _DEFEND_ALONE, _DISCARD, make_state, _APPLY_BY_PHASE
cdef Py_ssize_t _AT_PHASE, _AT_TURN, _AT_HANDS, _AT_TRUMP, _AT_MAKER, _AT_ALONE
cdef Py_ssize_t _AT_TOOK_UPCARD, _AT_DISCARDED, _AT_LEADER, _AT_ACTIONS, _AT_RESULT
