"""The double-dummy search itself: alpha-beta over bitmasks, for ``analysis.solver``.

One ``Search`` holds one deal's cards as bitmasks (``analysis.compact``) and searches
it; ``Solver`` asks it questions. This is the solver's hot loop: it may be compiled by
``tools/build_engine.py`` (Cython's pure Python mode, C types from ``search.pxd``; see
``analysis.native``), and this file runs as it is without a build. So it sticks to
what compiles to plain C: integers and lists, no ``int.bit_length``/``bit_count``
calls (a single bit's position comes from a De Bruijn table), no closures.

Values are North-South's future tricks (``ns[seat]``: the seat is North or South).
``h`` (the hands, the search's own copy) is changed while searching and restored before
each method returns.
Windows are open intervals: a result ``v`` with ``alpha < v < beta`` is exact, ``v <=
alpha`` is an upper bound and ``v >= beta`` a lower bound. The transposition table
maps a trick start (the cards still held, and the leader) to the bounds proven there,
packed as ``lo | hi << BOUND_BITS``.

>>> bit_index(1), bit_index(1 << 24)
(0, 24)
"""

from __future__ import annotations

LEADER_SHIFT = 25  # transposition keys: the cards' bits, then the leader above them
BOUND_BITS = 4  # a table entry: lo in the low 4 bits, hi above (tricks: 0 to 5)
LOW_BOUND = (1 << BOUND_BITS) - 1

# The position of a single set bit below 2**32: (bit * DE_BRUIJN) mod 2**32, top 5 bits.
DE_BRUIJN = 0x077CB531
_POSITION = [0] * 32
for _i in range(32):
    _POSITION[(((1 << _i) * DE_BRUIJN) & 0xFFFFFFFF) >> 27] = _i
del _i


def bit_index(bit: int) -> int:
    """The position of ``bit``, a single set bit below 2**32."""
    return _POSITION[((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27]


class Search:
    """One deal's search: ``boundary`` from a trick start, ``follow`` within a trick."""

    def __init__(
        self,
        hands: list[int],
        nxt: list[int],
        ns: list[bool],
        nactive: int,
        block_of: tuple[int, ...],
        block_masks: tuple[int, ...],
        trump_mask: int,
        table: dict[int, int],
    ) -> None:
        # Copies (C arrays once compiled): the caller's hands are never changed here.
        self.h = list(hands)
        self.nxt = list(nxt)
        self.ns = [bool(x) for x in ns]
        self.nactive = nactive
        # Each card position's block (its effective suit's live cards are found in it).
        self.block_mask = [0] * 32
        for position, block in enumerate(block_of):
            self.block_mask[position] = block_masks[block]
        self.trump_mask = trump_mask
        self.table = table
        self.nodes = 0

    def boundary(self, leader: int, left: int, alpha: int, beta: int) -> int:
        """North-South's future tricks from the start of a trick led by ``leader``, with
        ``left`` tricks to play."""
        hand = self.h[leader]
        if left == 0:
            return 0
        if left == 1:  # the last trick plays itself
            best = hand
            best_seat = leader
            contenders = self.block_mask[bit_index(hand)] | self.trump_mask
            s = self.nxt[leader]
            while s != leader:
                held = self.h[s]
                if held & contenders and held > best:
                    best = held
                    best_seat = s
                s = self.nxt[s]
            return 1 if self.ns[best_seat] else 0
        live = self.h[0] | self.h[1] | self.h[2] | self.h[3]
        key = live | (leader << LEADER_SHIFT)
        entry = self.table.get(key)
        if entry is None:
            lo = 0
            hi = left
        else:
            lo = entry & LOW_BOUND
            hi = entry >> BOUND_BITS
            if lo == hi:
                return lo
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        a0 = a
        b0 = b
        self.nodes += 1
        maximizing = self.ns[leader]
        best_v = -1 if maximizing else 99
        # The top of each run, tried highest first: found lowest first, then reversed.
        cands = []
        m = hand
        while m:
            low = m & -m
            m ^= low
            above = live & self.block_mask[bit_index(low)] & -(low << 1)
            if not (above & -above & hand):
                cands.append(low)
        cands.reverse()
        nxt_seat = self.nxt[leader]
        for c in cands:
            led_mask = self.block_mask[bit_index(c)]
            self.h[leader] = hand ^ c
            v = self.follow(
                nxt_seat, 1, c, leader, led_mask, led_mask | self.trump_mask, live, left, a, b
            )
            self.h[leader] = hand
            if maximizing:
                if v > best_v:
                    best_v = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            else:
                if v < best_v:
                    best_v = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        v = best_v
        # Store what this search proved, relative to the window it was given.
        if v <= a0:
            if v < hi:
                hi = v
        elif v >= b0:
            if v > lo:
                lo = v
        else:
            lo = v
            hi = v
        self.table[key] = lo | (hi << BOUND_BITS)
        return v

    def after(
        self,
        seat: int,
        card: int,
        count: int,
        best: int,
        best_seat: int,
        led_mask: int,
        contenders: int,
        live: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> int:
        """``follow`` once ``seat`` has played ``card`` at the root (``count`` cards of the
        trick down with it)."""
        hand = self.h[seat]
        self.h[seat] = hand ^ card
        v = self.follow(
            self.nxt[seat], count, best, best_seat, led_mask, contenders, live, left, alpha, beta
        )
        self.h[seat] = hand
        return v

    def follow(
        self,
        seat: int,
        count: int,
        best: int,
        best_seat: int,
        led_mask: int,
        contenders: int,
        live: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> int:
        """North-South's future tricks (this trick included), ``count`` cards of it
        down, ``left`` tricks to play with this one."""
        if count == self.nactive:  # only from the root: deeper, the last card closes it
            if self.ns[best_seat]:
                return 1 + self.boundary(best_seat, left - 1, alpha - 1, beta - 1)
            return self.boundary(best_seat, left - 1, alpha, beta)
        hand = self.h[seat]
        maximizing = self.ns[seat]
        # Top of each run, lowest first; a side that is losing the trick tries its
        # cheapest winning card first.
        cands = []
        legal = hand & led_mask
        if legal:  # following suit: every card is in the block led
            block_live = live & led_mask
            m = legal
            while m:
                low = m & -m
                m ^= low
                above = block_live & -(low << 1)
                if not (above & -above & hand):
                    cands.append(low)
        else:
            m = hand
            while m:
                low = m & -m
                m ^= low
                above = live & self.block_mask[bit_index(low)] & -(low << 1)
                if not (above & -above & hand):
                    cands.append(low)
        if len(cands) > 1 and self.ns[best_seat] != maximizing:
            for i in range(len(cands)):
                c = cands[i]
                if c & contenders and c > best:
                    if i:
                        cands.insert(0, cands.pop(i))
                    break
        nxt_seat = self.nxt[seat]
        count += 1
        last = count == self.nactive
        best_v = -1 if maximizing else 99
        for c in cands:
            self.h[seat] = hand ^ c
            wins = c & contenders and c > best
            if last:  # the trick is complete: straight on to the next one
                winner = seat if wins else best_seat
                if self.ns[winner]:
                    v = 1 + self.boundary(winner, left - 1, alpha - 1, beta - 1)
                else:
                    v = self.boundary(winner, left - 1, alpha, beta)
            elif wins:
                v = self.follow(
                    nxt_seat, count, c, seat, led_mask, contenders, live, left, alpha, beta
                )
            else:
                v = self.follow(
                    nxt_seat, count, best, best_seat, led_mask, contenders, live, left, alpha, beta
                )
            self.h[seat] = hand
            if maximizing:
                if v > best_v:
                    best_v = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best_v:
                    best_v = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return best_v
