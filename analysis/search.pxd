# C types for analysis/search.py when tools/build_engine.py compiles it (Cython's pure
# Python mode): the .py stays the source of truth and runs as it is without a build.
# Masks are C unsigned longs (a deal's cards take 25 bits; a key adds the leader above).
cimport cython

cdef int LEADER_SHIFT, BOUND_BITS
cdef unsigned long LOW_BOUND, DE_BRUIJN
cdef list _POSITION

cpdef int bit_index(unsigned long bit)

cdef class Search:
    # C arrays: the search's own copies of the hands, the seating and the block masks
    cdef unsigned long h[4]
    cdef int nxt[4]
    cdef bint ns[4]
    cdef public int nactive
    cdef unsigned long block_mask[32]
    cdef public unsigned long trump_mask
    cdef public dict table
    cdef public long nodes

    @cython.locals(hand=cython.ulong, best=cython.ulong, best_seat=cython.int,
                   contenders=cython.ulong, s=cython.int, held=cython.ulong,
                   live=cython.ulong, key=cython.ulong, entry=object, lo=cython.int,
                   hi=cython.int, a=cython.int, b=cython.int, a0=cython.int, b0=cython.int,
                   maximizing=cython.bint, best_v=cython.int, cands=list, m=cython.ulong,
                   low=cython.ulong, above=cython.ulong, nxt_seat=cython.int,
                   c=cython.ulong, led_mask=cython.ulong, v=cython.int)
    cpdef int boundary(self, int leader, int left, int alpha, int beta)

    @cython.locals(hand=cython.ulong, v=cython.int)
    cpdef int after(self, int seat, unsigned long card, int count, unsigned long best,
                    int best_seat, unsigned long led_mask, unsigned long contenders,
                    unsigned long live, int left, int alpha, int beta)

    @cython.locals(hand=cython.ulong, maximizing=cython.bint, cands=list,
                   legal=cython.ulong, block_live=cython.ulong, m=cython.ulong,
                   low=cython.ulong, above=cython.ulong, i=Py_ssize_t, c=cython.ulong,
                   nxt_seat=cython.int, last=cython.bint, best_v=cython.int,
                   wins=cython.bint, winner=cython.int, v=cython.int)
    cpdef int follow(self, int seat, int count, unsigned long best, int best_seat,
                     unsigned long led_mask, unsigned long contenders, unsigned long live,
                     int left, int alpha, int beta)
