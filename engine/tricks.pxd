# C types for engine/tricks.py when tools/build_engine.py compiles it (Cython's pure Python
# mode): the .py stays the source of truth and runs as it is without a build.
cimport cython

@cython.locals(led=Py_ssize_t, best=long, value=long, strength=tuple)
cpdef trick_winner(tuple cards, trump)

@cython.locals(i=Py_ssize_t, at=Py_ssize_t, players=Py_ssize_t, ns=long, ew=long,
               hand=tuple, hands=tuple, trick=tuple, tricks=tuple, history=tuple, pairs=tuple,
               next_player=tuple)
cpdef play_card(state, action)

# Module constants read on every play: C variables, not module-dict lookups.
cdef object _new, _NS, _OVER, HandState, Trick, STRENGTH, SUIT_NUMBER, make_state
cdef Py_ssize_t HAND_SIZE
cdef tuple _PAIRS, _WON
cdef dict _SEATING
