# C types for engine/legality.py when tools/build_engine.py compiles it (Cython's pure Python
# mode): the .py stays the source of truth and runs as it is without a build.
cimport cython

# legal_actions is a def: the compiled build rebinds it to engine.native_state's.

@cython.locals(asked=tuple)
cpdef bint is_legal(state, action)

@cython.locals(hand=tuple, trick=tuple, suit_of=tuple, led=Py_ssize_t, trump=Py_ssize_t)
cpdef bint may_play(state, card)

# Module constants read on every call: C variables, not module-dict lookups.
cdef object _PLAY, _PLAY_ACTION, _DO_PLAY, SUIT_NUMBER, TRUMP_NUMBER, _LEGAL_BY_PHASE
cdef tuple _last_asked
