"""Cards arriving one by one: the frames a paced card table shows between two states.

A page that moves several cards at once (Play: your card, then the bots' up to your next
turn) passes ``TableOptions(pace=Pace(since, key))``; the model then holds one frame for
each card played after the first ``since`` cards of the hand. A frame is the table just
after that card: the middle, the seat to play next, the cards each seat holds, the
tricks won and a sentence for screen readers; a frame whose card ends a trick names who
took it, from the engine's ``Trick.winner``. The component (``card_table.js``) shows the
frames ``card_ms`` apart, a finished trick ``hold_ms``, then the model itself.

Frames use what lies on the table only (the tricks, whose cards everyone saw), so a
seat's view is paced as well as a teacher's whole hand.

>>> from engine import Card, Seat, Trick
>>> trick = Trick(Seat.W, ((Seat.W, Card.parse("9H")), (Seat.N, Card.parse("JH"))), Seat.N)
>>> trick_won(trick)["words"]
'North wins the trick with the J♥'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import Card, Seat, Team, Trick
from tutorial_app.card_table.model_types import LastTrick, PaceFrame, Play, TrickWon

__all__ = ["pace_frames", "played_count", "trick_won"]

Plays = Callable[[Sequence[tuple[Seat, Card]], Seat | None], list[Play]]


def played_count(tricks: Sequence[Trick], trick: Sequence[tuple[Seat, Card]]) -> int:
    """The cards played so far in the hand: what ``Pace.since`` counts."""
    return sum(len(done.cards) for done in tricks) + len(trick)


def trick_won(trick: Trick) -> TrickWon:
    """Who took a finished trick and with which card, in words. Raises ValueError for a
    trick without a winner (one not finished)."""
    if trick.winner is None:
        raise ValueError("a trick in progress has no winner yet")
    card = dict(trick.cards)[trick.winner]
    name = trick.winner.word
    return {
        "seat": trick.winner.value,
        "name": name,
        "words": f"{name} wins the trick with the {card.label}",
        "said": f"{name} wins the trick with {card.the_name}.",
    }


def pace_frames(
    tricks: Sequence[Trick],
    trick: Sequence[tuple[Seat, Card]],
    *,
    since: int,
    turn: Seat | None,
    counts: dict[Seat, int] | None,
    plays: Plays,
    last_trick: Callable[[int], LastTrick | None],
    winners: bool = True,
    turns: bool = True,
) -> list[PaceFrame]:
    """One frame per card played after the first ``since`` of the hand (``tricks`` the
    finished ones, ``trick`` the one in progress). ``turn`` and ``counts`` are the
    table's now (None where hidden); ``plays(cards, winner)`` draws a trick's cards;
    ``last_trick(n)`` draws finished trick ``n`` (from 1) in the corner, or None. What a
    question hides stays hidden: without ``winners`` no frame says who took a trick, or
    how many each team took; without ``turns``, who plays next."""
    every = [(n, seat, card) for n, done in enumerate(tricks) for seat, card in done.cards]
    every += [(len(tricks), seat, card) for seat, card in trick]
    frames: list[PaceFrame] = []
    for at in range(min(since, len(every)), len(every)):
        number, seat, card = every[at]
        cards = tricks[number].cards if number < len(tricks) else tuple(trick)
        place = sum(1 for other, _, _ in every[:at] if other == number)  # in its trick
        so_far = cards[: place + 1]
        # This card ends a finished trick: who took it (unless a question hides it).
        ended = number < len(tricks) and len(so_far) == len(cards)
        won = trick_won(tricks[number]) if ended and winners else None
        later = every[at + 1 :]
        next_seat = later[0][1] if later else turn
        say = f"{seat.word} {'led' if place == 0 else 'played'} {card.the_name}."
        frames.append(
            {
                "trick": plays(so_far, tricks[number].winner if won else None),
                "turn": next_seat.value if turns and next_seat is not None else None,
                "counts": None
                if counts is None
                else {
                    s.value: n + sum(1 for _, who, _ in later if who is s)
                    for s, n in counts.items()
                },
                "tricks_won": _tricks_won(tricks[: number + ended]) if winners else None,
                "last_trick": None if ended or number == 0 else last_trick(number),
                "trick_won": won,
                "say": say + (" " + won["said"] if won else ""),
            }
        )
    return frames


def _tricks_won(tricks: Sequence[Trick]) -> dict[str, int]:
    won = [done.winner.team for done in tricks if done.winner is not None]
    return {team.value: won.count(team) for team in (Team.NS, Team.EW)}
